"""A thread page's place in its thread: its page number, the last page, the next page's URL and the
offset of its first post, from what the page shows (the engine's row, "Page 2 of 7", the
pagination's links, the URL).
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from hostkit.votes.adapters import _Compiled, first
from hostkit.votes.adapters import text as _text
from hostkit.votes.postmeta import absolute, lazy_re, to_int

_PAGE_OF = re.compile(r"Page\s*(?:<[^>]+>\s*)*(\d+)\s*(?:<[^>]+>\s*)*of\s*(?:<[^>]+>\s*)*(\d+)", re.I)
_URL_PAGE = lazy_re(r"(?:[?&;]page=|/page-|/page/?)(\d+)", re.I)
_URL_START = re.compile(r"(?:[?&;]start=|[?&;]topic=\d+\.)(\d+)", re.I)



def head_links(doc: Any) -> tuple[str, str, str]:
    """The href of the page's first <base>, <link rel="canonical"> and <link rel="next"> that has
    one ("" where none has), as XPath's string((/html/head/base/@href)[1]) and the like give them:
    read in one pass over the head's children, where three XPath calls cost more than the head
    holds (an XPath call costs more than reading a few dozen elements)."""
    base = canonical = nxt = None
    if doc.tag == "html":
        for head in doc[:]:
            if head.tag != "head":
                continue
            for el in head[:]:
                tag = el.tag
                if tag == "base":
                    if base is None:
                        base = el.get("href")
                elif tag == "link" and (canonical is None or nxt is None):
                    rel = el.get("rel")
                    if rel == "canonical":
                        if canonical is None:
                            canonical = el.get("href")
                    elif rel == "next" and nxt is None:
                        nxt = el.get("href")
    return base or "", canonical or "", nxt or ""


def _a_next(doc: Any) -> str:
    """XPath's string((//a[@rel='next'][@href != ''])[1]/@href): the first <a rel="next"> with a
    link's href, from a loop over the page's links (posts are gone from the page by now)."""
    for a in doc.iter("a"):
        if a.get("rel") == "next":
            href = a.get("href")
            if href:
                return href
    return ""


def _next_hrefs(ad: _Compiled | None, doc: Any, head_next: str) -> Iterator[str]:
    """The next page's link as each place names it, in the order they are tried, each read only
    when the one before gave no link: the row's paths, the head's <link rel="next">, an
    <a rel="next">."""
    for xp in ad.next if ad else ():
        yield first(doc, (xp,))
    yield " ".join(head_next.split())
    yield " ".join(_a_next(doc).split())


def _pagination(ad: _Compiled | None, doc: Any, text: str, base: str, url: str | None,
                n_posts: int, heads: tuple[str, str, str]) -> tuple[int, int | None, str | None, int | None]:
    """(page, last page, next URL, offset of the page's first post) as far as the page tells.
    HEADS is `head_links(doc)`."""
    page = last = None
    if ad is not None and ad.row.page_regex:
        m = re.search(ad.row.page_regex, text)
        if m:
            page, last = int(m.group(1)), int(m.group(2))
    if ad is not None:
        page = page or to_int(first(doc, ad.page))
        last = last or to_int(first(doc, ad.last))
    if page is None or last is None:
        m = _PAGE_OF.search(text)
        if m:
            page, last = page or int(m.group(1)), last or int(m.group(2))
    if page is None and url and (m := _URL_PAGE().search(url)):
        page = int(m.group(1))
    if page is None and (m := _URL_PAGE().search(" ".join(heads[1].split()))):
        page = int(m.group(1))
    known = page is not None
    page = page or 1
    links = ad.pagelinks(doc) if ad is not None and ad.pagelinks is not None else []
    if last is None and links:
        shown = [n for a in links if (n := to_int(_text(a))) is not None]
        if shown and max(shown) > page:
            last = max(shown)

    nxt = None
    for href in () if last is not None and page >= last else _next_hrefs(ad, doc, heads[2]):
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
    per_page = to_int(first(doc, ad.per_page)) if ad is not None else None
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
