"""A host and three players on the session's phpBB board, for the tests of what a rerun after a
crash sends (test_send_found_after_sending, test_send_full_sentbox, test_send_killed): fresh
accounts each time (a board kept up for reruns holds the last run's), the host logged in as
`hostkit forum login` leaves it, and one game folder or more on one thread."""

from __future__ import annotations

import os
import time

from forum_board import password
from whole_games import Hostkit
from test_pm_folders import _roomy

ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"}


def on_board(tmp_path, board, monkeypatch, letter: str, *, folders=("game",), roles=ROLES, options=(),
             limit: int = 5000) -> tuple[list[Hostkit], dict[str, str], str, str]:
    """Games in FOLDERS (same title, seed, players and thread: a game restarted in a new folder),
    the host's PM folders holding LIMIT PMs each. Returns the hosts, the players' account names
    by short name, the host's account and the thread."""
    tag = f"{letter}{int(time.time() * 10) % 1000000}{os.getpid() % 100}"
    n = {short: f"{short}{tag}" for short in roles}
    me = f"Hst{tag}"
    board.add(me, f"Old{tag}", *n.values())
    _roomy(board, me, limit=limit)
    thread = board.new_topic(f"Game {tag}")
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HOSTKIT_FORUM_USER", me)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", password(me))
    hosts = []
    for folder in folders:
        host = Hostkit(tmp_path / folder)
        host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "5", "--title", f"Game {tag}",
                "--host", me, "--thread", thread, *options,
                *[x for s, r in roles.items() for x in ("--assign", f"{n[s]}={r}")])
        hosts.append(host)
    hosts[0].ok("forum", "login", "--user", me)
    return hosts, n, me, thread


def received(board, name: str, subject_end: str) -> int:
    """How many PMs the player holds whose subject ends so."""
    return sum(1 for m in board.as_user(name).inbox() if m.subject.endswith(subject_end))
