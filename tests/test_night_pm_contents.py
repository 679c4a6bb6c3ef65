"""What each player is told after a night, audited against the seeds (`hostkit pm --night N`).

A player whose own device or alert worked tonight must learn it from their night PM: a one-use
item destroyed in their place is gone, a trap that fired went off. They learn it without
learning what the seed keeps secret (who attacked, whom the trap hit). Each test builds the
night through the CLI in a temp folder and reads every player's PM.
"""

from __future__ import annotations

import re

import pytest

from conftest import Host
from hostkit.game.game import create

BODY_DOUBLE = ("Your Body Double took your place tonight: something was aimed at you, and it was destroyed "
               "instead of you. It is gone.")
GUNS_FIRED = "Your Sentry Guns fired on someone who visited you tonight."
GUNS_DESTROYED = "You were attacked tonight: your Sentry Guns took the attack in your place and were destroyed."
FIRED = "You attacked someone who visited you tonight."
ALERT_SAVED = "You were attacked tonight, but your Alert saved you."


def _new(tmp_path, ruleset: str, *assign: str, options: tuple[str, ...] = ()) -> Host:
    create(tmp_path / "g", ruleset=ruleset, seed=1, assign=list(assign), options=list(options))
    return Host(tmp_path / "g")


def _pms(host: Host, night: int = 1) -> dict[str, str]:
    """player -> their night PM (absent: no PM), read one player at a time as a host sends them."""
    out = {}
    for p in host.game.state.players:
        text = host.ok("pm", p, "--night", str(night))
        if "===== PM to" in text:
            out[p] = text
    return out


def _names(text: str, name: str) -> bool:
    """Does the PM body (below its greeting) name NAME as a word?"""
    body = text.split(",\n", 1)[-1]
    return re.search(rf"\b{re.escape(name)}\b", body) is not None


def _scientists(tmp_path, *extra: str) -> Host:
    host = _new(tmp_path, "paranormal", "Cu=Mad Scientist (Cutting Edge Scientist)",
                "Mi=Mad Scientist (Military Scientist)", "Bo=Doppelganger", "Jo=Townie", "Ag=Agent", *extra,
                options=("max-day=5",))
    host.ok("tech", "pick", "Cu", "Body Double")  # seed Mad Scientist: 'picks one of three technologies'
    host.ok("tech", "pick", "Mi", "Sentry Guns")
    return host


def _quiet(host: Host, *players: str) -> None:
    for p in players:
        host.ok("act", p, "skip")


@pytest.mark.parametrize("attacker, line", [
    ("Bo", ("Bo", "Kill", "Cu")),
    ("X", ("X", "Abduct", "Cu")),
], ids=["paranormal-Mad-Scientist-Body-Double-stops-a-kill-its-user-is-told-it-is-gone",
        "paranormal-Mad-Scientist-Body-Double-stops-a-capture-its-user-is-told-it-is-gone"])
def test_body_double_destroyed_in_place_of_its_user_is_told(tmp_path, attacker, line):
    """Seed paranormal Mad Scientist, Body Double: 'It's a one-use item, though, so he's
    vulnerable after it's been destroyed. (...) stops all other forms of death/capture.' The
    Scientist saved by it is told it is gone, not who came, nor whether it was a kill or a capture
    (games/paranormal/ruleset.toml decision told-own-devices)."""
    host = _scientists(tmp_path, "X=Xenozoologist")
    _quiet(host, "Cu", "Mi", "X")
    host.ok("act", "Cu", "Body Double")
    if attacker != "Bo":
        host.ok("act", "Bo", "Kill", "skip")
    host.ok("act", *line)
    host.ok("act", "Ag", "Investigate", "Jo")
    out = host.ok("resolve")
    assert "no one dies" in out
    pms = _pms(host)
    assert BODY_DOUBLE in pms["Cu"]
    assert not _names(pms["Cu"], attacker)  # never who came
    assert all(BODY_DOUBLE not in text for p, text in pms.items() if p != "Cu")
    assert "abduct" not in pms["Cu"].lower() and "kill" not in pms["Cu"].lower()


def test_body_double_not_reached_says_nothing(tmp_path):
    """Seed paranormal Body Double: deployed but nothing came to it, nothing is destroyed in his
    place: the Scientist's PM says nothing of it (its charge went on the night he chose)."""
    host = _scientists(tmp_path)
    _quiet(host, "Cu", "Mi")
    host.ok("act", "Cu", "Body Double")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Ag", "Investigate", "Jo")
    host.ok("resolve")
    assert "Cu" not in _pms(host)


