"""Issue 12, the Mind Stealer's Robot (seed paranormal, Harvester): 'If the MS chooses a Robot
instead of Tech slots they may give the Robot a Role each day from their stockpile. The Robot can
use that role in addition to any actions the MS takes'.

The Robot is its own visitor: a War Vet, a Reporter, a Sneak, a Plasma Bomb's chain, a Vengeful
Guard or a Hold-out Blaster meets the Robot ("Ms's Robot"), never the Mind Stealer. Engine rules
as a table on resolve_night; what the host sees (log, PMs, undo) through the CLI.
Decisions: games/paranormal/ruleset.toml [decisions] mind-stealer-robot.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from engine_helpers import ruleset, run
from hostkit.model.state import ROBOT_DESTROYED
from test_ruleset_paranormal import TECH, check

SEED = "seed Harvester: 'The Robot can use that role in addition to any actions the MS takes'"


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


def robot(role: str, **more) -> dict:
    """The Mind Stealer's tags: the Robot holds `role` tonight (night 1)."""
    return {"Ms": {"robot-role": {"role": role, "phases": [["day", 0], ["night", 1]]}, **more}}


MS = "Ms=Harvester_(Mind_Stealer)"
GONE = {("Ms", ROBOT_DESTROYED)}

# (id: seed section and rule, seed sentence, players, actions, state kw, expectations: see
# test_ruleset_paranormal.check; plus `happen` {(player, what)}, `log` [substrings],
# `no_tags` {(player, tag)}).
CASES = [
    ("Harvester-robot-visiting-a-war-vet-is-destroyed-the-ms-is-untouched",
     "War Vet: 'will kill anyone visiting them at night' / the Robot is the visitor, not the MS",
     f"{MS} W=War_Vet", "W Alert; Ms Robot_Investigate W", dict(tags=robot("Detective")),
     dict(dead=[], tags=GONE, results={"Ms.Robot_Investigate": "War Vet"}, happen={("Ms", "robot destroyed")},
          notices=[("Ms", "Your Robot was destroyed tonight at W's home")],
          log=["Ms's Robot visits W, who is on alert: W attacks Ms's Robot.", "Ms's Robot is destroyed by War Vet (W)"])),
    ("Harvester-robot-war-vet-standing-down-spares-the-robot", "Can choose to turn off this ability for a night",
     f"{MS} W=War_Vet", "W Stand_Down; Ms Robot_Investigate W", dict(tags=robot("Detective")),
     dict(dead=[], no_tags=GONE, results={"Ms.Robot_Investigate": "War Vet"})),
    ("Harvester-robot-is-seen-by-a-reporter-watching-its-target",
     "Reporter: 'watch to see if anyone visits them that night'",
     f"{MS} T=Townie Re=Reporter", "Ms Robot_Investigate T; Re Watch T", dict(tags=robot("Detective")),
     dict(results={"Re.Watch": ("Ms's Robot",)})),
    ("Harvester-robot-visits-are-not-the-ms-visits-to-a-follower",
     "Reporter: 'follow someone to see where they go'",
     f"{MS} T=Townie Re=Reporter", "Ms Robot_Investigate T; Re Follow Ms", dict(tags=robot("Detective")),
     dict(results={"Re.Follow": ()})),
    ("Harvester-robot-sneak-on-the-ms-stays-home-while-the-robot-goes-out",
     "Sneak: 'they learn whether or not that player leaves their house at night'",
     f"{MS} T=Townie Sn=Sneak", "Ms Robot_Investigate T; Sn Sneak Ms", dict(tags=robot("Detective")),
     dict(results={"Sn.Sneak": "stayed home"})),
    ("Harvester-robot-guard-saves-its-target", SEED,
     f"{MS} D=Doppelganger T=Townie", "D Kill T; Ms Robot_Guard T", dict(tags=robot("Bodyguard (Guardian)")),
     dict(dead=[], no_tags=GONE, log=["Ms's Robot protects T from"])),
    ("Harvester-robot-acts-when-the-ms-is-bound-by-a-psychic-warden",
     "'in addition to any actions the MS takes': a block on the MS is not a block on the Robot",
     f"{MS} Pw=Psychic_Warden D=Doppelganger T=Townie A=Agent", "Pw Bind Ms; Ms Abduct A; Ms Robot_Guard T; D Kill T",
     dict(tags=robot("Bodyguard (Guardian)")), dict(dead=[], failed={"Ms.Abduct": "blocked"}, ok=["Ms.Robot_Guard"])),
    ("Harvester-robot-acts-when-the-ms-is-abducted-tonight",
     "Abduction: 'the abducted player is role-blocked for the night' (the MS, not its Robot)",
     f"{MS} X=Xenozoologist D=Doppelganger T=Townie", "X Abduct Ms; Ms Robot_Guard T; D Kill T",
     dict(tags=robot("Bodyguard (Guardian)")), dict(dead=[], ok=["Ms.Robot_Guard"])),
    ("Harvester-robot-acts-when-the-ms-is-stun-orbed",
     "Stun Orb: 'Role-block another player' (the MS, not its Robot)",
     f"{MS} Op=Exterminator_Operative_with_tech D=Doppelganger T=Townie", "Op Stun_Orb Ms; Ms Robot_Guard T; D Kill T",
     dict(tags=robot("Bodyguard (Guardian)")), dict(dead=[], ok=["Ms.Robot_Guard"])),
    ("Harvester-robot-is-not-moved-by-a-mind-control-ray-on-the-ms",
     "Mind Control Ray: 'choose another player's target for the night' (the MS's, not its Robot's)",
     f"{MS} Sc=Mad_Scientist_(Cutting_Edge_Scientist) D=Doppelganger T=Townie A=Agent",
     "Sc Mind_Control_Ray Ms A; Ms Robot_Guard T; D Kill T", dict(tags=robot("Bodyguard (Guardian)")),
     dict(dead=[], ok=["Ms.Robot_Guard"], log=["Ms's Robot protects T from"])),
    ("Harvester-robot-acts-when-the-ms-is-killed-the-same-night", "All kills will be effectively simultaneous.",
     f"{MS} Vi=Vigilante D=Doppelganger T=Townie", "Vi Shoot Ms; Ms Robot_Guard T; D Kill T",
     dict(tags=robot("Bodyguard (Guardian)")), dict(dead=["Ms"], ok=["Ms.Robot_Guard"])),
    ("Harvester-robot-of-a-dead-ms-does-not-act", "the MS 'may give the Robot a Role': a dead MS gives none",
     f"{MS} D=Doppelganger T=Townie", "Ms Robot_Guard T; D Kill T", dict(tags=robot("Bodyguard (Guardian)"), dead=("Ms",)),
     dict(dead=["T"], failed={"Ms.Robot_Guard": "already dead"})),
    ("Harvester-robot-vengeful-guard-is-destroyed-and-kills-the-attacker",
     "Vengeful Guard: 'protects against the first night-kill against their target and kills the attacker'",
     f"{MS} D=Doppelganger T=Townie", "D Kill T; Ms Robot_Guard T", dict(tags=robot("Bodyguard (Vengeful Guard)")),
     dict(dead=["D"], tags=GONE, log=["Ms's Robot takes the attack in T's place.", "Ms's Robot strikes back at D."])),
    ("Harvester-robot-heroic-guard-is-destroyed-not-the-ms",
     "Heroic Guard: 'will sacrifice themself to prevent all night-kills targeting the other player'",
     f"{MS} D=Doppelganger T=Townie", "D Kill T; Ms Robot_Guard T", dict(tags=robot("Bodyguard (Heroic Guard)")),
     dict(dead=[], tags=GONE)),
    ("Harvester-robot-observant-guard-tells-the-target-the-robot-attacked",
     "Observant Guard: 'will determine the identity of the attacker and pass on this information to their guarded target'",
     f"{MS} Og=Bodyguard_(Observant_Guard) T=Townie", "Ms Robot_Shoot T; Og Guard T", dict(tags=robot("Vigilante")),
     dict(dead=["Og"], notices=[("T", "attacked tonight by Ms's Robot")])),
    ("Harvester-robot-in-a-plasma-bomb-chain-is-destroyed",
     "Plasma Bomb: 'will kill the target, and anyone interacting with the target'",
     f"{MS} Op=Exterminator_Operative_with_tech T=Townie", "Op Plasma_Bomb T; Ms Robot_Investigate T",
     dict(tags=robot("Detective")), dict(dead=["T"], tags=GONE)),
    ("Harvester-robot-shot-back-by-a-hold-out-blaster",
     "Hold-out Blaster: 'If he is night-killed, he gets a shot off on his attacker'",
     f"{MS} S=Survivor", "Ms Robot_Shoot S", dict(tags=robot("Vigilante"), items={"S": {"Hold-out Blaster": 1}}),
     dict(dead=["S"], tags=GONE, log=["S pulls out a Hold-out Blaster and shoots Ms's Robot"])),
    ("Harvester-robot-is-tech-an-anti-tech-field-stops-it",
     "Anti-Tech Field: 'completely immune to all Tech effects and abilities (Mad Scientist and Alien tech)'",
     f"{MS} E=Exterminator_(Anti-Tech_Field)", "Ms Robot_Investigate E", dict(tags=robot("Detective")),
     dict(failed={"Ms.Robot_Investigate": "Anti-Tech Field"})),
    ("Harvester-robot-is-tech-the-emp-pulse-bomb-shorts-it",
     "EMP Pulse Bomb: 'All Tech devices are shorted out that night.'",
     f"{MS} Mi=Mad_Scientist_(Military_Scientist) D=Doppelganger T=Townie", "Mi EMP_Pulse_Bomb; Ms Robot_Guard T; D Kill T",
     dict(tags=robot("Bodyguard (Guardian)")), dict(dead=["T"], failed={"Ms.Robot_Guard": "blocked"}, not_blocked=["Ms"],
                                                    notices=[("Ms", "Your Robot's Guard was stopped tonight.")])),
    ("Harvester-robot-war-vet-on-alert-at-the-ms-home-shoots-the-visitor",
     "War Vet: 'will kill anyone visiting them at night' (the Robot, at its Mind Stealer's home, is the shooter)",
     f"{MS} Vi=Vigilante", "Vi Shoot Ms", dict(tags=robot("War Vet")),
     dict(dead=["Ms", "Vi"], log=["Vi visits Ms, where Ms's Robot is on alert: Ms's Robot attacks Vi."])),
    ("Harvester-robot-war-vet-stands-down-on-its-own", "Can choose to turn off this ability for a night",
     f"{MS} Vi=Vigilante", "Vi Shoot Ms; Ms Robot_Stand_Down", dict(tags=robot("War Vet")),
     dict(dead=["Ms"], ok=["Ms.Robot_Stand_Down"])),
    ("Harvester-robot-bodyguard-guards-its-mind-stealer",
     "'the MS also begins with a Bodyguard Role of their choice': the Robot guards the MS (the MS is not the Robot)",
     f"{MS} Vi=Vigilante Re=Reporter", "Vi Shoot Ms; Ms Robot_Guard Ms; Re Watch Ms", dict(tags=robot("Bodyguard (Guardian)")),
     dict(dead=[], results={"Re.Watch": ("Ms's Robot", "Vi")}, log=["Ms's Robot protects Ms from"])),
    ("Harvester-robot-destroyed-gets-no-role", "the Robot is destroyed: the MS can no longer give it a role",
     f"{MS} D=Doppelganger T=Townie", "D Kill T",
     dict(tags=robot("Bodyguard (Guardian)", **{ROBOT_DESTROYED: {"night": 0}})), dict(dead=["T"])),
]


