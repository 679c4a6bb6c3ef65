"""Nothing is sent twice (issue 27): `pm --send` and `votes --send` killed at every journal
boundary (a real hostkit process, SIGKILLed by the store's crash hook, HOSTKIT_CRASH_AT=k, just
before the k-th atomic write lands), then run again: every player ends with exactly one copy.

Boundary 2k-1 is "sending" of the k-th PM not yet written (nothing went out); boundary 2k is the
forum's answer in hand and "sent" not yet written: the rerun cannot tell from the journal and
looks in the sent PMs (the thread's last posts, for a count) before sending again.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys

import pytest

from conftest import Host

_ids = itertools.count(1)


def _run(folder, args, env, crash=None):
    env = dict(env)
    env.pop("HOSTKIT_CRASH_AT", None)
    if crash:
        env["HOSTKIT_CRASH_AT"] = str(crash)
    return subprocess.run([sys.executable, "-m", "hostkit", "--game", str(folder), *args], env=env,
                          capture_output=True, text=True, timeout=300)


def _fresh(tmp_path, board, k, roles):
    tag = f"K{next(_ids)}{os.getpid() % 1000}"
    names = {short: f"{short}{tag}" for short in roles}
    board.add(*names.values())
    thread = board.new_topic(f"Crash {tag}")
    host = Host(tmp_path / f"g{k}")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", "Host", "--thread",
            thread, *[x for s, r in roles.items() for x in ("--assign", f"{names[s]}={r}")])
    return host, thread, names


def _env(monkeypatch):
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")  # a script's account, where none is cached
    return dict(os.environ)


ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"}


def _each_boundary(tmp_path, board, env, args, prepare, check, between=None) -> int:
    """Kill `hostkit ARGS` at boundary k = 1, 2, ... (a fresh game each time), let `between`
    move the forum on, run it again, then `check` the forum; until a run ends before its k-th
    boundary. Returns the kills."""
    killed = 0
    for k in itertools.count(1):
        host, thread, names = _fresh(tmp_path, board, k, ROLES)
        prepare(host, thread, names)
        first = _run(host.folder, args, env, crash=k)
        if first.returncode != -signal.SIGKILL:
            assert first.returncode == 0, first.stderr
            return killed
        killed += 1
        if between:
            between(thread, names)
        again = _run(host.folder, args, env)
        assert again.returncode == 0, again.stderr
        check(k, thread, names, again.stdout)
    raise AssertionError("unreachable")


@pytest.mark.slow  # some 2 minutes: a fresh game and three accounts for each of the seven boundaries
def test_pm_send_killed_at_each_journal_boundary_then_rerun_leaves_every_player_one_copy(tmp_path, board,
                                                                                       monkeypatch):
    def check(k, thread, names, out):
        for name in names.values():
            mine = [m for m in board.as_user(name).inbox() if m.subject.endswith("your role")]
            assert len(mine) == 1, (k, name, out)
        if k % 2 == 0 and k <= 2 * len(ROLES):  # killed with the forum's answer in hand
            assert "found on the forum" in out, (k, out)

    killed = _each_boundary(tmp_path, board, _env(monkeypatch), ["pm", "--send"], lambda *a: None, check)
    assert killed >= 2 * len(ROLES)  # each PM's "sending" and "sent" boundaries


@pytest.mark.slow  # some 40 s: a fresh thread and its votes for each boundary
def test_votes_send_killed_at_each_journal_boundary_then_rerun_posts_the_count_once(tmp_path, board, monkeypatch):
    def prepare(host, thread, names):
        host.ok("resolve", "--force")  # a quiet night: with a death, the Werewolves would have won (no count then)
        board.as_user(names["Ann"]).reply(thread, f"[color=red]vote {names['Bob']}[/color]")

    def check(k, thread, names, out):
        counts = [b for _, author, b in board.as_user(names["Ann"]).thread_tail(thread)
                  if author == "Host" and "Vote Count" in b]
        assert len(counts) == 1 and "1.01" in counts[0], (k, out)

    killed = _each_boundary(tmp_path, board, _env(monkeypatch), ["votes", "--send"], prepare, check)
    assert killed >= 3  # the count's number, the post's "sending" and its "sent"
