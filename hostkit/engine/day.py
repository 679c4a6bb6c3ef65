"""The day's rules: applying a night's outcome or an elimination to the state, and win checks."""

from __future__ import annotations

from ..model.state import RETURNED, GameState
from ..model.outcome import NightOutcome, Side


def apply_outcome(state: GameState, outcome: NightOutcome, phase_index: int = 0) -> None:
    """Apply a night's standing changes (deaths, charges, tags, conversions at day start)."""
    for change in outcome.changes:
        p = state.players.get(change.player)
        if p is None:
            continue
        if change.kind == "death":
            p.alive = False
            p.died = f"{outcome.phase} {outcome.night}"
            p.cause = change.key
            note_death(state, p.name, change.value or change.key, p.died, phase_index)
        elif change.kind == "charge":
            if change.key in p.charges:
                p.charges[change.key] = max(0, p.charges[change.key] + change.value)
        elif change.kind == "last-target":
            p.last_targets[change.key] = tuple(change.value)
            p.last_night[change.key] = outcome.night
        elif change.kind == "tag":
            p.tags[change.key] = change.value
        elif change.kind == "untag":
            p.tags.pop(change.key, None)
        elif change.kind == "convert":
            role = state.ruleset.roles[change.key]
            same_role = p.role == role.name  # a domination: the player keeps their role (and its charges)
            p.role = role.name
            if isinstance(change.value, Side):
                # The side it had, exactly: in a faction or in none (a Rogue Doppelganger robbed).
                p.alignment, p.faction = change.value.alignment, change.value.faction
            else:
                p.alignment = role.alignment
                p.faction = change.value or role.faction
            if isinstance(change.value, str) and change.value and change.value != role.faction:
                # A player who keeps their role but changes side (the Hivemind's domination) now
                # plays for, and wins with, the faction that took them.
                p.alignment = faction_alignment(state, change.value)
            # Seed ooo 12: a converted player gets the new role's full set of charges. Innate
            # actions are the game's, not the role's (seed natural II): their charges stay.
            # A player who keeps their role and changes side (seed paranormal Hivemind: 'Converted
            # players keep their current role') keeps the charges they have left.
            innate = {a.key for a in state.ruleset.innate}
            if not same_role:
                p.charges = {**{k: v for k, v in p.charges.items() if k in innate},
                             **{a.key: a.uses for a in role.abilities if a.uses is not None}}
        elif change.kind == "item-gain":
            p.items[change.key] = p.items.get(change.key, 0) + int(change.value or 1)
        elif change.kind == "item-loss":
            left = p.items.get(change.key, 0) - int(change.value or 1)
            if left > 0:
                p.items[change.key] = left
            else:
                p.items.pop(change.key, None)
                drop_holoform(state, p)
        elif change.kind == "swap-identity":
            swap_identities(state, p.name, change.key)
        elif change.kind == "revive":
            p.alive = True
            p.died = None
            p.cause = None


def drop_holoform(state: GameState, p) -> None:
    """A used-up Holoform Modulator takes its chosen appearance with it (tag `holoform`, set by
    'hostkit tech holoform'), as does one passed on: status no longer shows it, and 'hostkit due'
    asks afresh for a new one."""
    if "holoform" not in p.tags:
        return
    from ..rules.items import items_of

    table = items_of(state.ruleset)
    if not any(n in table and "holoform" in table[n].grants and c > 0 for n, c in p.items.items()):
        p.tags.pop("holoform", None)


def faction_alignment(state: GameState, faction: str) -> str:
    """The alignment of a faction's own roles (the side its members win with), else its name."""
    for role in state.ruleset.roles.values():
        if role.faction == faction:
            return role.alignment
    return faction


OUT = "abducted"
BOUND = "bound-to"
FLIP_HELD = "flip-held"
# Captives returned to play by an abductor's death outside the night's resolution (a lynch, a
# modkill, a last shot): {"day 1": "Xe"}, the death's time -> the abductor; `hostkit pm` tells them.
# RETURNED is model/state.py's (imported above).


