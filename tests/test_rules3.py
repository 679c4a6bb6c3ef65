"""Rule and night-outcome defects left open at the last stop (helper rules3), each against the
seed sentence it breaks: engine rules as tables, what the host sees through the CLI in a temp
folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Host
from engine_helpers import ruleset, run
from hostkit.engine.effects import CHOICES
from hostkit.game import create
from test_ruleset_paranormal import TECH, check

ROOT = Path(__file__).resolve().parents[1]
BODY_DOUBLE = ("Your Body Double took your place tonight: something was aimed at you, and it was destroyed "
               "instead of you. It is gone.")
BD_SEED = "Body Double: '(No longer prevents lynches, but stops all other forms of death/capture)'"


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


# ---------------------------------------------------------------- 1. the Body Double's reach
# (players, lines, expect (test_ruleset_paranormal.check), is the user told their double is gone)
CU = "Cu=Mad_Scientist_(Cutting_Edge_Scientist) "
BODY_DOUBLE_REACH = [
    # What it stops: death and capture.
    ("paranormal-Mad-Scientist-Body-Double-stops-a-night-kill",
     CU + "D=Doppelganger", "Cu Body_Double; D Kill Cu", dict(dead=[]), True),
    ("paranormal-Mad-Scientist-Body-Double-stops-a-Vigilante-shot",
     CU + "Vi=Vigilante", "Cu Body_Double; Vi Shoot Cu", dict(dead=[]), True),
    ("paranormal-Mad-Scientist-Body-Double-stops-an-Assassin-bot-morning-kill",
     CU + "Op=Exterminator_Operative_with_tech", "Cu Body_Double; Op Assassin_bot Cu", dict(dead=[]), True),
    ("paranormal-Mad-Scientist-Body-Double-stops-a-Xenozoologist-capture",
     CU + "X=Xenozoologist", "Cu Body_Double; X Abduct Cu",
     dict(no_tags={("Cu", "abducted"), ("X", "specimens")}), True),
    ("paranormal-Mad-Scientist-Body-Double-stops-an-Organ-Harvest",
     CU + "Oh=Harvester_(Organ_Harvester)", "Cu Body_Double; Oh Abduct Cu", dict(dead=[]), True),
    ("paranormal-Mad-Scientist-Body-Double-stops-a-Mind-Stealer-capture-and-its-theft",
     CU + "Ms=Harvester_(Mind_Stealer)", "Cu Body_Double; Ms Abduct Cu",
     dict(no_changes={("Cu", "convert", "Townie")}, no_tags={("Ms", "stockpile")}), True),
    # What it does not stop: anything else aimed at its user (decision body-double-reach).
    ("paranormal-Mad-Scientist-Body-Double-an-Agent-still-reads-its-user",
     CU + "Ag=Agent", "Cu Body_Double; Ag Investigate Cu", dict(results={"Ag.Investigate": "Human"}), False),
    ("paranormal-Mad-Scientist-Body-Double-a-Detective-still-reads-its-user",
     CU + "De=Detective", "Cu Body_Double; De Investigate Cu",
     dict(results={"De.Investigate": "Mad Scientist (Cutting Edge Scientist)"}), False),
    ("paranormal-Mad-Scientist-Body-Double-a-Telepath-still-reads-its-user",
     CU + "Te=Telepath", "Cu Body_Double; Te Read Cu", dict(results={"Te.Read": "Survive"}), False),
    ("paranormal-Mad-Scientist-Body-Double-a-Psychic-Warden-still-binds-its-user",
     CU + "Pw=Psychic_Warden", "Cu Body_Double; Pw Bind Cu",
     dict(tags={("Cu", "stunned")}, notices=[("Cu", "Invisible chains")], ok=["Cu.Body_Double"]), False),
    ("paranormal-Mad-Scientist-Body-Double-a-Consume-and-Replace-still-converts-its-user",
     CU + "A=Advanced_Doppelganger", "Cu Body_Double; A Consume Cu",
     dict(changes={("Cu", "convert", "Doppelganger")}), False),
    ("paranormal-Mad-Scientist-Body-Double-a-Tech-Hivemind-still-dominates-its-user",
     CU + "H=Hivemind_(Tech)", "Cu Body_Double; H Dominate Cu", dict(tags={("Cu", "bound-to")}), False),
]


@pytest.mark.parametrize("players, lines, expect, told", [c[1:] for c in BODY_DOUBLE_REACH],
                         ids=[c[0] for c in BODY_DOUBLE_REACH])
def test_body_double_stops_death_and_capture_only(rs, players, lines, expect, told):
    """Seed paranormal Mad Scientist, Body Double: 'stops all other forms of death/capture'.
    Before, it stopped every effect of every action aimed at its user (an Agent got no result)."""
    o, _ = run(rs, players, lines, starting=True)
    check(o, expect)
    user_told = [n.text for n in o.notices if n.player == "Cu" and n.text == BODY_DOUBLE]
    assert bool(user_told) is told, (o.notices, o.log)


def test_body_double_plasma_log_names_the_double_and_what_it_stops(rs):
    """Decision body-double-plasma-bomb: the double takes the blast in its user's place; the log
    says so in words true of its reach (it is no longer a protection 'against everything')."""
    o, _ = run(rs, CU + "Op=Exterminator_Operative_with_tech Ag=Agent",
               "Cu Body_Double; Op Plasma_Bomb Cu; Ag Investigate Cu", starting=True)
    check(o, dict(dead=["Ag"]))
    assert "Cu's Body Double (death and capture) takes the blast in their place." in o.log
    assert not any("against everything" in line for line in o.log)


def test_every_closed_choice_of_every_effect_is_documented_in_its_row():
    """games/README.md's effect table names every value an effect's closed option takes (the
    loader refuses any other), in that effect's own row."""
    schema = (ROOT / "games" / "README.md").read_text(encoding="utf-8")
    rows: dict[str, str] = {}
    for line in schema.splitlines():
        if line.startswith("| `"):
            name = line.split("`")[1]
            rows[name] = rows.get(name, "") + line
    missing = [(kind, key, c) for (kind, key), choices in CHOICES.items() for c in choices
               if f"`{c}`" not in rows.get(kind, "")]
    assert not missing


