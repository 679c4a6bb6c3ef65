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
import re
from functools import lru_cache
from itertools import accumulate
from typing import Any, Iterator, Sequence

import lxml.etree

from hostkit.errors import HostkitError
from hostkit.records import Record
from hostkit.votes.postmeta import lazy_re

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


def _has_invisible(text: str) -> bool:
    """Whether TEXT holds one of the invisible characters (_INVISIBLE's): six scans for a
    character cost a tenth of a regex's search for a class of them, on a text beyond ASCII."""
    return ("\u200b" in text or "\u200c" in text or "\u200d" in text or "\u2060" in text or "\ufeff" in text
            or "\u00ad" in text)


def _visible(text: str) -> str:
    """TEXT without its invisible characters (a search first: translate is slow on long text)."""
    return text if text.isascii() or not _has_invisible(text) else text.translate(_INVISIBLE)


class ParsedVote(Record):  # a Record, not a dataclass: a dataclass costs start-up
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
        inner = _KEYWORD.match(rest) if rest else None
        if inner is not None and inner.group(1).lower() == "vote":  # "UNVOTE: VOTE: Jerbs" votes for Jerbs
            again = parse_vote(rest)
            if again is not None:
                return ParsedVote(again.kind, again.name, original)
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


def written_name(text: str) -> str | None:
    """The name a vote text writes after its vote word ("Nobody" in "Vote: Nobody"), whatever it
    reads as; None when it writes none. (A player may be named like a No Elimination word.)"""
    body = " ".join(text.translate(_INVISIBLE).split()).lstrip(_LEAD_JUNK)
    m = _KEYWORD.match(body)
    if m is None:
        return None
    rest = _clean_name(m.group(2))
    again = _KEYWORD.match(rest)
    return (written_name(rest) if again is not None and again.group(1).lower() == "vote" else rest) or None


# --------------------------------------------------------------------------- colours

_NAMED_COLOURS = {
    "red": (255, 0, 0), "darkred": (139, 0, 0), "maroon": (128, 0, 0), "firebrick": (178, 34, 34),
    "crimson": (220, 20, 60), "orangered": (255, 69, 0), "indianred": (205, 92, 92),
    "tomato": (255, 99, 71), "brown": (165, 42, 42),
}
_RGB = lazy_re(r"rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)")


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
            m = _RGB().match(v)
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

_RED, _BOLD, _QUOTE, _TINT, _CODE = 1, 2, 4, 8, 16  # a text piece's flags (_TINT: a letter or two in a
# colour; _CODE: in a code block, where BBCode is shown as written)
_MARKED = _RED | _BOLD | _TINT


class Extracted(Record):
    """What one post body holds: ``votes`` counted texts in order; ``quoted`` vote texts inside
    quotes; ``unmarked`` vote texts marked in a way the game does not read (rainbow text in a
    game of bold votes), each with why, so a count can list them."""

    votes: tuple[str, ...] = ()
    quoted: tuple[str, ...] = ()
    unmarked: tuple[tuple[str, str], ...] = ()


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
        import html  # only for a marker written as character references: its import costs start-up

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
    return _count_marked(root)


_VOTE_WORDS = ("vote", "lynch", "elim", "exe", "sleep")  # every text parse_vote reads holds one


