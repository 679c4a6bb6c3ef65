"""What the host is told to wait on (`due`, status's waiting list): only abilities a player can
still use, in the ruleset's own words; a skip, a standing ability or a passed item answers them.
"""

from __future__ import annotations

import json


from conftest import Host
from game_helpers import _new_game, _new_paranormal
from hostkit.game.game import create
from test_natural_dayactions import day1
from test_paranormal_tech import _new


def waiting(host: Host) -> list[str]:
    return [w["ability"] for w in json.loads(host.ok("actions", "--json"))["waiting"]]


def test_natural_I_waiting_on_leaves_out_immediate_abilities_during_an_ita_window(tmp_path):
    """'Immediate Day Action submissions are ignored during ITA windows': the host is not told to
    wait for one then."""
    host = day1(tmp_path)
    assert "Snipe" in waiting(host) and "Day Shoot" in waiting(host)
    host.ok("ita", "open")
    assert "Snipe" not in waiting(host) and "Day Shoot" in waiting(host)
    assert "Snipe" not in json.loads(host.ok("status", "--json"))["waiting"].__repr__()
    host.ok("ita", "close")
    assert "Snipe" in waiting(host)


PARA = ["Wv=War Vet", "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Di=Townie"]


def test_paranormal_War_Vet_standing_alert_is_not_waited_on(tmp_path):
    """A War Vet's alert is standing (on every night without an entry): 'Stand Down' is the
    opt-out, and saying nothing keeps the alert. It was listed every night until skip or Alert."""
    create(tmp_path / "g", ruleset="paranormal", seed=1, assign=PARA)
    host = Host(tmp_path / "g")
    assert "Stand Down" not in host.ok("actions")
    assert all(w["players"] != ["Wv"] for w in json.loads(host.ok("status", "--json"))["waiting"])
    host.ok("act", "Ann", "Investigate", "Bob")
    host.ok("act", "Bob", "Kill", "Cy")
    assert "waiting on" not in host.ok("actions")
    host.ok("resolve")  # no --force: nothing is waited on
    assert "War Vet" in json.loads(host.ok("status", "--json"))["players"][0]["role"]


ITEMS = ["Ann=Shaman", "Bob=Werewolf", "Cy=Militia", "Dee=Villager", "Eve=Huntsman"]


def test_items_werewolf_item_abilities_are_listed_not_waited_on(tmp_path):
    """An item's ability usable now is listed for the host ('items not used yet'); an automatic
    one (Armour's Absorb) is not; resolve does not wait on items (a holder may keep one)."""
    create(tmp_path / "g", ruleset="items-werewolf", seed=1, assign=ITEMS)
    host = Host(tmp_path / "g")
    out = host.ok("actions")
    assert "items not used yet (not waited on): Ann (Potion of Clarity: Clarity), Eve (Heavy Shield: Brace)" in out
    assert "Armour" not in out
    data = json.loads(host.ok("actions", "--json"))["items_unused"]
    assert data[0] == {"who": "Ann", "players": ["Ann"], "ability": "Clarity", "required": False,
                       "item": "Potion of Clarity"}
    assert "items not used yet" in host.ok("status")
    host.ok("act", "Ann", "Clarity", "Bob")
    assert "Potion of Clarity" not in host.ok("actions")
    for line in (("Ann", "Ward", "skip"), ("Bob", "Kill", "Dee"), ("Cy", "Shoot", "skip"), ("Eve", "Guard", "skip")):
        host.ok("act", *line)
    host.ok("resolve")  # Eve's Heavy Shield is not waited on


def test_paranormal_tech_is_listed_and_a_skip_answers_it(tmp_path):
    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Zed=Exterminator (Mind Shield)", "Yan=Exterminator Operative", "Ann=Agent", "Bob=Doppelganger",
                   "Cy=Townie", "Di=Townie"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Zed", "Combat Camouflage", "Replicator")
    host.ok("tech", "pick", "Yan", "Advanced Holoform Modulator", "Scanner", "Stun Orb")
    assert "items not used yet (not waited on): Yan (Scanner), Yan (Stun Orb)" in host.ok("actions")
    host.ok("act", "Yan", "Scanner", "skip")
    assert "items not used yet (not waited on): Yan (Stun Orb)" in host.ok("actions")


def test_natural_II_due_names_what_the_day_waits_on_the_host_for(tmp_path):
    """Before: 'due' said 'Nothing is owed.' with an Immediate action waiting to resolve, an ITA
    window left open, or the day's deadline passed; and printed 'Nothing is owed.' above host
    notices. Seed natural II: an Immediate action 'resolves as soon as the hosts are able to'."""
    host = day1(tmp_path)
    assert host.ok("due").strip() == "Nothing is owed."
    host.ok("act", "Sn", "Snipe", "Ann")
    out = host.ok("due")
    assert "Nothing is owed" not in out
    assert "host: waiting to resolve: Sn's Snipe on Ann (Immediate, seed natural II" in out and "'hostkit resolve'" in out
    assert "waiting to resolve: Sn's Snipe on Ann" in " ".join(json.loads(host.ok("status", "--json"))["notices"])
    host.ok("resolve")
    assert "waiting to resolve" not in host.ok("due")
    host.ok("ita", "open")
    assert "host: ITA window 1 is open: 'hostkit ita close' closes it" in host.ok("due")
    host.ok("ita", "close")
    assert "ITA window" not in host.ok("due")
    host.ok("deadline", "+1d")
    assert "deadline" not in host.ok("due")  # not passed yet: nothing to do
    host.ok("deadline", "2020-01-01 00:00")
    out = host.ok("due")
    assert "host: day 1's deadline (2020-01-01 00:00 UTC) has passed: end the day ('hostkit eliminate" in out
    host.ok("eliminate", "Bea", "--force")
    out = host.ok("due")
    assert "deadline" not in out and "waiting to resolve" not in out


