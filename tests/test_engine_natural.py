"""The night engine and the `natural` ruleset, rule by rule of seeds/natural-resolution.md.

Each case is named after the seed section it checks (I, II, III, IV, V) or is one of the classic
peer cases of natural resolution (`peer_...`). Cases run directly on the engine (a GameState
built by tests/engine_helpers.py, then `resolve`); a few run through the CLI at the end.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from engine_helpers import check, dead, failed, night, results, ruleset, run, shuffled, state
from hostkit.cli import cli
from hostkit.model.errors import FileError
from hostkit.engine.effects import CHOICES, PARAMS, REGISTRY

RS = ruleset("natural")
POISON = {"poisoned": {"kills_on": 2, "type": "poison", "cause": "Poison", "flavour": "poison", "by": "Po"}}

# (id, players, actions, state options, expectations). Expectation keys:
#   dead: exact list of deaths; failed: {Actor.Ability: substring of the reason}; ok: acts that must not fail;
#   results: {Actor.Ability: result}; blocked: exact list; saved: {player: roles}; visits / no_visits: pairs;
#   notices: [(player, substring)]; tags / untags: {(player, tag)}; log: substrings; by: {victim: killers}
CASES = [
    # ---------------------------------------------------------------- I. General ability information
    ("I_no_night_0", "Co=Cop V=Villager Go=Goon", "Co Investigate V; Go Kill V", dict(night=0),
     dict(dead=[], failed={"Co.Investigate": "Night 0", "Go.Kill": "Night 0"}, no_visits={("Co", "V"), ("Go", "V")})),
    ("I_redirect_onto_self_is_illegal", "Re=Redirector Do=Doctor V=Villager Go=Goon", "Re Redirect Do Do; Do Protect V; Go Kill V",
     {}, dict(failed={"Re.Redirect": "may not target themselves"}, ok=["Do.Protect"], saved={"V": ["Doctor"]},
              no_visits={("Re", "Do")})),
    ("I_choose_without_target_does_not_visit", "Cm=Commuter Ve=Veteran Ar=Arsonist W=Watcher T=Tracker V=Villager",
     "Cm Commute; Ve Alert; Ar Ignite; T Track Ar", dict(tags={"V": {"doused": {}}}),
     dict(dead=["V"], ok=["Cm.Commute", "Ve.Alert", "Ar.Ignite"], results={"T.Track": ()}, visits={("T", "Ar")},
          no_visits={("Ar", "V")})),
    ("I_visit_only_when_resolved_blocked", "Rb=Roleblocker Co=Cop V=Villager W=Watcher", "Rb Block Co; Co Investigate V; W Watch V",
     {}, dict(failed={"Co.Investigate": "blocked by Roleblocker (Rb)"}, no_visits={("Co", "V")}, results={"W.Watch": ()})),
    ("I_visit_only_when_resolved_commuted", "Cm=Commuter Co=Cop W=Watcher", "Cm Commute; Co Investigate Cm; W Watch Cm",
     {}, dict(failed={"Co.Investigate": "commuted", "W.Watch": "commuted"}, no_visits={("Co", "Cm"), ("W", "Cm")})),
    ("I_visit_when_target_protected", "Go=Goon Do=Doctor V=Villager W=Watcher", "Go Kill V; Do Protect V; W Watch V",
     {}, dict(dead=[], saved={"V": ["Doctor"]}, visits={("Go", "V"), ("Do", "V")}, results={"W.Watch": ("Do", "Go")})),
    ("I_two_bus_drivers_overlapping_both_fail", "B1=Bus_Driver B2=Bus_Driver Go=Goon X=Villager Y=Villager Z=Villager",
     "B1 Drive X Y; B2 Drive Y Z; Go Kill Y", {},
     dict(dead=["Y"], failed={"B1.Drive": "cannot be resolved", "B2.Drive": "cannot be resolved"},
          no_visits={("B1", "X"), ("B1", "Y"), ("B2", "Y"), ("B2", "Z")})),
    ("I_two_redirects_of_one_player_both_fail", "R1=Redirector R2=Redirector Co=Cop X=Villager Y=Villager Z=Goon",
     "R1 Redirect Co X; R2 Redirect Co Y; Co Investigate Z", {},
     dict(failed={"R1.Redirect": "cannot be resolved", "R2.Redirect": "cannot be resolved"}, results={"Co.Investigate": "Mafia"})),
    ("I_two_redirects_to_one_place_both_resolve", "R1=Redirector R2=Redirector Co=Cop X=Villager Z=Goon",
     "R1 Redirect Co X; R2 Redirect Co X; Co Investigate Z", {},
     dict(ok=["R1.Redirect", "R2.Redirect"], results={"Co.Investigate": "Town"})),
    # ---------------------------------------------------------------- II. Ability types and prefixes
    ("II_charges_used_up", "Ve=Veteran Co=Cop", "Ve Alert; Co Investigate Ve", dict(charges={"Ve": {"alert": 0}}),
     dict(dead=[], failed={"Ve.Alert": "no uses left"}, ok=["Co.Investigate"])),
    ("II_charge_spent", "Ve=Veteran", "Ve Alert", {}, dict(changes={("Ve", "charge", "alert")})),
    ("II_factional_kill_by_any_member", "Gf=Godfather Go=Goon V=Villager W=Watcher", "Gf Kill V; W Watch V", {},
     dict(dead=["V"], visits={("Gf", "V")}, results={"W.Watch": ("Gf",)}, by={"V": ["Gf"]})),
    # ---------------------------------------------------------------- III. Effects
    ("III_inspection_alignment", "Co=Cop Go=Goon", "Co Investigate Go", {}, dict(results={"Co.Investigate": "Mafia"})),
    ("III_inspection_as_role_appears", "Co=Cop Gf=Godfather", "Co Investigate Gf", {}, dict(results={"Co.Investigate": "Town"})),
    ("III_observation_track", "T=Tracker Do=Doctor V=Villager", "T Track Do; Do Protect V", {}, dict(results={"T.Track": ("V",)})),
    ("III_observation_watch", "W=Watcher Do=Doctor V=Villager Co=Cop", "W Watch V; Do Protect V; Co Investigate V", {},
     dict(results={"W.Watch": ("Co", "Do")})),
    ("III_follower_kinds", "F=Follower Jk=Jailkeeper V=Villager", "F Follow Jk; Jk Jail V", {},
     dict(results={"F.Follow": ("protection and blocking",)})),
    ("III_follower_lists_each_kind_once", "F=Follower Do=Doctor V=Villager", "F Follow Do; Do Protect V", {},
     dict(results={"F.Follow": ("protection",)})),
    ("III_follower_sees_only_resolved", "F=Follower Vi=Vigilante Rb=Roleblocker V=Villager", "F Follow Vi; Vi Shoot V; Rb Block Vi", {},
     dict(results={"F.Follow": ()}, dead=[])),
    ("III_killing_is_killing", "F=Follower Vi=Vigilante V=Villager", "F Follow Vi; Vi Shoot V", {},
     dict(results={"F.Follow": ("killing",)}, dead=["V"])),
    ("III_fn1_poison_is_not_killing_to_a_follower", "F=Follower Po=Poisoner V=Villager", "F Follow Po; Po Poison V", {},
     dict(results={"F.Follow": ("state-changing",)}, dead=[], tags={("V", "poisoned")})),
    ("III_fn1_douse_is_not_killing_to_a_follower", "F=Follower Ar=Arsonist V=Villager", "F Follow Ar; Ar Douse V", {},
     dict(results={"F.Follow": ("state-changing",)}, tags={("V", "doused")})),
    ("III_fn1_doctor_does_not_stop_poison", "Po=Poisoner Do=Doctor V=Villager", "Po Poison V; Do Protect V", {},
     dict(dead=[], ok=["Po.Poison"], tags={("V", "poisoned")}, visits={("Po", "V")})),
    ("III_fn1_doctor_does_not_stop_douse", "Ar=Arsonist Do=Doctor V=Villager", "Ar Douse V; Do Protect V", {},
     dict(tags={("V", "doused")})),
    ("III_fn1_poison_kills_the_next_night", "Po=Poisoner V=Villager Do=Doctor", "Do Protect Po", dict(night=2, tags={"V": POISON}),
     dict(dead=["V"], untags={("V", "poisoned")}, by={"V": ["Po"]})),
    ("III_fn1_poison_cured_when_healed", "Po=Poisoner V=Villager Do=Doctor", "Do Protect V", dict(night=2, tags={"V": POISON}),
     dict(dead=[], untags={("V", "poisoned")}, saved={"V": ["Doctor"]})),
    ("III_protection_stops_every_effect_of_a_killing_action", "Br=Brute Do=Doctor V=Villager", "Br Maul V; Do Protect V", {},
     dict(dead=[], saved={"V": ["Doctor"]}, no_tags={("V", "bruised")}, visits={("Br", "V")}, log=["stops Brute (Br)'s Maul's tag on V"])),
    ("III_protection_from_killing_effects_only_lets_the_rest_apply", "Br=Brute Ar=Armourer V=Villager", "Br Maul V; Ar Armour V", {},
     dict(dead=[], saved={"V": ["Armourer"]}, tags={("V", "bruised")})),
    ("III_protection_from_all_effects", "Wa=Warden Rb=Roleblocker Co=Cop V=Vigilante X=Villager", "Wa Shelter V; Rb Block V; V Shoot X", {},
     dict(dead=["X"], ok=["V.Shoot", "Rb.Block"], blocked=[])),
    ("III_blocking_blocked_actor_does_not_visit", "Rb=Roleblocker Go=Goon V=Villager", "Rb Block Go; Go Kill V", {},
     dict(dead=[], blocked=["Go"], no_visits={("Go", "V")}, visits={("Rb", "Go")}, notices=[])),
    ("III_redirection", "Re=Redirector Vi=Vigilante V=Villager X=Villager", "Re Redirect Vi X; Vi Shoot V", {},
     dict(dead=["X"], visits={("Vi", "X"), ("Re", "Vi"), ("Re", "X")}, no_visits={("Vi", "V")})),
    ("III_redirect_to_illegal_target_fails_instead", "Re=Redirector Vi=Vigilante V=Villager", "Re Redirect Vi Vi; Vi Shoot V", {},
     dict(dead=["V"], failed={"Re.Redirect": "cannot be redirected to Vi"}, no_visits={("Re", "Vi")})),
    ("III_redirect_to_dead_target_fails_instead", "Re=Redirector Vi=Vigilante V=Villager X=Villager", "Re Redirect Vi X; Vi Shoot V",
     dict(dead=("X",)), dict(dead=["V"], failed={"Re.Redirect": "X is dead"})),
    ("III_diversion", "Bd=Bus_Driver Go=Goon X=Villager Y=Villager", "Bd Drive X Y; Go Kill X", {},
     dict(dead=["Y"], visits={("Go", "Y")}, no_visits={("Go", "X")})),
    ("III_rules_changing_commute", "Cm=Commuter Go=Goon Co=Cop", "Cm Commute; Go Kill Cm; Co Investigate Cm", {},
     dict(dead=[], failed={"Go.Kill": "commuted", "Co.Investigate": "commuted"})),
    # ---------------------------------------------------------------- IV. Allied players
    ("IV_allied_judged_only_at_submission", "Go=Goon Gf=Godfather", "Go Kill Gf", {}, dict(dead=["Gf"])),
    # ---------------------------------------------------------------- V. Action resolution
    ("V_block_resolves_before_what_it_blocks", "Zz=Roleblocker Aa=Vigilante V=Villager", "Aa Shoot V; Zz Block Aa", {},
     dict(dead=[], blocked=["Aa"])),
    ("V_self_commute_before_block", "Cm=Commuter Rb=Roleblocker", "Rb Block Cm; Cm Commute", {},
     dict(ok=["Cm.Commute"], failed={"Rb.Block": "commuted"}, blocked=[], no_visits={("Rb", "Cm")})),
    ("V_alert_before_block", "Ve=Veteran Rb=Roleblocker", "Rb Block Ve; Ve Alert", {},
     dict(ok=["Ve.Alert"], dead=["Rb"], blocked=[])),
    ("V_redirect_beats_block", "Rb=Roleblocker Re=Redirector Z=Villager", "Rb Block Re; Re Redirect Rb Z", {},
     dict(ok=["Re.Redirect", "Rb.Block"], blocked=[], visits={("Rb", "Z"), ("Re", "Rb")}, no_visits={("Rb", "Re")})),
    ("V_redirect_beats_block_via_to_target", "Rb=Roleblocker Re=Redirector Co=Cop V=Villager", "Rb Block Re; Re Redirect Co Rb; Co Investigate V", {},
     dict(ok=["Re.Redirect", "Rb.Block", "Co.Investigate"], blocked=[], results={"Co.Investigate": "Town"})),
    ("V_redirect_blocked_when_it_goes_elsewhere", "Rb=Roleblocker Re=Redirector Co=Cop V=Villager Go=Goon",
     "Rb Block Re; Re Redirect Co Go; Co Investigate V", {},
     dict(failed={"Re.Redirect": "blocked"}, results={"Co.Investigate": "Town"}, no_notice=["Co"])),
    ("V_cross_blockers_fail", "R1=Roleblocker R2=Roleblocker", "R1 Block R2; R2 Block R1", {},
     dict(failed={"R1.Block": "cannot be resolved", "R2.Block": "cannot be resolved"}, no_visits={("R1", "R2"), ("R2", "R1")},
          blocked=[], log=["Roleblocker (R1)'s Block fails"])),
    ("V_cross_redirectors_fail", "R1=Redirector R2=Redirector X=Villager Y=Villager", "R1 Redirect R2 X; R2 Redirect R1 Y", {},
     dict(failed={"R1.Redirect": "cannot be resolved", "R2.Redirect": "cannot be resolved"}, no_visits={("R1", "R2"), ("R2", "R1")})),
    ("V_cycle_policy_nar_list", "R1=Roleblocker R2=Roleblocker", "R1 Block R2; R2 Block R1", dict(options={"cycle-policy": "nar-list"}),
     dict(blocked=["R2"], ok=["R1.Block"])),
    ("V_cycle_redirect_and_bus_all_fail", "Re=Redirector Bd=Bus_Driver Vi=Vigilante X=Villager Y=Villager",
     "Re Redirect Bd X; Bd Drive X Y; Vi Shoot X", {},
     dict(dead=["X"], failed={"Re.Redirect": "cannot be resolved", "Bd.Drive": "cannot be resolved"}, ok=["Vi.Shoot"])),
    ("V_cycle_policy_nar_list_bus_before_redirect", "Re=Redirector Bd=Bus_Driver Vi=Vigilante X=Villager Y=Villager",
     "Re Redirect Bd X; Bd Drive X Y; Vi Shoot X", dict(options={"cycle-policy": "nar-list"}),
     dict(dead=["Y"], ok=["Bd.Drive"], failed={"Re.Redirect": "already a target"})),
    ("V_cycle_policy_first_entered", "R1=Roleblocker R2=Roleblocker", "R2 Block R1; R1 Block R2", dict(options={"cycle-policy": "first-entered"}),
     dict(blocked=["R1"], ok=["R2.Block"])),
    ("V_investigation_read_at_end_of_night", "T1=Tracker T2=Tracker", "T1 Track T2; T2 Track T1", {},
     dict(results={"T1.Track": ("T1",), "T2.Track": ("T2",)})),
    ("V_investigation_sees_redirected_visit", "T=Tracker Re=Redirector Vi=Vigilante V=Villager X=Villager",
     "T Track Vi; Re Redirect Vi X; Vi Shoot V", {}, dict(results={"T.Track": ("X",)})),
    ("V_redirected_investigator_told_not_to_whom", "Re=Redirector Co=Cop V=Villager Go=Goon", "Re Redirect Co Go; Co Investigate V", {},
     dict(results={"Co.Investigate": "Mafia"}, notices=[("Co", "redirected")], result_target={"Co.Investigate": "V"})),
    ("V_kills_do_not_stop_the_dead_players_actions", "Go=Goon Do=Doctor Vi=Vigilante V=Villager", "Go Kill Do; Do Protect V; Vi Shoot V", {},
     dict(dead=["Do"], saved={"V": ["Doctor"]})),
    # ---------------------------------------------------------------- the classic peer cases
    ("peer_bus_driver_moves_a_block_onto_a_goon", "Bd=Bus_Driver Rb=Roleblocker Go=Goon Co=Cop V=Villager",
     "Bd Drive Co Go; Rb Block Co; Go Kill V; Co Investigate V", {},
     dict(dead=[], blocked=["Go"], ok=["Co.Investigate"], visits={("Rb", "Go")}, no_visits={("Rb", "Co"), ("Go", "V")})),
    ("peer_blocked_bus_driver_swaps_nothing", "Bd=Bus_Driver Rb=Roleblocker Go=Goon V=Villager X=Villager",
     "Bd Drive V X; Rb Block Bd; Go Kill V", {}, dict(dead=["V"], blocked=["Bd"], no_visits={("Bd", "V"), ("Bd", "X")})),
    ("peer_two_bus_drivers_overlapping", "B1=Bus_Driver B2=Bus_Driver Vi=Vigilante X=Villager Y=Villager Z=Villager",
     "B1 Drive X Y; B2 Drive Y Z; Vi Shoot X", {}, dict(dead=["X"], failed={"B1.Drive": "B2", "B2.Drive": "B1"})),
    ("peer_two_bus_drivers_one_blocked", "B1=Bus_Driver B2=Bus_Driver Rb=Roleblocker Vi=Vigilante X=Villager Y=Villager Z=Villager",
     "B1 Drive X Y; B2 Drive Y Z; Rb Block B1; Vi Shoot Y", {},
     dict(dead=["Z"], blocked=["B1"], ok=["B2.Drive"])),
    ("peer_blocker_and_redirector_cross_targeting", "Rb=Roleblocker Re=Redirector Vi=Vigilante V=Villager",
     "Rb Block Re; Re Redirect Rb Vi; Vi Shoot V", {}, dict(dead=[], blocked=["Vi"], ok=["Re.Redirect"])),
    ("peer_two_blockers_cross_targeting", "R1=Roleblocker R2=Roleblocker Vi=Vigilante V=Villager", "R1 Block R2; R2 Block R1; Vi Shoot V", {},
     dict(dead=["V"], blocked=[], failed={"R1.Block": "cannot", "R2.Block": "cannot"})),
    ("peer_chain_a_blocks_b_blocks_c", "A=Roleblocker B=Roleblocker C=Vigilante V=Villager", "C Shoot V; B Block C; A Block B", {},
     dict(dead=["V"], blocked=["B"], ok=["A.Block", "C.Shoot"], no_visits={("B", "C")})),
    ("peer_watcher_sees_only_resolved_visits", "W=Watcher Rb=Roleblocker Go=Goon Do=Doctor V=Villager",
     "W Watch V; Rb Block Go; Go Kill V; Do Protect V", {}, dict(results={"W.Watch": ("Do",)})),
    ("peer_two_vigilantes_one_target", "V1=Vigilante V2=Vigilante T=Villager", "V1 Shoot T; V2 Shoot T", {},
     dict(dead=["T"], by={"T": ["V1", "V2"]})),
    ("peer_veteran_on_alert_kills_a_doctor", "Ve=Veteran Do=Doctor Go=Goon", "Ve Alert; Do Protect Ve; Go Kill Ve", {},
     dict(dead=["Do", "Go"], saved={"Ve": ["Veteran"]})),
    # ---------------------------------------------------------------- the other natural roles
    ("role_jailkeeper_protects_and_blocks", "Jk=Jailkeeper Vi=Vigilante Go=Goon V=Villager", "Jk Jail Vi; Vi Shoot V; Go Kill Vi", {},
     dict(dead=[], blocked=["Vi"], saved={"Vi": ["Jailkeeper"]})),
    ("role_bodyguard_dies_and_kills_no_one", "Bg=Bodyguard Go=Goon V=Villager", "Bg Guard V; Go Kill V", {},
     dict(dead=["Bg"], saved={"V": ["Bodyguard"]})),
    ("role_avenging_bodyguard_dies_and_kills", "Bg=Avenging_Bodyguard Go=Goon V=Villager", "Bg Guard V; Go Kill V", {},
     dict(dead=["Bg", "Go"], saved={"V": ["Avenging Bodyguard"]})),
    ("role_bodyguard_one_attack_only", "Bg=Avenging_Bodyguard Go=Goon Vi=Vigilante V=Villager", "Bg Guard V; Go Kill V; Vi Shoot V", {},
     dict(dead=["Bg", "Go", "V"])),
    ("role_arsonist_ignites_all_doused", "Ar=Arsonist Do=Doctor V=Villager W=Villager X=Villager", "Ar Ignite; Do Protect W",
     dict(tags={"V": {"doused": {}}, "W": {"doused": {}}}), dict(dead=["V"], saved={"W": ["Doctor"]})),
]

EXTRA_ROLES = """
[Brute]
alignment = "Mafia"
summary = "Test role: a kill that also leaves a mark."
[[Brute.abilities]]
name = "Maul"
effects = [{ effect = "kill", type = "maul" }, { effect = "tag", tag = "bruised" }]

