"""Alien tech as the host records it: picks, passes, the Replicator, and the choices tech leaves
to its holder (a Holoform's role and race, a hologram's way, Combat Camouflage's source, whom the
Mad Scientist's Sentry Guns let pass).

Seed paranormal: "All aliens get to pick from the following set of equipment to start the game
with, based on the number of Tech slots listed under their role. An alien can only have 1 of any
given item unless otherwise noted." and "Alien Tech can be passed between players as long as both
players agree to the trade. This must be done via PM at Night. Tech can be used the night it is
passed, but can only be used by one person per night (if it is a multi-use item)."

Each choice is a ruling (a DayEvent `tech-*` in the phase record), checked here against the
replayed state when the host types it (`*_events`) and applied on replay (`apply`): pure
functions, no I/O. `prompts` lists what hostkit still needs the host to ask (`hostkit due`).

"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...model.errors import RuleError, suggest
from ...rules.items import held, holding_text, items_of, match_item
from ...model.state import PICKED, GameState
from ...model.entries import DayEvent, Removal
from ...model.roles import Item, Role


if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game

SLOTS = ("Small", "Medium", "Large")
RACES = ("Human", "Doppelganger", "Alien")
SOURCES = ("Vigilante", "Doppelgangers", "Abduction", "none")
PICKS = "tech-picks"  # the player's tag: item -> how many were picked at the start
DECLINED = "tech-declined"  # the player's tag: the open slots stay empty (hostkit tech pick PLAYER none)
KINDS = ("tech-pick", "tech-pass", "tech-replicate", "tech-holoform", "tech-hologram", "tech-camouflage", "tech-trust")
SENTRY = "Sentry Guns"  # the Military Scientist's invention with face recognition (seed Mad Scientist)
TRUSTED = "trusted"  # the player's tag: {"night": N, "players": [...]}: whom their Sentry Guns let pass that night


# --------------------------------------------------------------------------- picking by slot
def parse_item(state: GameState, word: str) -> tuple[str, int]:
    """'Scanner' -> ('Scanner', 1); 'Scanner x2' -> ('Scanner', 2): a two-use pick."""
    text = word.strip()
    count = 1
    low = text.lower()
    for suffix in (" x2", " ×2", " (two-use)", " two-use"):
        if low.endswith(suffix):
            text, count = text[: -len(suffix)].strip(), 2
            break
    return match_item(state.ruleset, text), count


def slot_of(item: Item, count: int) -> str:
    """The slot a pick takes: the item's, or its two-use slot for two of it."""
    if count == 2:
        if not item.two_use:
            raise RuleError(f"{item.name} cannot be taken as a two-use item (seed 'Item list': only "
                            "'unless otherwise noted'; an alien can only have 1 of any given item)")
        return item.two_use
    return item.slot


def _allowed(item: Item, role: Role) -> str | None:
    names = {role.name, role.faction or "", role.alignment}
    if item.only and not names & set(item.only):
        return f"{item.name} is only for {' or '.join(item.only)}"
    if names & set(item.not_for):
        return f"{role.name} cannot take {item.name} as tech"
    return None


def fit(slots: dict[str, int], picks: dict[str, int], table: dict[str, Item]) -> str | None:
    """Why these picks do not fit the slots, or None. A smaller item may fill a larger slot
    (one item a slot); picks fill the smallest free slot that holds them."""
    free = dict(slots)
    needs = sorted(((SLOTS.index(slot_of(table[n], c)), n) for n, c in picks.items()), reverse=True)
    for size, name in needs:
        for s in SLOTS[size:]:
            if free.get(s, 0) > 0:
                free[s] -= 1
                break
        else:
            return (f"{name} needs a {SLOTS[size]} tech slot and none is free "
                    f"(slots: {slots_text(slots)}; picked: {picks_text(picks)})")
    return None


def slots_text(slots: dict[str, int]) -> str:
    return ", ".join(f"{n} {s}" for s, n in slots.items() if n) or "none"


def picks_text(picks: dict[str, int]) -> str:
    return ", ".join(n + (" x2" if c == 2 else "") for n, c in picks.items()) or "nothing"


def free_slots(state: GameState, player: str) -> dict[str, int]:
    """The role's tech slots not yet filled by the player's picks."""
    role = state.role_of(player)
    table = items_of(state.ruleset)
    free = dict(role.tech)
    picks = dict(state.players[player].tags.get(PICKS) or {})
    for size, _name in sorted(((SLOTS.index(slot_of(table[n], c)), n) for n, c in picks.items() if n in table),
                              reverse=True):
        for s in SLOTS[size:]:
            if free.get(s, 0) > 0:
                free[s] -= 1
                break
    return {s: n for s, n in free.items() if n > 0}


