"""Issue 16, pages and the network: a hostile page or a broken forum never loses posts silently,
never hangs, never reads without bound, and never leaves the thread's host. Every server here is
pytest-httpserver on 127.0.0.1; limits are lowered so each test takes well under a second or two."""

from __future__ import annotations

import json
import time

import pytest
from werkzeug import Response

from hostkit.cli import cli
from hostkit.model.errors import FetchError, FileError
from hostkit.votes import fetch, forums
from hostkit.votes.fetch import fetch_thread, read_files

from conftest import Host, new_classic
from test_classic_day import xenforo_page
from test_fetch import phpbb_page

RED = '<span style="color: #ff0000">Vote: {}</span>'


@pytest.fixture(autouse=True)
def no_sleep(monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr(fetch, "_sleep", slept.append)
    return slept


def page_with(posts) -> str:
    return xenforo_page(posts)


# --------------------------------------------------------------------------- truncation


def nested_quotes(n: int, inner: str) -> str:
    return ('<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-content">' * n + inner
            + "</div></blockquote>" * n)


def test_120_nested_xenforo_quotes_lose_no_post(tmp_path):
    """libxml2 stopped at 256 deep: the post's own vote and every later post vanished, exit 0."""
    posts = [(1, "Ann", "Vote: nothing yet"), (2, "Bob", nested_quotes(120, "deep") + RED.format("Carol")),
             (3, "Carol", RED.format("Ann")), (4, "Dave", RED.format("Ann"))]
    path = tmp_path / "deep.html"
    path.write_text(page_with(posts))
    page = read_files([path])[0]
    assert [p.number for p in page.posts] == [1, 2, 3, 4]
    from hostkit.votes.extract import vote_texts

    assert vote_texts(page.posts[1].body) == ["Vote: Carol"]


def test_a_page_deeper_than_can_be_read_is_refused_naming_it(tmp_path):
    posts = [(1, "Ann", nested_quotes(400, "x")), (2, "Bob", RED.format("Ann"))]
    path = tmp_path / "deeper.html"
    path.write_text(page_with(posts))
    with pytest.raises(FileError, match=r"deeper\.html: nested over 600 elements deep"):
        read_files([path])


def test_a_text_run_over_10_mb_loses_no_post(tmp_path):
    posts = [(1, "Ann", "a" * 11_000_000), (2, "Bob", RED.format("Ann")), (3, "Carol", RED.format("Ann"))]
    path = tmp_path / "long.html"
    path.write_text(page_with(posts))
    assert [p.number for p in read_files([path])[0].posts] == [1, 2, 3]


# --------------------------------------------------------------------------- size, time, waits


def test_an_endless_body_is_cut_at_the_size_cap(httpserver, monkeypatch):
    monkeypatch.setattr(fetch, "MAX_BYTES", 1024 * 1024)

    def endless():
        while True:
            yield b"<p>" + b"x" * 65536

    httpserver.expect_request("/t").respond_with_response(Response(endless(), mimetype="text/html"))
    with pytest.raises(FetchError, match="the page passed 1 MB"):
        fetch_thread(httpserver.url_for("/t"), cache_dir=None, delay=0, retries=0)


def test_a_declared_huge_body_is_refused_unread(httpserver, monkeypatch):
    monkeypatch.setattr(fetch, "MAX_BYTES", 1024 * 1024)
    httpserver.expect_request("/t").respond_with_response(
        Response(b"x" * (2 * 1024 * 1024), mimetype="text/html"))
    with pytest.raises(FetchError, match="2,097,152 bytes, over the 1 MB"):
        fetch_thread(httpserver.url_for("/t"), cache_dir=None, delay=0, retries=0)


@pytest.mark.parametrize("deadline,said", [("PAGE_DEADLINE", "still arriving after 1 s"),
                                           ("TOTAL_DEADLINE", "still arriving at the fetch's 1 s deadline")],
                         ids=["page-deadline", "total-deadline-named-as-itself"])
def test_a_drip_feeding_server_hits_the_page_deadline(httpserver, monkeypatch, deadline, said):
    """Issue 31: at the fetch's own deadline the message said "still arriving after 90 s"."""
    monkeypatch.setattr(fetch, deadline, 1.0)

    def drip():
        for _ in range(40):
            yield b"x"
            time.sleep(0.1)

    httpserver.expect_request("/t").respond_with_response(Response(drip(), mimetype="text/html"))
    start = time.monotonic()
    with pytest.raises(FetchError, match=said):
        fetch_thread(httpserver.url_for("/t"), cache_dir=None, delay=0, retries=0, timeout=5)
    assert time.monotonic() - start < 3


def test_retry_after_is_capped_and_told(httpserver, no_sleep, capsys):
    body = phpbb_page([("Ann", "hi")], start=0, next_start=None)
    httpserver.expect_ordered_request("/t").respond_with_response(Response("busy", status=429,
                                                                           headers={"Retry-After": "100000"}))
    httpserver.expect_ordered_request("/t").respond_with_data(body, content_type="text/html")
    pages = fetch_thread(httpserver.url_for("/t"), cache_dir=None, delay=0)
    assert len(pages[0].posts) == 1
    assert no_sleep == [fetch.MAX_WAIT]
    err = capsys.readouterr().err
    assert "asks to wait 100000 s (Retry-After); waiting 60 s" in err


def test_waits_never_pass_the_total_deadline(httpserver, monkeypatch):
    monkeypatch.setattr(fetch, "TOTAL_DEADLINE", 30.0)
    httpserver.expect_request("/t").respond_with_response(Response("busy", status=429, headers={"Retry-After": "50"}))
    with pytest.raises(FetchError, match="would pass the fetch's 30 s deadline"):
        fetch_thread(httpserver.url_for("/t"), cache_dir=None, delay=0)
    assert len(httpserver.log) == 1


# --------------------------------------------------------------------------- hosts and redirects


def test_a_next_page_on_another_host_is_not_fetched(httpserver, capsys):
    body = phpbb_page([("Ann", RED.format("Bob"))], start=0, next_start=2).replace(
        "./viewtopic.php?t=5&amp;start=2", "http://evil.invalid/viewtopic.php?t=5&amp;start=2")
    httpserver.expect_request("/viewtopic.php").respond_with_data(body, content_type="text/html")
    pages = fetch_thread(httpserver.url_for("/viewtopic.php") + "?t=5", cache_dir=None, delay=0, retries=0)
    assert len(pages) == 1
    assert "not following the next-page link to evil.invalid" in capsys.readouterr().err


def test_a_redirect_loop_stops_at_once(httpserver):
    httpserver.expect_request("/a").respond_with_response(Response("", status=302, headers={"Location": "/b"}))
    httpserver.expect_request("/b").respond_with_response(Response("", status=302, headers={"Location": "/a"}))
    with pytest.raises(FetchError, match="a redirect loop"):
        fetch_thread(httpserver.url_for("/a"), cache_dir=None, delay=0)
    assert len(httpserver.log) == 2


def test_a_redirect_to_file_stops_at_once(httpserver):
    httpserver.expect_request("/a").respond_with_response(
        Response("", status=302, headers={"Location": "file:///etc/passwd"}))
    with pytest.raises(FetchError, match="redirects to file:///etc/passwd, and only http"):
        fetch_thread(httpserver.url_for("/a"), cache_dir=None, delay=0)
    assert len(httpserver.log) == 1


def test_a_long_redirect_chain_stops(httpserver):
    for i in range(10):
        httpserver.expect_request(f"/r{i}").respond_with_response(
            Response("", status=301, headers={"Location": f"/r{i + 1}"}))
    with pytest.raises(FetchError, match=f"more than {fetch.MAX_REDIRECTS} redirects"):
        fetch_thread(httpserver.url_for("/r0"), cache_dir=None, delay=0)
    assert len(httpserver.log) == fetch.MAX_REDIRECTS + 1


# --------------------------------------------------------------------------- damaged caches, the forum down


def _day1(tmp_path, url: str) -> Host:
    new_classic(tmp_path / "g", thread=url)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("damage", ["{}", "[1]", "null", '[{"count_number": 3}]', "not json"],
                         ids=["object", "list-of-int", "null", "wrong-type", "not-json"])
def test_a_damaged_count_history_is_ignored_and_rebuilt(tmp_path, damage):
    host = _day1(tmp_path, "http://127.0.0.1:9/none")
    page = tmp_path / "p.html"
    page.write_text(page_with([(1, "Ann", RED.format("Bob"))]))
    history = host.folder / ".cache" / "counts" / "day-1.json"
    history.parent.mkdir(parents=True)
    history.write_text(damage)
    out = host.ok("votes", "--html", str(page), "--json", "--publish")  # issue 14: previews are not kept
    assert json.loads(out)["count_number"] == "1.01"
    assert json.loads(history.read_text())[0]["count_number"] == "1.01"


@pytest.mark.parametrize("damage", ["[]", "{}", "null", '{"version": 1, "url": "%s", "pages": [3]}'],
                         ids=["list", "empty", "null", "bad-pages"])
def test_a_damaged_thread_index_is_ignored_and_rebuilt(httpserver, tmp_path, damage):
    url = httpserver.url_for("/viewtopic.php") + "?t=5"
    body = phpbb_page([("Ann", RED.format("Bob"))], start=0, next_start=None)
    httpserver.expect_request("/viewtopic.php").respond_with_data(body, content_type="text/html")
    cache = fetch._Cache(tmp_path, url)
    cache.dir.mkdir(parents=True)
    cache.index_path.write_text(damage % url if "%s" in damage else damage)
    pages = fetch_thread(url, cache_dir=tmp_path, delay=0)
    assert len(pages[0].posts) == 1
    assert json.loads(cache.index_path.read_text())["pages"] == ["page-0001.json"]


def test_with_the_forum_down_votes_prints_the_last_good_count_marked_stale(httpserver, tmp_path):
    body = phpbb_page([("Ann", RED.format("Bob")), ("Carol", RED.format("Bob"))], start=0, next_start=None)
    state = {"up": True}

    def handler(request):
        if state["up"]:
            return Response(body, content_type="text/html")
        return Response("down", status=503)

    httpserver.expect_request("/viewtopic.php").respond_with_handler(handler)
    host = _day1(tmp_path, httpserver.url_for("/viewtopic.php") + "?t=5")
    fresh = host.ok("votes")
    assert "STALE" not in fresh
    state["up"] = False
    result = host("votes")
    assert result.exit_code == 0, result.output
    assert "[STALE: the forum could not be reached" in result.stdout
    assert "STALE COUNT" in result.stderr and "HTTP 503" in result.stderr
    assert "Bob" in result.stdout
    data = json.loads(host.ok("votes", "--json"))
    assert "HTTP 503" in data["stale"] and data["wagons"]
    # with no pages read before, the forum being down is still an error
    other = _day1(tmp_path / "x", httpserver.url_for("/viewtopic.php") + "?t=5")
    result = other("votes")
    assert result.exit_code == 1 and "HTTP 503" in result.output and "Traceback" not in result.output