[Armourer]
alignment = "Town"
summary = "Test role: protects from killing effects only."
[[Armourer.abilities]]
name = "Armour"
effects = [{ effect = "protect", against = "kill-effect" }]

[Warden]
alignment = "Town"
summary = "Test role: protects from all effects."
[[Warden.abilities]]
name = "Shelter"
effects = [{ effect = "protect", against = "all" }]
"""


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("natural", EXTRA_ROLES, tmp_path_factory.mktemp("roles"))


@pytest.mark.parametrize("players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_night(rs, players, lines, kw, expect):
    o, n = run(rs, players, lines, **kw)
    check(o, n, expect)
    # Every log line is a sentence a host can paste; every failure is logged with its reason.
    assert all(line.endswith(".") for line in o.log)
    for f in o.failed:
        assert any(f.reason in line for line in o.log)


@pytest.mark.parametrize("players, lines, kw, expect",
                         [c[1:] for c in CASES if "cycle-policy" not in str(c[3])],
                         ids=[c[0] for c in CASES if "cycle-policy" not in str(c[3])])
def test_V_entry_order_does_not_matter(rs, players, lines, kw, expect):
    """Seed V: no order of operations; the outcome is the same whatever order actions were entered."""
    st = state(rs, players, **kw)
    base = night(st, lines)[0].to_json()
    for seed in range(3):
        assert night(st, shuffled(lines, seed))[0].to_json() == base


def test_I_results_never_name_the_investigated_player(rs):
    """Seed V: the investigated player's name is not in the result."""
    o, _ = run(rs, "T=Tracker W=Watcher F=Follower Co=Cop V=Vigilante X=Villager Y=Villager Do=Doctor",
               "T Track V; W Watch V; F Follow V; Co Investigate V; V Shoot X; Do Protect V")
    assert len(o.results) == 4
    for r in o.results:
        assert r.target == "V"
        words = [r.result] if isinstance(r.result, str) else list(r.result)
        assert all("V" != w for w in words)


