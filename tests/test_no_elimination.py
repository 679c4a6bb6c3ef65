"""No Elimination as a vote: the words a host or player types for it, its wagon and majority in
`votes` and `votes --json`, and `eliminate` refused in its name.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from game_helpers import _classic_day
from hostkit.game.game import create


def test_vote_for_a_no_elimination_word_suggests_none_not_a_player(tmp_path):
    """redspec: `vote Cy nobody` said "did you mean 'Bo'?". Now it names 'none'; the word is
    never taken as No Elimination itself (a player may be called Nobody)."""
    host = _classic_day(tmp_path)
    for word in ("nobody", "No-Lynch", "no one"):
        err = host.refused("vote", "Carol", word)
        assert f"unknown player {word!r}: for No Elimination type 'none' (hostkit vote Carol none)" in err
    assert "did you mean" in host.refused("vote", "Carol", "Bobb")
    host.ok("vote", "Carol", "none")


SIX = ["Ann=Cop", "Bob=Goon", "Cy=Doctor", "Dee=Villager", "Eve=Vigilante", "Fay=Villager"]


def natural_day1(tmp_path, *options: str) -> Host:
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="natural", seed=2, assign=SIX, options=list(options))
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("options, votes, eliminate, says", [
    pytest.param((), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "none"}, "Eve",
                 "Eve cannot be eliminated: No Elimination has reached its majority (4 votes) in the count (1.01); "
                 "option majority = half-plus-one", id="half-plus-one-No-Elimination-reached-its-majority"),
    pytest.param(("no-elimination-offset=-1",), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "Eve"}, "Eve",
                 "Eve cannot be eliminated: No Elimination has reached its majority (3 votes) in the count (1.01)",
                 id="no-elimination-offset-minus-1-reached"),
    pytest.param((), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "Eve"}, "Eve",
                 "Eve cannot be eliminated: no one has reached a majority (4 votes) in the count (1.01); "
                 "No Elimination leads with 3 votes", id="half-plus-one-No-Elimination-leads-short-of-it"),
    pytest.param(("majority=plurality",), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "Eve", "Fay": "Eve"},
                 "Eve", "Eve cannot be eliminated: No Elimination has the most votes (3 votes) in the count (1.01); "
                 "option majority = plurality", id="plurality-No-Elimination-on-top"),
    pytest.param(("majority=plurality",), {"Ann": "none", "Bob": "none", "Dee": "Eve", "Fay": "Eve"}, "Ann",
                 "Ann cannot be eliminated: the count (1.01) is tied between No Elimination and Eve; option tie = none: "
                 "a tied count at the deadline eliminates no one", id="plurality-tie-with-No-Elimination"),
    pytest.param((), {"Ann": "Bob", "Cy": "Bob", "Dee": "Eve", "Fay": "Eve"}, "Bob",
                 "Bob cannot be eliminated: no one has reached a majority (4 votes) in the count (1.01); Bob and Eve "
                 "lead with 2 votes each", id="half-plus-one-a-tie-short-of-the-majority-is-no-majority"),
])
def test_eliminate_refusal_names_the_No_Elimination_wagon_and_the_rule(tmp_path, options, votes, eliminate, says):
    """Before: 'no one has reached a majority (4 votes) ...; none leads with 4 votes' when No
    Elimination had reached its majority; '(0 votes)' under plurality; a tie's rule was the
    option's question 'what a tied count at the deadline does'; a tie short of a majority was
    refused as a tie."""
    host = natural_day1(tmp_path, *options)
    for voter, target in votes.items():
        host.ok("vote", voter, target)
    out = host.refused("eliminate", eliminate)
    assert out.startswith(f"Error: {says}"), out
    assert out.rstrip().endswith("(--force overrules)")
    assert "none leads" not in out and "(0 votes)" not in out


@pytest.mark.parametrize("fmt,line", [
    ("bbcode", "[b]No Elimination has been reached: no one is eliminated.[/b]"),
    ("markdown", "**No Elimination has been reached: no one is eliminated.**"),
    ("plain", "No Elimination has been reached: no one is eliminated."),
])
def test_cli_a_no_elimination_majority_reached_by_hand_votes_is_announced(tmp_path, fmt, line):
    """SPEC 'votes' (votes recorded by hand, with no thread): the count that a No Elimination
    majority ends must say so, as it does for a player's wagon ('Bob has been eliminated.') and
    for a thread's hammer post. It said nothing, though the later votes were listed 'after the
    hammer' and 'eliminate Bob' was refused because No Elimination had reached its majority."""
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1, options=["no-elimination-offset=-1"],
           assign=["Ann=Seer", "Bob=Wolf", "Carol=Villager", "Dave=Villager", "Eve=Villager", "Fay=Villager",
                   "Gus=Villager"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    for voter in ("Ann", "Carol"):
        host.ok("vote", voter, "none")
    assert "No Elimination has been reached" not in host.ok("votes", "--format", fmt)  # 2 of 3: not yet
    host.ok("vote", "Dave", "none")
    host.ok("vote", "Eve", "Bob")
    out = host.ok("votes", "--format", fmt)
    assert line in out, out
    assert "after the hammer" in out  # Eve's vote came after it
    assert "Bob has been eliminated" not in out
    assert "No Elimination has reached its majority" in host("eliminate", "Bob").output


@pytest.mark.parametrize("last,reached", [("none", True), ("Bob", False)], ids=["third-hand-vote-reaches", "two-of-three"])
def test_cli_votes_json_says_a_no_elimination_majority_was_reached_by_hand_votes(tmp_path, last, reached):
    """A script reading `votes --json` must see that the day is over when the deciding No Elimination
    vote was entered by hand: then there is no hammer post, and `eliminated` is null and `tie` false
    as on a day still open. `none_reached` says it, beside `none_majority` (majority 4, offset -1: 3)."""
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1, options=["no-elimination-offset=-1"],
           assign=["Ann=Seer", "Bob=Wolf", "Carol=Villager", "Dave=Villager", "Eve=Villager", "Fay=Villager",
                   "Gus=Villager"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    for voter, target in (("Ann", "none"), ("Carol", "none"), ("Dave", last)):
        host.ok("vote", voter, target)
    data = json.loads(host.ok("votes", "--json"))
    assert (data["hammer"], data["eliminated"], data["tie"]) == (None, None, False)
    assert data["none_majority"] == 3.0 and data["none_reached"] is reached


def test_cli_votes_json_has_no_no_elimination_threshold_under_plurality(tmp_path):
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1, options=["majority=plurality"],
           assign=["Ann=Seer", "Bob=Wolf", "Carol=Villager", "Dave=Villager", "Eve=Villager"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    for voter in ("Ann", "Carol", "Dave", "Eve"):
        host.ok("vote", voter, "none")
    data = json.loads(host.ok("votes", "--json"))
    assert data["none_majority"] is None and data["none_reached"] is False


@pytest.mark.parametrize("name", ["Nobody", "Sleep", "No one"], ids=["nobody", "sleep", "no-one"])
def test_a_player_named_like_no_elimination_is_voted_for_in_the_thread_as_by_hand(tmp_path, name):
    """`hostkit new` accepts a player named Nobody (a real forum account may be), and `hostkit
    vote Eve Nobody` votes for them; but "Vote: Nobody" in the thread was read as No Elimination
    (an abstention), so that player could never be voted for in the thread."""
    from test_fetch import phpbb_page

    from conftest import Host
    from hostkit.game.game import create

    red = '<span style="color: red">{}</span>'.format
    page = tmp_path / "page.html"
    page.write_text(phpbb_page([("Ann", red(f"Vote: {name}")), ("Bob", red(f"vote {name}")),
                                ("Carol", red("Vote: no lynch")), ("Bob", red(f"Unvote: {name}"))],
                               start=0, next_start=None), encoding="utf-8")
    folder = tmp_path / "g"
    create(folder, ruleset="classic-werewolf", seed=1, markups=["red"],
           assign=["Ann=Werewolf", "Bob=Villager", "Carol=Villager", f"{name}=Villager", "Eve=Villager"])
    host = Host(folder)
    host.ok("resolve", "--force")
    data = json.loads(host.ok("votes", "--html", str(page), "--json"))
    assert [(h["author"], h["target"]) for h in data["history"]] == [
        ("Ann", name), ("Bob", name), ("Carol", "none"), ("Bob", None)]
    assert [(w["target"], w["voters"]) for w in data["wagons"] if w["target"] == name] == [(name, ["Ann"])]
