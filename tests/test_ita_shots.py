"""Red-team regressions for issue 13 (the day): what a careless host, a rules lawyer or a hostile
player typed through the CLI, or wrote by hand into a day's phase file, and hostkit got wrong.
Ids carry the seed section (natural-resolution.md II: innate actions, "you may use an
additional ...") or the house rule (bad input: one line naming the file and key, exit 1)."""

from __future__ import annotations

import pytest

from conftest import Host
from hostkit.game import create

PLAYERS = ["Ann=Cop", "Bob=Goon", "Cy=Doctor", "Dee=Villager", "Eve=Vigilante", "Fay=Villager"]


def natural_day1(tmp_path, options=("ita-shots=1",)) -> Host:
    folder = tmp_path / "g"
    create(folder, ruleset="natural", seed=3, assign=list(PLAYERS), options=list(options))
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("args, said", [
    (("--uses", "100000000000000000000"), "from -1000 to 1000"),   # no TOML integer holds it
    (("--uses", "0"), "not 0"),
    (("--uses", "-2"), "cannot take away 2"),
    (("--accuracy", "nan"), "between 0 and 1"),
    (("--accuracy", "1.01"), "between 0 and 1"),
], ids=["natural-II-innate-grant-uses-out-of-range", "natural-II-innate-grant-uses-zero",
        "natural-II-innate-grant-below-zero-uses", "natural-II-innate-grant-accuracy-nan",
        "natural-II-innate-grant-accuracy-above-1"])
def test_natural_II_grant_bad_numbers_refused_nothing_written(tmp_path, args, said):
    host = natural_day1(tmp_path)
    assert said in host.refused("grant", "Ann", "ITA Shot", *args)


