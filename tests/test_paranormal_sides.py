"""Paranormal's win conditions (seed paranormal.md, each role's Victory line) and the general
rules of the game's length: the rules as a table on the engine (engine/sides.py), then what a
host sees through the CLI.

Each row names the seed section in its id and quotes the seed sentence it proves.
"""

from __future__ import annotations

import pytest

from hostkit.engine import sides
from hostkit.model.state import GameState, PlayerState
from hostkit.rules.rulesets import load_ruleset

from conftest import Host

RS = load_ruleset("paranormal")


def state(players: dict[str, str], dead=(), tags=None, options=None, factions=None) -> GameState:
    """A paranormal state: name -> role, the dead, name -> {tag: value}, options."""
    ps = {}
    for name, role_name in players.items():
        role = RS.roles[role_name]
        p = PlayerState(name=name, role=role.name, faction=role.faction, alignment=role.alignment)
        p.alive = name not in dead
        p.tags.update((tags or {}).get(name, {}))
        if factions and name in factions:
            p.faction = factions[name]
        ps[name] = p
    opts = RS.option_defaults()
    opts.update(options or {})
    return GameState(RS, ps, "day", 2, opts)


TOWN3 = {"Ann": "Townie", "Bob": "Agent", "Cy": "Vigilante"}

# (id, players, dead, tags, factions, expected winner, seed sentence)
VICTORY = [
    ("Survivor-alive-survivor-does-not-stop-town", {**TOWN3, "Dan": "Doppelganger", "Sue": "Survivor"}, ["Dan"], {},
     {}, "Town", "They win as long as they are alive, regardless of which side wins."),
    ("Townie-town-wins-no-dopp-left", {**TOWN3, "Dan": "Doppelganger"}, ["Dan"], {}, {}, "Town", "Victory: Town Wins"),
    ("Doppelganger-parity", {"Ann": "Townie", "Dan": "Doppelganger"}, [], {}, {}, "Doppelgangers",
     "Victory: Doppelgangers Win"),
    ("Doppelganger-no-win-below-half", {**TOWN3, "Dan": "Doppelganger"}, [], {}, {}, None,
     "Victory: Doppelgangers Win"),
    ("Exterminator-no-win-while-an-exterminator-lives", {"Ann": "Townie", "Dan": "Doppelganger",
     "Eve": "Exterminator (Mind Shield)"}, ["Ann"], {}, {}, None,
     "The Alien wins when all non-ext aligned players are dead."),
    ("Exterminator-does-not-need-to-be-alive", {"Ann": "Townie", "Eve": "Exterminator (Mind Shield)",
     "Ola": "Exterminator Operative"}, ["Ann", "Eve"], {}, {}, "Exterminators",
     "The Exterminator does not need to be alive to win."),
    ("Exterminator-all-dead-still-wins", {"Ann": "Townie", "Eve": "Exterminator (Anti-Tech Field)"}, ["Ann", "Eve"],
     {}, {}, "Exterminators", "The Exterminator does not need to be alive to win."),
    ("Exterminator-stops-the-dopps-parity", {"Ann": "Townie", "Dan": "Doppelganger", "Bea": "Doppelganger",
     "Eve": "Exterminator (Mind Shield)"}, [], {}, {}, None,
     "All non-Exterminator aligned players are dead"),
    ("Xenozoologist-only-obstructs-the-exterminator", {**TOWN3, "Dan": "Doppelganger", "Xen": "Xenozoologist"},
     ["Dan"], {}, {}, "Town", "He only obstructs the win condition of the Exterminator."),
    ("Xenozoologist-obstructs-the-exterminator", {"Xen": "Xenozoologist", "Eve": "Exterminator (Mind Shield)"},
     [], {}, {}, None, "He only obstructs the win condition of the Exterminator."),
    ("Harvester-organ-harvester-last-alive", {"Ann": "Townie", "Oh": "Harvester (Organ Harvester)"}, ["Ann"], {}, {},
     "Organ Harvester", "Organ Harvester wins when all other players are dead. The OH must be alive"),
    ("Harvester-organ-harvester-stops-town", {**TOWN3, "Oh": "Harvester (Organ Harvester)"}, [], {}, {}, None,
     "Organ Harvester wins when all other players are dead."),
    ("Hivemind-wins-when-no-one-can-stop-it", {"Ann": "Townie", "Bob": "Agent", "Hiv": "Hivemind (Psychic)"}, [], {},
     {"Bob": "Hivemind"}, "Hivemind",
     "The Hivemind wins when all opposing groups are dead and the town has no way of stopping them (Vig, War Vet, etc)"),
    ("Hivemind-a-vigilante-can-stop-it", {"Ann": "Vigilante", "Bob": "Agent", "Hiv": "Hivemind (Tech)"}, [], {},
     {"Bob": "Hivemind"}, None, "the town has no way of stopping them (Vig, War Vet, etc)"),
    ("Hivemind-a-war-vet-can-stop-it", {"Ann": "War Vet", "Bob": "Agent", "Hiv": "Hivemind (Tech)"}, [], {},
     {"Bob": "Hivemind"}, None, "the town has no way of stopping them (Vig, War Vet, etc)"),
    ("Hivemind-a-dopp-left-is-an-opposing-group", {"Ann": "Townie", "Dan": "Doppelganger", "Hiv": "Hivemind (Tech)"},
     [], {}, {"Ann": "Hivemind"}, None, "all opposing groups are dead"),
    ("Abduction-kept-captive-does-not-count", {"Ann": "Townie", "Bob": "Agent", "Dan": "Doppelganger",
     "Xen": "Xenozoologist"}, ["Ann"], {"Bob": {"abducted": {"by": "Xen"}}}, {}, "Doppelgangers",
     "that player is removed from play for that night (and possibly the game)"),
    ("Spore-Spreader-infester-does-not-stop-town", {**TOWN3, "Dan": "Doppelganger", "Inf": "Spore Spreader (Infester)"},
     ["Dan"], {}, {}, "Town", "The goal of the Infester is to have ALL surviving players at the end of the game infected"),
    ("Rogue-Doppelganger-dopp-ally-counts-with-the-dopps", {"Ann": "Townie", "Bob": "Agent", "Dan": "Doppelganger",
     "Rog": "Rogue Doppelganger (Dopp Ally)"}, [], {}, {}, "Doppelgangers",
     "Acts as a third party with either Town Ally or Dopp Ally win condition"),
    ("Rogue-Doppelganger-town-ally-wins-with-town", {"Ann": "Townie", "Dan": "Doppelganger",
     "Rog": "Rogue Doppelganger (Town Ally)"}, ["Dan"], {}, {}, "Town",
     "Acts as a third party with either Town Ally or Dopp Ally win condition"),
    ("Survivor-only-third-parties-left", {"Sue": "Survivor", "Xen": "Xenozoologist", "Ann": "Townie"}, ["Ann"], {}, {},
     "nobody", "Their only goal is to survive until the end of the game."),
]


