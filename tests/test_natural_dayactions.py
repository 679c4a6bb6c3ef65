"""Issue 13: natural's day (seed natural-resolution.md, sections I and II): Day and Cycle actions
resolve when the day ends, before the elimination; Immediate ones at once, in entry order; ITA
windows; Innate actions (ITA shots); Night 0. Through the CLI, as a host types them; ids carry
the seed section (natural-II-...)."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from hostkit.game.game import create

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


def game(tmp_path, players=PLAYERS, options=None, ruleset="natural", roles=DAY_ROLES) -> Host:
    """A game folder; a natural game grants each player one ITA shot (option ita-shots) unless OPTIONS say."""
    if options is None:
        options = ("ita-shots=1",) if ruleset == "natural" else ()
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
    assert "dies with them" not in out  # a day action's death is not a Spirit-bond's
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


def classic_day1(tmp_path, fourth: str = "Ann=Villager") -> Host:
    """Day 1 of a classic-werewolf game with the custom day roles (their categories as classic's
    steps): Dv a Day Vigilante, Wo and W2 Werewolves, FOURTH, Bea and Dee; Cy died on night 1."""
    roles = DAY_ROLES.replace('category = "kill"', 'category = "werewolf"').replace(
        'category = "protect"', 'category = "guard"').replace('category = "inspect"', 'category = "seer"')
    host = game(tmp_path, ruleset="classic-werewolf", roles=roles,
                players=["Dv=Day Vigilante", "Wo=Werewolf", "W2=Werewolf", fourth, "Bea=Villager",
                         "Cy=Villager", "Dee=Villager"])
    host.ok("act", "Wo", "Kill", "Cy")
    host.ok("resolve", "--force")
    return host


def test_natural_II_day_end_resolution_is_generic_any_ruleset(tmp_path):
    """Not natural only: a custom day ability in an ordered ruleset (classic-werewolf) resolves
    at the day's end too."""
    host = classic_day1(tmp_path)
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
    assert "already resolved at once" in host.refused("act", "--remove", "Sn")
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


# --------------------------------------------------------------------------- ITA windows and innate ITA shots


def test_natural_I_immediate_ignored_during_ita_window_with_the_reason_logged(tmp_path):
    """Seed I and II: 'Immediate Day Action submissions are ignored during ITA windows.' It is
    recorded, said to be ignored, never resolves, and the day's outcome logs why."""
    host = day1(tmp_path)
    assert "ITA window 1 is open" in host.ok("ita", "open")
    out = host.ok("act", "Sn", "Snipe", "Ann")
    assert "(ignored: submitted during ITA window 1: Immediate Day Action submissions are ignored" in out
    refused = host.refused("resolve")
    assert "no Immediate action is waiting" in refused and "Sn's Snipe ignored" in refused
    assert "would be ignored" in host.refused("act", "--now", "Sn", "Snipe", "Bea")
    assert "ignored" in json.loads(host.ok("actions", "--json"))["actions"][0]
    host.ok("ita", "close")
    out = host.ok("eliminate", "--none")
    assert "failed: Sn's Snipe: submitted during ITA window 1" in out
    assert "Sn's Snipe is ignored" in out  # in the log
    assert alive(host)["Ann"]


def test_natural_II_immediate_after_the_window_resolves(tmp_path):
    host = day1(tmp_path)
    host.ok("ita", "open")
    host.ok("act", "Sn", "Snipe", "Ann")  # ignored
    host.ok("ita", "close")
    out = host.ok("act", "--now", "Sn", "Snipe", "Ann")  # a new submission replaces the ignored one
    assert "replaces Sn's Snipe on Ann" in out and "dies: Ann, killed by Sniper" in out
    assert not alive(host)["Ann"]


def test_natural_II_immediate_waiting_when_a_window_opens_resolves_first(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "Sn", "Snipe", "Ann")
    out = host.ok("ita", "open")
    assert "dies: Ann, killed by Sniper" in out and not alive(host)["Ann"]


