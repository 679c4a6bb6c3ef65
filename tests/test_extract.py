"""hostkit.votes.extract: vote markup found in each engine's real markup, quotes left out, texts parsed."""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest

from hostkit.model.errors import HostkitError
from hostkit.votes.extract import (
    COUNT_MARKER,
    ParsedVote,
    extract,
    is_count_post,
    is_no_elimination,
    parse_vote,
    vote_texts,
)

THREADS = Path(__file__).resolve().parents[2] / "shared" / "threads"
DATA = Path(__file__).resolve().parent / "data" / "votes"
ALL = ("red", "bold", "tag", "hash")

# Each engine's own red markup, as its pages render [COLOR]: the real pages show XenForo 1's
# `color: #ff0000`, phpBB's `color: #FF4000` style, vBulletin 3's `<font color="Red">` and
# vBulletin 5's `color:#000000`; the others are the engines' documented output.
RED = {
    "xenforo1": '<span style="color: #ff0000">{}</span>',
    "xenforo2": '<span style="color: rgb(255, 0, 0)">{}</span>',
    "phpbb": '<span style="color: #FF0000">{}</span>',
    "vbulletin3": '<font color="Red">{}</font>',
    "vbulletin4": '<font color="#FF0000">{}</font>',
    "vbulletin5": '<span style="color:#FF0000">{}</span>',
    "nodebb": '<span style="color:#f00">{}</span>',
}

# How to find posts in the real pages: (post, author, body, a quote's content inside the body).
PAGES = {
    "xenforo1": ('//li[contains(concat(" ",@class," ")," message ")]', "string(@data-author)",
                 './/blockquote[contains(@class,"messageText")]', './/div[contains(@class,"bbCodeQuote")]//div[@class="quote"]'),
    "xenforo2": ('//article[contains(concat(" ",@class," ")," message ")]', "string(@data-author)",
                 './/div[@class="bbWrapper"]', './/blockquote[contains(@class,"bbCodeBlock--quote")]//div[contains(@class,"bbCodeBlock-expandContent")]'),
    "phpbb": ('//div[contains(@class,"postbody")]', 'string(.//p[@class="author"]//strong)',
              './/div[@class="content"]', ".//blockquote/div"),
    "vbulletin3": ('//table[starts-with(@id,"post")]', 'string(.//a[@class="bigusername"])',
                   './/div[starts-with(@id,"post_message_")]', './/td[@class="alt2"]'),
    "vbulletin4": ('//li[contains(@class,"postcontainer")]', 'string(.//a[contains(@class,"username")])',
                   './/blockquote[contains(@class,"postcontent")]', './/div[@class="bbcode_quote"]//div[@class="message"]'),
    "vbulletin5": ('//li[contains(@class,"b-post") and @data-node-id]', 'string(.//div[contains(@class,"author")]//a)',
                   './/div[contains(@class,"js-post__content-text")]', './/div[@class="bbcode_quote"]//div[@class="message"]'),
    "nodebb": ('//li[@component="post"]', "string(@data-username)",
               './/div[@component="post/content"]', ".//blockquote"),
}

# XenForo 2's quote, as its BBCode renderer writes it (the saved XenForo 2 page quotes no one).
XF2_QUOTE = (
    '<blockquote data-attributes="member: 7" data-quote="krstep" data-source="post: 114243" '
    'class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch">'
    '<div class="bbCodeBlock-title"><a href="/goto/post?id=114243" class="bbCodeBlock-sourceJump" '
    'rel="nofollow" data-xf-click="attribution" data-content-selector="#post-114243">krstep said:</a></div>'
    '<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent ">'
    "I think the theme should stay.</div>"
    '<div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">Click to expand...</a></div>'
    "</div></blockquote>"
)


def _page(engine: str) -> lxml.html.HtmlElement:
    path = THREADS / f"{engine}.html"
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return lxml.html.document_fromstring(path.read_bytes())


def _inner(el: lxml.html.HtmlElement) -> str:
    return (el.text or "") + "".join(lxml.html.tostring(c, encoding="unicode") for c in el)


def _bodies(engine: str) -> list[lxml.html.HtmlElement]:
    post, _, body, _ = PAGES[engine]
    return [p.xpath(body)[0] for p in _page(engine).xpath(post)]


