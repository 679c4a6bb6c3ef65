"""Fetching a thread: polite HTTP through requests, pagination, retries and the on-disk cache.

This module owns every network request hostkit makes and the thread cache in the game folder
(`.cache/thread/`). A page that has been read is kept twice there, as the raw page and as its
parsed posts (JSON), so a recount asks the forum only for the last cached page (it may have
grown) and any pages after it, and never parses the older pages again. `read_files` reads saved
HTML pages instead, for `--html FILE`.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import sys
import time
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

import requests

from hostkit.errors import FetchError, FileError
from hostkit.store import atomic_write
from hostkit.model import Post
from hostkit.votes import forums
from hostkit.votes.forums import Page

__all__ = ["USER_AGENT", "fetch_thread", "read_files"]

CACHE_VERSION = 1
MAX_WAIT = 300.0  # never sleep longer than this for one Retry-After or backoff


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("hostkit")
    except Exception:  # not installed (running from a checkout)
        return "0.1.0"


USER_AGENT = f"hostkit/{_version()} (+forum game moderation tool)"

# Tests replace this to make retries instant and to see what was asked for.
_sleep = time.sleep


# --------------------------------------------------------------------------- HTTP


def _retry_after(response: requests.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


def _why(exc: requests.RequestException, timeout: float) -> str:
    if isinstance(exc, requests.Timeout):
        return f"no answer within {timeout:g} s"
    if isinstance(exc, requests.ConnectionError):
        return "the forum is unreachable (connection failed)"
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return first[:200]


def _get(session: requests.Session, url: str, *, timeout: float, retries: int) -> tuple[bytes, str | None]:
    """GET one page: retries with exponential backoff on 429 (honouring Retry-After), on 5xx
    and on a failed connection. Raises FetchError naming the URL."""
    attempt = 0
    while True:
        try:
            response = session.get(url, timeout=timeout, headers={"User-Agent": USER_AGENT})
        except requests.RequestException as exc:
            if attempt >= retries:
                raise FetchError(f"cannot fetch {url}: {_why(exc, timeout)}") from None
            _sleep(min(MAX_WAIT, 2.0**attempt))
            attempt += 1
            continue
        status = response.status_code
        if status == 429 or 500 <= status < 600:
            if attempt >= retries:
                raise FetchError(f"cannot fetch {url}: HTTP {status} {response.reason or ''}".rstrip()
                                 + f" after {attempt + 1} tries")
            wait = _retry_after(response) if status == 429 else None
            _sleep(min(MAX_WAIT, wait if wait is not None else 2.0**attempt))
            attempt += 1
            continue
        if status >= 400:
            raise FetchError(f"cannot fetch {url}: HTTP {status} {response.reason or ''}".rstrip())
        return response.content, response.headers.get("Content-Type")


# --------------------------------------------------------------------------- cache


def _page_to_json(page: Page) -> dict[str, Any]:
    return {"engine": page.engine, "page": page.page, "last_page": page.last_page,
            "next_url": page.next_url, "url": page.url, "numbered": page.numbered, "posts": [p._asdict() for p in page.posts]}


def _page_from_json(data: dict[str, Any]) -> Page:
    return Page(engine=data["engine"], posts=tuple(Post(**p) for p in data["posts"]), page=data["page"],
                last_page=data["last_page"], next_url=data["next_url"], url=data.get("url"),
                numbered=data.get("numbered", "shown"))


class _Cache:
    """One thread's pages under cache_dir/<hash of the thread URL>/: index.json lists the pages
    in order; page-NNNN.html is the raw page, page-NNNN.json its parsed posts."""

    def __init__(self, cache_dir: Path, thread_url: str) -> None:
        self.dir = Path(cache_dir) / hashlib.sha1(thread_url.encode()).hexdigest()[:16]
        self.thread_url = thread_url
        self.index_path = self.dir / "index.json"

    def load(self) -> list[Page]:
        """The cached pages, or [] when there are none or the cache is unreadable."""
        try:
            index = json.loads(self.index_path.read_text(encoding="utf-8"))
            if index.get("version") != CACHE_VERSION or index.get("url") != self.thread_url:
                return []
            return [_page_from_json(json.loads((self.dir / name).read_text(encoding="utf-8")))
                    for name in index["pages"]]
        except (OSError, ValueError, KeyError, TypeError):
            return []  # a damaged cache only costs a refetch

    def save(self, position: int, raw: bytes, page: Page, count: int) -> None:
        """Store the page at `position` (0-based) and make the index list `count` pages."""
        self.dir.mkdir(parents=True, exist_ok=True)
        stem = f"page-{position + 1:04d}"
        atomic_write(self.dir / f"{stem}.html", raw)
        atomic_write(self.dir / f"{stem}.json", json.dumps(_page_to_json(page)).encode("utf-8"))
        index = {"version": CACHE_VERSION, "url": self.thread_url,
                 "pages": [f"page-{i + 1:04d}.json" for i in range(count)]}
        atomic_write(self.index_path, json.dumps(index, indent=1).encode("utf-8"))


# --------------------------------------------------------------------------- public


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def _bar(progress: bool, length: int) -> Any:
    if not progress:
        return _NoBar()
    import click  # only when asked: importing the votes package stays cheap

    return click.progressbar(length=max(length, 1), label="Reading thread",
                             file=sys.stderr)


def fetch_thread(url: str, *, cache_dir: Path | None, delay: float = 1.0, timeout: float = 20,
                 retries: int = 4, progress: bool = False,
                 session: requests.Session | None = None) -> list[Page]:
    """Fetch every page of the thread at `url`, following its pagination, and return them in order.

    One request at a time, `delay` seconds apart; each waits at most `timeout` seconds and is
    retried `retries` times with exponential backoff on 429 (honouring Retry-After), 5xx and a
    failed connection. With `cache_dir`, pages already read are kept there: a recount fetches
    only the last cached page and any new ones, and reads the older ones' posts from the cache
    without parsing them. `progress=True` shows a bar on stderr. Raises FetchError naming the
    URL when the forum cannot be reached or a page holds no posts.
    """
    own_session = session is None
    session = session or requests.Session()
    cache = _Cache(cache_dir, url) if cache_dir is not None else None
    pages = cache.load() if cache is not None else []
    if pages:
        current: str | None = pages[-1].url or url
        pages = pages[:-1]  # the last cached page may have grown: read it again
    else:
        current = url
    seen = {p.url for p in pages}
    first_request = True
    try:
        with _bar(progress, (pages[-1].last_page or 0) if pages else 0) as bar:
            bar.update(len(pages))
            while current and current not in seen:
                if not first_request and delay > 0:
                    _sleep(delay)
                first_request = False
                raw, content_type = _get(session, current, timeout=timeout, retries=retries)
                first_number = pages[-1].posts[-1].number + 1 if pages and pages[-1].posts else None
                text = forums.decode(raw, content_type)
                page = forums.parse_page(text, url=current, first_number=first_number)
                if not page.posts:
                    raise FetchError(f"no forum posts found at {current} (not a thread page?)")
                if pages and page.page <= pages[-1].page:  # the page did not say which it is
                    page = replace(page, page=pages[-1].page + 1)
                pages.append(page)
                seen.add(current)
                if cache is not None:
                    cache.save(len(pages) - 1, raw, page, len(pages))
                if progress and page.last_page and getattr(bar, "length", None) != page.last_page:
                    bar.length = page.last_page
                bar.update(1)
                current = page.next_url
    finally:
        if own_session:
            session.close()
    return pages


def read_files(paths: Sequence[Path]) -> list[Page]:
    """Read saved thread pages (HTML files, in the order given) into pages of posts.

    Raises FileError naming the file when it cannot be read or holds no forum posts.
    """
    pages = []
    for path in paths:
        path = Path(path)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise FileError(f"{path}: cannot read ({exc.strerror or exc})") from None
        page = forums.parse_page(raw)
        if page.numbered == "guess" and pages and pages[-1].posts:
            # neither numbers nor an offset on the page: it follows the page given before it
            first = pages[-1].posts[-1].number + 1
            page = replace(page, numbered="offset",
                           posts=tuple(p._replace(number=first + i) for i, p in enumerate(page.posts)))
        if not page.posts:
            raise FileError(f"{path}: no forum posts found (is it a saved thread page?)")
        pages.append(page)
    return pages
