"""The public end and death posts: the winner line in plain text, a day kill with its flavour, and
a Bloom's seeding announced.
"""

from __future__ import annotations

import pytest

from conftest import Host
from game_helpers import _game
from hostkit.cli import cli


def test_plain_end_post_keeps_the_winner_line_apart(tmp_path):
    """SPEC post end: 'the winner, every player's role and fate'. In plain text the headline ran
    into the next line ('Exterminators win!Winning: Ex ...'): the template's closing tag ate the
    line break."""
    host = _game(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Sue=Survivor")
    host.ok("tech", "pick", "Sue", "none")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Town wins" in host.ok("eliminate", "Bob")
    out = host.ok("post", "end", "--format", "plain")
    assert out.splitlines()[0] == "Paranormal: the game is over. Town wins!"
    assert out.splitlines()[1].startswith("Winning: ")


def test_post_deaths_of_a_day_kill_with_its_flavour(tmp_path):
    """SPEC post deaths ('renders a public post'); seed paranormal Advanced Assassin bot: 'it will
    kill the player before the day ends', and Combat Camouflage 'Also works on kills made by
    Assassin Bots'. A day kill had no death post at all ('post deaths' reads nights only, 'post
    flip' has no flavour): 'post deaths --day N' gives it, masked as the camouflage says."""
    host = _game(tmp_path, "Ex=Exterminator (Anti-Tech Field)", "Dp=Doppelganger", "To=Townie", "Su=Survivor",
                 "T2=Townie", "Ag=Agent")
    host.ok("tech", "pick", "Ex", "Advanced Assassin bot", "Combat Camouflage")
    host.ok("tech", "pick", "Su", "Personal Shield")
    host.ok("tech", "camouflage", "Ex", "Doppelgangers")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "has no death to post: no day action resolved" in host.refused("post", "deaths", "--day", "1")
    host.ok("act", "Ex", "Advanced Assassin bot", "Su")
    host.ok("eliminate", "--none")
    out = host.ok("post", "deaths", "--day", "1", "--format", "plain")
    assert out.splitlines()[0] == "Paranormal: day 1"
    assert "Su was found in their home: nothing left but a pool of blood. The Doppelgangers have fed." in out
    assert "Assassin" not in out and "Exterminator" not in out
    night = host.ok("post", "deaths", "--night", "1", "--format", "plain")
    assert night.splitlines()[0] == "Paranormal: the morning after night 1" and "nobody died" in night
    assert "not both" in host.refused("post", "deaths", "--day", "1", "--night", "1")


@pytest.mark.parametrize("lines, told", [
    ([["act", "Ed", "Seed"], ["act", "Bo", "Kill", "Jo"]], True),
    ([["act", "Bo", "Kill", "Jo"]], False),
    ([["act", "Ed", "Seed"], ["act", "Bo", "Kill", "Ed"]], False),
], ids=["Spore-Spreader-Bloom-seeding-is-in-the-morning-post", "Spore-Spreader-Bloom-no-seeding-no-notice",
        "Spore-Spreader-Bloom-killed-the-night-it-seeds-no-notice"])
def test_cli_bloom_seeding_is_announced_in_the_death_post(tmp_path, lines, told):
    # BLOOM: the whole town learns of the plants (not who seeded them) in the morning post, in every
    # format, and learns the day must lynch; `due` tells the host the same.
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--assign", "Ed=Spore Spreader (Bloom)", "--assign", "Bo=Doppelganger",
                                 "--assign", "Jo=Townie", "--assign", "Ki=Townie", "--assign", "Lu=Townie"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    for line in lines:
        host.ok(*line)
    host.ok("resolve", "--force")  # a Seed not used is not entered (see the next test)
    for fmt in ("bbcode", "markdown", "plain"):
        post = host.ok("post", "deaths", "--night", "1", "--format", fmt)
        assert ("Strange alien plants have sprouted" in post) is told, (fmt, post)
        assert ("MUST lynch" in post) is told, post
        assert not told or "Ed" not in post, post  # the town learns of the plants, not who seeded them
    assert ("day 1 must eliminate someone" in host.ok("due")) is told
