"""The send journal belongs to one game (issue 35): a `.hostkit-sends.json` of another game is
refused before anything is sent (it would make every send look done), and a PM whose text
changed since it went out is the host's decision: said, exit 1, never sent a second time.

On the session's live phpBB board (tests/forum_board.py).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil

import pytest

from conftest import Host

_ids = itertools.count(1)
ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"}


def _names(tmp_path) -> dict[str, str]:
    tag = f"J{next(_ids)}x{os.getpid() % 100000}"
    return {short: f"{short}{tag}" for short in ROLES}


def _game(tmp_path, board, monkeypatch, names: dict[str, str], folder: str, *, seed: str = "3") -> tuple[Host, str]:
    board.add(*names.values())
    thread = board.new_topic(f"Game {folder} {next(_ids)}")
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    host = Host(tmp_path / folder)
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", seed, "--host", "Host",
            "--thread", thread, *[x for short, role in ROLES.items() for x in ("--assign", f"{names[short]}={role}")])
    return host, thread


def _roles_received(board, name: str) -> int:
    return sum(1 for m in board.as_user(name).inbox() if m.subject.endswith("your role"))


JOURNAL = ".hostkit-sends.json"


@pytest.mark.slow  # some 15 s: two games' PMs on the board
def test_a_send_journal_copied_from_another_game_is_refused_and_nothing_is_skipped(tmp_path, board, monkeypatch):
    """The issue's case: game B (same players, its own thread) gets game A's journal, in which
    every role PM is `sent`: today `pm --send` skips them all with exit 0."""
    names = _names(tmp_path)
    a, _ = _game(tmp_path, board, monkeypatch, names, "a")
    assert a.ok("pm", "--send").count("your role PM sent") == 3
    b, _ = _game(tmp_path, board, monkeypatch, names, "b", seed="4")
    shutil.copy(a.folder / JOURNAL, b.folder / JOURNAL)
    out = b.refused("pm", "--send")
    assert JOURNAL in out and "another game" in out
    assert all(_roles_received(board, n) == 1 for n in names.values())
    (b.folder / JOURNAL).unlink()
    assert b.ok("pm", "--send").count("your role PM sent") == 3


@pytest.mark.slow
def test_a_journal_from_before_it_named_its_game_is_taken_only_when_its_sends_are_this_games(tmp_path, board,
                                                                                          monkeypatch):
    """Not in the issue's text: an old journal (no `game`, no `thread`) copied from another game
    is refused by what it records (a post to another thread); one of this very game is kept,
    and stamped with the game at its next write."""
    names = _names(tmp_path)
    a, thread_a = _game(tmp_path, board, monkeypatch, names, "a")
    assert a.ok("pm", "--send").count("your role PM sent") == 3
    old = json.loads((a.folder / JOURNAL).read_text())
    old.pop("game"), old.pop("thread")
    b, _ = _game(tmp_path, board, monkeypatch, names, "b", seed="4")
    foreign = dict(old, sends=[*old["sends"], {"key": "post:deaths", "kind": "post", "to": thread_a, "what": "deaths",
                                               "state": "sent", "id": "1"}])
    (b.folder / JOURNAL).write_text(json.dumps(foreign))
    assert "not this game's" in b.refused("pm", "--send")
    (a.folder / JOURNAL).write_text(json.dumps(old))  # a's own old journal: taken, nothing sent twice
    again = a.ok("pm", "--send")
    assert again.count("already sent") == 3 and "PM sent" not in again
    assert all(_roles_received(board, n) == 1 for n in names.values())


@pytest.mark.slow
def test_a_role_pm_whose_text_changed_since_it_was_sent_is_said_and_exits_non_zero(tmp_path, board, monkeypatch):
    names = _names(tmp_path)
    host, _ = _game(tmp_path, board, monkeypatch, names, "g")
    assert host.ok("pm", "--send").count("your role PM sent") == 3
    templates = host.folder / "templates"
    templates.mkdir(exist_ok=True)
    (templates / "role_pm.txt").write_text("You are {{ player }}. Your role changed: read this again.\n")
    result = host("pm", "--send")
    assert result.exit_code == 1, result.output
    assert "another text" in result.output and "Traceback" not in result.output
    assert all(n in result.output for n in names.values())
    assert "Error" in result.output.strip().splitlines()[-1]
    assert all(_roles_received(board, n) == 1 for n in names.values())
    dry = host.ok("pm", "--send", "--dry-run")
    assert dry.count("the text has changed since") == 3
