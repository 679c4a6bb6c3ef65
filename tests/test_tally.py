"""hostkit.votes.tally: a day's votes counted as a careful host counts them."""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.model.errors import HostkitError
from hostkit.model.counts import HistoryEntry, Ignored, Post, VoteSetupPlayer
from hostkit.model.entries import VoteEntry
from hostkit.votes.extract import COUNT_MARKER
from hostkit.votes.tally import NameMatcher, tally

THREADS = Path(__file__).resolve().parents[2] / "shared" / "threads"
RED = '<span style="color: #ff0000">{}</span>'

PLAYERS = (
    VoteSetupPlayer("Ann"),
    VoteSetupPlayer("Bob"),
    VoteSetupPlayer("Carol", aliases=("Caz",)),
    VoteSetupPlayer("Dave", aliases=("OldDave",)),  # OldDave: the account Dave replaced
    VoteSetupPlayer("Eve"),
    VoteSetupPlayer("Gentleman Johnny"),
)


def P(number: int, author: str, *texts: str, quote: str | None = None, html: str = "") -> Post:
    """A post whose red TEXTS are votes; QUOTE is a red vote inside a blockquote."""
    body = "Some words.<br>"
    if quote is not None:
        body += f"<blockquote>Someone said: {RED.format(quote)}</blockquote>"
    body += "<br>".join(RED.format(t) for t in texts) + html
    return Post(number, author, body)


def players(dead: tuple[str, ...] = (), weights: dict[str, float] | None = None,
            base: tuple[VoteSetupPlayer, ...] = PLAYERS) -> tuple[VoteSetupPlayer, ...]:
    weights = weights or {}
    return tuple(VoteSetupPlayer(p.name, p.aliases, p.name not in dead, weights.get(p.name, p.weight)) for p in base)


def wagons(count) -> list[tuple[str, float, tuple[str, ...]]]:
    return [(w.target, w.votes, w.voters) for w in count.wagons]


def reasons(count) -> list[tuple[int | None, str, str]]:
    return [(i.post, i.text, i.reason) for i in count.ignored]


# --------------------------------------------------------------------------- scenarios