def test_I_unresolved_actions_never_visit(rs):
    o, n = run(rs, "R1=Roleblocker R2=Roleblocker Cm=Commuter Co=Cop Go=Goon V=Villager",
               "R1 Block R2; R2 Block R1; Cm Commute; Co Investigate Cm; Go Kill V")
    for act in n.acts:
        if act.failed:
            assert not act.visited and all(a is not act for _, _, a in n.visits)


def test_II_prefixes_are_ability_fields(tmp_path):
    """Seed II: Day, Night, Cycle, Even, Odd, Immediate and Factional are fields of an ability.
    (Issue 10: Innate, and Immediate on a day ability, were read and ignored; they are refused
    at load, naming the file and key, until hostkit can honour them.)"""
    rs = ruleset("natural", """
[Oddity]
alignment = "Town"
[[Oddity.abilities]]
name = "EvenPeek"
nights = "even"
effects = [{ effect = "inspect" }]
[[Oddity.abilities]]
name = "OddPeek"
nights = "odd"
effects = [{ effect = "inspect" }]
[[Oddity.abilities]]
name = "DayShot"
phase = "day"
effects = [{ effect = "kill" }]
[[Oddity.abilities]]
name = "CycleShot"
phase = "cycle"
immediate = true
factional = true
effects = [{ effect = "kill" }]
""", tmp_path)
    ab = {a.name: a for a in rs.role("Oddity").abilities}
    assert (ab["EvenPeek"].nights, ab["OddPeek"].nights) == ("even", "odd")
    assert ab["DayShot"].phase == "day" and not ab["DayShot"].immediate
    assert ab["CycleShot"].phase == "cycle" and ab["CycleShot"].immediate and ab["CycleShot"].factional
    o, _ = run(rs, "O=Oddity V=Villager", "O EvenPeek V; O OddPeek V; O DayShot V")
    f = failed(o)
    assert "even nights" in f["O.EvenPeek"] and "day action" in f["O.DayShot"] and "O.OddPeek" not in f
    o, _ = run(rs, "O=Oddity V=Villager", "O EvenPeek V; O OddPeek V", night=2)
    assert "odd nights" in failed(o)["O.OddPeek"] and "O.EvenPeek" not in failed(o)
    # Issue 13: an Immediate day ability now resolves (dayactions.py), so it is accepted; Innate
    # is the game's rules' (ruleset.toml [[innate]]), so a role's ability cannot be innate.
    rs = ruleset("natural", '[X]\nalignment = "Town"\n[[X.abilities]]\nname = "A"\nphase = "day"\n'
                 'immediate = true\neffects = [{ effect = "kill" }]\n', tmp_path)
    assert rs.role("X").abilities[0].immediate and rs.role("X").abilities[0].phase == "day"
    with pytest.raises(FileError, match=r"roles.toml: X.abilities\[0\].innate: .*not by a role"):
        ruleset("natural", '[X]\nalignment = "Town"\n[[X.abilities]]\nname = "A"\ninnate = true\n'
                'effects = [{ effect = "kill" }]\n', tmp_path)


