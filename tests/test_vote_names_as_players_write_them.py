"""Issue 30, "Names as players write them": the ways of writing a player's name found on the
MafiaScum dev days that a careful human counter reads without a doubt (hostkit.votes.names and
hostkit.votes.context), each with the nearby case that must stay out of the count.

The names are the real ones (the vote and the player it meant); the posts around them are ours,
in the shape of the real posts (MafiaScum prints a bold vote as an inline bold div).
"""

from __future__ import annotations

import pytest

from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.votes.tally import tally

from test_vote_names_in_context import day as count_of
from test_vote_names_in_context import target_of, why_ignored


def bold(text: str) -> str:
    return f'<div style="display:inline;font-weight:bold">{text}</div>'


def test_letters_in_brackets_inside_a_name_read_as_the_name():
    """63443-d4, lalaladucks: 'vote: m[afia]td' for MTD (letters put into a name in brackets:
    read without them, or with them, as a name written exactly)."""
    players = ["MTD", "Bellaphant", "lalaladucks", "JarJarDrinks"]
    count = count_of(players, [("lalaladucks", bold("vote: m[afia]td") + "<br><br>:]")])
    assert target_of(count, 1) == "MTD"


def test_letters_in_brackets_that_read_as_two_players_stay_out():
    """The near case: read without the brackets it is one player, with them another: ambiguous."""
    players = ["MTD", "MafiaTD", "lalaladucks", "JarJarDrinks"]
    count = count_of(players, [("lalaladucks", bold("vote: m[afia]td"))])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1) == ["ambiguous: 'm[afia]td' could be 'MTD' or 'MafiaTD'"]


def test_bbcode_in_a_name_is_not_read_as_inserted_letters():
    """A BBCode tag the forum printed as written ('Bel[b]laphant') is markup, not letters of a
    name: the name is cut there, as before."""
    players = ["Bellaphant", "Belmont", "lalaladucks"]
    count = count_of(players, [("lalaladucks", bold("vote: Bel[b]laphant"))])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1) == ["ambiguous: 'Bel' could be 'Bellaphant' or 'Belmont'"]


def test_the_words_of_a_name_swapped_read_as_the_name():
    """70173-d1, Nadpool: 'VOTE: FaceTwo' for TwoFace."""
    players = ["TwoFace", "Nadpool", "shannon", "Fykus"]
    count = count_of(players, [("Nadpool", bold("VOTE: FaceTwo"))])
    assert target_of(count, 1) == "TwoFace"


@pytest.mark.parametrize("written, meant, players", [
    ("VOTE: Slandarrrrrrrr", "Slandaar", ["Slandaar", "massive", "geraintm", "Catastrophe"]),
    ("VOTE: abbadon", "Thor665", [VoteSetupPlayer("Thor665", ("Abaddon",)), "Kinetic", "TheTrollie", "Slandaar"]),
    ("VOTE: Frogger", "Fro99er", ["Fro99er", "Persivul", "Lapsa", "Titus"]),
], ids=["Slandarrrrrrrr", "abbadon", "Frogger"])
def test_a_name_with_letters_stretched_reads_as_the_name_at_the_days_first_post(written, meant, players):
    """58309-d1 'VOTE: Slandarrrrrrrr' (post 6, before anyone discussed Slandaar), 23772-d2
    'VOTE: abbadon' for Thor665 (who replaced Abaddon), 62181-d1 'VOTE: Frogger' for Fro99er:
    the name itself, its letters stretched or doubled elsewhere (99 read as gg), so no context is
    needed when no other player has that name."""
    voter = next(p if isinstance(p, str) else p.name for p in reversed(players))
    count = count_of(players, [(voter, bold(written))])
    assert target_of(count, 1) == meant


def test_a_stretched_name_of_a_dead_player_is_not_read_as_anyone():
    """The near case: the name is a dead player's: not read (and never as a living player)."""
    count = count_of(["Slandaar", "massive", "geraintm", "Catastrophe"],
                     [("Catastrophe", bold("VOTE: Slandarrrrrrrr"))], dead={"Slandaar"})
    assert target_of(count, 1) is None