def _check_pick(state: GameState, player: str, new: dict[str, int]) -> dict[str, int]:
    ps = state.players[player]
    role = state.role_of(player)
    table = items_of(state.ruleset)
    if not role.tech or not any(role.tech.values()):
        raise RuleError(f"{player} ({role.name}) has no tech slots: only an alien with a 'Tech:' slot picks tech")
    picks = dict(ps.tags.get(PICKS) or {})
    for name, count in new.items():
        why = _allowed(table[name], role)
        if why:
            raise RuleError(why)
        slot_of(table[name], count)
        if name in picks or ps.items.get(name, 0) > 0:
            raise RuleError(f"{player} already has {name}: an alien can only have 1 of any given item "
                            "unless otherwise noted (seed 'Item list')")
        picks[name] = count
    why = fit(dict(role.tech), picks, table)
    if why:
        raise RuleError(f"{player} ({role.name}): {why}")
    return picks


ROBOT_WORD = "robot"  # 'hostkit tech pick MS Robot': the Mind Stealer's Robot instead of tech slots


def is_stealer(state: GameState, name: str) -> bool:
    """Is the player a Mind Stealer (a role that wins on stolen points)? Here, not in stockpile
    (which imports this module), so that both read one test."""
    role = state.ruleset.roles.get(state.players[name].role)
    return getattr(role, "victory", "") == "points"


def empty_pick_answer(state: GameState, name: str) -> str:
    """What 'tech pick PLAYER none' (or 'Robot') did, said plainly: a Mind Stealer took the Robot
    (seed Harvester: '1 Robot or 2 Small Tech slots'), any other alien left its slots empty."""
    if is_stealer(state, name):
        return (f"{name} takes the Robot instead of tech slots (seed Harvester: 'MS - 1 Robot or 2 Small Tech "
                f"slots'): no tech, and it begins with a Bodyguard role besides its Investigative and Random ones; "
                f"next, 'hostkit stockpile start {name} ROLE...'.")
    return f"{name} leaves their open tech slots empty."


def pick_events(game: Game, player: str, words: Sequence[str]) -> list[DayEvent]:
    """An alien's tech picked at the start of the game (before the first night resolves)."""
    name = game.player(player)
    ph = game.open_phase()
    first = game.phases[0].record
    if not picking_open(game):
        raise RuleError(f"tech is picked at the start of the game ({first.label}), and it is {ph.record.label}; "
                        "a Replicator makes tech later (hostkit tech replicate)")
    if not words:
        raise RuleError("name at least one item: hostkit tech pick PLAYER ITEM [ITEM]...")
    state = game.state
    if not state.players[name].alive:
        raise RuleError(f"{name} is dead: dead players pick no tech")
    if state.ruleset.roles[state.players[name].role].pick_one:
        return [DayEvent("tech-pick", name, None, data={"pick": choice_named(state, name, words)})]
    said = [w.strip().lower() for w in words]
    if said in (["none"], [ROBOT_WORD]):
        # The alien leaves its open slots empty. A Mind Stealer with no tech has the Robot: the
        # seed offers it '1 Robot or 2 Small Tech slots' (decision mind-stealer-stockpile), so
        # 'none' and 'Robot' record the same choice for it, and the answer says which it is.
        role = state.role_of(name)
        if not role.tech:
            raise RuleError(f"{name} ({role.name}) has no tech slots")
        if said == [ROBOT_WORD] and not is_stealer(state, name):
            raise RuleError(f"{name} ({role.name}) cannot take a Robot: only a Mind Stealer takes '1 Robot' instead "
                            f"of its tech slots (seed Harvester); 'hostkit tech pick {name} none' leaves the slots empty")
        return [DayEvent("tech-pick", name, None, data={"items": [], "none": True})]
    new: dict[str, int] = {}
    for w in words:
        item, count = parse_item(state, w)
        if item in new:
            raise RuleError(f"{item} is named twice: an alien can only have 1 of any given item "
                            f"(write '{item} x2' for a two-use pick)")
        new[item] = count
    _check_pick(state, name, new)
    return [DayEvent("tech-pick", name, None, data={"items": [[n, c] for n, c in new.items()]})]


def choice_named(state: GameState, name: str, words: Sequence[str]) -> str:
    """The one `pick_one` choice of the player's role that WORDS name (seed Mad Scientist: 'picks
    one of three technologies to start the game with, depending on which Variant they are')."""
    role = state.ruleset.roles[state.players[name].role]
    choices = list(role.pick_one)
    if PICKED in state.players[name].tags:
        raise RuleError(f"{name} already picked {state.players[name].tags[PICKED]}: the pick is made once, at the "
                        "start of the game")
    said = " ".join(words).strip()
    found = [c for c in choices if c.lower() == said.lower() or said.lower() in (a.lower() for a in role.pick_one[c])]
    if len(found) != 1:
        raise RuleError(f"{name} ({role.name}) picks one of: {', '.join(choices)}; not {said!r}"
                        f"{suggest(said, choices)}")
    return found[0]


