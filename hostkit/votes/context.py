"""A vote's name read as a human counter reads it when the name alone does not settle it: from
who is alive, who was being discussed in the posts just before, who has votes on them, and whom
the same voter voted earlier in the day. Used by hostkit.votes.tally for the names that the
context-free matcher (hostkit.votes.names) leaves unmatched or ambiguous. Pure: no I/O.

The ways, each only among the living players, and each only when exactly one player is left:

- an ambiguous name: the living players it could be; then those in play (see below);
- with no need of context, when no other player (living or dead) fits at all and this one is
  alive: the name itself with letters stretched or doubled elsewhere ("Slandarrrrrrrr" for
  Slandaar, "abbadon" for Abaddon, "Frogger" for Fro99er), or a name that keeps a player's start
  and number ("mariomaker4" for MarioManiac4) where no other living player is a near miss;
- initials of one or two letters ("Q" for q21, "FF" for Formerfish), or letters spelt out ("Zed"
  for Zdenek): the living players whose name (or alias) starts with the letter, or holds the
  two letters in order from its first ("GF" for The Goodfather: a leading "The" is skipped),
  then those in play;
- a near miss or a pun ("dumhanger" for Dunhamganger, "Chicadeeee" for Chickadee, "Balter" for
  VP Baltar, "dragon" for Dragnalus): the names compared as sequences of letters, with repeated
  letters run together and digits between letters read as the letters they look like, a shared
  start weighing more (names are shortened from the end); the best living player must reach
  LOOSE, beat every other by LOOSE_MARGIN, and be in play.

A player is in play for a vote when they have a vote on them, were voted by the same voter
earlier in the day, or, in the RECENT posts before it, posted or were named in a vote text (a
vote, or one quoted while it is discussed). (Only what a post's marks keep: a post read
through the page cache keeps no body, and a count never depends on the cache.) Where two readings stay
close the name stays unread, and the count lists it for the host.

A name that is a host's is never read as a player unless written as the player's name exactly,
nor in context one of someone posting in the thread who plays no slot (`outsider`: "VOTE:
mastina" is a vote for the host mastina, never one for the player massive).
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping, Sequence

from hostkit.votes.votetext import parse_vote
from hostkit.votes.names import Match, NameMatcher, quote_list
from hostkit.votes.namescore import _norm

__all__ = ["LOOSE", "LOOSE_MARGIN", "RECENT", "Context"]

LOOSE = 0.66  # the least likeness of a near miss
LOOSE_MARGIN = 0.15  # ... and how far ahead of every other living player it must be
RECENT = 30  # the posts before a vote that say who is being discussed

_LOOKS = str.maketrans("013457", "oleast")  # digits between letters, read as letters: Fro99er
_NINE = re.compile(r"(?<=[a-z])[0-9]+(?=[a-z])")
_REPEAT = re.compile(r"(.)\1+")
_TIMES = re.compile(r"(?i)(\D+?)\s*[x×*]\s*(\d)")


def _plain(name: str) -> str:
    """A name reduced for a loose comparison: case, spaces and punctuation gone, digits between
    letters read as letters (9 as g), trailing digits dropped, repeated letters run together."""
    low = name.casefold().replace("&", "and")
    low = _NINE.sub(lambda m: m.group(0).translate(_LOOKS).replace("9", "g"), low)
    low = _norm(low).rstrip("0123456789")
    return _REPEAT.sub(r"\1", low)


def _likeness(a: str, b: str) -> float:
    from difflib import SequenceMatcher  # only for a name the matcher could not read

    return SequenceMatcher(None, a, b, autojunk=False).ratio()


class Context:
    """The day's posts and players, for reading names in context (see the module docstring).

    POSTS are the day's posts in thread order (objects with ``number`` and ``author``), TEXTS
    each post's vote texts, counted and quoted (post number -> texts), LIVING the living
    players' names with their aliases (name -> aliases), PEOPLE the thread's people who play
    no slot (`outsiders`), whose names are never read as a player's."""

    def __init__(self, matcher: NameMatcher, living: Mapping[str, Sequence[str]], posts: Sequence[object],
                 texts: Mapping[int, Sequence[str]], people: Mapping[str, str] | None = None):
        self.matcher = matcher
        self.people = people  # the thread's people who play no slot (`outsiders`)
        self.living = dict(living)
        self.posts = posts
        self.texts = texts
        self.index = {p.number: i for i, p in enumerate(posts)}  # type: ignore[attr-defined]
        self._sures: dict[str, Match | None] = {}  # name -> _sure(name): a day repeats its names

    def in_play(self, post: int | None, voter: str, wagons: Iterable[str], earlier: Iterable[str]) -> set[str]:
        """The living players in play for VOTER's vote at POST: with votes on them, voted by
        VOTER earlier in the day, or, in the RECENT posts before, posting or named in a vote
        text (a vote, or one quoted while it is discussed)."""
        out = set(wagons) | set(earlier)
        at = self.index.get(post) if post is not None else None
        if at is not None:
            strict, match = self.matcher.strict, self.matcher.match
            for i in range(max(0, at - RECENT), at):
                p = self.posts[i]
                out.add(strict(p.author).player)  # type: ignore[attr-defined]
                for text in self.texts.get(p.number, ()):  # type: ignore[attr-defined]
                    pv = parse_vote(text)
                    if pv is not None and pv.name:
                        out.add(match(pv.name).player)
        return {p for p in out if p in self.living}

    def read(self, name: str, refused: Match, *, post: int | None, voter: str, wagons: Iterable[str],
             earlier: Iterable[str]) -> Match:
        """NAME read in context, or REFUSED (the matcher's answer) when the context cannot settle it."""
        living = self.living
        if self.people is not None:
            why = outsider(name, self.people)
            if why:
                return Match(None, why)
        if refused.reason.startswith("ambiguous"):
            left = [c for c in refused.candidates if c in living]
            how = "ambiguous, one of them alive"
        else:
            t = _norm(name)
            if not t:
                return refused
            sure = self._sures.get(name, False)
            if sure is False:
                sure = self._sures[name] = self._sure(name)
            if sure is not None:
                return sure
            spelled = _spelled(name)
            if spelled:
                t, how = spelled, "letters spelt out"
            else:
                how = "initials"
            if len(t) <= 2:
                left = [p for p, aliases in living.items() if any(_initials(t, k) for k in (p, *aliases))]
            else:
                left = self._near(name)
                how = "near miss"
        if len(left) == 1 and how == "ambiguous, one of them alive":
            return Match(left[0], how=how, score=0.7)
        if not left:
            return refused
        played = self.in_play(post, voter, wagons, earlier)
        chosen = [p for p in left if p in played]
        if len(chosen) == 1:
            return Match(chosen[0], how=f"{how}, in play", score=0.7)
        if len(chosen) > 1 or len(left) > 1:
            named = [p for p in self.matcher.order if p in (chosen or left)]
            if tuple(named) == tuple(refused.candidates) and refused.reason.startswith("ambiguous"):
                return refused
            return Match(None, f"ambiguous: {name!r} could be {quote_list(named)}", tuple(named))
        return refused

    def _near(self, name: str) -> list[str]:
        """The living players NAME is a near miss of: the best, with every other within
        LOOSE_MARGIN of it (two close readings, for the context to settle or refuse); [] when
        none reaches LOOSE."""
        times = _TIMES.fullmatch(name.strip())
        if times and 2 <= int(times.group(2)) <= 5:  # "Yesx3" for YES YES YES
            name = times.group(1) * int(times.group(2))
        t = _plain(name)
        if len(t) < 3:
            return []
        scored = []
        for p, aliases in self.living.items():
            best = 0.0
            for key in (p, *aliases):
                k = _plain(key)
                forms = {k, *(_plain(w) for w in re.split(r"[\s_\-.]+", key) if len(w) >= 3)}
                if k.startswith("the") and len(k) > 5:
                    forms.add(k[3:])
                for f in forms:
                    if not f:
                        continue
                    # a word of the name is compared only with a name about as long ("Balter" for
                    # Baltar of VP Baltar), never with a longer one that merely holds it ("Malagirl")
                    s = _likeness(t, f) if f == k or len(t) <= len(f) + 2 else 0.0
                    s += 0.1 * _common_start(t, f, 4) * (1.0 - s)  # names are cut at the end: "dragon" for Dragnalus
                    if len(f) >= 4 and (t.startswith(f) or len(t) >= 4 and t in f):
                        s = max(s, 0.8)  # "marquistador" for Marquis, "Chilly" for Tchill13
                    best = max(best, s)
            scored.append((best, p))
        scored.sort(reverse=True)
        if not scored or scored[0][0] < LOOSE:
            return []
        if len(scored) > 1 and scored[1][0] > scored[0][0] - LOOSE_MARGIN:
            return [p for s, p in scored if s > scored[0][0] - LOOSE_MARGIN]
        return [scored[0][1]]

    def _sure(self, name: str) -> Match | None:
        """NAME read as one living player with no need of context, when no other player fits at
        all (living or dead): the name itself with letters stretched or run together
        ("Slandarrrrrrrr" for Slandaar, "abbadon" for Abaddon), or a name that keeps a player's
        start and number ("mariomaker4" for MarioManiac4); None otherwise."""
        t, plain = _norm(name), _plain(name)
        digits = _digits(t)
        same: set[str] = set()
        ends: set[str] = set()
        for key, player, _ in self.matcher.keys:
            k = _norm(key)
            if len(plain) >= 3 and _plain(key) == plain and _digits(k) == digits:
                same.add(player)
            elif digits and _ends_kept(t, k, digits):
                ends.add(player)
        if same:  # the name itself: one player, and alive
            return Match(same.pop(), how="the name with letters stretched", score=0.7) \
                if len(same) == 1 and same <= self.living.keys() else None
        if len(ends) == 1 and ends <= self.living.keys() and self._near(name) in ([], list(ends)):
            return Match(ends.pop(), how="the name's start and number", score=0.7)
        return None


