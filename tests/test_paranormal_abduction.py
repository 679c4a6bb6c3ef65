"""paranormal's abductions (seed Abduction, Xenozoologist, Mind Stealer): the captive's night, who is
told what, a kept captive's tech, and the captives returned (and told) when the abductor leaves.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, snapshot
from engine_helpers import ruleset, run
from game_helpers import XENO, _game, _new_paranormal, _pms
from test_paranormal_tech import _new
from test_ruleset_paranormal import TECH, check


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


MS = "Ms=Harvester_(Mind_Stealer)"


ABDUCTION = "Abduction: 'First, the abducted player is role-blocked for the night.'"


# (id: seed section and rule, seed sentence, players, actions, expectations: see
# test_ruleset_paranormal.check).
CASES = [
    ("Abduction-mind-stealer-abducting-a-vanilla-doppelganger-blocks-its-group-kill", ABDUCTION,
     f"{MS} D=Doppelganger T=Townie U=Townie", "D Kill T; Ms Abduct D",
     dict(dead=[], failed={"Ms.Abduct": "has no role to steal", "D.Kill": "blocked"},
          notices=[("Ms", "had no role to steal"), ("D", "You were abducted tonight")])),
    ("Abduction-mind-stealer-abducting-a-vanilla-doppelganger-hides-it-from-other-visitors",
     "Abduction: 'While removed, they cannot be the target of any other night action'",
     f"{MS} D=Doppelganger A=Agent T=Townie", "Ms Abduct D; A Investigate D",
     dict(failed={"A.Investigate": "abducted"})),
    ("Hold-out-Blaster-shot-at-a-tough-doppelganger-is-told-like-any-attack-it-survives",
     "Hold-out Blaster: 'If he is night-killed, he gets a shot off on his attacker' / Tough Doppelganger: "
     "'immune to a regular Night Kill'",
     "D=Tough_Doppelganger S=Survivor T=Townie", "D Kill S",
     dict(dead=["S"], notices=[("D", "You were attacked tonight, but you survived.")])),
    ("Abduction-mind-stealer-robbing-an-agent-blocks-it", ABDUCTION,
     f"{MS} A=Agent T=Townie", "A Investigate T; Ms Abduct A",
     dict(failed={"A.Investigate": "blocked"}, ok=["Ms.Abduct"])),
]


@pytest.mark.parametrize("sentence, players, lines, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_paranormal_abduction_night_rules(rs, sentence, players, lines, expect):
    o, _ = run(rs, players, lines, starting=True, items={"S": {"Hold-out Blaster": 1}} if "S=" in players else None)
    check(o, expect)
    for f in o.failed:
        assert any(f.reason in line for line in o.log), (sentence, o.log)


def test_cli_a_kept_captive_may_use_the_advanced_assassin_bot(tmp_path):
    # ADV_BOT: a Xenozoologist's captive was refused ("no actions but remote tech") though the
    # Advanced Assassin bot is remote tech; its day kill now goes through.
    host = _new_paranormal(tmp_path, "Ex=Exterminator (Mind Shield)", "Dp=Doppelganger", "Xe=Xenozoologist", "Jo=Townie",
                "Ki=Townie", "Lu=Townie")
    host.ok("tech", "pick", "Ex", "Advanced Assassin bot", "Stun Bomb")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Ex")
    host.ok("act", "Dp", "Kill", "Jo")
    assert "captured: Ex by Xe" in host.ok("resolve", "--force")
    assert "out of play" in host.ok("status")
    host.ok("act", "Ex", "Advanced Assassin bot", "Dp")
    assert "dies: Dp, killed by Assassin Bot" in host.ok("eliminate", "--none")
    # what the abduction still stops: an ordinary action of the captive
    assert "no actions but remote tech" in host.refused("act", "Ex", "Kill", "Ki")


TOLD = "Your abductor X left the game today: you are returned to play."


def _abducted(tmp_path) -> Host:
    """Night 1: the Xenozoologist X keeps Ann (an Agent: a Human specimen)."""
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "3"]
    for a in ["X=Xenozoologist", "Bob=Doppelganger", "Ann=Agent", "Cy=Townie", "Dee=Townie", "Eve=Townie"]:
        args += ["--assign", a]
    host.ok(*args)
    host.ok("act", "X", "Abduct", "Ann")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("command", [("eliminate", "X"), ("kill", "X", "--reason", "modkill for inactivity")],
                         ids=["Xenozoologist-returned-by-a-lynch-is-told-by-pm",
                              "Xenozoologist-returned-by-a-modkill-is-told-by-pm"])
def test_captive_returned_by_day_gets_a_pm(tmp_path, command):
    """Seed paranormal Xenozoologist: 'If he is killed, all abducted players are returned to the
    game.' Lynched or modkilled by day: the captive's day PM says so; undo restores the folder."""
    host = _abducted(tmp_path)
    before = snapshot(host.folder)
    out = host.ok(*command)
    assert "Ann returns to play: their abductor X left the game (hostkit pm --day 1)" in out
    pms = host.ok("pm", "--day", "1")
    assert TOLD in pms
    assert pms.count("returned to play") == 1  # Ann only: nobody else learned anything
    assert TOLD in host.ok("pm", "Ann", "--day", "1")
    assert TOLD not in host.ok("pm", "Ann", "--night", "1")  # told once, on the day it happened
    status = {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}
    assert "abducted" not in status["Ann"]["tags"]
    assert "returned" not in host.ok("status")  # bookkeeping: not a status word
    host.ok("undo")
    assert snapshot(host.folder) == before
    assert "has resolved no day action" in host.refused("pm", "--day", "1")  # undone: nothing to tell


def test_a_day_with_nothing_to_tell_still_refuses(tmp_path):
    """Seed paranormal Xenozoologist: 'If he is killed, all abducted players are returned to the
    game.' A lynch of someone else returns no one: no PM, refused as before."""
    host = _abducted(tmp_path)
    host.ok("eliminate", "Cy")
    assert "day 1 has resolved no day action" in host.refused("pm", "--day", "1")


