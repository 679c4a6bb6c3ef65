"""How a death reads in the end post (issue 28): a list with no blank lines between its items,
and a cause worded as a player would write it ('was shot by the Hunter', never 'was killed by
Hunter')."""

from __future__ import annotations

import re

import pytest

from conftest import Host, new_classic
from hostkit.words.publish.fates import death_phrase


def _ended_by_a_hunter(tmp_path) -> Host:
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Eve")
    host.ok("act", "Carol", "Poison", "Gus")
    host.ok("resolve", "--force")
    host.ok("shoot", "Eve", "Bob")
    return host


def test_the_end_post_list_has_no_blank_lines_between_items(tmp_path):
    out = _ended_by_a_hunter(tmp_path).ok("post", "end")
    body = out[out.index("[list]"):out.index("[/list]") + len("[/list]")]
    assert "\n\n" not in body
    assert body.count("[*]") == 8


def test_the_end_post_words_each_death_with_its_article_and_verb(tmp_path):
    out = _ended_by_a_hunter(tmp_path).ok("post", "end")
    assert "[b]Bob[/b]: Werewolf (Werewolves), was shot by the Hunter on day 1" in out
    assert "[b]Eve[/b]: Hunter (Village), was killed by the Werewolves on night 1" in out
    assert "[b]Gus[/b]: Werewolf (Werewolves), died of Poison on night 1" in out
    assert "Day 1: Bob (Werewolf) was shot by the Hunter." in out
    # no cause follows a bare 'by' anywhere: every role or side named after 'by' takes 'the'
    assert not re.search(r"\bby (?!the |a |an )[A-Z]", out), out


@pytest.mark.parametrize("cause, kind, phrase", [
    ("Hunter", "shot", "was shot by the Hunter"),
    ("Werewolves", "werewolf", "was killed by the Werewolves"),
    ("Werewolf", "kill", "was killed by the Werewolf"),
    ("Witch", "poison", "was killed by the Witch"),
    ("Poison", "poison", "died of Poison"),
    ("eliminated", "eliminated", "was eliminated"),
    ("modkill (inactive)", "modkill", "was removed from the game by the host (inactive)"),
    ("Werewolf (masked as Vigilante)", "kill", "was killed by the Werewolf (masked as Vigilante)"),
    ("Seer", "bond", "died with their bond to the Seer"),
    ("", "", "died"),
], ids=["hunter-shot", "faction", "role", "role-effect", "effect", "eliminated", "modkill",
        "masked", "bond", "unknown"])
def test_a_death_phrase_names_its_cause_as_a_player_would(tmp_path, cause, kind, phrase):
    game = new_classic(tmp_path / "g")
    assert death_phrase(game.state, cause, kind) == phrase


def test_an_item_death_reads_killed_with_an_item(tmp_path):
    from hostkit.game.game import create

    game = create(tmp_path / "p", ruleset="paranormal", seed=1,
                  assign=["Ann=Townie", "Bob=Townie", "Cy=Vigilante", "Dee=Doppelganger"])
    assert death_phrase(game.state, "Hold-out Blaster", "shot") == "was shot with a Hold-out Blaster"
    assert death_phrase(game.state, "Hold-out Blaster", "kill") == "was killed with a Hold-out Blaster"