@pytest.mark.parametrize("players, dead, tags, factions, expected, quote",
                         [r[1:] for r in VICTORY], ids=[r[0] for r in VICTORY])
def test_victory(players, dead, tags, factions, expected, quote):
    assert sides.victory(state(players, dead, tags, factions=factions)) == expected, quote


# (id, players, dead, tags, winner, who has won, seed sentence)
WINNERS = [
    ("Survivor-alive-wins-beside-town", {"Ann": "Townie", "Dan": "Doppelganger", "Sue": "Survivor"}, ["Dan"], {},
     "Town", {"Ann", "Sue"}, "They win as long as they are alive, regardless of which side wins."),
    ("Survivor-abducted-does-not-win", {"Ann": "Townie", "Sue": "Survivor", "Xen": "Xenozoologist"}, [],
     {"Sue": {"abducted": {"by": "Xen"}}}, "Town", {"Ann"}, "Victory: Is alive and unabducted at the end of the game"),
    ("Survivor-dead-does-not-win", {"Ann": "Townie", "Sue": "Survivor"}, ["Sue"], {}, "Town", {"Ann"},
     "Victory: Is alive and unabducted at the end of the game"),
    ("Spore-Spreader-infester-wins-with-every-survivor-infested",
     {"Ann": "Townie", "Bob": "Agent", "Inf": "Spore Spreader (Infester)", "Dan": "Doppelganger"}, ["Inf", "Dan"],
     {"Ann": {"infested": {}}, "Bob": {"infested": {}}}, "Town", {"Ann", "Bob", "Inf"},
     "The goal of the Infester is to have ALL surviving players at the end of the game infected with spores. The "
     "Infester need not be alive to win"),
    ("Spore-Spreader-infester-loses-with-one-clean", {"Ann": "Townie", "Bob": "Agent", "Inf": "Spore Spreader (Infester)"},
     [], {"Ann": {"infested": {}}}, "Town", {"Ann", "Bob"}, "ALL surviving players at the end of the game infected"),
    ("Xenozoologist-without-four-loses", {"Ann": "Townie", "Xen": "Xenozoologist"}, [],
     {"Xen": {"specimens": ["Human"]}}, "Town", {"Ann"}, "If the game ends and he does not have one of each, he loses."),
    ("Exterminator-dead-exterminators-win", {"Ann": "Townie", "Eve": "Exterminator (Mind Shield)",
     "Ola": "Exterminator Operative"}, ["Ann", "Eve"], {}, "Exterminators", {"Eve", "Ola"},
     "The Exterminator does not need to be alive to win."),
    ("Doppelganger-dead-dopps-win-with-their-side", {"Ann": "Townie", "Dan": "Doppelganger", "Bea": "Doppelganger"},
     ["Bea"], {}, "Doppelgangers", {"Dan", "Bea"}, "Victory: Doppelgangers Win"),
    ("Maximum-game-day-no-side-wins", {"Ann": "Townie", "Dan": "Doppelganger", "Sue": "Survivor"}, [], {}, "nobody",
     {"Sue"}, "At that point, any players who have not already achieved their victory conditions will lose."),
]


