"""Saved thread pages (`--html FILE`) read into posts, each page parsed once: the page cache.

This module owns reading saved pages and keeping what was read. A page's parsed posts are kept
in the user's cache (`$HOSTKIT_CACHE`, else `$XDG_CACHE_HOME/hostkit`, else `~/.cache/hostkit`,
under `pages/<hash>.json`) keyed by the hash of the page's bytes and of the reader's version, so
a recount of a long thread parses only the pages that changed (a new last page), never one it
has read before; a damaged entry is read again. The cache is outside the game folder on purpose:
a command's writes to the game commit together or not at all, and a cache is not game state. It needs no network, so it
never loads requests (hostkit.votes.fetch does, for `--url`). `page_to_json`/`page_from_json`
are the cache's format, shared with the thread cache of hostkit.votes.fetch.

What is kept of a post is what counting needs, not its HTML: its number, author, time, edit
flag, id, link and marks (hostkit.votes.marks.Marks: its red and bold texts, [vote] tags and
##votes, each flagged quoted or not, and whether it is hostkit's own count), made from the
page's own tree as it is read. So a first count never writes a body out as HTML, and a recount
never parses one: saved pages read through the cache have `Post.body` "" (on a hit and on a
miss alike, so a cached read answers exactly as a fresh one); with no cache, bodies keep their
HTML. The entry carries CACHE_VERSION, and its key the reader's version: an entry of another
format or reader is a miss, as is a damaged one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence

from hostkit.store.cachedir import blake2b, cache_root
from hostkit.model.errors import FileError
from hostkit.model.counts import Post
from hostkit.votes.page import Page

__all__ = ["CACHE_VERSION", "READER_VERSION", "default_cache_dir", "page_from_json", "page_to_json", "read_files",
           "read_regular"]

CACHE_VERSION = 2  # the format of page_to_json (the thread cache's index carries it too)
READER_VERSION = "30.7"  # bump when a change to the readers changes what a page reads as


def page_to_json(page: Page) -> dict[str, Any]:
    """A page as JSON for the caches: each post an array of Post's fields in order, its marks last."""
    return {"version": CACHE_VERSION, "engine": page.engine, "page": page.page, "last_page": page.last_page,
            "next_url": page.next_url, "url": page.url, "numbered": page.numbered,
            "posts": page.posts}  # tuples, written as JSON arrays as lists are


def page_from_json(data: dict[str, Any]) -> Page:
    """The page `page_to_json` wrote. Raises ValueError (KeyError, TypeError) on an entry that is
    damaged, of another version or of the wrong shape: a cache entry is trusted only whole."""
    if data.get("version") != CACHE_VERSION:
        raise ValueError("a page cache entry of another version")
    posts = tuple(_post(row) for row in data["posts"])
    engine, page, last, nxt, url, numbered = (data["engine"], data["page"], data["last_page"], data["next_url"],
                                              data["url"], data["numbered"])
    if not (isinstance(engine, str) and type(page) is int and _opt(last, int) and _opt(nxt, str)
            and _opt(url, str) and numbered in ("shown", "offset", "guess")):
        raise ValueError("a damaged page cache entry")
    return Page(engine=engine, posts=posts, page=page, last_page=last, next_url=nxt, url=url, numbered=numbered)


def _opt(value: Any, kind: type) -> bool:
    return value is None or type(value) is kind


def _post(row: Any) -> Post:
    number, author, body, time, edited, post_id, url, marks = row
    if not (type(number) is int and isinstance(author, str) and isinstance(body, str) and _opt(time, str)
            and type(edited) is bool and _opt(post_id, str) and _opt(url, str)):
        raise ValueError("a damaged page cache entry")
    return Post(number, author, body, time, edited, post_id, url, _marks(marks))


def _marks(data: Any) -> tuple | None:
    """Marks (hostkit.votes.marks.Marks) back from JSON lists, each part checked for its type."""
    if data is None or data == []:
        return None if data is None else ()
    marked, tagged, hashed, counted = data
    out_marked = []
    for start, text, flags, gap in marked:
        if not (type(start) is int and isinstance(text, str) and type(flags) is int and _opt(gap, str)):
            raise ValueError("a damaged page cache entry")
        out_marked.append((start, text, flags, gap))
    spans = []
    for part in (tagged, hashed):
        out = []
        for start, end, text, quoted in part:
            if not (type(start) is int and type(end) is int and isinstance(text, str) and type(quoted) is bool):
                raise ValueError("a damaged page cache entry")
            out.append((start, end, text, quoted))
        spans.append(tuple(out))
    if type(counted) is not bool:
        raise ValueError("a damaged page cache entry")
    return (tuple(out_marked), spans[0], spans[1], counted)


def default_cache_dir() -> Path | None:
    """Where parsed pages are kept: $HOSTKIT_CACHE/pages, $XDG_CACHE_HOME/hostkit/pages or
    ~/.cache/hostkit/pages; None when HOSTKIT_CACHE is set empty (no cache)."""
    return cache_root("pages")


