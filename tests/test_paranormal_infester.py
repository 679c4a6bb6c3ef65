"""Seed paranormal, the Infester: "The spores of this Alien are biological/nanomachine hybrids,
and are therefore blocked by a Tech Shield. Guards may protect the target, and will be effected
as normal for the guard type by the infection." What each protection does against the spores, at
night (the Infest) and by day (the spore cloud of a lynched Infester); decision infester-spores."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import ruleset, run
from hostkit.game.game import create
from test_ruleset_paranormal import TECH, check

INF = "I=Spore_Spreader_(Infester)"


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


# (id, players, actions, state kw, expectations)
CASES = [
    ("unguarded-target-is-infested", f"{INF} T=Townie", "I Infest T", {},
     dict(tags={("T", "infested")})),
    ("guardian-stops-the-infestation", f"{INF} G=Bodyguard_(Guardian) T=Townie", "I Infest T; G Guard T", {},
     dict(no_tags={("T", "infested"), ("G", "infested")}, failed={"I.Infest": "guarded"})),
    ("heroic-guard-is-infested-instead", f"{INF} G=Bodyguard_(Heroic_Guard) T=Townie", "I Infest T; G Guard T", {},
     dict(tags={("G", "infested")}, no_tags={("T", "infested")}, dead=[])),
    ("observant-guard-is-infested-instead", f"{INF} G=Bodyguard_(Observant_Guard) T=Townie", "I Infest T; G Guard T", {},
     dict(tags={("G", "infested")}, no_tags={("T", "infested")}, dead=[])),
    ("vengeful-guard-is-infested-instead", f"{INF} G=Bodyguard_(Vengeful_Guard) T=Townie", "I Infest T; G Guard T", {},
     dict(tags={("G", "infested")}, no_tags={("T", "infested")}, dead=[])),
    ("guardian-spent-on-spores-cannot-stop-a-kill", f"{INF} G=Bodyguard_(Guardian) D=Doppelganger T=Townie",
     "I Infest T; G Guard T; D Kill T", {}, dict(no_tags={("T", "infested")}, dead=["T"])),
    ("personal-shield-works-as-a-guardian", f"{INF} S=Survivor_with_tech", "I Infest S", {},
     dict(no_tags={("S", "infested")}, failed={"I.Infest": "guarded"}, notices=[("S", "Personal Shield")])),
    ("personal-shield-kept-while-a-guardian-stops-it", f"{INF} S=Survivor_with_tech G=Bodyguard_(Guardian)",
     "I Infest S; G Guard S", {}, dict(no_tags={("S", "infested")}, no_notices=["S"])),
    ("tech-hivemind-domination-is-stopped-by-a-personal-shield", "H=Hivemind_(Tech) T=Townie", "H Dominate T",
     dict(items={"T": {"Personal Shield": 1}}), dict(failed={"H.Dominate": "guarded"}, no_changes={("T", "convert", "Townie")})),
    ("tech-hivemind-dominates-a-human-with-no-guard", "H=Hivemind_(Tech) T=Townie", "H Dominate T", {},
     dict(changes={("T", "convert", "Townie")})),
    ("anti-tech-field-blocks-the-spores", f"{INF} Ex=Exterminator_(Anti-Tech_Field)", "I Infest Ex", {},
     dict(no_tags={("Ex", "infested")}, failed={"I.Infest": "Anti-Tech Field"})),
    ("mind-shield-does-not-block-the-spores", f"{INF} Ex=Exterminator_(Mind_Shield)", "I Infest Ex", {},
     dict(tags={("Ex", "infested")})),
]


@pytest.mark.parametrize("players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_guards_may_protect_the_target_and_will_be_effected_as_normal_for_the_guard_type(rs, players, lines, kw, expect):
    """Seed Infester: "Guards may protect the target, and will be effected as normal for the guard
    type by the infection" and "blocked by a Tech Shield"."""
    o, _ = run(rs, players, lines, starting=True, **kw)
    check(o, expect)
    for player in expect.get("no_notices", ()):
        assert not [n for n in o.notices if n.player == player], o.notices


def test_spore_cloud_is_blocked_by_a_tech_shield(tmp_path):
    """Seed Infester: "when Lynched ..., the Infester releases a spore cloud that randomly infects
    one of the non-infected players. The spores ... are therefore blocked by a Tech Shield": with
    every other uninfested player holding an Anti-Tech Field but one, the cloud infects that one,
    whatever the seed."""
    for seed in range(1, 9):
        folder = tmp_path / f"g{seed}"
        create(folder, ruleset="paranormal", seed=seed, assign=[
            "I=Spore Spreader (Infester)", "E1=Exterminator (Anti-Tech Field)", "E2=Exterminator (Anti-Tech Field)",
            "Bob=Doppelganger", "Ann=Townie"], attributes=["Bob=Anti-Tech Field"])
        host = Host(folder)
        host.ok("act", "--file", "-", input="Bob Kill skip\nI Infest skip\nE1 Kill skip\nE2 Kill skip\n")
        host.ok("resolve", "--force")
        host.ok("eliminate", "I", "--force")
        st = {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}
        infested = sorted(n for n, p in st.items() if "infested" in p["tags"])
        assert infested == ["Ann"], (seed, infested)