@pytest.mark.parametrize("players, dead, tags, winner, expected, quote",
                         [r[1:] for r in WINNERS], ids=[r[0] for r in WINNERS])
def test_end_winners(players, dead, tags, winner, expected, quote):
    assert set(sides.end_winners(state(players, dead, tags), winner)) == expected, quote


def test_Xenozoologist_four_specimens_wins_and_leaves_with_captives():
    """seed Xenozoologist: 'Once he has 1 of each, he wins and he and all abducted players are
    removed from the game.'"""
    kinds = ["Alien", "Doppelganger", "Human", "Psychic Human"]
    st = state({"Ann": "Townie", "Bob": "Telepath", "Dan": "Doppelganger", "Sue": "Survivor", "Cy": "Agent",
                "Eve": "Doppelganger", "Xen": "Xenozoologist"},
               tags={"Xen": {"specimens": kinds}, **{n: {"abducted": {"by": "Xen"}} for n in ("Ann", "Bob", "Dan", "Sue")}})
    sides.after_night(st, 3)
    assert st.players["Xen"].tags["won"]
    assert {n for n, p in st.players.items() if "departed" in p.tags} == {"Xen", "Ann", "Bob", "Dan", "Sue"}
    # Cy and Eve are left: one each, the Doppelganger holds half: the Xenozoologist's leaving ends it.
    assert sides.victory(st) == "Doppelgangers"
    assert "Xen" in sides.end_winners(st, "Doppelgangers")


def test_Xenozoologist_three_specimens_does_not_win():
    """seed Xenozoologist: 'Once he has 1 of each, he wins'."""
    st = state({"Ann": "Townie", "Xen": "Xenozoologist"}, tags={"Xen": {"specimens": ["Alien", "Human", "Psychic Human"]}})
    sides.after_night(st, 3)
    assert "won" not in st.players["Xen"].tags and "departed" not in st.players["Xen"].tags


@pytest.mark.parametrize("stockpile, goal, won", [
    (["Agent", "Detective"], 3, False), (["Agent", "Detective"], 2, True), (["Telepath"], 3, True)],
    ids=["Harvester-mind-stealer-below-goal", "Harvester-mind-stealer-reaches-goal",
         "Harvester-mind-stealer-points-per-role"])
