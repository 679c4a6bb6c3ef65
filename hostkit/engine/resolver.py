"""Resolving a night: order the actions (order.py), apply each one's effects to the Night
(night.py, effects/) and settle the end of the night (settle.py). Every ruleset goes through the
same code: a ruleset differs only in its data (roles, effects, order). No I/O, no click, no
printing. `hostkit.engine` exports what is here; this module is imported only when a night is
resolved (see the package docstring).

A day's actions go through the same code (seed natural II: Day and Cycle actions resolve at the
end of the phase, Immediate ones as soon as they are submitted): `resolve_day` resolves a batch
of day actions as one "phase", with no night-only steps (no standing alerts, no automatic item
uses, no delayed poison: those belong to the night)."""

from __future__ import annotations

import gc
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Sequence

from ..rules.items import find_ability
from ..model.roles import Ability, Role, Ruleset
from ..model.entries import Action
from ..model.state import GameState, PlayerState
from ..model.outcome import NightOutcome
from .day import guild_of
from .effects import BEFORE_EFFECTS, BLASTS, EXTRA_ACTS, KIND_WORDS, REACH, REGISTRY, USABLE
from .acts import Act
from .night import Night
from .order import accelerations, natural, ordered, simultaneous
from .settle import settle as settle_night


if TYPE_CHECKING:  # pragma: no cover
    import random


class _Seeded:
    """random.Random(SEED), made at its first draw: most nights draw nothing (no chance of a kill,
    no random reading), and importing `random` (with the hashing its string seeds use) was some
    3 M instructions of every replayed night's first resolution (issue 39). The draws are those
    of random.Random(SEED), in the same order."""

    __slots__ = ("_seed", "_rng")

    def __init__(self, seed: str) -> None:
        self._seed = seed
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:  # only for what the slots are not: Random's methods
        if self._rng is None:
            import random

            self._rng = random.Random(self._seed)
        return getattr(self._rng, name)


def rng_for(seed: int, phase: str, number: int) -> random.Random:
    """The one source of randomness for a phase: the same on every machine."""
    return _Seeded(f"hostkit:{seed}:{phase}:{number}")  # type: ignore[return-value]


def make_acts(state: GameState, actions: Sequence[Action], ruleset: Ruleset, phase: str = "night",
              boosts: dict[int, tuple[str, Ability]] | None = None,
              roles: dict[str, Role] | None = None,
              holders: dict[str, PlayerState] | None = None) -> list[Act]:
    """The phase's actions as Acts, in entry order (Act.index); unknown actors/abilities dropped.
    Standing abilities and an item's automatic uses are added at night only. An ability an item
    of its holder modifies (the Advanced Targeting System) is used modified; `boosts` (when given)
    receives act position -> (item, the unmodified ability). `roles` (Night.roles, when given)
    holds the living players' roles already worked out; `holders` (Night.holders, when given)
    every player who holds an item."""
    boosts = {} if boosts is None else boosts
    roles = {} if roles is None else roles
    if holders is None:
        holders = {p.name: p for p in state.players.values() if p.items}
    acts = []
    table: list[dict[tuple[str, str], tuple[str, Ability]]] = []

    def partners() -> dict[tuple[str, str], tuple[str, Ability]]:  # made once a phase, when first asked
        if not table:
            table.append(state.partners(roles))
        return table[0]

    for i, action in enumerate(actions):
        if action.actor not in state.players:
            continue
        role = roles.get(action.actor) or state.role_of(action.actor)
        ability = role.ability(action.ability)
        if ability is None:  # an item's or an innate ability (hostkit/items.py)
            found = find_ability(state, action.actor, action.ability, strict=False, partners=partners)
            if found is not None:
                role, ability = found
        if ability is None:  # game.py validates at entry; a hand edit may still get here
            continue
        act = Act(action, ability, role, action.targets, i)
        boost = modified(state, action.actor, ability, holders)
        if boost is not None:
            boosts[len(acts)] = (boost[0], ability)
            act.ability = boost[1]
        acts.append(act)
    if phase != "night":
        return acts
    acts = acts + _standing(state, acts, roles)
    for extra in EXTRA_ACTS:  # acts no one enters (an item's automatic use)
        acts = acts + extra(state, acts, holders)
    return acts


