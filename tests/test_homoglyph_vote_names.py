"""A name written with look-alike letters is read as the name a reader sees (issue 30: "Use
what a human uses"), and never as another player's.

A hostile player can vote "Bоb" with a Cyrillic о, "Dаn" with a Cyrillic а or "Ｂｏｂ" in
full-width letters: every reader of the thread sees a vote for Bob or Dan. The matcher read
"Bоb" and "Rоb" as no player at all (the vote silently dropped into `ignored` with a name that
looks exactly like a player's), and "Annа" (a Cyrillic а at the end) as ambiguous between Ann and
Anna, while a reader sees Anna. Now a name beyond ASCII that is not written exactly as a key is
compared by its confusable keys (hostkit.model.confusable: NFKC case-folded, and the Unicode TR39
skeleton): the one player it looks like, or a refusal when it looks like two.
"""

from __future__ import annotations

import pytest

from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.votes.names import NameMatcher
from hostkit.votes.tally import tally

NAMES = ("Bob", "Rob", "Ann", "Anna", "Cara Lee", "Dan", "Al", "AI", "Tom", "Torn", "Ivy", "Вася")
MATCHER = NameMatcher([(n, ()) for n in NAMES])


@pytest.mark.parametrize("written, player", [
    ("B\u043eb", "Bob"),  # Cyrillic о
    ("\u0412ob", "Bob"),  # Cyrillic В
    ("R\u043eb", "Rob"),
    ("B\u03bfb", "Bob"),  # Greek ο
    ("\uff22\uff4f\uff42", "Bob"),  # full-width
    ("\u0410nn", "Ann"),
    ("Ann\u0430", "Anna"),  # not "Ann" nor ambiguous: it looks like Anna
    ("C\u0430ra Lee", "Cara Lee"),
    ("\u0131vy", "Ivy"),  # dotless ı
    ("Вася", "Вася"),  # a name in another script, written exactly
], ids=["cyrillic-o", "cyrillic-ve", "cyrillic-o-short-name", "greek-omicron", "fullwidth", "cyrillic-a-first",
        "cyrillic-a-last-is-anna", "two-words", "dotless-i", "cyrillic-name-itself"])
def test_a_name_with_look_alike_letters_reads_as_the_name_a_reader_sees(written, player):
    m = MATCHER.match(written)
    assert m.player == player, m


@pytest.mark.parametrize("written, candidates", [
    ("\u0410l", ("Al", "AI")),  # Cyrillic А and a lower-case l: Al and AI look the same
    ("T\u043em", ("Tom", "Torn")),  # "m" and "rn" look alike (TR39)
], ids=["al-or-ai", "tom-or-torn"])
def test_a_name_that_looks_like_two_players_is_refused(written, candidates):
    m = MATCHER.match(written)
    assert m.player is None and m.reason.startswith("ambiguous") and set(m.candidates) == set(candidates)


def test_a_look_alike_vote_counts_for_the_player_a_reader_sees():
    players = [VoteSetupPlayer(n) for n in ("Bob", "Rob", "Ann", "Cara", "Dan")]
    posts = [Post(1, "Ann", "<b>VOTE: R\u043eb</b>"), Post(2, "Cara", "<b>VOTE: \uff22\uff4f\uff42</b>")]
    count = tally(posts, players, day=1, markups=("bold",), start_post=1)
    assert [(h.author, h.target) for h in count.history] == [("Ann", "Rob"), ("Cara", "Bob")]
    assert count.ignored == ()
