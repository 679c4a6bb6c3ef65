"""paranormal's Mad Scientist inventions: the Body Double (stops death and capture only) and the
Sentry Guns' face recognition.
"""

from __future__ import annotations

import json

import pytest

from conftest import snapshot
from engine_helpers import ruleset, run
from game_helpers import _new_game
from test_paranormal_tech import _new
from test_ruleset_paranormal import TECH, check


BODY_DOUBLE = ("Your Body Double took your place tonight: something was aimed at you, and it was destroyed "
               "instead of you. It is gone.")


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


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


def test_cli_agent_investigating_a_body_double_user_gets_a_result(tmp_path):
    """Seed paranormal Agent: 'Can investigate one person per night to determine their Race.'
    A Body Double ('death/capture') does not hide its user: the Agent's PM has the race, and the
    Scientist is not told his double was destroyed (nothing deadly came)."""
    host = _new_game(tmp_path, "paranormal", "Cu=Mad Scientist (Cutting Edge Scientist)", "Ag=Agent",
                "Bo=Doppelganger", "Jo=Townie", options=("max-day=5",))
    host.ok("tech", "pick", "Cu", "Body Double")
    host.ok("act", "Cu", "Body Double")
    host.ok("act", "Ag", "Investigate", "Cu")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("resolve", "--force")
    ag = host.ok("pm", "Ag", "--night", "1")
    assert "Human" in ag, ag
    cu = host.ok("pm", "Cu", "--night", "1")
    assert "Body Double took your place" not in cu


def test_sentry_guns_face_recognition_lets_the_trusted_pass(tmp_path):
    """Mad Scientist, Sentry Guns: 'The Sentry Guns can be programmed with face recognition to allow
    safe passage to people that the Mad Scientist deems trustworthy. This can be changed on a
    night-per-night basis.' A trusted visitor passes; any other visitor is killed; only a Sentry
    Guns holder programs it; undo restores the folder."""
    host = _new(tmp_path, "Sam=Mad Scientist (Military Scientist)", "Gu=Bodyguard (Guardian)", "Ag=Agent",
                "Bo=Doppelganger", "Cy=Townie", "Dee=Townie")
    host.ok("tech", "pick", "Sam", "Sentry Guns")
    assert "only the Sentry Guns have face recognition" in host.refused("tech", "trust", "Ag", "Gu")
    assert "own house" in host.refused("tech", "trust", "Sam", "Sam")
    before = snapshot(host.folder)
    assert "Sam's Sentry Guns let Gu pass tonight." in host.ok("tech", "trust", "Sam", "Gu")
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("tech", "trust", "Sam", "Gu")
    assert "Sentry Guns let pass on night 1: Gu" in host.ok("status")
    host.ok("act", "Sam", "Sentry Guns")
    host.ok("act", "Gu", "Guard", "Sam")
    host.ok("act", "Ag", "Investigate", "Sam")
    host.ok("act", "Bo", "Kill", "skip")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in out["deaths"]] == ["Ag"]
    assert any("let them pass (face recognition)" in line for line in out["log"])
    assert "it is day 1, not a night" in host.refused("tech", "trust", "Sam", "Gu")
