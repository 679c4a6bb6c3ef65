"""Host-facing wording and small refusals, through the CLI: the no-shot rule in each ruleset's
own words, a deadline in the past, a Witch's skip."""

from __future__ import annotations

import json

from conftest import Host, new_classic
from hostkit.game import create

HUNTER = '''
[Hunter]
alignment = "Town"
passives = ["last-shot"]
summary = "When you die, you may shoot one living player."
'''


def test_no_shot_wording_natural_poisoned_hunter_names_no_classic_seed_rule(tmp_path):
    """rulings._owes used classic's 'Poisoned Hunter cannot shoot' for every ruleset: a natural
    game (a custom Hunter, natural's Poisoner) now hears its own rule and option."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(HUNTER)
    create(folder, ruleset="natural", seed=1, assign=["Hu=Hunter", "Po=Poisoner", "Go=Goon", "Ann=Villager",
                                                     "Bea=Villager", "Cy=Villager", "Dee=Villager"])
    host = Host(folder)
    host.ok("act", "Po", "Poison", "Hu")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("resolve", "--force")
    hu = next(p for p in json.loads(host.ok("status", "--json"))["players"] if p["name"] == "Hu")
    assert not hu["alive"]
    out = host.refused("shoot", "Hu", "Po")
    assert out.strip() == ("Error: Hu died of poison: no last shot (in natural, a Hunter killed by poison "
                           "has no last shot: option last-shot-not-by = poison)")
    assert "Poisoned Hunter" not in out and "seed" not in out


def test_no_shot_wording_classic_keeps_its_seed_rule(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Carol", "Poison", "Eve")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert host.refused("shoot", "Eve", "Bob").strip() == (
        "Error: Eve died of poison: no last shot (seed Poison Hunter Disables Shoot: a Poisoned Hunter cannot shoot)")


def test_no_shot_wording_ooo_modkilled_hunter(tmp_path):
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1,
           assign=["Hu=Hunter", "W=Wolf", "Ann=Villager", "Bea=Villager", "Cy=Seer"])
    host = Host(tmp_path / "g")
    host.ok("kill", "Hu", "--reason", "left")
    out = host.refused("shoot", "Hu", "W")
    assert "Hu died of modkill: no last shot (a host's kill is neither a night kill nor an elimination" in out
    assert "Poisoned" not in out
