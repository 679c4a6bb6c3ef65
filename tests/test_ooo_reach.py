"""A jail, a lock or an abduction is in place before anyone tries to reach its target.

Seed ooo 10: "Attempting but failing to reach a jailed/locked target still counts as having left
home"; seed ooo 1: "Always apply action priority first, then use OoO if two actions are otherwise
concurrent." A jail changes every visit to the jailed player (it fails), so by action priority it
resolves before each of them, whatever the OoO step of the visit (an Orphan's first move, a
Stalker's pounce before the Locksmith's lock). The same holds in the natural ruleset (seed
natural V: "a block resolves before the action it's blocking") for a custom role that jails.
"""

from __future__ import annotations

import pytest

from conftest import Host
from engine_helpers import check, run, ruleset

OOO = ruleset("ooo-werewolf")
LEFT_HOME = ("Or", "last-target", "adopt")

# (id, players, actions, expectations)
CASES = [
    ("orphan_adopting_a_jailed_vigilante_fails", "Jk=Jailkeeper Or=Orphan Vi=Vigilante",
     "Or Adopt Vi; Jk Jail Vi", dict(failed={"Or.Adopt": "Vi was in jail"}, results={}, changes=[LEFT_HOME])),
    ("orphan_adopting_a_jailed_vigilante_fails_whatever_the_entry_order", "Jk=Jailkeeper Or=Orphan Vi=Vigilante",
     "Jk Jail Vi; Or Adopt Vi", dict(failed={"Or.Adopt": "Vi was in jail"}, results={}, changes=[LEFT_HOME])),
    ("orphan_adopting_a_locked_vigilante_fails", "Ls=Locksmith Or=Orphan Vi=Vigilante",
     "Or Adopt Vi; Ls Lock Vi", dict(failed={"Or.Adopt": "Vi's home was locked"}, changes=[LEFT_HOME])),
    ("bartender_serving_a_jailed_player_fails", "Jk=Jailkeeper Ba=Bartender Vi=Vigilante",
     "Ba Serve Vi; Jk Jail Vi", dict(failed={"Ba.Serve": "Vi was in jail"}, results={})),
    ("stalker_pouncing_on_a_locked_home_fails", "Ls=Locksmith St=Stalker V=Villager",
     "St Pounce V; Ls Lock V", dict(dead=[], failed={"St.Pounce": "V's home was locked"})),
    ("stalker_pouncing_on_a_jailed_player_fails", "Jk=Jailkeeper St=Stalker V=Villager",
     "St Pounce V; Jk Jail V", dict(dead=[], failed={"St.Pounce": "V was in jail"})),
    ("lookout_watching_a_jailed_player_fails", "Jk=Jailkeeper Lo=Lookout V=Villager",
     "Lo Watch V; Jk Jail V", dict(failed={"Lo.Watch": "V was in jail"}, results={})),
    ("sleepwalker_wandering_to_a_jailed_player_fails", "Jk=Jailkeeper Sw=Sleepwalker V=Villager",
     "Sw Wander V; Jk Jail V", dict(failed={"Sw.Wander": "V was in jail"}, no_visits=[("Sw", "V")])),
    ("seers_vision_does_not_visit_and_still_reaches_no_one_jailed", "Jk=Jailkeeper Se=Seer V=Villager",
     "Se Vision V; Jk Jail V", dict(ok=["Jk.Jail"])),
]


@pytest.mark.parametrize("players, lines, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_attempting_but_failing_to_reach_a_jailed_or_locked_target_still_counts_as_having_left_home(
        players, lines, expect):
    """Seed ooo 10: "Attempting but failing to reach a jailed/locked target still counts as having
    left home", and seed ooo 1: "Always apply action priority first": the jail or lock stops
    every visit to its target, not only those later in the OoO."""
    o, n = run(OOO, players, lines)
    check(o, n, expect)
    assert not [c for c in o.changes if c.kind == "convert"], o.changes


def test_an_orphan_kept_out_of_a_jail_adopts_nothing_and_may_not_shoot(tmp_path):
    """Seed ooo 1, "apply action priority first": the Orphan who tried to adopt a jailed
    Vigilante stays an Orphan through the CLI, and has no Shoot the next night."""
    host = Host(tmp_path / "g")
    host.ok("new", str(tmp_path / "g"), "--ruleset", "ooo-werewolf", "--assign", "Jk=Jailkeeper",
            "--assign", "Or=Orphan", "--assign", "Vi=Vigilante", "--assign", "Wo=Wolf",
            "--assign", "A=Villager", "--assign", "B=Villager", "--assign", "C=Villager")
    host.ok("act", "Or", "Adopt", "Vi")
    host.ok("act", "Jk", "Jail", "Vi")
    host.ok("resolve", "--force")
    assert host.game.state.role_of("Or").name == "Orphan"


NATURAL_WARDEN = """
[Warden]
alignment = "Town"
summary = "Each night, jail a player."

[[Warden.abilities]]
name = "Lockup"
category = "block"
effects = [{ effect = "jail" }]
"""


def test_a_block_resolves_before_the_action_its_blocking_a_custom_jail_before_every_visit(tmp_path):
    """Seed natural V: "a block resolves before the action it's blocking": a custom role's jail
    (effect jail) resolves before a visit to the jailed player, though the visitor comes first in
    the canonical order of independent actions (Ann before Zed)."""
    rs = ruleset("natural", NATURAL_WARDEN, tmp_path)
    o, n = run(rs, "Ann=Tracker Zed=Warden Vi=Vigilante", "Ann Track Vi; Zed Lockup Vi")
    check(o, n, dict(failed={"Ann.Track": "Vi was in jail"}, no_visits=[("Ann", "Vi")]))


def test_a_bus_drive_that_moves_the_jail_still_comes_first(tmp_path):
    """Seed natural V, the golden rule: a Bus Driver's swap of X and Y changes the jail aimed at X
    (it lands on Y), so the swap resolves first, not the jail; a visit diverted to Y then finds Y
    in jail. No cycle, nothing fails for being 'unresolvable'."""
    rs = ruleset("natural", NATURAL_WARDEN, tmp_path)
    o, n = run(rs, "Bd=Bus_Driver Zed=Warden X=Villager Y=Villager Ann=Tracker",
               "Bd Drive X Y; Zed Lockup X; Ann Track X")
    check(o, n, dict(ok=["Bd.Drive", "Zed.Lockup"], failed={"Ann.Track": "Y was in jail"}))
