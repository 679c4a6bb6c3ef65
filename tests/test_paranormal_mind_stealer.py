"""paranormal's Harvester (Mind Stealer): a stolen role and its tech, the Robot or tech slots, the
stockpile, the points it needs and the PMs that say so.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host, snapshot
from game_helpers import _camouflaged, _game, _new_game, _new_paranormal, _pms
from hostkit.cli import cli
from test_paranormal_tech import _new


# Rule decisions where the seed is silent (games/paranormal/ruleset.toml [decisions]), pinned on
# the engine: (id, seed sentences, players, items, actions, state kw, expectations).
DECIDED = [
    ("paranormal-Harvester-stolen-tech-camouflage-inert",
     "Mind Stealer: 'Takes the Role'; Combat Camouflage: 'allows the Exterminator to mask his kills' (decision stolen-tech)",
     "Ex=Survivor T=Townie", {"Ex": {"Combat Camouflage": 1, "Assassin bot": 1}}, "Ex Assassin_bot T",
     {"tags": {"Ex": {"camouflage": "Doppelgangers"}}},
     dict(deaths={"T": ("Assassin Bot", "T's home", "")}, no_tags={("T", "masked")})),
    ("paranormal-Harvester-stolen-tech-kept-and-usable",
     "Mind Stealer: 'Takes the Role'; Alien tech 'can be passed between players': an item is not the role (decision stolen-tech)",
     "Ex=Survivor T=Townie Op=Exterminator_Operative", {"Ex": {"Plasma Bomb": 1, "Combat Camouflage": 1}},
     "Ex Plasma_Bomb T", {}, dict(dead=["T"])),
    ("paranormal-Harvester-exterminator-camouflage-still-works",
     "Combat Camouflage: 'allows the Exterminator to mask his kills' (an Exterminator's own, unchanged)",
     "Ex=Exterminator_(Mind_Shield) T=Townie", {"Ex": {"Combat Camouflage": 1, "Assassin bot": 1}}, "Ex Assassin_bot T",
     {"tags": {"Ex": {"camouflage": "Doppelgangers"}}}, dict(deaths={"T": ("Doppelgangers", "T's home", "")})),
    ("paranormal-Mad-Scientist-body-double-beats-the-plasma-bomb",
     "Body Double: 'stops all other forms of death/capture'; Plasma Bomb: 'Cannot be protected against' (decision "
     "body-double-plasma-bomb: the double is not a protection, it dies in his place; the blast goes on)",
     "Cu=Mad_Scientist_(Cutting_Edge_Scientist) Op=Exterminator_Operative Ag=Agent D=Doppelganger",
     {"Op": {"Plasma Bomb": 1}}, "Cu Body_Double; Op Plasma_Bomb Cu; Ag Investigate Cu", {},
     dict(dead=["Ag"], log=["Cu's Body Double (death and capture) takes the blast in their place."])),
]


@pytest.mark.parametrize("players, bags, lines, kw, expect", [c[2:] for c in DECIDED], ids=[c[0] for c in DECIDED])
def test_paranormal_decisions(players, bags, lines, kw, expect):
    from engine_helpers import check, night, ruleset, state

    st = state(ruleset("paranormal"), players, items=bags, **kw)
    o, n = night(st, lines)
    check(o, n, expect)


def test_stockpile_take_after_a_declined_abduct_takes_the_skip_back_and_undo_restores_it(tmp_path):
    """paranormal Harvester ('use that role instead of Abducting'), decision declined-then-take:
    a declined Abduct uses nothing, so the take is allowed and takes the skip back in the same
    commit; one undo restores both. A real Abduct still has to be removed first."""
    from test_paranormal_stockpile import game

    host = game(tmp_path)
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("stockpile", "start", "Ms", "Detective", "Vigilante")
    host.ok("act", "Ms", "Abduct", "Cy")
    assert "remove it first" in host.refused("stockpile", "take", "Ms", "Detective")
    host.ok("act", "Ms", "Abduct", "skip")
    before = snapshot(host.folder)
    out = host.ok("stockpile", "take", "Ms", "Detective")
    assert "Ms's declined Abduct is taken back" in out
    assert "Ms: Abduct" not in host.ok("actions")
    assert host.ok("undo").startswith("undone: the removal of Ms's Abduct, with the stockpile-take of Ms")
    assert snapshot(host.folder) == before


def test_cli_robbed_exterminator_status_says_its_camouflage_does_nothing(tmp_path):
    """Seed paranormal Harvester (Mind Stealer): 'Takes the Role from the Abducted player ... (Aliens
    will all become survivors)'; Combat Camouflage 'allows the Exterminator to mask his kills'
    (decision stolen-tech: it does nothing in a Survivor's hands). Before, status still said
    'Combat Camouflage: kills read as Vigilante'."""
    host = _camouflaged(tmp_path, "Ms=Harvester (Mind Stealer)")
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "start", "Ms", "Agent", "Heroic Guard", "Townie")
    assert "Combat Camouflage: kills read as Vigilante" in host.ok("status")  # an Exterminator's works
    host.ok("act", "Ex", "Kill", "Fay")
    host.ok("act", "Ms", "Abduct", "Ex")
    host.ok("act", "D", "Kill", "Bo")
    host.ok("resolve", "--force")
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Ex "))
    assert "Survivor" in line and "kills read as" not in line
    assert "Combat Camouflage does nothing (only for Exterminators): their kills are not masked" in line
    import json

    ex = next(p for p in json.loads(host.ok("status", "--json"))["players"] if p["name"] == "Ex")
    assert not any("kills read as" in s for s in ex["standing"])


def _stealer_game(tmp_path) -> Host:
    return _new_game(tmp_path, "paranormal", "Ex=Exterminator (Mind Shield)", "Ms=Harvester (Mind Stealer)", "Fay=Townie",
                "D=Doppelganger", options=("max-day=5",))


@pytest.mark.parametrize("word", ["Robot", "none"], ids=["paranormal-Harvester-Mind-Stealer-tech-pick-Robot",
                                                        "paranormal-Harvester-Mind-Stealer-tech-pick-none-is-the-Robot"])
def test_cli_mind_stealer_robot_choice_is_said_plainly(tmp_path, word):
    """Seed Harvester (Mind Stealer): 'Tech: ... MS - 1 Robot or 2 Small Tech slots'; 'If the MS
    chooses a Robot instead of Tech slots ... the MS also begins with a Bodyguard Role'. 'none'
    records the Robot (decision mind-stealer-stockpile); the answer says so, where before it said
    'Ms leaves their open tech slots empty.'"""
    host = _stealer_game(tmp_path)
    due = host.ok("due")
    assert "'hostkit tech pick Ms Robot' for the Robot" in due and "'hostkit tech pick Ms none'" not in due
    out = host.ok("tech", "pick", "Ms", word)
    assert out.startswith("Ms takes the Robot instead of tech slots") and "empty" not in out
    assert "a Bodyguard role (the Robot)" in host.ok("due")


def test_cli_robot_is_refused_for_any_other_alien(tmp_path):
    """Seed Harvester: the Robot is the Mind Stealer's alone; another alien's 'none' still leaves
    its slots empty, and says so."""
    host = _stealer_game(tmp_path)
    assert "only a Mind Stealer takes '1 Robot'" in host.refused("tech", "pick", "Ex", "Robot")
    assert host.ok("tech", "pick", "Ex", "none").strip() == "Ex leaves their open tech slots empty."


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


def test_cli_mind_stealer_win_reads_one_point(tmp_path):
    # POINTS: a goal of 1 met by one stolen role reads "worth 1 point", in status and post end.
    host = _new_paranormal(tmp_path, "Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Ag=Agent", "Jo=Townie", "Ki=Townie",
                options=("max-day=1", "mind-stealer-goal=1", "mind-stealer-roles=Detective,Medium"))
    host.ok("tech", "pick", "Ms", "Stun Orb")
    host.ok("act", "Ms", "Abduct", "Ag")
    host.ok("act", "Bo", "Kill", "Jo")
    host.ok("resolve", "--force")
    assert "won: stole roles worth 1 point (goal 1) by night 1" in host.ok("status")


@pytest.mark.parametrize("pick", ["none", "Stun Orb"], ids=["Harvester-robot-due-asks-each-day",
                                                             "Harvester-tech-slots-due-has-no-robot"])
def test_cli_due_asks_each_day_for_the_robots_role(tmp_path, pick):
    # ROBOT_DAY: the host must ask the Mind Stealer every day; `due` used to say nothing.
    host = _new_paranormal(tmp_path, "Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Jo=Townie", "Ki=Townie", "Lu=Townie",
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


@pytest.mark.parametrize("stealer", [True, False], ids=["with-a-Mind-Stealer", "with-none"])
def test_stockpile_show_json_is_one_object(tmp_path, stealer):
    """SPEC JSON: 'Every --json prints one JSON object on stdout and nothing else there.'
    'hostkit stockpile show --json' printed a JSON list."""
    import json

    assign = ["Ms=Harvester (Mind Stealer)"] if stealer else ["Ag=Agent"]
    host = _game(tmp_path, *assign, "Dp=Doppelganger", "To=Townie", "T2=Townie",
                 options=("max-day=6", "mind-stealer-roles=Detective,Medium"))
    data = json.loads(host.ok("stockpile", "show", "--json"))
    assert isinstance(data, dict)
    assert [d["player"] for d in data["stockpiles"]] == (["Ms"] if stealer else [])
    if stealer:
        assert data["stockpiles"][0]["start"] == ["Detective", "Medium"]


def test_mind_stealer_is_told_it_reached_its_goal(tmp_path):
    """Seed paranormal Harvester: 'The Mind Stealer wins if it has stolen enough points worth of
    Roles.' The night it reached the goal its PM said only what it stole; it was never told it
    had won (status said 'won: ...' to the host only)."""
    host = _game(tmp_path, "Ms=Harvester (Mind Stealer)", "Dp=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie",
                 options=("max-day=6", "mind-stealer-roles=Detective,Medium", "mind-stealer-goal=1"))
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("act", "Ms", "Abduct", "Ag")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Ms", 1)
    assert "You stole Ag's role for your stockpile: Agent." in pm
    assert "you have won (stole roles worth 1 point (goal 1) by night 1). You stay in the game." in pm
    assert "won-night" not in host.ok("status")


def test_mind_stealer_role_pm_reveals_points_per_role(tmp_path):
    """Harvester: 'The Mind Stealer needs to steal X 'points' worth of Roles to win. Points per role
    will be revealed to the MS during the role PM.' The PM says the goal, the points per role, the
    stockpile, and the Robot chosen instead of tech ('MS - 1 Robot or 2 Small Tech slots')."""
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--assign", "Ms=Harvester (Mind Stealer)",
            "--assign", "Bo=Doppelganger", "--assign", "Ag=Agent", "--assign", "Cy=Townie",
            "--option", "mind-stealer-goal=3", "--option", "mind-stealer-points=Agent:2,Detective:2")
    pm = host.ok("pm", "Ms")
    assert "To win you must steal roles worth 3 points. Points per role: Agent 2, Detective 2; any other role is " \
           "worth 1." in pm
    assert "[b]Tech[/b]: 2 Small tech slots, or the Robot instead." in pm
    host.ok("tech", "pick", "Ms", "none")
    host.ok("stockpile", "start", "Ms", "Detective", "Townie", "Bodyguard (Guardian)")
    pm = host.ok("pm", "Ms")
    assert "Your stockpile: Detective, Townie, Bodyguard (Guardian)." in pm
    assert "You took the Robot instead of tech" in pm and "[b]Tech[/b]" not in pm
    # Every other player's PM has none of it.
    assert "points" not in host.ok("pm", "Ag")


def test_paranormal_items_tech_list_shows_no_open_slots_after_none(tmp_path):
    """Mind Stealer: 'Tech: ... 1 Robot or 2 Small Tech slots'. After 'tech pick Ms none' (the
    Robot) the slots stay empty by choice: 'tech list' must not still call them open (as 'due'
    already stops asking)."""
    host = _new(tmp_path, "Ms=Harvester (Mind Stealer)", "Bob=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie")
    assert "open slots: 2 Small" in host.ok("tech", "list")
    host.ok("tech", "pick", "Ms", "none")
    listed = host.ok("tech", "list")
    assert "Ms (Harvester (Mind Stealer)): nothing" in listed and "open slots" not in listed, listed
    assert json.loads(host.ok("tech", "list", "--json"))["players"][0]["free"] == ""
