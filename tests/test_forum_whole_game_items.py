"""A second whole game on the local phpBB board (issue 35's "Done when", on input not seen):
items-werewolf, eleven players, night and day to the end, with night actions of many kinds (a
pack kill PMed by two wolves, an Alphawolf's Enrage, a Direwolf's pin, a Courtesan's block, a
Huntsman's guard, a Shaman's ward and potion, a Militia's one shot kept, a Stalker, a Harlot, a
Protector) and a board at real size: the host's inbox, sentbox, outbox and one of the host's own
folders hold old PMs, the thread runs to many pages, an account named like a player (`HaI` for
`Hal`) PMs and votes, and a player is replaced by day.

The players' PMs and votes were written for this test, as MafiaScum players write: lowercase
names, typos, "not", quotes and forwards, struck-through text, changes of mind, two PMs for two
abilities, PMs about something else, an early PM by day; votes in red, bold and [vote], with
quotes of others' votes and unvotes. The host types hostkit in real processes; `pm --send`,
`post deaths --send`, `pm --night 1 --send` and `votes --send` are killed (SIGKILL) at every
send, and Day 2 is run by `hostkit watch --once`.

Asserted as tests/test_forum_whole_game.py asserts: every PM read right or listed, none misread;
every count the thread's; every PM and post the host sent exactly once on the board's database.
The figures are printed.
"""

from __future__ import annotations

import itertools
import sqlite3
import time

import pytest

from test_pm_folders import _roomy, old_pms, user_id
from whole_games import alive_of, dated_now, start_game, vote_table

_ids = itertools.count(1)
ROLES = {"Ann": "Shaman", "Bob": "Werewolf", "Gus": "Alphawolf", "Dia": "Direwolf", "Carol": "Courtesan",
         "Dave": "Huntsman", "Eve": "Militia", "Fay": "Stalker", "Hal": "Protector", "Ivy": "Villager",
         "Kim": "Harlot"}
CHATTER = ["morning all", "so who do we like today", "kim's death is so random tbh", "I'm here, reading back",
           "can we not do the lurker hunt again", "@bob why so quiet", "fay's posts feel town to me",
           "ok I'll read the thread tonight", "hi! sorry, busy day", "hmm", "gus your read on dia?",
           "dave is null for me", "I think the wolves went for a harlot on purpose", "lol", "eve?",
           "no claims please", "carol you there?", "anyone else think hal's tone shifted?", "brb dinner",
           "back", "let's get a wagon going", "I'm fine with a bob lynch honestly", "wait for the stalker",
           "agree with ann", "page 3 already"]


def _own_folder(board, user: str, name: str) -> int:
    """One of the host's own PM folders ("Old games"): its id."""
    db = sqlite3.connect(board.folder / "data" / "board.sqlite3")
    try:
        db.execute("INSERT INTO phpbb_privmsgs_folder (user_id, folder_name, pm_count) VALUES (?, ?, 0)",
                   (user_id(board, user), name))
        db.commit()
        return db.execute("SELECT max(folder_id) FROM phpbb_privmsgs_folder").fetchone()[0]
    finally:
        db.close()


