"""Keeping hostkit's caches in the user's cache folder bounded, so a host never has to clean them.

Two caches live there, side by side under one root (`$HOSTKIT_CACHE`, else
`$XDG_CACHE_HOME/hostkit`, else `~/.cache/hostkit`): `replay/` (hostkit/game/replaycache.py: resolved
nights and days, parsed files, loaded rulesets) and `pages/` (hostkit/votes/pages.py: saved
thread pages read into posts). Neither is ever read stale (each entry's key is every input), so
an old entry is only dead weight: after an upgrade nothing reads the old version's entries
again, and a finished game's pages stay forever. This module removes them, at the folder level:
it knows each cache's file names, never their contents or format.

- **When.** `maybe_prune` runs at most once a day for a folder (a marker file beside it records
  the last time) and only from a command that has just written an entry (it resolved or parsed
  something anyway): a command whose answers all come from the caches, like `hostkit status`
  on an unchanged game, never prunes.
- **Safe with concurrent processes.** A non-blocking file lock beside the folder (`_lock_or_skip`):
  while one process prunes, another skips. Entries are replaced whole (os.replace), so a
  process reading one that is removed meanwhile only misses it and works it out again.
- **Only the cache's own files.** A prune looks at the plain files directly in the folder whose
  names are the cache's own, and removes nothing else: no other file, no folder, no link, and
  nothing outside.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Callable, Iterator

try:  # the hash both caches key and seal their entries with: the C module hashlib itself uses for
    # BLAKE2, imported directly, which skips hashlib's OpenSSL set-up (~2 ms of a first count)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

DAY = 24 * 3600.0
PRUNE_EVERY = DAY  # seconds between two prunes of one folder
TEMP_AFTER = 3600.0  # a temp file this old is a crashed write's leftover
MAX_BYTES = 256 * 2**20  # a folder's size; beyond it the least recently used entries go first
KEEP_BYTES = 192 * 2**20  # what a prune over MAX_BYTES brings the folder down to
PAGES_UNUSED = 90 * DAY  # a page entry not read or written for this long (a finished game's)


def cache_root(kind: str) -> Path | None:
    """Where the cache KIND ("replay", "pages") is kept: $HOSTKIT_CACHE/KIND, $XDG_CACHE_HOME/hostkit/KIND
    or ~/.cache/hostkit/KIND; None when HOSTKIT_CACHE is set empty (no cache)."""
    env = os.environ.get("HOSTKIT_CACHE")
    if env is not None:
        return Path(env) / kind if env else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        base = Path(xdg) if xdg else Path.home() / ".cache"
    except RuntimeError:  # no $HOME and no passwd entry (a container's bare uid): no cache, no traceback
        return None
    return base / "hostkit" / kind


def maybe_prune(where: Path, prune: Callable[[Path], list[str]], *, fresh: bool = False) -> None:
    """Run `prune(where)` if the folder was not pruned in the last PRUNE_EVERY seconds and no
    other process is pruning it now; never raises (a cache that cannot be pruned still works).

    A folder that is not there, or that the caller has just made (`fresh`: it holds nothing made
    before this command), has nothing to prune: only the time is noted (the marker), and no lock
    is taken, whose file would be one more to create (a first count with every cache empty
    created both lock files for nothing)."""
    marker = where.parent / f"{where.name}.pruned"  # beside the folder: never one of its entries
    try:
        if time.time() - marker.stat().st_mtime < PRUNE_EVERY:
            return
    except OSError:
        pass  # never pruned (or unreadable): try
    if fresh or not where.is_dir():
        try:
            marker.touch()
        except OSError:
            pass  # the folder beside it is not writable: next time
        return
    try:
        with _lock_or_skip(where.parent / f"{where.name}.lock") as mine:
            if mine:
                if where.is_dir():
                    prune(where)
                marker.touch()
    except OSError:
        return  # the folder is not writable: next time


@contextlib.contextmanager
def _lock_or_skip(path: Path) -> Iterator[bool]:
    """Hold the lock file `path` if no other process holds it; yields whether this one does.

    On POSIX an flock() on the file, as filelock takes it (so either one keeps the other out),
    without importing filelock: a first count with an empty cache prunes, and filelock's import
    alone was some 60 M instructions of that command. Elsewhere (no fcntl), filelock.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        from filelock import FileLock, Timeout

        try:
            with FileLock(str(path), timeout=0):
                yield True
        except Timeout:
            yield False
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False  # another process is pruning
            return
        yield True
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def last_used(st: os.stat_result) -> float:
    """When an entry was last read or written, as well as the file system tells: a read updates
    the access time at most once a day under Linux's default (relatime), and never with noatime,
    where this is the time it was written."""
    return max(st.st_atime, st.st_mtime)


