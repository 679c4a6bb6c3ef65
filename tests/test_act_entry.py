"""Entering actions (`act`, `act --file`, `act --remove`): a skip answers each of the actor's own
abilities, an item is taken back by the name it was entered with, a bad file is refused whole.
"""

from __future__ import annotations


import pytest

from conftest import Host, new_classic
from game_helpers import XENO, _game
from hostkit.cli import cli


@pytest.mark.parametrize("lines", [
    "Dp Kill To\nAg Investigate Dp\nDq Kill Ag\n",
    "Ag Investigate Dp\nAg Investigate Dq\n",
    "Dp Kill To\nDq Kill skip\n",
], ids=["one-team-kill-on-two-lines", "one-actor-ability-on-two-lines", "a-member-skip-after-the-team-kill"])
def test_act_file_with_one_action_on_two_lines_is_refused(tmp_path, lines):
    """House rule (bad input: one line naming the rule, nothing written) and SPEC act --file ('all
    or none'): a file that enters the Doppelgangers' one kill (or one actor's ability) on two lines
    silently dropped the first line; 'recorded' was printed for both."""
    host = _game(tmp_path, "Dp=Doppelganger", "Dq=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie")
    (tmp_path / "n1.txt").write_text(lines)
    out = host.refused("act", "--file", str(tmp_path / "n1.txt"))
    assert "is already entered by" in out and "one line an action" in out


def test_act_remove_takes_the_item_name_that_act_took(tmp_path):
    """SPEC act: '--remove takes it back'. 'act Ex "EMP Pulse Emitter" Xe' is recorded (as its
    EMP Pulse); '--remove' with the same words was refused ('no action recorded ... with EMP
    Pulse Emitter')."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Plasma Bomb")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Xe")
    assert "removed Ex: EMP Pulse Xe" in host.ok("act", "Ex", "EMP Pulse Emitter", "--remove")
    assert "Ex:" not in host.ok("actions").split("waiting on")[0]


def test_act_file_a_skip_then_one_ability_of_the_same_actor_is_taken(tmp_path):
    """README act --file ('act Carol skip' skips each of the actor's own abilities): a skip line
    followed by one ability of the same actor keeps that ability (every other one skipped), as
    before; only a real action answered twice is refused."""
    host = _game(tmp_path, "Dp=Doppelganger", "Mi=Mad Scientist (Military Scientist)", "To=Townie", "T2=Townie")
    host.ok("tech", "pick", "Mi", "Sentry Guns")
    (tmp_path / "n1.txt").write_text("Mi skip\nMi Sentry Guns\nDp Kill To\n")
    host.ok("act", "--file", str(tmp_path / "n1.txt"))
    listed = host.ok("actions")
    assert "Mi: Sentry Guns\n" in listed and "Mi: Build Mind Shield (skip)" in listed


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


def test_cli_a_skip_answers_every_ability_and_resolve_needs_no_force(tmp_path):
    # NIGHTS: the host hears 'no action' from a Cutting Edge Scientist. `act Cu skip` used to be
    # refused whole (its Body Double takes no target), while `resolve` said "enter each (or
    # 'skip')": the host had no way to answer but a guess at --force. Changed by issue decline:
    # the skip now answers the no-target abilities too (recorded declined), so no --force.
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--assign", "Cu=Mad Scientist (Cutting Edge Scientist)", "--assign", "Bo=Doppelganger",
                                 "--assign", "Jo=Townie", "--assign", "Ki=Townie", "--assign", "Lu=Townie"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    host.ok("tech", "pick", "Cu", "Body Double")
    out = host.ok("act", "Cu", "skip")
    for name in ("Build Mind Shield", "Build Anti-Tech Field", "Body Double"):
        assert f"recorded Cu: {name} (skip)" in out, out
    host.ok("act", "Bo", "Kill", "Jo")
    assert "waiting on" not in host.ok("actions")
    assert "recorded Cu: Body Double (skip)" in host.ok("act", "Cu", "Body Double", "skip")
    assert "dies: Jo" in host.ok("resolve")
