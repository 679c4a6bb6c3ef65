"""Forum adapters: a thread page's HTML -> posts, the engine and the page's pagination.

This module owns the knowledge of each forum engine's markup. An adapter is a small table of
XPath selectors (the `Adapter` rows in `ADAPTERS`); one function, `_read_posts`, applies any row
to a page, and `_generic_posts` finds the repeated post structure of an engine nobody wrote a
row for. Pages are parsed once with lxml (no BeautifulSoup: XPath on lxml is the fast path).
Bodies keep their quotes (hostkit.votes.extract removes them) but lose their signatures.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import urljoin

from lxml import etree

from hostkit.model import Post

__all__ = ["ENGINES", "Page", "decode", "detect_engine", "parse_page"]


@dataclass(frozen=True)
class Page:
    """One thread page as read: its engine, its posts and where the thread goes next."""

    engine: str
    posts: tuple[Post, ...]
    page: int  # this page's number, from 1
    last_page: int | None  # the thread's last page (this one when there is no next page)
    next_url: str | None  # the next page's absolute URL (relative when the page has no URL)
    url: str | None = None


# --------------------------------------------------------------------------- encoding

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([-\w.:]+)""", re.I)
_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?([-\w.:]+)""", re.I)
# The WHATWG encoding standard: browsers read these labels as windows-1252, and so do we.
_AS_CP1252 = {"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "us-ascii", "ascii",
              "windows-1252", "cp1252", "x-cp1252", "iso_8859-1", "cp819"}
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def _codec(label: str | None) -> str | None:
    if not label:
        return None
    label = label.strip().lower()
    if label in _AS_CP1252:
        return "cp1252"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def decode(data: bytes, content_type: str | None = None) -> str:
    """Decode a page's bytes: its BOM, else the HTTP header's charset, else the page's <meta>
    charset, else UTF-8 if it is valid, else windows-1252 (old vBulletin 3 pages)."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return data.decode(name, errors="replace")
    enc = None
    if content_type:
        m = _HEADER_CHARSET.search(content_type)
        enc = _codec(m.group(1)) if m else None
    if enc is None:
        m = _META_CHARSET.search(data[:16384])
        enc = _codec(m.group(1).decode("ascii", "replace")) if m else None
    if enc is None:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            enc = "cp1252"
    return data.decode(enc, errors="replace")


# --------------------------------------------------------------------------- adapters


def C(name: str) -> str:  # noqa: N802 - reads like a selector inside the XPath strings below
    """XPath test: the element has class `name` (a whole class token)."""
    # The plain contains() first: it is cheap and rules out nearly every element.
    return f"(contains(@class, '{name}') and contains(concat(' ', normalize-space(@class), ' '), ' {name} '))"


@dataclass(frozen=True)
class Adapter:
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
        author=(f"string((.//p[{C('author')}]//strong)[1])",
                f"string((.//*[{C('postprofile')}]//a[{C('username')} or {C('username-coloured')}])[1])"),
        body=f"(.//div[{C('content')}])[1]",
        time=(f"string((.//p[{C('author')}]//time/@datetime)[1])",
              f"string((.//p[{C('author')}]/text()[contains(., '»')])[last()])"),
        local_time=True,
        edited=f"boolean(.//div[{C('notice')}][contains(., 'edited')])",
        url=(f"string((.//p[{C('author')}]//a[contains(@href, '#p')]/@href)[1])",),
        strip=f".//div[{C('signature')}]",
        pagelinks=f"//div[{C('pagination')}]//a[@href]",
    ),
)

ENGINES: tuple[str, ...] = (
    "phpbb", "vbulletin3", "vbulletin4", "vbulletin5", "xenforo1", "xenforo2",
    "discourse", "invision", "mybb", "smf", "nodebb", "generic",
)


@dataclass(frozen=True)
class _Compiled:
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
        xp(row.strip) if row.strip else None, many(row.page), many(row.last), many(row.per_page),
        many(row.next), xp(row.pagelinks) if row.pagelinks else None,
    )


