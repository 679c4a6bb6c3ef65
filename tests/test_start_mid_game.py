"""A game moved to hostkit mid-way starts at its phase (issue 28): `new --start day:4` (or
night:3) numbers its days and counts from there (Vote Count 4.01, never 1.01), and the phases
after it follow the ruleset's numbering."""

from __future__ import annotations

import json

import pytest

from conftest import Host, snapshot
from click.testing import CliRunner
from hostkit.cli import cli

NATURAL = ["--assign", "Ann=Goon", "--assign", "Bob=Villager", "--assign", "Cy=Villager", "--assign", "Dee=Villager",
           "--assign", "Eve=Villager"]


def _new(tmp_path, *args: str) -> Host:
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "g"), "--ruleset", "natural", *NATURAL, "--seed", "1",
                                      *args])
    assert result.exit_code == 0, result.output
    return Host(tmp_path / "g")


def _phase(host: Host) -> tuple[str, int]:
    data = json.loads(host.ok("status", "--json"))
    return data["phase"], data["number"]


def test_a_game_started_at_day_4_numbers_its_count_4_01_and_goes_on_to_night_5(tmp_path):
    host = _new(tmp_path, "--start", "day:4")
    assert _phase(host) == ("day", 4)
    host.ok("vote", "Bob", "Ann")
    assert "[b]Vote Count 4.01 (preview)[/b]" in host.ok("votes")
    host.ok("eliminate", "--none", "--force")
    assert _phase(host) == ("night", 5)
    host.ok("act", "Ann", "Kill", "Bob")
    host.ok("resolve", "--force")
    assert _phase(host) == ("day", 5)
    assert sorted(p.name for p in (host.folder / "phases").iterdir()) == [
        "001-day-4.toml", "002-night-5.toml", "003-day-5.toml"]


@pytest.mark.parametrize("start", ["night:3", "night 3", "Night-3"])
def test_a_game_started_at_night_3_resolves_into_day_3(tmp_path, start):
    host = _new(tmp_path, "--start", start)
    assert _phase(host) == ("night", 3)
    host.ok("act", "Ann", "Kill", "Bob")
    out = host.ok("resolve", "--force")
    assert "Night 3" in out and _phase(host) == ("day", 3)


def test_a_game_with_night_0_numbering_started_at_day_2_goes_on_to_night_2(tmp_path):
    host = _new(tmp_path, "--option", "start=night-0", "--start", "day:2")
    assert _phase(host) == ("day", 2)
    host.ok("eliminate", "--none", "--force")
    assert _phase(host) == ("night", 2)


@pytest.mark.parametrize("start, words", [("dusk:3", "give the phase the game is at"), ("day:0", "numbered from 1"),
                                          ("4", "day:N or night:N")], ids=["word", "day-0", "number-only"])
def test_a_bad_start_is_one_line_and_writes_nothing(tmp_path, start, words):
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "g"), "--ruleset", "natural", *NATURAL, "--start", start])
    assert result.exit_code == 1 and words in result.output and len(result.output.strip().splitlines()) == 1
    assert snapshot(tmp_path / "g") == {}


def test_a_hand_edited_start_is_refused_with_file_and_key(tmp_path):
    host = _new(tmp_path, "--start", "day:4")
    game_toml = host.folder / "game.toml"
    game_toml.write_text(game_toml.read_text().replace('start = "day 4"', 'start = "noon"'))
    out = host.refused("status")
    assert str(game_toml) in out and "start" in out
