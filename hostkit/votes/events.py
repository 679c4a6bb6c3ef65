"""A day's posts and the host's vote entries -> the events a count replays, in thread order.

This module owns what a count reads: the posts inside the day's window, less the hosts' posts
and hostkit's own count posted by an account that does not play, each with the vote texts it
holds (hostkit.votes.extract: counted, quoted and unmarked ones apart); and where each of the
host's hand-entered votes goes among them (right after post ``after_post``, before the day's
first post if earlier, after everything if None; dropped when ``after_post`` is past
``end_post``); and the replaced names whose replacement has posted (`replaced_out`), whose later
votes are not the slot's. hostkit.votes.tally replays the events. Pure: no I/O.
"""

from __future__ import annotations

import math
from typing import Sequence

from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.model.entries import VoteEntry
from hostkit.model.records import Record
from hostkit.votes.extract import _check, post_is_count, post_votes
from hostkit.votes.names import NameMatcher

Key = tuple  # an event's place: (post number, 0 for a post or 1 for a host entry, order among equals)


class Event(Record):  # a Record, not a dataclass: a dataclass costs start-up
    """One post's vote texts, or one vote the host entered by hand."""

    post: int | None
    author: str  # the forum account, or the voter as the host typed it
    texts: tuple[str, ...]  # scraped: the vote texts; host: one synthetic text
    quoted: tuple[str, ...] = ()
    unmarked: tuple[tuple[str, str], ...] = ()  # vote-looking texts in a markup the game does not read
    host_target: str | None = None  # host entries only
    host: bool = False


def _host_text(target: str | None) -> str:
    if target is None:
        return "unvote (by the host)"
    return f"vote {target} (by the host)"


def day_events(posts: Sequence[Post], manual: Sequence[VoteEntry], matcher: NameMatcher, *,
               hosts: Sequence[str], markups: Sequence[str], start_post: int | None,
               end_post: int | None) -> tuple[list[Post], list[tuple[Key, Event]]]:
    """The day's window (POSTS from START_POST to END_POST inclusive, None: open-ended) and its
    events in thread order: each post of the window that holds a vote-looking text under
    MARKUPS, not by one of HOSTS, and the MANUAL entries right after their post."""
    host_keys = {h.strip().casefold() for h in hosts}
    window = [p for p in posts if (start_post is None or p.number >= start_post)
              and (end_post is None or p.number <= end_post)]
    keyed: list[tuple[Key, Event]] = []
    _check(markups)  # (post_votes checks them too: here once, for the posts the loop passes over)
    for i, post in enumerate(sorted(window, key=lambda p: p.number)):
        if post.marks == ():  # the page reader found nothing marked and no vote-looking text in it
            continue  # (most posts of a day): it holds no vote and is no count post
        if post.author.strip().casefold() in host_keys:
            continue
        if post_is_count(post.body, post.marks) and matcher.strict(post.author).player is None:
            continue  # hostkit's own count, posted by an account that does not play: a player's
            # post is always read, so pasting the count's invisible marker hides no vote
        found = post_votes(post.body, post.marks, markups)
        if found.votes or found.quoted or found.unmarked:
            keyed.append(((post.number, 0, i), Event(post.number, post.author, found.votes, found.quoted,
                                                     found.unmarked)))
    for entry in manual:
        if entry.after_post is not None and end_post is not None and entry.after_post > end_post:
            continue
        at = math.inf if entry.after_post is None else entry.after_post
        keyed.append(((at, 1, entry.seq), Event(None, entry.voter, (_host_text(entry.target),),
                                                host_target=entry.target, host=True)))
    keyed.sort(key=lambda k: k[0])
    return window, keyed


def replaced_out(players: Sequence[VoteSetupPlayer], posts: Sequence[Post]) -> dict[str, tuple[str, int]]:
    """Each replaced name (case folded) whose slot's current name has posted in the pages read:
    (the slot, the current name's first post). A replaced player stops where the replacement
    starts, so a vote the old account posts after that is not the slot's (the new player never
    cast it): the count lists it, never credits it to the slot."""
    previous = {old.strip().casefold(): p.name for p in players for old in p.previous}
    if not previous:
        return {}
    first: dict[str, int] = {}
    for post in posts:
        key = post.author.strip().casefold()
        if post.number < first.get(key, post.number + 1):
            first[key] = post.number
    return {old: (slot, first[slot.casefold()]) for old, slot in previous.items()
            if slot.casefold() in first and old != slot.casefold()}
