"""The ooo-werewolf ruleset, rule by rule of seeds/ooo-werewolf.md.

Each case is named after the seed section it checks (1 Order of Operations ... 12 Conversion
roles). Cases run directly on the engine (a GameState built by tests/engine_helpers.py, then
`resolve`); re-targeting (10) is judged at entry, so it runs through the Game; one CLI test
plays a whole game at the end.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import check, dead, night, results, ruleset, run, state
from hostkit.words import publish
from hostkit.engine.day import apply_outcome
from hostkit.model.errors import RuleError
from hostkit.game.game import Game, create

RS = ruleset("ooo-werewolf")
INFECTED = {"infected": {"by": "PB", "role": "Plague Bringer"}}
FRAMED = {"framed": {"by": "Fr"}}


# (id, players, actions, state options, expectations)
CASES = [
    # ---------------------------------------------------------------- 1. Order of Operations
    # Issue 11: action priority first, so a jail stops a lighting and a distraction a pounce.
    ("1_a_jail_stops_the_lighting", "Ar=Arsonist Jk=Jailkeeper V=Villager", "Jk Jail Ar; Ar Ignite",
     dict(tags={"V": {"doused": {}}}), dict(dead=[], failed={"Ar.Ignite": "blocked by Jailkeeper (Jk)"})),
    ("1_a_distraction_does_not_stop_the_lighting", "Ar=Arsonist Es=Escort V=Villager", "Es Distract Ar; Ar Ignite",
     dict(tags={"V": {"doused": {}}}), dict(dead=["V"], ok=["Ar.Ignite"])),
    ("1_blocks_come_before_the_first_moves_they_stop", "St=Stalker Es=Escort V=Villager", "Es Distract St; St Pounce V",
     {}, dict(dead=[], failed={"St.Pounce": "blocked by Escort (Es)"})),
    ("1_blocks_come_before_info", "Es=Escort Ba=Bartender V=Villager", "Ba Serve V; Es Distract Ba", {},
     dict(failed={"Ba.Serve": "blocked by Escort (Es)"}, results={})),
    ("1_blocks_come_before_kills", "Co=Consort SK=Serial_Killer V=Villager", "SK Stab V; Co Distract SK", {},
     dict(dead=["Co"], failed={"SK.Stab": "blocked by Consort (Co)"})),
    ("1_the_doctor_is_last", "Do=Doctor Vi=Vigilante V=Villager", "Do Heal V; Vi Shoot V", {},
     dict(dead=[], saved={"V": ["Doctor"]})),
    ("1_tie_break_within_a_step", "SK=Serial_Killer Hy=Hypnotist V=Villager", "SK Stab V; Hy Hypnotise V", {},
     dict(dead=["V"], deaths={"V": ("Hypnotist", "V's home", "improvised weapon")})),
    # ---------------------------------------------------------------- 2. Rampage
    ("2_rampaged_escort_dies_at_targets_home", "Al=Alpha Es=Escort V=Villager", "Es Distract V; Al Maul V", {},
     dict(dead=["Es", "V"], deaths={"Es": ("Alpha", "V's home", "blood and fur"), "V": ("Alpha", "V's home", "fur")})),
    ("2_rampaged_sleepwalker_dies_at_targets_home", "Al=Alpha SW=Sleepwalker V=Villager", "SW Wander V; Al Maul V", {},
     dict(dead=["SW", "V"], deaths={"SW": ("Alpha", "V's home", "blood and fur")})),
    ("2_rampaged_orphan_dies_at_targets_home", "Al=Alpha O=Orphan V=Villager", "O Adopt V; Al Maul V", {},
     dict(dead=["O", "V"], deaths={"O": ("Alpha", "V's home", "blood and fur")})),
    ("2_rampaged_lone_wolf_dies_at_targets_home", "Al=Alpha LW=Lone_Wolf V=Villager", "LW Prowl V; Al Maul V", {},
     dict(dead=["LW", "V"], deaths={"LW": ("Alpha", "V's home", "blood and fur")})),
    ("2_consort_does_not_rampage", "Al=Alpha Co=Consort V=Villager", "Co Distract V; Al Maul V", {},
     dict(dead=["V"])),
    ("2_other_visitors_do_not_rampage", "Al=Alpha Lo=Lookout Ba=Bartender V=Villager",
     "Lo Watch V; Ba Serve V; Al Maul V", {}, dict(dead=["V"])),
    ("2_only_a_rampaging_kill_rampages", "SK=Serial_Killer Es=Escort V=Villager", "Es Distract V; SK Stab V", {},
     dict(dead=["V"])),
    ("2_escort_killed_at_her_own_home", "SK=Serial_Killer Es=Escort V=Villager", "Es Distract V; SK Stab Es", {},
     dict(dead=["Es"], deaths={"Es": ("Serial Killer", "Es's home", "stab wounds")})),
    ("2_the_target_dies_at_their_own_home", "Al=Alpha V=Villager", "Al Maul V", {},
     dict(dead=["V"], deaths={"V": ("Alpha", "V's home", "blood and fur")})),
    # ---------------------------------------------------------------- 3. Alpha + Serial Killer
    ("3_sk_kills_before_the_alpha", "SK=Serial_Killer Al=Alpha V=Villager", "Al Maul V; SK Stab V", {},
     dict(dead=["V"], deaths={"V": ("Serial Killer", "V's home", "stab wounds")}, log=["finds V already dead"])),
    ("3_alpha_finding_the_target_dead_has_no_effect", "SK=Serial_Killer Al=Alpha Es=Escort V=Villager",
     "Es Distract V; Al Maul V; SK Stab V", {}, dict(dead=["V"], log=["there is no rampage"])),
    # ---------------------------------------------------------------- 4. Multiple attacks + healing
    ("4_sk_alpha_doctor_survives", "SK=Serial_Killer Al=Alpha Do=Doctor V=Villager",
     "Do Heal V; Al Maul V; SK Stab V", {}, dict(dead=[], saved={"V": ["Doctor"]})),
    ("4_plague_kills_through_the_doctor", "PB=Plague_Bringer SK=Serial_Killer Do=Doctor V=Villager",
     "Do Heal V; SK Stab V; PB Infect V", dict(tags={"V": INFECTED}),
     dict(dead=["V"], saved={"V": ["Doctor"]}, deaths={"V": ("Plague Bringer", "V's home", "plague")},
          log=["Doctor (Do)'s heal saves V from Serial Killer (SK)'s attack", "no doctor can heal it"])),
    ("4_plague_alone_kills_through_the_doctor", "PB=Plague_Bringer Do=Doctor V=Villager",
     "Do Heal V; PB Infect V", dict(tags={"V": INFECTED}), dict(dead=["V"])),
    ("4_first_infection_only_infects", "PB=Plague_Bringer V=Villager W=Villager", "PB Infect V",
     dict(tags={"W": INFECTED}), dict(dead=[], tags={("V", "infected"): None, ("PB", "carriers"): 2})),
    # ---------------------------------------------------------------- 5. Home-targeting
    ("5_sleepwalker_is_not_home", "SK=Serial_Killer SW=Sleepwalker", "SK Stab SW", {},
     dict(dead=[], failed={"SK.Stab": "SW was not at home"}, no_visits={("SK", "SW")})),
    ("5_orphan_is_not_home", "Al=Alpha O=Orphan", "Al Maul O", {},
     dict(dead=[], failed={"Al.Maul": "O was not at home"})),
    ("5_lone_wolf_is_not_home", "Vi=Vigilante LW=Lone_Wolf", "Vi Shoot LW", {},
     dict(dead=[], failed={"Vi.Shoot": "LW was not at home"})),
    ("5_everyone_else_is_home", "Vi=Vigilante Es=Escort", "Es Distract Vi; Vi Shoot Es", {},
     dict(dead=[], failed={"Vi.Shoot": "blocked"})),
    ("5_framer_frames_the_sleepwalker", "Fr=Framer SW=Sleepwalker", "Fr Frame SW", {},
     dict(ok=["Fr.Frame"], tags={("SW", "framed"): None})),
    ("5_framer_frames_the_orphan", "Fr=Framer O=Orphan", "Fr Frame O", {},
     dict(ok=["Fr.Frame"], tags={("O", "framed"): None})),
    ("5_framer_cannot_reach_the_lone_wolf", "Fr=Framer LW=Lone_Wolf", "Fr Frame LW", {},
     dict(failed={"Fr.Frame": "not at home"}, no_tags=[("LW", "framed")])),
    # ---------------------------------------------------------------- 6. Framing effects
    ("6_seer_sees_a_framed_player_as_a_wolf_role", "Se=Seer Fr=Framer Al=Alpha V=Villager",
     "Fr Frame V; Se Vision V", {}, dict(results_in={"Se.Vision": ("Framer", "Alpha")}, untags=[])),
    ("6_seer_sees_the_truth_unframed", "Se=Seer Fr=Framer V=Villager", "Se Vision V", {},
     dict(results={"Se.Vision": "Villager"})),
    ("6_seer_uses_up_a_standing_frame", "Se=Seer Al=Alpha V=Villager", "Se Vision V", dict(tags={"V": FRAMED}),
     dict(results={"Se.Vision": "Alpha"}, untags=[("V", "framed")])),
    ("6_lookout_sees_framed_player_at_the_night_kill", "Lo=Lookout Fr=Framer Al=Alpha V=Villager X=Villager",
     "Fr Frame X; Al Maul V; Lo Watch V", {}, dict(results={"Lo.Watch": ("Al", "X")})),
    ("6_lookout_elsewhere_sees_only_visitors", "Lo=Lookout Fr=Framer Al=Alpha Do=Doctor V=Villager X=Villager",
     "Fr Frame X; Al Maul V; Do Heal Al; Lo Watch Al", {}, dict(results={"Lo.Watch": ("Do",)})),
    ("6_bartender_gets_three_lies", "Ba=Bartender Fr=Framer Se=Seer Do=Doctor Es=Escort V=Villager",
     "Fr Frame V; Ba Serve V", {}, dict(results_in={"Ba.Serve": [
         t for t in [("Doctor", "Escort", "Framer"), ("Doctor", "Escort", "Seer"), ("Doctor", "Framer", "Seer"),
                     ("Escort", "Framer", "Seer")]]})),
    ("6_bartender_unframed_includes_the_truth", "Ba=Bartender Fr=Framer Se=Seer V=Villager", "Ba Serve V", {},
     dict(results={"Ba.Serve": ("Framer", "Seer", "Villager")})),
    ("6_patrolman_sees_opposite_movement", "Pa=Patrolman Fr=Framer V=Villager", "Fr Frame V; Pa Patrol V", {},
     dict(results={"Pa.Patrol": "left home"})),
    ("6_patrolman_unframed", "Pa=Patrolman V=Villager", "Pa Patrol V", {}, dict(results={"Pa.Patrol": "stayed home"})),
    ("6_patrolman_sees_a_visitor_leave", "Pa=Patrolman Do=Doctor V=Villager", "Do Heal V; Pa Patrol Do", {},
     dict(results={"Pa.Patrol": "left home"})),
    ("6_patrolman_framed_visitor_seems_home", "Pa=Patrolman Fr=Framer Do=Doctor V=Villager",
     "Fr Frame Do; Do Heal V; Pa Patrol Do", {}, dict(results={"Pa.Patrol": "stayed home"})),
    ("6_matchmaker_framed_is_not_town", "Mm=Matchmaker Fr=Framer V=Villager W=Villager", "Fr Frame V; Mm Match V W", {},
     dict(results={"Mm.Match": "No match"})),
    ("6_matchmaker_unframed", "Mm=Matchmaker Fr=Framer V=Villager W=Villager", "Mm Match V W", {},
     dict(results={"Mm.Match": "Match"})),
    ("6_matchmaker_wolf_and_neutral_match", "Mm=Matchmaker Al=Alpha SK=Serial_Killer", "Mm Match Al SK", {},
     dict(results={"Mm.Match": "Match"})),
    ("6_gravedigger_sees_a_framed_body_as_wolf", "Gd=Gravedigger V=Villager", "Gd Dig V",
     dict(tags={"V": FRAMED}, dead=("V",)), dict(results={"Gd.Dig": "Wolf"}, untags=[("V", "framed")])),
    ("6_gravedigger_sees_the_truth", "Gd=Gravedigger V=Doctor", "Gd Dig V", dict(dead=("V",)),
     dict(results={"Gd.Dig": "Doctor"})),
    ("6_gravedigger_digs_only_the_dead", "Gd=Gravedigger V=Doctor", "Gd Dig V", {},
     dict(failed={"Gd.Dig": "V is not dead"})),
    ("6_the_packs_readings_ignore_frames", "Cl=Clairvoyant V=Villager", "Cl Divine V", dict(tags={"V": FRAMED}),
     dict(results={"Cl.Divine": "Villager"})),
    # ---------------------------------------------------------------- 7. Block notifications
    ("7_escort_notifies_a_moving_role", "Es=Escort Do=Doctor V=Villager", "Es Distract Do; Do Heal V", {},
     dict(blocked=[("Do", True)])),
    ("7_consort_notifies_a_moving_role", "Co=Consort Ba=Bartender V=Villager", "Co Distract Ba; Ba Serve V", {},
     dict(blocked=[("Ba", True)])),
    ("7_locksmith_notifies_a_moving_role", "Ls=Locksmith Ba=Bartender V=Villager", "Ls Lock Ba; Ba Serve V", {},
     dict(blocked=[("Ba", True)])),
    ("7_locksmith_does_not_notify_the_sleepwalker", "Ls=Locksmith SW=Sleepwalker V=Villager", "Ls Lock SW; SW Wander V",
     {}, dict(blocked=[("SW", False)], failed={"SW.Wander": "blocked"})),
    ("7_escort_on_a_non_moving_role_is_silent", "Es=Escort Se=Seer V=Villager", "Es Distract Se; Se Vision V", {},
     dict(blocked=[], results={"Se.Vision": "Villager"})),
    ("7_jailkeeper_notifies_everyone", "Jk=Jailkeeper Cl=Clairvoyant V=Villager", "Jk Jail Cl; Cl Divine V", {},
     dict(blocked=[("Cl", True)], failed={"Cl.Divine": "blocked"})),
    ("7_doctor_self_heal_is_not_blocked_or_told", "Es=Escort Do=Doctor Vi=Vigilante", "Es Distract Do; Do Heal Do; Vi Shoot Do",
     {}, dict(blocked=[], dead=[], saved={"Do": ["Doctor"]})),
    ("7_locksmith_building_a_lock_is_not_told", "Es=Escort Ls=Locksmith", "Es Distract Ls; Ls Lock Ls", {},
     dict(blocked=[], ok=["Ls.Lock"])),
    # ---------------------------------------------------------------- 8. Block effects
    ("8_escort_blocks_moving_actions", "Es=Escort Do=Doctor Vi=Vigilante V=Villager", "Es Distract Do; Do Heal V; Vi Shoot V",
     {}, dict(dead=["V"], failed={"Do.Heal": "blocked"}, no_visits={("Do", "V")})),
    ("8_consort_blocks_moving_actions", "Co=Consort Vi=Vigilante V=Villager", "Co Distract Vi; Vi Shoot V", {},
     dict(dead=[], failed={"Vi.Shoot": "blocked"})),
    ("8_locksmith_blocks_moving_actions", "Ls=Locksmith Vi=Vigilante V=Villager", "Ls Lock Vi; Vi Shoot V", {},
     dict(dead=[], failed={"Vi.Shoot": "blocked"})),
    ("8_locked_home_keeps_visitors_out", "Ls=Locksmith Vi=Vigilante V=Villager", "Ls Lock V; Vi Shoot V", {},
     dict(dead=[], failed={"Vi.Shoot": "V's home was locked"}, no_visits={("Vi", "V")})),
    ("8_jailkeeper_blocks_non_moving_actions", "Jk=Jailkeeper Cl=Clairvoyant V=Villager", "Jk Jail Cl; Cl Divine V", {},
     dict(failed={"Cl.Divine": "blocked"})),
    ("8_jailkeeper_spares_the_seer", "Jk=Jailkeeper Se=Seer V=Doctor", "Jk Jail Se; Se Vision V", {},
     dict(ok=["Se.Vision"], results={"Se.Vision": "Doctor"}, blocked=[])),
    ("8_jail_protects_and_keeps_visitors_out", "Jk=Jailkeeper SK=Serial_Killer V=Villager", "Jk Jail V; SK Stab V", {},
     dict(dead=[], failed={"SK.Stab": "V was in jail"})),
    # ---------------------------------------------------------------- 9. Body placement
    ("9_alpha_blood_and_fur", "Al=Alpha V=Villager", "Al Maul V", {},
     dict(deaths={"V": ("Alpha", "V's home", "blood and fur")})),
    ("9_stalker_on_the_porch", "St=Stalker V=Villager", "St Pounce V", {},
     dict(deaths={"V": ("Stalker", "on V's porch", "found on V's porch")})),
    ("9_patrolman_both_outside_the_door", "Pa=Patrolman SK=Serial_Killer V=Villager", "Pa Patrol V; SK Stab V", {},
     dict(dead=["Pa", "SK"], deaths={"Pa": ("Serial Killer", "outside V's door", "fought to the death"),
                                     "SK": ("Patrolman", "outside V's door", "fought to the death")})),
    ("9_sk_stab_wounds", "SK=Serial_Killer V=Villager", "SK Stab V", {},
     dict(deaths={"V": ("Serial Killer", "V's home", "stab wounds")})),
    ("9_murderer_axe_wounds", "Mu=Murderer V=Villager", "Mu Chop V", {},
     dict(deaths={"V": ("Murderer", "V's home", "axe")})),
    ("9_arsonist_burned", "Ar=Arsonist V=Villager", "Ar Ignite", dict(tags={"V": {"doused": {}}}),
     dict(deaths={"V": ("Arsonist", "V's home", "burned")})),
    ("9_hypnotist_improvised_weapon", "Hy=Hypnotist V=Villager", "Hy Hypnotise V", {},
     dict(deaths={"V": ("Hypnotist", "V's home", "improvised weapon")})),
    ("9_hunter_bullet_holes", "Hu=Hunter V=Villager", "Hu Shoot V", {},
     dict(deaths={"V": ("Hunter", "V's home", "bullet holes")})),
    ("9_vigilante_bullet_holes", "Vi=Vigilante V=Villager", "Vi Shoot V", {},
     dict(deaths={"V": ("Vigilante", "V's home", "bullet holes")})),
    ("9_veteran_vanished", "Ve=Veteran Es=Escort", "Ve Alert; Es Distract Ve", {},
     dict(dead=["Es"], deaths={"Es": ("Veteran", "nowhere: the body vanished", "vanished")})),
    ("9_escort_blocking_the_sk_dies_in_the_town_square", "Es=Escort SK=Serial_Killer V=Villager", "Es Distract SK; SK Stab V",
     {}, dict(dead=["Es"], deaths={"Es": ("Serial Killer", "the Town Square", "stab wounds")})),
    ("9_consort_blocking_the_murderer_dies_in_the_town_square", "Co=Consort Mu=Murderer", "Co Distract Mu", {},
     dict(dead=["Co"], deaths={"Co": ("Murderer", "the Town Square", "axe")})),
    ("9_locksmith_locking_the_sk_dies_in_the_town_square", "Ls=Locksmith SK=Serial_Killer", "Ls Lock SK", {},
     dict(dead=["Ls"], deaths={"Ls": ("Serial Killer", "the Town Square", "stab wounds")})),
    ("9_blocking_others_is_safe", "Es=Escort Vi=Vigilante V=Villager", "Es Distract Vi; Vi Shoot V", {}, dict(dead=[])),
    ("9_jailkeeper_jailing_the_sk_is_safe", "Jk=Jailkeeper SK=Serial_Killer V=Villager", "Jk Jail SK; SK Stab V",
     {"options": {"blocker-death": "jailkeeper-safe"}},
     dict(dead=[], failed={"SK.Stab": "blocked"})),
    # ---------------------------------------------------------------- 12. Conversion roles
    ("12_orphan_converts_at_day_start_after_its_visit", "O=Orphan Vi=Vigilante", "O Adopt Vi", {},
     dict(converts=[("O", "Vigilante")], visits={("O", "Vi")}, results={"O.Adopt": "Vigilante"})),
    ("12_graverobber_takes_a_dead_role", "Gr=Graverobber V=Doctor", "Gr Rob V", dict(dead=("V",)),
     dict(converts=[("Gr", "Doctor")], results={"Gr.Rob": "Doctor"})),
    ("12_kill_counts_carry_over", "Gr=Graverobber Gl=Glutton", "Gr Rob Gl", dict(dead=("Gl",), tags={"Gl": {"kills": 2}}),
     dict(converts=[("Gr", "Glutton")], tags={("Gr", "kills"): 2})),
    ("12_plague_carrier_count_carries_over", "Gr=Graverobber PB=Plague_Bringer V=Villager", "Gr Rob PB",
     dict(dead=("PB",), tags={"PB": {"carriers": 1}, "V": INFECTED}),
     dict(converts=[("Gr", "Plague Bringer")], tags={("Gr", "carriers"): 1})),
    ("12_heir_inherits_a_dead_benefactor", "H=Heir V=Seer", "", dict(dead=("V",), tags={"H": {"heir-of": {"of": "V"}}}),
     dict(converts=[("H", "Seer")], untags=[("H", "heir-of")])),
    ("12_heir_waits_for_the_benefactor", "H=Heir V=Seer", "H Name V", {},
     dict(converts=[], tags={("H", "heir-of"): {"of": "V"}})),
    ("12_glutton_counts_kills", "Gl=Glutton V=Villager", "Gl Devour V", dict(night=2),
     dict(dead=["V"], tags={("Gl", "kills"): 1})),
    ("12_vigilante_killing_town_is_guilty", "Vi=Vigilante V=Villager", "Vi Shoot V", {},
     dict(dead=["V"], tags={("Vi", "guilty"): None})),
    ("12_vigilante_killing_a_wolf_is_not", "Vi=Vigilante Wo=Wolf", "Vi Shoot Wo", {},
     dict(dead=["Wo"], no_tags=[("Vi", "guilty")])),
]


@pytest.mark.parametrize("players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_night(players, lines, kw, expect):
    o, n = run(RS, players, lines, **kw)
    check(o, n, expect)
    assert all(line.endswith(".") for line in o.log), o.log
    for f in o.failed:
        assert any(f.reason in line for line in o.log)


# ---------------------------------------------------------------- 1. the order itself


def test_1_steps_are_the_seeds_categories_and_tie_break_its_order():
    assert RS.steps == ("lighting", "first", "block", "info", "kill", "last")
    seed = ["Arsonist.Ignite", "Lookout", "Veteran", "Stalker.Pounce", "Locksmith", "Patrolman", "Housewatcher",
            "Sleepwalker", "Orphan", "Jailkeeper", "Escort", "Consort", "Framer", "Seer", "Bartender", "Gravedigger",
            "Graverobber", "Clairvoyant", "Bloodhound", "Hypnotist.Hypnotise", "Hunter", "Vigilante", "Arsonist",
            "Plague Bringer", "Serial Killer", "Murderer", "Glutton.Devour", "Alpha", "Doctor"]
    tb = list(RS.tie_break)
    assert [t for t in tb if t in seed] == seed


def test_1_pack_kill_sorts_with_the_alpha_whoever_enters_it():
    """Seed 3: the SK acts before the Alpha, even when the Consort enters the pack's kill."""
    o, _ = run(RS, "Co=Consort SK=Serial_Killer V=Villager", "Co Maul V; SK Stab V")
    assert [d.cause for d in o.deaths] == ["Serial Killer"]


