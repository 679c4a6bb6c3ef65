"""`hostkit watch` killed and stopped (issue 37): a round SIGKILLed at each of its write boundaries
(the store's crash hook, HOSTKIT_CRASH_AT=k, kills the real process just before its k-th atomic
write lands: the thread's page cache, the count's number, the watch's pending list, each
journal mark) and run again posts the final count, locks the thread and PMs the host exactly
once; and SIGTERM ends the loop cleanly, well within 30 s."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import Host

_ids = itertools.count(1)
ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager", "Dee": "Villager", "Eli": "Villager"}


def _run(folder, args, env, crash=None, timeout=300):
    env = dict(env)
    env.pop("HOSTKIT_CRASH_AT", None)
    if crash:
        env["HOSTKIT_CRASH_AT"] = str(crash)
    return subprocess.run([sys.executable, "-m", "hostkit", "--game", str(folder), *args], env=env,
                          capture_output=True, text=True, timeout=timeout)


def _env(monkeypatch):
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    return dict(os.environ)


class _Logins(dict):
    """Each account logged in once for the whole test (a login waits out phpBB's one-second rule)."""

    def __init__(self, board) -> None:
        super().__init__()
        self.board = board

    def __missing__(self, name):
        self[name] = self.board.as_user(name)
        return self[name]


def _hammered_day(tmp_path, board, names, k, logins):
    """A fresh topic and game whose day 1 was just hammered (4 of 4 living votes on Bob)."""
    thread = board.new_topic(f"Kill {names['Ann']} {k}")
    host = Host(tmp_path / f"g{k}")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", "Host", "--thread",
            thread, "--title", f"Kill {names['Ann']} {k}", "--option", "majority=half-plus-one",
            *[x for s, r in ROLES.items() for x in ("--assign", f"{names[s]}={r}")])
    host.ok("act", names["Bob"], "Kill", names["Cy"])
    host.ok("resolve", "--force")
    host.ok("forum", "login", "--user", "Host")
    for short in ("Ann", "Dee", "Eli"):
        logins[names[short]].reply(thread, f"[color=red]vote {names['Bob']}[/color]")
    return host, thread


@pytest.mark.slow  # 5 to 15 minutes: a fresh topic, three votes and three runs for each of some 16 boundaries
def test_a_round_killed_at_each_write_boundary_then_run_again_does_each_thing_once(tmp_path, board, monkeypatch):
    env = _env(monkeypatch)
    tag = f"S{os.getpid() % 1000}{tmp_path.name[-3:].replace('_', '')}"
    names = {s: f"{s}{tag}" for s in ROLES}
    board.add(*names.values())
    killed = 0
    logins = _Logins(board)
    for k in itertools.count(1):
        host, thread = _hammered_day(tmp_path, board, names, k, logins)
        first = _run(host.folder, ["watch", "--once", "--pace", "0"], env, crash=k)
        if first.returncode != -signal.SIGKILL:
            assert first.returncode == 0, first.stderr
            break
        killed += 1
        again = _run(host.folder, ["watch", "--once", "--pace", "0"], env)
        assert again.returncode == 0, again.stderr
        third = _run(host.folder, ["watch", "--once", "--pace", "0"], env)
        assert "sent" not in third.stdout, (k, third.stdout)
        reader = logins[names["Dee"]]
        finals = [b for _, author, b in reader.thread_tail(thread) if author == "Host" and "Vote Count" in b]
        assert len(finals) == 1 and "is over" in finals[0], (k, again.stdout)
        assert logins["Host"].locked(thread), (k, again.stdout)
        told = [m for m in logins["Host"].inbox() if m.subject == f"Kill {names['Ann']} {k}: day 1 is over"]
        assert len(told) == 1, (k, again.stdout)
    assert killed >= 9  # the page cache, the count's number, the pending list, and each send's two marks


@pytest.mark.slow  # some 10 s: a game, a round, and the stop
def test_sigterm_ends_the_loop_cleanly_within_30_seconds(tmp_path, board, monkeypatch):
    env = _env(monkeypatch)
    tag = f"T{os.getpid() % 1000}{tmp_path.name[-3:].replace('_', '')}"
    names = {s: f"{s}{tag}" for s in ROLES}
    board.add(*names.values())
    host, thread = _hammered_day(tmp_path, board, names, 0, _Logins(board))
    proc = subprocess.Popen([sys.executable, "-m", "hostkit", "--game", str(host.folder), "watch", "--every", "2",
                             "--pace", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()  # the first round runs at once
        assert "read the thread" in first, first + proc.stderr.read()
        while "day 1 over" not in proc.stdout.readline():
            pass
        second = proc.stdout.readline()  # the loop keeps going: the next round, two seconds on
        assert "day 1" in second
        asked = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - asked
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert took < 30
    print(f"SIGTERM to exit: {took:.2f} s")
