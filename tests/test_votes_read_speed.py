"""Reading a thread page cheaper (issue 9, speed) reads it exactly as the general path does.

Each shortcut of the page reader and the vote walker is checked against the way it stands in
for, on generated bodies and pages built to part the two: the walker's in-line reading of an
element with no children against its call for an element with children.
"""

from __future__ import annotations

import copy

import lxml.etree
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from hostkit.votes.extract import _SKIP, marks_of, read_marks

# Texts that matter to the walker: vote words, line breaks, tabs and carriage returns (spaces
# when rendered), invisible characters (left out), no-break spaces (a run's gap), ## votes.
_TEXTS = st.sampled_from([
    "", " ", "Vote: Ann", "vote", "\n", "\t", "\r\n", "vo\u200bte", "Bob\u00ad", "\xa0", "##vote Cy", "#",
    "Unvote", " no lynch ", "é", "x\ty", "VOTE:\tDee\r", "&nbsp;", "&#8203;", "sleep", "vote\tFay", "\rVote: Gil",
])
# Elements that change what the walker reads: red and bold markup, quotes, blocks, skipped ones.
_OPEN = st.sampled_from([
    ("b", ""), ("strong", ""), ("i", ""), ("span", ' style="color: red"'), ("span", ' style="font-weight: bold"'),
    ("span", ' style="color: blue"'), ("font", ' color="#ff0000"'), ("div", ""), ("blockquote", ""),
    ("span", ' class="bbvote"'), ("div", ' class="quotetitle"'), ("div", ' class="quotecontent"'),
    ("script", ""), ("details", ""), ("span", ' class="spoiler"'), ("p", ""), ("a", ' href="#x"'), ("td", ""),
])


def _html(depth: int = 3) -> st.SearchStrategy[str]:
    leaf = _TEXTS | st.just("<br>") | st.just("<!-- c -->")
    return st.recursive(
        leaf,
        lambda inner: st.tuples(_OPEN, st.lists(inner, max_size=4), _TEXTS).map(
            lambda t: f"<{t[0][0]}{t[0][1]}>{''.join(t[1])}</{t[0][0]}>{t[2]}"),
        max_leaves=12,
    )


def _body(html: str) -> lxml.etree._Element:
    doc = lxml.etree.fromstring(f"<html><body><div>{html}</div></body></html>", lxml.etree.HTMLParser())
    return doc.find(".//div")


def _with_children(root: lxml.etree._Element) -> lxml.etree._Element:
    """ROOT with an empty <span> put in every element that has none: each is then read by the
    walker's call for an element with children, none by its in-line leaf path, and the span
    itself adds no text and no mark."""
    root = copy.deepcopy(root)
    for el in list(root.iter(lxml.etree.Element)):
        if len(el) == 0 and el is not root and el.tag.lower() not in _SKIP and el.tag != "br":
            lxml.etree.SubElement(el, "span")
    return root


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_html(), min_size=1, max_size=5))
def test_a_leaf_read_in_line_reads_as_an_element_with_children(parts: list[str]) -> None:
    root = _body("".join(parts))
    general = _with_children(root)
    assert not any(len(el) == 0 and el.tag not in ("br", "span") and el.tag.lower() not in _SKIP
                   for el in general.iter(lxml.etree.Element) if el is not general)
    for spoilers in (False, True):
        assert marks_of(root, spoilers=spoilers) == marks_of(general, spoilers=spoilers)


@pytest.mark.parametrize("html, votes", [
    ("<b>Vote:\tAnn</b>", ("Vote: Ann",)),
    ("<b>Vo\u200bte: Bob</b>", ("Vote: Bob",)),
    ('<span style="color: red">Unvote</span>\xa0<b>VOTE: Cy\r</b>', ("Unvote", "VOTE: Cy")),
    ("<blockquote><b>Vote: Dee</b></blockquote><b>vote\nEve</b>", ("vote Eve",)),
], ids=["tab-in-leaf", "invisible-in-leaf", "run-over-gap", "quoted-leaf"])
def test_leaf_texts_are_flattened_as_every_text_is(html: str, votes: tuple[str, ...]) -> None:
    """A leaf's text gets the walker's flattening (tabs, carriage returns and line breaks are
    spaces, invisible characters go): the same votes with or without an empty child inside."""
    marks = marks_of(_body(html))
    assert marks == marks_of(_with_children(_body(html)))
    assert read_marks(marks, ("red", "bold")).votes == votes
