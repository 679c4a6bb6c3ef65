"""natural's mechanisms that a host's own roles may use (seed natural-resolution.md, sections I-V):
actions with no prefix, inspections of ability kinds, vote weight, Communication, the
Accelerator and Guilds. Each is one custom role of a game's roles.toml, played through the CLI
as a host types it, or a table on the engine; ids and names carry the seed section."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from hostkit.game.game import create

ROLES = '''
[Watchman]
alignment = "Town"
summary = "Once each phase, day or night, watch a player."
[[Watchman.abilities]]
name = "Watch"
phase = "any"
category = "inspect"
effects = [{ effect = "observe", mode = "watch" }]
'''

PLAYERS = ["Wa=Watchman", "Go=Goon", "Ann=Villager", "Bea=Villager", "Cy=Villager", "Dee=Villager",
           "Eve=Villager"]


def game(tmp_path, players=PLAYERS, roles=ROLES, options=()) -> Host:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(roles)
    create(folder, ruleset="natural", seed=7, assign=list(players), options=list(options))
    return Host(folder)


def status(host: Host) -> dict[str, dict]:
    return {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}


# --------------------------------------------------------------------------- II: no prefix


def test_natural_II_an_action_with_no_prefix_may_be_used_once_each_phase(tmp_path):
    """'An action that does not have a prefix (e.g. "Action — Tag-1 Tag-2…") may be used once each
    Phase': `phase = "any"` is usable at night and by day, once in each; a second entry in one
    phase replaces the first, and the night's use does not use up the day's."""
    host = game(tmp_path)
    host.ok("act", "Wa", "Watch", "Ann")
    assert "replaces" in host.ok("act", "Wa", "Watch", "Bea")
    host.ok("act", "Go", "Kill", "Bea")
    out = host.ok("resolve", "--force")
    assert "Wa (Watch on Bea): Go" in out
    host.ok("act", "Wa", "Watch", "Cy")  # day 1: usable again, by day
    out = host.ok("eliminate", "--none")
    assert "Wa (Watch on Cy)" in out


def test_natural_II_no_prefix_tag_line_says_once_each_phase(tmp_path):
    """The role PM's tag line of an action with no prefix says when it may be used."""
    host = game(tmp_path)
    assert "Once each phase, day or night" in host.ok("pm", "Wa")


# --------------------------------------------------------------------------- III: the kinds of a target's actions

ANALYST = '''
[Analyst]
alignment = "Town"
summary = "Each night, inspect the kinds of a player's actions."
[[Analyst.abilities]]
name = "Analyse"
category = "inspect"
effects = [{ effect = "inspect", what = "kinds" }]
'''