def test_mind_stealer_points(stockpile, goal, won):
    """seed Harvester: 'The Mind Stealer needs to steal X 'points' worth of Roles to win. Points per
    role will be revealed to the MS during the role PM.'"""
    st = state({"Ann": "Townie", "Ms": "Harvester (Mind Stealer)"}, tags={"Ms": {"stockpile": stockpile}},
               options={"mind-stealer-goal": goal, "mind-stealer-points": "Telepath:3"})
    sides.after_night(st, 2)
    assert bool(st.players["Ms"].tags.get("won")) is won


# ----------------------------------------------------------------------------- through the CLI


def new(tmp_path, *assign, options=(), attributes=()):
    host = Host(tmp_path / "g")
    args = ["new", str(tmp_path / "g"), "--ruleset", "paranormal", "--seed", "3"]
    for a in assign:
        args += ["--assign", a]
    for a in attributes:
        args += ["--attribute", a]
    for o in options:
        args += ["--option", o]
    out = host.runner.invoke(__import__("hostkit.cli", fromlist=["cli"]).cli, args, catch_exceptions=False)
    assert out.exit_code == 0, out.output
    host.created = out.stdout
    return host


def test_cli_Survivor_alive_does_not_stop_the_town_win(tmp_path):
    """seed Survivor: 'They win as long as they are alive, regardless of which side wins.'"""
    host = new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Sue=Survivor", options=["max-day=5"])
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve")
    out = host.ok("eliminate", "Bob")
    assert "The game is over: Town wins. Also winning: Sue (Survivor)." in out
    st = host.ok("status", "--json")
    assert '"won"' in st and '"Sue"' in st


def test_cli_General_Rules_maximum_game_day_ends_the_game(tmp_path):
    """seed General Rules: 'The Game will have a set Maximum game-day that it will go to. At that
    point, any players who have not already achieved their victory conditions will lose. I will
    give ample warning beforehand if this event is imminent.'"""
    host = new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Di=Townie", "Eve=Townie", "Fay=Townie",
               "Gus=Townie", "Sue=Survivor", options=["max-day=2"])
    assert "maximum game day is day 2" in host.ok("due")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve")
    assert "at the end of day 2 every player who has not won loses" in host.ok("status")
    host.ok("eliminate", "Cy")
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve")
    assert "at the end of today every player who has not won loses" in host.ok("due")
    out = host.ok("eliminate", "Eve")
    assert "The game is over: the maximum game day (day 2) has ended; every player who has not won loses." in out
    assert "Winning: Sue (Survivor)." in out
    host.refused("act", "Bob", "Kill", "Sue")


def test_cli_General_Rules_no_maximum_day_the_host_is_asked(tmp_path):
    """seed General Rules: 'The Game will have a set Maximum game-day': hostkit asks for it."""
    host = new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie")
    assert "no maximum game day is set" in host.created
    assert "no maximum game day is set" in host.ok("due")


def test_cli_Spore_Spreader_bloom_lynch_is_required_and_not_lynched_dies(tmp_path):
    """seed Spore Spreader: 'That day, the players MUST perform a lynch. ... If the SS is not
    lynched, then it will die the following night and lose.'"""
    host = new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Di=Spore Spreader (Bloom)", "Ed=Townie",
               "Fay=Townie", options=["max-day=5"])
    host.ok("act", "Di", "Seed")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve")
    assert "MUST perform a lynch" in host.refused("eliminate", "--none")
    host.ok("eliminate", "Cy")
    host.ok("act", "Bob", "Kill", "Ed")
    out = host.ok("resolve")
    assert "Di, killed by Bloom" in out
    assert "Di" not in host.game.state.won


