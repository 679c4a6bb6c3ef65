"""ITA shots and windows (seed natural-resolution.md I and II): `ita open` refused with no shot to
fire, a window closed with the day, and `grant` refusing bad numbers by hand or by edit.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from conftest import Host
from game_helpers import natural_day1
from hostkit.game.game import create
from test_natural_dayactions import alive, day1, game


def md5s(host: Host) -> dict[str, str]:
    return {str(p.relative_to(host.folder)): hashlib.md5(p.read_bytes()).hexdigest()
            for p in sorted(host.folder.rglob("*")) if p.is_file()}


def test_natural_II_ita_open_is_refused_when_no_one_has_an_ita_shot(tmp_path):
    """Seed II: innate actions 'are granted to players via game rules (i.e. ITA shots)'. With
    ita-shots 0 (natural's default) no one can shoot, so a window opens for nothing."""
    host = game(tmp_path, options=())
    host.ok("resolve", "--force")
    out = host.refused("ita", "open")
    assert out.strip() == ("Error: no living player has an ITA Shot left (option ita-shots = 0; seed natural II: "
                           "innate actions are granted by the game's rules): an ITA window is for ITA Shots; "
                           "give one with 'hostkit grant PLAYER \"ITA Shot\" --uses 1' first")
    host.ok("grant", "Ann", "ITA Shot", "--uses", "1")
    assert "ITA window 1 is open" in host.ok("ita", "open")
    assert "no uses left" in host.refused("act", "--now", "Bea", "ITA Shot", "Go")


def test_natural_II_ita_open_is_refused_once_every_shot_is_spent(tmp_path):
    host = day1(tmp_path, options=("ita-shots=1", "ita-accuracy=0"))
    host.ok("ita", "open")
    for name in ("Dv", "Sn", "Gun", "Ora", "Dd", "Go", "Ann", "Bea", "Cy", "Dee", "Eve", "Fay"):
        host.ok("act", "--now", name, "ITA Shot", "Go" if name != "Go" else "Ann")
    host.ok("ita", "close")
    assert "no living player has an ITA Shot left" in host.refused("ita", "open")


def test_ita_open_in_a_ruleset_without_ita_shots_is_refused(tmp_path):
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1,
           assign=["Ann=Seer", "Bob=Werewolf", "Cy=Villager", "Dee=Villager", "Eve=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "classic-werewolf has no ITA shots" in host.refused("ita", "open")


def test_natural_I_a_window_still_open_closes_with_the_day(tmp_path):
    """Decision (the seed is silent): 'eliminate' with a window open closes it first, as 'ita
    close' would (an ITA shot still waiting resolves), then ends the day; one undo takes back both."""
    host = day1(tmp_path, options=("ita-shots=1", "ita-accuracy=1"))
    host.ok("ita", "open")
    host.ok("act", "Ann", "ITA Shot", "Go")  # waiting: not resolved yet
    before = md5s(host)
    out = host.ok("eliminate", "Bea")
    assert out.index("ITA window 1 closes with the day.") < out.index("dies: Go, killed by ITA Shot") \
        < out.index("Bea is eliminated")
    day = sorted((host.folder / "phases").glob("*day-1.toml"))[0].read_text()
    assert 'kind = "ita-close"' in day
    assert not alive(host)["Go"] and not alive(host)["Bea"]
    assert host.ok("undo").strip() == "undone: the closing of the ITA window, with the end of day 1 (Bea eliminated)"
    assert md5s(host) == before
    assert json.loads(host.ok("actions", "--json"))["ita_window"] == 1


@pytest.mark.parametrize("args, said", [
    (("--uses", "100000000000000000000"), "from -1000 to 1000"),   # no TOML integer holds it
    (("--uses", "0"), "not 0"),
    (("--uses", "-2"), "cannot take away 2"),
    (("--accuracy", "nan"), "between 0 and 1"),
    (("--accuracy", "1.01"), "between 0 and 1"),
], ids=["natural-II-innate-grant-uses-out-of-range", "natural-II-innate-grant-uses-zero",
        "natural-II-innate-grant-below-zero-uses", "natural-II-innate-grant-accuracy-nan",
        "natural-II-innate-grant-accuracy-above-1"])
def test_natural_II_grant_bad_numbers_refused_nothing_written(tmp_path, args, said):
    host = natural_day1(tmp_path)
    assert said in host.refused("grant", "Ann", "ITA Shot", *args)


@pytest.mark.parametrize("edit, said", [
    (('uses = 2', 'uses = "x"'), "events[0]: uses (--uses) must be a whole number, got 'x'"),
    (('uses = 2', 'uses = 2.5'), "events[0]: uses (--uses) must be a whole number, got 2.5"),
    (('uses = 2', 'uses = true'), "events[0]: uses (--uses) must be a whole number, got True"),
    (('uses = 2', 'uses = 0'), "events[0]: uses (--uses) must be a whole number from -1000 to 1000, not 0"),
    (('uses = 2', 'uses = -9'), "events[0]: Ann has 1 ITA Shot use(s) left: cannot take away 9"),
    (('accuracy = 0.4', 'accuracy = 7'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got 7"),
    (('accuracy = 0.4', 'accuracy = "a"'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got 'a'"),
    (('accuracy = 0.4', 'accuracy = nan'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got nan"),
], ids=["house-rule-hand-edit-grant-uses-text", "house-rule-hand-edit-grant-uses-fraction",
        "house-rule-hand-edit-grant-uses-bool", "house-rule-hand-edit-grant-uses-zero",
        "house-rule-hand-edit-grant-uses-below-zero", "house-rule-hand-edit-grant-accuracy-7",
        "house-rule-hand-edit-grant-accuracy-text", "house-rule-hand-edit-grant-accuracy-nan"])
def test_natural_II_hand_edited_grant_is_reported_with_file_and_key(tmp_path, edit, said):
    """A grant's data edited by hand was read with int()/float(): a traceback, or a negative
    count of shots, or an accuracy of 7 taken silently. Now one line naming the file and key."""
    host = natural_day1(tmp_path)
    host.ok("grant", "Ann", "ITA Shot", "--uses", "2")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "0.4")
    day_file = sorted((host.folder / "phases").glob("*day-1.toml"))[0]
    text = day_file.read_text()
    assert edit[0] in text
    day_file.write_text(text.replace(edit[0], edit[1]))
    result = host("status")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert f"{day_file}: {said}" in result.output
