"""A numbered vote count (`votes --publish`, `post votecount`): it counts the game as it is when it
takes its number, and the post window and the pages it is given are checked before anything
is counted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.votes import pages


def _vote_meanwhile(monkeypatch, folder, voter: str, target: str) -> None:
    """While a count reads its pages, another host command records a vote by hand (a second
    process, as a co-host's `hostkit vote` would)."""
    import subprocess
    import sys

    from hostkit.votes import count

    real = count.read_pages

    def reading(**kw):
        pages = real(**kw)
        subprocess.run([sys.executable, "-m", "hostkit", "--game", str(folder), "vote", voter, target],
                       check=True, capture_output=True)
        return pages

    monkeypatch.setattr(count, "read_pages", reading)


def _count_then_vote_meanwhile(tmp_path, monkeypatch, *command):
    from test_votes_accuracy import VOTES, harbour

    host = harbour(tmp_path)
    page = str(VOTES / "phpbb_lastpage.html")
    before = json.loads(host.ok("votes", "--html", page, "--json", "--publish"))
    assert before["count_number"] == "1.01"
    assert all(h["author"] != "Gunwale" for h in before["history"])
    _vote_meanwhile(monkeypatch, host.folder, "Gunwale", "Bollard")
    return host, host.ok(*command, "--html", page)


def test_a_vote_entered_while_the_thread_is_read_is_in_the_published_count(tmp_path, monkeypatch):
    """Eight counts at once with a `hostkit vote` among them once published 1.01 (no vote),
    1.02 (the vote), then 1.03 without it again: a count made from the game as loaded before the
    vote took a later number. The count numbered under the lock is of the game as it is then."""
    host, out = _count_then_vote_meanwhile(tmp_path, monkeypatch, "votes", "--json", "--publish")
    data = json.loads(out)
    assert data["count_number"] == "1.02"
    assert {"author": "Gunwale", "target": "Bollard"}.items() <= data["history"][-1].items()
    kept = json.loads((host.folder / ".cache" / "counts" / "day-1.json").read_text(encoding="utf-8"))
    assert any(h["author"] == "Gunwale" for h in kept[-1]["history"])


def test_post_votecount_publishes_the_game_as_it_is_when_numbered(tmp_path, monkeypatch):
    host, out = _count_then_vote_meanwhile(tmp_path, monkeypatch, "post", "votecount", "--publish")
    assert "Vote Count 1.02" in out and "Gunwale" in out.split("Not voting")[0]


@pytest.mark.parametrize("window, says", [
    (("--from-post", "700", "--to-post", "676"), "--to-post 676 comes before --from-post 700"),
    (("--to-post", "-1"), "--to-post -1: post numbers are never negative"),
    (("--from-post", "-5"), "--from-post -5: post numbers are never negative"),
], ids=["end-before-start", "negative-end", "negative-start"])
def test_a_window_that_holds_no_post_is_refused_not_counted_empty(tmp_path, window, says):
    """A careless host who swaps --from-post and --to-post got an empty count, exit 0 (and with
    --publish it took a number): refused with one line, nothing written."""
    from test_votes_accuracy import VOTES, harbour

    host = harbour(tmp_path)
    page = str(VOTES / "phpbb_lastpage.html")
    assert says in host.refused("votes", "--html", page, *window, "--publish")


def test_a_to_post_before_the_days_start_post_is_refused(tmp_path):
    from test_votes_accuracy import VOTES, harbour

    host = harbour(tmp_path)
    host.ok("start-post", "676")
    out = host.refused("votes", "--html", str(VOTES / "phpbb_lastpage.html"), "--to-post", "600")
    assert "--to-post 600 comes before the day's start post 676" in out
    assert host.ok("votes", "--html", str(VOTES / "phpbb_lastpage.html"), "--to-post", "676")  # the start post itself counts


def test_a_pipe_a_device_or_a_huge_file_given_as_a_page_is_refused_not_read_forever(tmp_path, monkeypatch):
    """`votes --html /dev/zero` (or a named pipe, or a video saved by mistake) read until memory
    ran out, or forever: one line naming the file instead."""
    import os

    from test_votes_accuracy import harbour

    host = harbour(tmp_path)
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    assert f"{fifo}: not a regular file" in host.refused("votes", "--html", str(fifo))
    if Path("/dev/zero").exists():
        assert "/dev/zero: not a regular file" in host.refused("votes", "--html", "/dev/zero")
    big = tmp_path / "big.html"
    with open(big, "wb") as f:
        f.truncate(pages.MAX_PAGE_BYTES + 1)  # sparse: no disk used
    assert f"{big}: 32 MB is no saved thread page" in host.refused("votes", "--html", str(big))
