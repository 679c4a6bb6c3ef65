"""Forum adapters: a thread page's HTML -> posts, the engine and the page's pagination.

This module owns the knowledge of each forum engine's markup. An adapter is a small table of
XPath selectors (the `Adapter` rows in `ADAPTER_ROWS`); one function, `_read_posts`, applies any
row to a page. Adapter pages are parsed once with lxml (XPath on lxml is the fast path). A page
no row matches goes to hostkit.votes.generic, which finds the repeated post structure of an
unknown engine with BeautifulSoup. Turning shown strings into values (encoding, numbers, times,
links) is hostkit.votes.postmeta's. Bodies keep their quotes (hostkit.votes.extract removes
them) but lose their signatures.
"""

from __future__ import annotations

import re
from datetime import timezone
from typing import Any
from urllib.parse import urljoin

from lxml import etree

from hostkit.errors import FetchError
from hostkit.model import Post
from hostkit.records import Record
from hostkit.votes.marks import NO_MARKS, marks_of
from hostkit.votes.postmeta import absolute, decode, decoded, footer_tz, iso_time, lazy_re, to_int
from hostkit.votes.walk import text_of

__all__ = ["ENGINES", "Page", "decode", "detect_engine", "parse_page"]


class Page(Record):  # a Record, not a dataclass: a dataclass costs start-up
    """One thread page as read: its engine, its posts and where the thread goes next."""

    engine: str
    posts: tuple[Post, ...]
    page: int  # this page's number, from 1
    last_page: int | None  # the thread's last page (this one when there is no next page)
    next_url: str | None  # the next page's absolute URL (relative when the page has no URL)
    url: str | None = None
    # how the posts were numbered: "shown" (the forum's own numbers), "offset" (the page's offset
    # or the caller's first number) or "guess" (the page number times the engine's usual page size)
    numbered: str = "shown"
    source: str | None = None  # where the page was read from: its file, or its URL


# --------------------------------------------------------------------------- adapters


def C(name: str) -> str:  # noqa: N802 - reads like a selector inside the XPath strings below
    """XPath test: the element has class `name` (a whole class token)."""
    # The plain contains() first: it is cheap and rules out nearly every element.
    return f"(contains(@class, '{name}') and contains(concat(' ', normalize-space(@class), ' '), ' {name} '))"


class Adapter(Record):  # a Record, not a dataclass: defining a 20-field dataclass costs start-up
    """One engine's selectors. String fields are XPath expressions: `posts` is absolute, the
    per-post ones are relative to a post and return strings (tried in order, first non-empty
    wins), `body` returns the element whose inner HTML is the body. The page-level ones
    (`page`, `last`, `per_page`, `next`, `pagelinks`) are absolute."""

    engine: str
    marker: tuple[str, ...]  # texts one of which the raw page holds: a cheap first guess at the engine
    posts: str
    author: tuple[str, ...]
    body: str
    number: tuple[str, ...] = ()
    number_shift: int = 0  # added to the number shown (SMF shows "Reply #1" on the 2nd post)
    time: tuple[str, ...] = ()
    local_time: bool = False  # shown times are in the board's zone named in its footer
    edited: str = "false()"
    post_id: tuple[str, ...] = ("string(@id)",)
    url: tuple[str, ...] = ()
    strip: str = ""  # relative to the body: signatures and edit notes to drop
    page: tuple[str, ...] = ()
    last: tuple[str, ...] = ()
    per_page: tuple[str, ...] = ()
    next: tuple[str, ...] = ()
    pagelinks: str = ""  # the pagination's numbered links, to find page n+1 and the page size
    page_regex: str = ""  # a regex giving (page, last) from the raw page


_PB = f"./div/div[{C('postbody')}]"  # phpBB prosilver's post body column
_PB_HEAD = f"({_PB}/p | {_PB}/div/p)[{C('author')}]"  # its header: author, number, time