@pytest.mark.parametrize("sentence, players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_robot_night(rs, sentence, players, lines, kw, expect):
    o, _ = run(rs, players, lines, starting=True, **kw)
    check(o, expect)
    tags = {(c.player, c.key) for c in o.changes if c.kind == "tag"}
    assert not (expect.get("no_tags", set()) & tags), tags
    happened = {(h.player, h.what) for h in o.happenings}
    assert expect.get("happen", set()) <= happened, (happened, sentence)
    assert not {b.player for b in o.blocked} & set(expect.get("not_blocked", ())), o.blocked
    for line in expect.get("log", ()):
        assert any(line in x for x in o.log), (line, o.log)
    assert not any("Harvester (Mind Stealer) (Ms) protects" in x or "(Ms) investigates" in x for x in o.log), o.log
    assert all("Robot Robot" not in x and "Robot's Robot" not in x for x in o.log), o.log


def test_destroyed_robot_has_no_abilities(rs):
    """The Robot destroyed: the MS's role no longer carries the Robot's abilities."""
    from engine_helpers import state
    st = state(rs, f"{MS} T=Townie", tags=robot("Bodyguard (Guardian)"))
    assert "Robot Guard" in [a.name for a in st.role_of("Ms").abilities]
    st.players["Ms"].tags[ROBOT_DESTROYED] = {"night": 1}
    assert "Robot Guard" not in [a.name for a in st.role_of("Ms").abilities]


# ------------------------------------------------------------------ through the CLI

from conftest import snapshot  # noqa: E402
from test_paranormal_sides import new  # noqa: E402


def _robot_game(tmp_path):
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", "Ms=Harvester (Mind Stealer)", "Wv=War Vet", "Di=Townie",
               "Lo=Reporter", options=["max-day=5", "mind-stealer-goal=5"])
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)")
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve", "--force")
    return host