def _new(tmp_path, ruleset_name: str, *assign: str, options: tuple[str, ...] = ()) -> Host:
    create(tmp_path / "g", ruleset=ruleset_name, seed=1, assign=list(assign), options=list(options))
    return Host(tmp_path / "g")


def test_cli_agent_investigating_a_body_double_user_gets_a_result(tmp_path):
    """Seed paranormal Agent: 'Can investigate one person per night to determine their Race.'
    A Body Double ('death/capture') does not hide its user: the Agent's PM has the race, and the
    Scientist is not told his double was destroyed (nothing deadly came)."""
    host = _new(tmp_path, "paranormal", "Cu=Mad Scientist (Cutting Edge Scientist)", "Ag=Agent",
                "Bo=Doppelganger", "Jo=Townie", options=("max-day=5",))
    host.ok("act", "Cu", "Body Double")
    host.ok("act", "Ag", "Investigate", "Cu")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("resolve", "--force")
    ag = host.ok("pm", "Ag", "--night", "1")
    assert "Human" in ag, ag
    cu = host.ok("pm", "Cu", "--night", "1")
    assert "Body Double took your place" not in cu


# ---------------------------------------------------------------- 2. natural: an investigation that failed
NO_RESULT = "Your {} got no result tonight."
# (id, players, lines, players told 'no result' (with the ability), players not told it)
NATURAL_NO_RESULT = [
    ("natural-I-Cop-whose-target-commuted-is-told-no-result",
     "Ned=Commuter Cop=Cop V=Villager", "Ned Commute; Cop Investigate Ned", {"Cop": "Investigate"}, []),
    ("natural-I-Tracker-whose-target-commuted-is-told-no-result",
     "Ned=Commuter Tr=Tracker V=Villager", "Ned Commute; Tr Track Ned", {"Tr": "Track"}, []),
    ("natural-I-Watcher-whose-target-was-jailed-is-told-no-result",
     "J=Jailkeeper Wa=Watcher V=Villager", "J Jail V; Wa Watch V", {}, ["Wa"]),
    ("natural-I-Follower-whose-target-commuted-is-told-no-result",
     "Ned=Commuter Fo=Follower V=Villager", "Ned Commute; Fo Follow Ned", {"Fo": "Follow"}, []),
    ("natural-I-Cop-told-of-a-block-is-not-told-no-result-too",
     "Rb=Roleblocker Cop=Cop V=Villager", "Rb Block Cop; Cop Investigate V", {}, ["Cop"]),
    ("natural-I-Cop-with-a-result-is-not-told-no-result",
     "Ned=Commuter Cop=Cop V=Villager", "Cop Investigate V", {}, ["Cop"]),
    ("natural-I-Doctor-whose-target-commuted-is-told-nothing",
     "Ned=Commuter Doc=Doctor V=Villager", "Ned Commute; Doc Protect Ned", {}, ["Doc"]),
]


