"""`hostkit demo`: a whole cycle of a bundled example game, in a temporary folder."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from .game import Game, create
from .text import action_line, outcome_text, status_text

PLAYERS = [("Ann", "Seer"), ("Bob", "Werewolf"), ("Carol", "Witch"), ("Dave", "Guard"), ("Eve", "Hunter"),
           ("Fay", "Villager"), ("Gus", "Werewolf"), ("Hal", "Villager")]
NIGHT = [("Bob", "Kill", ["Fay"]), ("Carol", "Antidote", ["Fay"]), ("Dave", "Guard", ["Ann"]),
         ("Ann", "Check", ["Gus"])]


def run_demo(folder: Path | None, echo: Callable[[str], None]) -> None:
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="hostkit-demo-") as tmp:
            _play(Path(tmp) / "demo-game", echo)
    else:
        _play(folder, echo)


def _play(folder: Path, echo: Callable[[str], None]) -> None:
    echo(f"== hostkit demo: a classic-werewolf game in {folder}")
    game = create(folder, ruleset="classic-werewolf", assign=[f"{n}={r}" for n, r in PLAYERS], seed=2026,
                  hosts=["Moderator"], title="Demo Village")
    echo(status_text(game.status()))
    echo("\n== Night 1: the host enters the actions sent by PM")
    for actor, ability, targets in NIGHT:
        echo("  hostkit act " + action_line(game.act(actor, ability, targets)))
        game = Game.load(folder)
    echo("\n== hostkit resolve")
    outcome = game.resolve()
    echo(outcome_text(outcome))
    game = Game.load(folder)
    echo("\n== Day 1: votes, then the elimination")
    for voter, target in [("Ann", "Gus"), ("Dave", "Gus"), ("Eve", "Gus"), ("Gus", "Ann")]:
        game.vote(voter, target)
        echo(f"  hostkit vote {voter} {target}")
        game = Game.load(folder)
    name = game.eliminate("Gus")
    echo(f"  hostkit eliminate {name}")
    echo("\n" + status_text(Game.load(folder).status()))