def test_natural_II_ita_windows_are_opened_and_closed_by_the_host(tmp_path):
    host = game(tmp_path)
    assert "it is night 1, not a day" in host.refused("ita", "open")
    host.ok("resolve", "--force")
    assert "no ITA window is open" in host.refused("ita", "close")
    host.ok("ita", "open")
    assert "ITA window 1 is already open" in host.refused("ita", "open")
    assert "ITA window 1 open" in host.ok("actions")
    host.ok("ita", "close")
    assert "ITA window 2 is open" in host.ok("ita", "open")


def test_natural_II_innate_ita_shot_only_in_a_window_and_resolved_at_once(tmp_path):
    host = day1(tmp_path)
    assert "usable only during an ITA window" in host.refused("act", "Ann", "ITA Shot", "Go")
    host.ok("ita", "open")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "1")
    out = host.ok("act", "--now", "Ann", "ITA Shot", "Go")
    assert "dies: Go, killed by ITA Shot" in out  # accuracy 1: no roll needed
    assert not alive(host)["Go"]


def test_natural_II_innate_ita_shot_miss_told_to_the_shooter(tmp_path):
    host = day1(tmp_path)
    host.ok("ita", "open")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "0")
    out = host.ok("act", "--now", "Ann", "ITA Shot", "Go")
    assert "misses (roll" in out and "told: Ann: Your ITA Shot at Go missed." in out
    assert alive(host)["Go"]


def _shots(tmp_path, name: str, seed: int) -> list[bool]:
    """Every player but Go shoots at Go's team-mates in turn; which shots hit."""
    folder = tmp_path / name
    create(folder, ruleset="natural", seed=seed, assign=[f"P{i}=Villager" for i in range(12)] + ["Go=Goon"],
           options=["ita-shots=1"])
    host = Host(folder)
    host.ok("resolve", "--force")
    host.ok("ita", "open")
    hits = []
    for i in range(0, 12, 2):
        out = host.ok("act", "--now", f"P{i}", "ITA Shot", f"P{i + 1}")
        hits.append("hits (roll" in out)
    return hits


def test_natural_II_ita_hit_decided_by_the_seeded_rng(tmp_path):
    """An ITA shot hits by the game's seeded rng against the accuracy (natural's 30%): the same
    seed gives the same hits in another folder; another seed may differ."""
    a = _shots(tmp_path, "a", 11)
    assert a == _shots(tmp_path, "b", 11)
    assert any(_shots(tmp_path, f"s{seed}", seed) != a for seed in (12, 13, 14, 15))


def test_natural_II_innate_per_player_count_and_an_additional_use(tmp_path):
    """'“You may use an additional [Innate action]” means you can use the referenced action an
    additional time': one ITA Shot each; a second is refused until the host grants one more."""
    host = day1(tmp_path)
    host.ok("ita", "open")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "0")
    host.ok("act", "--now", "Ann", "ITA Shot", "Go")
    assert "no uses left" in host.refused("act", "Ann", "ITA Shot", "Go")
    assert "Ann: 1 use(s) of ITA Shot left" in host.ok("grant", "Ann", "ITA Shot", "--uses", "1")
    host.ok("act", "--now", "Ann", "ITA Shot", "Go")
    st = {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}
    assert st["Ann"]["innate"] == {"ita shot": 0} and st["Bea"]["innate"] == {"ita shot": 1}
    assert "no innate action 'Snipe'" in host.refused("grant", "Ann", "Snipe", "--uses", "1")


