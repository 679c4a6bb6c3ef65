"""classic-werewolf's day handlers (seed classic-werewolf.md): Campaign, OptOut, SheriffElection,
DeathResolution, Discussion, Voting, BanishmentResolution and the victory check, through the CLI.
Test names give the handler and the invariant's number."""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic

TWELVE = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
          "Gus=Werewolf", "Hal=Villager", "Ivy=Werewolf", "Jon=Villager", "Kim=Werewolf", "Leo=Villager"]
NAMES = [a.split("=")[0] for a in TWELVE]


@pytest.fixture
def day1(tmp_path) -> Host:
    """A 12-seat game on Day 1 after a quiet night."""
    new_classic(tmp_path / "g", assign=TWELVE)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    return host


def elect(host: Host, candidates, votes) -> dict:
    host.ok("sheriff", "run", *candidates)
    for voter, target in votes.items():
        host.ok("sheriff", "vote", voter, target)
    return json.loads(host.ok("sheriff", "elect", "--json"))


def everyone_votes(for_: str, **others: str) -> dict[str, str]:
    return {n: others.get(n, for_) for n in NAMES}


def count(host: Host) -> dict:
    return json.loads(host.ok("votes", "--hand-only", "--json"))


# ---------------------------------------------------------------- Campaign, OptOut, SheriffElection


def test_Campaign_1_day_1_only(day1):
    day1.ok("eliminate", "--none")
    day1.ok("resolve", "--force")
    assert "the Sheriff is elected on Day 1 only" in day1.refused("sheriff", "run", "Ann")


def test_Campaign_2_only_living_players_run(day1, tmp_path):
    # Issue 13: who died on night 1 is not known at the Campaign (death announcements come after
    # it), so a night-1 victim may run; a player who died on Day 1 (a host's kill: a Hunter's shot
    # waits for the election, issue 29) may not.
    new_classic(tmp_path / "h", assign=TWELVE)
    host = Host(tmp_path / "h")
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("resolve", "--force")
    host.ok("kill", "Fay")
    assert "Fay is dead and cannot run for Sheriff" in host.refused("sheriff", "run", "Fay")
    assert "already a candidate" in host.refused("sheriff", "run", "Ann", "Ann")
    assert "Running for Sheriff: Eve" in host.ok("sheriff", "run", "Eve")


def test_Campaign_4_registration_closes_at_the_first_vote(day1):
    day1.ok("sheriff", "run", "Ann")
    day1.ok("sheriff", "vote", "Bob", "Ann")
    assert "candidates register before the first vote" in day1.refused("sheriff", "run", "Dave")


def test_OptOut_2_candidates_only(day1):
    day1.ok("sheriff", "run", "Ann", "Dave")
    assert "Bob is not a Sheriff candidate" in day1.refused("sheriff", "withdraw", "Bob")


def test_OptOut_3_single_decision_and_4_cannot_rejoin(day1):
    day1.ok("sheriff", "run", "Ann", "Dave")
    day1.ok("sheriff", "withdraw", "Dave")
    assert "Dave has already opted out" in day1.refused("sheriff", "withdraw", "Dave")
    assert "Dave withdrew and cannot rejoin" in day1.refused("sheriff", "run", "Dave")


def test_OptOut_5_precedes_the_election(day1):
    day1.ok("sheriff", "run", "Ann", "Dave")
    day1.ok("sheriff", "vote", "Bob", "Ann")
    assert "opting out comes before the first vote" in day1.refused("sheriff", "withdraw", "Dave")


def test_SheriffElection_2_no_abstention(day1):
    day1.ok("sheriff", "run", "Ann", "Dave")
    for n in NAMES[:-1]:
        day1.ok("sheriff", "vote", n, "Ann")
    assert "every living player must vote for Sheriff; missing: Leo" in day1.refused("sheriff", "elect")


def test_SheriffElection_3_most_votes_wins(day1):
    result = elect(day1, ["Ann", "Dave"], everyone_votes("Ann", Bob="Dave", Gus="Dave"))
    assert result == {"totals": {"Ann": 10.0, "Dave": 2.0}, "winner": "Ann"}
    assert json.loads(day1.ok("status", "--json"))["sheriff"] == "Ann"


