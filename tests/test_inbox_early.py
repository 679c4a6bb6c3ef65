"""A PM sent during one phase for the next (issue 35, "Early actions"): "for night 2, guard Cara
Lee" sent by day is shown by day as an action for the coming night, marked early, and the host
can take it then (`inbox --take ID`: kept, and entered by the first `--accept` of that night) or
once the night has begun (as before).

Which phase a PM by day is for (decision): a PM that names a phase is for that phase ("for night
2", "N2", "tonight" by day are the coming night's); one that names none is for the day when it
says anything about an ability usable by day (a Day Vigilante's "shoot Bob" is today's shot),
and for the coming night only when it says nothing about a day ability but does about a night
one (a Guard's "guard Carol" by day). A Day Vigilante's "for night 2, shoot Bob" is not read as
today's shot: it names the night, in which he has no ability, so it is unsure for the host.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest

from hostkit.forum.base import Message
from hostkit.forum.inbox import phase_start, readings
from hostkit.forum.inboxrun import Phase, _accept
from hostkit.forum.journal import Journal
from hostkit.game.game import create

from conftest import Host

NATURAL = ["Ann=Cop", "Bob=Goon", "Dee=Day Vigilante", "Eve=Doctor", "Fay=Villager", "Gus=Goon", "Hal=Villager"]


def _pm(ident, sender, when, text, subject="action"):
    return Message(ident, sender, (), subject, when.isoformat(timespec="seconds"), text)


def _day_one(host: Host, *night) -> datetime:
    """Night 1 resolved an hour ago (its end moved back, as if the day had gone on): day 1's start."""
    for act in night:
        host.ok("act", *act)
    host.ok("resolve", "--force")
    path = next((host.folder / "phases").glob("*-night-1.toml"))
    text = path.read_text()
    end = re.search(r'^time = "([^"]+)"', text, re.M).group(1)
    moved = (datetime.fromisoformat(end) - timedelta(hours=1)).isoformat(timespec="seconds")
    path.write_text(text.replace(f'time = "{end}"', f'time = "{moved}"'))
    return phase_start(host.game, Journal(host.folder))[0]


def _read(host: Host, pms):
    found, left = readings(host.game, pms, Journal(host.folder))
    return {r.id: (r.line, r.state, r.for_phase) for r in found}, left


@pytest.mark.parametrize("player, text, want", [
    ("Dave", "for night 2, guard Carol", ("Dave Guard Carol", "ahead", "night 2")),  # the issue's
    ("Dave", "N2: guard Carol", ("Dave Guard Carol", "ahead", "night 2")),  # new: the short form
    ("Ann", "tonight I check Gus", ("Ann Check Gus", "ahead", "night 2")),  # new: "tonight" by day
    ("Ann", "check Gus please", ("Ann Check Gus", "ahead", "night 2")),  # new: no phase named, no day ability
    ("Carol", "no potion tonight", ("Carol skip", "ahead", "night 2")),  # new: a skip for the night
    ("Carol", "for night 3: poison Bob", (None, "new", "")),  # new: another night: unsure, for the host
    ("Hal", "Bob is scum, vote him", (None, "new", "")),  # a Villager's talk: nothing ahead
    ("Ann", "check Gus. Also Bob is scummy", ("Ann Check Gus", "ahead", "night 2")),  # new: talk beside it
    ("Dave", "guard Carol (for night 1, sorry I'm late)", (None, "new", "")),  # new: the night gone: unsure
], ids=["issue", "n2", "tonight", "no-phase", "skip", "night-3", "talk", "talk-beside", "late-night-1"])
def test_by_day_a_pm_for_the_coming_night_is_shown_as_early(classic, player, text, want):
    start = _day_one(classic, ("Bob", "Kill", "Fay"), ("Carol", "skip"))
    got, _ = _read(classic, [_pm("1", player, start + timedelta(minutes=5), text)])
    assert got["1"] == want


def test_by_day_a_pm_naming_a_phase_gone_or_further_ahead_is_unsure_saying_which(classic):
    start = _day_one(classic, ("Bob", "Kill", "Fay"), ("Carol", "skip"))
    at = start + timedelta(minutes=5)
    found, _ = readings(classic.game, [_pm("1", "Dave", at, "guard Carol (for night 1, sorry I'm late)"),
                                       _pm("2", "Carol", at, "for night 3: poison Bob")], Journal(classic.folder))
    assert [(r.why, r.unsure) for r in found] == [("is for night 1, not day 1", True), ("is for night 3, not day 1", True)]


def test_a_day_vigilante_by_day_shoots_today_unless_the_pm_names_the_night(tmp_path):
    """natural's Day Vigilante has a day shot and no night ability: "shoot Bob" by day is
    today's; "for night 2, shoot Bob" is for a night he has nothing in (unsure, for the host);
    the Cop's "check Bob" by day is the coming night's."""
    create(tmp_path / "g", ruleset="natural", assign=NATURAL, seed=1)
    host = Host(tmp_path / "g")
    start = _day_one(host, ("Bob", "Kill", "Fay"))
    at = start + timedelta(minutes=5)
    got, _ = _read(host, [_pm("1", "Dee", at, "shoot Bob"), _pm("2", "Ann", at, "check Bob")])
    assert got == {"1": ("Dee Shoot Bob", "new", ""), "2": ("Ann Investigate Bob", "ahead", "night 2")}
    got, _ = _read(host, [_pm("3", "Dee", at, "for night 2, shoot Bob")])
    assert got["3"][:2] == (None, "new")


