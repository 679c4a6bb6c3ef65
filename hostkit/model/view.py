"""What the pure rules may read of a game: a phase of the record, and the game as a read-only view.

entry.py and rulings.py are functions over a `GameView` (the replayed state plus the setup and
the record), so they need not import game.py, which calls them: the package has no import cycle,
not even one for type checking (tests/test_imports.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from .entries import Action, PhaseRecord, Setup
from .state import GameState
from .roles import Ruleset


class Phase:
    """A phase record with the file it lives in, and its effective actions after replay.
    (A plain class, not a dataclass: `hostkit status` pays for every class built at import.)"""

    __slots__ = ("record", "path", "index", "actions", "done", "ignored", "outcomes")

    def __init__(self, record: PhaseRecord, path: Path, index: int, actions: list[Action] | None = None) -> None:
        self.record = record
        self.path = path
        self.index = index
        self.actions: list[Action] = actions if actions is not None else []
        # A day's actions (dayactions.py): those resolved at once, the Immediate submissions
        # ignored during an ITA window (key -> reason), and the day's outcomes in order.
        self.done: list[Action] = []
        self.ignored: dict[Any, str] = {}
        self.outcomes: list[Any] = []

    def __repr__(self) -> str:
        return f"Phase({self.record.label}, {self.path.name})"


class GameView(Protocol):
    """The parts of a loaded game that the entry rules and day rulings read."""

    setup: Setup
    ruleset: Ruleset
    phases: list[Phase]
    state: GameState
    race: Any  # rulings.SheriffRace (rulings imports this module, not the other way round)

    @property
    def current(self) -> Phase: ...

    def player(self, word: str) -> str: ...

    def open_phase(self, kind: str | None = None, *, shot: bool = False) -> Phase: ...

    def _stale(self, current: list[Action]) -> tuple[list[Any], list[str]]: ...

    def vote_weight(self, name: str, state: GameState | None = None) -> float: ...

    def _key(self, state: GameState, action: Action) -> Any: ...