@pytest.mark.parametrize("name", ["natural", "ooo-werewolf"], ids=["II-immediate-natural", "II-immediate-ordered"])
def test_II_an_immediate_action_resolves_before_the_night(tmp_path, name):
    """Seed II: an Immediate action resolves as soon as it is submitted: a block that resolves at
    the end of the night comes too late to stop it, in natural and in ordered resolution."""
    # The same roles in both rulesets; only the Stopper's category is each ruleset's own step name.
    step = "block" if name == "natural" else "first"
    rs = ruleset(name, f"""
[Snap]
alignment = "Town"
[[Snap.abilities]]
name = "Peek"
category = "info"
immediate = true
effects = [{{ effect = "inspect", what = "role" }}]
[Stopper]
alignment = "Town"
[[Stopper.abilities]]
name = "Stop"
category = "{step}"
effects = [{{ effect = "block", scope = "all" }}]
""", tmp_path)
    o, _ = run(rs, "S=Snap B=Stopper V=Stopper", "B Stop S; S Peek V")
    assert "S.Peek" not in failed(o) and results(o)["S.Peek"] == "Stopper", o.log
    plain = rs._replace(roles={**rs.roles, "Snap": rs.roles["Snap"]._replace(abilities=tuple(
        a._replace(immediate=False) for a in rs.roles["Snap"].abilities))})
    o, _ = run(plain, "S=Snap B=Stopper V=Stopper", "B Stop S; S Peek V")
    assert "blocked" in failed(o)["S.Peek"]