def test_cli_Harvester_robot_meets_the_war_vet_not_the_ms(tmp_path):
    """seed Harvester: 'The Robot can use that role in addition to any actions the MS takes'; War
    Vet: 'will kill anyone visiting them at night'. The Robot visits: the War Vet destroys it, a
    Reporter sees 'Ms's Robot', the MS lives and its own Abduct goes on; the Robot is then gone."""
    host = _robot_game(tmp_path)
    host.ok("stockpile", "robot", "Ms", "Detective")
    host.ok("eliminate", "--none")
    host.ok("act", "Ms", "Robot Investigate", "Wv")
    host.ok("act", "Ms", "Abduct", "Ann")
    host.ok("act", "Wv", "Alert")
    host.ok("act", "Lo", "Watch", "Wv")
    out = host.ok("resolve", "--force")
    assert "dies: Lo, killed by War Vet" in out and "dies: Ms" not in out
    assert "robot destroyed: Ms by Wv (Ms's Robot, by War Vet (Wv) at Wv's home)" in out
    assert "Ms's Robot visits Wv, who is on alert: Wv attacks Ms's Robot." in out  # the night's log
    st = host.game.state
    assert st.players["Ms"].alive and st.players["Ms"].tags["stockpile"] == ["Agent"]
    pm = host.ok("pm", "Ms", "--night", "2", "--format", "plain")
    assert "Robot Investigate on Wv: War Vet." in pm
    assert "Your Robot was destroyed tonight at Wv's home. It can no longer be given a role." in pm
    assert "Watch on Wv: Ms's Robot." in host.ok("pm", "Lo", "--night", "2", "--format", "plain")
    assert "Robot or tech: the Robot (destroyed)" in host.ok("stockpile", "show", "Ms")
    assert "Ms's Robot was destroyed on night 2" in host.refused("stockpile", "robot", "Ms", "Vigilante")


