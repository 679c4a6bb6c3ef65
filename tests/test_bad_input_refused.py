"""Issue 16: hand edits that loaded silently, and bad input that was accepted.

Each hand edit must be one line naming the file and the key, and no writing command may write
on top of the broken folder. Each bad input must be refused in one line with nothing written.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Callable

import pytest
import tomli_w

from hostkit.cli import cli

from conftest import CLASSIC, Host, new_classic, snapshot


def edit(path: Path, change: Callable[[dict], None]) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")


@pytest.fixture
def played(tmp_path: Path) -> Host:
    """Night 1 (Fay killed), day 1 (Ann votes Bob from post 3, Dave eliminated), night 2 open."""
    new_classic(tmp_path / "game")
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("start-post", "3")
    host.ok("vote", "Ann", "Bob")
    host.ok("eliminate", "Dave", "--force")  # against the count (issue 13 refuses it without --force)
    return host


def _rename(a: str, b: str):
    def do(folder: Path) -> None:
        (folder / "phases" / a).rename(folder / "phases" / b)
    return do


def _swap(folder: Path) -> None:
    ph = folder / "phases"
    (ph / "002-day-1.toml").rename(ph / "tmp")
    (ph / "003-night-2.toml").rename(ph / "002-night-2.toml")
    (ph / "tmp").rename(ph / "003-day-1.toml")


def _phase(name: str, change: Callable[[dict], None]):
    return lambda folder: edit(folder / "phases" / name, change)


def _game(change: Callable[[dict], None]):
    return lambda folder: edit(folder / "game.toml", change)


def _vote(**kw):
    def change(d: dict) -> None:
        d["votes"][0].update(kw)
    return _phase("002-day-1.toml", change)


def _player(i: int, **kw):
    def change(d: dict) -> None:
        d["players"][i].update(kw)
    return _game(change)


# (id, the edit, the file named, a fragment of the one line)
HAND_EDITS = [
    ("renamed-out-of-order", _swap, "002-night-2.toml", "night 2 cannot be after night 1"),
    ("gap-in-phase-numbers", _rename("003-night-2.toml", "004-night-2.toml"), "004-night-2.toml", "003 is missing"),
    ("day-file-moved-to-the-end", _rename("002-day-1.toml", "999-day-1.toml"), "003-night-2.toml", "002 is missing"),
    ("deleted-night-file", lambda f: (f / "phases" / "001-night-1.toml").unlink(), "002-day-1.toml", "001 is missing"),
    ("night-without-end", _phase("001-night-1.toml", lambda d: d.pop("end")), "001-night-1.toml",
     "end: night 1 never ended, yet 002-day-1.toml follows"),
    ("last-phase-ended", _phase("003-night-2.toml", lambda d: d.update({"end": {"seq": 9}})), "003-night-2.toml",
     "end: night 2 ended"),
    ("number-disagrees-with-name", _phase("003-night-2.toml", lambda d: d.update(number=5)), "003-night-2.toml",
     "number: 5 disagrees with the file name"),
    ("kind-disagrees-with-name", _phase("003-night-2.toml", lambda d: d.update(phase="day")), "003-night-2.toml",
     "phase: 'day' disagrees"),
    ("bad-phase-file-name", _rename("003-night-2.toml", "003-night.toml"), "003-night.toml", "must look like"),
    ("vote-by-unknown", _vote(voter="Zed"), "002-day-1.toml", "votes[0].voter: unknown player 'Zed'"),
    ("vote-for-unknown", _vote(target="Zed"), "002-day-1.toml", "votes[0].target: unknown player 'Zed'"),
    ("vote-by-dead", _vote(voter="Fay"), "002-day-1.toml", "votes[0].voter: Fay was dead"),
    ("vote-for-dead", _vote(target="Fay"), "002-day-1.toml", "votes[0].target: Fay was dead"),
    ("removed-unknown-actor", _phase("003-night-2.toml", lambda d: d.update(
        removed=[{"seq": 7, "actor": "Zed", "ability": "Kill"}])), "003-night-2.toml", "removed[0].actor: unknown player"),
    ("vote-markup-purple", _game(lambda d: d.update(vote_markup=["purple"])), "game.toml", "vote_markup[0]: 'purple'"),
    ("weight-nan", _player(0, weight=math.nan), "game.toml", "players[0].weight: a vote weight must be a finite number"),
    ("weight-inf", _player(0, weight=math.inf), "game.toml", "players[0].weight: a vote weight must be a finite"),
    ("weight-negative", _player(0, weight=-2.0), "game.toml", "players[0].weight: a vote weight must be from 0"),
    ("start-post-negative", _phase("002-day-1.toml", lambda d: d.update(start_post=-3)), "002-day-1.toml",
     "start_post: a post number starts at 1"),
    ("after-post-zero", _vote(after_post=0), "002-day-1.toml", "votes[0].after_post: a post number starts at 1"),
    ("blank-name", _player(5, name="  "), "game.toml", "players[5].name: a name cannot be empty"),
    ("newline-in-name", _player(0, name="Ann\nBob"), "game.toml", "players[0].name 'Ann\\nBob': a name cannot contain a line break"),
    ("alias-is-another-name", _player(0, aliases=["Bob"]), "game.toml", "players[1]: 'Bob' is already the name or an alias of 'Ann'"),
    ("zero-width-twin", _player(7, name="Ha\u200bl"), "game.toml", "players[7].name 'Ha\\u200bl': a name cannot contain an invisible"),
    ("host-is-player", _game(lambda d: d.update(hosts=["ann"])), "game.toml", "hosts[0]: host 'ann' is also the player 'Ann'"),
    ("name-is-a-cli-word", _player(5, name="None"), "game.toml", "players[5].name 'None': 'none' is a word hostkit reads"),
]

WRITING = [["act", "Bob", "Kill", "Ann"], ["act", "--remove", "Bob"], ["resolve", "--force"], ["undo"], ["vote", "Ann", "Bob"],
           ["eliminate", "--none"], ["start-post", "4"], ["replace", "Ann", "Zoe"], ["shoot", "Eve", "Bob"],
           ["badge", "Ann", "Bob"], ["sheriff", "run", "Ann"]]


@pytest.mark.parametrize("name,change,file,fragment", HAND_EDITS, ids=[h[0] for h in HAND_EDITS])
def test_hand_edit_is_one_line_naming_file_and_key_and_nothing_writes(played, name, change, file, fragment):
    change(played.folder)
    before = snapshot(played.folder)
    result = played("status")
    assert result.exit_code == 1, result.output
    line = result.output.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line, line
    assert file in line and fragment in line, line
    for command in WRITING:
        result = played(*command)
        assert result.exit_code == 1, (command, result.output)
        assert file in result.output, (command, result.output)
        assert snapshot(played.folder) == before, f"{command} wrote on top of a broken folder"


def test_the_untouched_folder_loads(played):
    """The hand-edit table's baseline is a valid game (so each row fails for its own edit)."""
    played.ok("status")


