"""The pictures: `hostkit chart night N` and `hostkit chart votes`, read as structure, not pixels.

Every player is a `<g class="node">`, every action an `<g class="edge">`, every wagon a
`<g class="wagon">`, each with data attributes; the golden files under tests/golden/charts/ hold
that structure (nodes, edges, labels). HOSTKIT_UPDATE_GOLDEN=1 rewrites them; review by eye.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import cli
from hostkit.game.game import create
from hostkit.words.publish.votechart import votes_svg, wagon_series

from conftest import Host, new_classic

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden" / "charts"

NATURAL = ["Ann=Cop", "Bob=Goon", "Cat=Doctor", "Dan=Roleblocker", "Eve=Vigilante", "Fox=Redirector",
           "Jay=Commuter", "Kim=Bus Driver", "Lou=Veteran", "Ned=Villager", "Sue=Bodyguard", "Tom=Villager"]
NATURAL_NIGHT = """Bob Kill Ned
Cat Protect Tom
Dan Block Eve
Eve Shoot Bob
Fox Redirect Ann Sue
Ann Investigate Fox
Jay Commute
Sue Guard Jay
Kim Drive Tom Ned
Lou Alert
"""


def structure(svg: str) -> dict:
    """What a picture shows, as data: nodes, edges (with their labels), wagons, lines."""
    root = ET.fromstring(svg)
    out: dict = {"nodes": {}, "edges": [], "ghosts": [], "wagons": {}, "lines": {}}
    for g in root.iter(f"{SVG}g"):
        cls = g.get("class")
        texts = {t.get("class"): "".join(t.itertext()) for t in g.iter(f"{SVG}text")}
        if cls == "node":
            out["nodes"][g.get("data-player")] = {"role": g.get("data-role"), "state": g.get("data-state"),
                                                  "place": g.get("data-place"), "marks": g.get("data-marks"),
                                                  "name": texts.get("name"), "words": texts.get("marks", "")}
        elif cls == "edge":
            out["edges"].append({"actor": g.get("data-actor"), "target": g.get("data-target"),
                                 "ability": g.get("data-ability"), "status": g.get("data-status"),
                                 "label": texts.get("label")})
        elif cls == "ghost":
            out["ghosts"].append([g.get("data-actor"), g.get("data-target"), g.get("data-ability")])
        elif cls == "wagon":
            out["wagons"][g.get("data-target")] = {"final": g.get("data-final"), "peak": g.get("data-peak")}
        elif cls in ("majority", "hammer", "deadline"):
            out["lines"][cls] = g.get("data-value") or g.get("data-post")
    return out


def golden(name: str, data: dict) -> None:
    path = GOLDEN / f"{name}.json"
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    if os.environ.get("HOSTKIT_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path}: run with HOSTKIT_UPDATE_GOLDEN=1 and review it"
    assert json.loads(text) == json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def natural(tmp_path) -> Host:
    """A natural night with a block, a redirect, a bus drive, a commute, an alert and a kill."""
    create(tmp_path / "g", ruleset="natural", assign=NATURAL, seed=1)
    host = Host(tmp_path / "g")
    host.ok("act", "--file", "-", input=NATURAL_NIGHT)
    host.ok("resolve", "--force")
    return host


@pytest.fixture
def demo(tmp_path) -> Host:
    result = CliRunner().invoke(cli, ["demo", str(tmp_path / "demo")])
    assert result.exit_code == 0, result.output
    return Host(tmp_path / "demo")


# ----------------------------------------------------------------------------- the night map


def test_night_map_golden_structure(natural):
    golden("natural-night-1", structure(natural.ok("chart", "night", "1")))


def test_night_map_draws_every_player_and_action(natural):
    s = structure(natural.ok("chart", "night", "1"))
    assert set(s["nodes"]) == {a.split("=")[0] for a in NATURAL}
    assert all(n["name"] == p for p, n in s["nodes"].items())
    edges = {(e["actor"], e["target"], e["ability"]): e for e in s["edges"]}
    # blocked: drawn to what was entered, labelled so
    assert edges[("Eve", "Bob", "Shoot")]["status"] == "blocked"
    assert edges[("Eve", "Bob", "Shoot")]["label"] == "Shoot (blocked)"
    # redirected and bus-driven: drawn to where they landed, with a faint line to the target entered
    assert edges[("Ann", "Sue", "Investigate")]["status"] == "redirected"
    assert ["Ann", "Fox", "Investigate"] in s["ghosts"]
    assert edges[("Bob", "Tom", "Kill")]["status"] == "redirected"
    assert ["Bob", "Ned", "Kill"] in s["ghosts"]
    # failed: the commuter could not be reached
    assert edges[("Sue", "Jay", "Guard")]["status"] == "failed"
    # a two-target action is two numbered arrows
    assert edges[("Kim", "Tom", "Drive")]["label"] == "Drive 1"
    assert edges[("Kim", "Ned", "Drive")]["label"] == "Drive 2"
    assert edges[("Dan", "Eve", "Block")]["status"] == "done"
    # places and marks
    assert s["nodes"]["Jay"]["place"] == "commuted"
    assert "Commute" in s["nodes"]["Jay"]["words"]
    assert "Alert" in s["nodes"]["Lou"]["words"]
    assert "killed" in s["nodes"]["Tom"]["marks"]
    assert "killed: Mafia" in s["nodes"]["Tom"]["words"]
    assert "blocked" in s["nodes"]["Eve"]["marks"]


def test_night_map_draws_what_the_outcome_recorded(natural):
    """Nothing is resolved again: every arrow is one of the outcome's recorded acts."""
    game = natural.game
    traces = {(a.actor, a.ability, t) for a in game.outcomes[1].acts
              for t in (a.entered if a.status == "blocked" else a.targets)}
    drawn = {(e["actor"], e["ability"], e["target"]) for e in structure(natural.ok("chart", "night", "1"))["edges"]}
    assert drawn == traces


