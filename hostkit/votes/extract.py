"""Post body HTML -> vote texts: the game's vote markup found, quotes (and optionally spoilers) left out.

This module owns reading one post's body: which of its texts are votes, in the order written.
It knows every major forum engine's quote markup (blockquotes, XenForo's ``bbCodeQuote``,
vBulletin 3's "Quote:" tables, vBulletin 4/5's ``bbcode_container``, Discourse's ``aside.quote``,
Invision's ``ipsQuote``, MyBB's ``mycode_quote``, SMF's ``bbc_standard_quote``...) and the vote
markups a game may enable: ``red`` text in any spelling, ``bold``, phpBB's ``[vote]`` tag
(``.bbvote``) and ``hash`` (``##vote X``). It also parses a vote text (``Vote: X``, ``Unvote``,
``No lynch``...) into a :class:`ParsedVote`. Pure functions, no I/O.
"""

from __future__ import annotations

import bisect
import html
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Iterator, Sequence

import lxml.etree

from hostkit.errors import HostkitError

__all__ = [
    "COUNT_MARKER",
    "MARKUPS",
    "Extracted",
    "ParsedVote",
    "extract",
    "is_count_post",
    "is_no_elimination",
    "parse_vote",
    "vote_texts",
]

COUNT_MARKER = "\u200b\u2060\u200c\u2060\u200d"
"""Invisible characters that hostkit's own vote count posts carry: such a post is never read for votes."""

MARKUPS = ("red", "bold", "tag", "hash")

# --------------------------------------------------------------------------- parsing a vote text

_LEAD_JUNK = " \t#*[(<>-~•·:|_"
_TRAIL_JUNK = " \t.!?;,)]*~|_"
_NAME_QUOTES = " \t\"'“”‘’«»`@[]()<>{}*_~"
_KEYWORD = re.compile(r"(?i)^(un[-\s]?vote|vote)\b[^\S\n]*(?:[:=\-–—>]+[^\S\n]*)?(.*)$")
_NO_ELIMINATION = re.compile(
    r"(?i)^(?:no[-\s]*(?:lynch|elimination|elim|execution|exe)|nolynch|sleep|nobody|no[-\s]?one|none)$"
)
# What a marked run with no vote word must be, whole, to count (issue 9: "I have done **none** of this").
_NO_LYNCH_PHRASE = re.compile(r"(?i)^(?:no[-\s]*(?:lynch|elimination|elim|execution|exe)|nolynch|sleep)$")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)


@dataclass(frozen=True)
class ParsedVote:
    """One vote text read: ``kind`` is "vote", "unvote" or "none" (a vote for No Elimination).

    ``name`` is the name as written (for "vote", and for "unvote" when one is named), else None.
    """

    kind: str
    name: str | None
    text: str


def is_no_elimination(name: str) -> bool:
    """True if NAME spells No Elimination: "no lynch", "no elimination", "sleep", "none"..."""
    return bool(_NO_ELIMINATION.match(name.strip().strip(_TRAIL_JUNK)))


def _clean_name(name: str) -> str:
    name = " ".join(name.split())
    return name.strip(_NAME_QUOTES).rstrip(_TRAIL_JUNK).strip(_NAME_QUOTES)


def parse_vote(text: str) -> ParsedVote | None:
    """Read one vote text: ``Vote: X``, ``vote X``, ``##vote X``, ``Unvote``, ``Unvote: X``,
    ``No lynch``, ``No elimination``, ``vote no lynch``, ``Sleep``. None if TEXT is not a vote.

    >>> parse_vote("VOTE: Bob")
    ParsedVote(kind='vote', name='Bob', text='VOTE: Bob')
    """
    original = " ".join(text.translate(_INVISIBLE).split())
    body = original.lstrip(_LEAD_JUNK).rstrip(" \t")
    if not body:
        return None
    m = _KEYWORD.match(body)
    if m is None:
        if is_no_elimination(body):
            return ParsedVote("none", None, original)
        return None
    keyword, rest = m.group(1).lower(), _clean_name(m.group(2))
    if keyword != "vote":
        return ParsedVote("unvote", rest or None, original)
    if not rest:
        return None
    again = _KEYWORD.match(rest)
    if again is not None:  # "VOTE: Unvote" (a [vote] tag around "Unvote"), "VOTE: vote Bob"
        inner = parse_vote(rest)
        if inner is not None:
            return ParsedVote(inner.kind, inner.name, original)
    if is_no_elimination(rest):
        return ParsedVote("none", None, original)
    return ParsedVote("vote", rest, original)


# --------------------------------------------------------------------------- colours