def test_sentry_guns_destroyed_in_place_of_the_scientist_and_fired_are_told(tmp_path):
    """Seed paranormal Mad Scientist, Sentry Guns: 'Functions like the War Vet, attacking and
    killing anyone who comes snooping around (...) Should the Mad Scientist be attacked, it is the
    Sentry Gun that is destroyed not the Scientist.' The Scientist is told both: the guns fired
    (never at whom) and took the attack and are destroyed (never by whom)."""
    host = _scientists(tmp_path)
    _quiet(host, "Cu", "Mi")
    host.ok("act", "Mi", "Sentry Guns")
    host.ok("act", "Bo", "Kill", "Mi")
    host.ok("act", "Ag", "Investigate", "Jo")
    out = host.ok("resolve")
    assert "dies: Bo, killed by Sentry Guns" in out
    pms = _pms(host)
    assert GUNS_FIRED in pms["Mi"] and GUNS_DESTROYED in pms["Mi"]
    assert not _names(pms["Mi"], "Bo")


def test_sentry_guns_shoot_a_visitor_the_scientist_is_told_they_fired_not_at_whom(tmp_path):
    """Seed paranormal Sentry Guns: 'attacking and killing anyone who comes snooping around the
    Mad Scientist's house'. An Agent investigating him dies; the Scientist learns his guns fired,
    not that it was the Agent, and not that he was attacked (he was not)."""
    host = _scientists(tmp_path)
    _quiet(host, "Cu", "Mi")
    host.ok("act", "Mi", "Sentry Guns")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Ag", "Investigate", "Mi")
    out = host.ok("resolve")
    assert "dies: Ag, killed by Sentry Guns" in out
    pms = _pms(host)
    assert GUNS_FIRED in pms["Mi"] and GUNS_DESTROYED not in pms["Mi"]
    assert not _names(pms["Mi"], "Ag") and "Agent" not in pms["Mi"]


def test_war_vet_is_told_his_alert_fired_not_at_whom(tmp_path):
    """Seed paranormal War Vet: 'Is trigger happy and will kill anyone visiting them at night'.
    His standing alert fired on the Agent: he is told it fired, not at whom; with no visitor he
    is told nothing."""
    host = _new(tmp_path, "paranormal", "Wv=War Vet", "Bo=Doppelganger", "Jo=Townie", "Ki=Townie", "Ag=Agent",
                options=("max-day=5",))
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Ag", "Investigate", "Wv")
    assert "dies: Ag, killed by War Vet" in host.ok("resolve", "--force")
    pms = _pms(host)
    assert FIRED in pms["Wv"] and not _names(pms["Wv"], "Ag")
    host.ok("undo")
    host.ok("act", "Ag", "Investigate", "Ki")
    host.ok("resolve", "--force")
    assert "Wv" not in _pms(host)


@pytest.mark.parametrize("ruleset, assign, kill", [
    ("natural", ("Vet=Veteran", "Cop=Cop", "G=Goon", "T=Villager", "U=Villager"), ("G", "Kill", "Vet")),
    ("ooo-werewolf", ("Vet=Veteran", "W=Wolf", "E=Escort", "P=Villager", "Q=Villager"), ("W", "Maul", "Vet")),
], ids=["natural-II-Veteran-saved-by-his-own-alert-is-told",
        "ooo-werewolf-9-Veteran-saved-by-his-own-alert-is-told"])
def test_veteran_saved_by_his_alert_is_told_without_the_attacker(tmp_path, ruleset, assign, kill):
    """Seed natural II (an action used once each phase) / ooo 9 ('Veteran -> vanished'): the
    seeds are silent on what a Veteran learns; decided (ruleset decision veteran-told): he is
    told his alert fired and that it saved him, never by whom."""
    host = _new(tmp_path, ruleset, *assign)
    host.ok("act", "Vet", "Alert")
    host.ok("act", *kill)
    host.ok("resolve", "--force")
    pms = _pms(host)
    assert FIRED in pms["Vet"] and ALERT_SAVED in pms["Vet"]
    assert not _names(pms["Vet"], kill[0])
    assert all(ALERT_SAVED not in text and FIRED not in text for p, text in pms.items() if p != "Vet")


def test_veteran_on_alert_with_no_visitor_is_told_nothing(tmp_path):
    """Seed natural II: a Veteran on alert whom no one visits learns nothing (the alert's charge
    is his own choice): no PM."""
    host = _new(tmp_path, "natural", "Vet=Veteran", "Cop=Cop", "G=Goon", "T=Villager", "U=Villager")
    host.ok("act", "Vet", "Alert")
    host.ok("act", "G", "Kill", "T")
    host.ok("resolve", "--force")
    assert "Vet" not in _pms(host)


# --------------------------------------------------------------------------- items-werewolf


def _items_play(players: str, lines: str, items: dict):
    from engine_helpers import night, ruleset, state
    from hostkit.rules.items import starting_items

    rs = ruleset("items-werewolf")
    st = state(rs, players)
    for p in st.players.values():
        p.items = starting_items(rs.roles[p.role])
    for name, bag in items.items():
        st.players[name].items = dict(bag)
    outcome, _ = night(st, lines)
    return {(n.player, n.text) for n in outcome.notices}


