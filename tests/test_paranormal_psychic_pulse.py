"""Seed paranormal, the Psychic Pulser (the Cutting Edge Scientist's invention) and the alien
Psychic Pulse Emitter: psychics "cannot use any Psychic Abilities until the following Night" (the
Emitter: "for that night and the next day phase"). The Enchanter's double vote is a psychic
ability ('uses his Psychic abilities to make people weight his vote more'), so on the day after a
pulse it counts once. Through the CLI, as the host counts the day's votes."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from hostkit.game.game import create

FIVE = ["Ms=Mad Scientist (Cutting Edge Scientist)", "Op=Exterminator Operative", "Cy=Enchanter", "Bob=Doppelganger",
        "Ann=Townie", "Dee=Townie", "Eve=Townie"]


def _day(tmp_path, night: list[tuple[str, ...]], votes=(("Cy", "Bob"), ("Ann", "Dee"))):
    create(tmp_path / "g", ruleset="paranormal", assign=FIVE, seed=3)
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Op", "Psychic Pulse Emitter", "Stun Orb", "Scanner")
    host.ok("tech", "pick", "Ms", "Psychic Pulser")
    host.ok("act", "Bob", "Kill", "skip")
    for line in night:
        host.ok("act", *line)
    host.ok("resolve", "--force")
    for voter, target in votes:
        host.ok("vote", voter, target)
    count = json.loads(host.ok("votes", "--hand-only", "--json"))
    return host, {w["target"]: w["votes"] for w in count["wagons"]}


@pytest.mark.parametrize("night, weight", [
    ([], 2.0),
    ([("Ms", "Psychic Pulser")], 1.0),
    ([("Op", "Psychic Pulse", "Cy")], 1.0),
    ([("Op", "Psychic Pulse", "Ann")], 2.0),
], ids=["no-pulse-counts-double", "pulser-counts-once", "emitter-on-the-enchanter-counts-once",
        "emitter-on-someone-else-counts-double"])
def test_pulsed_psychics_cannot_use_any_psychic_abilities_until_the_following_night(tmp_path, night, weight):
    """Seed Psychic Pulser: "All Psychic players (excluding Mind Shields) are blocked for that night
    and cannot use any Psychic Abilities until the following Night"; Psychic Pulse Emitter:
    "Prevents the player from using any Psychic Abilities (except for a Mind Shield) for that night
    and the next day phase." A pulsed Enchanter's next-day vote counts once."""
    host, wagons = _day(tmp_path, night)
    assert wagons["Bob"] == weight
    assert host.game.weight("Cy") == weight


def test_pulse_lapses_on_the_following_night(tmp_path):
    """Seed Psychic Pulser: "... until the following Night": the day after next the vote counts double again."""
    host, wagons = _day(tmp_path, [("Ms", "Psychic Pulser")])
    assert wagons["Bob"] == 1.0
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert host.game.weight("Cy") == 2.0
    status = json.loads(host.ok("status", "--json"))
    cy = next(p for p in status["players"] if p["name"] == "Cy")
    assert not any("pulsed" in s for s in cy["standing"]), cy