@pytest.mark.parametrize("role, seen", [
    ("Poisoner", "a state-changing action|a killing action"),  # its Poison is a tag; the faction's kill
    ("Doctor", "a protection action"),
    ("Cop", "an inspection action"),
    ("Villager", "no actions"),
    ("Veteran", "a killing and protection action"),
], ids=["poison-is-not-killing", "doctor", "cop", "vanilla", "veteran-alert-lists-each-kind-once"])
def test_natural_III_an_inspection_of_the_kinds_of_a_targets_actions(tmp_path, role, seen):
    """'An inspection action that lets a player learn the kind (effects) of actions their target
    has would not see a Poison action or Douse as killing.' 'If an effect lets you learn the kind
    (effects) of an ability, we will be as specific as possible, and list each different kind of
    effects present ... If it has multiple effects of the same kind, we will still only list it
    once.'"""
    host = game(tmp_path, players=["An=Analyst", f"Tg={role}", "Go=Goon", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Dee=Villager"], roles=ANALYST)
    host.ok("act", "An", "Analyse", "Tg")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    result = next(r["result"] for r in out["results"] if r["player"] == "An")
    assert "|".join(result if isinstance(result, list) else [result]) == seen


# --------------------------------------------------------------------------- III: vote weight

PATRON = '''
[Patron]
alignment = "Town"
summary = "Each night, give a player one more vote on the next day."
[[Patron.abilities]]
name = "Endorse"
self = true
category = "misc"
effects = [{ effect = "vote-weight", add = 1 }]

[Silencer]
alignment = "Mafia"
faction = "Mafia"
knows_faction = true
summary = "Once, set a player's vote to count for nothing for two days."
[[Silencer.abilities]]
name = "Muffle"
uses = 1
category = "misc"
effects = [{ effect = "vote-weight", set = 0, days = 2 }]
'''


def _wagon(host: Host, target: str) -> float:
    """The weighted total on TARGET's wagon, which Ann's vote is on."""
    count = json.loads(host.ok("votes", "--json"))
    wagon = next(w for w in count["wagons"] if w["target"] == target)
    assert "Ann" in wagon["voters"]
    return wagon["votes"]


def test_natural_III_an_effect_that_modifies_vote_weight_holds_for_the_next_day(tmp_path):
    """'Property Changing — ... modifying vote weight': a Patron's Endorse adds one to the target's
    vote on the next day only; the target is told, privately ('Additional Vote Weight is always
    private')."""
    host = game(tmp_path, players=["Pa=Patron", "Si=Silencer", "Go=Goon", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"], roles=PATRON)
    host.ok("act", "Pa", "Endorse", "Ann")
    host.ok("resolve", "--force")
    assert "Your vote weighs 1 more on the next day." in host.ok("pm", "--night", "1", "Ann")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 2.0
    host.ok("eliminate", "--none", "--force")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 1.0  # day 2: the change held for one day


def test_natural_III_a_vote_weight_set_to_nothing_for_two_days(tmp_path):
    """A change may set the weight (`set = 0`: the vote counts for nothing) for `days` days."""
    host = game(tmp_path, players=["Pa=Patron", "Si=Silencer", "Go=Goon", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Dee=Villager", "Eve=Villager", "Fay=Villager"], roles=PATRON)
    host.ok("act", "Si", "Muffle", "Ann")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 0.0
    host.ok("eliminate", "--none", "--force")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 0.0
    host.ok("eliminate", "--none", "--force")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Go")
    assert _wagon(host, "Go") == 1.0


# --------------------------------------------------------------------------- III: Communication

HERALD = '''
[Confidant]
alignment = "Town"
summary = "Each night, open a private chat with a player for the next day."
[[Confidant.abilities]]
name = "Whisper"
category = "misc"
effects = [{ effect = "communicate", mode = "chat" }]

[Gagger]
alignment = "Mafia"
faction = "Mafia"
knows_faction = true
summary = "Each night, stop a player from posting on the next day."
[[Gagger.abilities]]
name = "Gag"
category = "misc"
effects = [{ effect = "communicate", mode = "mute" }]
'''


def _due(host: Host) -> list[str]:
    return json.loads(host.ok("due", "--json"))["host"]


def test_natural_III_communication_effects_a_private_chat_and_a_posting_restriction(tmp_path):
    """'Communication — changes when, where, how, etc. a player may communicate. This includes
    private chats, extra public chats, posting restrictions, and having the host account post a
    message.' The host is told what to do on the forum, on the day it holds, and the players are
    told; the next day it is over."""
    host = game(tmp_path, players=["Co=Confidant", "Ga=Gagger", "Go=Goon", "Ann=Villager", "Bea=Villager",
                                   "Cy=Villager", "Dee=Villager"], roles=HERALD)
    host.ok("act", "Co", "Whisper", "Ann")
    host.ok("act", "Ga", "Gag", "Bea")
    assert not any("chat" in n or "post" in n for n in _due(host))  # nothing holds tonight
    host.ok("resolve", "--force")
    due = _due(host)
    assert "open a private chat between Co and Ann (Co's Whisper)" in due
    assert any(n.startswith("Bea may not post in the game thread (Ga's Gag)") for n in due)
    assert "A private chat between you and Co opens today." in host.ok("pm", "--night", "1", "Ann")
    assert "You may not post in the game thread today." in host.ok("pm", "--night", "1", "Bea")
    host.ok("eliminate", "--none", "--force")
    assert not any("Co and Ann" in n or "Bea may not" in n for n in _due(host))  # night 2: over


# --------------------------------------------------------------------------- III: the Accelerator

ACCELERATOR = '''
[Accelerator]
alignment = "Town"
summary = "Each night, speed up a player: their actions resolve before any other action."
[[Accelerator.abilities]]
name = "Hasten"
category = "misc"
effects = [{ effect = "accelerate" }]
'''

SPEED = ["Ac=Accelerator", "Rb=Roleblocker", "Rc=Roleblocker", "Vg=Vigilante", "Go=Goon", "Ann=Villager",
         "Bea=Villager", "Cy=Villager", "Dee=Villager"]


@pytest.mark.parametrize("acts, goon_dies", [
    ([("Rb", "Vg"), ("Vg", "Go")], False),
    ([("Ac", "Vg"), ("Rb", "Vg"), ("Vg", "Go")], True),
    ([("Ac", "Vg"), ("Rc", "Ac"), ("Rb", "Vg"), ("Vg", "Go")], False),
    ([("Ac", "Ann"), ("Rb", "Vg"), ("Vg", "Go")], False),
], ids=["block-lands-as-usual", "accelerated-shot-resolves-before-the-block",
        "a-blocked-accelerator-speeds-up-nothing", "accelerating-someone-else-changes-nothing"])
def test_natural_III_an_accelerator_makes_an_affected_action_resolve_before_others_begin(tmp_path, acts, goon_dies):
    """'Rules Changing — modifies the normal rules of the game. i.e. ... an Accelerator (makes an
    affected action resolve entirely before other actions begin resolution).' A Roleblocker's
    block on an accelerated Vigilante comes too late; a block on the Accelerator itself resolves
    first, as the golden rule says, and then nothing is sped up."""
    host = game(tmp_path, players=SPEED, roles=ACCELERATOR)
    for actor, target in acts:
        host.ok("act", actor, target)
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert ("Go" in {d["player"] for d in out["deaths"]}) == goon_dies, out["log"]


ITEMS_ACCELERATOR = ACCELERATOR.replace('category = "misc"', 'category = "redirect"')


@pytest.mark.parametrize("acts, wolf_dies", [
    ([("Co", "Mi"), ("Mi", "Ww")], False),
    ([("Ac", "Mi"), ("Co", "Mi"), ("Mi", "Ww")], True),
], ids=["courtesan-blocks-the-shot", "accelerated-shot-comes-before-the-block"])
def test_natural_III_accelerator_in_an_ordered_night_runs_the_targets_actions_right_after_its_own(
        tmp_path, acts, wolf_dies):
    """The registry means the same in every ruleset: in an ordered night (items-werewolf's steps)
    the Accelerator's step says when it acts, and its target's actions resolve right after it,
    before the steps between (decision accelerator-ordered)."""
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(ITEMS_ACCELERATOR.replace('"Town"', '"Village"'))
    create(folder, ruleset="items-werewolf", seed=7, assign=["Ac=Accelerator", "Co=Courtesan", "Mi=Militia",
                                                              "Ww=Werewolf", "Ann=Villager", "Bea=Villager",
                                                              "Cy=Villager"])
    host = Host(folder)
    for actor, target in acts:
        host.ok("act", actor, target)
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert ("Ww" in {d["player"] for d in out["deaths"]}) == wolf_dies, out["log"]


# --------------------------------------------------------------------------- Guilds

GUILDS = '''
[Mason]
alignment = "Town"
guild = "Masons"
summary = "You are a Mason. Each night, recruit a player into your Guild."
[[Mason.abilities]]
name = "Recruit"
category = "misc"
effects = [{ effect = "join-guild" }]

[Cultist]
alignment = "Mafia"
faction = "Mafia"
knows_faction = true
guild = "Cult"
summary = "Each night, recruit a player into the Cult."
[[Cultist.abilities]]
name = "Recruit"
category = "misc"
effects = [{ effect = "join-guild" }]

[Organiser]
alignment = "Town"
summary = "Each night, choose a Guild and have a player join it."
[[Organiser.abilities]]
name = "Enlist"
choose = "guild"
category = "misc"
effects = [{ effect = "join-guild" }]

[Expeller]
alignment = "Town"
summary = "Each night, make a player leave their Guild."
[[Expeller.abilities]]
name = "Expel"
category = "misc"
effects = [{ effect = "leave-guild" }]

["Guild Cop"]
alignment = "Town"
summary = "Each night, inspect a player's Guild."
[["Guild Cop".abilities]]
name = "Audit"
category = "inspect"
effects = [{ effect = "inspect", what = "guild" }]
'''

GUILD_GAME = ["Ma=Mason", "Cu=Cultist", "Or=Organiser", "Ex=Expeller", "Gc=Guild Cop", "Wa=Watchman",
              "Ann=Villager", "Bea=Villager", "Cy=Villager", "Dee=Villager", "Eve=Villager"]


def guild_game(tmp_path) -> Host:
    return game(tmp_path, players=GUILD_GAME, roles=GUILDS + ROLES)


def guild(host: Host, name: str) -> str | None:
    return status(host)[name]["guild"]


def test_natural_guilds_a_role_starts_in_its_guild_and_a_recruit_joins_it(tmp_path):
    """'Other state-changing effects ... joining or leaving guilds': a Mason is in the Masons from
    the start; his Recruit brings Ann in at the end of the night, and she is told."""
    host = guild_game(tmp_path)
    assert guild(host, "Ma") == "Masons" and guild(host, "Ann") is None
    host.ok("act", "Ma", "Recruit", "Ann")
    host.ok("resolve", "--force")
    assert guild(host, "Ann") == "Masons"
    assert "You have joined the Guild Masons" in host.ok("pm", "--night", "1", "Ann")


def test_natural_I_choose_a_guild_you_may_choose_your_own(tmp_path):
    """'If an effect says something like "Choose a Guild," you may choose your own.' The
    Organiser types the Guild after the target; a Guild no role or effect names is refused with
    the nearest one; it is recorded and kept on replay."""
    host = guild_game(tmp_path)
    assert "no Guild called 'Cutl'" in host.refused("act", "Or", "Enlist", "Bea", "Cutl")
    assert "takes 1 target(s) and then a Guild" in host.refused("act", "Or", "Enlist", "Bea")
    host.ok("act", "Or", "Enlist", "Bea", "cult")
    assert "Or: Enlist Bea (Guild: Cult)" in host.ok("actions")
    host.ok("resolve", "--force")
    assert guild(host, "Bea") == "Cult"


def test_natural_V_join_guild_x_and_join_guild_y_on_a_guildless_player_both_fail(tmp_path):
    """'If two actions targeting a Guildless player have the effects "join Guild X" and "join
    Guild Y", both fail': neither joins, and neither actor visits (a Watchman sees no one)."""
    host = guild_game(tmp_path)
    host.ok("act", "Ma", "Recruit", "Cy")
    host.ok("act", "Cu", "Recruit", "Cy")
    host.ok("act", "Wa", "Watch", "Cy")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert guild(host, "Cy") is None
    assert {f["player"] for f in out["failed"]} >= {"Ma", "Cu"}
    watched = next(r["result"] for r in out["results"] if r["player"] == "Wa")
    assert "Ma" not in watched and "Cu" not in watched


def test_natural_V_two_joins_of_the_same_guild_both_resolve(tmp_path):
    """Only changes that cannot both hold fail: two recruits into one Guild both resolve."""
    host = guild_game(tmp_path)
    host.ok("act", "Ma", "Recruit", "Cy")
    host.ok("act", "Or", "Enlist", "Cy", "Masons")
    host.ok("resolve", "--force")
    assert guild(host, "Cy") == "Masons"


def test_natural_V_an_inspection_of_a_guild_learns_the_new_guild(tmp_path):
    """'if an effect changes a player's Guild, a player using an action that inspects a target
    player's Guild would always learn the new Guild' (results are read at the end of the night)."""
    host = guild_game(tmp_path)
    host.ok("act", "Ma", "Recruit", "Dee")
    host.ok("act", "Gc", "Audit", "Dee")
    host.ok("act", "Ex", "Expel", "Cu")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert next(r["result"] for r in out["results"] if r["player"] == "Gc") == "Masons"
    assert guild(host, "Cu") is None  # the Expeller made the Cultist leave the Cult


def test_natural_guilds_an_inspection_of_a_guildless_player(tmp_path):
    host = guild_game(tmp_path)
    host.ok("act", "Gc", "Audit", "Eve")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert next(r["result"] for r in out["results"] if r["player"] == "Gc") == "no Guild"


def test_natural_V_a_join_and_a_leave_on_one_player_both_fail(tmp_path):
    """A join and a leave on one player cannot both be honoured either (decision guilds, after seed
    V's 'join Guild X' and 'join Guild Y'): the Mason stays a Mason."""
    host = guild_game(tmp_path)
    host.ok("act", "Cu", "Recruit", "Ma")
    host.ok("act", "Ex", "Expel", "Ma")
    out = json.loads(host.ok("resolve", "--force", "--json"))
    assert guild(host, "Ma") == "Masons"
    assert {f["player"] for f in out["failed"]} >= {"Cu", "Ex"}
