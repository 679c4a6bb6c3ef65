"""Every command that reads the send journal refuses another game's (issue 35, "The send journal
belongs to one game"): not only the sends, but `inbox` (which players are pinned to which forum
ids, which PMs were read already) and `forum account` (the pins), and, a case not in the
issue's text, `votes --send`, which published the count (a write to the game's record) before
its send refused the journal. Another game's journal would pin players to that game's accounts
and mark their PMs read.

Each is refused with the sends' own one line, exit 1, nothing written, before the forum is
asked: the game's thread is on a port where nothing listens, so a command that went to the
forum would fail another way.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, forum_login
from hostkit.forum.journal import NAME, identity
from hostkit.game.game import Game

THREAD = "http://127.0.0.1:9/viewtopic.php?t=4"


def _game(tmp_path, folder: str, seed: str) -> Host:
    host = Host(tmp_path / folder)
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", seed, "--host", "Host",
            "--thread", THREAD, "--assign", "Ann=Seer", "--assign", "Bob=Werewolf", "--assign", "Cy=Villager")
    return host


def _journal_of(game: Game) -> str:
    """A journal as `pm --send` and `post day --send` leave it in GAME: the players pinned, the
    role PMs and the day's opening post sent."""
    sends = [{"key": f"account:{p}", "kind": "account", "to": p, "what": p, "id": str(n), "state": "pinned"}
             for n, p in enumerate(("Ann", "Bob", "Cy"), start=7)]
    sends += [{"key": f"pm:your role:{p}", "kind": "pm", "to": p, "what": "your role PM", "state": "sent",
               "id": str(n)} for n, p in enumerate(("Ann", "Bob", "Cy"), start=30)]
    sends.append({"key": "post:day 1", "kind": "post", "to": THREAD, "what": "day 1", "state": "sent", "id": "99"})
    return json.dumps({"version": 1, **identity(game), "sends": sends})


COMMANDS = [("inbox",), ("inbox", "--accept"), ("forum", "account", "Bob", "Bob"), ("votes", "--send")]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_a_command_reading_the_send_journal_refuses_another_games(tmp_path, monkeypatch, args):
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    forum_login(THREAD)
    other = _game(tmp_path, "other", seed="3")
    mine = _game(tmp_path, "mine", seed="4")
    (mine.folder / NAME).write_text(_journal_of(other.game))
    if args[0] == "votes":
        mine.ok("resolve", "--force")  # day 1, to count
    out = mine.refused(*args)
    assert NAME in out and "another game" in out, out


def test_the_games_own_journal_is_read_as_before(tmp_path, monkeypatch):
    """The refusal is the journal's owner, nothing else: the game's own journal goes on to the
    forum (which is not there: the error is then the forum's)."""
    monkeypatch.setattr("hostkit.votes.fetch._sleep", lambda s: None)  # its retries, at once
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    forum_login(THREAD)
    mine = _game(tmp_path, "mine", seed="4")
    (mine.folder / NAME).write_text(_journal_of(mine.game))
    out = mine("inbox").output
    assert "another game" not in out and "127.0.0.1" in out, out
