"""`hostkit deadline`: a time in the past is recorded with a warning, one outside the calendar is
one line, and a hand-edited deadline is refused with its file and key.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic
from game_helpers import _played


def test_deadline_in_the_past_is_recorded_with_a_warning(tmp_path):
    """red13: 'deadline "2020-01-01 00:00"' was taken without a word. Decision: it is recorded (a
    host may set a deadline after the fact, and counts then apply the deadline rule) with a
    warning that says so and how to take it back; a future one has no warning."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    result = host("deadline", "2020-01-01 00:00")
    assert result.exit_code == 0
    assert "Warning: that deadline (2020-01-01 00:00 UTC) has already passed (" in result.stderr
    assert "'hostkit undo' takes it back" in result.stderr
    assert json.loads(host.ok("deadline", "--json"))["deadline"]["passed"] is True
    result = host("deadline", "+1d")
    assert result.exit_code == 0 and "Warning" not in result.stderr


@pytest.mark.parametrize("when", [
    pytest.param("+99999999d", id="overflow-days-was-a-traceback"),
    pytest.param("+100000000000000000000h", id="overflow-hours-was-a-traceback"),
    pytest.param("9999-12-31T23:59-05:00", id="past-year-9999-in-utc-crashed-every-count"),
])
def test_house_rule_a_deadline_outside_the_calendar_is_one_line(tmp_path, when):
    """'hostkit deadline +99999999d' printed an OverflowError traceback; '9999-12-31T23:59-05:00'
    was recorded, and every vote count then crashed turning it into UTC."""
    host = _played(tmp_path)
    out = host.refused("deadline", when)
    assert "outside the calendar" in out or "too far from now" in out, out


@pytest.mark.parametrize("data,words", [
    pytest.param('{ at = "garbage" }', "data.at: a deadline is an ISO time", id="not-a-time"),
    pytest.param("{ at = 5 }", "data.at: a deadline is an ISO time", id="a-number"),
    pytest.param('{ at = "2026-11-25T05:37:39" }', "has no UTC offset", id="no-offset"),
    pytest.param('{ at = "0001-01-01T00:00:00+05:00" }', "outside the calendar", id="before-year-1-in-utc"),
    pytest.param('{ when = "tomorrow" }', "data.when: a deadline has only 'at'", id="unknown-key"),
])
def test_house_rule_a_hand_edited_deadline_is_refused_with_file_and_key(tmp_path, data, words):
    """A deadline event's data hand-edited to something that is not a time crashed 'status',
    'votes' and 'due' with a traceback (ValueError, TypeError, OverflowError)."""
    host = _played(tmp_path)
    host.ok("deadline", "2026-12-01 18:00")
    day1 = host.folder / "phases/002-day-1.toml"
    text = day1.read_text()
    old = 'data = { at = "2026-12-01T18:00:00+00:00" }'
    assert old in text, text
    day1.write_text(text.replace(old, f"data = {data}"))
    for command in ("status", "votes", "due"):
        out = host.refused(command)
        assert "002-day-1.toml: events[" in out and words in out, out
