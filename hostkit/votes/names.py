"""Names as people write them -> the player they mean: the one matcher of hostkit.

This module owns matching a written name (a vote in the thread, or a name a host types on the
command line) to a player, the way a careful human counter does, and refusing when a human
would have to ask. Both the tally (hostkit.votes.tally) and the CLI (hostkit.deal.match_name,
behind act, vote, eliminate, replace...) use it. Pure: no I/O.

How a name is read, strongest first (each way gives a score; the best player wins only when no
other player scores within `MARGIN` of it, else the name is refused as ambiguous, with the
candidates named):

- the name or an alias exactly, then ignoring case, then ignoring case, spaces and punctuation
  (current names are tried before replaced players' names, so a replaced account still votes);
- a prefix of the name ("marina" for Marina2), or its initials at word starts ("GJ" for
  Gentleman Johnny, "TRG" for TheRealGin);
- a word of the name ("Snake" for eagerSnake, "Gin" for TheRealGin-N-Tonic, "mafia" for
  Not_Mafia), or a part of it of three letters or more ("bob" for Cyberbob);
- the name written backwards, whole or a part of four letters or more ("Jordan" for XnadrojX);
- the words of the name in another order ("FaceTwo" for TwoFace);
- a slot's names joined by slashes ("Bezu/Jily", "Wake/Onox Slot"): the one player the parts
  read as, where no part reads as another (two players so joined are refused as ambiguous);
- letters put into the name in brackets ("m[afia]td" for MTD): read without them and with them,
  each only as a name written exactly (a BBCode tag's name is markup, never such letters);
- the name with a short ending added ("Misty" for Mist7676);
- letters of the name in order, starting with its first: initials run together or in any case
  ("TS" for twistedspoon, "DGB" for DrippingGoofball, "acfan" for ac1983fan, "dyslx" for
  dyslexia); the more of them fall on word starts, the stronger;
- a misspelling: one or two letters off the name or the start of it ("Vjay" for Vijay, "Misika"
  for Misaka, "deir" for Dierfire), or the same letters shuffled ("Hikari" for Hiraki), or a
  long name kept at both ends with up to a third of it rewritten ("PassionDale" for Paschendale).

The CLI accepts only the strong ways (`CLI_FLOOR`): a host's typo must be refused with the
nearest names suggested, never turned into an elimination.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from hostkit.records import Record

__all__ = ["CLI_FLOOR", "MARGIN", "Candidate", "Match", "NameMatcher", "pick", "quote_list"]

MARGIN = 0.05  # the best player must beat every other by this much
FLOOR = 0.66  # below this nothing is a match
CLI_FLOOR = 0.9  # what a host may type on the command line: exact, prefix, initials, a whole word
_EPS = 1e-9


@lru_cache(maxsize=4096)
def _norm(s: str) -> str:  # a day's few names are normalised once each, not once per key
    return _NON_WORD.sub("", s.casefold())


_NON_WORD = re.compile(r"[\W_]+")


_SEGMENT = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+|[^\W\d_]+")


def _segments(s: str) -> list[str]:
    """'TheRealGin-N-Tonic' -> ['The', 'Real', 'Gin', 'N', 'Tonic']; 'ac1983fan' -> ['ac', '1983', 'fan']."""
    return _SEGMENT.findall(s)


@lru_cache(maxsize=4096)
def _shape(key: str) -> tuple[str, frozenset[int], tuple[str, ...]]:
    """(normalised key, positions in it where a word starts, the words casefolded)."""
    segs = [x for x in _segments(key) if x]
    norm, starts, pos = [], set(), 0
    for seg in segs:
        starts.add(pos)
        low = seg.casefold()
        norm.append(low)
        pos += len(low)
    joined = "".join(norm)
    if joined != _norm(key):  # letters _SEGMENT does not know: fall back to the plain form
        joined = _norm(key)
        starts = {0}
    return joined, frozenset(starts), tuple(norm)


def _subsequence(t: str, k: str, starts: frozenset[int]) -> int | None:
    """The most letters of t that can fall on word starts of k when t's letters are found in k in
    order, t[0] at k[0]; None when t is not such a subsequence."""
    if not t or not k or t[0] != k[0]:
        return None

    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> int | None:  # t[i:] within k[j:]
        if i == len(t):
            return 0
        out = None
        pos = k.find(t[i], j)
        while pos != -1:
            rest = best(i + 1, pos + 1)
            if rest is not None:
                got = rest + (1 if pos in starts else 0)
                if out is None or got > out:
                    out = got
                if pos in starts or out == len(t) - i:
                    break
            pos = k.find(t[i], pos + 1)
        return out

    rest = best(1, 1)
    return None if rest is None else rest + 1


MISSPELT = 0.74  # the least similarity (1 - OSA distance / length) read as a misspelling


def _osa(a: str, b: str) -> int:
    """The optimal string alignment (restricted Damerau-Levenshtein) distance, as
    pyxDamerauLevenshtein computes it: one small extension, loaded only when a name needs it."""
    from pyxdameraulevenshtein import damerau_levenshtein_distance

    return damerau_levenshtein_distance(a, b)


def misspelling(t: str, k: str, core: str) -> float:
    """How closely the name T (normalised) misspells the key K: the best similarity (1 - the OSA
    distance over the longer length) to K, to its starts as long as T (and one letter longer)
    and to its CORE (K without trailing digits); 0.0 when it cannot reach MISSPELT. Each letter
    of T that K lacks costs an edit, so when those alone keep the similarity under MISSPELT
    (most pairs of names on a real day), no distance is worked out."""
    lacking = len(t) - sum(map(k.__contains__, t))
    if 1.0 - lacking / max(len(t), len(k)) < MISSPELT:
        return 0.0
    ends = [len(k)]
    if len(k) > len(t):
        ends += [len(t), len(t) + 1]
    if core != k and len(core) >= 3:
        ends.append(len(core))
    return max(1.0 - _osa(t, k[:j]) / max(len(t), j) for j in ends)


def _longest(k: int) -> int:
    """The longest a normalised name can be and still be read as a key of K letters: every way
    below needs it at most K + 2 letters long (a name with an ending), except a misspelling,
    whose similarity is at most K / its length (under MISSPELT beyond K / MISSPELT). So a
    longer one scores nothing, and is not worked out (a vote text of a whole sentence is tried
    word by word, as the name and its every leading part)."""
    return 2 * k + 2


def score(typed: str, key: str) -> tuple[float, str]:
    """How well TYPED (as written) reads as KEY (a name or alias): (score 0..1, how)."""
    t = _norm(typed)
    if not t:
        return 0.0, ""
    k, starts, words = _shape(key)
    if not k:
        return 0.0, ""
    if len(t) > _longest(len(k)):
        return 0.0, ""  # too long to be any way of writing the key (see _longest)
    if typed == key:
        return 1.0, "exact"
    if t == k:
        return 0.99, "same letters"
    found: list[tuple[float, str]] = []
    if len(t) >= 2 and k.startswith(t):
        if len(t) <= 3 and typed.isupper() and not all(i in starts for i in range(len(t))):
            # capitals are initials: "CO" starts CooLskins, but its O starts no word of it, so it
            # is no stronger a reading than the initials of a name written "CloudOcean"
            found.append((0.8, "prefix in capitals"))
        else:
            found.append((0.93 + 0.05 * len(t) / len(k), "prefix"))
    if len(words) >= 2 and len(t) == len(k) and all(len(w) >= 2 for w in words):
        typed_words = tuple(w.casefold() for w in _segments(typed))
        if typed_words != words and sorted(typed_words) == sorted(words):
            found.append((0.88, "words swapped"))  # "FaceTwo" for TwoFace
    initials = "".join(w[0] for w in words)
    if len(t) >= 2 and len(words) >= 2 and t == initials:
        found.append((0.95, "initials"))
    if len(t) >= 3:
        at = k.find(t)
        while at != -1:
            if at in starts and (at + len(t) == len(k) or at + len(t) in starts):
                found.append((0.92, "word"))
                break
            at = k.find(t, at + 1)
        else:
            if t in k:
                found.append((0.86 + 0.04 * len(t) / len(k), "part"))
    if len(t) >= 4 and t[::-1] != t and t[::-1] in k:
        # the name written backwards ("Jordan" for XnadrojX): a part of it, read the other way
        found.append((0.84 + 0.04 * len(t) / len(k), "written backwards"))
    core = k.rstrip("0123456789")
    if len(core) >= 3 and t != core and t.startswith(core) and len(t) - len(core) <= 2:
        found.append((0.85, "name with an ending"))
    if 2 <= len(t) < len(k):
        hits = _subsequence(t, k, starts)
        if hits is not None:
            found.append((0.7 + 0.2 * hits / len(t) + (0.02 if len(t) >= 4 else 0.0), "letters in order"))
    if len(t) >= 4:
        # a misspelling scores at most 0.92 (the same letters): a key already read as well as
        # that is not worked out again (that would cost the distance)
        sim = misspelling(t, k, core) if not found or max(found)[0] < 0.92 else 0.0
        if sim >= MISSPELT:
            found.append((0.62 + 0.3 * sim, "misspelt"))
        if t[0] == k[0] and sorted(t) == sorted(k[:len(t)]) and len(t) >= 5:
            found.append((0.84, "letters shuffled"))
        if len(t) >= 8 and abs(len(t) - len(k)) <= 1 and t[:3] == k[:3] and t[-3:] == k[-3:] \
                and (not found or max(found)[0] < 0.8):
            # a long name kept at both ends, its middle rewritten ("PassionDale" for
            # Paschendale): a pun or a mishearing, read as the name when no more than a third
            # of its letters change
            if _osa(t, k) * 3 <= max(len(t), len(k)):
                found.append((0.8, "ends kept"))
    return max(found) if found else (0.0, "")


def quote_list(names: Sequence[str]) -> str:
    """'A' / 'A' or 'B' / 'A', 'B' or 'C'."""
    quoted = [repr(n) for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


class Match(Record):  # Records, not dataclasses: a dataclass costs start-up
    """The outcome of matching a name: ``player`` (a game name), or ``reason`` why not.

    ``candidates`` names the players a refused name could be (ambiguous or weak), best first.
    """

    player: str | None
    reason: str = ""
    candidates: tuple[str, ...] = ()
    how: str = ""
    score: float = 0.0


class Candidate(Record):
    """One player a name may mean: the best score over their name and aliases."""

    player: str
    score: float
    how: str
    current: bool  # the score came from the player's current name, not a replaced one


class NameMatcher:
    """Matches names written in the thread (or typed by a host) against players and aliases.

    PLAYERS are objects with ``name`` and ``aliases`` (hostkit.model.VoteSetupPlayer), or
    (name, aliases) pairs; aliases are the slot's other names (replaced players, nicknames).
    """

    def __init__(self, players: Iterable[object]):
        pairs = [(p.name, tuple(p.aliases)) if hasattr(p, "name") else (p[0], tuple(p[1]))  # type: ignore
                 for p in players]
        self.order: list[str] = [name for name, _ in pairs]
        self.keys: list[tuple[str, str, bool]] = [(name, name, True) for name, _ in pairs]  # (key, player, current?)
        self.keys += [(a, name, False) for name, aliases in pairs for a in aliases if a]
        self._memo: dict[str, Match] = {}  # a day repeats the same few names hundreds of times
        self._strict: dict[str, Match] = {}
        self._rank = {p: i for i, p in enumerate(self.order)}
        self._longest = max((_longest(len(_shape(k)[0])) for k, _, _ in self.keys), default=-1)
        # the keys by how they may be written exactly: as they are, in any case, and without case,
        # spaces or punctuation; current names apart from replaced ones; players in key order
        self._tables: dict[bool, tuple[dict[str, list[str]], ...]] = {True: ({}, {}, {}), False: ({}, {}, {})}
        for k, p, c in self.keys:
            same, fold, bare = self._tables[c]
            same.setdefault(k, []).append(p)
            fold.setdefault(k.casefold(), []).append(p)
            if _norm(k):
                bare.setdefault(_norm(k), []).append(p)

    def _pick(self, found: list[str], name: str) -> Match | None:
        found = list(dict.fromkeys(found))
        if len(found) == 1:
            return Match(found[0], how="exact", score=1.0)
        if len(found) > 1:
            ordered = [p for p in self.order if p in found]
            return Match(None, f"ambiguous: {name!r} could be {quote_list(ordered)}", tuple(ordered))
        return None

    def strict(self, name: str) -> Match:
        """Exact, then case-insensitive name or alias only (for post authors and host entries);
        current names before replaced ones."""
        name = name.strip()
        m = self._strict.get(name)
        if m is None:
            m = self._strict[name] = self._written(name, 2) or Match(None, f"{name!r} is not a player")
        return m

    def _written(self, name: str, ways: int) -> Match | None:
        """NAME as a key is written (the first WAYS of: exactly, in any case, without case, spaces
        or punctuation), current names before replaced ones; None when no key is."""
        probes = (name, name.casefold(), _norm(name))[:ways]
        for current in (True, False):
            for table, probe in zip(self._tables[current], probes):
                found = table.get(probe) if probe else None
                if found:
                    m = self._pick(found, name)
                    if m:
                        return m
        return None

    def _exactish(self, name: str) -> Match | None:
        return self._written(name, 3)

    def candidates(self, name: str) -> list[Candidate]:
        """Every player NAME may mean (score above the floor), best first."""
        best: dict[str, Candidate] = {}
        if len(_norm(name)) > self._longest:
            return []  # longer than any key can be written (score's _longest)
        for key, player, current in self.keys:
            s, how = score(name, key)
            if s < FLOOR:
                continue
            had = best.get(player)
            if had is None or (s, current) > (had.score, had.current):
                best[player] = Candidate(player, s, how, current)
        rank = self._rank
        return sorted(best.values(), key=lambda c: (-c.score, not c.current, rank[c.player]))

    def _decide(self, name: str, floor: float = FLOOR) -> Match:
        cands = self.candidates(name)
        if not cands:
            return Match(None, f"no player matches {name!r}")
        top = cands[0]
        rivals = [c for c in cands[1:] if c.score > top.score - MARGIN + _EPS
                  and not (top.current and not c.current and top.score >= c.score - _EPS)]
        if rivals:
            tied = {top.player, *(c.player for c in rivals)}
            named = [p for p in self.order if p in tied]
            return Match(None, f"ambiguous: {name!r} could be {quote_list(named)}", tuple(named))
        if top.score < floor:
            return Match(None, f"no player matches {name!r} well enough", tuple(c.player for c in cands[:3]))
        return Match(top.player, how=top.how, score=top.score)

    def match(self, name: str) -> Match:
        """The player NAME (written in a vote) means, or why none: see the module docstring.

        A name followed by more words ("Bob because...", "ds[/] maybe") falls back to its leading
        words when those match a player strongly.
        """
        if name in self._memo:
            return self._memo[name]
        m = self._memo[name] = self._match(name)
        return m

    def _match(self, name: str) -> Match:
        name = " ".join(name.split())
        inserted = _INSERTED.search(name)
        if inserted and inserted.group(2).casefold() not in _BBCODE:
            got = self._inserted(name, inserted)
            if got is not None:
                return got
        if "/" in name and "[" not in name:
            got = self._slot(name)
            if got is not None:
                return got
        cut = re.split(r"\[/?\w*\]?|\[", name, maxsplit=1)[0].strip()
        if cut and cut != name:
            name = cut
        m = self._exactish(name)
        if m:
            return m
        m = self._decide(name)
        if m.player is not None or m.candidates and m.reason.startswith("ambiguous"):
            return m
        words = name.split()
        for n in range(len(words) - 1, 0, -1):
            head = " ".join(words[:n])
            got = self._exactish(head) or self._decide(head, floor=0.85)
            if got.player:
                return got
        before, colon, after = name.partition(":")
        if colon and after.strip() and 1 <= len(before.split()) <= 3:
            got = self._match(after)  # words before the colon: "Vote to Hammer: hiplop"
            if got.player or got.reason.startswith("ambiguous"):
                return got
        return m


    def _inserted(self, name: str, found: re.Match) -> Match | None:
        """NAME with letters put in brackets inside a word ("m[afia]td" for MTD): read without
        them and with them, each as it is written exactly; the one player so read, a refusal
        when the two ways read as two players, else None (the name is read as usual)."""
        without = name[:found.start()] + name[found.end():]
        within = name[:found.start()] + found.group(2) + name[found.end():]
        got = [m for m in (self._exactish(without), self._exactish(within)) if m is not None]
        players = list(dict.fromkeys(m.player for m in got if m.player))
        if len(players) == 1:
            return Match(players[0], how="letters in brackets", score=0.95)
        if len(players) > 1:
            return Match(None, f"ambiguous: {name!r} could be {quote_list(players)}", tuple(players))
        return None


    def _slot(self, name: str) -> Match | None:
        """NAME written as a slot's names joined by slashes ("Bezu/Jily" for the slot Bezukhov
        played and jilynne1991 plays, "Wake/Onox Slot"): the one player its parts read as, where
        no part reads as another or is ambiguous; a refusal naming them where parts read as two
        players; else None (the name is read as usual)."""
        parts = [x.strip() for x in name.split("/")]
        if not 2 <= len(parts) <= 3 or not all(len(_norm(x)) >= 2 for x in parts):
            return None
        read = [self._match(x) for x in parts]
        if any(m.player is None and m.reason.startswith("ambiguous") for m in read):
            return None
        players = list(dict.fromkeys(m.player for m in read if m.player))
        if len(players) == 1:
            return Match(players[0], how="names of one slot", score=min(m.score for m in read if m.player))
        if len(players) > 1:
            return Match(None, f"ambiguous: {name!r} could be {quote_list(players)}", tuple(players))
        return None


# letters in brackets (or parentheses) inside a word, between two letters: "m[afia]td"
_INSERTED = re.compile(r"(?<=\w)([\[(])([^\W\d_]{2,})[\])](?=\w)")
# BBCode tag names, never read as inserted letters
_BBCODE = frozenset({"b", "i", "u", "s", "v", "vote", "unvote", "color", "colour", "size", "url", "quote", "spoiler",
                     "code", "img", "font", "center", "list", "hide", "strike", "sup", "sub", "tt", "highlight",
                     "area", "dice", "countdown", "youtube", "post", "mod", "user", "br", "email", "left", "right"})


def pick(word: str, names: Sequence[str], what: str = "player",
         aliases: Mapping[str, Sequence[str]] | None = None) -> str:
    """The name WORD (typed by a host) means among NAMES (with their ALIASES): exact, any case,
    then only the strong ways (prefix, initials, a whole word). Anything weaker or tied is
    refused with hostkit's wording: "unknown player 'X' (did you mean 'Y'?)" or
    "player 'x' is ambiguous: A, B". Raises hostkit.errors.NameError_."""
    from hostkit.errors import NameError_

    aliases = aliases or {}
    matcher = NameMatcher([(n, tuple(aliases.get(n, ()))) for n in names])
    word = word.strip()
    m = matcher._exactish(word)
    if m is None:
        m = matcher._decide(word, floor=CLI_FLOOR)
    if m.player is not None:
        return m.player
    if m.reason.startswith("ambiguous"):
        raise NameError_(f"{what} {word!r} is ambiguous: {', '.join(m.candidates)}")
    near = list(m.candidates[:3])
    if not near:
        from hostkit.errors import suggest

        raise NameError_(f"unknown {what} {word!r}{suggest(word, names)}")
    raise NameError_(f"unknown {what} {word!r} (did you mean {' or '.join(map(repr, near))}?)")
