"""`hostkit demo`: the README's main job, offline."""

from __future__ import annotations

import json

from hostkit.cli import cli


def test_demo_plays_the_whole_cycle(runner, monkeypatch):
    import requests

    def no_network(*a, **k):
        raise AssertionError("the demo must not use the network")

    monkeypatch.setattr(requests.Session, "request", no_network)
    result = runner.invoke(cli, ["demo"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    steps = ["hostkit new", "===== PM to Ann =====", "Seer", "hostkit act Bob: Kill Hal",
             "Tonight's attack falls on [b]Hal[/b]", "hostkit resolve", "result: Ann (Check on Gus): WEREWOLF",
             "hostkit pm --night 1", "hostkit post deaths", "torn apart by claws and teeth",
             "Vote Count 1.01", "[b]Gus (5)[/b]", "(by a dead player)", "hostkit eliminate Gus",
             "Gus was the [b]Werewolf[/b]", "It is now night 2"]
    positions = [out.find(s) for s in steps]
    assert all(p >= 0 for p in positions), [s for s, p in zip(steps, positions) if p < 0]
    assert positions == sorted(positions)


def test_demo_into_a_folder_leaves_a_real_game(tmp_path, runner):
    folder = tmp_path / "demo"
    assert runner.invoke(cli, ["demo", str(folder)]).exit_code == 0
    st = json.loads(runner.invoke(cli, ["--game", str(folder), "status", "--json"]).stdout)
    assert (st["phase"], st["number"]) == ("night", 2)
    assert [p["name"] for p in st["players"] if not p["alive"]] == ["Gus", "Hal"]
