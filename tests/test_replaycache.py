"""The replay cache (hostkit/replaycache.py): resolved nights and the loaded ruleset kept between
commands. An answer never depends on it: the same as without a cache on a hit, after any change
to an input, and with damaged, foreign or swapped entries."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import MappingProxyType

import pytest

import hostkit.engine
import hostkit.game.replay as game_module
from hostkit.game import replaycache
from hostkit.store import folder as store
from hostkit.cli import cli
from hostkit.game.game import Game
from hostkit.model.roles import Effect
from hostkit.model.outcome import NightOutcome
from hostkit.rules.rulesets import RULESETS, load_ruleset

from conftest import Host, new_classic, snapshot

NIGHT_1 = [["act", "Bob", "Kill", "Fay"], ["act", "Dave", "Guard", "Ann"], ["act", "Ann", "Check", "Bob"]]
NIGHT_2 = [["act", "Bob", "Kill", "Ann"], ["act", "Carol", "Poison", "Gus"]]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of this test's own (the session's HOSTKIT_CACHE is shared by every test)."""
    where = tmp_path / "cache"
    monkeypatch.setenv("HOSTKIT_CACHE", str(where))
    return where / "replay"


def _played(folder: Path) -> Host:
    """A classic game with two resolved nights and a day between them, now on night 3."""
    new_classic(folder)
    host = Host(folder)
    for args in NIGHT_1:
        host.ok(*args)
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    for args in NIGHT_2:
        host.ok(*args)
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Bob", "Kill", "Eve")
    return host