# --------------------------------------------------------------------------- bad input

NEW = ["new", "{dir}", "--ruleset", "classic-werewolf", "--seed", "1"]
BASE = [x for a in CLASSIC for x in ("--assign", a)]
BAD_NEW = [
    ("weight-nan", ["--weight", "Ann=nan"], "--weight Ann=nan: a vote weight must be a finite number"),
    ("weight-inf", ["--weight", "Ann=inf"], "a vote weight must be a finite number"),
    ("weight-negative", ["--weight", "Ann=-1"], "a vote weight must be from 0 to 1000"),
    ("weight-1e308", ["--weight", "Ann=1e308"], "a vote weight must be from 0 to 1000, not 1e+308"),
    ("assigned-twice", ["--assign", "Ann=Villager"], "--assign 'Ann=Villager': Ann is already assigned Seer"),
    ("empty-player", ["--player", ""], "--player: a name cannot be empty or blank"),
    ("blank-player", ["--player", "   "], "--player: a name cannot be empty or blank"),
    ("blank-assign", ["--assign", " =Villager"], "--assign: a name cannot be empty or blank"),
    ("name-Skip", ["--assign", "Skip=Villager"], "'skip' is a word hostkit reads itself"),
    ("name-None", ["--assign", "None=Villager"], "'none' is a word hostkit reads itself"),
    ("name-none", ["--player", "none"], "'none' is a word hostkit reads itself"),
    ("alias-is-another-player", ["--alias", "Ann=Bob"], "'Bob' is already the name or an alias of 'Ann'"),
    ("alias-case-of-another", ["--alias", "Ann=BOB"], "'Bob' is already the name or an alias of 'Ann'"),
    ("host-is-player", ["--host", "ann"], "host 'ann' is also the player 'Ann'"),
    ("host-is-alias", ["--alias", "Ann=Annie", "--host", "Annie"], "host 'Annie' is also the player 'Ann'"),
    ("zero-width-twin", ["--assign", "A\u200bnn=Villager"], "a name cannot contain an invisible character (U+200B)"),
    ("fullwidth-twin", ["--assign", "\uff21nn=Villager"], "is already the name or an alias of"),
    ("newline-in-name", ["--assign", "Iv\ny=Villager"], "a name cannot contain a line break (U+000A)"),
    ("seed-beyond-64-bits", ["--seed", str(2**63)], "--seed: 9223372036854775808 does not fit in a 64-bit integer"),
    ("option-nan", ["--option", "sheriff-weight=nan"], "sheriff-weight must be a finite number"),
    ("option-beyond-64-bits", ["--option", f"no-elimination-offset={2**64}"], "does not fit in a 64-bit integer"),
]