ADAPTER_ROWS: tuple[Adapter, ...] = (
    Adapter(
        "xenforo2",
        marker=('id="XF"', 'message--post'),
        posts=f"//article[{C('message--post')}]",
        author=("string(@data-author)", f"string((.//*[{C('message-name')}])[1])"),
        body=f"(.//*[{C('message-body')}]//div[{C('bbWrapper')}])[1]",
        number=(f"string((.//ul[{C('message-attribution-opposite')}]/li/a"
                "[starts-with(normalize-space(.), '#')])[1])",),
        time=(f"string((.//*[{C('message-attribution-main')}]//time/@datetime)[1])",
              "string((.//time/@data-time)[1])"),
        edited=f"boolean(.//*[{C('message-lastEdit')}])",
        post_id=("string(@data-content)", "string(@id)"),
        url=(f"string((.//*[{C('message-attribution-main')}]//a/@href)[1])",),
        strip=f".//aside[{C('message-signature')}]",
        page=(f"string((//li[{C('pageNav-page--current')}])[1])",),
        last=(f"string((//ul[{C('pageNav-main')}]/li[last()])[1])",),
        next=(f"string((//a[{C('pageNav-jump--next')}]/@href)[1])",),
    ),
    Adapter(
        "xenforo1",
        marker=('id="XenForo"', 'messageList'),
        posts=f"//li[starts-with(@id, 'post-')][{C('message')}]",
        author=("string(@data-author)", f"string((.//*[{C('messageUserInfo')}]//a[{C('username')}])[1])"),
        body=f"(.//blockquote[{C('messageText')}])[1]",
        number=(f"string((.//a[{C('postNumber')}])[1])",),
        time=(f"string((.//a[{C('datePermalink')}]/*[@data-time]/@data-time)[1])",),
        edited=f"boolean(.//div[{C('editDate')}])",
        url=(f"string((.//a[{C('datePermalink')}]/@href)[1])",),
        strip=f".//*[{C('messageTextEndMarker')}]",
        page=(f"string((//div[{C('PageNav')}]/@data-page)[1])",),
        last=(f"string((//div[{C('PageNav')}]/@data-last)[1])",),
    ),
    Adapter(
        "vbulletin5",
        marker=('vBulletin 5', 'js-post__content-text'),
        posts=f"//li[{C('b-post')}][@data-node-id]",
        author=(f"string((.//*[{C('b-userinfo')}]//*[{C('author')}]//a)[1])",
                f"string((.//*[{C('author')}])[1])",
                "string((.//*[@itemprop='author']//*[@itemprop='name'])[1])"),
        body=f"(.//*[{C('js-post__content-text')}])[1]",
        number=(f"string((.//a[{C('b-post__count')}])[1])",),
        time=("string(@data-node-publishdate)", "string((.//time/@datetime)[1])"),
        edited="boolean(.//*[contains(@class, 'b-post__edit')])",
        post_id=("string(@data-node-id)",),
        url=(f"string((.//a[{C('b-post__count')}]/@href)[1])",),
        strip=f".//*[{C('post-signature')}]",
        page=(f"string((//input[{C('js-pagenum')}]/@value)[1])",),
        last=(f"string((//*[{C('pagetotal')}])[1])",),
    ),
    Adapter(
        "vbulletin4",
        marker=('vBulletin 4', 'postbitlegacy', 'postcontainer'),
        posts=f"//li[starts-with(@id, 'post_')][{C('postcontainer')}]",
        author=(f"string((.//a[{C('username')}])[1])", f"string((.//*[{C('username')}])[1])"),
        body=f"(.//blockquote[{C('postcontent')}])[1]",
        number=(f"string((.//a[{C('postcounter')}])[1])",),
        time=(f"string((.//*[{C('posthead')}]//span[{C('date')}])[1])",),
        local_time=True,
        edited=f"boolean(.//blockquote[{C('lastedited')}])",
        url=(f"string((.//a[{C('postcounter')}]/@href)[1])",),
        strip=f".//*[{C('signature')}]",
        pagelinks=f"//*[{C('pagination')}]//a[@href]",
    ),
    Adapter(
        # Something Awful's own vBulletin: each post a table.post whose data-idx is its place in
        # the thread, the author in dt.author, the page in the pagination's selected <option>.
        # FYAD's skin prints no data-idx: its posts are numbered from the page (40 a page).
        "somethingawful",
        marker=('somethingawful.com', 'data-idx='),
        posts=f"//table[{C('post')}][starts-with(@id, 'post')][@data-idx or .//dt[{C('author')}]]",
        author=(f"string((.//dl[{C('userinfo')}]/dt[{C('author')}])[1])",
                f"string((.//dt[{C('author')}])[1])"),
        body=f"(.//td[{C('postbody')}])[1]",
        number=("string(@data-idx)",),
        time=(f"string((.//td[{C('postdate')}]/text()[normalize-space(.) != ''])[last()])",),
        edited=f"boolean(.//p[{C('editedby')}])",
        url=(f"string((.//td[{C('postdate')}]/a[@title='Link to this post']/@href)[1])",),
        strip=f".//p[{C('editedby')}] | .//*[{C('signature')}]",
        page=(f"string((//div[{C('pages')}]//option[@selected])[1])",),
        last=(f"string((//div[{C('pages')}]//option[last()])[1])",),
    ),
    Adapter(
        "vbulletin3",
        marker=('vBulletin 3', 'id="post_message_'),
        posts="//table[starts-with(@id, 'post')][translate(substring(@id, 5), '0123456789', '') = '']",
        author=(f"string((.//a[{C('bigusername')}])[1])",
                "string((.//div[starts-with(@id, 'postmenu_')])[1])"),
        body="(.//div[starts-with(@id, 'post_message_')])[1]",
        number=("string((.//a[starts-with(@id, 'postcount')])[1])",
                "string((.//a[starts-with(@id, 'postcount')]/@name)[1])"),
        time=(f"string((.//td[{C('thead')}])[1])",),
        local_time=True,
        edited=f"boolean(.//div[{C('smallfont')}]/em[contains(., 'Last edited by')])",
        url=("string((.//a[starts-with(@id, 'postlink')]/@href)[1])",
             "string((.//a[starts-with(@id, 'postcount')]/@href)[1])"),
        pagelinks=f"//div[{C('pagenav')}]//a[@href]",
    ),
    Adapter(
        "discourse",
        marker=('content="Discourse', 'crawler-post'),
        posts=f"//div[{C('crawler-post')}][.//*[@itemprop='author']]",
        author=("string((.//*[@itemprop='author']//*[@itemprop='name'])[1])",
                f"string((.//*[{C('creator')}]//a)[1])"),
        body=f"(.//div[{C('post')}][@itemprop])[1]",
        number=("string((.//*[@itemprop='position'])[1])", "string(@id)"),
        time=("string((.//time[@itemprop='datePublished']/@datetime)[1])", "string((.//time/@datetime)[1])"),
        post_id=(),
    ),
    Adapter(
        "invision",
        marker=('ipsComment', 'data-commentid', 'Invision Community'),
        posts=f"//article[{C('ipsComment')}][starts-with(@id, 'elComment_')]",
        author=(f"string((.//*[{C('cAuthorPane_author')}]//strong)[1])",
                f"string((.//*[{C('cAuthorPane_author')}])[1])"),
        body="(.//*[@data-role='commentContent'])[1]",
        time=(f"string((.//*[{C('ipsComment_meta')}]//time/@datetime)[1])",),
        edited=("boolean(.//*[@data-role='commentContent']//*[@data-excludequote]"
                "//strong[starts-with(normalize-space(.), 'Edited')]"
                " | .//*[@data-role='commentContent']/../..//*[normalize-space(.)='(edited)'])"),
        url=(f"string((.//*[{C('ipsComment_meta')}]//a[contains(@href, 'comment=')]/@href)[1])",),
        strip=".//p[@data-excludequote] | .//*[@data-role='memberSignature']",
        page=(f"string((//ul[{C('ipsPagination')}]//li[{C('ipsPagination_active')}]/a/@data-page)[1])",),
        last=(f"string((//ul[{C('ipsPagination')}]/@data-pages)[1])",),
        per_page=(f"string((//ul[{C('ipsPagination')}]/@data-ipspagination-perpage)[1])",),
        next=(f"string((//li[{C('ipsPagination_next')}][not({C('ipsPagination_inactive')})]/a/@href)[1])",),
    ),
    Adapter(
        "nodebb",
        marker=('component="post"',),
        posts="//li[@component='post'][@data-pid]",
        author=("string(@data-username)", "string((.//a[@itemprop='author'])[1])"),
        body="(.//*[@component='post/content'])[1]",
        number=("string(@data-index)",),
        number_shift=1,
        time=("string(@data-timestamp)", "string((.//meta[@itemprop='datePublished']/@content)[1])"),
        edited=f"boolean(.//*[@component='post/edit-indicator'][not({C('hidden')})])",
        post_id=("string(@data-pid)",),
        url=(f"string((.//a[{C('permalink')}]/@href)[1])",),
        strip=".//*[@component='post/signature']",
        page_regex=r'"currentPage":(\d+),"pageCount":(\d+)',
    ),
    Adapter(
        "mybb",
        marker=('MyBB', 'class="post_author'),
        posts=f"//div[{C('post')}][starts-with(@id, 'post_')][.//div[{C('post_body')}]]",
        author=(f"string((.//*[{C('post_author')}]//*[{C('largetext')}])[1])",
                f"string((.//*[{C('author_information')}]//strong)[1])"),
        body=f"(.//div[{C('post_body')}])[1]",
        number=(f"string((.//*[{C('post_head')}]//a[starts-with(normalize-space(.), '#')])[1])",),
        edited=f"boolean(.//*[{C('edited_post')}])",
        url=(f"string((.//*[{C('post_head')}]//a[starts-with(normalize-space(.), '#')]/@href)[1])",),
        strip=f".//*[{C('signature')}]",
        page=(f"string((//*[{C('pagination_current')}])[1])",),
        last=(f"string((//*[{C('pagination')}]/*[{C('pages')}])[1])",),
        next=(f"string((//a[{C('pagination_next')}]/@href)[1])",),
        pagelinks=f"//*[{C('pagination')}]//a[@href]",
    ),
    Adapter(
        "smf",
        marker=('Simple Machines', 'post_wrapper', 'id="forumposts"'),
        posts=f"//div[{C('post_wrapper')}][.//div[{C('post')}]]",
        author=(f"string((.//div[{C('poster')}]/h4)[1])",),
        body=f"(.//div[{C('post')}]/div[{C('inner')}])[1]",
        number=(f"string((.//*[{C('keyinfo')}]//*[{C('smalltext')}]/strong[contains(., '#')])[1])",
                f"string((.//*[{C('postinfo')}]//a[contains(., 'Reply #')])[1])"),
        number_shift=1,
        edited="boolean(.//*[starts-with(@id, 'modified_')][normalize-space(.) != ''])",
        post_id=(f"string((.//div[{C('post')}]/div[{C('inner')}]/@id)[1])",),
        url=(f"string((.//*[{C('keyinfo')}]//h5/a/@href)[1])",),
        strip=f".//*[{C('signature')}]",
        page=(f"string((//div[{C('pagelinks')}]/strong)[1])", f"string((//*[{C('current_page')}])[1])"),
        pagelinks=f"//div[{C('pagelinks')}]//a[@href]",
    ),
    Adapter(
        "phpbb",
        marker=('viewtopic.php', 'phpBB'),
        posts=f"//div[starts-with(@id, 'p')][{C('post')}]",
        # Shallow paths first (div.post > div.inner > div.postbody > [div#post_content >] p.author,
        # div.content): a `.//` from the post would walk the whole body for each field.
        author=(f"string(({_PB_HEAD}//strong)[1])",
                f"string((.//p[{C('author')}]//strong)[1])",
                f"string((.//*[{C('postprofile')}]//a[{C('username')} or {C('username-coloured')}])[1])"),
        body=f"({_PB}/div[{C('content')}] | {_PB}/div/div[{C('content')}])[1]",
        # MafiaScum and other boards print "#675" in the header; stock prosilver prints none.
        number=(f"string(({_PB_HEAD}//*[{C('post-number-bolded')}])[1])",
                f"string(({_PB_HEAD}//a[starts-with(normalize-space(.), '#')])[1])"),
        time=(f"string(({_PB_HEAD}//time/@datetime)[1])",
              f"string(({_PB_HEAD}/text()[contains(., '»')])[last()])"),
        local_time=True,
        edited=f"boolean(({_PB}/div | {_PB}/div/div)[{C('notice')}][contains(., 'edited')])",
        url=(f"string(({_PB_HEAD}//a[contains(@href, '#p')]/@href)[1])",),
        strip=f".//div[{C('signature')}]",
        page=(f"string((//div[{C('pagination')}]//li[{C('active')}])[1])",),
        pagelinks=f"//div[{C('pagination')}]//a[@href]",
    ),
)

