"""A whole classic-werewolf game on the local phpBB board, night and day to the end (issue 35's
"Done when"): nine players who write as real players write, a host whose inbox and sentbox already
hold 30 old PMs each, and the host typing hostkit in real processes (`python -m hostkit`).

The players PM their actions as players do: a plain one, one with "NOT", one quoting and
retracting, a Werewolf forwarding his teammate's PM with a comment, both Werewolves each PMing the
kill, an early PM by day for the coming night, a dead Hunter's shot, a Seer who changes her mind,
and PMs that are no action at all. They vote in the thread in red, in bold and with [vote], with
quotes of others' votes and unvotes, among pages of chatter. `pm --send`, `post deaths --send` and
`votes --send` are killed (SIGKILL, the store's HOSTKIT_CRASH_AT hook) at every send with the
forum's answer in hand and run again until they finish.

Asserted: every player PM of the game is read right or listed (with its reason), none misread;
every count is the one the thread gives; on the board's own database every PM and post the host
sent exists exactly once. The figures (PMs read right / listed unsure / misread) are printed.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from forum_board import password
from test_pm_folders import _roomy, old_pms, user_id

_ids = itertools.count(1)
ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Gus": "Werewolf", "Carol": "Witch", "Dave": "Guard", "Eve": "Hunter",
         "Fay": "Villager", "Hal": "Villager", "Ivy": "Villager"}


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


def _host_sends(board, host_id: int, since: int):
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
        of the player wins), 'early' (shown for the coming phase), 'unsure' (listed for the host)."""
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


def _vote_table(count: dict) -> dict[str, list[str]]:
    return {w["target"]: sorted(w["voters"]) for w in count["wagons"]}


