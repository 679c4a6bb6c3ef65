"""Renamed forum accounts: the accounts that are no player (nor host) but vote like one, and the
living player each may be, concluded from the thread as a careful host would. Used by
hostkit.votes.tally for its ``strangers``; a stranger's votes are never counted: the count only
asks the host, who runs ``hostkit alias PLAYER NAME``. Pure: no I/O.

Who is reported: an account with two or more vote texts today, or with one and at least
PLAYING posts today (it takes part in the day as a player does).

Which player it may be (a wrong suggestion taken by a host credits votes to the wrong player, so
every way below names a player only when one alone is left; where several are left they are
listed as candidates, and the host chooses):

- A player whose posts fall between the stranger's first and last post (in every page read) is
  posting under their own name while the stranger posts: the stranger is not them. A forum shows
  a renamed account's new name on all of its posts, so the renamed player's slot posts nothing;
  a replacement's old account stops before the new one starts.
- The stranger's name read as a player's (hostkit.votes.names' ways, or a near miss: "PJ." for
  Panzerjager, "Wake1" for Wake88, "FakedBlogger" for the alias NakedJogger): the one such living
  player who is not posting alongside it. When the name reads as a host's, or only as dead
  players or players who post alongside it (an account made to look like a player's), no player
  is suggested.
- Else, by silence, for a stranger with PLAYING posts today or more: the one living player, not
  posting alongside it, who has posted nothing in the pages read (a renamed account's slot
  shows no post at all; a slot that posted earlier and stopped was replaced, which the host
  arranged and knows of). Two votes dropped in one post by a passer-by say nothing of who is
  silent.
- One player suggested for two strangers is suggested for neither (both list them).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from hostkit.model.counts import Post, Stranger, VoteSetupPlayer
from hostkit.votes.names import FLOOR, NameMatcher, score

__all__ = ["PLAYING", "strangers"]

PLAYING = 3  # posts today that make one vote text a stranger's part in the day (and a silent slot its own)


def strangers(votes: Mapping[str, int], matcher: NameMatcher, players: Sequence[VoteSetupPlayer],
              posts: Sequence[Post], window: Sequence[Post], hosts: Sequence[str] = ()) -> tuple[Stranger, ...]:
    """The accounts that are no player but voted like one today (VOTES: account -> its vote texts
    in the day's WINDOW of POSTS, every page read), each with the player it may be (see the
    module docstring)."""
    today: dict[str, int] = {}
    for p in window:
        today[p.author] = today.get(p.author, 0) + 1
    chosen = {name: n for name, n in votes.items() if n >= 2 or n == 1 and today.get(name, 0) >= PLAYING}
    if not chosen:
        return ()
    living = [p.name for p in players if p.alive and not p.absent]
    keys = {p.name: (p.name, *p.aliases) for p in players}
    span: dict[str, tuple[int, int]] = {}
    for p in posts:
        a, b = span.get(p.author, (p.number, p.number))
        span[p.author] = (min(a, p.number), max(b, p.number))
    posted = {matcher.strict(p.author).player for p in posts}
    found = {name: _candidates(name, matcher, living, keys, span, posted if today[name] >= PLAYING else set(living),
                               hosts, posts) for name in chosen}
    named = [c[0] for c, _ in found.values() if len(c) == 1]
    out = []
    for name, (cands, unlike) in found.items():
        one = cands[0] if len(cands) == 1 and named.count(cands[0]) == 1 else None
        out.append(Stranger(name, chosen[name], one, () if one else tuple(cands), tuple(unlike)))
    return tuple(out)


def _candidates(name: str, matcher: NameMatcher, living: Sequence[str], keys: Mapping[str, tuple[str, ...]],
                span: Mapping[str, tuple[int, int]], posted: set[str | None], hosts: Sequence[str],
                posts: Sequence[Post]) -> tuple[list[str], list[str]]:
    """The living players stranger NAME may be (one where its name or the day's silence settles
    it, several where they do not, none where the evidence points away), and the players or
    hosts its name reads as who cannot be it. KEYS: every player's names (the dead too: a name
    that reads as a dead player's is theirs, not a silent slot's)."""
    first, last = span.get(name, (0, -1))
    alongside = {matcher.strict(p.author).player for p in posts if first < p.number < last}
    free = [p for p in living if p not in alongside]
    hosted = [h for h in hosts if _reads_as(name, h)]
    alike = [p for p, names in keys.items() if any(_reads_as(name, k) for k in names)]
    if hosted or alike:
        # not a dead player, nor one posting alongside; and where it reads as a host, no player at all
        fits = [] if hosted else [p for p in alike if p in free]
        return fits, hosted + [p for p in alike if p not in free]
    return [p for p in free if p not in posted], []


def _reads_as(name: str, key: str) -> bool:
    """Whether account NAME reads as KEY (a player's name or alias, or a host's): the matcher's
    ways, or a near miss (hostkit.votes.context)."""
    from hostkit.votes.context import LOOSE, _likeness, _plain

    t = _plain(name)
    return score(name, key)[0] >= FLOOR or len(t) >= 3 and _likeness(t, _plain(key)) >= LOOSE