def test_night_map_marks_the_dead_and_saves(tmp_path):
    game = new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("act", "Dave", "Guard", "Ann")
    host.ok("resolve", "--force")
    s = structure(host.ok("chart", "night", "1"))
    assert "saved" in s["nodes"]["Ann"]["marks"] and "saved" in s["nodes"]["Ann"]["words"]
    host.ok("eliminate", "Fay")
    host.ok("act", "Bob", "Kill", "Hal")
    host.ok("resolve", "--force")
    s2 = structure(host.ok("chart", "night", "2"))
    assert s2["nodes"]["Fay"]["state"] == "dead"
    assert "dead" in s2["nodes"]["Fay"]["words"]
    assert s2["nodes"]["Hal"]["state"] == "alive" and "killed" in s2["nodes"]["Hal"]["marks"]
    assert game is not None


def test_night_map_marks_the_jailed_and_the_away(tmp_path):
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=2,
           assign=["Ann=Jailkeeper", "Bob=Wolf", "Cat=Sleepwalker", "Dan=Villager", "Eve=Seer", "Fay=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Ann", "Jail", "Eve")
    host.ok("act", "Bob", "Maul", "Dan")
    host.ok("resolve", "--force")
    s = structure(host.ok("chart", "night", "1"))
    assert s["nodes"]["Eve"]["place"] == "jailed"
    assert "jailed" in s["nodes"]["Eve"]["words"]
    assert s["nodes"]["Cat"]["place"] == "away"


def test_night_map_marks_the_abducted(tmp_path):
    create(tmp_path / "g", ruleset="paranormal", seed=3,
           assign=["Ann=Xenozoologist", "Bob=Townie", "Cat=Townie", "Dan=Townie", "Eve=Detective"])
    host = Host(tmp_path / "g")
    host.ok("act", "Ann", "Abduct", "Bob")
    host.ok("resolve", "--force")
    s = structure(host.ok("chart", "night", "1"))
    assert s["nodes"]["Bob"]["place"] == "abducted"
    assert "abducted" in s["nodes"]["Bob"]["words"]


