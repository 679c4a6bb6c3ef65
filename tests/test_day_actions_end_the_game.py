"""A day whose own actions win the game ends with one command (issue 28): on a hammer day,
`eliminate Vic` refuses (seed natural II: 'Day actions resolve when the day ends', before the
elimination, and the game is over by then) and names `eliminate --none`, which must then end
the day, though the count eliminates Vic."""

from __future__ import annotations

import json

from test_natural_dayactions import game


def test_a_day_action_that_wins_on_a_hammer_day_ends_with_eliminate_none(tmp_path):
    host = game(tmp_path, players=["Dv=Day Vigilante", "Go=Goon", "Ann=Villager", "Bea=Villager", "Cy=Villager",
                                   "Vic=Villager"])
    host.ok("act", "Go", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("act", "Dv", "Day Shoot", "Go")
    for voter in ("Dv", "Ann", "Bea", "Cy"):
        host.ok("vote", voter, "Vic")
    assert json.loads(host.ok("votes", "--json"))["eliminated"] == "Vic"  # the hammer
    assert "eliminate --none" in host.refused("eliminate", "Vic")
    out = host.ok("eliminate", "--none")
    assert "dies: Go" in out and "The game is over: Town wins." in out
    status = json.loads(host.ok("status", "--json"))
    assert status["winner"] == "Town"
    assert {p["name"]: p["alive"] for p in status["players"]}["Vic"] is True


def test_no_elimination_still_refused_where_the_day_actions_do_not_win(tmp_path):
    host = game(tmp_path, players=["Dv=Day Vigilante", "Go=Goon", "Gun=Gunman", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Vic=Villager"])
    host.ok("act", "Go", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("act", "Dv", "Day Shoot", "Go")  # one of two Mafia: no win
    for voter in ("Dv", "Ann", "Bea", "Cy"):
        host.ok("vote", voter, "Vic")
    assert "eliminates Vic" in host.refused("eliminate", "--none")
    assert "Vic is eliminated" in host.ok("eliminate", "Vic")
