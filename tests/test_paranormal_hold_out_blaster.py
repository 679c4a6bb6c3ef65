"""paranormal's Hold-out Blaster: the lynched or night-killed alien's last shot, dated by the
death it answers, and what the shot sets off.
"""

from __future__ import annotations

import json


from conftest import Host, snapshot
from game_helpers import _status
from test_paranormal_tech import _new


BLASTER = ("Su=Survivor", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie", "Fay=Townie")


def _lynched_blaster(tmp_path) -> Host:
    host = _new(tmp_path, *BLASTER)
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    return host


def test_paranormal_hold_out_blaster_lynch_shot_is_dated_the_day_of_the_lynch(tmp_path):
    """Hold-out Blaster: 'If the Alien is lynched, he pulls out the blaster and gets to shoot a
    single target before dying.' The shot is entered in the night the elimination opened, but
    the death it causes is the lynch day's: post end, status (text and --json) and the history
    agree."""
    host = _lynched_blaster(tmp_path)
    host.ok("shoot", "Su", "Bob")
    st = _status(host)
    assert st["Bob"]["died"] == "day 1" and st["Bob"]["cause"] == "Survivor"
    assert "Bob  Doppelganger [Doppelgangers]  dead (day 1, Survivor)" in host.ok("status")
    end = host.ok("post", "end")
    assert "was shot by the Survivor on day 1" in end and "night 2" not in end.lower()
    assert "Day 1: Su (Survivor) was eliminated; Bob (Doppelganger) was shot by the Survivor." in end
    assert json.loads(host.ok("status", "--json"))["winner"] == "Town"
    day_map = host.ok("chart", "day", "1")  # the day's map draws the shot and its death
    assert "Last shot on Bob" in day_map and "killed: Survivor" in day_map


def test_paranormal_hold_out_blaster_lynch_shot_game_goes_on(tmp_path):
    """'he pulls out the blaster and gets to shoot a single target before dying': a shot that does
    not end the game is a day death too. The host is told to PM the dead statement (a day death),
    night 2's morning post does not list it, and undo restores the folder byte for byte."""
    host = _lynched_blaster(tmp_path)
    before = snapshot(host.folder)
    host.ok("shoot", "Su", "Cy")
    assert _status(host)["Cy"]["died"] == "day 1"
    assert "Cy died by day (shot): PM them the dead statement" in host.ok("status")
    assert "Cy (Townie, shot, day 1)" in host.ok("due")
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("shoot", "Su", "Cy")
    host.ok("act", "Bob", "Kill", "Dee")
    host.ok("resolve", "--force")
    deaths = host.ok("post", "deaths", "--night", "2")
    assert "Dee" in deaths and "Cy" not in deaths


def test_paranormal_hold_out_blaster_night_shot_is_the_nights(tmp_path):
    """'If he is night-killed, he gets a shot off on his attacker': that shot is the night's."""
    host = _new(tmp_path, "Su=Survivor", "Vi=Vigilante", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie")
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("act", "Vi", "Shoot", "Su")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    st = _status(host)
    assert st["Su"]["died"] == "night 1" and st["Vi"]["died"] == "night 1"


def test_a_lynched_blaster_shot_tells_the_host_what_it_set_off(tmp_path):
    """Xenozoologist: 'If he is killed, all abducted players are returned to the game.' Hivemind:
    'If the Hivemind dies, all converted players die with them.' A lynched Hold-out Blaster
    holder's shot at either says so, as the lynch itself would; the shot's own victim is not
    'bound' to anyone."""
    cast = ("Su=Survivor", "Xe=Xenozoologist", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie", "Fay=Townie",
            "Hiv=Hivemind (Psychic)")
    host = _new(tmp_path, *cast)
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("tech", "pick", "Xe", "Scanner")
    host.ok("tech", "pick", "Hiv", "Stun Bomb")
    for line in (("Xe", "Abduct", "Cy"), ("Hiv", "Dominate", "Dee"), ("Bo", "Kill", "skip")):
        host.ok("act", *line)
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    out = host.ok("shoot", "Su", "Xe")
    assert "Cy returns to play: their abductor Xe left the game (hostkit pm --day 1)" in out
    assert "Xe dies with them" not in out
    host.ok("undo")
    out = host.ok("shoot", "Su", "Hiv")
    assert "Dee dies with them: bound to the Hivemind" in out
    st = _status(host)
    assert st["Dee"]["died"] == "day 1" and st["Hiv"]["died"] == "day 1"


def test_a_blaster_lynched_on_the_maximum_game_day_shoots_before_the_game_ends(tmp_path):
    """Hold-out Blaster: 'If the Alien is lynched, he pulls out the blaster and gets to shoot a
    single target before dying.' General Rules: 'The Game will have a set Maximum game-day ... At
    that point, any players who have not already achieved their victory conditions will lose.'
    Lynched on the last day, the holder still shoots (here the other Survivor, who then does not
    win); the game ends after the shot, and undo of the shot brings the wait back."""
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--option", "max-day=1"]
    for a in ("Su=Survivor", "S2=Survivor", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie"):
        args += ["--assign", a]
    host.ok(*args)
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("tech", "pick", "S2", "Stun Orb")
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] is None and st["victory_pending"] == {"winner": "nobody", "shots_owed": ["Su"]}
    assert "the game ends, every player who has not won losing, once Su's last shot is taken" in host.ok("status")
    assert "the maximum game day is over" in host.refused("act", "Bo", "Kill", "Cy")
    before = snapshot(host.folder)
    assert "every player who has not won loses" in host.ok("shoot", "Su", "S2")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == "nobody" and st["ended_by"] == "max-day" and st["won"] == []
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("shoot", "Su", "skip")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == "nobody" and [w["player"] for w in st["won"]] == ["S2"]
