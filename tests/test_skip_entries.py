"""`act ACTOR [ABILITY] skip`: a skip declines only what it names, and never takes back an action
the host entered.

SPEC `act`: "A second `act` for the same actor and ability replaces the first": a skip of one
ability is an answer for that ability alone. A skip with no ability named answers each of the
actor's abilities still open tonight; with nothing left open it is refused saying why.
"""

from __future__ import annotations

import pytest

from conftest import Host, new_classic

TWIN = """
[Twin]
alignment = "Town"
summary = "Each night, watch a player and heal a player."

[[Twin.abilities]]
name = "Watch"
effects = [{ effect = "observe", mode = "watch" }]

[[Twin.abilities]]
name = "Mend"
effects = [{ effect = "heal" }]
"""


@pytest.fixture
def twin(tmp_path) -> Host:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(TWIN)
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "natural", "--assign", "Tw=Twin", "--assign", "Gon=Goon",
            "--assign", "Ann=Villager", "--assign", "Bo=Villager", "--assign", "Cy=Villager")
    return host


def entered(host: Host) -> list[str]:
    return [line.strip() for line in host.ok("actions").splitlines() if line.startswith("  ")]


@pytest.mark.parametrize("skip", [("Tw", "skip"), ("Tw", "Watch", "skip")], ids=["no_ability_named", "watch_named"])
def test_a_skip_never_takes_back_another_ability_entered(twin, skip):
    """`act Tw skip` (or `act Tw Watch skip`) after `act Tw Mend Ann`: Mend stays entered, Watch is declined."""
    twin.ok("act", "Tw", "Mend", "Ann")
    twin.ok("act", *skip)
    assert entered(twin) == ["Tw: Mend Ann", "Tw: Watch (skip)"]


def test_a_skip_of_one_ability_leaves_the_others_open(twin):
    twin.ok("act", "Tw", "Watch", "skip")
    twin.ok("act", "Tw", "Mend", "Bo")
    assert entered(twin) == ["Tw: Watch (skip)", "Tw: Mend Bo"]


def test_a_bare_skip_with_everything_entered_is_refused_naming_why(twin):
    twin.ok("act", "Tw", "Mend", "Ann")
    twin.ok("act", "Tw", "Watch", "Bo")
    out = twin.refused("act", "Tw", "skip")
    assert "has nothing left to skip in night 1: Watch is entered; Mend is entered" in out


@pytest.fixture
def witch(tmp_path) -> Host:
    new_classic(tmp_path / "g")
    return Host(tmp_path / "g")


def test_a_witch_may_decline_the_poison_after_the_antidote(witch):
    """A skip uses no potion: 'At most one potion a night' does not refuse it."""
    witch.ok("act", "Bob", "Kill", "Fay")
    witch.ok("act", "Carol", "Antidote", "Fay")
    witch.ok("act", "Carol", "Poison", "skip")
    assert entered(witch)[-2:] == ["Carol: Antidote Fay", "Carol: Poison (skip)"]
    assert "Antidote is entered; Poison shares one potion use a phase with Antidote" in witch.refused("act", "Carol", "skip")


def test_a_witch_with_both_potions_spent_is_told_so(witch):
    """Once the Witch has spent both potions, a skip is refused with the reason, not 'has 2
    abilities usable now'."""
    witch.ok("act", "Bob", "Kill", "Fay")
    witch.ok("act", "Carol", "Antidote", "Fay")
    witch.ok("resolve", "--force")
    witch.ok("eliminate", "--none")
    witch.ok("act", "Carol", "Poison", "Ann")
    witch.ok("act", "Bob", "Kill", "skip")
    witch.ok("resolve", "--force")
    witch.ok("eliminate", "--none")
    out = witch.refused("act", "Carol", "skip")
    assert "Carol (Witch) has nothing left to skip in night 3: Antidote has no uses left; Poison has no uses left" in out