# --------------------------------------------------------------------------- passing
def _used_tonight(game: Game, player: str, item: str) -> bool:
    table = items_of(game.ruleset)
    it = table.get(item)
    if it is None:
        return False
    takes = {a.key: a.targets for a in it.abilities}  # a use, not a skip (a Stun Bomb takes no target)
    return any(a.actor == player and a.ability.lower() in takes and a.used(takes[a.ability.lower()])
               for a in game.current.actions)


def _check_reachable(state, a: str, b: str) -> None:
    """Tech is passed 'via PM', and a kept captive is out of play: only 'the Scientist and all of
    his captives may freely PM one another' (seed Xenozoologist); a consumed player has left."""
    from ..entry import _held, _held_words

    for p, other in ((a, b), (b, a)):
        data = _held(state, p)
        if data is None:
            continue
        by = data.get("by")
        mates = by not in (None, p) and data.get("kind") != "consumed" and (
            other == by or (_held(state, other) or {}).get("by") == by)
        if not mates:
            raise RuleError(f"{p} {_held_words(data)}: tech passes by PM, and only the Scientist and his captives "
                            f"may PM one another (seed Abduction), so {other} cannot trade with {p}")


def pass_events(game: Game, giver: str, receiver: str, word: str) -> list[DayEvent | Removal]:
    """Tech passed by PM at night (the Exterminators may exchange it freely, day or night); the
    pass comes last. A skip the giver entered for that tech tonight is taken back in the same
    commit when they pass their last one: it is answered, and it no longer names tech they hold."""
    a, b = game.player(giver), game.player(receiver)
    ph = game.open_phase()
    state = game.state
    item = match_item(state.ruleset, word)
    for p in (a, b):
        if not state.players[p].alive:
            raise RuleError(f"{p} is dead: tech passes between living players")
    if a == b:
        raise RuleError(f"{a} cannot pass tech to themself")
    _check_reachable(state, a, b)
    if state.players[a].items.get(item, 0) <= 0:
        raise RuleError(f"{a} does not hold {item} ({a} holds {holding_text(state.players[a])})")
    free = state.players[a].faction == "Exterminators" and state.players[b].faction == "Exterminators"
    if ph.record.kind != "night" and not free:
        raise RuleError("Alien Tech is passed via PM at Night (seed); only the Exterminator and their "
                        "Operatives exchange tech freely")
    if ph.record.kind == "night" and _used_tonight(game, a, item):
        raise RuleError(f"{a} has entered a use of {item} tonight: tech can only be used by one person per "
                        f"night, so pass it on a later night, or take the use back first (hostkit act --remove {a} "
                        f"\"{item}\")")
    names = {x.key for x in items_of(state.ruleset)[item].abilities}
    skips = [Removal(x.actor, x.ability) for x in ph.actions if x.actor == a and x.declined
             and x.ability.lower() in names] if state.players[a].items.get(item, 0) == 1 else []
    return [*skips, DayEvent("tech-pass", a, b, data={"item": item})]


# --------------------------------------------------------------------------- the Replicator and the holder's choices
def replicate_events(game: Game, player: str, words: Sequence[str]) -> list[DayEvent]:
    """The Replicator makes one Medium item or two Small items, once."""
    name = game.player(player)
    game.open_phase()
    state = game.state
    ps = state.players[name]
    table = items_of(state.ruleset)
    rep = next((n for n in held(ps) if n in table and "replicator" in table[n].grants), None)
    if rep is None:
        raise RuleError(f"{name} holds no Replicator ({name} holds {holding_text(ps)})")
    if not ps.alive:
        raise RuleError(f"{name} is dead")
    made = [parse_item(state, w) for w in words]
    new = _check_replica(state, name, made, RuleError)
    return [DayEvent("tech-replicate", name, None, data={"items": [[n, c] for n, c in new.items()], "from": rep})]


def _check_replica(state: GameState, name: str, made: Sequence[tuple[str, int]], error: type) -> dict[str, int]:
    """What a Replicator may make (seed: 'a single Medium Tech item or two Small tech items', and
    'An alien can only have 1 of any given item'): checked at entry and again on replay, so a
    hand-edited record cannot make a Large item or three. Raises `error`."""
    table = items_of(state.ruleset)
    ps = state.players[name]
    new: dict[str, int] = {}
    for item, count in made:
        if item in new or ps.items.get(item, 0) > 0:
            raise error(f"{name} would have {item} twice: an alien can only have 1 of any given item")
        new[item] = count
    slots = [slot_of(table[n], c) for n, c in new.items()]
    if not (slots == ["Medium"] or slots and len(slots) <= 2 and all(s == "Small" for s in slots)):
        raise error("the Replicator creates a single Medium Tech item or two Small tech items "
                    f"(asked: {picks_text(new)})")
    for n in new:
        why = _allowed(table[n], state.role_of(name))
        if why:
            raise error(why)
    return new


