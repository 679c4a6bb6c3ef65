"""Issue 12, red-team pass red12b: defects found by playing paranormal through the CLI as a
careless host, a rules lawyer and a hostile player. Each test quotes the seed sentence it checks
(seed: paranormal.md); engine rules as tables on resolve_night, what the host sees via CliRunner.
"""

from __future__ import annotations

import pytest

from conftest import Host
from engine_helpers import ruleset, run
from hostkit.cli import cli
from test_ruleset_paranormal import TECH, check


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


MS = "Ms=Harvester_(Mind_Stealer)"
ABDUCTION = "Abduction: 'First, the abducted player is role-blocked for the night.'"

# (id: seed section and rule, seed sentence, players, actions, expectations: see
# test_ruleset_paranormal.check).
CASES = [
    ("Abduction-mind-stealer-abducting-a-vanilla-doppelganger-blocks-its-group-kill", ABDUCTION,
     f"{MS} D=Doppelganger T=Townie U=Townie", "D Kill T; Ms Abduct D",
     dict(dead=[], failed={"Ms.Abduct": "has no role to steal", "D.Kill": "blocked"},
          notices=[("Ms", "had no role to steal"), ("D", "You were abducted tonight")])),
    ("Abduction-mind-stealer-abducting-a-vanilla-doppelganger-hides-it-from-other-visitors",
     "Abduction: 'While removed, they cannot be the target of any other night action'",
     f"{MS} D=Doppelganger A=Agent T=Townie", "Ms Abduct D; A Investigate D",
     dict(failed={"A.Investigate": "abducted"})),
    ("Hold-out-Blaster-shot-at-a-tough-doppelganger-is-told-like-any-attack-it-survives",
     "Hold-out Blaster: 'If he is night-killed, he gets a shot off on his attacker' / Tough Doppelganger: "
     "'immune to a regular Night Kill'",
     "D=Tough_Doppelganger S=Survivor T=Townie", "D Kill S",
     dict(dead=["S"], notices=[("D", "You were attacked tonight, but you survived.")])),
    ("Abduction-mind-stealer-robbing-an-agent-blocks-it", ABDUCTION,
     f"{MS} A=Agent T=Townie", "A Investigate T; Ms Abduct A",
     dict(failed={"A.Investigate": "blocked"}, ok=["Ms.Abduct"])),
]