def modified(state: GameState, player: str, ability: Ability,
             holders: dict[str, PlayerState] | None = None) -> tuple[str, Ability] | None:
    """(item, the ability as modified) when an item the player holds modifies this ability of
    theirs (items.toml `modifies`: the Advanced Targeting System's unstoppable Kill). `holders`
    (when given) are all the players who hold items: no one else's state is read."""
    table = getattr(state.ruleset, "items", None)
    if not table or ability.phase == "day":
        return None
    ps = state.players[player] if holders is None else holders.get(player)
    if ps is None:
        return None
    for name, count in sorted(ps.items.items()):
        item = table.get(name)
        if item is None or count <= 0 or not item.modifies \
                or str(item.modifies.get("ability", "")).lower() != ability.key:
            continue
        change = {k: v for k, v in item.modifies.items() if k != "ability"}
        effects = tuple(e._replace(params=MappingProxyType({**e.params, **change})) if e.kind == "kill" else e
                        for e in ability.effects)
        return item.name, ability._replace(effects=effects)
    return None


def _standing(state: GameState, acts: list[Act], roles: dict[str, Role]) -> list[Act]:
    """A `standing` ability is used every night without being entered (a War Vet's alert), unless
    its user entered it (or declined it), or another ability of its `exclusive` group (Stand
    Down), or used an item that uses up their action (items.toml `action`: seed paranormal's
    Stun Orb 'does use up the alien's action', as an entered Alert beside it is refused)."""
    out: list[Act] = []
    n = len(acts)
    entered: dict[str, list[Act]] = {}
    for a in acts:
        entered.setdefault(a.actor, []).append(a)
    items = getattr(state.ruleset, "items", None) or {}
    living = roles.items() if roles else ((p.name, state.role_of(p.name)) for p in state.players.values() if p.alive)
    for name, role in living:
        for ab in role.abilities:
            if not ab.standing or ab.phase == "day":
                continue
            if any(a.ability.name == ab.name or ab.exclusive and a.ability.exclusive == ab.exclusive
                   or not a.skip and a.role.name in items and items[a.role.name].action
                   for a in entered.get(name, ())):
                continue
            out.append(Act(Action(name, ab.name, (), seq=-1), ab, role, (), n + len(out)))
    return out


def canonical(acts: list[Act]) -> list[Act]:
    """The order natural resolution lists independent actions in: by actor, ability, targets."""
    return sorted(acts, key=lambda a: (a.actor, a.ability.name, a.action.targets))


def resolve(state: GameState, actions: Sequence[Action], ruleset: Ruleset,
            rng: random.Random, phase: str = "night") -> tuple[NightOutcome, Night]:
    """Resolve one night (or, with phase="day", a batch of day actions) and also return the
    resolved Night (visits, blocks...) for inspection.

    The cyclic garbage collector is paused while the phase resolves, and restored as it was.
    Resolving builds no reference cycles (tests/test_engine_gc.py checks every bundled ruleset),
    so reference counting frees each object the moment it is done with, and a collection
    during the night could free nothing: it would only walk the night's live objects (a
    10,000-player night makes more than the `hostkit` command's threshold of 50,000 and paid a
    collection of them, for nothing). Should a cycle ever be made, it is not leaked: the
    collector still tracks it and frees it at its first collection after the night."""
    if not gc.isenabled():  # the caller paused it: leave it so
        return _resolve(state, actions, ruleset, rng, phase)
    gc.disable()
    try:
        return _resolve(state, actions, ruleset, rng, phase)
    finally:
        gc.enable()


