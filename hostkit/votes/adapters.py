"""Forum adapters as data: each engine's XPath selectors (`ADAPTER_ROWS`), its usual page size, and
their compiled form, compiled on first use.

This is the table of what each forum engine's markup looks like; hostkit.votes.forums applies a
row to a page (`_read_posts`), sniffs which row a page needs, and reads its pagination.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from hostkit.model.records import Record
from hostkit.votes.walk import text_of


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


def first(el: Any, xpaths: tuple[etree.XPath, ...]) -> str:
    """The first non-empty string the paths give, whitespace normalised ("" when none does)."""
    for xp in xpaths:
        value = xp(el)
        if isinstance(value, str):
            value = " ".join(value.split())
            if value:
                return value
    return ""


def text(el: Any) -> str:
    """XPath string(el), whitespace normalised (see walk.text_of). A header's field or a pagination
    link (<strong><a>Ann</a></strong>, <a>3</a>) is read from its own texts, one call into lxml
    each, where it holds at most one element and that one nothing: text_of costs many times more."""
    n = len(el)
    if n == 0:
        t = el.text or ""
    elif n == 1 and isinstance((child := el[0]).tag, str) and not len(child):  # (not a comment)
        t = (el.text or "") + (child.text or "") + (child.tail or "")
    else:
        t = text_of(el)
    return " ".join(t.split())