def test_cli_Spore_Spreader_bloom_lynched_converts_everyone_and_wins(tmp_path):
    """seed Spore Spreader: 'If the SS is lynched that day, it will send forth a cloud of chemicals
    that will activate the plants. The plants then release spores that convert all other players
    into Spore Spreaders, and winning the game for the SS.'"""
    host = new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Di=Spore Spreader (Bloom)", "Ed=Townie",
               options=["max-day=5"])
    host.ok("act", "Di", "Seed")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve")
    out = host.ok("eliminate", "Di")
    assert "The game is over: Spore Spreader wins." in out
    st = host.game.state
    assert st.won == {"Di": "eliminated on day 1, the day after the Seeding"}
    assert {p.alignment for p in st.players.values() if p.alive} == {"Spore Spreader"}


def test_cli_Spore_Spreader_infester_lynched_releases_a_spore_cloud(tmp_path):
    """seed Spore Spreader: 'when Lynched (but not killed otherwise), the Infester releases a spore
    cloud that randomly infects one of the non-infected players.'"""
    host = new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Inf=Spore Spreader (Infester)", "Ed=Townie",
               "Fay=Townie", options=["max-day=5"])
    host.ok("act", "Inf", "Infest", "Cy")
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve")
    host.ok("eliminate", "Inf")
    infested = {n for n, p in host.game.state.players.items() if "infested" in p.tags}
    assert "Cy" in infested and len(infested) == 2
    # The same folder replays to the same cloud (the game's seeded random).
    assert infested == {n for n, p in host.game.state.players.items() if "infested" in p.tags}


def test_cli_Harvester_abomination_attacks_everyone_on_its_night(tmp_path):
    """seed Harvester: 'After some # of nights (based on player count) the Abomination is released
    and performs a Night Kill attempt on every player.' The number is the host's: asked at new."""
    asked = new(tmp_path / "a", "Ann=Townie", "Oh=Harvester (Organ Harvester)", "Bob=Doppelganger")
    assert "hostkit option abomination-night=N" in asked.created
    host = new(tmp_path, "Ann=Townie", "Oh=Harvester (Organ Harvester)", "Tuf=Tough Doppelganger",
               "Gua=Bodyguard (Guardian)", "Ed=Townie", options=["abomination-night=2", "max-day=5"])
    host.ok("act", "Tuf", "Kill", "skip")
    host.ok("act", "Oh", "Abduct", "skip")
    host.ok("act", "Gua", "Guard", "skip")
    host.ok("resolve")
    assert all(p.alive for p in host.game.state.players.values())
    host.ok("eliminate", "--none")
    host.ok("act", "Gua", "Guard", "Ann")
    host.ok("act", "Tuf", "Kill", "skip")
    host.ok("act", "Oh", "Abduct", "skip")
    out = host.ok("resolve")
    alive = {n for n, p in host.game.state.players.items() if p.alive}
    assert alive == {"Ann", "Oh", "Tuf"}, out  # guarded, the Harvester, immune to a regular night kill
    assert "killed by Abomination" in out


# ----------------------------------------------------------------------------- what players and hosts read

SEED_GOALS = {"War Vet": "Kill (if active)", "Medium": "Find (always)", "Agent Operative": "Based on action",
              "Mad Scientist (Military Scientist)": "Based on tech or actions", "Hivemind (Tech)": "Kill/Protect",
              "Harvester (Mind Stealer)": "Kill/Find", "Survivor": "Survive", "Doppelganger leader": "Kill"}


@pytest.mark.parametrize("fmt", ["plain", "bbcode", "markdown"])
def test_output_every_role_pm_states_race_and_goal_and_no_internal_words(tmp_path, fmt):
    """seed: every role lists 'Race:' and 'Goal:'; the role PM says both, and none of hostkit's
    own words ('Standing:', 'Factional:', 'target: no target')."""
    from hostkit.game.game import create
    from hostkit.words.publish.pms import role_pms

    roles = [r for r in RS.roles if RS.roles[r].race]
    assign = [f"P{i}={r}" for i, r in enumerate(roles)]
    game = create(tmp_path / "g", ruleset="paranormal", assign=assign, seed=1, options=["max-day=9",
                  "abomination-night=3", "mind-stealer-goal=3"])
    for (name, text), role in zip(role_pms(game, fmt=fmt), roles):
        r = RS.roles[role]
        plain = text.replace("[b]", "").replace("[/b]", "").replace("**", "")
        assert f"Race: {r.race}." in plain and f"Goal: {r.goal_text or r.goal}." in plain, (role, text)
        for word in ("Standing:", "Factional:", "no target", "abductors class you"):
            assert word not in text, (role, word)
    for role, goal in SEED_GOALS.items():
        assert (RS.roles[role].goal_text or RS.roles[role].goal) == goal, role