_ADAPTERS: dict[str, _Compiled] = {row.engine: _compile(row) for row in ADAPTER_ROWS}

# --------------------------------------------------------------------------- small helpers

_DIGITS = re.compile(r"\d[\d,.]*")
_XML_DECL = re.compile(r"^\s*<\?xml[^>]*\?>")
_PAGE_OF = re.compile(r"Page\s*(?:<[^>]+>\s*)*(\d+)\s*(?:<[^>]+>\s*)*of\s*(?:<[^>]+>\s*)*(\d+)", re.I)
_URL_PAGE = re.compile(r"(?:[?&;]page=|/page-|/page/?)(\d+)", re.I)
_URL_START = re.compile(r"(?:[?&;]start=|[?&;]topic=\d+\.)(\d+)", re.I)
_TZ_FOOTER = re.compile(
    r"All times are (?:UTC|GMT)\s*(?:([+\-\u2212])\s*(\d{1,2})(?:[.:](\d{1,2}))?)?(?:\s*hours?)?"
    r"(\s*\[\s*(?:<abbr[^>]*>)?\s*DST)?", re.I)
_TIME_FORMATS = (
    "%a %b %d, %Y %I:%M %p", "%a %b %d, %Y %H:%M", "%Y-%m-%d, %H:%M", "%m-%d-%Y, %I:%M %p",
    "%d-%m-%Y, %H:%M", "%m-%d-%Y, %H:%M", "%B %d, %Y, %I:%M:%S %p", "%d %b %Y, %H:%M",
    "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M",
)
_time_formats = list(_TIME_FORMATS)


def _first(el: Any, xpaths: tuple[etree.XPath, ...]) -> str:
    for xp in xpaths:
        value = xp(el)
        if isinstance(value, str):
            value = " ".join(value.split())
            if value:
                return value
    return ""


def _int(text: str) -> int | None:
    m = _DIGITS.search(text or "")
    if not m:
        return None
    try:
        return int(m.group(0).replace(",", "").replace(".", ""))
    except ValueError:
        return None


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


def _footer_tz(text: str) -> timezone | None:
    at = text.find("All times are")
    m = _TZ_FOOTER.match(text, at) if at >= 0 else None
    if not m:
        return None
    sign, hours, minutes, dst = m.groups()
    offset = timedelta(hours=int(hours or 0), minutes=int(minutes or 0))
    if sign in ("-", "\u2212"):
        offset = -offset
    if dst:
        offset += timedelta(hours=1)
    return timezone(offset)


def _iso(value: str, tz: timezone | None) -> str | None:
    """ISO 8601 with offset from an epoch, an ISO string or a shown date in zone `tz`."""
    v = value.strip(" \u00bb\u00ab,")
    if not v:
        return None
    if v.isdigit():
        n = int(v)
        if n > 10**11:  # milliseconds (NodeBB)
            n //= 1000
        return datetime.fromtimestamp(n, timezone.utc).isoformat()
    if re.match(r"\d{4}-\d{2}-\d{2}T", v):
        s = v.replace("Z", "+00:00")
        s = re.sub(r"([+-]\d{2})(\d{2})$", r"\1:\2", s)
        try:
            d = datetime.fromisoformat(s)
        except ValueError:
            return None
        if d.tzinfo is None:
            if tz is None:
                return None
            d = d.replace(tzinfo=tz)
        return d.replace(microsecond=0).isoformat()
    if tz is None:
        return None
    for fmt in _time_formats:
        try:
            d = datetime.strptime(v, fmt)
        except ValueError:
            continue
        if fmt is not _time_formats[0]:  # a board uses one format: try it first next time
            _time_formats.remove(fmt)
            _time_formats.insert(0, fmt)
        return d.replace(tzinfo=tz).isoformat()
    return None  # "Today, 10:04" and the like: no date we can trust


