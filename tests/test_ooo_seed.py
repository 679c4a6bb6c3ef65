"""ooo-werewolf, issue 11: action priority first, the OoO (seed 1) only as a tie-break.

Each case is named after the seed section it checks. Night rules run on the engine as a table
(tests/engine_helpers.py); what a host sees (names, status, posts) runs through the CLI.
"""

from __future__ import annotations

import pytest

from engine_helpers import check, night, run, ruleset, state
from hostkit.engine.day import apply_outcome

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
    # ------------------------------------------------ 8. the pack's kill: under the role of the wolf who entered it
    ("8_a_wolfs_maul_is_published_under_wolf", "Al=Alpha Wo=Wolf V=Villager", "Wo Maul V", {},
     dict(dead=["V"], deaths={"V": ("Wolf", "V's home", "blood and fur")})),
    ("8_a_framers_maul_is_published_under_framer", "Al=Alpha Fr=Framer V=Villager", "Fr Maul V", {},
     dict(dead=["V"], deaths={"V": ("Framer", "V's home", "blood and fur")})),
    ("8_the_alphas_own_maul_is_published_under_alpha", "Al=Alpha Wo=Wolf V=Villager", "Al Maul V", {},
     dict(dead=["V"], deaths={"V": ("Alpha", "V's home", "blood and fur")})),
    ("8_a_distracted_wolfs_maul_fails_with_them", "Al=Alpha Wo=Wolf Es=Escort V=Villager", "Wo Maul V; Es Distract Wo", {},
     dict(dead=[], failed={"Wo.Maul": "blocked by Escort (Es)"})),
    ("8_a_jailed_stalkers_maul_fails_with_them", "Al=Alpha St=Stalker Jk=Jailkeeper V=Villager",
     "St Maul V; Jk Jail St", {}, dict(dead=[], failed={"St.Maul": "blocked by Jailkeeper (Jk)"})),
    # ------------------------------------------------ 9. blocker-death: the jailed killer kills the Jailkeeper (default)
    ("9_jailkeeper_jailing_the_sk_dies_in_the_town_square", "Jk=Jailkeeper SK=Serial_Killer V=Villager",
     "Jk Jail SK; SK Stab V", {}, dict(dead=["Jk"], failed={"SK.Stab": "blocked"},
                                      deaths={"Jk": ("Serial Killer", "the Town Square", "stab wounds")})),
    ("9_jailkeeper_jailing_the_murderer_dies_even_if_it_did_not_act", "Jk=Jailkeeper Mu=Murderer", "Jk Jail Mu", {},
     dict(dead=["Jk"], deaths={"Jk": ("Murderer", "the Town Square", "axe")})),
    ("9_jailkeeper_jailing_a_villager_is_safe", "Jk=Jailkeeper SK=Serial_Killer V=Villager", "Jk Jail V", {},
     dict(dead=[])),
    ("9_option_jailkeeper_safe_the_jail_holds_the_sk", "Jk=Jailkeeper SK=Serial_Killer V=Villager",
     "Jk Jail SK; SK Stab V", {"options": {"blocker-death": "jailkeeper-safe"}},
     dict(dead=[], failed={"SK.Stab": "blocked"})),
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


# ------------------------------------------------ 7. the Jailkeeper tells every jailed player
JAILED = "You were taken to jail tonight"
JAIL_CASES = [
    ("7_jailed_villager_with_no_action_is_told", "Jk=Jailkeeper V=Villager", "Jk Jail V", {},
     dict(notices=[("V", JAILED)], blocked=[])),
    ("7_jailed_seer_is_told_and_still_sees", "Jk=Jailkeeper Se=Seer V=Doctor", "Jk Jail Se; Se Vision V", {},
     dict(notices=[("Se", JAILED)], results={"Se.Vision": "Doctor"})),
    ("7_jailed_moving_role_is_told", "Jk=Jailkeeper Do=Doctor V=Villager", "Jk Jail Do; Do Heal V", {},
     dict(notices=[("Do", JAILED)], blocked=[("Do", True)])),
    ("7_a_distraction_is_not_a_jail", "Es=Escort V=Villager", "Es Distract V", {},
     dict(no_notice=["V"], blocked=[])),
    ("7_a_blocked_jailkeeper_jails_no_one", "Jk=Jailkeeper Co=Consort V=Villager", "Co Distract Jk; Jk Jail V", {},
     dict(no_notice=["V"], failed={"Jk.Jail": "blocked by Consort (Co)"})),
    # ------------------------------------------------ 12. conversions
    # Seed 12: "Kill-count roles: new win-count = original player's count", at Day Start, when
    # the conversion happens: the kill of the night of the adoption counts (decision conversion-counts).
    ("12_orphan_adopting_a_killer_keeps_its_count_at_day_start", "O=Orphan Gl=Glutton V=Villager",
     "O Adopt Gl; Gl Devour V", dict(night=2, tags={"Gl": {"kills": 1}}),
     dict(dead=["V"], converts=[("O", "Glutton")], tags={("O", "kills"): 2, ("Gl", "kills"): 2})),
]