# (id, posts, tally keyword arguments, expected: wagons / ignored / eliminated / hammer / tie / not_voting)
SCENARIOS = [
    ("simple", [P(1, "Ann", "Vote: Bob"), P(2, "Carol", "vote bob")], {},
     {"wagons": [("Bob", 2.0, ("Ann", "Carol"))], "ignored": [], "not_voting": ("Bob", "Dave", "Eve", "Gentleman Johnny")}),
    ("quoted-vote-not-counted", [P(1, "Ann", "Vote: Bob"), P(2, "Bob", quote="Vote: Bob")], {},
     {"wagons": [("Bob", 1.0, ("Ann",))], "ignored": [(2, "Vote: Bob", "quoted")]}),
    ("bold-not-red", [P(1, "Ann", html="<b>Vote: Bob</b>"), P(2, "Bob", html="<strong>Vote: Ann</strong>")], {},
     {"wagons": [], "ignored": [(1, "Vote: Bob", "not in the game's vote markup"),  # listed, never counted
                                (2, "Vote: Ann", "not in the game's vote markup")]}),
    ("bold-markup", [P(1, "Ann", html="<b>Vote: Bob</b>")], {"markups": ("bold",)},
     {"wagons": [("Bob", 1.0, ("Ann",))]}),
    ("alias-and-nicknames",
     [P(1, "Ann", "Vote: Caz"), P(2, "Bob", "vote GJ"), P(3, "Carol", "VOTE: gentleman"), P(4, "Eve", "vote johnny")], {},
     {"wagons": [("Gentleman Johnny", 3.0, ("Bob", "Carol", "Eve")), ("Carol", 1.0, ("Ann",))], "ignored": []}),
    ("replaced-account-votes-for-slot", [P(1, "OldDave", "Vote: Ann"), P(2, "dave", "Vote: Bob")], {},
     {"wagons": [("Bob", 1.0, ("Dave",))]}),
    ("typo-fuzzy", [P(1, "Ann", "Vote: Crol"), P(2, "Bob", "Vote: Gentlman Jonny")], {},
     {"wagons": [("Carol", 1.0, ("Ann",)), ("Gentleman Johnny", 1.0, ("Bob",))]}),
    ("trailing-words", [P(1, "Ann", "Vote: Bob because he is scum")], {}, {"wagons": [("Bob", 1.0, ("Ann",))]}),
    ("unvote", [P(1, "Ann", "Vote: Bob"), P(2, "Ann", "Unvote")], {}, {"wagons": [], "ignored": []}),
    ("unvote-named", [P(1, "Ann", "Vote: Bob"), P(2, "Ann", "Unvote: Bob")], {}, {"wagons": []}),
    ("unvote-wrong-name", [P(1, "Ann", "Vote: Bob"), P(2, "Ann", "Unvote: Carol")], {},
     {"wagons": [("Bob", 1.0, ("Ann",))], "ignored": [(2, "Unvote: Carol", "not voting Carol")]}),
    ("unvote-without-vote", [P(1, "Ann", "Unvote")], {},
     {"wagons": [], "ignored": [(1, "Unvote", "not voting anyone")]}),
    ("change-without-unvote", [P(1, "Ann", "Vote: Bob"), P(2, "Ann", "Vote: Carol")], {},
     {"wagons": [("Carol", 1.0, ("Ann",))], "ignored": []}),
    ("unvote-then-vote-in-one-post", [P(1, "Ann", "Vote: Bob"), P(2, "Ann", "Unvote", "Vote: Carol")], {},
     {"wagons": [("Carol", 1.0, ("Ann",))], "ignored": []}),
    ("last-vote-in-post-wins", [P(1, "Ann", "Vote: Bob", "Vote: Carol")], {},
     {"wagons": [("Carol", 1.0, ("Ann",))],
      "ignored": [(1, "Vote: Bob", "replaced by a later vote in the same post")]}),
    ("repeat-vote-keeps-place", [P(1, "Ann", "Vote: Bob"), P(2, "Carol", "Vote: Bob"), P(3, "Ann", "vote bob")], {},
     {"wagons": [("Bob", 2.0, ("Ann", "Carol"))], "ignored": [(3, "vote bob", "already voting Bob")]}),
    ("unknown-name", [P(1, "Ann", "Vote: Zed")], {},
     {"wagons": [], "ignored": [(1, "Vote: Zed", "no player matches 'Zed'")]}),
    ("ambiguous-name", [P(1, "Joan", "Vote: Jo")],
     {"players": (VoteSetupPlayer("Joan"), VoteSetupPlayer("John"), VoteSetupPlayer("Bob"))},
     {"wagons": [], "ignored": [(1, "Vote: Jo", "ambiguous: 'Jo' could be 'Joan' or 'John'")]}),
    ("not-a-player", [P(1, "Lurker", "Vote: Bob")], {},
     {"wagons": [], "ignored": [(1, "Vote: Bob", "'Lurker' is not a player")]}),
    ("dead-voter", [P(1, "Eve", "Vote: Bob")], {"players": players(dead=("Eve",))},
     {"wagons": [], "ignored": [(1, "Vote: Bob", "by a dead player")],
      "not_voting": ("Ann", "Bob", "Carol", "Dave", "Gentleman Johnny")}),
    ("dead-target", [P(1, "Ann", "Vote: Eve")], {"players": players(dead=("Eve",))},
     {"wagons": [], "ignored": [(1, "Vote: Eve", "Eve is dead")]}),
    ("host-posts-never-count", [P(1, "Mod", "Vote: Bob"), P(2, "mod", "Vote: Ann"), P(3, "Ann", "Vote: Bob")],
     {"hosts": ("Mod",)}, {"wagons": [("Bob", 1.0, ("Ann",))], "ignored": []}),
    # Issue 16: a count posted by an account that does not play is skipped; a player's post that
    # carries the pasted marker used to vanish unlisted (wrong) and is now read like any other.
    ("count-marker-posts-skipped", [P(1, "Countbot", "Vote: Bob", html=COUNT_MARKER), P(2, "Bob", "Vote: Ann")], {},
     {"wagons": [("Ann", 1.0, ("Bob",))], "ignored": []}),
    ("pasted-count-marker-still-votes", [P(1, "Ann", "Vote: Bob", html=COUNT_MARKER), P(2, "Bob", "Vote: Ann")], {},
     {"wagons": [("Bob", 1.0, ("Ann",)), ("Ann", 1.0, ("Bob",))], "ignored": []}),
    ("quoting-a-count-still-votes",
     [P(1, "Ann", "Vote: Bob", html=f"<blockquote>Vote Count 1.01{COUNT_MARKER}</blockquote>")], {},
     {"wagons": [("Bob", 1.0, ("Ann",))], "ignored": []}),
    ("weights", [P(1, "Ann", "Vote: Carol"), P(2, "Bob", "Vote: Carol"), P(3, "Dave", "Vote: Eve")],
     {"players": players(weights={"Ann": 2.0, "Bob": 1.5})},
     {"wagons": [("Carol", 3.5, ("Ann", "Bob")), ("Eve", 1.0, ("Dave",))], "hammer": None, "eliminated": None}),
    ("weighted-hammer", [P(1, "Ann", "Vote: Carol"), P(2, "Bob", "Vote: Carol"), P(3, "Dave", "Vote: Eve")],
     {"players": players(weights={"Ann": 2.0, "Bob": 2.0})},
     {"wagons": [("Carol", 4.0, ("Ann", "Bob"))], "hammer": 2, "eliminated": "Carol",
      "ignored": [(3, "Vote: Eve", "after the hammer")]}),
    ("hammer", [P(1, "Ann", "Vote: Bob"), P(2, "Carol", "Vote: Bob"), P(3, "Dave", "Vote: Bob"),
                P(4, "Eve", "Vote: Bob"), P(5, "Ann", "Unvote"), P(6, "Lurker", "Vote: Ann"),
                P(7, "Gentleman Johnny", "Vote: Bob")], {},
     {"wagons": [("Bob", 4.0, ("Ann", "Carol", "Dave", "Eve"))], "hammer": 4, "eliminated": "Bob", "majority": 4,
      "ignored": [(5, "Unvote", "after the hammer"), (6, "Vote: Ann", "after the hammer"),
                  (7, "Vote: Bob", "after the hammer")]}),
    ("hammer-7-alive", [P(i + 1, n, "Vote: Bob") for i, n in enumerate(("Ann", "Carol", "Dave", "Eve"))],
     {"players": PLAYERS + (VoteSetupPlayer("Fay"),)},
     {"hammer": 4, "eliminated": "Bob", "majority": 4}),
    ("no-elimination-offset", [P(1, "Ann", "No lynch"), P(2, "Bob", "Sleep"), P(3, "Carol", "vote no lynch"),
                               P(4, "Dave", "Vote: Ann")], {"no_elimination_offset": -1},
     {"wagons": [("none", 3.0, ("Ann", "Bob", "Carol"))], "hammer": 3, "eliminated": None,
      "ignored": [(4, "Vote: Ann", "after the hammer")]}),
    ("no-elimination-no-offset", [P(1, "Ann", "No lynch"), P(2, "Bob", "Sleep"), P(3, "Carol", "vote no lynch")], {},
     {"wagons": [("none", 3.0, ("Ann", "Bob", "Carol"))], "hammer": None, "eliminated": None}),
    ("no-elimination-unvote", [P(1, "Ann", "No elimination"), P(2, "Ann", "Unvote: no lynch")], {}, {"wagons": []}),
    ("no-elimination-forbidden", [P(1, "Ann", "No lynch")], {"allow_no_elimination": False},
     {"wagons": [], "ignored": [(1, "No lynch", "no elimination is not allowed")]}),
    ("day-window", [P(3, "Ann", "Vote: Bob"), P(5, "Bob", "Vote: Ann"), P(9, "Carol", "Vote: Ann"),
                    P(12, "Dave", "Vote: Ann")], {"start_post": 5, "end_post": 9},
     {"wagons": [("Ann", 2.0, ("Bob", "Carol"))], "ignored": [], "last_post": 9}),
    ("posts-counted-in-number-order", [P(2, "Ann", "Vote: Carol"), P(1, "Ann", "Vote: Bob")], {},
     {"wagons": [("Carol", 1.0, ("Ann",))]}),
]