_XP_BASE = etree.XPath("string((/html/head/base/@href)[1])")


def _base(doc: Any, url: str | None) -> str:
    base = _XP_BASE(doc)
    return urljoin(url or "", base) if base else (url or "")


def _abs(base: str, href: str) -> str | None:
    href = href.strip()
    if not href or href.startswith(("#", "javascript:")):
        return None
    return urljoin(base, href) if base else href


# --------------------------------------------------------------------------- posts


def _read_posts(ad: _Compiled, els: list[Any], base: str, tz: timezone | None) -> list[dict[str, Any]]:
    out = []
    for el in els:
        body = ad.body(el)
        body = body[0] if body else None
        number = _int(_first(el, ad.number))
        if number is not None:
            number += ad.row.number_shift
        href = _first(el, ad.url)
        post_id = _first(el, ad.post_id)
        fields = {
            "author": _first(el, ad.author),
            "number": number,
            "time": _iso(_first(el, ad.time), tz if ad.row.local_time else None),
            "edited": bool(ad.edited(el)),
            "post_id": str(_int(post_id)) if _int(post_id) is not None else (post_id or None),
            "url": _abs(base, href) if href else None,
            "anchor": el.get("id"),
        }
        if body is not None:
            if ad.strip is not None:
                for junk in ad.strip(body):
                    _drop(junk)
            fields["body"] = _inner_html(body).strip()
        else:
            fields["body"] = ""
        out.append(fields)
    return out


# The generic fallback: find the repeated post structure of an unknown engine.
_POSTISH_ID = re.compile(r"(?:post|msg|message|comment|entry|reply|^p)[-_]?(\d+)$", re.I)
_POSTISH_CLASS = re.compile(r"post|message|comment|reply|entry", re.I)
_NOISE_TOKEN = re.compile(r"\d|^(?:odd|even|alt|row|first|last|bg|new|old|unread|online|offline)", re.I)
_PROFILE_HREF = re.compile(r"member|user|profile|author|people|/u/|[?&;](?:u|uid)=", re.I)
_BODYISH = re.compile(r"content|message|body|text|entry|msg", re.I)
_NOT_BODY = re.compile(r"signature|\bsig\b|author|user|profile|meta|head|foot|control|info", re.I)
_XP_CANDIDATES = etree.XPath(
    "//*[self::div or self::li or self::article or self::table or self::section or self::tr]"
    "[@id or contains(@class, 'ost') or contains(@class, 'essage') or contains(@class, 'omment')"
    " or contains(@class, 'eply') or contains(@class, 'ntry')]")
_XP_MICRODATA = etree.XPath(
    "//*[contains(@itemtype, 'Comment') or contains(@itemtype, 'DiscussionForumPosting')"
    " or contains(@itemtype, 'SocialMediaPosting')][.//*[@itemprop='author']]")
_XP_AUTHORISH = etree.XPath(
    "(.//*[@itemprop='author']//*[@itemprop='name'] | .//*[@itemprop='author']"
    f" | .//*[{C('author')} or {C('username')} or {C('poster')} or {C('postauthor')}"
    f" or {C('post-author')} or {C('user-name')} or {C('post_author')}])")
_XP_LINKS = etree.XPath(".//a[@href]")
_XP_SIG = etree.XPath(".//*[contains(@class, 'signature') or contains(@class, 'postsig')"
                      " or contains(@id, 'signature')]")
_XP_HASHNUM = etree.XPath(".//*[starts-with(normalize-space(text()), '#')]")
_XP_TIME = etree.XPath("string((.//time/@datetime)[1])")
_XP_BODYISH = etree.XPath(".//*[self::div or self::section or self::article or self::blockquote"
                          " or self::td][@class or @id or @itemprop]")


def _short_text(el: Any) -> str:
    text = " ".join("".join(el.itertext()).split())
    return text if 0 < len(text) <= 64 else ""


