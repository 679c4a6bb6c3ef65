"""What a player is told after a night (natural, ooo-werewolf, items-werewolf): a failed action
says it got no result, a block is told once and only to those the seed says.
"""

from __future__ import annotations


import pytest

from engine_helpers import ruleset, run
from game_helpers import _game, _new_game


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
    host = _new_game(tmp_path, "natural", "Ann=Goon", "Ned=Commuter", "Cop=Cop", "Vi=Villager", "Bo=Villager")
    host.ok("act", "Ned", "Commute")
    host.ok("act", "Cop", "Investigate", "Ned")
    host.ok("act", "Ann", "Kill", "Vi")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Cop", "--night", "1")
    assert NO_RESULT.format("Investigate") in pm
    body = pm.split("Cop,", 1)[1]
    assert "Ned" not in body and "commut" not in body.lower()


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
    host = _new_game(tmp_path, "ooo-werewolf", "Jk=Jailkeeper", "SK=Serial Killer", "Wo=Wolf", "Se=Seer", "Vi=Villager",
                "Bo=Villager")
    host.ok("act", "Jk", "Jail", "SK")
    host.ok("act", "SK", "Stab", "Vi")
    host.ok("act", "Wo", "Maul", "Bo")
    host.ok("act", "Se", "Vision", "Wo")
    out = host.ok("resolve", "--force")
    assert "blocked: SK by Jailkeeper (told)" in out  # the host still reads that he was told
    pm = host.ok("pm", "SK", "--night", "1")
    assert "You were taken to jail tonight" in pm and "You were blocked" not in pm


def test_items_a_thief_is_told_the_armour_it_took_broke_the_same_night(tmp_path):
    """Seed items-werewolf, order of night actions: 3 protection visits (Armour), 5 item thefts,
    6 kills. Wi's Acquiesce takes Mi's Armour after it protected Mi, and it breaks stopping the
    Vampire (decision item-stolen-after-use: it breaks in the thief's hands). Wi was told only
    'took: Armour', and believed she held it (decision items-told: 'a player must know what they
    now hold')."""
    host = _game(tmp_path, "Ww=Werewolf", "Va=Vampire", "Wi=Witch", "Mi=Militia", "V1=Villager", "V2=Villager",
                 "V3=Villager", ruleset="items-werewolf", seed=2, options=())
    host.ok("act", "Wi", "Acquiesce", "Mi")
    host.ok("act", "Va", "Bite", "Mi")
    host.ok("act", "Ww", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Wi", "--night", "1", "--format", "plain")
    assert "Your Acquiesce on Mi took: Armour." in pm
    assert "The Armour you took from Mi tonight broke" in pm
    assert pm.index("took: Armour") < pm.index("you took from Mi")
    assert "items:" not in next(x for x in host.ok("status").splitlines() if x.strip().startswith("Wi "))


def test_items_a_roleblocker_blocked_after_its_own_block_is_not_told_it_failed(tmp_path):
    """Seed items-werewolf: 'If a player is roleblocked multiple times, they will receive one
    message for each roleblock'; roleblocks are one step, so the Direwolf's Pin on St works
    although the Courtesan roleblocks him (the log: 'Dw's Pin had already resolved'). His PM said
    'your action did not take place'; it says the Pin had taken place."""
    host = _game(tmp_path, "Ww=Werewolf", "Dw=Direwolf", "Co=Courtesan", "St=Stalker", "V1=Villager", "V2=Villager",
                 "V3=Villager", ruleset="items-werewolf", seed=2, options=())
    host.ok("act", "Dw", "Pin", "St")
    host.ok("act", "Co", "Entertain", "Dw")
    host.ok("act", "St", "Stalk", "Ww")
    host.ok("act", "Ww", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "St's Stalk: blocked by Direwolf (Dw)" in out  # the Pin worked
    pm = host.ok("pm", "Dw", "--night", "1", "--format", "plain")
    assert "You were blocked tonight, but your Pin had already taken place." in pm
    assert "did not take place" not in pm
    assert "You were blocked tonight: your action did not take place." in host.ok("pm", "St", "--night", "1",
                                                                                  "--format", "plain")


def test_ooo_distracted_clairvoyant_is_told_only_the_maul_failed(tmp_path):
    """Seed ooo 7, Block Notifications: 'Only moving roles are notified when blocked'; a vision
    'does not leave home'. The Escort stops the Clairvoyant's Maul, not its Divine, whose result
    is in the same PM: the block line names the Maul instead of 'your action did not take place'."""
    host = _game(tmp_path, "Cl=Clairvoyant", "Es=Escort", "Vi=Villager", "V2=Villager", "Se=Seer", "V3=Villager",
                 ruleset="ooo-werewolf", seed=1, options=())
    host.ok("act", "Cl", "Divine", "Se")
    host.ok("act", "Cl", "Maul", "Vi")
    host.ok("act", "Es", "Distract", "Cl")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Cl", "--night", "1", "--format", "plain")
    assert "You were blocked tonight: your Maul did not take place." in pm
    assert "Divine on Se: Seer." in pm
