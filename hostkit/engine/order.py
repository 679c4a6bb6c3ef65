"""The two orderings of a night's actions.

*Ordered*: by the step of each ability's category in ruleset.toml's `steps`, then by the
ruleset's `tie_break` list ("Role" or "Role.Ability"), then by entry order.

*Natural* (seed natural-resolution V, the golden rule): an action that changes another resolves
first. A changes B when A blocks, jails or redirects B's actor, swaps a player B targets, or is
B's target leaving home (a commute). Independent actions do not affect each other, so they run
in a canonical order (actor, ability) and the outcome never depends on entry order. A cycle is
settled by the seed's priorities (self-changing actions first; a redirect beats a block that
cross-targets it) and what is left by the ruleset's cycle policy: `all-fail`, `nar-list` or
`first-entered`.
"""

from __future__ import annotations

import heapq
from typing import Iterator

from .effects import NAR_CATEGORY, NAR_ORDER
from .night import Act

CYCLE_POLICIES = ("all-fail", "nar-list", "first-entered")


def ordered(acts: list[Act], steps: tuple[str, ...], tie_break: tuple[str, ...]) -> list[Act]:
    """Sort by step, then tie-break list, then entry order."""
    step_index = {s: i for i, s in enumerate(steps)}
    tb = [t.lower() for t in tie_break]

    def tie(act: Act) -> int:
        for key in (act.name.lower(), act.role.name.lower()):
            if key in tb:
                return tb.index(key)
        return len(tb)

    return sorted(acts, key=lambda a: (step_index.get(a.ability.category, len(steps)), tie(a), a.index))


def _modifies(a: Act, b: Act) -> bool:
    """Does resolving `a` change how `b` resolves? (Only meaningful for a is not b.)"""
    for e in a.ability.effects:
        kind = e.kind
        if kind in ("block", "jail"):
            t = e.get("target", 0)
            if t < len(a.targets) and a.targets[t] == b.actor:
                return True
        elif kind == "redirect":
            if a.targets and a.targets[e.get("who", 0)] == b.actor:
                return True
        elif kind == "swap":
            pair = {a.targets[e.get("first", 0)], a.targets[e.get("second", 1)]}
            if pair & set(b.targets):
                return True
        elif kind == "commute":
            if a.actor in b.targets:
                return True
    return False


def _is_self_changing(act: Act) -> bool:
    """Seed natural V: an action that changes its own actor's state (a self-commute, a self-target)."""
    return "commute" in act.effect_kinds() or act.actor in act.targets


def _edges(acts: list[Act]) -> dict[int, set[int]]:
    """a -> {b}: a must resolve before b. Built from indexes, without comparing every pair."""
    by_actor: dict[str, list[int]] = {}
    by_target: dict[str, list[int]] = {}
    for i, act in enumerate(acts):
        by_actor.setdefault(act.actor, []).append(i)
        for t in set(act.targets):
            by_target.setdefault(t, []).append(i)
    out: dict[int, set[int]] = {i: set() for i in range(len(acts))}
    for i, a in enumerate(acts):
        kinds = a.effect_kinds()
        candidates: set[int] = set()
        if kinds & {"block", "jail", "redirect"}:
            for t in a.targets:
                candidates.update(by_actor.get(t, ()))
        if "swap" in kinds:
            for t in a.targets:
                candidates.update(by_target.get(t, ()))
        if "commute" in kinds:
            candidates.update(by_target.get(a.actor, ()))
        for j in candidates:
            if j != i and _modifies(a, acts[j]):
                out[i].add(j)
    return out


def _sccs(nodes: set[int], edges: dict[int, set[int]]) -> list[list[int]]:
    """Strongly connected components (iterative Tarjan), restricted to `nodes`."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on: set[int] = set()
    result: list[list[int]] = []
    counter = 0
    for root in sorted(nodes):
        if root in index:
            continue
        work: list[tuple[int, Iterator[int]]] = [(root, iter(sorted(edges[root] & nodes)))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w] & nodes))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                result.append(comp)
    return result


def _topo(nodes: set[int], edges: dict[int, set[int]]) -> list[list[int]]:
    """The components of `nodes` in an order where every edge goes forward (Kahn over the
    condensation, lowest index first, so the order is canonical)."""
    comps = _sccs(nodes, edges)
    member = {i: k for k, comp in enumerate(comps) for i in comp}
    succ: dict[int, set[int]] = {k: set() for k in range(len(comps))}
    indeg = [0] * len(comps)
    for i in nodes:
        for j in edges[i]:
            if j in nodes and member[i] != member[j] and member[j] not in succ[member[i]]:
                succ[member[i]].add(member[j])
                indeg[member[j]] += 1
    heap = [(min(c), k) for k, c in enumerate(comps) if indeg[k] == 0]
    heapq.heapify(heap)
    out: list[list[int]] = []
    while heap:
        _, k = heapq.heappop(heap)
        out.append(sorted(comps[k]))
        for m in succ[k]:
            indeg[m] -= 1
            if indeg[m] == 0:
                heapq.heappush(heap, (min(comps[m]), m))
    return out


def _nar_key(act: Act) -> tuple[int, int]:
    cats = [NAR_ORDER.index(NAR_CATEGORY.get(e.kind, "misc")) for e in act.ability.effects]
    return (min(cats, default=NAR_ORDER.index("misc")), act.index)


def natural(acts: list[Act], policy: str = "all-fail") -> tuple[list[Act], list[tuple[Act, str]]]:
    """Golden-rule order. Returns (the order to resolve in, [(act, why it fails)] for cycles)."""
    acts = sorted(acts, key=lambda a: (a.actor, a.ability.name, a.targets))
    edges = _edges(acts)
    order: list[Act] = []
    failed: list[tuple[Act, str]] = []

    def settle(nodes: set[int]) -> None:
        for comp in _topo(nodes, edges):
            if len(comp) == 1:
                order.append(acts[comp[0]])
                continue
            cyc = set(comp)
            # Seed V: actions that change their own actor's state resolve first.
            for i in comp:
                if _is_self_changing(acts[i]):
                    for j in comp:
                        edges[j].discard(i)
            # Seed V: when a block and a redirect cross-target, the redirect resolves first.
            for i in comp:
                if "redirect" not in acts[i].effect_kinds():
                    continue
                for j in comp:
                    kj = acts[j].effect_kinds()
                    if i in edges[j] and j in edges[i] and kj & {"block", "jail"} and "redirect" not in kj:
                        edges[j].discard(i)
            if any(len(c) > 1 for c in _sccs(cyc, edges)):
                if policy == "all-fail":
                    inner = [c for c in _topo(cyc, edges) if len(c) > 1]
                    stuck = {i for c in inner for i in c}
                    names = ", ".join(acts[i].label() for i in sorted(stuck))
                    for i in sorted(stuck):
                        failed.append((acts[i], f"its interaction with {names} cannot be resolved sensibly"))
                    # The rest of the component no longer waits on the failed actions.
                    settle(cyc - stuck)
                    continue
                first = min(cyc, key=(lambda k: _nar_key(acts[k])) if policy == "nar-list"
                            else (lambda k: acts[k].index))
                for j in cyc:
                    edges[j].discard(first)
            settle(cyc)

    settle(set(range(len(acts))))
    return order, failed
