"""The host's day (issue 14): warnings before it is too late, posts that paste clean, the day
tools. Every row is tested through the CLI, as a host types it."""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic


# ----------------------------------------------------------------------------- missing actions


def test_actions_lists_who_has_not_acted(classic: Host):
    out = classic.ok("actions")
    assert "waiting on: Ann (Check), Werewolves: Bob/Gus (Kill), Carol (Poison), Dave (Guard)" in out
    classic.ok("act", "Bob", "Kill", "Hal")
    out = classic.ok("actions")
    # the kill is in; the Witch may now also save Hal
    assert "waiting on: Ann (Check), Carol (Antidote), Carol (Poison), Dave (Guard)" in out
    data = json.loads(classic.ok("actions", "--json"))
    assert {"who": "Ann", "players": ["Ann"], "ability": "Check", "required": False} in data["waiting"]


def test_an_explicit_skip_or_an_exclusive_use_answers_an_ability(classic: Host):
    classic.ok("act", "Bob", "Kill", "Hal")
    classic.ok("act", "Carol", "Antidote", "Hal")  # one potion a night: Poison is no longer open
    classic.ok("act", "Ann", "Check", "Gus")
    out = classic.ok("actions")
    assert "waiting on: Dave (Guard)" in out
    classic.ok("act", "Dave", "Guard", "skip")
    assert "waiting on" not in classic.ok("actions")
    assert "Night 1" in classic.ok("resolve")  # nothing missing: no --force needed


def test_resolve_refuses_while_optional_actions_are_missing_and_names_them(classic: Host):
    classic.ok("act", "Bob", "Kill", "Hal")
    out = classic.refused("resolve")
    assert "not entered yet: Ann (Check), Carol (Antidote), Carol (Poison), Dave (Guard)" in out
    assert "--force" in out
    assert "dry run" in classic.ok("resolve", "--dry-run")  # a dry run records nothing: no refusal
    assert "dies: Hal" in classic.ok("resolve", "--force")


def test_resolve_refuses_a_night_with_nothing_entered(classic: Host):
    out = classic.refused("resolve")
    assert "Werewolves: Bob/Gus (Kill)" in out


def test_status_says_who_the_night_waits_on(classic: Host):
    classic.ok("act", "Bob", "Kill", "Hal")
    assert "waiting on: Ann (Check)" in classic.ok("status")
    data = json.loads(classic.ok("status", "--json"))
    assert [w["who"] for w in data["waiting"]] == ["Ann", "Carol", "Carol", "Dave"]


# ----------------------------------------------------------------------------- game over


def test_resolve_that_ends_the_game_prints_the_winner(tmp_path):
    new_classic(tmp_path / "g", assign=["Ann=Werewolf", "Bob=Villager", "Cy=Seer", "Di=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Ann", "Kill", "Bob")
    host.ok("act", "Cy", "Check", "Ann")
    host.ok("resolve")
    out = host.ok("eliminate", "Di")
    assert "The game is over: Werewolves wins." in out
    assert "The game is over: Werewolves wins." in out
    assert json.loads(host.ok("status", "--json"))["winner"] == "Werewolves"