def test_natural_II_innate_used_in_addition_to_other_actions_same_phase(tmp_path):
    """'They may implicitly be used in addition to other actions during the same phase': the
    Sniper snipes and shoots in one day; the Day vig's shot still resolves at the day's end."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Cy")
    host.ok("ita", "open")
    host.ok("grant", "Sn", "ITA Shot", "--accuracy", "1")
    host.ok("act", "--now", "Sn", "ITA Shot", "Ann")
    host.ok("ita", "close")
    host.ok("act", "--now", "Sn", "Snipe", "Bea")
    host.ok("eliminate", "--none")
    st = alive(host)
    assert not st["Ann"] and not st["Bea"] and not st["Cy"]


def test_natural_II_innate_is_not_an_ability_of_the_role(tmp_path):
    """'They are not considered to be an ability of a role or player, and are ignored by effects
    that modify, inspect, or cause a player to lose abilities': not among any role's abilities
    (roles, role PMs), its uses apart from the role's charges, kept through a conversion."""
    from engine_helpers import ruleset, state
    from hostkit.engine.day import apply_outcome
    from hostkit.model.outcome import Change, NightOutcome

    info = json.loads(Host(tmp_path)("roles", "natural", "--json").stdout)
    assert [a["name"] for a in info["innate"]] == ["ITA Shot"]
    assert not any(a["name"] == "ITA Shot" for r in info["roles"] for a in r["abilities"])
    host = day1(tmp_path)
    assert "ITA Shot" not in host.ok("pm", "Ann")
    assert json.loads(host.ok("status", "--json"))["players"][0]["charges"] == {}
    rs = ruleset("natural")
    st = state(rs, "Ve=Veteran V=Villager")
    st.players["V"].charges["ita shot"] = 3
    apply_outcome(st, NightOutcome(night=1, changes=(Change("V", "convert", "Veteran", None),)))
    assert st.players["V"].role == "Veteran" and st.players["V"].charges == {"ita shot": 3, "alert": 2}


# --------------------------------------------------------------------------- the required test day


