"""Issue 13: natural's rows that concern entering actions (seed natural-resolution.md II and IV),
through the CLI. Test ids name the seed section."""

from __future__ import annotations

import json

from conftest import Host
from hostkit.game import create


def natural(tmp_path, assign, options=()) -> Host:
    create(tmp_path / "g", ruleset="natural", seed=1, assign=list(assign), options=list(options))
    return Host(tmp_path / "g")


NIGHT = ["Red=Redirector", "Rob=Goon", "Vig=Vigilante", "Doc=Doctor", "Cy=Villager", "Dee=Villager"]


def test_SPEC_act_the_ability_left_out_is_the_one_that_takes_that_many_targets(tmp_path):
    host = natural(tmp_path, NIGHT)
    assert "recorded Red: Redirect Rob, Vig" in host.ok("act", "Red", "Rob", "Vig")
    assert "recorded Red: Kill Vig" in host.ok("act", "Red", "Vig")


def test_SPEC_act_a_skip_goes_to_the_actor_s_own_ability(tmp_path):
    host = natural(tmp_path, NIGHT)
    assert "recorded Red: Redirect (skip)" in host.ok("act", "Red", "skip")


def test_SPEC_act_several_fitting_abilities_are_named(tmp_path):
    host = natural(tmp_path, NIGHT)
    # no ability takes 3 targets: the actor's own one is meant, and its target rule is named
    assert "Red (Redirector) Redirect takes 2 target(s), got 3" in host.refused("act", "Red", "Rob", "Vig", "Cy")


def test_II_a_night_ability_entered_by_day_names_the_prefix_rule(tmp_path):
    host = natural(tmp_path, NIGHT)
    host.ok("resolve", "--force")
    out = host.refused("act", "Doc", "Cy")
    assert "0 abilities" not in out
    assert "Doc (Doctor) has no ability usable in day 1: Protect is usable only at night" in out
