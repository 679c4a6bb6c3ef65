"""A replaced player's vote posted after their replacement has posted is not the slot's: listed,
never credited (issue 30: "A vote credited to the wrong player is the worst error a counter can
make").

`hostkit replace OLD NEW` keeps OLD as another name of the slot, so that OLD's votes before the
replacement still count as the slot's. But a replaced-out player can go on posting: "VOTE: Bob
(still here!)" from OLD after NEW has taken over was credited to the slot as if NEW had cast it.
A replaced player stops where the replacement starts, so once NEW has posted in the pages read,
OLD's later votes are listed ("OLD was replaced by NEW, who has posted since post N") and the
slot keeps NEW's own vote. OLD's votes before NEW's first post still count for the slot.

tests/data/votes/phpbb_replaced.html is a page saved from the local phpBB 3.3.10 board
(../shared/forum): Old votes Ann, New posts, Old votes Bob, New votes Cara.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.game.game import create
from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.votes.tally import tally

from conftest import Host

PAGE = Path(__file__).parent / "data" / "votes" / "phpbb_replaced.html"


def _post(number: int, author: str, body: str = "") -> Post:
    return Post(number, author, body)


PLAYERS = [VoteSetupPlayer("Ann"), VoteSetupPlayer("New", ("Old",), previous=("Old",)), VoteSetupPlayer("Bob"),
           VoteSetupPlayer("Cara"), VoteSetupPlayer("Dan"), VoteSetupPlayer("Eve"), VoteSetupPlayer("Fay")]
REPLACED = "Old was replaced by New, who has posted since post {}"


@pytest.mark.parametrize("posts, votes, ignored", [
    ([_post(1, "Old", "<b>VOTE: Ann</b>"), _post(2, "New", "hi"), _post(3, "Old", "<b>VOTE: Bob</b>")],
     [(1, "New", "Ann")], [(3, "Old", "VOTE: Bob", REPLACED.format(2))]),
    ([_post(1, "Old", "<b>VOTE: Ann</b>"), _post(2, "Bob", "hi"), _post(3, "Old", "<b>VOTE: Bob</b>")],
     [(1, "New", "Ann"), (3, "New", "Bob")], []),
    ([_post(1, "New", "<b>VOTE: Ann</b>"), _post(2, "old", "<b>VOTE: Cara</b>"),
      _post(3, "New", "<b>UNVOTE:</b>")],
     [(1, "New", "Ann"), (3, "New", None)], [(2, "old", "VOTE: Cara", "old was replaced by New, who has posted since post 1")]),
    ([_post(5, "New", "hi"), _post(7, "Old", "<b>VOTE: Ann</b>")],
     [], [(7, "Old", "VOTE: Ann", REPLACED.format(5))]),
], ids=["old-votes-after-new-posted", "new-has-not-posted-yet", "any-case-after-a-vote",
        "new-posted-before-the-window"])
def test_a_replaced_players_later_vote_is_listed_not_credited_to_the_slot(posts, votes, ignored):
    count = tally(posts, PLAYERS, day=1, markups=("bold",), start_post=1 if posts[0].number == 1 else 6)
    assert [(h.post, h.author, h.target) for h in count.history] == votes
    assert [(i.post, i.author, i.text, i.reason) for i in count.ignored] == ignored


def test_a_replacement_entered_with_hostkit_replace_reads_the_saved_board_page(tmp_path):
    folder = tmp_path / "village"
    names = ("Wolfy", "Ann", "Bob", "Cara", "Old")
    create(folder, ruleset="classic-werewolf", seed=3, hosts=["Host"], markups=["bold"],
           assign=[f"{p}={'Werewolf' if i == 0 else 'Villager'}" for i, p in enumerate(names)])
    host = Host(folder)
    host.ok("resolve", "--force")
    host.ok("replace", "Old", "New")
    data = json.loads(host.ok("votes", "--html", str(PAGE), "--from-post", "1", "--json"))
    assert [(h["post"], h["author"], h["target"]) for h in data["history"]] == [(2, "New", "Ann"), (5, "New", "Cara")]
    assert [(i["post"], i["author"], i["reason"]) for i in data["ignored"]] == [
        (4, "Old", "Old was replaced by New, who has posted since post 3")]
    assert data["wagons"] == [{"target": "Cara", "votes": 1.0, "voters": ["New"], "posts": [5]}]