def release(state: GameState, player: str, when: str | None = None) -> list[str]:
    """Seed paranormal Abduction: 'If he is killed, all abducted players are returned to the
    game': when an abductor leaves the game, every player it holds returns to play (a consumed
    Advanced Doppelganger, who holds only itself, stays out). Returns them. With WHEN (a death
    outside the night's resolution: the night tells its own captives), each returned player keeps
    the time and the abductor in its tag `returned`, so that their PM can say so."""
    out = []
    for p in state.players.values():
        data = p.tags.get(OUT)
        if p.name != player and isinstance(data, dict) and data.get("by") == player and data.get("kind") != "consumed":
            del p.tags[OUT]
            if when is not None:
                p.tags[RETURNED] = {**(p.tags.get(RETURNED) or {}), when: player}
            out.append(p.name)
    return out


def bound_to(state: GameState, player: str) -> list[str]:
    """The living players bound to `player` (converted by a Hivemind): they die when it dies."""
    return [p.name for p in state.players.values()
            if p.alive and isinstance(p.tags.get(BOUND), dict) and p.tags[BOUND].get("by") == player]


def flip_held(state: GameState, player: str) -> str | None:
    """Seed paranormal: 'Abducted players are not role-flipped until their abductor leaves the
    game': the abductor still in the game who holds this dead player's flip, or None."""
    data = state.players[player].tags.get(FLIP_HELD)
    if not isinstance(data, dict):
        return None
    by = state.players.get(data.get("by"))
    if by is None or not by.alive or out_of_game(state, by.name):
        return None
    return by.name


def out_of_game(state: GameState, player: str) -> bool:
    """Has a living player left the game for good (a consumed Advanced Doppelganger)? They do not
    count among the living for a win (seed: 'the player who was the doppelganger is now out of
    the game (although he still wins with the dopps)')."""
    data = state.players[player].tags.get(OUT)
    return isinstance(data, dict) and bool(data.get("left_game"))


def night_tag_today(state: GameState, player: str, tag: str, day: int) -> dict | None:
    """The data of a tag given to `player` on the night just before day `day` (a Mind Control
    Ray's 'vote-controlled', a Psychic Warden's 'stunned': they hold for the following day), or None."""
    data = state.players[player].tags.get(tag)
    if not isinstance(data, dict) or not isinstance(data.get("night"), int):
        return None
    return data if _day_after(state, data) == day else None


def _day_after(state: GameState, data: dict) -> int:
    """The number of the day that follows the phase a tag was given in (its data's `night`, and
    `phase` when a day action gave it)."""
    if data.get("phase") == "day":
        return data["night"] + 1
    return data["night"] if state.ruleset.first_phase == "night" else data["night"] + 1


def weight_today(state: GameState, player: str, weight: float) -> float:
    """A player's vote weight on the current day after a `vote-weight` change (seed natural III,
    'modifying vote weight'): `set` replaces the standing weight and `add` is added, from the day
    after it was given, for its `days` (0: for good). Never below 0."""
    data = state.players[player].tags.get("vote-weight")
    if state.phase != "day" or not holds_today(state, data):
        return weight
    return max(0.0, float(data.get("set", weight)) + float(data.get("add", 0.0)))


GUILD = "guild"  # the tag that holds a player's Guild once an effect changed it (effects/guild.py)


def guild_of(state: GameState, player: str) -> str:
    """The player's Guild now (seed natural's Guilds), "" for none: the one their role starts in,
    until an effect changed it."""
    data = state.players[player].tags.get(GUILD)
    if isinstance(data, dict):
        return str(data.get("name", ""))
    return state.role_of(player).guild


# Communication (effects/talk.py): the tags MODE:USER, and what the host must do about each.
TALK_MODES = ("chat", "public-chat", "mute", "post")


