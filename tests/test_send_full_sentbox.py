"""phpBB's sentbox limit and a rerun after a crash (issue 35, "Nothing sent twice").

phpBB 3.3.10 keeps the sender's copy of a PM in the outbox until the recipient reads it, then in
the sentbox, which it holds to the account's message limit (`pm_max_msgs`, or a group's
`group_message_limit`) by deleting its oldest PMs whenever the sender opens a PM page
(functions_privmsgs.php clean_sentbox). A PM that went out before a crash may so be gone from
the sentbox when the rerun looks for it: today the rerun sends it a second time. When the
sentbox is full and holds nothing from before the send's mark, the rerun cannot be sure: it
stops with one line naming the send and `hostkit sent`, sends nothing, and goes on once the host
has said.

On the session's live phpBB board (tests/forum_board.py).
"""

from __future__ import annotations

import signal
import time

import pytest

from send_board import ROLES, on_board, received
from test_pm_folders import old_pms

LIMIT = 5


def _roles(board, name: str) -> int:
    return received(board, name, "your role")


@pytest.mark.slow  # some 40 s: role PMs killed and sent again on the board
def test_a_pm_pruned_from_a_full_sentbox_is_never_sent_again(tmp_path, board, monkeypatch):
    (host,), n, me, _ = on_board(tmp_path, board, monkeypatch, "S", limit=LIMIT)  # the host's folders: 5 PMs
    other = me.replace("Hst", "Old")
    first = host.ok("pm", "--send", "--dry-run").splitlines()[0].split(" ->")[0]  # who is sent to first

    # The first role PM goes out and the command is killed before the journal says so; the player
    # reads it (the host's copy moves to the sentbox), and the host sends more PMs than the
    # sentbox holds (dated after the first: phpBB deletes the oldest, the role PM among them).
    killed = host.run("pm", "--send", kill_at="sent")
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert _roles(board, first) == 1
    old_pms(board, me, other, [f"since then {i}" for i in range(LIMIT + 1)], at=time.time() + 3600, step=60)

    stopped = host.run("pm", "--send")
    assert stopped.returncode == 1 and "Traceback" not in stopped.stderr, stopped.stderr
    said = [line for line in stopped.stderr.strip().splitlines() if line != "Sending PMs"]  # the bar's label
    assert len(said) == 1 and "sentbox is full" in said[0] and "hostkit sent" in said[0], said
    key = f"pm:your role:{first}"
    assert key in said[0], said
    assert _roles(board, first) == 1  # not sent again
    assert all(_roles(board, name) == 0 for name in n.values() if name != first)  # and nothing after it

    # The host checks (the player has it) and says so; the rest go out, the first never again.
    assert "marked sent" in host.ok("sent", key)
    done = host.ok("pm", "--send")
    assert done.count("your role PM sent") == len(ROLES) - 1, done
    assert all(_roles(board, name) == 1 for name in n.values())


@pytest.mark.slow  # some 30 s
def test_a_pm_not_yet_read_is_found_in_the_outbox_whatever_the_sentbox_holds(tmp_path, board, monkeypatch):
    """Not in the issue's text, the same kind: the sentbox is full of PMs sent since, but the
    role PM was not read yet, so its copy is in the outbox, which phpBB never prunes: the rerun
    finds it there (no stop, nothing sent twice). And with no copy anywhere and a full sentbox
    that still reaches back before the send (nothing after the mark can have been deleted), the
    PM is sent: the stop is only for what the forum cannot show."""
    (host,), n, me, _ = on_board(tmp_path, board, monkeypatch, "O", limit=LIMIT)  # the host's folders: 5 PMs
    other = me.replace("Hst", "Old")
    old_pms(board, me, other, [f"long ago {i}" for i in range(LIMIT)], at=time.time() - 86400)  # full, all older
    killed = host.run("pm", "--send", kill_at="sending")  # nothing went out
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    killed = host.run("pm", "--send", kill_at="sent")  # the first sent again, and now out: unread, in the outbox
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    old_pms(board, me, other, [f"since then {i}" for i in range(LIMIT + 1)], at=time.time() + 3600, step=60)
    done = host.ok("pm", "--send")
    assert "found on the forum" in done, done
    assert all(_roles(board, name) == 1 for name in n.values())
