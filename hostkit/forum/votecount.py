"""`hostkit votes --send`: count the day's votes from the live thread, publish the count (it
takes the day's next number, as `votes --publish` does) and post it as a reply in the thread.

A count goes out only as of the thread's last post: when a post was made while it was being
written (phpBB's notice), the thread is read and counted again, and that count is posted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..model.errors import HostkitError

if TYPE_CHECKING:
    from ..game.game import Game


def _count(game: Game, reload: Callable[[], Game], *, url: str | None, from_post: int | None,
           to_post: int | None, fmt: str | None) -> tuple[Game, Any, str]:
    from ..words.publish import vote_count_post
    from ..store.folder import locked
    from ..game.day.daycount import count_votes, day_pages, game_stamp, publish_fresh

    stamp = game_stamp(game.folder)
    pages, _ = day_pages(game, url=url)
    count = count_votes(game, pages, from_post=from_post, to_post=to_post)
    with locked(game.folder):  # the number is taken under the lock, as 'votes --publish' takes it
        game, count = publish_fresh(game, count, pages, stamp=stamp, reload=reload, from_post=from_post,
                                    to_post=to_post, publish=True)
    return game, count, vote_count_post(game, count, preview=False, fmt=fmt, start=from_post)


def count_to_forum(game: Game, reload: Callable[[], Game], *, url: str | None = None, from_post: int | None = None,
                   to_post: int | None = None, fmt: str | None = None) -> list[str]:
    """Count, publish and post the count; the lines to print (the count's number first)."""
    from .dayopen import sent_id
    from .journal import Journal
    from .send import post_to_forum

    if not game.setup.thread:
        raise HostkitError("votes --send posts in the game's thread: create the game with --thread URL")
    Journal(game.folder, game=game)  # another game's journal: refused before the count is published
    if game.state.winner:
        raise HostkitError(f"the game is over ({game.state.winner} won): no vote count goes to the thread now "
                           "('hostkit post end --send' is the last post)")
    if to_post is not None:
        raise HostkitError("votes --send posts the count as of the thread's last post: leave out --to-post")
    rec = game.current.record
    if from_post is None and rec.kind == "day" and rec.start_post is None and game.race.candidates \
            and rec.number == 1:
        raise HostkitError("Day 1 held the Sheriff election in the thread, and the day has no start post: its votes "
                           "would be counted as elimination votes. Send the death post first ('hostkit post deaths "
                           "--send': the day counts from it), or say where the day starts ('hostkit start-post N')")
    game, count, text = _count(game, reload, url=url, from_post=from_post, to_post=to_post, fmt=fmt)
    first = count.count_number
    posted = sent_id(game, f"vote count {first}")
    if posted is not None:  # the count is the last one published, unchanged: it is in the thread
        return [f"No change since Vote Count {first}, already in the thread (post {posted}): nothing sent."]

    def recount() -> tuple[str, str]:
        _, fresh, fresh_text = _count(reload(), reload, url=url, from_post=from_post, to_post=to_post, fmt=fmt)
        return f"vote count {fresh.count_number}", fresh_text

    lines = post_to_forum(game, f"vote count {first}", text, recount=recount)
    return [f"Vote Count {first} published."] + lines
