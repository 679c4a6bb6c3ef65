"""A rerun after a crash takes only a send made after its own "sending" mark (found by the whole
game on the board, tests/test_forum_whole_game.py, issue 35 "Nothing sent twice").

A host restarts a botched game in a new folder (the same title, seed and players): the first
game's role PMs are in the sentbox. The second game's `pm --send` is killed with its first PM's
"sending" on disk and nothing sent; the rerun looks in the sentbox, takes the first game's PM
(same account, subject and beginning) for this one, and the player never gets this game's PM.
"""

from __future__ import annotations

import os
import signal
import time

import pytest

from forum_board import password
from test_forum_whole_game import Hostkit
from test_pm_folders import _roomy

ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"}


@pytest.mark.slow  # some 20 s: two games' role PMs on the board
@pytest.mark.xfail(strict=True, reason="hostkit.forum.send._find_pm (the sends helper's) takes any sent PM with "
                   "the subject and beginning, however old: it must take only one sent after the journal's "
                   "'sending' mark (the entry's time, on the forum's clock)")
def test_a_rerun_never_takes_an_older_games_pm_for_the_one_it_was_sending(tmp_path, board, monkeypatch):
    tag = f"R{int(time.time() * 10) % 1000000}{os.getpid() % 100}"
    n = {short: f"{short}{tag}" for short in ROLES}
    me = f"Hst{tag}"
    board.add(me, *n.values())
    _roomy(board, me)
    thread = board.new_topic(f"Restarted {tag}")
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HOSTKIT_FORUM_USER", me)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", password(me))
    games = []
    for folder in ("first", "second"):
        host = Hostkit(tmp_path / folder)
        host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "5", "--title", f"Game {tag}",
                "--host", me, "--thread", thread, *[x for s, r in ROLES.items() for x in ("--assign", f"{n[s]}={r}")])
        games.append(host)
    first, second = games
    first.ok("forum", "login", "--user", me)
    first.ok("pm", "--send")
    killed = second.run("pm", "--send", kill_at="sending")  # the first PM's "sending" on disk, nothing sent
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    second.ok("pm", "--send")
    for name in n.values():
        mine = [m for m in board.as_user(name).inbox() if m.subject.endswith("your role")]
        assert len(mine) == 2, name  # one from each game