def test_natural_II_a_whole_day_ita_window_ignored_immediate_immediate_after_and_day_vig_before_elimination(tmp_path):
    """Issue 13's test day: an ITA window with shots, an ignored Immediate action during it, an
    Immediate action after it, and a Day vig shot before the elimination."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Go")  # resolves at the day's end
    host.ok("ita", "open")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "1")
    host.ok("grant", "Bea", "ITA Shot", "--accuracy", "0")
    assert "dies: Cy, killed by ITA Shot" in host.ok("act", "--now", "Ann", "ITA Shot", "Cy")
    host.ok("act", "Bea", "ITA Shot", "Dee")  # resolved when the window closes
    assert "(ignored: submitted during ITA window 1" in host.ok("act", "Gun", "Snipe", "Ann")
    out = host.ok("ita", "close")
    assert "Bea's ITA Shot" not in out and "ITA Shot on Dee misses" in out and "window is closed" in out
    assert "dies: Eve, killed by Sniper" in host.ok("act", "--now", "Sn", "Snipe", "Eve")
    host.ok("vote", "Ann", "Fay")
    # misc (stop 21): one hand vote of ten is no majority, so the host overrules the count
    out = host.ok("eliminate", "Fay", "--force")
    assert out.index("dies: Go, killed by Vigilante") < out.index("Fay is eliminated")
    st = alive(host)
    assert [n for n, a in st.items() if not a] == ["Go", "Cy", "Eve", "Fay"]
    assert st["Dee"]
    day = [ph for ph in host.game.phases if ph.record.kind == "day"][0]
    assert [(d.player, d.cause) for o in day.outcomes for d in o.deaths] == [
        ("Cy", "ITA Shot"), ("Eve", "Sniper"), ("Go", "Vigilante")]
    assert [(f.player, f.ability) for o in day.outcomes for f in o.failed if "ITA window 1" in f.reason] == [
        ("Gun", "Snipe")]
    assert "Gun's Snipe is ignored: submitted during ITA window 1" in out


# --------------------------------------------------------------------------- Night 0, Even/Odd and Cycle numbering

N0_ROLES = DAY_ROLES + '''
[Watchman]
alignment = "Town"
summary = "From Night 0, watch a player."
[[Watchman.abilities]]
name = "Keep Watch"
first_night = 0
category = "inspect"
effects = [{ effect = "observe", mode = "watch" }]

[Seer]
alignment = "Town"
summary = "On odd cycles, by day or by night, once a cycle, inspect a player's alignment."
[[Seer.abilities]]
name = "Vision"
phase = "cycle"
nights = "odd"
category = "inspect"
effects = [{ effect = "inspect", what = "alignment" }]
'''


def night0(tmp_path) -> Host:
    return game(tmp_path, roles=N0_ROLES, options=["start=night-0"],
                players=["Wm=Watchman", "Se=Seer", "Ora=Oracle", "Go=Goon", "Co=Cop", "Ann=Villager",
                         "Bea=Villager", "Cy=Villager"])


def test_natural_I_night_0_start_and_no_actions_unless_stated(tmp_path):
    """Seed I: 'Actions cannot be used and abilities cannot trigger during Night 0 unless
    otherwise stated.' --option start=night-0 starts there; an ability with first_night = 0 is
    the 'otherwise stated'."""
    host = night0(tmp_path)
    st = json.loads(host.ok("status", "--json"))
    assert (st["phase"], st["number"]) == ("night", 0)
    assert "no actions during Night 0 unless otherwise stated" in host.refused("act", "Co", "Investigate", "Go")
    assert "no actions during Night 0" in host.refused("act", "Go", "Ann")
    host.ok("act", "Wm", "Keep Watch", "Ann")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert out["night"] == 0 and out["results"] == [{"player": "Wm", "ability": "Keep Watch", "target": "Ann",
                                                     "result": []}]
    assert [(ph.record.kind, ph.record.number) for ph in host.game.phases] == [("night", 0), ("day", 1)]
    host.ok("eliminate", "--none")
    assert [(ph.record.kind, ph.record.number) for ph in host.game.phases][-1] == ("night", 1)


def test_natural_I_night_0_engine_fails_an_action_without_first_night_0():
    from engine_helpers import failed, ruleset, run

    o, _ = run(ruleset("natural"), "Co=Cop Go=Goon V=Villager", "Co Investigate V; Go Kill V", night=0)
    assert "Night 0" in failed(o)["Co.Investigate"] and o.deaths == ()


def test_natural_II_cycle_is_day_n_and_the_night_after_it(tmp_path):
    """With Night 0: Day 1 and Night 1 are cycle 1. 'Cycle — once per Cycle, in either phase'."""
    host = night0(tmp_path)
    host.ok("resolve", "--force")
    host.ok("act", "Ora", "Gaze", "Go")  # day 1
    host.ok("eliminate", "--none")
    assert "once per cycle, and it was used in day 1" in host.refused("act", "Ora", "Gaze", "Ann")  # night 1
    host.ok("resolve", "--force")
    host.ok("act", "Ora", "Gaze", "Ann")  # day 2: cycle 2


def test_natural_II_even_odd_follow_the_cycle_number(tmp_path):
    """'Even or Odd — May only be used on even or odd Cycles': with Night 0, Night 0 is cycle 0
    (even), Day 1 and Night 1 cycle 1 (odd), Day 2 cycle 2."""
    host = night0(tmp_path)
    assert "usable only once a cycle on odd cycles, and it is night 0" in host.refused("act", "Se", "Vision", "Go")
    host.ok("resolve", "--force")
    out = host.ok("act", "Se", "Vision", "Go")  # day 1: odd
    assert "recorded" in out
    assert "result: Se (Vision on Go): Mafia" in host.ok("eliminate", "--none")
    host.ok("resolve", "--force")  # night 1: same cycle, already used
    assert "usable only once a cycle on odd cycles, and it is day 2" in host.refused("act", "Se", "Vision", "Ann")


# --------------------------------------------------------------------------- IV and its FAQ

FAQ_ROLES = '''
["Lost Wolf"]
alignment = "Mafia"
summary = "Mafia-aligned, but the pack does not know you until you rejoin it."
[["Lost Wolf".abilities]]
name = "Rejoin"
targets = 0
category = "recruit"
effects = [{ effect = "convert", target = -1, faction = "Mafia" }]

[Survivor]
alignment = "Neutral"
summary = "Third party."
[[Survivor.abilities]]
name = "Pact"
allied = "allied"
category = "misc"
effects = [{ effect = "tell", text = "A survivor reached out to you." }]

[Deputy]
alignment = "Town"
summary = "Each night, shoot an unallied player."
[[Deputy.abilities]]
name = "Arrest"
allied = "unallied"
category = "kill"
effects = [{ effect = "kill", type = "shot", cause = "Deputy", flavour = "shot" }]
'''


def faq(tmp_path, *players) -> Host:
    return game(tmp_path, roles=FAQ_ROLES, players=list(players))


def test_natural_IV_FAQ_lost_wolf_is_unallied_until_rejoining(tmp_path):
    """FAQ: 'The Lost Wolf would be considered an unallied player until the moment they rejoined
    the pack': the Mafia's unallied kill may target them before, not after."""
    host = faq(tmp_path, "Lw=Lost Wolf", "Go=Goon", "Gf=Godfather", "Ann=Villager", "Bea=Villager", "Cy=Villager",
               "Dee=Villager")
    host.ok("act", "Go", "Kill", "Lw")  # accepted: unallied
    host.ok("act", "Go", "Kill", "Ann")
    host.ok("act", "Lw", "Rejoin")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    assert "Lw is an allied player" in host.refused("act", "Go", "Kill", "Lw")


def test_natural_IV_FAQ_tragedy_unallied_kill_on_a_rejoining_lost_wolf(tmp_path):
    """FAQ: 'what if the Mafia use an unallied kill on their Lost Wolf who submits their action to
    rejoin the pack that same Night? A. Tragedy.'"""
    host = faq(tmp_path, "Lw=Lost Wolf", "Go=Goon", "Ann=Villager", "Bea=Villager", "Cy=Villager")
    host.ok("act", "Go", "Kill", "Lw")
    host.ok("act", "Lw", "Rejoin")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in out["deaths"]] == ["Lw"]


