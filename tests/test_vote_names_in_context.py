"""Issue 30: names as players write them, read as a human counter reads them: from who is alive,
who was being discussed just before, and whom the voter voted earlier (hostkit.votes.context).

Each row is a real vote's name from the MafiaScum dev days (the players' names are the real
ones it meant, as the issue quotes them); the posts around it are ours.
"""

from __future__ import annotations

import pytest

from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.votes.tally import tally


def bold(text: str) -> str:
    return f"<b>{text}</b>"


def day(players, posts, dead=()):
    setup = [VoteSetupPlayer(p, alive=p not in dead) if isinstance(p, str) else p for p in players]
    return tally([Post(n, a, b) for n, (a, b) in enumerate(posts, start=1)], setup, day=1, markups=["bold"])


def target_of(count, post: int):
    hits = [h.target for h in count.history if h.post == post]
    return hits[0] if hits else None


def why_ignored(count, post: int) -> list[str]:
    return [i.reason for i in count.ignored if i.post == post]


ROWS = [
    # (players, the vote's name, the player meant, who posts just before it)
    (["hiplop", "Panzerjager", "SleepyKrew", "Elfen"], "Vote to Hammer: hiplop", "hiplop", ()),
    (["q21", "Setael", "mb53", "Nameless"], "VOTE: Q", "q21", ("q21",)),
    (["Zdenek", "ortiz1193", "Furcolow", "Olinea"], "vote: Z", "Zdenek", ("Zdenek",)),
    (["VP Baltar", "Starbuck", "Apollo", "Helo"], "Vote: Balter", "VP Baltar", ("VP Baltar",)),
    (["Vedith", "Ingeel", "TwoFace", "LaLight"], "VOTE: Verdith", "Vedith", ("Vedith",)),
    (["Vedith", "Ingeel", "TwoFace", "LaLight"], "VOTE: V", "Vedith", ("Vedith",)),
    (["YES YES YES", "Plum", "SpyreX", "Garmr"], "VOTE: Yesx3", "YES YES YES", ("YES YES YES",)),
    (["gerryoat", "Alisae", "Lowell", "Aj The Epic"], "VOTE: Garrybote", "gerryoat", ("gerryoat",)),
    (["Dunhamganger", "MonkeyMan576", "qwints", "Xelath"], "Vote dumhanger", "Dunhamganger", ("Dunhamganger",)),
    (["Fro99er", "Alisae", "havingfitz", "Lowell"], "VOTE: Frogger", "Fro99er", ("Fro99er",)),
    (["Marquis", "bjc", "Clusk92", "phokdapolees"], "vote: marquistador", "Marquis", ("Marquis",)),
    (["The Goodfather", "Selkies", "Guyett", "Aronis"], "VOTE: GF", "The Goodfather", ("The Goodfather",)),
]


@pytest.mark.parametrize("players, written, meant, before", ROWS,
                         ids=[r[1].split(":")[-1].split()[-1] for r in ROWS])
def test_a_name_as_players_write_it_reads_as_the_player_meant(players, written, meant, before):
    """Issue 30: "Use what a human uses: who is alive, who was being discussed in the posts just
    before, earlier votes by the same voter"."""
    voter = next(p for p in players if p != meant)
    posts = [(b, "I have things to say.") for b in before] + [(voter, bold(written))]
    count = day(players, posts)
    assert target_of(count, len(posts)) == meant, count.ignored


def test_initials_of_two_players_read_as_the_one_still_alive():
    """Issue 30: '"VOTE: FF" refused as ambiguous between Formerfish and Flavor Leaf, where only
    one of them was still alive'."""
    players = ["Formerfish", "Flavor Leaf", "Chickadee", "Mulch", "GreyICE"]
    count = day(players, [("Chickadee", bold("VOTE: FF"))], dead={"Flavor Leaf"})
    assert target_of(count, 1) == "Formerfish"


def test_initials_of_two_living_players_read_as_the_one_being_discussed():
    """Issue 30: '... or was being discussed'."""
    players = ["Formerfish", "Flavor Leaf", "Chickadee", "Mulch", "GreyICE"]
    count = day(players, [("Formerfish", "I am town."), ("Chickadee", bold("VOTE: FF"))])
    assert target_of(count, 2) == "Formerfish"


def test_two_readings_that_stay_close_are_listed_for_the_host_not_counted():
    """Issue 30: "Where two readings stay close, keep it out of the count and list it for the host".
    (Two names of one word each, whose word starts no one knows: "FF" may be either's. Flavor
    Leaf's initials are FL, so "FF" is not theirs: issue 37, test_unattended_count.)"""
    players = ["Formerfish", "Fastfood", "Chickadee", "Mulch", "GreyICE"]
    posts = [("Formerfish", "I am town."), ("Fastfood", "So am I."), ("Chickadee", bold("VOTE: FF"))]
    count = day(players, posts)
    assert target_of(count, 3) is None
    assert why_ignored(count, 3) and why_ignored(count, 3)[0].startswith("ambiguous")


def test_a_near_miss_of_no_one_in_play_is_not_guessed():
    """A near miss is read only as a player in play: with no one posting, voted or voting, the
    name stays unread."""
    count = day(["Dunhamganger", "MonkeyMan576", "qwints", "Xelath"], [("qwints", bold("Vote dumhanger"))])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1) == ["no player matches 'dumhanger'"]


def test_a_sentence_after_vote_is_not_read_as_a_name_it_holds():
    """'vote until Klick is replaced' names Klick inside a sentence: it is no vote for Klick."""
    players = [VoteSetupPlayer("havingfitz", ("Klick",)), "SiX", "Egg", "DOMO"]
    count = day(players, [("havingfitz", "Here now."), ("SiX", bold('vote until Klick is replaced"'))])
    assert target_of(count, 2) is None
