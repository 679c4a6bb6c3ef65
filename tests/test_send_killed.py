"""Every kind of send killed at each of its boundaries, on its own (issue 35, "nothing sent twice
under kill -9 at every send"): the night result PMs, the host's posts (the night's start, the
day's opening, the deadline), a flip, and Day 2's sends (its death post, its vote count and its
result PMs, in a thread of many pages whose earlier posts the journal already holds). The role
PMs and Day 1's death post and count are killed so in tests/test_forum_whole_game.py, with the
same harness (Hostkit.killed_at_every_send): each command is killed (SIGKILL) with a send's
"sending" mark on disk and nothing gone out, then with the forum's answer in hand and the
journal not yet told, and run again until it finishes.

After each: every player got exactly one copy of each PM, and the thread holds exactly one of
each post, as the board's own database says.
"""

from __future__ import annotations

import time

import pytest

from send_board import on_board
from whole_games import dated_now as _now, host_sends as _host_sends
from test_pm_folders import old_pms, user_id

ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Gus": "Werewolf", "Cy": "Villager", "Dee": "Villager",
         "Eli": "Guard", "Fay": "Villager", "Hal": "Villager", "Ivy": "Villager"}


def _pms_to(board, host_id: int, since: int, subject_end: str) -> dict[str, int]:
    """How many PMs the host sent each account (by its to_address, u_ID) under a subject ending so."""
    out: dict[str, int] = {}
    for to, subject, _ in _host_sends(board, host_id, since)[0]:
        if subject.endswith(subject_end):
            out[to] = out.get(to, 0) + 1
    return out


def _posts_of(board, thread: str, host_id: int, since: int) -> list[str]:
    topic = int(thread.rsplit("t=", 1)[1])
    return [text for t, text in _host_sends(board, host_id, since)[1] if t == topic]


@pytest.mark.slow  # some 3 minutes: a dozen sends, each killed twice in a real process
def test_result_pms_host_posts_flips_and_day_2_each_killed_at_every_send(tmp_path, board, monkeypatch):
    (host,), n, me, thread = on_board(tmp_path, board, monkeypatch, "K", roles=ROLES,
                                      options=("--option", "sheriff=false"))
    old_pms(board, me, me.replace("Hst", "Old"), [f"your role in game {i}" for i in range(30)])  # a full history
    host_id = int(user_id(board, me))
    started = int(time.time()) - 1

    def sends() -> int:
        pms, posts = _host_sends(board, host_id, started)
        return len(pms) + len(posts)

    def killed(*args: str, expect: int) -> list[str]:
        sending, sent, outs = host.killed_at_every_send(sends, *args)
        assert sending == sent == expect, (args, sending, sent, "\n====\n".join(outs))
        return outs

    host.ok("pm", "--send")
    # --- Night 1: the host's post opening it, killed
    killed("post", "night", "--due", "+1d", "--send", expect=1)
    host.ok("act", n["Bob"], "Kill", n["Cy"])
    host.ok("act", n["Ann"], "Check", n["Bob"])
    host.ok("act", n["Eli"], "Guard", n["Ann"])
    host.ok("resolve")
    host.ok("post", "deaths", "--send")
    # --- Day 1: the night's result PMs, the day's opening and the deadline, each killed
    results = len(host.ok("pm", "--night", "1", "--send", "--dry-run").splitlines()) - 1
    assert results >= 1
    killed("pm", "--night", "1", "--send", expect=results)
    assert set(_pms_to(board, host_id, started, ": night 1").values()) == {1}
    assert len(_pms_to(board, host_id, started, ": night 1")) == results
    killed("post", "day", "--send", expect=1)
    host.ok("deadline", "+2d")
    killed("post", "deadline", "--send", expect=1)
    # --- the elimination's flip, killed
    host.ok("eliminate", n["Dee"])
    killed("post", "flip", n["Dee"], "--send", expect=1)
    # --- Night 2, and Day 2 in a thread of many pages
    host.ok("post", "night", "--due", "+1d", "--send")
    host.ok("act", n["Bob"], "Kill", n["Fay"])
    host.ok("act", n["Ann"], "Check", n["Gus"])
    host.ok("act", n["Eli"], "Guard", n["Gus"])
    host.ok("resolve")
    killed("post", "deaths", "--send", expect=1)
    _now(board, board.old_posts(thread, n["Gus"], [f"Day 2 talk {i}" for i in range(30)]))
    board.as_user(n["Ann"]).reply(thread, f"My check says wolf. [b]VOTE: {n['Gus']}[/b]")
    killed("votes", "--send", expect=1)
    killed("pm", "--night", "2", "--send", expect=len(host.ok("pm", "--night", "2", "--send", "--dry-run")
                                                      .splitlines()) - 1)

    # --- the board's record: one copy of each, to each player, in the thread
    night2 = _pms_to(board, host_id, started, ": night 2")
    assert night2 and set(night2.values()) == {1}, night2
    roles = _pms_to(board, host_id, started, ": your role")
    assert sorted(roles) == sorted(f"u_{user_id(board, x)}" for x in n.values()) and set(roles.values()) == {1}
    posts = _posts_of(board, thread, host_id, started)
    assert len(posts) == len(set(posts)), [p for p in posts if posts.count(p) > 1]
    assert sum("Vote Count" in p for p in posts) == 1
    for who in (n["Dee"], n["Fay"]):  # the flip, and Day 2's death post
        assert any(who in p for p in posts), who