def communication_todo(tag: str, data: object, player: str) -> str | None:
    """What the host must do about a communication tag on `player`, or None for another tag."""
    mode, _, user = tag.partition(":")
    if mode not in TALK_MODES or not user or not isinstance(data, dict):
        return None
    by = f"{user}'s {data.get('ability') or data.get('role') or 'action'}"
    text = f" ({data['text']})" if data.get("text") else ""
    return {
        "chat": f"open a private chat between {user} and {player} ({by})",
        "public-chat": f"let {player} post in an extra public chat ({by})",
        "mute": f"{player} may not post in the game thread{text} ({by}): hold back or report any post of theirs",
        "post": f"post {user}'s message in the game thread from the host account ({by})",
    }[mode]


def holds_today(state: GameState, data: object) -> bool:
    """Does a change given with a tag (its data's `night`, `phase` and `days`, 0 = for good) hold
    in the current phase? On the `days` days after the phase it was given in, and on the nights
    between two of them."""
    if not isinstance(data, dict) or not isinstance(data.get("night"), int):
        return False
    first, days = _day_after(state, data), data.get("days", 1)

    def within(day: int) -> bool:
        return first <= day and not (days and day >= first + days)

    if state.phase == "day":
        return within(state.number)
    after = _day_after(state, {"night": state.number})  # the day this night leads to
    return within(after - 1) and within(after)


# What an identity swap moves: everything that belongs to the person, not to the name. Life
# stays with the name: the engine reports each death under the name its person ends up with.
IDENTITY = ("role", "alignment", "faction", "charges", "tags", "items", "last_targets", "last_night")


def swap_identities(state: GameState, a: str, b: str) -> None:
    """Two players swap identities: each name now holds the other's role, items and standing."""
    pa, pb = state.players[a], state.players[b]
    for key in IDENTITY:
        va, vb = getattr(pa, key), getattr(pb, key)
        setattr(pa, key, vb)
        setattr(pb, key, va)


def kill(state: GameState, player: str, when: str, cause: str, kind: str = "", phase_index: int = 0) -> None:
    """A death outside the night's resolution (an elimination, a last shot). The players bound
    to the dead (a Hivemind's converted) die with them. A kept captive who dies this way (a
    modkill) is not flipped while the abductor is in the game (seed paranormal: 'Abducted players
    are not role-flipped until their abductor leaves the game')."""
    p = state.players[player]
    held = p.tags.get(OUT)
    if isinstance(held, dict) and held.get("kind") != "consumed" and held.get("by") not in (None, player):
        by = state.players.get(held["by"])
        if by is not None and by.alive:
            p.tags[FLIP_HELD] = {"by": by.name}
    p.alive = False
    p.died = when
    p.cause = cause
    note_death(state, player, kind or cause, when, phase_index, told=False)
    for other in bound_to(state, player):
        kill(state, other, when, state.ruleset.roles[p.role].name.split(" (")[0], "bond", phase_index)


def note_death(state: GameState, player: str, kind: str, when: str, phase_index: int, told: bool = True) -> None:
    """Log a death; a Sheriff who dies holds the badge until they pass it on (or not). TOLD: the
    death's captives are told by the outcome itself (a resolved phase's); else `release` records
    their return for their PM."""
    state.deaths.append((player, kind, when, phase_index))
    release(state, player, None if told else when)
    if any({"backup", "universal-backup"} & r.passives for r in state.ruleset.roles.values()):
        from .backups import on_death  # MafiaScum's Backups take the role over now

        on_death(state, player, when)
    if state.sheriff == player:
        state.sheriff = None
        state.players[player].tags["sheriff-at-death"] = True


