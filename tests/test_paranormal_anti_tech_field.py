"""Seed paranormal, the Advanced Anti-Tech Field: "An Advanced Anti-Tech Field provides the same
protection as a normal Anti-Tech Field, but has the added benefit of always appearing to work to
the one using tech items against the user (Except for killing techs). Tracking devices will show
the player at home, Scanners will show Vanilla Townie, etc." A tracking device planted on an
Advanced field's holder reports them at home, wherever they went; one on a player whose plain
field came since is blocked, and the Scientist is told so."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import ruleset, run
from hostkit.game.game import create
from test_ruleset_paranormal import TECH, check


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


MI = "Mi=Mad_Scientist_(Intelligence_Scientist)"
TRACKED = {"tracked": {"by": "Mi"}}
DEVICES = {"Mi": {"picked": "Advanced Tracking Devices"}}  # the Scientist's technology (seed Mad Scientist)

CASES = [
    ("advanced-field-shows-the-player-at-home", f"{MI} Ex=Exterminator_(Anti-Tech_Field) T=Townie", "Ex Kill T",
     dict(tags={"Ex": {**TRACKED, "anti-tech": {"by": "Mi"}}, **DEVICES}), ("Ex: stayed home",)),
    ("advanced-field-by-item-shows-the-player-at-home", f"{MI} Ex=Exterminator_(Anti-Tech_Field) T=Townie", "Ex Kill T",
     dict(tags={"Ex": TRACKED, **DEVICES}, items={"Ex": {"Anti-Tech Field": 1}}), ("Ex: stayed home",)),
    ("plain-field-gained-since-blocks-the-device", f"{MI} Ex=Exterminator_(Anti-Tech_Field) T=Townie", "Ex Kill T",
     dict(tags={"Ex": TRACKED, **DEVICES}), ("Ex: the device was blocked by an Anti-Tech Field",)),
    ("built-plain-field-blocks-the-device", f"{MI} D=Doppelganger T=Townie", "D Kill T",
     dict(tags={"D": {**TRACKED, "anti-tech": {"by": "Mi"}}, **DEVICES}), ("D: the device was blocked by an Anti-Tech Field",)),
    ("no-field-shows-where-they-went", f"{MI} D=Doppelganger T=Townie", "D Kill T",
     dict(tags={"D": TRACKED, **DEVICES}), ("D: T",)),
]


@pytest.mark.parametrize("players, lines, kw, report", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_tracking_devices_will_show_the_player_at_home(rs, players, lines, kw, report):
    """Seed Advanced Anti-Tech Field: "Tracking devices will show the player at home." """
    o, _ = run(rs, players, lines, **kw)
    check(o, dict(results={"Mi.Tracking_Report": report}))


def test_device_planted_on_an_advanced_field_reports_home(tmp_path):
    """Seed Advanced Anti-Tech Field: "always appearing to work to the one using tech items against
    the user ... Tracking devices will show the player at home": the planting seems to work, and
    the night's report shows the holder at home though they went out to kill."""
    create(tmp_path / "g", ruleset="paranormal", seed=3, assign=[
        "Mi=Mad Scientist (Intelligence Scientist)", "Ex=Exterminator (Anti-Tech Field)", "Bob=Doppelganger",
        "Ann=Townie", "Cy=Townie", "Dee=Townie", "Eve=Townie"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Ex", "Anti-Tech Field", "Intel")  # natural + tech: Advanced
    host.ok("tech", "pick", "Mi", "Advanced Tracking Devices")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("act", "Ex", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("act", "--now", "Mi", "Plant Tracker", "Ex")
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("act", "Ex", "Kill", "Ann")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in out["deaths"]] == ["Ann"]
    report = {r["ability"]: r["result"] for r in out["results"] if r["player"] == "Mi"}["Tracking Report"]
    assert report == ["Ex: stayed home"]