_NAMED_COLOURS = {
    "red": (255, 0, 0), "darkred": (139, 0, 0), "maroon": (128, 0, 0), "firebrick": (178, 34, 34),
    "crimson": (220, 20, 60), "orangered": (255, 69, 0), "indianred": (205, 92, 92),
    "tomato": (255, 99, 71), "brown": (165, 42, 42),
}
_RGB = re.compile(r"rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)")


def _channel(v: str) -> float:
    return float(v[:-1]) * 2.55 if v.endswith("%") else float(v)


@lru_cache(maxsize=1024)
def _is_red(value: str) -> bool:
    """Red in any spelling: a hue within 10 degrees of pure red, saturated and not too dark.

    So #f00, #FF0000, Red, rgb(255, 0, 0), #DD0000, dark red and XenForo 2's palette reds
    (rgb(226, 80, 65), rgb(184, 49, 47)) count; orange (#FF4000), crimson, pink and pale red do not.
    """
    v = value.strip().lower().replace("!important", "").strip().strip("'\"")
    rgb: tuple[float, float, float] | None = None
    if v in _NAMED_COLOURS:
        rgb = _NAMED_COLOURS[v]
    else:
        h = v[1:] if v.startswith("#") else v
        if re.fullmatch(r"[0-9a-f]{3,4}", h):
            rgb = (int(h[0] * 2, 16), int(h[1] * 2, 16), int(h[2] * 2, 16))
        elif re.fullmatch(r"[0-9a-f]{6}([0-9a-f]{2})?", h):
            rgb = (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
        else:
            m = _RGB.match(v)
            if m:
                rgb = (_channel(m.group(1)), _channel(m.group(2)), _channel(m.group(3)))
    if rgb is None:
        return False
    r, g, b = rgb
    hi, lo = max(rgb), min(rgb)
    if hi != r or hi < 115 or hi - lo < 0.6 * hi:
        return False
    hue = 60.0 * (g - b) / (hi - lo)
    return -10.0 <= hue <= 10.0


_STYLE_COLOUR = re.compile(r"(?i)(?<![\w-])color\s*:\s*([^;]+)")
_STYLE_WEIGHT = re.compile(r"(?i)font-weight\s*:\s*([\w-]+)")

# --------------------------------------------------------------------------- quotes and blocks

# Class tokens (lower case) of quote containers across engines.
_QUOTE_CLASSES = frozenset({
    "quote", "bbcodequote", "bbcodeblock--quote", "quotecontainer",  # XenForo 1/2, Discourse aside.quote
    "bbcode_container", "bbcode_quote", "quote_container",  # vBulletin 4/5 (also wraps [code] boxes)
    "ipsquote", "ipsquote_citation",  # Invision
    "mycode_quote",  # MyBB
    "bbc_standard_quote", "bbc_alternate_quote", "quoteheader", "quotefooter",  # SMF
    "postquote", "uncited",
})
# Blockquotes that are a whole post body, not a quote (XenForo 1, vBulletin 4).
_BODY_CLASSES = frozenset({"messagetext", "postcontent", "selectquotecontainer"})
_QUOTE_LABELS = frozenset({"quote:", "zitat:", "citation :", "citation:", "cita:", "citaat:", "citazione:"})
_BLOCKS = frozenset({
    "br", "p", "div", "li", "ul", "ol", "blockquote", "table", "tbody", "tr", "td", "th", "h1", "h2",
    "h3", "h4", "h5", "h6", "aside", "article", "section", "pre", "hr", "dd", "dt", "dl", "fieldset",
    "legend", "header", "footer", "figure", "figcaption", "details", "summary", "center",
})
_SKIP = frozenset({"script", "style", "noscript", "template", "button", "svg"})

_MARK, _QUOTE = 1, 2


@dataclass(frozen=True)
class Extracted:
    """What one post body holds: ``votes`` counted texts in order; ``quoted`` vote texts inside quotes."""

    votes: tuple[str, ...] = ()
    quoted: tuple[str, ...] = ()


_NOTHING = Extracted()


def _parser() -> lxml.html.HTMLParser:
    """A body's parser with libxml2's huge_tree: a post nested over 256 deep (a long chain of
    quotes) must not lose its vote. The page reader refuses pages deeper than it can read."""
    global _HUGE
    if _HUGE is None:
        import lxml.html  # only for bodies not handed over as elements by the page reader

        _HUGE = lxml.html.HTMLParser(huge_tree=True)
    return _HUGE


def _fragment(body_html: str) -> lxml.etree._Element:
    """A body given as HTML, parsed into one <div> (raises lxml's ParserError or ValueError)."""
    import lxml.html

    return lxml.html.fragment_fromstring(body_html, create_parent="div", parser=_parser())


_HUGE: lxml.html.HTMLParser | None = None


def _has_marker(body_html: str) -> bool:
    if COUNT_MARKER in body_html:
        return True
    if "&#" not in body_html:  # the marker is not written as character references either
        return False
    low = body_html.lower()
    if "&#8203;" in low or "&#x200b;" in low:
        return COUNT_MARKER in html.unescape(body_html)
    return False


def is_count_post(body_html: str) -> bool:
    """True if the body carries :data:`COUNT_MARKER` (hostkit's own vote count) outside quotes.

    A player who quotes a vote count still has their own votes read.
    """
    if not _has_marker(body_html):
        return False
    try:
        root = _fragment(body_html)
    except (lxml.etree.ParserError, ValueError):
        return False
    labels = _label_quotes(root)

    def unquoted(el: lxml.etree._Element) -> Iterator[str]:
        if isinstance(el.tag, str):
            if el in labels or _is_quote(el, el.tag.lower(), _classes(el)):
                return
            yield el.text or ""
            for child in el:
                yield from unquoted(child)
                yield child.tail or ""

    return COUNT_MARKER in "".join(unquoted(root))


_VOTE_WORDS = ("vote", "lynch", "elim", "exe", "sleep")  # every text parse_vote reads holds one


def _might_hold(low: str, markups: Sequence[str]) -> bool:
    """A cheap pre-check on the lower-cased HTML: can this body hold any vote markup at all?"""
    for m in markups:
        if m == "tag" and "bbvote" in low:
            return True
        if m == "hash" and "##" in low:
            return True
    if not any(w in low for w in _VOTE_WORDS):
        return False
    for m in markups:
        if m == "red" and "color" in low:
            return True
        if m == "bold" and ("<b>" in low or "<b " in low or "<strong" in low or "font-weight" in low):
            return True
    return False


# Bodies the page reader already parsed (forums registers each post body's element under its
# HTML), so a body is never parsed a second time for its votes. Bounded: a long-lived process
# (tests) drops it wholesale now and then.
_PARSED: dict[str, lxml.etree._Element] = {}
_PARSED_MAX = 50_000


def register_parsed(body_html: str, element: lxml.etree._Element) -> None:
    """Remember the element a body's HTML was serialised from (its own tag is a neutral wrapper)."""
    if len(_PARSED) >= _PARSED_MAX:
        _PARSED.clear()
    _PARSED[body_html] = element


def _classes(el: lxml.etree._Element) -> set[str]:
    cls = el.get("class")
    return set(cls.lower().split()) if cls else set()


def _is_quote(el: lxml.etree._Element, tag: str, classes: set[str]) -> bool:
    if tag == "blockquote":
        return not (classes & _BODY_CLASSES)
    if classes & _QUOTE_CLASSES:
        return True
    # vBulletin 3: <td class="alt2" style="border:1px inset">, inside the table after "Quote:".
    return tag == "td" and "alt2" in classes and "inset" in (el.get("style") or "")


def _is_spoiler(tag: str, classes: set[str]) -> bool:
    return tag == "details" or any("spoiler" in c for c in classes)


def _titled_box(el: lxml.etree._Element) -> str | None:
    """phpBB's titled boxes: a div.quotecontent after its div.quotetitle. MafiaScum's spoilers
    ("Spoiler: ..." with a Show button) are "spoiler"; subsilver2's "Ann wrote:" quotes are "quote"."""
    prev = el.getprevious()
    if prev is None or "quotetitle" not in _classes(prev):
        return "quote"
    title = " ".join("".join(prev.itertext()).split()).lower()
    if title.startswith("spoiler") or prev.find(".//input") is not None:
        return "spoiler"
    return "quote"


def _label_quotes(root: lxml.etree._Element) -> set[lxml.etree._Element]:
    """vBulletin 3 quotes are tables that follow a "Quote:" label: both are quote markup."""
    found: set[lxml.etree._Element] = set()
    for table in root.iter("table"):
        prev = table.getprevious()
        if prev is not None and (prev.text or "").strip().lower() in _QUOTE_LABELS:
            found.add(table)
            found.add(prev)
    return found


class _Walker:
    """Flattens a body into text pieces, each flagged as vote-marked and/or quoted."""

    __slots__ = ("red", "bold", "tag", "spoilers", "labels", "pieces", "tagged")

    def __init__(self, markups: Sequence[str], spoilers: bool, labels: set[lxml.etree._Element]):
        self.red = "red" in markups
        self.bold = "bold" in markups
        self.tag = "tag" in markups
        self.spoilers = spoilers
        self.labels = labels
        self.pieces: list[tuple[str, int]] = [_BREAK]  # the body is a block: it opens on a line break
        # [vote] tags: (first piece, piece after the last, text, quoted)
        self.tagged: list[tuple[int, int, str, bool]] = []

    def walk(self, el: lxml.etree._Element, red: bool, bold: bool, quote: bool) -> None:
        tag = el.tag
        if tag == "br" and el.get("class") is None:  # the commonest element: a line break, no more
            self.pieces += _BREAKS
            return
        if not isinstance(tag, str):  # comment or processing instruction: only its tail is text
            return
        tag = tag.lower()
        if tag in _SKIP:
            return
        classes = _classes(el)
        if "quotetitle" in classes:  # a box's title ("Spoiler: Vote History", "Ann wrote:"): a label
            return
        box = _titled_box(el) if "quotecontent" in classes else None
        if not quote and (el in self.labels or box == "quote" or _is_quote(el, tag, classes)):
            quote = True
        if self.spoilers and (box == "spoiler" or _is_spoiler(tag, classes)):
            return
        style = el.get("style")
        if style:
            colours = _STYLE_COLOUR.findall(style)
            if colours:
                red = _is_red(colours[-1])
            weight = _STYLE_WEIGHT.search(style)
            if weight:
                bold = weight.group(1).lower() in ("bold", "bolder", "600", "700", "800", "900")
        colour = el.get("color")
        if colour is not None:
            red = _is_red(colour)
        if tag in ("b", "strong"):
            bold = True
        block = tag in _BLOCKS
        pieces = self.pieces
        if block:
            pieces.append(_BREAK)
        start = len(pieces)
        flags = (_MARK if (red and self.red) or (bold and self.bold) else 0) | (_QUOTE if quote else 0)
        if el.text:
            pieces.append((_flatten(el.text), flags))
        for child in el:
            self.walk(child, red, bold, quote)
            if child.tail:
                pieces.append((_flatten(child.tail), flags))
        if self.tag and "bbvote" in classes:
            # phpBB's [vote]Bob[/vote]: the tag's whole text is one vote, "VOTE: Bob" or just "Bob".
            text = " ".join(_flatten("".join(el.itertext())).split())
            if text and parse_vote(text) is None:
                text = f"VOTE: {text}"
            if text:
                self.tagged.append((start, len(pieces), text, quote))
        if block:
            pieces.append(_BREAK)


_BREAK = ("\n", 0)  # a block's edge: a line break, unmarked
_BREAKS = (_BREAK, _BREAK)  # a <br>, a block of its own


def _flatten(text: str) -> str:
    # Source newlines are only spaces when rendered; "\n" in our text means a real line break.
    text = text.replace("\n", " ").replace("\r", " ").replace("\t", " ")
    return text if text.isascii() else text.translate(_INVISIBLE)  # the invisibles are not ASCII
_RUN_JUNK = _LEAD_JUNK.replace("#", "") + "\xa0"
# A vote word in a run: after a non-letter, or in capitals even after letters ("AkiraUNVOTE:").
_SPLIT = re.compile(r"(?:(?<![\w#])(?i:(?:##[^\S\n]*)?(?:un[-\s]?vote|vote))|(?:UN[-\s]?VOTE|VOTE))\b"
                    r"(?![^\S\n]+(?i:count|counts|counter)\b)")  # "vote count please" asks for one
_OPENS = re.compile(r"(?i)\s*(?:##\s*)?(?:un[-\s]?vote|vote)\b")  # a new element opening a new vote
_HASH = re.compile(r"(?i)##[^\S\n]*(?:un[-\s]?vote|vote)\b(?:(?!##)[^\n])*")


def _split_run(run: str) -> list[tuple[int, str]]:
    """Split a marked run into vote texts, one from each vote word to the next: "Unvote Vote: Bob"
    is two, and "OMGUS Vote: NavyCherub", "Confirm vote: gandy", "Unovte; Vote: Substrike" each
    hold one. A run with no vote word is a vote only when it is a whole No Elimination phrase
    ("No lynch"), never a bare "none" or "sleep" in a sentence."""
    run_l = len(run) - len(run.lstrip(_RUN_JUNK))
    starts = [m.start() for m in _SPLIT.finditer(run)]
    if not starts:
        text = run.strip()
        return [(run_l, text)] if _NO_LYNCH_PHRASE.match(text.strip(_LEAD_JUNK + _TRAIL_JUNK)) else []
    bounds = starts + [len(run)]
    out = []
    opened = False  # the run opens with a vote word: every vote text in it counts
    for i in range(len(starts)):
        text = run[bounds[i]:bounds[i + 1]].strip()
        if i == 0:
            opened = starts[0] == run_l
        if not opened:
            # After other words only a vote that names someone counts, and only after one word
            # ("OMGUS Vote: X", "Confirm vote: Y") or a stop ("Unovte; Vote: Z"): "...but doesn't
            # unvote." and "I will never vote Bob" are sentences, not votes.
            parsed = parse_vote(text)
            if parsed is None or parsed.kind == "unvote":
                continue
            before = run[run_l:bounds[i]].rstrip()
            if len(before.split()) > 1 and not before.endswith((";", ".", "!", "?", ",", ":", ")")):
                continue
        out.append((bounds[i], text))
    return out


def extract(body_html: str, markups: Sequence[str] = ("red",), *, spoilers: bool = False) -> Extracted:
    """Find the vote texts in one post body (HTML), in the order written.

    MARKUPS says how votes are marked: any of "red" (red text in any spelling), "bold",
    "tag" (phpBB's ``[vote]`` rendered as ``.bbvote``) and "hash" (``##vote X`` in plain text).
    Quoted texts are never votes; they come back separately in ``quoted`` so a count can say
    why it skipped them. With SPOILERS true, spoiler contents are left out too.
    Only texts that :func:`parse_vote` reads as votes are returned.
    """
    unknown = set(markups) - set(MARKUPS)
    if unknown:
        raise HostkitError(f"unknown vote markup {sorted(unknown)[0]!r}; choose from {', '.join(MARKUPS)}")
    if not body_html or not _might_hold(body_html.lower(), markups):
        return _NOTHING
    root = _PARSED.get(body_html)
    if root is None:
        try:
            root = _fragment(body_html)
        except (lxml.etree.ParserError, ValueError):
            return _NOTHING
    walker = _Walker(markups, spoilers, _label_quotes(root))
    pieces = walker.pieces  # the body's own tag is a neutral wrapper, never a quote
    if root.text:
        pieces.append((_flatten(root.text), 0))
    for child in root:
        walker.walk(child, False, False, False)
        if child.tail:
            pieces.append((_flatten(child.tail), 0))
    pieces.append(_BREAK)

    texts = [text for text, _ in pieces]
    starts = list(accumulate(map(len, texts), initial=0))  # where each piece starts in `full`
    full = "".join(texts)

    # (start, end, text, quoted) of each vote text found
    found = [(starts[a], starts[b], text, q) for a, b, text, q in walker.tagged]

    def close(run: tuple[int, int, bool] | None) -> None:
        if run is None:
            return
        start, end, quoted = run
        for offset, text in _split_run(full[start:end]):
            if parse_vote(text) is not None:
                found.append((start + offset, start + offset + len(text), " ".join(text.split()), quoted))

    if walker.red or walker.bold:
        # A run of marked text goes on over blanks; anything else between (a word, a line break)
        # ends it, and so does a piece opening a new vote.
        run: tuple[int, int, bool] | None = None
        for i in [i for i, (text, flags) in enumerate(pieces) if flags & _MARK and text.strip()]:
            text, flags = pieces[i]
            start = starts[i]
            quoted = bool(flags & _QUOTE)
            if (run is not None and run[2] == quoted and not full[run[1]:start].strip(" \xa0")
                    and not _OPENS.match(text)):
                run = (run[0], start + len(text), quoted)
            else:
                close(run)
                run = (start, start + len(text), quoted)
        close(run)

    if "hash" in markups:
        for m in _HASH.finditer(full):
            text = " ".join(m.group(0).split())
            if parse_vote(text) is not None:
                flags = pieces[bisect.bisect_right(starts, m.start()) - 1][1]
                found.append((m.start(), m.end(), text, bool(flags & _QUOTE)))

    if not found:
        return _NOTHING
    found.sort(key=lambda f: (f[0], -f[1]))
    votes: list[str] = []
    quoted: list[str] = []
    end = -1
    for start, stop, text, q in found:
        if start < end:  # the same text seen by two markups (a red ##vote)
            continue
        end = stop
        (quoted if q else votes).append(text)
    return Extracted(tuple(votes), tuple(quoted))


def vote_texts(body_html: str, markups: Sequence[str] = ("red",), *, spoilers: bool = False) -> list[str]:
    """The vote texts of one post body, quotes excluded, in the order written (see :func:`extract`)."""
    return list(extract(body_html, markups, spoilers=spoilers).votes)