def test_1_every_ability_sorts_in_a_seed_step():
    for role in RS.roles.values():
        for ab in role.abilities:
            assert ab.category in RS.steps, (role.name, ab.name)


# ---------------------------------------------------------------- 4. over two nights


def two_nights(players: str, first: str, second: str, **kw):
    """Resolve a night, apply its outcome as the game does, then resolve the next night."""
    st = state(RS, players, **kw)
    o1, _ = night(st, first)
    apply_outcome(st, o1, 1)
    st.number += 1
    o2, n2 = night(st, second)
    return st, o1, o2, n2


def test_4_the_plague_needs_a_second_visit():
    st, o1, o2, _ = two_nights("PB=Plague_Bringer Do=Doctor V=Villager", "PB Infect V", "PB Infect V; Do Heal V")
    assert dead(o1) == [] and "infected" in st.players["V"].tags
    assert dead(o2) == ["V"]


def test_12_vigilante_suicide_the_next_night_past_a_heal():
    _, o1, o2, _ = two_nights("Vi=Vigilante Do=Doctor V=Villager W=Villager", "Vi Shoot V", "Do Heal Vi")
    assert dead(o1) == ["V"]
    assert dead(o2) == ["Vi"] and o2.deaths[0].cause == "Vigilante Suicide"
    assert "guilt was too much" in o2.deaths[0].flavour


