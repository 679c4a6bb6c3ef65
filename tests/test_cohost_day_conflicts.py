"""Issue 31, co-hosts: a day's concurrent votes are named conflicts, as a night's actions are.

Before: votes one host entered after the other host ended the day merged silently (the day's
published elimination no longer matched its record), and one voter's two different hand votes
entered by two hosts merged with one kept by host-name order, silently. Real git, real hostkit.
"""

from __future__ import annotations

import pytest

from test_cohost import clones, commit, enter_and_merge, git, hk, needs_git


def _day(tmp_path):
    ann, bea = clones(tmp_path, "Ann", "Bea")
    for args in (["act", "Bob", "Kill", "Fay"], ["resolve", "--force"]):
        hk(ann, *args)
    commit(ann, "night 1")
    git(bea, "pull", "-q", "--no-rebase", str(ann), "HEAD")
    return ann, bea


@needs_git
@pytest.mark.parametrize("ann_does,bea_does,whats", [
    ([["vote", "Ann", "Bob"], ["vote", "Carol", "Bob"], ["eliminate", "Bob"]], [["vote", "Dave", "Carol"]],
     ["Dave's vote on Carol", "the end of day 1 (Bob eliminated)"]),
    ([["vote", "Ann", "Bob"]], [["vote", "Ann", "Carol"]], ["Ann's vote on Bob", "Ann's vote on Carol"]),
    ([["vote", "Ann", "Bob"]], [["vote", "Ann", "--unvote"]], ["Ann's vote (unvote)", "Ann's vote on Bob"]),
], ids=["vote-into-a-day-the-other-ended", "one-voter-two-targets", "vote-and-unvote"])
def test_concurrent_votes_that_contradict_are_a_named_conflict(tmp_path, ann_does, bea_does, whats):
    ann, bea = _day(tmp_path)
    (c,) = enter_and_merge(ann, bea, ann_does, bea_does)
    assert c["phase"] == "day 1" and sorted(e["what"] for e in c["entries"]) == whats, c
    refused = hk(ann, "vote", "Eve", "Bob", ok=False)
    assert refused.returncode == 1 and "conflict: day 1" in refused.stderr and "undo --entry" in refused.stderr


@needs_git
def test_the_same_vote_from_both_hosts_or_different_voters_merge_as_before(tmp_path):
    ann, bea = _day(tmp_path)
    assert enter_and_merge(ann, bea, [["vote", "Ann", "Bob"]], [["vote", "Ann", "Bob"], ["vote", "Carol", "Dave"]]) == []
    assert "conflicts" not in (ann / "phases/002-day-1.toml").read_text()