def test_SheriffElection_4_tie_elects_no_one(day1):
    votes = {n: ("Ann" if i % 2 else "Dave") for i, n in enumerate(NAMES)}
    result = elect(day1, ["Ann", "Dave"], votes)
    assert result["winner"] is None and result["totals"] == {"Ann": 6.0, "Dave": 6.0}
    assert json.loads(day1.ok("status", "--json"))["sheriff"] is None
    assert "the Sheriff election is over" in day1.refused("sheriff", "vote", "Ann", "Dave")


def test_SheriffElection_5_candidates_locked(day1):
    day1.ok("sheriff", "run", "Ann", "Dave")
    day1.ok("sheriff", "withdraw", "Dave")
    assert "Dave opted out: votes go to Ann" in day1.refused("sheriff", "vote", "Bob", "Dave")
    assert "Hal is not a candidate" in day1.refused("sheriff", "vote", "Bob", "Hal")


def test_SheriffElection_living_voters_only(tmp_path):
    # Issue 13: the election comes before DeathResolution, so a night-1 victim still votes;
    # a player who died on Day 1 (a host's kill) does not.
    new_classic(tmp_path / "g", assign=TWELVE)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("resolve", "--force")
    host.ok("kill", "Fay")
    host.ok("sheriff", "run", "Ann")
    assert "Fay is dead: only living players vote" in host.refused("sheriff", "vote", "Fay", "Ann")
    host.ok("sheriff", "vote", "Eve", "Ann")


def test_skipping_the_election_is_possible(day1):
    day1.ok("vote", "Ann", "Bob")
    assert "Bob is eliminated" in day1.ok("eliminate", "Bob")


# ---------------------------------------------------------------- DeathResolution


def night_death(tmp_path, actions, *, night2=False) -> Host:
    new_classic(tmp_path / "g", assign=TWELVE)
    host = Host(tmp_path / "g")
    if night2:
        host.ok("resolve", "--force")
        host.ok("eliminate", "--none")
    for a in actions:
        host.ok("act", *a)
    host.ok("resolve", "--force")
    return host


def test_DeathResolution_2_last_words_night_1_only(tmp_path):
    host = night_death(tmp_path, [["Bob", "Kill", "Fay"]])
    assert json.loads(host.ok("due", "--json"))["due"][0]["owes"] == ["last words"]
    other = night_death(tmp_path / "2", [["Bob", "Kill", "Fay"]], night2=True)
    assert json.loads(other.ok("due", "--json"))["due"][0]["owes"] == []


def test_DeathResolution_3_hunter_shoots_only_when_killed_by_werewolves(tmp_path):
    host = night_death(tmp_path, [["Bob", "Kill", "Eve"]])
    assert "shot" in json.loads(host.ok("due", "--json"))["due"][0]["owes"]
    host.ok("shoot", "Eve", "Bob")
    st = json.loads(host.ok("status", "--json"))
    bob = next(p for p in st["players"] if p["name"] == "Bob")
    assert (bob["alive"], bob["cause"]) == (False, "Hunter")
    assert "Eve owes no last shot now" in host.refused("shoot", "Eve", "Gus")


def test_DeathResolution_3_poisoned_hunter_cannot_shoot(tmp_path):
    host = night_death(tmp_path, [["Carol", "Poison", "Eve"]])
    item = json.loads(host.ok("due", "--json"))["due"][0]
    assert "shot" not in item["owes"] and item["no_shot_because"] == "poison"
    assert "Eve died of poison: no last shot" in host.refused("shoot", "Eve", "Bob")


def test_DeathResolution_4_hunter_target_must_be_living(tmp_path):
    host = night_death(tmp_path, [["Bob", "Kill", "Eve"], ["Carol", "Poison", "Fay"]])
    assert "Fay is dead: the shot must target a living player" in host.refused("shoot", "Eve", "Fay")
    host.ok("shoot", "Eve", "skip")
    assert "Eve owes no last shot now" in host.refused("shoot", "Eve", "Bob")


