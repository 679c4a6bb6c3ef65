"""The rules engine: pure functions from a replayed state and a night's actions to an outcome.

No I/O, no click, no printing. `resolve_night` orders the actions (order.py), applies each one's
effects to the Night (night.py, effects.py) and settles the end of the night (settle.py).
"""

from __future__ import annotations

import random
from typing import Sequence

from ..model import Action, GameState, NightOutcome, Ruleset
from .effects import REGISTRY
from .night import Act, Night
from .order import natural, ordered
from .settle import settle


def rng_for(seed: int, phase: str, number: int) -> random.Random:
    """The one source of randomness for a phase: the same on every machine."""
    return random.Random(f"hostkit:{seed}:{phase}:{number}")


def make_acts(state: GameState, actions: Sequence[Action], ruleset: Ruleset) -> list[Act]:
    acts = []
    for i, action in enumerate(actions):
        role = state.role_of(action.actor)
        ability = role.ability(action.ability)
        if ability is None:  # game.py validates at entry; a hand edit may still get here
            continue
        acts.append(Act(action, ability, role, list(action.targets), i))
    return acts


def resolve_night(state: GameState, actions: Sequence[Action], ruleset: Ruleset,
                  rng: random.Random) -> NightOutcome:
    """Resolve one night. `state` is the state at the start of the night; it is not changed."""
    night = Night(state, ruleset, rng)
    acts = make_acts(state, actions, ruleset)
    night.acts = acts
    if ruleset.resolution == "natural":
        order, failed = natural(acts, state.options.get("cycle-policy", "all-fail"))
        for act, reason in failed:
            night.fail(act, reason)
    else:
        order = ordered(acts, ruleset.steps, ruleset.tie_break)
    for act in order:
        run(night, act)
    return settle(night)


def run(night: Night, act: Act) -> None:
    """Apply one action: blocks, redirects and swaps first, then its effects, then its visits."""
    if act.failed:
        return
    if act.action.skip:
        night.say(f"{act.label()} chooses not to use {act.ability.name}.")
        act.done = True
        return
    blocks = night.block_of(act)
    if blocks:
        for b in blocks:
            night.blocked.setdefault(act.actor, []).append((b.by.role.name, b.notifies(act)))
        night.fail(act, "blocked by " + " and ".join(b.by.label() for b in blocks))
        return
    _retarget(night, act)
    for t in dict.fromkeys(act.targets):
        reason = night.reachable(act, t)
        if reason:
            night.fail(act, reason)
            return
    shielded = {t for t in act.targets
                if any(p.against == "all" and p.by is not act and not p.by.failed
                       for p in night.protections.get(t, ()))}
    for effect in act.ability.effects:
        target_index = effect.get("target", 0)
        if shielded and effect.kind not in ("kill", "ignite") and target_index < len(act.targets) \
                and act.targets[target_index] in shielded:
            night.say(f"{act.targets[target_index]} is protected from {act.label()}'s {effect.kind}.")
            continue
        REGISTRY[effect.kind](night, act, effect)
    if act.failed:
        return
    if act.ability.moves:
        for t in dict.fromkeys(act.targets):
            if t != act.actor:
                night.visit(act, t)
    act.done = True


def _retarget(night: Night, act: Act) -> None:
    if act.actor in night.redirects and act.targets and act.ability.targets:
        by, new = night.redirects[act.actor]
        if by.failed is None:
            if new == act.actor and not act.ability.self_target or not night.alive(new):
                # Seed natural III: a redirect to an illegal target fails instead.
                night.fail(by, f"{new} is not a legal target for {act.label()}'s {act.ability.name}")
                night.unvisit(by)
            else:
                night.say(f"{act.label()}'s {act.ability.name} is redirected from {act.targets[0]} to {new}.")
                act.targets[0] = new
                act.redirected = True
    for by, a, b in night.swaps:
        if by is act or by.failed:
            continue
        swapped = [b if t == a else a if t == b else t for t in act.targets]
        if swapped != act.targets:
            night.say(f"{by.label()}'s swap sends {act.label()}'s {act.ability.name} to {', '.join(swapped)}.")
            act.targets = swapped


__all__ = ["resolve_night", "rng_for", "run", "REGISTRY"]