@pytest.mark.parametrize(("posts", "kwargs", "expected"), [s[1:] for s in SCENARIOS], ids=[s[0] for s in SCENARIOS])
def test_scenario(posts, kwargs, expected):
    kwargs = dict(kwargs)
    count = tally(posts, kwargs.pop("players", PLAYERS), day=1, **kwargs)
    if "wagons" in expected:
        assert wagons(count) == expected["wagons"]
    if "ignored" in expected:
        assert reasons(count) == expected["ignored"]
    for key in ("eliminated", "hammer", "tie", "not_voting", "majority", "last_post"):
        if key in expected:
            assert getattr(count, key) == expected[key], key


def test_history_and_json():
    posts = [P(12, "Ann", "Vote: Bob"), P(13, "Eve", "Vote: Bob"), P(14, "Eve", "Unvote"), P(15, "Fay", "Vote: Zed")]
    count = tally(posts, players(dead=("Dave",)), day=1, count_number="1.03", thread="https://forum.example/t/1")
    assert count.history == (HistoryEntry(12, "Ann", "Bob"), HistoryEntry(13, "Eve", "Bob"), HistoryEntry(14, "Eve", None))
    assert count.ignored == (Ignored(15, "Fay", "Vote: Zed", "'Fay' is not a player"),)
    data = count.to_json()
    assert data["day"] == 1 and data["alive"] == 5 and data["majority"] == 3
    assert data["wagons"] == [{"target": "Bob", "votes": 1.0, "voters": ["Ann"], "posts": [12]}]
    assert data["not_voting"] == ["Bob", "Carol", "Eve", "Gentleman Johnny"]
    assert data["eliminated"] is None and data["tie"] is False
    assert data["history"][2] == {"post": 14, "author": "Eve", "target": None, "source": "thread"}
    assert data["count_number"] == "1.03" and data["last_post"] == 15
    assert count.thread == "https://forum.example/t/1"