def _fragment(html: str) -> lxml.html.HtmlElement:
    return lxml.html.fragment_fromstring(html)


# --------------------------------------------------------------------------- real pages


@pytest.mark.parametrize("engine", list(PAGES), ids=list(PAGES))
def test_real_page_holds_no_stray_votes(engine):
    bodies = _bodies(engine)
    assert len(bodies) >= 8
    for body in bodies:
        for html in (_inner(body), lxml.html.tostring(body, encoding="unicode")):
            assert extract(html, ALL) == extract("")


@pytest.mark.parametrize("engine", list(PAGES), ids=list(PAGES))
def test_real_page_quote_hides_planted_vote(engine):
    quote_xpath = PAGES[engine][3]
    bodies = _bodies(engine)
    with_quote = [b for b in bodies if b.xpath(quote_xpath)]
    if not with_quote:  # XenForo 2's saved page has no quote: add one in its own markup
        bodies[0].append(_fragment(XF2_QUOTE))
        with_quote = [bodies[0]]
    body = with_quote[0]
    body.xpath(quote_xpath)[0].append(_fragment(RED[engine].format("Vote: Quoted")))
    body.append(_fragment(RED[engine].format("Vote: Outside")))
    for html in (_inner(body), lxml.html.tostring(body, encoding="unicode")):
        found = extract(html)
        assert found.votes == ("Vote: Outside",)
        assert found.quoted == ("Vote: Quoted",)


@pytest.mark.parametrize("engine", list(PAGES), ids=list(PAGES))
def test_real_page_bold_is_not_red(engine):
    body = _bodies(engine)[1]
    body.append(_fragment("<b>Vote: Bolder</b>"))
    body.append(_fragment(f"<b>{RED[engine].format('Unvote')}</b>"))
    html = _inner(body)
    assert vote_texts(html) == ["Unvote"]
    assert vote_texts(html, ("bold",)) == ["Vote: Bolder", "Unvote"]


# --------------------------------------------------------------------------- small pages of engines not saved


ENGINE_FILES = {
    # file: (votes, quoted) that a host reads in it
    "discourse.html": (("Vote: Ann",), ("Vote: Bob",)),
    "invision.html": (("Unvote", "vote carol"), ("Vote: Bob",)),
    "mybb.html": (("VOTE: Dave",), ("Vote: Bob",)),
    "smf.html": (("No lynch",), ("Vote: Bob",)),
    "vbulletin3_nested.html": (("Vote: Eve",), ("Vote: Bob", "Vote: Carol")),
}


@pytest.mark.parametrize("name", list(ENGINE_FILES), ids=[n.removesuffix(".html") for n in ENGINE_FILES])
def test_engine_fixture(name):
    votes, quoted = ENGINE_FILES[name]
    found = extract((DATA / name).read_text(encoding="utf-8"))
    assert found.votes == votes
    assert found.quoted == quoted


# --------------------------------------------------------------------------- markups

RED_SPELLINGS = [
    ("css-name", '<span style="color: red">Vote: Bob</span>'),
    ("css-name-caps", '<span style="COLOR: Red">Vote: Bob</span>'),
    ("hex3", '<span style="color:#f00">Vote: Bob</span>'),
    ("hex6-lower", '<span style="color: #ff0000">Vote: Bob</span>'),
    ("hex6-upper", '<span style="color:#FF0000;">Vote: Bob</span>'),
    ("rgb-spaces", '<span style="color: rgb(255, 0, 0)">Vote: Bob</span>'),
    ("rgb-tight", '<span style="color:rgb(255,0,0)">Vote: Bob</span>'),
    ("rgba", '<span style="color: rgba(255, 0, 0, 1)">Vote: Bob</span>'),
    ("font-name", '<font color="red">Vote: Bob</font>'),
    ("font-Red", '<font color="Red">Vote: Bob</font>'),
    ("font-hex", '<font color="#FF0000">Vote: Bob</font>'),
    ("div", '<div style="color: #ff0000">Vote: Bob</div>'),
    ("xf2-palette-red", '<span style="color: rgb(226, 80, 65)">Vote: Bob</span>'),
    ("invision-red", '<span style="color:#e74c3c;">Vote: Bob</span>'),
    ("important", '<span style="font-size: 12px; color: #f00 !important">Vote: Bob</span>'),
    ("last-colour-wins", '<span style="color: blue; color: red">Vote: Bob</span>'),
    ("bold-outside", '<b><span style="color: red">Vote: Bob</span></b>'),
    ("bold-inside", '<span style="color: red"><strong>Vote: Bob</strong></span>'),
    ("bold-italic-nest", '<i><font color="red"><b>Vote:</b> <u>Bob</u></font></i>'),
    ("split-spans", '<span style="color: #ff0000"><b>Vote</b></span><span style="color: #ff0000">: Bob</span>'),
    ("nbsp", '<span style="color: red">Vote:&nbsp;Bob</span>'),
    ("zero-width", '<span style="color: red">Vote: B\u200bob</span>'),
]


