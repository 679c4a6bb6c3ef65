"""Seed paranormal, the Mind Control Ray (the Cutting Edge Scientist's invention and the alien
Medium tech): "If the player does not have a night action (and is not the dopp chosen for the
night kill), or if the player has a limited-use night ability and chose not to use it, then no
action occurs." So an unlimited night ability the player left unused is forced onto the Ray's
target (effects/control.py, decision mind-control). Engine rules, as a table."""

from __future__ import annotations

import pytest

from engine_helpers import ruleset, run
from test_ruleset_paranormal import TECH, check

RAY = "Ex=Exterminator_(Anti-Tech_Field)_with_tech"  # holds the alien Mind Control Ray
MS = "Ms=Mad_Scientist_(Cutting_Edge_Scientist)"


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


# (id, players, actions, expectations: test_ruleset_paranormal.check, plus `forced` {Actor.Ability: target})
CASES = [
    ("unlimited-ability-not-entered-is-forced", f"{RAY} Vi=Vigilante B=Townie",
     "Ex Mind_Control_Ray Vi B", dict(dead=["B"], cause={"B": "Vigilante"}, forced={"Vi.Shoot": "B"})),
    ("unlimited-ability-declined-is-forced", f"{RAY} Vi=Vigilante B=Townie",
     "Ex Mind_Control_Ray Vi B; Vi Shoot skip", dict(dead=["B"], forced={"Vi.Shoot": "B"})),
    ("invention-ray-forces-too", f"{MS} Vi=Vigilante B=Townie",
     "Ms Mind_Control_Ray Vi B", dict(dead=["B"], forced={"Vi.Shoot": "B"})),
    ("entered-action-is-redirected-not-doubled", f"{RAY} Vi=Vigilante A=Townie B=Townie",
     "Ex Mind_Control_Ray Vi B; Vi Shoot A", dict(dead=["B"], forced={"Vi.Shoot": "B"})),
    ("forced-investigator-learns-the-ray-target", f"{RAY} Ag=Agent B=Doppelganger",
     "Ex Mind_Control_Ray Ag B", dict(results={"Ag.Investigate": "Doppelganger"}, forced={"Ag.Investigate": "B"})),
    ("forced-guard-protects-the-ray-target", f"{RAY} G=Bodyguard_(Guardian) D=Doppelganger B=Townie",
     "Ex Mind_Control_Ray G B; D Kill B", dict(dead=[], forced={"G.Guard": "B"})),
    ("limited-use-ability-not-used-does-nothing", f"{RAY} R=Rogue_Doppelganger_(Town_Ally) B=Townie",
     "Ex Mind_Control_Ray R B", dict(dead=[], not_forced=["R"])),
    ("limited-use-ability-declined-does-nothing", f"{RAY} R=Rogue_Doppelganger_(Town_Ally) B=Townie",
     "Ex Mind_Control_Ray R B; R Kill skip", dict(dead=[], not_forced=["R"])),
    ("no-night-action-does-nothing", f"{RAY} T=Townie B=Townie",
     "Ex Mind_Control_Ray T B", dict(dead=[], tags={("T", "vote-controlled")}, not_forced=["T"])),
    ("dopp-not-chosen-for-the-night-kill-does-nothing", f"{RAY} D=Doppelganger E=Doppelganger A=Townie B=Townie",
     "Ex Mind_Control_Ray D B; E Kill A", dict(dead=["A"], not_forced=["D"])),
    ("dopp-chosen-for-the-night-kill-is-redirected", f"{RAY} D=Doppelganger A=Townie B=Townie",
     "Ex Mind_Control_Ray D B; D Kill A", dict(dead=["B"])),
    ("dopp-vigilante-not-chosen-is-forced-to-shoot", f"{RAY} D=Doppelganger_Vigilante E=Doppelganger A=Townie B=Townie",
     "Ex Mind_Control_Ray D B; E Kill A", dict(dead=["A", "B"], forced={"D.Shoot": "B"})),
    ("ray-stopped-by-anti-tech-field-forces-nothing",
     f"{RAY} Vi=Vigilante B=Townie", "Ex Mind_Control_Ray Vi B",
     dict(dead=[], not_forced=["Vi"], failed={"Ex.Mind_Control_Ray": "Anti-Tech Field"}, kw=dict(tags={"Vi": {"anti-tech": {}}}))),
    ("forced-onto-self-is-illegal-and-the-ray-fails", f"{RAY} Vi=Vigilante B=Townie",
     "Ex Mind_Control_Ray Vi Vi", dict(dead=[], failed={"Ex.Mind_Control_Ray": "may not target themselves"})),
    ("blocked-player-is-forced-to-nothing", f"{RAY} Pw=Psychic_Warden Vi=Vigilante B=Townie",
     "Ex Mind_Control_Ray Vi B; Pw Bind Vi", dict(dead=[], failed={"Vi.Shoot": "blocked"})),
    ("building-instead-of-snooping-is-not-forced", f"{RAY} Mi=Mad_Scientist_(Intelligence_Scientist) B=Townie",
     "Ex Mind_Control_Ray Mi B; Mi Build_Tracker", dict(not_forced=["Mi"])),
    ("two-unlimited-abilities-the-first-listed-is-forced", f"{RAY} Re=Reporter B=Townie",
     "Ex Mind_Control_Ray Re B", dict(forced={"Re.Follow": "B"})),
    ("two-unlimited-abilities-the-declined-one-is-forced", f"{RAY} Re=Reporter B=Townie",
     "Ex Mind_Control_Ray Re B; Re Watch skip", dict(forced={"Re.Watch": "B"}, not_forced_ability=["Re.Follow"])),
]


@pytest.mark.parametrize("players, lines, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_mind_control_ray_forces_an_unlimited_night_ability(rs, players, lines, expect):
    """Seed Mind Control Ray: "If the player does not have a night action (and is not the dopp
    chosen for the night kill), or if the player has a limited-use night ability and chose not to
    use it, then no action occurs." """
    o, n = run(rs, players, lines, starting=True, **expect.get("kw", {}))
    check(o, expect)
    done = {(a.actor, a.ability.name): a for a in n.acts if a.done and not a.skip}
    for key, target in expect.get("forced", {}).items():
        actor, ability = key.split(".")
        act = done.get((actor, ability.replace("_", " ")))
        assert act is not None and act.targets == (target,), (key, o.log)
    for actor in expect.get("not_forced", ()):
        assert not [a for (p, _), a in done.items() if p == actor and a.action.seq < 0 and a.targets], o.log
    for key in expect.get("not_forced_ability", ()):
        actor, ability = key.split(".")
        assert (actor, ability) not in done, o.log
