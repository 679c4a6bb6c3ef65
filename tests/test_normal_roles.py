"""Issue 38: MafiaScum's Normal roles and modifiers, written as MafiaScum writes them
(`--assign "Di=Town 1-Shot Bulletproof Vanilla Townie"`), through the CLI. Each test is named for
the role or modifier whose wiki meaning it checks; the common combinations are tables."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import Host
from hostkit.cli import cli


def new(tmp_path, assign, seed: int = 1):
    """`hostkit new g --ruleset natural --assign ...`, as a host types it."""
    args = ["new", str(tmp_path / "g"), "--ruleset", "natural", "--seed", str(seed)]
    for a in assign:
        args += ["--assign", a]
    return CliRunner().invoke(cli, args, catch_exceptions=False)


def game(tmp_path, *assign: str) -> Host:
    result = new(tmp_path, assign)
    assert result.exit_code == 0, result.output
    return Host(tmp_path / "g")


def refused_new(tmp_path, *assign: str) -> str:
    result = new(tmp_path, assign)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "g").exists()
    return result.output


def night(host: Host, *acts: str) -> dict:
    for a in acts:
        host.ok("act", *a.split())
    return json.loads(host.ok("resolve", "--force", "--json"))


def dead(out: dict) -> list[str]:
    return sorted(d["player"] for d in out["deaths"])


def result_of(out: dict, player: str):
    return next((r["result"] for r in out["results"] if r["player"] == player), None)


def next_night(host: Host) -> None:
    host.ok("eliminate", "--none")


# ---------------------------------------------------------------- names as written


def test_written_names_are_kept_as_written_and_shown_in_status(tmp_path):
    host = game(tmp_path, "Ann=town odd night cop", "Bob=Mafia Goon", "Cy=Town 1 Shot Bulletproof Vanilla Townie",
                "Di=VT", "Ed=Mafia Roleblocker", "Fay=Cop")
    status = host.ok("status")
    for line in ("Town Odd-Night Cop [Town]", "Mafia Goon [Mafia]", "Town 1-Shot Bulletproof Vanilla Townie [Town]",
                 "Vanilla Townie [Town]", "Mafia Roleblocker [Mafia]", "Fay  Cop [Town]"):
        assert line in status


@pytest.mark.parametrize("written, why", [
    ("Town Odd-Night Vanilla Townie", "Odd-Night modifies an action, and a Vanilla Townie has none"),
    ("Town Strong Cop", "Strong modifies a kill, and a Cop has none"),
    ("Town Godfather", "a Godfather is Mafia only"),
    ("Town Goon", "a Goon is Mafia only"),
    ("Mafia Miller", "Miller is for Town roles only"),
    ("Town Ninja", "Ninja is for Mafia roles only"),
    ("Town Loyal Disloyal Cop", "Disloyal cannot be written with Loyal"),
    ("Town Odd-Night Even-Night Cop", "Even-Night cannot be written with Odd-Night"),
    ("Town Macho Macho Doctor", "Macho is written twice"),
    ("Town 0-Shot Cop", "an X-Shot is used at least once"),
    ("Town Sparkly Cop", "unknown role or modifier 'sparkly'"),
    ("Town Odd-Night", "no role in 'Town Odd-Night'"),
    ("Arsonist Town", "unknown role or modifier"),
], ids=["odd-night-on-a-passive-role", "strong-without-a-kill", "town-godfather", "town-goon", "mafia-miller",
        "town-ninja", "loyal-and-disloyal", "odd-and-even", "twice", "zero-shot", "unknown-word", "no-role",
        "alignment-last"])
def test_written_nonsense_is_refused_at_new_with_the_reason(tmp_path, written, why):
    out = refused_new(tmp_path, f"Ann={written}", "Bob=Mafia Goon", "Cy=Vanilla Townie")
    assert why in out


def test_written_default_alignment_is_town_but_goon_and_godfather_are_mafia(tmp_path):
    host = game(tmp_path, "Ann=Bulletproof", "Bob=Goon", "Cy=Godfather", "Di=Vanilla Townie", "Ed=Vanilla Townie",
                "Fay=Vanilla Townie")
    status = host.ok("status")
    assert "Bulletproof [Town]" in status and "Goon [Mafia]" in status and "Godfather [Mafia]" in status


def test_written_role_pm_says_the_name_what_it_does_and_the_win_of_its_side_only(tmp_path):
    host = game(tmp_path, "Di=Town 1-Shot Bulletproof Vanilla Townie", "Bob=Mafia Goon", "Ed=Mafia Roleblocker",
                "Cy=Vanilla Townie")
    pm = host.ok("pm", "Di")
    assert "You are the [b]Town 1-Shot Bulletproof Vanilla Townie[/b]" in pm
    assert "The first 1 time(s) you would be killed at night, you survive" in pm
    assert "Town wins when the Mafia are all dead." in pm
    assert "Arsonist" not in pm
    pm = host.ok("pm", "Ed")
    assert "You are the [b]Mafia Roleblocker[/b]" in pm and "[b]Block[/b]" in pm and "[b]Kill[/b]" in pm
    assert "The Mafia win" in pm


def test_written_roles_listing_names_every_modifier_with_its_meaning(tmp_path):
    out = CliRunner().invoke(cli, ["roles", "natural"]).output
    for name in ("X-Shot", "Odd-Night", "Even-Night", "Day", "Bulletproof", "Macho", "Ninja", "Loyal", "Disloyal",
                 "Weak", "Strong", "Compulsive", "Self-Targeting", "Novice", "Miller"):
        assert f"\n{name} - " in out
    assert "also written: Vanilla Townie" in out
    data = json.loads(CliRunner().invoke(cli, ["roles", "natural", "--json"]).output)
    assert {m["name"] for m in data["modifiers"]} >= {"X-Shot", "Macho", "Weak"}
    assert all(m["summary"] for m in data["modifiers"])


# ---------------------------------------------------------------- roles


def test_vanilla_townie_and_mafia_goon_are_the_plain_roles(tmp_path):
    host = game(tmp_path, "Ann=Vanilla Townie", "Bob=Mafia Goon", "Cy=Vanilla Townie")
    host.refused("act", "Ann", "Bob")  # no action of their own
    out = night(host, "Bob Kill Ann")
    assert dead(out) == ["Ann"]


def test_cop_result_names_the_alignment(tmp_path):
    host = game(tmp_path, "Ann=Town Cop", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Gf=Mafia Godfather",
                "Di=Vanilla Townie", "Ed=Vanilla Townie")
    assert result_of(night(host, "Ann Bob"), "Ann") == "Mafia"
    next_night(host)
    assert result_of(night(host, "Ann Gf"), "Ann") == "Town"  # the Godfather appears Town


def test_miller_appears_mafia_to_a_cop(tmp_path):
    host = game(tmp_path, "Ann=Town Cop", "Bob=Mafia Goon", "Cy=Town Miller", "Di=Vanilla Townie")
    assert result_of(night(host, "Ann Cy"), "Ann") == "Mafia"


def test_bodyguard_dies_in_the_target_s_place_and_kills_no_one(tmp_path):
    host = game(tmp_path, "Bg=Town Bodyguard", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie")
    assert dead(night(host, "Bg Cy", "Bob Kill Cy")) == ["Bg"]


def test_jailkeeper_protects_and_blocks(tmp_path):
    host = game(tmp_path, "Jk=Town Jailkeeper", "Bob=Mafia Goon", "Vi=Town Vigilante", "Cy=Vanilla Townie")
    out = night(host, "Jk Vi", "Vi Cy", "Bob Kill Vi")
    assert dead(out) == []


@pytest.mark.parametrize("observer, act, seen", [
    ("Town Tracker", "Tr Bob", ["Cy"]),
    ("Town Watcher", "Tr Cy", ["Bob"]),
], ids=["tracker", "watcher"])
def test_tracker_and_watcher_see_the_killer(tmp_path, observer, act, seen):
    host = game(tmp_path, f"Tr={observer}", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie")
    assert list(result_of(night(host, act, "Bob Kill Cy"), "Tr")) == seen


# ---------------------------------------------------------------- modifiers: kills and protection


@pytest.mark.parametrize("victim, killer, protector, dies", [
    ("Town Bulletproof Vanilla Townie", "Mafia Goon", "", False),
    ("Town Bulletproof Cop", "Mafia Goon", "", False),
    ("Town Bulletproof Vanilla Townie", "Mafia Strong Goon", "", True),
    ("Town Macho Vanilla Townie", "Mafia Goon", "Town Doctor", True),
    ("Town Macho Cop", "Mafia Goon", "Town Bodyguard", True),
    ("Town Vanilla Townie", "Mafia Goon", "Town Doctor", False),
    ("Town Vanilla Townie", "Mafia Strong Goon", "Town Doctor", True),
    ("Town Macho Bulletproof Vanilla Townie", "Mafia Goon", "Town Doctor", False),
    ("Town Vanilla Townie", "Mafia Ninja Goon", "Town Doctor", False),
    ("Mafia Bulletproof Goon", "Town Vigilante", "", False),
    ("Mafia Macho Goon", "Town Vigilante", "Town Doctor", True),
], ids=["bulletproof-vt-survives", "bulletproof-cop-survives", "strong-kill-beats-bulletproof",
        "macho-vt-not-protected-by-doctor", "macho-cop-not-guarded-by-bodyguard", "doctor-saves",
        "strong-kill-beats-doctor", "macho-bulletproof-still-bulletproof", "ninja-kill-still-protected",
        "bulletproof-goon-survives-vig", "macho-goon-dies-to-vig"])
def test_bulletproof_macho_strong_ninja_against_kills_and_protection(tmp_path, victim, killer, protector, dies):
    assign = [f"V={victim}", f"K={killer}", "Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Mafia Goon"]
    acts = ["K Kill V" if killer.startswith("Mafia") else "K V"]
    if protector:
        assign.append(f"P={protector}")
        acts.append("P V")
    host = game(tmp_path, *assign)
    out = night(host, *acts)
    assert ("V" in dead(out)) == dies, out["log"]
    if protector.endswith("Bodyguard") and dies:
        assert "P" not in dead(out)  # a Macho target: the Bodyguard does not step in


def test_bulletproof_1_shot_survives_the_first_kill_only(tmp_path):
    host = game(tmp_path, "Di=Town 1-Shot Bulletproof Vanilla Townie", "Bob=Mafia Goon", "Cy=Vanilla Townie",
                "Ed=Vanilla Townie", "Fay=Vanilla Townie")
    out = night(host, "Bob Kill Di")
    assert dead(out) == []
    assert {"player": "Di", "text": "You were attacked tonight, but you survived."} in out["notices"]
    assert "immunity 0 left" in host.ok("status")
    next_night(host)
    assert dead(night(host, "Bob Kill Di")) == ["Di"]


def test_bulletproof_2_shot_survives_two_kills(tmp_path):
    host = game(tmp_path, "Di=Town 2-Shot Bulletproof Cop", "Bob=Mafia Goon", "Cy=Vanilla Townie",
                "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie", "Hal=Vanilla Townie")
    assert dead(night(host, "Bob Kill Di")) == []
    next_night(host)
    assert dead(night(host, "Bob Kill Di")) == []
    next_night(host)
    assert dead(night(host, "Bob Kill Di")) == ["Di"]


@pytest.mark.parametrize("observer, act", [("Town Tracker", "Tr Nin"), ("Town Watcher", "Tr Cy")],
                         ids=["tracker", "watcher"])
def test_ninja_kill_is_not_seen_by_tracker_or_watcher(tmp_path, observer, act):
    host = game(tmp_path, f"Tr={observer}", "Nin=Mafia Ninja", "Cy=Vanilla Townie", "Di=Vanilla Townie",
                "Ed=Vanilla Townie")
    out = night(host, act, "Nin Kill Cy")
    assert dead(out) == ["Cy"]
    assert "Nin" not in (result_of(out, "Tr") or ())


def test_ninja_own_action_is_seen(tmp_path):
    host = game(tmp_path, "Tr=Town Watcher", "Nin=Mafia Ninja Roleblocker", "Cy=Vanilla Townie", "Di=Vanilla Townie",
                "Ed=Vanilla Townie")
    out = night(host, "Tr Cy", "Nin Block Cy")
    assert list(result_of(out, "Tr")) == ["Nin"]


# ---------------------------------------------------------------- modifiers: when and how often


@pytest.mark.parametrize("written, act", [
    ("Town 1-Shot Cop", "X Bob"), ("Town 1-Shot Vigilante", "X Cy"), ("Town 1-Shot Tracker", "X Bob"),
], ids=["cop", "vigilante", "tracker"])
def test_x_shot_action_is_gone_after_x_uses(tmp_path, written, act):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie",
                "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie")
    night(host, act)
    next_night(host)
    assert "no uses left" in host.refused("act", *act.split())


@pytest.mark.parametrize("written, first_ok", [
    ("Town Odd-Night Cop", True), ("Town Even-Night Cop", False),
    ("Town Odd-Night Vigilante", True), ("Town Even-Night Vigilante", False),
], ids=["odd-cop", "even-cop", "odd-vigilante", "even-vigilante"])
def test_odd_and_even_night_actions_only_on_their_nights(tmp_path, written, first_ok):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Ed=Mafia Goon", "Cy=Vanilla Townie",
                "Di=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie", "Hal=Vanilla Townie")
    for first in (True, False):
        if first == first_ok:
            host.ok("act", "X", "Bob")
        else:
            assert "on odd nights" in host.refused("act", "X", "Bob") or \
                "on even nights" in host.refused("act", "X", "Bob")
        host.ok("resolve", "--force")
        next_night(host)


def test_day_vigilante_shoots_by_day(tmp_path):
    host = game(tmp_path, "X=Town Day Vigilante", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie",
                "Ed=Vanilla Townie")
    assert "day" in host.refused("act", "X", "Bob")
    host.ok("resolve", "--force")
    host.ok("act", "X", "Bob")
    host.ok("eliminate", "--none")
    assert "dead" in next(line for line in host.ok("status").splitlines() if line.strip().startswith("Bob"))


def test_day_cop_investigates_by_day(tmp_path):
    host = game(tmp_path, "X=Town Day Cop", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie")
    host.ok("resolve", "--force")
    host.ok("act", "X", "Bob")
    out = host.ok("eliminate", "--none")
    assert "Mafia" in out or "Mafia" in host.ok("pm", "--day", "1", "X")


def test_novice_action_not_on_night_1(tmp_path):
    host = game(tmp_path, "X=Town Novice Cop", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie")
    assert "cannot be used before night 2" in host.refused("act", "X", "Bob")


@pytest.mark.parametrize("written, act", [("Town Self-Targeting Doctor", "X X"), ("Town Doctor", "X X")],
                         ids=["self-targeting-doctor", "plain-doctor"])
def test_self_targeting_may_target_the_user(tmp_path, written, act):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie")
    if "Self" in written:
        host.ok("act", *act.split())
        assert dead(night(host, "Bob Kill X")) == []
    else:
        assert "cannot target yourself" in host.refused("act", *act.split())


@pytest.mark.parametrize("written", ["Town Compulsive Cop", "Town Compulsive Roleblocker"],
                         ids=["cop", "roleblocker"])
def test_compulsive_action_cannot_be_skipped(tmp_path, written):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie")
    host.refused("act", "X", "skip")


# ---------------------------------------------------------------- modifiers: conditions on the target


@pytest.mark.parametrize("written, target, works", [
    ("Town Loyal Cop", "Cy", True), ("Town Loyal Cop", "Bob", False),
    ("Town Disloyal Cop", "Cy", False), ("Town Disloyal Cop", "Bob", True),
], ids=["loyal-cop-on-town", "loyal-cop-on-mafia", "disloyal-cop-on-town", "disloyal-cop-on-mafia"])
def test_loyal_disloyal_cop(tmp_path, written, target, works):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie")
    out = night(host, f"X {target}")
    assert (result_of(out, "X") in ("Town", "Mafia")) == works
    if not works:
        assert any(n["player"] == "X" and "no result" in n["text"] for n in out["notices"]), out["notices"]


@pytest.mark.parametrize("written, target, saved", [
    ("Town Loyal Doctor", "Cy", True), ("Town Loyal Doctor", "Ed", False),
    ("Town Disloyal Doctor", "Cy", False), ("Town Disloyal Doctor", "Ed", True),
], ids=["loyal-doctor-on-town", "loyal-doctor-on-mafia", "disloyal-doctor-on-town", "disloyal-doctor-on-mafia"])
def test_loyal_disloyal_doctor(tmp_path, written, target, saved):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Ed=Mafia Goon", "Vi=Town Vigilante",
                "Cy=Vanilla Townie", "Di=Vanilla Townie", "Fay=Vanilla Townie")
    shooter = "Bob Kill Cy" if target == "Cy" else "Vi Ed"
    out = night(host, f"X {target}", shooter)
    assert (target not in dead(out)) == saved


@pytest.mark.parametrize("written, target, dies", [
    ("Town Weak Cop", "Bob", True), ("Town Weak Cop", "Cy", False),
    ("Town Weak Doctor", "Bob", True), ("Town Weak Doctor", "Cy", False),
], ids=["weak-cop-on-mafia", "weak-cop-on-town", "weak-doctor-on-mafia", "weak-doctor-on-town"])
def test_weak_dies_targeting_a_non_town_player(tmp_path, written, target, dies):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie",
                "Ed=Vanilla Townie")
    out = night(host, f"X {target}")
    assert ("X" in dead(out)) == dies
    if "Cop" in written:
        assert result_of(out, "X") == ("Mafia" if target == "Bob" else "Town")  # the action still happens


def test_weak_blocked_action_does_not_kill_its_user(tmp_path):
    host = game(tmp_path, "X=Town Weak Cop", "Bob=Mafia Goon", "Rb=Mafia Roleblocker", "Cy=Vanilla Townie",
                "Di=Vanilla Townie", "Ed=Vanilla Townie")
    assert "X" not in dead(night(host, "X Bob", "Rb Block X"))


@pytest.mark.parametrize("blocker", ["Town Roleblocker", "Mafia Roleblocker"], ids=["town", "mafia"])
def test_roleblocker_stops_every_night_action_and_tells_the_target(tmp_path, blocker):
    host = game(tmp_path, f"Rb={blocker}", "Cop=Town Cop", "Bob=Mafia Goon", "Cy=Vanilla Townie", "Di=Vanilla Townie",
                "Ed=Vanilla Townie")
    out = night(host, "Rb Block Cop" if blocker.startswith("Mafia") else "Rb Cop", "Cop Bob")
    assert result_of(out, "Cop") is None
    assert any(b["player"] == "Cop" and b.get("told", True) for b in out["blocked"])


def test_bulletproof_1_shot_keeps_its_use_when_a_doctor_saves(tmp_path):
    host = game(tmp_path, "Di=Town 1-Shot Bulletproof Vanilla Townie", "Doc=Town Doctor", "Bob=Mafia Goon",
                "Cy=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie")
    assert dead(night(host, "Doc Di", "Bob Kill Di")) == []
    assert "immunity 1 left" in host.ok("status")
    next_night(host)
    assert dead(night(host, "Bob Kill Di")) == []
    next_night(host)
    assert dead(night(host, "Bob Kill Di")) == ["Di"]


@pytest.mark.parametrize("mafia, says", [("Mafia Goon", False), ("Poisoner", True)], ids=["no-poisoner", "poisoner"])
def test_doctor_pm_names_the_poison_cure_only_when_a_poisoner_is_dealt(tmp_path, mafia, says):
    host = game(tmp_path, "Doc=Town Doctor", f"Bob={mafia}", "Cy=Vanilla Townie", "Di=Vanilla Townie",
                "Ed=Vanilla Townie")
    assert ("poisoned" in host.ok("pm", "Doc")) == says


def test_written_a_game_s_own_role_named_like_an_alignment_keeps_its_name(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text('["Mafia Boss"]\nextends = "Goon"\nsummary = "The boss."\n')
    host = game(tmp_path, "A=Mafia Boss", "B=Mafia Goon",
                "Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie")
    assert "Mafia Boss [Mafia]" in host.ok("status")