def test_natural_IV_FAQ_third_party_never_allied_with_other_factions(tmp_path):
    """FAQ: 3rd Party or Neutral players 'are never considered allied with members of other
    factions' (even confirmed); among themselves, allied when confirmed (hostkit's reading of
    'may or may not')."""
    host = faq(tmp_path, "S1=Survivor", "S2=Survivor", "Ann=Villager", "Go=Goon", "Bea=Villager")
    host.ok("confirm", "Ann")
    assert "Ann is not an allied player" in host.refused("act", "S1", "Pact", "Ann")
    assert "S2 is not an allied player" in host.refused("act", "S1", "Pact", "S2")  # not confirmed
    host.ok("confirm", "S2", "--to", "S1")
    host.ok("act", "S1", "Pact", "S2")


def test_natural_IV_FAQ_unallied_night_action_resolves_though_confirmed_allied_later(tmp_path):
    """FAQ: 'My Night action requires the target be unallied, but they're host confirmed to be an
    allied player at the start of Day. ... we only care if it's true when you submitted the
    action. The action would resolve normally.'"""
    host = faq(tmp_path, "Dep=Deputy", "Ann=Villager", "Go=Goon", "Bea=Villager", "Cy=Villager")
    host.ok("act", "Dep", "Arrest", "Ann")
    host.ok("confirm", "Ann")  # confirmed before the night resolves
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in out["deaths"]] == ["Ann"]


def test_natural_IV_allied_needs_the_same_alignment_and_a_confirmation(tmp_path):
    """IV: 'An allied player is a player of the same alignment, whose alignment has been either
    publicly confirmed, or confirmed to you personally'; 'An unallied player is a player of a
    different alignment or any player whose alignment has not been confirmed by the host'."""
    host = faq(tmp_path, "Dep=Deputy", "Ann=Villager", "Bea=Villager", "Go=Goon", "Cy=Villager")
    host.ok("act", "Dep", "Arrest", "Ann")  # same alignment, unconfirmed: unallied
    host.ok("confirm", "Bea", "--to", "Dep")
    assert "Bea is an allied player" in host.refused("act", "Dep", "Arrest", "Bea")
    host.ok("confirm", "Go")  # a publicly confirmed Goon is still of another alignment
    host.ok("act", "Dep", "Arrest", "Go")


# --------------------------------------------------------------------------- II: kinds, tag lines, Factional; the FAQ's OOP answer


