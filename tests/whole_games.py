"""Whole games, one a ruleset, played through the CLI as a host would, each public post kept in
the order it would go to the thread (tests/test_posts_on_the_board.py posts them to a live
phpBB board). Players' names hold a space, BBCode and HTML characters, as forum names may."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from conftest import Host
from hostkit.game.game import create

ODD = ["Alice Chen", "[b]Ivy[/b]", "Bo <i>b & Co", "Zoë O'Neil"]  # the names a post must show as typed


class Play:
    """A host at one game: runs commands, and keeps every public post it renders. With a live
    board (tests/forum_board.py), players may vote in the game's thread."""

    def __init__(self, host: Host, board=None, thread: str = "") -> None:
        self.host, self.board, self.thread = host, board, thread
        self.posts: list[tuple[str, str]] = []  # (what, BBCode)

    def __call__(self, *args: str) -> str:
        return self.host.ok(*args)

    def post(self, what: str, *args: str) -> None:
        self.posts.append((what, self.host.ok(*args)))

    def count(self, day: int) -> None:
        """The day's count, published: from the thread where players voted in it, else by hand."""
        thread = ("--hand-only",) if self.board is None else ()
        self.post(f"vote count day {day}", "post", "votecount", *thread, "--publish")

    def thread_vote(self, voter: str, target: str) -> None:
        """VOTER votes in the thread (red), where there is a board; else the host enters it."""
        if self.board is None:
            self("vote", voter, target)
        else:
            self.board.as_user(voter).reply(self.thread, f"I am sure now. [color=#FF0000]Vote: {target}[/color]")

    def night(self, *actions: tuple[str, ...]) -> None:
        """Night N's actions entered and resolved, and its death post kept."""
        for action in actions:
            self("act", *action)
        self("resolve", "--force")
        number = self.host.game.current.record.number
        self.post(f"death post night {number}", "post", "deaths", "--night", str(number))

    def lynch_ends_it(self, name: str) -> "Play":
        """NAME's elimination ends the game: its flip and the end post kept."""
        self("eliminate", name)
        self.post(f"flip of {name}", "post", "flip", name)
        self.post("end", "post", "end")
        return self

    def votes(self, target: str, *voters: str) -> None:
        for v in voters:
            self("vote", v, target)


def _new(folder: Path, ruleset: str, roles: dict[str, str], *options: str, thread: str = "", board=None) -> Play:
    create(folder, ruleset=ruleset, seed=5, assign=[f"{n}={r}" for n, r in roles.items()], options=list(options),
           thread=thread or None, title=f"{ruleset} on the board", hosts=["Host"])
    return Play(Host(folder), board if thread else None, thread)


def classic(folder: Path, thread: str = "", board=None) -> Play:
    p = _new(folder, "classic-werewolf", {
        "Alice Chen": "Seer", "Bob": "Werewolf", "Carol": "Witch", "Zoë O'Neil": "Guard", "Eve": "Hunter",
        "[b]Ivy[/b]": "Villager", "Gus": "Werewolf", "Bo <i>b & Co": "Villager"}, "flip=role", thread=thread,
        board=board)
    p.night(("Bob", "Kill", "Eve"), ("Alice Chen", "Check", "Bob"))
    p("sheriff", "run", "Alice Chen", "Carol")
    for v in ("Alice Chen", "Bob", "Carol", "Zoë O'Neil", "[b]Ivy[/b]", "Bo <i>b & Co", "Gus"):
        p("sheriff", "vote", v, "Alice Chen")
    p("sheriff", "elect")
    p("shoot", "Eve", "Gus")  # the Hunter's last shot, in the day's DeathResolution
    p.post("day 1 deaths (the shot)", "post", "deaths", "--day", "1")
    p.post("speaking order", "post", "order")
    p.thread_vote("Alice Chen", "Bob")
    p.thread_vote("Carol", "Bob")
    p.votes("Bob", "Zoë O'Neil", "[b]Ivy[/b]")
    p.count(1)
    return p.lynch_ends_it("Bob")


