"""The caches behind `hostkit votes` (the page cache and a game's thread cache): a damaged, stale,
or hostile entry is a miss that is read again, never a wrong count or a hang; no home
directory means no cache, not a traceback. Network tests use a local server.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game_helpers import DEMO_PAGE, _demo_day
from hostkit.votes import fetch, pages
from test_fetch import Forum, posts


def test_the_url_thread_cache_is_read_again_by_a_changed_reader(httpserver, tmp_path, monkeypatch):
    """A hostkit whose page readers changed (READER_VERSION) fetches every page again: the
    thread cache's parsed posts are what the old reader made, as the page cache's key says."""
    monkeypatch.setattr(fetch, "_sleep", lambda s: None)
    forum = Forum(httpserver)
    forum.posts = posts(4)
    first = fetch.fetch_thread(forum.url, cache_dir=tmp_path, delay=0)
    forum.hits.clear()
    monkeypatch.setattr(pages, "READER_VERSION", pages.READER_VERSION + ".next")
    assert fetch.fetch_thread(forum.url, cache_dir=tmp_path, delay=0) == first
    assert forum.hits == [0, 2]  # every page again: an older reader's posts are not trusted


def test_a_flipped_byte_in_the_url_thread_cache_is_a_miss_not_a_wrong_count(httpserver, tmp_path, monkeypatch):
    """A cached page whose JSON still parses but was damaged (a post's number, an author) is
    never read as the page: the thread cache is sealed as the page cache is."""
    monkeypatch.setattr(fetch, "_sleep", lambda s: None)
    forum = Forum(httpserver)
    forum.posts = posts(4)
    first = fetch.fetch_thread(forum.url, cache_dir=tmp_path, delay=0)
    [page1] = tmp_path.rglob("page-0001.json")
    text = page1.read_text(encoding="utf-8")
    assert '"Player 1"' in text
    page1.write_text(text.replace('"Player 1"', '"Player 7"', 1), encoding="utf-8")  # valid JSON, wrong author
    forum.hits.clear()
    assert fetch.fetch_thread(forum.url, cache_dir=tmp_path, delay=0) == first
    assert forum.hits == [0, 2]


def test_no_home_directory_means_no_cache_not_a_traceback(tmp_path, monkeypatch):
    """A container's bare uid (no $HOME, no passwd entry): Path.home() raises, and every command
    (status, votes) died with a traceback choosing its cache folder. Now: no cache, same answers."""
    from test_votes_accuracy import VOTES, harbour

    host = harbour(tmp_path)
    for var in ("HOSTKIT_CACHE", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(var, raising=False)

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert pages.default_cache_dir() is None
    host.ok("status")
    data = json.loads(host.ok("votes", "--html", str(VOTES / "phpbb_lastpage.html"), "--json"))
    assert data["day"] == 1 and data["history"]


def test_a_named_pipe_in_place_of_a_page_cache_entry_is_a_miss_not_a_hang(tmp_path, monkeypatch):
    """Before: a FIFO under a page cache entry's name ($HOSTKIT_CACHE/pages/<key>.json) blocked
    'votes --html' for ever (the open of a pipe waits for a writer). Now a cache file is read only
    when it is a regular file: the pipe is a miss, the page is parsed again and the entry
    replaced. A FIFO given as --html itself is refused in one line naming it, nothing written."""
    import os
    import threading

    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    host = _demo_day(tmp_path)  # the first count fills the page cache
    (entry,) = (tmp_path / "cache" / "pages").glob("*.json")
    entry.unlink()
    os.mkfifo(entry)
    out: list[str] = []
    worker = threading.Thread(target=lambda: out.append(host.ok("votes", "--html", str(DEMO_PAGE))), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():  # hung on the pipe: give it a writer so the thread ends, then fail
        os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail("votes --html blocked on a named pipe in the page cache")
    assert "[b]Gus (5)[/b]" in out[0]
    assert entry.is_file()  # the pipe was replaced by the page's entry
    os.mkfifo(tmp_path / "pipe.html")
    err = host.refused("votes", "--html", str(tmp_path / "pipe.html"))
    assert f"{tmp_path / 'pipe.html'}: not a regular file (give a saved thread page)" in err


def test_a_named_pipe_in_place_of_the_thread_cache_index_is_a_miss_not_a_hang(tmp_path):
    """The same for the game's thread cache (--url): a FIFO index reads as no cache (a refetch)."""
    import os
    import threading

    from hostkit.votes.fetch import _Cache

    cache = _Cache(tmp_path / "thread", "https://forum.example/t/1")
    cache.dir.mkdir(parents=True)
    os.mkfifo(cache.index_path)
    out: list = []
    worker = threading.Thread(target=lambda: out.append(cache.load()), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():
        os.close(os.open(cache.index_path, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail("the thread cache blocked on a named pipe")
    assert out == [[]]
