"""Issue 35, "What a host reached for": the host's own posts, rendered from templates and sent
through the send journal: the game's opening, "Night N begins, actions due by ...", the Sheriff
result, the deadline, and the day's opening, "It is Day N; with 8 alive it takes 5".

Every one is public: a twin-games test renders them for two games that differ only in secrets
(who holds which role, who did what at night) and finds them the same, in every format.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from test_forum_game import _game

NATURAL = {"Ann": "Cop", "Bob": "Goon", "Cy": "Villager", "Dee": "Vigilante", "Eve": "Doctor", "Fay": "Villager",
           "Gus": "Goon", "Hal": "Villager", "Ivy": "Villager"}
# The twin: the same role list and the same public story, the secrets dealt otherwise
TWIN = {"Ann": "Goon", "Bob": "Villager", "Cy": "Doctor", "Dee": "Cop", "Eve": "Vigilante", "Fay": "Villager",
        "Gus": "Villager", "Hal": "Goon", "Ivy": "Villager"}
CLASSIC = {"Ann": "Seer", "Bob": "Werewolf", "Carol": "Witch", "Dave": "Guard", "Eve": "Hunter", "Fay": "Villager",
           "Gus": "Werewolf", "Hal": "Villager", "Ivy": "Villager"}


def _new(tmp_path, ruleset: str, roles: dict[str, str], *extra: str, name: str = "g") -> Host:
    host = Host(tmp_path / name)
    host.ok("new", str(host.folder), "--ruleset", ruleset, "--seed", "1", "--title", "Harbour Town",
            *[x for n, r in roles.items() for x in ("--assign", f"{n}={r}")], *extra)
    return host


def _night_one(host: Host, killer: str, secret: list[tuple[str, ...]]) -> None:
    host.ok("act", killer, "Kill", "Fay")
    for act in secret:
        host.ok("act", *act)
    host.ok("resolve", "--force")


@pytest.mark.parametrize("args, said", [
    (("start",), ["[b]Welcome to Harbour Town[/b]", "[*]Ann", "[*]Ivy", "The game begins with night 1",
                  "With 9 alive, a majority is 5", "in red, bold or the vote tag"]),
    (("night", "--due", "2030-01-02 18:00"), ["[b]Harbour Town: night 1 begins[/b]",
                                              "by [b]2030-01-02 18:00 UTC[/b]", "9 players are alive"]),
    (("start", "--format", "markdown"), ["**Welcome to Harbour Town**", "1. Ann", "9. Ivy"]),
    (("night", "--format", "plain"), ["Harbour Town: night 1 begins", "send your actions to the host by PM."]),
], ids=["start", "night-due", "start-markdown", "night-plain"])
def test_the_posts_before_the_first_night(tmp_path, args, said):
    out = _new(tmp_path, "natural", NATURAL).ok("post", *args)
    assert all(s in out for s in said), out
    assert "Cop" not in out and "Goon" not in out  # a closed setup: no role named


def test_the_nights_due_time_is_in_its_json(tmp_path):
    """`post night --due` puts the due time in --json, not only in the text: the same minute in
    both, and (new) a relative '+1d' read once, so the text and the JSON cannot differ by a clock tick."""
    from datetime import datetime, timedelta, timezone

    host = _new(tmp_path, "natural", NATURAL)
    data = json.loads(host.ok("post", "night", "--due", "2030-01-02 18:00-05:00", "--json"))
    assert data["night"] == 1 and len(data["alive"]) == 9
    assert data["due"]["at"] == "2030-01-02 23:00 UTC" and data["due"]["iso"] == "2030-01-02T18:00:00-05:00"
    assert "by [b]2030-01-02 23:00 UTC[/b]" in data["text"] and data["text"] == host.ok(
        "post", "night", "--due", "2030-01-02 18:00-05:00")[:-1]
    before = datetime.now(timezone.utc)
    rel = json.loads(host.ok("post", "night", "--due", "+1d", "--json", "--format", "plain"))
    at = datetime.fromisoformat(rel["due"]["iso"])
    assert before + timedelta(days=1) - timedelta(seconds=1) <= at <= datetime.now(timezone.utc) + timedelta(days=1)
    assert f"by {rel['due']['at']}" in rel["text"] and "[b]" not in rel["text"]
    assert json.loads(host.ok("post", "night", "--json"))["due"] is None
    assert "deadline 'soon'" in host.refused("post", "night", "--due", "soon", "--json")


def test_the_days_opening_says_what_it_takes(tmp_path):
    host = _new(tmp_path, "natural", NATURAL)
    _night_one(host, "Bob", [])
    out = host.ok("post", "day")
    assert "[b]It is Day 1; with 8 alive it takes 5[/b] to eliminate, and 5 for No Elimination." in out
    assert "Fay died in the night." in out
    host.ok("deadline", "2030-01-02 18:00")
    assert "The day ends at 2030-01-02 18:00 UTC" in host.ok("post", "day")
    deadline = host.ok("post", "deadline")
    assert "[b]Harbour Town: day 1 ends at 2030-01-02 18:00 UTC[/b]" in deadline
    assert "A majority is 5; if no one reaches it by then, no one is eliminated." in deadline


def test_no_elimination_offset_and_an_open_setup_are_told(tmp_path):
    host = _new(tmp_path, "natural", NATURAL, "--option", "open-setup=true", "--option", "no-elimination-offset=-1")
    start = host.ok("post", "start")
    assert "[b]The setup:[/b] 1 Cop, 1 Doctor, 2 Goon, 1 Vigilante, 4 Villager" in start
    assert "No Elimination needs 4." in start


def test_the_sheriff_result_and_a_plurality_day(tmp_path):
    host = _new(tmp_path, "classic-werewolf", CLASSIC)
    _night_one(host, "Bob", [])
    host.ok("sheriff", "run", "Ann", "Dave")
    for voter in ("Ann", "Bob", "Carol", "Eve", "Gus"):
        host.ok("sheriff", "vote", voter, "Ann")
    for voter in ("Dave", "Hal", "Ivy"):
        host.ok("sheriff", "vote", voter, "Dave")
    host.ok("sheriff", "elect")
    out = host.ok("post", "sheriff")
    assert "Ann: 5\nDave: 3" in out and "[b]Ann[/b] is the Sheriff: their vote counts 1.5, and they speak last." in out
    day = host.ok("post", "day")
    assert "with 8 alive, the most votes at the deadline eliminates" in day and "The Sheriff, Ann, speaks last." in day


@pytest.mark.parametrize("ruleset, roles, before, args, why", [
    ("natural", NATURAL, False, ("night",), None),  # fine before the first night: the control
    ("natural", NATURAL, True, ("night",), "it is day 1: 'post night' opens a night"),
    ("natural", NATURAL, False, ("day",), "it is night 1: this post is a day's"),
    ("natural", NATURAL, True, ("deadline",), "day 1 has no deadline: set it with 'hostkit deadline WHEN'"),
    ("natural", NATURAL, True, ("sheriff",), "natural has no Sheriff election"),
    ("classic-werewolf", CLASSIC, True, ("sheriff",), "no Sheriff election has closed"),
    ("natural", NATURAL, False, ("night", "--due", "soonish"), "deadline 'soonish': give a time like"),
], ids=["control", "night-by-day", "day-by-night", "no-deadline", "no-sheriff-in-ruleset", "no-election-yet",
        "bad-due"])
def test_a_post_that_does_not_fit_the_moment_is_refused(tmp_path, ruleset, roles, before, args, why):
    host = _new(tmp_path, ruleset, roles)
    if before:
        _night_one(host, "Bob", [])
    if why is None:
        host.ok("post", *args)
    else:
        assert why in host.refused("post", *args)


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_twin_games_that_differ_only_in_secrets_get_the_same_host_posts(tmp_path, fmt):
    """Two games, the same role list, dealt otherwise and played otherwise in secret (a Cop's
    check, a Doctor's protection on someone not attacked): every host post is the same."""
    one = _new(tmp_path, "natural", NATURAL, "--option", "open-setup=true", name="one")
    two = _new(tmp_path, "natural", TWIN, "--option", "open-setup=true", name="two")
    posts = [("start",), ("night", "--due", "2030-01-02 18:00")]
    assert [one.ok("post", *p, "--format", fmt) for p in posts] == [two.ok("post", *p, "--format", fmt) for p in posts]
    _night_one(one, "Bob", [("Ann", "Investigate", "Gus"), ("Eve", "Protect", "Cy")])
    _night_one(two, "Ann", [("Dee", "Investigate", "Bob"), ("Cy", "Protect", "Ivy")])
    for host in (one, two):
        host.ok("deadline", "2030-01-02 18:00")
    posts = [("day",), ("deadline",)]
    assert [one.ok("post", *p, "--format", fmt) for p in posts] == [two.ok("post", *p, "--format", fmt) for p in posts]


@pytest.mark.slow  # some 60 s: accounts, a topic, and phpBB's one-second rule on every form
def test_the_host_posts_go_to_the_thread_once_each(tmp_path, board, monkeypatch):
    """A classic-werewolf game's host posts on the board, in order: the opening, the night, the
    Sheriff's result, the death post (it opens the day), the day's opening, the deadline; a rerun
    sends nothing twice, and a new deadline is a new post."""
    roles = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Guard", "Dee": "Villager", "Eli": "Villager"}
    host, thread, n = _game(tmp_path, board, monkeypatch, roles)
    host.ok("forum", "login", "--user", "Host")
    assert "game start: sent (post" in host.ok("post", "start", "--send")
    night = json.loads(host.ok("post", "night", "--due", "2030-01-01 18:00", "--send", "--json"))
    assert night["due"]["iso"] == "2030-01-01T18:00:00+00:00" and "night 1 begins: sent (post" in night["sent"][0]
    host.ok("act", n["Bob"], "Kill", n["Dee"])
    host.ok("resolve", "--force")
    host.ok("sheriff", "run", n["Ann"])
    assert "Sheriff election comes first" in host.refused("post", "day", "--send")
    for voter in ("Ann", "Bob", "Cy", "Eli"):
        host.ok("sheriff", "vote", n[voter], n["Ann"])
    host.ok("sheriff", "elect")
    assert "sheriff result: sent (post" in host.ok("post", "sheriff", "--send")
    deaths = host.ok("post", "deaths", "--send")
    assert "The day's votes count from post" in deaths
    day = host.ok("post", "day", "--send")
    assert "day 1 opening: sent (post" in day and "count from" not in day  # the death post opened it
    host.ok("deadline", "2030-01-02 18:00")
    assert "sent (post" in host.ok("post", "deadline", "--send")
    again = [host.ok("post", *p, "--send") for p in (("start",), ("sheriff",), ("day",), ("deadline",))]
    assert all("already sent" in a and ": sent (post" not in a for a in again), again
    host.ok("deadline", "2030-01-03 18:00")
    assert "sent (post" in host.ok("post", "deadline", "--send")
    bodies = [body for _, author, body in board.as_user(n["Eli"]).thread_tail(thread) if author == "Host"]
    assert sum("It is Day 1" in b for b in bodies) == 1 and sum("Welcome to" in b for b in bodies) <= 1
    assert sum("day 1 ends at" in b for b in bodies) == 2


def test_the_days_opening_agrees_with_the_days_count(tmp_path):
    """What the opening says it takes is what the count will say: the count's own alive and majority."""
    host = _new(tmp_path, "natural", NATURAL)
    _night_one(host, "Bob", [])
    host.ok("kill", "Hal", "--reason", "modkill")
    data = json.loads(host.ok("votes", "--json"))
    assert f"with {data['alive']} alive it takes {int(data['majority'])}[/b]" in host.ok("post", "day")
    assert (data["alive"], data["majority"]) == (7, 4)
