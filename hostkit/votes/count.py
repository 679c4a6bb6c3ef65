"""A count of a thread's posts: the pages read (saved HTML, or fetched and cached), the posts
checked (every author read, a window that can hold a post), handed to tally with the players,
hosts, hand-entered votes and options the caller gives, and the links the count prints made
absolute; and `hostkit posts`' report of the posts as read.

This package is a leaf library: it knows posts, players (names, aliases, weights) and count
options, never a game. Which players, hosts, weights and hand votes a day has, the numbering of
counts and their history in the game folder, and the Sheriff race's voters are the game's side:
hostkit/daycount.py (tests/test_imports.py keeps votes/ from importing the game, the rulings,
the engine or publish/, directly or through another module).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from urllib.parse import urljoin

from ..model.errors import HostkitError
from ..model.counts import Post, VoteCount, VoteSetupPlayer
from ..model.entries import VoteEntry
from .extract import MARKUPS, post_votes
from .page import Page
from ..model.urls import strip_session


def read_pages(*, folder: Path | None, html: Sequence[Path] = (), url: str | None = None,
               progress: bool = False) -> list[Page]:
    """The thread's pages: saved HTML files, else fetched from `url` (cached in the game folder)."""
    if html:
        from .pages import default_cache_dir, read_files  # no network: requests is not loaded

        return read_files(list(html), cache_dir=default_cache_dir())
    if not url:
        raise HostkitError("no thread to read: give --html FILE or --url URL (or create the game with --thread)")
    from .fetch import fetch_thread

    cache = folder / ".cache" / "thread" if folder is not None else None
    return fetch_thread(url, cache_dir=cache, progress=progress)


def read_pages_or_cached(*, folder: Path, url: str | None, progress: bool = False) -> tuple[list[Page], str | None]:
    """The thread's pages as read_pages fetches them, or, when the forum cannot be reached, the
    pages last read into the game's cache with the reason they are stale (None when fresh)."""
    from ..model.errors import FetchError
    from .fetch import _Cache

    try:
        return read_pages(folder=folder, url=url, progress=progress), None
    except FetchError as exc:
        cached = _Cache(folder / ".cache" / "thread", url).load() if url else []
        if not cached:
            raise
        last = max((p.number for page in cached for p in page.posts), default=0)
        return cached, f"{exc}; this count is from the pages read before (up to post {last})"


def thread_posts(pages: Sequence[Page]) -> list[Post]:
    """Every post of the pages, in page order."""
    return [p for page in pages for p in page.posts]


def nameless(pages: Sequence[Page]) -> list[tuple[Page, Post]]:
    """The posts whose author could not be read (the page's markup is not read right)."""
    return [(page, p) for page in pages for p in page.posts if not p.author.strip()]


def _where(page: Page) -> str:
    return page.source or page.url or f"page {page.page}"


def _absolute_links(count: VoteCount, thread: str | None) -> VoteCount:
    """The count with the links of the posts it links to (the post of each counted vote: the
    wagons' and the hammer's) made absolute against the game's thread URL; a link that stays
    relative (a saved page with no URL, <base> or canonical link, and no thread URL) is dropped:
    a vote count never prints a relative link. Only those posts: a long day has some 1,400 posts
    and a few hundred votes, and each link made absolute is a urljoin."""
    linked = {h.post for h in count.history if h.post is not None}
    urls = {}
    for number, url in count.post_urls.items():
        if number not in linked:
            continue
        if "://" not in url:
            url = urljoin(thread, url) if thread and "://" in thread else None
        if url:
            urls[number] = strip_session(url)  # a public post never carries a session id
    return count._replace(post_urls=urls)


def count_posts(pages: Sequence[Page], players: Sequence[VoteSetupPlayer], *, day: int,
                hosts: Sequence[str] = (), manual: Sequence[VoteEntry] = (), markups: Sequence[str] = MARKUPS,
                start_post: int | None = None, from_post: int | None = None, to_post: int | None = None,
                thread: str | None = None, **options: Any) -> VoteCount:
    """Count DAY's votes: the pages' posts from `from_post` (else the day's `start_post`) to
    `to_post`, and the hand-entered `manual` votes, for `players`; `options` are tally's
    (majority, tie, no_elimination_offset, allow_no_elimination, abstention, count_number,
    rng_seed, controlled). Refuses a page whose post has no author that can be read, and a
    window that holds no post. The count's links are made absolute against `thread`."""
    from .tally import tally

    missing = nameless(pages)
    if missing:
        page, post = missing[0]
        raise HostkitError(f"{_where(page)}: post {post.number} has no author that hostkit can read "
                           f"({len(missing)} such post(s)); not counting from a page read wrongly")
    _check_window(from_post, start_post, to_post)
    count = tally(thread_posts(pages), players, day=day, hosts=hosts, manual=manual, markups=markups,
                  start_post=from_post if from_post is not None else start_post, end_post=to_post,
                  thread=thread, **options)
    return _absolute_links(count, thread)


def _check_window(from_post: int | None, start_post: int | None, to_post: int | None) -> None:
    """Refuse a window that can hold no post (a negative number, or an end before the start):
    it would count nothing, silently, and a published count of it would take a number."""
    for name, n in (("--from-post", from_post), ("--to-post", to_post)):
        if n is not None and n < 0:
            raise HostkitError(f"{name} {n}: post numbers are never negative")
    start = from_post if from_post is not None else start_post
    if to_post is not None and start is not None and to_post < start:
        where = f"--from-post {from_post}" if from_post is not None else \
            f"the day's start post {start_post} (set with 'hostkit start-post')"
        raise HostkitError(f"--to-post {to_post} comes before {where}: that window holds no post")


def posts_report(pages: Sequence[Page], markups: Sequence[str] | None) -> dict[str, Any]:
    """`hostkit posts --json`: every post with its vote texts (quotes excluded), and post counts."""
    markups = tuple(markups) if markups else MARKUPS
    posts, counts = [], {}
    missing = nameless(pages)
    warnings = [f"{_where(page)}: post {post.number} has no author that hostkit can read" for page, post in missing]
    for p in thread_posts(pages):
        posts.append({"number": p.number, "author": p.author, "time": p.time, "edited": p.edited,
                      "votes": list(post_votes(p.body, p.marks, markups).votes)})
        counts[p.author] = counts.get(p.author, 0) + 1
    return {"posts": posts, "counts": counts, "warnings": warnings}
