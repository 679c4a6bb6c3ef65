"""Seed paranormal, General Rules: "Inactive players who are up for Replacement will have their
Vote cleared to prevent an unmovable vote from screwing up the game." `hostkit replace` by day
records an unvote for the slot (replacement.py, option replacement-clears-vote), in the same
commit as the new name; the new player's votes after it count. Through the CLI."""

from __future__ import annotations

import json

import pytest

from conftest import Host, snapshot
from hostkit.game.game import create
from test_fetch import phpbb_page

PLAYERS = ["Bob=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie", "Eve=Townie"]
SENTENCE = "Inactive players who are up for Replacement will have their Vote cleared"


def red(text: str) -> str:
    return f'<span style="color: red">{text}</span>'


def _day(tmp_path, ruleset="paranormal", **kw) -> Host:
    create(tmp_path / "g", ruleset=ruleset, assign=PLAYERS, seed=3, **kw)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    return host


def _wagons(out: str) -> dict[str, list[str]]:
    return {w["target"]: w["voters"] for w in json.loads(out)["wagons"]}


def test_replace_clears_a_hand_vote(tmp_path):
    """Seed General Rules: "Inactive players who are up for Replacement will have their Vote
    cleared": Ann's vote on Bob is gone once Amy replaces her; Amy's own vote then counts."""
    host = _day(tmp_path)
    host.ok("vote", "Ann", "Bob")
    host.ok("vote", "Cy", "Bob")
    out = host.ok("replace", "Ann", "Amy")
    assert "Ann's vote is cleared" in out and SENTENCE in out
    assert _wagons(host.ok("votes", "--hand-only", "--json")) == {"Bob": ["Cy"]}
    host.ok("vote", "Amy", "Dee")
    assert _wagons(host.ok("votes", "--hand-only", "--json")) == {"Bob": ["Cy"], "Dee": ["Amy"]}


def test_replace_clears_a_thread_vote_and_counts_the_new_players(tmp_path):
    """Seed General Rules: "... will have their Vote cleared": the old player's red vote in the
    thread, up to the day's latest count, is cleared; the new player's later red vote counts."""
    host = _day(tmp_path)
    first = [("Ann", red("vote Bob")), ("Cy", red("vote Bob"))]
    p1 = tmp_path / "p1.html"
    p1.write_text(phpbb_page(first, start=0, next_start=None), encoding="utf-8")
    assert _wagons(host.ok("votes", "--html", str(p1), "--json")) == {"Bob": ["Ann", "Cy"]}
    host.ok("replace", "Ann", "Amy")
    assert _wagons(host.ok("votes", "--html", str(p1), "--json")) == {"Bob": ["Cy"]}
    p2 = tmp_path / "p2.html"
    p2.write_text(phpbb_page(first + [("Amy", red("vote Dee"))], start=0, next_start=None), encoding="utf-8")
    assert _wagons(host.ok("votes", "--html", str(p2), "--json")) == {"Bob": ["Cy"], "Dee": ["Amy"]}


def test_replace_with_a_thread_and_no_count_asks_where(tmp_path):
    """With a thread and no count today, hostkit cannot tell where the old player's votes end: it
    asks for --after-post (one line, nothing written), and with it clears the votes up to there."""
    host = _day(tmp_path, thread="https://forum.example/viewtopic.php?t=5")
    assert "--after-post" in host.refused("replace", "Ann", "Amy")
    assert "up to post 7" in host.ok("replace", "Ann", "Amy", "--after-post", "7")
    entry = host.game.current.record.votes[-1]
    assert (entry.voter, entry.target, entry.after_post) == ("Ann", None, 7)


def test_replace_at_night_or_where_the_ruleset_keeps_the_vote_records_no_unvote(tmp_path):
    """The rule is paranormal's: at night there is no vote to clear, and a ruleset without it
    (classic) keeps the vote, refusing --after-post, which would clear nothing."""
    create(tmp_path / "n", ruleset="paranormal", assign=PLAYERS, seed=3)
    night = Host(tmp_path / "n")
    out = night.ok("replace", "Ann", "Amy")
    assert "cleared" not in out and not night.game.current.record.votes
    classic = tmp_path / "c"
    create(classic, ruleset="classic-werewolf", assign=["Wo=Werewolf", "Ann=Villager", "Cy=Villager", "Dee=Villager"], seed=1)
    host = Host(classic)
    assert "keeps a replaced player's vote" in host.refused("replace", "Ann", "Amy", "--after-post", "3")


def test_replace_taken_back_keeps_the_cleared_vote(tmp_path):
    """'hostkit replace NEW OLD' right after takes the name back; the vote stays cleared (the
    host enters it again if it should stand)."""
    host = _day(tmp_path)
    host.ok("vote", "Ann", "Bob")
    host.ok("replace", "Ann", "Amy")
    assert "taken back" in host.ok("replace", "Amy", "Ann")
    assert _wagons(host.ok("votes", "--hand-only", "--json")) == {}


def test_replace_clears_a_hand_vote_that_stands_after_every_post(tmp_path):
    """Seed General Rules: "... will have their Vote cleared": a hand vote entered with no post
    stands after every post of the thread, so the unvote does too (not at the last count's post,
    where the hand vote would still outrank it)."""
    host = _day(tmp_path)
    p1 = tmp_path / "p1.html"
    p1.write_text(phpbb_page([("Cy", red("vote Bob"))], start=0, next_start=None), encoding="utf-8")
    host.ok("vote", "Ann", "Dee")
    assert _wagons(host.ok("votes", "--html", str(p1), "--json")) == {"Bob": ["Cy"], "Dee": ["Ann"]}
    host.ok("replace", "Ann", "Amy")
    assert _wagons(host.ok("votes", "--html", str(p1), "--json")) == {"Bob": ["Cy"]}
