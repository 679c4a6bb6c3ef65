"""What a count could not settle, for the host to settle: the count's `unsure` list.

A host reads a count before posting it; `hostkit watch` posts counts with no one reading them,
so the counter says where it did not guess. Each item names the post, its author and vote text,
what the host must settle, and the `hostkit` command that settles it (with one command per
reading the counter sees, best first):

- an account that is no player but votes like one (the count's `strangers`), or that voted at
  all: `hostkit alias`;
- a vote whose name could be two players, or matches no player, or is written with a direction
  control that may show another name, or names no one at all: `hostkit vote VOTER PLAYER
  --after-post N`.

A vote text the counter's rules settle (quoted, after the hammer, already voting, disowned,
hidden, in a markup the game does not read) is not unsure: it stays in `ignored` alone. An item
is settled, and leaves the list, once the host has entered a vote for its voter at or after its
post (`hostkit vote ... --after-post N`, or with no --after-post), or an alias for the stranger.
Pure: no I/O.
"""

from __future__ import annotations

import shlex
from typing import Mapping, Sequence

from ..model.counts import Ignored, Stranger, Unsure
from ..model.entries import VoteEntry
from hostkit.votes.extract import EMPTY
from hostkit.votes.names import NameMatcher
from hostkit.votes.votetext import REORDERED, parse_vote

NOT_A_PLAYER = " is not a player"  # the end of the reason a stranger's vote text is ignored with


def _what(reason: str) -> str | None:
    """What the host must settle for a vote text ignored with REASON; None when the rules settle it."""
    if reason.startswith("ambiguous"):
        return f"{reason}: which player does this vote mean?"
    if reason.startswith("no player matches"):
        return f"{reason}: a nickname, a misspelling, or no one?"
    if reason == REORDERED:
        return f"the name is {reason}: which player does this vote mean?"
    if reason == EMPTY:
        return f"{reason}: is a name written near it the vote?"
    return None


def _vote_command(voter: str, target: str | None, post: int | None) -> str:
    """`hostkit vote VOTER TARGET --after-post POST` (TARGET None: the voter's unvote)."""
    after = f" --after-post {post}" if post is not None else ""
    what = "--unvote" if target is None else shlex.quote(target)
    return f"hostkit vote {shlex.quote(voter)} {what}{after}"


def unsure_items(ignored: Sequence[Ignored], strangers: Sequence[Stranger], manual: Sequence[VoteEntry],
                 matcher: NameMatcher, candidates: Mapping[tuple[int | None, str, str], tuple[str, ...]]
                 ) -> tuple[Unsure, ...]:
    """The count's unsure items, in post order: each stranger at their first vote, then each vote
    text ignored for a reason the host must settle (CANDIDATES: (post, author, text) -> the
    players the counter saw in it, best first), less those a MANUAL entry has settled."""
    out: list[tuple[int, int, Unsure]] = []
    first: dict[str, Ignored] = {}
    for i in ignored:
        if i.reason.endswith(NOT_A_PLAYER) and i.author not in first:
            parsed = parse_vote(i.text)
            if parsed is not None and parsed.kind != "unvote":
                first[i.author] = i
    known = {s.name for s in strangers}
    for name, at in first.items():  # an account that is no player and voted once: who is it?
        if name not in known:
            command = f"hostkit alias PLAYER {shlex.quote(name)}"
            out.append((at.post if at.post is not None else -1, 0,
                        Unsure(at.post, name, at.text, f"{name} is no player but voted: a renamed account or a "
                               "replacement not entered, or no one?", command)))
    for s in strangers:
        at = first.get(s.name)
        post = at.post if at is not None else None
        names = (s.player,) if s.player else tuple(s.candidates)
        what = (f"{s.name} is no player but votes like one" +
                (f": a renamed account of {s.player}?" if s.player else
                 f": a renamed account of one of {', '.join(s.candidates)}?" if s.candidates else
                 ": whose renamed account is it?"))
        out.append((post if post is not None else -1, 0,
                     Unsure(post, s.name, at.text if at is not None else "", what, s.command(),
                            tuple(s.command(n) for n in names))))
    settled = _settled(manual, matcher)
    for n, i in enumerate(ignored):
        what = _what(i.reason)
        if what is None:
            continue
        voter = matcher.strict(i.author).player or i.author
        if i.post is not None and settled.get(voter, -1) >= i.post:
            continue
        names = candidates.get((i.post, i.author, i.text), ())
        parsed = parse_vote(i.text)
        if parsed is not None and parsed.kind == "unvote":  # "Unvote: X" where X could be two players
            command, choices = _vote_command(voter, None, i.post), ()
        else:
            command = _vote_command(voter, "PLAYER", i.post)
            choices = tuple(_vote_command(voter, c, i.post) for c in names)
        out.append((i.post if i.post is not None else -1, n + 1,
                    Unsure(i.post, i.author, i.text, what, command, choices)))
    return tuple(u for _, _, u in sorted(out, key=lambda x: (x[0], x[1])))


def _settled(manual: Sequence[VoteEntry], matcher: NameMatcher) -> dict[str, float]:
    """Each voter's latest hand entry's place: the post it follows (infinity: after everything)."""
    out: dict[str, float] = {}
    for e in manual:
        voter = matcher.strict(e.voter).player or e.voter
        at = float("inf") if e.after_post is None else float(e.after_post)
        out[voter] = max(out.get(voter, -1.0), at)
    return out
