"""Red team on the written contract (SPEC "Bad input": every write is atomic, a command's writes
commit together or not at all; no traceback) and on concurrent commands.

- A write the system refuses part-way (a full disk, a read-only folder) is one line, exit 1: before
  the commit point nothing changed; after it, the next command completes the change whole.
- A reader (status, actions, page...) never reads half of another command's change, and never
  completes a change that another command is still applying (it waits for the game's lock).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import CLASSIC, Host, snapshot
from hostkit import store
from hostkit.game import Game, create


def _game(tmp_path: Path) -> Host:
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1, assign=CLASSIC)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    return host


# (id, commands that set the game up after night 1's kill, the multi-file command under test)
MULTI = [
    ("resolve-ends-the-night-and-begins-the-day", [], ["resolve", "--force"]),
    ("eliminate-ends-the-day-and-begins-the-night", [["resolve", "--force"]], ["eliminate", "--none"]),
    ("undo-of-a-phase-end-removes-the-next-phase", [["resolve", "--force"]], ["undo"]),
    ("kill-by-day", [["resolve", "--force"]], ["kill", "Ann", "--reason", "modkill"]),
    ("replace-renames-the-slot-everywhere", [["resolve", "--force"], ["vote", "Ann", "Bob"]], ["replace", "Ann", "Zoe"]),
]


def _failing_writes(monkeypatch, at: int) -> list[int]:
    """Make store's write number AT (1-based; the journal is write 1) fail as a full disk does."""
    real, calls = store.atomic_write, []

    def write(path, data, **kw):  # kw: durable (a module that imported atomic_write while patched)
        calls.append(1)
        if len(calls) == at:
            raise OSError(28, "No space left on device")
        return real(path, data, **kw)

    monkeypatch.setattr(store, "atomic_write", write)
    return calls


@pytest.mark.parametrize("setup,command", [m[1:] for m in MULTI], ids=[m[0] for m in MULTI])
def test_cli_a_write_refused_before_the_commit_point_is_one_line_and_changes_nothing(tmp_path, monkeypatch,
                                                                                     setup, command):
    host = _game(tmp_path)
    for c in setup:
        host.ok(*c)
    before = snapshot(host.folder)
    _failing_writes(monkeypatch, 1)
    result = host(*command)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert "No space left on device" in result.output and "nothing was changed" in result.output
    assert snapshot(host.folder) == before


@pytest.mark.parametrize("setup,command", [m[1:] for m in MULTI], ids=[m[0] for m in MULTI])
def test_cli_a_write_refused_after_the_commit_point_is_one_line_and_the_next_command_completes_it(
        tmp_path, monkeypatch, setup, command):
    host = _game(tmp_path)
    for c in setup:
        host.ok(*c)
    twin = Host(tmp_path / "twin")
    shutil.copytree(host.folder, twin.folder)
    twin.ok(*command)  # the same command, with nothing failing: the state to reach
    calls = _failing_writes(monkeypatch, 2)
    result = host(*command)
    assert len(calls) >= 2
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert store.JOURNAL in result.output and "completes it" in result.output
    monkeypatch.undo()
    assert json.loads(host.ok("status", "--json")) | {"folder": None} == \
        json.loads(twin.ok("status", "--json")) | {"folder": None}
    assert not (host.folder / store.JOURNAL).exists()
    assert {k: v for k, v in snapshot(host.folder).items()} == snapshot(twin.folder)


def test_cli_an_unfinished_change_that_cannot_be_completed_is_one_line(tmp_path, monkeypatch):
    host = _game(tmp_path)
    _failing_writes(monkeypatch, 2)
    host("resolve", "--force")
    _failing_writes(monkeypatch, 1)  # the disk is still full when the next command completes it
    result = host("status")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "cannot complete the unfinished change" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cli_pm_out_into_a_folder_that_cannot_be_written_is_one_line(tmp_path):
    host = _game(tmp_path)
    (tmp_path / "afile").write_text("x")
    result = host("pm", "--out", str(tmp_path / "afile" / "pms"))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "cannot write" in result.output


