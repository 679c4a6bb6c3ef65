"""Seed natural V's priorities are data (ruleset.toml's `priorities`), not code: flipping one
changes the night exactly as games/README.md says; and a `priorities` ruleset orders by the
golden rule first and uses its steps only between concurrent actions (issue 10)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine_helpers import dead, failed, night, state
from hostkit.model.errors import FileError
from hostkit.rules.rulesets import _load_dir, games_dir, load_ruleset

NATURAL = games_dir() / "natural"
LINE = 'priorities = ["self-change-first", "redirect-over-block"]'


def variant(tmp: Path, replace: dict[str, str], name: str = "variant"):
    """The natural ruleset with ruleset.toml edited: a natural variant is a data change."""
    folder = tmp / name
    folder.mkdir()
    shutil.copy(NATURAL / "roles.toml", folder / "roles.toml")
    text = (NATURAL / "ruleset.toml").read_text()
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    (folder / "ruleset.toml").write_text(text)
    return _load_dir(folder, name)


def test_the_natural_priorities_are_in_ruleset_toml():
    assert LINE in (NATURAL / "ruleset.toml").read_text()
    rs = load_ruleset("natural")
    assert rs.priorities == ("self-change-first", "redirect-over-block")
    assert rs.option_defaults()["cycle-policy"] == "all-fail"


CYCLE = "cannot be resolved sensibly"

# (priority flipped off, players, actions, with the priority, without it)
FLIPS = [
    ("self-change-first", "R=Roleblocker C=Commuter", "R Block C; C Commute",
     {"R.Block": "commuted away"}, {"R.Block": CYCLE, "C.Commute": CYCLE}),
    ("self-change-first", "V=Veteran R=Roleblocker", "R Block V; V Alert",
     {}, {"R.Block": CYCLE, "V.Alert": CYCLE}),
    ("redirect-over-block", "R=Roleblocker D=Redirector X=Villager", "R Block D; D Redirect R X",
     {}, {"R.Block": CYCLE, "D.Redirect": CYCLE}),
]


@pytest.mark.parametrize("priority,players,lines,with_it,without_it", FLIPS,
                         ids=["V-self-change-first-commute", "V-self-change-first-alert", "V-redirect-over-block"])
def test_V_flipping_a_priority_gives_the_documented_difference(tmp_path, priority, players, lines, with_it, without_it):
    rs = load_ruleset("natural")
    kept = [p for p in rs.priorities if p != priority]
    off = variant(tmp_path, {LINE: f"priorities = {kept!r}".replace("'", '"')})
    assert priority not in off.priorities
    o_on, _ = night(state(rs, players), lines)
    o_off, _ = night(state(off, players), lines)
    f_on, f_off = failed(o_on), failed(o_off)
    assert set(f_on) == set(with_it) and all(why in f_on[k] for k, why in with_it.items()), o_on.log
    assert set(f_off) == set(without_it) and all(why in f_off[k] for k, why in without_it.items()), o_off.log


def test_V_the_cycle_policy_beside_the_priorities_decides_what_is_left(tmp_path):
    """Without redirect-over-block, a cross-targeting block and redirect are a cycle; with the
    cycle policy first-entered the first entered of them resolves and the other is changed."""
    off = variant(tmp_path, {LINE: 'priorities = ["self-change-first"]',
                             'cycle_policy = "all-fail"': 'cycle_policy = "first-entered"'})
    assert off.option_defaults()["cycle-policy"] == "first-entered"
    o, _ = night(state(off, "R=Roleblocker D=Redirector X=Villager"), "R Block D; D Redirect R X")
    assert "R.Block" not in failed(o) and "blocked" in failed(o)["D.Redirect"], o.log


def test_a_priorities_ruleset_orders_by_the_golden_rule_then_by_its_steps(tmp_path):
    """resolution = "priorities" (issue 11 builds ooo-werewolf on it): a block still comes before
    what it blocks, whatever its step; between concurrent actions the steps and tie_break decide
    (here the Vigilante's shot is made before the Goon's kill, so it is the death's first killer)."""
    rs = variant(tmp_path, {'resolution = "natural"': 'resolution = "priorities"\nsteps = ["kill", "hide", "bus", "redirect", "protect", "misc", "inspect", "block"]\n'
                                                       'tie_break = ["Vigilante", "Goon", "Roleblocker"]'})
    o, _ = night(state(rs, "A=Goon Z=Vigilante V=Villager"), "A Kill V; Z Shoot V")
    assert dead(o) == ["V"] and o.deaths[0].by == ("Z", "A")
    o, _ = night(state(load_ruleset("natural"), "A=Goon Z=Vigilante V=Villager"), "A Kill V; Z Shoot V")
    assert o.deaths[0].by == ("A", "Z")  # natural: concurrent actions in canonical order
    o, _ = night(state(rs, "R=Roleblocker Z=Vigilante V=Villager"), "Z Shoot V; R Block Z")
    assert dead(o) == [] and "blocked" in failed(o)["Z.Shoot"]  # the golden rule beats the tie-break


@pytest.mark.parametrize("replace,message", [
    ({LINE: 'priorities = ["self-change-frist"]'}, "priorities[0]: unknown priority 'self-change-frist'"),
    ({'resolution = "natural"': 'resolution = "ordered"'}, "priorities: an ordered night sorts by its steps"),
    ({'resolution = "natural"': 'resolution = "priorities"'}, "steps: resolution = \"priorities\" breaks ties"),
    ({'[options.cycle-policy]\n': '[options.cycle-policy]\ndefault = "nar-list"\n'}, "contradicts cycle_policy"),
], ids=["unknown-priority", "ordered-with-priorities", "priorities-without-steps", "two-cycle-policies"])
def test_a_bad_priority_is_refused_naming_the_file_and_key(tmp_path, replace, message):
    with pytest.raises(FileError) as err:
        variant(tmp_path, replace)
    assert "ruleset.toml: " in str(err.value) and message in str(err.value)
