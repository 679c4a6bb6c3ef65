"""The forum sends a watch needs (issue 37): the thread locked and unlocked with phpBB's
moderator quick-mod tool, and a PM to the host's own account; both journalled, so a rerun does
nothing twice and `hostkit log` shows them."""

from __future__ import annotations

import itertools

from conftest import Host
from hostkit.forum.base import ForumError
from hostkit.forum.send import Item, lock_thread, send_pm_to_account

_ids = itertools.count(1)


def _game(tmp_path, board, monkeypatch):
    tag = f"L{next(_ids)}{tmp_path.name[-4:].replace('_', '')}"
    names = [f"Ann{tag}", f"Bob{tag}", f"Cy{tag}"]
    board.add(*names)
    thread = board.new_topic(f"Lock {tag}")
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    host = Host(tmp_path / "game")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--host", "Host", "--thread", thread,
            "--assign", f"{names[0]}=Seer", "--assign", f"{names[1]}=Werewolf", "--assign", f"{names[2]}=Villager")
    return host, thread, names


def test_the_thread_is_locked_once_and_unlocked_and_the_log_shows_both(tmp_path, board, monkeypatch):
    from hostkit.forum.account import connect

    host, thread, names = _game(tmp_path, board, monkeypatch)
    conn = connect(thread)
    try:
        assert conn.call("locked", thread) is False
        assert lock_thread(host.game, "lock:day 1", "lock at the day's end", conn=conn) == \
            ["lock at the day's end: locked"]
        assert conn.call("locked", thread) is True
        assert lock_thread(host.game, "lock:day 1", "lock at the day's end", conn=conn) == \
            ["lock at the day's end: already done"]
        player = board.as_user(names[0])
        try:
            player.reply(thread, "can I still post?")
            raise AssertionError("a player posted in a locked thread")
        except ForumError as exc:
            assert "locked" in str(exc).lower()
        assert lock_thread(host.game, "unlock:day 2", "unlock for day 2", conn=conn, lock=False) == \
            ["unlock for day 2: unlocked"]
        assert conn.call("locked", thread) is False
        assert player.reply(thread, "now I can").id
    finally:
        conn.close()
    log = host.ok("log")
    assert "lock at the day's end -> " in log and "sent, lock" in log and "unlock for day 2" in log


def test_a_player_account_cannot_lock_and_nothing_is_journalled_as_done(tmp_path, board, monkeypatch):
    host, thread, names = _game(tmp_path, board, monkeypatch)
    player = board.as_user(names[1])
    assert player.locked(thread) is None
    try:
        player.set_locked(thread)
        raise AssertionError("a player locked the thread")
    except ForumError as exc:
        assert "moderator" in str(exc)


def test_a_pm_to_the_host_goes_to_the_host_inbox_once(tmp_path, board, monkeypatch):
    from hostkit.forum.account import connect

    host, thread, _ = _game(tmp_path, board, monkeypatch)
    item = Item("watch:test", "host PM", "All actions are in.", None, "Game: all actions are in")
    conn = connect(thread)
    try:
        assert "(PM " in send_pm_to_account(host.game, item, conn=conn, account="Host")[0]
        assert "already sent" in send_pm_to_account(host.game, item, conn=conn, account="Host")[0]
    finally:
        conn.close()
    mine = [m for m in board.as_user("Host").inbox() if m.subject == "Game: all actions are in"]
    assert len(mine) == 1 and "All actions are in." in mine[0].text
    assert "host PM -> Host" in host.ok("log")
