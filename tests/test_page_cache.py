"""Issue 9: the page cache keeps what counting needs, not the bodies' HTML.

A saved page read through the page cache (hostkit.votes.pages) keeps each post's number, author,
time, link and marks (hostkit.votes.marks.Marks), made from the page's own tree. These tests
hold it to its promises: a hit answers exactly as a miss and as the bodies' HTML read directly,
on every forum engine we have pages of; a damaged, cut, foreign or old-format entry is a miss,
never a wrong count or a traceback; a changed page is read again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.model.errors import FileError
from hostkit.model.counts import Post
from hostkit.votes import forums, pages
from hostkit.votes.extract import COUNT_MARKER, MARKUPS, extract, is_count_post, post_is_count, post_votes
from hostkit.votes.pages import read_files

from conftest import SHARED
from test_votes_accuracy import VOTES, harbour

DATA = Path(__file__).parent / "data"
PAGES = sorted([*(DATA / "votes").glob("[ps]*_*.html"), DATA / "votes" / "somethingawful.html",
                *(DATA / "threads").glob("*.html"),  # (the other files of data/votes are post bodies)
                *(SHARED / "threads").glob("*.html")])  # shared/ is read in place, where present
MARKUP_SETS = [(m,) for m in MARKUPS] + [("red", "bold"), ("tag", "bold"), MARKUPS]


def _parse_fails(*args, **kwargs):
    raise AssertionError("a cache hit parsed the page")


@pytest.mark.parametrize("path", PAGES, ids=[f"{p.parent.name}/{p.name}" for p in PAGES])
def test_a_cached_page_counts_as_its_html_read_directly(path, tmp_path, monkeypatch):
    cache = tmp_path / "pages"
    miss = read_files([path], cache_dir=cache)
    assert len(list(cache.glob("*.json"))) == 1
    monkeypatch.setattr(forums, "parse_page", _parse_fails)
    hit = read_files([path], cache_dir=cache)
    monkeypatch.undo()
    assert hit == miss  # every field of every post, marks included
    assert all(p.body == "" and p.marks is not None for page in hit for p in page.posts)
    direct = read_files([path])  # no cache: the bodies keep their HTML
    posts = [p for page in hit for p in page.posts]
    html = [p for page in direct for p in page.posts]
    assert [p[:2] + p[3:7] for p in posts] == [p[:2] + p[3:7] for p in html]
    for markups in MARKUP_SETS:
        assert [post_votes(p.body, p.marks, markups) for p in posts] == [extract(p.body, markups) for p in html]
    assert [post_is_count(p.body, p.marks) for p in posts] == [is_count_post(p.body) for p in html]


RED = '<span style="color: red">{}</span>'
BOLD = "<b>{}</b>"
QUOTE = "<blockquote><div><cite>Ann wrote:</cite>{}</div></blockquote>"
# Bodies where markups meet: runs that go on across markups or stop between them, quoted votes,
# tags inside bold, ##votes inside red, invisible characters, hostkit's own count marker.
BODIES = {
    "red-then-bold": f"{RED.format('Vote:')} {BOLD.format('Bob')}",
    "bold-word-between-reds": f"{RED.format('Vote')}{BOLD.format('x')}{RED.format(': Bob')}",
    "quoted-and-own": QUOTE.format(RED.format("Vote: Cy")) + BOLD.format("Vote: Bob"),
    "tag-in-bold": BOLD.format('Vote: <span class="bbvote">Bob</span>'),
    "hash-in-red": RED.format("##vote Bob") + " and ##unvote",
    "hash-quoted": QUOTE.format("##vote Cy") + "<br>##vote Bob",
    "invisible-vote-word": BOLD.format("vo\u200bte: Bob"),
    "nbsp-gap": f"{BOLD.format('Vote:')}\xa0{BOLD.format('Bob')}",
    "count-marker": f"{COUNT_MARKER}[b]Vote Count 1.01[/b] " + BOLD.format("Vote: Bob"),
    "quoted-count-marker": QUOTE.format(COUNT_MARKER) + BOLD.format("Vote: Bob"),
    "no-vote-word": BOLD.format("I have done none of this") + RED.format("sleep"),
}


def _thread(tmp_path: Path, bodies: dict[str, str]) -> Path:
    posts = "".join(
        f'<div id="p{n}" class="post"><div class="inner"><div class="postbody"><p class="author">'
        f'<a href="#p{n}">#{n}</a> by <strong>Ann</strong> &raquo; Mon Nov 23, 2026 1:00 am</p>'
        f'<div class="content">{body}</div></div></div></div>'
        for n, body in enumerate(bodies.values(), start=1))
    path = tmp_path / "thread.html"
    path.write_text(f"<html><body><p>viewtopic.php phpBB</p>{posts}</body></html>", encoding="utf-8")
    return path


def test_planted_bodies_count_the_same_through_the_cache(tmp_path):
    path = _thread(tmp_path, BODIES)
    cached = read_files([path], cache_dir=tmp_path / "pages")[0].posts
    again = read_files([path], cache_dir=tmp_path / "pages")[0].posts
    direct = read_files([path])[0].posts
    assert cached == again and len(direct) == len(BODIES)
    for markups in MARKUP_SETS:
        for name, p, q in zip(BODIES, cached, direct):
            assert post_votes(p.body, p.marks, markups) == extract(q.body, markups), (name, markups)
    counted = {name: post_is_count(p.body, p.marks) for name, p in zip(BODIES, cached)}
    assert counted["count-marker"] and not counted["quoted-count-marker"] and not counted["red-then-bold"]
    votes = {name: post_votes(p.body, p.marks, ("red", "bold")).votes for name, p in zip(BODIES, cached)}
    assert votes["red-then-bold"] == ("Vote: Bob",)  # one run across the two markups
    assert votes["quoted-and-own"] == ("Vote: Bob",)
    assert votes["invisible-vote-word"] == ("vote: Bob",)
    assert votes["no-vote-word"] == ()


def _entry(cache: Path) -> Path:
    [entry] = cache.glob("*.json")
    return entry


def _flip(data: bytes) -> bytes:
    at = data.index(b"Lanternfish")  # a byte inside the page itself: the JSON stays valid
    return data[:at] + b"h" + data[at + 1:]


OTHER = VOTES / "phpbb_lastpage_unnumbered.html"
DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "flipped-byte": _flip,
    "not-json": lambda data: b"{not json",
    "json-of-another-shape": lambda data: b'{"seal": "x", "page": []}',
    "a-list": lambda data: b"[]",
    "binary": lambda data: bytes(range(256)),
}


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
def test_a_damaged_entry_is_a_miss_never_a_wrong_count(damage, tmp_path, monkeypatch):
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    host = harbour(tmp_path)
    page = str(VOTES / "phpbb_lastpage.html")
    first = host.ok("votes", "--html", page, "--json")
    entry = _entry(tmp_path / "cache" / "pages")
    entry.write_bytes(DAMAGE[damage](entry.read_bytes()))
    calls = []
    real = forums.parse_page
    monkeypatch.setattr(forums, "parse_page", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert host.ok("votes", "--html", page, "--json") == first
    assert calls == [1]  # read again, not trusted
    assert host.ok("votes", "--html", page, "--json") == first
    assert calls == [1]  # and the entry written anew is whole


def test_another_pages_entry_under_this_key_is_a_miss(tmp_path, monkeypatch):
    """An entry copied over from another page (whole and sealed, but for another key) is not read."""
    cache = tmp_path / "pages"
    mine = VOTES / "phpbb_lastpage.html"
    want = read_files([mine], cache_dir=cache)
    entry = _entry(cache)
    other = tmp_path / "other"
    read_files([OTHER], cache_dir=other)
    entry.write_bytes(_entry(other).read_bytes())
    calls = []
    real = forums.parse_page
    monkeypatch.setattr(forums, "parse_page", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert read_files([mine], cache_dir=cache) == want
    assert calls == [1]


def test_an_old_format_entry_is_a_clean_miss(tmp_path, monkeypatch):
    """Version 1 kept each post's body HTML as a dict of Post's fields: under today's key (or
    sealed as today's entries are), it is of another version, so it is read again."""
    cache = tmp_path / "pages"
    path = VOTES / "phpbb_lastpage.html"
    want = read_files([path], cache_dir=cache)
    entry = _entry(cache)
    fresh = forums.parse_page(path.read_bytes())
    old = {"engine": fresh.engine, "page": fresh.page, "last_page": fresh.last_page, "next_url": fresh.next_url,
           "url": fresh.url, "numbered": fresh.numbered,
           "posts": [dict(zip(Post._fields[:7], p[:7])) for p in fresh.posts]}
    key = entry.stem
    for payload in (json.dumps(old).encode(), json.dumps({**pages.page_to_json(want[0]), "version": 1}).encode()):
        entry.write_bytes(pages._line(key, payload))  # sealed as today's entries are
        with pytest.raises(ValueError):
            pages.page_from_json(json.loads(payload))
        calls = []
        real = forums.parse_page
        monkeypatch.setattr(forums, "parse_page", lambda *a, **k: calls.append(1) or real(*a, **k))
        assert read_files([path], cache_dir=cache) == want
        assert calls == [1]
        monkeypatch.undo()


