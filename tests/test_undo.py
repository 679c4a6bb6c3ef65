"""Red team on the host's day and record handling (helper redday): undo after hand edits, the
elimination against a No Elimination wagon, and what 'hostkit due' tells the host. CliRunner in
temp folders; each test fails without its fix."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from conftest import Host, new_classic
from test_natural_dayactions import day1

CLASSIC8 = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
            "Gus=Werewolf", "Hal=Villager"]


def md5s(folder: Path) -> dict[str, str]:
    """The md5 of every file of the game folder, hidden ones included."""
    return {str(p.relative_to(folder)): hashlib.md5(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


# --------------------------------------------------------------------------- undo after a hand edit


@pytest.mark.parametrize("edit", [
    pytest.param(lambda t: t + "# Ann sent her PM late; allowed by the hosts\n", id="comment-after-the-last-action"),
    pytest.param(lambda t: t + "\n\n# two blank lines, then a note\n", id="blank-lines-and-a-note-at-the-end"),
    pytest.param(lambda t: "# night 1, hosted by Bea\n" + t, id="comment-at-the-top"),
])
def test_house_rule_undo_after_a_hand_edited_phase_file_restores_it_byte_for_byte(tmp_path, edit):
    """Before: a note the host added after the night's last action became the blank line before
    the next appended action, and 'undo' left that blank line behind: the file grew one line with
    every act-and-undo."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    phase = host.folder / "phases" / "001-night-1.toml"
    phase.write_text(edit(phase.read_text()))
    before = md5s(host.folder)
    for _ in range(3):
        host.ok("act", "Ann", "Check", "Gus")
        host.ok("undo")
        assert md5s(host.folder) == before, phase.read_text()
    host.ok("act", "--file", "-", input="Ann Check Gus\nDave Guard Hal\n")
    host.ok("undo")
    assert md5s(host.folder) == before, phase.read_text()


def test_house_rule_undo_entry_of_a_middle_action_in_a_hand_edited_file_keeps_the_rest(tmp_path):
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    phase = host.folder / "phases" / "001-night-1.toml"
    phase.write_text(phase.read_text() + "# note\n")
    before = phase.read_text()
    host.ok("act", "Ann", "Check", "Gus")
    host.ok("act", "Dave", "Guard", "Hal")
    check = next(e for e in json.loads(host.ok("log", "--json"))["entries"] if "Check" in e["what"])
    host.ok("undo", "--entry", check["id"])
    host.ok("undo")
    assert phase.read_text() == before


# --------------------------------------------------------------------------- eliminate against a No Elimination wagon

SIX = ["Ann=Cop", "Bob=Goon", "Cy=Doctor", "Dee=Villager", "Eve=Vigilante", "Fay=Villager"]


