"""Issue 30: renamed forum accounts. A non-player who votes like a player is named in the host-only
part of the count with the command that makes the name an alias, and `hostkit alias PLAYER NAME`
(SPEC: "another name (a renamed forum account, a replacement) under which PLAYER's posts and votes
count") is checked as `new --alias` is, one clear line on refusal, nothing written."""

from __future__ import annotations

import json

import pytest

from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.votes.tally import tally

from conftest import Host, snapshot
from test_vote_patterns import PAGE, harbour


def bold(text: str) -> str:
    return f"<b>{text}</b>"


def test_a_non_player_voting_like_a_player_is_named_with_the_alias_command():
    """Issue 30: 'Wake1 is no player but voted 5 times: an alias of Wake88? `hostkit alias Wake88 Wake1`'."""
    players = [VoteSetupPlayer(p) for p in ("Wake88", "reinoe", "Josh_B", "Slandaar", "Saki")]
    posts = [Post(1, "reinoe", bold("Vote: Saki")), Post(2, "Wake1", bold("VOTE: Saki")),
             Post(3, "Josh_B", "hm"), Post(4, "Wake1", bold("UNVOTE: Saki")), Post(5, "Wake1", bold("VOTE: reinoe")),
             Post(6, "Slandaar", "ok"), Post(7, "Saki", "no")]
    count = tally(posts, players, day=1, markups=["bold"])
    assert [(x.name, x.votes, x.player) for x in count.strangers] == [("Wake1", 2, "Wake88")]
    assert count.strangers[0].command() == "hostkit alias Wake88 Wake1"
    assert count.to_json()["strangers"][0]["command"] == "hostkit alias Wake88 Wake1"


def test_one_stray_vote_by_a_non_player_is_no_stranger_to_report():
    players = [VoteSetupPlayer(p) for p in ("Ann", "Bob", "Cy")]
    count = tally([Post(1, "Visitor", bold("Vote: Ann"))], players, day=1, markups=["bold"])
    assert count.strangers == () and count.ignored[0].reason == "'Visitor' is not a player"


def test_with_no_name_alike_and_several_silent_players_no_player_is_guessed():
    players = [VoteSetupPlayer(p) for p in ("Ann", "Bob", "Cy", "Dee")]
    posts = [Post(1, "Zork", bold("Vote: Ann")), Post(2, "Zork", bold("Vote: Bob"))]
    count = tally(posts, players, day=1, markups=["bold"])
    assert [(x.name, x.player) for x in count.strangers] == [("Zork", None)]
    assert count.strangers[0].command() == "hostkit alias PLAYER Zork"


def test_the_host_notes_say_it_and_the_alias_command_makes_the_votes_count(tmp_path):
    host = harbour(tmp_path)
    page = tmp_path / "renamed.html"
    src = PAGE.read_text(encoding="utf-8")
    page.write_text(src.replace('class="username">Cormorant</a>', 'class="username">Cormorant_</a>'), encoding="utf-8")
    args = ("votes", "--html", str(page), "--from-post", "5", "--to-post", "8")
    data = json.loads(host.ok(*args, "--json"))
    assert [(x["name"], x["votes"], x["player"]) for x in data["strangers"]] == [("Cormorant_", 3, "Cormorant")]
    assert data["eliminated"] is None
    assert ("Cormorant_ is no player but voted 3 times: an alias of Cormorant? "
            "`hostkit alias Cormorant Cormorant_`") in host.ok(*args)
    assert "Cormorant_" in host.ok("alias", "Cormorant", "Cormorant_")
    data = json.loads(host.ok(*args, "--json"))
    assert data["strangers"] == [] and (data["eliminated"], data["hammer"]) == ("Bollard", 7)


