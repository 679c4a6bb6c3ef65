"""Pruning the user's cache folder (hostkit/cachedir.py): the page cache's entries of threads no
longer counted, crashed writes and the least recently used beyond a size go; nothing that is not
the cache's own is ever touched; a load that writes prunes, one that only reads does not."""

from __future__ import annotations

import os
import time
from pathlib import Path

from hostkit.store import cachedir
from hostkit.game.game import Game

from conftest import Host, new_classic

DAY = cachedir.DAY
NOW = 1e9


def _file(where: Path, name: str, *, written: float, read: float | None = None, size: int = 10) -> Path:
    path = where / name
    path.write_bytes(b"x" * size)
    os.utime(path, (NOW - (written if read is None else read), NOW - written))
    return path


def test_page_cache_prune_removes_unused_pages_and_crashed_writes_only(tmp_path):
    where = tmp_path / "pages"
    where.mkdir()
    key = "a" * 32
    keep = [
        _file(where, f"{key}.json", written=10 * DAY),  # counted recently enough
        _file(where, f"{'b' * 32}.json", written=400 * DAY, read=2 * DAY),  # old, but read lately
        _file(where, f".{'c' * 32}.123.tmp", written=60),  # a write in progress
        _file(where, "notes.json", written=400 * DAY),  # not a key: not the cache's
        _file(where, f"{'d' * 32}.html", written=400 * DAY),
        _file(where, f"{'E' * 32}.json", written=400 * DAY),  # not lower-case hex
    ]
    gone = [
        _file(where, f"{'1' * 32}.json", written=100 * DAY),  # a finished game's page
        _file(where, f".{'2' * 32}.99.tmp", written=2 * 3600),  # a crashed write
    ]
    outside = _file(tmp_path, f"{'3' * 32}.json", written=400 * DAY)
    (where / f"{'4' * 32}.json").mkdir()  # a folder named like an entry
    (where / f"{'5' * 32}.json").symlink_to(outside)  # a link named like an entry: not followed
    os.utime(where / f"{'5' * 32}.json", (1, 1), follow_symlinks=False)
    removed = cachedir.prune_pages(where, now=NOW)
    assert sorted(removed) == sorted(p.name for p in gone)
    assert all(p.exists() for p in keep) and not any(p.exists() for p in gone)
    assert outside.exists() and (where / f"{'4' * 32}.json").is_dir() and (where / f"{'5' * 32}.json").is_symlink()


def test_page_cache_prune_bounds_the_size_least_recently_used_first(tmp_path):
    where = tmp_path / "pages"
    where.mkdir()
    # written in order 0..5, but 0 was read last: it is the most recently used
    pages = [_file(where, f"{str(i) * 32}.json", written=100 - i, read=(0 if i == 0 else None), size=100)
             for i in range(6)]
    removed = cachedir.prune_pages(where, now=NOW, max_bytes=450, keep_bytes=300)
    assert removed == [p.name for p in pages[1:4]]
    assert [p.exists() for p in pages] == [True, False, False, False, True, True]


def test_a_file_kept_under_several_names_weighs_its_size_once(tmp_path):
    """The page cache links one file a count under each page's key: three names of one 300-byte
    file weigh 300 bytes, not 900, so a prune does not think the folder three times its size."""
    where = tmp_path / "pages"
    where.mkdir()
    shared = _file(where, f"{'a' * 32}.json", written=5, size=300)
    for c in "bc":
        os.link(shared, where / f"{c * 32}.json")
    alone = _file(where, f"{'d' * 32}.json", written=50, size=100)
    assert cachedir.prune_pages(where, now=NOW, max_bytes=450, keep_bytes=300) == []  # 400 bytes
    assert cachedir.prune_pages(where, now=NOW, max_bytes=350, keep_bytes=300) == [alone.name]


def test_a_load_that_writes_prunes_the_page_cache_beside_the_replay_cache(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    monkeypatch.setenv("HOSTKIT_CACHE", str(root))
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    Game.load(host.folder)  # fills the replay cache (and prunes: nothing to do yet)
    for marker in ("replay.pruned", "pages.pruned"):
        (root / marker).unlink()
    pages = root / "pages"
    pages.mkdir()
    old = pages / f"{'7' * 32}.json"
    old.write_text("{}")
    then = time.time() - 200 * DAY
    os.utime(old, (then, then))
    Game.load(host.folder)  # every answer from the cache: nothing written, nothing pruned
    assert old.exists() and not (root / "pages.pruned").exists()
    host.ok("act", "Bob", "Kill", "Fay")
    Game.load(host.folder)  # parses the changed night file, keeps it, and prunes both folders
    assert not old.exists() and (root / "pages.pruned").exists() and (root / "replay.pruned").exists()


def test_prune_never_raises_on_a_folder_that_is_not_there(tmp_path):
    assert cachedir.prune_pages(tmp_path / "absent") == []
    cachedir.maybe_prune(tmp_path / "absent", cachedir.prune_pages)
    assert not (tmp_path / "absent").exists()


def test_a_first_fill_of_an_empty_cache_notes_the_time_and_takes_no_lock(tmp_path, monkeypatch):
    """With every cache empty there is nothing to prune: the replay folder is made by the load's
    first write and the page folder is not there yet. Each folder's time is noted (the markers),
    but no lock file is created for a prune that has nothing to do (two files fewer on a first
    count). A folder that holds older entries is pruned under its lock, as before."""
    root = tmp_path / "cache"
    monkeypatch.setenv("HOSTKIT_CACHE", str(root))
    new_classic(tmp_path / "g")  # loads the new game: the replay cache's first entries
    assert sorted(p.name for p in root.iterdir()) == ["pages.pruned", "replay", "replay.pruned"]
    for marker in ("replay.pruned", "pages.pruned"):
        (root / marker).unlink()
    (root / "pages").mkdir()
    old = root / "pages" / f"{'6' * 32}.json"
    old.write_text("{}")
    then = time.time() - 200 * DAY
    os.utime(old, (then, then))
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    Game.load(host.folder)  # writes into folders that were there: pruned, each under its lock
    assert not old.exists()
    assert {"replay.lock", "pages.lock", "replay.pruned", "pages.pruned"} <= {p.name for p in root.iterdir()}