# Each engine's posts per page out of the box: the last resort for numbering the posts of a page
# that shows neither post numbers nor its offset (a lone last page saved from a thread).
PAGE_SIZE: dict[str, int] = {
    "phpbb": 25, "somethingawful": 40, "vbulletin3": 10, "vbulletin4": 10, "vbulletin5": 20, "xenforo1": 20, "xenforo2": 20,
    "discourse": 20, "invision": 25, "mybb": 10, "smf": 15, "nodebb": 20, "generic": 20,
}

ENGINES: tuple[str, ...] = (
    "phpbb", "somethingawful", "vbulletin3", "vbulletin4", "vbulletin5", "xenforo1", "xenforo2",
    "discourse", "invision", "mybb", "smf", "nodebb", "generic",
)


class _Compiled(Record):
    row: Adapter
    marker: tuple[str, ...]
    posts: etree.XPath
    author: tuple[etree.XPath, ...]
    body: etree.XPath
    number: tuple[etree.XPath, ...]
    time: tuple[etree.XPath, ...]
    edited: etree.XPath
    post_id: tuple[etree.XPath, ...]
    url: tuple[etree.XPath, ...]
    strip: etree.XPath | None
    strip_needs: tuple[str, ...] | None  # class names one of which a page must hold to have anything to strip
    page: tuple[etree.XPath, ...]
    last: tuple[etree.XPath, ...]
    per_page: tuple[etree.XPath, ...]
    next: tuple[etree.XPath, ...]
    pagelinks: etree.XPath | None