def test_night_map_stays_readable_at_25_players(tmp_path):
    names = [f"Player {i:02d}" for i in range(25)]
    roles = ["Goon", "Goon", "Cop", "Doctor", "Roleblocker", "Vigilante", "Tracker", "Watcher"] + ["Villager"] * 17
    create(tmp_path / "g", ruleset="natural", seed=5, assign=[f"{n}={r}" for n, r in zip(names, roles)])
    host = Host(tmp_path / "g")
    for line in (("Player 00", "Kill", "Player 10"), ("Player 02", "Investigate", "Player 01"),
                 ("Player 03", "Protect", "Player 10"), ("Player 04", "Block", "Player 05"),
                 ("Player 05", "Shoot", "Player 01"), ("Player 06", "Track", "Player 00"),
                 ("Player 07", "Watch", "Player 10")):
        host.ok("act", *line)
    host.ok("resolve", "--force")
    svg = host.ok("chart", "night", "1")
    root = ET.fromstring(svg)
    s = structure(svg)
    assert len(s["nodes"]) == 25 and len(s["edges"]) == 7
    # nodes far enough apart for their names, and the picture no larger than a screen or two
    pos = []
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "node":
            c = [e for e in g if e.tag == f"{SVG}circle"][-1]
            pos.append((float(c.get("cx")), float(c.get("cy"))))
    closest = min(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for i, a in enumerate(pos) for b in pos[i + 1:])
    assert closest >= 70
    assert float(root.get("width")) <= 1300 and float(root.get("height")) <= 1400
    # no two arrow labels drawn on top of each other
    boxes = []
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "edge":
            t = next(g.iter(f"{SVG}text"))
            boxes.append((float(t.get("x")), float(t.get("y")), len(t.text or "")))
    for i, (x1, y1, n1) in enumerate(boxes):
        for x2, y2, n2 in boxes[i + 1:]:
            assert not (abs(x1 - x2) < 3.4 * (n1 + n2) and abs(y1 - y2) < 14), (x1, y1, x2, y2)


def test_night_map_png(natural, tmp_path):
    out = tmp_path / "night.png"
    assert "wrote" in natural.ok("chart", "night", "1", "--out", str(out))
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    assert width >= 1000  # drawn at twice the SVG's size, sharp in a forum post
    svg_out = tmp_path / "night.svg"
    natural.ok("chart", "night", "1", "--out", str(svg_out))
    assert svg_out.read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.parametrize("args, says", [
    (["chart", "night", "2"], "night 2 has not been resolved"),
    (["chart", "night", "1", "--png"], "--png needs --out FILE"),
    (["chart", "night", "1", "--out", "x.jpg"], "name the file .svg or .png"),
    (["chart", "night", "1", "--png", "--out", "x.svg"], "--png writes a .png file"),
    (["chart", "votes", "--day", "7"], "there is no day 7"),
], ids=["unresolved-night", "png-needs-out", "bad-suffix", "png-with-svg-name", "no-such-day"])
def test_chart_refusals(natural, args, says):
    assert says in natural.refused(*args)


def test_chart_votes_before_any_day(tmp_path):
    new_classic(tmp_path / "g")
    assert "no day has begun yet" in Host(tmp_path / "g").refused("chart", "votes")


# ----------------------------------------------------------------------------- the vote timeline


def test_vote_timeline_golden_structure_from_the_thread(demo):
    """The demo counts day 1 from its bundled thread page; the chart draws that saved count."""
    golden("demo-day-1-votes", structure(demo.ok("chart", "votes", "--day", "1")))


def test_vote_timeline_matches_the_count(demo):
    s = structure(demo.ok("chart", "votes", "--day", "1"))
    saved = json.loads((demo.folder / ".cache" / "counts" / "day-1.json").read_text())[-1]
    assert {w["target"]: float(w["votes"]) for w in saved["wagons"]} == \
        {t: float(w["final"]) for t, w in s["wagons"].items() if float(w["final"]) > 0}
    # Issue 13: under plurality the count's 'majority' is null; the line drawn is its half_plus_one.
    assert float(s["lines"]["majority"]) == (saved["majority"] if saved["majority"] is not None
                                             else saved["half_plus_one"])


