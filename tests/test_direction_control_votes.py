"""A vote written with a right-to-left override is never counted, only listed (issue 30: "never a
vote credited to the wrong player").

U+202E RIGHT-TO-LEFT OVERRIDE shows what follows it backwards: "VOTE: \u202etoN" is shown on the
page as "VOTE: Not", while its characters read "toN", which the matcher took for the player Ton
(and "\u202ennA", shown as "Ann", was read from the day's context as whoever was discussed). The
same holds for the other embeddings, overrides and isolates (U+202A, U+202B, U+202D, U+2066-2068).
Such a name, or a vote text with such a control before it in its run, is listed with the reason
`REORDERED` and never read from context; a right-to-left mark (U+200F), which does not reorder
Latin letters, and a control after the vote change nothing.
"""

from __future__ import annotations

import pytest

from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.votes.extract import extract
from hostkit.votes.names import NameMatcher
from hostkit.votes.tally import tally
from hostkit.votes.votetext import REORDERED

PLAYERS = [VoteSetupPlayer(n) for n in ("Ton", "Not", "Ann", "Bob", "Cara")]


@pytest.mark.parametrize("written", ["\u202etoN", "\u202etoN\u202c", "\u2067toN\u2069", "\u202dToN", "\u202bTon"],
                         ids=["rlo", "rlo-pdf", "rli-pdi", "lro", "rle"])
def test_a_name_with_a_reordering_control_is_refused(written):
    m = NameMatcher([(p.name, ()) for p in PLAYERS]).match(written)
    assert m.player is None and m.reason == REORDERED


@pytest.mark.parametrize("body, counted, listed", [
    ("<b>VOTE: \u202etoN</b>", [], [("VOTE: \u202etoN", REORDERED)]),
    ("<b>\u202eVOTE: toN</b>", [], [("VOTE: toN", REORDERED)]),  # the whole run shows reversed
    ("<b>VOTE: Not</b> \u202eeh", ["VOTE: Not"], []),  # a control after the vote changes nothing
    ("<b>VOTE: \u200ftoN</b>", ["VOTE: \u200ftoN"], []),  # a right-to-left mark reorders no Latin letter
], ids=["in-the-name", "before-the-vote-word", "after-the-vote", "rlm"])
def test_a_vote_text_after_a_reordering_control_is_listed_not_counted(body, counted, listed):
    found = extract(body, ("bold",))
    assert list(found.votes) == counted
    assert list(found.unmarked) == listed


def test_the_count_never_credits_a_reordered_name_even_from_the_days_context():
    """Ton was being discussed, so the day's context would read a refused "toN" as Ton; a [vote]
    tag's name is refused by the matcher."""
    posts = [Post(1, "Bob", "Ton is scummy. <b>VOTE: Ton</b>"), Post(2, "Cara", "I agree about Ton"),
             Post(3, "Ann", "<b>VOTE: \u202etoN</b>"), Post(4, "Cara", "<b>\u202eVOTE: toN</b>"),
             Post(5, "Ann", "<b>VOTE: \u200fNot</b>"), Post(6, "Bob", '<span class="bbvote">\u202etoN</span>')]
    count = tally(posts, PLAYERS, day=1, markups=("bold", "tag"), start_post=1)
    assert [(h.post, h.author, h.target) for h in count.history] == [(1, "Bob", "Ton"), (5, "Ann", "Not")]
    assert [(i.post, i.author, i.reason) for i in count.ignored] == [
        (3, "Ann", REORDERED), (4, "Cara", REORDERED), (6, "Bob", REORDERED)]  # (6: a [vote] tag, read by name)
