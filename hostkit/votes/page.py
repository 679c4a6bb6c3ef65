"""A thread page as read (`Page`): its engine, its posts and where the thread goes next.

Its own module, apart from the page reader (hostkit.votes.forums, which loads lxml): a count whose
pages all come from the page cache (hostkit.votes.pages) makes Pages without parsing any, and so
without loading lxml, whose import is a sixth of such a recount's instructions.
"""

from __future__ import annotations

from hostkit.model.counts import Post
from hostkit.model.records import Record

__all__ = ["Page"]


class Page(Record):  # a Record, not a dataclass: a dataclass costs start-up
    """One thread page as read: its engine, its posts and where the thread goes next."""

    engine: str
    posts: tuple[Post, ...]
    page: int  # this page's number, from 1
    last_page: int | None  # the thread's last page (this one when there is no next page)
    next_url: str | None  # the next page's absolute URL (relative when the page has no URL)
    url: str | None = None
    # how the posts were numbered: "shown" (the forum's own numbers), "offset" (the page's offset
    # or the caller's first number) or "guess" (the page number times the engine's usual page size)
    numbered: str = "shown"
    source: str | None = None  # where the page was read from: its file, or its URL
