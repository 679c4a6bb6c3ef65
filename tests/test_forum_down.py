"""The forum down with nothing read before (issue 28): `votes` ends with one line that says
what the host can still do (--hand-only, or saved pages), and `post votecount --hand-only`
counts the votes entered by hand without reading the thread."""

from __future__ import annotations

import socket

import pytest

from conftest import Host, new_classic, snapshot
from hostkit.votes import fetch


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again on leaving: nothing listens there


@pytest.fixture
def forum_down(tmp_path, monkeypatch) -> Host:
    monkeypatch.setattr(fetch, "_sleep", lambda s: None)  # the retries, without their waits
    new_classic(tmp_path / "g", thread=f"http://127.0.0.1:{_closed_port()}/viewtopic.php?t=1")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    return host


def _fails(host: Host, *args: str) -> str:
    """The command's last line (its error: the retries are told as they happen, above it); exit
    1, no traceback, nothing written."""
    before = snapshot(host.folder)
    result = host(*args)
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert snapshot(host.folder) == before
    return result.output.strip().splitlines()[-1]


@pytest.mark.parametrize("command", [["votes"], ["post", "votecount"]], ids=["votes", "post-votecount"])
def test_the_forum_down_with_nothing_read_names_hand_only(forum_down, command):
    last = _fails(forum_down, *command)
    assert last.startswith("Error: ") and "the forum is unreachable" in last and "--hand-only" in last


def test_post_votecount_hand_only_counts_the_hand_votes_without_the_forum(forum_down):
    out = forum_down.ok("post", "votecount", "--hand-only")
    assert "[b]Bob (1)[/b]: Ann" in out and "(preview)" in out
    published = forum_down.ok("post", "votecount", "--hand-only", "--publish")
    assert "Vote Count 1.01[/b]" in published
    assert forum_down.ok("votes", "--hand-only").count("Bob (1)") == 1


@pytest.mark.parametrize("command", [["votes"], ["post", "votecount"]], ids=["votes", "post-votecount"])
def test_hand_only_refuses_a_thread_given_with_it(forum_down, tmp_path, command):
    page = tmp_path / "p.html"
    page.write_text("<html></html>")
    assert "--hand-only reads no thread" in forum_down.refused(*command, "--hand-only", "--html", str(page))
    assert "--hand-only reads no thread" in forum_down.refused(*command, "--hand-only", "--url", "http://127.0.0.1:1/")
