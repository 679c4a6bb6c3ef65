"""Post body HTML -> vote texts: the game's vote markup found, quotes (and optionally spoilers) left out.

This module owns reading one post's body: which of its texts are votes, in the order written,
under the vote markups a game may enable: ``red`` text in any spelling, ``bold``, phpBB's
``[vote]`` tag (``.bbvote``) and ``hash`` (``##vote X``). It reads them from the body's marks
(hostkit.votes.marks, made by the walk over the body in hostkit.votes.walk, whose styles are
hostkit.votes.styles's); a vote text is parsed by hostkit.votes.votetext, whose `parse_vote`,
`ParsedVote` and `is_no_elimination` it re-exports, with `COUNT_MARKER`, as its public names.
Pure functions, no I/O.
"""

from __future__ import annotations

import re
from typing import Sequence

from hostkit.model.errors import HostkitError
from hostkit.model.records import Record
from hostkit.votes.marks import COUNT_MARKER, Marks, _count_marked, line_hint, marks_of
from hostkit.votes.styles import _BOLD, _HIDDEN, _LINE, _QUOTE, _RED, _TINT, etree
from hostkit.votes.votetext import (_BARE, _REORDERS, _VOTE_WORDS, ANNOUNCING, DISOWNING, PURPOSE,
                                    PURPOSE_AFTER, REORDERED, ParsedVote,
                                     _split_run, _visible, is_no_elimination, parse_vote)
from hostkit.votes.walk import _fragment

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

MARKUPS = ("red", "bold", "tag", "hash")

# Why a vote-looking text is listed, not counted (Extracted.unmarked)
RAINBOW = "coloured letter by letter, not in the game's vote markup"
UNMARKED = "not in the game's vote markup"
NOT_A_VOTE = "the writer says it is not a vote"
EMPTY = "an empty vote: it names no one"
INTENT = "an intent to vote, not a vote"
HIDDEN = "in white, tiny or struck-through text: no reader sees it as a vote"
OTHER_PURPOSE = "a vote for another purpose (a vigilante's shot, an election), not the elimination vote"
# The word just before a vote word that makes it none ("pseudo vote Bob", "Fake vote: Ann")
_QUALIFIER = re.compile(rf"(?i)(?<![\w])(?:{DISOWNING})[-\s]*$")
_DISOWNED = re.compile(rf"(?i)^(?:{DISOWNING})[-\s]*vote\b")  # a vote line that opens so
# The word just before a vote word that gives it another purpose ("Vig-Vote: X", "Sheriff vote: Y"),
# or the words after it ("Vote to shoot: X", "Vote (vig): Y", "Vote for Sheriff: Z")
_PURPOSED = re.compile(rf"(?i)(?<![\w])(?:{PURPOSE})[-\s]*$")
_PURPOSE_AFTER = re.compile(rf"(?i)^vote\s*(?:to\s+(?:{PURPOSE_AFTER})\b|\(\s*(?:{PURPOSE})\s*\)|"
                            rf"for\s+(?:the\s+)?(?:{PURPOSE})\b)")  # "Vote (vig): X", "Vote for Sheriff: Y"
# A run that announces a vote ("Intent to vote Bob", "Going to vote: Ann"): the vote text after it
_INTENT = re.compile(rf"(?i)^[^\w]*(?:{ANNOUNCING})\s+(?:to\s+)?(?=vote\b)")


class Extracted(Record):
    """What one post body holds: ``votes`` counted texts in order; ``quoted`` vote texts inside
    quotes; ``unmarked`` vote-looking texts not counted, each with why, so a count can list them:
    marked in a way the game does not read (rainbow or red text, italics or none in a game of
    bold votes: RAINBOW, UNMARKED), called no vote by its writer ("pseudo vote Bob":
    NOT_A_VOTE), a vote announced, not cast ("Intent to vote Bob": INTENT), a vote for another
    purpose ("Vig-Vote: Bob", "Sheriff vote: Ann": OTHER_PURPOSE), an empty [vote]
    tag or marked vote word ("[b]VOTE:[/b]" with its name on the next line: EMPTY), or one in
    white, tiny or struck-through text (HIDDEN)."""

    votes: tuple[str, ...] = ()
    quoted: tuple[str, ...] = ()
    unmarked: tuple[tuple[str, str], ...] = ()