@pytest.mark.parametrize("sentence, players, lines, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_red12b_night(rs, sentence, players, lines, expect):
    o, _ = run(rs, players, lines, starting=True, items={"S": {"Hold-out Blaster": 1}} if "S=" in players else None)
    check(o, expect)
    for f in o.failed:
        assert any(f.reason in line for line in o.log), (sentence, o.log)


MAX_DAY = "General Rules: 'The Game will have a set Maximum game-day'"
POINTS = "Harvester: 'The Mind Stealer needs to steal X points worth of Roles to win.'"


@pytest.mark.parametrize("edit, key", [
    ("max-day = -3", "options.max-day: must be 0 or more"),
    ("max-day = 2.5", "options.max-day: option: max-day takes int values like 0, not 2.5"),
    ("max-day = true", "options.max-day: option: max-day takes int values like 0"),
    ("mind-stealer-goal = -2", "options.mind-stealer-goal: must be 0 or more"),
    ('mind-stealer-points = "Agent:x"', "options.mind-stealer-points: 'Agent:x' is not ROLE:N"),
    ('mind-stealer-points = "Agnt:2"', "options.mind-stealer-points: paranormal has no role 'Agnt'"),
    ("mind-stealer-points = 5", "options.mind-stealer-points: option: mind-stealer-points takes str values"),
], ids=["General-rules-max-day-negative", "General-rules-max-day-not-whole", "General-rules-max-day-a-bool",
        "Harvester-points-goal-negative", "Harvester-points-not-a-number", "Harvester-points-unknown-role",
        "Harvester-points-not-a-string"])
def test_cli_hand_edited_game_toml_options_are_refused_as_new_refuses_them(tmp_path, edit, key):
    # A value `new --option` refuses is refused the same way when typed into game.toml by hand:
    # one line naming the file and the key, exit 1, nothing written (MAX_DAY, POINTS).
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--assign", "Ms=Harvester (Mind Stealer)", "--assign", "Dp=Doppelganger",
                                 "--assign", "To=Townie", "--assign", "T2=Townie"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    path = folder / "game.toml"
    text = path.read_text()
    assert "max-day = 5\n" in text
    path.write_text(text.replace("max-day = 5\n", (edit if edit.startswith("max-day") else "max-day = 5\n" + edit) + "\n"))
    for command in (["status"], ["due"], ["act", "Dp", "Kill", "To"]):
        out = host.refused(*command)
        assert out.startswith("Error: ") and "game.toml: " + key in out, (command, out)


PICK = "Item list: 'All aliens get to pick from the following set of equipment to start the game with'"


@pytest.fixture
def tech_game(tmp_path):
    """Night 1 of a game whose aliens picked and set their tech, and whose Mind Stealer took on a role."""
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--option", "mind-stealer-goal=2", "--assign", "Ms=Harvester (Mind Stealer)",
                                 "--assign", "Su=Survivor", "--assign", "Op=Exterminator Operative",
                                 "--assign", "Ex=Exterminator (Mind Shield)", "--assign", "Dp=Doppelganger",
                                 "--assign", "To=Townie", "--assign", "T2=Townie"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    for line in (["tech", "pick", "Ms", "Stun Orb", "Personal Shield"], ["stockpile", "start", "Ms", "Detective", "Medium"],
                 ["tech", "pick", "Su", "Holoform Modulator"],
                 ["tech", "pick", "Op", "Advanced Holoform Modulator", "Stun Orb", "Scanner"],
                 ["tech", "pick", "Ex", "Replicator", "Combat Camouflage"], ["tech", "holoform", "Su", "Agent", "Human"],
                 ["tech", "hologram", "Op", "To"], ["tech", "camouflage", "Ex", "Vigilante"],
                 ["tech", "replicate", "Ex", "Stun Orb", "Scanner"], ["stockpile", "take", "Ms", "Detective"]):
        host.ok(*line)
    return host


@pytest.mark.parametrize("old, new, key", [
    ('"Personal Shield",\n        1,', '"Personal Shield",\n        "x",', "data.items[1]: Personal Shield's count is 1"),
    ('"Personal Shield",\n        1,', '"Personal Shield",\n        99,', "data.items[1]: Personal Shield's count is 1"),
    ('"Personal Shield",\n        1,', '"Personal Shield",\n        -1,', "data.items[1]: Personal Shield's count is 1"),
    ('"Personal Shield",\n        1,', '"Personal Shield",', "data.items[1]: expected [ITEM, COUNT]"),
    ('"Scanner",\n        1,\n    ],\n]\nfrom', '"Scanner",\n        0,\n    ],\n]\nfrom', "data.items[1]: Scanner's count is 1"),
    ('role = "Agent"', 'role = "Agnt"', "data.role: unknown role 'Agnt' (did you mean 'Agent'?)"),
    ('race = "Human"', 'race = "Martian"', "data.race: unknown race 'Martian'"),
    ("night = 1", 'night = "x"', "data.night: expected a night number"),
    ('source = "Vigilante"', 'source = "Ninja"', "data.source: Combat Camouflage masks kills as"),
    ('"night",\n        1,', '"night",\n        "one",', "data.phases[0]: expected"),
], ids=["Item-list-pick-count-not-a-number", "Item-list-pick-count-99", "Item-list-pick-count-negative",
        "Item-list-pick-count-missing", "Item-list-replicator-count-zero", "Holoform-Modulator-unknown-role",
        "Holoform-Modulator-unknown-race", "Advanced-Holoform-Modulator-hologram-night-not-a-number",
        "Combat-Camouflage-unknown-source", "Harvester-stockpile-take-phase-not-a-number"])
def test_cli_hand_edited_tech_events_are_refused_with_file_and_key(tech_game, old, new, key):
    # PICK, and each item's own choice: a hand edit the commands would never write is refused at
    # load, one line naming the file, the event and the key, exit 1, nothing written, no traceback.
    path = tech_game.folder / "phases" / "001-night-1.toml"
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    for command in (["status"], ["tech", "list"], ["act", "Dp", "Kill", "To"]):
        out = tech_game.refused(*command)
        assert "phases/001-night-1.toml: events[" in out and key in out, (command, out)


BLOOM = "Spore Spreader, Bloom: 'All players will be made aware of the plants the following morning.'"


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


NIGHTS = "General Rules: 'Nights will last for 24 hours or until I've heard from each player with a night role'"


def test_cli_a_skip_answers_every_ability_and_resolve_needs_no_force(tmp_path):
    # NIGHTS: the host hears 'no action' from a Cutting Edge Scientist. `act Cu skip` used to be
    # refused whole (its Body Double takes no target), while `resolve` said "enter each (or
    # 'skip')": the host had no way to answer but a guess at --force. Changed by issue decline:
    # the skip now answers the no-target abilities too (recorded declined), so no --force.
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--assign", "Cu=Mad Scientist (Cutting Edge Scientist)", "--assign", "Bo=Doppelganger",
                                 "--assign", "Jo=Townie", "--assign", "Ki=Townie", "--assign", "Lu=Townie"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    out = host.ok("act", "Cu", "skip")
    for name in ("Mind Control Ray", "Build Mind Shield", "Build Anti-Tech Field", "Body Double", "Psychic Pulser"):
        assert f"recorded Cu: {name} (skip)" in out, out
    host.ok("act", "Bo", "Kill", "Jo")
    assert "waiting on" not in host.ok("actions")
    assert "recorded Cu: Body Double (skip)" in host.ok("act", "Cu", "Body Double", "skip")
    assert "dies: Jo" in host.ok("resolve")


def test_cli_robot_role_line_reads_in_english(tmp_path):
    # Harvester: 'they may give the Robot a Role each day from their stockpile': the host is told
    # "Ms's Robot is an Agent", not "a Agent" (issue 12 Output: roles read in correct English).
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--option", "mind-stealer-goal=2", "--option",
                                 "mind-stealer-roles=Agent,Detective,Bodyguard (Guardian)",
                                 "--assign", "Ms=Harvester (Mind Stealer)", "--assign", "Bo=Doppelganger",
                                 "--assign", "Jo=Townie", "--assign", "Ki=Townie"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    host.ok("tech", "pick", "Ms", "none")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Ms", "Abduct", "Ki")
    host.ok("resolve")
    assert "Ms's Robot is an Agent for day 1 and night 2: Robot Investigate." in host.ok("stockpile", "robot", "Ms", "Agent")
    host.ok("undo")
    assert "Ms's Robot is a Detective for day 1" in host.ok("stockpile", "robot", "Ms", "Detective")


def _new(tmp_path, *assign, options=("max-day=5",)):
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal"]
    for o in options:
        args += ["--option", o]
    for a in assign:
        args += ["--assign", a]
    r = host.runner.invoke(cli, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return host


def test_cli_due_stops_asking_for_the_abomination_night_once_the_organ_harvester_is_dead(tmp_path):
    # Harvester: 'After some # of nights (based on player count) the Abomination is released' is
    # the host's number, asked for while it matters; the Abomination needs a living Organ Harvester
    # ('The OH must be alive at the end of the game'), so a dead one's question is not repeated.
    host = _new(tmp_path, "Li=Harvester (Organ Harvester)", "Bo=Doppelganger", "Vi=Vigilante", "Jo=Townie",
                "Ki=Townie", "Lu=Townie", "Mo=Townie", "Ne=Townie")
    assert "the Abomination never comes" in host.ok("due")
    host.ok("act", "Vi", "Shoot", "Li")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Li", "Abduct", "Ki")
    assert "dies: Li" in host.ok("resolve")
    assert "game is over" not in host.ok("status")
    assert "Abomination" not in host.ok("due")
    assert "Abomination" not in host.ok("status")


def test_cli_mind_stealer_win_reads_one_point(tmp_path):
    # POINTS: a goal of 1 met by one stolen role reads "worth 1 point", in status and post end.
    host = _new(tmp_path, "Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Ag=Agent", "Jo=Townie", "Ki=Townie",
                options=("max-day=1", "mind-stealer-goal=1", "mind-stealer-roles=Detective,Medium"))
    host.ok("tech", "pick", "Ms", "Stun Orb")
    host.ok("act", "Ms", "Abduct", "Ag")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("resolve", "--force")
    assert "won: stole roles worth 1 point (goal 1) by night 1" in host.ok("status")


ROBOT_DAY = "Harvester: 'If the MS chooses a Robot instead of Tech slots they may give the Robot a Role each day'"


@pytest.mark.parametrize("pick", ["none", "Stun Orb"], ids=["Harvester-robot-due-asks-each-day",
                                                             "Harvester-tech-slots-due-has-no-robot"])
def test_cli_due_asks_each_day_for_the_robots_role(tmp_path, pick):
    # ROBOT_DAY: the host must ask the Mind Stealer every day; `due` used to say nothing.
    host = _new(tmp_path, "Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Jo=Townie", "Ki=Townie", "Lu=Townie",
                options=("max-day=5", "mind-stealer-goal=3", "mind-stealer-roles=Detective,Medium"
                         + (",Bodyguard (Guardian)" if pick == "none" else "")))
    host.ok("tech", "pick", "Ms", pick)
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("act", "Ms", "Abduct", "Ki")
    host.ok("resolve")
    ask = "may give its Robot a role of its stockpile today"
    assert (ask in host.ok("due")) is (pick == "none")
    if pick == "none":
        host.ok("stockpile", "robot", "Ms", "Detective")
        assert ask not in host.ok("due")  # answered for today
        host.ok("eliminate", "--none")
        assert ask not in host.ok("due")  # by night it is too late to give one


XENO = "Xenozoologist: 'If he is killed, all abducted players are returned to the game.'"
HIVE = "Hivemind: 'If the Hivemind dies, all converted players die with them.'"


@pytest.mark.parametrize("assign, night, killed, line", [
    (("Xe=Xenozoologist", "Dp=Doppelganger"), [["tech", "pick", "Xe", "none"], ["act", "Xe", "Abduct", "Dp"]], "Xe",
     "Dp returns to play: their abductor Xe left the game (hostkit pm --day 1)"),
    (("Hv=Hivemind (Tech)", "Dp=Doppelganger", "Ag=Agent"),
     [["tech", "pick", "Hv", "none"], ["act", "Hv", "Dominate", "Ag"], ["act", "Ag", "skip"], ["act", "Dp", "Kill", "Jo"]],
     "Hv", "Ag dies with them: bound to the Hivemind"),
], ids=["Xenozoologist-modkilled-captives-return-and-the-host-is-told",
        "Hivemind-modkilled-converts-die-and-the-host-is-told"])
def test_cli_kill_tells_the_host_what_else_the_death_did(tmp_path, assign, night, killed, line):
    # XENO, HIVE: a host's kill (a modkill) of an abductor or a Hivemind says, as 'eliminate' does,
    # who returns to play (to be told) and who died with them; before, only the flip was printed.
    host = _new(tmp_path, *assign, "Jo=Townie", "Ki=Townie", "Lu=Townie", "Mo=Townie", "Ne=Townie")
    for command in night:
        host.ok(*command)
    host.ok("resolve", "--force")
    out = host.ok("kill", killed, "--reason", "modkill")
    assert line in out, out
    assert f"{killed} dies with them" not in out and f"{killed} returns" not in out, out


ADV_BOT = ("Advanced Assassin bot: 'it is triggered remotely and can be used even while abducted. Activation of "
           "this device must be done via PM to the mod.'")


def test_cli_a_kept_captive_may_use_the_advanced_assassin_bot(tmp_path):
    # ADV_BOT: a Xenozoologist's captive was refused ("no actions but remote tech") though the
    # Advanced Assassin bot is remote tech; its day kill now goes through.
    host = _new(tmp_path, "Ex=Exterminator (Mind Shield)", "Dp=Doppelganger", "Xe=Xenozoologist", "Jo=Townie",
                "Ki=Townie", "Lu=Townie")
    host.ok("tech", "pick", "Ex", "Advanced Assassin bot", "Stun Bomb")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("act", "Xe", "Abduct", "Ex")
    host.ok("act", "Dp", "Kill", "Jo")
    assert "captured: Ex by Xe" in host.ok("resolve", "--force")
    assert "out of play" in host.ok("status")
    host.ok("act", "Ex", "Advanced Assassin bot", "Dp")
    assert "dies: Dp, killed by Assassin Bot" in host.ok("eliminate", "--none")
    # what the abduction still stops: an ordinary action of the captive
    assert "no actions but remote tech" in host.refused("act", "Ex", "Kill", "Ki")
