"""Whole games, one a ruleset, played through the CLI as a host would, each public post kept in
the order it would go to the thread (tests/test_posts_on_the_board.py posts them to a live
phpBB board). Players' names hold a space, BBCode and HTML characters, as forum names may.

And the tools of a whole game on the live board (tests/test_forum_whole_game*.py): the host's
commands as real processes killed at every send (Hostkit), what the players' PMs should read
as and the figures (Reader), and the board's own record of what the host sent."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
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


# `python -m hostkit`, killed (SIGKILL) at the first send journal boundary of the kind asked for:
# "sending" just after that mark is on disk and before the forum is asked (nothing went out, and
# the journal cannot say so), "sent" just after the forum's answer, before the journal says "sent"
# (it went out, and the journal cannot say so). The same boundaries as HOSTKIT_CRASH_AT's
# (tests/test_forum_send.py), found by what they are rather than by their number, which moves
# with every cache and record write before them.
KILLED_AT = """
import os, signal
from hostkit.forum import journal
at, mark = os.environ["WHOLE_GAME_KILL_AT"], journal.Journal.mark
def killing(self, key, **fields):
    if at == "sent" and fields.get("state") == "sent" and "url" in fields:  # the forum's answer in hand
        os.kill(os.getpid(), signal.SIGKILL)
    mark(self, key, **fields)
    if at == "sending" and fields.get("state") == "sending":
        os.kill(os.getpid(), signal.SIGKILL)
journal.Journal.mark = killing
from hostkit.cli import main
main()
"""


class Hostkit:
    """The host at a terminal: each command a real process."""

    def __init__(self, folder) -> None:
        self.folder = folder

    def run(self, *args: str, kill_at: str | None = None) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k not in ("HOSTKIT_CRASH_AT", "WHOLE_GAME_KILL_AT")}
        entry = ["-m", "hostkit"]
        if kill_at:
            env["WHOLE_GAME_KILL_AT"] = kill_at
            env["PYTHONUNBUFFERED"] = "1"  # what it printed before the kill is seen
            entry = ["-c", KILLED_AT]
        return subprocess.run([sys.executable, *entry, "--game", str(self.folder), *args], env=env,
                              capture_output=True, text=True, timeout=600)

    def ok(self, *args: str) -> str:
        got = self.run(*args)
        assert got.returncode == 0, (args, got.stdout, got.stderr)
        assert "Traceback" not in got.stderr, got.stderr
        return got.stdout

    def json(self, *args: str):
        return json.loads(self.ok(*args, "--json"))

    def killed_at_every_send(self, sends, *args: str) -> tuple[int, int, list[str]]:
        """Run `hostkit ARGS` killed at each send: for each, once with "sending" on disk and
        nothing gone out, then once with the forum's answer in hand; then let it finish.
        `sends()` counts what the forum holds: a run killed at "sending" added nothing, one
        killed at "sent" exactly one. Returns the kills of each kind and every run's output."""
        kills = {"sending": 0, "sent": 0}
        outs = []
        for run in range(200):
            at = "sending" if run % 2 == 0 else "sent"
            before = sends()
            got = self.run(*args, kill_at=at)
            outs.append(got.stdout + got.stderr)
            if got.returncode != -signal.SIGKILL:
                assert got.returncode == 0 and "Traceback" not in got.stderr, "\n====\n".join(outs)
                assert sends() == before, (args, outs)  # nothing left to send: the run before was the last
                return kills["sending"], kills["sent"], outs
            kills[at] += 1
            assert sends() == before + (at == "sent"), (at, args, outs)
        raise AssertionError(("never finished", args, outs))


def _db(board):
    return sqlite3.connect(board.folder / "data" / "board.sqlite3")


def host_sends(board, host_id: int, since: int):
    """Every PM and post the host's account made since SINCE, from the board's database."""
    db = _db(board)
    try:
        pms = db.execute("SELECT to_address, message_subject, message_text FROM phpbb_privmsgs WHERE author_id = ? "
                         "AND message_time >= ?", (host_id, since)).fetchall()
        posts = db.execute("SELECT topic_id, post_text FROM phpbb_posts WHERE poster_id = ? AND post_time >= ?",
                           (host_id, since)).fetchall()
    finally:
        db.close()
    return pms, posts


