"""Issue 13: classic-werewolf's handler rules that the day got wrong, through the CLI.

Test ids name the handler and the rule number of seed classic-werewolf.md (Validation rules
as 'validation', Invariant rules as 'inv<N>'), or the Day Phase Flow.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic

TWELVE = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
          "Gus=Werewolf", "Hal=Villager", "Ivy=Werewolf", "Jon=Villager", "Kim=Werewolf", "Leo=Villager"]
NAMES = [a.split("=")[0] for a in TWELVE]


def game(tmp_path, assign=TWELVE, options=(), night=()) -> Host:
    """A classic game on Day 1 after the given night-1 actions."""
    new_classic(tmp_path / "g", assign=assign, options=list(options))
    host = Host(tmp_path / "g")
    for a in night:
        host.ok("act", *a)
    host.ok("resolve", "--force")
    return host


def count(host: Host) -> dict:
    return json.loads(host.ok("votes", "--hand-only", "--json"))


def status(host: Host) -> dict:
    return json.loads(host.ok("status", "--json"))


# ---------------------------------------------------------------- Voting


def test_Voting_inv4_abstention_is_recorded_counted_and_not_a_wagon(tmp_path):
    host = game(tmp_path)
    assert host.ok("vote", "Ann", "none").strip() == "recorded: Ann abstains"
    host.ok("vote", "Bob", "Carol")
    data = count(host)
    assert data["abstained"] == ["Ann"] and "Ann" not in data["not_voting"]
    assert [w["target"] for w in data["wagons"]] == ["Carol"] and data["eliminated"] == "Carol"
    post = host.ok("votes", "--hand-only")
    assert "Abstaining (1)[/b]: Ann" in post and "No Elimination" not in post


def test_Voting_validation_abstention_only_where_the_game_has_it(tmp_path):
    host = game(tmp_path, options=["abstention=false"])
    assert "has no No Elimination vote" in host.refused("vote", "Ann", "none")


def test_Voting_inv6_vote_count_equals_living_count(tmp_path):
    host = game(tmp_path, night=[["Bob", "Kill", "Fay"]])
    for voter, target in [("Ann", "Bob"), ("Carol", "none"), ("Dave", "Bob"), ("Eve", "Gus"), ("Ann", "Gus")]:
        host.ok("vote", voter, target)
    data = count(host)
    voted = [v for w in data["wagons"] for v in w["voters"]] + data["abstained"]
    living = [p["name"] for p in status(host)["players"] if p["alive"]]
    assert sorted(voted + data["not_voting"]) == sorted(living) and len(voted) == len(set(voted)) == 4
    assert data["alive"] == len(living) == 11


def test_Voting_output_majority_is_a_number_and_rule_says_plurality(tmp_path):
    """misc3: 'majority' was null under plurality; SPEC shows a number (decision majority-number):
    it is what a majority would be, and 'rule' says reaching it does not end the day."""
    host = game(tmp_path)
    host.ok("vote", "Ann", "Bob")
    data = count(host)
    assert data["majority"] == data["half_plus_one"] == 7 and data["rule"] == "plurality"
    assert data["hammer"] is None
    other = game(tmp_path / "2", options=["majority=half-plus-one"])
    other.ok("vote", "Ann", "Bob")
    assert count(other)["majority"] == 7 and count(other)["rule"] == "majority"


@pytest.mark.parametrize("votes,target,rule", [
    ([("Ann", "Bob"), ("Carol", "Bob"), ("Dave", "Gus"), ("Eve", "Gus")], "Bob", "Tie = No Banishment"),
    ([("Ann", "Bob"), ("Carol", "Bob"), ("Dave", "Gus")], "Gus", "Banished Must Have Max Votes"),
    ([("Ann", "Bob"), ("Carol", "Bob"), ("Dave", "Gus")], None, "Banished Must Have Max Votes"),
    ([("Ann", "none")], "Bob", "Banished Must Have Max Votes"),
], ids=["Voting-inv3-tie-no-banishment", "Voting-inv7-banished-has-max-votes",
        "Voting-inv7-no-one-when-someone-leads", "Voting-inv7-no-votes-no-banishment"])
def test_eliminate_against_the_count_is_refused_naming_the_rule(tmp_path, votes, target, rule):
    host = game(tmp_path)
    for voter, t in votes:
        host.ok("vote", voter, t)
    args = ["eliminate", target] if target else ["eliminate", "--none"]
    out = host.refused(*args)
    assert rule in out and "--force overrules" in out
    host.ok(*args, "--force")
    assert status(host)["phase"] == "night"


def test_Voting_inv3_a_tie_ends_with_no_banishment_and_inv7_the_leader_goes(tmp_path):
    host = game(tmp_path)
    for voter, t in [("Ann", "Bob"), ("Carol", "Bob"), ("Dave", "Gus"), ("Eve", "Gus")]:
        host.ok("vote", voter, t)
    host.ok("eliminate", "--none")
    other = game(tmp_path / "2")
    for voter, t in [("Ann", "Bob"), ("Carol", "Bob"), ("Dave", "Gus")]:
        other.ok("vote", voter, t)
    assert "Bob is eliminated" in other.ok("eliminate", "Bob")


def test_Voting_eliminate_checks_the_latest_thread_count(tmp_path):
    """With a count read from the thread, that count decides (here: hand votes alone would tie)."""
    host = game(tmp_path)
    host.ok("vote", "Ann", "Bob")
    host.ok("vote", "Carol", "Gus")
    counts = host.folder / ".cache" / "counts"
    counts.mkdir(parents=True)
    (counts / "day-1.json").write_text(json.dumps([{
        "day": 1, "count_number": "1.01", "wagons": [{"target": "Gus", "votes": 3.0, "voters": ["A", "B", "C"]}],
        "tie": False, "eliminated": "Gus", "hammer": None, "last_post": 40}]))
    assert "the count (1.01) eliminates Gus" in host.refused("eliminate", "Bob")
    host.ok("eliminate", "Gus")


# ---------------------------------------------------------------- NightResolution, DeathResolution


def test_NightResolution_inv4_death_cause_records_truth_poisoned_hunter_cannot_shoot(tmp_path):
    host = game(tmp_path, night=[["Bob", "Kill", "Eve"], ["Carol", "Poison", "Eve"]])
    eve = next(p for p in status(host)["players"] if p["name"] == "Eve")
    assert eve["cause"] == "Poison"
    item = json.loads(host.ok("due", "--json"))["due"][0]
    assert "shot" not in item["owes"] and item["no_shot_because"] == "poison"
    out = host.refused("shoot", "Eve", "Bob")
    assert "Poisoned Hunter cannot shoot" in out


# ---------------------------------------------------------------- Phase Sequencing


def test_WerewolfAction_inv5_a_changed_kill_takes_the_antidote_back(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Carol", "Antidote", "Fay")
    out = classic.ok("act", "Gus", "Kill", "Hal")
    assert "taken back: The Witch's Antidote on Fay is taken back, not spent" in out
    assert "WerewolfAction MUST precede WitchAction" in out
    acts = json.loads(classic.ok("actions", "--json"))["actions"]
    assert [(a["actor"], a["ability"]) for a in acts] == [("Gus", "Kill")]
    classic.ok("resolve", "--force")
    carol = next(p for p in status(classic)["players"] if p["name"] == "Carol")
    assert carol["charges"]["antidote"] == 1  # not spent


def test_WerewolfAction_inv5_a_removed_kill_takes_the_antidote_back(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Carol", "Antidote", "Fay")
    out = classic.ok("act", "--remove", "Bob")
    assert "removed Bob: Kill Fay" in out and "Antidote on Fay is taken back" in out
    assert json.loads(classic.ok("actions", "--json"))["actions"] == []


def test_WerewolfAction_inv5_the_same_kill_again_keeps_the_antidote(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Carol", "Antidote", "Fay")
    assert "taken back" not in classic.ok("act", "Gus", "Kill", "Fay")
    assert len(json.loads(classic.ok("actions", "--json"))["actions"]) == 2


def test_ruleset_records_the_phase_sequencing_decision():
    from hostkit.rules.rulesets import load_ruleset

    assert "takes the antidote back" in load_ruleset("classic-werewolf").decisions["kill-change-takes-back-antidote"]


# ---------------------------------------------------------------- VictoryCheck last, processing order

SMALL = ["Bob=Werewolf", "Eve=Hunter", "Fay=Villager", "Hal=Villager"]


def test_DayFlow_VictoryCheck_last_the_shot_can_change_the_winner(tmp_path):
    host = game(tmp_path, assign=SMALL)
    host.ok("vote", "Fay", "Eve")
    out = host.ok("eliminate", "Eve")
    assert "The game is over" not in out
    st = status(host)
    assert st["winner"] is None and st["victory_pending"] == {"winner": "Werewolves", "shots_owed": ["Eve"]}
    assert "shot" in json.loads(host.ok("due", "--json"))["due"][0]["owes"]
    assert "VictoryCheck comes last" in host.refused("act", "Bob", "Kill", "Fay")
    assert "VictoryCheck comes last" in host.refused("resolve", "--force")
    assert "The game is over: Village wins." in host.ok("shoot", "Eve", "Bob")
    assert status(host)["winner"] == "Village"


def test_DayFlow_VictoryCheck_last_holding_fire_lets_the_win_stand(tmp_path):
    host = game(tmp_path, assign=SMALL)
    host.ok("vote", "Fay", "Eve")
    host.ok("eliminate", "Eve")
    assert "The game is over: Werewolves wins." in host.ok("shoot", "Eve", "skip")


def test_DayFlow_VictoryCheck_last_after_a_night_death(tmp_path):
    host = game(tmp_path, assign=SMALL, night=[["Bob", "Kill", "Eve"]])
    assert status(host)["victory_pending"]["winner"] == "Werewolves"
    host.ok("shoot", "Eve", "Bob")
    assert status(host)["winner"] == "Village"


def test_BanishmentResolution_inv7_processing_order_shot_before_badge(tmp_path):
    host = game(tmp_path)
    host.ok("sheriff", "run", "Eve")
    for n in NAMES:
        host.ok("sheriff", "vote", n, "Eve")
    host.ok("sheriff", "elect")
    host.ok("vote", "Ann", "Eve")
    host.ok("eliminate", "Eve")
    assert json.loads(host.ok("due", "--json"))["due"][0]["owes"] == ["last words", "shot", "badge"]
    out = host.refused("badge", "Eve", "Dave")
    assert "Processing order: Last words -> Hunter shoot -> Badge transfer" in out
    host.ok("shoot", "Eve", "Dave")
    assert "Dave is dead: the badge goes to a living player" in host.refused("badge", "Eve", "Dave")
    host.ok("badge", "Eve", "Ann")
    assert status(host)["sheriff"] == "Ann"


def test_DeathResolution_processing_order_across_night_deaths(tmp_path):
    """Sheriff Ann and Hunter Eve die the same night: Eve's shot comes before Ann's badge."""
    host = game(tmp_path)
    host.ok("sheriff", "run", "Ann")
    for n in NAMES:
        host.ok("sheriff", "vote", n, "Ann")
    host.ok("sheriff", "elect")
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("act", "Carol", "Poison", "Ann")
    host.ok("resolve", "--force")
    assert "Eve's last shot comes before the badge" in host.refused("badge", "Ann", "Dave")
    assert "Eve's last shot must be taken first" in host.refused("post", "order")
    host.ok("shoot", "Eve", "skip")
    assert "Ann's badge must be passed first" in host.refused("post", "order")
    host.ok("badge", "Ann", "Dave")
    assert "[*]" in host.ok("post", "order")


def test_Discussion_inv3_post_order_waits_for_an_owed_shot(tmp_path):
    host = game(tmp_path, night=[["Bob", "Kill", "Eve"]])
    assert "Eve's last shot must be taken first (or 'skip'): DeathResolution comes before Discussion" in \
        host.refused("post", "order")
    host.ok("shoot", "Eve", "Gus")
    assert "Gus" not in host.ok("post", "order")


# ---------------------------------------------------------------- Campaign, SheriffElection


def test_Campaign_context_excludes_who_died_a_night_1_victim_runs_and_is_elected(tmp_path):
    host = game(tmp_path, night=[["Bob", "Kill", "Fay"]])
    assert "Running for Sheriff: Fay, Ann" in host.ok("sheriff", "run", "Fay", "Ann")
    host.ok("sheriff", "vote", "Fay", "Fay")
    for n in NAMES:
        if n != "Fay":
            host.ok("sheriff", "vote", n, "Fay" if n in ("Bob", "Carol", "Dave", "Eve", "Gus", "Hal") else "Ann")
    assert json.loads(host.ok("sheriff", "elect", "--json"))["winner"] == "Fay"
    assert status(host)["sheriff"] is None
    due = json.loads(host.ok("due", "--json"))["due"][0]
    assert due["player"] == "Fay" and due["owes"] == ["last words", "badge"]
    host.ok("badge", "Fay", "Hal")
    assert status(host)["sheriff"] == "Hal"


def test_SheriffElection_inv2_none_names_the_no_abstention_rule(tmp_path):
    host = game(tmp_path)
    host.ok("sheriff", "run", "Ann")
    out = host.refused("sheriff", "vote", "Bob", "none")
    assert "SheriffElection 2 (No Abstention)" in out and "unknown player" not in out


# ---------------------------------------------------------------- Context Filtering, outputs


def test_WerewolfAction_context_dead_players_roles_unknown_by_default(tmp_path):
    host = game(tmp_path, night=[["Bob", "Kill", "Fay"]])
    assert "Villager" not in host.ok("post", "deaths")
    assert "Villager" not in host.ok("post", "flip", "Fay")
    shown = game(tmp_path / "2", options=["flip=role"], night=[["Bob", "Kill", "Fay"]])
    assert "Villager" in shown.ok("post", "flip", "Fay")


def test_WitchAction_context_info_items_on_separate_lines(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    text = classic.ok("pm", "Carol", "--info")
    lines = text.splitlines()
    assert any(line.startswith("- [b]Antidote[/b]") for line in lines)
    assert any(line.startswith("- [b]Poison[/b]") for line in lines)


def test_status_text_shows_the_sheriff(tmp_path):
    host = game(tmp_path)
    host.ok("sheriff", "run", "Dave")
    for n in NAMES:
        host.ok("sheriff", "vote", n, "Dave")
    host.ok("sheriff", "elect")
    assert "Sheriff: Dave" in host.ok("status")


# ---------------------------------------------------------------- the remaining numbered rules


def test_Campaign_inv3_no_incumbent_can_campaign(tmp_path):
    """Campaign 3 (an incumbent speaks last) cannot arise: once elected, the race is closed."""
    from hostkit.rules.rulesets import load_ruleset

    host = game(tmp_path)
    host.ok("sheriff", "run", "Dave")
    for n in NAMES:
        host.ok("sheriff", "vote", n, "Dave")
    host.ok("sheriff", "elect")
    assert "the Sheriff election is over" in host.refused("sheriff", "run", "Dave")
    assert "campaign-incumbent" in load_ruleset("classic-werewolf").decisions


def test_Discussion_inv4_votes_counted_whenever_asked_and_inv6_one_speech_each(tmp_path):
    host = game(tmp_path, night=[["Bob", "Kill", "Fay"]])
    order = [line[3:] for line in host.ok("post", "order").splitlines() if line.startswith("[*]")]
    assert len(order) == len(set(order)) == 11 and "Fay" not in order
    host.ok("vote", "Ann", "Bob")
    assert count(host)["wagons"][0]["voters"] == ["Ann"]


def test_BanishmentResolution_inv3_hunter_shot_must_target_the_living(tmp_path):
    host = game(tmp_path, night=[["Bob", "Kill", "Fay"]])
    host.ok("vote", "Ann", "Eve")
    host.ok("eliminate", "Eve")
    assert "Fay is dead: the shot must target a living player" in host.refused("shoot", "Eve", "Fay")
    assert "Eve shoots Gus." in host.ok("shoot", "Eve", "Gus")


def test_WerewolfAction_validation_target_living_or_none(classic):
    classic.ok("act", "Bob", "Kill", "none")
    assert json.loads(classic.ok("actions", "--json"))["actions"][0]["targets"] == []
