"""The day's rules: applying a night's outcome or an elimination to the state, and win checks."""

from __future__ import annotations

from ..model import GameState, NightOutcome


def apply_outcome(state: GameState, outcome: NightOutcome) -> None:
    """Apply a night's standing changes (deaths, charges, tags, conversions at day start)."""
    for change in outcome.changes:
        p = state.players.get(change.player)
        if p is None:
            continue
        if change.kind == "death":
            p.alive = False
            p.died = f"night {outcome.night}"
            p.cause = change.key
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
            p.role = role.name
            p.alignment = role.alignment
            p.faction = change.value or role.faction
            # Seed ooo 12: a converted player gets the new role's full set of charges.
            p.charges = {a.key: a.uses for a in role.abilities if a.uses is not None}


def kill(state: GameState, player: str, when: str, cause: str) -> None:
    p = state.players[player]
    p.alive = False
    p.died = when
    p.cause = cause


def victory(state: GameState) -> str | None:
    """Who has won, by the ruleset's `victory` option, or None while the game goes on.

    side-kill / all-kill (werewolf games): the `evil` faction wins when every Villager or every
    special role is dead (side-kill) or every non-evil player is dead (all-kill); the others win
    when every evil player is dead. parity (the default elsewhere): a faction with a factional
    kill wins when it holds at least half of the living; the rest win when no such player lives.
    """
    rule = state.options.get("victory", "parity")
    alive = [p for p in state.players.values() if p.alive]
    if not alive:
        return "nobody"
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
        villagers = [p for p in all_good if not state.ruleset.roles[p.role].abilities
                     and not state.ruleset.roles[p.role].passives]
        specials = [p for p in all_good if p not in villagers]
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
        if len(members) * 2 >= len(alive) and len(killers) == 1:
            return faction
    return None