@pytest.mark.parametrize("html", [h for _, h in RED_SPELLINGS], ids=[i for i, _ in RED_SPELLINGS])
def test_red_in_every_spelling(html):
    assert vote_texts(f"Some words. {html} More words.") == ["Vote: Bob"]


NOT_RED = [
    ("orange", '<span style="color: #FF4000">Vote: Bob</span>'),
    ("background", '<span style="background-color: red">Vote: Bob</span>'),
    ("pink", '<span style="color: #ff8080">Vote: Bob</span>'),
    ("yellow", '<span style="color: #ffff00">Vote: Bob</span>'),
    ("crimson", '<span style="color: crimson">Vote: Bob</span>'),
    ("bold-only", "<b>Vote: Bob</b>"),
    ("plain", "Vote: Bob"),
    ("blue-inside-red", '<span style="color: red"><span style="color: blue">Vote: Bob</span></span>'),
    ("red-prose", '<span style="color: red">I will never vote Bob</span>'),
    ("red-keyword-alone", '<span style="color: red">Vote</span>'),
]


@pytest.mark.parametrize("html", [h for _, h in NOT_RED], ids=[i for i, _ in NOT_RED])
def test_not_a_red_vote(html):
    assert vote_texts(html) == []


MARKUP_CASES = [
    ("bold-b", ("bold",), "<b>Vote: Bob</b>", ["Vote: Bob"]),
    ("bold-strong", ("bold",), '<strong class="text-strong">vote bob</strong>', ["vote bob"]),
    ("bold-style", ("bold",), '<span style="font-weight: bold">Unvote</span>', ["Unvote"]),
    ("bold-700", ("bold",), '<span style="font-weight:700">No lynch</span>', ["No lynch"]),
    ("bold-unbolded", ("bold",), '<b>Vote: Ann <span style="font-weight:normal">because</span></b>', ["Vote: Ann"]),
    ("bold-ignores-red", ("bold",), '<span style="color: red">Vote: Bob</span>', []),
    ("tag-full", ("tag",), '<span class="bbvote" title="This is an official vote.">VOTE: Bob</span>', ["VOTE: Bob"]),
    ("tag-name-only", ("tag",), '<span class="bbvote">Bob</span>', ["VOTE: Bob"]),
    ("tag-unvote", ("tag",), '<span class="bbvote">UNVOTE: </span>', ["UNVOTE:"]),
    ("tag-ignores-red", ("tag",), '<span style="color: red">Vote: Bob</span>', []),
    ("hash", ("hash",), "I think... ##vote Bob<br>and later ##unvote", ["##vote Bob", "##unvote"]),
    ("hash-same-line", ("hash",), "<p>##unvote ##vote Carol</p>", ["##unvote", "##vote Carol"]),
    ("hash-ignores-red", ("hash",), '<span style="color: red">Vote: Bob</span>', []),
    ("red-and-bold", ("red", "bold"), '<b>Vote: Ann</b> then <font color="red">Vote: Bob</font>',
     ["Vote: Ann", "Vote: Bob"]),
    ("red-hash-once", ("red", "hash"), '<font color="red">##vote Bob</font>', ["##vote Bob"]),
    ("order-kept", ("red",), '<font color="red">Vote: Ann</font> text <font color="red">Unvote</font>'
     '<br><font color="red">Vote: Carol</font>', ["Vote: Ann", "Unvote", "Vote: Carol"]),
    ("two-in-one-run", ("red",), '<font color="red">Unvote Vote: Bob</font>', ["Unvote", "Vote: Bob"]),
    ("br-splits", ("red",), '<font color="red">Unvote<br>Vote: Bob</font>', ["Unvote", "Vote: Bob"]),
]


