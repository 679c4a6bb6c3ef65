"""The generic fallback: posts from a thread page of a forum engine nobody wrote an adapter for.

This module owns finding the repeated post structure of an unknown engine. The posts are the
schema.org items (Comment, DiscussionForumPosting, SocialMediaPosting) that name an author when
the page has them; else the largest group of same-shaped elements (same tag, and the same
post-like id pattern or the same post-like classes) that each hold an author. In each post it
finds the author (author/username classes, itemprop="author", else a profile link), the body
(the largest element whose class, id or itemprop says content/message/body/text and is no
signature or author pane), the shown "#n" number, the <time>, an "edited" note and the post's
own link. Signatures are dropped from the body; quotes stay for hostkit.votes.extract.

It reads the page with BeautifulSoup on the lxml parser: this path is about flexibility, not
speed. The adapters in hostkit.votes.forums, which read nearly every page, use lxml XPath.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

import bs4
from bs4.dammit import EntitySubstitution
from bs4.element import NavigableString, PreformattedString, Tag
from bs4.formatter import HTMLFormatter

from hostkit.votes.postmeta import absolute, iso_time

__all__ = ["read_posts"]

_POSTISH_ID = re.compile(r"(?:post|msg|message|comment|entry|reply|^p)[-_]?(\d+)$", re.I)
_POSTISH_CLASS = re.compile(r"post|message|comment|reply|entry", re.I)
_NOISE_TOKEN = re.compile(r"\d|^(?:odd|even|alt|row|first|last|bg|new|old|unread|online|offline)", re.I)
_PROFILE_HREF = re.compile(r"member|user|profile|author|people|/u/|[?&;](?:u|uid)=", re.I)
_BODYISH = re.compile(r"content|message|body|text|entry|msg", re.I)
_NOT_BODY = re.compile(r"signature|\bsig\b|author|user|profile|meta|head|foot|control|info", re.I)
_MICRODATA_TYPE = re.compile(r"Comment|DiscussionForumPosting|SocialMediaPosting")
_EDITED = re.compile(r"last edited|edited by|last modified|last edit:", re.I)
_HASH_NUMBER = re.compile(r"#\s*(\d+)")

_CANDIDATE_TAGS = frozenset({"div", "li", "article", "table", "section", "tr"})
_CANDIDATE_CLASS_PARTS = ("ost", "essage", "omment", "eply", "ntry")  # post, message, comment...
_AUTHOR_CLASSES = frozenset({"author", "username", "poster", "postauthor", "post-author", "user-name",
                             "post_author"})
_BODY_TAGS = frozenset({"div", "section", "article", "blockquote", "td"})

# Posts live in <body>: building no tree for <head> (scripts, styles, metadata) saves 15-40%
# of the soup's time on real forum pages.
_ONLY_BODY = bs4.SoupStrainer("body")


# BeautifulSoup shrinks a whitespace-only text to "\n" or " " outside the tags named here; the
# soup's root is "[document]", so naming it keeps every body's whitespace as the page has it.
_KEEP_WHITESPACE = frozenset({"[document]", "pre", "textarea"})


class _LikeLxml(HTMLFormatter):
    """Serialise a body as lxml's HTML writer does (the adapters' bodies): attributes in source
    order, void elements as <br>, only &, < and > escaped. (One difference is left: a valueless
    attribute such as `allowfullscreen` comes out as `allowfullscreen=""`, which means the same.)"""

    def attributes(self, tag: Tag) -> Any:
        return list(tag.attrs.items()) if tag.attrs else []


_FORMATTER = _LikeLxml(entity_substitution=EntitySubstitution.substitute_xml, void_element_close_prefix=None)


# --------------------------------------------------------------------------- small helpers


def _strings(el: Tag) -> Iterator[str]:
    """The element's text pieces in order, as lxml's itertext gives them (no comments)."""
    for node in el.descendants:
        if isinstance(node, NavigableString) and not isinstance(node, PreformattedString):
            yield node


def _text(el: Tag) -> str:
    return "".join(_strings(el))


def _first_text(el: Tag) -> str:
    """The element's first own text node (XPath's text() in a string context)."""
    for node in el.children:
        if isinstance(node, NavigableString) and not isinstance(node, PreformattedString):
            return node
    return ""


def _short_text(el: Tag) -> str:
    text = " ".join(_text(el).split())
    return text if 0 < len(text) <= 64 else ""


def _contains(outer: Tag, inner: Tag) -> bool:
    # Identity, not ==: two bs4 Tags with the same markup are equal.
    return inner is outer or any(a is outer for a in inner.parents)


def _tags(el: Tag) -> Iterator[Tag]:
    for node in el.descendants:
        if isinstance(node, Tag):
            yield node


def _links(el: Tag) -> list[Tag]:
    return el.find_all("a", href=True)


# --------------------------------------------------------------------------- authors


def _authorish(member: Tag) -> Iterator[Tag]:
    """Elements of `member` that name an author, in page order: itemprop="author" (and its
    itemprop="name"), or an author/username/poster class."""
    for el in _tags(member):
        prop = el.get("itemprop")
        if prop == "author" or _AUTHOR_CLASSES.intersection((el.get("class") or "").split()):
            yield el
        elif prop == "name":
            for a in el.parents:
                if a is member:
                    break
                if a.get("itemprop") == "author":
                    yield el
                    break


def _find_author_el(el: Tag) -> tuple[str, Tag] | None:
    """(the name an author element shows, the element), or None when it shows none."""
    if el.name == "a" or el.get("itemprop") == "name":
        name = _short_text(el)
    else:
        name = next((n for a in _links(el) if (n := _short_text(a))), "") or _short_text(el)
    return (name, el) if name else None


def _find_author(member: Tag) -> tuple[str, Tag] | None:
    """(the author's name, the element that shows it), or None when the element names nobody."""
    for el in _authorish(member):
        found = _find_author_el(el)
        if found:
            return found
    for a in _links(member):
        if _PROFILE_HREF.search(a.get("href", "")) and (name := _short_text(a)):
            return name, a
    return None


# --------------------------------------------------------------------------- posts


def _is_candidate(el: Tag) -> bool:
    if el.name not in _CANDIDATE_TAGS:
        return False
    if el.has_attr("id"):
        return True
    cls = el.get("class")
    return cls is not None and any(part in cls for part in _CANDIDATE_CLASS_PARTS)


def _members(soup: Any) -> list[tuple[Tag, tuple[str, Tag]]]:
    """The page's posts, each with its author found: schema.org items when the page has them,
    else the biggest group of alike elements with post-like ids or classes (the shallowest on a tie)."""
    micro = [el for el in soup.find_all(itemtype=_MICRODATA_TYPE) if el.find(itemprop="author")]
    if micro:
        outer = [m for m in micro if not any(_contains(o, m) for o in micro if o is not m)]
        return [(m, found) for m in outer if (found := _find_author(m))]
    groups: dict[tuple[Any, ...], list[Tag]] = {}
    for el in soup.find_all(_is_candidate):
        ident = el.get("id") or ""
        if ident and _POSTISH_ID.search(ident):
            groups.setdefault(("id", el.name, re.sub(r"\d+", "#", ident)), []).append(el)
        tokens = (el.get("class") or "").split()
        if any(_POSTISH_CLASS.search(t) for t in tokens):
            key = frozenset(t for t in tokens if not _NOISE_TOKEN.search(t))
            if key:
                groups.setdefault(("class", el.name, key), []).append(el)
    authors: dict[int, tuple[str, Tag] | None] = {}  # by id(): an element can be in two groups
    best: tuple[int, int, list[tuple[Tag, tuple[str, Tag]]]] | None = None
    for members in groups.values():
        authored = []
        for m in members:
            if id(m) not in authors:
                authors[id(m)] = _own_author(m, members)
            if (found := authors[id(m)]) is not None:
                authored.append((m, found))
        if not authored:
            continue
        score = (len(authored), -sum(1 for _ in authored[0][0].parents))
        if best is None or score > best[:2]:
            best = (score[0], score[1], authored)
    if not best:
        return []
    # A reply nested inside a post (bgm.tv's replies to a reply) is a post of its own, by its own
    # author: it is cut out of the post around it, so no vote in it is credited to that post's author.
    posts = best[2]
    for outer, _ in posts:
        for inner, _ in posts:
            if inner is not outer and _contains(outer, inner):
                inner.extract()  # out of the outer post's body (kept, whole, as its own post)
    return posts


def _own_author(member: Tag, members: list[Tag]) -> tuple[str, Tag] | None:
    """The author of MEMBER outside the other members nested in it (a nested reply names its
    own author), or None when it names none of its own."""
    nested = [m for m in members if m is not member and _contains(member, m)]
    if not nested:
        return _find_author(member)
    for el in _authorish(member):
        if any(_contains(n, el) for n in nested):
            continue
        found = _find_author_el(el)
        if found:
            return found
    for a in _links(member):
        if any(_contains(n, a) for n in nested):
            continue
        if _PROFILE_HREF.search(a.get("href", "")) and (name := _short_text(a)):
            return name, a
    return None


def _body(member: Tag, author_el: Tag) -> Tag | None:
    """The largest element labelled as the post's text that is no signature, pane or header."""
    body = None
    best_len = -1
    for cand in _tags(member):
        if cand.name not in _BODY_TAGS:
            continue
        label = " ".join(filter(None, (cand.get("class"), cand.get("id"), cand.get("itemprop"))))
        if not label or not _BODYISH.search(label) or _NOT_BODY.search(label) or _contains(cand, author_el):
            continue
        n = len(_text(cand))
        if n > best_len:
            body, best_len = cand, n
    return body


def _number(member: Tag, body: Tag | None) -> int | None:
    """The post's shown "#n", outside its body."""
    for el in _tags(member):
        if not " ".join(_first_text(el).split()).startswith("#"):
            continue
        if body is not None and _contains(body, el):
            continue
        m = _HASH_NUMBER.fullmatch(" ".join(_text(el).split()))
        if m:
            return int(m.group(1))
    return None


def _is_signature(el: Tag) -> bool:
    cls = el.get("class") or ""
    return "signature" in cls or "postsig" in cls or "signature" in (el.get("id") or "")


def _huge_builder() -> type:
    """bs4's lxml builder with huge_tree, so a deep page is not cut short silently (as in forums)."""
    import functools

    from bs4.builder import LXMLTreeBuilder
    from lxml import etree

    class HugeLXML(LXMLTreeBuilder):
        def default_parser(self, encoding: Any) -> Any:
            return functools.partial(etree.HTMLParser, huge_tree=True)

    return HugeLXML


def read_posts(html: str, base: str) -> list[dict[str, Any]]:
    """The posts of a thread page whose engine no adapter knows, in page order.

    `html` is the page's text; `base` is the URL that relative links resolve against ("" to leave
    them relative). Each post is a dict with the keys the adapters give hostkit.votes.forums:
    author, number (None when the page shows none), time, edited, post_id, url, anchor (the
    post element's id) and body (inner HTML, signature removed). A page with no repeated
    authored structure gives [].
    """
    soup = bs4.BeautifulSoup(html, "lxml", builder=_huge_builder(), parse_only=_ONLY_BODY, multi_valued_attributes=None,
                             preserve_whitespace_tags=_KEEP_WHITESPACE)
    out = []
    for member, (author, author_el) in _members(soup):
        body = _body(member, author_el)
        number = _number(member, body)
        edited = bool(_EDITED.search(" ".join(_strings(member))))
        time_el = member.find("time", datetime=True)
        ident = member.get("id") or ""
        pid = _POSTISH_ID.search(ident)
        href = None
        if pid:
            href = next((a["href"] for a in _links(member)
                         if pid.group(1) in a["href"] and "#" in a["href"]), None)
        if body is None:
            body = member
            author_el.extract()
        for junk in body.find_all(_is_signature):
            junk.extract()
        out.append({
            "author": author, "number": number,
            "time": iso_time(time_el["datetime"], None) if time_el is not None else None,
            "edited": edited, "post_id": pid.group(1) if pid else None,
            "url": absolute(base, href) if href else None, "anchor": ident or None,
            "body": body.decode_contents(formatter=_FORMATTER).strip(),
        })
    return out