@pytest.mark.parametrize("edit, said", [
    (('uses = 2', 'uses = "x"'), "events[0]: uses (--uses) must be a whole number, got 'x'"),
    (('uses = 2', 'uses = 2.5'), "events[0]: uses (--uses) must be a whole number, got 2.5"),
    (('uses = 2', 'uses = true'), "events[0]: uses (--uses) must be a whole number, got True"),
    (('uses = 2', 'uses = 0'), "events[0]: uses (--uses) must be a whole number from -1000 to 1000, not 0"),
    (('uses = 2', 'uses = -9'), "events[0]: Ann has 1 ITA Shot use(s) left: cannot take away 9"),
    (('accuracy = 0.4', 'accuracy = 7'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got 7"),
    (('accuracy = 0.4', 'accuracy = "a"'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got 'a'"),
    (('accuracy = 0.4', 'accuracy = nan'), "events[1]: accuracy (--accuracy) must be a number between 0 and 1, got nan"),
], ids=["house-rule-hand-edit-grant-uses-text", "house-rule-hand-edit-grant-uses-fraction",
        "house-rule-hand-edit-grant-uses-bool", "house-rule-hand-edit-grant-uses-zero",
        "house-rule-hand-edit-grant-uses-below-zero", "house-rule-hand-edit-grant-accuracy-7",
        "house-rule-hand-edit-grant-accuracy-text", "house-rule-hand-edit-grant-accuracy-nan"])
def test_natural_II_hand_edited_grant_is_reported_with_file_and_key(tmp_path, edit, said):
    """A grant's data edited by hand was read with int()/float(): a traceback, or a negative
    count of shots, or an accuracy of 7 taken silently. Now one line naming the file and key."""
    host = natural_day1(tmp_path)
    host.ok("grant", "Ann", "ITA Shot", "--uses", "2")
    host.ok("grant", "Ann", "ITA Shot", "--accuracy", "0.4")
    day_file = sorted((host.folder / "phases").glob("*day-1.toml"))[0]
    text = day_file.read_text()
    assert edit[0] in text
    day_file.write_text(text.replace(edit[0], edit[1]))
    result = host("status")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert f"{day_file}: {said}" in result.output


# --------------------------------------------------------------------------- classic-werewolf's day flow

CLASSIC12 = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
             "Gus=Werewolf", "Hal=Villager", "Ivy=Werewolf", "Jon=Villager", "Kim=Werewolf", "Leo=Villager"]


def classic_day1(tmp_path, night) -> Host:
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1, assign=list(CLASSIC12))
    host = Host(tmp_path / "g")
    for a in night:
        host.ok("act", *a)
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("how", [("eliminate", "Fay"), ("eliminate", "--none"), ("eliminate", "Fay", "--force")],
                         ids=["classic-DeathResolution-before-Voting-eliminate",
                              "classic-DeathResolution-before-Voting-eliminate-none",
                              "classic-DeathResolution-before-Voting-eliminate-force"])
def test_classic_DeathResolution_a_night_hunters_shot_before_the_elimination(tmp_path, how):
    """A careless host ended Day 1 while the night-killed Hunter's shot was owed: the day ended,
    and 'shoot' then said 'Eve owes no last shot now': the shot was lost for good. The day flow
    runs DeathResolution (Hunter shoot, badge) before Voting: the elimination waits for it."""
    host = classic_day1(tmp_path, [["Bob", "Kill", "Eve"]])
    for n in ("Ann", "Carol", "Dave"):
        host.ok("vote", n, "Fay")
    out = host.refused(*how)
    assert "Eve's last shot must be taken first (or 'skip'): DeathResolution comes before Voting" in out
    host.ok("shoot", "Eve", "Gus")
    assert "Fay is eliminated" in host.ok("eliminate", "Fay")


def test_classic_DeathResolution_a_night_sheriffs_badge_before_the_elimination(tmp_path):
    """The Sheriff killed at night owes the badge (it weighs 1.5 in the vote): the elimination
    waits for it, as Discussion does; 'badge ANN none' tears it up."""
    host = classic_day1(tmp_path, [])
    host.ok("sheriff", "run", "Ann")
    for n in [a.split("=")[0] for a in CLASSIC12]:
        host.ok("sheriff", "vote", n, "Ann")
    host.ok("sheriff", "elect")
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    assert "Ann's badge must be passed first (or 'none'): DeathResolution comes before Voting" in \
        host.refused("eliminate", "--none", "--force")
    host.ok("badge", "Ann", "none")
    assert "No one is eliminated" in host.ok("eliminate", "--none", "--force")


def test_natural_II_a_day_inspection_log_says_the_end_of_the_day(tmp_path):
    """The day's log, printed by eliminate, said an Oracle's Gaze by day was 'read at the end of
    the night': day actions resolve at the end of the day (seed natural II)."""
    from test_natural_dayactions import day1

    host = day1(tmp_path)
    host.ok("act", "Ora", "Gaze", "Go")
    out = host.ok("eliminate", "--none")
    assert "Oracle (Ora) uses Gaze on Go; the result is read at the end of the day." in out
    assert "end of the night" not in out


def test_classic_BanishmentResolution_the_banished_hunters_shot_before_the_night_resolves(tmp_path):
    """A careless host banished the Hunter, then ran the night: 'resolve --force' went through
    and 'shoot' then said 'Eve owes no last shot now'. BanishmentResolution (last words, Hunter
    shoot, badge) comes before the next night: resolve waits for the shot (or 'skip')."""
    host = classic_day1(tmp_path, [["Bob", "Kill", "Fay"]])
    for n in ("Ann", "Bob", "Carol", "Gus"):
        host.ok("vote", n, "Eve")
    host.ok("eliminate", "Eve")
    host.ok("act", "Bob", "Kill", "Ann")
    for how in (("resolve", "--force"),):
        assert "Eve's last shot must be taken first (or 'skip'): BanishmentResolution comes before the night's " \
               "resolution" in host.refused(*how)
    host.ok("resolve", "--dry-run")  # a preview records nothing: allowed
    host.ok("shoot", "Eve", "skip")
    assert "dies: Ann" in host.ok("resolve", "--force")


def test_classic_DeathResolution_a_modkilled_hunter_has_no_shot(tmp_path):
    """'hostkit kill Eve' (a modkill) left the Hunter owing a shot, and 'shoot Eve Bob' was taken:
    the Hunter shoots only 'when the werewolves kill you or the village banishes you' (Hunter
    Shoot Rules: WEREWOLF_KILL yes, POISON no). A host's kill leaves no shot, and does not hold
    the day up."""
    host = classic_day1(tmp_path, [["Bob", "Kill", "Fay"]])
    host.ok("kill", "Eve")
    assert "no shot: died of modkill" in host.ok("due")
    assert "Eve died of modkill: no last shot" in host.refused("shoot", "Eve", "Bob")
    assert "No one is eliminated" in host.ok("eliminate", "--none", "--force")


def test_natural_II_dry_run_by_day_after_everything_resolved_at_once(tmp_path):
    """'resolve --dry-run' by day, once the only action had resolved at once, said 'no day action
    is recorded' though one is: it says none is waiting."""
    host = natural_day1(tmp_path, options=("ita-shots=1", "ita-accuracy=0"))
    host.ok("ita", "open")
    host.ok("act", "--now", "Ann", "ITA Shot", "Bob")
    out = host.refused("resolve", "--dry-run")
    assert "no day action is waiting (none recorded, or each resolved at once already)" in out