def _holder(game: Game, player: str, attribute: str, what: str) -> str:
    name = game.player(player)
    game.open_phase()
    _check_holds(game.state, name, attribute, what, RuleError)
    return name


def _check_holds(state: GameState, name: str, attribute: str, what: str, error: type) -> None:
    """The player holds an item granting `attribute` (the holder's choices: a Holoform's
    appearance, a hologram, a camouflage source), at entry and again on replay."""
    ps = state.players[name]
    table = items_of(state.ruleset)
    if not any(n in table and attribute in table[n].grants for n in held(ps)):
        raise error(f"{name} holds no {what} ({name} holds {holding_text(ps)})")


def holoform_events(game: Game, player: str, role: str, race: str) -> list[DayEvent]:
    """The role and race a Holoform Modulator shows when its holder is investigated."""
    name = _holder(game, player, "holoform", "Holoform Modulator")
    roles = game.ruleset.roles
    match = next((r for r in roles if r.lower() == role.strip().lower()), None)
    if match is None and role.strip().lower() in ("no role", "vanilla", "vanilla townie"):
        match = "Townie"
    if match is None:
        raise RuleError(f"unknown role {role!r}{suggest(role, roles)}")
    race_ok = next((r for r in RACES if r.lower() == race.strip().lower()), None)
    if race_ok is None:
        raise RuleError(f"unknown race {race!r}; the races: {', '.join(RACES)}")
    return [DayEvent("tech-holoform", name, None, data={"role": match, "race": race_ok})]


def hologram_events(game: Game, player: str, where: str) -> list[DayEvent]:
    """Where the Advanced Holoform's hologram goes tonight (a player, or home)."""
    name = _holder(game, player, "advanced-holoform", "Advanced Holoform Modulator")
    ph = game.open_phase("night")
    to = "" if where.strip().lower() in ("home", "stay", "stays home") else game.player(where)
    if to == name:
        to = ""
    return [DayEvent("tech-hologram", name, to or None, data={"night": ph.record.number})]


def trust_events(game: Game, player: str, names: Sequence[str]) -> list[DayEvent]:
    """Whom the Sentry Guns let pass tonight (seed Mad Scientist: 'The Sentry Guns can be
    programmed with face recognition to allow safe passage to people that the Mad Scientist deems
    trustworthy. This can be changed on a night-per-night basis.'); 'none' lets no one pass."""
    name = game.player(player)
    ph = game.open_phase("night")
    if game.state.role_of(name).ability(SENTRY) is None:
        raise RuleError(f"{name} ({game.state.role_of(name).name}) has no {SENTRY}: only the Sentry Guns have face "
                        "recognition (seed Mad Scientist)")
    words = [w for w in names if w.strip()]
    players: list[str] = []
    if [w.strip().lower() for w in words] != ["none"]:
        for w in words:
            who = game.player(w)
            if who == name:
                raise RuleError(f"{name}'s Sentry Guns guard {name}'s own house: name the visitors they let pass")
            if not game.state.players[who].alive:
                raise RuleError(f"{who} is dead: the Sentry Guns let living visitors pass")
            if who in players:
                raise RuleError(f"{who} is named twice")
            players.append(who)
    if not words:
        raise RuleError(f"name the players {name}'s Sentry Guns let pass tonight, or 'none'")
    return [DayEvent("tech-trust", name, None, data={"night": ph.record.number, "players": players})]


def camouflage_events(game: Game, player: str, source: str) -> list[DayEvent]:
    """The source Combat Camouflage makes the holder's kills look like."""
    name = _holder(game, player, "camouflage", "Combat Camouflage")
    match = next((s for s in SOURCES if s.lower() == source.strip().lower()), None)
    if match is None:
        raise RuleError(f"unknown source {source!r}; Combat Camouflage masks kills as: {', '.join(SOURCES)}")
    return [DayEvent("tech-camouflage", name, None, data={"source": match})]


def picking_open(game: Game) -> bool:
    """Whether tech may still be picked: in the game's first phase, before it ends (what
    `pick_events` accepts; 'hostkit tech replicate' makes tech later)."""
    first = game.phases[0].record
    rec = game.current.record
    return rec.kind == first.kind and rec.number == first.number and not rec.ends