def _compile(row: Adapter) -> _Compiled:
    xp = etree.XPath
    many = lambda exprs: tuple(xp(e) for e in exprs)  # noqa: E731
    return _Compiled(
        row, row.marker, xp(row.posts), many(row.author), xp(row.body), many(row.number),
        many(row.time), xp(row.edited), many(row.post_id), many(row.url),
        xp(row.strip) if row.strip else None, _class_needs(row.strip), many(row.page), many(row.last),
        many(row.per_page), many(row.next), xp(row.pagelinks) if row.pagelinks else None,
    )


def _class_needs(expr: str) -> tuple[str, ...] | None:
    """When every branch of `expr` is `.//tag[C('name')]`, the class names: a page whose text
    holds none of them has nothing the expression can find, and is not searched post by post.
    None for any other expression (always searched)."""
    names = []
    for branch in expr.split(" | ") if expr else ():
        m = re.fullmatch(r"\.//[\w*]+\[(\(contains\(@class, '([\w-]+)'\).*)\]", branch)
        if m is None or m.group(1) != C(m.group(2)):
            return None
        names.append(m.group(2))
    return tuple(names) or None


_ROWS: dict[str, Adapter] = {row.engine: row for row in ADAPTER_ROWS}
_COMPILED: dict[str, _Compiled] = {}