def outsiders(matcher: NameMatcher, hosts: Iterable[str], posts: Iterable[object]) -> dict[str, str]:
    """The people of the thread who play no slot, for `outsider`: each one's name (as written
    without case or punctuation, and with stretched letters run together) -> what they are;
    hosts first."""
    out: dict[str, str] = {}
    # each person once, in the order first seen (a later post by the same author adds nothing:
    # its forms are already kept), not once a post: a day has some 1,500 posts by a few dozen
    people = dict.fromkeys([(h, "is a host") for h in hosts] + [(p.author, "posts in the thread") for p in posts])  # type: ignore[attr-defined]
    for name, what in people:
        if matcher.strict(name).player is None and _norm(name):
            for form in (_norm(name), _plain(name) + _digits(_norm(name))):
                out.setdefault(form, f"{name!r} {what}")
    return out


def outsider(name: str, people: Mapping[str, str], hosts_only: bool = False) -> str | None:
    """Why NAME (a vote's) is no player, when it is the name of one of PEOPLE (`outsiders`): a
    host ("VOTE: mastina" for the host mastina, never the player massive), or, unless
    HOSTS_ONLY, someone posting who plays no slot (for a weak reading in context: such an
    account may yet be a player's renamed one, which the matcher reads and the count suggests
    as an alias); the reason the count gives, else None."""
    t = _norm(name)
    what = people.get(t) or people.get(_plain(name) + _digits(t))
    if what and (not hosts_only or what.endswith("is a host")):
        return f"{name!r} is no player: {what}"
    return None


