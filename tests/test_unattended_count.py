"""Issue 37, "A count that posts itself is never wrong": `hostkit watch` posts counts no host reads
first, so each wrong reading a host would have caught is a class fixed here, and what the counter
is unsure of is data (`votes --json` "unsure"), each item with the post and the command that
settles it.

Every post is in tests/data/votes/phpbb_unattended.html, a MafiaScum (phpBB prosilver) page we
wrote ourselves in the shape of the real ones (the structure only; the words and names are ours).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.game.game import create

from conftest import Host
from test_vote_patterns import count as count_page, votes_of

PAGE = Path(__file__).parent / "data" / "votes" / "phpbb_unattended.html"
PLAYERS = ("Formerfish", "Flavor Leaf", "The Brick", "Gunwale", "Mastina", "Masthead", "Quillon", "Sextant",
           "Tideway", "Oarlock")  # ten: majority 6


def tidewater(tmp_path: Path, players=PLAYERS) -> Host:
    """The page's players (the posts' authors; Lookout99 plays no slot), on day 1."""
    folder = tmp_path / "tidewater"
    create(folder, ruleset="classic-werewolf", seed=3,
           assign=[f"{p}={'Werewolf' if i == 0 else 'Villager'}" for i, p in enumerate(players)],
           markups=["tag", "bold"], hosts=["Harbourmaster"], options=["majority=half-plus-one"])
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


def count(host: Host, first: int, last: int) -> dict:
    return count_page(host, first, last, PAGE)


def unsure_of(data: dict) -> list[tuple[int | None, str, str]]:
    return [(u["post"], u["author"], u["command"]) for u in data["unsure"]]


# --------------------------------------------------------------------------- unsure


def test_unsure_lists_what_the_host_must_settle_with_the_post_and_the_command(tmp_path):
    """A name that could be two players, a name that is no one's, a stranger voting like a
    player, an empty vote: each is in "unsure" at its post with the command that settles it."""
    data = count(tidewater(tmp_path), 1, 5)
    assert votes_of(data) == []
    assert unsure_of(data) == [
        (1, "Quillon", "hostkit vote Quillon PLAYER --after-post 1"),
        (2, "Sextant", "hostkit vote Sextant PLAYER --after-post 2"),
        (3, "Lookout99", "hostkit alias PLAYER Lookout99"),
        (5, "Tideway", "hostkit vote Tideway PLAYER --after-post 5"),
    ]
    ambiguous = data["unsure"][0]
    assert ambiguous["text"] == "VOTE: Mast"
    assert "'Mastina' or 'Masthead'" in ambiguous["what"]
    assert ambiguous["choices"] == ["hostkit vote Quillon Mastina --after-post 1",
                                    "hostkit vote Quillon Masthead --after-post 1"]


def test_unsure_names_an_account_that_is_no_player_and_voted_once(tmp_path):
    """Not a stranger voting like a player (two votes, or one and a few posts): one vote is
    enough for a count no host reads first to ask who it is."""
    data = count(tidewater(tmp_path), 37, 37)
    assert data["strangers"] == []
    assert unsure_of(data) == [(37, "Deckhand", "hostkit alias PLAYER Deckhand")]


def test_unsure_items_leave_once_the_host_settles_them(tmp_path):
    """The host runs the commands: the settled items leave the list, the votes count."""
    host = tidewater(tmp_path)
    host.ok("vote", "Quillon", "Masthead", "--after-post", "1")
    host.ok("alias", "Sextant", "Lookout99")
    data = count(host, 1, 5)
    assert unsure_of(data) == [(2, "Sextant", "hostkit vote Sextant PLAYER --after-post 2"),
                               (5, "Tideway", "hostkit vote Tideway PLAYER --after-post 5")]
    assert (None, "Quillon", "Masthead") in votes_of(data)


def test_unsure_leaves_out_what_the_counters_rules_settle(tmp_path):
    """Quoted votes, a vote for the player already voted, votes after the hammer: the rules
    settle them; they stay in "ignored" and never reach "unsure"."""
    data = count(tidewater(tmp_path), 22, 29)
    assert data["hammer"] == 27
    assert data["ignored"] and data["unsure"] == []


# --------------------------------------------------------------------------- "the" in front


def test_the_in_front_of_a_name_is_not_a_player_whose_name_starts_with_the(tmp_path):
    """"VOTE: the gunwale" was read as The Brick (the article alone read as the start of "The
    Brick"); the name after the article is the vote, and The Brick's own name still reads."""
    data = count(tidewater(tmp_path), 14, 17)
    assert votes_of(data) == [(14, "Masthead", "Gunwale"), (15, "Oarlock", "Mastina"),
                              (16, "Tideway", "The Brick"), (17, "Quillon", "Quillon")]


def test_the_in_front_of_a_name_with_a_player_named_the_without_a_space(tmp_path):
    """The next case of the kind: a player whose name runs on from "The" (Thermocline, as
    TheRealGin) is no more read from the article than "The Brick" is."""
    players = tuple("Thermocline" if p == "The Brick" else p for p in PLAYERS)
    data = count(tidewater(tmp_path, players), 14, 17)
    assert votes_of(data) == [(14, "Masthead", "Gunwale"), (15, "Oarlock", "Mastina"),
                              (17, "Quillon", "Quillon")]


# --------------------------------------------------------------------------- initials


def test_initials_are_not_read_as_a_player_whose_initials_differ(tmp_path):
    """"VOTE: FF" was refused as ambiguous between Formerfish and Flavor Leaf; Flavor Leaf's
    initials are FL (an FF passes over the L of Leaf), so FF is Formerfish (Former-fish: no one
    knows where its words start). "FL" and "TB" are initials as written."""
    data = count(tidewater(tmp_path), 18, 21)
    assert votes_of(data) == [(18, "Oarlock", "Formerfish"), (19, "Tideway", "Flavor Leaf"),
                              (21, "Mastina", "The Brick")]


def test_initials_that_pass_over_a_word_start_name_no_one_and_are_unsure(tmp_path):
    """The next case of the kind: "GG" was counted for Gold Nugget, the only player it could
    be, though its initials are GN; it now names no one, and the host is asked."""
    players = tuple("Gold Nugget" if p == "The Brick" else p for p in PLAYERS)
    data = count(tidewater(tmp_path, players), 18, 21)
    assert votes_of(data) == [(18, "Oarlock", "Formerfish"), (19, "Tideway", "Flavor Leaf")]
    assert unsure_of(data)[0] == (20, "Sextant", "hostkit vote Sextant PLAYER --after-post 20")


# --------------------------------------------------------------------------- another purpose

OTHER_PURPOSE = "a vote for another purpose (a vigilante's shot, an election), not the elimination vote"


def test_a_vote_for_another_purpose_never_replaces_the_real_vote_of_its_post(tmp_path):
    """"Vig-Vote: Quillon" and "Sheriff vote: Tideway", after the post's real vote, were taken as
    the elimination vote and replaced it; they are listed, and the real vote stands. The same
    for the next cases of the kind: a Mayor's or an election's vote, a Hunter's, "Vote to shoot:"."""
    data = count(tidewater(tmp_path), 6, 13)
    assert votes_of(data) == [(6, "Mastina", "Sextant"), (7, "Formerfish", "Oarlock"), (8, "Flavor Leaf", "Oarlock"),
                              (9, "Gunwale", "Masthead"), (10, "Oarlock", "Mastina"), (11, "Quillon", "Masthead"),
                              (12, "Masthead", "Gunwale"), (13, "Sextant", "Mastina")]
    listed = [(i["post"], i["text"]) for i in data["ignored"] if i["reason"] == OTHER_PURPOSE]
    assert listed == [(6, "Vig-Vote: Quillon"), (7, "Sheriff vote: Tideway"), (9, "Mayor vote: Quillon"),
                      (10, "Vote to shoot: Formerfish"), (11, "Election vote: Sextant"), (13, "Hunter vote: Tideway")]
    assert data["unsure"] == []  # the rule settles them: nothing for the host to settle
    # the purpose written after the vote word: "Vote (vig): X", "Vote for Sheriff: Y"
    data = count(tidewater(tmp_path / "2"), 38, 39)
    assert votes_of(data) == [(38, "Tideway", "Masthead"), (39, "Oarlock", "Quillon")]
    assert [(i["post"], i["text"]) for i in data["ignored"] if i["reason"] == OTHER_PURPOSE] == [
        (38, "Vote (vig): Sextant"), (39, "Vote for Sheriff: Tideway")]



# --------------------------------------------------------------------------- a hand entry at the hammer's post


def test_a_hand_unvote_at_the_hammer_post_stops_the_hammer(tmp_path):
    """Quillon's vote at 27 is the sixth on Oarlock (the hammer). The host unvotes Quillon at 27
    (`--after-post 27` outranks the votes up to 27): there was no hammer at 27, and Sextant's
    vote at 28 is the hammer."""
    host = tidewater(tmp_path)
    assert (count(host, 22, 28)["hammer"], count(host, 22, 28)["eliminated"]) == (27, "Oarlock")
    host.ok("vote", "Quillon", "--unvote", "--after-post", "27")
    data = count(host, 22, 28)
    assert (data["hammer"], data["eliminated"]) == (28, "Oarlock")
    assert (None, "Quillon", None) in votes_of(data)
    data = count(host, 22, 27)
    assert (data["hammer"], data["eliminated"]) == (None, None)
    assert [w["votes"] for w in data["wagons"] if w["target"] == "Oarlock"] == [5.0]


@pytest.mark.parametrize("entry", [
    ("Quillon", "Mastina"),      # the host rules the hammer meant another player
    ("Formerfish", "--unvote"),  # the host rules an earlier vote on the wagon out, at the hammer's post
], ids=["hand-vote-elsewhere", "hand-unvote-of-another-voter"])
def test_a_hand_entry_at_the_hammer_post_that_takes_the_wagon_under_majority_stops_it(tmp_path, entry):
    """The next cases of the kind: any hand entry at the hammer's post that leaves the wagon under
    the majority stops the hammer there."""
    host = tidewater(tmp_path)
    host.ok("vote", *entry, "--after-post", "27")
    data = count(host, 22, 28)
    assert (data["hammer"], data["eliminated"]) == (28, "Oarlock")


def test_a_hand_entry_at_the_hammer_post_that_leaves_the_majority_keeps_the_hammer(tmp_path):
    host = tidewater(tmp_path)
    host.ok("vote", "Tideway", "Oarlock", "--after-post", "27")
    data = count(host, 22, 28)
    assert (data["hammer"], data["eliminated"]) == (27, "Oarlock")


# --------------------------------------------------------------------------- a mid-day kill


def test_a_mid_day_kill_applies_from_its_post_and_the_votes_before_it_stand(tmp_path):
    """Lightning strikes Gunwale at post 32 (the host's post). The kill applied from the start of
    the day: Gunwale's vote at 29 and the votes on him at 30 and 31 were listed as by or for a
    dead player. They stand; from 32 on his vote and the votes on him are gone, the majority is
    the nine living's, and his vote at 33 and one for him at 34 are not counted."""
    host = tidewater(tmp_path)
    out = host.ok("kill", "Gunwale", "--reason", "lightning", "--post", "32")
    assert "The votes before post 32 stand" in out
    data = count(host, 29, 36)
    assert votes_of(data) == [(29, "Gunwale", "Tideway"), (30, "Tideway", "Gunwale"), (31, "Oarlock", "Gunwale"),
                              (35, "Tideway", "Quillon"), (36, "Quillon", "Tideway")]
    assert [(i["post"], i["reason"]) for i in data["ignored"]] == [(33, "by a dead player"), (34, "Gunwale is dead")]
    assert (data["alive"], data["majority"]) == (9, 5)
    assert "Oarlock" in data["not_voting"] and "Gunwale" not in data["not_voting"]
    before = count(host, 29, 31)  # as of post 31, Gunwale was alive
    assert (before["alive"], before["majority"]) == (10, 6)
    assert [(w["target"], w["votes"]) for w in before["wagons"]] == [("Gunwale", 2.0), ("Tideway", 1.0)]


def test_a_mid_day_kill_without_a_post_is_after_the_latest_post_hostkit_read(tmp_path):
    """Without --post the kill is at the post after the thread's latest post as hostkit read it."""
    host = tidewater(tmp_path)
    count(host, 29, 31)  # the host counted the thread up to post 31
    out = host.ok("kill", "Gunwale", "--reason", "lightning")
    assert "The votes before post 32 stand" in out
    assert votes_of(count(host, 29, 34))[:3] == [(29, "Gunwale", "Tideway"), (30, "Tideway", "Gunwale"),
                                                 (31, "Oarlock", "Gunwale")]


def test_a_kill_after_the_hammer_leaves_the_hammer_where_it_was(tmp_path):
    """The next case of the kind: Quillon, whose vote at 27 is the hammer, is modkilled at 29. From
    the start of the day, the count had nine living (majority 5) and a hammer at 26 with
    Quillon's vote not counted; the hammer is at 27, with it."""
    host = tidewater(tmp_path)
    host.ok("kill", "Quillon", "--reason", "modkill for inactivity", "--post", "29")
    data = count(host, 22, 28)
    assert (data["hammer"], data["eliminated"], data["majority"]) == (27, "Oarlock", 6)


def test_a_kill_post_is_a_post_number_and_only_by_day(tmp_path):
    host = tidewater(tmp_path)
    assert "--post" in host.refused("kill", "Gunwale", "--post", "0")
    host.ok("eliminate", "Oarlock", "--force")
    assert "by day only" in host.refused("kill", "Gunwale", "--post", "40")


def test_a_later_day_with_no_start_post_is_unsure(tmp_path):
    """A vote in the host-only notes the host must settle: on day 2 with no start post, the count
    runs from the thread's first post, day 1's votes with it. Day 1 is counted from the first post."""
    host = tidewater(tmp_path)
    page = ["votes", "--html", str(PAGE), "--json"]
    assert json.loads(host.ok(*page))["unsure"][0]["command"] != "hostkit start-post N"
    host.ok("eliminate", "Oarlock", "--force")
    host.ok("resolve", "--force")
    unsure = json.loads(host.ok(*page))["unsure"]
    assert (unsure[0]["post"], unsure[0]["command"]) == (None, "hostkit start-post N")
    host.ok("start-post", "38")
    assert json.loads(host.ok(*page))["unsure"] == []
