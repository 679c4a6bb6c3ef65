"""One whole Paranormal game through the CLI, as a host types it (issue 12's 'Done when'):
Humans, Doppelgangers and Aliens (a Xenozoologist, a Tech Hivemind, a Survivor), tech (alien tech
picked by slot, a Scanner used; the Mad Scientist's Assassin Bot), an abduction, two conversions and
the end at the maximum game day, where only the Survivor has won.

Seed sentences it proves: 'The Game will have a set Maximum game-day that it will go to. At that
point, any players who have not already achieved their victory conditions will lose.'; 'They
[Survivors] win as long as they are alive, regardless of which side wins.'; 'If that player is of
a race he does not have, they are removed from the game and kept for study.'; 'Converted players
keep their current role, but switch teams and win condition.'; 'If the game ends and he
[the Xenozoologist] does not have one of each, he loses.'
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from hostkit.cli import cli

from conftest import Host

ROLES = {"Ann": "Agent", "Bob": "Doppelganger", "Cy": "Xenozoologist", "Di": "Hivemind (Tech)", "Ed": "Survivor",
         "Fay": "Mad Scientist (Military Scientist)", "Gus": "Townie", "Hal": "Telepath", "Ivy": "Townie",
         "Jon": "Doppelganger"}


def test_General_Rules_a_whole_game_with_aliens_tech_an_abduction_a_conversion_to_the_maximum_day(tmp_path):
    folder = tmp_path / "game"
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--option", "max-day=2", "--host", "Mod"]
    for name, role in ROLES.items():
        args += ["--assign", f"{name}={role}"]
    made = CliRunner().invoke(cli, args)
    assert made.exit_code == 0, made.output
    assert "the maximum game day is day 2" in made.stdout  # ample warning, from the start
    host = Host(folder)

    # The aliens pick their tech (seed: 'All aliens get to pick from the following set of
    # equipment to start the game with, based on the number of Tech slots listed under their role').
    assert "Ed (Survivor) has 1 Small tech slot(s) to fill" in host.ok("due")
    host.ok("tech", "pick", "Cy", "Scanner x2")
    host.ok("tech", "pick", "Di", "none")
    host.ok("tech", "pick", "Ed", "Personal Shield")
    assert "tech slot" not in host.ok("due")
    # The Mad Scientist picks one technology (seed: 'picks one of three technologies to start the
    # game with, depending on which Variant they are'): 'due' asks until it is entered.
    assert "Fay (Mad Scientist (Military Scientist)) picks one technology" in host.ok("due")
    host.ok("tech", "pick", "Fay", "Assassin bot")
    assert "picks one technology" not in host.ok("due")

    pms = host.ok("pm", "--format", "plain")
    assert "You are the Survivor. Your alignment is Survivor. Race: Alien. Goal: Survive." in pms
    assert "Race: Alien. Goal: Kill/Protect." in pms  # the Hivemind

    # Night 1: an abduction, alien tech (a Scanner, which does not use the action), a domination,
    # the Doppelgangers' kill, a Mad Scientist's tech kill, an investigation.
    host.ok("act", "Cy", "Abduct", "Hal")
    host.ok("act", "Cy", "Scanner", "Di")
    host.ok("act", "Di", "Dominate", "Gus")
    host.ok("act", "Bob", "Kill", "Ivy")
    host.ok("act", "Fay", "Assassin Bot", "Jon")
    host.ok("act", "Ann", "Investigate", "Bob")
    host.ok("act", "Hal", "Read", "Bob")
    assert "not entered yet: Fay (Build Mind Shield)" in host("resolve").output  # the host is asked, not ignored
    night1 = host.ok("resolve", "--force")
    assert "dies: Ivy, killed by Doppelgangers" in night1 and "dies: Jon, killed by Assassin Bot" in night1
    assert "captured: Hal by Cy (kept as the Psychic Human specimen)" in night1
    assert "converted: Gus by Di (joins the Hivemind)" in night1
    assert "result: Ann (Investigate on Bob): Doppelganger" in night1
    assert "result: Cy (Scanner on Di): Alien, Hivemind (Tech)" in night1
    results = host.ok("pm", "--night", "1", "--format", "plain")
    assert "You are being kept for study" in results  # Hal, the captive
    assert "You have been dominated tonight" in results  # Gus, the convert
    assert "There is no Medium in this game" in results  # Ivy and Jon, the dead

    # Day 1: the captive cannot vote; the Doppelganger is lynched; the game goes on (the
    # Hivemind is a hostile group), and the last day is announced.
    assert "abducted players cannot vote" in host.refused("vote", "Hal", "Bob")
    host.ok("vote", "Ann", "Bob")
    host.ok("vote", "Fay", "Bob")
    host.ok("vote", "Gus", "Ann")
    assert "If the day ended now, Bob would be eliminated." in host.ok("votes", "--format", "plain")
    assert "It is now night 2." in host.ok("eliminate", "Bob")

    # Night 2: a second capture and a second domination; the dominated Scientist keeps her tech.
    host.ok("act", "Cy", "Abduct", "Gus")
    host.ok("act", "Di", "Dominate", "Fay")
    night2 = host.ok("resolve", "--force")
    assert "captured: Gus by Cy (kept as the Human specimen)" in night2
    assert "converted: Fay by Di (joins the Hivemind)" in night2
    status = json.loads(host.ok("status", "--json"))
    players = {p["name"]: p for p in status["players"]}
    assert players["Fay"]["alignment"] == "Hivemind" and players["Fay"]["role"] == ROLES["Fay"]
    assert players["Fay"]["charges"]["assassin bot"] == 0  # a domination keeps the role and what is spent
    assert "abducted" in players["Gus"]["tags"] and "abducted" in players["Hal"]["tags"]
    assert players["Cy"]["items"] == {"Scanner": 1} and players["Ed"]["items"] == {"Personal Shield": 1}
    assert status["winner"] is None

    # Day 2, the maximum day: the host is warned, then the day's end ends the game.
    assert "at the end of today every player who has not won loses" in host.ok("due")
    end = host.ok("eliminate", "--none")
    assert ("The game is over: the maximum game day (day 2) has ended; every player who has not won loses. "
            "Winning: Ed (Survivor).") in end
    status = json.loads(host.ok("status", "--json"))
    assert status["winner"] == "nobody" and status["ended_by"] == "max-day"
    assert [w["player"] for w in status["won"]] == ["Ed"]  # the Xenozoologist (2 of 4) and the Hivemind lose
    post = host.ok("post", "end", "--format", "plain")
    assert "No side wins." in post and "Winning: Ed (Survivor)." in post
    assert "Night 3" not in post  # the game ended on day 2
    assert "the game is over" in host.refused("act", "Di", "Dominate", "Ann").lower()
