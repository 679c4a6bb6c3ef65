"""A rerun after a crash takes only a send made after its own "sending" mark (found by the whole
game on the board, tests/test_forum_whole_game.py, issue 35 "Nothing sent twice").

A host restarts a botched game in a new folder (the same title, seed and players): the first
game's role PMs are in the sentbox. The second game's `pm --send` is killed with its first PM's
"sending" on disk and nothing sent; the rerun looks in the sentbox, takes the first game's PM
(same account, subject and beginning) for this one, and the player never gets this game's PM.
Only a copy dated after the mark, on the forum's clock, is this send's (hostkit.forum.recover;
the rule itself as a table: tests/test_send_mark_times.py).
"""

from __future__ import annotations

import json
import signal

import pytest

from send_board import on_board, received


@pytest.mark.slow  # some 20 s: two games' role PMs on the board
def test_a_rerun_never_takes_an_older_games_pm_for_the_one_it_was_sending(tmp_path, board, monkeypatch):
    (first, second), n, _, _ = on_board(tmp_path, board, monkeypatch, "R", folders=("first", "second"))
    first.ok("pm", "--send")
    killed = second.run("pm", "--send", kill_at="sending")  # the first PM's "sending" on disk, nothing sent
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    second.ok("pm", "--send")
    for name in n.values():
        assert received(board, name, "your role") == 2, name  # one from each game


@pytest.mark.slow  # some 20 s: two games' death posts in one thread on the board
def test_a_rerun_never_takes_the_death_post_of_a_game_restarted_in_the_same_thread(tmp_path, board, monkeypatch):
    """Not in the issue's text, the same kind for a post: a botched game restarted in a new
    folder in the same thread (same title, seed and players, the same night), so its death post
    begins as the first game's did. The second's `post deaths --send` is killed with its
    "sending" on disk and nothing posted; its journal knows no post of the thread (the thread is
    read back whole), and the rerun took the first game's death post for its own: the thread
    never got the second game's."""
    games, n, me, thread = on_board(tmp_path, board, monkeypatch, "D", folders=("first", "second"),
                                    options=("--option", "sheriff=false"))
    for host in games:
        host.ok("act", n["Bob"], "Kill", n["Cy"])
        host.ok("act", n["Ann"], "Check", n["Bob"])
        host.ok("resolve")
    first, second = games
    text = first.ok("post", "deaths")
    assert second.ok("post", "deaths") == text  # the same words: only the time tells them apart
    first.ok("post", "deaths", "--send")
    words = n["Cy"]
    assert board.posts_saying(thread, me, words) == 1
    killed = second.run("post", "deaths", "--send", kill_at="sending")
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert board.posts_saying(thread, me, words) == 1  # nothing went out
    rerun = second.ok("post", "deaths", "--send")
    assert "found on the forum" not in rerun, rerun
    assert board.posts_saying(thread, me, words) == 2  # one death post from each game
    again = second.ok("post", "deaths", "--send")
    assert "already sent" in again and board.posts_saying(thread, me, words) == 2


@pytest.mark.slow  # some 30 s
def test_a_journal_from_before_the_mark_kept_the_forums_time_is_decided_safely(tmp_path, board, monkeypatch):
    """A `sending` entry written by a hostkit that kept only the host's clock (no `forum_time`):
    a copy on the forum near that time cannot be told from an older one, so the rerun stops with
    one line and sends nothing; the host says, and the rest go out, none twice. An entry of the
    same kind with no copy anywhere is simply sent."""
    (host,), n, _, _ = on_board(tmp_path, board, monkeypatch, "J")
    killed = host.run("pm", "--send", kill_at="sent")  # the first PM out, the journal still at "sending"
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    journal = host.folder / ".hostkit-sends.json"
    data = json.loads(journal.read_text())
    unsure = [e for e in data["sends"] if e["state"] == "sending"]
    assert len(unsure) == 1 and unsure[0].pop("forum_time")
    journal.write_text(json.dumps(data))
    stopped = host.run("pm", "--send")
    said = [line for line in stopped.stderr.strip().splitlines() if line != "Sending PMs"]
    assert stopped.returncode == 1 and len(said) == 1 and "cannot tell" in said[0], stopped.stderr
    assert f'hostkit sent "{unsure[0]["key"]}"' in said[0]
    assert sum(received(board, name, "your role") for name in n.values()) == 1
    host.ok("sent", unsure[0]["key"])
    killed = host.run("pm", "--send", kill_at="sending")  # the next PM's mark, nothing out: made old too
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    data = json.loads(journal.read_text())
    for e in data["sends"]:
        e.pop("forum_time", None)
    journal.write_text(json.dumps(data))
    assert host.ok("pm", "--send").count("your role PM sent") == len(n) - 1
    assert all(received(board, name, "your role") == 1 for name in n.values())


class _Killed(Exception):
    """The send stopped with its "sending" mark on disk and nothing sent, as a kill leaves it."""


@pytest.mark.slow  # some 15 s
def test_a_watch_pm_repeating_yesterdays_words_is_sent_again_today(tmp_path, board, monkeypatch):
    """Not in the issue's text, the same kind within one game: the watch's prod PM to the host
    repeats its words every day while the same players stay silent ("Players of ... with no post
    in the thread for 48 hours: - Ann: no post in the thread"), under the same subject. Day 2's
    is stopped after its mark; the rerun took day 1's PM for it, and the host was never told on
    day 2."""
    from hostkit.forum.account import connect
    from hostkit.forum.journal import Journal
    from hostkit.forum.send import Item, send_pm_to_account
    from hostkit.game.game import Game
    from hostkit.watch.texts import prods

    (host,), n, me, thread = on_board(tmp_path, board, monkeypatch, "P")
    game = Game.load(host.folder)
    text = prods(game, [(n["Cy"], "no post in the thread")], 48)

    def prod(day: int) -> Item:
        return Item(f"watch:day {day}:prod", "players to prod", text, None, "Game: players to prod")

    conn = connect(thread, host=me)
    try:
        conn.ensure()
        assert "sent" in send_pm_to_account(game, prod(1), conn=conn, account=me)[0]
        mark = Journal.mark

        def killed(self, key, **fields):
            mark(self, key, **fields)
            if fields.get("state") == "sending":
                raise _Killed
        monkeypatch.setattr(Journal, "mark", killed)
        with pytest.raises(_Killed):
            send_pm_to_account(game, prod(2), conn=conn, account=me)
        monkeypatch.setattr(Journal, "mark", mark)
    finally:
        conn.close()
    conn = connect(thread, host=me)  # the rerun: a new command
    try:
        conn.ensure()
        rerun = send_pm_to_account(game, prod(2), conn=conn, account=me)
    finally:
        conn.close()
    assert "found on the forum" not in rerun[0] and "sent" in rerun[0], rerun
    assert received(board, me, "players to prod") == 2  # one each day