# (players, actions, items at the start, told [(player, text)], never told [(player, substring)])
ITEM_CASES = [
    ("W=Witch V=Vampire A=Villager B=Villager", "W Acquiesce V; V Bite A", {},
     [("W", "Your Acquiesce on V took: Manacles of Spite."), ("V", "Your items were stolen tonight: Manacles of Spite.")],
     [("V", "W")]),
    ("W=Witch X=Witch V=Vampire A=Villager", "W Acquiesce V; X Acquiesce V; V Bite A",
     {"X": {"Potion of Acquiescence": 1}},
     [("W", "Your Acquiesce on V took: nothing."), ("X", "Your Acquiesce on V took: nothing.")],
     [("V", "stolen")]),
    ("W=Witch V=Vampire A=Villager B=Villager", "V Bite A", {"A": {"Potion of Clarity": 1}},
     [("V", "You took A's items: Potion of Clarity.")], [("A", "Potion")]),
    ("W=Witch V=Vampire A=Villager B=Villager", "W Pass_Potion_of_Acquiescence B; V Bite A", {},
     [("B", "You were given Potion of Acquiescence tonight.")], [("B", "W")]),
]


@pytest.mark.parametrize("players, lines, items, told, untold", ITEM_CASES, ids=[
    "items-werewolf-step5-thief-learns-what-it-took-victim-what-is-gone-not-who",
    "items-werewolf-rule-two-thieves-steal-nothing-and-each-is-told-nothing",
    "items-werewolf-step6-killer-learns-the-items-it-took",
    "items-werewolf-step8-player-passed-an-item-is-told-not-by-whom",
])
def test_items_told(players, lines, items, told, untold):
    """Seed items-werewolf, Order of Night Actions: '5. Item thefts from abilities and potions',
    '6. Kills (...) including resulting item thefts', '8. Passing of items'; 'If multiple players
    attempt to steal from the same target with an ability or potion, no items are stolen.' The
    seed is silent on telling; decided (games/items-werewolf/ruleset.toml items-told): a player
    learns what they took or lost or were given, never who took it from them or gave it."""
    notices = _items_play(players, lines, items)
    for who, text in told:
        assert (who, text) in notices, notices
    for who, part in untold:
        assert not any(p == who and re.search(rf"\b{part}\b", t) for p, t in notices), notices


def test_items_theft_and_pass_told_through_the_cli(tmp_path):
    """Seed items-werewolf, step 5 'Item thefts from abilities and potions' and step 8 'Passing
    of items': the Witch's PM says what her potion took, the Vampire's that his Manacles are
    gone (not who took them); nobody else is told of it."""
    host = _new(tmp_path, "items-werewolf", "W=Witch", "V=Vampire", "P=Protector", "A=Villager", "B=Villager")
    host.ok("act", "W", "Acquiesce", "V")
    host.ok("act", "V", "Bite", "A")
    host.ok("resolve", "--force")
    pms = _pms(host)
    assert "Your Acquiesce on V took: Manacles of Spite." in pms["W"]
    assert "Your items were stolen tonight: Manacles of Spite." in pms["V"] and not _names(pms["V"], "W")
    assert set(pms) <= {"W", "V", "A"}


# --------------------------------------------------------------------------- what the dead are told

CLASSIC12 = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
             "Gus=Werewolf", "Hal=Villager"]
SHOOT = "As the Hunter, you may take one living player with you: tell the host whom you shoot, or that you hold your fire."
NO_SHOT = "As the Hunter, you have no last shot: the way you died leaves none."
LAST_WORDS = "You may leave last words in the thread."
BADGE = "You held the Sheriff's badge: tell the host which living player it passes to, or that you tear it up."


def _night2(tmp_path, *lines, options=()) -> Host:
    host = _new(tmp_path, "classic-werewolf", *CLASSIC12, options=options)
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    for line in lines:
        host.ok("act", *line)
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("lines, told, untold", [
    ([("Bob", "Kill", "Eve")], [SHOOT], [LAST_WORDS, NO_SHOT]),
    ([("Carol", "Poison", "Eve"), ("Bob", "Kill", "skip")], [NO_SHOT], [SHOOT, LAST_WORDS, "poison", "Poison"]),
], ids=["classic-DeathResolution-2-Hunter-killed-by-werewolves-is-told-he-may-shoot-no-last-words-after-night-1",
        "classic-DeathResolution-3-poisoned-Hunter-is-told-he-has-no-shot-not-the-cause"])
