"""paranormal tried by a careless host and a hostile player (red team, issue 12): each test
reproduces one defect found through the CLI in a temp folder and quotes the seed sentence or
house rule it checks."""

from __future__ import annotations

import json

import pytest

from test_paranormal_tech import _new  # a paranormal game through the CLI, seed 5


CAST = ("Yan=Exterminator Operative", "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie")


def test_paranormal_items_stun_orb_used_instead_of_the_action_is_not_waited_on(tmp_path):
    """Stun Orb: '1 Use, does use up the alien's action.' Once a passed Stun Orb is entered, the
    holder's own action cannot be entered, so 'actions' must not wait on it and 'resolve' must
    not ask for --force for it."""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Yan", "Stun Orb", "Stun Bomb", "Mind Shield")
    host.ok("tech", "pass", "Yan", "Ann", "Stun Orb")
    host.ok("act", "Ann", "Stun Orb", "Bob")
    assert "uses up their action" in host.refused("act", "Ann", "Investigate", "Cy")
    waiting = json.loads(host.ok("actions", "--json"))["waiting"]
    assert not [w for w in waiting if "Ann" in w["players"]], waiting
    host.ok("act", "Bob", "Kill", "Dee")
    assert "waiting on" not in host.ok("actions")
    host.ok("resolve")  # no --force: nothing usable is left unentered


def test_paranormal_items_stun_bomb_entered_is_listed_as_used_not_skipped(tmp_path):
    """Stun Bomb: 'Allows the Alien to stun the entire town': it takes no target, so the entry is
    the bomb going off; 'act' and 'actions' must not call it a skip (it resolves as used)."""
    host = _new(tmp_path, *CAST)
    host.ok("tech", "pick", "Yan", "Stun Bomb", "Mind Shield", "Scanner")
    out = host.ok("act", "Yan", "Stun Bomb")
    assert "(skip)" not in out and "Yan: Stun Bomb" in out
    listed = host.ok("actions")
    assert "Yan: Stun Bomb" in listed and "(skip)" not in listed, listed
    assert host.ok("act", "--remove", "Yan", "Stun Bomb").strip() == "removed Yan: Stun Bomb"


