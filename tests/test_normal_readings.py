"""Issue 38: MafiaScum's Normal investigative roles that read one thing of a player (effect
detect), written as MafiaScum writes them, through the CLI. Each test is named for its role."""

from __future__ import annotations

import pytest

from test_normal_roles import dead, game, next_night, night, result_of

TOWN = ["Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie"]


@pytest.mark.parametrize("target, read", [
    ("Bob", "Vanilla"), ("Rb", "Roleblocker"), ("Cy", "Vanilla"), ("Doc", "Macho Doctor"), ("Gf", "Godfather"),
], ids=["mafia-goon", "mafia-roleblocker", "vanilla-townie", "town-macho-doctor", "godfather"])
def test_role_cop_reads_the_role_without_its_alignment(tmp_path, target, read):
    host = game(tmp_path, "X=Town Role Cop", "Bob=Mafia Goon", "Rb=Mafia Roleblocker", "Doc=Town Macho Doctor",
                "Gf=Mafia Godfather", *TOWN, "Gus=Vanilla Townie", "Hal=Vanilla Townie")
    assert result_of(night(host, f"X {target}"), "X") == read


@pytest.mark.parametrize("role, target, read", [
    ("Town Vanilla Cop", "Bob", "Vanilla"), ("Town Vanilla Cop", "Doc", "Not vanilla"),
    ("Town Vanilla Cop", "Cy", "Vanilla"), ("Town Neapolitan", "Cy", "Vanilla Townie"),
    ("Town Neapolitan", "Bob", "Not a Vanilla Townie"), ("Town Neapolitan", "Doc", "Not a Vanilla Townie"),
    ("Town Gunsmith", "Bob", "Has a gun"), ("Town Gunsmith", "Vi", "Has a gun"), ("Town Gunsmith", "Doc", "No gun"),
    ("Town Goon Cop", "Bob", "Mafia Goon"), ("Town Goon Cop", "Cy", "Not a Mafia Goon"),
], ids=["vanilla-cop-goon", "vanilla-cop-doctor", "vanilla-cop-townie", "neapolitan-townie", "neapolitan-goon",
        "neapolitan-doctor", "gunsmith-goon", "gunsmith-vigilante", "gunsmith-doctor", "goon-cop-goon", "goon-cop-townie"])
def test_vanilla_cop_neapolitan_gunsmith_goon_cop(tmp_path, role, target, read):
    host = game(tmp_path, f"X={role}", "Bob=Mafia Goon", "Doc=Town Doctor", "Vi=Town Vigilante", *TOWN)
    assert result_of(night(host, f"X {target}"), "X") == read


def test_detective_learns_whether_the_target_has_killed_before(tmp_path):
    host = game(tmp_path, "X=Town Detective", "Bob=Mafia Goon", "Ed2=Mafia Goon", *TOWN, "Gus=Vanilla Townie",
                "Hal=Vanilla Townie", "Ivy=Vanilla Townie")
    assert result_of(night(host, "X Bob", "Bob Kill Cy"), "X") == "Has not killed"
    next_night(host)
    out = night(host, "X Bob", "Ed2 Kill Di")
    assert result_of(out, "X") == "Has killed"
    next_night(host)
    assert result_of(night(host, "X Ed2"), "X") == "Has killed"


@pytest.mark.parametrize("role, acts, read", [
    ("Town Motion Detector", ["Bob Kill Cy"], "Motion detected"),
    ("Town Motion Detector", ["Doc Di"], "No motion detected"),
    ("Town Motion Detector", ["Doc Cy"], "Motion detected"),
    ("Town Reporter", ["Doc Cy"], "Did not act"),
    ("Town Reporter", ["Cop Cy"], "Did not act"),
    ("Town Inspector", ["Doc Cy"], "Was targeted"),
    ("Town Inspector", ["Doc Di"], "Was not targeted"),
], ids=["motion-target-killed-by-goon", "motion-nothing", "motion-protected", "reporter-townie-did-not-act",
        "reporter-on-cy", "inspector-targeted", "inspector-not-targeted"])
def test_motion_detector_reporter_inspector(tmp_path, role, acts, read):
    host = game(tmp_path, f"X={role}", "Bob=Mafia Goon", "Doc=Town Doctor", "Cop=Town Cop", *TOWN)
    assert result_of(night(host, "X Cy", *acts), "X") == read


def test_reporter_sees_the_target_act(tmp_path):
    host = game(tmp_path, "X=Town Reporter", "Bob=Mafia Goon", "Doc=Town Doctor", *TOWN)
    assert result_of(night(host, "X Doc", "Doc Cy"), "X") == "Acted"


def test_motion_detector_does_not_see_a_ninja_kill(tmp_path):
    host = game(tmp_path, "X=Town Motion Detector", "Nin=Mafia Ninja", *TOWN)
    out = night(host, "X Nin", "Nin Kill Cy")
    assert dead(out) == ["Cy"] and result_of(out, "X") == "No motion detected"


def test_action_detector_gives_both_answers(tmp_path):
    host = game(tmp_path, "X=Town Action Detector", "Bob=Mafia Goon", "Doc=Town Doctor", *TOWN)
    assert list(result_of(night(host, "X Doc", "Doc Cy", "Bob Kill Doc"), "X")) == ["Acted", "Was targeted"]


