"""A replacement's effect on the day's vote (seed paranormal, General Rules): "Inactive players
who are up for Replacement will have their Vote cleared to prevent an unmovable vote from
screwing up the game." A ruleset that says so sets the option `replacement-clears-vote`; then
`hostkit replace`, by day, records an unvote for the slot in the same commit as the new name.

The unvote is a host entry, placed in the thread at `--after-post N` (the last post before the
replacement), else after the last post of the day's latest count (saved pages counted with
--html count too): the old player's votes up to there are cleared, and the new player's votes
after it count. A game with a thread and no count yet today has no such post: the host is asked
for `--after-post`, since an unvote placed after every post would also clear every vote the new
player makes. With no thread and no count (hand votes only) the unvote follows every vote entered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...model import checks
from . import shortening
from ...model.errors import RuleError
from ...model.entries import VoteEntry

if TYPE_CHECKING:
    from ..game import Game

OPTION = "replacement-clears-vote"


def replace(game: Game, old: str, new: str, *, after_post: int | None = None
            ) -> tuple[bool, VoteEntry | None, bool]:
    """`hostkit replace OLD NEW`: Game.replace_player, with the unvote the ruleset asks for and
    the withdrawal of a standing vote to shorten the day (shortening.withdrawal): (taken back,
    the unvote recorded, whether a vote to shorten was withdrawn). (True, None, False) when NEW
    takes a replacement back (nothing is cleared then)."""
    name = game.player(old)
    slot = game.setup.player(name)
    if slot is not None and slot.previous and checks.name_key(new) == checks.name_key(slot.previous[-1]):
        if after_post is not None:
            raise RuleError(f"--after-post: 'replace {old} {new}' takes a replacement back and clears no vote")
        return (*game.replace_player(old, new), False)
    clear = cleared_vote(game, name, after_post)
    more = shortening.withdrawal(game, name) if clear is not None else []
    return (*game.replace_player(old, new, clear=clear, more=more), bool(more))


def cleared_vote(game: Game, name: str, after_post: int | None) -> VoteEntry | None:
    """The unvote a replacement of NAME's slot records today, or None (the ruleset keeps the vote,
    no day is open, or the slot is dead)."""
    if not game.state.options.get(OPTION, False):
        if after_post is not None:
            raise RuleError(f"--after-post: {game.ruleset.name} keeps a replaced player's vote "
                            f"(option {OPTION} is off), so there is no vote to clear")
        return None
    ph = game.current
    if ph.record.kind != "day" or ph.record.ends or not game.state.players[name].alive:
        if after_post is not None:
            raise RuleError("--after-post: no day is open, so there is no vote to clear")
        return None
    if after_post is None and any(v.after_post is None and game.player(v.voter) == name for v in ph.record.votes):
        # A hand vote entered with no post stands after every post: only an unvote after every
        # post clears it (the new player's thread votes were already outranked by it).
        return VoteEntry(name, None)
    if after_post is None:
        from .daycount import saved_counts

        counts = saved_counts(game.folder, ph.record.number)
        last = counts[-1].get("last_post") if counts else None
        after_post = last if isinstance(last, int) else None
        if after_post is None and game.setup.thread:
            raise RuleError(f"{name}'s vote is cleared by the replacement ('Inactive players who are up for "
                            f"Replacement will have their Vote cleared'), and no count of day {ph.record.number} "
                            "says where: give --after-post N, the thread's last post before the replacement")
    if after_post is not None:
        checks.check_post(after_post, "--after-post")
    return VoteEntry(name, None, after_post=after_post)


def cleared_words(entry: VoteEntry | None, old: str, shorten: bool = False) -> str:
    """What the host is told of the cleared vote, and of a vote to shorten withdrawn with it (''
    when none was cleared)."""
    if entry is None:
        return ""
    where = f" (its votes up to post {entry.after_post})" if entry.after_post is not None else ""
    also = " and their vote to shorten the day is withdrawn" if shorten else ""
    return (f" {old}'s vote is cleared{where}{also}: 'Inactive players who are up for Replacement will have "
            "their Vote cleared'.")
