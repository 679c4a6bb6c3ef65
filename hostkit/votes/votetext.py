"""Vote texts read: ``Vote: X``, ``Unvote``, ``No lynch``... parsed into a :class:`ParsedVote`,
and a run of marked text split into the vote texts it holds.

This module owns what a vote text says, whatever markup found it (hostkit.votes.extract): its
vote word and the name written after it (`parse_vote`, `written_name`), the No Elimination
spellings (`is_no_elimination`), and where one vote text of a marked run ends and the next
begins (`_split_run`). It also holds the invisible characters every reader drops. Pure
functions, no I/O, no HTML.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hostkit.model.records import Record


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
# Direction controls that reorder what follows (embeddings, overrides, isolates): "VOTE: \u202etoN"
# shows on the page as "VOTE: Not" and reads as Ton. A vote so written is never counted, only listed.
_REORDERS = re.compile("[\u202a\u202b\u202d\u202e\u2066\u2067\u2068]")
REORDERED = "written with a right-to-left or direction control: the page may show another name"


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


@lru_cache(maxsize=8192)
def parse_vote(text: str) -> ParsedVote | None:
    """Read one vote text: ``Vote: X``, ``vote X``, ``##vote X``, ``Unvote``, ``Unvote: X``,
    ``No lynch``, ``No elimination``, ``vote no lynch``, ``Sleep``. None if TEXT is not a vote.

    >>> parse_vote("VOTE: Bob")
    ParsedVote(kind='vote', name='Bob', text='VOTE: Bob')

    Kept (an immutable answer to a pure question): a count reads the same texts several times
    over (the post's marks, the tally, its splits and the unsure list), 10 M instructions of a
    long day's count (issue 39).
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


_VOTE_WORDS = ("vote", "lynch", "elim", "exe", "sleep")  # every text parse_vote reads holds one
# Words just before a vote word that disown it ("pseudo vote Bob") or announce it, not cast ("Intent
# to vote Bob"): hostkit.votes.extract lists such texts, never counts them
DISOWNING = r"pseudo|fake|mock|hypothetical|unofficial|unoffical|pretend|imaginary|theoretical|non-?binding"
ANNOUNCING = r"intent|intend|intending|planning|going|gonna"
# Words just before a vote word that give it another purpose than the elimination ("Vig-Vote: X",
# "Sheriff vote: Y", "Mayor vote: Z"), and after it ("Vote to shoot: X"): a vigilante's or a
# day-vig's shot, an election (hostkit.votes.extract lists such texts, never counts them)
PURPOSE = r"vig|vigi|vigilante|day[-\s]?vig|dayvig|sheriff|mayor|election|hunter|badge|deputy"
PURPOSE_AFTER = r"shoot|vig|day[-\s]?vig|elect"
_BARE = re.compile(r"(?i)^(?:un[-\s]?vote|vote)\W*$")  # a vote word alone: "VOTE:", an empty [vote] tag


_RUN_JUNK = _LEAD_JUNK.replace("#", "") + "\xa0"
# A vote word in a run: after a non-letter, or in capitals even after letters ("AkiraUNVOTE:").
_SPLIT = re.compile(r"(?:(?<![\w#])(?i:(?:##[^\S\n]*)?(?:un[-\s]?vote|vote))|(?:UN[-\s]?VOTE|VOTE))\b"
                    r"(?![^\S\n]+(?i:count|counts|counter)\b)")  # "vote count please" asks for one


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