_NOTHING = Extracted()


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
    except (etree().ParserError, ValueError):
        return False
    return _count_marked(root)


def _might_hold(low: str, markups: Sequence[str]) -> bool:
    """A cheap pre-check on the lower-cased HTML: can this body hold any vote markup at all, or a
    vote-looking text in another markup (which a count lists)?"""
    if not low.isascii():
        low = _visible(low)  # "vo\u200bte" reads as "vote"
    if "bbvote" in low or "hash" in markups and "##" in low:
        return True
    if not any(w in low for w in _VOTE_WORDS):
        # rainbow text (a colour a letter) writes no vote word in its HTML: the text may
        return low.count("color") >= 4
    return ("color" in low or "<b>" in low or "<b " in low or "<strong" in low or "font-weight" in low
            or "[b]" in low or "[/b]" in low  # (BBCode printed as written)
            or line_hint(low))  # a vote line, in any markup or none


_OPENS = re.compile(r"(?i)\s*(?:##\s*)?(?:un[-\s]?vote|vote)\b")  # a new element opening a new vote


def read_marks(marks: Marks, markups: Sequence[str] = ("red",)) -> Extracted:
    """The vote texts that MARKS (see `Marks`) hold under the game's MARKUPS, quoted ones apart:
    what `extract` gives for the body they were made from."""
    if not marks:
        return _NOTHING
    marked, tagged, hashed, _ = marks
    red, bold = "red" in markups, "bold" in markups
    found = []
    listed: list[tuple[int, int, str, str]] = []  # (start, stop, text, why): not counted, listed
    empty: list[tuple[int, int, str, str]] = []  # marked vote words naming no one: listed unless a line is
    if "tag" not in markups:  # a [vote] tag in a game that does not read them is listed
        listed += [(a, b, t, UNMARKED) for a, b, t, q in tagged if not q and parse_vote(t) is not None]
    else:
        for start, stop, text, q in tagged:
            parts = [t for _, t in _split_run(text) if parse_vote(t) is not None]
            if not parts and _BARE.match(text):  # an empty [vote] tag
                if not q:
                    listed.append((start, stop, text, EMPTY))
                continue
            if len(parts) < 2:  # (the common case: one vote a tag)
                found.append((start, stop, text, q))
                continue
            # "VOTE: UNVOTE Vote: GreyICE", "UNVOTE: Bob UNVOTE: , VOTE: Ann": a tag holding
            # several vote texts holds each of them, in order
            for k, t in enumerate(parts):
                found.append((start + k, stop if k == len(parts) - 1 else start + k + 1, " ".join(t.split()), q))

    def close(start: int, parts: list[str], quoted: bool, counted: bool, why: str) -> None:
        run = "".join(parts)
        texts = _split_run(run)
        announced = -1  # where the vote word of "Intent to vote Bob" is: announced, not cast
        if not quoted and (i := _INTENT.match(run)) is not None:
            stop = min([o for o, _ in texts if o > i.end()] + [len(run)])
            pv = parse_vote(run[i.end():stop])
            if pv is not None and pv.kind == "vote":
                announced, lead = i.end(), len(run) - len(run.lstrip())
                listed.append((start + lead, start + stop, " ".join(run[lead:stop].split()), INTENT))
        for offset, t in texts:
            if offset != announced and parse_vote(t) is not None:
                at = start + offset
                if quoted and counted:
                    found.append((at, at + len(t), " ".join(t.split()), True))
                elif quoted:
                    continue
                elif not counted:
                    listed.append((at, at + len(t), " ".join(t.split()), why))
                elif not run.isascii() and _REORDERS.search(run, 0, offset + len(t)):  # "\u202eVOTE: toN"
                    listed.append((at, at + len(t), " ".join(t.split()), REORDERED))
                elif (q := _QUALIFIER.search(run, 0, offset)) is not None:  # "pseudo vote Bob"
                    listed.append((start + q.start(), at + len(t), " ".join((run[q.start():offset] + t).split()),
                                   NOT_A_VOTE))
                elif (q := _PURPOSED.search(run, 0, offset)) is not None or _PURPOSE_AFTER.match(t):
                    # "Vig-Vote: X" beside the real vote of the post: it never replaces it
                    at0 = start + q.start() if q is not None else at
                    listed.append((at0, at + len(t), " ".join((run[at0 - start:offset] + t).split()), OTHER_PURPOSE))
                else:
                    found.append((at, at + len(t), " ".join(t.split()), False))
            elif counted and not quoted and ":" in t and _BARE.match(t) and parse_vote(t) is None:
                # "[b]VOTE:[/b]" and the name on the next line, or none: the host judges
                empty.append((start + offset, start + offset + len(t), " ".join(t.split()), EMPTY))

    if marked:
        # red markup reads rainbow text (a letter or two a colour) as marked too
        want = (_RED | _TINT if red else 0) | (_BOLD if bold else 0)

        def runs(take: int, skip: int, why: str) -> None:
            """Close every run of the pieces flagged TAKE and not SKIP: a run of marked text goes
            on over blanks; anything else between (a word, a line break, a piece not taken) ends
            it, and so does a piece opening a new vote. A run counts when a piece of it is marked
            as the game reads (`want`); else its vote texts are listed, WHY."""
            run_start, parts, run_quoted, last, counted = -1, [], False, -2, False
            for i, (start, t, flags, gap) in enumerate(marked):
                if not flags & take or flags & skip:
                    continue
                quoted = bool(flags & _QUOTE)
                if parts and last == i - 1 and gap is not None and run_quoted == quoted and not _OPENS.match(t):
                    parts.append(gap)
                    parts.append(t)
                    counted = counted or bool(flags & want)
                else:
                    if parts:
                        close(run_start, parts, run_quoted, counted, why)
                    run_start, parts, run_quoted, counted = start, [t], quoted, bool(flags & want)
                last = i
            if parts:
                close(run_start, parts, run_quoted, counted, why)

        # A run of rainbow text alone, in a game that does not read it, is listed (it looks like
        # a vote), never counted; so is one in a markup the game does not read (bold text in a
        # game of red votes, red text in a game of bold votes).
        runs(want | _TINT, _LINE, RAINBOW)
        if (other := (_RED | _BOLD) & ~want) and any(f & other and not f & (want | _TINT) for _, _, f, _ in marked):
            runs(other, want | _TINT | _LINE, UNMARKED)

    if "hash" in markups:
        found += hashed
    if listed:  # a text both counted and in another markup (a bold [vote] tag) is counted only
        spans = [(a, b) for a, b, _, q in found if not q]
        listed = [x for x in listed if not any(a <= x[0] < b or x[0] <= a < x[1] for a, b in spans)]
    if marked and marked[-1][2] & _LINE:  # vote lines that nothing counts or lists are listed
        spans = [(a, b) for a, b, _, q in found if not q] + [(a, b) for a, b, _, _ in listed]
        for start, t, flags, _ in marked:
            if flags & _LINE and not any(a <= start < b or start <= a < start + len(t) for a, b in spans):
                why = (HIDDEN if flags & _HIDDEN else NOT_A_VOTE if _DISOWNED.match(t) else INTENT if _INTENT.match(t)
                       else UNMARKED)
                listed.append((start, start + len(t), t, why))
    if empty:
        spans = [(a, b) for a, b, _, q in found if not q] + [(a, b) for a, b, _, _ in listed]
        listed += [e for e in empty if not any(a <= e[0] < b for a, b in spans)]
    unmarked = tuple((t, why) for _, _, t, why in sorted(listed))

    if not found:
        return Extracted(unmarked=unmarked) if unmarked else _NOTHING
    found.sort(key=lambda f: (f[0], -f[1]))
    votes: list[str] = []
    quoted: list[str] = []
    end = -1
    for start, stop, text, q in found:
        if start < end:  # the same text seen by two markups (a red ##vote)
            continue
        end = stop
        (quoted if q else votes).append(text)
    return Extracted(tuple(votes), tuple(quoted), unmarked)


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
    except (etree().ParserError, ValueError):
        return _NOTHING
    return read_marks(marks_of(root, spoilers=spoilers), markups)


def post_votes(body_html: str, marks: Marks | None, markups: Sequence[str] = ("red",)) -> Extracted:
    """A post's vote texts: from its MARKS where the page reader made them (hostkit.model.counts.Post's
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