def _hostkit(folder: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "hostkit", "--game", str(folder), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_reader_waits_for_a_change_in_progress_and_sees_it_whole(tmp_path):
    """A status started while another command holds the game's lock (here: this test, resolving
    the night, two files) prints the state after that change, never the one before or a half."""
    host = _game(tmp_path)
    with store.locked(host.folder):
        reader = _hostkit(host.folder, "status", "--json")
        time.sleep(1.5)
        assert reader.poll() is None, reader.communicate()  # it waits for the lock
        Game.load(host.folder).resolve()  # the night's end and day 1's file
    out, err = reader.communicate(timeout=120)
    assert reader.returncode == 0, err
    assert json.loads(out)["phase"] == "day"


def test_a_reader_never_completes_a_change_another_command_is_still_applying(tmp_path):
    """The journal of a change being applied (its writer holds the lock) is not the reader's to
    complete: done after the writer (and a later command) finished, it would write old files
    over newer ones. The reader waits; the writer's own newer file stands."""
    host = _game(tmp_path)
    path = host.folder / "phases" / "001-night-1.toml"
    old = path.read_text()
    with store.locked(host.folder):
        from hostkit.journal import seal  # a journal this hostkit wrote (sealed) for this folder

        (host.folder / store.JOURNAL).write_text(json.dumps(
            seal(host.folder, [["phases/001-night-1.toml", old + "# written by the journal\n"]], [])))
        reader = _hostkit(host.folder, "status")
        time.sleep(1.5)
        assert (host.folder / store.JOURNAL).exists() and path.read_text() == old  # the reader did not apply it
        store.recover(host.folder)  # the writer applies its change...
        path.write_text(old + "# a later change\n")  # ...and a later command writes on top of it
    out, err = reader.communicate(timeout=120)
    assert reader.returncode == 0, err
    assert path.read_text() == old + "# a later change\n"


@pytest.mark.parametrize("setup,command,phase", [
    ([], ["resolve", "--force"], "day"),
    ([["resolve", "--force"]], ["eliminate", "--none"], "night"),
], ids=["six-resolves-at-once", "six-eliminations-at-once"])
def test_six_of_the_same_phase_end_at_once_end_it_once(tmp_path, setup, command, phase):
    """Six hosts' terminals end the same phase at once: one does, five are refused with one
    line each, the record holds one end, and six status commands read alongside without error."""
    host = _game(tmp_path)
    for c in setup:
        host.ok(*c)
    procs = [_hostkit(host.folder, *command) for _ in range(6)] + [_hostkit(host.folder, "status") for _ in range(6)]
    results = [(p.args[5], p.communicate(timeout=120), p.returncode) for p in procs]
    assert [rc for name, _, rc in results if name == command[0]].count(0) == 1, results
    for name, (out, err), rc in results:
        assert "Traceback" not in err, err
        assert rc == 0 or len(err.strip().splitlines()) == 1, err
        assert name == command[0] or rc == 0, err
    game = Game.load(host.folder)
    assert game.state.phase == phase and len(game.phases) == len(setup) + 2
    assert sum(1 for ph in game.phases if ph.record.ends) == len(setup) + 1
    assert not (host.folder / store.JOURNAL).exists()


@pytest.mark.parametrize("fmt,line", [
    ("bbcode", "[b]No Elimination has been reached: no one is eliminated.[/b]"),
    ("markdown", "**No Elimination has been reached: no one is eliminated.**"),
    ("plain", "No Elimination has been reached: no one is eliminated."),
])
def test_cli_a_no_elimination_majority_reached_by_hand_votes_is_announced(tmp_path, fmt, line):
    """SPEC 'votes' (votes recorded by hand, with no thread): the count that a No Elimination
    majority ends must say so, as it does for a player's wagon ('Bob has been eliminated.') and
    for a thread's hammer post. It said nothing, though the later votes were listed 'after the
    hammer' and 'eliminate Bob' was refused because No Elimination had reached its majority."""
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1, options=["no-elimination-offset=-1"],
           assign=["Ann=Seer", "Bob=Wolf", "Carol=Villager", "Dave=Villager", "Eve=Villager", "Fay=Villager",
                   "Gus=Villager"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    for voter in ("Ann", "Carol"):
        host.ok("vote", voter, "none")
    assert "No Elimination has been reached" not in host.ok("votes", "--format", fmt)  # 2 of 3: not yet
    host.ok("vote", "Dave", "none")
    host.ok("vote", "Eve", "Bob")
    out = host.ok("votes", "--format", fmt)
    assert line in out, out
    assert "after the hammer" in out  # Eve's vote came after it
    assert "Bob has been eliminated" not in out
    assert "No Elimination has reached its majority" in host("eliminate", "Bob").output


@pytest.mark.parametrize("last,reached", [("none", True), ("Bob", False)], ids=["third-hand-vote-reaches", "two-of-three"])
def test_cli_votes_json_says_a_no_elimination_majority_was_reached_by_hand_votes(tmp_path, last, reached):
    """A script reading `votes --json` must see that the day is over when the deciding No Elimination
    vote was entered by hand: then there is no hammer post, and `eliminated` is null and `tie` false
    as on a day still open. `none_reached` says it, beside `none_majority` (majority 4, offset -1: 3)."""
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1, options=["no-elimination-offset=-1"],
           assign=["Ann=Seer", "Bob=Wolf", "Carol=Villager", "Dave=Villager", "Eve=Villager", "Fay=Villager",
                   "Gus=Villager"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    for voter, target in (("Ann", "none"), ("Carol", "none"), ("Dave", last)):
        host.ok("vote", voter, target)
    data = json.loads(host.ok("votes", "--json"))
    assert (data["hammer"], data["eliminated"], data["tie"]) == (None, None, False)
    assert data["none_majority"] == 3.0 and data["none_reached"] is reached


def test_cli_votes_json_has_no_no_elimination_threshold_under_plurality(tmp_path):
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1, options=["majority=plurality"],
           assign=["Ann=Seer", "Bob=Wolf", "Carol=Villager", "Dave=Villager", "Eve=Villager"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    for voter in ("Ann", "Carol", "Dave", "Eve"):
        host.ok("vote", voter, "none")
    data = json.loads(host.ok("votes", "--json"))
    assert data["none_majority"] is None and data["none_reached"] is False
