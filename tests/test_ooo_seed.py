"""ooo-werewolf, issue 11: action priority first, the OoO (seed 1) only as a tie-break.

Each case is named after the seed section it checks. Night rules run on the engine as a table
(tests/engine_helpers.py); what a host sees (names, status, posts) runs through the CLI.
"""

from __future__ import annotations

import pytest

from engine_helpers import check, run, ruleset

RS = ruleset("ooo-werewolf")
DOUSED = {"doused": {}}
GUILTY = {"guilty": {"by": "Vi", "kills_on": 1, "type": "suicide", "strength": 99, "cause": "Vigilante Suicide",
                     "flavour": "suicide", "location": "{player}'s home"}}

# (id, players, actions, state keywords, expectations)
CASES = [
    # ------------------------------------------------ 1. action priority first, then the OoO
    ("1_escort_distraction_stops_a_lookouts_watch", "Es=Escort Lo=Lookout V=Villager", "Lo Watch V; Es Distract Lo", {},
     dict(failed={"Lo.Watch": "blocked by Escort (Es)"}, results={}, blocked=[("Lo", True)])),
    ("1_jail_stops_a_stalkers_pounce", "Jk=Jailkeeper St=Stalker V=Villager", "St Pounce V; Jk Jail St", {},
     dict(dead=[], failed={"St.Pounce": "blocked by Jailkeeper (Jk)"})),
    ("1_escort_stops_a_stalkers_pounce", "Es=Escort St=Stalker V=Villager", "St Pounce V; Es Distract St", {},
     dict(dead=[], failed={"St.Pounce": "blocked by Escort (Es)"})),
    ("1_jail_stops_a_veterans_alert", "Jk=Jailkeeper Ve=Veteran", "Ve Alert; Jk Jail Ve", {},
     dict(dead=[], failed={"Ve.Alert": "blocked by Jailkeeper (Jk)"}, blocked=[("Ve", True)])),
    ("1_jailed_veteran_is_safe_and_kills_no_visitor", "Jk=Jailkeeper Ve=Veteran SK=Serial_Killer",
     "Ve Alert; Jk Jail Ve; SK Stab Ve", {}, dict(dead=[], failed={"SK.Stab": "Ve was in jail"})),
    ("1_a_distraction_does_not_stop_an_alert", "Es=Escort Ve=Veteran", "Ve Alert; Es Distract Ve", {},
     dict(dead=["Es"], ok=["Ve.Alert"])),
    ("1_jailed_arsonist_does_not_light", "Ar=Arsonist Jk=Jailkeeper V=Villager", "Jk Jail Ar; Ar Ignite",
     dict(tags={"V": DOUSED}), dict(dead=[], failed={"Ar.Ignite": "blocked by Jailkeeper (Jk)"})),
    ("1_two_blockers_on_each_other_the_oo_o_decides", "Es=Escort Co=Consort", "Co Distract Es; Es Distract Co", {},
     dict(ok=["Es.Distract"], failed={"Co.Distract": "blocked by Escort (Es)"})),
    ("1_jail_before_escort_on_each_other", "Jk=Jailkeeper Es=Escort", "Es Distract Jk; Jk Jail Es", {},
     dict(ok=["Jk.Jail"], failed={"Es.Distract": "blocked by Jailkeeper (Jk)"})),
    ("1_two_killers_on_one_target_the_oo_o_decides", "Gl=Glutton Vi=Vigilante V=Villager", "Gl Devour V; Vi Shoot V",
     dict(night=2), dict(dead=["V"], deaths={"V": ("Vigilante", "V's home", "bullet holes")})),
    # ------------------------------------------------ 2. rampage only on a death at home
    ("2_healed_alpha_target_no_rampage", "Al=Alpha Do=Doctor Es=Escort V=Villager", "Es Distract V; Al Maul V; Do Heal V",
     {}, dict(dead=[], saved={"V": ["Doctor"]})),
    ("2_jailed_alpha_target_no_rampage", "Al=Alpha Jk=Jailkeeper SW=Sleepwalker V=Villager",
     "SW Wander V; Al Maul V; Jk Jail V", {}, dict(dead=[])),
    ("2_rampage_when_the_target_dies_at_home", "Al=Alpha SW=Sleepwalker V=Villager", "SW Wander V; Al Maul V", {},
     dict(dead=["SW", "V"], deaths={"SW": ("Alpha", "V's home", "fur")})),
    # ------------------------------------------------ 1/3. arson lights first
    ("1_3_fire_comes_before_the_serial_killer", "Ar=Arsonist SK=Serial_Killer V=Villager", "SK Stab V; Ar Ignite",
     dict(tags={"V": DOUSED}), dict(dead=["V"], deaths={"V": ("Arsonist", "V's home", "burned")},
                                    log=["Serial Killer (SK)'s attack finds V already dead"])),
    ("1_3_alpha_on_a_burned_target_does_not_rampage", "Ar=Arsonist Al=Alpha Es=Escort V=Villager",
     "Es Distract V; Al Maul V; Ar Ignite", dict(tags={"V": DOUSED}),
     dict(dead=["V"], deaths={"V": ("Arsonist", "V's home", "burned")})),
    # ------------------------------------------------ 1. Vigilante Suicide before the Serial Killer
    ("1_vigilante_suicide_before_the_serial_killer", "Vi=Vigilante SK=Serial_Killer", "SK Stab Vi",
     dict(tags={"Vi": GUILTY}), dict(dead=["Vi"], deaths={"Vi": ("Vigilante Suicide", "Vi's home", "guilt")})),
    # ------------------------------------------------ 3. a later killer finds the body: no effect
    ("3_vigilante_before_the_sk_kills_and_feels_guilt", "SK=Serial_Killer Vi=Vigilante V=Villager", "Vi Shoot V; SK Stab V", {},
     dict(dead=["V"], deaths={"V": ("Vigilante", "V's home", "bullet")}, tags={("Vi", "guilty"): None})),
    ("3_vigilante_after_the_hunter_feels_no_guilt", "Hu=Hunter Vi=Vigilante V=Villager", "Vi Shoot V; Hu Shoot V", {},
     dict(dead=["V"], deaths={"V": ("Hunter", "V's home", "bullet")}, no_tags=[("Vi", "guilty")])),
    ("3_later_glutton_counts_no_kill", "SK=Serial_Killer Gl=Glutton V=Villager", "Gl Devour V; SK Stab V",
     dict(night=2), dict(dead=["V"], deaths={"V": ("Serial Killer", "V's home", "stab")}, no_tags=[("Gl", "kills")],
                         log=["Glutton (Gl)'s attack finds V already dead"])),
]


@pytest.mark.parametrize("players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_night(players, lines, kw, expect):
    o, n = run(RS, players, lines, **kw)
    check(o, n, expect)


def test_1_priority_first_and_the_oo_o_as_tie_break_is_data():
    assert RS.resolution == "priorities"
    assert RS.priorities == ("block-first",)
    assert RS.option_defaults()["cycle-policy"] == "tie-break"
    assert RS.attack_order == "tie-break"
    tb = list(RS.tie_break)
    assert tb.index("Vigilante") < tb.index("Vigilante Suicide") < tb.index("Serial Killer")
    assert tb[0] == "Arsonist.Ignite"
