"""The paranormal ruleset, rule by rule of shared/seeds/paranormal.md.

Night rules run directly on the engine (tests/engine_helpers.py); each case is named after the
rule it checks and would fail if that rule broke. Entry and day rules run on a Game; one CLI game
is played to the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Host
from engine_helpers import dead, failed, results, ruleset, run
from hostkit.model.errors import RuleError
from hostkit.game.game import Game, create

ROOT = Path(__file__).resolve().parents[1]
# Aliens with the tech these cases use, as a host's roles.toml could deal it: the bundled roles
# with starting items from games/paranormal/items.toml (alien-tech.toml's ready-made roles are
# gone: tech is items now, picked per game with 'hostkit tech pick').
TECH = """
["Exterminator (Anti-Tech Field) with tech"]
extends = "Exterminator (Anti-Tech Field)"
items = ["Advanced Targeting System", "Mind Control Ray"]

["Exterminator Operative with tech"]
extends = "Exterminator Operative"
items = ["Plasma Bomb", "Stun Orb", "Scanner", "Assassin bot", "Stun Bomb"]

["Survivor with tech"]
extends = "Survivor"
items = ["Personal Shield"]
"""


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    """The bundled paranormal roles plus aliens dealt tech as starting items (a host's roles.toml)."""
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


SPECIMEN = {"abducted": {"by": "X", "kind": "Human"}}

# (id, players, actions, state kw, expectations). Expectation keys: dead (exact), failed
# {Actor.Ability: substring}, ok [Actor.Ability], results {Actor.Ability: value}, blocked (exact),
# notices [(player, substring)], tags / untags {(player, tag)}, changes {(player, kind, key)},
# no_changes {(player, kind, key)}, flavour {victim: (flavour_key, location)}, cause {victim: cause}.
CASES = [
    # ------------------------------------------------------------ abduction
    ("abduction_blocks_and_hides_the_target", "Ms=Harvester_(Mind_Stealer) Ag=Agent D=Doppelganger T=Townie",
     "Ms Abduct Ag; Ag Investigate D; D Kill Ag", {},
     dict(dead=[], blocked=["Ag"], failed={"Ag.Investigate": "blocked", "D.Kill": "abducted"})),
    ("abduction_happens_after_role_blockers", "Pw=Psychic_Warden Ms=Harvester_(Mind_Stealer) Ag=Agent D=Doppelganger",
     "Ms Abduct Ag; Pw Bind Ms; Ag Investigate D", {},
     dict(failed={"Ms.Abduct": "blocked"}, ok=["Ag.Investigate"], results={"Ag.Investigate": "Doppelganger"})),
    ("war_vet_kills_the_abductor", "Ms=Harvester_(Mind_Stealer) W=War_Vet T=Townie", "Ms Abduct W", {},
     dict(dead=["Ms"], ok=["W.Alert"], cause={"Ms": "War Vet"})),
    ("sentry_guns_kill_the_abductor", "Oh=Harvester_(Organ_Harvester) Ms=Mad_Scientist_(Military_Scientist) T=Townie",
     "Oh Abduct Ms; Ms Sentry_Guns", {}, dict(dead=["Oh"], ok=["Ms.Sentry_Guns"])),
    ("organ_harvester_kills_the_abducted", "Oh=Harvester_(Organ_Harvester) T=Townie Ag=Agent", "Oh Abduct T; Ag Investigate T", {},
     dict(dead=["T"], cause={"T": "Organ Harvester"}, failed={"Ag.Investigate": "abducted"})),
    ("xenozoologist_keeps_a_new_specimen", "X=Xenozoologist T=Townie", "X Abduct T", {},
     dict(tags={("T", "abducted"), ("X", "specimens")})),
    ("xenozoologist_returns_a_kind_it_holds", "X=Xenozoologist T=Townie", "X Abduct T", dict(tags={"X": {"specimens": ["Human"]}}),
     dict(no_tags={("T", "abducted")})),
    ("xenozoologist_classes_a_telepath_as_psychic_human", "X=Xenozoologist Tp=Telepath", "X Abduct Tp", dict(tags={"X": {"specimens": ["Human"]}}),
     dict(tags={("Tp", "abducted")})),
    ("kept_specimen_is_out_of_play", "X=Xenozoologist T=Agent D=Doppelganger", "D Kill T; T Investigate D", dict(tags={"T": SPECIMEN}),
     dict(dead=[], failed={"D.Kill": "out of play", "T.Investigate": "out of play"})),
    ("killing_the_xenozoologist_releases_its_captives", "X=Xenozoologist T=Townie D=Doppelganger", "D Kill X", dict(tags={"T": SPECIMEN}),
     dict(dead=["X"], untags={("T", "abducted")})),
    # ------------------------------------------------------------ war vet
    ("war_vet_kills_every_visitor_and_still_dies", "W=War_Vet D=Doppelganger Ag=Agent", "D Kill W; Ag Investigate W", {},
     dict(dead=["Ag", "D", "W"], cause={"D": "War Vet"}, flavour={"D": ("warvet", "W's home")})),
    ("war_vet_can_stand_down", "W=War_Vet Ag=Agent", "W Stand_Down; Ag Investigate W", {}, dict(dead=[])),
    ("roleblocked_war_vet_loses_the_kill", "Pw=Psychic_Warden W=War_Vet Ag=Agent", "Pw Bind W; Ag Investigate W", {},
     dict(dead=[], blocked=["W"], failed={"W.Alert": "blocked"})),
    ("war_vet_ignores_non_visiting_psychics", "W=War_Vet Tp=Telepath", "Tp Read W", {}, dict(dead=[], results={"Tp.Read": "Kill"})),
    ("reporter_following_a_war_vet_dies", "R=Reporter W=War_Vet", "R Follow W", {}, dict(dead=["R"])),
    # ------------------------------------------------------------ role-blockers
    ("pure_role_blockers_are_unblockable", "P1=Psychic_Warden P2=Psychic_Warden Ag=Agent D=Doppelganger",
     "P1 Bind P2; P2 Bind Ag; Ag Investigate D", {}, dict(ok=["P2.Bind"], blocked=["Ag"])),
    ("psychic_warden_target_always_knows", "Pw=Psychic_Warden T=Townie", "Pw Bind T", {}, dict(notices=[("T", "tampered with you")])),
    ("psychic_warden_cannot_stop_inventions", "Pw=Psychic_Warden Ms=Mad_Scientist_(Intelligence_Scientist) D=Doppelganger",
     "Pw Bind Ms; Ms Snooper_Bot D; D Kill Pw", {}, dict(ok=["Ms.Snooper_Bot"], results={"Ms.Snooper_Bot": ("Pw",)})),
    ("emp_pulse_bomb_shorts_out_tech_only", "Ms=Mad_Scientist_(Military_Scientist) Mi=Mad_Scientist_(Intelligence_Scientist) Ag=Agent D=Doppelganger",
     "Ms EMP_Pulse_Bomb; Mi Snooper_Bot D; Ag Investigate D", {},
     dict(failed={"Mi.Snooper_Bot": "blocked"}, ok=["Ag.Investigate"])),
    ("psychic_pulser_blocks_psychics", "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Tp=Telepath D=Doppelganger",
     "Ms Psychic_Pulser; Tp Read D", {}, dict(failed={"Tp.Read": "blocked"})),
    ("stun_bomb_stuns_everyone_else", "Op=Exterminator_Operative_with_tech D=Doppelganger Ag=Agent T=Townie",
     "Op Stun_Bomb; D Kill T; Ag Investigate D", {}, dict(dead=[], failed={"D.Kill": "blocked", "Ag.Investigate": "blocked"})),
    # ------------------------------------------------------------ mind control
    ("mind_control_chooses_the_target", "Ms=Mad_Scientist_(Cutting_Edge_Scientist) D=Doppelganger A=Townie B=Townie",
     "Ms Mind_Control_Ray D B; D Kill A", {}, dict(dead=["B"])),
    ("mind_control_of_a_player_without_action_does_nothing", "Ms=Mad_Scientist_(Cutting_Edge_Scientist) T=Townie B=Townie",
     "Ms Mind_Control_Ray T B", {}, dict(dead=[], ok=["Ms.Mind_Control_Ray"])),
    ("mind_control_resolves_before_blockers", "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Pw=Psychic_Warden A=Agent B=Agent D=Doppelganger",
     "Ms Mind_Control_Ray Pw B; Pw Bind A; A Investigate D; B Investigate D", {},
     dict(blocked=["B"], ok=["A.Investigate"])),
    # ------------------------------------------------------------ psychic and tech shields
    ("mind_shield_stops_psychic_powers", "Tp=Telepath Ex=Exterminator_(Mind_Shield)", "Tp Read Ex", {},
     dict(failed={"Tp.Read": "Mind Shield"}, notices=[("Ex", "Mind Shield")])),
    ("mind_shield_does_not_stop_tech", "Ms=Mad_Scientist_(Intelligence_Scientist) Ex=Exterminator_(Mind_Shield) T=Townie",
     "Ms Snooper_Bot Ex; Ex Kill T", {}, dict(ok=["Ms.Snooper_Bot"], results={"Ms.Snooper_Bot": ("T",)})),
    ("anti_tech_field_stops_tech_and_keeps_the_charge", "Ms=Mad_Scientist_(Military_Scientist) Ex=Exterminator_(Anti-Tech_Field)",
     "Ms Assassin_Bot Ex", {}, dict(dead=[], failed={"Ms.Assassin_Bot": "Anti-Tech Field"}, notices=[("Ex", "Anti-Tech Field")],
                                     no_changes={("Ms", "charge", "assassin bot")})),
    ("built_mind_shield_counts_as_a_shield", "Pw=Psychic_Warden Ag=Agent D=Doppelganger", "Pw Bind Ag; Ag Investigate D",
     dict(tags={"Ag": {"mind-shield": {"by": "Ms"}}}), dict(failed={"Pw.Bind": "Mind Shield"}, ok=["Ag.Investigate"])),
    ("mad_scientist_builds_a_mind_shield", "Ms=Mad_Scientist_(Military_Scientist) T=Townie", "Ms Build_Mind_Shield T", {},
     dict(tags={("T", "mind-shield")})),
    # ------------------------------------------------------------ investigations and appearances
    ("agent_sees_race", "Ag=Agent D=Doppelganger", "Ag Investigate D", {}, dict(results={"Ag.Investigate": "Doppelganger"})),
    ("doppelganger_leader_appears_human", "Ag=Agent L=Doppelganger_leader", "Ag Investigate L", {}, dict(results={"Ag.Investigate": "Human"})),
    ("kook_appears_doppelganger_to_the_agent", "Ag=Agent K=Kook", "Ag Investigate K", {}, dict(results={"Ag.Investigate": "Doppelganger"})),
    ("dopp_in_a_role_form_reads_as_doppelganger", "Ag=Agent Dv=Doppelganger_Vigilante", "Ag Investigate Dv", {},
     dict(results={"Ag.Investigate": "Doppelganger"})),
    ("detective_sees_visible_role", "De=Detective D=Doppelganger", "De Investigate D", {}, dict(results={"De.Investigate": "No Role"})),
    ("detective_sees_the_role_a_dopp_wears", "De=Detective Da=Doppelganger_Agent", "De Investigate Da", {},
     dict(results={"De.Investigate": "Agent"})),
    ("scanner_bypasses_appearances", "Op=Exterminator_Operative_with_tech L=Doppelganger_leader", "Op Scanner L", {},
     # The result also lists the tech held (issue 12: 'the Scanner showing gadgets' was missing).
     dict(results={"Op.Scanner": "Doppelganger, Doppelganger leader; tech: none"})),
    ("telepath_reads_the_goal_of_the_action", "Tp=Telepath Ag=Agent D=Doppelganger", "Tp Read Ag; Ag Investigate D", {},
     dict(results={"Tp.Read": "Find"})),
    ("telepath_reads_protect_from_a_guard", "Tp=Telepath G=Bodyguard_(Guardian) T=Townie", "Tp Read G; G Guard T", {},
     dict(results={"Tp.Read": "Protect"})),
    ("telepath_no_action_human_default_survive", "Tp=Telepath Ag=Agent", "Tp Read Ag", {}, dict(results={"Tp.Read": "Survive"})),
    ("telepath_no_action_dopp_default_kill", "Tp=Telepath Da=Doppelganger_Agent", "Tp Read Da", {}, dict(results={"Tp.Read": "Kill"})),
    ("telepath_reads_kill_from_the_dopp_leader", "Tp=Telepath L=Doppelganger_leader T=Townie", "Tp Read L; L Kill T", {},
     dict(results={"Tp.Read": "Kill"})),
    ("telepath_medium_is_always_find", "Tp=Telepath M=Medium", "Tp Read M", {}, dict(results={"Tp.Read": "Find"})),
    ("telepath_war_vet_kill_if_active", "Tp=Telepath W=War_Vet", "Tp Read W", {}, dict(results={"Tp.Read": "Kill"})),
    ("telepath_war_vet_standing_down_is_default", "Tp=Telepath W=War_Vet", "Tp Read W; W Stand_Down", {}, dict(results={"Tp.Read": "Survive"})),
    ("sneak_learns_the_target_left_home", "Sn=Sneak Ag=Agent D=Doppelganger", "Sn Sneak Ag; Ag Investigate D", {},
     dict(results={"Sn.Sneak": "left home"})),
    ("sneak_learns_the_target_stayed_home", "Sn=Sneak T=Townie", "Sn Sneak T", {}, dict(results={"Sn.Sneak": "stayed home"})),
    ("sneak_is_caught_by_an_attack_on_the_home", "Sn=Sneak T=Townie D=Doppelganger", "Sn Sneak T; D Kill T", {},
     dict(dead=["Sn", "T"], flavour={"Sn": ("dopp", "T's home")})),
    ("sneak_is_untargetable_except_by_psychics", "Sn=Sneak T=Townie Vi=Vigilante Tp=Telepath", "Sn Sneak T; Vi Shoot Sn; Tp Read Sn", {},
     dict(dead=[], failed={"Vi.Shoot": "hiding"}, results={"Tp.Read": "Find"})),
    ("reporter_watch_sees_visitors", "R=Reporter T=Townie D=Doppelganger", "R Watch T; D Kill T", {}, dict(results={"R.Watch": ("D",)})),
    ("surveillance_system_sees_visitors_and_goals", "Ms=Mad_Scientist_(Intelligence_Scientist) D=Doppelganger Ag=Agent",
     "D Kill Ms; Ag Investigate Ms", dict(tags={"Ms": {"picked": "Surveillance System"}}),
     dict(results={"Ms.Surveillance_System": ("Ag (Find)", "D (Kill)")})),
    ("tracking_device_reports_next_nights", "Ms=Mad_Scientist_(Intelligence_Scientist) Ag=Agent D=Doppelganger",
     "Ag Investigate D", dict(tags={"Ag": {"tracked": {"by": "Ms"}}, "Ms": {"picked": "Advanced Tracking Devices"}}),
     dict(results={"Ms.Tracking_Report": ("Ag: D",)})),
    # ------------------------------------------------------------ kills and protection
    ("dopp_kill_leaves_a_pool_of_blood", "D=Doppelganger T=Townie", "D Kill T", {},
     dict(dead=["T"], cause={"T": "Doppelgangers"}, flavour={"T": ("dopp", "T's home")})),
    ("kills_are_simultaneous", "D=Doppelganger Vi=Vigilante Ag=Agent", "D Kill Vi; Vi Shoot D; Ag Investigate D", {},
     dict(dead=["D", "Vi"], results={"Ag.Investigate": "Doppelganger"})),
    ("guardian_stops_one_kill_and_lives", "D=Doppelganger G=Bodyguard_(Guardian) T=Townie", "D Kill T; G Guard T", {}, dict(dead=[])),
    ("guardian_stops_only_one_kill", "D=Doppelganger Vi=Vigilante G=Bodyguard_(Guardian) T=Townie", "D Kill T; Vi Shoot T; G Guard T", {},
     dict(dead=["T"])),
    ("heroic_guard_stops_every_kill_and_dies", "D=Doppelganger Vi=Vigilante H=Bodyguard_(Heroic_Guard) T=Townie",
     "D Kill T; Vi Shoot T; H Guard T", {}, dict(dead=["H"], flavour={"H": ("bodyguard", "somewhere outside H's home")})),
    ("observant_guard_tells_the_target_who_attacked", "D=Doppelganger O=Bodyguard_(Observant_Guard) T=Townie", "D Kill T; O Guard T", {},
     dict(dead=["O"], notices=[("T", "attacked tonight by D")])),
    ("vengeful_guard_kills_the_attacker", "D=Doppelganger V=Bodyguard_(Vengeful_Guard) T=Townie", "D Kill T; V Guard T", {},
     dict(dead=["D", "V"])),
    ("morning_kill_is_not_stopped_by_night_kill_protection", "Ms=Mad_Scientist_(Military_Scientist) G=Bodyguard_(Guardian) T=Townie",
     "Ms Assassin_Bot T; G Guard T", {}, dict(dead=["T"], cause={"T": "Assassin Bot"}, flavour={"T": ("morning", "T's home")})),
    ("personal_shield_stops_a_morning_kill", "Ms=Mad_Scientist_(Military_Scientist) S=Survivor_with_tech",
     "Ms Assassin_Bot S; S Personal_Shield", {}, dict(dead=[])),
    ("tough_doppelganger_survives_a_night_kill", "Vi=Vigilante Td=Tough_Doppelganger", "Vi Shoot Td", {}, dict(dead=[])),
    ("plasma_bomb_kills_a_tough_doppelganger", "Op=Exterminator_Operative_with_tech Td=Tough_Doppelganger G=Bodyguard_(Guardian)",
     # The guard visiting Td is caught in the chain too (issue 12: only the target died before).
     "Op Plasma_Bomb Td; G Guard Td", {}, dict(dead=["G", "Td"], cause={"Td": "Plasma Bomb"})),
    ("advanced_targeting_bypasses_protection", "Ex=Exterminator_(Anti-Tech_Field)_with_tech G=Bodyguard_(Guardian) T=Townie",
     "Ex Kill T; G Guard T", {}, dict(dead=["T"])),
    ("body_double_stops_every_death", "Ms=Mad_Scientist_(Cutting_Edge_Scientist) D=Doppelganger Op=Exterminator_Operative_with_tech",
     "Ms Body_Double; D Kill Ms", {}, dict(dead=[])),
    ("doppelganger_vigilante_kills_or_shoots_not_both", "Dv=Doppelganger_Vigilante A=Townie B=Townie", "Dv Kill A; Dv Shoot B", {},
     dict(dead=["A", "B"])),  # the engine resolves both; entry refuses the second (test_dopp_vigilante_either_kill_or_shoot)
    # ------------------------------------------------------------ conversions
    ("hivemind_dominates_a_human", "H=Hivemind_(Psychic) T=Townie", "H Dominate T", {}, dict(changes={("T", "convert", "Townie")})),
    ("hivemind_cannot_dominate_a_doppelganger", "H=Hivemind_(Tech) D=Doppelganger", "H Dominate D", {},
     dict(failed={"H.Dominate": "not Human"})),
    ("psychic_hivemind_is_stopped_by_a_mind_shield", "H=Hivemind_(Psychic) Ex=Exterminator_(Mind_Shield)", "H Dominate Ex", {},
     dict(failed={"H.Dominate": "Mind Shield"})),
    ("tech_hivemind_cannot_be_role_blocked", "H=Hivemind_(Tech) Pw=Psychic_Warden T=Townie", "Pw Bind H; H Dominate T", {},
     dict(ok=["H.Dominate"])),
    ("advanced_doppelganger_consumes_and_replaces", "A=Advanced_Doppelganger T=Townie", "A Consume T", {},
     dict(changes={("T", "convert", "Doppelganger"), ("A", "charge", "consume")}, tags={("A", "abducted")})),
    ("aliens_cannot_be_consumed_and_keep_the_charge", "A=Advanced_Doppelganger S=Survivor", "A Consume S", {},
     dict(failed={"A.Consume": "cannot be consumed"}, no_changes={("A", "charge", "consume"), ("S", "convert", "Doppelganger")})),
]


def check(o, expect):
    if "dead" in expect:
        assert dead(o) == sorted(expect["dead"]), o.log
    f = failed(o)
    for key, why in expect.get("failed", {}).items():
        key = key.replace("_", " ")
        assert key in f, (key, f, o.log)
        assert why in f[key], (key, f[key])
    for key in expect.get("ok", ()):
        assert key.replace("_", " ") not in f, (key, f, o.log)
    r = results(o)
    for key, value in expect.get("results", {}).items():
        assert r.get(key.replace("_", " ")) == value, (key, r, o.log)
    if "blocked" in expect:
        assert sorted(b.player for b in o.blocked) == sorted(expect["blocked"]), o.log
    for p in expect.get("notified", ()):
        assert any(b.player == p and b.notified for b in o.blocked), o.blocked
    for player, text in expect.get("notices", ()):
        assert any(n.player == player and text in n.text for n in o.notices), o.notices
    tags = {(c.player, c.key) for c in o.changes if c.kind == "tag"}
    assert expect.get("tags", set()) <= tags, tags
    assert not (expect.get("no_tags", set()) & tags), tags
    untags = {(c.player, c.key) for c in o.changes if c.kind == "untag"}
    assert expect.get("untags", set()) <= untags, untags
    changes = {(c.player, c.kind, c.key) for c in o.changes}
    assert expect.get("changes", set()) <= changes, changes
    assert not (expect.get("no_changes", set()) & changes), changes
    deaths = {d.player: d for d in o.deaths}
    for victim, cause in expect.get("cause", {}).items():
        assert deaths[victim].cause == cause, deaths[victim]
    for victim, (key, location) in expect.get("flavour", {}).items():
        assert (deaths[victim].flavour_key, deaths[victim].location) == (key, location), deaths[victim]
        assert deaths[victim].flavour and victim in deaths[victim].flavour


@pytest.mark.parametrize("players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_night(rs, players, lines, kw, expect):
    o, _ = run(rs, players, lines, starting=True, **kw)  # the aliens hold their starting tech
    check(o, expect)
    assert all(line.endswith(".") for line in o.log)
    for f in o.failed:
        assert any(f.reason in line for line in o.log)


def test_event_order_is_the_seeds():
    rs = ruleset("paranormal")
    assert rs.steps == ("control", "block", "abduct", "protect", "investigate", "kill")
    assert rs.role("Psychic Warden").abilities[0].category == "block"
    assert rs.role("Xenozoologist").abilities[0].category == "abduct"
    assert rs.role("Doppelganger").abilities[0].category == "kill"


def test_every_seed_role_is_dealt():
    rs = ruleset("paranormal")
    seed_roles = ["Townie", "Doppelganger", "Doppelganger leader", "Advanced Doppelganger", "Tough Doppelganger", "War Vet",
                  "Vigilante", "Agent", "Detective", "Telepath", "Medium", "Reporter", "Sneak", "Psychic Warden", "Enchanter",
                  "Xenozoologist", "Survivor", "Exterminator Operative", "Agent Operative", "Kook"]
    for name in seed_roles:
        assert rs.role(name) is not None, name
    for base, variants in [("Bodyguard", ["Heroic Guard", "Observant Guard", "Vengeful Guard", "Guardian"]),
                           ("Mad Scientist", ["Military Scientist", "Cutting Edge Scientist", "Intelligence Scientist"]),
                           ("Spore Spreader", ["Infester", "Bloom"]), ("Hivemind", ["Psychic", "Tech"]),
                           ("Harvester", ["Organ Harvester", "Mind Stealer"]), ("Exterminator", ["Mind Shield", "Anti-Tech Field"]),
                           ("Rogue Doppelganger", ["Town Ally", "Dopp Ally"])]:
        for v in variants:
            assert rs.role(f"{base} ({v})") is not None, (base, v)
    for name in ["War Vet", "Vigilante", "Agent", "Detective", "Telepath", "Medium", "Reporter", "Sneak", "Psychic Warden",
                 "Enchanter", "Bodyguard (Guardian)", "Mad Scientist (Military Scientist)"]:
        d = rs.role("Doppelganger " + name)
        assert d is not None and d.faction == "Doppelgangers" and d.race == "Doppelganger" and d.knows_faction
        assert d.appears["role"] == name and any(a.factional for a in d.abilities)
    for role in rs.roles.values():
        assert role.summary, role.name
    for key in ("dopp", "shot", "warvet", "sentry", "exterminator", "bodyguard", "morning", "plasma", "harvest"):
        assert key in rs.flavour


# ------------------------------------------------------------------ entry and day rules on a Game


def _game(tmp_path, assign, **kw):
    return create(tmp_path / "g", ruleset="paranormal", assign=assign, seed=3, **kw)


def test_dopps_cannot_skip_three_nights_running(tmp_path):
    g = _game(tmp_path, ["Bob=Doppelganger", "Fay=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie", "Eve=Townie",
                         "Gus=Townie", "Hal=Townie"])
    for night in (1, 2):
        g.act("Bob", "Kill", ["skip"])
        g = Game.load(g.folder)
        g.resolve()
        g = Game.load(g.folder)
        g.eliminate(None)
        g = Game.load(g.folder)
    with pytest.raises(RuleError, match="cannot be skipped more than 2 nights in a row"):
        g.act("Fay", "Kill", ["skip"])
    with pytest.raises(RuleError, match="must use it tonight"):
        g.resolve()
    g.act("Fay", "Kill", ["Ann"])
    assert [d.player for d in Game.load(g.folder).resolve().deaths] == ["Ann"]


def test_dopps_may_skip_twice_after_a_kill(tmp_path):
    g = _game(tmp_path, ["Bob=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie", "Eve=Townie", "Gus=Townie"])
    g.act("Bob", "Kill", ["Ann"])
    Game.load(g.folder).resolve()
    Game.load(g.folder).eliminate(None)
    for _ in (2, 3):
        g = Game.load(g.folder)
        g.act("Bob", "Kill", ["skip"])
        Game.load(g.folder).resolve()
        Game.load(g.folder).eliminate(None)
    with pytest.raises(RuleError, match="in a row"):
        Game.load(g.folder).act("Bob", "Kill", ["skip"])


def test_dopp_vigilante_either_kill_or_shoot(tmp_path):
    g = _game(tmp_path, ["Dv=Doppelganger Vigilante", "Ann=Townie", "Cy=Townie", "Dee=Townie"])
    g.act("Dv", "Kill", ["Ann"])
    with pytest.raises(RuleError, match="only one kill ability"):
        Game.load(g.folder).act("Dv", "Shoot", ["Cy"])


def _day(tmp_path, assign, votes, **kw):
    g = _game(tmp_path, assign, **kw)
    g.act(assign[0].split("=")[0], "Kill", ["skip"])
    Game.load(g.folder).resolve()
    host = Host(g.folder)
    for voter, target in votes:
        host.ok("vote", voter, target)
    return host, json.loads(host.ok("votes", "--hand-only", "--json"))


FIVE = ["Bob=Doppelganger", "Cy=Enchanter", "Ann=Townie", "Dee=Townie", "Eve=Townie"]


def test_enchanter_counts_double(tmp_path):
    _, count = _day(tmp_path, FIVE, [("Cy", "Bob"), ("Ann", "Dee"), ("Eve", "Dee"), ("Bob", "Ann")])
    wagons = {w["target"]: w["votes"] for w in count["wagons"]}
    assert wagons["Bob"] == 2.0 and wagons["Dee"] == 2.0 and count["tie"] and count["eliminated"] is None


def test_tie_is_no_lynch(tmp_path):
    _, count = _day(tmp_path, FIVE, [("Ann", "Bob"), ("Dee", "Eve")])
    assert count["tie"] is True and count["eliminated"] is None


def test_most_votes_is_lynched(tmp_path):
    _, count = _day(tmp_path, FIVE, [("Cy", "Bob"), ("Ann", "Dee")])
    assert count["eliminated"] == "Bob"


def test_enchanter_double_vote_fails_when_mind_shields_outnumber(tmp_path):
    g = _game(tmp_path, ["Bob=Doppelganger", "Cy=Enchanter", "E1=Exterminator (Mind Shield)", "E2=Exterminator (Mind Shield)",
                         "E3=Exterminator (Mind Shield)"])
    assert g.weight("Cy") == 1.0
    g2 = create(tmp_path / "h", ruleset="paranormal", seed=3,
                assign=["Bob=Doppelganger", "Cy=Enchanter", "E1=Exterminator (Mind Shield)", "Ann=Townie"])
    assert g2.weight("Cy") == 2.0


def test_abducted_players_cannot_vote_or_be_lynched(tmp_path):
    g = _game(tmp_path, ["X=Xenozoologist", "Bob=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie"])
    g.act("X", "Abduct", ["Ann"])
    Game.load(g.folder).act("Bob", "Kill", ["skip"])
    Game.load(g.folder).resolve()
    host = Host(g.folder)
    assert "abducted" in host.refused("vote", "Ann", "Bob")
    assert "abducted" in host.refused("eliminate", "Ann")
    assert "Ann is abducted: abducted players cannot be voted" in host.refused("vote", "Cy", "Ann")
    host.ok("vote", "Cy", "Bob")


# ------------------------------------------------------------------ a whole game through the CLI


def test_cli_paranormal_game_to_the_end(tmp_path):
    folder = tmp_path / "para"
    host = Host(folder)
    assign = ["Ann=Agent", "Bob=Doppelganger", "Cy=Enchanter", "Dee=War Vet", "Eve=Townie", "Fay=Doppelganger leader",
              "Gus=Bodyguard (Guardian)", "Hal=Telepath"]
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "11"]
    for a in assign:
        args += ["--assign", a]
    host.ok(*args)
    pms = host.ok("pm")
    assert "Doppelganger" in pms and "Fay" in pms
    # Night 1: the Dopps kill Eve; the Agent reads the leader as Human; the Telepath reads Bob's goal.
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("act", "Ann", "Investigate", "Fay")
    host.ok("act", "Hal", "Read", "Bob")
    host.ok("act", "Gus", "Guard", "Hal")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [(d["player"], d["cause"]) for d in out["deaths"]] == [("Eve", "Doppelgangers")]
    assert "pool of blood" in out["deaths"][0]["flavour"]
    res = {r["player"]: r["result"] for r in out["results"]}
    assert res == {"Ann": "Human", "Hal": "Kill"}
    assert "Human" in host.ok("pm", "Ann", "--night", "1")
    assert "Eve" in host.ok("post", "deaths")
    # Day 1: the Enchanter's double vote makes a 2-2 tie: no lynch; Dee breaks it.
    host.ok("vote", "Cy", "Bob")
    host.ok("vote", "Ann", "Fay")
    host.ok("vote", "Hal", "Fay")
    count = json.loads(host.ok("votes", "--hand-only", "--json"))
    assert count["tie"] and count["eliminated"] is None
    host.ok("vote", "Dee", "Bob")
    count = json.loads(host.ok("votes", "--hand-only", "--json"))
    assert count["eliminated"] == "Bob" and {w["target"]: w["votes"] for w in count["wagons"]}["Bob"] == 3.0
    host.ok("eliminate", "Bob")
    # Night 2: Fay visits the War Vet and is shot; the Telepath reads Fay's goal as Kill.
    host.ok("act", "Fay", "Kill", "Dee")
    host.ok("act", "Hal", "Read", "Fay")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert sorted(d["player"] for d in out["deaths"]) == ["Dee", "Fay"]
    assert {d["player"]: d["cause"] for d in out["deaths"]}["Fay"] == "War Vet"
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == "Town" and st["phase"] == "over"
    assert "the game is over" in host.refused("eliminate", "--none")
