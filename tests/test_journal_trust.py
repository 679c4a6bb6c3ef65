"""Issue 31: the write-ahead journal (.hostkit-journal.json) is a trust boundary.

A journal is carried out by the next command that looks at the folder, so one planted by anyone
else must never make hostkit write or delete outside the game folder, or delete the game: only
the files a command may write, no symbolic link on the way, and a seal bound to this folder whose
key is not in the folder (nor in git). A journal that fails is refused in one line and left.
The two attacks of the issue run through a real git: a co-host commits them, the other host pulls
(or clones) and runs `hostkit status`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Host, new_classic
from hostkit.store import journal, folder as store

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _env(key: Path) -> dict[str, str]:
    """A host's machine: its own journal key, and git's identity."""
    out = {k: v for k, v in os.environ.items() if k not in ("HOSTKIT_HOST", "HOSTKIT_GAME")}
    out.update(HOSTKIT_KEY=str(key), GIT_AUTHOR_NAME="T", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="T", GIT_COMMITTER_EMAIL="t@example.org", GIT_CONFIG_NOSYSTEM="1")
    return out


def _run(cwd: Path, key: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), cwd=cwd, env=_env(key), capture_output=True, text=True, timeout=120)


def _hk(cwd: Path, key: Path, *args: str) -> subprocess.CompletedProcess:
    return _run(cwd, key, sys.executable, "-m", "hostkit", *args)


def _git(cwd: Path, key: Path, *args: str) -> str:
    result = _run(cwd, key, "git", *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _refused(result: subprocess.CompletedProcess, *words: str) -> str:
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1, lines
    assert all(w in lines[0] for w in words), lines[0]
    return lines[0]


def _sealed_for(folder: Path, writes, removes) -> str:
    """A journal with a right seal for FOLDER under this run's key, whatever its paths (the
    path checks must refuse it on their own, seal or no seal)."""
    key = journal._key(create=True)
    before = {rel: journal._digest_of(folder / rel) for rel in [*(w[0] for w in writes), *removes]
              if "/" not in rel or rel.startswith("phases/")}
    return json.dumps({"writes": writes, "removes": removes, "before": before,
                       "mac": journal._mac(key, folder, writes, removes, before)})


# --------------------------------------------------------------------------- in one folder


def test_a_journal_writing_through_a_symlink_outside_the_folder_is_refused(tmp_path):
    """The issue's attack: `lnk -> /tmp/victim` and a journal writing lnk/pwned.txt."""
    victim = tmp_path / "victim"
    victim.mkdir()
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    (host.folder / "lnk").symlink_to(victim)
    for text in (json.dumps({"writes": [["lnk/pwned.txt", "x"]], "removes": []}),
                 _sealed_for(host.folder, [["lnk/pwned.txt", "x"]], [])):
        (host.folder / store.JOURNAL).write_text(text)
        result = host("status")
        assert result.exit_code == 1 and "lnk/pwned.txt" in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
        assert list(victim.iterdir()) == []
        assert (host.folder / store.JOURNAL).read_text() == text  # left for the host