@pytest.mark.parametrize("players, lines, told, untold", [c[1:] for c in NATURAL_NO_RESULT],
                         ids=[c[0] for c in NATURAL_NO_RESULT])
def test_natural_failed_investigation_is_told_no_result(players, lines, told, untold):
    """Seed natural I: an action 'does not resolve if it is blocked or fails for another reason
    (i.e. the player is un-targetable because of a commute)'. Before, a Cop whose target commuted
    got no PM at all; now the investigator is told it got no result (decision no-result-told),
    never why; a Watcher reading a jailed player still watches (the jail is no commute)."""
    o, _ = run(ruleset("natural"), players, lines)
    for player, ability in told.items():
        assert (player, NO_RESULT.format(ability)) in {(n.player, n.text) for n in o.notices}, (o.notices, o.log)
    for player in untold:
        assert not [n for n in o.notices if n.player == player and "no result" in n.text], o.notices


def test_cli_natural_cop_whose_target_commuted_gets_a_no_result_pm(tmp_path):
    """Seed natural I (commute) through the CLI: the night's PMs are not 'No PMs'; the Cop's PM
    says no result and names neither the Commuter nor the commute."""
    host = _new(tmp_path, "natural", "Ann=Goon", "Ned=Commuter", "Cop=Cop", "Vi=Villager", "Bo=Villager")
    host.ok("act", "Ned", "Commute")
    host.ok("act", "Cop", "Investigate", "Ned")
    host.ok("act", "Ann", "Kill", "Vi")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Cop", "--night", "1")
    assert NO_RESULT.format("Investigate") in pm
    body = pm.split("Cop,", 1)[1]
    assert "Ned" not in body and "commut" not in body.lower()


# ---------------------------------------------------------------- 3. outcome lines that are true
# (id, ruleset, players, lines, night, state kw, dead, log lines, log words never seen)
POISONED = {"Fay": {"poisoned": {"by": "Po", "kills_on": 2, "type": "poison", "cause": "Poison",
                                 "flavour": "poison", "location": "{player}'s home"}}}
OUTCOME_LINES = [
    ("classic-NightResolution-Poison-Ignores-Guard-the-log-says-she-died-all-the-same",
     "classic-werewolf", "Wo=Werewolf Wi=Witch Gu=Guard Fay=Villager Bo=Villager", "Wo Kill Fay; Gu Guard Fay; Wi Poison Fay",
     1, {}, ["Fay"], ["Guard (Gu)'s protection saves Fay from Werewolves (Wo)'s attack.",
                      "Fay dies all the same (Poison), found in Fay's home."], []),
    ("classic-NightResolution-a-death-with-no-save-reads-as-before",
     "classic-werewolf", "Wo=Werewolf Wi=Witch Gu=Guard Fay=Villager Bo=Villager", "Wo Kill Fay; Gu Guard Fay; Wi Poison Bo",
     1, {}, ["Bo"], ["Bo dies (Poison), found in Bo's home."], ["all the same"]),
    ("natural-III-footnote-1-poison-taking-effect-reads-as-a-state",
     "natural", "Po=Poisoner Fay=Villager Cop=Cop", "", 2, dict(tags=POISONED),
     ["Fay"], ["Fay is poisoned: it takes effect tonight (Poison)."], ["The poisoned on"]),
    ("natural-III-footnote-1-doctor-cures-the-poison-reads-as-a-state",
     "natural", "Po=Poisoner Fay=Villager Doc=Doctor", "Doc Protect Fay", 2, dict(tags=POISONED),
     [], ["Doctor (Doc) cures Fay: they are no longer poisoned."], ["cures Fay of poisoned"]),
]


@pytest.mark.parametrize("name, players, lines, number, kw, died, logged, never",
                         [c[1:] for c in OUTCOME_LINES], ids=[c[0] for c in OUTCOME_LINES])
