"""Issue 35, "What players learn from the setup": a closed setup's PMs never name a role or side
the game does not have, and no default death text names the hidden role that killed.

Before: a natural game without an Arsonist told its Cop "you learn Town, Mafia or Arsonist", an
items-werewolf village with no Coven and no Vampire was told to kill them, and a Vigilante's
kill was "a vigilante's work" in the death post, telling the Mafia a Vigilante exists.
"""

from __future__ import annotations

import re

import pytest

from hostkit.rules.rulesets import find, load_ruleset
from hostkit.words.publish.setupwords import unnamed

from conftest import Host


def _game(tmp_path, ruleset: str, *assign: str) -> Host:
    host = Host(tmp_path / "g")
    host.ok("new", str(host.folder), "--ruleset", ruleset, "--seed", "1",
            *[x for a in assign for x in ("--assign", a)])
    return host


NATURAL = ("Ann=Cop", "Bob=Goon", "Cy=Villager", "Dee=Vigilante", "Eve=Doctor")
ITEMS = ("Ann=Villager", "Bob=Alphawolf", "Cy=Villager", "Dee=Villager")


@pytest.mark.parametrize("ruleset, assign, player, said, unsaid", [
    ("natural", NATURAL, "Ann", "you learn the side they appear to be on (Town or Mafia).", "Arsonist"),
    ("natural", NATURAL, "Cy", "Town wins when the Mafia are all dead.", "Arsonist"),
    ("natural", NATURAL + ("Fay=Arsonist",), "Ann", "the side they appear to be on (Town, Mafia or Arsonist).",
     "Serial Killer"),
    ("items-werewolf", ITEMS, "Ann", "The Village wins when no Werewolf is left alive.", "Vampire"),
    ("items-werewolf", ITEMS, "Bob", "entered by any Werewolf or Alphawolf", "Shapeshifter"),
    ("items-werewolf", ITEMS + ("Eve=Vampire",), "Ann", "no Werewolf or Vampire is left alive", "Coven"),
], ids=["natural-cop-no-arsonist", "natural-town-win-no-arsonist", "natural-cop-with-arsonist",
        "items-village-only-wolves", "items-pack-kill-no-shapeshifter", "items-village-wolves-and-vampire"])
def test_a_role_pm_names_only_the_roles_and_sides_the_game_has(tmp_path, ruleset, assign, player, said, unsaid):
    pm = _game(tmp_path, ruleset, *assign).ok("pm", player)
    assert said in pm
    if unsaid:
        assert unsaid not in pm


@pytest.mark.parametrize("text, absent, expected", [
    ("you learn Town, Mafia or Arsonist, as they appear", {"Arsonist"}, "you learn Town or Mafia, as they appear"),
    ("when the Mafia and the Arsonist are all dead", {"Arsonist"}, "when the Mafia are all dead"),
    ("no Werewolf, Coven member or Vampire is left", {"Coven"}, "no Werewolf or Vampire is left"),
    ("no Werewolf, Coven member or Vampire is left", {"Coven", "Vampire"}, "no Werewolf is left"),
    ("Seer, Witch, Guard and Hunter", {"Witch"}, "Seer, Guard and Hunter"),
    ("(Town, Mafia, Arsonist or Serial Killer)", {"Arsonist", "Serial Killer"}, "(Town or Mafia)"),
    ("Town or Mafia", {"Town", "Mafia"}, "Town or Mafia"),  # nothing left to say: left as it was
    ("a vigilante's work", {"Vigilante"}, "a vigilante's work"),  # no list: the data must not say it
], ids=["or-list", "and-list", "member-item", "two-absent", "four-items", "two-word-last-item", "all-absent",
     "no-list"])
def test_a_list_of_names_loses_exactly_the_absent_ones(text, absent, expected):
    assert unnamed(text, absent) == expected


def test_the_vigilantes_kill_does_not_say_a_vigilante_exists(tmp_path):
    host = _game(tmp_path, "natural", *NATURAL)
    host.ok("act", "Dee", "Shoot", "Cy")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    post = host.ok("post", "deaths")
    assert "Cy was found in their home with a single bullet wound." in post
    assert "vigilante" not in post.lower()


# classic-werewolf's Hunter shoots after his own flip: the thread already knows he was the Hunter.
# paranormal's seed makes a kill's source public (Combat Camouflage exists to fake it).
SOURCE_PUBLIC = {("classic-werewolf", "shot"), ("paranormal", "shot")}


@pytest.mark.parametrize("ruleset", ["classic-werewolf", "items-werewolf", "natural", "ooo-werewolf", "paranormal"])
def test_no_default_death_text_names_the_role_that_killed(ruleset):
    """The class: a death text is public, so a role named in it is a role the other side learns
    of. Every bundled ruleset's [flavour] is checked against every role name it has."""
    rs = load_ruleset(find(ruleset))
    named = [(key, role) for key, text in rs.flavour.items() for role in rs.roles
             if (ruleset, key) not in SOURCE_PUBLIC and re.search(rf"\b{re.escape(role)}\b", text, re.I)]
    assert named == []
