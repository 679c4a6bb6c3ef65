"""`hostkit kill` (a host's kill): the reason's limits, what else the death did, and a kill that
ends the game at night.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic
from game_helpers import SIX_CLASSIC, _classic_day, _new_paranormal, _played, folder_md5s


def test_kill_reason_longer_than_200_characters_is_refused(tmp_path):
    host = _classic_day(tmp_path)
    err = host.refused("kill", "Gus", "--reason", "x" * 201)
    assert "--reason is 201 characters long: at most 200" in err
    assert "(" + "y" * 200 + ")" in host.ok("kill", "Gus", "--reason", "y" * 200)


def test_a_modkill_reason_with_a_line_break_is_echoed_on_one_line(tmp_path):
    """'hostkit kill Ann --reason $'a\\nb'': the record keeps the reason on one line, but the
    command's own answer printed it over two ('Ann is dead (a' / 'b). The flip:')."""
    host = _played(tmp_path)
    out = host.ok("kill", "Hal", "--reason", "asleep\n  for days")
    assert out.splitlines()[0] == "Hal is dead (asleep for days). The flip:", out


def test_house_rule_a_hosts_kill_that_ends_the_game_at_night_takes_the_nights_actions_back(tmp_path):
    """Before: 'kill Ann' (the last Villager: the werewolves win) with Bob's Kill on Fay recorded
    was refused as a malformed file, 'phases/001-night-1.toml: actions[0]: the game is over:
    Werewolves won': the host could not record the kill at all."""
    new_classic(tmp_path / "game", assign=SIX_CLASSIC, seed=7)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    before = folder_md5s(host.folder)
    out = host.ok("kill", "Ann")
    assert "The game is over: Werewolves" in out
    assert json.loads(host.ok("status", "--json"))["winner"] == "Werewolves"
    assert "the removal of Bob's Kill, with the kill on Ann" in host.ok("undo")
    assert folder_md5s(host.folder) == before


@pytest.mark.parametrize("assign, night, killed, line", [
    (("Xe=Xenozoologist", "Dp=Doppelganger"), [["tech", "pick", "Xe", "none"], ["act", "Xe", "Abduct", "Dp"]], "Xe",
     "Dp returns to play: their abductor Xe left the game (hostkit pm --day 1)"),
    (("Hv=Hivemind (Tech)", "Dp=Doppelganger", "Ag=Agent"),
     [["tech", "pick", "Hv", "none"], ["act", "Hv", "Dominate", "Ag"], ["act", "Ag", "skip"], ["act", "Dp", "Kill", "Jo"]],
     "Hv", "Ag dies with them: bound to the Hivemind"),
], ids=["Xenozoologist-modkilled-captives-return-and-the-host-is-told",
        "Hivemind-modkilled-converts-die-and-the-host-is-told"])
def test_cli_kill_tells_the_host_what_else_the_death_did(tmp_path, assign, night, killed, line):
    # XENO, HIVE: a host's kill (a modkill) of an abductor or a Hivemind says, as 'eliminate' does,
    # who returns to play (to be told) and who died with them; before, only the flip was printed.
    host = _new_paranormal(tmp_path, *assign, "Jo=Townie", "Ki=Townie", "Lu=Townie", "Mo=Townie", "Ne=Townie")
    for command in night:
        host.ok(*command)
    host.ok("resolve", "--force")
    out = host.ok("kill", killed, "--reason", "modkill")
    assert line in out, out
    assert f"{killed} dies with them" not in out and f"{killed} returns" not in out, out
