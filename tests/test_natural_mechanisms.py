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


# --------------------------------------------------------------------------- III: vote weight

PATRON = '''
[Patron]
alignment = "Town"
summary = "Each night, give a player one more vote on the next day."
[[Patron.abilities]]
name = "Endorse"
self = true
category = "misc"
effects = [{ effect = "vote-weight", add = 1 }]

[Silencer]
alignment = "Mafia"
faction = "Mafia"
knows_faction = true
summary = "Once, set a player's vote to count for nothing for two days."
[[Silencer.abilities]]
name = "Muffle"
uses = 1
category = "misc"
effects = [{ effect = "vote-weight", set = 0, days = 2 }]
'''


def _wagon(host: Host, target: str) -> float:
    """The weighted total on TARGET's wagon, which Ann's vote is on."""
    count = json.loads(host.ok("votes", "--json"))
    wagon = next(w for w in count["wagons"] if w["target"] == target)
    assert "Ann" in wagon["voters"]
    return wagon["votes"]


def test_natural_III_an_effect_that_modifies_vote_weight_holds_for_the_next_day(tmp_path):
    """'Property Changing — ... modifying vote weight': a Patron's Endorse adds one to the target's
    vote on the next day only; the target is told, privately ('Additional Vote Weight is always
    private')."""
    host = game(tmp_path, players=["Pa=Patron", "Si=Silencer", "Go=Goon", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"], roles=PATRON)
    host.ok("act", "Pa", "Endorse", "Ann")
    host.ok("resolve", "--force")
    assert "Your vote weighs 1 more on the next day." in host.ok("pm", "--night", "1", "Ann")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 2.0
    host.ok("eliminate", "--none", "--force")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 1.0  # day 2: the change held for one day


def test_natural_III_a_vote_weight_set_to_nothing_for_two_days(tmp_path):
    """A change may set the weight (`set = 0`: the vote counts for nothing) for `days` days."""
    host = game(tmp_path, players=["Pa=Patron", "Si=Silencer", "Go=Goon", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"], roles=PATRON)
    host.ok("act", "Si", "Muffle", "Ann")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 0.0
    host.ok("eliminate", "--none", "--force")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 0.0
    host.ok("eliminate", "--none", "--force")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 1.0
