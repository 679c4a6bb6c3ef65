"""Issue 37, "A count that posts itself is never wrong": `hostkit watch` posts counts no host reads
first, so each wrong reading a host would have caught is a class fixed here, and what the counter
is unsure of is data (`votes --json` "unsure"), each item with the post and the command that
settles it.

Every post is in tests/data/votes/phpbb_unattended.html, a MafiaScum (phpBB prosilver) page we
wrote ourselves in the shape of the real ones (the structure only; the words and names are ours).
"""

from __future__ import annotations

from pathlib import Path

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
