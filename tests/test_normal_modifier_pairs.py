"""Issue 38: each MafiaScum Normal modifier on a second role (Novice, Self-Targeting, Strong,
Miller, Universal Backup, Lazy, [role]-Immune), X-Shot with Odd/Even-Night on investigative and
killing roles, and the Neighbor, written as MafiaScum writes them, through the CLI."""

from __future__ import annotations

import pytest

from test_normal_roles import dead, game, next_night, night, result_of

TOWN = ["Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie"]


@pytest.mark.parametrize("written", ["Town Novice Vigilante", "Town Novice Roleblocker"], ids=["vigilante", "roleblocker"])
def test_novice_on_a_second_role(tmp_path, written):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    assert "cannot be used before night 2" in host.refused("act", "X", "Bob")
    host.ok("resolve", "--force")
    next_night(host)
    host.ok("act", "X", "Bob")


@pytest.mark.parametrize("written, act", [("Town Self-Targeting Watcher", "X X"),
                                          ("Town Self-Targeting Jailkeeper", "X X")], ids=["watcher", "jailkeeper"])
def test_self_targeting_on_a_second_role(tmp_path, written, act):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", *TOWN)
    out = night(host, act, "Bob Kill X")
    if "Watcher" in written:
        assert list(result_of(out, "X")) == ["Bob"]
    else:
        assert dead(out) == []


@pytest.mark.parametrize("victim, protector, dies", [
    ("Town Bulletproof", "", True), ("Town Vanilla Townie", "Town Doctor", True), ("Town Vanilla Townie", "", True),
], ids=["strong-vigilante-beats-bulletproof", "strong-vigilante-beats-doctor", "plain-shot"])
def test_strong_vigilante(tmp_path, victim, protector, dies):
    assign = [f"V={victim}", "X=Town Strong Vigilante", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN]
    acts = ["X V"]
    if protector:
        assign.append(f"P={protector}")
        acts.append("P V")
    host = game(tmp_path, *assign)
    assert ("V" in dead(night(host, *acts))) == dies


@pytest.mark.parametrize("written, reads", [("Town Miller Cop", "Mafia"), ("Town Miller Doctor", "Mafia"),
                                            ("Town Cop", "Town")], ids=["miller-cop", "miller-doctor", "plain-cop"])
def test_miller_on_a_power_role(tmp_path, written, reads):
    host = game(tmp_path, f"X={written}", "C=Town Cop", "Bob=Mafia Goon", *TOWN)
    assert result_of(night(host, "C X"), "C") == reads