@pytest.mark.parametrize("players, lines, kw, expect", [c[1:] for c in JAIL_CASES], ids=[c[0] for c in JAIL_CASES])
def test_night_7_12(players, lines, kw, expect):
    o, n = run(RS, players, lines, **kw)
    check(o, n, expect)


def test_12_the_heir_inherits_once():
    """Named and orphaned the same night: converted at the next day, and never again."""
    st = state(RS, "H=Heir B=Seer SK=Serial_Killer V=Villager W=Villager")
    o1, _ = night(st, "H Name B; SK Stab B")
    apply_outcome(st, o1, 1)
    assert st.players["H"].role == "Seer" and "heir-of" not in st.players["H"].tags
    st.number += 1
    o2, _ = night(st, "SK Stab V")
    assert not [c for c in o2.changes if c.kind == "convert"]
    assert not [n for n in o2.notices if "benefactor" in n.text]


def test_12_an_heir_named_earlier_inherits_once():
    st = state(RS, "H=Heir B=Seer SK=Serial_Killer V=Villager W=Villager")
    o1, _ = night(st, "H Name B")
    apply_outcome(st, o1, 1)
    st.number += 1
    o2, _ = night(st, "SK Stab B")
    apply_outcome(st, o2, 2)
    assert st.players["H"].role == "Seer" and "heir-of" not in st.players["H"].tags
    st.number += 1
    o3, _ = night(st, "SK Stab V")
    assert not [c for c in o3.changes if c.kind == "convert"]


# ------------------------------------------------ wins: a Neutral killer alive holds the wolves' win
WINS = [
    ("wins_neutral_killer_alive_no_wolf_win", "Al=Alpha Wo=Wolf SK=Serial_Killer V=Villager", None),
    ("wins_arsonist_alive_no_wolf_win", "Al=Alpha Wo=Wolf Ar=Arsonist V=Villager", None),
    ("wins_plague_bringer_alive_no_wolf_win", "Al=Alpha Wo=Wolf PB=Plague_Bringer V=Villager", None),
    ("wins_wolves_at_parity_with_town_win", "Al=Alpha Wo=Wolf V=Villager W=Villager", "Wolf"),
    ("wins_a_vigilantes_bullets_do_not_hold_it", "Al=Alpha Wo=Wolf Vi=Vigilante V=Villager", "Wolf"),
    ("wins_wolves_below_parity_no_win", "Al=Alpha V=Villager W=Villager", None),
    ("wins_town_alone_wins", "V=Villager Se=Seer", "Town"),
]


@pytest.mark.parametrize("players, winner", [c[1:] for c in WINS], ids=[c[0] for c in WINS])
def test_wins(players, winner):
    from hostkit.engine.day import victory
    st = state(RS, players, options={"victory": RS.option_defaults()["victory"]})
    assert victory(st) == winner


def test_wins_the_plain_parity_option_still_declares_the_wolves():
    from hostkit.engine.day import victory
    st = state(RS, "Al=Alpha Wo=Wolf SK=Serial_Killer V=Villager", options={"victory": "parity"})
    assert victory(st) == "Wolf"


# ------------------------------------------------ naming the ability, through the CLI
def test_naming_the_ability_prefers_the_roles_own_and_says_so(tmp_path):
    from conftest import Host
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "ooo-werewolf", "--seed", "2", "--assign", "Fra=Framer",
            "--assign", "Alf=Alpha", "--assign", "Carol=Villager", "--assign", "Vet=Veteran",
            "--assign", "Dan=Villager", "--assign", "Eve=Villager")
    out = host.ok("act", "Fra", "Carol")
    assert out.startswith("recorded Fra: Frame Carol")
    assert "took Framer's own Frame; name Maul for the factional one" in out
    # Named, the factional kill is taken as asked.
    assert host.ok("act", "Fra", "Maul", "Dan").startswith("recorded Fra: Maul Dan")
    # A no-target ability is used, not skipped.
    out = host.ok("act", "Vet")
    assert out.strip() == "recorded Vet: Alert"
    assert "(skip)" not in out
    # A real skip still says so.
    assert "(skip)" in host.ok("act", "Alf", "Maul", "skip")


