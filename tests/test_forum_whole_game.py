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
import time

import pytest

from test_pm_folders import _roomy, old_pms
from whole_games import alive_of, dated_now, start_game, vote_table

_ids = itertools.count(1)
ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Gus": "Werewolf", "Carol": "Witch", "Dave": "Guard", "Eve": "Hunter",
         "Fay": "Villager", "Hal": "Villager", "Ivy": "Villager"}


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
    host, table = start_game(board, monkeypatch, tmp_path, me, title=f"Whole game {tag}", ruleset="classic-werewolf",
                             roles={n[s]: r for s, r in ROLES.items()}, options=("sheriff=false",), accounts=n)
    thread = table.thread
    reader, sends, say, pm = table.reader, table.sends, table.say, table.pm

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
    assert [p for p, alive in alive_of(state).items() if not alive] == [n["Eve"]], state

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
    dated_now(board, board.old_posts(thread, n["Fay"], [f"Morning all. Thoughts on yesterday? ({i})" for i in range(25)]))
    say(("Ann", f"I don't like how quiet some are. [b]VOTE: {n['Bob']}[/b]"),
        ("Bob", f"[color=red]vote {n['Ann']}[/color] she's scummy"),
        ("Carol", f"[quote={n['Ann']}][b]VOTE: {n['Bob']}[/b][/quote]\nagreed. [vote]{n['Bob']}[/vote]"),
        ("Fay", f"[quote={n['Bob']}][color=red]vote {n['Ann']}[/color] she's scummy[/quote] lol no"),
        ("Ivy", f"[vote]{n['Fay']}[/vote] for the quotes"),
        ("Gus", f"[color=red]vote {n['Ann']}[/color]"),
        ("Ivy", f"[b]unvote[/b] fine, [b]VOTE: {n['Bob']}[/b]"),
        ("Dave", f"VOTE: {n['Gus']} (not bold, just thinking aloud)... no: [b]VOTE: {n['Bob']}[/b]"))
    count = host.json("votes")
    assert vote_table(count) == {n["Bob"]: sorted(n[s] for s in ("Ann", "Carol", "Dave", "Ivy")),
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
    assert not alive_of(host.json("status"))[n["Ivy"]]

    # --- Day 2 to the end
    host.ok("post", "deaths", "--send")
    host.ok("pm", "--night", "2", "--send")
    say(("Ann", f"My check says wolf. [b]VOTE: {n['Gus']}[/b]"),
        ("Gus", f"[vote]{n['Ann']}[/vote]"),
        ("Fay", f"[color=red]vote {n['Ann']}[/color]"),
        ("Carol", f"[quote={n['Gus']}][vote]{n['Ann']}[/vote][/quote] no. [color=red]vote {n['Gus']}[/color]"),
        ("Fay", f"[color=red]unvote[/color] ok I believe Ann. [b]vote {n['Gus']}[/b]"))
    count = host.json("votes")
    assert vote_table(count) == {n["Gus"]: sorted(n[s] for s in ("Ann", "Carol", "Fay")),
                                  n["Ann"]: [n["Gus"]]}, count
    host.ok("votes", "--send")
    host.ok("eliminate", n["Gus"])
    host.ok("post", "flip", n["Gus"], "--send")
    assert "end of game: sent" in host.ok("post", "end", "--send")
    over = host.json("status")
    assert (over["phase"], over["winner"]) == ("over", "Village"), over

    # --- the board's own record: every PM and post the host sent, exactly once
    table.sent_once(list(n.values()), counts=2)
    table.figures("whole game")