def test_DeathResolution_5_badge_only_from_the_sheriff_and_6_to_the_living(day1):
    elect(day1, ["Ann"], everyone_votes("Ann"))
    day1.ok("eliminate", "--none")
    day1.ok("act", "Bob", "Kill", "Ann")
    day1.ok("act", "Carol", "Poison", "Hal")
    day1.ok("resolve", "--force")
    due = {d["player"]: d["owes"] for d in json.loads(day1.ok("due", "--json"))["due"]}
    assert due == {"Ann": ["badge"], "Hal": []}
    assert "Hal owes no badge now" in day1.refused("badge", "Hal", "Dave")
    assert "Hal is dead: the badge goes to a living player" in day1.refused("badge", "Ann", "Hal")
    day1.ok("badge", "Ann", "Dave")
    assert json.loads(day1.ok("status", "--json"))["sheriff"] == "Dave"


def test_DeathResolution_7_cause_matches(tmp_path):
    host = night_death(tmp_path, [["Bob", "Kill", "Eve"], ["Carol", "Poison", "Fay"]])
    kinds = {d["player"]: d["kind"] for d in json.loads(host.ok("due", "--json"))["due"]}
    assert kinds == {"Eve": "werewolf", "Fay": "poison"}


# ---------------------------------------------------------------- Discussion


def test_Discussion_1_sheriff_last_2_only_living_5_alternating(day1):
    elect(day1, ["Dave"], everyone_votes("Dave"))
    day1.ok("eliminate", "Leo")
    day1.ok("resolve", "--force")
    day2 = day1.ok("post", "order")
    order = [line.split("]", 1)[1].replace(" (Sheriff)", "") for line in day2.splitlines() if line.startswith("[*]")]
    assert order[-1] == "Dave" and "Leo" not in order and len(order) == 11
    assert order[:3] == ["Carol", "Bob", "Ann"]  # day 2: counter-clockwise from the Sheriff's seat
    assert "counter-clockwise" in day2


def test_Discussion_5_day_1_is_clockwise_from_the_sheriff(day1):
    elect(day1, ["Dave"], everyone_votes("Dave"))
    text = day1.ok("post", "order")
    order = [line[3:].replace(" (Sheriff)", "") for line in text.splitlines() if line.startswith("[*]")]
    assert order == ["Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Leo", "Ann", "Bob", "Carol", "Dave"]
    assert len(set(order)) == len(order)  # Discussion 6: one speech each


# ---------------------------------------------------------------- Voting


def test_Voting_2_sheriff_weighs_one_and_a_half(day1):
    elect(day1, ["Dave"], everyone_votes("Dave"))
    day1.ok("vote", "Dave", "Bob")
    day1.ok("vote", "Ann", "Gus")
    data = count(day1)
    assert {w["target"]: w["votes"] for w in data["wagons"]} == {"Bob": 1.5, "Gus": 1.0}
    assert data["eliminated"] == "Bob"


def test_Voting_3_tie_banishes_no_one(day1):
    day1.ok("vote", "Ann", "Bob")
    day1.ok("vote", "Carol", "Gus")
    data = count(day1)
    assert data["tie"] is True and data["eliminated"] is None


def test_Voting_4_abstention_and_self_votes_are_valid(day1):
    day1.ok("vote", "Ann", "Ann")
    data = count(day1)
    assert data["wagons"][0]["target"] == "Ann" and data["eliminated"] == "Ann"
    assert len(data["not_voting"]) == 11


def test_Voting_1_only_living_vote_and_5_no_dead_targets(tmp_path):
    host = night_death(tmp_path, [["Bob", "Kill", "Fay"]])
    assert "Fay is dead: dead players cannot vote" in host.refused("vote", "Fay", "Bob")
    assert "Fay is dead: votes on dead players do not count" in host.refused("vote", "Bob", "Fay")


def test_Voting_6_one_vote_per_living_player(day1):
    day1.ok("vote", "Ann", "Bob")
    day1.ok("vote", "Ann", "Gus")
    data = count(day1)
    assert [(w["target"], w["voters"]) for w in data["wagons"]] == [("Gus", ["Ann"])]


def test_Voting_7_banished_must_have_the_most_votes(day1):
    for voter, target in [("Ann", "Bob"), ("Carol", "Bob"), ("Dave", "Gus")]:
        day1.ok("vote", voter, target)
    assert count(day1)["eliminated"] == "Bob"


# ---------------------------------------------------------------- BanishmentResolution


