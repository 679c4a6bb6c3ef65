"""natural's mechanisms that a host's own roles may use (seed natural-resolution.md, sections I-V):
actions with no prefix, inspections of ability kinds, vote weight, Communication, the
Accelerator and Guilds. Each is one custom role of a game's roles.toml, played through the CLI
as a host types it, or a table on the engine; ids and names carry the seed section."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from hostkit.game import create

ROLES = '''
[Watchman]
alignment = "Town"
summary = "Once each phase, day or night, watch a player."
[[Watchman.abilities]]
name = "Watch"
phase = "any"
category = "inspect"
effects = [{ effect = "observe", mode = "watch" }]
'''

PLAYERS = ["Wa=Watchman", "Go=Goon", "Ann=Villager", "Bea=Villager", "Cy=Villager", "Dee=Villager",
           "Eve=Villager"]


def game(tmp_path, players=PLAYERS, roles=ROLES, options=()) -> Host:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(roles)
    create(folder, ruleset="natural", seed=7, assign=list(players), options=list(options))
    return Host(folder)


def status(host: Host) -> dict[str, dict]:
    return {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}


# --------------------------------------------------------------------------- II: no prefix


def test_natural_II_an_action_with_no_prefix_may_be_used_once_each_phase(tmp_path):
    """'An action that does not have a prefix (e.g. "Action — Tag-1 Tag-2…") may be used once each
    Phase': `phase = "any"` is usable at night and by day, once in each; a second entry in one
    phase replaces the first, and the night's use does not use up the day's."""
    host = game(tmp_path)
    host.ok("act", "Wa", "Watch", "Ann")
    assert "replaces" in host.ok("act", "Wa", "Watch", "Bea")
    host.ok("act", "Go", "Kill", "Bea")
    out = host.ok("resolve", "--force")
    assert "Wa (Watch on Bea): Go" in out
    host.ok("act", "Wa", "Watch", "Cy")  # day 1: usable again, by day
    out = host.ok("eliminate", "--none")
    assert "Wa (Watch on Cy)" in out


def test_natural_II_no_prefix_tag_line_says_once_each_phase(tmp_path):
    """The role PM's tag line of an action with no prefix says when it may be used."""
    host = game(tmp_path)
    assert "Once each phase, day or night" in host.ok("pm", "Wa")


# --------------------------------------------------------------------------- III: the kinds of a target's actions

ANALYST = '''
[Analyst]
alignment = "Town"
summary = "Each night, inspect the kinds of a player's actions."
[[Analyst.abilities]]
name = "Analyse"
category = "inspect"
effects = [{ effect = "inspect", what = "kinds" }]
'''


@pytest.mark.parametrize("role, seen", [
    ("Poisoner", "a state-changing action|a killing action"),  # its Poison is a tag; the faction's kill
    ("Doctor", "a protection action"),
    ("Cop", "an inspection action"),
    ("Villager", "no actions"),
    ("Veteran", "a killing and protection action"),
], ids=["poison-is-not-killing", "doctor", "cop", "vanilla", "veteran-alert-lists-each-kind-once"])
def test_natural_III_an_inspection_of_the_kinds_of_a_targets_actions(tmp_path, role, seen):
    """'An inspection action that lets a player learn the kind (effects) of actions their target
    has would not see a Poison action or Douse as killing.' 'If an effect lets you learn the kind
    (effects) of an ability, we will be as specific as possible, and list each different kind of
    effects present ... If it has multiple effects of the same kind, we will still only list it
    once.'"""
    host = game(tmp_path, players=["An=Analyst", f"Tg={role}", "Go=Goon", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Dee=Villager"], roles=ANALYST)
    host.ok("act", "An", "Analyse", "Tg")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    result = next(r["result"] for r in out["results"] if r["player"] == "An")
    assert "|".join(result if isinstance(result, list) else [result]) == seen
