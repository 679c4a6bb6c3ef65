"""Commands run at once on one game, as real processes (the concurrency is the point): a reader
waits for a change in progress and never completes another command's change; six hosts ending
the same phase end it once.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game_helpers import _classic_game
from hostkit.store import folder as store
from hostkit.game.game import Game


def _hostkit(folder: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "hostkit", "--game", str(folder), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _waits_on_the_lock(proc: subprocess.Popen, folder: Path, within: float = 60) -> None:
    """Return once PROC has opened the game folder to lock it (hostkit's lock is an flock on the
    folder itself; Linux's /proc/PID/fd shows the open folder), rather than after a guessed
    sleep; elsewhere, once a second has passed."""
    fds = Path(f"/proc/{proc.pid}/fd")
    if not fds.exists():  # pragma: no cover - not Linux
        time.sleep(1)
        return
    target = str(folder.resolve())
    end = time.monotonic() + within
    while time.monotonic() < end and proc.poll() is None:
        try:
            if any(str(fd.readlink()) == target for fd in fds.iterdir()):
                return
        except OSError:  # an fd closed while it was read
            pass
        time.sleep(0.01)
    raise AssertionError(f"the command never reached the game's lock: {proc.poll()!r}")


def test_a_reader_waits_for_a_change_in_progress_and_sees_it_whole(tmp_path):
    """A status started while another command holds the game's lock (here: this test, resolving
    the night, two files) prints the state after that change, never the one before or a half."""
    host = _classic_game(tmp_path)
    with store.locked(host.folder):
        reader = _hostkit(host.folder, "status", "--json")
        _waits_on_the_lock(reader, host.folder)
        assert reader.poll() is None, reader.communicate()  # it waits for the lock
        Game.load(host.folder).resolve()  # the night's end and day 1's file
    out, err = reader.communicate(timeout=120)
    assert reader.returncode == 0, err
    assert json.loads(out)["phase"] == "day"


def test_a_reader_never_completes_a_change_another_command_is_still_applying(tmp_path):
    """The journal of a change being applied (its writer holds the lock) is not the reader's to
    complete: done after the writer (and a later command) finished, it would write old files
    over newer ones. The reader waits; the writer's own newer file stands."""
    host = _classic_game(tmp_path)
    path = host.folder / "phases" / "001-night-1.toml"
    old = path.read_text()
    with store.locked(host.folder):
        from hostkit.store.journal import seal  # a journal this hostkit wrote (sealed) for this folder

        (host.folder / store.JOURNAL).write_text(json.dumps(
            seal(host.folder, [["phases/001-night-1.toml", old + "# written by the journal\n"]], [])))
        reader = _hostkit(host.folder, "status")
        _waits_on_the_lock(reader, host.folder)
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
    host = _classic_game(tmp_path)
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
