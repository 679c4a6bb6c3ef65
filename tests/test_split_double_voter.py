"""Issue 30: double voters who split their votes. Some setups give a double voter two votes that
"can put votes on different people": the host says so for that player (`new --split-votes NAME`,
with a whole --weight of 2 or more); then two votes in one post count as two, one vote as one,
and a plain double voter's single vote still counts twice."""

from __future__ import annotations

import json

import pytest

from hostkit.game.game import create
from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.votes.tally import tally

from conftest import Host

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus")  # majority 4


def count(posts, *, split: bool):
    players = [VoteSetupPlayer(p, weight=2.0 if p == "Ann" else 1.0, split=split and p == "Ann") for p in PLAYERS]
    return tally([Post(n, a, b) for n, (a, b) in enumerate(posts, start=1)], players, day=1, markups=["bold"])


def wagons(c):
    return [(w.target, w.votes, w.voters) for w in c.wagons]


@pytest.mark.parametrize("posts, split, expected", [
    ([("Ann", "<b>Vote: Bob</b> and <b>Vote: Cy</b>")], True, [("Bob", 1.0, ("Ann",)), ("Cy", 1.0, ("Ann",))]),
    ([("Ann", "<b>Vote: Bob</b>")], True, [("Bob", 1.0, ("Ann",))]),
    ([("Ann", "<b>Vote: Bob</b>")], False, [("Bob", 2.0, ("Ann",))]),
    ([("Ann", "<b>Vote: Bob</b> <br><b>Vote: Bob</b>")], True, [("Bob", 2.0, ("Ann", "Ann"))]),
    ([("Ann", "<b>Vote: Bob</b> and <b>Vote: Cy</b>"), ("Ann", "<b>Unvote</b> <br><b>Vote: Dee</b>")], True,
     [("Dee", 1.0, ("Ann",))]),
    ([("Ann", "<b>Vote: Bob</b> and <b>Vote: Cy</b>"), ("Ann", "<b>Vote: Dee</b>")], True, [("Dee", 1.0, ("Ann",))]),
    ([("Ann", "<b>Vote: Bob</b> <br><b>Vote: Cy</b> <br><b>Vote: Dee</b>")], True,
     [("Cy", 1.0, ("Ann",)), ("Dee", 1.0, ("Ann",))]),
], ids=["two-votes-two-players", "one-vote-counts-one", "plain-double-voter-counts-two", "both-on-one",
        "unvote-clears-both", "a-later-post-replaces-both", "last-two-of-three"])
def test_a_split_double_voters_votes(posts, split, expected):
    """Issue 30: "count two votes in one post as two, and one vote as one. A plain double
    voter's single vote still counts twice"."""
    assert wagons(count(posts, split=split)) == expected


def test_a_split_vote_can_hammer():
    posts = [("Bob", "<b>Vote: Cy</b>"), ("Dee", "<b>Vote: Cy</b>"), ("Eve", "<b>Vote: Cy</b>"),
             ("Ann", "<b>Vote: Fay</b> <br><b>Vote: Cy</b>")]
    c = count(posts, split=True)
    assert (c.eliminated, c.hammer) == ("Cy", 4)


def test_split_votes_through_the_cli(tmp_path):
    """Post 8 of our MafiaScum page: Cormorant's "Vote: Bollard", then "Vote: Gunwale"."""
    from test_vote_patterns import PAGE
    from test_vote_patterns import PLAYERS as HARBOUR

    folder = tmp_path / "g"
    create(folder, ruleset="classic-werewolf", seed=1,
           assign=[f"{p}={'Werewolf' if i == 0 else 'Villager'}" for i, p in enumerate(HARBOUR)],
           weights=["Cormorant=2"], splits=["Cormorant"], markups=["tag", "bold"], options=["majority=half-plus-one"])
    host = Host(folder)
    host.ok("resolve", "--force")
    assert host.game.setup.player("Cormorant").split
    data = json.loads(host.ok("votes", "--html", str(PAGE), "--from-post", "8", "--to-post", "8", "--json"))
    assert [(w["target"], w["votes"]) for w in data["wagons"]] == [("Bollard", 1.0), ("Gunwale", 1.0)]


@pytest.mark.parametrize("weights, says", [
    ((), "needs a --weight of 2 or more"), (("Ann=1.5",), "needs a --weight of 2 or more"),
], ids=["no-weight", "not-whole-votes"])
def test_split_votes_need_whole_votes(tmp_path, weights, says):
    from conftest import runner  # noqa: F401 - the CLI through CliRunner
    from click.testing import CliRunner

    from hostkit.cli import cli

    args = ["new", str(tmp_path / "g"), "--ruleset", "classic-werewolf", "--assign", "Ann=Werewolf",
            "--assign", "Bob=Villager", "--assign", "Cy=Villager", "--split-votes", "Ann"]
    for w in weights:
        args += ["--weight", w]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 1 and says in r.output and not (tmp_path / "g").exists()


@pytest.mark.parametrize("weight, expected", [
    (0.0, [("Dee", 0.0, ("Ann",))]),
    (1.0, [("Dee", 1.0, ("Ann",))]),
    (1.5, [("Dee", 1.5, ("Ann",))]),
    (2.5, [("Dee", 2.5, ("Ann",))]),
    (3.0, [("Bob", 1.0, ("Ann",)), ("Cy", 1.0, ("Ann",)), ("Dee", 1.0, ("Ann",))]),
], ids=["set-to-nothing", "one-vote", "a-vote-and-a-half", "not-whole-votes", "three-votes"])
def test_a_split_voter_splits_only_whole_votes_of_two_or_more(weight, expected):
    """A split voter's weight changes with the day (seed natural III: an effect "modifying vote
    weight" may set it to 0): their votes go to different players only while it is whole votes, 2
    or more (as `new --split-votes` and `split-votes` require); else their post's last vote is one
    vote of their whole weight, as everyone's is. A weight of 0 never makes each vote count one."""
    players = [VoteSetupPlayer(p, weight=weight if p == "Ann" else 1.0, split=p == "Ann") for p in PLAYERS]
    post = Post(1, "Ann", "<b>Vote: Bob</b> and <b>Vote: Cy</b> and <b>Vote: Dee</b>")
    assert wagons(tally([post], players, day=1, markups=["bold"])) == expected
