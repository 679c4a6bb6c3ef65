"""A post body's marks: what reading its votes needs, made once from its element (`marks_of`).

This module owns `Marks` (the red and bold runs, [vote] tags, ##votes and the count marker of one
body, in plain tuples the page cache keeps as JSON), made from the walk over the body
(hostkit.votes.walk), and hostkit's own count marker (`COUNT_MARKER`) found outside quotes.
hostkit.votes.extract reads votes from marks under a game's markups. Pure functions, no I/O.
"""

from __future__ import annotations

import bisect
import re
from itertools import accumulate
from typing import TYPE_CHECKING, Iterator

from hostkit.votes.postmeta import lazy_re
from hostkit.votes.styles import _BOLD, _CODE, _HIDDEN, _LINE, _QUOTE, _colours, etree
from hostkit.votes.votetext import _SPLIT, _VOTE_WORDS, ANNOUNCING, DISOWNING, _split_run, _visible, parse_vote
from hostkit.votes.walk import _Walker, _classes, _fragment, _is_quote, _label_quotes, text_of

if TYPE_CHECKING:
    import lxml.etree

COUNT_MARKER = "\u200b\u2060\u200c\u2060\u200d"
"""Invisible characters that hostkit's own vote count posts carry: such a post is never read for votes."""

Marks = tuple
"""What reading votes needs from one post body, whatever markups a game enables: `marks_of` makes
it from the body's element, hostkit.votes.extract's `read_marks` reads votes from it. () for a
body that can hold no vote in any markup (most posts), else (marked, tagged, hashed, counted):

- marked: every red or bold piece of text that is not blank, in order, as (start, text, flags,
  gap), where start is its place in the body's flattened text, flags its _RED/_BOLD/_QUOTE bits
  and gap the blank text (spaces, no-break spaces) between the previous such piece and this one,
  or None when something else lies between (a word, a line break): a run goes on only over a gap;
  then, after them, every line that opens with a vote text ("VOTE: Bob"), whatever its markup,
  flagged _LINE (it makes no run: a count lists it when nothing counts it);
- tagged: every [vote] tag as (start, end, text, quoted);
- hashed: every ##vote text that reads as a vote, as (start, end, text, quoted);
- counted: True when the body carries COUNT_MARKER outside quotes (hostkit's own count post).

Plain tuples, strings, ints and bools, so the page cache keeps it as JSON (hostkit.votes.pages)."""

NO_MARKS: Marks = ()