def test_natural_II_two_kinds_action_and_passive(tmp_path):
    """'There are 2 kinds of abilities, Action and Passive': actions are entered with act;
    a passive is not an action and cannot be entered."""
    info = json.loads(Host(tmp_path)("roles", "natural", "--json").stdout)
    for role in info["roles"]:
        assert set(role) >= {"abilities", "passives"}
    roles = DAY_ROLES + '\n[Tough]\nalignment = "Town"\npassives = ["unblockable"]\n'
    host = game(tmp_path, roles=roles, players=["T=Tough", "Go=Goon", "Ann=Villager", "Bea=Villager"])
    assert "has no ability 'unblockable'" in host.refused("act", "T", "unblockable", "Ann")


def test_natural_II_tag_line_says_the_prefixes(tmp_path):
    """'An ability's “tag line” ... will say what kind it is': a role PM names the Day, Cycle and
    Immediate prefixes."""
    host = game(tmp_path)
    assert "Snipe[/b] (Each day, Immediate: resolves as soon as it is submitted" in host.ok("pm", "Sn")
    assert "Day Shoot[/b] (Each day;" in host.ok("pm", "Dv")
    assert "Gaze[/b] (Each cycle;" in host.ok("pm", "Ora")
    assert "ITA Shot (Once per game, by day, during an ITA window, Immediate" in host.ok("roles", "natural")


def test_natural_II_factional_used_by_allied_players_instead_of_the_owner(tmp_path):
    """'Factional — May be used by allied players instead of the player who owns it': any Mafia
    member enters the one kill (a later entry replaces it); a Town player has no such action."""
    host = game(tmp_path)
    host.ok("act", "Gun", "Kill", "Ann")
    assert "replaces Gun's Kill on Ann" in host.ok("act", "Go", "Kill", "Bea")
    assert "has no ability 'Kill'" in host.refused("act", "Cy", "Kill", "Bea")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in out["deaths"]] == ["Bea"]


def test_natural_II_day_results_reach_the_player_by_pm(tmp_path):
    """A Cycle inspection used by day resolves at the day's end; its result is in `pm --day N`."""
    host = day1(tmp_path)
    assert "day 1 has resolved no day action" in host.refused("pm", "--day", "1")
    host.ok("act", "Ora", "Gaze", "Go")
    host.ok("eliminate", "--none")
    out = host.ok("pm", "Ora", "--day", "1", "--format", "plain")
    assert "day 1" in out and "Gaze on Go: Mafia." in out


