"""Issue 35, "The day starts where hostkit opened it" and "Rule order": the post hostkit opens a
day with (the death post of the night just ended) is where the day's votes count from when the
host gave no start post, and in classic-werewolf it waits for the Day 1 Sheriff race (seed
classic-werewolf, Campaign: "death announcements come AFTER Campaign").

The refusals need no forum (nothing is sent, the forum is never asked); the day start is played
on the session's local phpBB board (tests/forum_board.py).
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from test_forum_game import SEVEN, _game

NOWHERE = "http://127.0.0.1:9/viewtopic.php?t=1"  # the discard port: a send would fail loudly


@pytest.fixture
def day1(tmp_path, monkeypatch):
    """Day 1 of a seven-player classic-werewolf game whose night 1 killed Dee (THREAD: the game's
    thread, or none)."""
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")

    def make(thread: str | None = NOWHERE) -> Host:
        host = Host(tmp_path / "g")
        host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", "Host",
                *(("--thread", thread) if thread else ()), *[x for n, r in SEVEN.items() for x in ("--assign", f"{n}={r}")])
        host.ok("act", "Bob", "Kill", "Dee")
        host.ok("resolve", "--force")
        return host
    return make


def test_classic_refuses_the_death_post_while_the_sheriff_race_is_open(day1):
    host = day1()
    host.ok("sheriff", "run", "Ann", "Cy")
    why = host.refused("post", "deaths", "--send")
    assert "the Sheriff election comes first" in why and "Death announcements come after" in why
    assert "hostkit sheriff elect" in why
    assert "Dee" in host.ok("post", "deaths")  # a preview is the host's own: it goes nowhere


def test_naming_the_night_does_not_get_round_the_race(day1):
    """`--night 1` is this morning's announcement too: held up the same."""
    host = day1()
    host.ok("sheriff", "run", "Ann")
    assert "Sheriff election comes first" in host.refused("post", "deaths", "--night", "1", "--send")


def test_a_race_with_no_one_left_running_holds_nothing_up(day1):
    """Every candidate opted out: there is no race, the death post may go (and here fails only
    because the game has no thread: the rule let it through)."""
    host = day1(None)
    host.ok("sheriff", "run", "Ann")
    host.ok("sheriff", "withdraw", "Ann")
    result = host("post", "deaths", "--send")
    assert result.exit_code == 1 and "Sheriff" not in result.output


@pytest.mark.slow  # some 60 s: accounts, a topic, and phpBB's one-second rule on every form
def test_the_death_post_sent_after_the_election_starts_the_day(tmp_path, board, monkeypatch):
    """Day 1 of classic-werewolf on the board: the election's red votes come before the death
    post; the day's count reads only what follows it (before: the election's votes counted as
    elimination votes, and the death post went out in the middle of the race)."""
    host, thread, names = _game(tmp_path, board, monkeypatch, SEVEN)
    host.ok("forum", "login", "--user", "Host")
    host.ok("act", names["Bob"], "Kill", names["Dee"])
    host.ok("resolve", "--force")
    host.ok("sheriff", "run", names["Ann"], names["Cy"])
    ann, eli = board.as_user(names["Ann"]), board.as_user(names["Eli"])
    before = len(ann.thread_tail(thread))
    assert "Sheriff election comes first" in host.refused("post", "deaths", "--send")
    assert len(ann.thread_tail(thread)) == before  # nothing went to the thread
    # the election, in the thread: red votes for the Sheriff, as players write them
    eli.reply(thread, f"For Sheriff: [color=red]VOTE: {names['Ann']}[/color]")
    ann.reply(thread, f"[color=red]Vote: {names['Cy']}[/color] for sheriff, he guards well")
    for voter in ("Ann", "Bob", "Cy", "Eli", "Fin", "Gil"):
        host.ok("sheriff", "vote", names[voter], names["Cy" if voter == "Ann" else "Ann"])
    host.ok("sheriff", "elect")
    out = host.ok("post", "deaths", "--send")
    assert "sent (post" in out and "The day's votes count from post" in out
    start = json.loads(host.ok("votes", "--json"))
    assert start["history"] == []  # the election's votes are not elimination votes
    board.as_user(names["Fin"]).reply(thread, f"[b]VOTE: {names['Bob']}[/b]")
    data = json.loads(host.ok("votes", "--json"))
    assert [(h["author"], h["target"]) for h in data["history"]] == [(names["Fin"], names["Bob"])]
    again = host.ok("post", "deaths", "--send")  # a rerun: nothing twice, the start kept
    assert "already sent" in again and "count from" not in again


def test_no_count_goes_out_over_the_sheriff_election_without_a_start_post(day1):
    """The same class, one step on: the host posted the deaths by hand (hostkit set no start post)
    and asks for a count; the election's votes would be elimination votes, so none is sent."""
    host = day1()
    host.ok("sheriff", "run", "Ann")
    for voter in ("Ann", "Bob", "Cy", "Eli", "Fin", "Gil"):
        host.ok("sheriff", "vote", voter, "Ann")
    host.ok("sheriff", "elect")
    why = host.refused("votes", "--send")
    assert "held the Sheriff election in the thread" in why and "hostkit start-post N" in why
