"""misc3's items: store, co-host and CLI defects left open (what a host sees through the CLI, in
temp folders), with the decisions taken where the spec was silent. The co-host merge conflicts
(item 1) are in test_cohost.py, beside the merges they change."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import Host, new_classic, snapshot


def _classic_day(tmp_path: Path) -> Host:
    """A classic game at day 1: night 1 resolved with the Werewolf's kill on Fay."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    return host


# --------------------------------------------------------------------------- 2. undo and a hand-edited seq


def test_undo_takes_the_latest_phase_entry_not_an_old_night_action_with_a_hand_edited_seq(tmp_path):
    """Before: `seq = 1000` written by hand on night 1's kill made plain `undo` take it back (the
    highest seq in the whole record), rewriting a published night. Now the last entry is the
    latest phase's (a phase's end last in it): the day's vote, then the night's end."""
    host = _classic_day(tmp_path)
    host.ok("vote", "Ann", "Bob")
    night = host.folder / "phases/001-night-1.toml"
    night.write_text(night.read_text().replace("seq = 1\n", "seq = 1000\n", 1))
    assert "seq = 1000" in night.read_text()
    assert host.ok("undo").strip() == "undone: Ann's vote on Bob"
    assert host.ok("undo").strip() == "undone: the end of night 1 (deaths: Fay)"
    assert host.ok("undo").strip() == "undone: Bob's Kill on Fay"


def test_undo_still_takes_the_later_of_two_interleaved_entries_within_a_phase(tmp_path):
    """Within a phase, seq still orders (co-hosts' merged entries interleave there)."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Ann", "Check", "Gus")
    assert host.ok("undo").strip() == "undone: Ann's Check on Gus"


# --------------------------------------------------------------------------- 3. a named pipe among the game's files


def _refused_in_time(host: Host, pipe: Path, *args: str) -> str:
    """host.refused(*args) in a thread: a command that blocks on the pipe gets a writer (so the
    thread ends) and the test fails, rather than hanging the suite."""
    import threading

    out: list[str] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(host.refused(*args))
        except BaseException as exc:  # noqa: BLE001 - reported below
            failed.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail(f"'hostkit {' '.join(args)}' blocked on the named pipe {pipe}")
    if failed:
        raise failed[0]
    return out[0]


@pytest.mark.parametrize("cache", [False, True], ids=["no-cache", "replay-cache"])
@pytest.mark.parametrize("where, command", [
    ("phases/002-day-1.toml", ["status"]),
    ("phases/002-day-1.toml", ["act", "Bob", "Kill", "Fay"]),
    ("game.toml", ["status"]),
    ("roles.toml", ["status"]),
    ("flavour.toml", ["post", "deaths"]),
    ("templates/bbcode/role_pm.txt", ["pm", "Ann"]),
    ("templates/page/page.html", ["page"]),
    (".hostkit-journal.json", ["status"]),
], ids=["phase-file-status", "phase-file-act", "game-toml", "roles-toml", "flavour-toml", "template",
        "page-template", "journal"])
def test_a_named_pipe_among_the_game_files_is_refused_by_name_not_a_hang(tmp_path, monkeypatch, where, command, cache):
    """Before: a FIFO as a phase file, game.toml or the journal blocked the command for ever (the
    open of a pipe waits for a writer); as roles.toml, flavour.toml or a template it was silently
    skipped (the bundled text used instead). Now one line names the file, exit 1, nothing written."""
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache") if cache else "")
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    if command[0] == "post":
        host.ok("act", "Bob", "Kill", "Fay")
        host.ok("resolve", "--force")
    host.ok("status")  # the cache (when on) holds the game as it was
    pipe = host.folder / where
    pipe.parent.mkdir(parents=True, exist_ok=True)
    if where == "game.toml":
        (host.folder / "game.toml").rename(host.folder / "game.bak")
    os.mkfifo(pipe)
    err = _refused_in_time(host, pipe, *command)
    assert f"{pipe}: is a named pipe (FIFO), not a" in err and "delete it" in err


# --------------------------------------------------------------------------- 5. stockpile take after a declined Abduct


def test_stockpile_take_after_a_declined_abduct_takes_the_skip_back_and_undo_restores_it(tmp_path):
    """paranormal Harvester ('use that role instead of Abducting'), decision declined-then-take:
    a declined Abduct uses nothing, so the take is allowed and takes the skip back in the same
    commit; one undo restores both. A real Abduct still has to be removed first."""
    from test_paranormal_stockpile import game

    host = game(tmp_path)
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante")
    host.ok("act", "Ms", "Abduct", "Cy")
    assert "remove it first" in host.refused("stockpile", "take", "Ms", "Detective")
    host.ok("act", "Ms", "Abduct", "skip")
    before = snapshot(host.folder)
    out = host.ok("stockpile", "take", "Ms", "Detective")
    assert "Ms's declined Abduct is taken back" in out
    assert "Ms: Abduct" not in host.ok("actions")
    assert host.ok("undo").startswith("undone: the removal of Ms's Abduct, with the stockpile-take of Ms")
    assert snapshot(host.folder) == before
