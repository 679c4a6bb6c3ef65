"""What a replayed day comes to: its wagons in order and who goes at a plurality deadline (the
strangers, accounts that are no player but voted like one, are hostkit.votes.renamed's).

hostkit.votes.tally replays a day's events into the current votes and each wagon's running
totals; this module turns those into the count's wagons (most votes first, then whoever reached
their total first), its abstainers, its leaders, the plurality pick by the game's tie rule, and
the counted votes in posts edited since (`edited_votes`, for the host). It also holds the keys a
count is made of: `NONE`, the No Elimination wagon's target, and `SLOT`, which keys a split
voter's second (third...) vote. Pure: no I/O.
"""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from hostkit.model.counts import HistoryEntry, Post, Wagon

NONE = "none"  # the No Elimination wagon's target
SLOT = "\0"  # a split voter's second (third...) vote is keyed NAME\0k among the current votes

_EPS = 1e-9


def wagons(current: Mapping[str, tuple[str, int, int | None]], totals: Mapping[str, list[tuple[int, float]]], weight: Callable[[str], float],
           *, abstain: bool) -> tuple[tuple[Wagon, ...], tuple[str, ...]]:
    """The wagons of CURRENT (voter key -> (target, event index, post)), most votes first, then by the event since which each has held its
    final total (TOTALS: target -> [(event index, total after)]); a vote weighs WEIGHT(voter
    key). With ABSTAIN the No Elimination wagon's voters are abstainers, not a wagon: they come
    back second, in the order they voted."""

    def reached(target: str) -> int:
        """The event since which the wagon has held at least its final total."""
        changes = totals[target]
        final = changes[-1][1]
        for k in range(len(changes) - 1, -1, -1):
            if changes[k][1] + _EPS >= final and (k == 0 or changes[k - 1][1] + _EPS < final):
                return changes[k][0]
        return changes[0][0]

    groups: dict[str, list[tuple[int, str, int | None]]] = {}
    for voter, (target, idx, post) in current.items():
        groups.setdefault(target, []).append((idx, voter, post))
    abstained: tuple[str, ...] = ()
    if abstain and NONE in groups:
        abstained = tuple(dict.fromkeys(v.split(SLOT, 1)[0] for _, v, _ in sorted(groups.pop(NONE))))
    found = []
    for target, votes in groups.items():
        votes.sort()
        found.append((Wagon(target, float(sum(weight(v) for _, v, _ in votes)),
                            tuple(v.split(SLOT, 1)[0] for _, v, _ in votes), tuple(p for _, _, p in votes)),
                      reached(target)))
    found.sort(key=lambda w: (-w[0].votes, w[1]))
    return tuple(w for w, _ in found), abstained


def leaders(ordered: Sequence[Wagon]) -> list[Wagon]:
    """The wagons of ORDERED (as `wagons` orders them) with the most votes, if any has a vote."""
    top = ordered[0].votes if ordered else 0.0
    return [w for w in ordered if top > 0 and abs(w.votes - top) < _EPS]


def plurality_pick(leading: Sequence[Wagon], tie: str, rng_seed: int) -> str:
    """Who goes at a plurality deadline, of the LEADING wagons (one at least): the single leader;
    on a tie, by TIE: "random" (seeded by RNG_SEED), "first-to-reach", or no one (NONE)."""
    if len(leading) < 2:
        return leading[0].target
    if tie == "random":
        import random  # only for this tie rule

        return random.Random(rng_seed).choice(leading).target
    if tie == "first-to-reach":
        return leading[0].target  # wagons are sorted by who reached the total first
    return NONE


def edited_votes(history: Sequence[HistoryEntry], window: Sequence[Post]) -> tuple[tuple[int, str], ...]:
    """(post, author) of each post the forum says was edited whose vote the count took: an edit
    may have changed or added the vote after later posts, which only the host can judge (the
    count reads a post as it is now)."""
    edited = {p.number for p in window if p.edited}
    if not edited:
        return ()
    return tuple(dict.fromkeys((h.post, h.author) for h in history if h.source == "thread" and h.post in edited))