def victory(state: GameState) -> str | None:
    """Who has won, by the ruleset's `victory` option, or None while the game goes on.

    side-kill / all-kill (werewolf games): the `evil` faction wins when every Villager or every
    special role is dead (side-kill) or every non-evil player is dead (all-kill); the others win
    when every evil player is dead. parity (the default elsewhere): a faction with a factional
    kill wins when it holds at least half of the living; the rest win when no such player lives.
    parity-unopposed: parity, but not while a player outside the faction who kills every night on
    their own lives (seed ooo: the wolves win when 'no one else can stop them'). sides: every
    role's `victory` kind decides (engine/sides.py).
    """
    rule = state.options.get("victory", "parity")
    if rule == "sides":  # each role's own `victory` kind (seed paranormal): engine/sides.py
        from .sides import victory as sides_victory

        return sides_victory(state)
    alive = [p for p in state.players.values() if p.alive and not out_of_game(state, p.name)]
    if not alive:
        return "nobody"
    if rule == "faction-parity":
        return _faction_parity(alive)
    if rule in ("side-kill", "all-kill"):
        evil = state.options.get("evil", "Werewolves")
        wolves = [p for p in alive if p.faction == evil]
        good = [p for p in alive if p.faction != evil]
        good_side = next((p.alignment for p in state.players.values() if p.faction != evil), "Village")
        if not wolves:
            return good_side
        if rule == "all-kill":
            return evil if not good else None
        all_good = [p for p in state.players.values() if p.faction != evil]
        plain = [not state.ruleset.roles[p.role].abilities and not state.ruleset.roles[p.role].passives
                 for p in all_good]  # one look a player (not a search of the villagers for each)
        villagers = [p for p, v in zip(all_good, plain) if v]
        specials = [p for p, v in zip(all_good, plain) if not v]
        if (villagers and not any(p.alive for p in villagers)) or (specials and not any(p.alive for p in specials)):
            return evil
        return None
    killers = {}
    for p in alive:
        role = state.ruleset.roles[p.role]
        if p.faction and any(a.factional for a in role.abilities):
            killers.setdefault(p.faction, []).append(p)
    if not killers:
        sides = {p.alignment for p in alive}
        return sides.pop() if len(sides) == 1 else None
    for faction, members in killers.items():
        # A Traitor (MafiaScum) sides with a faction it is not in: it counts for the faction's parity.
        side = members[0].alignment
        members = members + [p for p in alive if not p.faction and p.alignment == side
                             and "traitor" in state.ruleset.roles[p.role].passives]
        if len(members) * 2 >= len(alive) and len(killers) == 1:
            if rule == "parity-unopposed" and any(_lone_killer(state, p, faction) for p in alive):
                return None
            return faction
    return None


KILLING = frozenset({"kill", "ignite", "infect"})


def _lone_killer(state: GameState, player, faction: str) -> bool:
    """parity-unopposed: a living player outside the faction who can kill every night on their
    own (a Serial Killer, an Arsonist, a Plague Bringer) can still stop a faction at parity."""
    if player.faction == faction:
        return False
    role = state.ruleset.roles[player.role]
    return any(not a.factional and a.uses is None and {e.kind for e in a.effects} & KILLING
               for a in role.abilities)


def _faction_parity(alive: list) -> str | None:
    """faction-parity: every role with a `faction` is on a hostile side. With no hostile player
    alive, the one side left wins; a hostile faction wins when it is the only one alive and holds
    at least half of the living (all its members count, killers or not)."""
    hostile = {p.faction for p in alive if p.faction}
    if not hostile:
        sides = {p.alignment for p in alive}
        return sides.pop() if len(sides) == 1 else None
    if len(hostile) == 1:
        faction = hostile.pop()
        members = [p for p in alive if p.faction == faction]
        if len(members) * 2 >= len(alive):
            return members[0].alignment or faction
    return None


# --------------------------------------------------------------------------- what a death owes

