"""`hostkit demo`: the main job on a bundled example, in a temporary folder, with no network.

It creates a classic-werewolf game, prints the role PMs, enters a night's actions (showing the
Witch the werewolves' target on the way), resolves the night, prints the night result PMs and
the death post, counts the votes of a bundled thread page, prints the vote count post, and ends
the day with the elimination.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from ..game.game import Game, create
from ..words.publish import death_post, flip_post, night_info, night_pms, pms_text, role_pms, vote_count_post
from ..rules.rulesets import games_dir
from ..words.text import action_line, outcome_text
from ..game.day.daycount import count_votes, remember
from ..votes.count import read_pages

PLAYERS = [("Ann", "Seer"), ("Bob", "Werewolf"), ("Carol", "Witch"), ("Dave", "Guard"), ("Eve", "Hunter"),
           ("Fay", "Villager"), ("Gus", "Werewolf"), ("Hal", "Villager")]
NIGHT = [("Bob", "Kill", ["Hal"]), ("Dave", "Guard", ["Ann"]), ("Ann", "Check", ["Gus"])]


def thread_page() -> Path:
    return games_dir() / "classic-werewolf" / "demo" / "day1.html"


def run_demo(folder: Path | None, echo: Callable[[str], None]) -> None:
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="hostkit-demo-") as tmp:
            _play(Path(tmp) / "demo-village", echo)
    else:
        _play(folder, echo)


def _step(echo: Callable[[str], None], title: str) -> None:
    echo(f"\n{'=' * 8} {title} {'=' * 8}\n")


def _play(folder: Path, echo: Callable[[str], None]) -> None:
    # classic-werewolf hides the roles of the dead by default; the demo's village flips them.
    _step(echo, f"hostkit new {folder.name} --ruleset classic-werewolf --option flip=role")
    game = create(folder, ruleset="classic-werewolf", assign=[f"{n}={r}" for n, r in PLAYERS], seed=2026,
                  hosts=["Moderator"], title="Demo Village", aliases=["Gus=Gussy"], options=["flip=role"],
                  thread="https://forum.example/threads/demo-village.1/")
    echo(f"A game of {len(PLAYERS)} in {folder}.")

    _step(echo, "hostkit pm: the role PMs to send before night 1")
    echo(pms_text(role_pms(game)))

    _step(echo, "Night 1: the host enters the actions sent by PM")
    for actor, ability, targets in NIGHT:
        echo("hostkit act " + action_line(game.act(actor, ability, targets)))
        game = Game.load(folder)
        if ability == "Kill":
            echo("\nhostkit pm --info: the Witch learns the werewolves' target")
            echo(pms_text([("Carol", night_info(game, "Carol"))]) + "\n")
    echo("(Carol the Witch keeps her potions tonight.)")

    _step(echo, "hostkit resolve")
    echo(outcome_text(game.resolve()))
    game = Game.load(folder)

    _step(echo, "hostkit pm --night 1: what each player learned")
    echo(pms_text(night_pms(game, 1)))

    _step(echo, "hostkit post deaths")
    echo(death_post(game, 1))

    _step(echo, "hostkit votes --html day1.html: the day's red votes, counted")
    count = count_votes(game, read_pages(folder=folder, html=[thread_page()]))
    count = remember(game, count)
    echo(vote_count_post(game, count, host_notes=True))

    _step(echo, f"hostkit eliminate {count.eliminated}")
    game.eliminate(count.eliminated)
    game = Game.load(folder)
    echo(flip_post(game, count.eliminated) if count.eliminated else "No one is eliminated.")
    st = game.state
    echo(f"\nIt is now {st.phase} {st.number}: {len(st.alive())} players alive."
         + (f" {st.winner} wins." if st.winner else ""))
