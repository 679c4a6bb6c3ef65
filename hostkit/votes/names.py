"""Names as people write them -> the player they mean: the one matcher of hostkit.

This module owns matching a written name (a vote in the thread, or a name a host types on the
command line) to a player, the way a careful human counter does, and refusing when a human
would have to ask. Both the tally (hostkit.votes.tally) and the CLI (hostkit.game.deal.match_name,
behind act, vote, eliminate, replace...) use it. Pure: no I/O.

How a name is read, strongest first (each way gives a score, worked out for one name and one
key by hostkit.votes.namescore; the best player wins only when no
other player scores within `MARGIN` of it, else the name is refused as ambiguous, with the
candidates named; a misspelling of one name never ties with a reading that keeps every letter
of another, "Matt" for projectmatt rather than Master Mew):

- the name or an alias exactly, then ignoring case, then ignoring case, spaces and punctuation
  (current names are tried before replaced players' names, so a replaced account still votes);
- never a name written with a direction control that reorders it (U+202E RIGHT-TO-LEFT OVERRIDE,
  an embedding or an isolate: "\u202etoN" shows as "Not" and reads as Ton): refused (`REORDERED`),
  the host judges;
- a name that looks like one exactly, letters from other scripts or full-width forms in it
  ("Bоb" with a Cyrillic о, "Ｂｏｂ"): the one player whose name or alias has the same TR39
  skeleton (hostkit.model.confusable), as a reader sees it; two such players are ambiguous;
- a prefix of the name ("marina" for Marina2), or its initials at word starts ("GJ" for
  Gentleman Johnny, "TRG" for TheRealGin);
- a word of the name ("Snake" for eagerSnake, "Gin" for TheRealGin-N-Tonic, "mafia" for
  Not_Mafia), or a part of it of three letters or more ("bob" for Cyberbob);
- the name written backwards, whole or a part of four letters or more ("Jordan" for XnadrojX);
- the words of the name in another order ("FaceTwo" for TwoFace);
- a slot's names joined by slashes ("Bezu/Jily", "Wake/Onox Slot"): the one player the parts
  read as, where no part reads as another (two players so joined are refused as ambiguous);
- two or three words, each read as the same one slot ("Pods McQuill" for pod person, who
  replaced Bill McQuill);
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
from typing import Iterable, Mapping, Sequence

from hostkit.model.records import Record
from hostkit.votes.namescore import _longest, _norm, _shape, score
from hostkit.votes.votetext import _REORDERS, REORDERED

__all__ = ["CLI_FLOOR", "MARGIN", "Candidate", "Match", "NameMatcher", "pick", "quote_list"]

MARGIN = 0.05  # the best player must beat every other by this much
FLOOR = 0.66  # below this nothing is a match
CLI_FLOOR = 0.9  # what a host may type on the command line: exact, prefix, initials, a whole word
_EPS = 1e-9


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

    PLAYERS are objects with ``name`` and ``aliases`` (hostkit.model.counts.VoteSetupPlayer), or
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
        self._looks: dict[tuple[str, str], list[str]] | None = None  # confusable keys -> players
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
                  and not (top.current and not c.current and top.score >= c.score - _EPS)
                  and not (top.how in _LETTERS_KEPT and c.how in _LETTERS_CHANGED)]
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
        if not name.isascii() and _REORDERS.search(name):
            return Match(None, REORDERED)
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
        if not name.isascii() and (m := self._lookalike(name)) is not None:
            return m
        m = self._decide(name)
        if m.player is not None or m.candidates and m.reason.startswith("ambiguous"):
            return m
        words = name.split()
        if 2 <= len(words) <= 3:  # words from a slot's names ("Pods McQuill": pod person, Bill McQuill)
            read = [self._exactish(w) or self._decide(w) for w in words]
            slots = {r.player for r in read}
            if len(slots) == 1 and None not in slots:
                return Match(read[0].player, how="words of the slot's names", score=min(r.score for r in read))
        lead = 0
        while lead < len(words) - 1 and words[lead].casefold() in _ARTICLES:
            lead += 1
        if lead:
            # "the gunwale": the name after the article, never a player whose name starts "The"
            # read from the article alone (its own name, "the brick", was read above)
            got = self._match(" ".join(words[lead:]))
            if got.player or got.reason.startswith("ambiguous"):
                return got
        for n in range(len(words) - 1, 0, -1):
            if n == 1 and words[0].casefold() in _ARTICLES:
                break  # an article alone is no name
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


    def _lookalike(self, name: str) -> Match | None:
        """NAME (not ASCII) as it looks: the one player with a name or alias of the same
        confusable key (hostkit.model.confusable.keys: NFKC and case folded, or its TR39 skeleton), a
        refusal when two players have one, else None."""
        from hostkit.model.confusable import keys  # only for a name written with letters beyond ASCII

        if self._looks is None:
            self._looks = {}
            for k, p, _ in self.keys:
                for key in keys(k):
                    self._looks.setdefault(key, []).append(p)
        found = [p for key in keys(name) for p in self._looks.get(key, ())]
        if not found:
            return None
        m = self._pick(found, name)
        return m if m is None or m.player is None else Match(m.player, how="looks alike", score=1.0)

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


# a name whose letters are all the player's ("Matt" in projectmatt) is not made ambiguous by a
# misspelling of another's ("Matt" for the start "Mast" of Master Mew): a human counter assumes
# no typo where the name reads without one
_LETTERS_KEPT = frozenset({"prefix", "initials", "word", "part", "words swapped"})
_LETTERS_CHANGED = frozenset({"misspelt", "letters shuffled", "ends kept"})
# words written before a name that are no part of it ("vote: the gunwale")
_ARTICLES = frozenset({"the", "a", "an"})
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
    "player 'x' is ambiguous: A, B". Raises hostkit.model.errors.NameError_."""
    from hostkit.model.errors import NameError_

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
        from hostkit.model.errors import suggest

        raise NameError_(f"unknown {what} {word!r}{suggest(word, names)}")
    raise NameError_(f"unknown {what} {word!r} (did you mean {' or '.join(map(repr, near))}?)")