def test_pages_read_before_a_refused_one_are_kept(tmp_path, monkeypatch):
    """The entries are written once the reading stops; a page refused on the way (here a file
    that is no thread page) still leaves the pages before it cached."""
    cache = tmp_path / "pages"
    good = [DATA / "votes" / "phpbb_lastpage.html", DATA / "votes" / "somethingawful.html"]
    bad = tmp_path / "notes.html"
    bad.write_text("<html><body><p>my notes</p></body></html>", encoding="utf-8")
    with pytest.raises(FileError, match="notes.html: no forum posts found"):
        read_files([*good, bad], cache_dir=cache)
    assert len(list(cache.glob("*.json"))) == 2
    monkeypatch.setattr(forums, "parse_page", _parse_fails)
    assert len(read_files(good, cache_dir=cache)) == 2  # both hits: no page parsed again


THREE = [VOTES / "phpbb_lastpage.html", VOTES / "phpbb_unattended.html", DATA / "votes" / "somethingawful.html"]  # three pages, no post twice


def test_a_count_creates_one_file_for_its_pages_and_a_recount_reads_it_once(tmp_path, monkeypatch):
    """The pages a count parsed are kept in one file, linked under each page's key (one file
    created, not one a page); a recount reads that file from disk once for all its pages."""
    cache = tmp_path / "pages"
    want = read_files(THREE, cache_dir=cache)
    entries = sorted(cache.iterdir())
    assert len(entries) == 3 and all(e.suffix == ".json" for e in entries)  # no temporary file left
    assert len({e.stat().st_ino for e in entries}) == 1 and entries[0].stat().st_nlink == 3
    reads = []
    real = pages.read_regular
    monkeypatch.setattr(pages, "read_regular", lambda path: reads.append(path) or real(path))
    monkeypatch.setattr(forums, "parse_page", _parse_fails)
    assert read_files(THREE, cache_dir=cache) == want
    assert len(reads) == 1