def test_wagons_sorted_by_total_then_who_reached_first():
    posts = [P(1, "Ann", "Vote: Carol"), P(2, "Bob", "Vote: Dave"), P(3, "Eve", "Vote: Dave"),
             P(4, "Gentleman Johnny", "Vote: Carol"), P(5, "Carol", "Vote: Eve")]
    count = tally(posts, PLAYERS, day=2)
    assert [(w.target, w.voters, w.posts) for w in count.wagons] == [
        ("Dave", ("Bob", "Eve"), (2, 3)), ("Carol", ("Ann", "Gentleman Johnny"), (1, 4)), ("Eve", ("Carol",), (5,))]
    assert count.tie is True and count.eliminated is None


# --------------------------------------------------------------------------- ties and plurality

TIED = [P(1, "Ann", "Vote: Bob"), P(2, "Carol", "Vote: Dave"), P(3, "Eve", "Vote: Bob"), P(4, "Bob", "Vote: Dave")]
# Bob reached 2 first, lost it, and got it back after Dave did: Dave holds it longer.
REGAINED = TIED + [P(5, "Eve", "Unvote"), P(6, "Eve", "Vote: Bob")]

TIES = [
    ("plurality-tie-none", TIED, "plurality", "none", None),
    ("plurality-tie-first-to-reach", TIED, "plurality", "first-to-reach", "Bob"),
    ("plurality-tie-first-to-reach-regained", REGAINED, "plurality", "first-to-reach", "Dave"),
    ("plurality-leader", TIED[:3], "plurality", "none", "Bob"),
    ("half-plus-one-tie-first-to-reach", TIED, "half-plus-one", "first-to-reach", None),
    ("half-plus-one-leader-no-hammer", TIED[:3], "half-plus-one", "none", None),
    ("plurality-no-votes", [], "plurality", "first-to-reach", None),
    ("plurality-no-elimination-leads", [P(1, "Ann", "No lynch")], "plurality", "none", None),
]