def test_output_doppelganger_roles_read_in_correct_english():
    """The 17 'Doppelganger X' roles: 'in the form of an Agent', 'a Detective' (a/an by sound)."""
    forms = [r for r in RS.roles.values() if r.summary.startswith("Doppelganger in the form of")]
    assert len(forms) == 17
    for r in forms:
        article, word = r.summary.split("in the form of ", 1)[1].split(" ", 2)[:2]
        assert article == ("an" if word[0] in "AEIOU" else "a"), r.summary


def test_output_roles_text_shows_race_goal_visible_tags_and_notes():
    """`hostkit roles paranormal` shows each role's race, goal, visible tags and notes."""
    from hostkit.words.text import roles_text

    text = roles_text(RS)
    assert "    race: Doppelganger; goal: Kill; visible role: No Role; visible race: Human" in text  # the leader
    assert "    race: Human; goal: Kill (if active)" in text  # the War Vet
    assert "    note: Visible Race: Human." in text


@pytest.mark.parametrize("roles, says", [
    (["Ann=Townie", "Bob=Doppelganger", "Cy=Medium", "Di=Townie"], "There is a Medium in this game"),
    (["Ann=Townie", "Bob=Doppelganger", "Cy=Agent", "Di=Townie"], "There is no Medium in this game")],
    ids=["General-Rules-dead-statement-medium", "General-Rules-dead-statement-no-medium"])
def test_General_Rules_death_pm_says_whether_a_medium_is_in_the_game(tmp_path, roles, says):
    """seed General Rules: 'The dead may post once after they have died to comment on their
    death.' 'Dead may freely PM a Medium character if that role is present in the game.' 'The
    Dead channel will start with a statement of whether or not there is a Medium in the game.'"""
    host = new(tmp_path, *roles, options=["max-day=4"])
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Ann", "--night", "1", "--format", "plain")
    assert says in pm and "You may post once in the thread to comment on your death" in pm
    assert "Medium" not in host.ok("pm", "Di", "--night", "1", "--format", "plain")


def test_Agent_Operative_the_host_is_told_to_name_the_agent_on_night_1(tmp_path):
    """seed Agent Operative: 'The Operative is not told who the Agent is until the First Night,
    however.'"""
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", "Op=Agent Operative", "Di=Townie", options=["max-day=4"])
    assert "tell the Agent Operative (Op) who the Agent is: Ann" in host.ok("due")
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve", "--force")
    assert "Agent Operative" not in host.ok("due")


def test_Kook_on_any_role_reads_as_a_doppelganger_to_the_agent(tmp_path):
    """seed Attributes, Kook: 'Race: Human, Visible Race: Doppelganger ... it makes the Agent
    confuse him for a Doppelganger.' An attribute on any role (here a Detective)."""
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", "Cy=Detective", "Di=Townie", options=["max-day=4"],
               attributes=["Cy=kook"])
    assert "Kook" in host.ok("pm", "Cy", "--format", "plain")
    host.ok("act", "Ann", "Investigate", "Cy")
    host.ok("act", "Cy", "Investigate", "Di")
    host.ok("act", "Bob", "Kill", "Di")
    out = host.ok("resolve")
    assert "Ann (Investigate on Cy): Doppelganger" in out
    import json

    players = {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}
    assert players["Cy"]["attributes"] == ["Kook"] and players["Ann"]["attributes"] == []