def prune_folder(where: Path, tag: Callable[[str], str | None], stale: Callable[[str, os.stat_result], bool],
                 *, max_bytes: int = MAX_BYTES, keep_bytes: int = KEEP_BYTES) -> list[str]:
    """Remove the cache's stale files in `where`, then the least recently used entries while the
    rest weigh more than `max_bytes`, down to `keep_bytes`; return the names removed.
    `tag(name)` is None for a name that is not the cache's own (never touched), "temp" for a
    write's temp file; `stale(tag, stat)` says whether to remove a file now."""
    removed: list[str] = []
    kept: list[tuple[float, int, str]] = []  # (last used, size, name) of the entries left
    try:
        scan = list(os.scandir(where))
    except OSError:
        return removed
    for e in scan:
        try:
            t = tag(e.name)
            if t is None or not e.is_file(follow_symlinks=False):
                continue
            st = e.stat(follow_symlinks=False)
            if stale(t, st):
                os.unlink(e.path)
                removed.append(e.name)
            elif t != "temp":
                # a file kept under several names (the page cache links one file a count under
                # each page's key) weighs its size once, shared among its names
                kept.append((last_used(st), st.st_size / max(st.st_nlink, 1), e.name))
        except OSError:
            continue  # gone meanwhile (another prune), or not ours to touch
    total = sum(size for _, size, _ in kept)
    if total > max_bytes:
        for _, size, name in sorted(kept):
            if total <= keep_bytes:
                break
            try:
                os.unlink(where / name)
            except OSError:
                continue
            removed.append(name)
            total -= size
    return removed


def _hex(text: str, n: int) -> bool:
    return len(text) == n and all(c in "0123456789abcdef" for c in text)


def page_tag(name: str) -> str | None:
    """The page cache's names (hostkit/votes/pages.py): `<32 hex>.json` entries ("entry") and
    `.<32 hex>.<pid>.tmp` writes ("temp")."""
    if name.endswith(".json") and _hex(name[:-5], 32):
        return "entry"
    parts = name.split(".")
    if len(parts) == 4 and parts[0] == "" and _hex(parts[1], 32) and parts[2].isdigit() and parts[3] == "tmp":
        return "temp"
    return None


def prune_pages(where: Path, *, now: float | None = None, max_bytes: int = MAX_BYTES,
                keep_bytes: int = KEEP_BYTES) -> list[str]:
    """Prune the page cache folder: entries unused for PAGES_UNUSED (a page of a thread no count
    reads any more: its key is the page's bytes, so a page that changed left its old entry
    behind too), temp files older than TEMP_AFTER, then the least recently used beyond
    `max_bytes`. A removed page that is counted again is parsed again, nothing more."""
    now = time.time() if now is None else now

    def stale(t: str, st: os.stat_result) -> bool:
        if t == "temp":
            return now - st.st_mtime > TEMP_AFTER
        return now - last_used(st) > PAGES_UNUSED

    return prune_folder(where, page_tag, stale, max_bytes=max_bytes, keep_bytes=keep_bytes)


def prune_all(replay: Path, prune_replay: Callable[[Path], list[str]], *, fresh: bool = False) -> None:
    """Prune the replay folder and, beside it, the page cache's (each at most once a day);
    `fresh`: the replay folder was just made (maybe_prune)."""
    maybe_prune(replay, prune_replay, fresh=fresh)
    maybe_prune(replay.parent / "pages", prune_pages)