def test_captive_returned_by_a_night_modkill_is_told_in_the_night_pm(tmp_path):
    """Seed paranormal Xenozoologist: 'If he is killed, all abducted players are returned to the
    game.' A modkill of the abductor during night 2 (before it resolves): the night's PM tells it."""
    host = _abducted(tmp_path)
    host.ok("eliminate", "--none")
    out = host.ok("kill", "X", "--reason", "modkill")
    assert "Ann returns to play: their abductor X left the game (hostkit pm --night 2)" in out
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Your abductor X left the game tonight: you are returned to play." in host.ok("pm", "Ann", "--night", "2")


def test_captive_returned_by_a_lynch_shot_gets_a_day_pm(tmp_path):
    """Seed paranormal Xenozoologist: 'If he is killed, all abducted players are returned to the
    game.' Hold-out Blaster: 'If the Alien is lynched, he pulls out the blaster and gets to shoot a
    single target before dying': the shot kills the abductor on the lynch day, whose PM tells Cy."""
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "3"]
    for a in ("Su=Survivor", "Xe=Xenozoologist", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie"):
        args += ["--assign", a]
    host.ok(*args)
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("tech", "pick", "Xe", "Scanner")
    host.ok("act", "Xe", "Abduct", "Cy")
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    assert "day 1 has resolved no day action" in host.refused("pm", "--day", "1")  # the lynch alone: nothing
    assert "(hostkit pm --day 1)" in host.ok("shoot", "Su", "Xe")
    assert "Your abductor Xe left the game today: you are returned to play." in host.ok("pm", "Cy", "--day", "1")


def test_xenozoologist_is_told_the_specimen_he_keeps(tmp_path):
    """Seed paranormal Xenozoologist: 'If that player is of a race he does not have, they are
    removed from the game and kept for study. If he already has one, they are returned to play
    the following morning.' The abductor learns which happened (his win is one of each kind);
    before, his PM was empty ('No PMs')."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "none")
    host.ok("tech", "pick", "Ex", "none")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Xe", "Abduct", "To")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "You abducted To and keep them for study as your Human specimen (specimens held: Human)." in pm
    host.ok("eliminate", "--none")
    host.ok("act", "Xe", "Abduct", "T2")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 2)
    assert "You abducted T2, but you already hold a Human specimen: T2 is returned to play in the morning." in pm
    assert "keep them" not in pm


def test_abducted_warden_is_not_told_the_binding_failed(tmp_path):
    """Seed paranormal Event Order: Pure Role-blockers before Abductors ('a Role-blocker is
    effectively unblockable'); decision abduction: 'Actions of earlier steps (Mind Control,
    blocks) had already reached them'. The Psychic Warden's binding of Ex works on the night Xe
    takes him, so his PM must not say he 'could not act' without that exception."""
    host = _game(tmp_path, *XENO)
    for p in ("Xe", "Ex", "Su"):
        host.ok("tech", "pick", p, "none")
    host.ok("act", "Pw", "Bind", "Ex")
    host.ok("act", "Xe", "Abduct", "Pw")
    host.ok("act", "Ex", "Kill", "Ag")
    host.ok("act", "Dp", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "Ex's Kill: blocked by Psychic Warden (Pw)" in out  # the binding did work
    pm = _pms(host, "Pw", 1)
    assert ("You were abducted tonight: you were taken from your home and could not act, except for your Bind, "
            "which had already taken place.") in pm


def test_xenozoologist_and_captives_are_told_he_won_and_they_leave(tmp_path):
    """Seed paranormal Xenozoologist: 'Once he has 1 of each, he wins and he and all abducted
    players are removed from the game.' The night he took his fourth kind, no PM said so: the
    captives were still told they are kept 'until your abductor leaves the game'."""
    host = _game(tmp_path, "Xe=Xenozoologist", "Dp=Doppelganger", "Dq=Doppelganger", "Te=Telepath", "Su=Survivor",
                 "T1=Townie", "T2=Townie", "T3=Townie", "T4=Townie", "T5=Townie", "T6=Townie", "T7=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("tech", "pick", "Su", "none")
    for n, (taken, killed) in enumerate([("T1", "T5"), ("Te", "T6"), ("Dq", "T7"), ("Su", "T4")], start=1):
        host.ok("act", "Xe", "Abduct", taken)
        host.ok("act", "Dp", "Kill", killed)
        host.ok("resolve", "--force")
        if n < 4:
            assert "you have won" not in _pms(host, "Xe", n)
            host.ok("eliminate", "--none")
    assert "you have won, and you leave the game with your captives" in _pms(host, "Xe", 4)
    for captive in ("T1", "Te", "Dq", "Su"):
        assert "Your abductor Xe now holds one specimen of each kind and has won: you leave the game with them." \
            in _pms(host, captive, 4)
    assert "leave the game" not in host.ok("pm", "T2", "--night", "4", "--format", "plain")


@pytest.mark.parametrize("abductor, role", [("Xe", "Xenozoologist"), ("Ms", "Harvester (Mind Stealer)")],
                         ids=["Xenozoologist-told-a-Body-Double-stopped-the-abduction",
                              "Mind-Stealer-told-a-Body-Double-stopped-the-abduction"])
def test_an_abduction_stopped_by_a_body_double_is_told_as_failed(tmp_path, abductor, role):
    """Seed paranormal Body Double: 'stops all other forms of death/capture'. The abductor, told
    what its abduction did when it works (kept, returned, a role stolen), was told nothing when
    the Body Double stopped it; it is told it failed, never why."""
    host = _game(tmp_path, f"{abductor}={role}", "Cu=Mad Scientist (Cutting Edge Scientist)", "Dp=Doppelganger",
                 "To=Townie", "T2=Townie", options=("max-day=6", "mind-stealer-roles=Detective,Medium"))
    host.ok("tech", "pick", abductor, *(["none"] if abductor == "Xe" else ["Scanner", "Stun Orb"]))
    host.ok("tech", "pick", "Cu", "Body Double")
    host.ok("act", abductor, "Abduct", "Cu")
    host.ok("act", "Cu", "Body Double")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, abductor, 1)
    assert "Your Abduct on Cu failed: you could not take them tonight." in pm
    assert "Body Double" not in pm


def test_xenozoologist_killed_by_the_war_vet_he_abducts_keeps_no_one(tmp_path):
    """Seed paranormal Abduction: 'The Paranoid War Vet and Sentry Gun are not role-blocked by an
    abduction, and will kill the player attempting the abduction'; Xenozoologist: 'If he is killed,
    all abducted players are returned to the game.' His PM said he keeps the War Vet for study."""
    host = _game(tmp_path, "Xe=Xenozoologist", "Wv=War Vet", "Dp=Doppelganger", "To=Townie", "T2=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Wv")
    host.ok("act", "Dp", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "dies: Xe, killed by War Vet" in out
    assert "keep them for study" not in _pms(host, "Xe", 1)
    assert "Your abductor Xe died tonight: you are returned to play this morning." in _pms(host, "Wv", 1)


def test_a_lone_doppelganger_kept_by_the_xenozoologist_does_not_deadlock_the_night(tmp_path):
    """Seed paranormal: the Doppelgangers may skip 'only ... twice in a row'; a kept player
    'cannot be the target of any other night action' and acts only with remote tech. A lone
    Doppelganger captured on its second skip made night 3 unresolvable: 'must use it tonight',
    while 'act Dp Kill' was refused (out of play) and resolve has no --force past a required
    action."""
    host = _game(tmp_path, "Dp=Doppelganger", "Xe=Xenozoologist", "To=Townie", "T2=Townie", "T3=Townie", "T4=Townie",
                 "Ag=Agent")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("act", "Xe", "Abduct", "Dp")
    assert "captured: Dp by Xe" in host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    assert "out of play" in host.refused("act", "Dp", "Kill", "To")
    assert "Night 3" in host.ok("resolve", "--force")


def test_an_investigation_of_an_abducted_player_gets_no_result_and_is_told(tmp_path):
    """Seed paranormal Abduction: 'While removed, they cannot be the target of any other night
    action.' The Agent, Detective and Reporter who chose To got no PM at all and would wait for a
    result; they are told 'no result' (never why), as natural does. A Telepath stopped by a Mind
    Shield is told that once, not twice."""
    host = _game(tmp_path, "Xe=Xenozoologist", "Dp=Doppelganger", "To=Townie", "Ag=Agent", "De=Detective",
                 "Re=Reporter", "Te=Telepath", "Ms=Townie", attributes=("Ms=Mind Shield",))
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "To")
    for who, ability in (("Ag", "Investigate"), ("De", "Investigate"), ("Re", "Watch")):
        host.ok("act", who, ability, "To")
    host.ok("act", "Te", "Read", "Ms")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Your Investigate got no result tonight." in _pms(host, "Ag", 1)
    assert "Your Investigate got no result tonight." in _pms(host, "De", 1)
    assert "Your Watch got no result tonight." in _pms(host, "Re", 1)
    te = _pms(host, "Te", 1)
    assert "Your Read on Ms was blocked by a Mind Shield." in te and "no result" not in te


def test_paranormal_abduction_modkilled_captive_is_not_flipped(tmp_path):
    """Abduction: 'Abducted players are not role-flipped until their abductor leaves the game.'
    A host's modkill of a kept captive must not print (or allow) the flip while the
    Xenozoologist lives; undo restores the folder byte for byte."""
    from conftest import snapshot

    host = _new(tmp_path, "Xe=Xenozoologist", "Gus=Townie", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Gus")
    host.ok("act", "Bob", "Kill", "Dee")
    host.ok("resolve")
    before = snapshot(host.folder)
    out = host.ok("kill", "Gus", "--reason", "replacement refused")
    assert "No flip" in out and "Townie" not in out, out
    assert "not role-flipped" in host.refused("post", "flip", "Gus")
    assert "undone: the kill on Gus" in host.ok("undo")
    assert snapshot(host.folder) == before


def test_paranormal_abduction_kept_captive_trades_tech_only_with_the_scientist(tmp_path):
    """'Alien Tech can be passed ... This must be done via PM at Night', and a kept captive is out
    of play: 'The Scientist and all of his captives may freely PM one another' (seed
    Xenozoologist). A pass between a captive and anyone else is refused, nothing written."""
    host = _new(tmp_path, "Xe=Xenozoologist", "Ao=Agent Operative", "Ag=Agent", "Bob=Doppelganger",
                "Cy=Townie", "Dee=Townie", "Eve=Townie")
    host.ok("tech", "pick", "Xe", "Assassin bot")
    host.ok("tech", "pick", "Ao", "Personal Shield", "Holoform Modulator", "Stun Bomb")
    host.ok("act", "Xe", "Abduct", "Ag")
    host.ok("act", "Bob", "Kill", "Dee")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")  # day 1 ends without votes: night 2, when tech is passed
    assert "only the Scientist and his captives" in host.refused("tech", "pass", "Ao", "Ag", "Personal Shield")
    host.ok("tech", "pass", "Xe", "Ag", "Assassin bot")
    assert "only the Scientist and his captives" in host.refused("tech", "pass", "Ag", "Ao", "Assassin bot")


def test_paranormal_xenozoologist_kept_doppelganger_is_no_town_win(tmp_path):
    """Xenozoologist: 'If he is killed, all abducted players are returned to the game.' The Town
    wins 'when every Doppelganger and every other killer is dead': a Doppelganger kept alive by a
    living Scientist can come back, so the Town has not won yet; lynching the Scientist returns it."""
    host = _new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Eve=Townie", "Xe=Xenozoologist", "Dee=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Bob")
    host.ok("act", "Bob", "Kill", "Dee")
    out = host.ok("resolve")
    assert "captured: Bob by Xe" in out and "winner" not in host.ok("status").splitlines()[0]
    for voter in ("Ann", "Eve", "Dee"):
        host.ok("vote", voter, "Xe")
    host.ok("eliminate", "Xe")
    status = host.ok("status")
    assert "game is over" not in status.splitlines()[0], status
    assert "abducted" not in [line for line in status.splitlines() if line.strip().startswith("Bob")][0]


def test_paranormal_abduction_kept_bomber_is_not_told_they_could_not_act(tmp_path):
    """Plasma Bomb: 'Can also be used while abducted.' A kept Exterminator whose bomb went off is
    told so, not 'could not act' alone; a captive with nothing exempt still hears the plain line."""
    host = _new(tmp_path, "Em=Exterminator (Mind Shield)", "Xe=Xenozoologist", "Bob=Doppelganger", "Cy=Townie",
                "Dee=Townie", "Fo=Townie")
    host.ok("tech", "pick", "Em", "Plasma Bomb", "Stun Bomb")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Em")
    host.ok("act", "Em", "Plasma Bomb", "Cy")
    host.ok("act", "Bob", "Kill", "Fo")
    out = host.ok("resolve", "--force")
    assert "Cy, killed by Plasma Bomb" in out, out
    told = [line for line in out.splitlines() if line.strip().startswith("told: Em:")]
    assert told and "except for your Plasma Bomb, which works even while abducted" in told[0], out