def test_outcome_log_lines_are_true_and_readable(name, players, lines, number, kw, died, logged, never):
    """The log says which attack a Guard stopped and that the player died all the same of another;
    a delayed tag's lines read as a state of the player ('Fay is poisoned'), not a status name used
    as a noun ('The poisoned on Fay')."""
    o, _ = run(ruleset(name), players, lines, night=number, **kw)
    assert sorted(d.player for d in o.deaths) == died, o.log
    for line in logged:
        assert line in o.log, o.log
    for words in never:
        assert not any(words in line for line in o.log), o.log


def _poison_past_the_guard(tmp_path) -> Host:
    host = _new(tmp_path, "classic-werewolf", "Wo=Werewolf", "Wi=Witch", "Gu=Guard", "Se=Seer", "Fay=Villager",
                "Bo=Villager", "Cy=Villager", "Hu=Hunter")
    host.ok("act", "Wo", "Kill", "Fay")
    host.ok("act", "Gu", "Guard", "Fay")
    host.ok("act", "Wi", "Poison", "Fay")
    host.ok("act", "Se", "Check", "Wo")
    return host


def test_cli_classic_resolve_never_says_saved_beside_dies(tmp_path):
    """Seed classic NightResolution, invariant 2 'Poison Ignores Guard': resolve, the host page and
    the night chart do not call the poisoned player saved; they say the Guard stopped an attack on
    her and she died all the same. (Before: 'saved: Fay by Guard' beside 'dies: Fay, killed by
    Poison'.) A plain save still reads 'saved'."""
    import json

    host = _poison_past_the_guard(tmp_path)
    data = json.loads(host.ok("resolve", "--force", "--dry-run", "--json"))
    assert data["saved"] == [{"player": "Fay", "by": ["Guard"], "died": True}]
    out = host.ok("resolve", "--force")
    assert "dies: Fay, killed by Poison" in out and "saved: Fay" not in out
    assert "stopped: an attack on Fay by Guard (Fay died all the same)" in out
    chart = host.ok("chart", "night", "1")
    assert "Saved: no one." in chart and "Saved: Fay" not in chart and 'data-marks="killed"' in chart
    assert "Stopped: an attack on Fay by Guard (Fay died all the same)" in chart
    page = host.ok("page")
    assert "<li>saved: Fay" not in page and "stopped: an attack on Fay by Guard (Fay died all the same)" in page


def test_cli_classic_a_guard_save_still_reads_saved(tmp_path):
    """Seed classic NightResolution 3 'If guard_target == kill_target: remove (target saved)'."""
    host = _new(tmp_path, "classic-werewolf", "Wo=Werewolf", "Wi=Witch", "Gu=Guard", "Se=Seer", "Fay=Villager",
                "Bo=Villager", "Cy=Villager", "Hu=Hunter")
    host.ok("act", "Wo", "Kill", "Fay")
    host.ok("act", "Gu", "Guard", "Fay")
    out = host.ok("resolve", "--force")
    assert "saved: Fay by Guard" in out and "stopped:" not in out


# ---------------------------------------------------------------- 4. Combat Camouflage: the host sees the truth
def _camouflaged(tmp_path, *more: str) -> Host:
    host = _new(tmp_path, "paranormal", "Ex=Exterminator (Mind Shield)", "Fay=Townie", "D=Doppelganger", "Bo=Townie",
                *more, options=("max-day=5",))
    host.ok("tech", "pick", "Ex", "Combat Camouflage", "Plasma Bomb")
    host.ok("tech", "camouflage", "Ex", "Vigilante")
    return host


def test_cli_robbed_exterminator_status_says_its_camouflage_does_nothing(tmp_path):
    """Seed paranormal Harvester (Mind Stealer): 'Takes the Role from the Abducted player ... (Aliens
    will all become survivors)'; Combat Camouflage 'allows the Exterminator to mask his kills'
    (decision stolen-tech: it does nothing in a Survivor's hands). Before, status still said
    'Combat Camouflage: kills read as Vigilante'."""
    host = _camouflaged(tmp_path, "Ms=Harvester (Mind Stealer)")
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "start", "Ms", "Agent", "Heroic Guard", "Townie")
    assert "Combat Camouflage: kills read as Vigilante" in host.ok("status")  # an Exterminator's works
    host.ok("act", "Ex", "Kill", "Fay")
    host.ok("act", "Ms", "Abduct", "Ex")
    host.ok("act", "D", "Kill", "Bo")
    host.ok("resolve", "--force")
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Ex "))
    assert "Survivor" in line and "kills read as" not in line
    assert "Combat Camouflage does nothing (only for Exterminators): their kills are not masked" in line
    import json

    ex = next(p for p in json.loads(host.ok("status", "--json"))["players"] if p["name"] == "Ex")
    assert not any("kills read as" in s for s in ex["standing"])


