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


def test_deadline_in_the_past_is_recorded_with_a_warning(tmp_path):
    """red13: 'deadline "2020-01-01 00:00"' was taken without a word. Decision: it is recorded (a
    host may set a deadline after the fact, and counts then apply the deadline rule) with a
    warning that says so and how to take it back; a future one has no warning."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    result = host("deadline", "2020-01-01 00:00")
    assert result.exit_code == 0
    assert "Warning: that deadline (2020-01-01 00:00 UTC) has already passed (" in result.stderr
    assert "'hostkit undo' takes it back" in result.stderr
    assert json.loads(host.ok("deadline", "--json"))["deadline"]["passed"] is True
    result = host("deadline", "+1d")
    assert result.exit_code == 0 and "Warning" not in result.stderr


def test_classic_WitchAction_a_skip_needs_no_potion_named(tmp_path):
    """red13: 'act Carol skip' asked which potion. A skip with the ability left out answers each
    of the Witch's potions (one command, so one undo takes both back)."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    out = host.ok("act", "Carol", "skip")
    assert out == "recorded Carol: Antidote (skip)\nrecorded Carol: Poison (skip)\n"
    assert "Carol" not in host.ok("actions").split("waiting on:")[-1]
    assert host.ok("undo").strip() == "undone: Carol's Antidote (skip), with Carol's Poison (skip)"
    # once the antidote is spent, a skip is the poison's alone
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Carol", "Antidote", "Fay")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    assert host.ok("act", "Carol", "skip") == "recorded Carol: Poison (skip)\n"