def _adapter(name: str) -> _Compiled | None:
    """An engine's compiled row, compiled on first use: compiling every row's XPaths at import
    cost each `hostkit votes` process ~8 ms of start-up for engines the thread never uses."""
    ad = _COMPILED.get(name)
    if ad is None and name in _ROWS:
        ad = _COMPILED[name] = _compile(_ROWS[name])
    return ad

# --------------------------------------------------------------------------- small helpers

_XML_DECL = re.compile(r"^\s*<\?xml[^>]*\?>")
_PAGE_OF = re.compile(r"Page\s*(?:<[^>]+>\s*)*(\d+)\s*(?:<[^>]+>\s*)*of\s*(?:<[^>]+>\s*)*(\d+)", re.I)
_URL_PAGE = lazy_re(r"(?:[?&;]page=|/page-|/page/?)(\d+)", re.I)
_URL_START = re.compile(r"(?:[?&;]start=|[?&;]topic=\d+\.)(\d+)", re.I)


def _first(el: Any, xpaths: tuple[etree.XPath, ...]) -> str:
    for xp in xpaths:
        value = xp(el)
        if isinstance(value, str):
            value = " ".join(value.split())
            if value:
                return value
    return ""


def _inner_html(el: Any) -> str:
    """The element's content as HTML, without the element's own tags."""
    el.attrib.clear()
    tag = el.tag if isinstance(el.tag, str) else "div"
    html = etree.tostring(el, encoding="unicode", method="html", with_tail=False)
    head, tail = f"<{tag}>", f"</{tag}>"
    if html.startswith(head):
        html = html[len(head):]
    if html.endswith(tail):
        html = html[: -len(tail)]
    return html


def _drop(el: Any) -> None:
    """Remove an element but keep its tail text."""
    parent = el.getparent()
    if parent is None:
        return
    if el.tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


_XP_BASE = etree.XPath("string((/html/head/base/@href)[1])")


def _base(doc: Any, url: str | None) -> str:
    """Where the page's links are relative to: its <base>, its URL, else (a saved page read
    from disk) its canonical link, so post links still point at the forum."""
    base = _XP_BASE(doc)
    if base:
        return urljoin(url or "", base)
    return url or _XP_CANONICAL(doc) or ""


# --------------------------------------------------------------------------- posts


_XML_SPACE = str.maketrans("\t\n\r", "   ")


def _posts(ad: _Compiled, doc: Any) -> list[Any]:
    """The page's post elements, as the row's `posts` XPath finds them. phpBB's (every div whose
    id starts with "p" and whose class has the token "post") are found by a loop over the divs:
    the same elements in the same order at a third of the XPath's cost."""
    if ad.row.engine != "phpbb":
        return ad.posts(doc)
    out = []
    for el in doc.iter("div"):
        ident = el.get("id")  # first: most divs have no id, and fewer an id than a class
        if ident is not None and ident.startswith("p"):
            cls = el.get("class")
            if cls is not None and "post" in cls and "post" in cls.translate(_XML_SPACE).split(" "):
                out.append(el)  # (XPath's whitespace, not Python's)
    return out


def _text(el: Any) -> str:
    """XPath string(el), whitespace normalised (see walk.text_of)."""
    return " ".join(text_of(el).split())


def _collect(parent: Any, deeper: bool, heads: list[Any], blocks: list[Any]) -> None:
    """Add `parent`'s author paragraphs to `heads` and its divs to `blocks` (and, when `deeper`,
    those of its divs too). A module function, not a closure: a recursive closure is a reference
    cycle, which kept every post's elements, and so each page's whole tree, alive until the
    collector ran (tens of MB over a long thread, each page faulted in fresh)."""
    for c in parent:
        tag = c.tag
        if tag == "p":
            cls = c.get("class")
            if cls is not None and "author" in cls and "author" in cls.split():
                heads.append(c)
        elif tag == "div":
            blocks.append(c)
            if deeper:
                _collect(c, False, heads, blocks)