def test_cli_post_end_and_chart_show_the_true_cause_the_death_post_keeps_the_mask(tmp_path):
    """Seed paranormal Combat Camouflage: 'mask his kills as if they came from any source'. The
    players' death post shows the mask; the end of the game (roles are revealed) and the host's
    night chart show the truth beside the mask."""
    import json

    host = _camouflaged(tmp_path)
    host.ok("act", "Ex", "Kill", "Fay")
    host.ok("act", "D", "Kill", "Bo")
    data = json.loads(host.ok("resolve", "--force", "--json"))
    causes = {d["player"]: (d["cause"], d.get("true_cause")) for d in data["deaths"]}
    assert causes == {"Fay": ("Vigilante", "Exterminator"), "Bo": ("Doppelgangers", None)}
    deaths = host.ok("post", "deaths", "--night", "1", "--format", "plain")
    assert "vigilante" in deaths.lower() and "Exterminator" not in deaths
    chart = host.ok("chart", "night", "1")
    assert "Fay (Exterminator, masked as Vigilante)" in chart and "Fay (Vigilante)" not in chart
    host.ok("eliminate", "D")
    end = host.ok("post", "end", "--format", "plain")
    assert "Fay: Townie (Town), was killed by the Exterminator (masked as Vigilante) on night 1" in end
    assert "Fay (Townie) was killed by the Exterminator (masked as Vigilante)" in end
    # the plain post's title line no longer runs into the next ('win!Winning: Ex ...')
    assert "Exterminators win!\nWinning: Ex (Exterminator (Mind Shield))." in end


# ---------------------------------------------------------------- 5. the Mind Stealer's Robot, said plainly
def _stealer_game(tmp_path) -> Host:
    return _new(tmp_path, "paranormal", "Ex=Exterminator (Mind Shield)", "Ms=Harvester (Mind Stealer)", "Fay=Townie",
                "D=Doppelganger", options=("max-day=5",))


@pytest.mark.parametrize("word", ["Robot", "none"], ids=["paranormal-Harvester-Mind-Stealer-tech-pick-Robot",
                                                        "paranormal-Harvester-Mind-Stealer-tech-pick-none-is-the-Robot"])
def test_cli_mind_stealer_robot_choice_is_said_plainly(tmp_path, word):
    """Seed Harvester (Mind Stealer): 'Tech: ... MS - 1 Robot or 2 Small Tech slots'; 'If the MS
    chooses a Robot instead of Tech slots ... the MS also begins with a Bodyguard Role'. 'none'
    records the Robot (decision mind-stealer-stockpile); the answer says so, where before it said
    'Ms leaves their open tech slots empty.'"""
    host = _stealer_game(tmp_path)
    due = host.ok("due")
    assert "'hostkit tech pick Ms Robot' for the Robot" in due and "'hostkit tech pick Ms none'" not in due
    out = host.ok("tech", "pick", "Ms", word)
    assert out.startswith("Ms takes the Robot instead of tech slots") and "empty" not in out
    assert "a Bodyguard role (the Robot)" in host.ok("due")


def test_cli_robot_is_refused_for_any_other_alien(tmp_path):
    """Seed Harvester: the Robot is the Mind Stealer's alone; another alien's 'none' still leaves
    its slots empty, and says so."""
    host = _stealer_game(tmp_path)
    assert "only a Mind Stealer takes '1 Robot'" in host.refused("tech", "pick", "Ex", "Robot")
    assert host.ok("tech", "pick", "Ex", "none").strip() == "Ex leaves their open tech slots empty."


