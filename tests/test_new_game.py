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


# --------------------------------------------------------------------------- 6. smaller ones


def _cli(tmp_path: Path, *args: str):
    from click.testing import CliRunner

    from hostkit.cli import cli

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_new_of_a_setup_already_won_warns_in_new_and_status(tmp_path):
    """redhost: natural with one Goon and one Cop is the Mafia at parity before night 1; `new`
    said nothing until the first phase ended. Decision: a warning (a host may test a corner of the
    rules with a tiny setup), in `new` and in `status` until a phase ends."""
    result = _cli(tmp_path, "new", str(tmp_path / "g"), "--ruleset", "natural", "--assign", "A=Goon", "--assign", "B=Cop")
    assert result.exit_code == 0
    line = "host: this setup is already won as dealt: Mafia win before anything happens (the game ends when night 1 ends)"
    assert line in result.output
    host = Host(tmp_path / "g")
    assert line in host.ok("status")
    fine = _cli(tmp_path, "new", str(tmp_path / "h"), "--ruleset", "natural", "--assign", "A=Goon", "--assign", "B=Cop",
                "--assign", "C=Villager", "--assign", "D=Villager")
    assert fine.exit_code == 0 and "already won" not in fine.output


@pytest.mark.parametrize("args, error", [
    (["--thread", "javascript:alert(1)"], "--thread 'javascript:alert(1)': a thread URL must be http:// or https://"),
    (["--thread", "file:///etc/passwd"], "a thread URL must be http:// or https://"),
    (["--thread", "https://"], "a thread URL must be http:// or https://"),
    (["--thread", "https://forum.example/t/1 x"], "cannot contain a space or a control character"),
    (["--alias", "Ann=ann"], "--alias 'Ann=ann': 'ann' is Ann's own name, not another name for them"),
    (["--alias", "Ann=Nan", "--alias", "Ann=NAN"], "--alias 'Ann=NAN': Ann already has the alias 'NAN'"),
], ids=["javascript-thread", "file-thread", "no-host-thread", "space-in-thread", "alias-own-name", "alias-twice"])
def test_new_refuses_a_bad_thread_url_or_alias_in_one_line_writing_nothing(tmp_path, args, error):
    folder = tmp_path / "g"
    result = _cli(tmp_path, "new", str(folder), "--ruleset", "classic-werewolf", "--assign", "Ann=Seer",
                  "--assign", "Bob=Werewolf", "--assign", "Cy=Villager", *args)
    assert result.exit_code == 1 and error in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert not folder.exists()


def test_a_hand_edited_thread_that_is_not_http_is_refused_with_file_and_key(tmp_path):
    new_classic(tmp_path / "g", thread="https://forum.example/t/1")
    path = tmp_path / "g" / "game.toml"
    path.write_text(path.read_text().replace("https://forum.example/t/1", "javascript:alert(1)"))
    err = Host(tmp_path / "g").refused("status")
    assert f"{path}: thread 'javascript:alert(1)': a thread URL must be http:// or https://" in err


def test_vote_for_a_no_elimination_word_suggests_none_not_a_player(tmp_path):
    """redspec: `vote Cy nobody` said "did you mean 'Bo'?". Now it names 'none'; the word is
    never taken as No Elimination itself (a player may be called Nobody)."""
    host = _classic_day(tmp_path)
    for word in ("nobody", "No-Lynch", "no one"):
        err = host.refused("vote", "Carol", word)
        assert f"unknown player {word!r}: for No Elimination type 'none' (hostkit vote Carol none)" in err
    assert "did you mean" in host.refused("vote", "Carol", "Bobb")
    host.ok("vote", "Carol", "none")


def test_kill_reason_longer_than_200_characters_is_refused(tmp_path):
    host = _classic_day(tmp_path)
    err = host.refused("kill", "Gus", "--reason", "x" * 201)
    assert "--reason is 201 characters long: at most 200" in err
    assert "(" + "y" * 200 + ")" in host.ok("kill", "Gus", "--reason", "y" * 200)


def test_items_not_used_yet_leaves_out_an_item_passed_tonight(tmp_path):
    """redhost: 'items not used yet' listed Eve's Heavy Shield while Eve passes it tonight (an
    item passed is not used: the entry refuses both). With two held, one passed, it stays."""
    from hostkit.game import create

    create(tmp_path / "g", ruleset="items-werewolf", assign=["Ann=Shaman", "Bob=Werewolf", "Cy=Militia",
                                                             "Dee=Villager", "Eve=Huntsman"], seed=1)
    host = Host(tmp_path / "g")
    assert "Eve (Heavy Shield: Brace)" in host.ok("actions")
    host.ok("act", "Eve", "Pass", "Dee", "Heavy Shield")
    out = host.ok("actions")
    assert "Eve (Heavy Shield: Brace)" not in out and "Ann (Potion of Clarity: Clarity)" in out
    host.ok("act", "--remove", "Eve", "Pass Heavy Shield")
    assert "Eve (Heavy Shield: Brace)" in host.ok("actions")
