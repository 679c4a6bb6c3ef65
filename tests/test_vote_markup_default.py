"""Issue 35, "Bold votes count by default": a new game reads what forum players write (red text,
bold "VOTE:" lines and the [vote] tag, SPEC's `new` row), and `hostkit vote-markup` changes the
markup of a running game.

The page is tests/data/votes/phpbb_patterns.html (phpBB prosilver): posts 1-3 vote in [vote]
tags, post 4 in red (letter by letter), posts 5-9 in bold "Vote: X" lines, as MafiaScum writes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Host

PAGE = Path(__file__).parent / "data" / "votes" / "phpbb_patterns.html"
PLAYERS = ("Ferrule", "Lanternfish", "Cormorant", "Bollard", "Gunwale")


def harbour(tmp_path: Path, *markups: str) -> Host:
    """The page's five players, made with `hostkit new` as a host types it (MARKUPS: the
    --vote-markup options given, none by default)."""
    host = Host(tmp_path / "harbour")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", "Harbourmaster",
            *[x for i, p in enumerate(PLAYERS) for x in ("--assign", f"{p}={'Werewolf' if i == 0 else 'Villager'}")],
            *[x for m in markups for x in ("--vote-markup", m)])
    host.ok("resolve", "--force")
    return host


def counted(host: Host, post: int) -> list[tuple[str, str | None]]:
    data = json.loads(host.ok("votes", "--html", str(PAGE), "--from-post", str(post), "--to-post", str(post),
                              "--json"))
    return [(h["author"], h["target"]) for h in data["history"]]


@pytest.mark.parametrize("post, votes", [
    (2, [("Bollard", "Gunwale")]),  # [vote]Unvote: Vote: Gunwale[/vote]
    (4, [("Lanternfish", "Gunwale")]),  # red, a colour a letter
    (5, [("Cormorant", "Bollard")]),  # [b]Vote: Bollard[/b], MafiaScum's usual vote
    (9, [("Gunwale", "Ferrule")]),  # bold again, another player
], ids=["vote-tag", "red", "bold-vote-line", "bold-another"])
def test_a_new_game_counts_what_forum_players_write(tmp_path, post, votes):
    """No --vote-markup: red, bold and the vote tag all count (before: red only, "No votes yet")."""
    assert counted(harbour(tmp_path), post) == votes


def test_a_new_game_says_its_markup_and_writes_it_down(tmp_path):
    made = Host(tmp_path / "g").ok("new", str(tmp_path / "g"), "--ruleset", "classic-werewolf", "--assign", "Ann=Seer",
                                   "--assign", "Bob=Werewolf")
    assert "Votes are read in red, bold, tag ('hostkit vote-markup' changes it)." in made
    host = harbour(tmp_path)
    assert host.ok("vote-markup").strip() == "Votes are read in: red, bold, tag"
    assert 'vote_markup = [\n    "red",\n    "bold",\n    "tag",\n]' in (host.folder / "game.toml").read_text()


def test_hash_votes_are_not_read_unless_asked_for(tmp_path):
    """##vote is a Discord habit, not a forum one: a forum game reads it only when told to."""
    host = harbour(tmp_path)
    assert "hash" not in host.ok("vote-markup")
    assert "hash" in host.ok("vote-markup", "red", "bold", "tag", "hash")
    assert counted(host, 5) == [("Cormorant", "Bollard")]  # the others still count


def test_vote_markup_changes_a_running_game_from_the_next_count(tmp_path):
    host = harbour(tmp_path)
    assert counted(host, 5) == [("Cormorant", "Bollard")]
    out = host.ok("vote-markup", "red")
    assert "were read in red, bold, tag" in out and "read in red" in out
    assert counted(host, 5) == []  # the bold vote is listed, not counted
    data = json.loads(host.ok("votes", "--html", str(PAGE), "--from-post", "5", "--to-post", "5", "--json"))
    assert [i["text"] for i in data["ignored"]] == ["Vote: Bollard"]
    assert counted(host, 4) == [("Lanternfish", "Gunwale")]
    assert "nothing changed" in host.ok("vote-markup", "RED")
    host.ok("vote-markup", "bold", "tag")
    assert counted(host, 5) == [("Cormorant", "Bollard")] and counted(host, 4) == []


def test_a_markup_asked_for_by_name_alone_is_what_counts(tmp_path):
    """--vote-markup given: only that markup, as before."""
    host = harbour(tmp_path, "bold")
    assert counted(host, 5) == [("Cormorant", "Bollard")]
    assert counted(host, 2) == []


@pytest.mark.parametrize("args, words", [
    (("blod",), "did you mean 'bold'"),
    (("red", "colour"), "'colour' must be one of red, bold, tag, hash"),
], ids=["misspelt", "one-unknown-among-good"])
def test_an_unknown_markup_is_refused_and_nothing_changes(tmp_path, args, words):
    host = harbour(tmp_path)
    assert words in host.refused("vote-markup", *args)


def test_an_unknown_markup_at_new_is_refused_and_no_game_is_made(tmp_path):
    host = Host(tmp_path / "g")
    result = host("new", str(host.folder), "--ruleset", "classic-werewolf", "--assign", "Ann=Seer",
                  "--assign", "Bob=Werewolf", "--vote-markup", "bolt")
    assert result.exit_code == 1 and "did you mean 'bold'" in result.output and not host.folder.exists()