def test_without_hard_links_each_page_is_kept_in_a_file_of_its_own(tmp_path, monkeypatch):
    cache = tmp_path / "pages"

    def no_links(src, dst):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(pages.os, "link", no_links)
    want = read_files(THREE, cache_dir=cache)
    entries = sorted(cache.iterdir())
    assert len(entries) == 3 and len({e.stat().st_ino for e in entries}) == 3
    monkeypatch.undo()
    monkeypatch.setattr(forums, "parse_page", _parse_fails)
    assert read_files(THREE, cache_dir=cache) == want


def test_a_folder_under_one_pages_name_leaves_the_others_cached(tmp_path, monkeypatch):
    cache = tmp_path / "pages"
    cache.mkdir()
    (cache / f"{pages._key(THREE[0].read_bytes())}.json").mkdir()  # planted, or left by another tool
    want = read_files(THREE, cache_dir=cache)
    parsed = []
    real = forums.parse_page
    monkeypatch.setattr(forums, "parse_page", lambda raw, **k: parsed.append(raw) or real(raw, **k))
    assert read_files(THREE, cache_dir=cache) == want
    assert parsed == [THREE[0].read_bytes()]  # only the page whose name is a folder


def test_a_damaged_page_in_a_shared_file_is_read_again_alone(tmp_path, monkeypatch):
    """A flipped byte in one page's line makes that page a miss, not its neighbours; it is
    parsed again and kept anew under its name."""
    cache = tmp_path / "pages"
    want = read_files(THREE, cache_dir=cache)
    entry = cache / f"{pages._key((VOTES / 'phpbb_lastpage.html').read_bytes())}.json"
    entry.write_bytes(_flip(entry.read_bytes()))  # the file all three names share
    parsed = []
    real = forums.parse_page
    monkeypatch.setattr(forums, "parse_page", lambda raw, **k: parsed.append(raw) or real(raw, **k))
    assert read_files(THREE, cache_dir=cache) == want
    assert parsed == [(VOTES / "phpbb_lastpage.html").read_bytes()]
    assert entry.stat().st_nlink == 1  # its name now holds its own fresh file
    parsed.clear()
    assert read_files(THREE, cache_dir=cache) == want and parsed == []