def natural_day1(tmp_path, *options: str) -> Host:
    from hostkit.game import create

    create(tmp_path / "g", ruleset="natural", seed=2, assign=SIX, options=list(options))
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("options, votes, eliminate, says", [
    pytest.param((), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "none"}, "Eve",
                 "Eve cannot be eliminated: No Elimination has reached its majority (4 votes) in the count (1.01); "
                 "option majority = half-plus-one", id="half-plus-one-No-Elimination-reached-its-majority"),
    pytest.param(("no-elimination-offset=-1",), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "Eve"}, "Eve",
                 "Eve cannot be eliminated: No Elimination has reached its majority (3 votes) in the count (1.01)",
                 id="no-elimination-offset-minus-1-reached"),
    pytest.param((), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "Eve"}, "Eve",
                 "Eve cannot be eliminated: no one has reached a majority (4 votes) in the count (1.01); "
                 "No Elimination leads with 3 votes", id="half-plus-one-No-Elimination-leads-short-of-it"),
    pytest.param(("majority=plurality",), {"Ann": "none", "Bob": "none", "Cy": "none", "Dee": "Eve", "Fay": "Eve"},
                 "Eve", "Eve cannot be eliminated: No Elimination has the most votes (3 votes) in the count (1.01); "
                 "option majority = plurality", id="plurality-No-Elimination-on-top"),
    pytest.param(("majority=plurality",), {"Ann": "none", "Bob": "none", "Dee": "Eve", "Fay": "Eve"}, "Ann",
                 "Ann cannot be eliminated: the count (1.01) is tied between No Elimination and Eve; option tie = none: "
                 "a tied count at the deadline eliminates no one", id="plurality-tie-with-No-Elimination"),
    pytest.param((), {"Ann": "Bob", "Cy": "Bob", "Dee": "Eve", "Fay": "Eve"}, "Bob",
                 "Bob cannot be eliminated: no one has reached a majority (4 votes) in the count (1.01); Bob and Eve "
                 "lead with 2 votes each", id="half-plus-one-a-tie-short-of-the-majority-is-no-majority"),
])
def test_eliminate_refusal_names_the_No_Elimination_wagon_and_the_rule(tmp_path, options, votes, eliminate, says):
    """Before: 'no one has reached a majority (4 votes) ...; none leads with 4 votes' when No
    Elimination had reached its majority; '(0 votes)' under plurality; a tie's rule was the
    option's question 'what a tied count at the deadline does'; a tie short of a majority was
    refused as a tie."""
    host = natural_day1(tmp_path, *options)
    for voter, target in votes.items():
        host.ok("vote", voter, target)
    out = host.refused("eliminate", eliminate)
    assert out.startswith(f"Error: {says}"), out
    assert out.rstrip().endswith("(--force overrules)")
    assert "none leads" not in out and "(0 votes)" not in out


# --------------------------------------------------------------------------- a thread count, then a replacement


def test_eliminate_after_a_replacement_reads_the_thread_count_by_the_slot(tmp_path):
    """Before: 'votes' counted Gus top, then 'replace Gus Zed' (a replacement mid-day), and
    'eliminate Zed' was refused: 'the count (1.01) eliminates Gus' (the saved count kept the old
    name), though Zed holds Gus's slot."""
    from click.testing import CliRunner

    from hostkit.cli import cli
    from hostkit.rulesets import games_dir

    assert CliRunner().invoke(cli, ["demo", str(tmp_path / "demo")]).exit_code == 0
    host = Host(tmp_path / "demo")
    host.ok("undo")  # the demo's elimination of Gus
    host.ok("votes", "--html", str(games_dir() / "classic-werewolf" / "demo" / "day1.html"))
    host.ok("replace", "Gus", "Zed")
    assert "Ann cannot be eliminated: the count (1.01) eliminates Zed" in host.refused("eliminate", "Ann")
    assert "Zed is eliminated" in host.ok("eliminate", "Zed")


# --------------------------------------------------------------------------- 'hostkit due' by day


def test_natural_II_due_names_what_the_day_waits_on_the_host_for(tmp_path):
    """Before: 'due' said 'Nothing is owed.' with an Immediate action waiting to resolve, an ITA
    window left open, or the day's deadline passed; and printed 'Nothing is owed.' above host
    notices. Seed natural II: an Immediate action 'resolves as soon as the hosts are able to'."""
    host = day1(tmp_path)
    assert host.ok("due").strip() == "Nothing is owed."
    host.ok("act", "Sn", "Snipe", "Ann")
    out = host.ok("due")
    assert "Nothing is owed" not in out
    assert "host: waiting to resolve: Sn's Snipe on Ann (Immediate, seed natural II" in out and "'hostkit resolve'" in out
    assert "waiting to resolve: Sn's Snipe on Ann" in " ".join(json.loads(host.ok("status", "--json"))["notices"])
    host.ok("resolve")
    assert "waiting to resolve" not in host.ok("due")
    host.ok("ita", "open")
    assert "host: ITA window 1 is open: 'hostkit ita close' closes it" in host.ok("due")
    host.ok("ita", "close")
    assert "ITA window" not in host.ok("due")
    host.ok("deadline", "+1d")
    assert "deadline" not in host.ok("due")  # not passed yet: nothing to do
    host.ok("deadline", "2020-01-01 00:00")
    out = host.ok("due")
    assert "host: day 1's deadline (2020-01-01 00:00 UTC) has passed: end the day ('hostkit eliminate" in out
    host.ok("eliminate", "Bea", "--force")
    out = host.ok("due")
    assert "deadline" not in out and "waiting to resolve" not in out