@pytest.mark.parametrize("name,extra,fragment", BAD_NEW, ids=[b[0] for b in BAD_NEW])
def test_new_refuses_bad_input_and_writes_nothing(tmp_path, runner, name, extra, fragment):
    folder = tmp_path / "g"
    result = runner.invoke(cli, [a.replace("{dir}", str(folder)) for a in NEW] + BASE + extra)
    assert result.exit_code == 1, result.output
    assert len(result.output.strip().splitlines()) == 1 and fragment in result.output, result.output
    assert not folder.exists() or snapshot(folder) == {}


BAD_DAY = [
    ("after-post-negative", ["vote", "Ann", "Bob", "--after-post", "-5"], "--after-post: a post number starts at 1, not -5"),
    ("after-post-beyond-64-bits", ["vote", "Ann", "Bob", "--after-post", str(2**64)], "does not fit in a 64-bit integer"),
    ("start-post-negative", ["start-post", "--", "-5"], "a post number starts at 1, not -5"),
    ("start-post-zero", ["start-post", "0"], "a post number starts at 1, not 0"),
    ("start-post-beyond-64-bits", ["start-post", str(2**63)], "start-post: 9223372036854775808 does not fit"),
    ("replace-empty", ["replace", "Ann", ""], "replace: a name cannot be empty or blank"),
    ("replace-blank", ["replace", "Ann", "  "], "replace: a name cannot be empty or blank"),
    ("replace-with-Skip", ["replace", "Ann", "Skip"], "'skip' is a word hostkit reads itself"),
    ("replace-with-none", ["replace", "Ann", "none"], "'none' is a word hostkit reads itself"),
    ("replace-with-newline", ["replace", "Ann", "Zo\ne"], "a name cannot contain a line break"),
    ("replace-with-zero-width-twin", ["replace", "Ann", "Bo\u200bb"], "a name cannot contain an invisible character"),
    ("replace-with-host", ["replace", "Ann", "mod"], "'mod' is a host of this game"),
]


@pytest.mark.parametrize("name,args,fragment", BAD_DAY, ids=[b[0] for b in BAD_DAY])
def test_day_commands_refuse_bad_input(tmp_path, name, args, fragment):
    new_classic(tmp_path / "game", hosts=["Mod"])
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    out = host.refused(*args)
    assert fragment in out, out


def test_unknown_ability_is_named_not_counted_as_a_target(classic):
    out = classic.refused("act", "Ann", "Chek", "Bob")
    assert "has no ability 'Chek'" in out and "'Check'" in out and "target(s)" not in out, out
    # a misspelt single target is still a player's name, suggested as one
    out = classic.refused("act", "Ann", "Bobb")
    assert "unknown player 'Bobb'" in out and "'Bob'" in out, out