def test_Mind_Shield_attribute_on_any_role_stops_the_telepath(tmp_path):
    """seed Attributes, Mind Shield: 'The Mind Shield is not a role in itself, but an ability
    granted to a non-psychic character that may or may not already have a role.'"""
    host = new(tmp_path, "Ann=Telepath", "Bob=Doppelganger", "Cy=Agent", "Di=Townie", options=["max-day=4"],
               attributes=["Cy=Mind Shield"])
    host.ok("act", "Ann", "Read", "Cy")
    host.ok("act", "Cy", "Investigate", "Di")
    host.ok("act", "Bob", "Kill", "Di")
    out = host.ok("resolve")
    assert "Ann's Read" in out and "Mind Shield" in out


def test_attribute_unknown_is_refused_with_the_nearest(tmp_path):
    """An attribute the ruleset does not have is refused at new, naming the nearest."""
    out = Host(tmp_path).runner.invoke(__import__("hostkit.cli", fromlist=["cli"]).cli, [
        "new", str(tmp_path / "g"), "--ruleset", "paranormal", "--assign", "Ann=Agent", "--attribute", "Ann=Kooky"])
    assert out.exit_code == 1 and "did you mean 'Kook'" in out.output and not (tmp_path / "g").exists()


def test_Spirit_bond_death_asks_the_host(tmp_path):
    """seed Attributes, Spirit-bond: 'When this player dies they may choose another living player
    to bond with.' hostkit does not run the bond: due asks the host, never silent."""
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Di=Townie", options=["max-day=4"],
               attributes=["Ann=Spirit-bond"])
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    assert "Ann died with the Spirit-bond" in host.ok("due")


@pytest.mark.parametrize("victim, role, becomes", [
    ("Ann", "Agent", "Townie"), ("Bob", "Doppelganger Agent", "Doppelganger"), ("Sue", "Exterminator Operative", "Survivor")],
    ids=["Harvester-mind-stealer-human-becomes-vanilla", "Harvester-mind-stealer-dopp-becomes-vanilla-dopp",
         "Harvester-mind-stealer-alien-becomes-survivor"])
def test_cli_Mind_Stealer_steals_a_role_and_wins_on_points(tmp_path, victim, role, becomes):
    """seed Harvester, Mind Stealer: 'Takes the Role from the Abducted player and adds it to their
    stockpile. The abducted player reverts to a vanilla role for the rest of the game (Aliens will
    all become survivors).' 'The Mind Stealer needs to steal X 'points' worth of Roles to win.'"""
    roles = {"Ann": "Agent", "Bob": "Doppelganger", "Sue": "Townie", "Cy": "Townie", "Di": "Townie"}
    roles[victim] = role
    host = new(tmp_path, *(f"{n}={r}" for n, r in roles.items()), "Ms=Harvester (Mind Stealer)",
               options=["max-day=5", "mind-stealer-goal=2", f"mind-stealer-points={role}:2"])
    killer = next(n for n, r in roles.items() if "Doppelganger" in r)
    host.ok("act", "Ms", "Abduct", victim)
    host.ok("act", killer, "Kill", "Di")
    host.ok("resolve", "--force")
    st = host.game.state
    assert st.players[victim].role == becomes
    # On the same side; 'Aliens will all become survivors': an Alien takes the Survivor's own side
    # (issue 12, robot: was the old side, so a robbed Operative still counted for the Exterminators).
    side = RS.roles[becomes] if RS.roles[role].race == "Alien" else RS.roles[role]
    assert st.players[victim].alignment == side.alignment
    assert st.players["Ms"].tags["stockpile"] == [role]
    assert "stole roles worth 2 points" in st.players["Ms"].tags["won"]
    assert "Your role was stolen tonight" in host.ok("pm", victim, "--night", "1", "--format", "plain")