def _key(raw: bytes) -> str:
    # BLAKE2b, 128 bits: as safe a key as SHA-256's first 128 bits, at two thirds of the cost (a
    # first count hashes every page's bytes: some 2-4 ms a long day, 4% of its instructions)
    h = blake2b(raw, digest_size=16)
    h.update(f"\0{READER_VERSION}\0{CACHE_VERSION}".encode())
    return h.hexdigest()


def _seal(key: str, payload: bytes) -> bytes:
    """An entry's first line: the hash of its key and payload, so a flipped byte, a cut or an
    entry copied from another page's key never reads as this page. BLAKE2b of 256 bits, as the
    key's hash (hashlib's OpenSSL is not loaded for it)."""
    return blake2b(key.encode() + b"\0" + payload, digest_size=32).hexdigest().encode()


# A page cache entry file, <key>.json, holds one line or more, each a page kept as
#     <key> <seal> <page_to_json>\n
# (key and seal in hex; compact JSON holds no line break). A count keeps the pages it parsed in
# one file and gives it each page's name as a hard link: one file created a count, not one a
# page (on a first count, creating the files cost more than writing them). A line that is cut,
# flipped or another page's is a miss, as is an entry of any other format.
_KEY_LEN = 32
_SEAL_LEN = 64


def _line(key: str, payload: bytes) -> bytes:
    return b"%s %s %s\n" % (key.encode(), _seal(key, payload), payload)


def _payload(data: bytes, key: str) -> bytes | None:
    """The page kept under KEY in an entry file's DATA, or None: no whole line of it, sealed."""
    head = key.encode() + b" "
    if data.startswith(head):
        at = 0
    else:
        at = data.find(b"\n" + head) + 1
        if at == 0:
            return None  # another page's entry, or of another format
    end = data.find(b"\n", at)
    payload_at = at + _KEY_LEN + _SEAL_LEN + 2
    if end == -1 or data[payload_at - 1:payload_at] != b" ":
        return None  # cut short, or damaged
    payload = data[payload_at:end]
    return payload if data[at + _KEY_LEN + 1:payload_at - 1] == _seal(key, payload) else None


def _entries(cache_dir: Path | None) -> set[str]:
    """The names in the cache folder, read once: a first count does not try to open each page's
    entry in vain."""
    try:
        return set(os.listdir(cache_dir)) if cache_dir is not None else set()
    except OSError:
        return set()  # no cache yet


def read_regular(path: Path) -> bytes:
    """A cache file's bytes, read only when it is a regular file: a named pipe or a device planted
    under a cache entry's name would be read forever (tomlio.read_bytes: opened without blocking,
    checked on the open file). Raises OSError otherwise: to a cache, a miss."""
    from hostkit.store.tomlio import read_bytes

    try:
        return read_bytes(path)
    except FileError as exc:
        raise OSError(str(exc)) from None


def _cached(cache_dir: Path | None, key: str, entries: set[str], files: dict[tuple, bytes]) -> Page | None:
    """The page kept under KEY, or None. FILES holds the entry files read so far by their
    identity: the pages a count kept together are read from disk once."""
    name = f"{key}.json"
    if cache_dir is None or name not in entries:
        return None
    path = cache_dir / name
    try:
        st = os.stat(path)
        ident = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        data = files.get(ident)
        if data is None:
            data = files[ident] = read_regular(path)
        payload = _payload(data, key)
        return None if payload is None else page_from_json(json.loads(payload))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # unreadable, or of another version or shape: parse the page again


def _keep(cache_dir: Path | None, fresh: list[tuple[str, Page]], entries: set[str]) -> None:
    """Keep the pages parsed now, (key, page) each: one file of their lines, linked under each
    key's name; where the file system makes no hard link, each page in a file of its own."""
    if cache_dir is None or not fresh:
        return
    lines = [(key, _line(key, json.dumps(page_to_json(page), separators=(",", ":")).encode("utf-8")))
             for key, page in fresh]
    pid = os.getpid()
    # the file's own temporary name: this process's, named by its pages (never one page's key)
    tmp = cache_dir / f".{blake2b(''.join(k for k, _ in lines).encode(), digest_size=16).hexdigest()}.{pid}.tmp"
    try:
        _write_new(tmp, b"".join(line for _, line in lines))
        try:
            for i, (key, line) in enumerate(lines):
                name = cache_dir / f"{key}.json"
                if name.name in entries:  # there but a miss (damaged, cut, of another format)
                    try:
                        os.unlink(name)
                    except FileNotFoundError:
                        pass
                    except OSError:
                        continue  # not a file (a folder): this page stays uncached, not the others
                try:
                    os.link(tmp, name)
                except FileExistsError:
                    pass  # another count kept this page meanwhile
                except OSError:  # no hard links here: a file a page for the rest
                    for key, line in lines[i:]:
                        own = cache_dir / f".{key}.{pid}.tmp"
                        _write_new(own, line)
                        os.replace(own, cache_dir / f"{key}.json")  # whole or absent
                    break
        finally:
            os.unlink(tmp)
    except OSError:
        pass  # a cache that cannot be written only costs a parse next time


