"""`hostkit watch` on the live board (issue 37): what one round posts, PMs and locks by day and by
night with the default options, each once, and the options that change it.

Each test plays a fresh game of seven on its own topic of the session's board (tests/forum_board.py).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from watch_helpers import Day


def test_a_count_is_posted_once_three_votes_changed_and_never_without_a_change(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch).to_day()
    day.vote("Ann", "Bob")
    day.vote("Dee", "Bob")
    assert "vote count" not in day.watch()  # two votes changed: not yet
    day.vote("Eli", "Ann")
    out = day.watch()
    assert "vote count 1.01 (3 votes changed): sent" in out
    assert "vote count" not in day.watch()  # nothing changed since
    day.say("Fin", "just chatting, no vote")
    assert "vote count" not in day.watch()
    posts = day.host_posts()
    assert len(posts) == 1 and "Vote Count 1.01" in posts[0]
    assert f"{day.n['Bob']} (2)" in posts[0] and f"{day.n['Ann']} (1)" in posts[0]
    assert "vote count 1.01" in day.host.ok("log")


def test_a_hammer_posts_one_final_count_locks_the_thread_and_pms_the_host_the_next_step(tmp_path, board,
                                                                                       monkeypatch):
    day = Day(tmp_path, board, monkeypatch, "--option", "majority=half-plus-one").to_day()
    for short in ("Ann", "Dee", "Eli"):
        day.vote(short, "Bob")
    day.vote("Fin", "Bob")  # 6 alive: 4 is a majority
    out = day.watch()
    assert "final vote count" in out and "locked" in out
    posts = day.host_posts()
    assert len(posts) == 1, posts
    assert f"{day.n['Bob']} has been eliminated" in posts[0] and "Day 1 is over" in posts[0]
    assert day.locked()
    pms = day.new_host_pms()
    assert len(pms) == 1 and f"hostkit eliminate {day.n['Bob']}" in pms[0].text
    again = day.watch()  # the day is over: nothing more
    assert "sent" not in again and "locked" not in again
    assert len(day.host_posts()) == 1 and len(day.new_host_pms()) == 1
    log = day.host.ok("log")
    assert "final vote count" in log and "lock at the end of day 1" in log and "day 1 over: the next step" in log
    # the host opens the night and then the next day: the watch unlocks the thread once
    day.host.ok("eliminate", day.n["Bob"])
    day.host.ok("act", day.n["Gil"], "Kill", day.n["Dee"])
    day.host.ok("resolve", "--force")
    assert "unlocked" in day.watch()
    assert not day.locked()
    assert "unlock" not in day.watch()


def test_at_the_deadline_the_count_stops_at_the_last_post_before_it(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch, "--option", "watch-reminders=none").to_day()
    day.vote("Ann", "Bob")
    day.vote("Dee", "Eli")
    day.host.ok("deadline", "+0m")  # now: every post after this is late
    day.vote("Eli", "Bob")
    out = day.watch()
    assert "final vote count" in out
    final = day.host_posts()[-1]
    assert "The deadline" in final and "has passed" in final and "Day 1 is over" in final
    assert f"{day.n['Bob']} (1)" in final  # Eli's late vote is not counted
    assert day.locked()
    pm = day.new_host_pms()[-1].text
    assert "deadline has passed" in pm and "hostkit eliminate" in pm


def test_one_reminder_names_every_living_player_with_no_vote_when_several_times_have_passed(tmp_path, board,
                                                                                          monkeypatch):
    day = Day(tmp_path, board, monkeypatch).to_day()
    day.host.ok("deadline", "+30m")  # the 24 h and the 1 h reminders are both due
    day.vote("Ann", "Bob")
    day.vote("Fin", None)  # an unvote is no vote on anyone
    out = day.watch()
    assert out.count("reminder (") == 1
    posts = day.host_posts()
    assert len(posts) == 1 and "Reminder" in posts[0]
    named = posts[0].split("Not voting")[1]
    living = [day.n[s] for s in ("Bob", "Dee", "Eli", "Fin", "Gil")]
    assert all(n in named for n in living)
    assert day.n["Ann"] not in named and day.n["Cy"] not in named
    assert "reminder" not in day.watch()


@pytest.mark.parametrize("text, answered", [("!vc please", True), ("[quote]!vc[/quote] no", False),
                                            ("I said !vcx", False)], ids=["asked", "quoted", "another-word"])
def test_a_players_vc_is_answered_within_the_round(tmp_path, board, monkeypatch, text, answered):
    day = Day(tmp_path, board, monkeypatch).to_day()
    day.vote("Ann", "Bob")
    day.say("Dee", text)
    out = day.watch()
    assert ("answers !vc" in out) is answered
    assert len(day.host_posts()) == (1 if answered else 0)


def _rounds(day: Day):
    """A hand-moved clock, and one watch round of DAY's game at its time, returning what it said."""
    from hostkit.watch.clock import ManualClock
    from hostkit.watch.loop import watch

    clock = ManualClock(datetime.now(timezone.utc))
    said: list[str] = []

    def once() -> str:
        said.clear()
        watch([day.host.folder], once=True, every=300, pace=0, clock=clock, say=said.append, signals=False)
        return "\n".join(said)

    return clock, once


def test_vc_is_answered_at_most_once_per_ten_minutes(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch).to_day()
    clock, once = _rounds(day)

    day.say("Dee", "!vc")
    assert "answers !vc" in once()
    clock.advance(minutes=4)
    day.say("Eli", "!vc again?")
    assert "answers !vc" not in once()  # 4 minutes after the last answer: it waits
    clock.advance(minutes=6)
    assert "answers !vc" in once()  # ten minutes on: the waiting !vc is answered
    assert "answers !vc" not in once()
    assert len(day.host_posts()) == 2