# ---------------------------------------------------------------- 10. re-targeting (judged at entry)


def game_at_night_2(tmp_path, assign: list[str], night1: list[tuple[str, str, list[str]]]) -> Game:
    folder = tmp_path / "g"
    create(folder, ruleset="ooo-werewolf", assign=assign, seed=3)
    for actor, ability, targets in night1:
        Game.load(folder).act(actor, ability, targets)
    Game.load(folder).resolve()
    Game.load(folder).eliminate(None)
    return Game.load(folder)


BASE = ["Ann=Bartender", "Bob=Alpha", "Cat=Escort", "Dan=Doctor", "Eve=Plague Bringer", "Fay=Jailkeeper",
        "Gus=Locksmith", "Hal=Villager", "Ivy=Villager"]
RETARGET = [
    ("10_same_target_twice_is_refused", [("Ann", "Serve", ["Dan"])], ("Ann", "Serve", "Dan"), False),
    ("10_another_target_is_fine", [("Ann", "Serve", ["Dan"])], ("Ann", "Serve", "Hal"), True),
    ("10_alpha_may_retarget", [("Bob", "Maul", ["Fay"]), ("Dan", "Heal", ["Fay"])],
     ("Bob", "Maul", "Fay"), True),
    ("10_plague_bringer_may_retarget", [("Eve", "Infect", ["Dan"])], ("Eve", "Infect", "Dan"), True),
    ("10_a_blocked_player_may_retarget", [("Cat", "Distract", ["Ann"]), ("Ann", "Serve", ["Dan"])],
     ("Ann", "Serve", "Dan"), True),
    ("10_a_jailed_player_may_retarget", [("Fay", "Jail", ["Ann"]), ("Ann", "Serve", ["Dan"])],
     ("Ann", "Serve", "Dan"), True),
    ("10_a_locked_in_player_may_retarget", [("Gus", "Lock", ["Ann"]), ("Ann", "Serve", ["Dan"])],
     ("Ann", "Serve", "Dan"), True),
    ("10_failing_to_reach_a_jailed_target_counts_as_leaving", [("Fay", "Jail", ["Dan"]), ("Ann", "Serve", ["Dan"])],
     ("Ann", "Serve", "Dan"), False),
    ("10_failing_to_reach_a_locked_target_counts_as_leaving", [("Gus", "Lock", ["Dan"]), ("Ann", "Serve", ["Dan"])],
     ("Ann", "Serve", "Dan"), False),
]


