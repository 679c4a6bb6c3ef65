"""Issue 38: MafiaScum's Normal Backup and Universal Backup, Vengeful, Alien, Fruit Vendor,
Visitor, Neighborizer, Jack-of-all-trades, Commuter and Follower, written as MafiaScum writes
them, through the CLI."""

from __future__ import annotations

import pytest

from test_normal_roles import dead, game, next_night, night, result_of

TOWN = ["Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie"]


def role_of(host, player: str) -> str:
    line = next(ln for ln in host.ok("status").splitlines() if ln.split()[:1] == [player])
    return line.split(None, 1)[1].split(" [")[0]


@pytest.mark.parametrize("how", ["night", "day"], ids=["killed-at-night", "eliminated"])
def test_backup_cop_becomes_a_cop_when_the_cop_dies(tmp_path, how):
    host = game(tmp_path, "Bk=Town Backup Cop", "Cop=Town Cop", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    assert "no power until a Cop dies" in host.ok("pm", "Bk")
    host.refused("act", "Bk", "Bob")  # no power yet
    if how == "night":
        night(host, "Bob Kill Cop")
    else:
        host.ok("resolve", "--force")
        host.ok("eliminate", "Cop")
    assert role_of(host, "Bk") == "Town Cop"
    assert "tell Bk they are now a Town Cop" in host.ok("status")
    if how == "night":
        next_night(host)
    assert result_of(night(host, "Bk Bob"), "Bk") == "Mafia"


def test_backup_doctor_waits_for_a_doctor_not_a_cop(tmp_path):
    host = game(tmp_path, "Bk=Town Backup Doctor", "Cop=Town Cop", "Doc=Town Doctor", "Bob=Mafia Goon",
                "Hal=Mafia Goon", *TOWN)
    night(host, "Bob Kill Cop")
    assert role_of(host, "Bk") == "Town Backup Doctor"


def test_universal_backup_takes_the_first_town_power_role_to_die(tmp_path):
    host = game(tmp_path, "Ub=Town Universal Backup", "Doc=Town Doctor", "Cop=Town Cop", "Rb=Mafia Roleblocker",
                "Hal=Mafia Goon", *TOWN)
    host.ok("resolve", "--force")
    host.ok("eliminate", "Rb")  # a Mafia power role: not the backup's side
    assert role_of(host, "Ub") == "Town Universal Backup"
    night(host, "Hal Kill Doc")
    assert role_of(host, "Ub") == "Town Doctor"
    next_night(host)
    night(host, "Hal Kill Cop")
    assert role_of(host, "Ub") == "Town Doctor"  # once only


def test_backup_of_a_vanilla_is_refused(tmp_path):
    from test_normal_roles import refused_new

    assert "a Backup takes over a power role" in refused_new(tmp_path, "Ann=Town Backup Vanilla Townie",
                                                             "Bob=Mafia Goon")


def test_vengeful_shoots_when_eliminated_only(tmp_path):
    host = game(tmp_path, "Vg=Town Vengeful", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    host.ok("resolve", "--force")
    host.ok("eliminate", "Vg")
    assert "shot" in host.ok("due")
    host.ok("shoot", "Vg", "Bob")
    assert "dead" in next(ln for ln in host.ok("status").splitlines() if ln.strip().startswith("Bob"))


def test_vengeful_killed_at_night_has_no_shot(tmp_path):
    host = game(tmp_path, "Vg=Town Vengeful", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    night(host, "Bob Kill Vg")
    assert "shot" not in host.ok("due").split(":", 1)[-1]


def test_alien_blocks_the_target_and_stops_every_action_on_them(tmp_path):
    host = game(tmp_path, "Al=Town Alien", "Bob=Mafia Goon", "Cop=Town Cop", "Vi=Town Vigilante", *TOWN)
    out = night(host, "Al Vi", "Vi Cy", "Bob Kill Vi", "Cop Vi")
    assert dead(out) == [] and result_of(out, "Cop") is None


def test_fruit_vendor_gives_fruit(tmp_path):
    host = game(tmp_path, "Fv=Town Fruit Vendor", "Bob=Mafia Goon", *TOWN)
    out = night(host, "Fv Cy")
    assert {"player": "Cy", "text": "You received a piece of fruit tonight."} in out["notices"]


def test_visitor_visit_is_seen_by_a_watcher(tmp_path):
    host = game(tmp_path, "Vs=Town Visitor", "W=Town Watcher", "Bob=Mafia Goon", *TOWN)
    assert list(result_of(night(host, "Vs Cy", "W Cy"), "W")) == ["Vs"]


def test_neighborizer_opens_a_private_chat(tmp_path):
    host = game(tmp_path, "Nb=Town Neighborizer", "Bob=Mafia Goon", *TOWN)
    out = night(host, "Nb Cy")
    assert any(n["player"] == "Cy" and "private chat between you and Nb" in n["text"] for n in out["notices"])


def test_jack_of_all_trades_uses_each_ability_once(tmp_path):
    host = game(tmp_path, "J=Town Jack-of-all-trades", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN, "Ivy=Vanilla Townie")
    assert result_of(night(host, "J Investigate Bob"), "J") == "Mafia"
    next_night(host)
    assert "no uses left" in host.refused("act", "J", "Investigate", "Hal")
    assert dead(night(host, "J Shoot Bob")) == ["Bob"]


def test_commuter_leaves_and_actions_on_them_fail(tmp_path):
    host = game(tmp_path, "Cm=Town Commuter", "Bob=Mafia Goon", *TOWN)
    assert dead(night(host, "Cm", "Bob Kill Cm")) == []


def test_follower_learns_the_kinds_of_the_target_s_actions(tmp_path):
    host = game(tmp_path, "Fo=Town Follower", "Doc=Town Doctor", "Bob=Mafia Goon", *TOWN)
    assert list(result_of(night(host, "Fo Doc", "Doc Cy"), "Fo")) == ["protection"]


def test_traitor_wins_with_the_mafia_without_their_kill_or_chat(tmp_path):
    host = game(tmp_path, "Tr=Mafia Traitor", "Bob=Mafia Goon", "Cop=Town Cop", "Cy=Vanilla Townie",
                "Di=Vanilla Townie", "Ed=Vanilla Townie")
    pm = host.ok("pm", "Tr")
    assert "[b]Kill[/b]" not in pm and "Bob" not in pm
    assert "Tr" not in host.ok("pm", "Bob").split("Win condition")[0].split("team")[-1]
    out = night(host, "Cop Tr", "Bob Kill Cy")
    assert result_of(out, "Cop") == "Mafia"
    host.ok("eliminate", "Di")  # Tr, Bob, Cop, Ed: the Mafia and their Traitor are half
    assert "winner: Mafia" in host.ok("status")


def test_serial_killer_kills_alone_and_town_wins_only_once_it_is_dead(tmp_path):
    host = game(tmp_path, "Sk=Serial Killer", "Bob=Mafia Goon", "Cop=Town Cop", *TOWN)
    assert "Town wins when the Mafia and the Serial Killer are all dead." in host.ok("pm", "Cop")
    out = night(host, "Sk Cy", "Cop Sk")
    assert dead(out) == ["Cy"] and result_of(out, "Cop") == "Serial Killer"
    host.ok("eliminate", "Bob")
    assert "winner" not in host.ok("status").splitlines()[0]
    night(host)
    host.ok("eliminate", "Sk")
    assert "winner: Town" in host.ok("status")


def test_messenger_sends_the_message_typed_after_the_target(tmp_path):
    host = game(tmp_path, "Ms=Town Messenger", "Bob=Mafia Goon", *TOWN)
    assert "recorded Ms: Send Cy (message: I am the cop, trust me)" in host.ok("act", "Ms", "Cy", "I am the cop, trust me")
    out = night(host)
    assert any(n["player"] == "Cy" and n["text"].endswith(": I am the cop, trust me") and "Ms" not in n["text"]
               for n in out["notices"])


def test_messenger_without_a_message_is_refused(tmp_path):
    host = game(tmp_path, "Ms=Town Messenger", "Bob=Mafia Goon", *TOWN)
    assert "then the message, in quotes" in host.refused("act", "Ms", "Send", "Cy")


@pytest.mark.parametrize("gadget, use, check", [
    ("Gun", "Cy Fire Bob", lambda out: "Bob" in dead(out)),
    ("Vest", "Cy Wear", lambda out: "Cy" not in dead(out)),
    ("Lens", "Cy Peer Bob", lambda out: result_of(out, "Cy") == "Mafia"),
], ids=["gun", "vest", "lens"])
def test_inventor_gives_a_one_shot_invention(tmp_path, gadget, use, check):
    host = game(tmp_path, "Inv=Town Inventor", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    out = night(host, f"Inv {gadget} Cy")
    assert any(n["player"] == "Cy" and f"a {gadget}." in n["text"] and "Inv" not in n["text"] for n in out["notices"])
    next_night(host)
    out = night(host, use, *(["Hal Kill Cy"] if gadget == "Vest" else []))
    assert check(out)
    next_night(host)
    host.refused("act", *use.split())  # used up


@pytest.mark.parametrize("target, recruited, dies", [("Cy", True, False), ("Bob", False, True), ("Mi", True, False)],
                         ids=["townie", "mafia-goon", "miller"])
def test_masonizer_recruits_town_and_dies_on_anyone_else(tmp_path, target, recruited, dies):
    host = game(tmp_path, "Mz=Town Masonizer", "Bob=Mafia Goon", "Mi=Town Miller", *TOWN)
    out = night(host, f"Mz {target}")
    assert any(n["player"] == target and "recruited into a Masonry" in n["text"] for n in out["notices"]) == recruited
    assert ("Mz" in dead(out)) == dies


@pytest.mark.parametrize("enabled, act", [("Town Doctor", "X Cy"), ("Town Cop", "X Bob")], ids=["doctor", "cop"])
def test_enabler_death_disables_the_role(tmp_path, enabled, act):
    base = enabled.split()[-1]
    host = game(tmp_path, f"En=Town {base} Enabler", f"X={enabled}", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    out = night(host, act, "Bob Kill En")
    assert not [f for f in out["failed"] if f["player"] == "X"]  # the Enabler was alive at dusk
    next_night(host)
    out = night(host, act)
    assert any(f["player"] == "X" and "Enabler is dead" in f["reason"] for f in out["failed"]), out["failed"]


def test_encryptor_pm_says_its_topics_talk_by_day(tmp_path):
    host = game(tmp_path, "E=Mafia Encryptor", "Bob=Mafia Goon", *TOWN)
    assert "talk by day" in host.ok("pm", "E")