@pytest.mark.parametrize("fmt, says", [
    ("markdown", "Cormorant\\_ is no player but voted 3 times: an alias of Cormorant? `hostkit alias Cormorant Cormorant_`"),
    ("plain", "Cormorant_ is no player but voted 3 times: an alias of Cormorant? `hostkit alias Cormorant Cormorant_`"),
    ("bbcode", "Cormorant_ is no player but voted 3 times: an alias of Cormorant? `hostkit alias Cormorant Cormorant_`"),
], ids=["markdown", "plain", "bbcode"])
def test_the_alias_command_in_the_host_notes_is_the_command_as_typed(tmp_path, fmt, says):
    """The command is there to be copied: in Markdown the name in the prose is escaped (Cormorant\\_),
    but inside the code span it is as typed, since Markdown shows a code span's backslash."""
    host = harbour(tmp_path)
    page = tmp_path / "renamed.html"
    src = PAGE.read_text(encoding="utf-8")
    page.write_text(src.replace('class="username">Cormorant</a>', 'class="username">Cormorant_</a>'), encoding="utf-8")
    out = host.ok("votes", "--html", str(page), "--from-post", "5", "--to-post", "8", "--format", fmt)
    assert says in out.splitlines()


@pytest.mark.parametrize("player, name, says", [
    ("Nobody", "Alt", "unknown player 'Nobody'"),
    ("Ferrule", "Bollard", "Bollard already goes by that name"),
    ("Ferrule", "ferrule", "is Ferrule's own name"),
    ("Ferrule", "Harbourmaster", "is a host of this game"),
    ("Ferrule", " Alt", "a name cannot begin or end with a space"),
    ("Ferrule", "unvote", "a word hostkit reads itself"),
    ("Ferrule", "B\u043ellard", "would be confused with 'Bollard'"),  # a Cyrillic o: one person, one name
    ("Ferrule", "Harb\u03bfurmaster", "would be confused with 'Harbourmaster'"),  # a Greek omicron, a host's name
], ids=["unknown-player", "another-players-name", "own-name", "a-host", "padded", "reserved-word",
        "confusable-with-another-player", "confusable-with-a-host"])
def test_alias_refuses_a_name_new_alias_would_refuse_and_writes_nothing(tmp_path, player, name, says):
    host = harbour(tmp_path)
    before = snapshot(host.folder)
    err = host.refused("alias", player, name)
    assert says in err and len(err.strip().splitlines()) == 1
    assert snapshot(host.folder) == before


def test_an_alias_given_twice_is_refused(tmp_path):
    host = harbour(tmp_path)
    host.ok("alias", "Ferrule", "Ferr")
    assert "already goes by that name" in host.refused("alias", "Bollard", "ferr")
    assert "Ferr" in host.game.setup.player("Ferrule").aliases


# --------------------------------------------------------------------------- who the stranger may be
# hostkit.votes.renamed on days shaped like real MafiaScum days (names and post shapes modelled on
# them): a day is a list of (author, vote text or None), one post each, numbered from 1.


def _day(rows, names, *, hosts=(), dead=()):
    from hostkit.votes.names import NameMatcher
    from hostkit.votes.renamed import strangers

    players = [VoteSetupPlayer(n[0], aliases=tuple(n[1:]), alive=n[0] not in dead) if isinstance(n, tuple)
               else VoteSetupPlayer(n, alive=n not in dead) for n in names]
    posts = [Post(i, author, "") for i, (author, _) in enumerate(rows, 1)]
    matcher = NameMatcher(players)
    votes: dict[str, int] = {}
    for author, text in rows:  # TEXT: a post's vote text, or a tuple of them
        if text and matcher.strict(author).player is None and author not in hosts:
            votes[author] = votes.get(author, 0) + (len(text) if isinstance(text, tuple) else 1)
    return {x.name: (x.player, x.candidates, x.unlike) for x in strangers(votes, matcher, players, posts, posts, hosts)}


CAST = ["Panzerjager", "Kalofer", "hiplop", "SleepyKrew", "The Kool", "Elfen"]
TALK = [("hiplop", None), ("SleepyKrew", None), ("The Kool", None), ("Elfen", None)]