def _find_author(member: Any) -> tuple[str, Any] | None:
    for el in _XP_AUTHORISH(member):
        if el.tag == "a" or el.get("itemprop") == "name":
            name = _short_text(el)
        else:
            name = next((n for a in _XP_LINKS(el) if (n := _short_text(a))), "") or _short_text(el)
        if name:
            return name, el
    for a in _XP_LINKS(member):
        if _PROFILE_HREF.search(a.get("href", "")) and (name := _short_text(a)):
            return name, a
    return None


def _contains(outer: Any, inner: Any) -> bool:
    return any(a is outer for a in inner.iterancestors()) or outer is inner


def _generic_members(doc: Any) -> list[Any]:
    micro = _XP_MICRODATA(doc)
    if micro:
        return [m for m in micro if not any(_contains(o, m) for o in micro if o is not m)]
    groups: dict[tuple[Any, ...], list[Any]] = {}
    for el in _XP_CANDIDATES(doc):
        ident = el.get("id") or ""
        if ident and _POSTISH_ID.search(ident):
            groups.setdefault(("id", el.tag, re.sub(r"\d+", "#", ident)), []).append(el)
        tokens = (el.get("class") or "").split()
        if any(_POSTISH_CLASS.search(t) for t in tokens):
            key = frozenset(t for t in tokens if not _NOISE_TOKEN.search(t))
            if key:
                groups.setdefault(("class", el.tag, key), []).append(el)
    best: tuple[int, int, list[Any]] | None = None
    for members in groups.values():
        members = [m for m in members if not any(a in members for a in m.iterancestors())]
        authored = [m for m in members if _find_author(m)]
        if not authored:
            continue
        depth = len(list(authored[0].iterancestors()))
        score = (len(authored), -depth)
        if best is None or score > best[:2]:
            best = (score[0], score[1], authored)
    return best[2] if best else []


def _generic_posts(doc: Any, base: str) -> list[dict[str, Any]]:
    out = []
    for member in _generic_members(doc):
        found = _find_author(member)
        if not found:
            continue
        author, author_el = found
        body = None
        best_len = -1
        for cand in _XP_BODYISH(member):
            label = " ".join(filter(None, (cand.get("class"), cand.get("id"), cand.get("itemprop"))))
            if not _BODYISH.search(label) or _NOT_BODY.search(label) or _contains(cand, author_el):
                continue
            n = len("".join(cand.itertext()))
            if n > best_len:
                body, best_len = cand, n
        number = None
        for el in _XP_HASHNUM(member):
            if body is not None and _contains(body, el):
                continue
            m = re.fullmatch(r"#\s*(\d+)", " ".join("".join(el.itertext()).split()))
            if m:
                number = int(m.group(1))
                break
        edited = bool(re.search(r"last edited|edited by|last modified|last edit:",
                                " ".join(member.itertext()), re.I))
        ident = member.get("id") or ""
        pid = _POSTISH_ID.search(ident)
        href = None
        if pid:
            href = next((a.get("href") for a in _XP_LINKS(member)
                         if pid.group(1) in a.get("href", "") and "#" in a.get("href", "")), None)
        if body is None:
            body = member
            _drop(author_el)
        for junk in _XP_SIG(body):
            _drop(junk)
        out.append({
            "author": author, "number": number, "time": _iso(_XP_TIME(member), None), "edited": edited,
            "post_id": pid.group(1) if pid else None, "url": _abs(base, href) if href else None,
            "anchor": ident or None, "body": _inner_html(body).strip(),
        })
    return out


# --------------------------------------------------------------------------- pages


def _parse_tree(text: str) -> Any:
    text = _XML_DECL.sub("", text, count=1)
    parser = etree.HTMLParser(encoding="utf-8")
    return etree.fromstring(text.encode("utf-8", "surrogatepass"), parser)


