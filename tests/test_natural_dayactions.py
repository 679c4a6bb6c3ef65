"""Issue 13: natural's day (seed natural-resolution.md, sections I and II): Day and Cycle actions
resolve when the day ends, before the elimination; Immediate ones at once, in entry order; ITA
windows; Innate actions (ITA shots); Night 0. Through the CLI, as a host types them; ids carry
the seed section (natural-II-...)."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from hostkit.game import create

DAY_ROLES = '''
["Day Vigilante"]
alignment = "Town"
summary = "Each day, shoot a player: it resolves when the day ends."
[["Day Vigilante".abilities]]
name = "Day Shoot"
phase = "day"
category = "kill"
effects = [{ effect = "kill", type = "shot", cause = "Vigilante", flavour = "shot" }]

[Sniper]
alignment = "Town"
summary = "Each day, snipe a player at once."
[[Sniper.abilities]]
name = "Snipe"
phase = "day"
immediate = true
category = "kill"
effects = [{ effect = "kill", type = "shot", cause = "Sniper", flavour = "shot" }]

[Gunman]
alignment = "Mafia"
faction = "Mafia"
knows_faction = true
summary = "Mafia. Each day, snipe a player at once."
[[Gunman.abilities]]
name = "Snipe"
phase = "day"
immediate = true
category = "kill"
effects = [{ effect = "kill", type = "shot", cause = "Gunman", flavour = "shot" }]

[Oracle]
alignment = "Town"
summary = "Once a cycle, by day or by night, inspect a player's alignment."
[[Oracle.abilities]]
name = "Gaze"
phase = "cycle"
category = "inspect"
effects = [{ effect = "inspect", what = "alignment" }]

["Day Doctor"]
alignment = "Town"
summary = "Each day, protect a player from the day's kills."
[["Day Doctor".abilities]]
name = "Shield"
phase = "day"
category = "protect"
effects = [{ effect = "protect", against = "kill" }]
'''

PLAYERS = ["Dv=Day Vigilante", "Sn=Sniper", "Gun=Gunman", "Ora=Oracle", "Dd=Day Doctor", "Go=Goon",
           "Ann=Villager", "Bea=Villager", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"]


def game(tmp_path, players=PLAYERS, options=(), ruleset="natural", roles=DAY_ROLES) -> Host:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(roles)
    create(folder, ruleset=ruleset, seed=7, assign=list(players), options=list(options))
    return Host(folder)


def day1(tmp_path, **kw) -> Host:
    host = game(tmp_path, **kw)
    host.ok("resolve", "--force")
    return host


def alive(host: Host) -> dict[str, bool]:
    return {p["name"]: p["alive"] for p in json.loads(host.ok("status", "--json"))["players"]}


def died(host: Host, name: str) -> str | None:
    return {p["name"]: p["died"] for p in json.loads(host.ok("status", "--json"))["players"]}[name]


# --------------------------------------------------------------------------- Day actions at the day's end


def test_natural_II_day_action_resolves_when_the_day_ends_before_the_elimination(tmp_path):
    """'actions ... resolve at the end of the Phase': the Day vig's shot kills at the day's end,
    before the elimination, printed by eliminate; the day's death is a day death."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Ann")
    assert alive(host)["Ann"]  # not at once
    out = host.ok("eliminate", "Bea")
    assert out.index("dies: Ann, killed by Vigilante") < out.index("Bea is eliminated")
    assert not alive(host)["Ann"] and not alive(host)["Bea"]
    assert died(host, "Ann") == "day 1" and died(host, "Bea") == "day 1"


