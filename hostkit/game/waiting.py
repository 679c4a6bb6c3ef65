"""Who can still act this phase and has not: the host's warning before it is too late.

A *required* action is one the rules will not let go unused tonight (an ability whose
``max_skips_in_a_row`` is reached: paranormal's Doppelganger bloodlust); ``resolve`` refuses
while one is missing. An *optional* action is any other ability a living player may use now
(its phase, its nights, its first night, charges left, and for an ability that needs an attack,
some attack recorded) that nothing entered for it - neither an action nor an explicit skip. The
CLI's ``resolve`` asks for ``--force`` while optional ones are missing; the engine and
``Game.resolve`` do not (a script may resolve whatever was entered).

Standing abilities (used every night unless replaced) and innate ones are never waited on: they
happen without an entry. Nor is the opt-out of a standing ability (an ability of the same
`exclusive` group as a standing one: the War Vet's Stand Down): saying nothing keeps the standing
default, which is a choice already made. A factional ability is waited on once for the whole
faction. While an ITA window is open, an Immediate ability is not waited on: a submission would
be ignored (seed natural I).

Item abilities (items.toml: items-werewolf's items, paranormal's tech) are listed apart, by
``items_unused``: a holder may keep an item for a later night, so holding one is no promise to use
it tonight. They remind the host to read the holder's PM; ``resolve`` does not wait on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .entry import _attacked, fixing_tonight, phase_ok
from ..rules.items import action_used_up, find_ability, held, items_of

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class Waiting(NamedTuple):
    """An ability someone can still use this phase and has not entered."""

    who: str  # the player, or the faction for a factional ability
    players: tuple[str, ...]  # the living players who may enter it
    ability: str
    required: bool
    item: str = ""  # the item the ability is used through ('' for a role's own ability)
    others: tuple[str, ...] = ()  # the other abilities of its exclusive group: one of them is owed, not each

    @property
    def label(self) -> str:
        """'Proto (Maul)', 'Ann (Potion of Clarity: Clarify)' for an item's ability,
        'Wolves: Ann/Bob (Kill)' for a factional ability, or 'Ars (Douse or Ignite)' for the
        abilities of one exclusive group (one a phase)."""
        what = self.ability if not self.item or self.item == self.ability else f"{self.item}: {self.ability}"
        if self.others:
            what = " or ".join((what, *self.others))
        if self.who in self.players:
            return f"{self.who} ({what})"
        return f"{self.who}: {'/'.join(self.players)} ({what})"

    def to_json(self) -> dict:
        return {"who": self.who, "players": list(self.players), "ability": self.ability, "required": self.required,
                **({"item": self.item} if self.item else {}), **({"or": list(self.others)} if self.others else {})}


def waiting_on(game: "Game") -> list[Waiting]:
    """Every ability a living player can still use in the current phase and has not entered, in
    seat order; required ones (the skip limit is reached) marked. Empty when the game is over."""
    state = game.state
    if state.winner:
        return []
    ph = game.current
    rec = ph.record
    if rec.ended is not None:
        return []
    forced = {_key(state, name, ab) for name, ab in _forced(game)}
    out: list[Waiting] = []
    seen: set[tuple[str, str]] = set()
    groups: dict[tuple[str, str], int] = {}  # (player, exclusive group) -> its entry in `out`
    for setup in game.setup.players:
        name = setup.name
        ps = state.players.get(name)
        if ps is None or not ps.alive or game.out_of_play(name) or fixing_tonight(state, name, rec):
            continue  # a player fixing shorted-out tech takes no night action (seed EMP Pulse Bomb)
        role = state.role_of(name)
        standing = {ab.exclusive for ab in role.abilities if ab.standing and ab.exclusive}
        for ab in role.abilities:
            if ab.standing or ab.innate or not phase_ok(ab, rec):
                continue
            if ab.exclusive in standing and _key(state, name, ab) not in forced:
                continue  # the opt-out of a standing default (Stand Down): no entry keeps the default
            if _ignored_now(state, rec, ab):
                continue
            if rec.kind == "night" and rec.number < ab.first_night:
                continue
            if ab.uses is not None and ps.charges.get(ab.key, ab.uses) <= 0:
                continue
            if ab.requires == "attacked" and not _attacked(state, ph.actions, name):
                continue
            key = _key(state, name, ab)
            if key in seen or key in state.acted_now:  # resolved at once this phase (Immediate)
                continue
            seen.add(key)
            if any(_covers(state, a, name, ab) for a in ph.actions):
                continue
            if ab.exclusive and _group_used(state, ph.actions, name, ab):
                continue  # one ability of its group a phase, and another was entered
            if not ab.factional and action_used_up(state, name, ab, ph.actions):
                continue  # an item that uses up the action was entered instead (Stun Orb, Plasma Bomb)
            if not ab.factional and _self_blocked(state, name, ab, ph.actions):
                continue  # an entry of theirs makes it fail tonight (a Heavy Shield's Brace)
            if ab.factional and ps.faction:
                members = tuple(n.name for n in game.setup.players if n.name in state.players
                                and state.players[n.name].alive and state.players[n.name].faction == ps.faction
                                and not game.out_of_play(n.name) and not fixing_tonight(state, n.name, rec)
                                and state.role_of(n.name).ability(ab.name) is not None)
                out.append(Waiting(ps.faction, members, ab.name, key in forced))
            elif ab.exclusive and (name, ab.exclusive) in groups:
                # One ability of an exclusive group a phase (the Arsonist's Douse or Ignite): one
                # entry owed, not each; required when any of them is.
                i = groups[(name, ab.exclusive)]
                w = out[i]
                out[i] = w._replace(others=(*w.others, ab.name), required=w.required or key in forced)
            else:
                if ab.exclusive:
                    groups[(name, ab.exclusive)] = len(out)
                out.append(Waiting(name, (name,), ab.name, key in forced))
    return out


def _ignored_now(state, rec, ab) -> bool:
    """An Immediate day ability while an ITA window is open: its submission would be ignored."""
    from .day.dayactions import ignored_reason

    return rec.kind == "day" and bool(state.ita_open) and ignored_reason(ab, state.ita_open) is not None


def items_unused(game: "Game") -> list[Waiting]:
    """Every item ability a living holder could use in the current phase and has not entered (an
    action or an explicit skip), in seat order: listed for the host, never waited on (see the
    module's docstring). Automatic item abilities (Armour's Absorb) are not listed."""
    state = game.state
    ph = game.current
    rec = ph.record
    items = items_of(state.ruleset)
    if state.winner or rec.ended is not None or not items:
        return []
    out = []
    for setup in game.setup.players:
        name = setup.name
        ps = state.players.get(name)
        if ps is None or not ps.alive or game.out_of_play(name):
            continue
        for item_name in held(ps):
            item = items.get(item_name)
            if item is None:
                continue
            passing = sum(1 for a in ph.actions if a.actor == name and not a.declined
                          and a.ability.lower() == f"pass {item_name}".lower())
            if passing and passing >= ps.items.get(item_name, 0):
                continue  # every one held is passed tonight: not to be used (entry refuses both)
            for ab in item.abilities:
                if ab.name in item.auto or not phase_ok(ab, rec) or _ignored_now(state, rec, ab):
                    continue
                if rec.kind == "night" and rec.number < ab.first_night:
                    continue
                if state.role_of(name).ability(ab.name) is not None:
                    continue  # the role's own ability of that name is waited on above
                if any(a.actor == name and a.ability.lower() == ab.key for a in ph.actions):
                    continue
                if action_used_up(state, name, ab, ph.actions):
                    continue
                out.append(Waiting(name, (name,), ab.name, False, item.name))
    return out


def _key(state, name: str, ab) -> tuple[str, str]:
    ps = state.players[name]
    return ("faction:" + ps.faction, ab.key) if ab.factional and ps.faction else (name, ab.key)


def _covers(state, action, name: str, ab) -> bool:
    """The recorded action (an action or an explicit skip) answers NAME's ability AB."""
    if action.ability.lower() != ab.key:
        return False
    if action.actor == name:
        return True
    ps = state.players[name]
    return bool(ab.factional and ps.faction and action.actor in state.players
                and state.players[action.actor].faction == ps.faction)