# ------------------------------------------------ counts the host judges show their values
def test_status_shows_the_plague_carriers_and_the_gluttons_kills(tmp_path):
    import json
    from conftest import Host
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "ooo-werewolf", "--seed", "2", "--assign", "PB=Plague Bringer",
            "--assign", "Gl=Glutton", "--assign", "Carol=Villager", "--assign", "Dan=Villager",
            "--assign", "Eve=Villager", "--assign", "Fay=Villager", "--assign", "Gus=Villager")
    host.ok("act", "--file", "-", input="PB Infect Carol\nGl Maul Dan\n")
    host.ok("resolve", "--force")
    st = json.loads(host.ok("status", "--json"))
    pb = next(p for p in st["players"] if p["name"] == "PB")
    assert pb["counts"] == {"carriers": 1} and "carriers" in pb["tags"]
    assert "carriers 1" in host.ok("status")


def test_status_json_counts_carry_the_gluttons_kills():
    from hostkit.model.state import PlayerState
    import dataclasses
    fields = {f.name for f in dataclasses.fields(PlayerState)}
    assert "tags" in fields
    st = state(RS, "Gl=Glutton V=Villager", tags={"Gl": {"kills": 2, "framed": {"by": "Fr"}}})
    d = st.players["Gl"].to_json()
    assert d["counts"] == {"kills": 2} and d["tags"] == ["framed", "kills"]


# ------------------------------------------------ 10. the decision reopened: a Doctor healing herself twice
@pytest.mark.parametrize("night1, allowed", [
    (["Dan Heal Dan"], False),
    (["Dan Heal Dan", "Cat Distract Dan"], False),
    (["Dan Heal Dan", "Fay Jail Dan"], True),
    (["Dan Heal Hal"], True),
], ids=["10_doctor_self_heal_twice_running_is_refused", "10_a_distraction_does_not_stop_a_self_heal_so_still_refused",
        "10_doctor_jailed_may_self_heal_again",
        "10_doctor_may_self_heal_after_healing_another"])
def test_10_doctor_healing_herself_two_nights_running(tmp_path, night1, allowed):
    from hostkit.model.errors import RuleError
    from hostkit.game.game import Game, create
    folder = tmp_path / "g"
    create(folder, ruleset="ooo-werewolf", assign=["Ann=Bartender", "Bob=Alpha", "Cat=Escort", "Dan=Doctor",
                                                   "Fay=Jailkeeper", "Hal=Villager", "Ivy=Villager", "Jo=Villager"], seed=3)
    for line in night1:
        actor, ability, target = line.split()
        Game.load(folder).act(actor, ability, [target])
    Game.load(folder).resolve()
    Game.load(folder).eliminate(None)
    assert "doctor-self-twice" in RS.decisions
    if allowed:
        Game.load(folder).act("Dan", "Heal", ["Dan"])
    else:
        with pytest.raises(RuleError, match="two phases in a row"):
            Game.load(folder).act("Dan", "Heal", ["Dan"])


# ------------------------------------------------ 9. output: a vanished body is not flipped
def test_9_a_vanished_body_is_not_flipped(tmp_path):
    from conftest import Host
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "ooo-werewolf", "--seed", "2", "--assign", "Ve=Veteran",
            "--assign", "Es=Escort", "--assign", "St=Stalker", "--assign", "Carol=Villager",
            "--assign", "Dan=Villager", "--assign", "Eve=Villager", "--assign", "Al=Alpha")
    host.ok("act", "--file", "-", input="Ve Alert\nEs Distract Ve\nSt Pounce Carol\n")
    host.ok("resolve", "--force")
    post = host.ok("post", "deaths", "--night", "1")
    assert "Es has vanished without a trace" in post
    assert "Es was the" not in post and "Escort" not in post
    assert "Carol was the [b]Villager[/b]" in post
    assert RS.unflipped == ("vanished",)


