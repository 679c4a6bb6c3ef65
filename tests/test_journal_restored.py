"""An old write-ahead journal restored from a backup must not roll the folder back (issue 35).

A command killed after its journal landed (.hostkit-journal.json, sealed on this machine for this
folder) leaves a journal the next command completes. Kept in a backup and restored after later
commands, that same journal would write its old files over the newer ones, removing a later
action in silence. The seal covers what each file was before the change: the journal is carried
out only when every file it names is as it was before or as it writes it, else refused in one
line with the folder unchanged.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from conftest import CLASSIC, Host
from hostkit.store import folder as store


def _hk(folder, *args, crash=None):
    env = {k: v for k, v in os.environ.items() if k != "HOSTKIT_CRASH_AT"}
    if crash:
        env["HOSTKIT_CRASH_AT"] = str(crash)
    return subprocess.run([sys.executable, "-m", "hostkit", "--game", str(folder), *args], env=env,
                          capture_output=True, text=True, timeout=120)


def _backup_of_a_killed(host: Host, *args: str) -> bytes:
    """Run `hostkit ARGS`, killed once its journal has landed and before it is applied (write
    boundary 2); the journal as a backup taken then holds it. The next command completes it."""
    killed = _hk(host.folder, *args, crash=2)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    journal = (host.folder / store.JOURNAL).read_bytes()
    host.ok("status")  # completed
    assert not (host.folder / store.JOURNAL).exists()
    return journal


# (setup, the command whose journal is backed up, the later commands, what the later ones left)
CASES = [
    # the case: an action entered, then a later action in the same night's file
    ([], ["act", "Bob", "Kill", "Fay"], [["act", "Dave", "Guard", "Ann"]], "Dave: Guard Ann"),
    # not in the text: a journal that created a file (the day after a resolve), restored after a
    # vote was recorded in that file: the file did not exist before, and is not what it wrote
    ([["act", "Bob", "Kill", "Fay"]], ["resolve", "--force"], [["vote", "Ann", "Bob"]], "Ann"),
]


@pytest.mark.parametrize("setup, command, later, left", CASES, ids=["later-action", "file-it-created"])
def test_an_old_sealed_journal_restored_from_a_backup_is_refused_and_rolls_nothing_back(tmp_path, setup, command,
                                                                                       later, left):
    host = Host(tmp_path / "g")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "1",
            *[x for a in CLASSIC for x in ("--assign", a)])
    for args in setup:
        host.ok(*args)
    backup = _backup_of_a_killed(host, *command)
    for args in later:
        host.ok(*args)
    view = "actions" if command[0] == "act" else "votes"
    assert left in host.ok(view)
    (host.folder / store.JOURNAL).write_bytes(backup)  # restored from the backup
    out = host.refused(view)  # one line, exit 1, nothing written
    assert store.JOURNAL in out and "changed since" in out
    (host.folder / store.JOURNAL).unlink()
    assert left in host.ok(view)


def test_a_restored_journal_whose_change_the_folder_already_holds_is_only_deleted(tmp_path):
    """The same journal with nothing done since: the files are as it writes them; completing it
    changes nothing, and it goes."""
    host = Host(tmp_path / "g")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "1",
            *[x for a in CLASSIC for x in ("--assign", a)])
    backup = _backup_of_a_killed(host, "act", "Bob", "Kill", "Fay")
    (host.folder / store.JOURNAL).write_bytes(backup)
    assert "Bob: Kill Fay" in host.ok("actions")
    assert not (host.folder / store.JOURNAL).exists()
