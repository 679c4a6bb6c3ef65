"""The Intelligence Scientist builds tracking devices (seed paranormal.md, Mad Scientist,
Intelligence Scientist, Advanced Tracking Devices): 'The Scientist starts with 2 devices and can
create more devices by spending two nights working to build one.' The rule as a table on the
engine, then what a host sees through the CLI.
"""

from __future__ import annotations

import pytest

from engine_helpers import run
from hostkit.rules.rulesets import load_ruleset

from test_paranormal_sides import new

RS = load_ruleset("paranormal")
IS = "Mi=Mad_Scientist_(Intelligence_Scientist) Sue=Survivor T=Townie D=Doppelganger"


def charge_changes(o):
    return [(c.player, c.key, c.value) for c in o.changes if c.kind == "charge" and c.value > 0]


def tag_of(o, player, tag):
    found = [c for c in o.changes if c.player == player and c.key == tag and c.kind in ("tag", "untag")]
    return (found[-1].kind, found[-1].value) if found else None


@pytest.mark.parametrize("tags, lines, items, built, progress", [
    ({}, "Mi Build_Tracker", {}, [], ("tag", 1)),
    ({"Mi": {"building": 1}}, "Mi Build_Tracker", {}, [("Mi", "plant tracker", 1)], ("untag", None)),
    ({"Mi": {"building": 1}}, "Mi Build_Tracker; Sue Stun_Orb Mi", {"Sue": {"Stun Orb": 1}}, [], None),
    ({"Mi": {"building": 1}}, "Mi Snooper_Bot T", {}, [], None),
], ids=["Intelligence-Scientist-first-night-of-work-builds-nothing-yet",
        "Intelligence-Scientist-second-night-of-work-adds-a-device",
        "Intelligence-Scientist-a-stunned-night-of-work-does-not-count",
        "Intelligence-Scientist-work-is-kept-across-nights-off"])
def test_build_tracker(tags, lines, items, built, progress):
    """seed Intelligence Scientist: 'The Scientist starts with 2 devices and can create more
    devices by spending two nights working to build one.'"""
    o, _ = run(RS, IS, lines, tags=tags, items=items)
    assert charge_changes(o) == built, o.log
    got = tag_of(o, "Mi", "building")
    if progress is None:
        assert got is None, o.log
    else:
        assert got == progress, o.log


def test_cli_Intelligence_Scientist_builds_a_third_device_over_two_nights(tmp_path):
    """seed Intelligence Scientist: 'The Scientist starts with 2 devices and can create more
    devices by spending two nights working to build one.' (the nights need not be in a row)"""
    host = new(tmp_path, "Mi=Mad Scientist (Intelligence Scientist)", "Bob=Doppelganger", "Cy=Townie", "Di=Townie",
               "Ed=Townie", "Fay=Townie", "Gus=Townie", "Hal=Townie", "Ivy=Townie", options=["max-day=8"])
    host.ok("tech", "pick", "Mi", "Advanced Tracking Devices")

    def night(mi: list[str], victim: str) -> None:
        host.ok("act", "Mi", *mi)
        host.ok("act", "Bob", "Kill", victim)
        host.ok("resolve", "--force")

    night(["Build Tracker", "skip"], "Cy")
    host.ok("act", "--now", "Mi", "Plant Tracker", "Bob")
    host.ok("eliminate", "--none")
    night(["Build Tracker"], "Di")
    assert "night 1 of 2" in host.ok("pm", "Mi", "--night", "2", "--format", "plain")
    host.ok("act", "--now", "Mi", "Plant Tracker", "Ed")
    host.ok("eliminate", "--none")
    night(["Build Tracker", "skip"], "Gus")  # a night off: the work is kept
    assert "no uses left" in host.refused("act", "--now", "Mi", "Plant Tracker", "Fay")
    host.ok("eliminate", "--none")
    night(["Build Tracker"], "Hal")
    assert "Plant Tracker has one more use" in host.ok("pm", "Mi", "--night", "4", "--format", "plain")
    assert host.game.state.players["Mi"].charges["plant tracker"] == 1
    host.ok("act", "--now", "Mi", "Plant Tracker", "Fay")
    assert host.game.state.players["Mi"].charges["plant tracker"] == 0


def test_cli_Intelligence_Scientist_works_or_snoops_not_both(tmp_path):
    """seed Mad Scientist: 'picks one of three technologies to start the game with, depending on
    which Variant they are': a Scientist who builds tracking devices has no Snooper bot, and one
    with the Snooper bot builds no devices (ruleset decision intelligence-scientist-build)."""
    host = new(tmp_path, "Mi=Mad Scientist (Intelligence Scientist)", "Bob=Doppelganger", "Cy=Townie", "Di=Townie",
               options=["max-day=4"])
    host.ok("tech", "pick", "Mi", "Advanced Tracking Devices")
    assert "picked Advanced Tracking Devices, not Snooper bot" in host.refused("act", "Mi", "Snooper Bot", "Bob")
    host.ok("act", "Mi", "Build Tracker")