@pytest.mark.parametrize("rows, names, hosts, expected", [
    # 17498-d3: "PJ." posts 16 times and votes once ("Vote:Hiplop"); Panzerjager's slot never posts
    ([("PJ.", None), *TALK, ("PJ.", "Vote:Hiplop"), *TALK, ("PJ.", None)], CAST, (),
     {"PJ.": ("Panzerjager", (), ())}),
    # one vote and fewer than PLAYING posts: a passer-by, not reported
    ([("PJ.", "Vote:Hiplop"), *TALK], CAST, (), {}),
    # a name made to look like a player's who posts while it posts: never that player, nor a silent one
    ([("Kalofer_", "VOTE: hiplop"), ("Kalofer", None), *TALK, ("Kalofer_", "VOTE: Elfen")], CAST, (),
     {"Kalofer_": (None, (), ("Kalofer",))}),
    # the name reads as no one; two slots are silent (61419-d3: Unvotable, Unlynchable, Mofonugen)
    ([("Unvotable", "VOTE: Elfen"), *TALK, ("Unvotable", None), ("Unvotable", None)], CAST, (),
     {"Unvotable": (None, ("Panzerjager", "Kalofer"), ())}),
    # the name reads as no one; one slot is silent (18683-d1: ALinebacker for Gaylord Focker)
    ([("ALinebacker", "VOTE: Elfen"), ("Kalofer", None), *TALK, ("ALinebacker", "VOTE: hiplop"),
      ("ALinebacker", None)], CAST, (), {"ALinebacker": ("Panzerjager", (), ())}),
    # two votes in one post by a passer-by: who is silent says nothing of who it is ...
    ([("Kalofer", None), ("Zork", ("VOTE: Elfen", "VOTE: hiplop")), *TALK], CAST, (), {"Zork": (None, (), ())}),
    # ... three posts of it do
    ([("Kalofer", None), ("Zork", ("VOTE: Elfen", "VOTE: hiplop")), *TALK, ("Zork", None), ("Zork", None)], CAST,
     (), {"Zork": ("Panzerjager", (), ())}),
    # a slot that posted before and went quiet is not a renamed account's (its posts keep its name):
    # a lurker posting while Panzerjager is quiet is not suggested as him
    ([("Panzerjager", None), ("Kalofer", None), *TALK, ("Zork", "VOTE: Elfen"), *TALK, ("Zork", "VOTE: hiplop"),
      ("Zork", None)], CAST, (), {"Zork": (None, (), ())}),
    # a host's renamed account (51535-d1: Wake1 for the host Wake88): no player is suggested
    ([("Wake1", "VOTE: Elfen"), ("Kalofer", None), *TALK, ("Wake1", "VOTE: hiplop")], CAST, ("Wake88",),
     {"Wake1": (None, (), ("Wake88",))}),
    # the old account of a slot that a replacement took over (30991-d1: Wake1, then Viera Assassin,
    # whose slot knows the old name Wake88): it stopped before the new one started
    ([("Wake1", "VOTE: Elfen"), ("Kalofer", None), ("Wake1", "VOTE: hiplop"), *TALK, ("Viera", None)],
     [("Viera", "Wake88"), *CAST[1:]], (), {"Wake1": ("Viera", (), ())}),
    # two strangers that would both be Panzerjager's: neither is suggested, both list him
    ([("PJ.", "VOTE: Elfen"), ("Zork", "VOTE: Elfen"), ("Kalofer", None), *TALK, ("PJ.", "VOTE: hiplop"),
      ("Zork", "VOTE: hiplop"), ("Zork", None)], CAST, (), {"PJ.": (None, ("Panzerjager",), ()),
                                                    "Zork": (None, ("Panzerjager",), ())}),
    # a name that reads as a dead player's is theirs (17792-d1: "TBuG" for PBuG): not the silent slot's
    ([("TBuG", "VOTE: Elfen"), ("Kalofer", None), *TALK, ("TBuG", "VOTE: hiplop")],
     ["PBuG", *CAST], (), {"TBuG": (None, (), ("PBuG",))}),
], ids=["one-vote-many-posts-name-reads-as-silent-slot", "one-vote-few-posts-not-reported",
        "lookalike-of-a-player-posting-alongside", "two-silent-slots-listed", "one-silent-slot",
        "two-votes-in-one-post-by-a-passer-by", "two-votes-and-three-posts", "quiet-slot-that-posted-before",
        "a-hosts-account", "replaced-old-account", "one-player-for-two-strangers", "dead-player"])