@pytest.mark.parametrize(("posts", "rule", "tie", "eliminated"), [t[1:] for t in TIES], ids=[t[0] for t in TIES])
def test_tie_rules(posts, rule, tie, eliminated):
    count = tally(posts, PLAYERS, day=1, majority=rule, tie=tie)
    assert count.eliminated == eliminated
    assert count.tie is (len(posts) >= 4)
    assert count.hammer is None


def test_tie_random_is_seeded():
    picks = {seed: tally(TIED, PLAYERS, day=1, majority="plurality", tie="random", rng_seed=seed).eliminated
             for seed in range(20)}
    assert set(picks.values()) == {"Bob", "Dave"}
    for seed, pick in picks.items():
        assert tally(TIED, PLAYERS, day=1, majority="plurality", tie="random", rng_seed=seed).eliminated == pick


def test_plurality_has_no_hammer():
    posts = [P(i + 1, n, "Vote: Bob") for i, n in enumerate(("Ann", "Carol", "Dave", "Eve", "Gentleman Johnny"))]
    count = tally(posts + [P(9, "Eve", "Vote: Ann")], PLAYERS, day=1, majority="plurality")
    assert count.majority == 4 and count.hammer is None
    assert wagons(count)[0] == ("Bob", 4.0, ("Ann", "Carol", "Dave", "Gentleman Johnny"))
    assert count.eliminated == "Bob" and count.ignored == ()


@pytest.mark.parametrize("kwargs", [{"majority": "supermajority"}, {"tie": "coin"}, {"markups": ("blue",)}],
                         ids=["majority", "tie", "markup"])
def test_unknown_rule_refused(kwargs):
    with pytest.raises(HostkitError):
        tally([], PLAYERS, day=1, **kwargs)


# --------------------------------------------------------------------------- host corrections

MANUAL = [
    ("after-post-outranks-earlier", [VoteEntry("Ann", "Carol", 1, after_post=3)], ("Carol", "host")),
    ("before-a-later-scraped-vote", [VoteEntry("Ann", "Carol", 1, after_post=2)], ("Dave", "thread")),
    ("later-scraped-vote-wins", [VoteEntry("Ann", "Carol", 1, after_post=1)], ("Dave", "thread")),
    ("at-the-end", [VoteEntry("Ann", "Eve", 1, after_post=None)], ("Eve", "host")),
    ("unvote", [VoteEntry("Ann", None, 1, after_post=None)], (None, "host")),
    ("no-elimination", [VoteEntry("ann", "none", 1, after_post=5)], ("none", "host")),
    ("seq-orders-entries", [VoteEntry("Ann", "Eve", 2, after_post=9), VoteEntry("Ann", "Bob", 1, after_post=9)],
     ("Eve", "host")),
    ("past-the-window-dropped", [VoteEntry("Ann", "Eve", 1, after_post=40)], ("Dave", "thread")),
]


