"""Issue 31: a thread is read to its real last page, or the count says where it stopped and why.

Before: a page 2 linking back to page 1 ended the count at post 7 (exit 0, no message); so did
a next link to the same page plus `?x=1`; a server closing after post 5 of 10 with no
Content-Length was counted as whole; a header sent one byte at a time waited past every
deadline; a redirect to another host was followed silently; a huge Retry-After cost 240 s; at
the 900 s deadline the message said "after 90 s" (test_fetch_limits.py). Servers are pytest-httpserver or a small socket
server, all on 127.0.0.1; deadlines are lowered so each test takes a second or two.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest
from werkzeug import Response

from hostkit.model.errors import FetchError
from hostkit.votes import fetch
from hostkit.votes.fetch import fetch_thread

from test_fetch import phpbb_page

RED = '<span style="color: #ff0000">Vote: {}</span>'
FIVE = [(n, RED.format("Bob")) for n in ("Ann", "Cy", "Di", "Ed", "Fay")]


@pytest.fixture(autouse=True)
def no_sleep(monkeypatch):
    slept: list[float] = []
    monkeypatch.setattr(fetch, "_sleep", slept.append)
    return slept


def _serve(httpserver, start: int, body: str) -> None:
    httpserver.expect_request("/viewtopic.php", query_string=f"t=5&start={start}").respond_with_data(
        body, content_type="text/html")


def test_a_page_linking_back_to_an_earlier_page_is_refused_saying_where(httpserver):
    _serve(httpserver, 0, phpbb_page(FIVE, start=0, next_start=5))
    _serve(httpserver, 5, phpbb_page(FIVE[:2], start=5, next_start=0))  # page 2's "next" is page 1
    with pytest.raises(FetchError, match=r"leads back to a page already read.*stop at post 7"):
        fetch_thread(httpserver.url_for("/viewtopic.php") + "?t=5&start=0", cache_dir=None, delay=0, retries=0)


def test_a_next_link_to_the_same_page_under_another_address_is_refused(httpserver):
    page = phpbb_page(FIVE, start=0, next_start=5).replace("start=5", "start=0&amp;x=1")
    _serve(httpserver, 0, page)
    httpserver.expect_request("/viewtopic.php", query_string="t=5&start=0&x=1").respond_with_data(
        page, content_type="text/html")
    with pytest.raises(FetchError, match=r"repeats post 1, already read.*stop at post 5"):
        fetch_thread(httpserver.url_for("/viewtopic.php") + "?t=5&start=0", cache_dir=None, delay=0, retries=0)


def test_a_whole_thread_is_still_read_page_after_page(httpserver):
    _serve(httpserver, 0, phpbb_page(FIVE, start=0, next_start=5))
    _serve(httpserver, 5, phpbb_page(FIVE[:2], start=5, next_start=None))
    pages = fetch_thread(httpserver.url_for("/viewtopic.php") + "?t=5&start=0", cache_dir=None, delay=0, retries=0)
    assert [p.number for page in pages for p in page.posts] == list(range(1, 8))


class RawServer:
    """A one-route HTTP server on 127.0.0.1 that writes exactly the bytes it is told, how it is told."""

    def __init__(self, respond) -> None:
        self.respond = respond
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.requests = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}/t"

    def _run(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.requests += 1
            with conn:
                conn.recv(65536)
                try:
                    self.respond(conn)
                except OSError:
                    pass

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def raw_server():
    servers = []

    def make(respond):
        servers.append(RawServer(respond))
        return servers[-1]
    yield make
    for s in servers:
        s.close()


TEN = [(f"P{i}", RED.format("Bob")) for i in range(10)]


def test_a_page_cut_off_by_a_closed_connection_is_not_counted_as_whole(raw_server, no_sleep):
    page = phpbb_page(TEN, start=0, next_start=None).encode()
    cut = page[:page.index(b'<div id="p105"')]  # posts 1-5 of 10, then the server closes

    def respond(conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n" + cut)
    server = raw_server(respond)
    with pytest.raises(FetchError, match=r"cut off.*closed the connection.*\(2 tries\)"):
        fetch_thread(server.url, cache_dir=None, delay=0, retries=1)
    assert server.requests == 2 and no_sleep == [1.0]


def test_a_whole_page_ended_by_closing_the_connection_is_read(raw_server):
    page = phpbb_page(TEN, start=0, next_start=None).encode()
    server = raw_server(lambda c: c.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
                                            b"Connection: close\r\n\r\n" + page))
    pages = fetch_thread(server.url, cache_dir=None, delay=0, retries=0)
    assert len(pages[0].posts) == 10


def test_headers_sent_a_byte_at_a_time_meet_the_page_deadline(raw_server, monkeypatch):
    monkeypatch.setattr(fetch, "PAGE_DEADLINE", 1.0)

    def respond(conn):
        for byte in b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Slow: " + b"y" * 100:
            conn.sendall(bytes([byte]))
            time.sleep(0.2)
    server = raw_server(respond)
    start = time.monotonic()
    with pytest.raises(FetchError, match="no complete answer after 1 s"):
        fetch_thread(server.url, cache_dir=None, delay=0, retries=0, timeout=5)
    assert time.monotonic() - start < 3


def test_a_redirect_to_another_host_is_refused_not_followed(httpserver):
    port = httpserver.port
    httpserver.expect_request("/a").respond_with_response(
        Response("", status=302, headers={"Location": f"http://127.0.0.1:{port}/b"}))  # localhost -> 127.0.0.1
    with pytest.raises(FetchError, match="redirects to another host, 127.0.0.1"):
        fetch_thread(f"http://localhost:{port}/a", cache_dir=None, delay=0)
    assert len(httpserver.log) == 1


def test_a_huge_retry_after_asked_twice_stops_after_one_capped_wait(httpserver, no_sleep, capsys):
    for _ in range(3):
        httpserver.expect_ordered_request("/t").respond_with_response(
            Response("busy", status=429, headers={"Retry-After": "86400"}))
    with pytest.raises(FetchError, match=r"asks again to wait 86400 s.*longer than hostkit waits \(60 s\)"):
        fetch_thread(httpserver.url_for("/t"), cache_dir=None, delay=0)
    assert no_sleep == [fetch.MAX_WAIT] and len(httpserver.log) == 2
    assert "asks to wait 86400 s (Retry-After); waiting 60 s" in capsys.readouterr().err
