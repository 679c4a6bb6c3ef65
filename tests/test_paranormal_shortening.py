"""Seed paranormal, General Rules: "Shortening: Since shortening can have such a huge effect on the
game it requires a Majority of living players voting for it to occur. (Over %50)".

`hostkit shorten VOTER` (and `--withdraw`) records a vote to shorten the day (shortening.py,
option shortening); `status`, `due` and `status --json` say how it stands and, once more than half
of the living players in play stand on it, that the day ends now; a thread vote text asking to
shorten is named in the count's host-only notes. Through the CLI."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from hostkit.game.game import create
from test_fetch import phpbb_page

SENTENCE = ("Shortening: Since shortening can have such a huge effect on the game it requires a Majority of living "
            "players voting for it to occur. (Over %50)")
SIX = ["Bob=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie", "Eve=Townie", "Fay=Townie"]


def _day(tmp_path, assign=SIX, ruleset="paranormal", options=()) -> Host:
    """Day 1 of a game of ASSIGN (night 1 passed with no kill)."""
    create(tmp_path / "g", ruleset=ruleset, assign=list(assign), seed=3, options=list(options))
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    return host


def _shortening(host: Host) -> dict | None:
    return json.loads(host.ok("status", "--json"))["shortening"]


PASSED = "a majority of the living voted to shorten day 1: end the day now ('hostkit eliminate' by the count as it stands)"


@pytest.mark.parametrize("voters, passed", [
    (("Ann", "Cy", "Dee", "Eve"), True),
    (("Ann", "Cy", "Dee"), False),
    (("Ann", "Cy"), False),
], ids=["four-of-six-is-over-50-percent-and-passes", "exactly-half-three-of-six-does-not-pass",
        "two-of-six-does-not-pass"])
def test_shortening_requires_a_majority_of_living_players_over_50_percent(tmp_path, voters, passed):
    """Seed: "it requires a Majority of living players voting for it to occur. (Over %50)": of six
    living players four pass it, three (exactly half) do not."""
    host = _day(tmp_path)
    for v in voters:
        host.ok("shorten", v)
    t = _shortening(host)
    assert t == {"day": 1, "votes": list(voters), "living": 6, "needed": 4, "passed": passed}
    due = host.ok("due")
    assert (PASSED in due) is passed
    assert (f"shortening: {len(voters)} of 6 living (4 needed)" in due) is not passed


def test_shortening_majority_counts_the_living_only(tmp_path):
    """Seed: "a Majority of living players": a voter who dies no longer counts, and the majority
    is of those left (5 living: 3 needed)."""
    host = _day(tmp_path)
    for v in ("Ann", "Cy", "Dee"):
        host.ok("shorten", v)
    assert not _shortening(host)["passed"]
    host.ok("kill", "Fay", "--reason", "modkill for inactivity")
    assert _shortening(host) == {"day": 1, "votes": ["Ann", "Cy", "Dee"], "living": 5, "needed": 3, "passed": True}
    host.ok("kill", "Ann")
    assert _shortening(host) == {"day": 1, "votes": ["Cy", "Dee"], "living": 4, "needed": 3, "passed": False}


def test_shortening_vote_can_be_withdrawn(tmp_path):
    """Seed: "requires a Majority of living players voting for it": a withdrawn vote no longer
    counts; a vote not standing cannot be withdrawn."""
    host = _day(tmp_path)
    for v in ("Ann", "Cy", "Dee", "Eve"):
        host.ok("shorten", v)
    assert _shortening(host)["passed"]
    out = host.ok("shorten", "Eve", "--withdraw")
    assert "Eve withdraws their vote to shorten day 1" in out and "shortening: 3 of 6 living (4 needed)" in out
    assert _shortening(host)["votes"] == ["Ann", "Cy", "Dee"]
    assert "Eve has no vote to shorten day 1 to withdraw" in host.refused("shorten", "Eve", "--withdraw")
    assert "Cy has already voted to shorten day 1" in host.refused("shorten", "Cy")
    host.ok("shorten", "Eve")
    assert _shortening(host)["passed"]


def test_shortening_is_voted_by_living_players_in_play_only(tmp_path):
    """Seed: "a Majority of living players": a dead player is refused; an abducted player (out of
    play: 'cannot vote ... during the day') is refused and does not count among the living."""
    host = _day(tmp_path, assign=["X=Xenozoologist", *SIX])
    host.ok("undo")  # back into night 1: the Xenozoologist keeps Ann
    host.ok("act", "X", "Abduct", "Ann")
    host.ok("resolve", "--force")
    assert "Ann is abducted: abducted players cannot vote during the day" in host.refused("shorten", "Ann")
    host.ok("kill", "Fay")
    assert "Fay is dead: only the living vote to shorten" in host.refused("shorten", "Fay")
    assert "unknown player" in host.refused("shorten", "Nobody")
    for v in ("Cy", "Dee", "Eve"):
        host.ok("shorten", v)
    # living in play: X, Bob, Cy, Dee, Eve (Ann abducted, Fay dead): 3 of 5 passes
    assert _shortening(host) == {"day": 1, "votes": ["Cy", "Dee", "Eve"], "living": 5, "needed": 3, "passed": True}


def test_shortening_is_voted_by_day_only(tmp_path):
    """Seed: shortening shortens a day: at night it is refused, and a day's votes end with it."""
    host = _day(tmp_path)
    for v in ("Ann", "Cy", "Dee", "Eve"):
        host.ok("shorten", v)
    host.ok("eliminate", "--none")
    assert "entered by day" in host.refused("shorten", "Ann")
    assert _shortening(host) is None
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert _shortening(host) == {"day": 2, "votes": [], "living": 6, "needed": 4, "passed": False}
    assert "shortening" not in host.ok("due")