@pytest.mark.parametrize("night1, again, allowed", [c[1:] for c in RETARGET], ids=[c[0] for c in RETARGET])
def test_10_retargeting(tmp_path, night1, again, allowed):
    game = game_at_night_2(tmp_path, BASE, night1)
    actor, ability, target = again
    if allowed:
        game.act(actor, ability, [target])
    else:
        with pytest.raises(RuleError, match="two phases in a row"):
            game.act(actor, ability, [target])


# ---------------------------------------------------------------- 11. the Bartender's pool


def serve(players: str, target: str, seeds=range(1, 41), **kw) -> list[tuple[str, ...]]:
    st = state(RS, players, **kw)
    return [results(night(st, f"Ba Serve {target}", seed=s)[0])["Ba.Serve"] for s in seeds]


SETUP = "Ba=Bartender Se=Seer Do=Doctor Al=Alpha SW=Sleepwalker O=Orphan LW=Lone_Wolf H=Heir V=Villager"


def test_11_pool_holds_only_roles_in_the_game_at_start():
    seen = {r for pool in serve(SETUP, "Se") for r in pool}
    assert seen <= {"Seer", "Doctor", "Alpha", "Villager"}
    assert all(len(pool) == 3 and "Seer" in pool for pool in serve(SETUP, "Se"))