def test_universal_backup_on_a_power_role_takes_the_first_to_die(tmp_path):
    host = game(tmp_path, "U=Town Universal Backup Cop", "Doc=Town Doctor", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    night(host, "Bob Kill Doc")
    assert "Town Doctor" in next(ln for ln in host.ok("status").splitlines() if ln.split()[:1] == ["U"])


@pytest.mark.parametrize("written, act", [("Town Lazy Cop", "X Bob"), ("Town Lazy Vigilante", "X Bob")],
                         ids=["cop", "vigilante"])
def test_lazy_fails_with_one_non_town_player_left(tmp_path, written, act):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    out = night(host, act)
    assert result_of(out, "X") == "Mafia" if "Cop" in written else dead(out) == ["Bob"]
    if "Cop" in written:
        host.ok("eliminate", "Hal")
        out = night(host, act)
        assert result_of(out, "X") is None
        assert {"player": "X", "text": "Your Investigate got no result tonight."} in out["notices"]


def test_lazy_vigilante_idle_once_one_mafia_is_left(tmp_path):
    host = game(tmp_path, "X=Town Lazy Vigilante", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    host.ok("resolve", "--force")
    host.ok("eliminate", "Hal")
    assert dead(night(host, "X Bob")) == []


@pytest.mark.parametrize("immune, actor, act, works", [
    ("Town Cop-Immune Vanilla Townie", "Town Cop", "A I", False),
    ("Town Cop-Immune Vanilla Townie", "Town Doctor", "A I", True),
    ("Town Doctor-Immune Cop", "Town Doctor", "A I", False),
    ("Town Doctor-Immune Cop", "Town Tracker", "A I", True),
], ids=["cop-immune-vs-cop", "cop-immune-vs-doctor", "doctor-immune-vs-doctor", "doctor-immune-vs-tracker"])
def test_role_immune_makes_that_role_fail(tmp_path, immune, actor, act, works):
    host = game(tmp_path, f"I={immune}", f"A={actor}", "Bob=Mafia Goon", "W=Town Tracker", *TOWN)
    out = night(host, act, "W A")
    assert ("A" not in [f["player"] for f in out["failed"]]) == works
    assert list(result_of(out, "W")) == ["I"]  # the visit is made all the same


@pytest.mark.parametrize("written, uses_on", [
    ("Town 1-Shot Odd-Night Cop", (1,)), ("Town 2-Shot Even-Night Cop", (2, 4)),
    ("Town 1-Shot Even-Night Vigilante", (2,)), ("Town 2-Shot Odd-Night Vigilante", (1, 3)),
], ids=["1-shot-odd-cop", "2-shot-even-cop", "1-shot-even-vigilante", "2-shot-odd-vigilante"])
def test_x_shot_with_odd_or_even_night(tmp_path, written, uses_on):
    host = game(tmp_path, f"X={written}", "Bob=Mafia Goon", "Hal=Mafia Goon", "Ivy=Mafia Goon", *TOWN,
                "Jo=Vanilla Townie", "Kit=Vanilla Townie", "Lu=Vanilla Townie", "Mo=Vanilla Townie")
    targets = iter(["Cy", "Di", "Ed", "Fay"])
    for n in range(1, 6):
        if n in uses_on:
            host.ok("act", "X", next(targets))
        else:
            host.refused("act", "X", "Gus")
        host.ok("resolve", "--force")
        next_night(host)


def test_neighbor_knows_the_other_neighbors(tmp_path):
    host = game(tmp_path, "N1=Town Neighbor", "N2=Neighbor", "Bob=Mafia Goon", *TOWN)
    pm = host.ok("pm", "N1")
    assert "N2" in pm and "Town wins when the Mafia are all dead." in pm


def test_hybrid_role_has_both_actions(tmp_path):
    host = game(tmp_path, "X=Town Cop Doctor", "Bob=Mafia Goon", *TOWN)
    out = night(host, "X Investigate Bob", "Bob Kill Cy")
    assert result_of(out, "X") == "Mafia" and dead(out) == ["Cy"]
    next_night(host)
    assert dead(night(host, "X Protect Di", "Bob Kill Di")) == []


def test_hybrid_with_a_group_doctor_neighbor(tmp_path):
    host = game(tmp_path, "X=Town Doctor Neighbor", "N=Town Neighbor", "Bob=Mafia Goon", *TOWN)
    pm = host.ok("pm", "X")
    assert "[b]Protect[/b]" in pm and "N" in pm.split("[b]Your team")[-1]


@pytest.mark.parametrize("written, target, act, read", [
    ("Town Combined Cop Roleblocker", "Rb", "Rb Block Di", "Mafia"),
    ("Town Combined Cop Roleblocker", "Doc", "Doc Di", "Town"),
    ("Mafia Combined Cop Roleblocker", "Doc", "Doc Di", "Town"),
], ids=["town-on-mafia-roleblocker", "town-on-doctor", "mafia-on-doctor"])
def test_combined_one_action_does_both(tmp_path, written, target, act, read):
    host = game(tmp_path, f"X={written}", "Rb=Mafia Roleblocker", "Doc=Town Doctor", *TOWN)
    out = night(host, f"X {target}", act)
    assert result_of(out, "X") == read
    assert any(b["player"] == target for b in out["blocked"])


@pytest.mark.parametrize("written, why", [
    ("Town Combined Cop", "Combined joins the actions of two roles"),
    ("Town Mason Neighbor", "a player is in one group"),
    ("Town Serial Killer Cop", "cannot be part of a hybrid"),
], ids=["combined-one-role", "two-groups", "third-party-hybrid"])
def test_hybrid_nonsense_is_refused(tmp_path, written, why):
    from test_normal_roles import refused_new

    assert why in refused_new(tmp_path, f"A={written}", "Bob=Mafia Goon", "Cy=Vanilla Townie")
