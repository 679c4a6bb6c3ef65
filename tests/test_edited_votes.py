"""A counted vote in a post edited since is shown to the host: the count reads a post as it is
now, and an edit may have changed or added the vote after later posts (issue 30: "Where two
readings stay close, keep it out of the count and list it for the host").

A player can vote Bob, watch the thread, and later edit the post to "VOTE: Cara": the page then
shows the vote for Cara at the old post's place, and only phpBB's "Last edited by ..." notice
tells. Whether the edit stands is the host's call (many MafiaScum hosts void edited votes), so the
count takes the post as it is and lists it in the host's notes ("Votes counted from posts edited
since"), and in `votes --json` as ``edited``.

tests/data/votes/phpbb_edited.html is a page saved from the local phpBB 3.3.10 board
(../shared/forum): Ann voted Bob, Bob and Cara posted, then Ann edited her post to vote Cara.
"""

from __future__ import annotations

import json
from pathlib import Path

from hostkit.game.game import create

from conftest import Host

EDITED = Path(__file__).parent / "data" / "votes" / "phpbb_edited.html"
UNEDITED = Path(__file__).parent / "data" / "votes" / "phpbb_hidden.html"  # the same board, no post edited
NOTE = "Votes counted from posts edited since"


def village(tmp_path: Path, players: tuple[str, ...]) -> Host:
    folder = tmp_path / "village"
    create(folder, ruleset="classic-werewolf", seed=3, hosts=["Host"], markups=["bold", "tag"],
           assign=[f"{p}={'Werewolf' if i == 0 else 'Villager'}" for i, p in enumerate(players)])
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


def test_a_vote_in_an_edited_post_counts_as_it_reads_now_and_the_host_is_told(tmp_path):
    host = village(tmp_path, ("Wolfy", "Ann", "Bob", "Cara", "Dan"))
    data = json.loads(host.ok("votes", "--html", str(EDITED), "--from-post", "1", "--json"))
    assert [(h["post"], h["author"], h["target"]) for h in data["history"]] == [
        (2, "Ann", "Cara"), (3, "Bob", "Ann"), (4, "Cara", "Dan")]
    assert data["edited"] == [{"post": 2, "author": "Ann"}]
    out = host.ok("votes", "--html", str(EDITED), "--from-post", "1")
    public, notes = out.split("--- host only ---")
    assert NOTE not in public and "edited" not in public.lower()
    assert f"{NOTE} (" in notes and "\n- post 2, Ann\n" in notes


def test_a_page_with_no_edited_post_says_nothing_of_edits(tmp_path):
    host = village(tmp_path, ("Wolfy", "Ann", "Bob", "Cara", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon",
                              "Kim", "Val"))
    data = json.loads(host.ok("votes", "--html", str(UNEDITED), "--from-post", "1", "--json"))
    assert data["history"] and data["edited"] == []
    assert NOTE not in host.ok("votes", "--html", str(UNEDITED), "--from-post", "1")


def test_an_edited_post_whose_vote_is_not_counted_is_not_in_the_edited_list(tmp_path):
    """Only votes the count took are listed as edited: Ann's post read from post 3 on is outside
    the count, and Bob's and Cara's posts were never edited."""
    host = village(tmp_path, ("Wolfy", "Ann", "Bob", "Cara", "Dan"))
    data = json.loads(host.ok("votes", "--html", str(EDITED), "--from-post", "3", "--json"))
    assert [(h["post"], h["author"]) for h in data["history"]] == [(3, "Bob"), (4, "Cara")]
    assert data["edited"] == []
