"""The host's judgements in a running game (issue 28): paranormal's max-day could be set only by
editing game.toml, and its warning repeated on every status until then. `hostkit option
max-day=N` sets it, the warning says so, and a value that reaches into the past is refused."""

from __future__ import annotations

import pytest

from conftest import Host
from hostkit.game.game import create

PARA = ["Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Vigilante", "Fay=Townie", "Gus=Townie"]


@pytest.fixture
def para(tmp_path) -> Host:
    create(tmp_path / "g", ruleset="paranormal", seed=1, assign=PARA)
    return Host(tmp_path / "g")


def test_the_max_day_warning_names_the_command_that_sets_it(para):
    """Seed General Rules: 'The Game will have a set Maximum game-day'."""
    assert "set it with 'hostkit option max-day=N'" in para.ok("status")
    assert "options.max-day" not in para.ok("status")


def test_option_max_day_sets_it_and_the_warning_stops(para):
    assert "option max-day: 0 -> 4" in para.ok("option", "max-day=4")
    status = para.ok("status")
    assert "no maximum game day is set" not in status
    assert 'max-day = 4' in (para.folder / "game.toml").read_text()
    assert para.game.setup.options["max-day"] == 4


def test_a_max_day_already_over_is_refused(para):
    para.ok("act", "Bob", "Kill", "Ann")
    para.ok("resolve", "--force")
    para.ok("eliminate", "Cy", "--force")
    para.ok("act", "Bob", "Kill", "Dee")
    para.ok("resolve", "--force")  # day 2
    assert "day 1 is over" in para.refused("option", "max-day=1")
    assert "option max-day: 0 -> 2" in para.ok("option", "max-day=2")  # today is the last day: allowed


@pytest.mark.parametrize("setting, words", [
    ("flip=none", "fixed when the game was created"),
    ("max-dya=3", "did you mean 'max-day'"),
    ("max-day=x", "takes int values"),
    ("max-day=-1", "must be 0 or more"),
    ("max-day", "must look like NAME=VALUE"),
], ids=["other-option", "typo", "not-a-number", "negative", "no-value"])
def test_a_bad_option_is_one_line_and_writes_nothing(para, setting, words):
    assert words in para.refused("option", setting)


def test_the_mind_stealer_goal_is_set_before_the_role_pm_goes_out(tmp_path):
    create(tmp_path / "g", ruleset="paranormal", seed=1, assign=PARA[:-1] + ["Gus=Harvester (Mind Stealer)"])
    host = Host(tmp_path / "g")
    assert "'hostkit option mind-stealer-goal=N'" in host.ok("status")
    host.ok("option", "mind-stealer-goal=5")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    assert "told the goal and the points in the role PM" in host.refused("option", "mind-stealer-goal=6")
