"""classic-werewolf, the Day 1 flow: the Sheriff election comes before everything after it.

Seed, Day Phase Flow: "Day 1: Campaign → OptOut → SheriffElection → DeathResolution →
Discussion → Voting → BanishmentResolution → VictoryCheck". While candidates are running and no
election has closed the race, a night-1 death's last shot (DeathResolution), the speaking order
(Discussion) and the day's end (Voting) wait, as an owed shot already makes Voting wait.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic

TWELVE = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
          "Gus=Werewolf", "Hal=Villager", "Ivy=Werewolf", "Jon=Villager", "Kim=Werewolf", "Leo=Villager"]
NAMES = [a.split("=")[0] for a in TWELVE]


@pytest.fixture
def hunter_dead(tmp_path) -> Host:
    """Day 1 of a 12-seat game whose night 1 killed the Hunter (Eve): Eve owes a last shot."""
    new_classic(tmp_path / "g", assign=TWELVE)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("resolve", "--force")
    return host


def elect(host: Host, winner: str) -> None:
    for voter in NAMES:
        host.ok("sheriff", "vote", voter, winner)
    host.ok("sheriff", "elect")


@pytest.mark.parametrize("command", [("shoot", "Eve", "Fay"), ("eliminate", "--none"), ("post", "order")],
                         ids=["death_resolution_last_shot", "voting_day_end", "discussion_speaking_order"])
def test_day_1_sheriff_election_comes_before_death_resolution_discussion_and_voting(hunter_dead, command):
    """Seed: "Day 1: Campaign → OptOut → SheriffElection → DeathResolution → Discussion → Voting":
    with candidates running and no election, what follows it is refused."""
    hunter_dead.ok("sheriff", "run", "Ann", "Dave")
    out = hunter_dead.refused(*command)
    assert "the Sheriff election comes first" in out and "SheriffElection -> DeathResolution" in out


def test_a_night_1_hunters_shot_waits_and_its_target_still_votes_for_sheriff(hunter_dead):
    """Seed Day 1 flow, SheriffElection → DeathResolution: Fay, whom the Hunter will shoot, votes
    for Sheriff; the shot is taken after the election, and then the day goes on."""
    hunter_dead.ok("sheriff", "run", "Ann", "Dave")
    hunter_dead.refused("shoot", "Eve", "Fay")
    hunter_dead.ok("sheriff", "vote", "Fay", "Dave")
    for voter in NAMES:
        if voter != "Fay":
            hunter_dead.ok("sheriff", "vote", voter, "Ann")
    result = json.loads(hunter_dead.ok("sheriff", "elect", "--json"))
    assert result["totals"]["Dave"] == 1 and result["winner"] == "Ann"
    hunter_dead.ok("shoot", "Eve", "Fay")
    assert not hunter_dead.game.state.players["Fay"].alive
    hunter_dead.ok("eliminate", "--none")


def test_eliminate_with_candidates_and_no_election_does_not_lose_the_race(hunter_dead):
    """Seed Day 1 flow: the race is not lost silently by ending the day: 'eliminate' is refused
    until 'sheriff elect' closes it, then accepted and the Sheriff holds the badge."""
    hunter_dead.ok("sheriff", "run", "Ann")
    hunter_dead.refused("eliminate", "--none")
    elect(hunter_dead, "Ann")
    hunter_dead.ok("shoot", "Eve", "skip")
    hunter_dead.ok("eliminate", "--none")
    assert hunter_dead.game.state.sheriff == "Ann"


def test_the_campaign_comes_before_death_resolution(hunter_dead):
    """Seed Day 1 flow: once a last shot is recorded (DeathResolution with no one running), no
    candidate may register: the Campaign comes before it."""
    hunter_dead.ok("shoot", "Eve", "Fay")
    assert "the Campaign comes before it" in hunter_dead.refused("sheriff", "run", "Ann")


@pytest.mark.parametrize("race", [(), ("Ann",)], ids=["no_one_runs", "every_candidate_opts_out"])
def test_with_no_one_running_the_day_goes_on(hunter_dead, race):
    """A host who holds no election (no candidate, or every candidate opted out) just carries on."""
    if race:
        hunter_dead.ok("sheriff", "run", *race)
        hunter_dead.ok("sheriff", "withdraw", *race)
    hunter_dead.ok("shoot", "Eve", "Fay")
    hunter_dead.ok("eliminate", "--none")


def test_due_names_the_election_first(hunter_dead):
    """`hostkit due` tells the host the election comes first while it is open."""
    hunter_dead.ok("sheriff", "run", "Ann")
    host = json.loads(hunter_dead.ok("due", "--json"))["host"]
    assert any("the Sheriff election comes first" in line for line in host), host