def test_natural_FAQ_hosts_answer_interaction_questions_without_touching_the_game(tmp_path):
    """FAQ: 'You may ask the hosts how certain interactions would resolve.' The host tries it on a
    dry run, by night or by day, and nothing is recorded."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Ann")
    host.ok("act", "Dd", "Shield", "Ann")
    before = host.ok("log")
    out = host.ok("resolve", "--dry-run")
    assert "dry run: nothing recorded" in out and "saved: Ann by Day Doctor" in out
    assert host.ok("log") == before and alive(host)["Ann"]


def test_natural_II_actions_must_be_submitted_before_the_phase_deadline(tmp_path):
    """'Unless otherwise noted, actions must be submitted before the Phase's respective action
    deadline': after the day's recorded deadline an action is refused, naming the rule, unless the
    host says it was submitted in time (--on-time)."""
    host = day1(tmp_path)
    host.ok("deadline", "2020-01-01 18:00")
    out = host.refused("act", "Dv", "Day Shoot", "Ann")
    assert "action deadline passed" in out and "before the Phase's action deadline" in out
    assert "action deadline passed" in host.refused("act", "--now", "Sn", "Snipe", "Ann")
    host.ok("act", "--on-time", "Dv", "Day Shoot", "Ann")
    host.ok("deadline", "2999-01-01 18:00")
    host.ok("act", "Dd", "Shield", "Bea")


def test_natural_II_a_day_action_whose_actor_or_target_died_first_fails_at_the_day_end(tmp_path):
    """Immediate actions resolved during the day come first: a Day action whose actor they killed,
    or whose target they killed, fails at the day's end, with the reason (nothing is dropped
    silently, and the record still replays)."""
    host = day1(tmp_path)
    host.ok("act", "Dv", "Day Shoot", "Ann")
    host.ok("act", "Dd", "Shield", "Bea")
    host.ok("act", "--now", "Sn", "Snipe", "Dv")
    host.ok("act", "--now", "Gun", "Snipe", "Bea")
    out = host.ok("eliminate", "--none")
    assert "failed: Dv's Day Shoot: Dv was already dead" in out
    assert "failed: Dd's Shield: Bea is dead" in out
    assert alive(host)["Ann"] and host.game.state.phase == "night"


def test_natural_II_a_hand_edited_window_close_without_an_open_is_reported(tmp_path):
    """A hand edit the record cannot hold (a window closed that was never opened) is reported
    with its file and key, never a traceback."""
    host = day1(tmp_path)
    host.ok("vote", "Ann", "Bea")
    day_file = sorted((host.folder / "phases").glob("*day-1.toml"))[0]
    day_file.write_text(day_file.read_text() + '\n[[events]]\nseq = 99\nkind = "ita-close"\n')
    result = host("status")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{day_file}: events[0]: no ITA window is open" in result.output


def test_natural_II_the_host_page_shows_what_the_day_actions_did(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "--now", "Sn", "Snipe", "Ann")
    host.ok("act", "Dv", "Day Shoot", "Bea")
    host.ok("eliminate", "--none")
    page = host.ok("page")
    assert "Day actions resolved (2)" in page and "dies: Ann, killed by Sniper" in page
    assert "dies: Bea, killed by Vigilante" in page
    assert "Day actions resolved" not in host.ok("page", "--public")


# --------------------------------------------------------------------------- the game's ITA options


def test_natural_II_innate_ita_shots_only_when_the_game_grants_them(tmp_path):
    """'Innate — Are granted to players via game rules (i.e. ITA shots ...)': a natural game has
    no ITA shots unless it sets ita-shots; with ita-shots=2 every player may shoot twice."""
    (tmp_path / "none").mkdir()
    (tmp_path / "two").mkdir()
    none = game(tmp_path / "none", options=())
    none.ok("resolve", "--force")
    # misc (stop 21): an ITA window in a game with no ITA shots is refused, naming the option
    assert "no living player has an ITA Shot left (option ita-shots = 0" in none.refused("ita", "open")
    assert "usable only during an ITA window" in none.refused("act", "--now", "Ann", "ITA Shot", "Go")
    two = game(tmp_path / "two", options=("ita-shots=2",))
    assert json.loads(two.ok("status", "--json"))["players"][0]["innate"] == {"ita shot": 2}


@pytest.mark.parametrize("accuracy, says", [("0", "misses (roll"), ("1", "dies: Go, killed by ITA Shot")],
                         ids=["never-hits", "always-hits"])
def test_natural_II_the_games_ita_accuracy_decides_the_hit(tmp_path, accuracy, says):
    """The game's ita-accuracy replaces the 30% default: 0 never hits, 1 always does."""
    host = game(tmp_path, options=("ita-shots=1", f"ita-accuracy={accuracy}"))
    host.ok("resolve", "--force")
    host.ok("ita", "open")
    out = host.ok("act", "--now", "Ann", "ITA Shot", "Go")
    assert says in out
    assert alive(host)["Go"] is (accuracy == "0")


@pytest.mark.parametrize("option, rule", [("ita-accuracy=1.5", "from 0 to 1"), ("ita-shots=-1", "0 or more"),
                                          ("ita-shots=x", "takes int")], ids=["accuracy-over-1", "negative-shots", "not-a-number"])
def test_natural_II_bad_ita_options_are_refused_at_new(tmp_path, option, rule):
    from click.testing import CliRunner

    from hostkit.cli import cli

    result = CliRunner().invoke(cli, ["new", str(tmp_path / "g"), "--ruleset", "natural", "--option", option,
                                      "--assign", "Ann=Villager", "--assign", "Go=Goon"])
    assert result.exit_code == 1 and rule in result.output and "Traceback" not in result.output
    assert not (tmp_path / "g").exists()