def test_a_name_keeping_a_players_start_and_number_reads_as_the_player():
    """72708-d2, wavemode: 'VOTE: mariomaker4' for MarioManiac4, cast before anyone discussed
    him: the start 'mario' and the number 4 fit one player and no other comes near."""
    players = ["MarioManiac4", "wavemode", "Eddie Cane", "Dunkerdoodles", "Thor665", "rb"]
    count = count_of(players, [("wavemode", bold("VOTE: mariomaker4"))])
    assert target_of(count, 1) == "MarioManiac4"


@pytest.mark.parametrize("written, players", [
    ("VOTE: mariomaker4", ["MarioManiac4", "MarioMan4", "wavemode", "Thor665"]),
    ("VOTE: mariomaker5", ["MarioManiac4", "wavemode", "Thor665", "rb"]),
], ids=["two-players-fit", "another-number"])
def test_a_start_and_number_that_do_not_settle_one_player_stay_out(written, players):
    """The near cases: two players keep the start and number, or the number differs."""
    count = count_of(players, [("wavemode", bold(written))])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1)


def test_a_spelt_out_letter_reads_as_the_initial_of_the_player_in_play():
    """Issue 30: '"Zed" for Zdenek' (the letter Z spelt out), read as the initial Z is: among the
    living players in play."""
    players = ["Zdenek", "ortiz1193", "Furcolow", "Olinea"]
    count = count_of(players, [("Zdenek", "I am the cop."), ("Olinea", bold("VOTE: Zed"))])
    assert target_of(count, 2) == "Zdenek"


def test_a_spelt_out_letter_of_two_players_in_play_stays_out():
    """The near case: two living players in play start with Z: ambiguous, listed for the host."""
    players = ["Zdenek", "Zulfy", "Furcolow", "Olinea"]
    posts = [("Zdenek", "I am the cop."), ("Zulfy", "No, I am."), ("Olinea", bold("VOTE: Zed"))]
    count = count_of(players, posts)
    assert target_of(count, 3) is None
    assert why_ignored(count, 3) == ["ambiguous: 'Zed' could be 'Zdenek' or 'Zulfy'"]


def test_a_near_miss_that_keeps_the_start_beats_one_that_does_not():
    """71908-d1, TwoFace: 'VOTE: dragon' for Dragnalus, not Mulch (who replaced Jordarrian):
    players shorten a name from its start, so a near miss that keeps the start weighs more."""
    players = ["Dragnalus", VoteSetupPlayer("Mulch", ("Jordarrian", "Nachomamma8")), "TwoFace", "MarioManiac4"]
    posts = [("MarioManiac4", bold("VOTE: Dragnalus")), ("Mulch", "Hello."), ("TwoFace", bold("VOTE: dragon"))]
    count = count_of(players, posts)
    assert target_of(count, 3) == "Dragnalus"


def test_near_misses_that_both_keep_the_start_stay_out():
    """The near case: two players in play whose names both start as the vote does."""
    players = ["Dragnalus", "Dragmire", "TwoFace", "MarioManiac4"]
    posts = [("Dragnalus", "Hello."), ("Dragmire", "Hi."), ("TwoFace", bold("VOTE: dragon"))]
    count = count_of(players, posts)
    assert target_of(count, 3) is None
    assert why_ignored(count, 3)[0].startswith("ambiguous")


def test_a_vote_for_the_host_is_never_read_as_a_player():
    """72291-d1, gerryoat: 'VOTE: mastina' is a vote for the host mastina (who posts in the
    thread), never the player massive, however close the names and in play he is."""
    players = ["massive", "gerryoat", "Tchill13", "Mulch"]
    posts = [("mastina", "Today is our anniversary, I will be away."), ("massive", "Details?"),
             ("gerryoat", bold("VOTE: mastina"))]
    count = count_of(players, posts)
    assert target_of(count, 3) is None
    assert why_ignored(count, 3) == ["'mastina' is no player: 'mastina' posts in the thread"]


@pytest.mark.parametrize("written", ["VOTE: Wake88/Onox", "VOTE: Wake/Onox Slot", "Vote: Bezu/Jily"],
                         ids=["Wake88-Onox", "Wake-Onox-Slot", "Bezu-Jily"])
def test_a_slots_names_joined_by_a_slash_read_as_the_slot(written):
    """58754-d1 'VOTE: Wake88/Onox' and 58754-d2 'VOTE: Wake/Onox Slot' (Onox is Wake's alt),
    17606-d1 'Vote: Bezu/Jily' (jilynne1991 replaced Bezukhov): the slot's names joined by a
    slash, read as the one player they name."""
    players = [VoteSetupPlayer("Onox", ("The Rufflig",)), VoteSetupPlayer("jilynne1991", ("Bezukhov",)),
               "Peabody", "reinoe"]
    count = count_of(players, [("Peabody", bold(written))])
    assert target_of(count, 1) == ("jilynne1991" if "Bezu" in written else "Onox")