def test_classic_dead_hunter_is_told_his_shot(tmp_path, lines, told, untold):
    """Seed classic DeathResolution: 'Hunter Shoot: If Hunter + WEREWOLF_KILL -> AI chooses target
    or None'; 'Poisoned hunter cannot shoot'; 'Last Words: Night 1 only'. The dead Hunter's night
    2 PM tells him whether he may shoot (he must choose), never what killed him."""
    host = _night2(tmp_path, *lines)
    pm = _pms(host, 2)["Eve"]
    for text in told:
        assert text in pm
    for text in untold:
        assert text not in pm


def test_classic_night_1_victim_is_not_told_before_the_campaign(tmp_path):
    """Seed classic Campaign, Excluded Information: 'Who died (death announcements come AFTER
    Campaign)'. The Hunter killed on night 1 gets no night PM while the Sheriff race is held
    (the host gives the dues at DeathResolution); without the race he is told his last words and
    his shot."""
    host = _new(tmp_path, "classic-werewolf", *CLASSIC12)
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("resolve", "--force")
    assert "Eve" not in _pms(host)
    host = _new(tmp_path / "b", "classic-werewolf", *CLASSIC12, options=("sheriff=false",))
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("resolve", "--force")
    pm = _pms(host)["Eve"]
    assert LAST_WORDS in pm and SHOOT in pm


def test_classic_dead_sheriff_is_told_to_pass_the_badge(tmp_path):
    """Seed classic DeathResolution: 'Badge Transfer: If Sheriff -> designate heir or None'. The
    Sheriff killed on night 2 is told to name the badge's heir."""
    host = _new(tmp_path, "classic-werewolf", *CLASSIC12)
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("sheriff", "run", "Ann")
    for voter in ("Ann", "Bob", "Carol", "Dave", "Eve", "Fay", "Gus", "Hal"):
        host.ok("sheriff", "vote", voter, "Ann")
    host.ok("sheriff", "elect")
    host.ok("eliminate", "--none")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    pm = _pms(host, 2)["Ann"]
    assert BADGE in pm and SHOOT not in pm


def test_ooo_hunter_killed_at_night_is_told_he_may_shoot(tmp_path):
    """Seed ooo-werewolf (roles): the Hunter, 'when you die you may shoot one living player'
    (passive last-shot); killed by the pack, his night PM tells him to name his shot."""
    host = _new(tmp_path, "ooo-werewolf", "H=Hunter", "W=Wolf", "V=Villager", "U=Villager", "D=Doctor")
    host.ok("act", "W", "Maul", "H")
    host.ok("resolve", "--force")
    assert SHOOT in _pms(host)["H"]


# --------------------------------------------------------------------------- paranormal: a field that blocks tech


def test_anti_tech_field_tells_the_tech_user_whether_the_use_is_spent(tmp_path):
    """Seed paranormal Anti-Tech Field: 'Tech characters will be aware that their item was
    blocked. Single Target one-shot items are not used up, but the action is wasted.' The Stun
    Orb's user is told it is blocked and not used up (and still holds it); the field's holder is
    told only that something tried to reach them."""
    create(tmp_path / "g", ruleset="paranormal", seed=1, attributes=["Ki=Anti-Tech Field"],
           assign=["Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Jo=Townie", "Ki=Townie", "Ag=Agent"],
           options=["max-day=5", "mind-stealer-roles=Agent,Detective"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Ms", "Stun Orb")
    host.ok("act", "Ms", "Stun Orb", "Ki")
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("act", "Ag", "Investigate", "Jo")
    host.ok("resolve", "--force")
    pms = _pms(host)
    assert "Your Stun Orb on Ki was blocked by an Anti-Tech Field: it is not used up." in pms["Ms"]
    assert "Stun Orb" in host.ok("status")
    assert not _names(pms["Ki"], "Ms") and "Stun" not in pms["Ki"]


def test_anti_tech_field_a_two_target_one_shot_is_spent_and_its_user_told(tmp_path):
    """Seed paranormal Anti-Tech Field: 'Single Target one-shot items are not used up, but the
    action is wasted' - so a two-target one-shot (the Mind Control Ray) is used up: its user is
    told so, and the charge is gone."""
    create(tmp_path / "g", ruleset="paranormal", seed=1, attributes=["Ki=Anti-Tech Field"],
           assign=["Cu=Mad Scientist (Cutting Edge Scientist)", "Bo=Doppelganger", "Jo=Townie", "Ki=Townie",
                   "Ag=Agent"], options=["max-day=5"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Cu", "Mind Control Ray")
    host.ok("act", "Cu", "skip")
    host.ok("act", "Cu", "Mind Control Ray", "Ki", "Jo")
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("act", "Ag", "Investigate", "Jo")
    host.ok("resolve", "--force")
    assert "Your Mind Control Ray on Ki was blocked by an Anti-Tech Field: it is used up all the same." \
        in _pms(host)["Cu"]
    assert "mind control ray 0 left" in host.ok("status")
