"""classic-werewolf's context filtering (seed: each handler's Included and Excluded lists),
as the PMs a host sends: what each role is told, and a test for each Excluded item."""

from __future__ import annotations

import pytest

from hostkit.words import publish
from hostkit.game.game import Game

from conftest import new_classic

ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Carol": "Witch", "Dave": "Guard", "Eve": "Hunter", "Fay": "Villager",
         "Gus": "Werewolf", "Hal": "Villager"}


def body(pm: str) -> str:
    """A PM without its title line (the game's title, 'Classic Werewolf', names a role)."""
    return pm.split("\n", 1)[1]


@pytest.fixture
def night(tmp_path):
    """Night 1 with every action entered: kill Fay, guard Hal, check Gus."""
    new_classic(tmp_path / "g")
    game = Game.load(tmp_path / "g")
    for actor, ability, target in [("Bob", "Kill", "Fay"), ("Dave", "Guard", "Hal"), ("Ann", "Check", "Gus")]:
        game.act(actor, ability, [target])
        game = Game.load(tmp_path / "g")
    return game


def test_WerewolfAction_included_teammates_excluded_other_roles(night):
    pm = publish.role_pm(night, "Bob")
    assert "Gus" in pm
    for name in ("Ann", "Carol", "Dave", "Eve"):  # Seer, Witch, Guard, Hunter identities
        assert name not in pm


def test_WitchAction_included_kill_target_and_potions(night):
    info = publish.night_info(night, "Carol")
    assert "Fay" in info and "Antidote" in info and "(1 left)" in info and "Poison" in info


@pytest.mark.parametrize("excluded", ["Hal", "Bob", "Gus", "Ann", "Werewolf", "Seer", "Guard"],
                         ids=["guard-target", "werewolf-who-entered", "werewolf-team", "seer-target",
                              "role-werewolf", "role-seer", "role-guard"])
def test_WitchAction_excluded(night, excluded):
    assert excluded not in body(publish.night_info(night, "Carol"))


def test_WitchAction_the_witch_as_target_is_not_offered_the_antidote(tmp_path):
    new_classic(tmp_path / "g")
    game = Game.load(tmp_path / "g")
    game.act("Bob", "Kill", ["Carol"])
    info = publish.night_info(Game.load(tmp_path / "g"), "Carol")
    assert "Carol," in info and "attack falls on" not in info
    assert "Antidote[/b] (1 left): not available tonight" in info


def test_GuardAction_included_last_nights_target(tmp_path):
    new_classic(tmp_path / "g")
    game = Game.load(tmp_path / "g")
    game.act("Dave", "Guard", ["Hal"])
    Game.load(tmp_path / "g").resolve()
    Game.load(tmp_path / "g").eliminate(None)
    info = publish.night_info(Game.load(tmp_path / "g"), "Dave")
    assert "You chose [b]Hal[/b] last night, so not that player again tonight." in info


@pytest.mark.parametrize("excluded", ["Fay", "Ann", "Gus", "Antidote", "Poison", "Werewolf", "Seer", "Witch"],
                         ids=["kill-target", "seer-target", "werewolf", "antidote", "poison", "role-werewolf",
                              "role-seer", "role-witch"])
def test_GuardAction_excluded(night, excluded):
    assert excluded not in body(publish.night_info(night, "Dave"))


def test_SeerAction_result_is_werewolf_or_good_never_the_good_role(night):
    outcome = Game.load(night.folder).resolve()
    pms = dict(publish.night_pms(Game.load(night.folder), outcome.night))
    assert "WEREWOLF" in pms["Ann"]
    game = Game.load(night.folder)
    game.eliminate(None)
    game = Game.load(night.folder)
    game.act("Ann", "Check", ["Carol"])
    Game.load(night.folder).resolve()
    pm = dict(publish.night_pms(Game.load(night.folder), 2))["Ann"]
    assert "GOOD" in pm and "Witch" not in pm


@pytest.mark.parametrize("excluded", ["Fay", "Hal", "Dave", "Bob", "Antidote", "Guard"],
                         ids=["kill-target", "guard-target", "guard", "werewolf-who-killed", "witch-action",
                              "guard-action"])
def test_SeerAction_excluded(night, excluded):
    Game.load(night.folder).resolve()
    pm = dict(publish.night_pms(Game.load(night.folder), 1))["Ann"]
    assert excluded not in body(pm)


def test_only_the_witch_and_guard_are_told_things_mid_night(night):
    """On night 1 the Guard has no last night's target to learn (seed GuardAction): only the Witch."""
    assert publish.night_info_players(night) == ["Carol"]
    Game.load(night.folder).resolve()
    Game.load(night.folder).eliminate(None)
    assert publish.night_info_players(Game.load(night.folder)) == ["Carol", "Dave"]
