"""Every death by day has its public post (issue 28): a Hunter's last shot, a Hold-out Blaster's
lynch shot, a host's kill, an ITA shot. `post deaths --day N` tells them, and a shot player's
flip says who shot them (the shot is made in the thread), never only 'died on day N'."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Host, new_classic
from hostkit.game.game import create


def _hunter_shot(tmp_path: Path, *options: str) -> Host:
    new_classic(tmp_path / "g", options=list(options))
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Eve")  # the Hunter is eliminated and shoots
    host.ok("shoot", "Eve", "Hal")
    return host


@pytest.mark.parametrize("fmt, line", [
    ("bbcode", "[b]Hal[/b] was shot by Eve on day 1."),
    ("markdown", "**Hal** was shot by Eve on day 1."),
    ("plain", "Hal was shot by Eve on day 1."),
], ids=["bbcode", "markdown", "plain"])
def test_a_hunters_shot_has_a_death_post_and_its_flip_says_who_shot(tmp_path, fmt, line):
    host = _hunter_shot(tmp_path, "flip=role")
    post = host.ok("post", "deaths", "--day", "1", "--format", fmt)
    assert line in post
    assert "Hal was the" in post and "Villager" in post  # flipped at the game's level
    assert "Eve" in post and "eliminated" not in post  # the elimination has its own post
    assert line in host.ok("post", "flip", "Hal", "--format", fmt)


def test_a_shot_post_names_the_shooter_not_their_role_when_roles_stay_hidden(tmp_path):
    host = _hunter_shot(tmp_path, "flip=none")
    post = host.ok("post", "deaths", "--day", "1")
    assert "[b]Hal[/b] was shot by Eve on day 1." in post and "Hunter" not in post


def test_a_hold_out_blaster_lynch_shot_has_a_death_post(tmp_path):
    """Hold-out Blaster: 'If the Alien is lynched, he pulls out the blaster and gets to shoot a
    single target before dying.'"""
    from test_paranormal_tech import _new

    host = _new(tmp_path, "Su=Survivor", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie", "Fay=Townie")
    host.ok("tech", "pick", "Su", "Hold-out Blaster")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Su", "--force")
    host.ok("shoot", "Su", "Cy")
    post = host.ok("post", "deaths", "--day", "1")
    assert "[b]Cy[/b] was shot by Su on day 1." in post
    assert "was shot by Su on day 1." in host.ok("post", "flip", "Cy")


@pytest.mark.parametrize("phase", ["day", "night"])
def test_a_hosts_kill_is_in_its_phases_death_post(tmp_path, phase):
    new_classic(tmp_path / "g", options=["flip=role"])
    host = Host(tmp_path / "g")
    if phase == "day":
        host.ok("act", "Bob", "Kill", "Fay")
        host.ok("resolve", "--force")
    host.ok("kill", "Hal", "--reason", "inactive")
    if phase == "night":
        host.ok("act", "Bob", "Kill", "Fay")
        host.ok("resolve", "--force")
    post = host.ok("post", "deaths", "--day" if phase == "day" else "--night", "1")
    assert f"[b]Hal[/b] was removed from the game by the host on {phase} 1 (inactive)." in post
    assert "Hal was the [b]Villager[/b]" in post


def test_an_ita_shot_has_a_death_post(tmp_path):
    from test_natural_dayactions import day1

    host = day1(tmp_path)
    host.ok("ita", "open")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "1")
    host.ok("act", "--now", "Ann", "ITA Shot", "Go")
    post = host.ok("post", "deaths", "--day", "1")
    assert "Go" in post and "No one died" not in post


def test_a_day_with_no_death_but_the_elimination_says_where_that_post_is(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Hal")
    assert "hostkit post flip" in host.refused("post", "deaths", "--day", "1")