def test_Spirit_bond_ghost_chooses_receiver_accepts_and_takes_the_abilities(tmp_path):
    """seed Attributes, Spirit-bond: 'When this player dies they may choose another living player
    to bond with. That night they visit that player as a ghost and offers them their power. If that
    player accepts, they lose any abilities they may have had and gain the ghost's abilities
    instead.'"""
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", "Cy=Vigilante", "Di=Townie", "Ed=Townie", "Fay=Townie",
               options=["max-day=4"], attributes=["Ann=Spirit-bond"])
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    assert "hostkit bond Ann PLAYER" in host.ok("due")
    assert "Spirit-bond" in host.refused("bond", "Cy", "Di")  # Cy has no Spirit-bond
    assert "not a living player" in host.refused("bond", "Ann", "Ann")
    host.ok("bond", "Ann", "Cy")
    assert "already chosen" in host.refused("bond", "Ann", "Di")
    assert "record the answer during the night" in host.refused("bond", "Cy", "--accept")
    host.ok("eliminate", "--none")
    assert "'hostkit bond Cy --accept'" in host.ok("due")
    host.ok("bond", "Cy", "--accept")
    host.ok("act", "Cy", "Shoot", "Fay")  # tonight Cy still has their own abilities
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve", "--force")
    st = host.game.state
    assert st.role_of("Cy").ability("Investigate") is not None and st.role_of("Cy").ability("Shoot") is None
    assert "no ability 'Shoot'" in host.refused("act", "Cy", "Shoot", "Ed")


def test_Spirit_bond_declined_changes_nothing(tmp_path):
    """seed Attributes, Spirit-bond: 'If that player accepts' - and if not, nothing changes."""
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", "Cy=Vigilante", "Di=Townie", "Ed=Townie",
               options=["max-day=4"], attributes=["Ann=Spirit-bond"])
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    host.ok("bond", "Ann", "Cy")
    host.ok("eliminate", "--none")
    host.ok("bond", "Cy", "--decline")
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve", "--force")
    assert host.game.state.role_of("Cy").ability("Shoot") is not None
    assert "no ghost has offered Cy" in host.refused("bond", "Cy", "--accept")


def test_General_Rules_a_lynched_player_gets_the_dead_statement_through_the_host(tmp_path):
    """seed General Rules: 'The Dead channel will start with a statement of whether or not there
    is a Medium in the game.' A player lynched by day has no night PM: due gives the host the text."""
    host = new(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Medium", "Di=Townie", "Ed=Townie", options=["max-day=4"])
    host.ok("act", "Bob", "Kill", "Ann")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Di")
    assert "Di died by day (eliminated): PM them the dead statement" in host.ok("due")
    assert "There is a Medium in this game" in host.ok("due")


def test_cli_Mind_Stealer_takes_on_a_stockpiled_role_instead_of_abducting(tmp_path):
    """seed Harvester: 'The Mind Stealer may choose to take on any Role in its stockpile for the
    next Day/Night phase and use that role instead of Abducting.' and 'The Mind Stealer begins the
    game with 2 Roles available (1 Investigative, 1 Random).'"""
    asked = new(tmp_path / "a", "Ann=Agent", "Bob=Doppelganger", "Ms=Harvester (Mind Stealer)",
                options=["max-day=4", "mind-stealer-goal=5"])
    assert "options.mind-stealer-roles" in asked.ok("due")
    host = new(tmp_path, "Ann=Agent", "Bob=Doppelganger", "Ms=Harvester (Mind Stealer)", "Di=Townie", "Ed=Townie",
               "Fay=Townie", "Gus=Townie",
               options=["max-day=4", "mind-stealer-goal=5", "mind-stealer-roles=Detective,Vigilante"])
    host.ok("act", "Ms", "Abduct", "Ann")
    host.ok("act", "Bob", "Kill", "Di")
    host.ok("resolve", "--force")
    assert "stockpile (Detective, Vigilante, Agent)" in host.ok("due")
    assert "not in Ms's stockpile" in host.refused("take-role", "Ms", "Telepath")
    host.ok("take-role", "Ms", "Detective")
    host.ok("eliminate", "--none")
    assert "no ability 'Abduct'" in host.refused("act", "Ms", "Abduct", "Ed")  # instead of abducting
    host.ok("act", "Ms", "Investigate", "Bob")
    host.ok("act", "Bob", "Kill", "Ed")
    assert "result: Ms (Investigate on Bob): No Role" in host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    assert "by day" in host.refused("take-role", "Ms", "Agent")
    host.ok("act", "Ms", "Abduct", "Fay")  # night 3: its own role again
