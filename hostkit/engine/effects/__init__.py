"""The effect registry: closed, always loaded, one module per mechanism.

Every role ability (and every item ability) is built from these effects. An effect function
takes the Night, the Act being resolved and the Effect (its parameters from roles.toml) and
changes the Night, writing one sentence to the log. Killing, protection, heals, ignitions and
investigations only record what was attempted: settle.py decides at the end of the night who
dies and what is learnt.

The mechanisms: block.py (block, redirect, swap, jail, commute, distract, lock, abduct,
blackout), protect.py (protect, heal, guard), kill.py (kill, kill-visitors, ignite, maul,
infect, guilt, count-kills), info.py (inspect, observe and the other readings), change.py
(frame, tag, convert and the other changes of what a player is), items.py (steal, loot,
give, swap-identity, shift, revive), tech.py (plasma, short, and what alien tech items do),
talk.py (communicate: natural's Communication), pace.py (accelerate: natural's Accelerator),
guild.py (join-guild, leave-guild: natural's Guilds) and conditions.py (MafiaScum's Loyal,
Disloyal, Weak, Macho, Ninja and a 1-Shot Bulletproof: no effect, a reach rule and readings)
readings.py (detect: MafiaScum's Role Cop, Vanilla Cop, Gunsmith, Detective, Motion Detector...)
links.py (link: a Babysitter's and a Hider's linked deaths), strength.py (strengthen: a
Strengthener's target's kills made Strong) invent.py (invent: an Inventor's one-shot item) and masonry.py (masonize: a Masonizer's recruit).
Each declares its effects in an EFFECTS table of
EffectSpecs; this module joins them, once, at import. Nothing registers itself from elsewhere,
so the registry (and every night) is the same whatever else a process has imported: a ruleset
names effects in its data, and the loader refuses a name that is not here.

PARAMS declares each effect's parameters with their types and defaults; the ruleset loader
refuses unknown parameters with the nearest one suggested, so a host's custom role in roles.toml
is checked as strictly as a bundled one. Target slots (`target`, `who`, `to`, `first`, `second`)
index the ability's targets from 0; `target = -1` means the acting player themself.

The reach rules (REACH, USABLE) and the acts no one enters (EXTRA_ACTS) are fixed tuples here
too, so every ruleset honours them: a passive means the same thing everywhere.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable

from ..acts import Act
from ..night import Night
from . import (block, build, change, conditions, control, doom, guild, info, invent, items, kill, links, masonry, pace, protect, readings,
               steal, strength, talk, tech)
from .base import EffectSpec

MODULES = (block, protect, kill, info, change, items, steal, tech, build, talk, pace, guild, conditions, readings, links, strength, invent,
           masonry)


def _join() -> dict[str, EffectSpec]:
    out: dict[str, EffectSpec] = {}
    for module in MODULES:
        for name, spec in module.EFFECTS.items():
            if name in out:
                raise ValueError(f"effect {name!r} is declared twice")
            out[name] = spec
    return out


SPECS: MappingProxyType[str, EffectSpec] = MappingProxyType(_join())
REGISTRY: MappingProxyType[str, Callable[..., None]] = MappingProxyType({n: s.fn for n, s in SPECS.items()})
PARAMS: MappingProxyType[str, dict[str, tuple[Any, Any]]] = MappingProxyType({n: s.params for n, s in SPECS.items()})
CHOICES: MappingProxyType[tuple[str, str], tuple[Any, ...]] = MappingProxyType(
    {(n, k): v for n, s in SPECS.items() for k, v in s.choices.items()})
# Which category of natural-resolution priority each effect belongs to (MafiaScum's NAR list).
NAR_CATEGORY: MappingProxyType[str, str] = MappingProxyType({n: s.category for n, s in SPECS.items()})
NAR_ORDER = ("copy", "hide", "bus", "block", "redirect", "protect", "misc", "kill", "recruit", "inspect")
# Seed natural III: the kind each effect is, in the seed's words (what a Follower learns). Poison
# and douse are tags: state-changing, not killing (footnote 1). A commute is rules changing.
KIND_WORDS: MappingProxyType[str, str] = MappingProxyType({n: s.kind for n, s in SPECS.items()})
KIND_ORDER = info.KIND_ORDER
# End-of-night readers: effect -> fn(night, act, effect, target) -> the result.
READERS = MappingProxyType({n: s.reader for n, s in SPECS.items() if s.reader is not None})

# Effects that change the acting player's own state, targeted or not (seed natural V priority).
SELF_CHANGING = frozenset({"commute", "kill-visitors"})

# Why an act cannot reach a target (fn(night, act, target) -> reason or None), in this order.
REACH: tuple[Callable[[Night, Act, str], str | None], ...] = (
    block.locked, block.shielded, block.abducted, info.hidden, conditions.loyalty)
# Why an actor cannot act tonight at all (fn(night, act) -> reason or None).
USABLE: tuple[Callable[[Night, Act], str | None], ...] = (block.out_of_play, tech.fixing, conditions.lazy, conditions.enabled)
# After an act reached its targets, before its effects: True when the act is taken care of (an
# Advanced shield makes it seem to work). fn(night, act) -> bool.
BEFORE_EFFECTS: tuple[Callable[[Night, Act], bool], ...] = (tech.before_effects, conditions.immunity_to, conditions.weak)
# A reading shown instead of the truth (an Advanced shield, a Holoform): fn(night, act, effect, target) -> value or None.
FAKE_READINGS = (tech.fake_reading,)
# Effects that go off at their target's place: a full shield (a Body Double) spares the target
# itself, not the others caught there (the Plasma Bomb's chain; decision body-double-plasma-bomb).
BLASTS = frozenset({"plasma"})
# Acts no one enters: fn(state, acts, holders) -> more Acts (an item's automatic use; holders:
# Night.holders, the players who hold items).
EXTRA_ACTS = (items.auto_acts, doom.abomination_acts, control.forcible_acts)

investigate = info.investigate


def kinds_phrase(act: Act) -> str:
    """'killing and protection': each kind of the act's effects once, in the seed's order."""
    return info.kinds_phrase(act, KIND_WORDS)


__all__ = ["SPECS", "REGISTRY", "PARAMS", "CHOICES", "NAR_CATEGORY", "NAR_ORDER", "KIND_WORDS", "READERS",
           "REACH", "USABLE", "EXTRA_ACTS", "BEFORE_EFFECTS", "BLASTS", "FAKE_READINGS", "SELF_CHANGING", "EffectSpec", "kinds_phrase"]
