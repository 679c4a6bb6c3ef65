"""Forum adapters: real saved pages (read in place from ../shared/threads) and our own small pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from hostkit.votes.forums import ENGINES, Page, decode, detect_engine, parse_page

REAL = Path(__file__).resolve().parents[2] / "shared" / "threads"
OURS = Path(__file__).resolve().parent / "data" / "threads"

needs_real = pytest.mark.skipif(not REAL.is_dir(), reason="the shared real thread pages are not here")


def real(name: str) -> Page:
    path = REAL / f"{name}.html"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    return parse_page(path.read_bytes())


def ours(name: str, **kw: object) -> Page:
    return parse_page((OURS / f"{name}.html").read_bytes(), **kw)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- real pages

# engine -> (post count, first number, authors in page order), verified by reading each page.
REAL_PAGES = {
    "phpbb": (25, 26, ["Jakob", "promethean75", "Urwrongx1000", "Jakob", "Jakob", "Jakob", "Urwrongx1000",
                       "Jakob", "Urwrongx1000", "Jakob", "Jakob", "Jakob", "Jakob", "Jakob", "Artimas", "Jakob",
                       "Artimas", "Jakob", "Artimas", "Silhouette", "promethean75", "promethean75",
                       "Urwrongx1000", "Artimas", "promethean75"]),
    "vbulletin3": (20, 3021, ["Shirohige", "BBOvenGuy", "Romanticide", "Shirohige", "karice67", "wolfie74",
                              "Romanticide", "BBOvenGuy", "Sagitta Luminis", "BBOvenGuy", "BBOvenGuy", "karice67",
                              "pimathbrainiac", "Marcus H.", "pimathbrainiac", "BleedingUranium", "BBOvenGuy",
                              "Marina2", "Proto", "Kamieichi"]),
    "vbulletin4": (10, 1, ["Rainmaker", "Mjölnir", "sandsjames", "Mjölnir", "Rainmaker", "sandsjames", "Mjölnir",
                           "Mjölnir", "giggawatt", "sandsjames"]),
    "vbulletin5": (15, 1, ["Buckeye", "Buckeye", "General Hentai", "Buckeye", "Gildor", "Buckeye", "Buckeye",
                           "General Hentai", "Gildor", "General Hentai", "Buckeye", "Buckeye", "General Hentai",
                           "Buckeye", "Buckeye"]),
    "xenforo1": (25, 1326, ["TheBleachDoctor", "Crow", "TheBleachDoctor", "Higure", "TheBleachDoctor", "Omegastar",
                            "Higure", "TheBleachDoctor", "Higure", "Crow", "Omegastar", "Crow", "Higure",
                            "TheBleachDoctor", "Entropy Judge", "Higure", "Crow", "Entropy Judge", "Higure",
                            "TheBleachDoctor", "Crow", "TheBleachDoctor", "Hyp3rB14d3", "Wzd_JA", "Entropy Judge"]),
    "xenforo2": (8, 1, ["dieketzer", "krstep", "dieketzer", "anotheralias", "T3G Silas", "Azofan", "AndyB",
                        "sub_ubi"]),
    "nodebb": (13, 1, ["youhosi", "MJ", "fgallese", "youhosi", "arranka", "youhosi", "scottalanmiller", "arranka",
                       "scottalanmiller", "JJSagan", "scottalanmiller", "arranka", "tonylee123321"]),
}


@needs_real
@pytest.mark.parametrize("engine", sorted(REAL_PAGES), ids=sorted(REAL_PAGES))
def test_real_page_every_post_and_author(engine: str) -> None:
    count, first, authors = REAL_PAGES[engine]
    page = real(engine)
    assert page.engine == engine
    assert detect_engine((REAL / f"{engine}.html").read_bytes()) == engine
    assert len(page.posts) == count
    assert [p.author for p in page.posts] == authors
    assert [p.number for p in page.posts] == list(range(first, first + count))
    assert all(p.body.strip() for p in page.posts if p.author)
    assert all(p.post_id for p in page.posts)


@needs_real
@pytest.mark.parametrize("engine, page_no, last, next_end", [
    ("phpbb", 2, 10, "viewtopic.php?f=1&t=194998&start=50"),
    ("vbulletin3", 152, 155, "showthread.php?t=128882&page=153"),
    ("vbulletin4", 1, 2, "Bob-Dorr-dies-at-76/page2"),
    ("vbulletin5", 1, 2, "727744-isekai-quartet-discussion-thread/page2"),
    ("xenforo1", 54, 347, "threads/renascence-a-homura-quest.10402/page-55"),
    ("xenforo2", 1, 1, None),
    ("nodebb", 1, 1, None),
], ids=lambda v: str(v))
def test_real_page_pagination(engine: str, page_no: int, last: int, next_end: str | None) -> None:
    page = real(engine)
    assert (page.page, page.last_page) == (page_no, last)
    if next_end is None:
        assert page.next_url is None
    else:
        assert page.next_url is not None and page.next_url.endswith(next_end)


@needs_real
def test_real_page_details() -> None:
    # Times: real offsets, or the board's zone from its footer ("All times are GMT -5").
    assert real("xenforo2").posts[5].time == "2016-08-21T07:09:15+01:00"
    assert real("vbulletin3").posts[0].time == "2016-02-01T02:21:00-05:00"
    assert real("phpbb").posts[0].time == "2019-05-26T16:34:00+01:00"  # "UTC [ DST ]"
    assert real("nodebb").posts[1].time == "2019-03-24T22:05:33+00:00"
    assert real("vbulletin5").posts[1].time == "2019-04-09T16:55:39+00:00"  # data-node-publishdate
    assert real("xenforo1").posts[0].time is None  # only a zone-less title is shown
    # Edited flags, as the pages show them.
    assert [p.number for p in real("vbulletin3").posts if p.edited] == [3024, 3025, 3038]
    assert [p.number for p in real("nodebb").posts if p.edited] == [2, 4, 5, 8]
    assert [p.number for p in real("phpbb").posts if p.edited] == [31, 33]
    assert [p.number for p in real("xenforo1").posts if p.edited] == [1344]
    # Links and ids.
    xf1 = real("xenforo1").posts[1]
    assert (xf1.post_id, xf1.url) == ("2146297", "https://forums.sufficientvelocity.com/posts/2146297/")
    assert real("vbulletin3").posts[0].url == "showthread.php?p=5768670#post5768670"


@needs_real
@pytest.mark.parametrize("engine, quote_marker", [
    ("phpbb", "<blockquote"), ("vbulletin3", "Originally Posted by"), ("vbulletin4", "bbcode_quote"),
    ("vbulletin5", "bbcode_quote"), ("xenforo1", "bbCodeQuote"), ("nodebb", "<blockquote"),
], ids=lambda v: str(v))
def test_real_quotes_stay_signatures_go(engine: str, quote_marker: str) -> None:
    page = real(engine)
    assert any(quote_marker in p.body for p in page.posts)  # the extractor removes quotes, not us
    signature_text = {
        "phpbb": "For behold, all acts of love and pleasure are my rituals",
        "vbulletin3": "__________________",
        "vbulletin4": "The most important six inches on the battlefield",
        "vbulletin5": "The only thing better than anime is sports",
        "xenforo1": "The gacha merely swallows light and hope",
        "nodebb": "post-signature",
    }[engine]
    assert not any(signature_text in p.body for p in page.posts)


@needs_real
def test_vbulletin3_is_read_as_cp1252() -> None:
    raw = (REAL / "vbulletin3.html").read_bytes()
    assert b"\x94" in raw  # a curly quote, though the page declares ISO-8859-1
    assert "\u201d" in decode(raw) and "\x94" not in decode(raw)


# --------------------------------------------------------------------------- our pages

def test_discourse_crawler_view() -> None:
    page = ours("discourse", url="https://meta.example.org/t/mafia-42-village-of-the-damned/1234?page=2")
    assert page.engine == "discourse"
    assert [(p.number, p.author) for p in page.posts] == [
        (21, "ann_h"), (22, "Bob.the.Builder"), (23, "carol"), (24, "Dave_99")]
    assert page.posts[0].time == "2026-11-20T18:04:00+00:00"
    assert '<font color="red">Vote: Bob</font>' in page.posts[0].body
    assert '<aside class="quote' in page.posts[1].body  # quote left for the extractor
    assert page.posts[0].url == "https://meta.example.org/t/mafia-42-village-of-the-damned/1234?page=2#post_21"
    assert (page.page, page.next_url) == (2, "https://meta.example.org/t/mafia-42-village-of-the-damned/1234?page=3")


def test_invision() -> None:
    page = ours("invision")
    assert page.engine == "invision"
    # Invision shows no post numbers: page 3 at 25 a page starts at post 51.
    assert [(p.number, p.author) for p in page.posts] == [(51, "Mister [X]"), (52, "Keeper Jo"), (53, "Lady Grey")]
    assert [p.edited for p in page.posts] == [False, True, False]
    assert "Signature Sam" not in page.posts[0].body  # signature removed
    assert "Edited by" not in page.posts[1].body
    assert 'class="ipsQuote"' in page.posts[1].body
    assert page.posts[2].time == "2026-11-20T21:02:44+00:00"
    assert (page.page, page.last_page, page.next_url) == (3, 3, None)  # the inactive Next link is no page


def test_mybb() -> None:
    page = ours("mybb", url="https://games.example.net/showthread.php?tid=77&page=2")
    assert page.engine == "mybb"
    assert [(p.number, p.author) for p in page.posts] == [
        (11, "Old Man Willow"), (12, "Red Riding Hood"), (13, "The_Woodsman")]
    assert [p.edited for p in page.posts] == [False, True, False]
    assert "willow by nature" not in page.posts[0].body
    assert 'class="mycode_quote"' in page.posts[1].body
    assert page.posts[0].url == "https://games.example.net/showthread.php?tid=77&pid=1401#pid1401"
    assert (page.page, page.last_page) == (2, 3)
    assert page.next_url == "https://games.example.net/showthread.php?tid=77&page=3"


def test_smf() -> None:
    page = ours("smf")
    assert page.engine == "smf"
    # "Reply #15" is the thread's 16th post.
    assert [(p.number, p.author) for p in page.posts] == [
        (16, "Mr. O'Brien"), (17, "Lisa"), (18, "Guest"), (19, "Host [Mod]")]
    assert [p.edited for p in page.posts] == [False, True, False, False]
    assert "is my motto" not in page.posts[0].body
    assert 'class="bbc_standard_quote"' in page.posts[1].body
    assert page.posts[0].post_id == "3101"
    assert (page.page, page.last_page, page.next_url) == (2, 3, "https://smf.example.org/index.php?topic=812.30")


def test_generic_fallback_reads_an_unknown_engine() -> None:
    page = ours("generic_fluxbb", url="https://flux.example.org/viewtopic.php?id=58")
    assert page.engine == "generic"
    assert [(p.number, p.author) for p in page.posts] == [
        (1, "Moderator Mo"), (2, 'J. R. "Bob" Dobbs'), (3, "Ωmega")]
    assert "Host of many games" not in page.posts[0].body  # the signature is dropped
    assert "Vote: Nobody" not in page.posts[2].body
    assert "<blockquote>" in page.posts[2].body and "Vote: Dobbs" in page.posts[2].body
    assert "Registered" not in page.posts[0].body  # the author pane is not the body
    assert page.posts[1].edited and not page.posts[0].edited
    assert page.posts[2].url == "https://flux.example.org/viewtopic.php?pid=911#p911"


@pytest.mark.parametrize("name, engine", [
    ("discourse", "discourse"), ("invision", "invision"), ("mybb", "mybb"), ("smf", "smf"),
    ("generic_fluxbb", "generic"),
], ids=lambda v: str(v))
def test_detect_engine_on_our_pages(name: str, engine: str) -> None:
    assert detect_engine((OURS / f"{name}.html").read_text(encoding="utf-8")) == engine
    assert engine in ENGINES


def test_generic_microdata_page() -> None:
    html = """<html><body><main>
      <div itemscope itemtype="https://schema.org/Comment" class="c">
        <span itemprop="author" itemscope><span itemprop="name">Zoë (mod)</span></span>
        <time datetime="2026-01-02T03:04:05+02:00">Jan 2</time>
        <div class="comment-text"><p><span style="color:red">Vote: Ann</span></p></div>
      </div>
      <div itemscope itemtype="https://schema.org/Comment" class="c">
        <span itemprop="author" itemscope><span itemprop="name">Ann</span></span>
        <div class="comment-text"><p>hi</p></div>
      </div></main></body></html>"""
    page = parse_page(html, url="https://x.example/t/1")
    assert page.engine == "generic"
    assert [(p.number, p.author, p.time) for p in page.posts] == [
        (1, "Zoë (mod)", "2026-01-02T03:04:05+02:00"), (2, "Ann", None)]
    assert page.posts[0].body == '<p><span style="color:red">Vote: Ann</span></p>'


def test_first_number_continues_a_thread_without_numbers() -> None:
    page = ours("generic_fluxbb", first_number=101)
    assert [p.number for p in page.posts] == [1, 2, 3]  # the forum's own "#n" wins
    inv = ours("invision", first_number=7)
    assert [p.number for p in inv.posts] == [7, 8, 9]


def test_forced_engine_and_unknown_engine() -> None:
    html = (OURS / "smf.html").read_text(encoding="utf-8")
    assert parse_page(html, engine="phpbb").posts == ()
    with pytest.raises(ValueError):
        parse_page(html, engine="nope")


def test_a_page_without_posts() -> None:
    page = parse_page("<html><body><p>Please log in.</p></body></html>")
    assert page.posts == () and page.engine == "generic"


@pytest.mark.parametrize("data, header, expected", [
    ('<meta charset="windows-1252"><p>Zo\u00eb \u201chi\u201d</p>'.encode("cp1252"), None, "Zo\u00eb \u201chi\u201d"),
    ('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>\u201c</p>'.encode("cp1252"),
     None, "\u201c"),
    ("<p>Zo\u00eb</p>".encode("cp1252"), "text/html; charset=windows-1252", "Zo\u00eb"),
    ("<p>Zo\u00eb</p>".encode("utf-8"), "text/html", "Zo\u00eb"),
    ("<p>Zo\u00eb</p>".encode("cp1252"), None, "Zo\u00eb"),  # not UTF-8: windows-1252
    (b"\xef\xbb\xbf<p>Zo\xc3\xab</p>", "text/html; charset=iso-8859-1", "Zo\u00eb"),  # the BOM wins
], ids=["meta-1252", "meta-latin1-is-1252", "header", "utf8", "sniffed", "bom"])
def test_decode(data: bytes, header: str | None, expected: str) -> None:
    assert expected in decode(data, header)


def test_author_whitespace_is_collapsed_but_kept() -> None:
    html = (OURS / "smf.html").read_text(encoding="utf-8").replace(">Lisa</a>", ">  Lisa\n  the\u00a0Great </a>", 1)
    assert parse_page(html).posts[1].author == "Lisa the Great"


VOTES = Path(__file__).resolve().parent / "data" / "votes"
# Pages an adapter reads (not the BeautifulSoup fallback, whose trees link parent and child).
ADAPTER_PAGES = [REAL / f"{e}.html" for e in sorted(REAL_PAGES)] + [
    VOTES / "phpbb_lastpage.html", VOTES / "phpbb_lastpage_unnumbered.html", VOTES / "somethingawful.html",
    OURS / "discourse.html", OURS / "invision.html", OURS / "mybb.html", OURS / "smf.html"]


@pytest.mark.parametrize("path", ADAPTER_PAGES, ids=[f"{p.parent.name}/{p.stem}" for p in ADAPTER_PAGES])
@pytest.mark.parametrize("keep_html", [True, False], ids=["html", "marks"])
def test_a_read_page_leaves_no_reference_cycle(path: Path, keep_html: bool) -> None:
    """Reading a page leaves nothing for the cycle collector: each page's tree is freed as soon
    as its posts are read, so a long thread's count does not hold every page it read in memory
    (hostkit's collector runs rarely, cli.GC_FIRST_THRESHOLD)."""
    import gc

    if not path.is_file():
        pytest.skip(f"{path} is absent")
    raw = path.read_bytes()
    gc.collect()
    page = parse_page(raw, keep_html=keep_html)
    assert page.posts and page.engine != "generic"
    assert gc.collect() == 0


_BASES = ["https://forum.mafiascum.net/viewtopic.php?t=65508&start=25", "http://x.org/a/b/c", "https://x.org",
          "https://x.org/a;p?q=1#f", "file:///tmp/a/b.html", "about:blank", "viewtopic.php", "/a/b"]
_HREFS = ["./viewtopic.php?p=7714264#p7714264", "viewtopic.php?f=1&t=2&start=25", "../x?y", "posts/123/#post-123",
          "/index.php?topic=1.msg2#msg2", "?p=1", "./?x=1#", "a?#b", "a#?b", "./a/../b/./c?q=1", "..", "//o.org/x?y#z",
          ";?x", ";p?x#y", "//?x", " \x01a?x#y", "a?x\t#y", "a?x\n", "http:a?x", "%2e%2e/x?y#z"]


@pytest.mark.parametrize("base", _BASES)
def test_post_links_are_joined_exactly_as_urljoin_joins_them(base: str) -> None:
    """`absolute` joins a link's path once per page and appends its query and fragment: the
    result is urljoin's on every link, including those where appending would differ (an empty
    query or fragment, a bare ";" or "//" path, a tab urljoin removes, a scheme)."""
    from urllib.parse import urljoin

    from hostkit.votes.postmeta import absolute

    for href in _HREFS:
        assert absolute(base, href) == urljoin(base, href.strip()), href


@pytest.mark.parametrize("data, header, exact", [
    ("<p>Zo\u00eb \u201chi\u201d</p>".encode("utf-8"), None, True),
    ('<meta charset="utf-8"><p>Zo\u00eb</p>'.encode("utf-8"), None, True),
    (b'<meta charset="utf-8"><p>Zo\xeb</p>', None, False),  # declared UTF-8, a byte replaced
    ("<p>Zo\u00eb</p>".encode("cp1252"), None, False),  # not UTF-8: windows-1252
    ('<meta charset="windows-1252"><p>Zo</p>'.encode("cp1252"), None, False),
    (b"\xef\xbb\xbf<p>Zo\xc3\xab</p>", None, False),  # the BOM is not text
    ("<p>Zo\u00eb</p>".encode("utf-8"), "text/html; charset=iso-8859-1", False),
], ids=["utf8", "meta-utf8", "meta-utf8-replaced", "sniffed-1252", "meta-1252", "bom", "header-latin1"])
def test_decoded_says_when_the_text_is_the_bytes_read_unchanged(data: bytes, header: str | None, exact: bool) -> None:
    """parse_page parses a page's own bytes only when its text is them read as UTF-8 unchanged."""
    from hostkit.votes.postmeta import decoded

    text, same = decoded(data, header)
    assert text == decode(data, header) and same is exact
    if same:
        assert text.encode("utf-8") == data


@pytest.mark.parametrize("name", ["smf", "mybb", "invision"])
def test_a_page_reads_the_same_from_its_bytes_and_its_text(name: str) -> None:
    """The bytes parsed as they are (UTF-8, no XML declaration) and the text encoded again (with
    an XML declaration before it, which is dropped) give the same page."""
    raw = (OURS / f"{name}.html").read_bytes()
    text = decode(raw)
    assert parse_page(raw) == parse_page(text) == parse_page('<?xml version="1.0" encoding="utf-8"?>\n' + text)
