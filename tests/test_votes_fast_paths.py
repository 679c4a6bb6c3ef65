"""The vote reader's fast paths (issue 9, speed) give exactly what the slow ways they replace give.

Each shortcut taken for speed is checked against the library call it stands in for, on the
cases where the two could part: the shown phpBB time against strptime, an element's text
against lxml's itertext and XPath string(), and the invisible-character test against the regex
it replaced.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import lxml.etree
import pytest

from hostkit.votes import postmeta
from hostkit.votes.votetext import _has_invisible
from hostkit.votes.walk import text_of

TZ = timezone(timedelta(hours=-5))


def _strptime(shown: str) -> str | None:
    """What iso_time's loop gives for a text of the phpBB format: strptime, or no time."""
    try:
        return datetime.strptime(shown, postmeta._TIME_FORMATS[0]).replace(tzinfo=TZ).isoformat()
    except ValueError:
        return None


@pytest.mark.parametrize("shown", [
    "Mon Feb 29, 2016 1:40 am", "Mon Feb 29, 2016 12:40 am", "Mon Feb 29, 2016 12:05 pm",
    "wed dec 31, 1999 11:59 PM", "Thu  Jan   1, 2015 09:07 Am", "Thu Jan  5, 2015 9:7 am",
    "Sat Feb 30, 2016 1:40 pm",  # no such day: no time, as strptime says
    "Mon Feb 29, 2016 13:40 am", "Mon Feb 29, 2016 0:40 am", "Mon Feb 29, 2016 1:60 am",
    "Mon Feb 29 2016 1:40 am", "Mon Feb 29, 16 1:40 am", "Mon Feb 29, 2016 1:40 amx",
    "Monday Feb 29, 2016 1:40 am", "Mon Sept 29, 2016 1:40 am", "Mon Feb 29, 2016 1:40am",
], ids=lambda s: s.replace(" ", "_"))
def test_a_shown_phpbb_time_reads_as_strptime_reads_it(shown: str) -> None:
    assert postmeta._phpbb_time(shown, TZ) == _strptime(shown)
    assert postmeta.iso_time(shown, TZ) == _strptime(shown)


def test_the_phpbb_time_keeps_the_format_order_the_loop_keeps() -> None:
    """The loop moves the format that read a time to the front (a board uses one format); the
    fast path moves it too, so a later ambiguous time ("05-06-2020") reads the same."""
    saved = list(postmeta._time_formats)
    try:
        postmeta.iso_time("2016-03-01 13:40", TZ)
        assert postmeta._time_formats[0] != postmeta._TIME_FORMATS[0]
        assert postmeta.iso_time("Mon Feb 29, 2016 1:40 am", TZ) == "2016-02-29T01:40:00-05:00"
        assert postmeta._time_formats[0] == postmeta._TIME_FORMATS[0]
    finally:
        postmeta._time_formats[:] = saved


@pytest.mark.parametrize("html", [
    "<strong>a<!-- a comment -->b<?pi x?>c<i>d&amp;e</i>f</strong>",
    "<strong></strong>", "<strong><a href='#'>#675</a> by <b>Ann</b>\n\t</strong>",
    "<strong>Söze \u200b&nbsp;<span>x<br>y</span></strong>",
], ids=["comment-pi-entity", "empty", "nested", "beyond-ascii"])
def test_an_elements_text_is_itertext_and_xpath_string(html: str) -> None:
    doc = lxml.etree.fromstring(f"<html><body>{html}tail</body></html>", lxml.etree.HTMLParser())
    el = doc.find(".//strong")
    assert text_of(el) == "".join(el.itertext()) == el.xpath("string(.)")


def test_the_invisible_test_is_the_regex_it_replaced() -> None:
    regex = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]").search
    for text in ("", "vote", "vo\u200bte", "é\u00ad", "\ufeff", "\u2060x", "é\u200c", "é\u200d", "ü", "\u200e"):
        assert _has_invisible(text) == bool(regex(text)), repr(text)


DATA = Path(__file__).resolve().parent / "data" / "votes"


@pytest.mark.parametrize("spelled", ["bbvote", "BBVote", "BBVOTE"])
def test_a_vote_tag_in_capitals_is_read_on_a_page_beyond_ascii(spelled: str) -> None:
    """The page-wide "is there a [vote] tag at all" test folds case as UTF-8 bytes: a class
    written in capitals on a page with letters beyond ASCII is still found, and read."""
    from hostkit.votes.extract import post_votes
    from hostkit.votes.forums import parse_page

    html = (DATA / "phpbb_lastpage.html").read_text(encoding="utf-8")
    html = html.replace('class="bbvote"', f'class="{spelled}"').replace("I still think", "Söze still thinks")
    assert "bbvote" not in html or spelled == "bbvote"
    page = parse_page(html.encode("utf-8"), keep_html=False)
    votes = [v for p in page.posts for v in post_votes(p.body, p.marks, ("tag",)).votes]
    assert votes.count("VOTE: Lanternfish") == 2