def _uncached(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    with monkeypatch.context() as m:
        m.setenv("HOSTKIT_CACHE", "")
        return Game.load(folder)


def _answers(game: Game) -> tuple:
    """What a load answers: the state every command reads, and every night's outcome."""
    return (json.dumps([p.to_json() for p in game.state.players.values()], sort_keys=True),
            game.state.phase, game.state.number, game.state.winner, list(game.state.warnings),
            game.status(), game.outcomes, game.ruleset)


def _no_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail if a night is resolved or a file parsed again (everything must come from the cache)."""
    def refuse(*args, **kw):
        raise AssertionError("resolved or parsed again, not read from the cache")

    monkeypatch.setattr(hostkit.engine, "resolve_night", refuse)
    monkeypatch.setattr(store, "read_phase", refuse)
    monkeypatch.setattr(store, "read_setup", refuse)
    monkeypatch.setattr(game_module, "load_ruleset", refuse)


def test_a_second_load_reads_every_night_from_the_cache_and_answers_the_same(tmp_path, cache, monkeypatch):
    host = _played(tmp_path / "g")
    shutil.rmtree(cache)  # the commands above filled it: start empty
    first = Game.load(host.folder)  # resolves the two nights and keeps them, with the parsed files
    kinds = sorted(p.name.split("-")[0] for p in cache.iterdir())
    phases = len(list((host.folder / "phases").iterdir()))
    assert kinds == ["file"] * (1 + phases) + ["night", "night", "ruleset"]
    with monkeypatch.context() as m:
        _no_engine(m)
        again = Game.load(host.folder)
    plain = _uncached(host.folder, monkeypatch)
    assert _answers(again) == _answers(first) == _answers(plain)
    for n in (1, 2):
        assert replaycache.same(again.outcomes[n], plain.outcomes[n])  # type for type, not only ==
    assert replaycache.same(again.ruleset, plain.ruleset)
    assert [d.player for d in again.outcomes[1].deaths] == ["Fay"]


def test_status_in_a_fresh_process_skips_the_night_machinery_and_prints_the_same(tmp_path, cache):
    host = _played(tmp_path / "g")
    shutil.rmtree(cache)  # the commands above filled it: start empty
    before = snapshot(host.folder)
    code = ("import sys; from hostkit.cli import cli\n"
            "try:\n    cli(['--game', sys.argv[1], 'status'], prog_name='hostkit')\n"
            "except SystemExit as e:\n    assert not e.code\n"
            "print('engine.night' if 'hostkit.engine.night' in sys.modules else 'no engine')")
    env = dict(os.environ, HOSTKIT_CACHE=str(cache.parent))
    outs = [subprocess.run([sys.executable, "-c", code, str(host.folder)], env=env, check=True,
                           capture_output=True, text=True).stdout for _ in range(2)]
    off = subprocess.run([sys.executable, "-c", code, str(host.folder)], env=dict(env, HOSTKIT_CACHE=""),
                         check=True, capture_output=True, text=True).stdout
    *first, loaded_first = outs[0].splitlines()
    *second, loaded_second = outs[1].splitlines()
    assert first == second == off.splitlines()[:-1]
    assert "Fay" in "\n".join(second) and (loaded_first, loaded_second) == ("engine.night", "no engine")
    assert snapshot(host.folder) == before  # the cache is not in the game folder


def test_a_changed_night_file_is_resolved_again(tmp_path, cache, monkeypatch):
    host = _played(tmp_path / "g")
    old = Game.load(host.folder).outcomes[1]
    night = host.folder / "phases" / "001-night-1.toml"
    text = night.read_text()
    guard = 'ability = "Guard"\ntargets = [\n    "Ann",'
    assert guard in text
    night.write_text(text.replace(guard, guard.replace("Ann", "Fay")))  # a hand edit: the Guard saves Fay
    new = Game.load(host.folder)
    assert _answers(new) == _answers(_uncached(host.folder, monkeypatch))
    assert [d.player for d in old.deaths] == ["Fay"] and [d.player for d in new.outcomes[1].deaths] == []


def test_a_changed_roles_file_reloads_the_ruleset(tmp_path, cache, monkeypatch):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text('[Baker]\nalignment = "Village"\nsummary = "bakes"\n')
    new_classic(folder, assign=["Ann=Seer", "Bob=Werewolf", "Cy=Baker", "Dee=Villager", "Eve=Villager"])
    assert Game.load(folder).ruleset.roles["Baker"].summary == "bakes"
    (folder / "roles.toml").write_text('[Baker]\nalignment = "Village"\nsummary = "bakes bread"\n')
    game = Game.load(folder)
    assert game.ruleset.roles["Baker"].summary == "bakes bread"
    assert _answers(game) == _answers(_uncached(folder, monkeypatch))


@pytest.mark.parametrize("damage", ["truncated", "flipped byte", "garbage", "empty", "swapped"])
def test_a_damaged_or_foreign_entry_is_ignored(tmp_path, cache, monkeypatch, damage):
    host = _played(tmp_path / "g")
    Game.load(host.folder)
    entries = sorted(cache.iterdir())
    nights = [p for p in entries if p.name.startswith("night-")]
    for p in entries:
        raw = p.read_bytes()
        if damage == "truncated":
            p.write_bytes(raw[:len(raw) // 2])
        elif damage == "flipped byte":
            p.write_bytes(raw[:-5] + bytes([raw[-5] ^ 1]) + raw[-4:])
        elif damage == "garbage":
            p.write_bytes(b"\x00" * len(raw))
        elif damage == "empty":
            p.write_bytes(b"")
    if damage == "swapped":  # each night's entry under the other's name: whole, but of another key
        a, b = (p.read_bytes() for p in nights)
        nights[0].write_bytes(b)
        nights[1].write_bytes(a)
    game = Game.load(host.folder)
    assert _answers(game) == _answers(_uncached(host.folder, monkeypatch))
    with monkeypatch.context() as m:  # the entries were written afresh
        _no_engine(m)
        assert _answers(Game.load(host.folder)) == _answers(game)


def test_no_cache_when_hostkit_cache_is_empty(tmp_path, monkeypatch):
    monkeypatch.setenv("HOSTKIT_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    host = _played(tmp_path / "g")
    Game.load(host.folder)
    assert replaycache.cache_dir() is None
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()


def test_the_fingerprint_of_the_code_changes_with_any_file(tmp_path):
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "a.py").write_text("x = 1\n")
    (root / "sub" / "b.toml").write_text("k = 1\n")
    (root / "__pycache__").mkdir()
    seen = [replaycache.fingerprint((root,))]
    (root / "__pycache__" / "a.pyc").write_bytes(b"bytecode")  # bytecode is not the code
    assert replaycache.fingerprint((root,)) == seen[0]
    os.utime(root / "a.py", ns=(1, 1))  # the same size, another mtime
    seen.append(replaycache.fingerprint((root,)))
    (root / "sub" / "b.toml").write_text("k = 22\n")
    seen.append(replaycache.fingerprint((root,)))
    (root / "sub" / "c.py").write_text("")
    seen.append(replaycache.fingerprint((root,)))
    (root / "sub" / "c.py").unlink()
    (root / "sub" / "d.py").write_text("")  # the same file list size, another name
    seen.append(replaycache.fingerprint((root,)))
    assert len(set(seen)) == len(seen)


@pytest.mark.parametrize("name", RULESETS)
def test_every_bundled_ruleset_reads_back_exactly(name):
    rs = load_ruleset(name)
    assert replaycache.same(replaycache.decode(replaycache.encode(rs)), rs)


@pytest.mark.parametrize("a, b", [(1, 1.0), (1, True), ((1,), [1]), ({"k": 1}, MappingProxyType({"k": 1})),
                                  (frozenset({1}), frozenset({True})), ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
                                  (Effect("kill"), ("kill", MappingProxyType({}))),
                                  ((("a", 1), None), (("a", True), None)), ({"k": [1, "x"]}, {"k": [1.0, "x"]}),
                                  ({1: "a"}, {1.0: "a"})],
                         ids=["int-float", "int-bool", "tuple-list", "dict-proxy", "set-members", "dict-order",
                              "record-tuple", "nested-int-bool", "dict-value-float", "dict-key-float"])
def test_same_tells_apart_what_equality_does_not(a, b):
    assert a == b or a == tuple(b) or dict(a) == dict(b)
    assert not replaycache.same(a, b) and not replaycache.same(b, a)
    assert replaycache.same(replaycache.decode(replaycache.encode(a)), a)


def test_what_the_format_cannot_hold_is_not_written(tmp_path):
    path = tmp_path / "x.bin"
    replaycache._write(path, b"k" * 32, NightOutcome(night=1, places={"Ann": object()}))  # type: ignore[arg-type]
    assert not path.exists()
    replaycache._write(path, b"k" * 32, NightOutcome(night=1))
    assert replaycache._read(path, b"k" * 32) == NightOutcome(night=1)
    assert replaycache._read(path, b"j" * 32) is None  # another key: not this entry


# --------------------------------------------------------------------------- day outcomes (seed natural II)

def _day_played(folder: Path) -> Host:
    """A natural game (test_natural_dayactions' day roles) whose day 1 resolved an Immediate snipe
    at once and, at its end, a Day Doctor's shield against a day shot; now on day 2 with another
    snipe resolved at once."""
    from test_natural_dayactions import DAY_ROLES, PLAYERS

    from hostkit.game.game import create

    folder.mkdir()
    (folder / "roles.toml").write_text(DAY_ROLES)
    create(folder, ruleset="natural", seed=7, assign=list(PLAYERS), options=["ita-shots=1"])
    host = Host(folder)
    host.ok("resolve", "--force")  # night 0
    host.ok("act", "--now", "Sn", "Snipe", "Cy")
    host.ok("act", "Dv", "Day Shoot", "Ann")
    host.ok("act", "Dd", "Shield", "Ann")
    host.ok("eliminate", "--none")
    host.ok("resolve", "--force")  # night 1
    host.ok("act", "--now", "Gun", "Snipe", "Dee")
    return host


def _day_answers(game: Game) -> tuple:
    """What a load answers, with every day's outcomes (each batch of day actions)."""
    days = [(ph.record.number, list(ph.outcomes)) for ph in game.phases if ph.record.kind == "day"]
    return (*_answers(game), days)


def _no_day_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_engine(monkeypatch)
    monkeypatch.setattr(hostkit.engine, "resolve_day", _refuse)


def _refuse(*args, **kw):
    raise AssertionError("a day's actions resolved again, not read from the cache")


def test_natural_II_day_outcomes_come_from_the_cache_and_answer_the_same(tmp_path, cache, monkeypatch):
    host = _day_played(tmp_path / "g")
    shutil.rmtree(cache)  # the commands above filled it: start empty
    first = Game.load(host.folder)  # resolves the days' batches and keeps them
    days = sorted(p.name for p in cache.iterdir() if p.name.startswith("day-"))
    assert len(days) == 3  # day 1: the snipe at once and the day's end; day 2: the snipe at once
    with monkeypatch.context() as m:
        _no_day_engine(m)
        again = Game.load(host.folder)
    plain = _uncached(host.folder, monkeypatch)
    assert _day_answers(again) == _day_answers(first) == _day_answers(plain)
    for (_, got), (_, want) in zip(_day_answers(again)[-1], _day_answers(plain)[-1]):
        assert all(replaycache.same(a, b) for a, b in zip(got, want))  # type for type, not only ==
    day1 = _day_answers(again)[-1][0][1]
    assert [d.player for d in day1[0].deaths] == ["Cy"]  # the snipe at once
    assert [s.player for s in day1[1].saved] == ["Ann"] and not day1[1].deaths  # the shield at the end
    assert [d.player for d in _day_answers(again)[-1][1][1][0].deaths] == ["Dee"]


def test_natural_II_a_hand_edited_day_is_resolved_again(tmp_path, cache, monkeypatch):
    host = _day_played(tmp_path / "g")
    Game.load(host.folder)
    day = next(p for p in (host.folder / "phases").iterdir() if p.name.endswith("day-1.toml"))
    text = day.read_text()
    shield = 'ability = "Shield"\ntargets = [\n    "Ann",'
    assert shield in text
    day.write_text(text.replace(shield, shield.replace("Ann", "Bea")))  # a hand edit: the shield misses Ann
    new = Game.load(host.folder)
    assert _day_answers(new) == _day_answers(_uncached(host.folder, monkeypatch))
    end = _day_answers(new)[-1][0][1][1]
    assert [d.player for d in end.deaths] == ["Ann"] and not end.saved  # the day shot now kills


def test_natural_II_a_damaged_day_entry_is_a_miss(tmp_path, cache, monkeypatch):
    host = _day_played(tmp_path / "g")
    want = _day_answers(Game.load(host.folder))
    for p in cache.iterdir():
        if p.name.startswith("day-"):
            raw = p.read_bytes()
            p.write_bytes(raw[:-5] + bytes([raw[-5] ^ 1]) + raw[-4:])
    assert _day_answers(Game.load(host.folder)) == want
    with monkeypatch.context() as m:  # written afresh
        _no_day_engine(m)
        assert _day_answers(Game.load(host.folder)) == want


# --------------------------------------------------------------------------- pruning

DAY = 24 * 3600


def _entry(where: Path, name: str, age: float, size: int = 10, now: float = 1e9) -> Path:
    path = where / name
    path.write_bytes(b"x" * size)
    os.utime(path, (now - age, now - age))
    return path


def test_prune_removes_only_stale_entries_of_other_code_and_old_leftovers(tmp_path):
    where = tmp_path / "replay"
    where.mkdir()
    code = bytes.fromhex("ab" * 32)
    mine, other, key = "abababab", "12345678", "0" * 40
    keep = [
        _entry(where, f"night-{key}-{mine}.bin", age=400 * DAY),  # this code's: old, still read
        _entry(where, f"day-{'1' * 40}-{other}.bin", age=DAY / 2),  # another code's, recent: grace
        _entry(where, f".night-{key}-{mine}.bin.x1y2.tmp", age=60),  # a write in progress
        _entry(where, "notes.txt", age=400 * DAY),  # not the cache's: never touched
        _entry(where, f"night-{'z' * 40}-{other}.bin", age=400 * DAY),  # not a key
        _entry(where, f"night-{key}-{other}.json", age=400 * DAY),
    ]
    gone = [
        _entry(where, f"file-{'2' * 40}-{other}.bin", age=2 * DAY),  # another code's (an upgrade)
        _entry(where, f"ruleset-{'3' * 40}.bin", age=2 * DAY),  # the older format, no code key
        _entry(where, f".file-{'4' * 40}-{other}.bin.a1b2.tmp", age=2 * 3600),  # a crashed write
    ]
    outside = _entry(tmp_path, f"night-{'5' * 40}.bin", age=400 * DAY)
    (where / f"night-{'6' * 40}.bin").mkdir()  # a folder named like an entry: not a file
    os.utime(where / f"night-{'6' * 40}.bin", (1, 1))
    (where / f"night-{'7' * 40}.bin").symlink_to(outside)  # a link named like an entry: not followed
    os.utime(where / f"night-{'7' * 40}.bin", (1, 1), follow_symlinks=False)
    removed = replaycache.prune(where, code, now=1e9)
    assert sorted(removed) == sorted(p.name for p in gone)
    assert all(p.exists() for p in keep) and not any(p.exists() for p in gone)
    assert outside.exists() and (where / f"night-{'6' * 40}.bin").is_dir()
    assert (where / f"night-{'7' * 40}.bin").is_symlink()


def test_prune_bounds_the_size_oldest_written_first(tmp_path):
    where = tmp_path / "replay"
    where.mkdir()
    code = bytes.fromhex("ab" * 32)
    entries = [_entry(where, f"night-{str(i) * 40}-abababab.bin", age=100 - i, size=100) for i in range(6)]
    removed = replaycache.prune(where, code, now=1e9, max_bytes=450, keep_bytes=300)
    assert removed == [p.name for p in entries[:3]]  # 600 bytes: the three oldest go, down to 300
    assert [p.exists() for p in entries] == [False] * 3 + [True] * 3
    assert replaycache.prune(where, code, now=1e9, max_bytes=450, keep_bytes=300) == []


def test_a_load_prunes_only_when_it_writes_and_at_most_once_a_day(tmp_path, cache, monkeypatch):
    host = _played(tmp_path / "g")
    Game.load(host.folder)  # every entry is there now
    names = sorted(p.name for p in cache.iterdir())
    tag = replaycache.code_key().hex()[:replaycache.CODE_CHARS]
    assert names and all(n.endswith(f"-{tag}.bin") for n in names)
    marker = cache.parent / "replay.pruned"
    if marker.exists():
        marker.unlink()
    stale = _entry(cache, f"night-{'9' * 40}-00000000.bin", age=30 * DAY, now=time.time())
    Game.load(host.folder)  # every answer from the cache: nothing written, no prune
    assert stale.exists() and not marker.exists()
    host.ok("act", "Bob", "Kill", "Hal")  # the night file changes: the next load parses and keeps it
    Game.load(host.folder)  # ... and prunes
    assert not stale.exists() and marker.exists()
    again = _entry(cache, f"night-{'8' * 40}-00000000.bin", age=30 * DAY, now=time.time())
    host.ok("act", "Bob", "Kill", "Eve")
    Game.load(host.folder)  # written again, but pruned less than a day ago
    assert again.exists()
    assert _answers(Game.load(host.folder)) == _answers(_uncached(host.folder, monkeypatch))


def test_prune_skips_while_another_process_prunes(tmp_path):
    from filelock import FileLock

    where = tmp_path / "replay"
    where.mkdir()
    stale = _entry(where, f"night-{'1' * 40}-00000000.bin", age=30 * DAY, now=time.time())
    code = bytes.fromhex("ab" * 32)
    with FileLock(str(tmp_path / "replay.lock")):
        replaycache.maybe_prune(where, code)  # busy: it does not wait, and does not prune
        assert stale.exists() and not (tmp_path / "replay.pruned").exists()
    replaycache.maybe_prune(where, code)
    assert not stale.exists() and (tmp_path / "replay.pruned").exists()