# ---------------------------------------------------------------- 6. smaller: what a host reads and sends
# (id, players, lines, {player: own_words} of their Blocked record)
OOO_JAIL = [
    ("ooo-7-jailed-Serial-Killer-told-in-the-jails-own-words",
     "Jk=Jailkeeper SK=Serial_Killer V=Villager", "Jk Jail SK; SK Stab V", {"SK": True}),
    ("ooo-7-distracted-not-jailed-gets-the-block-line",
     "Es=Escort SK=Serial_Killer V=Villager", "Es Distract SK; SK Stab V", {"SK": False}),
    ("ooo-7-an-Escort-cannot-reach-the-jailed-so-told-once",
     "Jk=Jailkeeper Es=Escort SK=Serial_Killer V=Villager", "Jk Jail SK; Es Distract SK; SK Stab V", {"SK": True}),
]


@pytest.mark.parametrize("players, lines, own", [c[1:] for c in OOO_JAIL], ids=[c[0] for c in OOO_JAIL])
def test_ooo_jailed_player_is_told_once(players, lines, own):
    """Seed ooo 7: every jailed player is told they were jailed; the ruleset's jail wording says
    every action of theirs failed, so the PM's 'You were blocked tonight' line is left out for a
    player told only by the jail (Blocked.own_words); another block that told them keeps it."""
    o, _ = run(ruleset("ooo-werewolf"), players, lines)
    assert {b.player: b.own_words for b in o.blocked if b.notified} == own, o.blocked


def test_cli_ooo_jailed_serial_killer_pm_has_only_the_jail_notice(tmp_path):
    """Seed ooo 7 through the CLI: before, the jailed Serial Killer's PM said 'You were blocked
    tonight: your action did not take place.' above the jail notice."""
    host = _new(tmp_path, "ooo-werewolf", "Jk=Jailkeeper", "SK=Serial Killer", "Wo=Wolf", "Se=Seer", "Vi=Villager",
                "Bo=Villager")
    host.ok("act", "Jk", "Jail", "SK")
    host.ok("act", "SK", "Stab", "Vi")
    host.ok("act", "Wo", "Maul", "Bo")
    host.ok("act", "Se", "Vision", "Wo")
    out = host.ok("resolve", "--force")
    assert "blocked: SK by Jailkeeper (told)" in out  # the host still reads that he was told
    pm = host.ok("pm", "SK", "--night", "1")
    assert "You were taken to jail tonight" in pm and "You were blocked" not in pm


def test_cli_natural_arsonist_is_waited_on_once_for_douse_or_ignite(tmp_path):
    """Seed natural II (an action without prefix may be used once each Phase) and decision arson
    ('An Arsonist either douses or ignites each night'): the waiting list, status and resolve's
    refusal owe one of the two, 'Ars (Douse or Ignite)', not 'Ars (Douse), Ars (Ignite)'."""
    import json

    host = _new(tmp_path, "natural", "Ars=Arsonist", "Ann=Goon", "Cop=Cop", "Vi=Villager", "Bo=Villager")
    assert "waiting on: Ars (Douse or Ignite), Mafia: Ann (Kill), Cop (Investigate)" in host.ok("status")
    assert "Ars (Douse or Ignite)" in host("resolve").output
    data = json.loads(host.ok("status", "--json"))
    ars = [w for w in data["waiting"] if w["who"] == "Ars"]
    assert ars == [{"who": "Ars", "players": ["Ars"], "ability": "Douse", "required": False, "or": ["Ignite"]}]
    host.ok("act", "Ars", "Ignite")
    assert "Ars" not in host.ok("status").splitlines()[-1]


def test_cli_tracking_report_with_nothing_planted_reports_nothing(tmp_path):
    """Seed Advanced Tracking Devices: 'Once planted they show where the tracked individual is.'
    With no device planted there is nothing to show: no 'Tracking Report: you saw nothing' line in
    the PM or resolve (before, both had it); a planted one still reports."""
    host = _new(tmp_path, "paranormal", "In=Mad Scientist (Intelligence Scientist)", "Fay=Townie", "D=Doppelganger",
                "Bo=Townie", options=("max-day=5",))
    host.ok("act", "D", "Kill", "Bo")
    out = host.ok("resolve", "--force")
    assert "Tracking Report" not in out.split("Log:")[0] and "Tracking Report has nothing to report." in out
    assert "Tracking Report" not in host.ok("pm", "In", "--night", "1")
    host.ok("act", "--now", "In", "Plant Tracker", "Fay")
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "D", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Fay: stayed home" in host.ok("pm", "In", "--night", "2")
