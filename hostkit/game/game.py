"""A game: its setup and record, replayed into the current state; phase transitions.

The state is never stored as truth. `Game.load` reads game.toml and the phase files, then
replays them: every recorded action is validated again (so a bad hand edit is reported with
its file and key), every resolved night is resolved again by the engine, and every
elimination applied. Changing the game means appending entries to the record:
`Game.append(*entries)` numbers them, replays the longer record in memory (checking it), writes
the phase file as one commit under the game's lock, and returns the new Game, so a command never
reads the folder twice. Undo takes back the last entry.

What an entry may say is decided by pure functions over the replayed state: the entry rules in
entry.py, the day rulings (and the Sheriff race's own slice of state) in rulings.py. Creating a
game folder is deal.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import deal
from .replay import Replay
from .entering import Entering
from .dayrules import DayRules


def create(folder: Path, **kw: Any) -> "Game":
    """Create a game folder (deal.create: refused if one exists there) and return the loaded game."""
    deal.create(folder, **kw)
    return Game.load(folder)


# --------------------------------------------------------------------------- the game


class Game(Replay, Entering, DayRules):
    """A loaded game: setup, ruleset, phases, and the replayed state."""
    # The facade: Replay (replay.py) reads and replays the folder, Entering (entering.py) takes the host's
    # entries, DayRules (dayrules.py) the day's rulings. Their methods share one object's state.