def _phpbb_fields(el: Any) -> dict[str, Any] | None:
    """The phpBB row's shallow per-post fields read in one walk of the post's top levels, the
    same values its XPath paths give (first the header fields, then body and edit note), without
    one XPath evaluation per field; None when the post has no prosilver header (the XPath
    fallbacks read it). Each element is visited once; each class is read once
    and split only when it holds the name looked for (an lxml attribute read costs more than the
    rest of a test); a text is read only where it is the answer. A header's descendants come from
    one iterdescendants() (not an iter() per child), its own text nodes after them: no field
    depends on the other's order."""
    heads, blocks = [], []  # (PB/p | PB/div/p)[author] and (PB/div | PB/div/div), in document order
    for col in el:
        if col.tag != "div":
            continue
        for pb in col:
            if pb.tag != "div":
                continue
            cls = pb.get("class")
            if cls is None or "postbody" not in cls or "postbody" not in cls.split():
                continue
            _collect(pb, True, heads, blocks)
    if not heads:
        return None
    author = number = stamp = href = dated = None
    links = []  # the header's links met while no number is marked: the first "#675" one stands in
    for head in heads:
        text = head.text
        if text and "»" in text:
            dated = text
        kids = list(head)  # kept alive, so iterdescendants hands back these same elements
        for d in head.iterdescendants():  # the head's descendants, in document order
            tag = d.tag
            if tag == "strong":
                if author is None:
                    author = _text(d)  # the first one, even if empty
            elif tag == "time":
                if stamp is None:
                    value = d.get("datetime")
                    if value is not None:
                        stamp = " ".join(value.split())
            if number is None:
                cls = d.get("class")
                if cls is not None and "post-number-bolded" in cls and "post-number-bolded" in cls.split():
                    number = _text(d)
            if tag == "a":
                if not number:
                    links.append(d)
                if href is None:
                    link = d.get("href")
                    if link is not None and "#p" in link:
                        href = " ".join(link.split())
        for child in kids:  # the head's own text nodes: its text, then its children's tails
            tail = child.tail
            if tail and "»" in tail:
                dated = tail  # the last such text node wins, as [last()] does
    if not number:
        number = next((_text(a) for a in links if text_of(a).lstrip(" \t\n\r").startswith("#")), None)
    body = None  # the first block of class "content"
    edited = False  # a block of class "notice" that says "edited"
    for b in blocks:
        cls = b.get("class")
        if cls is None:
            continue
        if body is None and "content" in cls and "content" in cls.split():
            body = b
        if not edited and "notice" in cls and "notice" in cls.split() and "edited" in text_of(b):
            edited = True
    return {"author": author or "", "number": number or "",
            "time": stamp or " ".join((dated or "").split()), "url": href or "", "body": body, "edited": edited}


_OWN_ID = ("string(@id)",)


def _read_posts(ad: _Compiled, els: list[Any], base: str, tz: timezone | None, text: str,
                keep_html: bool) -> list[dict[str, Any]]:
    out = []
    fast = ad.row.engine == "phpbb"
    # A page with no [vote] tag: no body is searched for one. Its case is folded as UTF-8 bytes, a
    # quarter of str.lower()'s cost on a page with any letter beyond ASCII, and exactly as
    # str.lower() would find "bbvote": a letter beyond ASCII is bytes >= 0x80, and none lowers
    # to a b, v, o, t or e (only U+0130 and U+212A lower to ASCII letters: an i and a k).
    tags = "bbvote" in text or b"bbvote" in text.encode("utf-8", "surrogatepass").lower()
    strip = ad.strip if ad.strip_needs is None or any(n in text for n in ad.strip_needs) else None
    for el in els:
        got = _phpbb_fields(el) if fast else None
        if got is not None:
            body = got["body"]
            number = to_int(got["number"])
            href = got["url"]
            author = got["author"] or _first(el, ad.author[1:])
            shown_time, edited = got["time"], got["edited"]
        else:
            body = ad.body(el)
            body = body[0] if body else None
            number = to_int(_first(el, ad.number))
            href = _first(el, ad.url)
            author = _first(el, ad.author)
            shown_time, edited = _first(el, ad.time), bool(ad.edited(el))
        if number is not None:
            number += ad.row.number_shift
        # the usual id is the post element's own: read it without an XPath call
        post_id = " ".join(el.get("id", "").split()) if ad.row.post_id == _OWN_ID else _first(el, ad.post_id)
        fields = {
            "author": author,
            "number": number,
            "time": iso_time(shown_time, tz if ad.row.local_time else None),
            "edited": edited,
            "post_id": str(pid) if (pid := to_int(post_id)) is not None else (post_id or None),
            "url": absolute(base, href) if href else None,
            "anchor": el.get("id"),
        }
        if body is not None:
            if strip is not None:
                for junk in strip(body):
                    _drop(junk)
            fields["marks"] = marks_of(body, tags=tags)  # from this tree: the body is never parsed again
            fields["body"] = _inner_html(body).strip() if keep_html else ""
        else:
            fields["body"], fields["marks"] = "", NO_MARKS
        out.append(fields)
    return out


