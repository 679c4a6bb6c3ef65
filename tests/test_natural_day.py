"""Issue 13: natural's rows that concern entering actions (seed natural-resolution.md II and IV),
through the CLI. Test ids name the seed section."""

from __future__ import annotations

import json

from conftest import Host
from hostkit.game.game import create


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


# ---------------------------------------------------------------- IV: allied means confirmed

ROLES = '''
[Courier]
alignment = "Town"
summary = "Each night, pass a note to an allied player, or shove an unallied one."

[[Courier.abilities]]
name = "Note"
allied = "allied"
category = "misc"
effects = [{ effect = "protect", kinds = ["mafia"] }]

[[Courier.abilities]]
name = "Shove"
allied = "unallied"
category = "misc"
effects = [{ effect = "protect", kinds = ["shot"] }]
'''
IV = ["Cou=Courier", "Cy=Villager", "Dee=Villager", "Rob=Goon", "Vig=Vigilante"]


def allied_game(tmp_path) -> Host:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(ROLES)
    return natural(tmp_path, IV)


def test_IV_an_unconfirmed_player_of_the_same_alignment_is_unallied(tmp_path):
    host = allied_game(tmp_path)
    assert "Cy is not an allied player" in host.refused("act", "Cou", "Note", "Cy")
    host.ok("act", "Cou", "Shove", "Cy")


def test_IV_confirmed_to_you_or_publicly_makes_allied(tmp_path):
    host = allied_game(tmp_path)
    assert "Cy's alignment is confirmed to Vig." in host.ok("confirm", "Cy", "--to", "Vig")
    assert "Cy is not an allied player" in host.refused("act", "Cou", "Note", "Cy")  # confirmed to another
    host.ok("confirm", "Cy", "--to", "Cou")
    host.ok("act", "Cou", "Note", "Cy")
    assert "Cy is an allied player" in host.refused("act", "Cou", "Shove", "Cy")
    assert "Dee's alignment is confirmed publicly." in host.ok("confirm", "Dee")
    host.ok("act", "Cou", "Note", "Dee")
    assert "already publicly confirmed" in host.refused("confirm", "Dee")


def test_IV_a_confirmed_player_of_another_alignment_stays_unallied(tmp_path):
    host = allied_game(tmp_path)
    host.ok("confirm", "Rob", "--to", "Cou")  # Cou alignment-checked Rob: Mafia
    assert "Rob is not an allied player" in host.refused("act", "Cou", "Note", "Rob")
    host.ok("act", "Cou", "Shove", "Rob")


def test_IV_FAQ_allied_is_judged_when_the_action_is_submitted(tmp_path):
    """'We only care if it's true when you submitted the action': an unallied action entered
    before the target is confirmed stays valid, on replay too, and resolves normally."""
    host = allied_game(tmp_path)
    host.ok("act", "Cou", "Shove", "Cy")
    host.ok("confirm", "Cy")
    acts = json.loads(host.ok("actions", "--json"))["actions"]
    assert [(a["ability"], a["targets"]) for a in acts] == [("Shove", ["Cy"])]
    host.ok("act", "Vig", "Shoot", "Cy")
    data = json.loads(host.ok("resolve", "--force", "--json"))
    assert data["deaths"] == [] and data["saved"] == [{"player": "Cy", "by": ["Courier"]}]
    # a new entry after the confirmation is judged on it
    host.ok("eliminate", "--none")
    assert "Cy is an allied player" in host.refused("act", "Cou", "Shove", "Cy")


# ---------------------------------------------------------------- V: a redirected investigation


def test_V_a_redirected_investigation_says_so_in_the_result_row(tmp_path):
    """Cop checks Rob (a Goon) and is redirected to Cy: the row says Town, and that the Cop was
    redirected (not to whom), so the host never reads 'Rob: Town'."""
    host = natural(tmp_path, ["Red=Redirector", "Cop=Cop", "Rob=Goon", "Cy=Villager", "Dee=Villager"])
    host.ok("act", "Red", "Redirect", "Cop", "Cy")
    host.ok("act", "Cop", "Investigate", "Rob")
    data = json.loads(host.ok("resolve", "--dry-run", "--json"))
    row = next(r for r in data["results"] if r["player"] == "Cop")
    assert (row["target"], row["result"]) == ("Rob", "Town")
    assert "redirected" in row["note"] and "Cy" not in row["note"]
    text = host.ok("resolve", "--dry-run")
    line = next(x for x in text.splitlines() if "result: Cop" in x)
    assert "redirected" in line and "Cy" not in line
    unredirected = natural(tmp_path / "2", ["Cop=Cop", "Rob=Goon", "Cy=Villager", "Dee=Villager"])
    unredirected.ok("act", "Cop", "Investigate", "Rob")
    row = json.loads(unredirected.ok("resolve", "--dry-run", "--json"))["results"][0]
    assert "note" not in row and row["result"] == "Mafia"