def test_paranormal_abduction_modkilled_captive_is_not_flipped(tmp_path):
    """Abduction: 'Abducted players are not role-flipped until their abductor leaves the game.'
    A host's modkill of a kept captive must not print (or allow) the flip while the
    Xenozoologist lives; undo restores the folder byte for byte."""
    from conftest import snapshot

    host = _new(tmp_path, "Xe=Xenozoologist", "Gus=Townie", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Gus")
    host.ok("act", "Bob", "Kill", "Dee")
    host.ok("resolve")
    before = snapshot(host.folder)
    out = host.ok("kill", "Gus", "--reason", "replacement refused")
    assert "No flip" in out and "Townie" not in out, out
    assert "not role-flipped" in host.refused("post", "flip", "Gus")
    assert "undone: the kill on Gus" in host.ok("undo")
    assert snapshot(host.folder) == before


def test_paranormal_war_vet_alert_entered_answers_the_night(tmp_path):
    """War Vet: 'Can choose to turn off this ability for a night.' A host who enters the War Vet's
    choice to stay on alert ('act Wv Alert', an ability with no target) has answered for the
    night: 'actions' must stop waiting on Stand Down, and 'resolve' must not ask for --force."""
    host = _new(tmp_path, "Wv=War Vet", "De=Detective", "Bo=Doppelganger", "A=Townie", "B=Townie")
    host.ok("act", "De", "Investigate", "Wv")
    host.ok("act", "Bo", "Kill", "A")
    # misc (stop 21): the alert is standing, so its opt-out is not waited on (was listed every night)
    assert "Stand Down" not in host.ok("actions")
    host.ok("act", "Wv", "Alert")
    assert "waiting on" not in host.ok("actions")
    out = host.ok("resolve")
    assert "De, killed by War Vet" in out, out  # the alert still works


def test_paranormal_abduction_kept_captive_trades_tech_only_with_the_scientist(tmp_path):
    """'Alien Tech can be passed ... This must be done via PM at Night', and a kept captive is out
    of play: 'The Scientist and all of his captives may freely PM one another' (seed
    Xenozoologist). A pass between a captive and anyone else is refused, nothing written."""
    host = _new(tmp_path, "Xe=Xenozoologist", "Ao=Agent Operative", "Ag=Agent", "Bob=Doppelganger",
                "Cy=Townie", "Dee=Townie", "Eve=Townie")
    host.ok("tech", "pick", "Xe", "Assassin bot")
    host.ok("tech", "pick", "Ao", "Personal Shield", "Holoform Modulator", "Stun Bomb")
    host.ok("act", "Xe", "Abduct", "Ag")
    host.ok("act", "Bob", "Kill", "Dee")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")  # day 1 ends without votes: night 2, when tech is passed
    assert "only the Scientist and his captives" in host.refused("tech", "pass", "Ao", "Ag", "Personal Shield")
    host.ok("tech", "pass", "Xe", "Ag", "Assassin bot")
    assert "only the Scientist and his captives" in host.refused("tech", "pass", "Ag", "Ao", "Assassin bot")


def test_paranormal_xenozoologist_kept_doppelganger_is_no_town_win(tmp_path):
    """Xenozoologist: 'If he is killed, all abducted players are returned to the game.' The Town
    wins 'when every Doppelganger and every other killer is dead': a Doppelganger kept alive by a
    living Scientist can come back, so the Town has not won yet; lynching the Scientist returns it."""
    host = _new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Eve=Townie", "Xe=Xenozoologist", "Dee=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Bob")
    host.ok("act", "Bob", "Kill", "Dee")
    out = host.ok("resolve")
    assert "captured: Bob by Xe" in out and "winner" not in host.ok("status").splitlines()[0]
    for voter in ("Ann", "Eve", "Dee"):
        host.ok("vote", voter, "Xe")
    host.ok("eliminate", "Xe")
    status = host.ok("status")
    assert "game is over" not in status.splitlines()[0], status
    assert "abducted" not in [line for line in status.splitlines() if line.strip().startswith("Bob")][0]


# Engine table: a town-wide blackout stops every other action whatever order the host typed them in.
BLACKOUT_ORDER = [
    ("paranormal-items-stun-bomb-before-orb-typed-first", "Yo Stun_Orb T; Op Stun_Bomb; D Kill T"),
    ("paranormal-items-stun-bomb-before-orb-typed-second", "Op Stun_Bomb; Yo Stun_Orb T; D Kill T"),
]


@pytest.mark.parametrize("lines", [c[1] for c in BLACKOUT_ORDER], ids=[c[0] for c in BLACKOUT_ORDER])
def test_paranormal_items_stun_bomb_stops_a_stun_orb_in_any_entry_order(lines):
    """Stun Bomb: 'Allows the Alien to stun the entire town, preventing any player from using an
    Action for that night.' A Stun Orb typed before the bomb is stopped too, and keeps its charge."""
    from engine_helpers import night, ruleset, state

    st = state(ruleset("paranormal"), "Op=Exterminator_Operative Yo=Agent_Operative T=Townie D=Doppelganger",
               items={"Op": {"Stun Bomb": 1}, "Yo": {"Stun Orb": 1}})
    o, _ = night(st, lines)
    failed = {(f.player, f.ability): f.reason for f in o.failed}
    assert failed.get(("Yo", "Stun Orb")) == "blocked by Stun Bomb (Op)", (failed, o.log)
    assert not any(c.kind == "item-loss" and c.player == "Yo" for c in o.changes)


def test_paranormal_items_tech_list_shows_no_open_slots_after_none(tmp_path):
    """Mind Stealer: 'Tech: ... 1 Robot or 2 Small Tech slots'. After 'tech pick Ms none' (the
    Robot) the slots stay empty by choice: 'tech list' must not still call them open (as 'due'
    already stops asking)."""
    host = _new(tmp_path, "Ms=Harvester (Mind Stealer)", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie")
    assert "open slots: 2 Small" in host.ok("tech", "list")
    host.ok("tech", "pick", "Ms", "none")
    listed = host.ok("tech", "list")
    assert "Ms (Harvester (Mind Stealer)): nothing" in listed and "open slots" not in listed, listed
    assert json.loads(host.ok("tech", "list", "--json"))["players"][0]["free"] == ""


def test_paranormal_abduction_kept_bomber_is_not_told_they_could_not_act(tmp_path):
    """Plasma Bomb: 'Can also be used while abducted.' A kept Exterminator whose bomb went off is
    told so, not 'could not act' alone; a captive with nothing exempt still hears the plain line."""
    host = _new(tmp_path, "Em=Exterminator (Mind Shield)", "Xe=Xenozoologist", "Bob=Doppelganger", "Cy=Townie",
                "Dee=Townie", "Fo=Townie")
    host.ok("tech", "pick", "Em", "Plasma Bomb", "Stun Bomb")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Em")
    host.ok("act", "Em", "Plasma Bomb", "Cy")
    host.ok("act", "Bob", "Kill", "Fo")
    out = host.ok("resolve", "--force")
    assert "Cy, killed by Plasma Bomb" in out, out
    told = [line for line in out.splitlines() if line.strip().startswith("told: Em:")]
    assert told and "except for your Plasma Bomb, which works even while abducted" in told[0], out