# --------------------------------------------------------------------------- pages


class PageTooDeep(FetchError):
    """A page the HTML reader cannot read to its end: refused, never counted short."""


MAX_DEPTH = 600  # elements nested in a page; deeper is refused (the vote reader walks recursively)


def _parse_tree(text: str, url: str | None = None, raw: bytes | None = None) -> Any:
    """The page's tree. libxml2 silently stops reading a page nested over 256 deep or holding a
    text over 10 MB, losing every later post; so a page that hits a limit is read again with
    huge_tree (2048 deep, 1 GB of text: our responses are capped far below), and a page still cut
    short, or nested deeper than MAX_DEPTH, is refused rather than counted without its last posts.
    RAW, when given, is `text` encoded as UTF-8 (postmeta.decoded): parsed as it is, when there
    is no XML declaration to drop, rather than encoded again. IDs are not collected (no reader
    looks an element up by its id()): a hash table of every id a page holds, for nothing."""
    if raw is not None and not _XML_DECL.match(text):
        data = raw
    else:
        data = _XML_DECL.sub("", text, count=1).encode("utf-8", "surrogatepass")
    parser = etree.HTMLParser(encoding="utf-8", collect_ids=False)
    doc = etree.fromstring(data, parser)
    if _cut(parser):
        parser = etree.HTMLParser(encoding="utf-8", huge_tree=True, collect_ids=False)
        doc = etree.fromstring(data, parser)
        if _cut(parser) or (doc is not None and _depth(doc) > MAX_DEPTH):
            raise PageTooDeep(f"{url or 'the page'}: nested over {MAX_DEPTH} elements deep (hundreds of quotes "
                              "inside quotes?) or cut short by the HTML reader; its posts from there on "
                              "cannot be read, so it is not counted: enter that day's votes by hand "
                              "(hostkit vote) or count up to the post before it (--to-post)")
    return doc


def _cut(parser: Any) -> bool:
    return any(e.type_name == "ERR_RESOURCE_LIMIT" for e in parser.error_log)


def _depth(doc: Any) -> int:
    depth = deepest = 0
    for event, _ in etree.iterwalk(doc, events=("start", "end")):
        depth += 1 if event == "start" else -1
        deepest = max(deepest, depth)
    return deepest


def _choose(doc: Any, text: str, engine: str | None) -> tuple[str, list[Any]]:
    if engine == "generic":
        return "generic", []
    if engine is not None:
        ad = _adapter(engine)
        if ad is None:
            raise ValueError(f"unknown forum engine {engine!r}")
        return engine, _posts(ad, doc)
    global _last_engine
    row = _ROWS.get(_last_engine or "")
    if row is not None and any(m in text for m in row.marker):
        last = _adapter(row.engine)
        # a thread's pages come from one engine: the last page's, when its marker is here too,
        # spares scanning the page for every other engine's markers
        els = _posts(last, doc)
        if els:
            return last.row.engine, els
    found = _sniff(doc, text)
    if found[0] != "generic":
        _last_engine = found[0]
    return found


_last_engine: str | None = None


def _sniff(doc: Any, text: str) -> tuple[str, list[Any]]:
    tried = set()
    for name, row in _ROWS.items():
        if any(m in text for m in row.marker):
            tried.add(name)
            els = _posts(_adapter(name), doc)
            if els:
                return name, els
    for name in _ROWS:
        if name not in tried:
            els = _posts(_adapter(name), doc)
            if els:
                return name, els
    return "generic", []


def detect_engine(html: str | bytes) -> str:
    """The engine that wrote a thread page: one of ENGINES ("generic" when none matches)."""
    text = decode(html) if isinstance(html, bytes) else html
    return _choose(_parse_tree(text), text, None)[0]


