"""hostkit on a live phpBB board (issue 27): log in, send the role PMs, read the players' action
PMs, resolve, post the deaths and the night PMs, count the thread's votes and post the count.

Every test here talks to the session's one board (tests/forum_board.py) on 127.0.0.1; without
../shared/forum or PHP they skip with the board's reason.
"""

from __future__ import annotations

import itertools
import re

import pytest

from conftest import Host

_ids = itertools.count(1)


def _game(tmp_path, board, monkeypatch, roles: dict[str, str], *extra: str) -> tuple[Host, str, dict[str, str]]:
    """A fresh classic-werewolf game on a new topic, its players' accounts made on the board
    (names made unique a test, so one test's PMs never reach another's inbox)."""
    tag = f"T{next(_ids)}{tmp_path.name[-4:].replace('_', '')}"
    names = {short: f"{short}{tag}" for short in roles}
    board.add(*names.values())
    thread = board.new_topic(f"Game {tag}")
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    host = Host(tmp_path / "game")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", "Host",
            "--thread", thread, *[x for short, role in roles.items() for x in ("--assign", f"{names[short]}={role}")],
            *extra)
    return host, thread, names


SEVEN = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Guard", "Dee": "Villager", "Eli": "Villager", "Fin": "Villager",
         "Gil": "Villager"}


def test_forum_login_checks_the_password_and_keeps_none_in_the_game_folder(tmp_path, board, monkeypatch):
    """The account and password are the host's, never in the game folder; keyring has no store
    here, so the password comes from HOSTKIT_FORUM_PASSWORD, and without it it is asked for."""
    host, thread, _ = _game(tmp_path, board, monkeypatch, {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"})
    out = host.ok("forum", "login", "--user", "Host")
    assert "as Host" in out and "HOSTKIT_FORUM_PASSWORD" in out
    assert "host-pw1" not in out
    status = host.ok("forum", "status")
    assert "logged in as Host" in status
    files = b"".join(p.read_bytes() for p in host.folder.rglob("*") if p.is_file())
    assert b"host-pw1" not in files and b"sid" not in files
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "wrong-pw")
    refused = host.refused("forum", "login", "--user", "Host")
    assert "refused the login" in refused and "wrong-pw" not in refused
    monkeypatch.delenv("HOSTKIT_FORUM_PASSWORD")
    asked = host("forum", "login", "--user", "Host", input="not-it\n")  # no store here: asked for it, hidden
    assert asked.exit_code == 1 and "Password for Host" in asked.output and "not-it" not in asked.output


def test_pm_send_refuses_a_player_with_no_forum_account_before_anything_is_sent(tmp_path, board, monkeypatch):
    host, thread, names = _game(tmp_path, board, monkeypatch, {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"},
                                "--assign", "Nobody Here=Villager")
    out = host.refused("pm", "--send")
    assert "no forum account for Nobody Here" in out
    assert not (host.folder / ".hostkit-sends.json").exists()
    assert all(not any(m.subject.endswith("your role") for m in board.as_user(n).inbox()) for n in names.values())


def test_pm_send_dry_run_shows_who_gets_what_and_a_rerun_sends_nothing_twice(tmp_path, board, monkeypatch):
    roles = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"}
    host, thread, names = _game(tmp_path, board, monkeypatch, roles)
    dry = host.ok("pm", "--send", "--dry-run")
    assert all(f"{n} -> account {n}" in dry for n in names.values()) and "nothing sent" in dry
    assert host.ok("pm", "--send").count("your role PM sent") == 3
    again = host.ok("pm", "--send")
    assert again.count("already sent") == 3 and "PM sent" not in again
    for short, name in names.items():
        mine = [m for m in board.as_user(name).inbox() if m.subject.endswith("your role")]
        assert len(mine) == 1 and roles[short] in mine[0].text
    assert "your role PM ->" in host.ok("log")


@pytest.mark.slow  # some 90 s: seven accounts log in, and every form waits out phpBB's one-second rule
def test_a_whole_night_and_day_on_the_live_board(tmp_path, board, monkeypatch):
    """Issue 27's game: 7 board users; role PMs sent (each player, logged in as themselves, finds
    exactly their own); players PM their night actions in their own words; inbox --accept enters
    them; resolve; the death post and the night PMs sent; votes in red, bold and [vote]; votes
    --send posts the count, whose links are absolute and carry no session id."""
    host, thread, n = _game(tmp_path, board, monkeypatch, SEVEN, "--vote-markup", "red", "--vote-markup", "bold",
                            "--vote-markup", "tag")
    host.ok("forum", "login", "--user", "Host")
    assert host.ok("pm", "--send").count("PM sent") == 7
    for short, name in n.items():
        pms = [m for m in board.as_user(name).inbox() if m.sender == "Host"]
        assert len(pms) == 1 and SEVEN[short] in pms[0].text and name in pms[0].text
    players = {short: board.as_user(name) for short, name in n.items()}
    host_id = players["Ann"].account("Host")
    players["Ann"].send_pm(host_id, "my action", f"Hi! Tonight I'd like to check {n['Bob'].lower()} please")
    players["Bob"].send_pm(host_id, "kill", f"[b]kill {n['Dee']}[/b]")
    players["Cy"].send_pm(host_id, "guard", "guard ann")
    players["Eli"].send_pm(host_id, "hello", "I'm just a villager, nothing to do")
    listed = host.ok("inbox")
    assert f"act {n['Ann']} Check {n['Bob']}" in listed and f"act {n['Cy']} Guard {n['Ann']}" in listed
    accepted = host.ok("inbox", "--accept")
    assert accepted.count("entered:") == 3, accepted
    assert "Nothing new to enter" in host.ok("inbox", "--accept")  # entering twice changes nothing
    actions = host.ok("actions")
    assert f"{n['Bob']}: Kill {n['Dee']}" in actions and f"{n['Ann']}: Check {n['Bob']}" in actions
    assert n["Dee"] in host.ok("resolve", "--force")
    assert "sent (post" in host.ok("post", "deaths", "--send")
    assert "night 1 PM sent" in host.ok("pm", "--night", "1", "--send")
    result = [m for m in players["Ann"].inbox() if m.subject.endswith("night 1")]
    assert len(result) == 1 and n["Bob"] in result[0].text
    players["Ann"].reply(thread, f"[color=red]vote {n['Bob']}[/color]")
    players["Cy"].reply(thread, f"[b]Vote: {n['Bob'].lower()}[/b]")
    players["Eli"].reply(thread, f"[vote]{n['Bob']}[/vote]")
    out = host.ok("votes", "--send")
    assert "Vote Count 1.01 published" in out and "sent (post" in out
    post_id = re.search(r"\(post (\d+)\)", out).group(1)
    tail = board.as_user(n["Fin"]).thread_tail(thread)
    count = next(body for pid, author, body in tail if pid == post_id)
    assert count.count("Ann") >= 1 and "3" in count
    links = re.findall(r'href="([^"]+)"', count)
    assert links and all(l.startswith("http://127.0.0.1:") and "sid=" not in l for l in links)