@pytest.mark.parametrize(("markups", "html", "expected"), [c[1:] for c in MARKUP_CASES],
                         ids=[c[0] for c in MARKUP_CASES])
def test_markups(markups, html, expected):
    assert vote_texts(html, markups) == expected


QUOTES = [
    ("blockquote", "<blockquote>{}</blockquote>"),
    ("xf1", '<div class="bbCodeBlock bbCodeQuote" data-author="A"><aside><div class="attribution type">A said:</div>'
     '<blockquote class="quoteContainer"><div class="quote">{}</div></blockquote></aside></div>'),
    ("xf2", XF2_QUOTE.replace("I think the theme should stay.", "{}")),
    ("phpbb-cited", "<blockquote><div><cite>A wrote:</cite>{}</div></blockquote>"),
    ("phpbb-uncited", '<blockquote class="uncited"><div>{}</div></blockquote>'),
    ("vb3-table", '<div style="margin:20px; margin-top:5px; "><div class="smallfont" style="margin-bottom:2px">Quote:</div>'
     '<table cellpadding="6" cellspacing="0" border="0" width="100%"><tr><td class="alt2" style="border:1px inset">'
     "<div>Originally Posted by <strong>A</strong></div><div style=\"font-style:italic\">{}</div></td></tr></table></div>"),
    ("vb4", '<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
     '<div class="bbcode_quote_container"></div><div class="bbcode_postedby">Originally Posted by <strong>A</strong></div>'
     '<div class="message">{}</div></div></div></div>'),
    ("discourse", '<aside class="quote no-group" data-username="a" data-post="3" data-topic="9">'
     '<div class="title">A:</div><blockquote><p>{}</p></blockquote></aside>'),
    ("invision", '<blockquote class="ipsQuote" data-ipsquote=""><div class="ipsQuote_citation">A said:</div>'
     '<div class="ipsQuote_contents"><p>{}</p></div></blockquote>'),
    ("mybb", '<blockquote class="mycode_quote"><cite>A Wrote:</cite>{}</blockquote>'),
    ("smf", '<div class="quoteheader"><div class="topslice_quote">Quote from: A</div></div>'
     '<blockquote class="bbc_standard_quote">{}</blockquote><div class="quotefooter"></div>'),
    ("nodebb", '<p dir="auto">@A said in <a href="/post/1">T</a>:</p><blockquote dir="auto"><p dir="auto">{}</p></blockquote>'),
    ("nested", "<blockquote><blockquote>{}</blockquote></blockquote>"),
]


@pytest.mark.parametrize("wrapper", [w for _, w in QUOTES], ids=[i for i, _ in QUOTES])
def test_quotes_in_every_engine(wrapper):
    vote = '<span style="color: red">Vote: Bob</span>'
    html = wrapper.format(vote) + '<span style="color: red">Vote: Carol</span>'
    for markups in (("red",), ALL):
        found = extract(html, markups)
        assert found.votes == ("Vote: Carol",)
        assert "Vote: Bob" in found.quoted


def test_hash_in_quote_is_quoted():
    found = extract("<blockquote>##vote Bob</blockquote>##vote Carol", ("hash",))
    assert found == type(found)(("##vote Carol",), ("##vote Bob",))


@pytest.mark.parametrize(("spoilers", "expected"), [(False, ["Vote: Bob"]), (True, [])], ids=["read", "removed"])
def test_spoilers_flag(spoilers, expected):
    html = ('<div class="bbCodeSpoilerContainer"><div class="SpoilerTarget bbCodeSpoilerText">'
            '<font color="red">Vote: Bob</font></div></div>')
    assert vote_texts(html, spoilers=spoilers) == expected
    assert vote_texts(f"<details><summary>s</summary>{html}</details>", spoilers=spoilers) == expected