def owed(state: GameState, deaths: list[tuple[str, str, str]], done: set[tuple[str, str]]) -> list[dict]:  # noqa: C901
    """What each death still owes the host: last words, a last shot, the badge.

    `deaths` are (player, kind, when) in the order they happened: kind is the kill's kind
    ("werewolf", "poison", "shot", "eliminated"), when is "night N" or "day N". `done` holds
    (player, duty) pairs already recorded. Options: `last-words` ("night-1": night deaths speak
    only after night 1; banished players always speak), `last-shot-not-by` (kinds of death that
    leave no shot: poison).
    """
    out = []
    no_shot = set(str(state.options.get("last-shot-not-by", "poison")).split(","))
    # A host's kill (a modkill, 'hostkit kill') is neither the werewolves' kill nor a banishment:
    # the Hunter shoots only "when the werewolves kill you or the village banishes you".
    no_shot.add("modkill")
    for player, kind, when in deaths:
        ps = state.players[player]
        role = state.ruleset.roles[ps.role]
        duties = []
        night = when.startswith("night")
        # Last words are classic's DeathResolution (its option last-words): a ruleset without the
        # option has none, and 'due' does not ask for them there.
        speaks = "last-words" in state.ruleset.options
        if speaks and (not night or when == "night 1" or state.options.get("last-words", "night-1") == "always"):
            duties.append("last words")
        if ("last-shot" in role.passives and kind not in no_shot
                or "vengeful" in role.passives and kind == "eliminated") and (player, "shot") not in done:
            duties.append("shot")  # a Vengeful player (MafiaScum) shoots only when eliminated
        elif kind == "eliminated" and _item_shot(state, ps) and (player, "shot") not in done:
            duties.append("shot")  # seed paranormal: a lynched Hold-out Blaster holder shoots before dying
        if ps.tags.get("sheriff-at-death") and (player, "badge") not in done:
            duties.append("badge")
        out.append({"player": player, "role": role.name, "kind": kind, "when": when, "owes": duties,
                    "no_shot_because": kind if "last-shot" in role.passives and kind in no_shot else None})
    return out


def _item_shot(state: GameState, ps) -> str | None:
    """The item that gives a lynched player a shot (items.toml grants 'return-fire')."""
    table = getattr(state.ruleset, "items", None) or {}
    return next((n for n, c in sorted(ps.items.items()) if c > 0 and n in table and "return-fire" in table[n].grants),
                None)


def spend_last_shot_item(state: GameState, player: str) -> None:
    """A Hold-out Blaster is one-shot: the lynched holder's shot uses it up."""
    ps = state.players[player]
    if {"last-shot", "vengeful"} & state.ruleset.roles[ps.role].passives:
        return
    name = _item_shot(state, ps)
    if name:
        ps.items[name] -= 1
        if ps.items[name] <= 0:
            del ps.items[name]


def election(votes: dict[str, str], candidates: list[str], weights: dict[str, float]) -> tuple[dict[str, float], str | None]:
    """Seed SheriffElection: weighted totals per candidate; a tie for the most elects no one."""
    totals = {c: 0.0 for c in candidates}
    for voter, target in votes.items():
        if target in totals:
            totals[target] += weights.get(voter, 1.0)
    if not totals:
        return totals, None
    top = max(totals.values())
    leaders = [c for c, v in totals.items() if v == top]
    return totals, (leaders[0] if len(leaders) == 1 and top > 0 else None)


def speaking_order(seats: list[str], alive: set[str], sheriff: str | None, day: int) -> list[str]:
    """Seed Discussion: the Sheriff speaks last; the others go round the table from the seat
    next to the Sheriff (or from the first seat without one), clockwise on odd days and
    counter-clockwise on even days."""
    living = [s for s in seats if s in alive]
    if not living:
        return []
    n = len(seats)
    step = 1 if day % 2 else -1
    start = seats.index(sheriff) if sheriff in seats else (-1 if step == 1 else 0)
    order = []
    for k in range(1, n + 1):
        seat = seats[(start + step * k) % n]
        if seat in alive and seat != sheriff and seat not in order:
            order.append(seat)
    if sheriff in alive:
        order.append(sheriff)
    return order