def test_paranormal_due_names_a_waiting_day_tech_in_its_own_rules_words(tmp_path):
    """A paranormal Plant Tracker (Immediate by day) entered without --now: 'due' asks for the
    resolve, without citing another ruleset's seed (it said 'seed natural II' in paranormal)."""
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=2, options=["max-day=5"],
           assign=["Ann=Mad Scientist (Intelligence Scientist)", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie",
                   "Eve=Detective", "Fay=War Vet"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Ann", "Advanced Tracking Devices")
    host.ok("resolve", "--force")
    host.ok("act", "Ann", "Plant Tracker", "Bob")
    out = host.ok("due")
    assert "host: waiting to resolve: Ann's Plant Tracker on Bob (Immediate, it resolves when you say so): " \
           "'hostkit resolve'" in out and "natural" not in out
    host.ok("resolve")
    assert "waiting to resolve" not in host.ok("due")


def test_cli_natural_arsonist_is_waited_on_once_for_douse_or_ignite(tmp_path):
    """Seed natural II (an action without prefix may be used once each Phase) and decision arson
    ('An Arsonist either douses or ignites each night'): the waiting list, status and resolve's
    refusal owe one of the two, 'Ars (Douse or Ignite)', not 'Ars (Douse), Ars (Ignite)'."""
    import json

    host = _new_game(tmp_path, "natural", "Ars=Arsonist", "Ann=Goon", "Cop=Cop", "Vi=Villager", "Bo=Villager")
    assert "waiting on: Ars (Douse or Ignite), Mafia: Ann (Kill), Cop (Investigate)" in host.ok("status")
    assert "Ars (Douse or Ignite)" in host("resolve").output
    data = json.loads(host.ok("status", "--json"))
    ars = [w for w in data["waiting"] if w["who"] == "Ars"]
    assert ars == [{"who": "Ars", "players": ["Ars"], "ability": "Douse", "required": False, "or": ["Ignite"]}]
    host.ok("act", "Ars", "Ignite")
    assert "Ars" not in host.ok("status").splitlines()[-1]


def test_paranormal_Harvester_due_stops_asking_for_the_abomination_night_once_the_harvesters_role_is_stolen(tmp_path):
    """Seed paranormal, Harvester: the Organ Harvester 'is building an Abomination', released
    after some nights; the Mind Stealer's victim 'reverts to a vanilla role ... (Aliens will all
    become survivors)'. The Abomination needs a living Organ Harvester (effects/doom.py), so once
    the only one is a Survivor, 'due' stops asking for the night (it asked on, by the dealt role)."""
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Li=Harvester (Organ Harvester)", "Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Jo=Townie",
                   "Ki=Townie", "Lu=Townie", "Mo=Townie"],
           options=["max-day=5", "mind-stealer-goal=5", "mind-stealer-roles=Detective,Medium"])
    host = Host(tmp_path / "g")
    assert "the Abomination never comes" in host.ok("due")
    host.ok("tech", "pick", "Ms", "Stun Orb")
    host.ok("act", "Ms", "Abduct", "Li")
    host.ok("act", "Bo", "Kill", "Jo")
    assert "role stolen: Li by Ms (now a Survivor)" in host.ok("resolve", "--force")
    assert "Abomination" not in host.ok("due")
    assert "Abomination" not in host.ok("status")


def test_cli_due_stops_asking_for_the_abomination_night_once_the_organ_harvester_is_dead(tmp_path):
    # Harvester: 'After some # of nights (based on player count) the Abomination is released' is
    # the host's number, asked for while it matters; the Abomination needs a living Organ Harvester
    # ('The OH must be alive at the end of the game'), so a dead one's question is not repeated.
    host = _new_paranormal(tmp_path, "Li=Harvester (Organ Harvester)", "Bo=Doppelganger", "Vi=Vigilante", "Jo=Townie",
                "Ki=Townie", "Lu=Townie", "Mo=Townie", "Ne=Townie")
    assert "the Abomination never comes" in host.ok("due")
    host.ok("act", "Vi", "Shoot", "Li")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Li", "Abduct", "Ki")
    assert "dies: Li" in host.ok("resolve")
    assert "game is over" not in host.ok("status")
    assert "Abomination" not in host.ok("due")
    assert "Abomination" not in host.ok("status")


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


def test_items_not_used_yet_leaves_out_an_item_passed_tonight(tmp_path):
    """redhost: 'items not used yet' listed Eve's Heavy Shield while Eve passes it tonight (an
    item passed is not used: the entry refuses both). With two held, one passed, it stays."""
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="items-werewolf", assign=["Ann=Shaman", "Bob=Werewolf", "Cy=Militia",
                                                             "Dee=Villager", "Eve=Huntsman"], seed=1)
    host = Host(tmp_path / "g")
    assert "Eve (Heavy Shield: Brace)" in host.ok("actions")
    host.ok("act", "Eve", "Pass", "Dee", "Heavy Shield")
    out = host.ok("actions")
    assert "Eve (Heavy Shield: Brace)" not in out and "Ann (Potion of Clarity: Clarity)" in out
    host.ok("act", "--remove", "Eve", "Pass Heavy Shield")
    assert "Eve (Heavy Shield: Brace)" in host.ok("actions")
