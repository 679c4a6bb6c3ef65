"""Issue 12 (pmret): 'PMs go to every player who learns something: the captured and the returned'.
Seed paranormal, Xenozoologist: 'If he is killed, all abducted players are returned to the game.'
A captive whose abductor leaves the game by day (a lynch, a modkill) is told so by its PM
(`hostkit pm --day N`), as a night death tells it in `hostkit pm --night N`."""

from __future__ import annotations

import json

import pytest

from conftest import Host, snapshot

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
