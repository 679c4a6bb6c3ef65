"""Issue 30: texts that look like votes but are not counted are listed for the host, each with why.

"Every vote-looking text that isn't counted must be in `ignored` with its reason." Every post
here is in tests/data/votes/phpbb_lookalikes.html, a MafiaScum (phpBB prosilver) page we wrote
ourselves, each post's markup modelled on a real post of the MafiaScum dev days (the structure
only; the words and names are ours): a "pseudo vote" its writer says is none (days2 60497-d2
#1062, where the host kept the writer's earlier vote; 70568-d5 #2918, where the host counted the
writer as not voting), an empty [vote] tag (40595-d1 #687), and votes written on a plain line or
in italics in a game of bold and [vote] votes (62742-d1 #30, 70568-d6 #3225).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.votes.extract import extract

from conftest import Host
from test_vote_patterns import harbour, votes_of  # the same five players, as the posts' authors

PAGE = Path(__file__).parent / "data" / "votes" / "phpbb_lookalikes.html"
NOT_A_VOTE = "the writer says it is not a vote"
EMPTY = "an empty vote: it names no one"
UNMARKED = "not in the game's vote markup"
INTENT = "an intent to vote, not a vote"


def count(host: Host, first: int, last: int) -> dict:
    return json.loads(host.ok("votes", "--html", str(PAGE), "--from-post", str(first), "--to-post", str(last),
                              "--json"))


def ignored_of(data: dict) -> list[tuple[int, str, str]]:
    return [(i["post"], i["text"], i["reason"]) for i in data["ignored"]]


def test_a_pseudo_vote_keeps_the_writers_earlier_vote_and_is_listed(tmp_path):
    """Days2 60497-d2 #1062: "pseudo vote Acryon (with no colon)"; the host kept the writer's
    earlier vote ("Please don't do this and use FOS instead")."""
    data = count(harbour(tmp_path), 1, 2)
    assert votes_of(data) == [(1, "Cormorant", "Lanternfish")]
    assert ignored_of(data) == [(2, "pseudo vote Gunwale", NOT_A_VOTE)]


@pytest.mark.parametrize("post, text", [
    (3, "Pseudo vote: Gunwale"),
    (4, "Fake vote: Bollard"),
], ids=["pseudo-vote-with-colon", "fake-vote"])
def test_a_vote_its_writer_calls_pseudo_or_fake_is_not_counted(tmp_path, post, text):
    """Days2 70568-d5 #2918: "Pseudo vote: Boon"; the host's next count has the writer not voting."""
    data = count(harbour(tmp_path), post, post)
    assert votes_of(data) == []
    assert ignored_of(data) == [(post, text, NOT_A_VOTE)]


def test_an_empty_vote_tag_is_listed_not_dropped(tmp_path):
    """Days2 40595-d1 #687: a bold [vote] tag with nothing in it ("VOTE: "), which the count
    listed as a vote for a player named "VOTE:"."""
    data = count(harbour(tmp_path), 5, 5)
    assert votes_of(data) == []
    assert ignored_of(data) == [(5, "VOTE:", EMPTY)]


@pytest.mark.parametrize("post, text", [
    (6, "VOTE: Ferrule"),
    (7, "vote: Ferrule"),
], ids=["plain-line", "italic"])
def test_a_vote_written_outside_the_games_markup_is_listed(tmp_path, post, text):
    """Days2 62742-d1 #30 ("VOTE: blockyman" on a line of its own, no bold, no tag) and 70568-d6
    #3225 (in italics), in games of bold and [vote] votes: not counted (some hosts count such a
    line, some do not: the host decides), but listed."""
    data = count(harbour(tmp_path), post, post)
    assert votes_of(data) == []
    assert ignored_of(data) == [(post, text, UNMARKED)]


def test_a_plain_line_vote_counts_nothing_where_the_game_reads_it_in_bold(tmp_path):
    """The same line in bold is the vote (the listing is only for what is not counted)."""
    data = count(harbour(tmp_path), 8, 8)
    assert votes_of(data) == [(8, "Gunwale", "Bollard")]
    assert ignored_of(data) == []  # "I will vote Ferrule tomorrow" is prose, not a vote line


def test_a_quoted_plain_line_vote_is_not_listed_as_unmarked():
    body = "<blockquote><div><cite>Ann wrote:</cite>VOTE: Bob</div></blockquote>Agreed."
    assert extract(body, ["bold", "tag"]).unmarked == ()


