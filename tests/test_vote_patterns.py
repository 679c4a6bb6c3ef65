"""Issue 30: the ways players write votes that a careful human counter reads, each from a real post.

Every post here is in tests/data/votes/phpbb_patterns.html, a MafiaScum (phpBB prosilver) page
we wrote ourselves, each post's markup modelled on a real post of the MafiaScum dev days (the
structure only; the words and names are ours).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.game.game import create
from hostkit.votes.extract import parse_vote
from hostkit.votes.forums import parse_page

from conftest import Host

PAGE = Path(__file__).parent / "data" / "votes" / "phpbb_patterns.html"
PLAYERS = ("Ferrule", "Lanternfish", "Cormorant", "Bollard", "Gunwale")


def harbour(tmp_path: Path, markups=("tag", "bold")) -> Host:
    """Five players (majority 3), as the posts' authors."""
    folder = tmp_path / "harbour"
    create(folder, ruleset="classic-werewolf", seed=3,
           assign=[f"{p}={'Werewolf' if i == 0 else 'Villager'}" for i, p in enumerate(PLAYERS)],
           markups=list(markups), hosts=["Harbourmaster"], options=["majority=half-plus-one"])
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


def count(host: Host, first: int, last: int, page: Path = PAGE) -> dict:
    """`votes --json` of PAGE's posts FIRST to LAST."""
    return json.loads(host.ok("votes", "--html", str(page), "--from-post", str(first), "--to-post", str(last),
                              "--json"))


def votes_of(data: dict) -> list[tuple[int, str, str | None]]:
    return [(h["post"], h["author"], h["target"]) for h in data["history"]]


@pytest.mark.parametrize("text, kind, name", [
    ("UNVOTE: VOTE: Jerbs", "vote", "Jerbs"),
    ("VOTE: UNVOTE Vote: GreyICE", "vote", "GreyICE"),
    ("Unvote: vote no lynch", "none", None),
    ("UNVOTE: Jerbs", "unvote", "Jerbs"),
], ids=["unvote-then-vote", "vote-tag-around-unvote-vote", "unvote-then-no-lynch", "plain-unvote"])
def test_a_vote_written_inside_an_unvote_line_is_read_as_the_vote(text, kind, name):
    """Issue 30: "`UNVOTE: VOTE: Jerbs` is read as a bare unvote. It is a vote for Jerbs"."""
    parsed = parse_vote(text)
    assert (parsed.kind, parsed.name) == (kind, name)


def test_a_self_hammer_written_inside_an_unvote_tag_counts(tmp_path):
    """Issue 30: "a self-hammer written this way was missed" (an [unvote] around a [vote])."""
    data = count(harbour(tmp_path), 1, 1)
    assert votes_of(data) == [(1, "Ferrule", "Ferrule")]


def test_a_vote_tag_around_unvote_and_vote_is_the_vote(tmp_path):
    data = count(harbour(tmp_path), 2, 2)
    assert votes_of(data) == [(2, "Bollard", "Gunwale")]


def test_an_unclosed_vote_tag_around_a_closed_one_counts_the_inner_one(tmp_path):
    """Issue 30: "A `[vote]` left open around a later, closed `[vote]`: the closed inner one is the vote"."""
    data = count(harbour(tmp_path), 3, 3)
    assert votes_of(data) == [(3, "Gunwale", "Cormorant")]
    assert not [i for i in data["ignored"] if i["post"] == 3 and "twisting" in i["text"]]


def test_rainbow_text_is_read_where_the_game_reads_red(tmp_path):
    """Issue 30: "VOTE: BICYCLEPHALOUS BOB" spread over 20 colour spans is missed" (one colour a letter)."""
    data = count(harbour(tmp_path, markups=("red",)), 4, 4)
    assert votes_of(data) == [(4, "Lanternfish", "Gunwale")]


def test_rainbow_text_the_game_does_not_read_is_listed_as_ignored(tmp_path):
    """Issue 30: "Every vote-looking text that isn't counted must be in `ignored` with its reason"."""
    data = count(harbour(tmp_path), 4, 4)
    assert votes_of(data) == []
    assert [(i["post"], i["text"], i["reason"]) for i in data["ignored"]] == [
        (4, "VOTE: GUNWALE", "coloured letter by letter, not in the game's vote markup")]


def test_bbcode_the_forum_printed_as_written_is_bold():
    page = parse_page(PAGE.read_bytes())
    from hostkit.votes.extract import post_votes

    post = next(p for p in page.posts if p.number == 5)
    assert post_votes(post.body, post.marks, ["bold"]).votes == ("Vote: Bollard",)


def test_a_posts_first_vote_that_reaches_majority_ends_the_day_there(tmp_path):
    """Issue 30: "The post's last vote stands, but the earlier one may be the hammer that ended the
    day at that post: when a post's first vote reaches majority, the day ended there"."""
    data = count(harbour(tmp_path), 6, 9)
    assert data["eliminated"] == "Bollard" and data["hammer"] == 8
    assert votes_of(data)[-1] == (8, "Cormorant", "Bollard")
    assert {(i["post"], i["text"], i["reason"]) for i in data["ignored"]} >= {
        (8, "Vote: Gunwale", "after the hammer"), (9, "Vote: Ferrule", "after the hammer")}


def test_a_posts_last_vote_stands_when_no_earlier_one_hammers(tmp_path):
    data = count(harbour(tmp_path), 7, 8)
    assert data["eliminated"] is None
    assert votes_of(data) == [(7, "Lanternfish", "Bollard"), (8, "Cormorant", "Gunwale")]


def test_an_inline_italic_inside_a_bold_vote_stays_in_the_vote(tmp_path):
    """MafiaScum prints [i] inside [b] as an inline div: it is no line break."""
    data = count(harbour(tmp_path), 9, 9)
    assert votes_of(data) == [(9, "Gunwale", "Ferrule")]