@pytest.mark.slow  # minutes: twelve accounts, ~40 forms at phpBB's one second each, and every send killed
def test_an_items_werewolf_game_on_the_board_every_action_read_nothing_sent_twice(tmp_path, board, monkeypatch):
    tag = f"I{next(_ids)}{int(time.time() * 10) % 1000000}"  # a board kept up for reruns: new accounts
    n = {short: f"{short}{tag}" for short in ROLES}
    me, old, jo, fake = f"Hst{tag}", f"Old{tag}", f"Jo{tag}", f"HaI{tag}"  # HaI: a capital i, for Hal
    board.add(me, old, jo, fake, *n.values())
    _roomy(board, me)
    # a host who has hosted before: old PMs in every folder (an old game's actions among them)
    old_pms(board, n["Fay"], me, [f"stalk {n['Ivy']} (an earlier game)" if i % 6 == 0 else f"old chat {i}"
                                  for i in range(30)])
    old_pms(board, me, old, [f"your role in game {i}" for i in range(30)])
    old_pms(board, n["Hal"], me, [f"protect {n['Ann']} pls (game {i})" for i in range(8)],
            folder=_own_folder(board, me, "Old games"))
    old_pms(board, n["Gus"], me, ["kill dave (last game)"], at=time.time() - 7200)
    outbox = old_pms(board, me, old, [f"unread reminder {i}" for i in range(5)], at=time.time() - 86400)
    db = sqlite3.connect(board.folder / "data" / "board.sqlite3")
    try:  # sent and not yet read: in the host's outbox, not the sentbox
        db.executemany("UPDATE phpbb_privmsgs_to SET folder_id = -2 WHERE msg_id = ? AND user_id = ?",
                       [(i, user_id(board, me)) for i in outbox])
        db.commit()
    finally:
        db.close()
    host, table = start_game(board, monkeypatch, tmp_path, me, title=f"Items game {tag}", ruleset="items-werewolf",
                             roles={n[s]: r for s, r in ROLES.items()}, options=("watch-lock=false",),
                             accounts={**n, "Jo": jo})
    thread = table.thread
    reader, sends, say, pm = table.reader, table.sends, table.say, table.pm

    def inbox(*args: str) -> dict:
        got = host.json("inbox", "--all", *args)
        reader.read(got)
        return got

    # --- the opening and the role PMs, each send killed twice (before and after the forum's answer)
    host.ok("post", "start", "--send")
    before, after, outs = host.killed_at_every_send(sends, "pm", "--send")
    assert before == after == len(ROLES), "\n====\n".join(outs)
    assert sends() == 1 + len(ROLES), outs

    # --- Night 1
    host.ok("post", "night", "--due", "+1d", "--send")
    pm("Bob", "n1 kill", "hey mod. we're going for kim tonight, kill kim pls", "line", f"{n['Bob']} Kill {n['Kim']}")
    pm("Gus", "Re: n1 kill", f"[quote={n['Bob']}]hey mod. we're going for kim tonight, kill kim pls[/quote]\n"
       "+1 from me, same target. not using enrage yet", "line", f"{n['Gus']} Enrage skip")
    pm("Dia", "pin", "gonna pin ann tonight, she's the most dangerous imo", "line", f"{n['Dia']} Pin {n['Ann']}")
    pm("Ann", "N1", "Hi! Ward hal tonight please. Also drink the potion of clarity on gus", "unsure",
       "several actions")  # two actions in one PM: the host enters them
    pm("Carol", "night one", "i'll spend the night with gus ;)", "replaced")
    pm("Carol", "Re: night one", "oh and to be clear thats my roleblock, block gus", "line",
       f"{n['Carol']} Entertain {n['Gus']}")
    pm("Dave", "n1", "gaurd eve", "replaced")
    pm("Dave", "Re: n1", "ugh typo, I meant guard eve lol", "line", f"{n['Dave']} Guard {n['Eve']}")
    pm("Eve", "shot", "Not shooting tonight. Keeping the bullet for when I know something.", "line",
       f"{n['Eve']} Shoot skip")
    pm("Fay", "night 1", "follow bob plz", "line", f"{n['Fay']} Stalk {n['Bob']}")
    pm("Fay", "unrelated", "btw are you hosting the next mini too? would love to sign up", "unsure")
    pm("Hal", "protect", "protect dave", "line", f"{n['Hal']} Protect {n['Dave']}")
    pm("Ivy", "inactive", "hey, is it ok if I'm a bit inactive this weekend? family stuff", "note", "no ability")
    pm("Kim", "harlot", "visiting ann tonight :)", "line", f"{n['Kim']} Visit {n['Ann']}")
    pm(fake, "n1", "protect bob", "left", "")  # the look-alike account: no player's
    night1 = inbox()
    assert sum("before night 1 began" in m["why"] for m in night1["left_out"]) >= 30, night1["left_out"]
    accepted = host.json("inbox", "--accept")
    assert sorted(e["line"] for e in accepted["entered"]) == sorted(
        [f"{n['Bob']} Kill {n['Kim']}", f"{n['Gus']} Enrage skip", f"{n['Dia']} Pin {n['Ann']}",
         f"{n['Carol']} Entertain {n['Gus']}", f"{n['Dave']} Guard {n['Eve']}", f"{n['Eve']} Shoot skip",
         f"{n['Fay']} Stalk {n['Bob']}", f"{n['Hal']} Protect {n['Dave']}", f"{n['Kim']} Visit {n['Ann']}"]), accepted
    host.ok("act", n["Ann"], "Ward", n["Hal"])  # the unsure PM, entered by the host
    host.ok("act", n["Ann"], "Clarity", n["Gus"])
    night = host.json("resolve")
    assert [d["player"] for d in night["deaths"]] == [n["Kim"]], night
    assert any(r["player"] == n["Fay"] and r["result"] in (n["Kim"], [n["Kim"]]) for r in night["results"]), night

    # --- Day 1: the death post and the result PMs killed at every send; a replacement; an early PM
    assert host.killed_at_every_send(sends, "post", "deaths", "--send")[:2] == (1, 1)
    results = host.killed_at_every_send(sends, "pm", "--night", "1", "--send")
    assert results[0] == results[1] >= 3, results[2]
    pm("Kim", "rip", "rip me lol. last words: dia visited ann, I saw her", "left", "owes nothing")
    early = pm("Hal", "for tonight", "for n2 protect fay", "early", f"{n['Hal']} Protect {n['Fay']}")
    day1 = inbox()
    assert day1["entered"] == [], day1
    # a thread of many pages: the day's talk, then the votes
    shorts = list(ROLES)[:10]
    dated_now(board, board.old_posts(thread, n["Fay"], CHATTER[:5]))
    for i, text in enumerate(CHATTER[5:]):
        dated_now(board, board.old_posts(thread, n[shorts[i % 10]], [text]))
    say(("Fay", "ok so. I'm the stalker, bob went to kim's last night. [b]VOTE: bob[/b]"),
        ("Bob", "[color=red]vote fay[/color] fake claim, obviously"),
        ("Gus", "[vote]fay[/vote] yeah no"),
        (fake, "[b]VOTE: fay[/b]"),  # no player: never counted
        ("Carol", f"[quote={n['Fay']}]ok so. I'm the stalker, bob went to kim's last night. [b]VOTE: bob[/b]"
                  "[/quote]\nbelieve it. [vote]bob[/vote]"),
        ("Ivy", "[b]vote: dave[/b] gut read, sorry"))
    count = host.json("votes")
    assert vote_table(count) == {n["Bob"]: sorted([n["Fay"], n["Carol"]]), n["Fay"]: sorted([n["Bob"], n["Gus"]]),
                                 n["Dave"]: [n["Ivy"]]}, count
    assert any(i["author"] == fake for i in count["ignored"]), count["ignored"]
    assert host.killed_at_every_send(sends, "votes", "--send")[:2] == (1, 1)
    host.ok("replace", n["Ivy"], jo)
    assert host.killed_at_every_send(sends, "pm", jo, "--send")[:2] == (1, 1)  # the replacement's role PM
    say(("Jo", "replacing in for ivy, hi all. catching up... [b]unvote[/b] [b]VOTE: bob[/b]"),
        ("Dave", "vote: gus (not bolded, thinking out loud). nah [b]VOTE: Bob[/b]"),
        ("Dia", "[b]vote fay[/b]"),
        ("Dia", f"[quote={n['Gus']}][vote]fay[/vote] yeah no[/quote] hmm. [b]unvote[/b] [color=red]vote BOB[/color]"),
        ("Hal", "[color=#ff0000]vote bob[/color]"),
        ("Ann", "[b]VOTE: bob[/b] late to the party"))  # after the hammer
    count = host.json("votes")
    assert vote_table(count) == {n["Bob"]: sorted([n["Fay"], n["Carol"], jo, n["Dave"], n["Dia"], n["Hal"]]),
                                 n["Fay"]: sorted([n["Bob"], n["Gus"]])}, count
    assert count["eliminated"] == n["Bob"], count
    assert host.killed_at_every_send(sends, "votes", "--send")[:2] == (1, 1)
    host.ok("eliminate", n["Bob"])
    host.ok("post", "flip", n["Bob"], "--send")

    # --- Night 2: the early PM taken; the Alphawolf PMs the pack's kill and then his Enrage
    host.ok("post", "night", "--due", "+1d", "--send")
    pm("Gus", "n2", "kill fay", "line", f"{n['Gus']} Kill {n['Fay']}")
    pm("Gus", "also", "also use my enrage on ann tonight. rawr", "line", f"{n['Gus']} Enrage {n['Ann']}")
    pm("Dia", "n2", "pin carol", "line", f"{n['Dia']} Pin {n['Carol']}")
    pm("Dave", "N2", "Hi mod! I'm going to guard ann tonight.", "line", f"{n['Dave']} Guard {n['Ann']}")
    pm("Eve", "n2", "hmm [s]shoot dia[/s] no, not yet. holding my shot another night", "line", f"{n['Eve']} Shoot skip")
    pm("Fay", "n2", "stalk gus pls", "line", f"{n['Fay']} Stalk {n['Gus']}")
    pm("Carol", "n2", "No block tonight, I want to stay home", "line", f"{n['Carol']} Entertain skip")
    pm("Ann", "Fwd: lol", f"look what gus posted in the thread lol [quote={n['Gus']}]you're next ann[/quote] anyway "
       "ward fay tonight", "line", f"{n['Ann']} Ward {n['Fay']}")
    pm("Jo", "hi", "hi mod, replacing in for ivy. do I have anything to do at night?", "note", "no ability")
    pm(fake, "n2", "protect fay", "left", "")
    night2 = inbox()
    shown = {p["id"]: p for p in night2["pms"]}
    assert shown[early]["state"] == "early", night2
    accepted = host.json("inbox", "--accept")
    assert sorted(e["line"] for e in accepted["entered"]) == sorted(
        [f"{n['Gus']} Kill {n['Fay']}", f"{n['Gus']} Enrage {n['Ann']}", f"{n['Dia']} Pin {n['Carol']}",
         f"{n['Dave']} Guard {n['Ann']}", f"{n['Eve']} Shoot skip", f"{n['Fay']} Stalk {n['Gus']}",
         f"{n['Carol']} Entertain skip", f"{n['Ann']} Ward {n['Fay']}"]), accepted
    taken = host.json("inbox", "--take", early)
    assert [e["line"] for e in taken["entered"]] == [f"{n['Hal']} Protect {n['Fay']}"], taken
    night = host.json("resolve")
    assert sorted(d["player"] for d in night["deaths"]) == sorted([n["Dave"], n["Gus"]]), night

    # --- Day 2, run by hostkit watch: a count after three votes, the final count at the hammer
    host.ok("post", "deaths", "--send")
    host.ok("pm", "--night", "2", "--send")
    say(("Ann", "dave died guarding me. [b]VOTE: dia[/b] she bussed bob at the last second"),
        ("Dia", "[vote]ann[/vote]"),
        ("Eve", "[color=red]vote dia[/color]"),
        ("Fay", f"[quote={n['Ann']}]dave died guarding me. [b]VOTE: dia[/b][/quote] agreed. [vote]dia[/vote]"))
    counts_before = _counts_posted(board, thread, me)
    host.ok("watch", "--once")
    assert _counts_posted(board, thread, me) == counts_before + 1
    count = host.json("votes")
    assert vote_table(count) == {n["Dia"]: sorted([n["Ann"], n["Eve"], n["Fay"]]), n["Ann"]: [n["Dia"]]}, count
    say(("Jo", "[b]VOTE: dia[/b]"), ("Hal", "[b]VOTE: dia[/b] too late but here"))
    host.ok("watch", "--once")
    assert _counts_posted(board, thread, me) == counts_before + 2
    count = host.json("votes")
    assert vote_table(count) == {n["Dia"]: sorted([n["Ann"], n["Eve"], n["Fay"], jo]), n["Ann"]: [n["Dia"]]}, count
    assert count["eliminated"] == n["Dia"], count
    host.ok("watch", "--once")  # nothing new: nothing sent
    assert _counts_posted(board, thread, me) == counts_before + 2
    host.ok("eliminate", n["Dia"])
    host.ok("post", "flip", n["Dia"], "--send")
    host.ok("post", "end", "--send")
    over = host.json("status")
    assert (over["phase"], over["winner"]) == ("over", "Village"), over
    assert not alive_of(over)[n["Gus"]]

    # --- the board's own record: every PM and post the host sent, exactly once
    pms, posts = table.sent_once([*n.values(), jo], counts=4)
    print(f"\nitems whole game: host sends: {len(pms)} PMs, {len(posts)} posts, each once on the board")
    table.figures("items whole game")


def _counts_posted(board, thread: str, me: str) -> int:
    return board.posts_saying(thread, me, "Vote Count")