def test_11_pool_excludes_away_roles_and_the_heir():
    seen = {r for pool in serve(SETUP, "Do") for r in pool}
    assert not seen & {"Sleepwalker", "Orphan", "Lone Wolf", "Heir"}


def test_11_heir_is_treated_as_a_villager():
    assert all("Villager" in pool for pool in serve(SETUP, "H"))


def test_11_bartender_appears_only_if_there_were_two():
    assert not any("Bartender" in pool for pool in serve(SETUP, "Se"))
    two = SETUP + " B2=Bartender"
    assert any("Bartender" in pool for pool in serve(two, "Se"))


def test_11_each_visit_gets_a_fresh_pool():
    assert len(set(serve(SETUP, "Se"))) > 1


def test_11_framed_pool_is_three_lies_from_the_setup():
    pools = serve(SETUP, "Se", tags={"Se": FRAMED})
    assert all(len(p) == 3 and "Seer" not in p and set(p) <= {"Doctor", "Alpha", "Villager"} for p in pools)


def test_11_the_pool_is_deterministic_for_a_seed():
    assert serve(SETUP, "Se", seeds=[5]) == serve(SETUP, "Se", seeds=[5])


# ---------------------------------------------------------------- 12. conversions over two nights


def test_12_charges_are_refilled():
    st, _, _, _ = two_nights("Gr=Graverobber Vi=Vigilante", "Gr Rob Vi", "", dead=("Vi",), charges={"Vi": {"shoot": 0}})
    assert st.players["Gr"].role == "Vigilante" and st.players["Gr"].charges == {"shoot": 3}