def _might_hold(low: str, markups: Sequence[str]) -> bool:
    """A cheap pre-check on the lower-cased HTML: can this body hold any vote markup at all?"""
    if not low.isascii():
        low = _visible(low)  # "vo\u200bte" reads as "vote"
    for m in markups:
        if m == "tag" and "bbvote" in low:
            return True
        if m == "hash" and "##" in low:
            return True
    if not any(w in low for w in _VOTE_WORDS):
        # rainbow text (a colour a letter) writes no vote word in its HTML: the text may
        return low.count("color") >= 4
    for m in markups:
        if m == "red" and "color" in low:
            return True
        if m == "bold" and ("<b>" in low or "<b " in low or "<strong" in low or "font-weight" in low
                            or "[b]" in low or "[/b]" in low):  # (BBCode printed as written)
            return True
    return False


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
    title = " ".join(text_of(prev).split()).lower()
    if title.startswith("spoiler") or next(prev.iterdescendants("input"), None) is not None:
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
    """Flattens a body into text pieces, each flagged red, bold and/or quoted (whatever markups
    a game enables: the flags say what the text is, `read_marks` what counts)."""

    __slots__ = ("spoilers", "labels", "texts", "flags", "marked", "tagged")

    def __init__(self, spoilers: bool, labels: set[lxml.etree._Element]):
        self.spoilers = spoilers
        self.labels = labels
        # the pieces: their texts and their flags, side by side (the body is a block: it opens on
        # a line break); and which of them are marked red or bold, in order
        self.texts: list[str] = ["\n"]
        self.flags: list[int] = [0]
        self.marked: list[int] = []
        # [vote] tags: (first piece, piece after the last, text, quoted)
        self.tagged: list[tuple[int, int, str, bool]] = []

    def children(self, el: lxml.etree._Element, flags: int) -> None:
        """Add EL's text and its children's pieces and tails, flagged FLAGS (its _RED, _BOLD and
        _QUOTE marks, which its children inherit). One call an element with children, each child
        read in the loop: each text, tag and class is read once (an lxml read costs more than the
        test made of it), each text is flattened once (_flatten), and a child with no children of
        its own (most are) has its text added here, as the call for it would add it."""
        texts, flagl = self.texts, self.flags
        marked = self.marked if flags & _MARKED else None
        labels = self.labels
        text = el.text  # EL's own text, then each child's tail: each added before the next element
        for child in (*el, None):  # None: past the last child, only its tail is left to add
            if text:
                text = _flatten(text)
                if marked is not None:
                    marked.append(len(texts))
                texts.append(text)
                flagl.append(flags)
            if child is None:
                break
            tag = child.tag
            cls = child.get("class")
            if tag == "br" and cls is None:  # the commonest element: a line break, no more
                texts += _BREAKS
                flagl += _NO_FLAGS
            elif isinstance(tag, str) and (tag := tag.lower()) not in _SKIP:
                # (a comment or processing instruction: only its tail is text)
                f = flags
                if cls is None:
                    classes = _NO_CLASSES
                    if not f & _QUOTE and (tag == "blockquote" or labels and child in labels):
                        f |= _QUOTE  # (a blockquote with no class is a quote; a td needs class alt2)
                    skip = self.spoilers and tag == "details"
                    least = 0  # it may have a style or colour with any attribute
                else:
                    classes = set(cls.lower().split())
                    box = _titled_box(child) if "quotecontent" in classes else None
                    if not f & _QUOTE and (labels and child in labels or box == "quote"
                                           or _is_quote(child, tag, classes)):
                        f |= _QUOTE
                    # a box's title ("Spoiler: Vote History", "Ann wrote:") is a label
                    skip = "quotetitle" in classes or (self.spoilers and (box == "spoiler"
                                                                           or _is_spoiler(tag, classes)))
                    least = 1  # ... with an attribute besides its class
                if not skip:
                    names = child.keys()  # most elements have no attribute but a class: one read
                    block = tag in _BLOCKS
                    if len(names) > least and ("style" in names or "color" in names):
                        r, b, tint, inline = _styled(child, f & _RED != 0, f & _BOLD != 0)
                        f = (f & (_QUOTE | _CODE)) | (_RED if r else 0) | (_BOLD if b else 0) | tint
                        if inline:  # MafiaScum's [b], [i], [color]: <div style="display:inline">
                            block = False
                    if tag == "b" or tag == "strong":
                        f |= _BOLD
                    elif tag == "code" or tag == "pre":
                        f |= _CODE
                    if block:
                        texts.append("\n")
                        flagl.append(0)
                    start = len(texts)
                    nested = len(self.tagged)
                    if len(child):
                        self.children(child, f)
                    else:  # a leaf: its own text only, as self.children(child, f) adds it
                        t = child.text
                        if t:
                            t = _flatten(t)
                            if f & _MARKED:
                                self.marked.append(start)
                            texts.append(t)
                            flagl.append(f)
                    if "bbvote" in classes:
                        self._tag(child, start, f & _QUOTE != 0, nested)
                    if block:
                        texts.append("\n")
                        flagl.append(0)
            text = child.tail

    def _tag(self, el: lxml.etree._Element, start: int, quote: bool, nested: int) -> None:
        """phpBB's [vote]Bob[/vote]: the tag's whole text is one vote, "VOTE: Bob" or just "Bob".
        A [vote] left open holds the rest of the post, later closed [vote] tags too (phpBB nests
        them): the closed inner tag is the vote, and the open one only its text before the first
        inner tag (NESTED: where this tag's inner tags start in `tagged`)."""
        end = len(self.texts)
        if len(self.tagged) > nested:  # an inner tag: this one was left open
            end = self.tagged[nested][0]
            text = " ".join("".join(self.texts[start:end]).split())
            close = text.lower().find("[/vote]")  # the writer's own (mistyped) close: the vote ends there
            if close != -1:
                text = text[:close].strip()
        else:
            text = " ".join(_flatten(text_of(el)).split())
        if text and parse_vote(text) is None:
            text = f"VOTE: {text}"
        if text:
            self.tagged.append((start, end, text, quote))