def test_a_journal_removing_game_toml_is_refused_and_the_game_stays(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    for text in (json.dumps({"removes": ["game.toml"]}), _sealed_for(host.folder, [], ["game.toml"])):
        (host.folder / store.JOURNAL).write_text(text)
        assert "'game.toml'" in host.refused("status")
        assert (host.folder / "game.toml").is_file()


@pytest.mark.parametrize("rel", ["../outside.toml", "/tmp/abs.toml", "phases/../game.toml", "roles.toml",
                                 "phases/001-night-1.toml/x", ".git/hooks/post-checkout", "phases/1-night-1.toml"],
                         ids=["parent", "absolute", "dotdot-inside", "not-a-command-file", "below-a-file",
                              "git-hook", "not-a-phase-name"])
def test_a_sealed_journal_naming_a_file_no_command_writes_is_refused(tmp_path, rel):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    (host.folder / store.JOURNAL).write_text(_sealed_for(host.folder, [[rel, "x"]], []))
    assert repr(rel) in host.refused("status")


def test_a_sealed_journal_writing_into_a_symlinked_phases_folder_is_refused(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    shutil.move(host.folder / "phases", tmp_path / "moved")
    (host.folder / "phases").symlink_to(victim)
    (host.folder / store.JOURNAL).write_text(_sealed_for(host.folder, [["phases/001-night-1.toml", "x"]], []))
    assert "symbolic link" in host.refused("status")
    assert list(victim.iterdir()) == []


def test_a_phase_file_that_is_a_symlink_is_refused_by_name_not_written_through(tmp_path):
    """Before: a symlinked phase file or phases/ was a ValueError traceback on write."""
    elsewhere = tmp_path / "elsewhere.toml"
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    night = host.folder / "phases" / "001-night-1.toml"
    shutil.move(night, elsewhere)
    night.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    for command in (("act", "Bob", "Kill", "Fay"), ("status",)):  # refused when written, and when read
        out = host.refused(*command)
        assert "001-night-1.toml" in out and "symbolic link" in out
    assert elsewhere.read_bytes() == before
    night.unlink()
    shutil.move(host.folder / "phases", tmp_path / "real-phases")
    (tmp_path / "real-phases" / "001-night-1.toml").write_bytes(before)
    (host.folder / "phases").symlink_to(tmp_path / "real-phases")
    for command in (("act", "Bob", "Kill", "Fay"), ("status",)):
        out = host.refused(*command)
        assert "phases" in out and "symbolic link" in out


def test_a_journal_edited_after_it_was_sealed_or_moved_to_another_folder_is_refused(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    night = host.folder / "phases" / "001-night-1.toml"
    sealed = json.loads(_sealed_for(host.folder, [["phases/001-night-1.toml", night.read_text() + "# ok\n"]], []))
    edited = dict(sealed, writes=[["phases/001-night-1.toml", "evil = 1\n"]])
    (host.folder / store.JOURNAL).write_text(json.dumps(edited))
    assert "seal" in host.refused("status")
    shutil.copytree(host.folder, tmp_path / "copy")
    (host.folder / store.JOURNAL).unlink()
    (tmp_path / "copy" / store.JOURNAL).write_text(json.dumps(sealed))  # a right seal, for the other folder
    assert "seal" in Host(tmp_path / "copy").refused("status")
    (host.folder / store.JOURNAL).write_text(json.dumps(sealed))  # and in its own folder it completes
    host.ok("status")
    assert night.read_text().endswith("# ok\n") and not (host.folder / store.JOURNAL).exists()


def test_a_journal_that_is_a_symlink_is_refused(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    (tmp_path / "j.json").write_text(_sealed_for(host.folder, [], []))
    (host.folder / store.JOURNAL).symlink_to(tmp_path / "j.json")
    assert "symbolic link" in host.refused("status")


def test_the_key_is_outside_the_folder_and_only_the_users(tmp_path):
    new_classic(tmp_path / "g")
    key = journal.key_path()
    assert key.is_file() and key.stat().st_mode & 0o077 == 0
    assert tmp_path / "g" not in key.parents


# --------------------------------------------------------------------------- through git


def _co_hosts(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    """Two clones of one game, each host on a machine of its own (its own journal key)."""
    ka, kb = tmp_path / "keys" / "a.key", tmp_path / "keys" / "b.key"
    new = ["new", "origin", "--git", "--ruleset", "classic-werewolf", "--seed", "1",
           *[x for a in ("Ann=Seer", "Bob=Werewolf", "Cy=Villager", "Di=Villager", "Fay=Villager") for x in ("--assign", a)]]
    assert _hk(tmp_path, ka, *new).returncode == 0
    _git(tmp_path / "origin", ka, "config", "receive.denyCurrentBranch", "ignore")
    a, b = tmp_path / "mallory", tmp_path / "host"
    _git(tmp_path, ka, "clone", "-q", "origin", a.name)
    _git(tmp_path, kb, "clone", "-q", "origin", b.name)
    return a, ka, b, kb


def _plant(a: Path, ka: Path, link_to: Path | None, journal_text: str) -> None:
    """The co-host commits a symlink (if any) and force-adds a journal (.gitignore names it)."""
    if link_to is not None:
        (a / "lnk").symlink_to(link_to)
        _git(a, ka, "add", "lnk")
    (a / store.JOURNAL).write_text(journal_text)
    assert _run(a, ka, "git", "add", store.JOURNAL).returncode != 0  # ignored: git refuses without -f
    _git(a, ka, "add", "-f", store.JOURNAL)
    _git(a, ka, "commit", "-q", "-m", "harmless looking")


@needs_git
@pytest.mark.parametrize("how", ["pull", "clone"])
def test_git_a_co_hosts_symlink_and_journal_cannot_write_outside_the_other_hosts_folder(tmp_path, how):
    """The issue's attack through git: the co-host commits `lnk -> victim` and force-adds a journal
    writing lnk/pwned.txt, sealed with the co-host's own key; the other host's status refuses it."""
    victim = tmp_path / "victim"
    victim.mkdir()
    a, ka, b, kb = _co_hosts(tmp_path)
    hk_json = json.dumps({"writes": [["lnk/pwned.txt", "x"]], "removes": []})
    _plant(a, ka, victim, hk_json)
    if how == "pull":
        _git(b, kb, "pull", "-q", "--no-rebase", str(a), "HEAD")
    else:
        shutil.rmtree(b)
        _git(tmp_path, kb, "clone", "-q", str(a), b.name)
    assert (b / "lnk").is_symlink() and (b / store.JOURNAL).is_file()
    _refused(_hk(b, kb, "status"), store.JOURNAL, "lnk/pwned.txt")
    assert list(victim.iterdir()) == []
    assert (b / store.JOURNAL).read_text() == hk_json


@needs_git
def test_git_a_co_hosts_journal_removing_game_toml_cannot_delete_the_game(tmp_path):
    """The issue's second attack through git: a committed journal of {"removes": ["game.toml"]},
    even one the co-host's hostkit sealed for a folder at the same place, deletes nothing."""
    a, ka, b, kb = _co_hosts(tmp_path)
    plain = json.dumps({"removes": ["game.toml"]})
    _plant(a, ka, None, plain)
    _git(b, kb, "pull", "-q", "--no-rebase", str(a), "HEAD")
    _refused(_hk(b, kb, "status"), "'game.toml'")
    assert (b / "game.toml").is_file()
    # the same as a phase removal the path checks allow: only the seal stands in the way
    night = "phases/001-night-1.toml"
    script = ("import json,sys; from pathlib import Path; from hostkit.store import journal;"
              f"print(json.dumps(journal.seal(Path(sys.argv[1]), [], [{night!r}])))")
    sealed = _run(a, ka, sys.executable, "-c", script, str(b)).stdout  # sealed by A's key, for B's path
    (b / store.JOURNAL).write_text(sealed)
    _refused(_hk(b, kb, "status"), "seal")
    assert (b / night).is_file()


@needs_git
def test_git_setup_says_the_journal_is_kept_out_of_git(tmp_path):
    a, ka, b, kb = _co_hosts(tmp_path)
    out = _hk(b, kb, "git-setup")
    assert out.returncode == 0, out.stderr
    assert store.JOURNAL in out.stdout
    (b / store.JOURNAL).write_text("{}")
    assert _git(b, kb, "status", "--porcelain", "--ignored").count(store.JOURNAL) == 1
    assert _git(b, kb, "check-ignore", store.JOURNAL).strip() == store.JOURNAL