def test_a_changed_page_is_read_again(tmp_path, monkeypatch):
    """A page saved again after a new post has other bytes, so another key: it is parsed and
    the new vote counts; the page as it was stays cached for a count of the day as it was."""
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    host = harbour(tmp_path)
    src = (VOTES / "phpbb_lastpage.html").read_text(encoding="utf-8")
    path = tmp_path / "page.html"
    path.write_text(src, encoding="utf-8")
    before = json.loads(host.ok("votes", "--html", str(path), "--json"))
    calls = []
    real = forums.parse_page
    monkeypatch.setattr(forums, "parse_page", lambda *a, **k: calls.append(1) or real(*a, **k))
    changed = src.replace('<span class="bbvote">', '<span class="bbvote">Gunwale</span><span class="x">', 1)
    assert changed != src
    path.write_text(changed, encoding="utf-8")
    after = json.loads(host.ok("votes", "--html", str(path), "--json"))
    assert calls == [1]
    assert after["history"] != before["history"]
    assert any(h["target"] == "Gunwale" for h in after["history"])
    assert len(list((tmp_path / "cache" / "pages").glob("*.json"))) == 2


def test_the_thread_cache_of_url_shares_the_format_and_an_old_one_is_refetched(httpserver, tmp_path, monkeypatch):
    """--url keeps each page's posts with their bodies' HTML and their marks, in the same format
    version: a cached page reads as the fetched one did, and a cache of the old version is
    fetched again whole, never read."""
    from test_fetch import Forum, posts

    from hostkit.votes import fetch

    monkeypatch.setattr(fetch, "_sleep", lambda s: None)
    forum = Forum(httpserver)
    forum.posts = posts(4)
    first = fetch.fetch_thread(forum.url, cache_dir=tmp_path, delay=0)
    assert all(p.marks is not None and p.body for page in first for p in page.posts)
    assert [post_votes(p.body, p.marks, MARKUPS) for page in first for p in page.posts] == \
        [extract(p.body, MARKUPS) for page in first for p in page.posts]
    [index] = tmp_path.rglob("index.json")
    data = json.loads(index.read_text(encoding="utf-8"))
    assert data["version"] == pages.CACHE_VERSION
    forum.hits.clear()
    assert fetch.fetch_thread(forum.url, cache_dir=tmp_path, delay=0) == first
    assert forum.hits == [2]  # only the last page, which may have grown
    index.write_text(json.dumps({**data, "version": 1}), encoding="utf-8")
    forum.hits.clear()
    assert fetch.fetch_thread(forum.url, cache_dir=tmp_path, delay=0) == first
    assert forum.hits == [0, 2]  # every page again: the old cache is not read
