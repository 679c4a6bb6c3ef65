"""The host's password and session (issue 35), on the session's live board.

- The password goes only to the site it was given for: a thread in game.toml moved to another
  site (a co-host's commit) gets no login, not even with HOSTKIT_FORUM_PASSWORD set.
- No keyring is common: `forum login` asks for the password (hidden), says where it is kept and
  where not, and sends work on the session it made.
- An expired session is said, and logged in again by itself when the password is at hand; a
  forgotten one (the cache cleared) too, with the game's host account.
"""

from __future__ import annotations

import itertools
import os
import sqlite3

import pytest

from conftest import Host
from forum_proxy import Proxy

_ids = itertools.count(1)
ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"}


@pytest.fixture
def machine(tmp_path, monkeypatch):
    """A host's machine of its own: its cache and state folders empty, no keyring, no env password."""
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HOSTKIT_KEY", str(tmp_path / "state" / "journal.key"))
    monkeypatch.delenv("HOSTKIT_FORUM_PASSWORD", raising=False)
    monkeypatch.delenv("HOSTKIT_FORUM_USER", raising=False)
    return tmp_path


def _game(tmp_path, board, thread: str | None = None) -> tuple[Host, str, dict[str, str]]:
    """A game whose host account is its own (names["host"]: its sessions end in these tests, no
    other test's do)."""
    tag = f"C{next(_ids)}x{os.getpid() % 100000}"
    names = {short: f"{short}{tag}" for short in ROLES}
    names["host"] = f"Keeper{tag}"
    board.add(*names.values())
    thread = thread or board.new_topic(f"Credentials {tag}")
    host = Host(tmp_path / f"g{tag}")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", names["host"],
            "--thread", thread, *[x for short, role in ROLES.items() for x in ("--assign", f"{names[short]}={role}")])
    return host, thread, names


def _roles(board, names) -> list[int]:
    return [sum(m.subject.endswith("your role") for m in board.as_user(names[n]).inbox()) for n in ROLES]


def _password(names) -> str:
    return f"{names['host']}-pw1"


@pytest.mark.slow  # some 10 s
def test_the_password_is_never_sent_to_a_site_the_host_did_not_log_in_to(machine, board, monkeypatch):
    """The issue's case: HOSTKIT_FORUM_PASSWORD set, `forum login` done for the board; the thread
    in game.toml then names another site (here a proxy that records every form it is sent)."""
    host, thread, names = _game(machine, board)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", _password(names))
    monkeypatch.setenv("HOSTKIT_FORUM_USER", names["host"])  # a script's setup: the account named too
    host.ok("forum", "login", "--user", names["host"])
    evil = Proxy(board.url)
    try:
        moved = evil.url + "viewtopic.php?" + thread.rsplit("?", 1)[1]
        toml = host.folder / "game.toml"
        toml.write_text(toml.read_text().replace(thread, moved))
        out = host.refused("pm", "--send")
        assert "has not logged in to " + evil.url in out and "forum login" in out
        assert not evil.bodies, "a form (the login) went to another site"
        # not in the text: the same site's root under another path is another site too
        other = board.url + "other/viewtopic.php?" + thread.rsplit("?", 1)[1]
        toml.write_text(toml.read_text().replace(moved, other))
        assert "has not logged in to " + board.url + "other/" in host.refused("pm", "--send")
        assert "none is sent here" in host.ok("forum", "status")
    finally:
        evil.close()
    assert _roles(board, names) == [0, 0, 0]


def _forum_sessions_end(board, account: str) -> None:
    """The forum forgets every session and 'remember me' key of the host's account (as a board's
    session lifetime does)."""
    db = sqlite3.connect(board.folder / "data" / "board.sqlite3")
    try:
        uid = db.execute("SELECT user_id FROM phpbb_users WHERE username = ?", (account,)).fetchone()[0]
        db.execute("DELETE FROM phpbb_sessions WHERE session_user_id = ?", (uid,))
        db.execute("DELETE FROM phpbb_sessions_keys WHERE user_id = ?", (uid,))
        db.commit()
    finally:
        db.close()


@pytest.mark.slow  # some 15 s
def test_without_a_keyring_forum_login_asks_hidden_says_where_and_sends_on_its_session(machine, board):
    host, thread, names = _game(machine, board)
    result = host("forum", "login", "--user", names["host"], input=_password(names) + "\n")
    assert result.exit_code == 0, result.output
    assert _password(names) not in result.output  # hidden: never echoed
    assert "not kept" in result.output and "no credential store" in result.output
    assert "never in the game folder" in result.output and "Session: cached in" in result.output
    assert f"logged in as {names['host']}" in host.ok("forum", "status")
    assert host.ok("pm", "--send").count("your role PM sent") == 3
    assert _roles(board, names) == [1, 1, 1]
    # the session ends on the forum; no password at hand: the command says so, nothing is sent
    _forum_sessions_end(board, names["host"])
    host.ok("act", names["Bob"], "Kill", names["Cy"])
    host.ok("resolve", "--force")
    refused = host("post", "deaths", "--send")
    assert refused.exit_code == 1 and "has expired" in refused.output
    assert "hostkit forum login" in refused.output and "no password" in refused.output


@pytest.mark.slow  # some 15 s
def test_an_expired_or_forgotten_session_is_said_and_logged_in_again_by_itself(machine, board, monkeypatch):
    host, thread, names = _game(machine, board)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", _password(names))
    host.ok("forum", "login", "--user", names["host"])
    _forum_sessions_end(board, names["host"])
    sent = host("pm", "--send")
    assert sent.exit_code == 0, sent.output
    assert "session on " + board.url + f" has expired; logging in again as {names['host']}" in sent.stderr
    assert _roles(board, names) == [1, 1, 1]
    # not in the text: the session cache cleared (another machine's user, a cleaned
    # ~/.cache): the game names its host account, and the password is at hand
    for f in (machine / "cache" / "forum").iterdir():
        f.unlink()
    monkeypatch.delenv("HOSTKIT_FORUM_USER", raising=False)
    host.ok("act", names["Bob"], "Kill", names["Cy"])
    host.ok("resolve", "--force")
    posted = host("post", "deaths", "--send")
    assert posted.exit_code == 0, posted.output
    assert "no forum session on " + board.url + " is kept here" in posted.stderr
    assert f"as {names['host']}" in posted.stderr