def _resolve(state: GameState, actions: Sequence[Action], ruleset: Ruleset,
             rng: random.Random, phase: str) -> tuple[NightOutcome, Night]:
    """resolve(), with the collector as the caller left it."""
    night = Night(state, ruleset, rng, reach=REACH, usable=USABLE, kind_words=KIND_WORDS, phase=phase)
    boosts: dict[int, tuple[str, Ability]] = {}
    acts = make_acts(state, actions, ruleset, phase, boosts, night.roles, night.holders)
    night.ext["boosted"] = {id(acts[i]): b for i, b in boosts.items()}
    if ruleset.resolution == "natural":
        acts = canonical(acts)
    night.add_acts(acts)
    # Seed natural II: an Immediate action resolves as soon as it is submitted, so it comes before
    # everything that resolves at the end of the night, in the order the host entered them.
    now = sorted((a for a in acts if a.ability.immediate), key=lambda a: a.index)
    for act in now:
        run(night, act)
    rest = [a for a in acts if not a.ability.immediate] if now else acts
    if ruleset.resolution == "ordered":
        simultaneous(rest, ruleset.steps, ruleset.simultaneous)
        queue = ordered(rest, ruleset.steps, ruleset.tie_break)
        fast = accelerations(queue)
        ran: set[int] = set()
        for i, act in enumerate(queue):
            if i in ran:
                continue
            run(night, act)
            # An Accelerator's targets' actions resolve right after its own, when it resolved
            # (decision accelerator-ordered: in an ordered night its category's step says when).
            if i in fast and act.done and act.failed is None:
                for j in fast[i]:
                    if j not in ran and j > i:
                        ran.add(j)
                        run(night, queue[j])
    else:
        # natural: the golden rule, independent actions in canonical order; priorities: the same
        # graph, with the ruleset's steps, tie_break and entry order between concurrent actions.
        if ruleset.resolution == "priorities":
            rest = ordered(rest, ruleset.steps, ruleset.tie_break)
        policy = state.options.get("cycle-policy", "all-fail")
        for act, reason in natural(rest, policy, stopped=lambda a: _stopped(night, a), priorities=ruleset.priorities,
                                   own_guild=lambda p: guild_of(state, p)):
            if reason is None:
                run(night, act)
            else:
                night.fail(act, reason)
    return settle_night(night), night


def resolve_night(state: GameState, actions: Sequence[Action], ruleset: Ruleset,
                  rng: random.Random) -> NightOutcome:
    """Resolve one night. `state` is the state at the start of the night; it is not changed."""
    return resolve(state, actions, ruleset, rng)[0]


def resolve_day(state: GameState, actions: Sequence[Action], ruleset: Ruleset,
                rng: random.Random) -> NightOutcome:
    """Resolve a batch of day actions (the day's end, or one Immediate action) through the same
    engine: the outcome's `phase` is "day", its `night` the day's number. `state` is not changed;
    apply the outcome with engine.day.apply_outcome. Night abilities in the batch fail, naming
    the prefix; Day and Cycle abilities resolve."""
    return resolve(state, actions, ruleset, rng, phase="day")[0]


def _stopped(night: Night, act: Act) -> bool:
    """Is the act already certain to fail, from what has resolved so far?"""
    return act.failed is not None or (not act.skip and bool(night.block_of(act)))