def test_II_every_natural_ability_is_a_night_action_from_night_1():
    for role in RS.roles.values():
        for ab in role.abilities:
            assert ab.phase == "night" and ab.first_night == 1 and not ab.self_target, (role.name, ab.name)
            assert ab.moves == (ab.targets > 0), (role.name, ab.name)  # seed I: every targeted action visits


def test_V_requires_attacked_checked_at_resolution():
    """Classic's antidote: a changed kill makes the antidote fail at resolution."""
    rs = ruleset("classic-werewolf")
    o, _ = run(rs, "Wo=Werewolf Wi=Witch F=Villager H=Villager", "Wi Antidote F; Wo Kill H")
    assert dead(o) == ["H"] and "none was entered" in failed(o)["Wi.Antidote"]
    o, _ = run(rs, "Wo=Werewolf Wi=Witch F=Villager H=Villager", "Wi Antidote F; Wo Kill F")
    assert dead(o) == [] and not o.failed


def test_classic_night_on_the_same_engine():
    """classic-werewolf's ordered night: kill, witch, guard, seer; the Witch's poison beats the Guard."""
    rs = ruleset("classic-werewolf")
    o, _ = run(rs, "Wo=Werewolf Wi=Witch Gu=Guard Se=Seer A=Villager B=Villager",
               "Se Check Wo; Gu Guard A; Wo Kill A; Wi Poison B")
    assert dead(o) == ["B"] and results(o) == {"Se.Check": "WEREWOLF"}
    assert [s.player for s in o.saved] == ["A"]
    o, _ = run(rs, "Wo=Werewolf Wi=Witch Gu=Guard A=Villager", "Gu Guard A; Wi Poison A")
    assert dead(o) == ["A"] and o.deaths[0].cause == "Poison"