# --------------------------------------------------------------------------- a death that ends the game at night

SIX_CLASSIC = ["Ann=Villager", "Bob=Werewolf", "Carol=Guard", "Dave=Witch", "Eve=Seer", "Fay=Hunter"]


def test_house_rule_a_hosts_kill_that_ends_the_game_at_night_takes_the_nights_actions_back(tmp_path):
    """Before: 'kill Ann' (the last Villager: the werewolves win) with Bob's Kill on Fay recorded
    was refused as a malformed file, 'phases/001-night-1.toml: actions[0]: the game is over:
    Werewolves won': the host could not record the kill at all."""
    new_classic(tmp_path / "game", assign=SIX_CLASSIC, seed=7)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    before = md5s(host.folder)
    out = host.ok("kill", "Ann")
    assert "The game is over: Werewolves" in out
    assert json.loads(host.ok("status", "--json"))["winner"] == "Werewolves"
    assert "the removal of Bob's Kill, with the kill on Ann" in host.ok("undo")
    assert md5s(host.folder) == before


def test_classic_BanishmentResolution_a_hunters_shot_that_ends_the_game_after_the_nights_actions(tmp_path):
    """The banished Hunter shoots on the next night, after the Seer's Check is in: the shot kills
    the last werewolf. Before: refused as 'phases/003-night-2.toml: actions[1]: the game is over'."""
    new_classic(tmp_path / "game", assign=SIX_CLASSIC, seed=7)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Fay")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("act", "Eve", "Check", "Carol")
    before = md5s(host.folder)
    assert "The game is over: Village" in host.ok("shoot", "Fay", "Bob")
    assert "the removal of Eve's Check" in host.ok("undo")
    assert md5s(host.folder) == before
    # a shot that does not end the game leaves the others' actions alone
    host.ok("shoot", "Fay", "Carol")
    assert [a["actor"] for a in json.loads(host.ok("actions", "--json"))["actions"]] == ["Bob"]


# --------------------------------------------------------------------------- the count's choice dies by the day's actions


@pytest.mark.parametrize("shot", [
    pytest.param(("act", "Dv", "Day Shoot", "Go"), id="natural-II-a-Day-vig-shot-on-the-majority"),
    pytest.param(("act", "Ann", "ITA Shot", "Go"), id="natural-I-an-ITA-shot-waiting-in-the-window-on-the-majority"),
])
def test_natural_II_eliminate_none_when_the_counts_choice_dies_by_the_days_actions(tmp_path, shot):
    """Before, a dead end: 'eliminate Go' was refused ('Go is killed by the day's actions ...; end
    the day with hostkit eliminate --none') and 'eliminate --none' too ('the count (1.01)
    eliminates Go, not no one'): only --force got out."""
    host = day1(tmp_path)
    for voter in ("Ann", "Bea", "Cy", "Dee", "Eve", "Fay", "Ora"):
        host.ok("vote", voter, "Go")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "1")
    host.ok("ita", "open")
    before = md5s(host.folder)
    host.ok(*shot)
    assert "killed by the day's actions" in host.refused("eliminate", "Go")
    out = host.ok("eliminate", "--none")
    assert "dies: Go" in out and "No one is eliminated" in out
    host.ok("undo")
    host.ok("undo")
    assert md5s(host.folder) == before
    # without the shot, --none still contradicts the count
    assert "the count (1.01) eliminates Go, not no one" in host.refused("eliminate", "--none")


# --------------------------------------------------------------------------- last words are classic's


