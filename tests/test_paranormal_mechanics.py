"""Issue 12, the paranormal role mechanics that were wrong, rule by rule of
shared/seeds/paranormal.md: each case quotes the seed sentence it checks and is named after the
seed section; engine rules as a table, entry and day rules on a Game, what a host sees through
the CLI.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Host
from engine_helpers import ruleset, run
from hostkit.model.errors import RuleError
from hostkit.game.game import Game, create
from test_ruleset_paranormal import TECH, check  # aliens dealt tech as starting items (alien-tech.toml is gone)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("paranormal", TECH, tmp_path_factory.mktemp("tech"))


KEPT = {"abducted": {"by": "X", "kind": "Human", "except": ["Plasma Bomb", "Assassin Bot"]}}
KEPT_ALIEN = {"abducted": {"by": "X", "kind": "Alien", "except": ["Plasma Bomb", "Assassin Bot"]}}

# (id: seed section and rule, seed sentence, players, actions, state kw, expectations: see
# test_ruleset_paranormal.check; plus `happen` {(player, what)} and `no_notices` [player]).
CASES = [
    # ------------------------------------------------------------ Xenozoologist / Abduction
    ("xenozoologist-killed-releases-earlier-captives", "If he is killed, all abducted players are returned to the game.",
     "X=Xenozoologist T=Townie D=Doppelganger", "D Kill X", dict(tags={"T": KEPT}),
     dict(dead=["X"], untags={("T", "abducted")}, notices=[("T", "returned to play")], happen={("T", "released")})),
    ("xenozoologist-abducting-a-war-vet-dies-and-the-vet-returns",
     "The Paranoid War Vet ... will kill the player attempting the abduction. / If he is killed, all abducted players are returned",
     "X=Xenozoologist W=War_Vet T=Townie", "X Abduct W", {},
     dict(dead=["X"], no_tags={("W", "abducted")}, notices=[("W", "abducted"), ("W", "returned to play")],
          happen={("W", "captured"), ("W", "released")})),
    ("xenozoologist-shot-the-night-he-captures-releases-the-capture",
     "If he is killed, all abducted players are returned to the game.",
     "X=Xenozoologist T=Townie Vi=Vigilante", "X Abduct T; Vi Shoot X", {},
     dict(dead=["X"], no_tags={("T", "abducted")}, happen={("T", "released")})),
    ("abduction-captured-player-is-told", "Second, that player is removed from play for that night (and possibly the game).",
     "X=Xenozoologist T=Townie", "X Abduct T", {},
     dict(tags={("T", "abducted")}, notices=[("T", "abducted"), ("T", "kept for study")], happen={("T", "captured")})),
    ("abduction-returned-player-is-told", "If he already has one, they are returned to play the following morning.",
     "X=Xenozoologist T=Townie", "X Abduct T", dict(tags={"X": {"specimens": ["Human"]}}),
     dict(no_tags={("T", "abducted")}, notices=[("T", "abducted"), ("T", "returned to play this morning")],
          happen={("T", "abducted"), ("T", "returned")})),
    ("abduction-mind-stealer-victim-returns", "that player is removed from play for that night",
     "Ms=Harvester_(Mind_Stealer) T=Townie", "Ms Abduct T", {},
     dict(notices=[("T", "abducted"), ("T", "returned to play")])),
    ("abduction-kept-tech-hivemind-does-not-convert",
     "First, the abducted player is role-blocked for the night. Second, that player is removed from play",
     "X=Xenozoologist H=Hivemind_(Tech) T=Townie", "X Abduct H; H Dominate T", {},
     dict(failed={"H.Dominate": "blocked"}, no_changes={("T", "convert", "Townie")})),
    ("abduction-held-tech-hivemind-does-not-convert", "While removed, they cannot be the target of any other night action",
     "X=Xenozoologist H=Hivemind_(Tech) T=Townie", "H Dominate T", dict(tags={"H": KEPT_ALIEN}),
     dict(failed={"H.Dominate": "out of play"}, no_changes={("T", "convert", "Townie")})),
    ("plasma-bomb-works-while-abducted", "Can also be used while abducted.",
     "Op=Exterminator_Operative_with_tech X=Xenozoologist T=Townie", "Op Plasma_Bomb T", dict(tags={"Op": KEPT_ALIEN}),
     dict(dead=["T"], changes={("Op", "item-loss", "Plasma Bomb")})),
    ("plasma-bomb-works-the-night-of-the-abduction", "Can also be used while abducted.",
     "Op=Exterminator_Operative_with_tech X=Xenozoologist T=Townie", "X Abduct Op; Op Plasma_Bomb T", {},
     dict(dead=["T"], ok=["Op.Plasma_Bomb"])),
    ("abduction-organ-harvester-victim-not-flipped", "Abducted players are not role-flipped until their abductor leaves the game.",
     "Oh=Harvester_(Organ_Harvester) T=Townie", "Oh Abduct T", {},
     dict(dead=["T"], tags={("T", "flip-held")}, no_notices=["T"], happen={("T", "abducted")})),
    ("abduction-flip-due-when-the-abductor-dies-at-night", "Abducted players are not role-flipped until their abductor leaves the game.",
     "Oh=Harvester_(Organ_Harvester) A=Agent Vi=Vigilante", "Vi Shoot Oh", dict(dead=("A",), tags={"A": {"flip-held": {"by": "Oh"}}}),
     dict(dead=["Oh"], happen={("A", "flip due")})),
    ("organ-harvester-abductors-come-before-protectors", "Abductors / Protectors (Event Order)",
     "Oh=Harvester_(Organ_Harvester) G=Bodyguard_(Guardian) T=Townie", "Oh Abduct T; G Guard T", {},
     dict(dead=["T"], failed={"G.Guard": "abducted"})),
    # ------------------------------------------------------------ Advanced Doppelganger
    ("advanced-doppelganger-consumed-loses-built-mind-shield",
     "Any abilities possessed by the Consumed character are lost, including Mind Shield.",
     "A=Advanced_Doppelganger T=Agent", "A Consume T", dict(tags={"T": {"mind-shield": {"by": "Ms"}}}),
     dict(changes={("T", "convert", "Doppelganger")}, untags={("T", "mind-shield")},
          notices=[("T", "consumed"), ("A", "leave play")], happen={("T", "consumed"), ("A", "left play")})),
    ("advanced-doppelganger-consumed-loses-a-shield-built-tonight",
     "Any abilities possessed by the Consumed character are lost, including Mind Shield.",
     "A=Advanced_Doppelganger T=Agent Ms=Mad_Scientist_(Military_Scientist)", "Ms Build_Mind_Shield T; A Consume T", {},
     dict(changes={("T", "convert", "Doppelganger")}, no_tags={("T", "mind-shield")})),
    # ------------------------------------------------------------ Morningkill
    ("morningkill-kills-a-tough-doppelganger",
     "A morning kill happens between the night and day phase, and cannot be prevented by abilities that prevent night kills",
     "Ms=Mad_Scientist_(Military_Scientist) Td=Tough_Doppelganger", "Ms Assassin_Bot Td", {},
     dict(dead=["Td"], cause={"Td": "Assassin Bot"})),
    ("tough-doppelganger-still-immune-to-a-night-kill", "The Tough doppelganger is immune to a regular Night Kill.",
     "Vi=Vigilante Td=Tough_Doppelganger W=War_Vet", "Vi Shoot Td; Td Kill W", {}, dict(dead=["W"])),
    ("personal-shield-still-stops-a-morning-kill", "Personal Shield: ... Will also protect against Morningkills.",
     "Ms=Mad_Scientist_(Military_Scientist) S=Survivor_with_tech", "Ms Assassin_Bot S; S Personal_Shield", {}, dict(dead=[])),
    # ------------------------------------------------------------ Psychic Warden
    ("psychic-warden-stops-a-doppelganger-mad-scientists-group-kill",
     "Due to their mechanical nature, the Inventions cannot be stopped by a Psychic Warden",
     "Pw=Psychic_Warden Dm=Doppelganger_Mad_Scientist_(Military_Scientist) T=Townie", "Pw Bind Dm; Dm Kill T", {},
     dict(dead=[], failed={"Dm.Kill": "blocked"})),
    ("psychic-warden-cannot-stop-a-doppelganger-mad-scientists-invention",
     "Due to their mechanical nature, the Inventions cannot be stopped by a Psychic Warden",
     "Pw=Psychic_Warden Dm=Doppelganger_Mad_Scientist_(Military_Scientist) T=Townie", "Pw Bind Dm; Dm Assassin_Bot T", {},
     dict(dead=["T"], ok=["Dm.Assassin_Bot"])),
    ("psychic-warden-stops-alien-tech-of-an-invention-name", "Only the inventions cannot be stopped by a Psychic Warden",
     "Pw=Psychic_Warden Op=Exterminator_Operative_with_tech T=Townie", "Pw Bind Op; Op Assassin_Bot T", {},
     dict(dead=[], failed={"Op.Assassin_Bot": "blocked"})),
    # ------------------------------------------------------------ Body Double
    ("body-double-stops-a-capture", "(No longer prevents lynches, but stops all other forms of death/capture)",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) X=Xenozoologist", "X Abduct Ms; Ms Body_Double", {},
     dict(ok=["Ms.Body_Double"], no_tags={("Ms", "abducted"), ("X", "specimens")}, changes={("Ms", "charge", "body double")})),
    ("body-double-stops-an-organ-harvest", "(No longer prevents lynches, but stops all other forms of death/capture)",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Oh=Harvester_(Organ_Harvester)", "Ms Body_Double; Oh Abduct Ms", {},
     dict(dead=[])),
    ("body-double-is-shorted-out-by-an-emp", "All Tech devices are shorted out that night.",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Mm=Mad_Scientist_(Military_Scientist) D=Doppelganger",
     "Ms Body_Double; Mm EMP_Pulse_Bomb; D Kill Ms", {}, dict(dead=["Ms"], failed={"Ms.Body_Double": "blocked"})),
    # ------------------------------------------------------------ Sneak
    ("sneak-target-whose-action-failed-still-left", "they learn whether or not that player leaves their house at night",
     "Sn=Sneak Vi=Vigilante X=Xenozoologist T=Townie", "X Abduct T; Sn Sneak Vi; Vi Shoot T", {},
     dict(failed={"Vi.Shoot": "abducted"}, results={"Sn.Sneak": "left home"})),
    ("sneak-target-whose-kill-met-a-hidden-player-still-left", "they learn whether or not that player leaves their house at night",
     "Sn=Sneak Vi=Vigilante Sm=Sneak T=Townie", "Sm Sneak T; Sn Sneak Vi; Vi Shoot Sm", {},
     dict(failed={"Vi.Shoot": "hiding"}, results={"Sn.Sneak": "left home"})),
    ("sneak-role-blocked-target-stayed-home", "they learn whether or not that player leaves their house at night",
     "Sn=Sneak Vi=Vigilante Pw=Psychic_Warden T=Townie", "Pw Bind Vi; Sn Sneak Vi; Vi Shoot T", {},
     dict(results={"Sn.Sneak": "stayed home"})),
    # ------------------------------------------------------------ Hivemind
    ("hivemind-guardian-protects-the-target", "A Guardian will be able to protect the target and not get converted themselves.",
     "H=Hivemind_(Tech) G=Bodyguard_(Guardian) T=Townie", "H Dominate T; G Guard T", {},
     dict(failed={"H.Dominate": "guarded"}, no_changes={("T", "convert", "Townie"), ("G", "convert", "Bodyguard (Guardian)")})),
    ("hivemind-sacrificial-guard-is-converted-instead", "A sacrificial Guard will be converted instead of the intended target.",
     "H=Hivemind_(Tech) G=Bodyguard_(Heroic_Guard) T=Townie", "H Dominate T; G Guard T", {},
     dict(changes={("G", "convert", "Bodyguard (Heroic Guard)")}, no_changes={("T", "convert", "Townie")},
          notices=[("G", "dominated")])),
    ("hivemind-psychic-domination-is-not-guarded", "Psychic Hivemind: Mentally dominates a human using Psychic powers.",
     "H=Hivemind_(Psychic) G=Bodyguard_(Guardian) T=Townie", "H Dominate T; G Guard T", {},
     dict(changes={("T", "convert", "Townie"), ("T", "tag", "bound-to")})),
    ("hivemind-convert-is-told", "Converted players keep their current role, but switch teams and win condition.",
     "H=Hivemind_(Tech) T=Townie", "H Dominate T", {},
     dict(changes={("T", "convert", "Townie")}, notices=[("T", "play for the Hivemind")], happen={("T", "converted")})),
    ("hivemind-dies-converted-die-with-it", "If the Hivemind dies, all converted players die with them.",
     "H=Hivemind_(Tech) T=Townie Vi=Vigilante", "Vi Shoot H", dict(tags={"T": {"bound-to": {"by": "H"}}}),
     dict(dead=["H", "T"], cause={"T": "Hivemind"}, flavour={"T": ("hivemind", "T's home")})),
    ("hivemind-shot-while-converting-a-guarded-player", "A sacrificial Guard will be converted instead / If the Hivemind dies, all converted players die",
     "H=Hivemind_(Tech) G=Bodyguard_(Heroic_Guard) T=Townie Vi=Vigilante", "H Dominate T; G Guard T; Vi Shoot H", {},
     dict(dead=["G", "H"], no_changes={("T", "convert", "Townie")})),
    ("hivemind-shot-while-converting-a-guardian-guarded-player", "A Guardian will be able to protect the target",
     "H=Hivemind_(Tech) G=Bodyguard_(Guardian) T=Townie Vi=Vigilante", "H Dominate T; G Guard T; Vi Shoot H", {},
     dict(dead=["H"], failed={"H.Dominate": "guarded"})),
    # ------------------------------------------------------------ Mind Shield / Anti-Tech Field: who is told
    ("mind-shield-psychic-user-is-told", "Psychic characters will be aware of a Mind Shield blocking their abilities.",
     "Tp=Telepath Ex=Exterminator_(Mind_Shield)", "Tp Read Ex", {},
     dict(failed={"Tp.Read": "Mind Shield"}, notices=[("Tp", "blocked by a Mind Shield"), ("Ex", "Mind Shield held")])),
    ("anti-tech-field-tech-user-is-told", "Tech characters will be aware that their item was blocked.",
     "Ms=Mad_Scientist_(Intelligence_Scientist) Ex=Exterminator_(Anti-Tech_Field)", "Ms Snooper_Bot Ex", {},
     dict(notices=[("Ms", "blocked by an Anti-Tech Field"), ("Ex", "Anti-Tech Field held")])),
    ("mind-control-ray-controlled-player-is-told", "Its effect is fairly obvious, however.",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) D=Doppelganger A=Townie B=Townie", "Ms Mind_Control_Ray D B; D Kill A", {},
     dict(dead=["B"], tags={("D", "vote-controlled")}, notices=[("D", "mind was seized")], happen={("D", "mind-controlled")})),
    ("mind-control-ray-on-a-player-without-action-still-controls-the-vote", "The alien still controls the vote on the next day.",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) T=Townie B=Townie", "Ms Mind_Control_Ray T B", {},
     dict(tags={("T", "vote-controlled")})),
    # ------------------------------------------------------------ adversarial: two killers, one Guardian
    ("guardian-two-killers-one-target", "This powerful bodyguard will prevent one kill attempt on the target that night.",
     "D=Doppelganger Vi=Vigilante G=Bodyguard_(Guardian) T=Townie", "D Kill T; Vi Shoot T; G Guard T", {},
     dict(dead=["T"], saved={"T": ["Bodyguard (Guardian)"]})),
    # ------------------------------------------------------------ adversarial: a block on the Mind Controller
    ("mind-control-ray-is-an-invention-the-warden-cannot-stop", "the Inventions cannot be stopped by a Psychic Warden",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Pw=Psychic_Warden D=Doppelganger A=Townie B=Townie",
     "Pw Bind Ms; Ms Mind_Control_Ray D B; D Kill A", {}, dict(dead=["B"], ok=["Ms.Mind_Control_Ray"])),
    ("event-order-mind-control-comes-before-a-stun-orb", "Event Order: Mind Control / Pure Role-blockers",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Op=Exterminator_Operative_with_tech D=Doppelganger A=Townie B=Townie",
     "Op Stun_Orb Ms; Ms Mind_Control_Ray D B; D Kill A", {}, dict(dead=["B"], ok=["Ms.Mind_Control_Ray"])),
    ("mind-control-ray-on-a-blocked-player-does-nothing", "If the player does not have a night action ... then no action occurs.",
     "Ms=Mad_Scientist_(Cutting_Edge_Scientist) Pw=Psychic_Warden D=Doppelganger A=Townie B=Townie",
     "Pw Bind D; Ms Mind_Control_Ray D B; D Kill A", {}, dict(dead=[], failed={"D.Kill": "blocked"})),
]


@pytest.mark.parametrize("sentence, players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_night(rs, sentence, players, lines, kw, expect):
    o, _ = run(rs, players, lines, starting=True, **kw)
    check(o, expect)
    for player, by in expect.get("saved", {}).items():
        assert [list(s.by) for s in o.saved if s.player == player] == [by], o.saved
    for player in expect.get("no_notices", ()):
        assert not [n for n in o.notices if n.player == player], o.notices
    happened = {(h.player, h.what) for h in o.happenings}
    assert expect.get("happen", set()) <= happened, (happened, sentence)


# The Telepath's reading of a player with two actions: the strongest goal, whatever the entry order.
TWO = [("kill-and-protect", "Ms Assassin_Bot T; Ms Build_Mind_Shield T", "Kill"),
       ("protect-and-kill", "Ms Build_Mind_Shield T; Ms Assassin_Bot T", "Kill"),
       ("find-and-protect", "Mi Snooper_Bot T; Mi Build_Anti-Tech_Field T", "Protect"),
       ("protect-and-find", "Mi Build_Anti-Tech_Field T; Mi Snooper_Bot T", "Protect")]


@pytest.mark.parametrize("lines, goal", [t[1:] for t in TWO], ids=["telepath-two-actions-" + t[0] for t in TWO])
def test_telepath_reads_the_strongest_goal_whatever_the_entry_order(rs, lines, goal):
    """Seed Telepath: 'determine the goal that character had that night based on their Role and
    Actions taken' (decision telepath-goal: Kill before Protect before Find before Survive)."""
    actor = lines.split()[0]
    o, _ = run(rs, "Tp=Telepath Ms=Mad_Scientist_(Military_Scientist) Mi=Mad_Scientist_(Intelligence_Scientist) T=Townie",
               f"Tp Read {actor}; {lines}")
    assert {r.player: r.result for r in o.results}["Tp"] == goal


