"""The Mind Stealer's stockpile (seed paranormal.md, Harvester): the starting roles, a stockpiled
role taken on for a Day/Night phase instead of Abducting, and the Robot's role. The rules as
tables on the state (hostkit/stockpile.py, GameState.role_of), then what a host sees through the
CLI.

Each row names the seed section in its id and quotes the seed sentence it proves.
"""

from __future__ import annotations

import pytest

from hostkit.game.day import stockpile
from hostkit.model.errors import RuleError
from hostkit.model.state import GameState, PlayerState
from hostkit.rules.rulesets import load_ruleset

from test_paranormal_sides import new

RS = load_ruleset("paranormal")
MS = "Harvester (Mind Stealer)"

TAKE = "seed Harvester: 'The Mind Stealer may choose to take on any Role in its stockpile for the next Day/Night phase and use that role instead of Abducting.'"
ROBOT = ("seed Harvester: 'If the MS chooses a Robot instead of Tech slots they may give the Robot a Role each day "
         "from their stockpile. The Robot can use that role in addition to any actions the MS takes'")
START = "seed Harvester: 'The Mind Stealer begins the game with 2 Roles available (1 Investigative, 1 Random).'"
GUARD = "seed Harvester: 'the MS also begins with a Bodyguard Role of their choice in addition to the other two.'"


def state(tags: dict, phase=("night", 2)) -> GameState:
    ps = {"Ms": PlayerState(name="Ms", role=MS, alignment=RS.roles[MS].alignment),
          "Ann": PlayerState(name="Ann", role="Townie", alignment="Town")}
    ps["Ms"].tags.update(tags)
    return GameState(RS, ps, phase[0], phase[1])


# ----------------------------------------------------------------------------- the rules as tables


@pytest.mark.parametrize("tags, phase, abilities, quote", [
    ({}, ("night", 2), ["Abduct"], TAKE),
    ({"taken-on": {"role": "Detective", "phases": [["night", 2], ["day", 2]]}}, ("night", 2), ["Investigate"], TAKE),
    ({"taken-on": {"role": "Detective", "phases": [["night", 2], ["day", 2]]}}, ("day", 2), ["Investigate"], TAKE),
    ({"taken-on": {"role": "Detective", "phases": [["night", 2], ["day", 2]]}}, ("night", 3), ["Abduct"], TAKE),
    ({"robot-role": {"role": "Bodyguard (Guardian)", "phases": [["day", 1], ["night", 2]]}}, ("night", 2),
     ["Abduct", "Robot Guard"], ROBOT),
    ({"robot-role": {"role": "Bodyguard (Guardian)", "phases": [["day", 1], ["night", 2]]}}, ("night", 3),
     ["Abduct"], ROBOT),
    ({"taken-on": {"role": "Agent", "phases": [["night", 2], ["day", 2]]},
      "robot-role": {"role": "Detective", "phases": [["day", 1], ["night", 2]]}}, ("night", 2),
     ["Investigate", "Robot Investigate"], ROBOT),
], ids=["Harvester-mind-stealer-abducts-by-default", "Harvester-take-on-replaces-abduct-this-phase",
        "Harvester-take-on-lasts-the-next-phase", "Harvester-take-on-ends-after-the-day-night-pair",
        "Harvester-robot-role-adds-to-the-ms-actions", "Harvester-robot-role-ends-after-its-night",
        "Harvester-robot-and-taken-on-role-together"])
def test_role_of_mind_stealer(tags, phase, abilities, quote):
    assert [a.name for a in state(tags, phase).role_of("Ms").abilities] == abilities


@pytest.mark.parametrize("roles, robot, error", [
    (["Detective", "Vigilante"], False, None),
    (["Vigilante", "Agent"], False, None),
    (["Vigilante", "Townie"], False, "none of them is investigative"),
    (["Detective"], False, "begins with 2 roles"),
    (["Detective", "Vigilante", "Agent"], False, "begins with 2 roles"),
    (["Detective", "Vigilante", "Bodyguard (Guardian)"], True, None),
    (["Bodyguard (Heroic Guard)", "Agent", "Telepath"], True, None),
    (["Detective", "Vigilante"], True, "begins with 3 roles"),
    (["Detective", "Vigilante", "Townie"], True, "no Bodyguard role"),
    (["Detective", MS], False, "cannot be stockpiled"),
], ids=["Harvester-start-investigative-and-random", "Harvester-start-any-order",
        "Harvester-start-needs-an-investigative", "Harvester-start-two-roles-not-one",
        "Harvester-start-two-roles-not-three", "Harvester-start-robot-adds-a-bodyguard",
        "Harvester-start-robot-bodyguard-any-order", "Harvester-start-robot-needs-three",
        "Harvester-start-robot-needs-a-bodyguard", "Harvester-start-not-the-mind-stealer-itself"])
