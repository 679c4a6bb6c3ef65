"""A scripted day on the live board (issue 37): players vote over several rounds, one asks `!vc`,
a reminder falls due, a player hammers. The thread then shows exactly the counts, the reminder
and the lock a careful host would have posted, and the host's inbox exactly the PM of the next
step. The watch's clock is a ManualClock: the day's hours pass without a wait."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from watch_helpers import Day


@pytest.mark.slow  # some 40 s: a dozen posts by seven players and six rounds on the board
def test_a_scripted_day_shows_what_a_careful_host_would_have_posted(tmp_path, board, monkeypatch):
    from hostkit.watch.clock import ManualClock
    from hostkit.watch.loop import watch

    day = Day(tmp_path, board, monkeypatch, "--option", "majority=half-plus-one").to_day()
    start = datetime.now(timezone.utc)
    day.host.ok("deadline", (start + timedelta(hours=30)).strftime("%Y-%m-%d %H:%M"))
    clock = ManualClock(start)
    said: list[str] = []

    def round_() -> str:
        said.clear()
        watch([day.host.folder], once=True, every=300, pace=0, clock=clock, say=said.append, signals=False)
        return "\n".join(said)

    n = day.n
    day.vote("Ann", "Bob")
    day.vote("Dee", "Bob")
    assert "sent" not in round_()  # two votes: nothing yet
    clock.advance(hours=1)
    day.vote("Eli", "Ann")
    assert "vote count 1.01 (3 votes changed): sent" in round_()
    clock.advance(hours=1)
    day.say("Fin", "Where are we at? !vc")
    assert "answers !vc" in round_()
    clock.advance(minutes=30)
    assert "sent" not in round_()  # nothing new
    clock.advance(hours=4)  # 23.5 hours before the deadline: the 24-hour reminder is due
    assert "reminder" in round_()
    day.vote("Gil", "Ann")
    day.vote("Fin", "Bob")
    day.vote("Eli", "Bob")  # Bob: Ann, Dee, Fin, Eli: 4 of 6 living, the hammer
    out = round_()
    assert "final vote count" in out and "locked" in out
    assert "sent" not in round_()

    posts = day.host_posts()
    assert len(posts) == 4, posts
    first, answer, reminder, final = posts
    assert "Vote Count 1.01" in first and f"{n['Bob']} (2)" in first and f"{n['Ann']} (1)" in first
    assert "Vote Count" in answer and "Counted up to post" in answer and f"{n['Bob']} (2)" in answer
    assert reminder.startswith("Reminder") and "(in 23 hours 30 minutes)" in reminder.splitlines()[1]
    not_voting = reminder.split("Not voting (3):")[1].strip().split(", ")
    assert sorted(not_voting) == sorted([n["Bob"], n["Fin"], n["Gil"]])
    assert f"{n['Bob']} (4)" in final and f"{n['Bob']} has been eliminated" in final and "Day 1 is over" in final
    assert re.search(r"Vote Count 1\.0\d", final)
    assert day.locked()
    pms = day.new_host_pms()
    assert [m.subject for m in pms] == [f"{day.title}: day 1 is over"]
    assert f"hostkit eliminate {n['Bob']}" in pms[0].text