def _write_new(path: Path, data: bytes) -> None:
    """Write a temporary file of this process's in the cache folder (made if missing)."""
    try:
        f = open(path, "wb")
    except FileNotFoundError:  # the first entry kept: make the folder
        path.parent.mkdir(parents=True, exist_ok=True)
        f = open(path, "wb")
    try:
        with f:
            f.write(data)
    except BaseException:
        os.unlink(path)
        raise


MAX_PAGE_BYTES = 32 * 1024 * 1024  # as hostkit.votes.fetch.MAX_BYTES: a thread page is well under 1 MB


def _read_page(path: Path) -> bytes:
    """A saved page's bytes. Raises FileError naming the file when it cannot be read, is not a
    regular file (a pipe or a device would be read forever) or is past MAX_PAGE_BYTES."""
    import stat

    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise FileError(f"{path}: not a regular file (give a saved thread page)")
        if st.st_size > MAX_PAGE_BYTES:
            raise FileError(f"{path}: {st.st_size / 2**20:.0f} MB is no saved thread page (hostkit reads "
                            f"pages of up to {MAX_PAGE_BYTES // 2**20} MB)")
        return path.read_bytes()
    except OSError as exc:
        raise FileError(f"{path}: cannot read ({exc.strerror or exc})") from None


def repeats(pages: Sequence[Page], page: Page, *, by_number: bool = True,
            ids: dict[str, int] | None = None) -> str | None:
    """Which post of PAGE was read already, in words (a post id seen on an earlier page, or, with
    `by_number`, a shown number not after the last one read: a next link to the same page under
    another address, a forum or proxy that ignores start=, a saved page given twice); None when
    it is new. IDS, when given, is the caller's running index of PAGES' post ids (post id ->
    number), kept by `index_ids` as each page is taken: built from every earlier page once a page,
    it made reading a day's pages quadratic in its pages."""
    if ids is None:
        ids = index_ids({}, pages)
    for post in page.posts:
        if post.post_id and post.post_id in ids:
            return f"post {ids[post.post_id]}"
    if by_number and pages and pages[-1].posts and page.numbered == "shown" and pages[-1].numbered == "shown" \
            and page.posts[0].number <= pages[-1].posts[-1].number:
        return f"post {page.posts[0].number}"
    return None



def index_ids(ids: dict[str, int], pages: Sequence[Page]) -> dict[str, int]:
    """IDS with PAGES' post ids (post id -> number; a later post wins, as in reading order), for `repeats`."""
    for q in pages:
        for p in q.posts:
            if p.post_id:
                ids[p.post_id] = p.number
    return ids


def read_files(paths: Sequence[Path], cache_dir: Path | None = None) -> list[Page]:
    """Read saved thread pages (HTML files, in the order given) into pages of posts.

    With `cache_dir`, a page already read (the same bytes) is not parsed again, and posts carry
    their marks but not their bodies' HTML (`body` ""), on a hit and a miss alike. A page that
    shows neither post numbers nor its offset follows the page given before it. Each page's
    `source` is its path. Raises FileError naming the file when it cannot be read, holds no
    forum posts, or repeats a post of a page before it (posts are known by their id).
    """
    pages: list[Page] = []
    # The pages parsed now, kept once the reading stops (done or refused): creating the entries in
    # one burst costs the file system less than creating one between each two parses (a 56-page
    # day's first count: ~10 ms less, measured interleaved).
    fresh: list[tuple[str, Page]] = []
    entries = _entries(cache_dir)
    files: dict[tuple, bytes] = {}
    ids: dict[str, int] = {}  # the post ids of `pages` (index_ids), for `repeats`
    try:
        for path in paths:
            path = Path(path)
            raw = _read_page(path)
            key = _key(raw) if cache_dir is not None else ""  # no cache: no need to hash the page
            page = _cached(cache_dir, key, entries, files)
            if page is None:
                from hostkit.votes import forums  # lxml: only for a page not in the cache

                try:
                    page = forums.parse_page(raw, keep_html=cache_dir is None)  # a cached page keeps its marks alone
                except forums.PageTooDeep as exc:
                    raise FileError(str(exc).replace("the page:", f"{path}:", 1)) from None
                if page.posts:
                    fresh.append((key, page))
            if not page.posts:
                raise FileError(f"{path}: no forum posts found (is it a saved thread page?)")
            if page.numbered == "guess" and pages and pages[-1].posts:
                # neither numbers nor an offset on the page: it follows the page given before it
                first = pages[-1].posts[-1].number + 1
                page = page._replace(numbered="offset",
                                     posts=tuple(p._replace(number=first + i) for i, p in enumerate(page.posts)))
            again = repeats(pages, page, by_number=False, ids=ids)  # files need not be in order: by id
            if again:  # counted twice in silence otherwise: said, and nothing is counted
                where = next((q.source for q in pages for p in q.posts
                              if (p.post_id and p.post_id in {x.post_id for x in page.posts})), pages[-1].source)
                raise FileError(f"{path}: repeats {again}, already read from {where}: give each thread page once, "
                                "in the thread's order")
            pages.append(page._replace(source=str(path)))
            index_ids(ids, pages[-1:])
    finally:
        _keep(cache_dir, fresh, entries)
    return pages