def test_12_arsonist_inherits_douses():
    st, _, o2, _ = two_nights("Gr=Graverobber Ar=Arsonist V=Villager", "Gr Rob Ar", "Gr Ignite",
                              dead=("Ar",), tags={"V": {"doused": {"by": "Ar"}}})
    assert st.players["Gr"].role == "Arsonist"
    assert dead(o2) == ["V"] and o2.deaths[0].by == ("Gr",)


def test_12_plague_bringer_inherits_infections():
    st, _, o2, _ = two_nights("Gr=Graverobber PB=Plague_Bringer V=Villager", "Gr Rob PB", "Gr Infect V",
                              dead=("PB",), tags={"PB": {"carriers": 1}, "V": INFECTED})
    assert st.players["Gr"].tags["carriers"] == 1
    assert dead(o2) == ["V"]


def test_12_the_night_action_fires_as_the_original_role():
    """The Orphan adopts a Vigilante on night 1 but is still an Orphan that night: it visits, shoots no one."""
    st, o1, _, _ = two_nights("O=Orphan Vi=Vigilante V=Villager", "O Adopt Vi", "O Shoot V")
    assert dead(o1) == [] and st.players["O"].role == "Vigilante"


def test_12_heir_converts_the_day_after_the_benefactor_dies():
    st, o1, o2, _ = two_nights("H=Heir Sk=Serial_Killer V=Seer", "H Name V; Sk Stab V", "")
    assert dead(o1) == ["V"] and st.players["H"].role == "Seer"
    assert any(n.player == "H" and "inherit" in n.text for n in o1.notices)