def test_starting_roles(roles, robot, error):
    """seed Harvester: 'The Mind Stealer begins the game with 2 Roles available (1 Investigative,
    1 Random).' and 'the MS also begins with a Bodyguard Role of their choice in addition to the
    other two.'"""
    st = state({})
    if error is None:
        stockpile.check_start(st, "Ms", roles, robot)
    else:
        with pytest.raises(RuleError, match=error):
            stockpile.check_start(st, "Ms", roles, robot)


@pytest.mark.parametrize("start, stolen, won", [
    (["Detective", "Vigilante"], [], False), (["Detective", "Vigilante"], ["Agent"], False),
    (["Detective", "Vigilante"], ["Agent", "Medium"], True)],
    ids=["Harvester-starting-roles-are-not-stolen", "Harvester-starting-roles-add-no-points",
         "Harvester-stolen-roles-reach-the-goal"])
def test_starting_roles_do_not_count_for_points(start, stolen, won):
    """seed Harvester: 'The Mind Stealer needs to steal X 'points' worth of Roles to win.': the
    starting roles are in the stockpile but were not stolen."""
    from hostkit.engine import sides

    st = state({"stockpile-start": start, "stockpile": stolen})
    st.options.update({"mind-stealer-goal": 2, "mind-stealer-points": ""})
    assert stockpile.stockpile(st, "Ms") == start + stolen
    sides.after_night(st, 2)
    assert bool(st.players["Ms"].tags.get("won")) is won


# ----------------------------------------------------------------------------- through the CLI


def game(tmp_path):
    return new(tmp_path, "Ann=Agent", "Bob=Doppelganger", f"Ms={MS}", "Cy=Townie", "Di=Townie",
               options=["max-day=5", "mind-stealer-goal=5"])


def test_cli_Harvester_starting_roles_are_asked_until_set(tmp_path):
    """seed Harvester: 'The Mind Stealer begins the game with 2 Roles available (1 Investigative,
    1 Random).' and 'If the MS chooses a Robot instead of Tech slots ... the MS also begins with a
    Bodyguard Role of their choice in addition to the other two.'"""
    host = game(tmp_path)
    assert "chooses a Robot or 2 Small Tech slots" in host.ok("due")
    assert "a Robot or 2 Small Tech slots" in host.refused("stockpile", "start", "Ms", "Detective", "Vigilante")
    host.ok("tech", "pick", "Ms", "none")
    assert "hostkit stockpile start Ms" in host.ok("status")
    assert "begins with 3 roles" in host.refused("stockpile", "start", "Ms", "Detective", "Vigilante")
    assert "no Bodyguard role" in host.refused("stockpile", "start", "Ms", "Detective", "Vigilante", "Townie")
    assert "unknown role" in host.refused("stockpile", "start", "Ms", "Detectiv", "Vigilante", "Townie")
    assert "not a Mind Stealer" in host.refused("stockpile", "start", "Ann", "Detective", "Vigilante")
    out = host.ok("stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)")
    assert "Ms begins with: Detective, Vigilante, Bodyguard (Guardian)." in out
    assert "stockpile start" not in host.ok("due")
    assert "already set" in host.refused("stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)")
    assert host.game.state.players["Ms"].tags["stockpile-start"] == ["Detective", "Vigilante", "Bodyguard (Guardian)"]


def test_cli_Harvester_starting_roles_after_night_1_are_refused(tmp_path):
    """seed Harvester: 'The Mind Stealer begins the game with 2 Roles available': set at the start."""
    host = game(tmp_path)
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("resolve", "--force")
    assert "at the start of the game" in host.refused("stockpile", "start", "Ms", "Detective", "Vigilante")