@pytest.mark.slow  # some 5 minutes: nine accounts, ~40 forms at phpBB's one second each, and every send killed
def test_a_whole_game_on_the_board_every_action_read_nothing_sent_twice(tmp_path, board, monkeypatch):
    tag = f"W{next(_ids)}{int(time.time() * 10) % 1000000}"  # a board kept up for reruns (HOSTKIT_TEST_BOARD): new accounts
    n = {short: f"{short}{tag}" for short in ROLES}
    me, old = f"Hst{tag}", f"Old{tag}"
    board.add(me, old, *n.values())
    _roomy(board, me)
    # a host who has hosted before: 30 old PMs in the inbox (a player's old game actions among them)
    # and 30 in the sentbox
    old_pms(board, n["Fay"], me, [f"check {n['Ivy']} (an earlier game)" if i % 5 == 0 else f"old chat {i}"
                                  for i in range(30)])
    old_pms(board, me, old, [f"your role in game {i}" for i in range(30)])
    thread = board.new_topic(f"Whole game {tag}")
    started = int(time.time()) - 1
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HOSTKIT_FORUM_USER", me)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", password(me))
    host = Hostkit(tmp_path / "game")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "5", "--host", me, "--thread", thread,
            "--option", "sheriff=false", *[x for s, r in ROLES.items() for x in ("--assign", f"{n[s]}={r}")])
    host.ok("forum", "login", "--user", me)
    players = {}

    def as_(short):
        if short not in players:
            players[short] = board.as_user(n[short])
        return players[short]

    host_id = str(user_id(board, me))
    reader = Reader()

    def sends() -> int:
        pms, posts = _host_sends(board, int(host_id), started)
        return len(pms) + len(posts)

    def say(*posts: tuple[str, str]) -> None:
        """Players' posts in the thread, in order."""
        for short, text in posts:
            as_(short).reply(thread, text)

    def pm(short, subject, text, kind, expect=""):
        sent = as_(short).send_pm(host_id, subject, text).id
        reader.expect(sent, kind, expect)
        return sent

    # --- the opening and the role PMs, each send killed once with the forum's answer in hand
    host.ok("post", "start", "--send")
    before, after, outs = host.killed_at_every_send(sends, "pm", "--send")
    assert before == after == len(ROLES), "\n====\n".join(outs)  # every role PM's send killed twice
    assert sends() == 1 + len(ROLES), outs  # the opening post and one PM a player: each rerun found the last
    assert "found on the forum" in outs[-1], outs[-1]

    # --- Night 1
    host.ok("post", "night", "--due", "+1d", "--send")
    pm("Ann", "Night 1", f"Hi host! Tonight I'd like to check {n['Bob']} please :)", "replaced")
    pm("Bob", "kill", f"[b]kill {n['Eve']}[/b]", "line", f"{n['Bob']} Kill {n['Eve']}")
    pm("Gus", "Re: kill", f"[quote={n['Bob']}]kill {n['Eve']}[/quote]\nlook what {n['Bob']} sent me. fine by me",
       "unsure")
    pm("Carol", "potions", "To be clear: I will NOT poison anyone tonight. No potion.", "line", f"{n['Carol']} skip")
    pm("Dave", "guard", f"guard {n['Ann']}", "replaced")
    pm("Dave", "Re: guard", f"[quote]guard {n['Ann']}[/quote] scratch that, guard {n['Carol']}", "line",
       f"{n['Dave']} Guard {n['Carol']}")
    pm("Hal", "hi", "No action from me, I'm just a humble villager. Good luck host!", "note")
    pm("Ann", "changed my mind", f"Actually, changed my mind: check {n['Gus']} instead. He's been too quiet.",
       "line", f"{n['Ann']} Check {n['Gus']}")
    pm("Ivy", "fwd", f"Look what {n['Fay']} sent me:\n[quote={n['Fay']}]I'm town, I swear. vote {n['Bob']}[/quote]"
       "\nthoughts?", "note")
    night1 = host.json("inbox", "--all")
    reader.read(night1)
    assert sum("sent before night 1 began" in m["why"] for m in night1["left_out"]) >= 30, night1["left_out"]
    accepted = host.json("inbox", "--accept")
    assert sorted(e["line"] for e in accepted["entered"]) == sorted(
        [f"{n['Ann']} Check {n['Gus']}", f"{n['Bob']} Kill {n['Eve']}", f"{n['Carol']} skip",
         f"{n['Dave']} Guard {n['Carol']}"]), accepted
    host.ok("resolve")
    state = host.json("status")
    assert [p for p, alive in _alive(state).items() if not alive] == [n["Eve"]], state

    # --- Day 1: the death post killed at every send; the Hunter's shot; an early PM for night 2
    assert host.killed_at_every_send(sends, "post", "deaths", "--send")[:2] == (1, 1)
    host.ok("pm", "--night", "1", "--send")
    pm("Eve", "my shot", f"ugh. I shoot {n['Hal']}, sorry Hal", "line", f"shoot {n['Eve']} {n['Hal']}")
    pm("Eve", "gg", "good game all, see you in the next one!", "unsure")
    early = pm("Dave", "N2", f"for night 2, guard {n['Ann']}", "early", f"{n['Dave']} Guard {n['Ann']}")
    day1 = host.json("inbox", "--accept")
    reader.read(day1)
    assert [e["line"] for e in day1["entered"]] == [f"shoot {n['Eve']} {n['Hal']}"], day1
    # a thread of many pages: the day's talk
    _now(board, board.old_posts(thread, n["Fay"], [f"Morning all. Thoughts on yesterday? ({i})" for i in range(25)]))
    say(("Ann", f"I don't like how quiet some are. [b]VOTE: {n['Bob']}[/b]"),
        ("Bob", f"[color=red]vote {n['Ann']}[/color] she's scummy"),
        ("Carol", f"[quote={n['Ann']}][b]VOTE: {n['Bob']}[/b][/quote]\nagreed. [vote]{n['Bob']}[/vote]"),
        ("Fay", f"[quote={n['Bob']}][color=red]vote {n['Ann']}[/color] she's scummy[/quote] lol no"),
        ("Ivy", f"[vote]{n['Fay']}[/vote] for the quotes"),
        ("Gus", f"[color=red]vote {n['Ann']}[/color]"),
        ("Ivy", f"[b]unvote[/b] fine, [b]VOTE: {n['Bob']}[/b]"),
        ("Dave", f"VOTE: {n['Gus']} (not bold, just thinking aloud)... no: [b]VOTE: {n['Bob']}[/b]"))
    count = host.json("votes")
    assert _vote_table(count) == {n["Bob"]: sorted(n[s] for s in ("Ann", "Carol", "Dave", "Ivy")),
                                  n["Ann"]: sorted(n[s] for s in ("Bob", "Gus"))}, count
    assert host.killed_at_every_send(sends, "votes", "--send")[:2] == (1, 1)
    again = host.ok("votes", "--send")
    assert "No change since" in again, again
    host.ok("eliminate", n["Bob"])
    host.ok("post", "flip", n["Bob"], "--send")

    # --- Night 2: the early PM taken by the host
    host.ok("post", "night", "--due", "+1d", "--send")
    pm("Gus", "kill", f"kill {n['Ivy']}", "line", f"{n['Gus']} Kill {n['Ivy']}")
    pm("Ann", "N2", f"check {n['Fay']} tonight", "line", f"{n['Ann']} Check {n['Fay']}")
    pm("Carol", "n2", "no potion tonight, sorry!", "line", f"{n['Carol']} skip")
    pm("Fay", "hi", "Not much to say, no action from me tonight.", "note")
    night2 = host.json("inbox", "--all")
    shown = {p["id"]: p for p in night2["pms"]}
    assert shown[early]["state"] == "early" and shown[early]["line"] == f"{n['Dave']} Guard {n['Ann']}", night2
    reader.read(night2)
    accepted = host.json("inbox", "--accept")
    assert sorted(e["line"] for e in accepted["entered"]) == sorted(
        [f"{n['Gus']} Kill {n['Ivy']}", f"{n['Ann']} Check {n['Fay']}", f"{n['Carol']} skip"]), accepted
    taken = host.json("inbox", "--take", early)
    assert [e["line"] for e in taken["entered"]] == [f"{n['Dave']} Guard {n['Ann']}"], taken
    host.ok("resolve")
    assert not _alive(host.json("status"))[n["Ivy"]]

    # --- Day 2 to the end
    host.ok("post", "deaths", "--send")
    host.ok("pm", "--night", "2", "--send")
    say(("Ann", f"My check says wolf. [b]VOTE: {n['Gus']}[/b]"),
        ("Gus", f"[vote]{n['Ann']}[/vote]"),
        ("Fay", f"[color=red]vote {n['Ann']}[/color]"),
        ("Carol", f"[quote={n['Gus']}][vote]{n['Ann']}[/vote][/quote] no. [color=red]vote {n['Gus']}[/color]"),
        ("Fay", f"[color=red]unvote[/color] ok I believe Ann. [b]vote {n['Gus']}[/b]"))
    count = host.json("votes")
    assert _vote_table(count) == {n["Gus"]: sorted(n[s] for s in ("Ann", "Carol", "Fay")),
                                  n["Ann"]: [n["Gus"]]}, count
    host.ok("votes", "--send")
    host.ok("eliminate", n["Gus"])
    host.ok("post", "flip", n["Gus"], "--send")
    assert "end of game: sent" in host.ok("post", "end", "--send")
    over = host.json("status")
    assert (over["phase"], over["winner"]) == ("over", "Village"), over

    # --- the board's own record: every PM and post the host sent, exactly once
    pms, posts = _host_sends(board, int(host_id), started)
    assert len(pms) == len(set(pms)), [p for p in pms if pms.count(p) > 1]
    assert len(posts) == len(set(posts)), [p for p in posts if posts.count(p) > 1]
    roles = [p for p in pms if p[1].endswith("your role")]
    assert sorted(p[0] for p in roles) == sorted(f"u_{user_id(board, x)}" for x in n.values())
    counts = [p for p in posts if "Vote Count" in p[1]]
    assert len(counts) == 2, counts

    right, unsure, misread, wrong = reader.figures()
    print(f"\nwhole game: {len(reader.expected)} player PMs: {right} read right, {unsure} listed unsure, "
          f"{misread} misread")
    assert not wrong, wrong


def _now(board, ids: list[str]) -> None:
    """Posts written into the database dated now, not in the seconds ahead (old_posts' own dates):
    replies made in those seconds would sort before them on phpBB's pages."""
    db = _db(board)
    try:
        db.executemany("UPDATE phpbb_posts SET post_time = ? WHERE post_id = ?", [(int(time.time()), i) for i in ids])
        db.commit()
    finally:
        db.close()


def _alive(status: dict) -> dict[str, bool]:
    return {p["name"]: p["alive"] for p in status["players"]}