def test_voyeur_learns_the_kinds_of_actions_on_the_target(tmp_path):
    host = game(tmp_path, "X=Town Voyeur", "Bob=Mafia Goon", "Doc=Town Doctor", *TOWN)
    assert sorted(result_of(night(host, "X Cy", "Doc Cy", "Bob Kill Cy"), "X")) == ["killing", "protection"]


def test_role_watcher_learns_the_visitors_roles(tmp_path):
    host = game(tmp_path, "X=Town Role Watcher", "Bob=Mafia Goon", "Doc=Town Doctor", "Rb=Mafia Roleblocker", *TOWN)
    out = night(host, "X Cy", "Doc Cy", "Rb Block Cy")
    assert list(result_of(out, "X")) == ["Doctor", "Roleblocker"]


@pytest.mark.parametrize("role, target, read", [
    ("Town Traffic Analyst", "Bob", "Can communicate privately"),
    ("Town Traffic Analyst", "Ma", "Can communicate privately"),
    ("Town Traffic Analyst", "Cy", "Cannot communicate privately"),
    ("Town PT Cop", "Ma", "Has a private topic"),
    ("Town PT Cop", "Doc", "Has no private topic"),
], ids=["analyst-mafia", "analyst-mason", "analyst-townie", "pt-cop-mason", "pt-cop-doctor"])
def test_traffic_analyst_and_pt_cop(tmp_path, role, target, read):
    host = game(tmp_path, f"X={role}", "Bob=Mafia Goon", "Rb=Mafia Roleblocker", "Ma=Town Mason", "Mb=Town Mason",
                "Doc=Town Doctor", *TOWN)
    assert result_of(night(host, f"X {target}"), "X") == read


def test_mason_knows_the_other_masons_and_wins_with_town(tmp_path):
    host = game(tmp_path, "Ma=Town Mason", "Mb=Mason", "Bob=Mafia Goon", *TOWN)
    pm = host.ok("pm", "Ma")
    assert "Mb" in pm and "Town wins when the Mafia are all dead." in pm
    assert "win when the Masons win" not in pm


@pytest.mark.parametrize("target, acts, read", [
    ("Bob", [], "Positive"), ("Vi", [], "Positive"), ("Doc", [], "Negative"), ("Vi", ["Vi Cy"], "Negative"),
    ("Cy", [], "Negative"),
], ids=["mafia-goon", "vigilante", "doctor", "vigilante-who-killed-tonight", "vanilla-townie"])
def test_psychologist_reads_an_unused_kill(tmp_path, target, acts, read):
    host = game(tmp_path, "X=Town Psychologist", "Bob=Mafia Goon", "Doc=Town Doctor", "Vi=Town Vigilante", *TOWN)
    assert result_of(night(host, f"X {target}", *acts), "X") == read


@pytest.mark.parametrize("finder, target, read", [
    ("Town Cop-Finder", "Cop", "Cop"), ("Town Cop-Finder", "MCop", "Cop"), ("Town Cop-Finder", "Doc", "Not Cop"),
    ("Town Doctor-Finder", "Doc", "Doctor"), ("Town Roleblocker-Finder", "Rb", "Roleblocker"),
], ids=["cop", "macho-cop", "doctor-is-not-a-cop", "doctor-finder", "mafia-roleblocker"])
def test_finder_learns_whether_the_target_has_the_role(tmp_path, finder, target, read):
    host = game(tmp_path, f"X={finder}", "Cop=Town Cop", "MCop=Town Macho Cop", "Doc=Town Doctor",
                "Rb=Mafia Roleblocker", "Bob=Mafia Goon", *TOWN)
    assert result_of(night(host, f"X {target}"), "X") == read


@pytest.mark.parametrize("acts, read", [([], "Your action succeeded"), (["Rb Block X"], None), (["As"], None)],
                         ids=["got-through", "blocked", "ascetic-target"])
def test_checker_learns_whether_its_action_got_through(tmp_path, acts, read):
    host = game(tmp_path, "X=Town Checker", "Rb=Mafia Roleblocker", "As=Town Ascetic", "Bob=Mafia Goon", *TOWN)
    target = "As" if acts == ["As"] else "Cy"
    out = night(host, f"X {target}", *[a for a in acts if a != "As"])
    assert result_of(out, "X") == read


def test_observer_is_the_voyeur(tmp_path):
    host = game(tmp_path, "X=Town Observer", "Bob=Mafia Goon", "Doc=Town Doctor", *TOWN)
    assert "Observer [Town]" in host.ok("status")
    assert list(result_of(night(host, "X Cy", "Doc Cy"), "X")) == ["protection"]


def test_role_watcher_sees_two_visitors_of_one_role_twice(tmp_path):
    host = game(tmp_path, "X=Town Role Watcher", "D1=Town Doctor", "D2=Town Doctor", "Bob=Mafia Goon", *TOWN)
    assert list(result_of(night(host, "X Cy", "D1 Cy", "D2 Cy"), "X")) == ["Doctor", "Doctor"]