@pytest.mark.parametrize("ruleset, assign, owes", [
    pytest.param("natural", ["Ann=Villager", "Bob=Goon", "Cy=Villager", "Dee=Villager", "Eve=Villager"], [],
                 id="natural-no-last-words"),
    pytest.param("classic-werewolf", ["Ann=Villager", "Bob=Werewolf", "Cy=Villager", "Dee=Seer", "Eve=Villager"],
                 ["last words"], id="classic-DeathResolution-night-1-last-words"),
])
def test_last_words_are_owed_only_where_the_ruleset_has_them(tmp_path, ruleset, assign, owes):
    """Before: 'due' said 'Ann (Villager, mafia, night 1): last words' in natural (and ooo, items,
    paranormal), whose rules have no last words: classic's DeathResolution applied everywhere, and
    no command clears it."""
    from hostkit.game import create

    create(tmp_path / "g", ruleset=ruleset, seed=1, assign=assign)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    item = json.loads(host.ok("due", "--json"))["due"][0]
    assert item["player"] == "Ann" and item["owes"] == owes


def test_classic_DeathResolution_last_words_summary_says_night_1_only():
    """Before: 'night deaths have last words after Night 1 only', the opposite of the seed's
    'Last Words Night 1 Only: Night 2+ night deaths have no last words' (and of the code)."""
    from click.testing import CliRunner

    from hostkit.cli import cli

    out = CliRunner().invoke(cli, ["rulesets", "--json"]).output
    classic = next(r for r in json.loads(out)["rulesets"] if r["name"] == "classic-werewolf")
    summary = classic["options"]["last-words"]["summary"]
    assert "Night 1 only" in summary and "after Night 1" not in summary


# --------------------------------------------------------------------------- an ability that takes no target is used, not skipped


def test_log_undo_and_page_say_an_untargeted_ability_is_used_not_skipped(tmp_path):
    """Before: 'act Cy Brace' (a Heavy Shield's Brace, no target) printed 'recorded Cy: Brace',
    but 'log', 'undo' and the host's page called it 'Cy's Brace (skip)', the opposite; a
    Brace cannot even be skipped ('takes no target: to not use it, enter nothing')."""
    from hostkit.game import create

    create(tmp_path / "g", ruleset="items-werewolf", seed=3,
           assign=["Ann=Shaman", "Bob=Werewolf", "Cy=Huntsman", "Dee=Militia", "Eve=Villager", "Fay=Vampire"])
    host = Host(tmp_path / "g")
    host.ok("act", "Cy", "Brace")
    host.ok("act", "Dee", "skip")
    what = [e["what"] for e in json.loads(host.ok("log", "--json"))["entries"]]
    assert what == ["Cy's Brace", "Dee's Shoot (skip)"]
    assert "Cy: Brace (skip)" not in host.ok("page") and "Cy: Brace" in host.ok("page")
    assert host.ok("undo").strip() == "undone: Dee's Shoot (skip)"
    assert host.ok("undo").strip() == "undone: Cy's Brace"


def test_paranormal_due_names_a_waiting_day_tech_in_its_own_rules_words(tmp_path):
    """A paranormal Plant Tracker (Immediate by day) entered without --now: 'due' asks for the
    resolve, without citing another ruleset's seed (it said 'seed natural II' in paranormal)."""
    from hostkit.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=2, options=["max-day=5"],
           assign=["Ann=Mad Scientist (Intelligence Scientist)", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie",
                   "Eve=Detective", "Fay=War Vet"])
    host = Host(tmp_path / "g")
    host.ok("resolve", "--force")
    host.ok("act", "Ann", "Plant Tracker", "Bob")
    out = host.ok("due")
    assert "host: waiting to resolve: Ann's Plant Tracker on Bob (Immediate, it resolves when you say so): " \
           "'hostkit resolve'" in out and "natural" not in out
    host.ok("resolve")
    assert "waiting to resolve" not in host.ok("due")