# ---------------------------------------------------------------- the data


def test_every_role_the_seed_names_is_here():
    names = ["Lookout", "Veteran", "Stalker", "Locksmith", "Patrolman", "Housewatcher", "Sleepwalker", "Orphan",
             "Jailkeeper", "Escort", "Consort", "Framer", "Seer", "Bartender", "Gravedigger", "Graverobber",
             "Clairvoyant", "Bloodhound", "Hypnotist", "Hunter", "Vigilante", "Arsonist", "Plague Bringer",
             "Serial Killer", "Murderer", "Glutton", "Alpha", "Doctor", "Lone Wolf", "Heir", "Matchmaker",
             "Villager", "Wolf"]
    assert set(names) <= set(RS.roles)
    sides = {"Town": ["Lookout", "Veteran", "Locksmith", "Patrolman", "Housewatcher", "Sleepwalker", "Jailkeeper",
                      "Escort", "Seer", "Bartender", "Gravedigger", "Hunter", "Vigilante", "Doctor"],
             "Wolf": ["Stalker", "Consort", "Framer", "Clairvoyant", "Bloodhound", "Hypnotist", "Glutton", "Alpha",
                      "Lone Wolf"],
             "Neutral": ["Orphan", "Graverobber", "Arsonist", "Plague Bringer", "Serial Killer", "Murderer"]}
    for side, roles in sides.items():
        for r in roles:
            assert RS.roles[r].alignment == side, r
    for name, role in RS.roles.items():
        assert role.summary, name