def natural(folder: Path, thread: str = "", board=None) -> Play:
    p = _new(folder, "natural", {
        "Alice Chen": "Cop", "Bob": "Goon", "Carol": "Doctor", "Zoë O'Neil": "Villager", "[b]Ivy[/b]": "Villager",
        "Bo <i>b & Co": "Villager", "Gus": "Villager"}, "flip=role", thread=thread, board=board)
    p.night(("Bob", "Kill", "Gus"), ("Alice Chen", "Investigate", "Bob"), ("Carol", "Protect", "Zoë O'Neil"))
    p("deadline", "+1d")
    p.votes("[b]Ivy[/b]", "Bob", "Bo <i>b & Co")
    p.count(1)
    p.votes("Bob", "Alice Chen", "Carol", "Zoë O'Neil", "[b]Ivy[/b]")
    p.count(1)  # the hammer
    return p.lynch_ends_it("Bob")


def ooo(folder: Path, thread: str = "", board=None) -> Play:
    p = _new(folder, "ooo-werewolf", {
        "Alice Chen": "Seer", "Bob": "Wolf", "Carol": "Jailkeeper", "Zoë O'Neil": "Doctor", "[b]Ivy[/b]": "Villager",
        "Bo <i>b & Co": "Villager", "Gus": "Villager"}, thread=thread, board=board)
    p.night(("Bob", "Maul", "Gus"), ("Alice Chen", "Vision", "Bob"))
    p("kill", "Bo <i>b & Co", "--reason", "inactive [2 days]")
    p.post("day 1 deaths (a modkill)", "post", "deaths", "--day", "1")
    p.votes("Bob", "Alice Chen", "Carol", "Zoë O'Neil", "[b]Ivy[/b]")
    p.count(1)
    return p.lynch_ends_it("Bob")


def items(folder: Path, thread: str = "", board=None) -> Play:
    p = _new(folder, "items-werewolf", {
        "Alice Chen": "Protector", "Bob": "Werewolf", "Carol": "Militia", "Zoë O'Neil": "Villager",
        "[b]Ivy[/b]": "Villager", "Bo <i>b & Co": "Villager", "Gus": "Villager"}, thread=thread, board=board)
    p.night(("Bob", "Kill", "Gus"), ("Alice Chen", "Protect", "Carol"))
    p.votes("Zoë O'Neil", "Bob")
    p.votes("Bob", "Alice Chen", "Carol", "[b]Ivy[/b]", "Bo <i>b & Co")
    p.count(1)
    return p.lynch_ends_it("Bob")


def paranormal(folder: Path, thread: str = "", board=None) -> Play:
    p = _new(folder, "paranormal", {
        "Alice Chen": "Townie", "Bob": "Doppelganger", "Carol": "Vigilante", "Zoë O'Neil": "Townie",
        "[b]Ivy[/b]": "Survivor", "Bo <i>b & Co": "Townie", "Gus": "Townie"}, "max-day=4", thread=thread, board=board)
    p("tech", "pick", "[b]Ivy[/b]", "Hold-out Blaster")
    p.night(("Bob", "Kill", "Gus"))
    p.votes("[b]Ivy[/b]", "Alice Chen", "Carol", "Zoë O'Neil", "Bo <i>b & Co")
    p.count(1)
    p("eliminate", "[b]Ivy[/b]", "--force")
    p.post("flip of Ivy", "post", "flip", "[b]Ivy[/b]")
    p("shoot", "[b]Ivy[/b]", "Bob")  # the lynched Hold-out Blaster shoots 'before dying'
    p.post("day 1 deaths (the blaster's shot)", "post", "deaths", "--day", "1")
    p.post("end", "post", "end")
    return p


GAMES: dict[str, Callable[..., Play]] = {"classic-werewolf": classic, "natural": natural, "ooo-werewolf": ooo,
                                         "items-werewolf": items, "paranormal": paranormal}