def test_two_players_joined_by_a_slash_stay_out():
    """The near case: 'VOTE: Peabody/reinoe' names two players: ambiguous, listed for the host."""
    players = ["Onox", "Peabody", "reinoe", "cerberus48"]
    count = count_of(players, [("cerberus48", bold("VOTE: Peabody/reinoe"))])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1) == ["ambiguous: 'Peabody/reinoe' could be 'Peabody' or 'reinoe'"]


def test_a_hosts_name_is_never_read_as_a_players_even_where_the_matcher_would():
    """The same rule where the name alone would read as a player (a prefix of mastin2): the
    host's own name, not written as the player's, is the host's."""
    setup = [VoteSetupPlayer(p) for p in ["mastin2", "gerryoat", "Tchill13", "Mulch"]]
    count = tally([Post(1, "gerryoat", bold("VOTE: mastin")), Post(2, "Mulch", bold("VOTE: Mastin2"))], setup,
                  day=1, hosts=["mastin"], markups=["bold"])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1) == ["'mastin' is no player: 'mastin' is a host"]
    assert target_of(count, 2) == "mastin2"


def test_a_non_player_posting_may_still_be_read_by_the_matcher_as_a_slot():
    """18987-d1: the slot 'replaced Pseudonymous' and the account Pseudonymous posting under it:
    'VOTE: pseudonymous' stays a vote for the slot (the count suggests the alias to the host);
    only a host's name is kept from the matcher's readings."""
    setup = [VoteSetupPlayer("replaced Pseudonymous", ("Junpei",)), VoteSetupPlayer("monk"), VoteSetupPlayer("Zdenek")]
    count = tally([Post(1, "Pseudonymous", "Hi all."), Post(2, "monk", bold("VOTE: pseudonymous"))], setup,
                  day=1, markups=["bold"])
    assert target_of(count, 2) == "replaced Pseudonymous"


def test_a_name_in_a_players_letters_beats_a_misspelling_of_anothers():
    """24645-d4, Master Mew: 'VOTE: Vote: Matt' (and N's, havingfitz's 'VOTE: Matt'): the
    letters are in projectmatt's name; Master Mew's start 'Mast' is one letter off. A human
    counter assumes no typo where the name reads without one."""
    players = ["projectmatt", "Master Mew", "N", "havingfitz"]
    count = count_of(players, [("Master Mew", bold("VOTE: Vote: Matt")), ("N", bold("VOTE: matt"))])
    assert [target_of(count, 1), target_of(count, 2)] == ["projectmatt", "projectmatt"]


def test_a_name_in_two_players_letters_stays_out():
    """The near case: 'Matt' is in projectmatt's and in supermatt's names alike: ambiguous."""
    players = ["projectmatt", "supermatt", "N", "havingfitz"]
    count = count_of(players, [("N", bold("VOTE: Matt"))])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1) == ["ambiguous: 'Matt' could be 'projectmatt' or 'supermatt'"]


def test_words_from_a_slots_two_names_read_as_the_slot():
    """16416-d2 and d3, Barry Allen: 'VOTE: Pods McQuill' for pod person, who replaced Bill
    McQuill: each word reads as that one slot (one from each of its names)."""
    players = [VoteSetupPlayer("pod person", ("Bill McQuill",)), "Barry Allen", "Hiraki", "RobCapone"]
    count = count_of(players, [("Barry Allen", bold("VOTE: Pods McQuill"))])
    assert target_of(count, 1) == "pod person"


def test_words_that_read_as_two_slots_are_not_read_as_one():
    """The near case: 'Pods Capone' takes a word from two players: not a blend of one slot's
    names: not counted, listed as the two players it could be."""
    players = [VoteSetupPlayer("pod person", ("Bill McQuill",)), "Barry Allen", "Hiraki", "RobCapone"]
    count = count_of(players, [("Barry Allen", bold("VOTE: Pods Capone"))])
    assert target_of(count, 1) is None
    assert why_ignored(count, 1) == ["ambiguous: 'Pods Capone' could be 'pod person' or 'RobCapone'"]