def test_2_rampageable_roles_are_the_seeds():
    assert {n for n, r in RS.roles.items() if "rampageable" in r.passives} == {"Escort", "Sleepwalker", "Orphan",
                                                                              "Lone Wolf"}
    assert {n for n, r in RS.roles.items() if "away" in r.passives} == {"Sleepwalker", "Orphan", "Lone Wolf"}


def test_9_every_killing_flavour_is_written():
    for key in ("maul", "porch", "patrol", "stab", "axe", "burned", "improvised", "bullet", "vanished"):
        assert key in RS.flavour, key


# ---------------------------------------------------------------- a whole game through the CLI


def test_cli_plays_an_ooo_game_to_the_end(tmp_path):
    folder = tmp_path / "village"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "ooo-werewolf", "--seed", "5", "--title", "OoO Village",
            "--assign", "Ann=Seer", "--assign", "Bob=Alpha", "--assign", "Cat=Escort", "--assign", "Dan=Doctor",
            "--assign", "Eve=Vigilante", "--assign", "Fay=Villager", "--assign", "Gus=Wolf",
            "--assign", "Hal=Sleepwalker")
    pms = host.ok("pm")
    assert "You are the [b]Alpha[/b]" in pms and "Gus (Wolf)" in pms and "Sleepwalker" in pms
    # Night 1: the Escort distracts the wolf who enters the pack's kill; the Vigilante shoots a Villager.
    host.ok("act", "--file", "-", input="Gus Maul Fay\nCat Distract Gus\nAnn Vision Bob\nEve Shoot Fay\n"
                                         "Dan Heal Cat\n")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in out["deaths"]] == ["Fay"]
    # SPEC's fields of a block (resolve --json may add more: what the PM says of it)
    assert [{k: b[k] for k in ("player", "by", "notified")} for b in out["blocked"]] == [
        {"player": "Gus", "by": ["Escort"], "notified": True}]
    assert {"player": "Ann", "ability": "Vision", "target": "Bob", "result": "Alpha"} in out["results"]
    gus = host.ok("pm", "Gus", "--night", "1")
    assert "You were blocked tonight" in gus
    assert "[b]Alpha[/b]" in host.ok("pm", "Ann", "--night", "1")
    assert "Fay was found in their home, riddled with bullet holes." in host.ok("post", "deaths", "--night", "1")
    # Day 1: hand votes, and the village eliminates Gus.
    for voter, target in [("Ann", "Gus"), ("Cat", "Gus"), ("Dan", "Gus"), ("Bob", "Ann"), ("Gus", "Ann")]:
        host.ok("vote", voter, target)
    count = json.loads(host.ok("votes", "--hand-only", "--json"))
    assert count["wagons"][0] == {"target": "Gus", "votes": 3.0, "voters": ["Ann", "Cat", "Dan"],
                                  "posts": [None, None, None]}
    assert "Gus" in host.ok("votes", "--hand-only")
    # misc (stop 21): 3 of 6 is no majority (half-plus-one), so the host overrules the count
    host.ok("eliminate", "Gus", "--force")
    # Seed 10: the Seer may not have a vision of the same player two nights running.
    assert "two phases in a row" in host.refused("act", "Ann", "Vision", "Bob")
    # Night 2: the Alpha mauls Ann while the Sleepwalker wanders in; the Vigilante's guilt kills him.
    host.ok("act", "--file", "-", input="Bob Maul Ann\nHal Wander Ann\nDan Heal Dan\n")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    deaths = {d["player"]: d for d in out["deaths"]}
    assert set(deaths) == {"Ann", "Hal", "Eve"}
    assert deaths["Hal"]["location"] == "Ann's home" and deaths["Ann"]["cause"] == "Alpha"
    post = host.ok("post", "deaths", "--night", "2")
    assert "Ann was found in their home, torn apart; the walls were smeared with blood and fur." in post
    assert "Hal was found in Ann's home, torn apart" in post
    assert "the guilt was too much" in post
    # Day 2: the last wolf goes, and Town wins.
    host.ok("vote", "Cat", "Bob")
    host.ok("vote", "Dan", "Bob")
    host.ok("eliminate", "Bob")
    status = json.loads(host.ok("status", "--json"))
    assert status["winner"] == "Town"


def test_cli_a_converted_player_reads_the_new_roles_pm(tmp_path):
    """Seed 12's theme swap: after the conversion, the player's role PM is the new role's."""
    folder = tmp_path / "g"
    create(folder, ruleset="ooo-werewolf", assign=["Ann=Orphan", "Bob=Vigilante", "Cat=Wolf", "Dan=Villager"], seed=1)
    Game.load(folder).act("Ann", "Adopt", ["Bob"])
    Game.load(folder).resolve()
    game = Game.load(folder)
    pm = dict(publish.role_pms(game, "Ann"))["Ann"]
    assert "You are the [b]Vigilante[/b]" in pm and game.state.players["Ann"].charges == {"shoot": 3}
