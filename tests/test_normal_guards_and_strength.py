"""Issue 38: MafiaScum's Security Guard, Role Guard and Visionary (a reading given to the target),
Modifier Cop, Strengthener, and the Announcing and Activated modifiers, written as MafiaScum
writes them, through the CLI."""

from __future__ import annotations

import pytest

from test_normal_roles import dead, game, night, refused_new, result_of

TOWN = ["Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie"]


def told(out: dict, player: str) -> list[str]:
    return [n["text"] for n in out["notices"] if n["player"] == player]


@pytest.mark.parametrize("guard, expected", [
    ("Town Security Guard", "A Security Guard watched over you tonight: you were targeted by Bob, Doc."),
    ("Town Role Guard", "A Role Guard watched over you tonight: you were targeted by Doctor, Vanilla."),
    ("Town Visionary", "A Visionary watched over you tonight: the actions on you were killing, protection."),
], ids=["security-guard", "role-guard", "visionary"])
def test_guards_give_their_reading_to_the_target(tmp_path, guard, expected):
    host = game(tmp_path, f"G={guard}", "Bob=Mafia Goon", "Doc=Town Doctor", *TOWN)
    out = night(host, "G Cy", "Bob Kill Cy", "Doc Cy")
    assert told(out, "Cy") == [expected]
    assert result_of(out, "G") is None


def test_security_guard_blocked_tells_nothing(tmp_path):
    host = game(tmp_path, "G=Town Security Guard", "Rb=Mafia Roleblocker", "Doc=Town Doctor", *TOWN)
    out = night(host, "G Cy", "Rb Block G", "Doc Cy")
    assert not [t for t in told(out, "Cy") if "watched over" in t]


@pytest.mark.parametrize("target, read", [("J", "Macho, Odd-Night"), ("Cy", "none"), ("K", "1-Shot, Bulletproof")],
                         ids=["macho-odd-night-cop", "vanilla-townie", "one-shot-bulletproof"])
def test_modifier_cop_learns_the_modifiers(tmp_path, target, read):
    host = game(tmp_path, "M=Town Modifier Cop", "Bob=Mafia Goon", "J=Town Macho Odd-Night Cop",
                "K=Town 1-Shot Bulletproof Vanilla Townie", *TOWN)
    assert result_of(night(host, f"M {target}"), "M") == read


@pytest.mark.parametrize("acts, gone", [
    (["S Bob", "Bob Kill Cy", "Doc Cy"], ["Cy"]),
    (["Bob Kill Cy", "Doc Cy"], []),
    (["S Vi", "Vi Bp"], ["Bp"]),
    (["Vi Bp"], []),
], ids=["strengthened-goon-beats-doctor", "doctor-saves-otherwise", "strengthened-vigilante-beats-bulletproof",
        "bulletproof-otherwise"])
def test_strengthener_makes_the_target_s_kills_strong(tmp_path, acts, gone):
    host = game(tmp_path, "S=Town Strengthener", "Bob=Mafia Goon", "Hal=Mafia Goon", "Doc=Town Doctor",
                "Vi=Town Vigilante", "Bp=Town Bulletproof", *TOWN)
    assert dead(night(host, *acts)) == gone


@pytest.mark.parametrize("written, act, text", [
    ("Town Announcing Cop", "X Cy", "You were targeted tonight by a Cop."),
    ("Town Announcing Doctor", "X Cy", "You were targeted tonight by a Doctor."),
    ("Mafia Announcing Roleblocker", "X Block Cy", "You were targeted tonight by a Roleblocker."),
], ids=["cop", "doctor", "mafia-roleblocker"])
def test_announcing_tells_the_target_the_role_not_who(tmp_path, written, act, text):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", *TOWN)
    assert text in told(night(host, act), "Cy")


def test_announcing_needs_a_targeted_action(tmp_path):
    assert "targets no one" in refused_new(tmp_path, "Ann=Town Announcing Commuter", "Bob=Mafia Goon",
                                           "Cy=Vanilla Townie")


@pytest.mark.parametrize("acts, gone", [
    (["Ab", "Bob Kill Ab"], []),
    (["Bob Kill Ab"], ["Ab"]),
    (["Ab", "Rb Block Ab", "Bob Kill Ab"], ["Ab"]),
], ids=["activated-survives", "not-activated-dies", "activation-blocked-dies"])
def test_activated_bulletproof_works_only_when_activated(tmp_path, acts, gone):
    host = game(tmp_path, "Ab=Town Activated Bulletproof", "Bob=Mafia Goon", "Rb=Mafia Roleblocker", *TOWN,
                "Hal=Vanilla Townie")
    assert dead(night(host, *acts)) == gone


def test_activated_bulletproof_1_shot_is_one_activation(tmp_path):
    host = game(tmp_path, "Ab=Town 1-Shot Activated Bulletproof Cop", "Bob=Mafia Goon", *TOWN)
    pm = host.ok("pm", "Ab")
    assert "[b]Activate Bulletproof[/b] (Once per game" in pm and "[b]Investigate[/b] (Each night" in pm


def test_activated_needs_a_passive_it_can_turn_into_an_action(tmp_path):
    assert "Activated is written right before a passive" in refused_new(tmp_path, "Ann=Town Activated Cop",
                                                                        "Bob=Mafia Goon", "Cy=Vanilla Townie")