def test_registry_and_params_agree():
    assert set(REGISTRY) == set(PARAMS)
    for (kind, key), choices in CHOICES.items():
        assert key in PARAMS[kind] and choices


# ------------------------------------------------------------------ through the CLI


def _game(tmp_path, players, options=()):
    runner = CliRunner()
    args = ["new", str(tmp_path / "g"), "--ruleset", "natural", "--seed", "5"]
    for p in players.split():
        args += ["--assign", p.replace("_", " ")]
    for o in options:
        args += ["--option", o]
    res = runner.invoke(cli, args)
    assert res.exit_code == 0, res.output
    return runner, ["--game", str(tmp_path / "g")]


def _act(runner, g, line, code=0):
    res = runner.invoke(cli, g + ["act"] + line.split())
    assert res.exit_code == code, res.output
    return res


@pytest.mark.parametrize("players, lines, dead_, blocked_, failed_", [
    ("Bd=Bus_Driver Rb=Roleblocker Go=Goon Co=Cop V=Villager", "Bd Drive Co Go; Rb Block Co; Go Kill V; Co Investigate V",
     [], ["Go"], ["Go"]),
    ("R1=Roleblocker R2=Roleblocker Vi=Vigilante V=Villager", "R1 Block R2; R2 Block R1; Vi Shoot V", ["V"], [], ["R1", "R2"]),
    ("Ve=Veteran Do=Doctor Go=Goon V=Villager", "Ve Alert; Do Protect Ve; Go Kill Ve", ["Do", "Go"], [], []),
], ids=["peer_bus_driver_moves_a_block_onto_a_goon", "peer_two_blockers_cross_targeting", "peer_veteran_on_alert_kills_a_doctor"])
def test_cli_resolve_json(tmp_path, players, lines, dead_, blocked_, failed_):
    runner, g = _game(tmp_path, players)
    for line in lines.split(";"):
        _act(runner, g, line.strip())
    res = runner.invoke(cli, g + ["resolve", "--force", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["night"] == 1 and out["log"]
    assert sorted(d["player"] for d in out["deaths"]) == dead_
    assert sorted(b["player"] for b in out["blocked"]) == blocked_
    assert sorted(f["player"] for f in out["failed"]) == failed_
    for d in out["deaths"]:
        assert d["flavour"] and d["location"] and d["cause"]
    st = json.loads(runner.invoke(cli, g + ["status", "--json"]).output)
    assert st["phase"] in ("day", "over") and sorted(p["name"] for p in st["players"] if not p["alive"]) == dead_


def test_cli_entry_rules(tmp_path):
    """Seed I and IV at entry: no self-target; unallied factional kill; charges; factional replaces."""
    runner, g = _game(tmp_path, "Do=Doctor Go=Goon Gf=Godfather Ve=Veteran V=Villager Cm=Commuter")
    assert "cannot target yourself" in _act(runner, g, "Do Protect Do", 1).output
    assert "allied" in _act(runner, g, "Go Kill Gf", 1).output
    _act(runner, g, "Go Kill V")
    _act(runner, g, "Gf Kill Do")  # any member; replaces the faction's kill
    _act(runner, g, "Cm Commute")
    _act(runner, g, "Ve Alert")
    acts = json.loads(runner.invoke(cli, g + ["actions", "--json"]).output)["actions"]
    assert [(a["actor"], a["targets"]) for a in acts if a["ability"] == "Kill"] == [("Gf", ["Do"])]
    out = json.loads(runner.invoke(cli, g + ["resolve", "--force", "--json"]).output)
    assert [d["player"] for d in out["deaths"]] == ["Do"]
    st = json.loads(runner.invoke(cli, g + ["status", "--json"]).output)
    assert {p["name"]: p["charges"] for p in st["players"]}["Ve"] == {"alert": 1}


def test_cli_poison_over_two_nights(tmp_path):
    runner, g = _game(tmp_path, "Po=Poisoner Do=Doctor V=Villager W=Villager X=Villager Y=Villager")
    _act(runner, g, "Po Poison V")
    _act(runner, g, "Do Protect V")
    out = json.loads(runner.invoke(cli, g + ["resolve", "--force", "--json"]).output)
    assert out["deaths"] == []
    assert runner.invoke(cli, g + ["eliminate", "--none"]).exit_code == 0
    out = json.loads(runner.invoke(cli, g + ["resolve", "--force", "--json"]).output)
    assert [(d["player"], d["cause"]) for d in out["deaths"]] == [("V", "Poison")]
    assert "poison" in out["deaths"][0]["flavour"]


def test_I_entry_records_a_skip_of_an_ability_with_no_target_and_refuses_a_player_named_twice(tmp_path):
    # Changed by issue decline: a skip of an ability with no target was refused ("takes no
    # target"), so the host could not record a "no"; it is now recorded as declined.
    from conftest import Host
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="natural", seed=1,
           assign=["Cat=Commuter", "Rex=Redirector", "Ann=Villager", "Bob=Goon", "Cy=Villager"])
    host = Host(tmp_path / "g")
    assert "recorded Cat: Commute (skip)" in host.ok("act", "Cat", "Commute", "skip")
    assert "(replaces Cat's Commute (skip))" in host.ok("act", "Cat", "Commute")
    assert "names the same player twice" in host.refused("act", "Rex", "Redirect", "Ann", "Ann")
    host.ok("act", "Rex", "Redirect", "Ann", "Cy")
    assert [a["actor"] for a in json.loads(host.ok("actions", "--json"))["actions"]] == ["Cat", "Rex"]


def test_II_cycle_prefix_once_per_cycle_in_either_phase(tmp_path):
    from conftest import Host
    from hostkit.game.game import create

    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text('''
[Oracle]
alignment = "Town"
summary = "Once a cycle, by day or by night, inspect a player."

[[Oracle.abilities]]
name = "Gaze"
phase = "cycle"
moves = false
effects = [{ effect = "inspect", what = "alignment" }]
''')
    create(folder, ruleset="natural", seed=1, assign=["Ora=Oracle", "Bob=Goon", "Cy=Villager", "Dee=Villager"])
    host = Host(folder)
    host.ok("act", "Ora", "Gaze", "Bob")
    host.ok("resolve", "--force")
    assert "once per cycle, and it was used in night 1" in host.refused("act", "Ora", "Gaze", "Cy")
    host.ok("eliminate", "--none")
    host.ok("act", "Ora", "Gaze", "Cy")  # night 2 is a new cycle