def _pagination(ad: _Compiled | None, doc: Any, text: str, base: str, url: str | None,
                n_posts: int) -> tuple[int, int | None, str | None, int | None]:
    """(page, last page, next URL, offset of the page's first post) as far as the page tells."""
    page = last = None
    if ad is not None and ad.row.page_regex:
        m = re.search(ad.row.page_regex, text)
        if m:
            page, last = int(m.group(1)), int(m.group(2))
    if ad is not None:
        page = page or to_int(_first(doc, ad.page))
        last = last or to_int(_first(doc, ad.last))
    if page is None or last is None:
        m = _PAGE_OF.search(text)
        if m:
            page, last = page or int(m.group(1)), last or int(m.group(2))
    if page is None and url and (m := _URL_PAGE().search(url)):
        page = int(m.group(1))
    if page is None and (m := _URL_PAGE().search(_first(doc, (_XP_CANONICAL,)))):
        page = int(m.group(1))
    known = page is not None
    page = page or 1
    links = ad.pagelinks(doc) if ad is not None and ad.pagelinks is not None else []
    if last is None and links:
        shown = [n for a in links if (n := to_int(_text(a))) is not None]
        if shown and max(shown) > page:
            last = max(shown)

    nxt = None
    for xp in () if last is not None and page >= last else (*(ad.next if ad else ()), _XP_LINK_NEXT, _XP_A_NEXT):
        href = _first(doc, (xp,))
        if href and (nxt := absolute(base, href)):
            break
    if nxt is not None and url and nxt.split("#")[0] == url.split("#")[0]:
        nxt = None
    if nxt is None and (last is None or page < last):
        want = str(page + 1)
        href = next((a.get("href") for a in links if _text(a) == want), None)
        nxt = absolute(base, href) if href else None
    if last is None and nxt is None:
        last = page  # no next page: this is the last one

    offset = None
    per_page = to_int(_first(doc, ad.per_page)) if ad is not None else None
    if page == 1 and known:
        offset = 0
    elif per_page:
        offset = (page - 1) * per_page
    elif url and (m := _URL_START.search(url)):
        offset = int(m.group(1))
    else:
        for a in links:
            k = to_int(_text(a))
            m = _URL_START.search(a.get("href", ""))
            if k and k >= 2 and m and int(m.group(1)) % (k - 1) == 0 and int(m.group(1)):
                offset = (page - 1) * (int(m.group(1)) // (k - 1))
                break
        if offset is None and last is not None and page < last and n_posts:
            offset = (page - 1) * n_posts
    return page, last, nxt, offset


_XP_CANONICAL = etree.XPath("string((/html/head/link[@rel='canonical']/@href)[1])")
_XP_LINK_NEXT = etree.XPath("string((/html/head/link[@rel='next']/@href)[1])")
_XP_A_NEXT = etree.XPath("string((//a[@rel='next'][@href != ''])[1]/@href)")


def parse_page(html: str | bytes, *, url: str | None = None, engine: str | None = None,
               first_number: int | None = None, keep_html: bool = True) -> Page:
    """Read one thread page into posts.

    `html` is the page (bytes are decoded by the page's declared charset). `url` is where it
    came from, used to make links absolute and to know the page number when the page hides it.
    `engine` forces an adapter instead of detecting one. A post's number is the one the forum
    prints in its header; where it prints none, the position worked out from the page's offset
    (the pagination's `start=`, the page size times the page number) or `first_number` (the
    position of the page's first post, known from the page before; it wins), else the page
    number times the engine's usual page size (`Page.numbered` is then "guess"). Never the count of posts on a short page. A page with no
    posts gives `posts=()`.

    Each post's `marks` (hostkit.votes.marks.Marks) are read from the page's own tree, so a
    body is never parsed again for its votes. With `keep_html` False, bodies are not written
    out as HTML (`body` is ""): the marks are all that counting needs (the page cache).
    """
    text, exact = decoded(html) if isinstance(html, bytes) else (html, False)
    doc = _parse_tree(text, url, html if exact else None)
    if doc is None:
        return Page("generic", (), 1, None, None, url)
    name, els = _choose(doc, text, engine)
    base = _base(doc, url)
    ad = _adapter(name)
    tz = footer_tz(text) if ad is not None and ad.row.local_time else None
    if ad is not None:
        rows = _read_posts(ad, els, base, tz, text, keep_html)
    else:
        from hostkit.votes import generic  # BeautifulSoup: loaded only for a page no adapter reads
        from hostkit.votes.marks import body_marks

        rows = generic.read_posts(text, base)
        for row in rows:  # bodies found by BeautifulSoup, as HTML: their marks from that HTML
            row["marks"] = body_marks(row["body"])
            if not keep_html:
                row["body"] = ""
    for el in els:  # the posts are read: the page-wide searches below walk only the page around them
        parent = el.getparent()
        if parent is not None:
            parent.remove(el)
    page, last, nxt, offset = _pagination(ad, doc, text, base, url, len(rows))
    numbered = "offset" if first_number is not None or offset is not None else "guess"
    if first_number is None:
        first_number = offset + 1 if offset is not None else (page - 1) * PAGE_SIZE.get(name, 20) + 1
    posts = []
    for i, row in enumerate(rows):
        number = row["number"] if row["number"] is not None else first_number + i
        page_url = url or (base if "://" in base else None)  # the page's URL, else its canonical one
        link = row["url"] or (f"{page_url.split('#')[0]}#{row['anchor']}" if page_url and row["anchor"] else None)
        posts.append(Post(number, row["author"], row["body"], row["time"], row["edited"], row["post_id"], link,
                          row["marks"]))
    if rows and all(row["number"] is not None for row in rows):
        numbered = "shown"
    return Page(name, tuple(posts), page, last, nxt, url, numbered)

