"""Issue 9 red team: `hostkit votes` attacked as a careless host, a rules lawyer and a hostile player.

Each test here is a defect found by attacking the votes path after the session's speed work, and
fails without its fix: a cache hit must answer exactly as a miss, a damaged cache is a miss, and
a hostile page gets one clear line or a sensible count. Network tests use a local server.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("name", ["Nobody", "Sleep", "No one"], ids=["nobody", "sleep", "no-one"])
def test_a_player_named_like_no_elimination_is_voted_for_in_the_thread_as_by_hand(tmp_path, name):
    """`hostkit new` accepts a player named Nobody (a real forum account may be), and `hostkit
    vote Eve Nobody` votes for them; but "Vote: Nobody" in the thread was read as No Elimination
    (an abstention), so that player could never be voted for in the thread."""
    from test_fetch import phpbb_page

    from conftest import Host
    from hostkit.game import create

    red = '<span style="color: red">{}</span>'.format
    page = tmp_path / "page.html"
    page.write_text(phpbb_page([("Ann", red(f"Vote: {name}")), ("Bob", red(f"vote {name}")),
                                ("Carol", red("Vote: no lynch")), ("Bob", red(f"Unvote: {name}"))],
                               start=0, next_start=None), encoding="utf-8")
    folder = tmp_path / "g"
    create(folder, ruleset="classic-werewolf", seed=1, markups=["red"],
           assign=["Ann=Werewolf", "Bob=Villager", "Carol=Villager", f"{name}=Villager", "Eve=Villager"])
    host = Host(folder)
    host.ok("resolve", "--force")
    data = json.loads(host.ok("votes", "--html", str(page), "--json"))
    assert [(h["author"], h["target"]) for h in data["history"]] == [
        ("Ann", name), ("Bob", name), ("Carol", "none"), ("Bob", None)]
    assert [(w["target"], w["voters"]) for w in data["wagons"] if w["target"] == name] == [(name, ["Ann"])]


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
