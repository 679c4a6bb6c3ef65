"""`hostkit watch` meets a forum that is down or refusing (issue 37): the round fails, the watch
does not; the failure is logged and shown by --status, and the next round waits longer each time
(backoff), --once included, so a cron line never floods a forum that is down."""

from __future__ import annotations

import socket

import pytest

from conftest import Host, new_classic
from hostkit.forum.account import bind, site_of


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def no_waits(monkeypatch):
    from hostkit.forum import session
    from hostkit.votes import fetch

    waits: list[float] = []
    monkeypatch.setattr(fetch, "_sleep", waits.append)
    monkeypatch.setattr(session, "_sleep", waits.append)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "pw")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    return waits


@pytest.mark.parametrize("forum", ["refused", "503"], ids=["connection-refused", "server-error"])
def test_a_forum_that_is_down_fails_the_round_never_the_watch_and_is_waited_out(tmp_path, httpserver, no_waits,
                                                                                  forum):
    if forum == "refused":
        thread = f"http://127.0.0.1:{_closed_port()}/viewtopic.php?t=1"
    else:
        httpserver.expect_request("/index.php").respond_with_data("down for maintenance", status=503)
        thread = httpserver.url_for("/viewtopic.php?t=1")
    new_classic(tmp_path / "g", thread=thread, hosts=["Host"])
    bind(site_of(thread), "Host")  # as 'hostkit forum login' left it, before the forum went down
    host = Host(tmp_path / "g")
    first = host.ok("watch", "--once", "--pace", "0")
    assert "the forum failed" in first and "next try in 600 s" in first
    assert "Traceback" not in first
    second = host.ok("watch", "--once", "--pace", "0")
    assert "waiting it out until" in second  # cron's next --once does not ask the forum again yet
    status = host.ok("watch", "--status")
    assert "The forum failed 1 time(s) in a row" in status and "the forum failed" in status
    assert not (tmp_path / "g" / ".hostkit-sends.json").exists()


def test_watch_status_before_any_round_says_how_to_start(tmp_path):
    new_classic(tmp_path / "g")
    out = Host(tmp_path / "g").ok("watch", "--status")
    assert "No round has run yet" in out


def test_a_game_with_no_thread_is_refused_in_one_line(tmp_path, no_waits):
    new_classic(tmp_path / "g")
    out = Host(tmp_path / "g").refused("watch", "--once")
    assert "no thread" in out


def test_a_forum_the_host_never_logged_in_to_is_refused_before_any_round(tmp_path, no_waits):
    new_classic(tmp_path / "g", thread=f"http://127.0.0.1:{_closed_port()}/viewtopic.php?t=1", hosts=["Host"])
    out = Host(tmp_path / "g").refused("watch", "--once")
    assert "has not logged in to" in out and "hostkit forum login" in out
