"""SPEC 'Bad input': a command's writes commit together or not at all. A write the system refuses
part-way (a full disk, a read-only folder, a folder that cannot be made) is one line, exit 1:
before the commit point nothing changed; after it, the next command completes the change.
"""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import CLASSIC as CLASSIC8, Host, new_classic, snapshot
from game_helpers import _classic_game
from hostkit.store import folder as store


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
    host = _classic_game(tmp_path)
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
    host = _classic_game(tmp_path)
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
    host = _classic_game(tmp_path)
    _failing_writes(monkeypatch, 2)
    host("resolve", "--force")
    _failing_writes(monkeypatch, 1)  # the disk is still full when the next command completes it
    result = host("status")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "cannot complete the unfinished change" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cli_pm_out_into_a_folder_that_cannot_be_written_is_one_line(tmp_path):
    host = _classic_game(tmp_path)
    (tmp_path / "afile").write_text("x")
    result = host("pm", "--out", str(tmp_path / "afile" / "pms"))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "cannot write" in result.output


def test_house_rule_pm_out_to_a_folder_that_cannot_be_made_is_one_line(tmp_path):
    """`hostkit pm --out /proc/nope` (a folder the system will not make) printed a traceback
    (FileNotFoundError from mkdir); now one line names the file."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    out = host.refused("pm", "--out", "/proc/hostkit-nope")
    assert out.startswith("Error: /proc/hostkit-nope/01-Ann.txt: cannot write:"), out