def run(night: Night, act: Act) -> None:
    """Apply one action: its blocks, diversions and redirects first, then its effects, then its
    visits (seed natural I: an action visits only when it resolves)."""
    if act.failed:
        return
    act.ran = night.ran
    night.ran += 1
    if act.skip:
        night.say(f"{act.label()} chooses not to use {act.used}.")
        act.done = True
        return
    why = night.unusable(act)
    if why:
        night.fail(act, why)
        return
    blocks = night.block_of(act)
    if blocks:
        for b in blocks:
            if act.body != act.actor:  # a Robot stopped: its player was not blocked
                if b.notifies(act):
                    night.notices.append((act.actor, f"Your {act.ability.body}'s {act.used} was stopped tonight."))
                    night.ext.setdefault("told-failed", set()).add(id(act))
                continue
            night.blocked.setdefault(act.actor, []).append((b.by.role.name, b.notifies(act)))
        if act.body == act.actor and any(b.notifies(act) for b in blocks):
            night.ext.setdefault("blocked-uses", {}).setdefault(act.actor, []).append(act.used)
        act.blocked = True
        if act.ability.power == "tech" and all(b.shorts for b in blocks):
            # Shorted out, not spent: 'Tech devices can be fixed the following night' (seed EMP
            # Pulse Bomb), so a one-shot invention (an Assassin Bot) still has its use.
            act.keeps_charge = True
        night.fail(act, "blocked by " + " and ".join(b.by.label() for b in blocks))
        return
    _retarget(night, act)
    for t in dict.fromkeys(act.targets):
        reason = night.reachable(act, t)
        if reason:
            night.fail(act, reason)
            return
    if any(hook(night, act) for hook in BEFORE_EFFECTS):
        return
    if act.ability.requires == "attacked" and act.targets:
        if all(p == act.actor for p in night.attacked_entered.get(act.targets[0], ())):
            night.fail(act, f"{act.ability.name} needs an attack on {act.targets[0]}, and none was entered")
            return
    for effect in act.ability.effects:
        target = _subject(act, effect)
        guard = night.shield(act, target) if target is not None and target != act.body else None
        if guard is not None:
            night.say(f"{guard.by.label()}'s protection stops {act.what()}'s {effect.kind} on {target}.")
            if effect.kind == "abduct":
                # The abductor is told what its abduction did when it works (kept, returned, a role
                # stolen); when a protection stops it (a Body Double), that it failed, not why.
                night.notices.append((act.actor, f"Your {act.used} on {target} failed: you could not take them tonight."))
            night.ext.setdefault("shielded", set()).add(id(guard))  # a tell = "user" protection says so
            if effect.kind in BLASTS:  # the blast still goes off there: the shield spares its target only
                night.ext.setdefault("spared", {})[(id(act), target)] = guard
                REGISTRY[effect.kind](night, act, effect)
            continue
        REGISTRY[effect.kind](night, act, effect)
        if act.failed:
            return
    if act.ability.moves:
        for t in dict.fromkeys(act.targets):
            if t != act.body:  # a Robot guarding its Mind Stealer visits them
                night.visit(act, t)
    act.done = True


def _subject(act: Act, effect) -> str | None:
    """The player an effect acts on, for protections that stop effects (seed natural III). A kill
    is not stopped here: settle.py weighs every attack against every protection at the end."""
    if effect.kind in ("kill", "ignite", "kill-visitors", "commute", "swap"):
        return None
    if effect.kind == "redirect":
        return act.slot(effect, "who", 0)
    return act.slot(effect)


def _retarget(night: Night, act: Act) -> None:
    """Bus drives first (they divert what was aimed at a player), then a redirect, which replaces
    the first target with a place already diverted when the redirect resolved."""
    if night.perm and act.targets:
        moved = tuple(night.perm.get(t, t) for t in act.targets)
        if moved != act.targets:
            night.say(f"{act.what()} is diverted by a bus drive from {', '.join(act.targets)} to {', '.join(moved)}.")
            act.targets = moved
    if act.body in night.redirects and act.targets:
        by, new = night.redirects[act.body]
        kills_only = any(e.kind == "redirect" and e.get("kills", False) for e in by.ability.effects)
        if by is not act and not by.failed and act.targets[0] != new and (not kills_only or act.is_killing()):
            night.say(f"{act.what()} is redirected by {by.label()} from {act.targets[0]} to {new}.")
            act.targets = (new, *act.targets[1:])
            act.redirected = True


__all__ = ["resolve_night", "resolve_day", "resolve", "rng_for", "run", "REGISTRY"]