@pytest.mark.parametrize(("manual", "expected"), [m[1:] for m in MANUAL], ids=[m[0] for m in MANUAL])
def test_host_corrections(manual, expected):
    posts = [P(1, "Ann", "Vote: Bob"), P(2, "Ann", "Vote: Zed"), P(3, "Ann", "Vote: Dave")]
    count = tally(posts, PLAYERS, day=1, manual=manual, end_post=30)
    target, source = expected
    voting = {v: w.target for w in count.wagons for v in w.voters}
    assert voting.get("Ann") == target
    last = [h for h in count.history if h.author == "Ann"][-1]
    assert (last.target, last.source) == (target, source)
    if source == "host":
        assert last.post is None
    for w in count.wagons:
        if "Ann" in w.voters:
            assert w.posts[w.voters.index("Ann")] == (None if source == "host" else 3)


def test_host_entry_refusals():
    manual = [VoteEntry("Zed", "Bob", 1), VoteEntry("Eve", "Bob", 2), VoteEntry("Ann", "Eve", 3),
              VoteEntry("Ann", "Jo", 4)]
    count = tally([], players(dead=("Eve",)), day=1, manual=manual)
    assert [i.reason for i in count.ignored] == ["'Zed' is not a player", "by a dead player", "Eve is dead",
                                                  "no player matches 'Jo'"]
    assert all(i.post is None for i in count.ignored)


def test_host_entry_after_the_hammer_is_ignored():
    posts = [P(1, "Ann", "Vote: Bob"), P(2, "Carol", "Vote: Bob"), P(3, "Dave", "Vote: Bob"), P(4, "Eve", "Vote: Bob")]
    count = tally(posts, PLAYERS, day=1, manual=[VoteEntry("Dave", None, 1)])
    assert count.hammer == 4 and count.eliminated == "Bob"
    assert [i.reason for i in count.ignored] == ["after the hammer"]


def test_host_entry_can_hammer():
    posts = [P(1, "Ann", "Vote: Bob"), P(2, "Carol", "Vote: Bob"), P(3, "Eve", "Vote: Bob"), P(4, "Eve", "Vote: Ann")]
    count = tally(posts, PLAYERS, day=1, manual=[VoteEntry("Dave", "Bob", 1, after_post=3)])
    assert count.eliminated == "Bob" and count.hammer is None
    assert count.history[-1] == HistoryEntry(None, "Dave", "Bob", "host")
    assert reasons(count) == [(4, "Vote: Ann", "after the hammer")]


# --------------------------------------------------------------------------- names


NAMES = [
    ("exact", "Bob", "Bob"), ("case", "bOB", "Bob"), ("alias", "caz", "Carol"), ("prefix", "Gent", "Gentleman Johnny"),
    ("initials", "GJ", "Gentleman Johnny"), ("later-word", "Johnny", "Gentleman Johnny"),
    ("punctuation", "gentleman-johnny", "Gentleman Johnny"), ("typo", "Crol", "Carol"),
    ("short-typo-not-guessed", "Aen", None), ("unknown", "Zed", None), ("one-letter", "B", None),
]


@pytest.mark.parametrize(("name", "player"), [n[1:] for n in NAMES], ids=[n[0] for n in NAMES])
def test_name_matching(name, player):
    assert NameMatcher(PLAYERS).match(name).player == player


def test_names_never_guessed_between_two():
    matcher = NameMatcher((VoteSetupPlayer("Alice"), VoteSetupPlayer("Arthur Lee"), VoteSetupPlayer("Joan"),
                           VoteSetupPlayer("John"), VoteSetupPlayer("Jon")))
    assert matcher.match("Al").reason == "ambiguous: 'Al' could be 'Alice' or 'Arthur Lee'"
    assert matcher.match("Jo").reason == "ambiguous: 'Jo' could be 'Joan', 'John' or 'Jon'"
    assert matcher.match("Jonn").player is None


def test_authors_match_strictly():
    matcher = NameMatcher(PLAYERS)
    assert matcher.strict("olddave").player == "Dave"
    assert matcher.strict("Gentleman").player is None
    assert matcher.strict("Crol").reason == "'Crol' is not a player"


# --------------------------------------------------------------------------- real pages, planted votes

