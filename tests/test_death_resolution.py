"""What a death owes, in the seed's order (classic-werewolf DeathResolution and
BanishmentResolution): last words, the Hunter's last shot, the Sheriff's badge, before the
elimination or the next night; and the no-shot wording in each ruleset's own words.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, new_classic
from game_helpers import SIX_CLASSIC, _status, folder_md5s
from hostkit.game.game import create


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
    before = folder_md5s(host.folder)
    assert "The game is over: Village" in host.ok("shoot", "Fay", "Bob")
    assert "the removal of Eve's Check" in host.ok("undo")
    assert folder_md5s(host.folder) == before
    # a shot that does not end the game leaves the others' actions alone
    host.ok("shoot", "Fay", "Carol")
    assert [a["actor"] for a in json.loads(host.ok("actions", "--json"))["actions"]] == ["Bob"]


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
    from hostkit.game.game import create

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


def _day2_with_shot_and_badge(tmp_path):
    """Classic: Ann (Hunter) elected Sheriff on day 1, killed on night 2; on day 2 she shoots Bob
    and passes the badge to Dave. Returns the host and day 2's file."""
    assign = ["Ann=Hunter", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Seer", "Fay=Villager",
              "Gus=Werewolf", "Hal=Villager", "Ivy=Villager", "Jon=Villager"]
    new_classic(tmp_path / "game", assign=assign)
    host = Host(tmp_path / "game")
    for line in (("act", "Bob", "Kill", "Fay"), ("act", "Carol", "skip"), ("act", "Dave", "Guard", "Hal"),
                 ("act", "Eve", "Check", "Gus"), ("resolve",)):
        host.ok(*line)
    host.ok("sheriff", "run", "Ann")
    for voter in ("Ann", "Bob", "Carol", "Dave", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"):
        host.ok("sheriff", "vote", voter, "Ann")
    host.ok("sheriff", "elect")
    host.ok("vote", "Eve", "Gus")
    host.ok("eliminate", "Gus")
    for line in (("act", "Bob", "Kill", "Ann"), ("act", "Carol", "skip"), ("act", "Dave", "Guard", "Eve"),
                 ("act", "Eve", "Check", "Bob"), ("resolve",)):
        host.ok(*line)
    host.ok("shoot", "Ann", "Hal")
    host.ok("badge", "Ann", "Dave")
    return host, host.folder / "phases/004-day-2.toml"


@pytest.mark.parametrize("old,new,words", [
    pytest.param('kind = "shot", actor = "Ann"', 'kind = "shot", actor = "Eve"', "the last shot of Eve, who is alive",
                 id="BanishmentResolution-a-shot-by-a-living-player"),
    pytest.param('kind = "badge", actor = "Ann"', 'kind = "badge", actor = "Fay"', "the badge of Fay",
                 id="DeathResolution-5-badge-by-one-who-never-held-it"),
    pytest.param('target = "Hal"', 'target = "Fay"', "Fay is dead: the shot must target a living player",
                 id="DeathResolution-4-hunter-target-must-be-living"),
    pytest.param('target = "Dave"', 'target = "Hal"', "Hal is dead: the badge goes to a living player",
                 id="DeathResolution-6-badge-heir-must-be-living"),
])
def test_classic_a_hand_edited_shot_or_badge_that_breaks_the_story_is_refused(tmp_path, old, new, words):
    """Seed classic-werewolf DeathResolution: 'shoot' and 'badge' check these at entry, but the
    replay took any recorded shot or badge: a shot by a living player killed its target, and a
    badge passed to the dead Hal made a dead Sheriff ('Sheriff: Hal')."""
    host, day2 = _day2_with_shot_and_badge(tmp_path)
    text = day2.read_text()
    assert old in text, text
    day2.write_text(text.replace(old, new, 1))
    out = host.refused("status")
    assert "004-day-2.toml: events[" in out and words in out, out


def test_classic_a_badge_recorded_before_the_shot_is_refused(tmp_path):
    """Seed BanishmentResolution 7 / DeathEvent processing order: last words -> Hunter shoot ->
    badge transfer. A hand edit that moves the badge before the shot was replayed as is."""
    host, day2 = _day2_with_shot_and_badge(tmp_path)
    text = day2.read_text()
    shot = next(line for line in text.splitlines() if 'kind = "shot"' in line)
    badge = next(line for line in text.splitlines() if 'kind = "badge"' in line)
    seq_shot = shot.split("seq = ")[1].split(",")[0]
    seq_badge = badge.split("seq = ")[1].split(",")[0]
    day2.write_text(text.replace(shot, shot.replace(f"seq = {seq_shot}", f"seq = {int(seq_badge) + 1}"))
                    .replace(badge, badge.replace(f"seq = {seq_badge}", f"seq = {seq_shot}")))
    out = host.refused("status")
    assert "Processing order" in out and "badge" in out, out


def test_undo_entry_of_the_hunters_death_is_refused_while_the_shot_stands(tmp_path):
    """'hostkit undo --entry' of the night kill that made Ann (the Hunter) owe her shot wrote a
    record where the living Ann had shot Hal and passed the badge; now it is refused, the folder
    unchanged, and the shot named."""
    host, _ = _day2_with_shot_and_badge(tmp_path)
    entry = next(line.split()[3] for line in host.ok("log").splitlines() if "Bob's Kill on Ann" in line)
    out = host.refused("undo", "--entry", entry)
    assert "the last shot of Ann, who is alive" in out, out


HUNTER = '''
[Hunter]
alignment = "Town"
passives = ["last-shot"]
summary = "When you die, you may shoot one living player."
'''


def test_no_shot_wording_natural_poisoned_hunter_names_no_classic_seed_rule(tmp_path):
    """rulings._owes used classic's 'Poisoned Hunter cannot shoot' for every ruleset: a natural
    game (a custom Hunter, natural's Poisoner) now hears its own rule and option."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(HUNTER)
    create(folder, ruleset="natural", seed=1, assign=["Hu=Hunter", "Po=Poisoner", "Go=Goon", "Ann=Villager",
                                                     "Bea=Villager", "Cy=Villager", "Dee=Villager"])
    host = Host(folder)
    host.ok("act", "Po", "Poison", "Hu")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("resolve", "--force")
    hu = next(p for p in json.loads(host.ok("status", "--json"))["players"] if p["name"] == "Hu")
    assert not hu["alive"]
    out = host.refused("shoot", "Hu", "Po")
    assert out.strip() == ("Error: Hu died of poison: no last shot (in natural, a Hunter killed by poison "
                           "has no last shot: option last-shot-not-by = poison)")
    assert "Poisoned Hunter" not in out and "seed" not in out


def test_no_shot_wording_classic_keeps_its_seed_rule(tmp_path):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Carol", "Poison", "Eve")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert host.refused("shoot", "Eve", "Bob").strip() == (
        "Error: Eve died of poison: no last shot (seed Poison Hunter Disables Shoot: a Poisoned Hunter cannot shoot)")


def test_no_shot_wording_ooo_modkilled_hunter(tmp_path):
    create(tmp_path / "g", ruleset="ooo-werewolf", seed=1,
           assign=["Hu=Hunter", "W=Wolf", "Ann=Villager", "Bea=Villager", "Cy=Seer"])
    host = Host(tmp_path / "g")
    host.ok("kill", "Hu", "--reason", "left")
    out = host.refused("shoot", "Hu", "W")
    assert "Hu died of modkill: no last shot (a host's kill is neither a night kill nor an elimination" in out
    assert "Poisoned" not in out


CLASSIC = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
           "Gus=Werewolf", "Hal=Villager", "Ivy=Werewolf", "Jon=Villager", "Kim=Werewolf", "Leo=Villager"]


@pytest.mark.parametrize("night_kill, banish, when", [
    # BanishmentResolution: 'phase: Phase.DAY ... day: int', 'If banished player is Hunter: Query for shoot target'
    ("Fay", "Eve", "day 1"),
    # DeathResolution (a night death's shot): 'phase: Phase.DAY, sub_phase: SubPhase.DEATH_RESOLUTION, day: int'
    ("Eve", None, "day 1"),
], ids=["classic-BanishmentResolution-banished-hunter-shot-on-the-banishment-day",
        "classic-DeathResolution-night-killed-hunter-shot-on-the-day-after"])
def test_classic_hunter_shot_is_dated_by_its_resolution(tmp_path, night_kill, banish, when):
    new_classic(tmp_path / "g", assign=CLASSIC)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", night_kill)
    host.ok("resolve", "--force")
    if banish:
        host.ok("vote", "Ann", banish)
        host.ok("eliminate", banish)
    host.ok("shoot", "Eve", "Dave")
    st = _status(host)
    assert st["Dave"]["died"] == when and st["Dave"]["cause"] == "Hunter"
    assert f"Dave   Guard [Village]  dead ({when}, Hunter)" in host.ok("status")
