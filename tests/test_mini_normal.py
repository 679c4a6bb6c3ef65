"""Issue 38: a whole MafiaScum Mini Normal setup (13 players) written as MafiaScum writes it, through
`new --assign`, played night by night and day by day to the end through the CLI."""

from __future__ import annotations

import json

from conftest import Host
from test_normal_roles import new

MINI_NORMAL = [
    "Ann=Town Cop", "Bea=Town Doctor", "Cal=Town Vigilante", "Dot=Town 1-Shot Bulletproof Vanilla Townie",
    "Eve=Mafia Roleblocker", "Fox=Mafia Goon", "Gil=Mafia Goon",
    "Hal=Vanilla Townie", "Ivy=Vanilla Townie", "Jo=Vanilla Townie", "Kit=Vanilla Townie", "Lu=Vanilla Townie",
    "Mo=Vanilla Townie",
]


def alive(host: Host) -> set[str]:
    return {p["name"] for p in json.loads(host.ok("status", "--json"))["players"] if p["alive"]}


def night(host: Host, *acts: str) -> dict:
    for a in acts:
        host.ok("act", *a.split())
    return json.loads(host.ok("resolve", "--json"))


def test_mini_normal_plays_to_the_end_through_new_assign_as_written(tmp_path):
    result = new(tmp_path, MINI_NORMAL, seed=13)
    assert result.exit_code == 0, result.output
    host = Host(tmp_path / "g")
    for line in ("Town 1-Shot Bulletproof Vanilla Townie [Town]", "Mafia Roleblocker [Mafia]", "Mafia Goon [Mafia]"):
        assert line in host.ok("status")

    # Night 1: the Roleblocker stops the Cop; the Mafia shoot the 1-Shot Bulletproof, who survives;
    # the Vigilante shoots a townie.
    out = night(host, "Eve Block Ann", "Ann Fox", "Fox Kill Dot", "Bea Hal", "Cal Ivy")
    assert sorted(d["player"] for d in out["deaths"]) == ["Ivy"]
    assert not [r for r in out["results"] if r["player"] == "Ann"]
    assert {"player": "Dot", "text": "You were attacked tonight, but you survived."} in out["notices"]
    host.ok("eliminate", "Jo")

    # Night 2: the Cop finds a Goon; the Doctor saves the Mafia's target; the Bulletproof is spent.
    out = night(host, "Ann Gil", "Gil Kill Kit", "Bea Kit", "Eve Block Cal", "Cal Fox")
    assert out["deaths"] == []
    assert next(r["result"] for r in out["results"] if r["player"] == "Ann") == "Mafia"
    host.ok("eliminate", "Gil")

    # Night 3: the Mafia kill the Cop; the Vigilante shoots the Roleblocker.
    out = night(host, "Fox Kill Ann", "Bea Dot", "Cal Eve", "Eve Block Bea", "Ann Fox")
    assert sorted(d["player"] for d in out["deaths"]) == ["Ann", "Eve"]
    assert alive(host) == {"Bea", "Cal", "Dot", "Fox", "Hal", "Kit", "Lu", "Mo"}
    out = host.ok("eliminate", "Fox")
    status = json.loads(host.ok("status", "--json"))
    assert status["phase"] == "over" and status["winner"] == "Town", out
