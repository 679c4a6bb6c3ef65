"""`hostkit split-votes NAME [--off]`: a double voter's "controls each vote individually" set in a
running game, as `new --split-votes` sets it at the start (issue 30's split voters). A host often
learns of it late, or a vote-weight item gives the second vote: the next count reads the change.
Checked as `new` checks it (a living player with whole votes, 2 or more); a refusal is one line,
exit 1, nothing written; already so is a no-op saying so; a setting, not an entry, as `alias`,
`start-post` and `replace` are: `log` does not list it and `undo` does not take it back."""

from __future__ import annotations

import json

import pytest

from hostkit.game.game import create

from conftest import Host, snapshot
from test_natural_mechanisms import PATRON
from test_vote_patterns import PAGE, PLAYERS


def wagons(host: Host) -> list[tuple[str, float]]:
    """Post 8 of our MafiaScum-shaped page counted alone: Cormorant's "Vote: Bollard", then
    "Vote: Gunwale"."""
    data = json.loads(host.ok("votes", "--html", str(PAGE), "--from-post", "8", "--to-post", "8", "--json"))
    return [(w["target"], w["votes"]) for w in data["wagons"]]


def double_voter(tmp_path, weight: str = "2") -> Host:
    """The harbour game (five players) with Cormorant's standing --weight."""
    folder = tmp_path / "g"
    create(folder, ruleset="classic-werewolf", seed=3, weights=[f"Cormorant={weight}"],
           assign=[f"{p}={'Werewolf' if i == 0 else 'Villager'}" for i, p in enumerate(PLAYERS)],
           markups=["tag", "bold"], hosts=["Harbourmaster"], options=["majority=half-plus-one"])
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


def test_the_same_page_counts_one_vote_of_two_then_two_of_one_then_one_of_two_again(tmp_path):
    """Issue 30: a split double voter's "two votes in one post count as two, one each"; set mid-game
    it holds from the next count on, and --off takes it back."""
    host = double_voter(tmp_path)
    assert wagons(host) == [("Gunwale", 2.0)]
    assert "Cormorant now controls each of their votes" in host.ok("split-votes", "cormorant")
    assert host.game.setup.player("Cormorant").split and "split = true" in (host.folder / "game.toml").read_text()
    assert wagons(host) == [("Bollard", 1.0), ("Gunwale", 1.0)]
    assert "Cormorant's votes go together again" in host.ok("split-votes", "Cormorant", "--off")
    assert wagons(host) == [("Gunwale", 2.0)]


def test_a_vote_weight_item_gives_the_votes_to_split_for_its_day_only(tmp_path):
    """Seed natural III, "modifying vote weight": a Patron's Endorse gives Cormorant one more vote
    on the next day, which they may split; the day after, with one vote again, their post's last
    vote is their one vote (a split flag never makes votes of a weight below 2)."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(PATRON)
    create(folder, ruleset="natural", seed=7, markups=["tag", "bold"],
           assign=["Pa=Patron", "Si=Silencer", "Go=Goon", *(f"{p}=Villager" for p in PLAYERS)])
    host = Host(folder)
    assert "vote weight is 1 now" in host.refused("split-votes", "Cormorant")
    host.ok("act", "Pa", "Endorse", "Cormorant")
    host.ok("resolve", "--force")
    host.ok("split-votes", "Cormorant")
    assert wagons(host) == [("Bollard", 1.0), ("Gunwale", 1.0)]
    host.ok("eliminate", "--none", "--force")
    host.ok("resolve", "--force")
    assert wagons(host) == [("Gunwale", 1.0)]


@pytest.mark.parametrize("setup, args, says", [
    ((), ("Nobody",), "unknown player 'Nobody'"),
    ((), ("Bollard",), "Bollard's vote weight is 1 now: only two or more whole votes can go to different players"),
    ((("kill", "Cormorant", "--reason", "modkill"),), ("Cormorant",), "Cormorant is dead"),
    ((("kill", "Cormorant", "--reason", "modkill"),), ("Cormorant", "--off"), "Cormorant is dead"),
], ids=["unknown-player", "one-vote", "dead-player", "dead-player-off"])
def test_split_votes_refuses_in_one_line_writing_nothing(tmp_path, setup, args, says):
    host = double_voter(tmp_path)
    for command in setup:
        host.ok(*command)
    before = snapshot(host.folder)
    err = host.refused("split-votes", *args)
    assert says in err and len(err.strip().splitlines()) == 1
    assert snapshot(host.folder) == before


def test_a_weight_that_is_not_whole_votes_is_refused(tmp_path):
    """As `new --split-votes` refuses a --weight of 1.5: only whole votes can go to different players."""
    host = double_voter(tmp_path, weight="2.5")
    before = snapshot(host.folder)
    assert "vote weight is 2.5 now" in host.refused("split-votes", "Cormorant")
    assert snapshot(host.folder) == before


@pytest.mark.parametrize("first, again, says", [
    ((), ("--off",), "Cormorant's votes already go together: nothing changed."),
    (("Cormorant",), (), "Cormorant already controls each of their votes: nothing changed."),
], ids=["already-off", "already-on"])
def test_already_so_is_a_no_op_that_says_so(tmp_path, first, again, says):
    host = double_voter(tmp_path)
    if first:
        host.ok("split-votes", *first)
    before = snapshot(host.folder)
    assert host.ok("split-votes", "Cormorant", *again).strip() == says
    assert snapshot(host.folder) == before


def test_a_setting_not_an_entry_like_alias_log_does_not_list_it_and_undo_keeps_it(tmp_path):
    host = double_voter(tmp_path)
    host.ok("vote", "Ferrule", "Bollard")
    log = host.ok("log")
    host.ok("alias", "Ferrule", "Ferr")
    host.ok("split-votes", "Cormorant")
    assert host.ok("log") == log
    host.ok("undo")  # takes back the vote, the last entry
    assert host.game.setup.player("Cormorant").split and "Ferr" in host.game.setup.player("Ferrule").aliases
    assert not json.loads(host.ok("log", "--json"))["entries"][-1]["what"].startswith("vote")

