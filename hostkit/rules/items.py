"""Items: what a player holds, and the abilities that holding gives them.

An item (games/<ruleset>/items.toml) is a small role fragment: abilities, and how it is spent
(`consumed`: on use, when it stops an attack, or never). Whoever holds an item may use its
abilities; the host types the ability's name (or the item's name, when it has one ability) after
the actor, as for a role's ability. A ruleset with a `pass_step` also lets every holder enter
`Pass PLAYER ITEM`, recorded as the ability `Pass <Item>` with one target.

This module is pure: it reads the replayed state and the ruleset, and game.py (entry) and the
engine (make_acts) both ask it what an action word means.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Mapping

from ..model.errors import RuleError, suggest
from ..model.roles import Ability, Effect, Item, Role, Ruleset
from ..model.entries import Action
from ..model.state import GameState, PlayerState

PASS = "pass"


def items_of(ruleset: Ruleset) -> Mapping[str, Item]:
    """The ruleset's items (none for rulesets without items.toml)."""
    return getattr(ruleset, "items", None) or {}


def held(ps: PlayerState) -> list[str]:
    """The items a player holds, sorted, each once."""
    return sorted(n for n, c in ps.items.items() if c > 0)


def usable_by(item: Item, role: Role) -> bool:
    """Does the item work for a holder of this role (its `only`: role names, factions, alignments)?
    Combat Camouflage 'allows the Exterminator': a robbed Exterminator keeps it, and it does nothing."""
    return not item.only or bool({role.name, role.faction or "", role.alignment} & set(item.only))


def inert_grants(ruleset: Ruleset, ps: PlayerState, role: Role) -> dict[str, str]:
    """The attributes (`grants`) of the items a player holds that do nothing in their hands, each
    with why ('only for Exterminators'): what `hostkit status` must not show
    as working."""
    table = items_of(ruleset)
    out: dict[str, str] = {}
    for name in held(ps):
        item = table.get(name)
        if item is not None and not usable_by(item, role):
            for attribute in item.grants:
                out.setdefault(attribute, f"only for {' or '.join(item.only)}")
    return out


def holding_text(ps: PlayerState) -> str:
    """'Armour, Potion of Clarity x2' or 'nothing'."""
    parts = [n + (f" x{ps.items[n]}" if ps.items[n] > 1 else "") for n in held(ps)]
    return ", ".join(parts) or "nothing"


def item_role(item: Item, ps: PlayerState, *, auto: bool = False) -> Role:
    """The role an item's ability is used through: named after the item (so the log, a save and
    a death's cause name the item), on the holder's side. An automatic use cannot be blocked."""
    return Role(name=item.name, alignment=ps.alignment, faction=ps.faction, summary=item.summary,
                abilities=item.abilities, passives=frozenset({"unblockable"}) if auto else frozenset())


def match_item(ruleset: Ruleset, word: str) -> str:
    """The item a word names (case-insensitive), or a RuleError with the nearest names."""
    items = items_of(ruleset)
    for name in items:
        if name.lower() == word.strip().lower():
            return name
    known = f"; the items of {ruleset.name}: {', '.join(items)}" if items else f"; {ruleset.name} has no items"
    raise RuleError(f"unknown item {word!r}{suggest(word, items)}{known}")


def pass_ability(ruleset: Ruleset, item: str) -> Ability:
    """The ability `Pass <Item>`: give one held item to a living player (not a visit)."""
    return Ability(name=f"Pass {item}", summary=f"Give your {item} to another living player.",
                   category=ruleset.pass_step, targets=1, moves=False, skippable=False,
                   effects=(Effect("give", MappingProxyType({"item": item, "target": 0})),))


def find_ability(state: GameState, player: str, word: str, *, strict: bool = True,
                 partners: Callable[[], Mapping[tuple[str, str], tuple[str, Ability]]] | None = None,
                 ) -> tuple[Role, Ability] | None:
    """The item ability `word` means for `player` (an item ability's name, an item's name, or
    `Pass <Item>`), with the role it is used through; None if the word names no item ability.
    With `strict`, a word that names an item ability the player may not use is refused with a
    RuleError naming the rule; without it (the engine, replaying checked entries) it is None.
    `partners` (when given) returns the phase's GameState.partners() table, made once."""
    rs = state.ruleset
    if player not in state.players:
        return None
    innate = innate_of(state, player, word)
    if innate is not None:
        return innate
    partner = state.partner_ability(player, word, partners() if partners is not None else None)
    if partner is not None:  # used through the user's own role: blocks and the log are theirs
        return state.role_of(player)._replace(abilities=(partner[1],)), partner[1]
    items = items_of(rs)
    if not items:
        return None
    ps = state.players[player]
    low = word.strip().lower()
    try:
        if rs.pass_step and (low == PASS or low.startswith(PASS + " ")):
            rest = word.strip()[len(PASS):].strip()
            if not rest:
                raise RuleError("Pass takes a player and an item: Pass PLAYER ITEM")
            name = match_item(rs, rest)
            if ps.items.get(name, 0) <= 0:
                raise RuleError(f"{player} does not hold {name}: a player may pass only an item they hold "
                                f"({player} holds {holding_text(ps)})")
            return item_role(items[name], ps), pass_ability(rs, name)
        for item in items.values():
            ab = item.ability(word)
            if ab is None and low == item.name.lower():
                usable = [a for a in item.abilities if a.name not in item.auto]
                ab = usable[0] if len(usable) == 1 else None
                if ab is None:
                    raise RuleError(f"{item.name} has no ability to enter"
                                    if not usable else f"{item.name} has several abilities; name one: "
                                    + ", ".join(a.name for a in usable))
            if ab is None:
                continue
            if ps.items.get(item.name, 0) <= 0:
                raise RuleError(f"{player} does not hold {item.name}: only its holder may use {ab.name} "
                                f"({player} holds {holding_text(ps)})")
            if ab.name in item.auto:
                raise RuleError(f"{item.name}'s {ab.name} works by itself every night; it is not entered")
            return item_role(item, ps), ab
    except RuleError:
        if strict:
            raise
        return None
    return None