def test_a_pm_taken_by_day_is_entered_by_the_nights_first_accept(classic):
    """Taken by day (--take): nothing is entered by day (the night has not begun); night 2's
    --accept enters it with the rest. An early PM not taken waits for --take at night, as
    before, and one the player replaced by a later PM is not taken."""
    from hostkit.forum.inboxrun import _untakable

    start = _day_one(classic, ("Bob", "Kill", "Fay"), ("Carol", "skip"))
    at = start + timedelta(minutes=5)
    pms = [_pm("1", "Dave", at, "for night 2, guard Carol"), _pm("2", "Ann", at, "check Gus"),
           _pm("3", "Carol", at, "no potion tonight"), _pm("4", "Carol", at + timedelta(minutes=1), "poison Gus")]
    game = classic.game
    found, left = readings(game, pms, Journal(classic.folder))
    phase = Phase(game.current.record.label, found, left, [], pms, {}, 0.0, {}, {})
    assert "replaces" in _untakable(next(r for r in found if r.id == "3"))
    done = _accept(game, phase, None, {"1"})
    assert done["taken"] == [{"id": "1", "player": "Dave", "line": "Dave Guard Carol", "for": "night 2"}]
    assert not done["entered"] and "Dave" not in classic.ok("actions")
    got, _ = _read(classic, pms)
    assert got["1"] == ("Dave Guard Carol", "taken", "night 2") and got["2"][1] == "ahead"
    classic.ok("eliminate", "--none")
    got, left = _read(classic, pms)
    assert got == {"1": ("Dave Guard Carol", "new", ""), "2": ("Ann Check Gus", "early", ""),
                   "3": ("Carol skip", "replaced", ""), "4": ("Carol Poison Gus", "early", "")}
    game = classic.game
    found, left = readings(game, pms, Journal(classic.folder))
    done = _accept(game, Phase("night 2", found, left, [], pms, {}, 0.0, {}, {}), None, set())
    assert [e["line"] for e in done["entered"]] == ["Dave Guard Carol"]
    assert "Dave: Guard Carol" in classic.ok("actions") and "Ann: Check" not in classic.ok("actions")


def test_by_night_a_day_vigilantes_shot_is_for_the_coming_day_and_taken_for_it(tmp_path):
    """The other way round (the next case of the kind): natural's Day Vigilante PMs "shoot Bob"
    during night 1, when he has nothing to use; it is shown as early for day 1, taken by night,
    and day 1's first --accept enters it."""
    create(tmp_path / "g", ruleset="natural", assign=NATURAL, seed=1)
    host = Host(tmp_path / "g")
    toml = host.folder / "game.toml"
    created = re.search(r'created = "([^"]+)"', toml.read_text()).group(1)
    earlier = (datetime.fromisoformat(created) - timedelta(hours=2)).isoformat(timespec="seconds")
    toml.write_text(toml.read_text().replace(created, earlier))
    sent = datetime.fromisoformat(earlier) + timedelta(minutes=30)
    pms = [_pm("1", "Dee", sent, "shoot Bob"), _pm("2", "Ann", sent, "check Gus")]
    game = host.game
    found, left = readings(game, pms, Journal(host.folder))
    assert {r.id: (r.line, r.state, r.for_phase) for r in found} == {
        "1": ("Dee Shoot Bob", "ahead", "day 1"), "2": ("Ann Investigate Gus", "new", "")}
    done = _accept(game, Phase("night 1", found, left, [], pms, {}, 0.0, {}, {}), None, {"1"})
    assert [e["line"] for e in done["entered"]] == ["Ann Investigate Gus"] and done["taken"][0]["for"] == "day 1"
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    game = host.game
    found, left = readings(game, pms, Journal(host.folder))
    assert [(r.id, r.state) for r in found] == [("1", "new")]
    done = _accept(game, Phase("day 1", found, left, [], pms, {}, 0.0, {}, {}), None, set())
    assert [e["line"] for e in done["entered"]] == ["Dee Shoot Bob"]
    assert "Dee: Shoot Bob" in host.ok("actions")


def test_by_day_inbox_json_lists_a_pm_for_the_coming_night_among_the_early(classic, monkeypatch):
    """`inbox --json` by day: the PM for night 2 is in "early" (and "ahead"), with "for": "night 2"."""
    import hostkit.forum.inboxrun as inboxrun

    start = _day_one(classic, ("Bob", "Kill", "Fay"), ("Carol", "skip"))
    pms = [_pm("1", "Dave", start + timedelta(minutes=5), "for night 2, guard Carol")]
    game = classic.game
    found, left = readings(game, pms, Journal(classic.folder))
    monkeypatch.setattr(inboxrun, "read_phase", lambda g: Phase("day 1", found, left, [], pms, {}, 0.0, {}, {}))
    result = inboxrun.inbox(game)
    assert [(p["id"], p["for"], p["line"]) for p in result["early"]] == [("1", "night 2", "Dave Guard Carol")]
    assert result["ahead"] == result["early"] and not result["unsure"]
