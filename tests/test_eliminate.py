"""`eliminate` against the day's count, one rule for every ruleset (SPEC: a count's `eliminated`
is who goes if the day ends on it): with votes recorded (by hand, or a thread count), the
elimination must be the count's, or `--force`; with none recorded, any elimination stands."""

from __future__ import annotations

import pytest

from conftest import Host
from hostkit.game import create

SIX = {"natural": ["Ann=Villager", "Bob=Goon", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"],
       "ooo-werewolf": ["Ann=Villager", "Bob=Wolf", "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"],
       "items-werewolf": ["Ann=Villager", "Bob=Werewolf", "Cy=Villager", "Dee=Villager", "Eve=Villager",
                          "Fay=Villager"]}
MAJORITY = sorted(SIX)


def day1(tmp_path, ruleset: str) -> Host:
    create(tmp_path / "g", ruleset=ruleset, seed=1, assign=SIX[ruleset])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("ruleset", MAJORITY, ids=[f"{r}-majority-reached" for r in MAJORITY])
def test_eliminate_must_be_the_player_who_reached_the_majority(tmp_path, ruleset):
    """red13's case: 4 of 6 hand votes on Bob (the majority), and 'eliminate Fay' was accepted."""
    host = day1(tmp_path, ruleset)
    for voter in ("Ann", "Cy", "Dee", "Eve"):
        host.ok("vote", voter, "Bob")
    out = host.refused("eliminate", "Fay")
    assert out.startswith("Error: Fay cannot be eliminated: the count (1.01) eliminates Bob; option majority = "
                          "half-plus-one: floor(alive/2)+1 votes eliminate (--force overrules)")
    assert "eliminates Bob, not no one" in host.refused("eliminate", "--none")
    assert "Bob is eliminated" in host.ok("eliminate", "Bob")


@pytest.mark.parametrize("ruleset", MAJORITY, ids=[f"{r}-no-majority" for r in MAJORITY])
def test_eliminate_with_no_majority_reached_is_no_elimination_unless_forced(tmp_path, ruleset):
    host = day1(tmp_path, ruleset)
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
        host = day1(tmp_path, ruleset)
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

    host = day1(tmp_path, "natural")
    counts = host.folder / ".cache" / "counts"
    counts.mkdir(parents=True)
    (counts / "day-1.json").write_text(json.dumps([{
        "day": 1, "count_number": "1.02", "majority": 4, "wagons": [{"target": "Bob", "votes": 2.0, "voters": ["A", "B"]}],
        "tie": False, "eliminated": None, "hammer": None, "last_post": 40}]))
    out = host.refused("eliminate", "Bob")
    assert "no one has reached a majority (4 votes) in the count (1.02); Bob leads with 2 votes" in out
    assert "counted as of post 40 ('hostkit votes' counts again) (--force overrules)" in out
