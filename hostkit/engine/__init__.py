"""The rules engine: pure functions from a replayed state and a night's actions to an outcome.

No I/O, no click, no printing. `resolve_night` orders the actions (order.py), applies each one's
effects to the Night (night.py, acts.py, effects/; the natural order's graph in graph.py) and settles
the end of the night (settle.py, deaths.py). Every
ruleset goes through the same code: a ruleset differs only in its data (roles, effects, order).
A day's actions go through the same code: `resolve_day` (see resolver.py).

The night machinery lives in resolver.py and is loaded on first use (PEP 562): importing
`hostkit.engine.day` (the day's rules, which every command's replay needs) does not load the
effect registry, the Night or the orderings. A command whose resolved nights come from the
replay cache (hostkit/game/replaycache.py), such as `hostkit status`, never loads them at all.

May use: model, and the rules' data helpers (rules/items.py). Never reaches game, store, votes, words, forum,
watch or cli: no I/O.
"""

from __future__ import annotations

from typing import Any

__all__ = ["resolve_night", "resolve_day", "resolve", "rng_for", "run", "REGISTRY"]
_RESOLVER = frozenset(__all__) | {"make_acts", "canonical"}


def __getattr__(name: str) -> Any:
    if name in _RESOLVER:
        from . import resolver

        value = getattr(resolver, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