def test_cli_Harvester_taken_on_role_is_used_instead_of_abducting(tmp_path):
    """seed Harvester: 'The Mind Stealer may choose to take on any Role in its stockpile for the
    next Day/Night phase and use that role instead of Abducting.'"""
    host = game(tmp_path)
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante")
    assert "not in Ms's stockpile" in host.refused("stockpile", "take", "Ms", "Medium")
    host.ok("act", "Ms", "Abduct", "Cy")
    assert "remove it first" in host.refused("stockpile", "take", "Ms", "Detective")
    # misc3 (decision declined-then-take): a declined Abduct uses nothing, so it no longer stands
    # in the way (it was refused, "remove it first"): the take takes the skip back, and says so.
    host.ok("act", "Ms", "Abduct", "skip")
    out = host.ok("stockpile", "take", "Ms", "Detective")
    assert "Ms takes on Detective for night 1 and day 1, instead of Abducting." in out
    assert "Ms's declined Abduct is taken back: the taken-on role is used instead." in out
    assert not [a for a in host.game.current.actions if a.actor == "Ms"]
    assert "has no ability 'Abduct'" in host.refused("act", "Ms", "Abduct", "Cy")
    assert "already taken on Detective" in host.refused("stockpile", "take", "Ms", "Vigilante")
    host.ok("act", "Ms", "Investigate", "Bob")
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve", "--force")
    assert "Investigate on Bob: No Role." in host.ok("pm", "Ms", "--night", "1", "--format", "plain")
    assert host.game.state.players["Bob"].role == "Doppelganger"  # nothing stolen: no abduction
    host.ok("eliminate", "--none")
    host.ok("act", "Ms", "Abduct", "Ann")  # night 2: the Day/Night phase is over
    assert "has no ability 'Investigate'" in host.refused("act", "Ms", "Investigate", "Bob")
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    assert host.game.state.players["Ms"].tags["stockpile"] == ["Agent"]
    out = host.ok("stockpile", "take", "Ms", "Agent")  # a stolen role may be taken on too
    assert "Ms takes on Agent for day 2 and night 3" in out


def test_cli_Harvester_robot_uses_its_role_beside_the_ms_action(tmp_path):
    """seed Harvester: 'If the MS chooses a Robot instead of Tech slots they may give the Robot a
    Role each day from their stockpile. The Robot can use that role in addition to any actions the
    MS takes'"""
    host = game(tmp_path)
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)")
    assert "given a role each day" in host.refused("stockpile", "robot", "Ms", "Bodyguard (Guardian)")
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    out = host.ok("stockpile", "robot", "Ms", "Bodyguard (Guardian)")
    assert "Ms's Robot is a Bodyguard (Guardian) for day 1 and night 2: Robot Guard." in out
    assert "one role each day" in host.refused("stockpile", "robot", "Ms", "Detective")
    host.ok("eliminate", "--none")
    host.ok("act", "Ms", "Abduct", "Ann")
    host.ok("act", "Ms", "Robot Guard", "Di")
    host.ok("act", "Bob", "Kill", "Di")
    out = host.ok("resolve", "--force")
    assert "saved: Di" in out
    st = host.game.state
    assert st.players["Di"].alive
    assert st.players["Ms"].tags["stockpile"] == ["Agent"]  # the MS's own Abduct resolved too
    host.ok("eliminate", "--none")
    assert "has no ability 'Robot Guard'" in host.refused("act", "Ms", "Robot Guard", "Di")


def test_cli_Harvester_no_robot_when_tech_was_picked(tmp_path):
    """seed Harvester: 'If the MS chooses a Robot instead of Tech slots': with tech, no Robot."""
    host = game(tmp_path)
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante")
    host.ok("resolve", "--force")
    assert "has no Robot" in host.refused("stockpile", "robot", "Ms", "Detective")
    assert "Robot or tech: tech, no Robot" in host.ok("stockpile", "show", "Ms")
    assert "Ms: starting roles: Detective, Vigilante; stolen: none." in host.ok("stockpile", "show")
    assert "not a Mind Stealer" in host.refused("stockpile", "show", "Ann")


@pytest.mark.parametrize("roles, pick, says", [
    ("Detective,Vigilante", ["Scanner", "Stun Orb"], None),
    ("Vigilante,Townie", ["Scanner", "Stun Orb"], "none of them is investigative"),
    ("Detective,Vigilant", ["Scanner", "Stun Orb"], "unknown role 'Vigilant'"),
    ("Detective,Vigilante", ["none"], "begins with 3 roles"),
    ("Detective,Vigilante,Bodyguard (Guardian)", ["none"], None),
], ids=["Harvester-option-start-fits", "Harvester-option-start-needs-an-investigative",
        "Harvester-option-start-unknown-role", "Harvester-option-start-robot-needs-a-bodyguard",
        "Harvester-option-start-robot-with-bodyguard"])
def test_cli_Harvester_option_starting_roles_are_checked(tmp_path, roles, pick, says):
    """seed Harvester: 'The Mind Stealer begins the game with 2 Roles available (1 Investigative,
    1 Random).' and 'the MS also begins with a Bodyguard Role of their choice in addition to the
    other two.': the host's option mind-stealer-roles is held to it (status and due say so)."""
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", f"Ms={MS}", "Cy=Townie",
               options=["max-day=5", "mind-stealer-goal=5", f"mind-stealer-roles={roles}"])
    host.ok("tech", "pick", "Ms", *pick)
    due = host.ok("due")
    if says is None:
        assert "mind-stealer-roles" not in due
    else:
        assert "option mind-stealer-roles" in due and says in due
