"""The two orderings of a night's actions.

*Ordered*: by the step of each ability's category in ruleset.toml's `steps`, then by the
ruleset's `tie_break` list ("Role" or "Role.Ability"), then by entry order.

*Natural* (seed natural-resolution V, the golden rule): an action that changes another resolves
first. A changes B when A blocks B's actor, redirects B's actor, diverts (bus-drives) a player B
targets, protects B's target from B, or leaves home (commutes, goes on alert) while B targets A.
The graph is built on every target an action *could* end up with (its entered targets, where a
redirect could send it, and the bus drivers' partners of those), so a redirect or a bus drive
decided during the night never makes an action run too early.

The ruleset's `priorities` (ruleset.toml, data) are part of the graph, each one by name:
- `self-change-first`: an action that changes its own actor's state (a commute, an alert, a
  self-protection) comes before the actions it affects, even those that would block it;
  without it, a block on a commuter and the commute form a cycle;
- `redirect-over-block`: when a block and a redirect cross-target, the redirect comes first;
  without it they form a cycle;
- `block-first` (seed ooo 1, "action priority first"): a block or jail comes before every
  action of the player it stops, even one that changes its own user (an alert): the
  self-change's edge back to the block is dropped, so there is no cycle and the block wins.
Whatever makes its target unreachable comes before every action that could reach for them, in
every natural and priorities ruleset: a jail and a lock before every visit to the jailed or
locked player, an abduction before every action aimed at the abducted (seed ooo 10: "Attempting
but failing to reach a jailed/locked target still counts as having left home"; the reach is
stopped, whatever the step of the visit).
Two redirects of one player to different places, or two bus drives that share a player, cannot
both be honoured (seed I): they always form a cycle.

Independent actions do not affect each other, so they run in a canonical order (the caller sorts
by actor, ability and targets): the outcome never depends on entry order. A cycle (a strongly
connected component) is settled when its turn comes: members already stopped by what resolved
before it (a block from outside) resolve (and fail) first; what is left goes to the ruleset's
cycle policy: `all-fail` (the seed: every member fails and does not visit), `nar-list`
(MafiaScum's category list, then entry order), `first-entered`, or `tie-break` (the member first
in the order the acts were given in: a `priorities` ruleset's steps, tie_break, then entry; seed
ooo 1: "use OoO if two actions are otherwise concurrent", two blockers on each other).

"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from .effects import NAR_CATEGORY, NAR_ORDER
from .acts import Act
from .policies import PRIORITIES
from .graph import edges


def ordered(acts: list[Act], steps: tuple[str, ...], tie_break: tuple[str, ...]) -> list[Act]:
    """Sort by step, then tie-break list, then entry order."""
    step_index = {s: i for i, s in enumerate(steps)}
    tb = {t.lower(): i for i, t in reversed(list(enumerate(tie_break)))}
    ranks: dict[tuple[str, str, str], int] = {}  # (role, ability, category) -> (step, tie-break) as one number
    width = max((a.index for a in acts), default=0) + 1  # past every entry index

    def key(act: Act) -> int:
        ab = act.ability
        k = (act.role.name, ab.name, ab.category)
        rank = ranks.get(k)
        if rank is None:
            tie = next((tb[n] for n in (f"{k[0]}.{k[1]}".lower(), k[0].lower()) if n in tb), len(tie_break))
            rank = ranks[k] = step_index.get(ab.category, len(steps)) * (len(tie_break) + 1) + tie
        return rank * width + act.index

    # (step, tie-break, entry index) as one integer: the same order as the tuple, worked out
    # once a role's ability, and compared without building a tuple per act.
    return sorted(acts, key=key)


def simultaneous(acts: list[Act], steps: tuple[str, ...], together: tuple[str, ...]) -> None:
    """Mark the acts of the steps whose actions resolve simultaneously (ruleset.toml
    `simultaneous`; seed items: "Multiple actions that fall in the same category are executed more
    or less simultaneously"): a block or jail made in such a step stops only the actions of later
    steps, so within the step nothing depends on the order they were typed in or the tie-break
    list. The steps left out keep their order (seed items: "Redirects and identity swaps occur in
    a deterministic, server-defined order")."""
    if not together:
        return
    index = {s: i for i, s in enumerate(steps) if s in together}
    for act in acts:
        act.step = index.get(act.ability.category, -1)


def _topo(nodes: set[int] | range, graph: dict[int, set[int]]) -> list[int | list[int]]:
    """The strongly connected components of `nodes`, in an order where every edge goes forward:
    a lone action as its index, a cycle as a sorted list of indexes.

    Tarjan's algorithm (iterative) emits a component only after every component it reaches, so
    its output reversed is a topological order. Roots are taken from the highest index down, so
    independent actions come out in canonical (ascending) order. One pass, no sorting of the
    whole night: linear in the actions and edges.
    """
    whole = isinstance(nodes, range)
    size = len(nodes) if whole else 0
    # Arrays for the whole night (cheap, cache-friendly); dicts for a cycle being re-settled.
    index: Any = [-1] * size if whole else dict.fromkeys(nodes, -1)
    low: Any = [0] * size if whole else dict.fromkeys(nodes, 0)
    on: Any = bytearray(size) if whole else dict.fromkeys(nodes, 0)
    stack: list[int] = []
    result: list[int | list[int]] = []
    counter = 0
    empty: tuple[int, ...] = ()

    def succ(v: int) -> Iterator[int]:
        out = graph.get(v)
        if not out:
            return iter(empty)
        return iter(sorted(out if whole else out & nodes, reverse=True))  # type: ignore[operator]

    for root in (reversed(nodes) if whole else sorted(nodes, reverse=True)):
        if index[root] >= 0:
            continue
        if root not in graph:
            index[root] = counter  # a lone action with no edges out (the usual case)
            counter += 1
            result.append(root)
            continue
        work: list[tuple[int, Iterator[int]]] = [(root, succ(root))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on[root] = 1
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on[w] = 1
                    work.append((w, succ(w)))
                    advanced = True
                    break
                if on[w]:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                w = stack.pop()
                on[w] = 0
                if w == v:
                    result.append(v)
                    continue
                comp = [w]
                while w != v:
                    w = stack.pop()
                    on[w] = 0
                    comp.append(w)
                result.append(sorted(comp))
    result.reverse()
    return result


def _nar_key(act: Act) -> tuple[int, int]:
    cats = [NAR_ORDER.index(NAR_CATEGORY.get(e.kind, "misc")) for e in act.ability.effects]
    return (min(cats, default=NAR_ORDER.index("misc")), act.index)


def natural(acts: list[Act], policy: str = "all-fail",
            stopped: Callable[[Act], bool] = lambda act: False,
            priorities: tuple[str, ...] = PRIORITIES,
            own_guild: Callable[[str], str] = lambda player: "") -> Iterator[tuple[Act, str | None]]:
    """Golden-rule order, lazily: yields (act, None) to resolve it now, or (act, reason) when it
    fails in a cycle. `acts` must already be in their tie-break order (canonical for a natural
    ruleset; steps, tie_break and entry for a `priorities` one): independent actions keep it.
    `stopped(act)` says whether an act is already stopped by what has resolved so far (it is
    asked only inside a cycle, after everything outside the cycle that comes before it has
    resolved)."""
    graph = edges(acts, priorities, own_guild)
    fast = accelerations(acts)
    if not fast:
        yield from _settle(range(len(acts)), acts, graph, policy, stopped)
        return
    # Seed natural III, the Accelerator: 'makes an affected action resolve entirely before other
    # actions begin resolution'. What must come before the Accelerator's own action (whatever
    # could stop it) resolves first, then the Accelerator's action; if it resolved, the actions
    # it sped up resolve next, in their own order, nothing else first (a block on them comes too
    # late); if it was stopped, they wait their turn as usual.
    left = set(range(len(acts)))
    for x, sped in fast.items():
        if x not in left:
            continue
        first = (_before(graph, x) & left) | {x}
        yield from _settle(first, acts, graph, policy, stopped)
        left -= first
        if acts[x].done and acts[x].failed is None:
            now = set(sped) & left
            yield from _settle(now, acts, graph, policy, stopped)
            left -= now
    yield from _settle(left, acts, graph, policy, stopped)


def accelerations(acts: list[Act]) -> dict[int, list[int]]:
    """Each Accelerator's act (an `accelerate` effect, not a skip) -> the acts it speeds up: those
    of the player it targets (not a skip, not itself), in the order given."""
    out: dict[int, list[int]] = {}
    for i, a in enumerate(acts):
        if a.skip:
            continue
        for e in a.ability.effects:
            if e.kind == "accelerate":
                who = a.slot(e)
                out[i] = [j for j, b in enumerate(acts) if j != i and b.actor == who and not b.skip]
    return out


def _before(graph: dict[int, set[int]], x: int) -> set[int]:
    """Every act that must resolve before act x (x's ancestors in the graph)."""
    into: dict[int, list[int]] = {}
    for i, outs in graph.items():
        for j in outs:
            into.setdefault(j, []).append(i)
    seen: set[int] = set()
    work = [x]
    while work:
        for i in into.get(work.pop(), ()):
            if i not in seen:
                seen.add(i)
                work.append(i)
    seen.discard(x)
    return seen


def _settle(nodes: set[int] | range, acts: list[Act], graph: dict[int, set[int]], policy: str,
            stopped: Callable[[Act], bool]) -> Iterator[tuple[Act, str | None]]:
    """natural()'s order over `nodes`: its components in graph order, a cycle re-settled by the
    policy. A module-level generator, not a closure over itself: a recursive closure is a
    reference cycle that would keep the whole Night (through `stopped`) alive until the
    collector's next full pass."""
    for comp in _topo(nodes, graph):
        if isinstance(comp, int):
            yield acts[comp], None
            continue
        cyc = set(comp)
        # An action already stopped (blocked from outside the cycle) is not part of it.
        done = [i for i in comp if stopped(acts[i])]
        for i in done:
            yield acts[i], None
        cyc -= set(done)
        if done:
            yield from _settle(cyc, acts, graph, policy, stopped)
            continue
        if policy == "all-fail":
            for i in comp:
                near = [acts[j] for j in comp[:5] if j != i][:4]
                others = _names(near, extra=len(comp) - 1 - len(near))
                yield acts[i], (f"it interacts with {others} in a way that cannot be resolved "
                                f"sensibly, so all of them fail")
            continue
        if policy == "nar-list":
            first = min(cyc, key=lambda k: _nar_key(acts[k]))
        elif policy == "tie-break":
            first = min(cyc)  # the acts came in the ruleset's order
        else:
            first = min(cyc, key=lambda k: acts[k].index)
        for j in cyc:
            graph.get(j, set()).discard(first)
        yield from _settle(cyc, acts, graph, policy, stopped)


def _names(acts: list[Act], extra: int = 0) -> str:
    parts = [a.what() for a in acts]
    if extra:
        parts.append(f"{extra} other action{'s' if extra > 1 else ''}")
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]
