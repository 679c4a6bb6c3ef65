"""Issue 31: a hand-edited game folder is checked like everything else, one line naming the file.

Deep nesting (arrays, inline tables, dotted keys) was a RecursionError traceback; an option
written as a string ("no", "false") acted as true; a player renamed in game.toml but not in the
phase files kept loading (their votes dropped to a host-only note); a night's `deaths = "Fay"`
was read as the deaths F, a, y; a night's `[end]` took an `eliminated`.
"""

from __future__ import annotations

import pytest

from conftest import Host

DEEP = {
    "arrays": "deep = " + "[" * 2000 + "]" * 2000,
    "inline-tables": "deep = " + "{a = " * 2000 + "1" + "}" * 2000,
    "dotted-keys": "deep." + ".".join(["a"] * 2000) + " = 1",
    "arrays-that-parse": "deep = " + "[" * 200 + "]" * 200,
}


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
@pytest.mark.parametrize("where", ["game.toml", "phases/001-night-1.toml", "options"])
def test_deep_nesting_is_one_line_naming_the_file(classic, text, where):
    path = classic.folder / (where if where != "options" else "game.toml")
    old = path.read_text()
    path.write_text(text + "\n" + old if where != "options" else old.replace("[options]\n", "[options]\n" + text + "\n"))
    out = classic.refused("status")
    assert path.name in out and "deep" in out


@pytest.mark.parametrize("depth", [20, 900], ids=["past-the-limit", "parses-then-recursed"])
def test_deep_nesting_where_the_schema_takes_any_value_is_refused(classic, depth):
    """The third kind: nested values the schema accepts (a night's [end.published]), which
    tomllib reads at 900 levels and the later steps recursed on (a RecursionError on status)."""
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("resolve", "--force")
    night = classic.folder / "phases" / "001-night-1.toml"
    night.write_text(night.read_text().replace("[end.published]\n", "[end.published]\nx = " + "[" * depth
                                               + "]" * depth + "\n"))
    out = classic.refused("status")
    assert "001-night-1.toml" in out and "nested" in out and ("end.published.x" in out or depth > 100)


@pytest.mark.parametrize("line,key", [('public-thresholds = "no"', "public-thresholds"),
                                      ('count-marker = "false"', "count-marker"),
                                      ('ita-accuracy = "0.5"', "ita-accuracy")],
                         ids=["public-thresholds-no", "count-marker-false", "number-as-string"])
def test_an_option_written_as_a_string_is_refused_not_true(tmp_path, runner, line, key):
    from hostkit.cli import cli

    folder = tmp_path / "g"
    args = ["new", str(folder), "--ruleset", "natural", "--seed", "1", "--assign", "Ann=Cop", "--assign", "Bob=Goon",
            "--assign", "Cy=Villager", "--assign", "Dee=Villager", "--loved", "Cy"]
    assert runner.invoke(cli, args).exit_code == 0
    host = Host(folder)
    path = folder / "game.toml"
    text = path.read_text()
    assert "[options]" in text
    path.write_text(text.replace("[options]\n", "[options]\n" + line + "\n"))
    out = host.refused("status")
    assert f"options.{key}" in out and "string" in out


def _day_with_votes(host: Host) -> None:
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    host.ok("vote", "Bob", "Ann")


def test_a_player_renamed_in_game_toml_but_not_in_the_phase_files_is_refused(classic):
    _day_with_votes(classic)
    path = classic.folder / "game.toml"
    path.write_text(path.read_text().replace('name = "Ann"', 'name = "Anna"'))
    out = classic.refused("status")
    assert "002-day-1.toml" in out and "'Ann'" in out and "votes[" in out


def test_a_replaced_player_keeps_their_record(classic):
    """`hostkit replace` keeps the old name in `previous`: the record stays readable."""
    _day_with_votes(classic)
    classic.ok("replace", "Ann", "Zoe")
    assert "Zoe" in classic.ok("status")


def test_a_nights_published_deaths_must_be_a_list(classic):
    _day_with_votes(classic)
    night = classic.folder / "phases" / "001-night-1.toml"
    text = night.read_text()
    assert 'deaths = [\n    "Fay",\n]' in text
    night.write_text(text.replace('deaths = [\n    "Fay",\n]', 'deaths = "Fay"'))
    out = classic.refused("status")
    assert "001-night-1.toml" in out and "end.published.deaths" in out


def test_a_night_end_with_an_elimination_is_refused(classic):
    _day_with_votes(classic)
    night = classic.folder / "phases" / "001-night-1.toml"
    night.write_text(night.read_text().replace("[end]\n", '[end]\neliminated = "Hal"\n'))
    out = classic.refused("status")
    assert "001-night-1.toml" in out and "end.eliminated" in out