# ------------------------------------------------ 9. output: every body's place reads as English
@pytest.mark.parametrize("location, phrase", [
    ("Dan's home", "in Dan's home"), ("the Town Square", "in the Town Square"),
    ("on Dan's porch", "on Dan's porch"), ("outside Dan's door", "outside Dan's door"),
    ("nowhere: the body vanished", "nowhere: the body vanished"),
    ("somewhere outside Dan's home", "somewhere outside Dan's home"), ("On's home", "in On's home"),
], ids=["9_a_home_is_in", "9_the_town_square_is_in", "9_a_porch_keeps_on", "9_a_door_keeps_outside",
        "9_a_vanished_body_keeps_nowhere", "9_a_bodyguard_keeps_somewhere", "9_a_player_named_like_a_preposition"])
def test_9_location_phrases(location, phrase):
    from hostkit.model.outcome import where
    assert where(location) == phrase


def test_9_every_ooo_body_place_reads_as_english(tmp_path):
    """Seed 9's places through resolve and post deaths: vanished, porch, outside the door, the
    Town Square; never 'in nowhere', 'in outside', 'in Carol's porch'."""
    from conftest import Host
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "ooo-werewolf", "--seed", "2", "--assign", "Ve=Veteran",
            "--assign", "Es=Escort", "--assign", "St=Stalker", "--assign", "Carol=Villager",
            "--assign", "Pa=Patrolman", "--assign", "SK=Serial Killer", "--assign", "Dan=Villager",
            "--assign", "Al=Alpha", "--assign", "Eve=Villager", "--assign", "Mu=Murderer", "--assign", "Ls=Locksmith")
    host.ok("act", "--file", "-", input="Ve Alert\nEs Distract Ve\nSt Pounce Carol\nPa Patrol Dan\nSK Stab Dan\nLs Lock Mu\n")
    out = host.ok("resolve", "--force")
    post = host.ok("post", "deaths", "--night", "1")
    for text in (out, post):
        for wrong in ("in nowhere", "in outside", "in on ", "in Carol's porch", "on on ", "in somewhere"):
            assert wrong not in text, (wrong, text)
    assert "dies: Es, killed by Veteran, nowhere: the body vanished" in out
    assert "dies: Carol, killed by Stalker, on Carol's porch" in out
    assert "Carol dies (Stalker), found on Carol's porch." in out
    assert "dies: Pa, killed by Serial Killer, outside Dan's door" in out
    assert "dies: Ls, killed by Murderer, in the Town Square" in out
    assert "Carol was found on their porch" in post
    assert "Pa was found outside Dan's door" in post
    assert "Ls was found in the Town Square" in post


# ------------------------------------------------ 9. blocker-death as a game option, through the CLI
@pytest.mark.parametrize("option, jk_dies", [(None, True), ("jailkeeper-dies", True), ("jailkeeper-safe", False)],
                         ids=["9_blocker_death_default_jailkeeper_dies", "9_blocker_death_jailkeeper_dies",
                              "9_blocker_death_jailkeeper_safe"])
def test_9_blocker_death_option(tmp_path, option, jk_dies):
    from conftest import Host
    folder = tmp_path / "g"
    host = Host(folder)
    extra = ["--option", f"blocker-death={option}"] if option else []
    host.ok("new", str(folder), "--ruleset", "ooo-werewolf", "--seed", "2", "--assign", "Jk=Jailkeeper",
            "--assign", "SK=Serial Killer", "--assign", "Carol=Villager", "--assign", "Dan=Villager",
            "--assign", "Eve=Villager", "--assign", "Al=Alpha", *extra)
    host.ok("act", "--file", "-", input="Jk Jail SK\nSK Stab Carol\n")
    out = host.ok("resolve", "--force")
    assert "Carol" not in [line.split()[1].rstrip(",") for line in out.splitlines() if "dies:" in line]
    assert ("dies: Jk, killed by Serial Killer, in the Town Square" in out) is jk_dies


def test_9_blocker_death_option_refuses_a_bad_value(tmp_path):
    from conftest import Host
    folder = tmp_path / "g"
    host = Host(folder)
    msg = host.refused("new", str(folder), "--ruleset", "ooo-werewolf", "--assign", "Jk=Jailkeeper",
                       "--assign", "SK=Serial Killer", "--assign", "Al=Alpha", "--option", "blocker-death=maybe")
    assert "blocker-death" in msg
    assert not (folder / "game.toml").exists()
