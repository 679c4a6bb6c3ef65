"""Red-team regressions for issue 13 (the day): what a careless host, a rules lawyer or a hostile
player typed through the CLI, or wrote by hand into a day's phase file, and hostkit got wrong.
Ids carry the seed section (natural-resolution.md II: innate actions, "you may use an
additional ...") or the house rule (bad input: one line naming the file and key, exit 1)."""

from __future__ import annotations

import pytest

from conftest import Host
from hostkit.game import create

PLAYERS = ["Ann=Cop", "Bob=Goon", "Cy=Doctor", "Dee=Villager", "Eve=Vigilante", "Fay=Villager"]


def natural_day1(tmp_path, options=("ita-shots=1",)) -> Host:
    folder = tmp_path / "g"
    create(folder, ruleset="natural", seed=3, assign=list(PLAYERS), options=list(options))
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("args, said", [
    (("--uses", "100000000000000000000"), "from -1000 to 1000"),   # no TOML integer holds it
    (("--uses", "0"), "not 0"),
    (("--uses", "-2"), "cannot take away 2"),
    (("--accuracy", "nan"), "between 0 and 1"),
    (("--accuracy", "1.01"), "between 0 and 1"),
], ids=["natural-II-innate-grant-uses-out-of-range", "natural-II-innate-grant-uses-zero",
        "natural-II-innate-grant-below-zero-uses", "natural-II-innate-grant-accuracy-nan",
        "natural-II-innate-grant-accuracy-above-1"])
def test_natural_II_grant_bad_numbers_refused_nothing_written(tmp_path, args, said):
    host = natural_day1(tmp_path)
    assert said in host.refused("grant", "Ann", "ITA Shot", *args)


@pytest.mark.parametrize("edit, said", [
    (('uses = 2', 'uses = "x"'), "events[0]: uses (--uses) must be a whole number, got 'x'"),
    (('uses = 2', 'uses = 2.5'), "events[0]: uses (--uses) must be a whole number, got 2.5"),
    (('uses = 2', 'uses = true'), "events[0]: uses (--uses) must be a whole number, got True"),
    (('uses = 2', 'uses = 0'), "events[0]: uses (--uses) must be a whole number from -1000 to 1000, not 0"),
    (('uses = 2', 'uses = -9'), "events[0]: Ann has 1 ITA Shot use(s) left: cannot take away 9"),
    (('accuracy = 0.4', 'accuracy = 7'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got 7"),
    (('accuracy = 0.4', 'accuracy = "a"'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got 'a'"),
    (('accuracy = 0.4', 'accuracy = nan'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got nan"),
], ids=["house-rule-hand-edit-grant-uses-text", "house-rule-hand-edit-grant-uses-fraction",
        "house-rule-hand-edit-grant-uses-bool", "house-rule-hand-edit-grant-uses-zero",
        "house-rule-hand-edit-grant-uses-below-zero", "house-rule-hand-edit-grant-accuracy-7",
        "house-rule-hand-edit-grant-accuracy-text", "house-rule-hand-edit-grant-accuracy-nan"])
def test_natural_II_hand_edited_grant_is_reported_with_file_and_key(tmp_path, edit, said):
    """A grant's data edited by hand was read with int()/float(): a traceback, or a negative
    count of shots, or an accuracy of 7 taken silently. Now one line naming the file and key."""
    host = natural_day1(tmp_path)
    host.ok("grant", "Ann", "ITA Shot", "--uses", "2")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "0.4")
    day_file = sorted((host.folder / "phases").glob("*day-1.toml"))[0]
    text = day_file.read_text()
    assert edit[0] in text
    day_file.write_text(text.replace(edit[0], edit[1]))
    result = host("status")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert f"{day_file}: {said}" in result.output
