"""Issue 38: the last roles of MafiaScum's Complex Normal list (Juggernaut, Companion, Shield,
Universal Finder, Informed) and its modifiers Indecisive and Personal, written as MafiaScum writes
them, through the CLI. Where the wiki left a meaning open, games/natural/ruleset.toml's decisions
say what hostkit does."""

from __future__ import annotations

import pytest

from test_normal_roles import dead, game, night, result_of

TOWN = ["Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie"]


@pytest.mark.parametrize("blocker, role", [("Rb", "Town Roleblocker"), ("Jk", "Town Jailkeeper")],
                         ids=["roleblocked", "jailed"])
def test_juggernaut_factional_kill_goes_through_a_block(tmp_path, blocker, role):
    host = game(tmp_path, "Jg=Mafia Juggernaut", "Hal=Mafia Goon", f"{blocker}={role}", *TOWN)
    assert "no block on you stops it" in host.ok("pm", "Jg")
    out = night(host, f"{blocker} Jg", "Jg Kill Cy")
    assert dead(out) == ["Cy"]


def test_juggernaut_own_actions_and_a_goon_s_kill_are_still_blocked(tmp_path):
    host = game(tmp_path, "Jg=Mafia Juggernaut Roleblocker", "Hal=Mafia Goon", "Rb=Town Roleblocker",
                "Cop=Town Cop", *TOWN)
    out = night(host, "Rb Jg", "Jg Block Cop", "Jg Kill Cy", "Cop Hal")
    assert dead(out) == ["Cy"]
    assert result_of(out, "Cop") == "Mafia"  # the Juggernaut's own block was stopped
    host2 = game(tmp_path / "b", "Jg=Mafia Juggernaut", "Hal=Mafia Goon", "Rb=Town Roleblocker", *TOWN)
    assert dead(night(host2, "Rb Hal", "Hal Kill Cy")) == []


def test_juggernaut_is_mafia_only(tmp_path):
    from test_normal_roles import refused_new

    out = refused_new(tmp_path, "Jg=Town Juggernaut", "Bob=Mafia Goon")
    assert "Juggernaut" in out and "Mafia" in out