def test_the_options_change_what_the_watch_does_with_one_command_each(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch).to_day()
    assert "watch-count-votes: 3 -> 1" in day.host.ok("option", "watch-count-votes=1")
    day.host.ok("option", "watch-vc=no")
    day.vote("Ann", "Bob", "!vc")
    assert "1 votes changed" in day.watch()
    day.say("Dee", "!vc")
    assert "vote count" not in day.watch()
    out = day.host.refused("option", "watch-reminders=soon")
    assert "watch-reminders" in out and "'soon'" in out
    assert "out of range" in day.host.refused("option", "watch-count-gap=-5")


def test_by_night_the_host_is_told_once_when_every_action_is_in(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch)
    host_id = day.player("Ann").account("Host")
    day.player("Ann").send_pm(host_id, "action", f"check {day.n['Bob']} please")
    day.player("Eli").send_pm(host_id, "hello", "what is a guard?")  # a villager: nothing to read
    out = day.watch()
    assert "every action" not in out  # the wolves have not sent their kill
    day.player("Gil").send_pm(host_id, "kill", f"kill {day.n['Dee']}")
    out = day.watch()
    assert "every action of night 1 is in" in out
    assert "every action" not in day.watch()
    pms = [m for m in day.new_host_pms() if "all actions are in" in m.subject]
    assert len(pms) == 1
    assert f"{day.n['Gil']} Kill {day.n['Dee']}" in pms[0].text and f"{day.n['Ann']} Check {day.n['Bob']}" in pms[0].text


def test_a_stranger_voting_is_left_out_of_the_count_and_the_host_is_pmed_the_alias_command(tmp_path, board,
                                                                                         monkeypatch):
    day = Day(tmp_path, board, monkeypatch).to_day()
    renamed = f"{day.n['Fin']}x"  # Fin's account renamed: the game does not know this name
    board.add(renamed)
    day.vote("Ann", "Bob")
    day.vote("Dee", "Bob")
    board.as_user(renamed).reply(day.thread, f"[color=red]vote {day.n['Ann']}[/color]")
    day.vote("Eli", "Ann")
    out = day.watch()
    assert "vote count 1.01" in out and "what the count left to the host" in out
    count = day.host_posts()[0]
    assert f"{day.n['Ann']} (1)" in count and renamed not in count  # not guessed
    pm = [m for m in day.new_host_pms() if m.subject.endswith("votes to settle")]
    assert len(pm) == 1 and renamed in pm[0].text and "hostkit alias" in pm[0].text
    assert "votes to settle" not in day.watch()  # told once
    day.host.ok("alias", day.n["Fin"], renamed)
    assert len([m for m in day.new_host_pms() if m.subject.endswith("votes to settle")]) == 1


def _post_time(board, post_id: str, *, hours: float) -> None:
    import sqlite3

    db = sqlite3.connect(board.folder / "data" / "board.sqlite3")
    try:
        db.execute("UPDATE phpbb_posts SET post_time = post_time + ? WHERE post_id = ?", (int(hours * 3600), post_id))
        db.commit()
    finally:
        db.close()


def test_once_a_day_the_host_is_pmed_the_players_with_no_post_for_48_hours(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch, "--option", "watch-count-votes=0").to_day()
    for short in ("Ann", "Dee", "Eli", "Fin"):
        day.say(short, "here")
    clock, once = _rounds(day)

    assert "prod" not in once()
    clock.advance(hours=47)
    later = day.say("Ann", "still here")
    _post_time(board, later, hours=47)  # the board stamps it on the real clock: move it to the watch's
    assert "prod" not in once()
    clock.advance(hours=2)  # 49 hours after the game began
    assert "players to prod" in once()
    assert "prod" not in once()  # once a day
    pm = [m for m in day.new_host_pms() if m.subject.endswith("players to prod")]
    assert len(pm) == 1
    listed = pm[0].text.split("\n\n", 1)[1]
    assert all(day.n[s] in listed for s in ("Bob", "Gil", "Dee", "Eli", "Fin"))
    assert day.n["Ann"] not in listed and day.n["Cy"] not in listed  # posted 2 hours ago; dead


def test_by_night_a_pm_the_watch_cannot_read_is_pmed_to_the_host_once(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch)
    host_id = day.player("Ann").account("Host")
    day.player("Ann").send_pm(host_id, "action", f"check {day.n['Bob']} or {day.n['Gil']}, you pick")
    out = day.watch()
    assert "action PMs to read" in out
    assert "action PMs to read" not in day.watch()
    pm = [m for m in day.new_host_pms() if m.subject.endswith("action PMs to read")]
    assert len(pm) == 1 and day.n["Ann"] in pm[0].text


def test_a_count_the_host_posted_with_votes_send_is_the_one_changes_are_counted_from(tmp_path, board, monkeypatch):
    day = Day(tmp_path, board, monkeypatch).to_day()
    day.vote("Ann", "Bob")
    day.vote("Dee", "Bob")
    day.vote("Eli", "Ann")
    assert "Vote Count 1.01 published" in day.host.ok("votes", "--send")
    day.vote("Fin", "Ann")
    day.vote("Gil", "Ann")
    assert "vote count" not in day.watch()  # two votes changed since the host's count
    day.vote("Bob", "Ann")
    assert "vote count 1.02 (3 votes changed): sent" in day.watch()
