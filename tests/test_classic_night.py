"""classic-werewolf's four night phases and NightResolution (seed classic-werewolf.md).

Refusals go through the CLI: exit 1, one line naming the rule, the folder unchanged.
Resolutions are checked on the core (Game.resolve), table-driven.
"""

from __future__ import annotations

import json

import pytest

from hostkit.game.game import Game

# (id, actions entered first, the refused command, a fragment of the refusal)
REFUSALS = [
    # WerewolfAction
    ("WerewolfAction-validation-dead-target", [], ["act", "Bob", "Kill", "Zed"], "unknown player 'Zed'"),
    ("WerewolfAction-inv2-living-target", "kill-fay-night1", ["act", "Bob", "Kill", "Fay"],
     "Fay has been eliminated. Choose a living player."),
    ("WerewolfAction-inv4-actor-must-be-werewolf", [], ["act", "Ann", "Kill", "Bob"],
     "Ann (Seer) has no ability 'Kill'"),
    ("WerewolfAction-inv4-actor-must-be-living", "kill-bob-night1", ["act", "Bob", "Kill", "Ann"],
     "Bob is dead: dead players cannot act"),
    ("WerewolfAction-inv5-sequencing-kill-before-antidote", [], ["act", "Carol", "Antidote", "Fay"],
     "Target must be the werewolves' kill target"),
    # WitchAction
    ("WitchAction-validation-antidote-wrong-target", [["Bob", "Kill", "Fay"]], ["act", "Carol", "Antidote", "Hal"],
     "Target must be the werewolves' kill target: Hal is not."),
    ("WitchAction-inv1-single-potion", [["Bob", "Kill", "Fay"], ["Carol", "Antidote", "Fay"]],
     ["act", "Carol", "Poison", "Gus"], "At most one potion a night: the Witch already used the Antidote"),
    ("WitchAction-inv1-single-potion-other-way", [["Bob", "Kill", "Fay"], ["Carol", "Poison", "Gus"]],
     ["act", "Carol", "Antidote", "Fay"], "At most one potion a night: the Witch already used the Poison"),
    ("WitchAction-inv2-antidote-requires-kill", [["Bob", "Kill", "skip"]], ["act", "Carol", "Antidote", "Fay"],
     "Target must be the werewolves' kill target"),
    ("WitchAction-inv3-antidote-not-self", [["Bob", "Kill", "Carol"]], ["act", "Carol", "Antidote", "Carol"],
     "The Witch cannot use the antidote on herself."),
    ("WitchAction-validation-poison-dead", "kill-fay-night1", ["act", "Carol", "Poison", "Fay"],
     "Target must be alive: Fay is dead."),
    ("WitchAction-validation-antidote-used", "antidote-used-night1", ["act", "Carol", "Antidote", "Hal"],
     "The antidote is used up."),
    ("WitchAction-validation-poison-used", "poison-used-night1", ["act", "Carol", "Poison", "Hal"],
     "The poison is used up."),
    ("WitchAction-inv6-witch-alive", "kill-carol-night1", ["act", "Carol", "Poison", "Bob"],
     "Carol is dead: dead players cannot act"),
    # GuardAction
    ("GuardAction-inv1-unique-target", "guard-ann-night1", ["act", "Dave", "Guard", "Ann"],
     "Cannot guard the same person on consecutive nights: Ann was guarded last night."),
    ("GuardAction-inv3-target-living", "kill-fay-night1", ["act", "Dave", "Guard", "Fay"],
     "Cannot guard an eliminated player: Fay is dead."),
    ("GuardAction-inv4-one-target", [], ["act", "Dave", "Guard", "Ann", "Hal"], "takes 1 target(s), got 2"),
    # SeerAction
    ("SeerAction-inv3-no-self-check", [], ["act", "Ann", "Check", "Ann"], "You cannot check your own identity."),
    ("SeerAction-inv2-target-living", "kill-fay-night1", ["act", "Ann", "Check", "Fay"],
     "Cannot query dead players: Fay is dead."),
    ("SeerAction-validation-no-skip", [], ["act", "Ann", "Check", "skip"], "The Seer cannot skip"),
    ("SeerAction-inv1-seer-alive", "kill-ann-night1", ["act", "Ann", "Check", "Bob"],
     "Ann is dead: dead players cannot act"),
]

