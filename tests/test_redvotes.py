"""Issue 9 red team: `hostkit votes` attacked as a careless host, a rules lawyer and a hostile player.

Each test here is a defect found by attacking the votes path after the session's speed work, and
fails without its fix: a cache hit must answer exactly as a miss, a damaged cache is a miss, and
a hostile page gets one clear line or a sensible count. Network tests use a local server.
"""

from __future__ import annotations

import json

from test_fetch import Forum, posts

from hostkit.votes import fetch, pages


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
