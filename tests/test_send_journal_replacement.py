"""The send journal names its game (issue 35: "The send journal belongs to one game"), and a game
stays itself when a player is replaced: found by the items-werewolf whole game on the board
(tests/test_forum_whole_game_items.py), where after `hostkit replace Ivy Jo` every command that
reads the journal (`pm --send`, `inbox`, `votes --send`, `watch`) refused it as "belongs to
another game", so no PM or post could go out for the rest of the game. The journal's game digest
(hostkit.forum.journal.identity) held the players' names, which a replacement changes; it now
holds each slot by the name it was dealt under."""

from __future__ import annotations

import json

import pytest

from conftest import Host

THREAD = "http://127.0.0.1:9/viewtopic.php?t=2"
ASSIGN = ["Ann=Shaman", "Bob=Werewolf", "Ivy=Villager", "Hal=Protector"]


def _game(folder, assign=ASSIGN):
    from hostkit.game.game import create

    create(folder, ruleset="items-werewolf", seed=1, thread=THREAD, assign=assign)


def _sent(folder) -> None:
    """The journal of a game that has sent, as it is on disk."""
    from hostkit.forum.journal import Journal
    from hostkit.game.game import Game

    journal = Journal(folder, game=Game.load(folder))
    journal.path.write_text(journal.text(), encoding="utf-8")


def _opens(folder) -> None:
    from hostkit.forum.journal import Journal
    from hostkit.game.game import Game

    Journal(folder, game=Game.load(folder))


@pytest.mark.parametrize("replacements", [
    pytest.param([("Ivy", "Jo")], id="one-replacement"),
    pytest.param([("Ivy", "Jo"), ("Jo", "Kim")], id="the-replacement-replaced"),
    pytest.param([("Ivy", "Jo"), ("Ann", "Ben")], id="two-slots-replaced"),
])
def test_a_replacement_keeps_the_send_journal_the_games(tmp_path, replacements):
    _game(tmp_path / "g")
    _sent(tmp_path / "g")
    for old, new in replacements:
        Host(tmp_path / "g").ok("replace", old, new)
        _opens(tmp_path / "g")  # was refused: "belongs to another game"


def test_a_journal_first_written_after_a_replacement_by_an_older_hostkit_is_still_the_games(tmp_path):
    from hostkit.forum.journal import identity
    from hostkit.game.game import Game

    _game(tmp_path / "g")
    Host(tmp_path / "g").ok("replace", "Ivy", "Jo")
    _sent(tmp_path / "g")
    path = tmp_path / "g" / ".hostkit-sends.json"
    data = json.loads(path.read_text())
    data["game"] = identity(Game.load(tmp_path / "g"), slots=False)["game"]  # the names as they were then
    path.write_text(json.dumps(data))
    _opens(tmp_path / "g")


def test_another_games_journal_is_still_refused_when_only_one_player_differs(tmp_path):
    from hostkit.model.errors import FileError

    _game(tmp_path / "a")
    _game(tmp_path / "b", assign=[*ASSIGN[:2], "Zed=Villager", ASSIGN[3]])
    _sent(tmp_path / "a")
    (tmp_path / "b" / "game.toml").write_text(
        (tmp_path / "b" / "game.toml").read_text().replace(
            _created(tmp_path / "b"), _created(tmp_path / "a")))  # the same second, ruleset and seed
    (tmp_path / "b" / ".hostkit-sends.json").write_bytes((tmp_path / "a" / ".hostkit-sends.json").read_bytes())
    with pytest.raises(FileError, match="belongs to another game"):
        _opens(tmp_path / "b")


def _created(folder) -> str:
    from hostkit.game.game import Game

    return Game.load(folder).setup.created