def test_a_lazy_regex_is_compiled_once_on_first_use() -> None:
    from hostkit.votes.postmeta import lazy_re

    pattern = lazy_re(r"(?i)vote\s*:\s*(\w+)")
    assert pattern() is pattern()
    assert pattern().match("VOTE: Ann").group(1) == "Ann"


@pytest.mark.parametrize("text", ["#675", "p7702957", "675", "#", "p", "", "#1,326", "Reply #15", "#6a", "x12",
                                  "#\u0663\u0664", "p\u00b2", "1.5", "##5", "#-3"])
def test_a_shown_number_reads_as_the_search_reads_it(text: str) -> None:
    """to_int's shortcut for "#675" and "p7702957" gives the regex search's answer."""
    m = postmeta._DIGITS.search(text)
    want = int(m.group(0).replace(",", "").replace(".", "")) if m else None
    assert postmeta.to_int(text) == want


@pytest.mark.parametrize("style, may", [
    ("font-size: 110%; line-height: normal", False), ("COLOR: red", True), ("Font-Weight: bold", True),
    ("background-color: #fff", True), ("font-family: 'Bookman Old Style'", False), ("", False),
])
def test_only_a_style_naming_a_colour_or_weight_can_mark_text(style: str, may: bool) -> None:
    from hostkit.votes.styles import _STYLE_COLOUR, _STYLE_WEIGHT, _colours

    assert _colours(style) == may
    if not may:
        assert not _STYLE_COLOUR.findall(style) and not _STYLE_WEIGHT.search(style)


def _body(html: str) -> lxml.etree._Element:
    return lxml.etree.fromstring(f"<html><body><div>{html}</div></body></html>", lxml.etree.HTMLParser()).find(".//div")


def test_a_body_of_font_sizes_alone_is_not_walked_but_reads_the_same() -> None:
    """A vote word and a font-size style: nothing can be marked, so no walk; the marks are none."""
    from hostkit.votes.marks import NO_MARKS, marks_of

    assert marks_of(_body('<span style="font-size: 150%">I vote for peace</span> today')) == NO_MARKS
    red = marks_of(_body('<span style="font-size: 150%; color: red">Vote: Ann</span>'))
    assert red and red[0][0][1] == "Vote: Ann"


def test_two_hashes_a_skipped_element_brings_together_still_read_as_a_hash_vote() -> None:
    """With a # in the body, any style still sends it to the walk (as before): a script between
    two #s joins them in the walked text, and that ##vote stays read."""
    from hostkit.votes.extract import read_marks
    from hostkit.votes.marks import marks_of

    marks = marks_of(_body('<span style="font-size: 90%">x</span>#<script>1</script>#vote Ann'))
    assert read_marks(marks, ("hash",)).votes == ("##vote Ann",)


# --------------------------------------------------------------------------- the vote-line hint

_HINT_CASES = [
    "vote: bob", "vote : bob", "vote\u00a0\u2003:", "vote\n\n:", "unvote: ann", "vote bob", "votes are in",
    "pseudo vote bob", "pseudo-vote: x", "pseudo--  vote", "fake vote", "mock-vote", "hypothetical vote",
    "unofficial vote", "unoffical vote", "pretend vote", "imaginary vote", "theoretical vote",
    "nonbinding vote", "non-binding vote", "non binding vote", "non--binding vote",
    "intent to vote bob", "intent  to\tvote", "intent-to vote", "intent tovote", "intend to vote",
    "intending to vote", "intending vote", "planning to vote", "going to vote ann", "gonna vote ann",
    "gonna-to-vote", "gonna to  vote", "i am going to vote", "i'm going to\u00a0vote", "going tо vote",
    "goingto vote", "going  tovote", "going\n\nto\n\nvote", "pseudovote", "ingoing vote", "regonna vote",
    "vote vote vote", "gonna vot", "to vote", "votevote:", "pseudo vote" * 3, "xyz", "", "voting: bob",
    "intent to vote and vote: bob", "vote\u2028:", "pseudo\u2029vote", "vоte: bob",
]


@pytest.mark.parametrize("low", _HINT_CASES, ids=lambda s: repr(s)[1:-1][:40] or "empty")
def test_line_hint_finds_what_the_pattern_finds(low: str) -> None:
    """marks.line_hint reads each "vote" backwards instead of trying LINE_HINT at every letter:
    it must say exactly what LINE_HINT's search says, on every separator and spelling."""
    from hostkit.votes.marks import LINE_HINT, line_hint

    assert line_hint(low) is (LINE_HINT().search(low) is not None)


def test_line_hint_agrees_on_random_texts() -> None:
    """Texts strung from the hint's words, separators and near misses agree with LINE_HINT."""
    import random

    from hostkit.votes.marks import LINE_HINT, line_hint

    rng = random.Random(39)
    bits = ["vote", "vot", "ote", "to", "t", "o", ":", " ", "  ", "-", "\n", "\t", "\u00a0", "x", "a", "non",
            "binding", "non-binding", "pseudo", "intent", "intending", "going", "gonna", "fake", "mock", "e"]
    for _ in range(20000):
        low = "".join(rng.choice(bits) for _ in range(rng.randint(0, 9)))
        assert line_hint(low) is (LINE_HINT().search(low) is not None), low
