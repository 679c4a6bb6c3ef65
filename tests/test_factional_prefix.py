"""The Factional prefix on a role's own ability.

Seed natural II: "Factional — May be used by allied players instead of the player who owns it."
An ability declared `factional = true` on one role (not for the whole faction) may be entered by
any living member of that role's faction, in the owner's place: one action for the faction (a
later entry replaces), used through the member's own role, spending the owner's charges.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import check, run, ruleset

SPYMASTER = """
[Spymaster]
alignment = "Mafia"
faction = "Mafia"
knows_faction = true
summary = "Once, the Mafia may read a player's dossier."

[[Spymaster.abilities]]
name = "Dossier"
factional = true
uses = 1
effects = [{ effect = "inspect", what = "role" }]
"""


@pytest.fixture
def host(tmp_path) -> Host:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(SPYMASTER)
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "natural", "--assign", "Sp=Spymaster", "--assign", "Gon=Goon",
            "--assign", "Ann=Cop", "--assign", "Bo=Villager", "--assign", "Cy=Villager", "--assign", "Di=Villager")
    return host


def test_factional_may_be_used_by_allied_players_instead_of_the_owner(host):
    """Seed natural II: "Factional — May be used by allied players instead of the player who owns
    it": Gon (a Goon) uses the Spymaster's Dossier and learns the result; the owner's one use is spent."""
    assert "recorded Gon: Dossier Ann" in host.ok("act", "Gon", "Dossier", "Ann")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [(r["player"], r["ability"], r["result"]) for r in out["results"]] == [("Gon", "Dossier", "Cop")]
    status = json.loads(host.ok("status", "--json"))
    sp = next(p for p in status["players"] if p["name"] == "Sp")
    assert sp["charges"]["dossier"] == 0
    host.ok("eliminate", "--none")
    assert "no uses left" in host.refused("act", "Sp", "Dossier", "Bo")
    assert "no uses left" in host.refused("act", "Gon", "Dossier", "Bo")


def test_a_factional_action_is_one_for_the_faction_a_later_entry_replaces(host):
    host.ok("act", "Gon", "Dossier", "Ann")
    assert "replaces Gon's Dossier on Ann" in host.ok("act", "Sp", "Dossier", "Bo")


@pytest.mark.parametrize("actor, why", [("Ann", "has no ability 'Dossier'"), ("Bo", "has no ability 'Dossier'")],
                         ids=["town_cop_is_not_allied", "town_villager_is_not_allied"])
def test_players_of_another_side_may_not(host, actor, why):
    assert why in host.refused("act", actor, "Dossier", "Cy")


def test_a_dead_owner_leaves_no_one_to_use_it_in_place_of(host):
    host.ok("act", "Ann", "Investigate", "Sp")
    host.ok("act", "Gon", "Kill", "Cy")
    host.ok("resolve", "--force")
    host.ok("kill", "Sp")
    host.ok("eliminate", "--none")
    assert "has no ability 'Dossier'" in host.refused("act", "Gon", "Dossier", "Ann")


def test_the_ally_uses_it_through_their_own_role_a_block_on_them_stops_it(tmp_path):
    """Used 'instead of the player who owns it': the ally is the one who acts (and is blocked)."""
    rs = ruleset("natural", SPYMASTER, tmp_path)
    o, n = run(rs, "Sp=Spymaster Gon=Goon Ann=Cop Rb=Roleblocker", "Gon Dossier Ann; Rb Block Gon")
    check(o, n, dict(failed={"Gon.Dossier": "blocked by Roleblocker (Rb)"}))


def test_the_direwolf_takes_no_part_in_the_packs_kill(tmp_path):
    """items-werewolf decision pack-kill: the Direwolf (passive no-team-actions) has no part in the
    kill that the Werewolf's role owns."""
    host = Host(tmp_path / "w")
    host.ok("new", str(tmp_path / "w"), "--ruleset", "items-werewolf", "--assign", "W=Werewolf",
            "--assign", "D=Direwolf", "--assign", "V=Villager", "--assign", "X=Villager", "--assign", "Y=Villager")
    assert "has no ability 'Kill'" in host.refused("act", "D", "Kill", "V")


def test_a_member_who_does_not_know_the_faction_is_not_allied(tmp_path):
    """Seed natural IV: an allied player's alignment has been confirmed to you (such as other
    members of the Mafia); a faction member whose role does not know its faction is not allied."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(SPYMASTER + '''
["Sleeper"]
alignment = "Mafia"
faction = "Mafia"
knows_faction = false
summary = "A Mafia member who does not know the others."
''')
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "natural", "--assign", "Sp=Spymaster", "--assign", "Sl=Sleeper",
            "--assign", "Ann=Cop", "--assign", "Bo=Villager", "--assign", "Cy=Villager", "--assign", "Di=Villager")
    assert "has no ability 'Dossier'" in host.refused("act", "Sl", "Dossier", "Ann")
