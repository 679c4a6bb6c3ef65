"""`eliminate` against the day's count (SPEC: a count's `eliminated` is who goes if the day ends on
it): hand votes and thread counts, a count made stale by later votes, a replacement mid-day,
and a count's choice killed by the day's actions.
"""

from __future__ import annotations


import pytest

from conftest import Host
from game_helpers import DEMO_PAGE, _demo_day, folder_md5s
from hostkit.game.game import create
from test_natural_dayactions import day1


SIX = {"natural": ["Ann=Villager", "Bob=Goon", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"],
       "ooo-werewolf": ["Ann=Villager", "Bob=Wolf", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"],
       "items-werewolf": ["Ann=Villager", "Bob=Werewolf", "Cy=Villager", "Dee=Villager", "Eve=Villager",
                          "Fay=Villager"]}


MAJORITY = sorted(SIX)


def day1_of(tmp_path, ruleset: str) -> Host:
    create(tmp_path / "g", ruleset=ruleset, seed=1, assign=SIX[ruleset])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("ruleset", MAJORITY, ids=[f"{r}-majority-reached" for r in MAJORITY])
def test_eliminate_must_be_the_player_who_reached_the_majority(tmp_path, ruleset):
    """red13's case: 4 of 6 hand votes on Bob (the majority), and 'eliminate Fay' was accepted."""
    host = day1_of(tmp_path, ruleset)
    for voter in ("Ann", "Cy", "Dee", "Eve"):
        host.ok("vote", voter, "Bob")
    out = host.refused("eliminate", "Fay")
    assert out.startswith("Error: Fay cannot be eliminated: the count (1.01) eliminates Bob; option majority = "
                          "half-plus-one: floor(alive/2)+1 votes eliminate (--force overrules)")
    assert "eliminates Bob, not no one" in host.refused("eliminate", "--none")
    assert "Bob is eliminated" in host.ok("eliminate", "Bob")


@pytest.mark.parametrize("ruleset", MAJORITY, ids=[f"{r}-no-majority" for r in MAJORITY])
def test_eliminate_with_no_majority_reached_is_no_elimination_unless_forced(tmp_path, ruleset):
    host = day1_of(tmp_path, ruleset)
    for voter in ("Ann", "Cy", "Dee"):
        host.ok("vote", voter, "Bob")
    out = host.refused("eliminate", "Bob")
    assert "Bob cannot be eliminated: no one has reached a majority (4 votes) in the count (1.01); Bob leads " \
           "with 3 votes" in out and "--force overrules" in out
    assert "No one is eliminated" in host.ok("eliminate", "--none")
    host.ok("undo")
    assert "Bob is eliminated" in host.ok("eliminate", "Bob", "--force")


@pytest.mark.parametrize("ruleset", [*MAJORITY, "classic-werewolf"])
def test_eliminate_with_no_votes_recorded_is_the_hosts_count(tmp_path, ruleset):
    """A host who counts outside hostkit records no votes: the elimination stands, no --force."""
    if ruleset == "classic-werewolf":
        create(tmp_path / "g", ruleset=ruleset, seed=1,
               assign=["Ann=Seer", "Bob=Werewolf", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"])
        host = Host(tmp_path / "g")
        host.ok("act", "Bob", "Kill", "skip")
        host.ok("resolve", "--force")
    else:
        host = day1_of(tmp_path, ruleset)
    assert "Fay is eliminated" in host.ok("eliminate", "Fay")


def test_classic_Voting_7_hand_votes_still_name_the_seed_rule(tmp_path):
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1,
           assign=["Ann=Seer", "Bob=Werewolf", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    out = host.refused("eliminate", "Fay")
    assert "the count (1.01) eliminates Bob; seed Voting 7 (Banished Must Have Max Votes)" in out


def test_a_thread_count_names_its_post_so_a_stale_one_is_seen(tmp_path):
    """The latest thread count decides (hand votes after it are seen at the next 'votes'): the
    refusal says as of which post it counted and how to count again."""
    import json

    host = day1_of(tmp_path, "natural")
    counts = host.folder / ".cache" / "counts"
    counts.mkdir(parents=True)
    (counts / "day-1.json").write_text(json.dumps([{
        "day": 1, "count_number": "1.02", "majority": 4, "wagons": [{"target": "Bob", "votes": 2.0, "voters": ["A", "B"]}],
        "tie": False, "eliminated": None, "hammer": None, "last_post": 40}]))
    out = host.refused("eliminate", "Bob")
    assert "no one has reached a majority (4 votes) in the count (1.02); Bob leads with 2 votes" in out
    assert "counted as of post 40 ('hostkit votes' counts again) (--force overrules)" in out


def test_classic_Voting_7_hand_votes_after_a_thread_count_ask_for_a_recount(tmp_path):
    """Before: 'eliminate' checked against the thread count made before three hand votes: Gus
    (top there) was accepted though the hand votes make Bob the top vote-getter, and Bob was
    refused. Now neither is checked against a count that left out hand votes: one line names
    them and the recount; after 'votes' counts them, Bob goes and Gus is refused."""
    host = _demo_day(tmp_path)
    for voter in ("Ann", "Carol", "Dave"):
        host.ok("vote", voter, "Bob")
    for args, who in ((["Gus"], "Gus's elimination"), (["Bob"], "Bob's elimination"),
                      (["--none"], "ending the day with no elimination")):
        assert (f"{who} cannot be checked against the count (1.01, as of post 10): the hand votes changed "
                "after it (recorded: Ann votes Bob, Carol votes Bob, Dave votes Bob); 'hostkit votes' (with --html "
                "FILE for saved pages) counts the thread again with them (--force overrules)") in \
            host.refused("eliminate", *args)
    assert "[b]Bob (3)[/b]: Ann, Carol, Dave" in host.ok("votes", "--html", str(DEMO_PAGE))
    assert "Gus cannot be eliminated: the count (1.02) eliminates Bob" in host.refused("eliminate", "Gus")
    assert host.ok("eliminate", "Bob").startswith("Bob is eliminated.")


def test_a_hand_vote_taken_back_after_a_thread_count_asks_for_a_recount(tmp_path):
    host = _demo_day(tmp_path)
    host.ok("vote", "Ann", "Bob")
    host.ok("votes", "--html", str(DEMO_PAGE))
    host.ok("undo")  # Ann's hand vote goes: the count 1.02 counted it
    assert "the hand votes changed after it (taken back: 1)" in host.refused("eliminate", "Gus")
    host.ok("votes", "--html", str(DEMO_PAGE))
    assert host.ok("eliminate", "Gus").startswith("Gus is eliminated.")


def test_eliminate_after_a_replacement_reads_the_thread_count_by_the_slot(tmp_path):
    """Before: 'votes' counted Gus top, then 'replace Gus Zed' (a replacement mid-day), and
    'eliminate Zed' was refused: 'the count (1.01) eliminates Gus' (the saved count kept the old
    name), though Zed holds Gus's slot."""
    from click.testing import CliRunner

    from hostkit.cli import cli
    from hostkit.rules.rulesets import games_dir

    assert CliRunner().invoke(cli, ["demo", str(tmp_path / "demo")]).exit_code == 0
    host = Host(tmp_path / "demo")
    host.ok("undo")  # the demo's elimination of Gus
    host.ok("votes", "--html", str(games_dir() / "classic-werewolf" / "demo" / "day1.html"))
    host.ok("replace", "Gus", "Zed")
    assert "Ann cannot be eliminated: the count (1.01) eliminates Zed" in host.refused("eliminate", "Ann")
    assert "Zed is eliminated" in host.ok("eliminate", "Zed")


@pytest.mark.parametrize("shot", [
    pytest.param(("act", "Dv", "Day Shoot", "Go"), id="natural-II-a-Day-vig-shot-on-the-majority"),
    pytest.param(("act", "Ann", "ITA Shot", "Go"), id="natural-I-an-ITA-shot-waiting-in-the-window-on-the-majority"),
])
def test_natural_II_eliminate_none_when_the_counts_choice_dies_by_the_days_actions(tmp_path, shot):
    """Before, a dead end: 'eliminate Go' was refused ('Go is killed by the day's actions ...; end
    the day with hostkit eliminate --none') and 'eliminate --none' too ('the count (1.01)
    eliminates Go, not no one'): only --force got out."""
    host = day1(tmp_path)
    for voter in ("Ann", "Bea", "Cy", "Dee", "Eve", "Fay", "Ora"):
        host.ok("vote", voter, "Go")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "1")
    host.ok("ita", "open")
    before = folder_md5s(host.folder)
    host.ok(*shot)
    assert "killed by the day's actions" in host.refused("eliminate", "Go")
    out = host.ok("eliminate", "--none")
    assert "dies: Go" in out and "No one is eliminated" in out
    host.ok("undo")
    host.ok("undo")
    assert folder_md5s(host.folder) == before
    # without the shot, --none still contradicts the count
    assert "the count (1.01) eliminates Go, not no one" in host.refused("eliminate", "--none")