def _colours(style: str) -> bool:
    """Whether a style can make text red or bold: it names a colour or a font weight, as
    _STYLE_COLOUR and _STYLE_WEIGHT need (no character beyond ASCII matches any letter of
    "color" or "font-we" under IGNORECASE, nor lowers to one)."""
    low = style.lower()
    return "color" in low or "font-we" in low


def _styled(el: lxml.etree._Element, red: bool, bold: bool) -> tuple[bool, bool, int, bool]:
    """(red, bold, tint, inline) inside EL, given red and bold outside it: its style's last
    colour and its weight, and its color attribute (which wins over the style); tint is _TINT
    when EL colours a letter or two (rainbow text: one colour an element), and inline whether
    the style makes EL inline (MafiaScum prints [b], [i] and [color] as inline divs)."""
    style = el.get("style")
    tint = 0
    inline = False
    if style:
        low = style.lower()  # each regex only where its name is written (see _colours)
        if "color" in low:
            colours = _STYLE_COLOUR.findall(style)
            if colours:
                red = _is_red(colours[-1])
                tint = _tinted(el)
        if "font-we" in low:
            weight = _STYLE_WEIGHT.search(style)
            if weight:
                bold = weight.group(1).lower() in ("bold", "bolder", "600", "700", "800", "900")
        inline = "inline" in low and _INLINE.search(low) is not None
    colour = el.get("color")
    if colour is not None:
        red = _is_red(colour)
        tint = _tinted(el)
    return red, bold, tint, inline


_INLINE = re.compile(r"display\s*:\s*inline\b(?!-)")


def _tinted(el: lxml.etree._Element) -> int:
    """_TINT when EL colours only a letter or two (its whole text, its children's included, is
    at most two characters that are not blank): a piece of rainbow text, one colour a letter. An
    element read in line as a leaf and the same element with an empty child read the same."""
    t = "".join(el.itertext()) if len(el) else el.text
    return _TINT if t and len(t.strip()) <= 2 else 0


_NO_CLASSES: frozenset[str] = frozenset()
_BREAKS = ("\n", "\n")  # a <br>: a block of its own, a line break at each edge
_NO_FLAGS = (0, 0)  # ... unmarked


def _flatten(text: str) -> str:
    """A source text as it reads: source newlines, returns and tabs are only spaces when rendered
    ("\n" in our text means a real line break), and invisible characters are dropped (each
    replace or scan made only where it can change something)."""
    text = text.replace("\n", " ")
    if "\r" in text or "\t" in text:
        text = text.replace("\r", " ").replace("\t", " ")
    return text if text.isascii() or not _has_invisible(text) else text.translate(_INVISIBLE)

_RUN_JUNK = _LEAD_JUNK.replace("#", "") + "\xa0"
# A vote word in a run: after a non-letter, or in capitals even after letters ("AkiraUNVOTE:").
_SPLIT = re.compile(r"(?:(?<![\w#])(?i:(?:##[^\S\n]*)?(?:un[-\s]?vote|vote))|(?:UN[-\s]?VOTE|VOTE))\b"
                    r"(?![^\S\n]+(?i:count|counts|counter)\b)")  # "vote count please" asks for one
_OPENS = re.compile(r"(?i)\s*(?:##\s*)?(?:un[-\s]?vote|vote)\b")  # a new element opening a new vote
_HASH = lazy_re(r"(?i)##[^\S\n]*(?:un[-\s]?vote|vote)\b(?:(?!##)[^\n])*")


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