def _self_blocked(state, name: str, ab, actions) -> bool:
    """NAME entered an action tonight that makes their own ability AB fail (items-werewolf's
    Heavy Shield: 'your role's actions fail that night', a block of its user with no exemption
    for AB): waiting on AB would ask the host for an action bound to fail."""
    role = state.role_of(name)
    for a in actions:
        if a.actor != name or a.ability.lower() == ab.key:
            continue
        other = role.ability(a.ability)
        if other is None:
            found = find_ability(state, name, a.ability, strict=False)
            other = found[1] if found else None
        if other is None or not a.used(other.targets):
            continue
        for e in other.effects:
            if e.kind != "block" or e.get("target", 0) != -1:
                continue
            from ..engine.acts import scope_stops  # only here: `status` loads no engine otherwise

            scope = e.get("scope", "moving")
            if scope in ("moving", "all", "all-but") and scope_stops(scope, e.get("except", ()), role.name, ab):
                return True
    return False


def _group_used(state, actions, name: str, ab) -> bool:
    role = state.role_of(name)
    for a in actions:
        if a.actor == name and a.ability.lower() != ab.key:
            other = role.ability(a.ability)
            # an entry of an ability that takes no target is its use, not a skip (a War Vet's Alert)
            if other is not None and other.exclusive == ab.exclusive and a.used(other.targets):
                return True
    return False