def innate_of(state: GameState, player: str, word: str) -> tuple[Role, Ability] | None:
    """The ruleset's innate action `word` (seed natural II: every player's by the game's rules,
    not their role's), with the role it is used through: the player's own, for blocks and the log,
    though the action is not among the role's abilities."""
    for ab in getattr(state.ruleset, "innate", ()) or ():
        if ab.name.lower() == word.strip().lower():
            role = state.role_of(player)
            return role._replace(abilities=(ab,)), ab
    return None


def is_item_word(ruleset: Ruleset, word: str) -> bool:
    """Does `word` (the second word of an act line) name an item, an item ability, or Pass?"""
    items = items_of(ruleset)
    if not items:
        return False
    low = word.lower()
    if ruleset.pass_step and low == PASS:
        return True
    return any(low == i.name.lower() or i.ability(word) is not None for i in items.values())


def split_words(ruleset: Ruleset, rest: list[str]) -> tuple[str, list[str]]:
    """ABILITY [TARGET]... for an item word: `Pass PLAYER ITEM...` becomes ('Pass ITEM', [PLAYER])
    (an item's name may be typed as several words); anything else is left as it is."""
    if ruleset.pass_step and rest[0].lower() == PASS:
        if len(rest) < 3:
            raise RuleError("Pass takes a player and an item: Pass PLAYER ITEM")
        return f"Pass {' '.join(rest[2:])}", rest[1:2]
    return rest[0], rest[1:]


def entry_conflict(state: GameState, actor: str, ability: Ability, current: list[Action]) -> str | None:
    """Why an item action cannot be entered next to the actor's others tonight: an item used up
    tonight cannot also be passed (werewolv.es: an item is not passed and used on one night),
    unless the actor holds enough of them."""
    items = items_of(state.ruleset)
    if not items:
        return None
    ps = state.players[actor]
    why = _action_conflict(state, actor, ability, current)
    if why:
        return why

    role = state.role_of(actor)

    def item_of(name: str) -> tuple[str, str] | None:
        if role.ability(name) is not None:  # the role's own ability of that name (a Mad Scientist's Ray)
            return None
        if name.lower().startswith(PASS + " "):
            return name[len(PASS) + 1:], "pass"
        for item in items.values():
            if item.ability(name) is not None:
                return item.name, "use"
        return None

    mine = item_of(ability.name)
    if mine is None:
        return None
    need = 1
    for a in current:
        if a.actor != actor or a.ability.lower() == ability.key or a.declined:
            continue
        other = item_of(a.ability)
        if other and other[0] == mine[0] and other[1] in ("use", "pass"):
            need += 1
    if need > ps.items.get(mine[0], 0):
        return (f"{actor} holds {ps.items.get(mine[0], 0)} {mine[0]} and cannot both use and pass it tonight: "
                "an item passed tonight is not used, and one used up is not passed")
    return None


def _action_item(state: GameState, name: str) -> Item | None:
    """The item whose ability `name` uses up its holder's action (items.toml `action = true`)."""
    for item in items_of(state.ruleset).values():
        if item.action and item.ability(name) is not None:
            return item
    return None


def action_used_up(state: GameState, actor: str, ability: Ability, current: list[Action]) -> bool:
    """True when ACTOR's entries tonight already use up the action ABILITY needs (a Stun Orb or
    Plasma Bomb entered instead of the role's own action, or the reverse): ``waiting_on`` does
    not wait on an ability the entry would refuse."""
    return _action_conflict(state, actor, ability, current) is not None


def _action_conflict(state: GameState, actor: str, ability: Ability, current: list[Action]) -> str | None:
    """Seed paranormal 'Item list': an item that 'does use up the Alien's action' (the Stun Orb;
    the Plasma Bomb, 'in lieu of a nightkill') is not used with the role's own action that night."""
    role = state.role_of(actor)
    mine = [a for a in current if a.actor == actor and not a.declined and a.ability.lower() != ability.key]
    item = _action_item(state, ability.name)
    if item is not None:
        own = next((a for a in mine if role.ability(a.ability) is not None), None)
        if own is not None:
            return (f"{actor}'s {item.name} uses up their action, and {own.ability} is already entered tonight: "
                    f"one or the other (seed: the {item.name} 'does use up the Alien's action')")
        return None
    if role.ability(ability.name) is not None:
        other = next((a for a in mine if _action_item(state, a.ability) is not None), None)
        if other is not None:
            used = _action_item(state, other.ability)
            return (f"{actor}'s {used.name if used else other.ability} is entered tonight and uses up their action: "
                    f"{ability.name} cannot be used too")
    return None


def starting_items(role: Role) -> dict[str, int]:
    """The items a role deals its player at the start of the game."""
    out: dict[str, int] = {}
    for name in role.items:
        out[name] = out.get(name, 0) + 1
    return out