@pytest.mark.parametrize("ruleset, options", [("paranormal", ("shortening=none",)), ("natural", ())],
                         ids=["paranormal-with-option-none", "natural-default-none"])
def test_shortening_option_none_refuses(tmp_path, ruleset, options):
    """Seed paranormal: 'Shortening ... requires a Majority': only where the game's `shortening`
    option allows it; elsewhere 'hostkit shorten' is refused naming the option."""
    if ruleset == "natural":
        create(tmp_path / "g", ruleset="natural", seed=3, assign=["Ann=Cop", "Bob=Goon", "Cy=Villager"])
        host = Host(tmp_path / "g")
        host.ok("resolve", "--force")
    else:
        host = _day(tmp_path, options=options)
    out = host.refused("shorten", "Ann")
    assert "option shortening = none" in out
    assert _shortening(host) is None


def test_shortening_prompt_appears_in_due_and_status(tmp_path):
    """Seed: "it requires a Majority of living players voting for it to occur": status and due
    show the standing, then tell the host to end the day; the count as it stands eliminates."""
    host = _day(tmp_path)
    assert "shortening" not in host.ok("due") and "shortening" not in host.ok("status")
    host.ok("shorten", "Ann")
    for command in ("due", "status"):
        assert "shortening: 1 of 6 living (4 needed): Ann" in host.ok(command)
    for v in ("Cy", "Dee", "Eve"):
        host.ok("shorten", v)
    for command in ("due", "status"):
        assert PASSED in host.ok(command)
    assert any(PASSED in n for n in json.loads(host.ok("due", "--json"))["host"])
    host.ok("vote", "Ann", "Bob")
    host.ok("eliminate", "Bob")  # the count as it stands: Bob leads
    assert "shorten" not in host.ok("status")


def red(text: str) -> str:
    return f'<span style="color: red">{text}</span>'


