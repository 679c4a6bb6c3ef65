"""The items-werewolf ruleset, rule by rule of seeds/items-werewolf.md.

Each engine case is named after the step of the seed's Order of Night Actions it checks
(`step1_...` to `step11_...`) or after the conflict rule or general point (`rule_...`). Cases run
on the engine (a GameState from tests/engine_helpers.py, items from the roles' data unless a case
says otherwise); a CLI game at the end plays items-werewolf from `hostkit new` to a win.
"""

from __future__ import annotations

import json
from types import MappingProxyType

import pytest

from conftest import Host
from engine_helpers import night, ruleset, state
from hostkit.engine.day import apply_outcome, victory
from hostkit.game.game import create
from hostkit.rules.items import starting_items
from hostkit.model.roles import Ability, Effect

RS = ruleset("items-werewolf")


def play(players: str, lines: str, items: dict | None = None, **kw):
    """Resolve one night: (state before, outcome, Night). Items: the roles' own, or `items`."""
    st = state(RS, players, **kw)
    for p in st.players.values():
        p.items = starting_items(RS.roles[p.role])
    for name, bag in (items or {}).items():
        st.players[name].items = dict(bag)
    outcome, n = night(st, lines)
    return st, outcome, n


# (id, players, actions ('_' in an ability is a space), state keywords, expectations). Expectations:
#   dead: the names reported dead; failed: {Actor.Ability: reason substring}; blocked: {player: roles};
#   notices: [(player, substring)]; results: {Actor.Ability: result}; saved: {player: roles};
#   cause / by: {victim: cause / killers}; revived; log: substrings;
#   after applying the outcome: items {player: {item: n}}, roles {player: role}, alive {player: bool}
CASES = [
    # ---------------------------------------------------------------- 1. Redirects
    ("step1_succubus_redirects_the_kill", "S=Succubus W=Werewolf V=Villager X=Villager", "S Charm W X; W Kill V", {},
     dict(dead=["X"])),
    ("rule_two_redirects_of_one_player_resolve_in_server_order", "S1=Succubus S2=Succubus W=Werewolf V=Villager "
     "X=Villager Y=Villager", "S1 Charm W X; S2 Charm W Y; W Kill V", {}, dict(dead=["Y"])),
    ("rule_two_redirects_of_one_player_resolve_in_server_order_reversed", "S1=Succubus S2=Succubus W=Werewolf "
     "V=Villager X=Villager Y=Villager", "S2 Charm W Y; S1 Charm W X; W Kill V", {}, dict(dead=["X"])),
    # ---------------------------------------------------------------- 2. Roleblocks
    ("step2_courtesan_blocks_the_killer", "C=Courtesan W=Werewolf V=Villager", "C Entertain W; W Kill V", {},
     dict(dead=[], failed={"W.Kill": "blocked by Courtesan (C)"}, blocked={"W": ["Courtesan"]})),
    ("step2_direwolf_blocks_before_protection", "D=Direwolf P=Protector W=Werewolf V=Villager",
     "W Kill V; P Protect V; D Pin P", {}, dict(dead=["V"], failed={"P.Protect": "blocked by Direwolf (D)"})),
    ("step2_manacles_of_spite_block_and_are_spent", "M=Vampire P=Protector W=Werewolf V=Villager",
     "M Shackle P; P Protect V; W Kill V", {},
     dict(dead=["V"], failed={"P.Protect": "Manacles of Spite (M)"}, items={"M": {}})),
    ("rule_roleblocked_several_times_one_message_each_no_extra_effect", "C=Courtesan D=Direwolf M=Vampire "
     "P=Protector V=Villager", "C Entertain P; D Pin P; M Shackle P; P Protect V", {},
     dict(blocked={"P": ["Courtesan", "Direwolf", "Manacles of Spite"]}, roleblock_notices={"P": 2},
          failed_times={"P.Protect": 1})),
    ("rule_roleblocked_once_one_message", "C=Courtesan P=Protector V=Villager", "C Entertain P; P Protect V", {},
     dict(blocked={"P": ["Courtesan"]}, roleblock_notices={"P": 0})),
    ("rule_roleblocked_player_told_without_an_action", "C=Courtesan V=Villager", "C Entertain V", {},
     dict(blocked={"V": ["Courtesan"]})),
    # ---------------------------------------------------------------- 3. Protection visits
    ("step3_protector_saves_from_the_kill", "P=Protector W=Werewolf V=Villager", "W Kill V; P Protect V", {},
     dict(dead=[], saved={"V": ["Protector"]})),
    ("step3_armour_stops_one_kill_and_breaks", "W=Werewolf M=Militia", "W Kill M", {},
     dict(dead=[], saved={"M": ["Armour"]}, items={"M": {}, "W": {}})),
    ("step3_armour_works_when_its_holder_is_roleblocked", "C=Courtesan W=Werewolf M=Militia",
     "C Entertain M; W Kill M", {}, dict(dead=[], items={"M": {}})),
    ("step3_heavy_shield_saves_breaks_and_blocks_role_actions", "H=Huntsman W=Werewolf V=Villager",
     "H Brace; H Guard V; W Kill H", {},
     dict(dead=[], failed={"H.Guard": "blocked by Heavy Shield (H)"}, items={"H": {}}, quiet_block=["H"])),
    ("step3_heavy_shield_spares_items", "H=Huntsman V=Villager", "H Brace; H Pass_Potion_of_Clarity V",
     dict(items={"H": {"Heavy Shield": 1, "Potion of Clarity": 1}}),
     dict(ok=["H.Pass Potion of Clarity"], items={"H": {"Heavy Shield": 1}, "V": {"Potion of Clarity": 1}})),
    ("rule_overlapping_protections_all_trigger_huntsman", "P=Protector H=Huntsman W=Werewolf V=Villager",
     "P Protect V; H Guard V; W Kill V", {}, dict(dead=["H", "W"], saved={"V": ["Protector", "Huntsman"]})),
    ("rule_overlapping_protections_all_trigger_shaman", "P=Protector S=Shaman W=Werewolf V=Villager",
     "P Protect V; S Ward V; W Kill V", {}, dict(dead=[], notices=[("S", "attacked by W")])),
    ("rule_overlapping_protections_all_trigger_armour", "P=Protector W=Werewolf M=Militia", "P Protect M; W Kill M",
     {}, dict(dead=[], saved={"M": ["Protector", "Armour"]}, items={"M": {}})),
    ("rule_overlapping_protections_no_benefit_without_attack", "P=Protector H=Huntsman M=Militia",
     "P Protect M; H Guard M", {}, dict(dead=[], items={"M": {"Armour": 1}}, saved={})),
    # ---------------------------------------------------------------- 4. Most visits
    ("step4_potion_of_clarity_learns_the_role_and_is_spent", "S=Shaman W=Werewolf", "S Clarity W", {},
     dict(results={"S.Clarity": "Werewolf"}, items={"S": {}})),
    ("step4_a_potion_drunk_before_the_theft_is_not_stolen", "S=Shaman Wi=Witch X=Villager",
     "Wi Acquiesce S; S Clarity X", dict(items={"S": {"Potion of Clarity": 1, "Armour": 1}}),
     dict(results={"S.Clarity": "Villager"}, items={"S": {}, "Wi": {"Armour": 1}})),
    # ---------------------------------------------------------------- 5. Item thefts
    ("step5_potion_of_acquiescence_steals_every_item", "Wi=Witch M=Militia", "Wi Acquiesce M",
     dict(items={"M": {"Armour": 1, "Potion of Clarity": 2}}),
     dict(items={"Wi": {"Armour": 1, "Potion of Clarity": 2}, "M": {}})),
    ("step5_two_thieves_steal_nothing", "A=Witch B=Witch M=Militia", "A Acquiesce M; B Acquiesce M", {},
     dict(items={"M": {"Armour": 1}, "A": {}, "B": {}}, log=["nothing is stolen"])),
    ("step5_three_thieves_steal_nothing", "A=Witch B=Witch C=Witch M=Militia",
     "A Acquiesce M; B Acquiesce M; C Acquiesce M", {}, dict(items={"M": {"Armour": 1}, "A": {}, "B": {}, "C": {}})),
    ("step5_thefts_come_before_kills", "Wi=Witch W=Werewolf S=Shaman", "W Kill S; Wi Acquiesce S", {},
     dict(dead=["S"], items={"Wi": {"Potion of Clarity": 1}, "W": {}})),
    ("step5_thefts_come_after_protections", "Wi=Witch W=Werewolf M=Militia", "W Kill M; Wi Acquiesce M", {},
     dict(dead=[], saved={"M": ["Armour"]}, items={"Wi": {}, "M": {}}, log=["breaks (in Wi's hands)"])),
    # ---------------------------------------------------------------- 6. Kills, and the thefts they make
    ("step6_the_killer_takes_the_victims_items", "W=Werewolf S=Shaman", "W Kill S", {},
     dict(dead=["S"], items={"W": {"Potion of Clarity": 1}, "S": {}})),
    ("step6_the_vampire_takes_the_victims_items", "Va=Vampire S=Shaman", "Va Bite S", {},
     dict(dead=["S"], cause={"S": "Vampire"}, items={"Va": {"Manacles of Spite": 1, "Potion of Clarity": 1}})),
    ("rule_several_killers_one_attributed_cause_whatever_the_entry_order", "Va=Vampire W=Werewolf S=Shaman",
     "Va Bite S; W Kill S", {},
     dict(dead=["S"], cause={"S": "Werewolf"}, by={"S": ["W", "Va"]},
          items={"W": {"Potion of Clarity": 1}, "Va": {"Manacles of Spite": 1}})),
    ("rule_several_killers_every_on_success_action_still_triggers", "A=Alphawolf Sh=Shapeshifter V=Villager",
     "Sh Kill V; A Enrage V; Sh Shift", dict(items={"V": {"Potion of Clarity": 1}}),
     dict(dead=["Sh"], cause={"Sh": "Alphawolf"}, by={"Sh": ["A", "Sh"]}, items={"A": {"Potion of Clarity": 1}},
          roles={"Sh": "Villager", "V": "Shapeshifter"}, alive={"Sh": False, "V": True})),
    ("rule_a_killer_killed_tonight_still_kills", "M=Militia W=Werewolf V=Villager", "M Shoot W; W Kill V", {},
     dict(dead=["V", "W"])),
    # ---------------------------------------------------------------- 7. Reports of visits
    ("step7_stalker_harlot_and_familiar_see_the_visits", "St=Stalker Ha=Harlot Fa=Familiar W=Werewolf V=Villager",
     "St Stalk W; Ha Visit V; Fa Scry W; W Kill V", {},
     dict(results={"St.Stalk": ("V",), "Ha.Visit": ("W",), "Fa.Scry": ("V",)})),
    ("step7_reports_come_before_identity_swaps", "St=Stalker W=Werewolf V=Villager D=Djinn X=Villager",
     "St Stalk W; W Kill V; D Swap W X", {},
     dict(results={"St.Stalk": ("V",)}, notices=[("W", "from dawn you are X"), ("X", "from dawn you are W")],
          roles={"X": "Werewolf", "W": "Villager"})),
    # ---------------------------------------------------------------- 8. Passing of items
    ("step8_pass_gives_the_item", "M=Militia V=Villager", "M Pass_Armour V", {},
     dict(items={"M": {}, "V": {"Armour": 1}}, log=["M passes Armour to V."])),
    ("step8_pass_comes_after_the_kills_theft", "W=Werewolf S=Shaman V=Villager",
     "S Pass_Potion_of_Clarity V; W Kill S", {},
     dict(dead=["S"], failed={"S.Pass Potion of Clarity": "no longer held"},
          items={"W": {"Potion of Clarity": 1}, "V": {}})),
    ("step8_pass_comes_after_the_step5_theft", "Wi=Witch M=Militia V=Villager", "M Pass_Armour V; Wi Acquiesce M",
     {}, dict(failed={"M.Pass Armour": "no longer held"}, items={"Wi": {"Armour": 1}, "V": {}})),
    ("rule_a_player_killed_tonight_still_passes", "H=Huntsman W=Werewolf V=Villager X=Villager",
     "H Guard V; W Kill V; W Pass_Potion_of_Clarity X", dict(items={"W": {"Potion of Clarity": 1}}),
     dict(dead=["H", "W"], items={"X": {"Potion of Clarity": 1}, "W": {}})),
    ("step8_a_roleblock_stops_a_pass", "C=Courtesan M=Militia V=Villager", "C Entertain M; M Pass_Armour V", {},
     dict(failed={"M.Pass Armour": "blocked"}, items={"M": {"Armour": 1}, "V": {}})),
    # ---------------------------------------------------------------- 9. Identity swaps
    ("step9_swap_changes_reported_character_not_who_dies", "D=Djinn W=Werewolf V=Villager P=Protector",
     "D Swap V P; W Kill V", {},
     dict(dead=["P"], roles={"P": "Villager", "V": "Protector"}, alive={"V": True, "P": False},
          log=["P is reported dead"], flavour={"P": "P was found in P's home"})),
    ("step9_swap_moves_items_with_the_identity", "D=Djinn M=Militia V=Villager", "D Swap M V", {},
     dict(dead=[], items={"V": {"Armour": 1}, "M": {}}, roles={"V": "Militia", "M": "Villager"})),
    ("rule_shapeshifter_cannot_escape_a_kill_by_shifting", "Sh=Shapeshifter M=Militia W=Werewolf V=Villager",
     "M Shoot Sh; W Kill V; Sh Shift", {},
     dict(dead=["Sh", "V"], roles={"Sh": "Villager", "V": "Shapeshifter"}, alive={"Sh": False, "V": False})),
    ("step9_shift_needs_a_successful_pack_kill", "Sh=Shapeshifter P=Protector V=Villager",
     "Sh Kill V; P Protect V; Sh Shift", {},
     dict(dead=[], roles={"Sh": "Shapeshifter", "V": "Villager"}, log=["cannot shift"])),
    ("rule_swaps_sharing_a_player_happen_in_server_order", "D1=Djinn D2=Djinn A=Villager B=Protector C=Courtesan",
     "D1 Swap A B; D2 Swap B C", {}, dict(roles={"A": "Protector", "B": "Courtesan", "C": "Villager"})),
    ("rule_swaps_sharing_a_player_happen_in_server_order_reversed", "D1=Djinn D2=Djinn A=Villager B=Protector "
     "C=Courtesan", "D2 Swap B C; D1 Swap A B", {}, dict(roles={"A": "Courtesan", "B": "Villager", "C": "Protector"})),
    ("rule_a_djinn_killed_tonight_still_swaps", "D=Djinn W=Werewolf A=Villager B=Protector", "W Kill D; D Swap A B",
     {}, dict(dead=["D"], roles={"A": "Protector", "B": "Villager"})),
    # Two swaps of one player, in the server's order (the Djinn's first): the victim's name now holds
    # another person when the Shapeshifter shifts into it, so the dead are reported as X.
    ("rule_djinn_swaps_before_the_shapeshifter_shifts", "D=Djinn Sh=Shapeshifter V=Villager X=Protector",
     "Sh Shift; Sh Kill V; D Swap V X", {},
     dict(dead=["X"], roles={"Sh": "Protector", "V": "Shapeshifter", "X": "Villager"},
          alive={"Sh": True, "V": True, "X": False})),
    # ---------------------------------------------------------------- 11. Revives
    ("step11_revive_brings_the_dead_back_at_dawn", "Wi=Witch V=Villager", "Wi Revive V", dict(dead=("V",)),
     dict(dead=[], revived=["V"], alive={"V": True})),
    ("step11_revive_of_the_living_fails", "Wi=Witch V=Villager", "Wi Revive V", {},
     dict(failed={"Wi.Revive": "not dead"}, revived=[])),
]


