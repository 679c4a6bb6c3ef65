"""The host's day (issue 14): warnings before it is too late, posts that paste clean, the day
tools. Every row is tested through the CLI, as a host types it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Host, new_classic


# ----------------------------------------------------------------------------- missing actions


def test_actions_lists_who_has_not_acted(classic: Host):
    out = classic.ok("actions")
    assert "waiting on: Ann (Check), Werewolves: Bob/Gus (Kill), Carol (Poison), Dave (Guard)" in out
    classic.ok("act", "Bob", "Kill", "Hal")
    out = classic.ok("actions")
    # the kill is in; the Witch may now also save Hal
    assert "waiting on: Ann (Check), Carol (Antidote or Poison), Dave (Guard)" in out  # one potion a night: one owed
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
    assert "not entered yet: Ann (Check), Carol (Antidote or Poison), Dave (Guard)" in out
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
    assert [w["who"] for w in data["waiting"]] == ["Ann", "Carol", "Dave"]


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


def test_post_end_renders_the_winner_roles_fates_and_history_in_every_format(tmp_path):
    new_classic(tmp_path / "g", assign=["Ann=Werewolf", "Bob=Villager", "Cy=Seer", "Di=Villager"])
    host = Host(tmp_path / "g")
    assert "not over" in host.refused("post", "end")
    host.ok("act", "Ann", "Kill", "Bob")
    host.ok("act", "Cy", "Check", "Ann")
    host.ok("resolve")
    host.ok("eliminate", "Di")
    bb = host.ok("post", "end")
    assert "Werewolves win!" in bb
    assert "[b]Ann[/b]: Werewolf (Werewolves), survived" in bb
    assert "[b]Bob[/b]: Villager (Village), was killed by the Werewolves on night 1" in bb
    assert "Night 1: Bob (Villager) was killed by the Werewolves." in bb
    assert "Day 1: Di (Villager) was eliminated." in bb
    md = host.ok("post", "end", "--format", "markdown")
    assert "- **Cy**: Seer (Village), survived" in md
    assert "[b]" not in host.ok("post", "end", "--format", "plain")


# ----------------------------------------------------------------------------- the day's start


def _woods(tmp_path, **kw) -> Host:
    from hostkit.game.game import create

    create(tmp_path / "w", ruleset="classic-werewolf", seed=4,
           assign=["Old Man Willow=Villager", "Red Riding Hood=Seer", "The_Woodsman=Werewolf", "Grandma=Villager",
                   "Wolf=Werewolf"], aliases=["Old Man Willow=Willow"],
           options=["majority=half-plus-one", "no-elimination=true"], **kw)
    host = Host(tmp_path / "w")
    host.ok("resolve", "--force")
    return host


MYBB = str(Path(__file__).parent / "data" / "threads" / "mybb.html")


def test_votes_without_a_start_post_says_it_counts_from_the_first_post(tmp_path):
    host = _woods(tmp_path)
    out = host.ok("votes", "--html", MYBB)
    post, notes = out.split("--- host only ---")
    assert "No start post is recorded for day 1: this count runs from the first post read" in notes
    assert "start post" not in post  # the host's notes only: never pasted
    host.ok("start-post", "1")
    assert "No start post" not in host.ok("votes", "--html", MYBB)
    assert "No start post" not in host.ok("votes", "--html", MYBB, "--from-post", "1")


# ----------------------------------------------------------------------------- formats, numbers, deadline


def test_every_rendering_command_takes_format_and_status_shows_the_default(tmp_path):
    host = _woods(tmp_path)
    st = host.ok("status")
    assert "format: bbcode" in st
    assert "**Vote Count" in host.ok("votes", "--html", MYBB, "--format", "markdown")
    assert "[b]" not in host.ok("votes", "--html", MYBB, "--format", "plain").split("--- host only ---")[0]
    assert "**" in host.ok("pm", "Wolf", "--format", "markdown")
    assert "[b]" in host.ok("pm", "Wolf")
    assert "**" in host.ok("post", "votecount", "--html", MYBB, "--format", "markdown")
    assert "--format [bbcode|markdown|plain]" in host.ok("pm", "--help")
    assert "--format [bbcode|markdown|plain]" in host.ok("votes", "--help")
    assert "--format [bbcode|markdown|plain]" in host.ok("post", "deaths", "--help")
    assert "is not one of 'bbcode', 'markdown', 'plain'" in host("votes", "--format", "html").output


def test_pm_format_option_gives_markdown_pms_beside_bbcode_posts(tmp_path):
    new_classic(tmp_path / "g", options=["pm-format=markdown"])
    host = Host(tmp_path / "g")
    assert "format: bbcode (PMs: markdown)" in host.ok("status")
    assert "**Seer**" in host.ok("pm", "Ann")
    assert "[b]Seer[/b]" in host.ok("pm", "Ann", "--format", "bbcode")
    assert json.loads(host.ok("status", "--json"))["pm_format"] == "markdown"


def test_only_a_published_count_takes_a_number_and_previews_say_so(tmp_path):
    host = _woods(tmp_path)
    assert "Vote Count 1.01 (preview)" in host.ok("votes", "--html", MYBB)
    host.ok("vote", "Wolf", "Grandma")
    assert "Vote Count 1.01 (preview)" in host.ok("votes", "--html", MYBB)  # previews take no number
    out = host.ok("votes", "--html", MYBB, "--publish")
    assert "Vote Count 1.01[/b]" in out and "preview" not in out.split("--- host only ---")[0]
    host.ok("vote", "Grandma", "Wolf")
    assert "Vote Count 1.02 (preview)" in host.ok("post", "votecount", "--html", MYBB)
    assert "Vote Count 1.02[/b]" in host.ok("post", "votecount", "--html", MYBB, "--publish")


def test_deadline_shows_in_the_count_and_says_the_rule_when_passed(tmp_path):
    host = _woods(tmp_path)
    assert "has no deadline" in host.ok("deadline")
    out = host.ok("deadline", "+1d4h")
    assert "Deadline: in 1 day 4 hours" in out
    assert "Deadline: in 1 day 4 hours (" in host.ok("votes", "--html", MYBB)
    assert "could not read" not in host.refused("deadline", "tomorrow-ish")
    host.ok("deadline", "2020-01-01 18:00")
    out = host.ok("votes", "--html", MYBB)
    assert "The deadline (2020-01-01 18:00 UTC) has passed[/b]: the day ends" in out
    assert "hostkit eliminate" in out
    data = json.loads(host.ok("deadline", "--json"))
    assert data["deadline"]["passed"] is True
    host.ok("deadline", "--clear")
    assert "Deadline" not in host.ok("votes", "--html", MYBB)


def test_deadline_with_plurality_names_who_goes(tmp_path):
    new_classic(tmp_path / "g")  # classic: plurality at the deadline
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    host.ok("deadline", "2020-01-01T18:00-05:00")
    out = host.ok("votes")
    assert "The deadline (2020-01-01 23:00 UTC) has passed[/b]: the day ends: Bob is eliminated (the most votes)" in out


# ----------------------------------------------------------------------------- kill


def test_kill_is_a_modkill_with_the_flip_and_the_winner(tmp_path):
    new_classic(tmp_path / "g", options=["flip=role"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Ann", "Check", "Bob")
    out = host.ok("kill", "Ann", "--reason", "modkill for inactivity")
    assert "Ann is dead (modkill for inactivity)" in out
    assert "[b]Ann[/b] was removed from the game by the host on night 1 (modkill for inactivity)." in out
    assert "Ann was the [b]Seer[/b] (Village)." in out
    assert "Ann: Check" not in host.ok("actions")  # her action is taken back
    assert "already dead" in host.refused("kill", "Ann")
    st = json.loads(host.ok("status", "--json"))
    ann = next(p for p in st["players"] if p["name"] == "Ann")
    assert not ann["alive"] and ann["cause"] == "modkill (modkill for inactivity)"
    assert "kill" in host.ok("undo")
    assert json.loads(host.ok("status", "--json"))["players"][0]["alive"]  # undo takes the kill back first


def test_a_kill_that_ends_the_game_says_the_winner(tmp_path):
    new_classic(tmp_path / "g", assign=["Ann=Werewolf", "Bob=Villager", "Cy=Seer"])
    host = Host(tmp_path / "g")
    out = host.ok("kill", "Ann", "--reason", "left the game")
    assert "The game is over: Village wins." in out
    assert "Village win" in host.ok("post", "end")


# ----------------------------------------------------------------------------- activity


def test_activity_counts_each_living_players_posts(tmp_path):
    host = _woods(tmp_path)
    out = host.ok("activity", "--html", MYBB)
    assert "No start post recorded" in out
    lines = [l.split() for l in out.splitlines() if "post(s)" in l]
    assert lines[0][0] == "Grandma" and "no posts today" in out  # the quietest first
    data = json.loads(host.ok("activity", "--html", MYBB, "--json"))
    by = {p["player"]: p for p in data["players"]}
    assert by["Old Man Willow"]["posts"] == 1 and by["Old Man Willow"]["last_post"] == 11
    assert by["Grandma"]["posts"] == 0
    host.ok("start-post", "12")
    by = {p["player"]: p for p in json.loads(host.ok("activity", "--html", MYBB, "--json"))["players"]}
    assert by["Old Man Willow"]["posts"] == 0 and by["Red Riding Hood"]["posts"] == 1


# ----------------------------------------------------------------------------- posts that paste clean


def test_resolve_says_killed_by_and_their_home(classic: Host):
    classic.ok("act", "Bob", "Kill", "Hal")
    out = classic.ok("resolve", "--force")
    assert "dies: Hal, killed by Werewolves, in their home" in out
    assert "Hal was found in their home" in classic.ok("post", "deaths")


def test_the_witchs_info_keeps_each_potion_on_its_own_line(classic: Host):
    classic.ok("act", "Bob", "Kill", "Hal")
    out = classic.ok("pm", "Carol", "--info")
    lines = out.splitlines()
    assert any(l.startswith("- [b]Antidote[/b]") for l in lines)
    assert any(l.startswith("- [b]Poison[/b]") for l in lines), out


def test_the_count_marker_can_be_turned_off(tmp_path):
    from hostkit.votes.extract import COUNT_MARKER

    host = _woods(tmp_path)
    assert COUNT_MARKER in host.ok("votes", "--html", MYBB)
    new_classic(tmp_path / "g", options=["count-marker=false"])
    h2 = Host(tmp_path / "g")
    h2.ok("act", "Bob", "Kill", "Fay")
    h2.ok("resolve", "--force")
    assert COUNT_MARKER not in h2.ok("votes")


def test_forum_engine_from_the_thread_url_picks_the_size_tag(tmp_path):
    for url, forum, size in (("https://forum.mafiascum.net/viewtopic.php?t=1", "phpbb", "[size=85]"),
                             ("https://example.com/forums/threads/game.123/", "xenforo", "[size=2]"),
                             ("https://example.com/showthread.php?t=5", "vbulletin", "[size=2]")):
        folder = tmp_path / forum
        new_classic(folder, thread=url)
        host = Host(folder)
        assert f"forum: {forum}" in host.ok("status")
    h = Host(tmp_path / "xenforo")
    h.ok("act", "Bob", "Kill", "Fay")
    h.ok("resolve", "--force")
    h.ok("start-post", "1")
    assert "[size=2]Counted up to post 13.[/size]" in h.ok("votes", "--html", MYBB)
    new_classic(tmp_path / "forced", thread="https://forum.mafiascum.net/viewtopic.php?t=1", options=["forum=xenforo"])
    assert "forum: xenforo" in Host(tmp_path / "forced").ok("status")


# ----------------------------------------------------------------------------- friction


def test_act_file_matches_the_longest_name_first_without_quotes(tmp_path):
    from hostkit.game.game import create

    create(tmp_path / "w", ruleset="classic-werewolf", seed=4,
           assign=["Old Man Willow=Werewolf", "Red Riding Hood=Seer", "Red=Villager", "Grandma=Guard",
                   "Wolf=Werewolf", "Hal=Witch"])
    host = Host(tmp_path / "w")
    (tmp_path / "n1.txt").write_text("Old Man Willow Kill Red Riding Hood   # the pack\n"
                                     "red riding hood Check Wolf\nGrandma Guard Red\n")
    out = host.ok("act", "--file", str(tmp_path / "n1.txt"))
    assert "Old Man Willow: Kill Red Riding Hood" in out
    assert "Red Riding Hood: Check Wolf" in out and "Grandma: Guard Red" in out
    (tmp_path / "n2.txt").write_text('"Old Man Willow" Kill Red\n')  # quotes still work
    assert "Old Man Willow: Kill Red" in host.ok("act", "--file", str(tmp_path / "n2.txt"))
    assert "longest known name" in host.ok("act", "--help")


def test_reentering_the_pack_kill_says_what_it_replaces(classic: Host):
    classic.ok("act", "Bob", "Kill", "Ann")
    out = classic.ok("act", "Gus", "Kill", "Hal")
    assert "recorded Gus: Kill Hal (replaces Bob's Kill on Ann)" in out
    assert "replaces" not in classic.ok("act", "Ann", "Check", "Bob")


@pytest.mark.parametrize("roles,want", [
    ("Seer,Werewolf,Villager*3", {"Seer": 1, "Werewolf": 1, "Villager": 3}),
    ("seer,werewolf*1,Vanilla*3", {"Seer": 1, "Werewolf": 1, "Villager": 3}),
    ("Seer,Werewolf,VT,Townie,vanilla townie", {"Seer": 1, "Werewolf": 1, "Villager": 3}),
], ids=["repeat", "vanilla-repeat", "aliases"])
def test_roles_take_a_repeat_count_and_the_vanilla_alias(tmp_path, runner, roles, want):
    from hostkit.cli import cli

    args = ["new", str(tmp_path / "g"), "--ruleset", "classic-werewolf", "--seed", "3", "--roles", roles]
    for p in ("Ann", "Bob", "Cy", "Di", "Ed"):
        args += ["--player", p]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    st = json.loads(runner.invoke(cli, ["--game", str(tmp_path / "g"), "status", "--json"]).output)
    got: dict[str, int] = {}
    for p in st["players"]:
        got[p["role"]] = got.get(p["role"], 0) + 1
    assert got == want


def test_a_bad_repeat_count_is_one_line(tmp_path, runner):
    from hostkit.cli import cli

    result = runner.invoke(cli, ["new", str(tmp_path / "g"), "--ruleset", "classic-werewolf", "--player", "A",
                                 "--roles", "Villager*x"])
    assert result.exit_code == 1 and "repeat count" in result.output and not (tmp_path / "g").exists()


def test_votes_shows_each_retry_and_its_wait_when_the_forum_is_down(tmp_path, httpserver, monkeypatch):
    from hostkit.votes import fetch

    waits: list[float] = []
    monkeypatch.setattr(fetch, "_sleep", waits.append)
    httpserver.expect_request("/viewtopic.php").respond_with_data("down", status=503)
    host = _woods(tmp_path, thread=httpserver.url_for("/viewtopic.php") + "?t=5")
    result = host("votes")
    assert waits[:2] == [1.0, 2.0]
    assert "HTTP 503; retry 1 of 4 in 1 s" in result.stderr
    assert "HTTP 503; retry 2 of 4 in 2 s" in result.stderr


def test_shell_completion_offers_player_and_ability_names(classic: Host, monkeypatch):
    from click.shell_completion import ShellComplete

    from hostkit.cli import cli

    def complete(*words: str, incomplete: str) -> list[str]:
        comp = ShellComplete(cli, {}, "hostkit", "_HOSTKIT_COMPLETE")
        return [c.value for c in comp.get_completions(["--game", str(classic.folder), *words], incomplete)]

    assert complete("act", incomplete="Ca") == ["Carol"]
    assert complete("act", "Carol", incomplete="A") == ["Ann", "Antidote"]
    assert complete("kill", incomplete="g") == ["Gus"]
    assert complete("post", "flip", incomplete="H") == ["Hal"]
    monkeypatch.chdir(classic.folder.parent)  # no game there: no suggestions, no error
    comp = ShellComplete(cli, {}, "hostkit", "_HOSTKIT_COMPLETE")
    assert comp.get_completions(["vote"], "A") == []


def test_lylo_and_mylo_follow_the_rulesets_parity_math(tmp_path):
    from hostkit.game.game import create

    create(tmp_path / "p", ruleset="ooo-werewolf", seed=1, options=["open-setup=true"],  # the count may say it
           assign=["A=Wolf", "B=Villager", "C=Villager", "D=Villager", "E=Villager", "F=Villager"])
    host = Host(tmp_path / "p")
    host.ok("act", "A", "Maul", "B")
    host.ok("resolve", "--force")
    out = host.ok("votes")  # 5 alive, one wolf: a mis-elimination and a night leave 3, then LYLO
    assert "MYLO" in out and "LYLO" not in out
    host.ok("eliminate", "C")
    host.ok("act", "A", "Maul", "D")
    host.ok("resolve", "--force")
    assert "[b]LYLO: one mis-elimination today and the game is lost.[/b]" in host.ok("votes")


def test_the_sheriffs_weight_shows_in_the_count_and_a_roles_weight_never(tmp_path):
    from hostkit.words.publish.posts import shown_weight

    new_classic(tmp_path / "g", weights=["Ann=2"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    game = host.game
    assert shown_weight(game, "Ann") is None  # a host's --weight is private unless public-weights
    new_classic(tmp_path / "h", weights=["Ann=2"], options=["public-weights=true"])
    assert shown_weight(Host(tmp_path / "h").game, "Ann") == 2.0
    host.ok("vote", "Ann", "Bob")
    assert "(x2)" not in host.ok("votes")