def _forced(game: "Game") -> list[tuple[str, object]]:
    """(player, ability) pairs whose skip limit is reached (as entry.forced_unused judges)."""
    state = game.state
    ph = game.current
    out = []
    for p in state.players.values():
        if not p.alive:
            continue
        for ab in state.role_of(p.name).abilities:
            if ab.max_skips_in_a_row and phase_ok(ab, ph.record) \
                    and game.skips_in_a_row(state, p.name, ab, ph.record) >= ab.max_skips_in_a_row:
                out.append((p.name, ab))
    return out


def waiting_text(items: list[Waiting]) -> str:
    """'waiting on: Proto (Maul), Eve (Vision)' (required ones marked), or '' when no one."""
    if not items:
        return ""
    return "waiting on: " + ", ".join(w.label + (" [required]" if w.required else "") for w in items)


def items_text(items: list[Waiting]) -> str:
    """'items not used yet (not waited on): Ann (Potion of Clarity: Clarify)', or '' when none."""
    if not items:
        return ""
    return "items not used yet (not waited on): " + ", ".join(w.label for w in items)


def resolve_checked(game: "Game", *, dry_run: bool = False, force: bool = False):
    """Resolve the current night as the host's ``resolve`` does: refused while a required action
    is missing (Game.resolve's rule), and while optional ones are missing unless FORCE (or a dry
    run, which records nothing). The refusal names every missing action."""
    from ..model.errors import RuleError

    if not dry_run and not force and game.current.record.kind == "night" and not game.state.winner:
        missing = waiting_on(game)
        required = [w for w in missing if w.required]
        if not required and missing:
            raise RuleError("not entered yet: " + ", ".join(w.label for w in missing)
                            + "; enter each (or 'skip' it: 'act PLAYER ABILITY skip'), or resolve --force to "
                            "let them go unused")
    return game.resolve(dry_run=dry_run)


def ignored_note(game: "Game", action) -> str:
    """' (ignored: submitted during ITA window 1: ...)' when ACTION, just entered by day, is an
    Immediate submission made while an ITA window is open (seed natural I); '' otherwise."""
    from .day.dayactions import ability_of, ignored_reason

    if game.current.record.kind != "day" or action.declined:
        return ""
    ab = ability_of(game.state, action)
    why = ignored_reason(ab, game.state.ita_open) if ab is not None and action.used(ab.targets) else None
    return f" (ignored: {why})" if why else ""


def replaced_note(game: "Game", action) -> str:
    """' (replaces Proto's Maul on Ann)' when ACTION takes the place of one already recorded in
    GAME (the game as it was before the entry): the same actor's ability, or the faction's one
    factional action entered by another member; '' otherwise."""
    state = game.state
    try:
        key = game._key(state, action)
    except Exception:  # noqa: BLE001 - an action the old state cannot key replaced nothing
        return ""
    for old in game.current.actions:
        if old.seq != action.seq and game._key(state, old) == key:
            what = f"{old.actor}'s {old.ability}"
            return f" (replaces {what}" + (f" on {', '.join(old.targets)})" if old.targets else " (skip))"
                                           if old.declined else ")")
    return ""


__all__ = ["Waiting", "ignored_note", "items_text", "items_unused", "replaced_note", "resolve_checked", "waiting_on",
           "waiting_text"]

