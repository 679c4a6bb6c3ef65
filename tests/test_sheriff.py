"""The Sheriff (seed classic-werewolf SheriffElection, OptOut): the badge's vote weight as an
option and as a hand edit, and a hand-edited race that breaks the seed.
"""

from __future__ import annotations

import pytest

from conftest import Host, new_classic
from game_helpers import _played


@pytest.mark.parametrize("value", ["-1", "1e308", "1001"])
def test_house_rule_sheriff_weight_option_is_a_vote_weight(tmp_path, value):
    """`--option sheriff-weight=-1` was taken: the Sheriff's vote then took a vote away from the
    wagon. It is a vote weight, with the bounds of --weight (0 to 1000)."""
    host = Host(tmp_path / "game")
    result = host("new", str(tmp_path / "game"), "--ruleset", "classic-werewolf",
                  "--assign", "Ann=Seer", "--assign", "Bob=Werewolf", "--assign", "Cy=Villager",
                  "--option", f"sheriff-weight={value}")
    assert result.exit_code == 1, result.output
    assert "sheriff-weight" in result.output and "vote weight" in result.output, result.output
    assert not (tmp_path / "game").exists()


def test_house_rule_sheriff_weight_hand_edited_negative_is_refused(tmp_path):
    host = _played(tmp_path)
    path = host.folder / "game.toml"
    path.write_text(path.read_text().replace("[options]", "[options]\nsheriff-weight = -1", 1))
    out = host.refused("votes")
    assert "game.toml: options.sheriff-weight" in out and "vote weight" in out, out


@pytest.mark.parametrize("old,new,words", [
    pytest.param('kind = "sheriff-vote", actor = "Dave", target = "Ann"',
                 'kind = "sheriff-vote", actor = "Dave", target = "Eve"', "Eve is not running for Sheriff",
                 id="SheriffElection-5-candidates-locked-a-vote-for-one-who-opted-out"),
    pytest.param('kind = "sheriff-vote", actor = "Dave", target = "Ann"',
                 'kind = "sheriff-vote", actor = "Dave", target = "Hal"', "Hal is not running for Sheriff",
                 id="SheriffElection-5-a-vote-for-one-who-never-ran"),
    pytest.param('kind = "withdraw", actor = "Eve"', 'kind = "withdraw", actor = "Hal"', "Hal cannot opt out",
                 id="OptOut-2-candidates-only"),
])
def test_classic_a_hand_edited_sheriff_race_that_breaks_the_seed_is_refused(tmp_path, old, new, words):
    """Seed classic-werewolf OptOut and SheriffElection: 'sheriff vote' refuses a vote for one who
    opted out or never ran, but a hand edit of one was replayed and silently not counted, so the
    race's status listed a vote the election ignored."""
    assign = ["Ann=Hunter", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Seer", "Fay=Villager",
              "Gus=Werewolf", "Hal=Villager"]
    new_classic(tmp_path / "game", assign=assign)
    host = Host(tmp_path / "game")
    for line in (("act", "Bob", "Kill", "Fay"), ("act", "Carol", "skip"), ("act", "Dave", "Guard", "Hal"),
                 ("act", "Eve", "Check", "Gus"), ("resolve",)):
        host.ok(*line)
    host.ok("sheriff", "run", "Ann", "Eve")
    host.ok("sheriff", "withdraw", "Eve")
    host.ok("sheriff", "vote", "Dave", "Ann")
    day1 = host.folder / "phases/002-day-1.toml"
    text = day1.read_text()
    assert old in text, text
    day1.write_text(text.replace(old, new, 1))
    out = host.refused("sheriff", "status")
    assert "002-day-1.toml: events[" in out and words in out, out
