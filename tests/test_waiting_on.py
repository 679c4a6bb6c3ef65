"""What the host is told to wait on, and ITA windows as a careless host meets them: through the
CLI. Ids carry the seed section where a seed rule is involved."""

from __future__ import annotations

import hashlib
import json

from conftest import Host
from hostkit.game import create
from test_natural_dayactions import alive, day1, game


def md5s(host: Host) -> dict[str, str]:
    return {str(p.relative_to(host.folder)): hashlib.md5(p.read_bytes()).hexdigest()
            for p in sorted(host.folder.rglob("*")) if p.is_file()}


def waiting(host: Host) -> list[str]:
    return [w["ability"] for w in json.loads(host.ok("actions", "--json"))["waiting"]]


# --------------------------------------------------------------------------- ITA windows (item 3)


def test_natural_II_ita_open_is_refused_when_no_one_has_an_ita_shot(tmp_path):
    """Seed II: innate actions 'are granted to players via game rules (i.e. ITA shots)'. With
    ita-shots 0 (natural's default) no one can shoot, so a window opens for nothing."""
    host = game(tmp_path, options=())
    host.ok("resolve", "--force")
    out = host.refused("ita", "open")
    assert out.strip() == ("Error: no living player has an ITA Shot left (option ita-shots = 0; seed natural II: "
                           "innate actions are granted by the game's rules): an ITA window is for ITA Shots; "
                           "give one with 'hostkit grant PLAYER \"ITA Shot\" --uses 1' first")
    host.ok("grant", "Ann", "ITA Shot", "--uses", "1")
    assert "ITA window 1 is open" in host.ok("ita", "open")
    assert "no uses left" in host.refused("act", "--now", "Bea", "ITA Shot", "Go")


def test_natural_II_ita_open_is_refused_once_every_shot_is_spent(tmp_path):
    host = day1(tmp_path, options=("ita-shots=1", "ita-accuracy=0"))
    host.ok("ita", "open")
    for name in ("Dv", "Sn", "Gun", "Ora", "Dd", "Go", "Ann", "Bea", "Cy", "Dee", "Eve", "Fay"):
        host.ok("act", "--now", name, "ITA Shot", "Go" if name != "Go" else "Ann")
    host.ok("ita", "close")
    assert "no living player has an ITA Shot left" in host.refused("ita", "open")


def test_ita_open_in_a_ruleset_without_ita_shots_is_refused(tmp_path):
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1,
           assign=["Ann=Seer", "Bob=Werewolf", "Cy=Villager", "Dee=Villager", "Eve=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "classic-werewolf has no ITA shots" in host.refused("ita", "open")


def test_natural_I_a_window_still_open_closes_with_the_day(tmp_path):
    """Decision (the seed is silent): 'eliminate' with a window open closes it first, as 'ita
    close' would (an ITA shot still waiting resolves), then ends the day; one undo takes back both."""
    host = day1(tmp_path, options=("ita-shots=1", "ita-accuracy=1"))
    host.ok("ita", "open")
    host.ok("act", "Ann", "ITA Shot", "Go")  # waiting: not resolved yet
    before = md5s(host)
    out = host.ok("eliminate", "Bea")
    assert out.index("ITA window 1 closes with the day.") < out.index("dies: Go, killed by ITA Shot") \
        < out.index("Bea is eliminated")
    day = sorted((host.folder / "phases").glob("*day-1.toml"))[0].read_text()
    assert 'kind = "ita-close"' in day
    assert not alive(host)["Go"] and not alive(host)["Bea"]
    assert host.ok("undo").strip() == "undone: the closing of the ITA window, with the end of day 1 (Bea eliminated)"
    assert md5s(host) == before
    assert json.loads(host.ok("actions", "--json"))["ita_window"] == 1


def test_natural_I_waiting_on_leaves_out_immediate_abilities_during_an_ita_window(tmp_path):
    """'Immediate Day Action submissions are ignored during ITA windows': the host is not told to
    wait for one then."""
    host = day1(tmp_path)
    assert "Snipe" in waiting(host) and "Day Shoot" in waiting(host)
    host.ok("ita", "open")
    assert "Snipe" not in waiting(host) and "Day Shoot" in waiting(host)
    assert "Snipe" not in json.loads(host.ok("status", "--json"))["waiting"].__repr__()
    host.ok("ita", "close")
    assert "Snipe" in waiting(host)


# --------------------------------------------------------------------------- waiting on (item 5)

PARA = ["Wv=War Vet", "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Di=Townie"]


def test_paranormal_War_Vet_standing_alert_is_not_waited_on(tmp_path):
    """A War Vet's alert is standing (on every night without an entry): 'Stand Down' is the
    opt-out, and saying nothing keeps the alert. It was listed every night until skip or Alert."""
    create(tmp_path / "g", ruleset="paranormal", seed=1, assign=PARA)
    host = Host(tmp_path / "g")
    assert "Stand Down" not in host.ok("actions")
    assert all(w["players"] != ["Wv"] for w in json.loads(host.ok("status", "--json"))["waiting"])
    host.ok("act", "Ann", "Investigate", "Bob")
    host.ok("act", "Bob", "Kill", "Cy")
    assert "waiting on" not in host.ok("actions")
    host.ok("resolve")  # no --force: nothing is waited on
    assert "War Vet" in json.loads(host.ok("status", "--json"))["players"][0]["role"]


ITEMS = ["Ann=Shaman", "Bob=Werewolf", "Cy=Militia", "Dee=Villager", "Eve=Huntsman"]


def test_items_werewolf_item_abilities_are_listed_not_waited_on(tmp_path):
    """An item's ability usable now is listed for the host ('items not used yet'); an automatic
    one (Armour's Absorb) is not; resolve does not wait on items (a holder may keep one)."""
    create(tmp_path / "g", ruleset="items-werewolf", seed=1, assign=ITEMS)
    host = Host(tmp_path / "g")
    out = host.ok("actions")
    assert "items not used yet (not waited on): Ann (Potion of Clarity: Clarity), Eve (Heavy Shield: Brace)" in out
    assert "Armour" not in out
    data = json.loads(host.ok("actions", "--json"))["items_unused"]
    assert data[0] == {"who": "Ann", "players": ["Ann"], "ability": "Clarity", "required": False,
                       "item": "Potion of Clarity"}
    assert "items not used yet" in host.ok("status")
    host.ok("act", "Ann", "Clarity", "Bob")
    assert "Potion of Clarity" not in host.ok("actions")
    for line in (("Ann", "Ward", "skip"), ("Bob", "Kill", "Dee"), ("Cy", "Shoot", "skip"), ("Eve", "Guard", "skip")):
        host.ok("act", *line)
    host.ok("resolve")  # Eve's Heavy Shield is not waited on


def test_paranormal_tech_is_listed_and_a_skip_answers_it(tmp_path):
    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Zed=Exterminator (Mind Shield)", "Yan=Exterminator Operative", "Ann=Agent", "Bob=Doppelganger",
                   "Cy=Townie", "Di=Townie"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Zed", "Combat Camouflage", "Replicator")
    host.ok("tech", "pick", "Yan", "Advanced Holoform Modulator", "Scanner", "Stun Orb")
    assert "items not used yet (not waited on): Yan (Scanner), Yan (Stun Orb)" in host.ok("actions")
    host.ok("act", "Yan", "Scanner", "skip")
    assert "items not used yet (not waited on): Yan (Stun Orb)" in host.ok("actions")
