"""The game folder: atomic writes, the lock, and what commands import."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from hostkit.store import folder as store
from hostkit.game.game import Game, create

from conftest import snapshot


def test_a_write_killed_half_way_leaves_the_folder_as_it_was(classic, monkeypatch):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Dave", "Guard", "Ann")
    before = snapshot(classic.folder)

    def crash(src, dst):
        raise OSError("disk yanked out")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        Game.load(classic.folder).resolve()  # would write the night's end and the day's file
    with pytest.raises(OSError):
        Game.load(classic.folder).act("Ann", "Check", ["Gus"])
    monkeypatch.undo()
    assert snapshot(classic.folder) == before
    assert not [p for p in classic.folder.rglob("*.tmp")]
    assert len(Game.load(classic.folder).current.actions) == 2


def test_a_failed_commit_half_way_through_several_files_still_loads(classic, monkeypatch):
    """resolve writes the night's file and the new day's file; a crash between them loads fine."""
    classic.ok("act", "Bob", "Kill", "Fay")
    real = os.replace
    calls = []

    def second_fails(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError("power cut")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", second_fails)
    with pytest.raises(OSError):
        Game.load(classic.folder).resolve()
    monkeypatch.undo()
    Game.load(classic.folder)  # whatever got written, the folder loads


def test_eight_act_processes_at_once_all_recorded(tmp_path):
    names = [f"P{i}" for i in range(8)]
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1,
           assign=[f"{n}=Seer" for n in names] + ["W=Werewolf", "V=Villager"])
    env = dict(os.environ, HOSTKIT_GAME=str(tmp_path / "g"))
    procs = [subprocess.Popen([sys.executable, "-m", "hostkit", "act", n, "Check", "V"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for n in names]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err.decode()
    game = Game.load(tmp_path / "g")
    assert sorted(a.actor for a in game.current.actions) == names
    assert len({a.seq for a in game.current.record.actions}) == 8


def test_lock_leaves_no_file_and_a_refused_command_writes_nothing(classic):
    """Issue 16, small: the lock is an flock on the folder, so no .hostkit.lock is left behind,
    not by a command that writes and not by a refused one on a fresh folder (the old behaviour,
    an empty .hostkit.lock left by every command, was wrong)."""
    before = snapshot(classic.folder)
    classic.refused("act", "Bob", "Kill", "Nobody")
    assert snapshot(classic.folder) == before
    assert not (classic.folder / store.LOCK).exists()
    classic.ok("act", "Bob", "Kill", "Fay")
    assert not (classic.folder / store.LOCK).exists()
    assert json.loads(classic.ok("status", "--json"))["phase"] == "night"


def test_lock_excludes_a_second_command(tmp_path):
    """Two holders never overlap: a second lock waits, and times out with one line."""
    from hostkit.model.errors import HostkitError

    with store.locked(tmp_path):
        with pytest.raises(HostkitError, match="another hostkit command"):
            with store.locked(tmp_path, timeout=0.1):
                pass
    with store.locked(tmp_path, timeout=0.1):
        pass


def test_game_files_are_plain_toml_with_a_version(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    import tomllib

    game = tomllib.loads((classic.folder / "game.toml").read_text())
    phase = tomllib.loads((classic.folder / "phases" / "001-night-1.toml").read_text())
    assert game["version"] == store.VERSION and phase["version"] == store.VERSION
    assert phase["actions"] == [{"seq": 1, "actor": "Bob", "ability": "Kill", "targets": ["Fay"]}]


HEAVY = ("requests", "bs4", "jinja2", "lxml", "pyxdameraulevenshtein")


@pytest.mark.parametrize("command", [["status"], ["actions"], ["act", "Dave", "Guard", "Ann"], ["resolve", "--dry-run"],
                                     ["rulesets"], ["roles", "classic-werewolf"], ["undo"]],
                         ids=lambda c: c[0])
def test_commands_without_scraping_or_templates_import_none_of_them(classic, command):
    classic.ok("act", "Bob", "Kill", "Fay")
    code = ("import sys\nfrom hostkit.cli import cli\n"
            "try:\n    cli(%r, prog_name='hostkit')\nexcept SystemExit:\n    pass\n"
            "print('LOADED', [m for m in %r if m in sys.modules])"
            % (["--game", str(classic.folder), *command], HEAVY))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "LOADED []" in out, out


def test_every_ruleset_sees_the_same_closed_registry(tmp_path):
    """Issue 10: no effect module registers itself on import; loading any ruleset, in any order,
    gives the one registry (the old on-demand engine extensions made a night depend on imports)."""
    code = ("import sys\nfrom hostkit.rules.rulesets import load_ruleset\nload_ruleset(sys.argv[1])\n"
            "from hostkit.engine.effects import REGISTRY\n"
            "print(sorted(REGISTRY), sorted(m for m in sys.modules if m.startswith('hostkit.engine.ext')))")
    outs = {subprocess.run([sys.executable, "-c", code, name], capture_output=True, text=True, check=True).stdout
            for name in ("classic-werewolf", "ooo-werewolf", "paranormal")}
    assert len(outs) == 1
    names, ext_modules = outs.pop().split("] [")
    assert "'kill'" in names and "'steal'" in names and "'abduct'" in names and ext_modules.strip() == "]"


def test_hand_edits_keep_their_comments_and_layout(classic):
    """Issue 14, hand edits lose comments: hostkit rewrites a file the host edited in place."""
    classic.ok("act", "Bob", "Kill", "Fay")
    phase = classic.folder / "phases" / "001-night-1.toml"
    phase.write_text(phase.read_text().replace('phase = "night"', 'phase = "night"  # Bea hosts tonight')
                     + "# Ann sent her PM late; allowed by the hosts\n")
    classic.ok("act", "Ann", "Check", "Gus")
    classic.ok("act", "Dave", "Guard", "Hal")
    classic.ok("undo")
    classic.ok("resolve", "--force")
    text = phase.read_text()
    assert 'phase = "night"  # Bea hosts tonight' in text and "# Ann sent her PM late; allowed by the hosts" in text
    assert "Gus" in text and "Hal" not in text and "[end]" in text
    setup = classic.folder / "game.toml"
    setup.write_text("# Village of Ravenfall, run on the Example forum\n" + setup.read_text()
                     .replace("seed = 1", "seed = 1  # keep: the roles were dealt from it"))
    classic.ok("replace", "Bob", "Bobby")
    text = setup.read_text()
    assert text.startswith("# Village of Ravenfall") and "seed = 1  # keep: the roles were dealt from it" in text
    assert classic.game.setup.player("Bobby").previous == ("Bob",)
    assert json.loads(classic.ok("status", "--json"))["phase"] == "day"


def test_a_file_never_edited_by_hand_is_written_as_before(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Ann", "Check", "Gus")
    classic.ok("resolve", "--force")
    phase = classic.folder / "phases" / "001-night-1.toml"
    assert phase.read_text() == store.dump_toml(store.phase_to_toml(store.read_phase(phase)))


def test_a_killed_writes_temporary_files_are_removed_by_the_next_command(classic):
    """Issue 31: a kill between mkstemp and os.replace left `.NAME.xxxxxxxx.tmp` files that
    nothing removed; the next command on the game (under its lock) removes them, and only them."""
    import os
    import time

    left = [classic.folder / ".game.toml.ab_cd123.tmp", classic.folder / "phases" / ".001-night-1.toml.x1y2z3w4.tmp",
            classic.folder / "..hostkit-journal.json.qwertyui.tmp"]
    for p in left:
        p.write_text("half")
    mine = [classic.folder / "notes.tmp", classic.folder / "phases" / ".keep.tmp",
            classic.folder / ".night2.png.abcdefgh.tmp"]  # a chart being written there with --out
    for p in mine:
        p.write_text("the host's")
    counts = classic.folder / ".cache" / "counts"
    counts.mkdir(parents=True)
    left.append(counts / ".day-1.json.abcdefgh.tmp")  # written under the exclusive lock too
    left[-1].write_text("dead")
    thread = classic.folder / ".cache" / "thread" / "0123456789abcdef"
    thread.mkdir(parents=True)
    fresh, old = thread / ".page-0001.html.abcdefgh.tmp", thread / ".page-0001.html.hgfedcba.tmp"
    fresh.write_text("a fetch may be writing it now (no lock)")
    old.write_text("dead")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    classic.ok("status")
    assert not any(p.exists() for p in left + [old])
    assert all(p.exists() for p in mine + [fresh])
