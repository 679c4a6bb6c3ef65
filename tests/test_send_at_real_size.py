"""Nothing sent twice at real size (issue 35): a host's sent folder holding 30+ old PMs, a thread
that moved on by 11+ posts while hostkit was down. `pm --send` and `votes --send` are killed (kill -9,
HOSTKIT_CRASH_AT) at every journal boundary, the thread grows, and the rerun must find what went
out on whatever page it is now: every player one role PM, the thread one count.
"""

from __future__ import annotations

import pytest

from test_forum_send import ROLES, _each_boundary, _env
from test_pm_folders import _roomy, old_pms


@pytest.fixture
def full_sentbox(board):
    """The host's sentbox holds 30 old PMs before the game (a host who has hosted before)."""
    board.add("Filler Old")
    _roomy(board, "Host")
    old_pms(board, "Host", "Filler Old", [f"an old game's PM {n}" for n in range(30)])


@pytest.mark.slow  # some 2 minutes: a fresh game for each of the seven boundaries
def test_pm_send_killed_at_every_send_with_30_old_pms_in_the_sentbox_sends_each_once(tmp_path, board, monkeypatch,
                                                                                    full_sentbox):
    def between(thread, names):  # more old-looking PMs land in the sentbox meanwhile
        old_pms(board, "Host", "Filler Old", [f"another game's PM {n}" for n in range(3)])

    def check(k, thread, names, out):
        for name in names.values():
            mine = [m for m in board.as_user(name).inbox() if m.subject.endswith("your role")]
            assert len(mine) == 1, (k, name, out)
        if k % 2 == 0 and k <= 2 * len(ROLES):
            assert "found on the forum" in out, (k, out)

    killed = _each_boundary(tmp_path, board, _env(monkeypatch), ["pm", "--send"], lambda *a: None, check, between)
    assert killed >= 2 * len(ROLES)


@pytest.mark.slow  # some 40 s
def test_votes_send_killed_at_every_send_then_11_posts_later_posts_the_count_once(tmp_path, board, monkeypatch):
    def prepare(host, thread, names):
        host.ok("resolve", "--force")  # a quiet night: a death would end the game (no count after it)
        board.as_user(names["Ann"]).reply(thread, f"[color=red]vote {names['Bob']}[/color]")

    def between(thread, names):  # the thread moves on by more than a page (10 posts a page)
        board.old_posts(thread, names["Ann"], [f"Where is everyone? ({n})" for n in range(12)])

    def check(k, thread, names, out):  # in the board's own database: every post of the thread
        assert board.posts_saying(thread, "Host", "Vote Count") == 1, (k, out)

    killed = _each_boundary(tmp_path, board, _env(monkeypatch), ["votes", "--send"], prepare, check, between)
    assert killed >= 3
