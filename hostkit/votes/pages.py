"""Saved thread pages (`--html FILE`) read into posts, each page parsed once: the page cache.

This module owns reading saved pages and keeping what was read. A page's parsed posts are kept
in the user's cache (`$HOSTKIT_CACHE`, else `$XDG_CACHE_HOME/hostkit`, else `~/.cache/hostkit`,
under `pages/<hash>.json`) keyed by the hash of the page's bytes and of the reader's version, so
a recount of a long thread parses only the pages that changed (a new last page), never one it
has read before; a damaged entry is read again. The cache is outside the game folder on purpose:
a command's writes to the game commit together or not at all, and a cache is not game state. It needs no network, so it
never loads requests (hostkit.votes.fetch does, for `--url`). `page_to_json`/`page_from_json`
are the cache's format, shared with the thread cache of hostkit.votes.fetch.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any, Sequence

from hostkit.errors import FileError
from hostkit.model import Post
from hostkit.votes import forums
from hostkit.votes.forums import Page

__all__ = ["CACHE_VERSION", "READER_VERSION", "default_cache_dir", "page_from_json", "page_to_json", "read_files"]

CACHE_VERSION = 1  # the format of page_to_json (the thread cache's index carries it too)
READER_VERSION = "9.1"  # bump when a change to the readers changes what a page reads as


def page_to_json(page: Page) -> dict[str, Any]:
    """A page as JSON for the caches."""
    return {"engine": page.engine, "page": page.page, "last_page": page.last_page,
            "next_url": page.next_url, "url": page.url, "numbered": page.numbered,
            "posts": [p._asdict() for p in page.posts]}


def page_from_json(data: dict[str, Any]) -> Page:
    """The page `page_to_json` wrote (KeyError/TypeError on a damaged entry)."""
    return Page(engine=data["engine"], posts=tuple(Post(**p) for p in data["posts"]), page=data["page"],
                last_page=data["last_page"], next_url=data["next_url"], url=data.get("url"),
                numbered=data.get("numbered", "shown"))


def default_cache_dir() -> Path | None:
    """Where parsed pages are kept: $HOSTKIT_CACHE/pages, $XDG_CACHE_HOME/hostkit/pages or
    ~/.cache/hostkit/pages; None when HOSTKIT_CACHE is set empty (no cache)."""
    import os

    env = os.environ.get("HOSTKIT_CACHE")
    if env is not None:
        return Path(env) / "pages" if env else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "hostkit" / "pages"


def _key(raw: bytes) -> str:
    import hashlib  # only with the page cache on

    h = hashlib.sha256(raw)
    h.update(f"\0{READER_VERSION}\0{CACHE_VERSION}".encode())
    return h.hexdigest()[:32]


def _entries(cache_dir: Path | None) -> set[str]:
    """The names in the cache folder, read once: a first count does not try to open each page's
    entry in vain."""
    import os

    try:
        return set(os.listdir(cache_dir)) if cache_dir is not None else set()
    except OSError:
        return set()  # no cache yet


def _cached(cache_dir: Path | None, key: str, entries: set[str]) -> Page | None:
    if cache_dir is None or f"{key}.json" not in entries:
        return None
    try:
        return page_from_json(json.loads((cache_dir / f"{key}.json").read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # absent or damaged: parse the page again


def _keep(cache_dir: Path | None, key: str, page: Page) -> None:
    if cache_dir is None:
        return
    import os

    tmp = cache_dir / f".{key}.{os.getpid()}.tmp"  # this process's own: no other writes it
    try:
        try:
            f = open(tmp, "wb")
        except FileNotFoundError:  # the first page kept: make the folder
            cache_dir.mkdir(parents=True, exist_ok=True)
            f = open(tmp, "wb")
        try:
            with f:
                f.write(json.dumps(page_to_json(page)).encode("utf-8"))
            os.replace(tmp, cache_dir / f"{key}.json")  # whole or absent, never half-written
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a cache that cannot be written only costs a parse next time


def read_files(paths: Sequence[Path], cache_dir: Path | None = None) -> list[Page]:
    """Read saved thread pages (HTML files, in the order given) into pages of posts.

    With `cache_dir`, a page already read (the same bytes) is not parsed again. A page that
    shows neither post numbers nor its offset follows the page given before it. Each page's
    `source` is its path. Raises FileError naming the file when it cannot be read or holds no
    forum posts.
    """
    pages: list[Page] = []
    entries = _entries(cache_dir)
    for path in paths:
        path = Path(path)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise FileError(f"{path}: cannot read ({exc.strerror or exc})") from None
        key = _key(raw) if cache_dir is not None else ""  # no cache: no need to hash the page
        page = _cached(cache_dir, key, entries)
        if page is None:
            try:
                page = forums.parse_page(raw)
            except forums.PageTooDeep as exc:
                raise FileError(str(exc).replace("the page:", f"{path}:", 1)) from None
            if page.posts:
                _keep(cache_dir, key, page)
        if not page.posts:
            raise FileError(f"{path}: no forum posts found (is it a saved thread page?)")
        if page.numbered == "guess" and pages and pages[-1].posts:
            # neither numbers nor an offset on the page: it follows the page given before it
            first = pages[-1].posts[-1].number + 1
            page = replace(page, numbered="offset",
                           posts=tuple(p._replace(number=first + i) for i, p in enumerate(page.posts)))
        pages.append(replace(page, source=str(path)))
    return pages