_HASH = lazy_re(r"(?i)##[^\S\n]*(?:un[-\s]?vote|vote)\b(?:(?!##)[^\n])*")


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
    lines = words and line_hint(low)  # it may hold a vote line in no markup
    # A style of font sizes alone marks nothing, but a walk also reads ##votes, whose two #s a
    # skipped element (a script, a box title) may bring together: it counts whenever a # is here.
    # BBCode printed as written ("Vote: mb[/b]") is bold with no element to show it.
    if not ((words and ("##" in low or "[b]" in low or "[/b]" in low)) or lines
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
    pieces = [i for i in walker.marked if texts[i].strip()]  # the red or bold pieces, in order
    said = "".join([texts[i] for i in pieces]).lower()  # (joined once, not once a vote word)
    if any(w in said for w in _VOTE_WORDS):  # else no run can read as a vote (every vote text holds a vote word)
        end = None
        for i in pieces:
            t = texts[i]
            start = starts[i]
            gap = None
            if end is not None:
                between = full[end:start]
                gap = None if between.strip(" \xa0") else between
            marked.append((start, t, flagl[i], gap))
            end = start + len(t)
    if "[/b]" in full or "[b]" in full or "[/B]" in full or "[B]" in full:
        marked = _literal_bold(full, starts, flagl, marked)
    if lines:
        marked += _vote_lines(full, starts, flagl)
    if (words and any(f & _HIDDEN for f in set(flagl))) or walker.hidden:
        hidden = _hidden_votes(texts, starts, flagl) if words else []
        hidden += [(starts[i], t, _LINE | _HIDDEN, None) for i, t in walker.hidden if not flagl[i] & (_QUOTE | _CODE)]
        marked += sorted(hidden)
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


_BROKEN_QUOTE = re.compile(r"(?i)\[\s*/\s*quote\s*\]")  # "Vote: Bob[/ quote]": a quote's end mistyped
# A line that opens with a vote word and a colon ("VOTE: Bob" on a line of its own, "* Vote: Ann"),
# or with a vote disowned or announced ("Pseudo vote: Bob", "intent to vote Ann"), and a cheap hint
# (?=...): the first letters of the words the vote text may open with, tested before sre tries each
# word (a case-folded branch has no quick test of its first letter); every letter that opens one
# of them under IGNORECASE is among them (checked for every code point)
_OPENERS = "".join(sorted({w[0] for w in f"{DISOWNING}|{ANNOUNCING}|un|vote".split("|")}))
_LINE_VOTE_REST = (rf"[^\S\n]*[*>#\-~\u2022\u00b7]*[^\S\n]*(?=[{_OPENERS}])("
                   rf"(?:(?:{DISOWNING})[-\s]*|(?:{ANNOUNCING})\s+(?:to\s+)?)?(?:un[-\s]?vote|vote)\b[^\n]*)")
_LINE_VOTE = lazy_re(r"(?im)^" + _LINE_VOTE_REST)
# The same line after its line break: a pattern that opens with a literal "\n" is searched for by a
# scan for that character, where one that opens with ^ is tried at every letter (see _line_votes);
# and the same without IGNORECASE, for a text beyond which ASCII has no letter, lowered
_LINE_VOTE_AFTER = lazy_re(r"(?i)\n" + _LINE_VOTE_REST)
_LINE_VOTE_LOWER = lazy_re(r"\n" + _LINE_VOTE_REST)
LINE_HINT = lazy_re(rf"vote\s*:|(?:{DISOWNING}|{ANNOUNCING})[-\s]+(?:to\s+)?vote")  # what line_hint finds
_COLON_HINT = lazy_re(r"vote\s*:")


def _backwards(words: str) -> str:
    """An alternation of plain words (DISOWNING, ANNOUNCING: letters, '-' and an optional '-?')
    spelt backwards, each spelling of an optional hyphen its own word."""
    out = []
    for word in words.split("|"):
        spellings = [word.replace("-?", "-"), word.replace("-?", "")] if "-?" in word else [word]
        out += [re.escape(w[::-1]) for w in dict.fromkeys(spellings)]
    return "|".join(out)


# LINE_HINT's second branch read backwards from the "vote" it ends in: "etov" [" ot"] "-" "oduesp"
_HINT_BEFORE = lazy_re(rf"(?:\s+ot)?[-\s]+(?:{_backwards(DISOWNING)}|{_backwards(ANNOUNCING)})")


def line_hint(low: str) -> bool:
    """LINE_HINT().search(low) is not None, found from each "vote" in LOW rather than by trying
    the pattern at every letter (its words begin with ten common letters: the search was the
    costliest step of reading a page after the parse). Every match of LINE_HINT holds a "vote":
    "vote: ..." is a search with a literal start, and "pseudo vote" is read backwards from its
    "vote", in LOW reversed (a pattern has no look-behind of any length)."""
    if "vote" not in low:
        return False
    if _COLON_HINT().search(low) is not None:
        return True
    back = low[::-1]
    before = _HINT_BEFORE().match
    i = back.find("etov")
    while i != -1:
        if before(back, i + 4) is not None:
            return True
        i = back.find("etov", i + 1)
    return False
_LINE_START = re.compile(r"(?i)(?:un[-\s]?vote|vote)\s*:")


def _line_votes(full: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, text) of the group 1 of each match of _LINE_VOTE().finditer(full), found
    from each line break by _LINE_VOTE_AFTER. A line starts at 0 or after a "\n" (MULTILINE's
    ^), and a match ends at its line's end, so the next one starts after a line break at or past
    that end. A walked body's text opens with a line break, where no match starts: only another
    text is tried at its start. An ASCII text is searched lowered, without IGNORECASE (the same
    letters match, at the same places: ASCII lowers to ASCII, letter for letter), where sre
    tests each word's first letter before it tries the word. (finditer tried _LINE_VOTE's ^ at
    every letter of a walked post: the costliest search of reading a page's marks.)"""
    at = 0
    if not full.startswith("\n"):
        first = _LINE_VOTE().match(full)
        if first is not None:
            yield first.start(1), first.end(1), first.group(1)
            at = first.end()
    if full.isascii():
        for m in _LINE_VOTE_LOWER().finditer(full.lower(), at):
            start, end = m.span(1)
            yield start, end, full[start:end]
    else:
        for m in _LINE_VOTE_AFTER().finditer(full, at):
            yield m.start(1), m.end(1), m.group(1)


def _vote_lines(full: str, starts: list[int], flagl: list[int]) -> list:
    """The lines of FULL that open with a vote text ("VOTE: Bob" on a line of its own) or with a
    vote disowned or announced ("Pseudo vote: Bob", "Intent to vote Ann"), outside quotes and code
    blocks, as _LINE pieces (_HIDDEN too when part of it is), whatever their markup:
    hostkit.votes.extract lists those that nothing counts. (A line ending in a mistyped quote close
    is the end of a quote, not the writer's.)"""
    out = []
    for start, end, text in _line_votes(full):
        flags = flagl[bisect.bisect_right(starts, start) - 1]
        t = " ".join(text.split())
        if flags & (_QUOTE | _CODE | _HIDDEN) or _BROKEN_QUOTE.search(t):
            continue
        # a line with hidden text in it ("VOTE: " and a white name) reads as its reader sees it
        i, j = bisect.bisect_right(starts, start), bisect.bisect_left(starts, end)
        line = _LINE | (_HIDDEN if any(f & _HIDDEN for f in flagl[i:j]) else 0)
        if _LINE_START.match(t):  # "Vote: Bob"
            if parse_vote(t) is not None:
                out.append((start, t, line, None))
        elif (w := _SPLIT.search(t)) is not None and w.start() > 0:  # "Pseudo vote: Bob", "intent to vote
            v = parse_vote(t[w.start():])  # Ann": a vote text that names someone, after the words
            if v is not None and v.kind == "vote":
                out.append((start, t, line, None))
    return out


def _hidden_votes(texts: list[str], starts: list[int], flagl: list[int]) -> list:
    """The vote texts in hidden text (white, tiny or struck through: styles._HIDDEN), outside
    quotes and code blocks, whatever their markup, as _LINE | _HIDDEN pieces: never counted (no
    reader sees them as votes; a struck vote is one taken back), listed for the host. Each line of
    consecutive hidden pieces is read as one run."""
    out: list = []
    run: list[str] = []
    at = 0
    for i, flags in enumerate((*flagl, 0)):
        if flags & _HIDDEN and not flags & (_QUOTE | _CODE) and "\n" not in texts[i]:
            if not run:
                at = starts[i]
            run.append(texts[i])
        elif run:
            text = "".join(run)
            out += [(at + o, " ".join(t.split()), _LINE | _HIDDEN, None) for o, t in _split_run(text)
                    if parse_vote(t) is not None]
            run = []
    return out


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
        if t.strip() and not flags & (_CODE | _HIDDEN) and any(w in t.lower() for w in _VOTE_WORDS):
            extra.append((at, t, _BOLD | (flags & _QUOTE), None))
    return sorted(marked + extra, key=lambda piece: piece[0]) if extra else marked


def _marked(root: lxml.etree._Element, markup: bool, tags: bool, styled: bool = True) -> bool:
    """Whether the body holds an element that can make text red or bold (with MARKUP), or one
    of class bbvote (with TAGS), as _Walker reads them. With STYLED, any style attribute counts;
    without, only a style that names a colour or a font weight (the only ones _styled reads: a
    body of font sizes alone has nothing to walk for). (A loop over the elements: an XPath call
    costs more than walking a post's few elements.)"""
    for el in root.iter(etree().Element):
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
    except (etree().ParserError, ValueError):
        return NO_MARKS
