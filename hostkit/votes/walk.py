"""A post body's HTML flattened into flagged text pieces: every engine's quote, spoiler and
block markup, and the walk that reads them.

This module owns turning one body element into text pieces, each flagged red, bold, tinted,
quoted or in code (hostkit.votes.styles's flags), with its [vote] tags (`_Walker`). It knows every
major forum engine's quote markup (blockquotes, XenForo's ``bbCodeQuote``, vBulletin 3's
"Quote:" tables, vBulletin 4/5's ``bbcode_container``, Discourse's ``aside.quote``, Invision's
``ipsQuote``, MyBB's ``mycode_quote``, SMF's ``bbc_standard_quote``...) and phpBB's titled boxes
(quotes and MafiaScum's spoilers), and parses a body given as HTML (`_fragment`). Pure, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hostkit.votes.styles import _BOLD, _CODE, _HIDDEN, _MARKED, _QUOTE, _RED, _read_style, _styled, etree
from hostkit.votes.votetext import _BARE, _INVISIBLE, _has_invisible, parse_vote

if TYPE_CHECKING:
    import lxml.etree
    import lxml.html


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


def text_of(el: lxml.etree._Element) -> str:
    """The element's text: XPath's string(el), and lxml's "".join(el.itertext()) (both leave out
    comments and processing instructions), from one call into libxml2 (~5x faster than itertext)."""
    return etree().tostring(el, method="text", encoding="unicode", with_tail=False)


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

    __slots__ = ("spoilers", "labels", "texts", "flags", "marked", "tagged", "hidden")

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
        # [vote] tags in hidden text that name someone without a vote word: (first piece, "VOTE: Bob")
        self.hidden: list[tuple[int, str]] = []

    def children(self, el: lxml.etree._Element, flags: int) -> None:
        """Add EL's text and its children's pieces and tails, flagged FLAGS (its _RED, _BOLD and
        _QUOTE marks, which its children inherit). One call an element with children, each child
        read in the loop: each text, tag and class is read once (an lxml read costs more than the
        test made of it), each text is flattened once (_flatten), and a child with no children of
        its own (most are) has its text added here, as the call for it would add it."""
        texts, flagl = self.texts, self.flags
        # (hidden text is never counted, so never marked, but in a quote it is quoted like the rest)
        marked = self.marked if flags & _MARKED and flags & (_HIDDEN | _QUOTE) != _HIDDEN else None
        labels = self.labels
        kinds = _KINDS[self.spoilers] if not labels else None  # (an element's kind turns on it being a label)
        text = el.text  # EL's own text, then each child's tail: each added before the next element
        # None: past the last child, only its tail is left to add (the children listed by one
        # call, el[:]: an iterator over them costs more to make)
        for child in (*el[:], None):
            if text:
                text = _flatten(text)
                if marked is not None:
                    marked.append(len(texts))
                texts.append(text)
                flagl.append(flags)
            if child is None:
                break
            tag = child.tag
            if tag == "br" and child.get("class") is None:  # the commonest element: a line break, no more
                texts += _BREAKS  # (its class alone read: the one attribute that makes a <br> more)
                flagl += _NO_FLAGS
                text = child.tail
                continue
            # its class, style and color from one read of its attributes (most elements have none,
            # or one): each read is a call into lxml, which costs more than the tests made of it
            cls = style = colour = None
            for name, value in child.items():  # (the first of a name, as get() reads it)
                if name == "class":
                    if cls is None:
                        cls = value
                elif name == "style":
                    if style is None:
                        style = value
                elif name == "color" and colour is None:
                    colour = value
            kind = None if kinds is None else kinds.get((tag, cls, style, colour, flags))
            if kind is None:
                kind = self._kind(child, tag, cls, style, colour, flags, kinds)
            f, block, bbvote = kind
            if f >= 0:  # (-1: an element left out, a comment or a processing instruction: only its tail is text)
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
                        if f & _MARKED and f & (_HIDDEN | _QUOTE) != _HIDDEN:
                            self.marked.append(start)
                        texts.append(t)
                        flagl.append(f)
                if bbvote:
                    self._tag(child, start, f, nested)
                if block:
                    texts.append("\n")
                    flagl.append(0)
            text = child.tail

    def _kind(self, child: lxml.etree._Element, tag: object, cls: str | None, style: str | None,
              colour: str | None, flags: int, kinds: dict | None) -> tuple[int, bool, bool]:
        """What CHILD is to the walk, inside text flagged FLAGS: (its flags, -1 when it is left out;
        whether it is a block; whether it is a [vote] tag), from its tag, class, style and color
        attribute; kept in KINDS by those when nothing else decides it (a thread prints the same
        few elements thousands of times: MafiaScum's [b] is <div style="display:inline;font-weight:
        bold">): not a phpBB box (its title, the element before it, says whether it is a quote)
        nor a colour (a letter or two of it is rainbow text, `_tinted`)."""
        labels = self.labels
        keep = kinds is not None
        if not isinstance(tag, str) or (tag := tag.lower()) in _SKIP:
            kind = (-1, False, False)
            if keep:
                _keep_kind(kinds, (child.tag, cls, style, colour, flags), kind)
            return kind
        f = flags
        if cls is None:
            classes = _NO_CLASSES
            if not f & _QUOTE and (tag == "blockquote" or labels and child in labels):
                f |= _QUOTE  # (a blockquote with no class is a quote; a td needs class alt2)
            skip = self.spoilers and tag == "details"
        else:
            classes = set(cls.lower().split())
            box = None
            if "quotecontent" in classes:
                box = _titled_box(child)
                keep = False
            if not f & _QUOTE and (labels and child in labels or box == "quote"
                                   or _is_quote(child, tag, classes)):
                f |= _QUOTE
            # a box's title ("Spoiler: Vote History", "Ann wrote:") is a label
            skip = "quotetitle" in classes or (self.spoilers and (box == "spoiler" or _is_spoiler(tag, classes)))
        if skip:
            kind = (-1, False, False)
        else:
            block = tag in _BLOCKS
            if style is not None or colour is not None:
                if colour is not None or _read_style(style)[0] is not None:
                    keep = False  # (its tint turns on its text)
                r, b, tint, inline = _styled(child, f & _RED != 0, f & _BOLD != 0, style, colour)
                f = (f & (_QUOTE | _CODE | _HIDDEN)) | (_RED if r else 0) | (_BOLD if b else 0) | tint
                if inline:  # MafiaScum's [b], [i], [color]: <div style="display:inline">
                    block = False
            if tag == "b" or tag == "strong":
                f |= _BOLD
            elif tag == "code" or tag == "pre":
                f |= _CODE
            elif tag == "s" or tag == "strike" or tag == "del":  # struck out: taken back
                f |= _HIDDEN
            kind = (f, block, "bbvote" in classes)
        if keep:
            _keep_kind(kinds, (child.tag, cls, style, colour, flags), kind)
        return kind

    def _tag(self, el: lxml.etree._Element, start: int, flags: int, nested: int) -> None:
        """phpBB's [vote]Bob[/vote]: the tag's whole text is one vote, "VOTE: Bob" or just "Bob".
        A [vote] left open holds the rest of the post, later closed [vote] tags too (phpBB nests
        them): the closed inner tag is the vote, and the open one only its text before the first
        inner tag (NESTED: where this tag's inner tags start in `tagged`). Its text is what a
        reader sees (hidden pieces left out); a tag in hidden text (FLAGS _HIDDEN) is no vote."""
        end = len(self.texts)
        seen = self.flags[start:end]
        if len(self.tagged) > nested:  # an inner tag: this one was left open
            end = self.tagged[nested][0]
            text = " ".join("".join(self.texts[start:end]).split())
            close = text.lower().find("[/vote]")  # the writer's own (mistyped) close: the vote ends there
            if close != -1:
                text = text[:close].strip()
        elif not flags & _HIDDEN and any(f & _HIDDEN for f in seen):  # "[vote][color=white]Ann[/color]Bob"
            text = " ".join("".join(t for t, f in zip(self.texts[start:end], seen) if not f & _HIDDEN).split())
        else:
            text = " ".join(_flatten(text_of(el)).split())
        if text and parse_vote(text) is None and not _BARE.match(text):  # (an empty tag stays empty)
            text = f"VOTE: {text}"
            if flags & (_HIDDEN | _QUOTE) == _HIDDEN:  # (one with a vote word is read with the hidden text)
                self.hidden.append((start, text))
        if text and flags & (_HIDDEN | _QUOTE) != _HIDDEN:
            self.tagged.append((start, end, text, flags & _QUOTE != 0))


_NO_CLASSES: frozenset[str] = frozenset()
# Each element kind's reading (_Walker._kind), by (tag, class, style, color, the flags around it): one
# table for a walk that reads spoilers and one for a walk that leaves them out.
_KINDS: dict[bool, dict] = {False: {}, True: {}}


def _keep_kind(kinds: dict, key: tuple, kind: tuple[int, bool, bool]) -> None:
    if len(kinds) >= 4096:  # a bound: a thread of many styles starts the table afresh
        kinds.clear()
    kinds[key] = kind
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
