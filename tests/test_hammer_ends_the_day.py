"""A day a hammer ended reads as over everywhere it is shown (issue 28): the count no longer
counts down to the deadline, and the vote chart does not say the leader 'goes at the deadline'."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Host
from hostkit.game.game import create

NATURAL = ["Ann=Goon", "Bob=Villager", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager",
           "Gus=Goon"]


def _day_one(tmp_path: Path) -> Host:
    create(tmp_path / "g", ruleset="natural", assign=NATURAL, seed=1)
    host = Host(tmp_path / "g")
    host.ok("act", "Ann", "Kill", "Bob")
    host.ok("resolve", "--force")
    host.ok("deadline", "+2d")
    return host


def test_the_count_after_a_hammer_shows_no_deadline_countdown(tmp_path):
    host = _day_one(tmp_path)
    assert "Deadline: in 2 days" in host.ok("votes")  # before the hammer it counts down
    for voter in ("Cy", "Dee", "Eve", "Fay"):
        host.ok("vote", voter, "Ann")
    out = host.ok("votes")
    assert "Ann has been eliminated" in out
    assert "Deadline" not in out and "deadline" not in out.split("--- host only ---")[0]


def test_the_count_after_no_elimination_is_reached_shows_no_deadline_countdown(tmp_path):
    host = _day_one(tmp_path)
    for voter in ("Cy", "Dee", "Eve", "Fay"):
        host.ok("vote", voter, "none")
    out = host.ok("votes")
    assert "No Elimination has been reached" in out
    assert "Deadline" not in out


@pytest.mark.parametrize("ended", [False, True], ids=["day-open", "day-ended"])
def test_the_vote_chart_of_a_hammered_day_says_hammered_not_the_deadline(tmp_path, ended):
    host = _day_one(tmp_path)
    for voter in ("Cy", "Dee", "Eve", "Fay"):
        host.ok("vote", voter, "Ann")
    if ended:
        host.ok("eliminate", "Ann")
    svg = host.ok("chart", "votes", "--day", "1")
    assert "goes at the deadline" not in svg
    assert "Ann hammered" in svg


def test_the_vote_chart_of_a_plurality_day_says_who_goes_at_the_deadline_then_who_went(tmp_path):
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1,
           assign=["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
                   "Gus=Werewolf", "Hal=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    assert "Bob goes at the deadline" in host.ok("chart", "votes")
    host.ok("eliminate", "Bob")
    svg = host.ok("chart", "votes", "--day", "1")
    assert "goes at the deadline" not in svg and "Bob was eliminated" in svg