@pytest.mark.parametrize("text", ["vote: shorten", "vote shorten the day", "VOTE: Shortening"])
def test_shortening_vote_in_the_thread_is_flagged_for_the_host(tmp_path, text):
    """Seed: "it requires a Majority of living players voting for it": a red vote text in the
    thread asking to shorten is named in the count's host-only notes with the command to enter
    it, never entered by itself; once entered, it is no longer asked."""
    host = _day(tmp_path)
    page = tmp_path / "p.html"
    page.write_text(phpbb_page([("Ann", red("vote Bob")), ("Cy", red(text))], start=0, next_start=None),
                    encoding="utf-8")
    out = host.ok("votes", "--html", str(page))
    assert "Cy voted to shorten in post 2: enter it with 'hostkit shorten Cy'" in out
    assert _shortening(host)["votes"] == []
    host.ok("shorten", "Cy")
    assert "voted to shorten in post" not in host.ok("votes", "--html", str(page))


def test_shortening_thread_text_is_not_flagged_where_the_option_is_none(tmp_path):
    """Seed paranormal's shortening, where the game has none: nothing to enter, nothing said."""
    host = _day(tmp_path, options=("shortening=none",))
    page = tmp_path / "p.html"
    page.write_text(phpbb_page([("Cy", red("vote: shorten"))], start=0, next_start=None), encoding="utf-8")
    assert "voted to shorten" not in host.ok("votes", "--html", str(page))


def test_shortening_vote_is_taken_back_by_undo(tmp_path):
    """Seed: "requires a Majority of living players voting for it": 'hostkit undo' takes back a
    vote to shorten (and a withdrawal) like any entry."""
    host = _day(tmp_path)
    host.ok("shorten", "Ann")
    host.ok("shorten", "Cy")
    host.ok("undo")
    assert _shortening(host)["votes"] == ["Ann"]
    host.ok("shorten", "Ann", "--withdraw")
    assert _shortening(host)["votes"] == []
    host.ok("undo")
    assert _shortening(host)["votes"] == ["Ann"]


def test_shortening_is_paranormals_default_and_no_one_elses():
    """Seed paranormal: the sentence is the paranormal option's summary; every other ruleset has none."""
    from hostkit.rules.rulesets import RULESETS, load_ruleset

    for name in RULESETS:
        spec = load_ruleset(name).options["shortening"]
        assert spec.choices == ("none", "majority")
        assert spec.default == ("majority" if name == "paranormal" else "none"), name
    assert SENTENCE in load_ruleset("paranormal").options["shortening"].summary


def test_shortening_vote_of_a_replaced_player_is_withdrawn(tmp_path):
    """Seed: "requires a Majority of living players voting for it", and General Rules: "Inactive
    players who are up for Replacement will have their Vote cleared to prevent an unmovable vote
    from screwing up the game": a replaced player's standing vote to shorten is withdrawn with
    their lynch vote, in the same commit; the new player may vote to shorten."""
    host = _day(tmp_path)
    host.ok("shorten", "Ann")
    host.ok("shorten", "Cy")
    out = host.ok("replace", "Ann", "Amy")
    assert "Ann's vote is cleared and their vote to shorten the day is withdrawn" in out
    assert _shortening(host)["votes"] == ["Cy"]
    host.ok("shorten", "Amy")
    assert _shortening(host)["votes"] == ["Amy", "Cy"]
    host.ok("replace", "Cy", "Cyd")  # no lynch vote: the vote to shorten is still withdrawn
    assert _shortening(host)["votes"] == ["Amy"]


def test_shortening_vote_in_the_thread_is_unsure_for_a_count_that_posts_itself(tmp_path):
    """Issue 37: what the host-only notes ask the host to settle is in votes --json "unsure" too,
    with the command that settles it; once entered, it is no longer there."""
    host = _day(tmp_path)
    page = tmp_path / "p.html"
    page.write_text(phpbb_page([("Ann", red("vote Bob")), ("Cy", red("vote: shorten"))], start=0, next_start=None),
                    encoding="utf-8")
    unsure = json.loads(host.ok("votes", "--html", str(page), "--json"))["unsure"]
    assert [(u["post"], u["author"], u["text"], u["command"]) for u in unsure] == [
        (2, "Cy", "vote: shorten", "hostkit shorten Cy")]
    host.ok("shorten", "Cy")
    assert json.loads(host.ok("votes", "--html", str(page), "--json"))["unsure"] == []