def test_a_plain_line_vote_in_a_code_block_is_an_example():
    body = '<div class="codebox"><pre><code>VOTE: Bob</code></pre></div>Write your vote like that.'
    assert extract(body, ["bold", "tag"]).unmarked == ()


def test_a_red_vote_in_a_game_of_bold_votes_is_listed():
    body = 'Fine.<br><span style="color:#FF0000">VOTE: Bob</span>'
    assert extract(body, ["bold", "tag"]).unmarked == (("VOTE: Bob", UNMARKED),)
    assert extract(body, ["red"]).votes == ("VOTE: Bob",)


def test_an_intent_to_vote_is_listed_not_counted(tmp_path):
    """Days2 68113-d5 #2915 and 30562-d3 #1313 (bold "Intent to vote Saru."): the writer says they
    will vote, and has not; a careful counter counts nothing, and the host sees it listed."""
    data = count(harbour(tmp_path), 9, 9)
    assert votes_of(data) == []
    assert ignored_of(data) == [(9, "Intent to vote Cormorant.", INTENT)]


@pytest.mark.parametrize("body, votes, listed", [
    ("<b>Intent to vote Bob. VOTE: Ann</b>", ("VOTE: Ann",), (("Intent to vote Bob.", INTENT),)),
    ("<b>Gonna vote Bob</b>", (), (("Gonna vote Bob", INTENT),)),
    ("<b>Intent to vote/hammer Axxle</b>, depending on the count", (),
     (("Intent to vote/hammer Axxle", INTENT),)),
    ("<b>Intent to vote</b>", (), ()),
    ("<b>Confirm vote: Bob</b>", ("vote: Bob",), ()),
    ("<b>pseudo-vote Bob</b>", (), (("pseudo-vote Bob", NOT_A_VOTE),)),
    # days2 70568-d6 #3225 and #3228: the same, in italics, on a line of their own
    ('<div style="display:inline;font-style:italic">Pseudo vote: Bob</div><br><br>Because only scum rush.', (),
     (("Pseudo vote: Bob", NOT_A_VOTE),)),
    ('<div style="display:inline;font-style:italic">intent to vote Bob</div><br><br>I am not sure.', (),
     (("intent to vote Bob", INTENT),)),
    ("I was going to vote Bob, then I read his claim.", (), ()),
], ids=["intent-then-a-vote", "gonna", "intent-with-slash", "intent-naming-no-one", "confirm-still-votes",
        "hyphenated-pseudo", "italic-pseudo-line", "italic-intent-line", "prose-intent"])
def test_what_a_run_or_a_line_announces_or_disowns(body, votes, listed):
    """A vote announced ("Intent to vote Bob": days2 68113-d5 #2915) or disowned ("pseudo vote")
    is listed; a vote after it in the same run, or a one-word lead-in that confirms, still counts."""
    found = extract(body, ["bold", "tag"])
    assert (found.votes, found.unmarked) == (votes, listed)


@pytest.mark.parametrize("body, listed, counted", [
    ('<strong class="text-strong">VOTE:</strong><br><strong class="text-strong">Gunwale</strong>',
     [("VOTE:", EMPTY)], []),
    ('<div style="display:inline;font-weight:bold">Unvote: Bollard. Vote:</div> (P-edit: three votes on him.)',
     [("Vote:", EMPTY)], ["Unvote: Bollard."]),
    ("<b>VOTE:</b> Gunwale", [("VOTE: Gunwale", UNMARKED)], []),
    ("<b>UNVOTE:</b>", [], ["UNVOTE:"]),
], ids=["name-on-the-next-line", "vote-word-left-unfinished", "name-outside-the-bold-is-a-line",
        "bare-unvote-counts"])
def test_a_marked_vote_word_that_names_no_one_is_listed_as_empty(body, listed, counted):
    """Issue 30: "Every vote-looking text that isn't counted must be in `ignored` with its
    reason." A bold "VOTE:" with its name on the next line (written on the local phpBB board as
    "[b]VOTE:[/b]" newline "[b]Ann[/b]") or none at all (17666-d1 #58, "Unvote: X. Vote:" and a
    p-edit) was dropped in silence: it is listed, never guessed; a bare unvote still counts."""
    found = extract(body, ("bold", "tag"))
    assert list(found.unmarked) == listed
    assert list(found.votes) == counted