# ------------------------------------------------------------------ through the CLI


def _new(tmp_path, assign, seed=3):
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", str(seed)]
    for a in assign:
        args += ["--assign", a]
    host.ok(*args)
    return host


def _status(host):
    return {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}


def test_abduction_kept_captive_refused_at_entry_and_released_by_a_lynch(tmp_path):
    """Seed Abduction: 'While removed, they cannot be the target of any other night action';
    Xenozoologist: 'If he is killed, all abducted players are returned to the game.'"""
    host = _new(tmp_path, ["X=Xenozoologist", "Bob=Doppelganger", "Ann=Agent", "Cy=Townie", "Dee=Townie", "Eve=Townie"])
    host.ok("act", "X", "Abduct", "Ann")
    host.ok("act", "Bob", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "captured: Ann by X (kept as the Human specimen)" in out
    assert "You were abducted tonight" in host.ok("pm", "Ann", "--night", "1")
    assert "Ann returns to play: their abductor X left the game" in host.ok("eliminate", "X")  # lynched on day 1
    assert "abducted" not in _status(host)["Ann"]["tags"]
    host.ok("act", "Ann", "Investigate", "Bob")  # back in play: she may act again


def test_abduction_entry_refuses_actions_on_and_by_a_kept_player(tmp_path):
    """Seed Abduction: 'While removed, they cannot be the target of any other night action';
    SPEC: an illegal target is refused at entry, naming the rule, with nothing written."""
    host = _new(tmp_path, ["X=Xenozoologist", "Bob=Doppelganger", "Ann=Agent", "Cy=Townie", "Dee=Townie", "Eve=Townie"])
    host.ok("act", "X", "Abduct", "Ann")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    before = host.ok("actions")
    err = host.refused("act", "Bob", "Kill", "Ann")
    assert "Ann was abducted by X and is out of play" in err and "seed Abduction" in err
    assert "out of play" in host.refused("act", "Ann", "Investigate", "Bob")
    assert host.ok("actions") == before


def test_abduction_flip_withheld_until_the_abductor_leaves(tmp_path):
    """Seed Abduction: 'Abducted players are not role-flipped until their abductor leaves the game.'"""
    host = _new(tmp_path, ["Oh=Harvester (Organ Harvester)", "Bob=Doppelganger", "Ann=Agent", "Cy=Townie", "Dee=Townie",
                           "Eve=Townie", "Fay=Townie"])
    host.ok("act", "Oh", "Abduct", "Ann")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    post = host.ok("post", "deaths")
    assert "Ann" in post and "Agent" not in post
    assert "not role-flipped until their abductor leaves the game" in host.refused("post", "flip", "Ann")
    assert "no flip while Oh is in the game" in host.ok("status")
    assert "Ann may be flipped now" in host.ok("eliminate", "Oh")
    assert "Agent" in host.ok("post", "flip", "Ann")


def test_advanced_doppelganger_consumed_out_of_play_leaves_parity(tmp_path):
    """Seed Advanced Doppelganger: 'the player who was the doppelganger is now out of the game
    (although he still wins with the dopps)': counted, A would make 3 Dopps of 6 (parity);
    out of the game, 2 Dopps of 5 is no parity."""
    host = _new(tmp_path, ["A=Advanced Doppelganger", "Bob=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie", "Eve=Townie",
                           "Fay=Townie"])
    host.ok("act", "A", "Consume", "Ann")
    host.ok("act", "Bob", "Kill", "Eve")
    out = host.ok("resolve", "--force")
    assert "consumed: Ann by A" in out and "left play: A" in out
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] is None and st["phase"] == "day"  # in play: Ann, Bob (Dopps), Cy, Dee, Fay
    pms = host.ok("pm", "--night", "1")
    assert "consumed and replaced" in pms and "You consumed Ann" in pms
    host.ok("eliminate", "Cy")
    st = json.loads(host.ok("status", "--json"))
    assert st["winner"] == "Doppelgangers"