def test_vote_timeline_hand_votes_hammer_and_weights(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Hal")
    host.ok("resolve", "--force")
    for voter in ("Ann", "Carol", "Dave"):
        host.ok("vote", voter, "Bob")
    host.ok("vote", "Eve", "Gus")
    host.ok("vote", "Eve", "--unvote")
    s = structure(host.ok("chart", "votes"))
    assert s["wagons"]["Bob"] == {"final": "3", "peak": "3"}
    assert s["wagons"]["Gus"] == {"final": "0", "peak": "1"}
    assert s["lines"]["majority"] == "4"


def test_wagon_series_weights_and_unvotes():
    count = {"history": [{"post": 5, "author": "Ann", "target": "Bob"}, {"post": 7, "author": "Cy", "target": "Bob"},
                         {"post": 9, "author": "Ann", "target": None}, {"post": None, "author": "Di", "target": "Bob"}]}
    series, xs = wagon_series(count, {"Cy": 2.0})
    assert series["Bob"] == [(5.0, 0.0), (5.0, 1.0), (7.0, 3.0), (9.0, 2.0), (9.0, 3.0)]
    assert xs == [5.0, 7.0, 9.0, 9.0]


def test_vote_timeline_draws_hammer_and_deadline(tmp_path):
    game = new_classic(tmp_path / "g")
    count = {"day": 1, "alive": 8, "majority": 5, "wagons": [{"target": "Bob", "votes": 5.0, "voters": ["Ann"] * 5}],
             "history": [{"post": 10 + i, "author": a, "target": "Bob"} for i, a in enumerate("ABCDE")],
             "hammer": 14, "last_post": 20, "eliminated": "Bob", "tie": False}
    s = structure(votes_svg(game, count, deadline="30", deadline_post=30))
    assert s["lines"] == {"majority": "5", "hammer": "14", "deadline": "30"}
    assert s["wagons"]["Bob"]["final"] == "5"


# ----------------------------------------------------------------------------- start-up


def test_status_does_not_load_the_chart_libraries(natural):
    """`hostkit status` is benchmarked: the drawing and PNG modules load only for charts."""
    code = ("import sys; from hostkit.cli import main; sys.argv = ['hostkit', '--game', sys.argv[1], 'status'];\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LOADED', sorted(m for m in sys.modules if m in ('resvg_py', 'font_source_sans_pro') "
            "or m.startswith('hostkit.words.publish.charts') or m.startswith('hostkit.words.publish.page')))")
    out = subprocess.run([sys.executable, "-c", code, str(natural.folder)], capture_output=True, text=True, check=True)
    assert "LOADED []" in out.stdout, out.stdout + out.stderr


def test_hostile_names_are_escaped(tmp_path):
    """A player's name is whatever the forum shows: markup in it is text in the SVG and the page."""
    names = ['<script>alert(1)</script>', 'A&B', 'Quote"d', "O'Neil", "Ann", "Bob", "Cy", "Dee"]
    roles = ["Seer", "Werewolf", "Witch", "Guard", "Hunter", "Villager", "Werewolf", "Villager"]
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1, assign=[f"{n}={r}" for n, r in zip(names, roles)])
    host = Host(tmp_path / "g")
    host.ok("act", "A&B", "Kill", "<script>alert(1)</script>")
    host.ok("act", "O'Neil", "Guard", "Quote\"d")
    host.ok("resolve", "--force")
    s = structure(host.ok("chart", "night", "1"))  # parses as XML
    assert set(s["nodes"]) == set(names)
    assert ("A&B", "<script>alert(1)</script>") in {(e["actor"], e["target"]) for e in s["edges"]}
    page = host.ok("page")
    assert "<script" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_deadline_from_the_day_record_falls_between_posts(tmp_path):
    """The host's deadline entry (a day event `deadline` with its time) is drawn at the last post
    made by then, where the thread's posts and times are at hand; a later entry replaces it and an
    empty one clears it."""
    from hostkit.model.view import Phase
    from hostkit.model.entries import DayEvent, PhaseRecord
    from hostkit.model.counts import Post
    from hostkit.words.publish.page import deadline_of

    game = new_classic(tmp_path / "g")
    posts = [Post(n, "Ann", "", f"2026-11-21T{h}:00:00+00:00") for n, h in ((3, "08"), (4, "09"), (5, "11"))]

    def day(*events):
        return Phase(PhaseRecord("day", 1, events=tuple(events)), tmp_path / "x.toml", 2)

    first = DayEvent("deadline", seq=1, data={"at": "2026-11-21T12:00:00+02:00"})
    assert deadline_of(game, day(first), posts) == ("2026-11-21 10:00 UTC", 4)
    assert deadline_of(game, day(first)) == ("2026-11-21 10:00 UTC", None)  # no posts: said, not drawn
    later = DayEvent("deadline", seq=2, data={"at": "2026-11-22T00:00:00+00:00"})
    assert deadline_of(game, day(first, later), posts) == ("2026-11-22 00:00 UTC", None)  # not reached yet
    cleared = DayEvent("deadline", seq=3, data={"at": ""})
    assert deadline_of(game, day(first, later, cleared), posts) == (None, None)
    assert deadline_of(game, day(), posts) == (None, None)
