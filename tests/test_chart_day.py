"""`hostkit chart day N`: a day drawn as the night map draws a night (its actions, shots and deaths,
the elimination among them), and the host's page shows it. What the SVG holds is read as data
(test_charts.structure).
"""

from __future__ import annotations

import json

from conftest import Host, new_classic
from test_charts import structure
from test_natural_dayactions import day1


def test_natural_II_day_map_draws_day_actions_immediate_kills_and_the_elimination(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "--now", "Sn", "Snipe", "Ann")
    host.ok("act", "Dv", "Day Shoot", "Bea")
    host.ok("act", "Dd", "Shield", "Bea")
    host.ok("eliminate", "Cy", "--force")
    svg = host.ok("chart", "day", "1")
    data = structure(svg)
    edges = {(e["actor"], e["ability"], e["target"], e["status"]) for e in data["edges"]}
    assert {("Sn", "Snipe", "Ann", "done"), ("Dv", "Day Shoot", "Bea", "done"), ("Dd", "Shield", "Bea", "done")} <= edges
    nodes = data["nodes"]
    assert nodes["Ann"]["marks"] == "killed" and "killed: Sniper" in nodes["Ann"]["words"]
    assert nodes["Bea"]["marks"] == "saved" and nodes["Cy"]["marks"] == "eliminated"
    assert nodes["Cy"]["words"] == "eliminated"
    assert "Dies: Ann (Sniper), Cy (eliminated)." in svg and "died today" in svg and "killed tonight" not in svg
    assert host.ok("chart", "day", "1", "--out", str(tmp_path / "d1.png")).startswith("wrote ")
    assert (tmp_path / "d1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_classic_day_map_draws_a_hunters_last_shot(tmp_path):
    """A Hunter killed at night shoots on Day 1: the shot is drawn as his action, its victim dead."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("resolve", "--force")
    host.ok("shoot", "Eve", "Fay")
    data = structure(host.ok("chart", "day", "1"))
    assert [(e["actor"], e["ability"], e["target"]) for e in data["edges"]] == [("Eve", "Last shot", "Fay")]
    assert data["nodes"]["Fay"]["marks"] == "killed" and data["nodes"]["Eve"]["state"] == "dead"
    # the host's page shows the day map; the public page does not
    page = host.ok("page")
    assert "<h3>Day map</h3>" in page and 'data-ability="Last shot"' in page
    assert "Day map" not in host.ok("page", "--public")


def test_day_map_of_a_day_not_begun_is_one_line(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    assert host.refused("chart", "day", "3").strip() == "Error: day 3 has not begun (days so far: none yet)"
    assert json.loads(host.ok("status", "--json"))["phase"] == "night"


def test_classic_BanishmentResolution_a_banished_hunters_shot_is_on_the_days_map(tmp_path):
    """The banished Hunter shoots after 'eliminate' (the shot is recorded with the night after):
    it belongs to the day's end, so the day's map draws it with the elimination."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Eve", "--force")
    host.ok("shoot", "Eve", "Ann")
    svg = host.ok("chart", "day", "1")
    data = structure(svg)
    assert [(e["actor"], e["ability"], e["target"]) for e in data["edges"]] == [("Eve", "Last shot", "Ann")]
    assert data["nodes"]["Eve"]["marks"] == "eliminated" and data["nodes"]["Ann"]["marks"] == "killed"
    assert "Dies: Eve (eliminated), Ann (Hunter)." in svg