@pytest.mark.parametrize("players, lines, kw, want", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_engine(players, lines, kw, want):
    st, o, _ = play(players, lines, **kw)
    failed = {f"{f.player}.{f.ability}": f.reason for f in o.failed}
    if "dead" in want:
        assert sorted(d.player for d in o.deaths) == sorted(want["dead"]), o.log
    for act, reason in want.get("failed", {}).items():
        assert reason in failed.get(act, ""), (act, failed, o.log)
    for act in want.get("ok", []):
        assert act not in failed, (act, failed)
    for act, n in want.get("failed_times", {}).items():
        assert sum(1 for f in o.failed if f"{f.player}.{f.ability}" == act) == n
    blocked = {b.player: b for b in o.blocked}
    for player, roles in want.get("blocked", {}).items():
        assert list(blocked[player].by) == roles and blocked[player].notified, o.blocked
    for player in want.get("quiet_block", []):
        assert not blocked[player].notified
    for player, n in want.get("roleblock_notices", {}).items():
        assert sum("roleblocked again" in x.text for x in o.notices if x.player == player) == n
    for player, text in want.get("notices", []):
        assert any(text in x.text for x in o.notices if x.player == player), o.notices
    for key, result in want.get("results", {}).items():
        assert {f"{r.player}.{r.ability}": r.result for r in o.results}[key] == result
    if "saved" in want:
        assert {s.player: sorted(s.by) for s in o.saved} == {k: sorted(v) for k, v in want["saved"].items()}
    deaths = {d.player: d for d in o.deaths}
    for victim, cause in want.get("cause", {}).items():
        assert deaths[victim].cause == cause
    for victim, by in want.get("by", {}).items():
        assert list(deaths[victim].by) == by
    for victim, text in want.get("flavour", {}).items():
        assert text in deaths[victim].flavour
    if "revived" in want:
        assert list(o.revived) == want["revived"]
    for text in want.get("log", []):
        assert any(text in line for line in o.log), o.log
    apply_outcome(st, o)
    for player, bag in want.get("items", {}).items():
        assert st.players[player].items == bag, (player, o.changes)
    for player, role in want.get("roles", {}).items():
        assert st.players[player].role == role
    for player, alive in want.get("alive", {}).items():
        assert st.players[player].alive is alive


# ---------------------------------------------------------------- the seed's order, as data


SEED_STEPS = [
    (1, ["Succubus.Charm"]),
    (2, ["Direwolf.Pin", "Courtesan.Entertain", "Manacles of Spite.Shackle"]),
    (3, ["Protector.Protect", "Huntsman.Guard", "Shaman.Ward", "Armour.Absorb", "Heavy Shield.Brace"]),
    (4, ["Potion of Clarity.Clarity", "Witch.Revive"]),
    (5, ["Potion of Acquiescence.Acquiesce"]),
    (6, ["Werewolf.Kill", "Alphawolf.Kill", "Alphawolf.Enrage", "Shapeshifter.Kill", "Vampire.Bite", "Witch.Curse",
         "Militia.Shoot"]),
    (7, ["Stalker.Stalk", "Harlot.Visit", "Familiar.Scry"]),
    (9, ["Djinn.Swap", "Shapeshifter.Shift"]),
]


@pytest.mark.parametrize("step, abilities", SEED_STEPS, ids=[f"step{s}" for s, _ in SEED_STEPS])
def test_every_ability_sorts_in_its_seed_step(step, abilities):
    assert len(RS.steps) == 11
    for name in abilities:
        owner, ab = name.rsplit(".", 1)
        holder = RS.roles.get(owner) or RS.items[owner]
        assert RS.steps.index(holder.ability(ab).category) == step - 1, name
    if step == 9:
        assert RS.steps.index(RS.pass_step) == 7  # step 8: passing of items


def test_every_role_and_item_of_the_seed_is_there_with_a_summary():
    roles = ("Succubus Direwolf Courtesan Protector Huntsman Shaman Werewolf Alphawolf Shapeshifter Vampire Witch "
             "Militia Stalker Harlot Familiar Djinn Villager").split()
    assert sorted(RS.roles) == sorted(roles)
    assert {"Manacles of Spite", "Armour", "Heavy Shield"} <= set(RS.items)
    assert any(n.startswith("Potion") for n in RS.items)
    for thing in [*RS.roles.values(), *RS.items.values()]:
        assert thing.summary, thing.name
    kills = {e.get("flavour") for r in RS.roles.values() for a in r.abilities for e in a.effects if e.kind == "kill"}
    assert kills <= set(RS.flavour) and "counter" in RS.flavour


def test_death_json_reports_the_swapped_character():
    _, o, _ = play("D=Djinn W=Werewolf V=Villager P=Protector", "D Swap V P; W Kill V")
    data = o.to_json()
    assert [d["player"] for d in data["deaths"]] == ["P"]
    assert {"player": "P", "kind": "swap-identity", "key": "V", "value": None} not in data["changes"]
    assert {"player": "V", "kind": "swap-identity", "key": "P", "value": None} in data["changes"]


def test_resolution_is_deterministic_for_a_given_night():
    lines = "S1 Charm W X; S2 Charm W Y; W Kill V; A Acquiesce M; B Acquiesce M; D Swap V X"
    players = "S1=Succubus S2=Succubus W=Werewolf V=Villager X=Villager Y=Villager A=Witch B=Witch M=Militia D=Djinn"
    first = play(players, lines)[1]
    assert all(play(players, lines)[1] == first for _ in range(3))


def test_victory_faction_parity():
    st = state(RS, "W=Werewolf V=Villager D=Djinn X=Villager")
    assert victory(st) is None  # two hostile sides
    st.players["D"].alive = False
    assert victory(st) is None  # 1 of 3
    st.players["X"].alive = False
    assert victory(st) == "Werewolves"
    st = state(RS, "W=Werewolf V=Villager", dead=("W",))
    assert victory(st) == "Village"


def test_custom_item_from_the_generic_schema(tmp_path):
    """A host's own item: any effect, used by whoever holds it; the engine needs nothing new."""
    crossbow = RS.items["Potion of Clarity"]._replace(
        name="Crossbow", abilities=(Ability("Fire", category="kill", effects=(
            Effect("kill", MappingProxyType({"cause": "Crossbow", "flavour": "shot"})), Effect("loot"))),))
    rs = RS._replace(items=MappingProxyType({**RS.items, "Crossbow": crossbow}))
    st = state(rs, "A=Villager B=Shaman")
    st.players["A"].items = {"Crossbow": 1}
    o, _ = night(st, "A Fire B")
    assert [(d.player, d.cause) for d in o.deaths] == [("B", "Crossbow")]
    apply_outcome(st, o)
    assert st.players["A"].items == {}  # used up


# ---------------------------------------------------------------- a whole game through the CLI


SEATS = ["Ann=Werewolf", "Bob=Shapeshifter", "Cy=Witch", "Dee=Militia", "Eli=Shaman", "Fay=Villager", "Gus=Djinn",
         "Hal=Villager"]


@pytest.fixture
def game(tmp_path) -> Host:
    create(tmp_path / "g", ruleset="items-werewolf", assign=SEATS, seed=3, title="Items Village")
    return Host(tmp_path / "g")


def status(host: Host) -> dict:
    return {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}


def test_entry_refuses_bad_item_input(game):
    assert "unknown item 'Armor'" in game.refused("act", "Dee", "Pass", "Fay", "Armor")
    assert "did you mean" in game.refused("act", "Dee", "Pass", "Fay", "Armor").lower()
    assert "Fay does not hold Armour: a player may pass only an item they hold" in game.refused(
        "act", "Fay", "Pass", "Hal", "Armour")
    assert "Fay does not hold Potion of Clarity: only its holder may use Clarity" in game.refused(
        "act", "Fay", "Clarity", "Ann")
    assert "works by itself" in game.refused("act", "Dee", "Absorb")
    assert "Pass takes a player and an item" in game.refused("act", "Dee", "Pass", "Fay")
    game.ok("act", "Eli", "Clarity", "Ann")
    assert "cannot both use and pass it tonight" in game.refused("act", "Eli", "Pass", "Fay", "Potion of Clarity")
    assert "Fay is alive; choose a dead player" in game.refused("act", "Cy", "Revive", "Fay")


def test_cli_game_end_to_end(game):
    # Role PMs list each player's items.
    pm = game.ok("pm", "Dee")
    assert "Items" in pm and "Armour" in pm and "By itself, every night" in pm
    assert "Potion of Acquiescence" in game.ok("pm", "Cy")
    assert "[b]Items[/b]" in pm and "[b]Items[/b]" not in game.ok("pm", "Fay")
    assert status(game)["Dee"]["items"] == {"Armour": 1}
    assert "items: Armour" in game.ok("status")

    # Night 1: a theft, a potion, the pack's kill, and a Djinn's swap of the victim.
    game.ok("act", "Ann", "Kill", "Fay")
    game.ok("act", "Cy", "Potion of Acquiescence", "Dee")  # an item's name works as its ability
    game.ok("act", "Eli", "Clarity", "Ann")
    game.ok("act", "Gus", "Swap", "Fay", "Eli")
    n1 = json.loads(game.ok("resolve", "--force", "--json"))
    assert [(d["player"], d["cause"]) for d in n1["deaths"]] == [("Eli", "Werewolf")]
    assert any("Fay died tonight, but now holds the identity of Eli" in line for line in n1["log"])
    st = status(game)
    assert st["Cy"]["items"] == {"Armour": 1} and st["Dee"]["items"] == {}
    assert (st["Eli"]["alive"], st["Eli"]["role"]) == (False, "Villager")
    assert (st["Fay"]["alive"], st["Fay"]["role"]) == (True, "Shaman")
    eli = game.ok("pm", "Eli", "--night", "1")
    assert "Werewolf" in eli and "from dawn you are Fay" in eli  # the report came before the swap
    deaths = game.ok("post", "deaths")
    assert "Eli was found in their home" in deaths and "Villager" in deaths

    # Day 1: hand votes, then the Djinn goes.
    for voter in ("Ann", "Bob", "Cy", "Dee", "Fay"):
        game.ok("vote", voter, "Gus")
    count = json.loads(game.ok("votes", "--hand-only", "--json"))
    assert count["eliminated"] == "Gus" and count["alive"] == 7
    game.ok("eliminate", "Gus")

    # Night 2: the Shapeshifter shifts into the pack's victim; the Witch passes the stolen Armour.
    assert "Dee does not hold Armour" in game.refused("act", "Dee", "Pass", "Ann", "Armour")
    game.ok("act", "Ann", "Kill", "Dee")
    game.ok("act", "Bob", "Shift")
    game.ok("act", "Cy", "Pass", "Ann", "Armour")
    n2 = json.loads(game.ok("resolve", "--force", "--json"))
    assert [d["player"] for d in n2["deaths"]] == ["Bob"]
    st = status(game)
    assert (st["Bob"]["alive"], st["Bob"]["role"]) == (False, "Militia")
    assert (st["Dee"]["alive"], st["Dee"]["role"]) == (True, "Shapeshifter")
    assert st["Ann"]["items"] == {"Armour": 1} and st["Cy"]["items"] == {}
    assert "from dawn you are Dee" in game.ok("pm", "Bob", "--night", "2")
    game.ok("post", "flip", "Bob")

    # Day 2: the Witch goes, and the Werewolves hold parity: they win.
    for voter in ("Ann", "Dee", "Fay", "Hal"):
        game.ok("vote", voter, "Cy")
    assert json.loads(game.ok("votes", "--hand-only", "--json"))["eliminated"] == "Cy"
    assert "Werewolves" in game.ok("eliminate", "Cy")
    final = json.loads(game.ok("status", "--json"))
    assert final["winner"] == "Werewolves" and final["phase"] == "over"