def _choose(doc: Any, text: str, engine: str | None) -> tuple[str, list[Any]]:
    if engine == "generic":
        return "generic", []
    if engine is not None:
        if engine not in _ADAPTERS:
            raise ValueError(f"unknown forum engine {engine!r}")
        return engine, _ADAPTERS[engine].posts(doc)
    tried = set()
    for name, ad in _ADAPTERS.items():
        if any(m in text for m in ad.marker):
            tried.add(name)
            els = ad.posts(doc)
            if els:
                return name, els
    for name, ad in _ADAPTERS.items():
        if name not in tried:
            els = ad.posts(doc)
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
        page = page or _int(_first(doc, ad.page))
        last = last or _int(_first(doc, ad.last))
    if page is None or last is None:
        m = _PAGE_OF.search(text)
        if m:
            page, last = page or int(m.group(1)), last or int(m.group(2))
    if page is None and url and (m := _URL_PAGE.search(url)):
        page = int(m.group(1))
    if page is None and (m := _URL_PAGE.search(_first(doc, (_XP_CANONICAL,)))):
        page = int(m.group(1))
    page = page or 1
    links = ad.pagelinks(doc) if ad is not None and ad.pagelinks is not None else []
    if last is None and links:
        shown = [n for a in links if (n := _int(" ".join("".join(a.itertext()).split()))) is not None]
        if shown and max(shown) > page:
            last = max(shown)

    nxt = None
    for xp in () if last is not None and page >= last else (*(ad.next if ad else ()), _XP_LINK_NEXT, _XP_A_NEXT):
        href = _first(doc, (xp,))
        if href and (nxt := _abs(base, href)):
            break
    if nxt is not None and url and nxt.split("#")[0] == url.split("#")[0]:
        nxt = None
    if nxt is None and (last is None or page < last):
        want = str(page + 1)
        href = next((a.get("href") for a in links if " ".join("".join(a.itertext()).split()) == want), None)
        nxt = _abs(base, href) if href else None
    if last is None and nxt is None:
        last = page  # no next page: this is the last one

    offset = None
    per_page = _int(_first(doc, ad.per_page)) if ad is not None else None
    if page == 1:
        offset = 0
    elif per_page:
        offset = (page - 1) * per_page
    elif url and (m := _URL_START.search(url)):
        offset = int(m.group(1))
    else:
        for a in links:
            k = _int(" ".join("".join(a.itertext()).split()))
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
               first_number: int | None = None) -> Page:
    """Read one thread page into posts.

    `html` is the page (bytes are decoded by the page's declared charset). `url` is where it
    came from, used to make links absolute and to know the page number when the page hides it.
    `engine` forces an adapter instead of detecting one. `first_number` is the thread position
    of the page's first post, used only where the forum shows no post numbers; without it the
    position is worked out from the page's pagination. A page with no posts gives `posts=()`.
    """
    text = decode(html) if isinstance(html, bytes) else html
    doc = _parse_tree(text)
    if doc is None:
        return Page("generic", (), 1, None, None, url)
    name, els = _choose(doc, text, engine)
    base = _base(doc, url)
    ad = _ADAPTERS.get(name)
    tz = _footer_tz(text) if ad is not None and ad.row.local_time else None
    rows = _read_posts(ad, els, base, tz) if ad is not None else _generic_posts(doc, base)
    page, last, nxt, offset = _pagination(ad, doc, text, base, url, len(rows))
    if first_number is None:
        first_number = offset + 1 if offset is not None else (page - 1) * len(rows) + 1
    posts = []
    for i, row in enumerate(rows):
        number = row["number"] if row["number"] is not None else first_number + i
        link = row["url"] or (f"{url.split('#')[0]}#{row['anchor']}" if url and row["anchor"] else None)
        posts.append(Post(number=number, author=row["author"], body=row["body"], time=row["time"],
                          edited=row["edited"], post_id=row["post_id"], url=link))
    return Page(name, tuple(posts), page, last, nxt, url)

