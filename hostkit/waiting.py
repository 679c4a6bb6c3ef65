"""Who can still act this phase and has not: the host's warning before it is too late.

A *required* action is one the rules will not let go unused tonight (an ability whose
``max_skips_in_a_row`` is reached: paranormal's Doppelganger bloodlust); ``resolve`` refuses
while one is missing. An *optional* action is any other ability a living player may use now
(its phase, its nights, its first night, charges left, and for an ability that needs an attack,
some attack recorded) that nothing entered for it - neither an action nor an explicit skip. The
CLI's ``resolve`` asks for ``--force`` while optional ones are missing; the engine and
``Game.resolve`` do not (a script may resolve whatever was entered).

Standing abilities (used every night unless replaced) and innate ones are never waited on: they
happen without an entry. A factional ability is waited on once for the whole faction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .entry import _attacked, phase_ok
from .items import action_used_up

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class Waiting(NamedTuple):
    """An ability someone can still use this phase and has not entered."""

    who: str  # the player, or the faction for a factional ability
    players: tuple[str, ...]  # the living players who may enter it
    ability: str
    required: bool

    @property
    def label(self) -> str:
        """'Proto (Maul)', or 'Wolves: Ann/Bob (Kill)' for a factional ability."""
        if self.who in self.players:
            return f"{self.who} ({self.ability})"
        return f"{self.who}: {'/'.join(self.players)} ({self.ability})"

    def to_json(self) -> dict:
        return {"who": self.who, "players": list(self.players), "ability": self.ability, "required": self.required}


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
    for setup in game.setup.players:
        name = setup.name
        ps = state.players.get(name)
        if ps is None or not ps.alive or game.out_of_play(name):
            continue
        for ab in state.role_of(name).abilities:
            if ab.standing or ab.innate or not phase_ok(ab, rec):
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
            if ab.factional and ps.faction:
                members = tuple(n.name for n in game.setup.players if n.name in state.players
                                and state.players[n.name].alive and state.players[n.name].faction == ps.faction
                                and not game.out_of_play(n.name)
                                and state.role_of(n.name).ability(ab.name) is not None)
                out.append(Waiting(ps.faction, members, ab.name, key in forced))
            else:
                out.append(Waiting(name, (name,), ab.name, key in forced))
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


def _group_used(state, actions, name: str, ab) -> bool:
    role = state.role_of(name)
    for a in actions:
        if a.actor == name and a.ability.lower() != ab.key:
            other = role.ability(a.ability)
            # an entry of an ability that takes no target is its use, not a skip (a War Vet's Alert)
            if other is not None and other.exclusive == ab.exclusive and (not a.skip or other.targets == 0):
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


def resolve_checked(game: "Game", *, dry_run: bool = False, force: bool = False):
    """Resolve the current night as the host's ``resolve`` does: refused while a required action
    is missing (Game.resolve's rule), and while optional ones are missing unless FORCE (or a dry
    run, which records nothing). The refusal names every missing action."""
    from .errors import RuleError

    if not dry_run and not force and game.current.record.kind == "night" and not game.state.winner:
        missing = waiting_on(game)
        required = [w for w in missing if w.required]
        if not required and missing:
            raise RuleError("not entered yet: " + ", ".join(w.label for w in missing)
                            + "; enter each (or 'skip'), or resolve --force to let them go unused")
    return game.resolve(dry_run=dry_run)


def ignored_note(game: "Game", action) -> str:
    """' (ignored: submitted during ITA window 1: ...)' when ACTION, just entered by day, is an
    Immediate submission made while an ITA window is open (seed natural I); '' otherwise."""
    from .dayactions import ability_of, ignored_reason

    if game.current.record.kind != "day" or action.skip:
        return ""
    ab = ability_of(game.state, action)
    why = ignored_reason(ab, game.state.ita_open) if ab is not None else None
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
            return f" (replaces {what} " + (f"on {', '.join(old.targets)})" if old.targets else "(skip))")
    return ""


__all__ = ["Waiting", "ignored_note", "replaced_note", "resolve_checked", "waiting_on", "waiting_text"]