# --------------------------------------------------------------------------- marks: what vote reading needs

Marks = tuple
"""What reading votes needs from one post body, whatever markups a game enables: `marks_of` makes
it from the body's element, `read_marks` reads votes from it. () for a body that can hold no vote
in any markup (most posts), else (marked, tagged, hashed, counted):

- marked: every red or bold piece of text that is not blank, in order, as (start, text, flags,
  gap), where start is its place in the body's flattened text, flags its _RED/_BOLD/_QUOTE bits
  and gap the blank text (spaces, no-break spaces) between the previous such piece and this one,
  or None when something else lies between (a word, a line break): a run goes on only over a gap;
- tagged: every [vote] tag as (start, end, text, quoted);
- hashed: every ##vote text that reads as a vote, as (start, end, text, quoted);
- counted: True when the body carries COUNT_MARKER outside quotes (hostkit's own count post).

Plain tuples, strings, ints and bools, so the page cache keeps it as JSON (hostkit.votes.pages)."""

NO_MARKS: Marks = ()


def text_of(el: lxml.etree._Element) -> str:
    """The element's text: XPath's string(el), and lxml's "".join(el.itertext()) (both leave out
    comments and processing instructions), from one call into libxml2 (~5x faster than itertext)."""
    return lxml.etree.tostring(el, method="text", encoding="unicode", with_tail=False)


def _count_marked(root: lxml.etree._Element) -> bool:
    """COUNT_MARKER in the body's text outside quotes (the body's own tag is a neutral wrapper)."""
    labels = _label_quotes(root)

    def unquoted(el: lxml.etree._Element) -> Iterator[str]:
        if isinstance(el.tag, str):
            if el in labels or _is_quote(el, el.tag.lower(), _classes(el)):
                return
            yield el.text or ""
            for child in el:
                yield from unquoted(child)
                yield child.tail or ""

    def inside(el: lxml.etree._Element) -> Iterator[str]:
        yield el.text or ""
        for child in el:
            yield from unquoted(child)
            yield child.tail or ""

    return COUNT_MARKER in "".join(inside(root))


def marks_of(root: lxml.etree._Element, *, spoilers: bool = False, tags: bool = True,
             text: str | None = None) -> Marks:
    """The body element's marks (see `Marks`). The element's own tag is a neutral wrapper, never
    a quote. With SPOILERS, spoiler contents are left out. TAGS False says the page holds no
    [vote] tag at all (a cheap test the page reader makes once). TEXT is the body's text if the
    caller has it."""
    if text is None:
        text = text_of(root)
    counted = COUNT_MARKER in text and _count_marked(root)
    low = _visible(text.lower())
    # Every vote text a run or a ## gives holds a vote word; a run needs red or bold markup; a
    # [vote] tag needs only itself. Most posts have none of these, and are not walked.
    words = "vote" in low or "lynch" in low or "elim" in low or "exe" in low or "sleep" in low  # _VOTE_WORDS
    # A style of font sizes alone marks nothing, but a walk also reads ##votes, whose two #s a
    # skipped element (a script, a box title) may bring together: it counts whenever a # is here.
    # BBCode printed as written ("Vote: mb[/b]") is bold with no element to show it.
    if not ((words and ("##" in low or "[b]" in low or "[/b]" in low))
            or ((words or tags) and _marked(root, words, tags, "#" in low))):
        return ((), (), (), True) if counted else NO_MARKS
    walker = _Walker(spoilers, _label_quotes(root))
    walker.children(root, 0)
    texts, flagl = walker.texts, walker.flags
    texts.append("\n")
    flagl.append(0)

    starts = list(accumulate(map(len, texts), initial=0))  # where each piece starts in `full`
    full = "".join(texts)

    marked: list[tuple[int, str, int, str | None]] = []
    end = None
    for i in walker.marked:  # the red or bold pieces, in order
        t = texts[i]
        if t.strip():
            start = starts[i]
            gap = None
            if end is not None:
                between = full[end:start]
                gap = None if between.strip(" \xa0") else between
            marked.append((start, t, flagl[i], gap))
            end = start + len(t)
    if marked and not any(w in "".join(t for _, t, _, _ in marked).lower() for w in _VOTE_WORDS):
        marked = []  # no run can read as a vote (every vote text holds a vote word)
    if "[/b]" in full or "[b]" in full or "[/B]" in full or "[B]" in full:
        marked = _literal_bold(full, starts, flagl, marked)
    tagged = tuple((starts[a], starts[b], t, q) for a, b, t, q in walker.tagged)
    hashed = []
    if "##" in full:
        for m in _HASH().finditer(full):
            t = " ".join(m.group(0).split())
            if parse_vote(t) is not None:
                flags = flagl[bisect.bisect_right(starts, m.start()) - 1]
                hashed.append((m.start(), m.end(), t, bool(flags & _QUOTE)))
    if not (marked or tagged or hashed or counted):
        return NO_MARKS
    return (tuple(marked), tagged, tuple(hashed), counted)