def test_cli_Harvester_robot_log_names_the_robot_and_undo_restores_the_folder(tmp_path):
    """seed Harvester: the Robot's action is the Robot's: the log reads "Ms's Robot protects Di",
    never the Mind Stealer; undo of each Robot command leaves the folder byte for byte as before."""
    host = _robot_game(tmp_path)
    assert "did you mean 'Bodyguard (Guardian)'" in host.refused("stockpile", "robot", "Ms", "Bodyguard (Gaurdian)")
    before = snapshot(host.folder)
    host.ok("stockpile", "robot", "Ms", "Bodyguard (Guardian)")
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("stockpile", "robot", "Ms", "Bodyguard (Guardian)")
    host.ok("eliminate", "--none")
    before = snapshot(host.folder)
    host.ok("act", "Ms", "Robot Guard", "Ann")
    host.ok("undo")
    assert snapshot(host.folder) == before
    host.ok("act", "Ms", "Robot Guard", "Ann")
    host.ok("act", "Bob", "Kill", "Ann")
    out = host.ok("resolve", "--force")
    assert "Ms's Robot protects Ann from" in out and "Harvester (Mind Stealer) (Ms) protects" not in out
    assert "saved: Ann" in out
    # A careless host gives a dead MS's Robot a role.
    host.ok("eliminate", "Ms")
    assert "dead" in host.refused("stockpile", "robot", "Ms", "Detective")


def test_robot_a_player_named_like_the_robot_stays_a_player(rs):
    """A hostile player named "Ms's Robot" is not the Robot: the War Vet's shot at the visiting
    Robot destroys the Robot (named "Ms's Robot (Robot)" tonight), and the player lives."""
    from engine_helpers import actions, state
    from hostkit.engine import resolve, rng_for
    st = state(rs, f"{MS} W=War_Vet N=Townie", tags=robot("Detective"))
    p = st.players.pop("N")
    p.name = "Ms's Robot"
    st.players[p.name] = p
    o, _ = resolve(st, actions("W Alert; Ms Robot_Investigate W"), rs, rng_for(1, "night", 1))
    assert [d.player for d in o.deaths] == [], o.log
    assert ("Ms", ROBOT_DESTROYED) in {(c.player, c.key) for c in o.changes if c.kind == "tag"}
    assert any("Ms's Robot (Robot) is destroyed by War Vet (W)" in x for x in o.log), o.log