@pytest.mark.parametrize("html", ["", "   ", "<!-- x -->", "plain text", "<p></p>", "<b>"],
                         ids=["empty", "blank", "comment", "plain", "empty-p", "broken"])
def test_nothing_to_read(html):
    assert vote_texts(html, ALL) == []


def test_unknown_markup_refused():
    with pytest.raises(HostkitError, match="purple"):
        vote_texts("x", ("purple",))


# --------------------------------------------------------------------------- parse_vote

PARSE = [
    ("Vote: Bob", ParsedVote("vote", "Bob", "Vote: Bob")),
    ("vote Bob", ParsedVote("vote", "Bob", "vote Bob")),
    ("VOTE: Bob", ParsedVote("vote", "Bob", "VOTE: Bob")),
    ("vote:bob.", ParsedVote("vote", "bob", "vote:bob.")),
    ("Vote - Gentleman Johnny!", ParsedVote("vote", "Gentleman Johnny", "Vote - Gentleman Johnny!")),
    ("vote @Bob", ParsedVote("vote", "Bob", "vote @Bob")),
    ('Vote: "Bob"', ParsedVote("vote", "Bob", 'Vote: "Bob"')),
    ("##vote Bob", ParsedVote("vote", "Bob", "##vote Bob")),
    ("Unvote", ParsedVote("unvote", None, "Unvote")),
    ("UNVOTE:", ParsedVote("unvote", None, "UNVOTE:")),
    ("Unvote: Bob", ParsedVote("unvote", "Bob", "Unvote: Bob")),
    ("un-vote bob", ParsedVote("unvote", "bob", "un-vote bob")),
    ("##unvote", ParsedVote("unvote", None, "##unvote")),
    ("No lynch", ParsedVote("none", None, "No lynch")),
    ("No Elimination", ParsedVote("none", None, "No Elimination")),
    ("vote no lynch", ParsedVote("none", None, "vote no lynch")),
    ("Vote: No Elimination", ParsedVote("none", None, "Vote: No Elimination")),
    ("Sleep", ParsedVote("none", None, "Sleep")),
    ("sleep.", ParsedVote("none", None, "sleep.")),
    ("vote", None),
    ("Voter Bob", None),
    ("votes for Bob", None),
    ("I vote Bob", None),
    ("Bob", None),
    ("", None),
    ("No lynching today please", None),
]


@pytest.mark.parametrize(("text", "expected"), PARSE, ids=[t or "empty" for t, _ in PARSE])
def test_parse_vote(text, expected):
    assert parse_vote(text) == expected


@pytest.mark.parametrize(("name", "expected"), [("no lynch", True), ("No-Elimination", True), ("sleep", True),
                                                ("nobody", True), ("Noel", False), ("Bob", False)],
                         ids=["lynch", "elimination", "sleep", "nobody", "noel", "bob"])
def test_is_no_elimination(name, expected):
    assert is_no_elimination(name) is expected


# --------------------------------------------------------------------------- count marker


@pytest.mark.parametrize(("body", "expected"), [
    (f"Vote Count 1.03{COUNT_MARKER}<br>Bob (2): Ann, Carol", True),
    ("Vote Count 1.03&#8203;&#8288;&#8204;&#8288;&#8205;", True),
    ("Vote Count 1.03&#x200B;&#x2060;&#x200C;&#x2060;&#x200D;", True),
    ("Vote Count 1.03 \u200b only one", False),
    ("plain post", False),
    (f"<blockquote>Vote Count 1.03{COUNT_MARKER}</blockquote>I disagree with this count.", False),
    (f'<div class="bbCodeBlock bbCodeQuote"><aside>Count{COUNT_MARKER}</aside></div>Mine', False),
    (f"<p>Vote Count 1.04<br><b>Bob</b> (1){COUNT_MARKER}</p><blockquote>quoted</blockquote>", True),
], ids=["raw", "decimal-entities", "hex-entities", "partial", "plain", "quoted-count", "quoted-count-xf",
        "marker-outside-quote"])
def test_count_marker(body, expected):
    assert is_count_post(body) is expected


def test_count_marker_is_invisible():
    assert COUNT_MARKER.strip() != "" and not COUNT_MARKER.isprintable()
    assert all(ch in "\u200b\u200c\u200d\u2060" for ch in COUNT_MARKER)