# Histories that bring the game to night 2 (each ends the day with no elimination).
HISTORIES = {
    "kill-fay-night1": [["Bob", "Kill", "Fay"]],
    "kill-bob-night1": [["Carol", "Poison", "Bob"]],
    "kill-carol-night1": [["Bob", "Kill", "Carol"]],
    "kill-ann-night1": [["Bob", "Kill", "Ann"]],
    "antidote-used-night1": [["Bob", "Kill", "Fay"], ["Carol", "Antidote", "Fay"]],
    "poison-used-night1": [["Carol", "Poison", "Hal"]],
    "guard-ann-night1": [["Dave", "Guard", "Ann"]],
}


def enter(host, actions) -> None:
    for a in actions:
        host.ok("act", *a)


def to_night2(host, history: str) -> None:
    enter(host, HISTORIES[history])
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")


@pytest.mark.parametrize("before,command,message", [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_night_rule_refused(classic, before, command, message):
    if isinstance(before, str):
        to_night2(classic, before)
    else:
        enter(classic, before)
    out = classic.refused(*command)
    assert message in out


# (id, actions, deaths {player: kind}, saved {player: [by]})
RESOLUTIONS = [
    ("NightResolution-step1-werewolf-kill", [["Bob", "Kill", "Fay"]], {"Fay": "werewolf"}, {}),
    ("NightResolution-step2-antidote-saves", [["Bob", "Kill", "Fay"], ["Carol", "Antidote", "Fay"]], {},
     {"Fay": ["Witch"]}),
    ("NightResolution-step3-guard-saves", [["Bob", "Kill", "Fay"], ["Dave", "Guard", "Fay"]], {}, {"Fay": ["Guard"]}),
    ("NightResolution-step4-poison-kills", [["Carol", "Poison", "Hal"]], {"Hal": "poison"}, {}),
    ("NightResolution-inv2-poison-ignores-guard", [["Carol", "Poison", "Hal"], ["Dave", "Guard", "Hal"]],
     {"Hal": "poison"}, {}),
    ("NightResolution-inv3-double-protection", [["Bob", "Kill", "Fay"], ["Carol", "Antidote", "Fay"],
                                                ["Dave", "Guard", "Fay"]], {}, {"Fay": ["Witch", "Guard"]}),
    ("NightResolution-inv4-cause-records-truth", [["Bob", "Kill", "Eve"], ["Carol", "Poison", "Hal"]],
     {"Eve": "werewolf", "Hal": "poison"}, {}),
    # Issue 13: bitten and poisoned, Hal died of the poison (NightResolution step 4 adds it over the kill).
    ("NightResolution-inv5-no-duplicate-deaths-inv4-poison-recorded", [["Bob", "Kill", "Hal"],
                                                                       ["Carol", "Poison", "Hal"]],
     {"Hal": "poison"}, {}),
    ("NightResolution-inv6-guard-poisoned-still-protects", [["Bob", "Kill", "Fay"], ["Dave", "Guard", "Fay"],
                                                            ["Carol", "Poison", "Dave"]], {"Dave": "poison"},
     {"Fay": ["Guard"]}),
    ("WerewolfAction-skip-allowed", [["Bob", "Kill", "skip"]], {}, {}),
    ("WerewolfAction-self-knife-allowed", [["Bob", "Kill", "Gus"]], {"Gus": "werewolf"}, {}),
    ("WerewolfAction-inv3-single-kill-last-entry-wins", [["Bob", "Kill", "Fay"], ["Gus", "Kill", "Hal"]],
     {"Hal": "werewolf"}, {}),
    ("GuardAction-inv2-self-protection", [["Bob", "Kill", "Dave"], ["Dave", "Guard", "Dave"]], {}, {"Dave": ["Guard"]}),
    ("WitchAction-poison-self-allowed", [["Carol", "Poison", "Carol"]], {"Carol": "poison"}, {}),
    ("WitchAction-poison-werewolf-allowed", [["Carol", "Poison", "Gus"]], {"Gus": "poison"}, {}),
    ("WitchAction-pass", [["Bob", "Kill", "Fay"], ["Carol", "Antidote", "skip"]], {"Fay": "werewolf"}, {}),
]


@pytest.mark.parametrize("actions,deaths,saved", [r[1:] for r in RESOLUTIONS], ids=[r[0] for r in RESOLUTIONS])
def test_night_resolution(classic, actions, deaths, saved):
    game = classic.game
    for actor, ability, target in actions:
        game.act(actor, ability, [target])
        game = Game.load(classic.folder)
    outcome = game.resolve(dry_run=True)
    assert {d.player: d.kind for d in outcome.deaths} == deaths
    assert {s.player: list(s.by) for s in outcome.saved} == saved
    assert len({d.player for d in outcome.deaths}) == len(outcome.deaths)


@pytest.mark.parametrize("target,result", [("Bob", "WEREWOLF"), ("Gus", "WEREWOLF"), ("Carol", "GOOD"),
                                           ("Dave", "GOOD"), ("Eve", "GOOD"), ("Fay", "GOOD")],
                         ids=["werewolf", "werewolf-2", "witch", "guard", "hunter", "villager"])
def test_SeerAction_inv4_engine_computes_result_never_the_good_role(classic, target, result):
    classic.ok("act", "Ann", "Check", target)
    data = json.loads(classic.ok("resolve", "--dry-run", "--json"))
    assert data["results"] == [{"player": "Ann", "ability": "Check", "target": target, "result": result}]


def test_SeerAction_inv5_hidden_identity(classic):
    classic.ok("act", "Ann", "Check", "Bob")
    classic.ok("act", "Bob", "Kill", "Fay")
    data = json.loads(classic.ok("resolve", "--force", "--json"))
    public = json.dumps([data["deaths"], data["saved"]])
    assert "Ann" not in public and "Seer" not in public
    assert [r["player"] for r in data["results"]] == ["Ann"]


def test_GuardAction_inv1_consecutive_only(classic):
    """Guarding Ann on night 1 and night 3 is allowed; so is Ann again after a skipped night."""
    classic.ok("act", "Dave", "Guard", "Ann")
    classic.ok("resolve", "--force")
    classic.ok("eliminate", "--none")
    classic.ok("act", "Dave", "Guard", "skip")
    classic.ok("resolve", "--force")
    classic.ok("eliminate", "--none")
    classic.ok("act", "Dave", "Guard", "Ann")


def test_GuardAction_skip_allowed(classic):
    classic.ok("act", "Dave", "Guard", "skip")
    assert "Guard (skip)" in classic.ok("actions")


def test_WerewolfAction_inv6_any_werewolf_enters_one_decision(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Gus", "Kill", "Hal")
    data = json.loads(classic.ok("actions", "--json"))
    assert [(a["actor"], a["targets"]) for a in data["actions"]] == [("Gus", ["Hal"])]


def test_WerewolfAction_inv1_no_werewolf_no_phase(classic):
    """With every werewolf dead the village has won and no night action is taken."""
    classic.ok("act", "Carol", "Poison", "Bob")
    classic.ok("resolve", "--force")
    out = classic.ok("eliminate", "Gus")
    assert "The game is over: Village wins." in out
    assert "the game is over" in classic.refused("act", "Ann", "Check", "Hal")


def test_WitchAction_antidote_fails_when_the_kill_changes(classic):
    """The antidote was entered on the kill target, then the werewolves changed their kill."""
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Carol", "Antidote", "Fay")
    classic.ok("act", "Gus", "Kill", "Hal")
    data = json.loads(classic.ok("resolve", "--dry-run", "--json"))
    assert [d["player"] for d in data["deaths"]] == ["Hal"]
    assert data["saved"] == []


def test_WitchAction_potions_are_spent(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Carol", "Antidote", "Fay")
    classic.ok("resolve", "--force")
    st = json.loads(classic.ok("status", "--json"))
    carol = next(p for p in st["players"] if p["name"] == "Carol")
    assert carol["charges"] == {"antidote": 0, "poison": 1}


def test_WitchAction_inv4_poison_ignores_guard(classic):
    classic.ok("act", "Dave", "Guard", "Hal")
    classic.ok("act", "Carol", "Poison", "Hal")
    assert [d["player"] for d in json.loads(classic.ok("resolve", "--force", "--json"))["deaths"]] == ["Hal"]


def test_WitchAction_inv5_poisoned_hunter_cannot_shoot(classic):
    classic.ok("act", "Carol", "Poison", "Eve")
    classic.ok("resolve", "--force")
    assert "Eve died of poison: no last shot" in classic.refused("shoot", "Eve", "Bob")


def test_NightResolution_inv1_antidote_only_on_the_werewolf_target(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    assert "Target must be the werewolves' kill target: Hal is not." in classic.refused("act", "Carol", "Antidote", "Hal")