_LITERAL_BOLD = lazy_re(r"(?i)\[b\]([^\n]*?)(?:\[/b\]|(?=\n)|$)|(?:^|(?<=\n))([^\n\[]*?)\[/b\]")


def _literal_bold(full: str, starts: list[int], flagl: list[int], marked: list) -> list:
    """MARKED with the text a post bolds in BBCode the forum printed as written ("Vote: mb[/b]",
    a [b] whose partner was mistyped): between [b] and [/b], or to the end of the line from a
    lone [b], or from the line's start to a lone [/b]; outside code blocks, where BBCode is an
    example. Such text is bold to its writer and to every reader."""
    extra = []
    for m in _LITERAL_BOLD().finditer(full):
        at = m.start(1) if m.group(1) is not None else m.start(2)
        t = m.group(1) if m.group(1) is not None else m.group(2)
        flags = flagl[bisect.bisect_right(starts, at) - 1]
        if t.strip() and not flags & _CODE and any(w in t.lower() for w in _VOTE_WORDS):
            extra.append((at, t, _BOLD | (flags & _QUOTE), None))
    return sorted(marked + extra, key=lambda piece: piece[0]) if extra else marked


def _marked(root: lxml.etree._Element, markup: bool, tags: bool, styled: bool = True) -> bool:
    """Whether the body holds an element that can make text red or bold (with MARKUP), or one
    of class bbvote (with TAGS), as _Walker reads them. With STYLED, any style attribute counts;
    without, only a style that names a colour or a font weight (the only ones _styled reads: a
    body of font sizes alone has nothing to walk for). (A loop over the elements: an XPath call
    costs more than walking a post's few elements.)"""
    for el in root.iter(lxml.etree.Element):
        if markup and el.tag in ("b", "strong"):
            return True
        names = el.keys()  # one read for the attributes' names: most elements have none
        if names:
            if markup and ("color" in names or "style" in names and (styled or _colours(el.get("style")))):
                return True
            if tags and "class" in names and "bbvote" in el.get("class").lower():
                return True
    return False


def body_marks(body_html: str) -> Marks:
    """The marks (see `Marks`) of a body given as HTML."""
    if not body_html:
        return NO_MARKS
    try:
        return marks_of(_fragment(body_html))
    except (lxml.etree.ParserError, ValueError):
        return NO_MARKS