# Each engine's real red markup and a quote in its own markup (from the saved pages' structure).
ENGINES = {
    "xenforo1": ('//li[contains(concat(" ",@class," ")," message ")]', './/blockquote[contains(@class,"messageText")]',
                 '<span style="color: #ff0000">{}</span>',
                 '<div class="bbCodeBlock bbCodeQuote" data-author="Carol"><aside><div class="attribution type">Carol said:'
                 '</div><blockquote class="quoteContainer"><div class="quote">{}</div></blockquote></aside></div>'),
    "xenforo2": ('//article[contains(concat(" ",@class," ")," message ")]', './/div[@class="bbWrapper"]',
                 '<span style="color: rgb(255, 0, 0)">{}</span>',
                 '<blockquote class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch">'
                 '<div class="bbCodeBlock-title">Carol said:</div><div class="bbCodeBlock-content">'
                 '<div class="bbCodeBlock-expandContent js-expandContent ">{}</div></div></blockquote>'),
    "phpbb": ('//div[contains(@class,"postbody")]', './/div[@class="content"]', '<span style="color: #FF0000">{}</span>',
              "<blockquote><div><cite>Carol wrote:</cite>{}</div></blockquote>"),
    "vbulletin3": ('//table[starts-with(@id,"post")]', './/div[starts-with(@id,"post_message_")]',
                   '<font color="Red">{}</font>',
                   '<div style="margin:20px; margin-top:5px; "><div class="smallfont" style="margin-bottom:2px">Quote:</div>'
                   '<table cellpadding="6" cellspacing="0" border="0" width="100%"><tr><td class="alt2" '
                   'style="border:1px inset">{}</td></tr></table></div>'),
    "vbulletin4": ('//li[contains(@class,"postcontainer")]', './/blockquote[contains(@class,"postcontent")]',
                   '<font color="#FF0000">{}</font>',
                   '<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
                   '<div class="message">{}</div></div></div></div>'),
    "vbulletin5": ('//li[contains(@class,"b-post") and @data-node-id]', './/div[contains(@class,"js-post__content-text")]',
                   '<span style="color:#FF0000">{}</span>',
                   '<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
                   '<div class="message">{}</div></div></div></div>'),
    "nodebb": ('//li[@component="post"]', './/div[@component="post/content"]', '<span style="color:#f00">{}</span>',
               '<p dir="auto">@Carol said:</p><blockquote dir="auto"><p dir="auto">{}</p></blockquote>'),
}

# (post index, author, red texts, quoted red text, bold-only text)
SCRIPT = [
    (0, "Ann", ["Vote: Bob"], "Vote: Carol", None),
    (1, "Bob", ["vote ann"], None, None),
    (2, "Carol", [], None, "Vote: Bob"),
    (3, "Dave", ["Vote: GJ"], None, None),
    (4, "Ann", ["Unvote", "Vote: Gentleman"], None, None),
    (5, "Eve", ["Vote: Zed"], None, None),
    (6, "Bob", ["Unvote"], None, None),
    (7, "Caz", ["Vote: Johnny"], None, None),
]