class Reader:
    """What the game's PMs should read as, and the tally of what they did."""

    def __init__(self) -> None:
        self.expected: dict[str, tuple[str, str]] = {}  # PM id -> (kind, text)
        self.got: dict[str, tuple[str, str]] = {}

    def expect(self, pm_id: str, kind: str, text: str = "") -> None:
        """kind: 'line' (the act line read), 'note' (read: nothing to enter), 'replaced' (a later PM
        of the player wins), 'early' (shown for the coming phase), 'unsure' (listed for the host),
        'left' (left out, listed with its reason: a stranger's, a dead player's who owes nothing)."""
        self.expected[pm_id] = (kind, text)

    def read(self, result: dict) -> None:
        for pm in result["pms"]:
            if pm["id"] not in self.expected:
                continue
            if pm["state"] == "replaced":
                got = ("replaced", "")
            elif pm["state"] in ("early", "ahead", "taken"):  # ahead: by day, for the coming night
                got = ("early", pm["line"] or "")
            elif pm["line"]:
                got = ("line", pm["line"])
            elif pm["note"]:
                got = ("note", pm["note"])
            else:
                got = ("unsure", pm["why"] or "")
            self.got.setdefault(pm["id"], got)
        for pm in result.get("left_out", ()):
            if pm["id"] in self.expected:
                self.got.setdefault(pm["id"], ("left", pm["why"]))

    def figures(self) -> tuple[int, int, int, list]:
        right = unsure = 0
        wrong = []
        for pm_id, (kind, text) in self.expected.items():
            got = self.got.get(pm_id)
            if got is None:
                wrong.append((pm_id, "never shown", kind, text))
            elif got[0] == "unsure" and kind == "unsure":
                unsure += 1
            elif got[0] == kind and text in got[1]:
                right += 1
            else:
                wrong.append((pm_id, got, kind, text))
        return right, unsure, len(wrong), wrong


def vote_table(count: dict) -> dict[str, list[str]]:
    return {w["target"]: sorted(w["voters"]) for w in count["wagons"]}


def dated_now(board, ids: list[str]) -> None:
    """Posts written into the database dated now, not in the seconds ahead (old_posts' own dates):
    replies made in those seconds would sort before them on phpBB's pages."""
    db = _db(board)
    try:
        db.executemany("UPDATE phpbb_posts SET post_time = ? WHERE post_id = ?", [(int(time.time()), i) for i in ids])
        db.commit()
    finally:
        db.close()


def alive_of(status: dict) -> dict[str, bool]:
    return {p["name"]: p["alive"] for p in status["players"]}


class Players:
    """The players of a whole game on the board, each logged in once: they post in the thread and
    PM the host, each PM with what it should read as (`reader`); `sends()` counts what the host
    sent since `started`, on the board's database."""

    def __init__(self, board, thread: str, host_id: str, started: int, accounts: dict[str, str]) -> None:
        self.board, self.thread, self.host_id, self.started = board, thread, host_id, started
        self.accounts = accounts  # short name -> account
        self.reader = Reader()
        self._logged: dict[str, object] = {}

    def as_(self, who: str):
        if who not in self._logged:
            self._logged[who] = self.board.as_user(self.accounts.get(who, who))
        return self._logged[who]

    def sends(self) -> int:
        pms, posts = host_sends(self.board, int(self.host_id), self.started)
        return len(pms) + len(posts)

    def say(self, *posts: tuple[str, str]) -> None:
        """Players' posts in the thread, in order."""
        for who, text in posts:
            self.as_(who).reply(self.thread, text)

    def sent_once(self, players: list[str], counts: int) -> tuple[list, list]:
        """The board's own record: every PM and post the host sent, exactly once; a role PM to
        each of `players` (accounts); `counts` vote counts. Returns (PMs, posts)."""
        from test_pm_folders import user_id

        pms, posts = host_sends(self.board, int(self.host_id), self.started)
        assert len(pms) == len(set(pms)), [p for p in pms if pms.count(p) > 1]
        assert len(posts) == len(set(posts)), [p for p in posts if posts.count(p) > 1]
        roles = [p for p in pms if p[1].endswith("your role")]
        assert sorted(p[0] for p in roles) == sorted(f"u_{user_id(self.board, x)}" for x in players)
        assert len([p for p in posts if "Vote Count" in p[1]]) == counts, posts
        return pms, posts

    def figures(self, what: str) -> None:
        """Print the PMs' figures and assert none misread."""
        right, unsure, misread, wrong = self.reader.figures()
        print(f"\n{what}: {len(self.reader.expected)} player PMs: {right} read right, {unsure} listed unsure, "
              f"{misread} misread")
        assert not wrong, wrong

    def pm(self, who: str, subject: str, text: str, kind: str, expect: str = "") -> str:
        sent = self.as_(who).send_pm(self.host_id, subject, text).id
        self.reader.expect(sent, kind, expect)
        return sent


def start_game(board, monkeypatch, folder: Path, me: str, *, title: str, ruleset: str, roles: dict[str, str],
               options: tuple[str, ...], accounts: dict[str, str]) -> tuple[Hostkit, Players]:
    """A new game on the board: its thread, the host (account `me`) logged in through
    HOSTKIT_FORUM_PASSWORD as a script is, `hostkit new` with `roles` (account -> role) and the
    `--option`s, and its players (`accounts`: short name -> account)."""
    from forum_board import password
    from test_pm_folders import user_id

    thread = board.new_topic(title)
    started = int(time.time()) - 1
    monkeypatch.setenv("HOSTKIT_CACHE", str(folder / "cache"))
    monkeypatch.setenv("HOSTKIT_FORUM_USER", me)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", password(me))
    host = Hostkit(folder / "game")
    host.ok("new", str(host.folder), "--ruleset", ruleset, "--seed", "5", "--host", me, "--thread", thread,
            *[x for o in options for x in ("--option", o)],
            *[x for a, r in roles.items() for x in ("--assign", f"{a}={r}")])
    host.ok("forum", "login", "--user", me)
    return host, Players(board, thread, str(user_id(board, me)), started, accounts)

