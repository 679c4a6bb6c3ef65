"""Reading a thread page cheaper (issue 9, speed) reads it exactly as the general path does.

Each shortcut of the page reader and the vote walker is checked against the way it stands in
for, on generated bodies and pages built to part the two: the walker's in-line reading of an
element with no children against its call for an element with children.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import lxml.etree
import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from hostkit.votes.extract import read_marks
from hostkit.votes.marks import marks_of
from hostkit.votes.walk import _SKIP

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
@example(['<b><span style="color: red">#</span>Vote: Ann</b>'])  # a one-letter colour piece (rainbow text)
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


# --------------------------------------------------------------------------- phpBB's one-walk fields

_PAGES = Path(__file__).resolve().parent / "data" / "votes"
_SHARED = Path(__file__).resolve().parents[2] / "shared" / "threads" / "phpbb.html"


def _post(head: str, blocks: str = '<div class="content">Vote: Ann</div>') -> str:
    return (f'<div id="p1" class="post bg1"><div class="inner"><div class="postbody">{head}{blocks}</div>'
            '<dl class="postprofile"><dt><a class="username">Pro File</a></dt></dl></div></div>')


# Headers built to part a one-walk reading from the XPath paths: a <time>, an empty first
# <strong>, a number only in a "#" link, comments and several "»" texts, a header inside
# div#post_content, two headers, an edit notice.
_HEADS = {
    "time-element": _post('<p class="author"><a href="./viewtopic.php?p=9#p9">x</a> by <strong>Ann</strong> '
                          '<time datetime=" 2016-03-01T10:00:00+00:00 ">Tue</time> » Mon Feb 29, 2016 1:40 am</p>'),
    "empty-strong": _post('<p class="author">» Sun Feb 28, 2016 1:00 am <strong></strong> <span class="username">Bob</span> '
                          '» Mon Feb 29, 2016 1:40 am</p>'),
    "hash-link-number": _post('<p class="author"><a href="./viewtopic.php?p=7#p7"> #42 </a> by <strong><a>Cy'
                              '</a></strong><!-- » not text --> » Tue Mar 01, 2016 2:00 pm » edited</p>'),
    "bolded-number-nested": _post('<div id="post_content1"><h3>Re</h3><p class="author"><a href="#x"></a> '
                                  '<span class="x post-number-bolded"><a href="./viewtopic.php?p=1#p1">#675</a>'
                                  '</span> by <strong>Dee</strong> » Wed Mar 02, 2016 3:00 am</p>'
                                  '<div class="content">hi</div><div class="notice">Last edited by Dee</div></div>',
                                  blocks=""),
    "two-heads": _post('<p class="author">» Thu Mar 03, 2016 4:00 am</p><p class="author"><strong>Eve</strong>'
                       '<span class="post-number-bolded"></span><a href="./a#p3">#3</a></p>'),
    "no-head": _post('<p class="other"><strong>Fay</strong></p>'),
}


def _xpath_fields(ad: Any, el: Any) -> dict[str, Any]:
    """The phpBB row's fields as its XPath paths read them (what _read_posts reads without the walk)."""
    from hostkit.votes.forums import _first

    body = ad.body(el)
    return {"author": _first(el, ad.author), "number": _first(el, ad.number), "time": _first(el, ad.time),
            "url": _first(el, ad.url), "body": body[0] if body else None, "edited": bool(ad.edited(el))}


def _phpbb_pages() -> list[tuple[str, bytes]]:
    pages = [(p.name, p.read_bytes()) for p in sorted(_PAGES.glob("phpbb*.html"))]
    pages += [(f"built-{k}", f"<html><body>{v}</body></html>".encode()) for k, v in _HEADS.items()]
    if not _SHARED.exists():  # a fresh clone has no ../shared: the real page's case skips, the rest run
        return pages + [pytest.param("shared-phpbb", b"", id="shared-phpbb",
                                     marks=pytest.mark.skip(reason=f"{_SHARED} is not here (no ../shared)"))]
    return pages + [("shared-phpbb", _SHARED.read_bytes())]


@pytest.mark.parametrize("name, raw", _phpbb_pages(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_phpbb_one_walk_reads_what_the_rows_xpaths_read(name: str, raw: bytes) -> None:
    """_phpbb_fields (one walk of a post's top levels, a header's descendants met once and its own
    text nodes after) gives each field the row's XPath path gives, on real and built pages."""
    from hostkit.votes import adapters, forums

    ad = forums._adapter("phpbb")
    doc = forums._parse_tree(raw.decode("utf-8"))
    posts = forums._posts(ad, doc)
    assert posts
    walked = 0
    for el in posts:
        got = forums._phpbb_fields(el)
        if got is None:  # no prosilver header: the XPath paths read the post instead
            assert not el.xpath(f"{adapters._PB_HEAD}") or name == "built-no-head"
            continue
        walked += 1
        want = _xpath_fields(ad, el)
        got = dict(got, author=got["author"] or forums._first(el, ad.author[1:]))
        assert got == want
    assert walked or name == "built-no-head"


_DIVS = [
    '<div id="p1" class="post bg1">a</div>', '<div id="p" class="post">b</div>', '<div id="P2" class="post">c</div>',
    '<div id="p3" class="posts">d</div>', '<div id="p4" class="bg post\tx">e</div>', '<div id="p5" class="post\xa0x">f</div>',
    '<div class="post" id="x6">g</div>', '<div id="p7">h</div>', '<div id="p8" class="">i</div>',
    '<div id="p9" class="\npost\n"><div id="p10" class="post inner">nested</div></div>', '<span id="p11" class="post">j</span>',
    '<div id=" p12" class="post">k</div>', '<div id="p13" class="POST">l</div>', '<div id="post_content14" class="x post">m</div>',
]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_DIVS), max_size=12))
def test_phpbb_posts_found_by_the_div_loop_are_the_rows_xpaths(divs: list[str]) -> None:
    """_posts' loop over the divs (id first, then the class token in XPath's whitespace) finds the
    elements the row's `posts` XPath finds, in the same order."""
    from hostkit.votes import forums

    ad = forums._adapter("phpbb")
    doc = lxml.etree.fromstring(f"<html><body>{''.join(divs)}</body></html>", lxml.etree.HTMLParser())
    assert forums._posts(ad, doc) == ad.posts(doc)