def test_natural_II_a_player_the_day_actions_kill_cannot_then_be_eliminated(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Ann")
    out = host.refused("eliminate", "Ann")
    assert "Ann is killed by the day's actions (Vigilante)" in out and "before the elimination" in out
    host.ok("eliminate", "--none")
    assert not alive(host)["Ann"]


def test_natural_II_day_actions_use_the_same_engine_protection_and_log(tmp_path):
    """Day actions are resolved by the night engine's rules: a Day Doctor's protection stops the
    day shot; the log explains it; resolve --dry-run by day previews the day's end."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Ann")
    host.ok("act", "Dd", "Shield", "Ann")
    preview = json.loads(host.ok("resolve", "--dry-run", "--json"))
    assert preview["phase"] == "day" and preview["outcomes"][0]["saved"] == [{"player": "Ann", "by": ["Day Doctor"]}]
    out = host.ok("eliminate", "--none")
    assert "saved: Ann by Day Doctor" in out and "protection saves Ann" in out
    assert alive(host)["Ann"]


def test_natural_II_day_end_resolution_is_generic_any_ruleset(tmp_path):
    """Not natural only: a custom day ability in an ordered ruleset (classic-werewolf) resolves
    at the day's end too."""
    roles = DAY_ROLES.replace('category = "kill"', 'category = "werewolf"').replace(
        'category = "protect"', 'category = "guard"').replace('category = "inspect"', 'category = "seer"')
    host = game(tmp_path, ruleset="classic-werewolf", roles=roles,
                players=["Dv=Day Vigilante", "Wo=Werewolf", "W2=Werewolf", "Ann=Villager", "Bea=Villager",
                         "Cy=Villager", "Dee=Villager"])
    host.ok("act", "Wo", "Kill", "Cy")
    host.ok("resolve", "--force")
    host.ok("act", "Dv", "Day Shoot", "Wo")
    out = host.ok("eliminate", "--none")
    assert "dies: Wo, killed by Vigilante" in out and not alive(host)["Wo"]


def test_natural_II_night_ability_by_day_and_day_ability_by_night_refused(tmp_path):
    """'Day or Night — May only be used in that respective phase.'"""
    host = game(tmp_path)
    assert "usable only by day, and it is night 1" in host.refused("act", "Dv", "Day Shoot", "Ann")
    host.ok("resolve", "--force")
    assert "usable only at night, and it is day 1" in host.refused("act", "Go", "Kill", "Ann")


def test_natural_II_no_prefix_once_each_phase_a_second_entry_replaces(tmp_path):
    """'An action that does not have a prefix may be used once each Phase': a second entry
    replaces the first; only the last resolves."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Ann")
    assert "replaces Dv's Day Shoot on Ann" in host.ok("act", "Dv", "Day Shoot", "Bea")
    host.ok("eliminate", "--none")
    assert alive(host)["Ann"] and not alive(host)["Bea"]


def test_natural_II_cycle_action_by_day_resolves_at_the_day_end(tmp_path):
    """'Cycle — May only be used once per Cycle, but in either phase': used by day it resolves when
    the day ends, with its result; the night of another cycle allows it again."""
    host = day1(tmp_path)
    host.ok("act", "Ora", "Gaze", "Go")
    out = host.ok("eliminate", "--none")
    assert "result: Ora (Gaze on Go): Mafia" in out
    host.ok("act", "Ora", "Gaze", "Ann")  # night 2: a new cycle


# --------------------------------------------------------------------------- Immediate


def test_natural_II_immediate_resolves_at_resolve_by_day(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "Sn", "Snipe", "Ann")
    assert alive(host)["Ann"]
    out = host.ok("resolve")
    assert "Day 1" in out and "dies: Ann, killed by Sniper" in out
    assert not alive(host)["Ann"]
    assert "no Immediate action is waiting" in host.refused("resolve")


def test_natural_II_immediate_on_entry_with_now(tmp_path):
    host = day1(tmp_path)
    out = host.ok("act", "--now", "Sn", "Snipe", "Ann")
    assert "recorded Sn: Snipe Ann" in out and "dies: Ann, killed by Sniper" in out
    assert not alive(host)["Ann"]
    # --now is for Immediate actions only; the Day vig's shot waits for the day's end
    assert "not Immediate: it resolves when the day ends" in host.refused("act", "--now", "Dv", "Day Shoot", "Bea")


def test_natural_II_immediate_entry_order(tmp_path):
    """Immediate actions resolve in entry order, each applied before the next: the Gunman entered
    first kills the Sniper before the Sniper's own shot resolves."""
    host = day1(tmp_path)
    host.ok("act", "Gun", "Snipe", "Sn")
    host.ok("act", "Sn", "Snipe", "Gun")
    out = host.ok("resolve")
    assert out.index("dies: Sn") < out.index("Sn was already dead")
    assert alive(host)["Gun"] and not alive(host)["Sn"]


def test_natural_II_immediate_entry_order_other_way(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "Sn", "Snipe", "Gun")
    host.ok("act", "Gun", "Snipe", "Sn")
    host.ok("resolve")
    assert not alive(host)["Gun"] and alive(host)["Sn"]


def test_natural_II_immediate_once_a_phase_after_it_resolved(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "--now", "Sn", "Snipe", "Ann")
    assert "already used in day 1, where it resolved at once" in host.refused("act", "Sn", "Snipe", "Bea")
    assert "Sn (Snipe)" not in host.ok("actions")  # not "waiting on" any more


def test_natural_II_immediate_still_waiting_resolves_first_at_the_day_end(tmp_path):
    """An Immediate action the host never resolved is not dropped: it resolves at the day's end,
    before the Day actions."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Sn")
    host.ok("act", "Sn", "Snipe", "Ann")
    out = host.ok("eliminate", "--none")
    assert out.index("dies: Ann, killed by Sniper") < out.index("dies: Sn, killed by Vigilante")
    assert not alive(host)["Ann"] and not alive(host)["Sn"]


def test_natural_II_undo_takes_back_the_immediate_resolution(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "Sn", "Snipe", "Ann")
    host.ok("resolve")
    assert "the resolution of the Immediate actions waiting" in host.ok("undo")
    assert alive(host)["Ann"]
    host.ok("resolve")
    assert not alive(host)["Ann"]