@pytest.mark.parametrize("engine", list(ENGINES), ids=list(ENGINES))
def test_real_page_counts_like_a_host(engine):
    path = THREADS / f"{engine}.html"
    if not path.exists():
        pytest.skip(f"{path} is not here")
    post_xpath, body_xpath, red, quote = ENGINES[engine]
    doc = lxml.html.document_fromstring(path.read_bytes())
    bodies = [p.xpath(body_xpath)[0] for p in doc.xpath(post_xpath)]
    base = [VoteSetupPlayer(p.name, p.aliases) for p in PLAYERS]
    posts = []
    for n, body in enumerate(bodies, start=1):
        author = f"Reader{n}"  # the page's own posts, by accounts that are not players
        for index, who, texts, quoted, bold in SCRIPT:
            if index == n - 1:
                author = who
                if quoted:
                    body.append(lxml.html.fragment_fromstring(quote.format(red.format(quoted)), create_parent="div"))
                for text in texts:
                    body.append(lxml.html.fragment_fromstring(red.format(text), create_parent="div"))
                if bold:
                    body.append(lxml.html.fragment_fromstring(f"<b>{bold}</b>"))
        inner = (body.text or "") + "".join(lxml.html.tostring(c, encoding="unicode") for c in body)
        posts.append(Post(n, author, inner))
    count = tally(posts, base, day=1)
    assert wagons(count) == [("Gentleman Johnny", 3.0, ("Dave", "Ann", "Carol"))]
    assert count.not_voting == ("Bob", "Eve", "Gentleman Johnny")
    assert reasons(count) == [(1, "Vote: Carol", "quoted"),  # Carol's bold vote is not red: listed, not counted
                              (3, "Vote: Bob", "not in the game's vote markup"), (6, "Vote: Zed", "no player matches 'Zed'")]
    assert [(h.post, h.author, h.target) for h in count.history] == [
        (1, "Ann", "Bob"), (2, "Bob", "Ann"), (4, "Dave", "Gentleman Johnny"), (5, "Ann", "Gentleman Johnny"),
        (7, "Bob", None), (8, "Carol", "Gentleman Johnny")]
    assert count.eliminated is None and count.hammer is None and count.majority == 4


# --------------------------------------------------------------------------- invariants

TEXTS = ["Vote: Ann", "Vote: Bob", "vote carol", "Vote: GJ", "Unvote", "Unvote: Bob", "No lynch", "Vote: Zed", "Vote: Eve"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([p.name for p in PLAYERS] + ["Mod"]), st.sampled_from(TEXTS)), max_size=25),
       st.sampled_from(["half-plus-one", "plurality"]))
def test_invariants(script, rule):
    posts = [P(i + 1, author, text) for i, (author, text) in enumerate(script)]
    weighted = players(dead=("Eve",), weights={"Ann": 2.0, "Bob": 1.5})
    weight = {p.name: p.weight for p in weighted}
    count = tally(posts, weighted, day=1, hosts=("Mod",), majority=rule, no_elimination_offset=-1)
    voters = [v for w in count.wagons for v in w.voters]
    assert len(voters) == len(set(voters))
    assert set(voters) | set(count.not_voting) == {p.name for p in weighted if p.alive}
    assert not set(voters) & set(count.not_voting)
    for w in count.wagons:
        assert w.votes == pytest.approx(sum(weight[v] for v in w.voters))
        assert len(w.posts) == len(w.voters)
    assert [w.votes for w in count.wagons] == sorted((w.votes for w in count.wagons), reverse=True)
    if rule == "plurality":
        assert count.hammer is None
    if rule == "half-plus-one" and count.hammer is None:
        assert all(w.votes < (count.majority - 1 if w.target == "none" else count.majority) for w in count.wagons)
    # every vote text of a player's post is either in history or in ignored (or superseded within a post)
    non_host = [p for p in posts if p.author != "Mod"]
    assert len(count.history) + len(count.ignored) <= len(non_host)


def test_an_abducted_player_neither_votes_nor_is_voted_and_leaves_the_count():
    """Seed paranormal: abducted players cannot vote or be lynched during the day."""
    red = '<span style="color: #ff0000">Vote: {}</span>'
    players = [VoteSetupPlayer("Ann"), VoteSetupPlayer("Bob"), VoteSetupPlayer("Cy", absent="abducted"),
               VoteSetupPlayer("Di")]
    posts = [Post(1, "Cy", red.format("Ann")), Post(2, "Ann", red.format("Cy")), Post(3, "Bob", red.format("Di"))]
    count = tally(posts, players, day=1)
    assert count.alive == 3 and count.majority == 2
    assert [(w.target, w.voters) for w in count.wagons] == [("Di", ("Bob",))]
    assert [(i.author, i.reason) for i in count.ignored] == [("Cy", "Cy is abducted"), ("Ann", "Cy is abducted")]
    assert "Cy" not in count.not_voting