def test_the_player_a_stranger_may_be(rows, names, hosts, expected):
    """Issue 30: 'When a non-player casts votes like a player (several votes, replies to players, no
    player of that name), say so in the host-only part'; a suggestion names a player only when the
    thread leaves one."""
    dead = ("PBuG",) if "PBuG" in names else ()
    assert _day(rows, names, hosts=hosts, dead=dead) == expected


LOW_TIDE = PAGE.parent / "phpbb_strangers.html"  # our page: a renamed account and a look-alike lurker


def test_a_host_sees_the_candidates_takes_one_and_the_lurker_is_never_counted(tmp_path):
    """Issue 30: a renamed account's votes are 'lost in silence today': the host is told, with the
    command. Tidewater (renamed; posts 3 times, votes once) may be either of the two silent slots:
    both are listed, neither guessed. 'Lanternfish_' votes three times to be counted while
    Lanternfish posts under their own name: never counted, never suggested as Lanternfish."""
    from hostkit.game.game import create

    folder = tmp_path / "tide"
    names = ("Ferrule", "Lanternfish", "Cormorant", "Bollard", "Gunwale", "Quayside")
    create(folder, ruleset="classic-werewolf", seed=3,
           assign=[f"{p}={'Werewolf' if i == 0 else 'Villager'}" for i, p in enumerate(names)],
           markups=["bold"], hosts=["Harbourmaster"], options=["majority=half-plus-one"])
    host = Host(folder)
    host.ok("resolve", "--force")
    args = ("votes", "--html", str(LOW_TIDE), "--from-post", "1", "--to-post", "12")
    data = json.loads(host.ok(*args, "--json"))
    assert [(x["name"], x["votes"], x["player"], x["candidates"], x["unlike"]) for x in data["strangers"]] == [
        ("Lanternfish_", 3, None, [], ["Lanternfish"]), ("Tidewater", 1, None, ["Cormorant", "Quayside"], [])]
    assert data["eliminated"] is None
    for fmt in ("plain", "bbcode", "markdown"):
        # each its own line of the host's notes (markdown escapes the underscore: unescaped here)
        lines = host.ok(*args, "--format", fmt).replace("\\_", "_").splitlines()
        assert ("Tidewater is no player but voted once: an alias of one of Cormorant, Quayside? "
                "`hostkit alias Cormorant Tidewater` or `hostkit alias Quayside Tidewater`") in lines
        assert ("Lanternfish_ is no player but voted 3 times: its name reads as Lanternfish, who cannot be it "
                "(posting too, dead or a host); its votes are not counted") in lines

    host.ok("alias", "Cormorant", "Tidewater")
    data = json.loads(host.ok(*args, "--json"))
    assert (data["eliminated"], data["hammer"]) == ("Bollard", 10)
    assert [x["name"] for x in data["strangers"]] == ["Lanternfish_"]
    assert all(h["author"] != "Lanternfish_" for h in data["history"])
    assert {(i["post"], i["reason"]) for i in data["ignored"] if i["author"] == "Lanternfish_"} == {
        (4, "'Lanternfish_' is not a player"), (6, "'Lanternfish_' is not a player"), (11, "after the hammer")}