def read_marks(marks: Marks, markups: Sequence[str] = ("red",)) -> Extracted:
    """The vote texts that MARKS (see `Marks`) hold under the game's MARKUPS, quoted ones apart:
    what `extract` gives for the body they were made from."""
    if not marks:
        return _NOTHING
    marked, tagged, hashed, _ = marks
    red, bold = "red" in markups, "bold" in markups
    found = []
    if "tag" in markups:
        for start, stop, text, q in tagged:
            parts = [t for _, t in _split_run(text) if parse_vote(t) is not None]
            if len(parts) < 2:  # (the common case: one vote a tag)
                found.append((start, stop, text, q))
                continue
            # "VOTE: UNVOTE Vote: GreyICE", "UNVOTE: Bob UNVOTE: , VOTE: Ann": a tag holding
            # several vote texts holds each of them, in order
            for k, t in enumerate(parts):
                found.append((start + k, stop if k == len(parts) - 1 else start + k + 1, " ".join(t.split()), q))
    unmarked: list[tuple[str, str]] = []

    def close(start: int, parts: list[str], quoted: bool, counted: bool) -> None:
        for offset, t in _split_run("".join(parts)):
            if parse_vote(t) is not None:
                if counted:
                    found.append((start + offset, start + offset + len(t), " ".join(t.split()), quoted))
                elif not quoted:
                    unmarked.append((" ".join(t.split()), "coloured letter by letter, not in the game's vote markup"))

    if marked:
        # red markup reads rainbow text (a letter or two a colour) as marked too
        want = (_RED | _TINT if red else 0) | (_BOLD if bold else 0)
        # A run of marked text goes on over blanks; anything else between (a word, a line break,
        # text marked only in a markup the game does not use) ends it, and so does a piece
        # opening a new vote. A run of rainbow text alone, in a game that does not read it, is
        # reported (it looks like a vote), never counted.
        run_start, parts, run_quoted, last, counted = -1, [], False, -2, False
        for i, (start, t, flags, gap) in enumerate(marked):
            if not flags & (want | _TINT):
                continue
            quoted = bool(flags & _QUOTE)
            if parts and last == i - 1 and gap is not None and run_quoted == quoted and not _OPENS.match(t):
                parts.append(gap)
                parts.append(t)
                counted = counted or bool(flags & want)
            else:
                if parts:
                    close(run_start, parts, run_quoted, counted)
                run_start, parts, run_quoted, counted = start, [t], quoted, bool(flags & want)
            last = i
        if parts:
            close(run_start, parts, run_quoted, counted)

    if "hash" in markups:
        found += hashed

    if not found:
        return Extracted(unmarked=tuple(unmarked)) if unmarked else _NOTHING
    found.sort(key=lambda f: (f[0], -f[1]))
    votes: list[str] = []
    quoted: list[str] = []
    end = -1
    for start, stop, text, q in found:
        if start < end:  # the same text seen by two markups (a red ##vote)
            continue
        end = stop
        (quoted if q else votes).append(text)
    return Extracted(tuple(votes), tuple(quoted), tuple(unmarked))


def _check(markups: Sequence[str]) -> None:
    for m in markups:  # (a loop, not two sets: it runs for every post of a count)
        if m not in MARKUPS:
            break
    else:
        return
    unknown = set(markups) - set(MARKUPS)
    if unknown:
        raise HostkitError(f"unknown vote markup {sorted(unknown)[0]!r}; choose from {', '.join(MARKUPS)}")


def extract(body_html: str, markups: Sequence[str] = ("red",), *, spoilers: bool = False) -> Extracted:
    """Find the vote texts in one post body (HTML), in the order written.

    MARKUPS says how votes are marked: any of "red" (red text in any spelling), "bold",
    "tag" (phpBB's ``[vote]`` rendered as ``.bbvote``) and "hash" (``##vote X`` in plain text).
    Quoted texts are never votes; they come back separately in ``quoted`` so a count can say
    why it skipped them. With SPOILERS true, spoiler contents are left out too.
    Only texts that :func:`parse_vote` reads as votes are returned.
    """
    _check(markups)
    if not body_html or not _might_hold(body_html.lower(), markups):
        return _NOTHING
    try:
        root = _fragment(body_html)
    except (lxml.etree.ParserError, ValueError):
        return _NOTHING
    return read_marks(marks_of(root, spoilers=spoilers), markups)


def post_votes(body_html: str, marks: Marks | None, markups: Sequence[str] = ("red",)) -> Extracted:
    """A post's vote texts: from its MARKS where the page reader made them (hostkit.model.Post's
    `marks`), else from its body's HTML."""
    if marks is None:
        return extract(body_html, markups)
    _check(markups)
    return read_marks(marks, markups)


def post_is_count(body_html: str, marks: Marks | None) -> bool:
    """Whether a post is hostkit's own count (see `is_count_post`), from its MARKS where made."""
    if marks is None:
        return is_count_post(body_html)
    return bool(marks) and marks[3]


def vote_texts(body_html: str, markups: Sequence[str] = ("red",), *, spoilers: bool = False) -> list[str]:
    """The vote texts of one post body, quotes excluded, in the order written (see :func:`extract`)."""
    return list(extract(body_html, markups, spoilers=spoilers).votes)
