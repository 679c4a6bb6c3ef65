"""Reading a long thread shows its progress page by page (issue 28): a 31-page thread took 45 s
with only 'Reading thread' on the screen. Through the CLI against a local stand-in forum."""

from __future__ import annotations

import re
import sys

import pytest
from werkzeug import Request, Response

from conftest import Host, new_classic
from hostkit.votes import fetch
from test_fetch import phpbb_page

PAGES = 31
PER_PAGE = 3


@pytest.fixture
def long_thread(httpserver, monkeypatch):
    monkeypatch.setattr(fetch, "_sleep", lambda s: None)  # the polite pause between pages, skipped
    names = ["Ann", "Bob", "Carol", "Dave", "Eve", "Fay", "Gus", "Hal"]
    posts = [(names[i % 8], f"post {i}") for i in range(PAGES * PER_PAGE)]

    def handle(request: Request) -> Response:
        start = int(request.args.get("start", 0))
        more = start + PER_PAGE < len(posts)
        body = phpbb_page(posts[start:start + PER_PAGE], start=start, next_start=start + PER_PAGE if more else None)
        body = body.replace('<div class="action-bar">',
                            f'<div class="action-bar"><div class="pagination">Page <strong>{start // PER_PAGE + 1}'
                            f'</strong> of <strong>{PAGES}</strong></div>')
        return Response(body, content_type="text/html; charset=UTF-8")

    httpserver.expect_request("/viewtopic.php").respond_with_handler(handle)
    return httpserver.url_for("/viewtopic.php") + "?t=5"


def _counting(tmp_path, url) -> Host:
    new_classic(tmp_path / "g", thread=url)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    return host


def test_votes_shows_each_page_of_a_long_thread_as_it_is_read(tmp_path, long_thread):
    host = _counting(tmp_path, long_thread)
    result = host("votes")
    assert result.exit_code == 0, result.output
    seen = re.findall(r"Reading thread: page (\d+)(?: of (\d+))?", result.stderr)
    assert [int(n) for n, _ in seen] == list(range(1, PAGES + 1))
    assert seen[0][1] == "" and {total for _, total in seen[1:]} == {str(PAGES)}  # the total once page 1 told it
    assert "Reading thread" not in result.stdout


def test_a_recount_tells_the_cached_pages_once_then_reads_the_last(tmp_path, long_thread):
    host = _counting(tmp_path, long_thread)
    host.ok("votes")
    result = host("votes")
    assert result.exit_code == 0, result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith("Reading thread")]
    assert lines == [f"Reading thread: pages 1-{PAGES - 1} from the cache", f"Reading thread: page {PAGES} of {PAGES}"]


def test_on_a_terminal_the_progress_line_is_rewritten_and_ended(monkeypatch, capsys):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    shown = fetch._Progress(True)
    shown.page(1, None)
    shown.page(2, 31)
    fetch._warn("retry 1 of 4 in 1 s")
    shown.page(3, 31)
    shown.close()
    err = capsys.readouterr().err
    assert err == ("Reading thread: page 1\rReading thread: page 2 of 31\nhostkit: retry 1 of 4 in 1 s\n"
                   "Reading thread: page 3 of 31\n")