def test_BanishmentResolution_1_last_words_2_hunter_shoots_7_order(day1):
    day1.ok("eliminate", "Eve")
    item = json.loads(day1.ok("due", "--json"))["due"][0]
    assert item["owes"] == ["last words", "shot"] and item["kind"] == "eliminated"
    day1.ok("act", "Gus", "Kill", "Ann")
    day1.ok("shoot", "Eve", "Gus")
    acts = json.loads(day1.ok("actions", "--json"))["actions"]
    assert acts == []  # the shot werewolf's kill is gone with him


def test_BanishmentResolution_4_sheriff_passes_badge_5_heir_living(day1):
    elect(day1, ["Ann"], everyone_votes("Ann"))
    day1.ok("eliminate", "Ann")
    assert json.loads(day1.ok("due", "--json"))["due"][0]["owes"] == ["last words", "badge"]
    day1.ok("badge", "Ann", "none")
    assert json.loads(day1.ok("status", "--json"))["sheriff"] is None


def test_BanishmentResolution_6_only_if_banished(day1):
    day1.ok("eliminate", "--none")
    assert json.loads(day1.ok("due", "--json"))["due"] == []


# ---------------------------------------------------------------- VictoryCheck


@pytest.mark.parametrize("victory,dead,winner", [
    ("side-kill", ["Fay", "Hal", "Jon", "Leo"], "Werewolves"),
    ("side-kill", ["Ann", "Carol", "Dave", "Eve"], "Werewolves"),
    ("all-kill", ["Fay", "Hal", "Jon", "Leo"], None),
    ("side-kill", ["Bob", "Gus", "Ivy", "Kim"], "Village"),
], ids=["side-kill-villagers", "side-kill-specials", "all-kill-not-yet", "village-wins"])
def test_VictoryCheck_after_every_death(tmp_path, victory, dead, winner):
    new_classic(tmp_path / "g", assign=TWELVE, options=[f"victory={victory}"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    for i, name in enumerate(dead):
        out = host.ok("eliminate", name)
        if name == "Eve":  # a Hunter's shot comes before the VictoryCheck (issue 13)
            host.ok("shoot", "Eve", "skip")
        if i < len(dead) - 1:
            assert "The game is over" not in out
            host.ok("resolve", "--force")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == winner


def test_SheriffElection_4_a_revote_only_where_the_game_allows_it(day1):
    votes = {n: ("Ann" if i % 2 else "Dave") for i, n in enumerate(NAMES)}
    elect(day1, ["Ann", "Dave"], votes)
    assert "a tie elects no Sheriff" in day1.refused("sheriff", "revote")


# ---------------------------------------------------------------- a whole game

GAME = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
        "Gus=Werewolf", "Hal=Hunter", "Ivy=Werewolf", "Jon=Villager", "Kim=Werewolf", "Leo=Villager"]


def alive(host: Host) -> list[str]:
    return [p["name"] for p in json.loads(host.ok("status", "--json"))["players"] if p["alive"]]


def banish(host: Host, target: str, voters: list[str]) -> None:
    for v in voters:
        host.ok("vote", v, target)
    assert count(host)["eliminated"] == target
    host.ok("eliminate", target)


def test_a_whole_twelve_seat_game(tmp_path, runner):
    from hostkit.cli import cli

    folder = tmp_path / "village"
    assert runner.invoke(cli, ["new", str(folder), "--ruleset", "classic-werewolf", "--seed", "12",
                               "--option", "sheriff-tie=revote", *sum((["--assign", a] for a in GAME), [])]).exit_code == 0
    host = Host(folder)
    assert "Gus" in host.ok("pm", "Bob") and "===== PM to Leo =====" in host.ok("pm")

    # Night 1: the Guard and the Witch both save Fay; the Seer finds Bob.
    host.ok("act", "Bob", "Kill", "Fay")
    assert "Fay" in host.ok("pm", "--info", "Carol")
    host.ok("act", "Carol", "Antidote", "Fay")
    host.ok("act", "Dave", "Guard", "Fay")
    host.ok("act", "Ann", "Check", "Bob")
    night1 = json.loads(host.ok("resolve", "--force", "--json"))
    assert night1["deaths"] == [] and night1["saved"] == [{"player": "Fay", "by": ["Witch", "Guard"]}]
    assert "WEREWOLF" in host.ok("pm", "--night", "1")
    assert "nobody died" in host.ok("post", "deaths")

    # Day 1: a tied election, a second round with a winner; Bob is banished.
    first = elect(host, ["Ann", "Dave"], {n: ("Ann" if i % 2 else "Dave") for i, n in enumerate(NAMES)})
    assert first["winner"] is None
    host.ok("sheriff", "revote")
    for i, n in enumerate(NAMES):
        host.ok("sheriff", "vote", n, "Ann" if i < 7 else "Dave")
    assert json.loads(host.ok("sheriff", "elect", "--json"))["winner"] == "Ann"
    assert host.ok("post", "order").strip().splitlines()[-2].startswith("[*]Ann")
    banish(host, "Bob", ["Ann", "Carol", "Dave", "Eve", "Fay"])
    assert json.loads(host.ok("due", "--json"))["due"][0]["owes"] == ["last words"]

    # Night 2: the werewolves kill the Sheriff; the Witch poisons Hal, a Hunter.
    host.ok("act", "Gus", "Kill", "Ann")
    host.ok("act", "Carol", "Poison", "Hal")
    host.ok("act", "Dave", "Guard", "Jon")
    host.ok("act", "Ann", "Check", "Gus")
    deaths = {d["player"]: d["cause"] for d in json.loads(host.ok("resolve", "--force", "--json"))["deaths"]}
    assert deaths == {"Ann": "Werewolves", "Hal": "Poison"}
    due = {d["player"]: d for d in json.loads(host.ok("due", "--json"))["due"]}
    assert due["Ann"]["owes"] == ["badge"] and due["Hal"]["owes"] == []
    assert "Hal died of poison: no last shot" in host.refused("shoot", "Hal", "Gus")
    host.ok("badge", "Ann", "Dave")
    assert json.loads(host.ok("status", "--json"))["sheriff"] == "Dave"

    # Day 2: the village banishes Eve, a Hunter, who shoots Gus.
    banish(host, "Eve", ["Gus", "Ivy", "Kim", "Jon"])
    assert json.loads(host.ok("due", "--json"))["due"][0]["owes"] == ["last words", "shot"]
    host.ok("shoot", "Eve", "Gus")
    assert "Gus" not in alive(host)

    # Night 3 and on: the village finds the last werewolves.
    host.ok("act", "Kim", "Kill", "Leo")
    host.ok("act", "Dave", "Guard", "Fay")
    host.ok("resolve", "--force")
    banish(host, "Ivy", ["Carol", "Dave", "Fay", "Jon"])
    host.ok("act", "Kim", "Kill", "Carol")
    host.ok("resolve", "--force")
    assert "Carol" not in alive(host)
    host.ok("vote", "Dave", "Kim")
    host.ok("vote", "Fay", "Kim")
    out = host.ok("eliminate", "Kim")
    assert "The game is over: Village wins." in out
    assert json.loads(host.ok("status", "--json"))["winner"] == "Village"
    assert "the game is over" in host.refused("act", "Dave", "Guard", "Fay")


def test_Campaign_5_no_state_changes(day1):
    before = json.loads(day1.ok("status", "--json"))["players"]
    day1.ok("sheriff", "run", "Ann", "Dave")
    assert json.loads(day1.ok("status", "--json"))["players"] == before


def test_OptOut_1_and_SheriffElection_1_day_1_only(day1):
    elect(day1, ["Ann", "Dave"], everyone_votes("Ann"))
    day1.ok("eliminate", "--none")
    day1.ok("resolve", "--force")
    assert "Day 1 only" in day1.refused("sheriff", "withdraw", "Dave")
    assert "Day 1 only" in day1.refused("sheriff", "vote", "Bob", "Ann")


def test_DeathResolution_1_night_deaths_at_the_start_of_the_day(tmp_path):
    host = night_death(tmp_path, [["Bob", "Kill", "Eve"]])
    due = json.loads(host.ok("due", "--json"))["due"]
    assert [(d["player"], d["when"]) for d in due] == [("Eve", "night 1")]


def test_Discussion_3_after_death_resolution(day1):
    elect(day1, ["Ann"], everyone_votes("Ann"))
    day1.ok("eliminate", "--none")
    day1.ok("act", "Bob", "Kill", "Ann")
    day1.ok("resolve", "--force")
    assert "Ann's badge must be passed first" in day1.refused("post", "order")
    day1.ok("badge", "Ann", "Carol")
    assert "(Sheriff)" in day1.ok("post", "order")


def xenforo_page(posts: list[tuple[int, str, str]]) -> str:
    """A small XenForo 2 thread page (the markup the xenforo2 adapter reads)."""
    out = ['<html id="XF"><body><div class="block-body">']
    for n, author, body in posts:
        out.append(f'<article class="message message--post" data-author="{author}" data-content="post-{n}">'
                   f'<h4 class="message-name">{author}</h4><ul class="message-attribution-opposite">'
                   f'<li><a href="/t/1/post-{n}">#{n}</a></li></ul><div class="message-body">'
                   f'<div class="bbWrapper">{body}</div></div></article>')
    return "".join(out) + "</div></body></html>"


def test_SheriffElection_votes_read_from_the_thread(day1, tmp_path):
    red = '<span style="color: #ff0000">Vote: {}</span>'
    votes = everyone_votes("Ann", Bob="Dave", Gus="Dave", Leo="Hal")
    posts = [(1, "Moderator", "Day 1: the Sheriff election is open.")]
    posts += [(i + 2, voter, red.format(target)) for i, (voter, target) in enumerate(votes.items())]
    posts += [(30, "Jon", red.format("Dave")), (31, "Kim", "after the election " + red.format("Dave"))]
    page = tmp_path / "election.html"
    page.write_text(xenforo_page(posts))
    day1.ok("sheriff", "run", "Ann", "Dave")
    data = json.loads(day1.ok("sheriff", "count", "--html", str(page), "--from-post", "2", "--to-post", "30",
                              "--record", "--json"))
    assert data["votes"]["Jon"] == "Dave" and data["votes"]["Kim"] == "Ann"  # Jon changed; Kim's is too late
    assert data["not_voted"] == ["Leo"]
    assert [i["reason"] for i in data["ignored"]] == ["Hal is not a Sheriff candidate"]
    day1.ok("sheriff", "vote", "Leo", "Ann")
    result = json.loads(day1.ok("sheriff", "elect", "--json"))
    assert result == {"totals": {"Ann": 9.0, "Dave": 3.0}, "winner": "Ann"}


def test_SheriffElection_votes_written_as_sheriff_votes_count_in_the_race(day1, tmp_path):
    """Issue 37: "Sheriff vote: X" is no elimination vote (the day's count lists it); it is the
    race's own vote, beside a plain vote in the same post."""
    red = '<span style="color: #ff0000">{}</span>'
    posts = [(2, "Bob", red.format("Sheriff vote: Dave")),
             (3, "Gus", red.format("Vote: Ann") + "<br>" + red.format("Sheriff vote: Dave")),
             (4, "Leo", red.format("Election vote: Ann")), (5, "Jon", red.format("Vote for Sheriff: Dave"))]
    page = tmp_path / "election.html"
    page.write_text(xenforo_page(posts))
    day1.ok("sheriff", "run", "Ann", "Dave")
    data = json.loads(day1.ok("sheriff", "count", "--html", str(page), "--from-post", "2", "--to-post", "5",
                              "--json"))
    assert data["votes"] == {"Bob": "Dave", "Gus": "Dave", "Leo": "Ann", "Jon": "Dave"}
    assert data["ignored"] == []


def test_sheriff_status_shows_the_race_and_who_has_not_voted(day1):
    day1.ok("sheriff", "run", "Ann", "Dave")
    day1.ok("sheriff", "withdraw", "Dave")
    day1.ok("sheriff", "vote", "Bob", "Ann")
    data = json.loads(day1.ok("sheriff", "status", "--json"))
    assert (data["running"], data["withdrawn"], data["votes"]) == (["Ann"], ["Dave"], {"Bob": "Ann"})
    assert data["not_voted"] == [n for n in NAMES if n != "Bob"] and data["sheriff"] is None
    text = day1.ok("sheriff", "status")
    assert "Running: Ann (withdrew: Dave)" in text and "Bob -> Ann" in text
