"""Issue 38: MafiaScum's Normal schedules (Non-Consecutive Night, Night X), conditions on the
target (Complex, Simple, Ascetic), the Rolestopper, linked deaths (Babysitter, Hider) and the
Friendly Neighbor, written as MafiaScum writes them, through the CLI."""

from __future__ import annotations

import pytest

from test_normal_roles import dead, game, next_night, night, result_of

TOWN = ["Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie"]


@pytest.mark.parametrize("written, act", [("Town Non-Consecutive Night Cop", "X Bob"),
                                          ("Town Non-Consecutive Night Vigilante", "X Cy")], ids=["cop", "vigilante"])
def test_non_consecutive_night_never_two_nights_running(tmp_path, written, act):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN, "Ivy=Vanilla Townie")
    night(host, act)
    next_night(host)
    assert "never used two nights running (Non-Consecutive Night)" in host.refused("act", "X", "Di")
    host.ok("resolve", "--force")
    next_night(host)
    host.ok("act", "X", "Bob")


@pytest.mark.parametrize("written", ["Town Night 2 Vigilante", "Town Night-2 Cop"], ids=["vigilante", "cop"])
def test_night_x_only_on_that_night(tmp_path, written):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN, "Ivy=Vanilla Townie")
    assert "on night 2" in host.refused("act", "X", "Bob")
    host.ok("resolve", "--force")
    next_night(host)
    host.ok("act", "X", "Bob")
    host.ok("resolve", "--force")
    next_night(host)
    assert "on night 2" in host.refused("act", "X", "Bob")
    assert "(On night 2 only;" in host.ok("pm", "X")


@pytest.mark.parametrize("written, target, works", [
    ("Town Complex Cop", "Bob", False), ("Town Complex Cop", "Rb", True),
    ("Town Simple Cop", "Bob", True), ("Town Simple Cop", "Rb", False),
    ("Town Complex Roleblocker", "Rb", True), ("Town Simple Roleblocker", "Rb", False),
], ids=["complex-cop-on-goon", "complex-cop-on-roleblocker", "simple-cop-on-goon", "simple-cop-on-roleblocker",
        "complex-roleblocker-on-roleblocker", "simple-roleblocker-on-roleblocker"])
def test_complex_and_simple_fail_on_vanilla_and_non_vanilla(tmp_path, written, target, works):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Rb=Mafia Roleblocker", *TOWN)
    acts = [f"X {target}"] + (["Rb Block Cy"] if "Roleblocker" in written else [])
    out = night(host, *acts)
    if "Cop" in written:
        assert (result_of(out, "X") == "Mafia") == works
    else:
        assert any(b["player"] == "Rb" for b in out["blocked"]) == works


@pytest.mark.parametrize("act, affected", [
    ("Cop Asc", False), ("Rb Block Asc", False), ("Doc Asc", False), ("Bob Kill Asc", True),
], ids=["cop-no-result", "roleblock-fails", "doctor-fails", "kill-lands"])
def test_ascetic_only_kills_reach_them(tmp_path, act, affected):
    host = game(tmp_path, "Asc=Town Ascetic Vigilante", "Cop=Town Cop", "Rb=Mafia Roleblocker", "Bob=Mafia Goon",
                "Doc=Town Doctor", *TOWN)
    out = night(host, act, "Asc Cy")
    if act.startswith("Bob"):
        assert "Asc" in dead(out)
    if act.startswith("Rb"):
        assert "Cy" in dead(out)  # the block did not reach the Ascetic Vigilante
    if act.startswith("Cop"):
        assert result_of(out, "Cop") is None


def test_ascetic_protection_fails_too(tmp_path):
    host = game(tmp_path, "Asc=Town Ascetic", "Bob=Mafia Goon", "Doc=Town Doctor", *TOWN)
    assert dead(night(host, "Doc Asc", "Bob Kill Asc")) == ["Asc"]


@pytest.mark.parametrize("acts, gone", [
    (["Rs Cy", "Bob Kill Cy"], []),
    (["Rs Cy", "Str Kill Cy"], ["Cy"]),
    (["Rs Cy", "Cop Cy"], []),
], ids=["stops-the-kill", "strong-kill-passes", "investigation-no-result"])
def test_rolestopper_stops_every_other_action(tmp_path, acts, gone):
    host = game(tmp_path, "Rs=Town Rolestopper", "Bob=Mafia Goon", "Str=Mafia Strong Goon", "Cop=Town Cop", *TOWN,
                "Hal=Vanilla Townie", "Ivy=Vanilla Townie")
    out = night(host, *acts)
    assert dead(out) == gone
    if "Cop Cy" in acts:
        assert result_of(out, "Cop") is None


@pytest.mark.parametrize("acts, gone", [
    (["Bs Cy", "Bob Kill Cy"], []),
    (["Bs Cy", "Bob Kill Bs"], ["Bs", "Cy"]),
    (["Bs Cy"], []),
], ids=["protects", "dies-and-takes-the-target", "quiet-night"])
def test_babysitter_protects_and_the_target_dies_with_them(tmp_path, acts, gone):
    host = game(tmp_path, "Bs=Town Babysitter", "Bob=Mafia Goon", *TOWN)
    assert dead(night(host, *acts)) == gone


@pytest.mark.parametrize("acts, gone", [
    (["Hd Cy", "Bob Kill Hd"], []),
    (["Hd Cy", "Bob Kill Cy"], ["Cy", "Hd"]),
], ids=["kill-on-the-hider-misses", "dies-with-the-target"])
def test_hider_hides_and_dies_with_the_target(tmp_path, acts, gone):
    host = game(tmp_path, "Hd=Town Hider", "Bob=Mafia Goon", *TOWN)
    assert dead(night(host, *acts)) == gone


def test_friendly_neighbor_tells_the_target_they_are_town(tmp_path):
    host = game(tmp_path, "Fn=Town Friendly Neighbor", "Bob=Mafia Goon", *TOWN)
    out = night(host, "Fn Cy")
    assert {"player": "Cy", "text": "The host confirms that Fn is Town: Fn is your Friendly Neighbor."} in out["notices"]


def test_innocent_child_pm_says_the_host_announces_them(tmp_path):
    host = game(tmp_path, "Ic=Town Innocent Child", "Bob=Mafia Goon", *TOWN)
    assert "announces to everyone at the start of the game that you are Town" in host.ok("pm", "Ic")
