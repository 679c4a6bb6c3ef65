"""Issue 16, crash points: kill a real hostkit at every write boundary of every writing command.

The store marks each write boundary (before every os.replace and unlink of a commit); the
HOSTKIT_CRASH_AT=k hook SIGKILLs the process at boundary k. After each kill the folder must load
and hold exactly the state before the command or the state after it, never a mix.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CLASSIC

NEW = ["new", "{dir}", "--ruleset", "classic-werewolf", "--seed", "1",
       *[x for a in CLASSIC for x in ("--assign", a)]]
# (setup commands, the writing command under test)
STEPS = [
    ([], NEW),
    ([NEW], ["act", "Bob", "Kill", "Fay"]),
    ([NEW, ["act", "Bob", "Kill", "Fay"]], ["resolve", "--force"]),
    ([NEW, ["act", "Bob", "Kill", "Fay"], ["resolve", "--force"]], ["undo"]),
    ([NEW, ["act", "Bob", "Kill", "Fay"], ["resolve", "--force"]], ["vote", "Ann", "Bob"]),
    ([NEW, ["act", "Bob", "Kill", "Fay"], ["resolve", "--force"], ["vote", "Ann", "Bob"]], ["eliminate", "Bob"]),
    ([NEW, ["act", "Bob", "Kill", "Fay"], ["resolve", "--force"], ["eliminate", "--none"]], ["undo"]),
]


def run(folder: Path, args: list[str], crash: int | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("HOSTKIT_CRASH_AT", None)
    if crash:
        env["HOSTKIT_CRASH_AT"] = str(crash)
    args = [a.replace("{dir}", str(folder)) for a in args]
    cmd = [sys.executable, "-m", "hostkit"] + (args if args[0] == "new" else ["--game", str(folder), *args])
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)


def state(folder: Path) -> dict[str, bytes]:
    """The visible files of a folder (hidden temp files and the lock aside)."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


def comparable(files: dict[str, bytes]) -> dict[str, bytes]:
    """`new` stamps the creation time: compare game.toml without it."""
    out = dict(files)
    if "game.toml" in out:
        out["game.toml"] = b"\n".join(l for l in out["game.toml"].splitlines() if not l.startswith(b"created"))
    return out


@pytest.mark.parametrize("setup,command", STEPS, ids=[" ".join(c[:2]) + f"-{i}" for i, (_, c) in enumerate(STEPS)])
def test_kill_at_every_write_boundary(tmp_path, setup, command):
    base = tmp_path / "base"
    for args in setup:
        assert run(base, args).returncode == 0
    done = tmp_path / "done"
    if base.exists():
        shutil.copytree(base, done)
    assert run(done, command).returncode == 0, "the command itself must succeed"
    before, after = comparable(state(base)), comparable(state(done))
    assert before != after
    killed = 0
    for k in range(1, 50):
        folder = tmp_path / f"k{k}"
        if base.exists():
            shutil.copytree(base, folder)
        result = run(folder, command, crash=k)
        if result.returncode == 0:
            break
        assert result.returncode == -signal.SIGKILL, result.stderr
        killed += 1
        # the next command completes or leaves the change, and the folder loads
        status = run(folder, ["status"]) if state(folder) or (folder / ".hostkit-journal.json").exists() else None
        now = comparable(state(folder))
        assert now in (before, after), f"boundary {k}: a mix of before and after"
        if now:
            assert status is not None and status.returncode == 0, status.stderr
        if now == after:
            assert not (folder / ".hostkit-journal.json").exists()
        # and the command can be run (again, or next) on the recovered folder
        if now == before and command[0] != "new":
            assert run(folder, command).returncode == 0
    else:
        pytest.fail("the command never finished")
    assert killed >= 2, "every command crosses at least the journal and one file"


def test_non_utf8_byte_names_the_file_and_line(tmp_path):
    """Issue 16, hand edits: a non-UTF-8 byte is one line naming the file, not a traceback."""
    folder = tmp_path / "g"
    assert run(folder, NEW).returncode == 0
    path = folder / "game.toml"
    path.write_bytes(path.read_bytes().replace(b"classic-werewolf", b"classic-\xffwerewolf"))
    result = run(folder, ["status"])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1 and "game.toml: line" in lines[0] and "not UTF-8" in lines[0], lines


def test_rewritten_files_keep_their_mode(tmp_path):
    """Issue 16, small: a rewrite keeps the file's mode; a new file gets the umask's, not 0600."""
    folder = tmp_path / "g"
    assert run(folder, NEW).returncode == 0
    night = next((folder / "phases").iterdir())
    assert night.stat().st_mode & 0o777 == 0o666 & ~_umask()
    os.chmod(night, 0o640)
    assert run(folder, ["act", "Bob", "Kill", "Fay"]).returncode == 0
    assert night.stat().st_mode & 0o777 == 0o640


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
