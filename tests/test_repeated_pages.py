"""A thread page that repeats posts already read is said, never counted twice (issue 35): posts are
known by their id. Saved pages given twice (or the same page saved twice, with and without its
numbers) are refused naming the file; on the live board, a proxy that ignores `start=` answers
every page with the first: the count says so, and a send's rerun never takes the first page for the
last one (nor sends again what it could not look for).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Host, new_classic
from forum_proxy import Proxy
from test_send_uncertain import _game

VOTES = Path(__file__).parent / "data" / "votes"

CASES = [
    ["phpbb_patterns.html", "phpbb_patterns.html"],  # the kind: one page twice
    # not in the text: one page saved twice, with and without its post numbers (other bytes)
    ["phpbb_lastpage.html", "phpbb_lastpage_unnumbered.html"],
]


@pytest.mark.parametrize("files", CASES, ids=["same-file-twice", "same-page-saved-twice"])
@pytest.mark.parametrize("command", ["posts", "votes"])
def test_saved_pages_that_repeat_posts_are_refused_naming_the_file(tmp_path, files, command):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")  # day 1: votes are counted
    args = [x for f in files for x in ("--html", str(VOTES / f))]
    out = host.refused(command, *args)
    assert files[1] in out and "repeats post" in out and "give each thread page once" in out


@pytest.fixture
def proxy(board):
    p = Proxy(board.url)
    yield p
    p.close()


@pytest.mark.slow  # some 15 s
def test_a_forum_that_ignores_start_is_said_and_an_unsure_post_is_never_sent_again(tmp_path, board, proxy,
                                                                                   monkeypatch):
    host, thread, names = _game(tmp_path, board, proxy, monkeypatch)
    host.ok("act", names["Bob"], "Kill", names["Cy"])
    host.ok("resolve", "--force")
    direct = board.url + "viewtopic.php?" + thread.rsplit("?", 1)[1]
    board.old_posts(direct, names["Ann"], [f"Night chat ({n})" for n in range(12)])  # the death post: page 2
    proxy.spoil("502", 1)
    assert host("post", "deaths", "--send").exit_code == 1  # it went out; the answer was lost
    board.old_posts(direct, names["Ann"], [f"Sad day. ({n})" for n in range(12)])  # three pages now
    proxy.ignore_start = True
    refused = host("post", "deaths", "--send")
    assert refused.exit_code == 1 and "ignores start=" in refused.output, refused.output
    assert "ignores start=" in host("posts").output or "repeats post" in host("posts").output
    proxy.ignore_start = False
    assert "found on the forum" in host.ok("post", "deaths", "--send")
    posts = board.as_user(names["Ann"]).thread_since(direct, 0)
    assert len([b for _, author, b in posts if author == "Host" and names["Cy"] in b]) == 1