_SPELLED = {"bee": "b", "cee": "c", "dee": "d", "eff": "f", "gee": "g", "aitch": "h", "jay": "j", "kay": "k",
            "elle": "l", "em": "m", "en": "n", "pee": "p", "cue": "q", "ar": "r", "ess": "s", "tee": "t",
            "vee": "v", "ex": "x", "wye": "y", "zed": "z", "zee": "z"}


def _spelled(name: str) -> str:
    """The letters NAME spells out, one or two names of letters ("Zed" -> "z", "Jay Kay" ->
    "jk"); "" when it is not that."""
    words = re.split(r"[\s\-]+", name.strip().casefold())
    if 1 <= len(words) <= 2 and all(w in _SPELLED for w in words):
        return "".join(_SPELLED[w] for w in words)
    return ""


def _digits(t: str) -> str:
    """T's trailing digits ("4" of "mariomaniac4"), "" when none."""
    return t[len(t.rstrip("0123456789")):]


def _common_start(a: str, b: str, most: int) -> int:
    """How many leading letters A and B share, at most MOST."""
    n = 0
    while n < most and n < len(a) and n < len(b) and a[n] == b[n]:
        n += 1
    return n


def _ends_kept(t: str, k: str, digits: str) -> bool:
    """Whether T (normalised, ending in DIGITS) keeps the start and the number of the key K: the
    same trailing number, and the letters before it share a start of four letters or more and
    at least a third of K's ("mariomaker4" for MarioManiac4), neither twice the other's length."""
    if _digits(k) != digits:
        return False
    a, b = t[:-len(digits)], k[:-len(digits)]
    if a == b or not a or not b or len(a) > 2 * len(b) or len(b) > 2 * len(a):
        return False
    c = _common_start(a, b, len(a))
    return c >= 4 and 3 * c >= len(b)


def _initials(t: str, key: str) -> bool:
    """Whether T (one or two letters, normalised) is KEY's initial, or two letters of it in order
    from its first (a leading "The" skipped)."""
    k = _norm(key)
    forms = [k] + ([k[3:]] if k.startswith("the") and len(k) > 3 else [])
    for f in forms:
        if not f or f[0] != t[0]:
            continue
        if len(t) == 1 or t[1] in f[1:]:
            return True
    return False