def test_hivemind_convert_status_pm_and_lynch(tmp_path):
    """Seed Hivemind: 'Converted players keep their current role, but switch teams and win
    condition. If the Hivemind dies, all converted players die with them.'"""
    host = _new(tmp_path, ["H=Hivemind (Psychic)", "Bob=Doppelganger", "Ann=Agent", "Cy=Townie", "Dee=Townie", "Eve=Townie",
                           "Fay=Townie"])
    host.ok("act", "H", "Dominate", "Ann")
    host.ok("act", "Bob", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "converted: Ann by H (joins the Hivemind)" in out
    ann = _status(host)["Ann"]
    assert ann["role"] == "Agent" and ann["alignment"] == "Hivemind" and ann["faction"] == "Hivemind"
    role_pm = host.ok("pm", "Ann")
    assert "Hivemind" in role_pm and "every opposing group is dead" in role_pm
    assert "dominated" in host.ok("pm", "Ann", "--night", "1")
    assert "Ann dies with them: bound to the Hivemind" in host.ok("eliminate", "H")
    st = _status(host)
    assert not st["Ann"]["alive"] and st["Ann"]["cause"] == "Hivemind"


def test_night_with_capture_conversion_and_consumption_has_pms_and_summary(tmp_path):
    """Issue 12 Output: a night with a capture, a conversion and a consumption must not print
    'No PMs'; resolve's summary lists them."""
    host = _new(tmp_path, ["X=Xenozoologist", "H=Hivemind (Tech)", "A=Advanced Doppelganger", "Bob=Doppelganger",
                           "Ann=Townie", "Cy=Townie", "Dee=Agent", "Eve=Townie", "Fay=Townie"])
    host.ok("act", "X", "Abduct", "Ann")
    host.ok("act", "H", "Dominate", "Cy")
    host.ok("act", "A", "Consume", "Dee")
    host.ok("act", "Bob", "Kill", "skip")
    data = json.loads(host.ok("resolve", "--force", "--json"))
    whats = {(h["player"], h["what"]) for h in data["happenings"]}
    assert {("Ann", "captured"), ("Cy", "converted"), ("Dee", "consumed"), ("A", "left play")} <= whats
    pms = host.ok("pm", "--night", "1")
    assert "No PMs" not in pms
    for who in ("Ann", "Cy", "Dee", "A"):
        assert f"PM to {who} =====" in pms


@pytest.mark.parametrize("typed, role", [("Heroic Guard", "Bodyguard (Heroic Guard)"), ("Observant Guard", "Bodyguard (Observant Guard)"),
                                         ("Vengeful Guard", "Bodyguard (Vengeful Guard)"), ("Guardian", "Bodyguard (Guardian)"),
                                         ("guardian", "Bodyguard (Guardian)"), ("Bodyguard (Guardian)", "Bodyguard (Guardian)"),
                                         ("Doppelganger Guardian", "Doppelganger Bodyguard (Guardian)")],
                         ids=lambda v: v.replace(" ", "-"))
def test_bodyguard_seed_names_are_role_names(tmp_path, typed, role):
    """Seed Bodyguard: '- Heroic Guard ... - Observant Guard ... - Vengeful Guard ... - Guardian'."""
    host = _new(tmp_path, [f"Ann={typed}", "Bob=Doppelganger", "Cy=Townie"])
    assert _status(host)["Ann"]["role"] == role


def test_mind_control_ray_controls_the_next_days_vote(tmp_path):
    """Seed Mad Scientist: 'The Ray also allows the Scientist to control that player's vote during
    the next day and may change it as often as he wishes. Its effect is fairly obvious, however.'"""
    host = _new(tmp_path, ["Ms=Mad Scientist (Cutting Edge Scientist)", "Bob=Doppelganger", "Dee=Townie", "Cy=Townie",
                           "Eve=Townie", "Fay=Townie"])
    host.ok("tech", "pick", "Ms", "Mind Control Ray")
    host.ok("act", "Ms", "Mind Control Ray", "Dee", "Cy")
    host.ok("act", "Bob", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "mind-controlled: Dee by Ms" in out
    assert "Your mind was seized tonight" in host.ok("pm", "Dee", "--night", "1")
    err = host.refused("vote", "Dee", "Bob")
    assert "Dee's vote is controlled today by Ms (Mind Control Ray)" in err and "--by Ms" in err
    assert "controlled today by Ms" in host.refused("vote", "Dee", "Bob", "--by", "Cy")
    assert "Cy's vote is not controlled today" in host.refused("vote", "Cy", "Bob", "--by", "Ms")
    host.ok("vote", "Dee", "Fay", "--by", "Ms")
    host.ok("vote", "Dee", "Bob", "--by", "Ms")  # the Scientist changes it as often as he wishes
    count = json.loads(host.ok("votes", "--hand-only", "--json"))
    assert {w["target"]: w["votes"] for w in count["wagons"]} == {"Bob": 1.0}
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("vote", "Dee", "Bob")  # day 2: the control has lapsed


def test_mind_controlled_players_posted_votes_are_not_counted():
    """Seed Mad Scientist Mind Control Ray: the controller's choice replaces the player's vote."""
    from hostkit.model.counts import Post, VoteSetupPlayer
    from hostkit.model.entries import VoteEntry
    from hostkit.votes.tally import tally

    players = [VoteSetupPlayer(n, (), True, 1.0, None, 0) for n in ("Ann", "Bob", "Dee", "Ms")]
    posts = [Post(1, "Dee", '<span style="color:red">vote Ann</span>')]
    manual = [VoteEntry("Dee", "Bob", after_post=None, seq=1)]
    count = tally(posts, players, day=1, manual=manual, majority="plurality", controlled={"Dee": "Ms"})
    assert {w.target: w.votes for w in count.wagons} == {"Bob": 1.0}
    assert any("controlled today by Ms" in i.reason for i in count.ignored)
    free = tally(posts, players, day=1, majority="plurality")
    assert {w.target: w.votes for w in free.wagons} == {"Ann": 1.0}


DAY_ROLE = '''
["Day Sniper"]
alignment = "Town"
race = "Human"
goal = "Kill"
summary = "A test role with a day ability."

[["Day Sniper".abilities]]
name = "Snipe"
phase = "day"
category = "kill"
effects = [{ effect = "kill", type = "night" }]
'''


def test_psychic_warden_binding_lasts_the_following_day(tmp_path):
    """Seed Psychic Warden: 'That character cannot take any role-related actions for that night
    and following day.'"""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(DAY_ROLE)
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "3"]
    for a in ["Pw=Psychic Warden", "Sn=Day Sniper", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie"]:
        args += ["--assign", a]
    host.ok(*args)
    host.ok("act", "Pw", "Bind", "Sn")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    err = host.refused("act", "Sn", "Snipe", "Bob")
    assert "stunned last night by Psychic Warden" in err and "following day" in err
    assert host.ok("actions").startswith("day 1: 0 action(s)")


def test_mind_controlled_investigator_pm_does_not_name_the_entered_target(tmp_path):
    """Seed Mind Control Ray: 'choose another player's target for the night': the Agent's result
    is about the player the Ray chose, so the PM must not pin it on the player the Agent named."""
    host = _new(tmp_path, ["Ms=Mad Scientist (Cutting Edge Scientist)", "Bob=Doppelganger", "Ann=Agent", "Cy=Townie",
                           "Dee=Townie", "Eve=Townie"])
    host.ok("tech", "pick", "Ms", "Mind Control Ray")
    host.ok("act", "Ms", "Mind Control Ray", "Ann", "Bob")
    host.ok("act", "Ann", "Investigate", "Cy")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Ann", "--night", "1")
    assert "Doppelganger" in pm and "on Cy" not in pm and "mind was seized" in pm


def test_tracking_devices_are_planted_by_day_not_visited_at_night(tmp_path):
    """Seed Advanced Tracking Devices: 'These devices are planted on players during the day. Once
    planted they show where the tracked individual is.' A War Vet does not shoot the planter."""
    host = _new(tmp_path, ["Ms=Mad Scientist (Intelligence Scientist)", "W=War Vet", "Bob=Doppelganger", "Ann=Agent",
                           "Cy=Townie", "Dee=Townie"])
    host.ok("tech", "pick", "Ms", "Advanced Tracking Devices")
    assert "usable only by day" in host.refused("act", "Ms", "Plant Tracker", "Ann")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("act", "--now", "Ms", "Plant Tracker", "W")
    st = _status(host)
    assert "tracked" in st["W"]["tags"] and st["Ms"]["alive"]
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Bob", "Kill", "skip")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert not out["deaths"]
    report = {r["ability"]: r["result"] for r in out["results"] if r["player"] == "Ms"}["Tracking Report"]
    assert report == ["W: stayed home"]
    host.ok("act", "--now", "Ms", "Plant Tracker", "Ann")  # day 2: the second device
    host.ok("eliminate", "--none", "--force")
    host.ok("act", "Ann", "Investigate", "Bob")
    host.ok("act", "Bob", "Kill", "Cy")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    report = {r["ability"]: r["result"] for r in out["results"] if r["player"] == "Ms"}["Tracking Report"]
    assert sorted(report) == ["Ann: Bob", "W: stayed home"]


def test_mind_control_vote_lapses_when_the_controller_is_dead(tmp_path):
    """Seed Mind Control Ray: 'allows the Scientist to control that player's vote during the next
    day': a Scientist killed that night controls no one; a dead voter is refused as dead first."""
    host = _new(tmp_path, ["Ms=Mad Scientist (Cutting Edge Scientist)", "Bob=Doppelganger", "Dee=Townie", "Cy=Townie",
                           "Eve=Townie", "Fay=Townie"])
    host.ok("tech", "pick", "Ms", "Mind Control Ray")
    host.ok("act", "Ms", "Mind Control Ray", "Dee", "Cy")
    host.ok("act", "Bob", "Kill", "Ms")
    host.ok("resolve", "--force")
    host.ok("vote", "Dee", "Bob")
    assert "Ms is dead: dead players cannot vote" in host.refused("vote", "Ms", "Bob")


def test_consumed_advanced_doppelganger_cannot_act_or_be_targeted(tmp_path):
    """Seed Advanced Doppelganger: 'the player who was the doppelganger is now out of the game'."""
    host = _new(tmp_path, ["A=Advanced Doppelganger", "Bob=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie",
                           "Eve=Townie", "Fay=Agent", "Gus=Townie"])
    host.ok("act", "A", "Consume", "Ann")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "abducted" in host.refused("vote", "A", "Cy")
    host.ok("eliminate", "--none", "--force")
    assert "A consumed a player and has left the game: no actions" in host.refused("act", "A", "Kill", "Cy")
    assert "A consumed a player and has left the game: they cannot be the target" in host.refused(
        "act", "Fay", "Investigate", "A")