def test_cli_Harvester_robot_careless_host_is_refused_and_nothing_written(tmp_path):
    """seed Harvester: 'they may give the Robot a Role each day from their stockpile': a Robot
    command by night, for a player who is not the MS, with a typo, for a role not in the
    stockpile, or for an MS kept out of play is refused with one line, and nothing is written
    (Host.refused compares the folder before and after)."""
    host = new(tmp_path, "X=Xenozoologist", "Bob=Doppelganger", "Ms=Harvester (Mind Stealer)", "Cy=Townie",
               "Di=Townie", "Ed=Townie", options=["max-day=5", "mind-stealer-goal=5"])
    host.ok("tech", "pick", "Ms", "none")
    host.ok("tech", "pick", "X", "Stun Bomb")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)")
    assert "has no ability 'Robot Guard'" in host.refused("act", "Ms", "Robot Guard", "Cy")  # no role given yet
    assert "given a role each day" in host.refused("stockpile", "robot", "Ms", "Detective")  # by night
    host.ok("act", "X", "Abduct", "Ms")  # the Xenozoologist keeps the Mind Stealer (its Alien specimen)
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    assert "not a Mind Stealer" in host.refused("stockpile", "robot", "Cy", "Detective")
    assert "kept out of play" in host.refused("stockpile", "robot", "Ms", "Detective")


def test_cli_Harvester_stunned_ms_gives_its_robot_no_role_the_following_day(tmp_path):
    """seed Psychic Warden: 'That character cannot take any role-related actions for that night
    and following day.' A Mind Stealer bound at night gives its Robot no role (and takes on none)
    the next day; the day after, it may again."""
    host = new(tmp_path, "Pw=Psychic Warden", "Bob=Doppelganger", "Ms=Harvester (Mind Stealer)", "Cy=Townie",
               "Di=Townie", "Ed=Townie", options=["max-day=5", "mind-stealer-goal=5"])
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)")
    host.ok("act", "Pw", "Bind", "Ms")
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    assert "stunned last night" in host.refused("stockpile", "robot", "Ms", "Detective")
    assert "stunned last night" in host.refused("take-role", "Ms", "Detective")
    host.ok("eliminate", "--none")
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve", "--force")
    assert "Ms's Robot is a Detective" in host.ok("stockpile", "robot", "Ms", "Detective")


CONSUME = "Advanced Doppelganger: 'the player who was the doppelganger is now out of the game (although he still wins with the dopps)'"


def test_cli_Harvester_ms_and_its_robot_cannot_consume_with_a_stockpiled_advanced_doppelganger(tmp_path):
    """seed Harvester: 'The Mind Stealer may choose to take on any Role in its stockpile'; seed
    Advanced Doppelganger: 'the player who was the doppelganger is now out of the game (although
    he still wins with the dopps), and the player targeted by the advanced dopp becomes a
    doppelganger'. Consume is written for a doppelganger: in a Mind Stealer's hands it handed the
    Doppelgangers a player and ended the game on the spot (decision mind-stealer-consume). Taken on
    or given to the Robot, it is refused at entry naming the decision, and nothing is written."""
    host = new(tmp_path, "Ms=Harvester (Mind Stealer)", "To=Townie", "Ad=Advanced Doppelganger", "Dp=Doppelganger",
               "Ti=Townie", "Tj=Townie", "Tk=Townie",
               options=["max-day=5", "mind-stealer-goal=5",
                        "mind-stealer-roles=Detective,Advanced Doppelganger,Bodyguard (Guardian)"])
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "take", "Ms", "Advanced Doppelganger")
    why = host.refused("act", "Ms", "Consume", "To")
    assert "cannot use Consume of the stockpiled Advanced Doppelganger" in why and "mind-stealer-consume" in why
    host.ok("act", "Dp", "Kill", "Ti")
    out = host.ok("resolve", "--force")
    assert "game is over" not in out and "consumed" not in out
    assert host.game.state.players["To"].role == "Townie" and host.game.state.winner is None
    out = host.ok("stockpile", "robot", "Ms", "Advanced Doppelganger")
    assert "no abilities" in out and "Robot Consume" not in out
    host.ok("eliminate", "--none")
    why = host.refused("act", "Ms", "Robot Consume", "To")
    assert "cannot use Robot Consume of the stockpiled Advanced Doppelganger" in why
    # The Advanced Doppelganger's own Consume is untouched.
    host.ok("act", "Ad", "Consume", "To")
