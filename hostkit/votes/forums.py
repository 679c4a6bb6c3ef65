"""Forum pages read: a thread page's HTML -> its posts, its engine and its place in the thread.

Each forum engine's markup is a small table of XPath selectors (the `Adapter` rows of
hostkit.votes.adapters); one function here, `_read_posts`, applies any row to a page, and
`_sniff` finds the row a page needs. Adapter pages are parsed once with lxml (XPath on lxml is
the fast path). A page no row matches goes to hostkit.votes.generic, which finds the repeated post
structure of an unknown engine with BeautifulSoup. The page's number, last page and next URL are
hostkit.votes.pagination's; turning shown strings into values (encoding, numbers, times, links)
is hostkit.votes.postmeta's. Bodies keep their quotes (hostkit.votes.extract removes them) but
lose their signatures.
"""

from __future__ import annotations

import re
from datetime import timezone
from typing import Any
from urllib.parse import urljoin

from lxml import etree

from hostkit.model.errors import FetchError
from hostkit.model.counts import Post
from hostkit.votes.adapters import _adapter, _Compiled, _ROWS, ENGINES, PAGE_SIZE
from hostkit.votes.adapters import first as _first
from hostkit.votes.adapters import text as _text
from hostkit.votes.pagination import _pagination, head_links
from hostkit.votes.marks import NO_MARKS, marks_of
from hostkit.votes.page import Page
from hostkit.votes.postmeta import absolute, decode, decoded, footer_tz, iso_time, to_int
from hostkit.votes.walk import text_of

__all__ = ["ENGINES", "Page", "decode", "detect_engine", "parse_page"]


# --------------------------------------------------------------------------- small helpers

_XML_DECL = re.compile(r"^\s*<\?xml[^>]*\?>")


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


def _base(heads: tuple[str, str, str], url: str | None) -> str:
    """Where the page's links are relative to: its <base>, its URL, else (a saved page read
    from disk) its canonical link, so post links still point at the forum. HEADS is the page's
    pagination.head_links."""
    base = heads[0]
    if base:
        return urljoin(url or "", base)
    return url or heads[1] or ""


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


def _collect(parent: Any, deeper: bool, heads: list[Any], blocks: list[Any]) -> None:
    """Add `parent`'s author paragraphs to `heads` and its divs to `blocks` (and, when `deeper`,
    those of its divs too). A module function, not a closure: a recursive closure is a reference
    cycle, which kept every post's elements, and so each page's whole tree, alive until the
    collector ran (tens of MB over a long thread, each page faulted in fresh)."""
    for c in parent[:]:  # (a list from one call: an iterator costs more to make)
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
    for col in el[:]:  # (lists from one call each: an iterator costs more to make)
        if col.tag != "div":
            continue
        for pb in col[:]:
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
        kids = head[:]  # kept alive, so iterdescendants hands back these same elements
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
    heads = head_links(doc)
    base = _base(heads, url)
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
    page, last, nxt, offset = _pagination(ad, doc, text, base, url, len(rows), heads)
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

