"""A PM never names an ability its reader does not have (issue 28): a jailed Serial Killer was
told 'every action of yours but a Seer's vision failed', which tells a killer that the Jailkeeper
spares Seers. Jailed players of every ooo role are told of their own abilities only."""

from __future__ import annotations

import pytest

from conftest import Host
from hostkit.game.game import create
from hostkit.rules.rulesets import load_ruleset

OOO = load_ruleset("ooo-werewolf")
OTHERS = {"Jailkeeper": "Jay", "Wolf": "Wes", "Villager": "Val"}


@pytest.mark.parametrize("role", [r for r in OOO.roles if r not in ("Jailkeeper",)], ids=str)
def test_a_jailed_player_is_told_only_of_their_own_abilities(tmp_path, role):
    assign = [f"{name}={r}" for r, name in OTHERS.items()] + [f"Pat={role}", "Vic=Villager", "Ula=Villager"]
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1, assign=assign)
    host = Host(tmp_path / "g")
    host.ok("act", "Jay", "Jail", "Pat")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Pat", "--night", "1")
    # a role that is never at home ('away': the Sleepwalker, the Orphan) is never found by the jail
    assert ("taken to jail" in pm) != ("away" in OOO.roles[role].passives)
    own = {a.name for a in OOO.roles[role].abilities} | {role}
    named = {r for r in OOO.roles if r in pm} | {a.name for r in OOO.roles.values() for a in r.abilities
                                                 if f"your {a.name}" in pm or f"'s {a.name.lower()}" in pm}
    assert named <= own, f"{role}'s jail notice names {sorted(named - own)}: {pm}"


def test_a_jailed_seer_is_told_their_vision_still_worked(tmp_path):
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1,
           assign=["Jay=Jailkeeper", "Wes=Wolf", "Sue=Seer", "Val=Villager", "Vic=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Jay", "Jail", "Sue")
    host.ok("act", "Sue", "Vision", "Wes")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Sue", "--night", "1")
    assert "every action of yours but your Vision failed" in pm


def test_a_jailed_serial_killer_is_told_every_action_failed(tmp_path):
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1,
           assign=["Jay=Jailkeeper", "Wes=Wolf", "Sk=Serial Killer", "Val=Villager", "Vic=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Jay", "Jail", "Sk")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Sk", "--night", "1")
    assert "every action of yours failed" in pm and "Seer" not in pm
