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

from .effects import NAR_CATEGORY, NAR_ORDER, SELF_CHANGING
from .effects.guild import change_of as guild_change
from .night import KILLING, SELF, Act, protects_from
from .policies import CYCLE_POLICIES, PRIORITIES

SELF_FIRST, REDIRECT_FIRST, BLOCK_FIRST = PRIORITIES


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


# --------------------------------------------------------------------------- the graph


class _Possible:
    """Every player each target slot of each act could name by the time it resolves."""

    def __init__(self, acts: list[Act]) -> None:
        swaps: list[tuple[Act, Any]] = []
        redirects: list[tuple[Act, Any]] = []
        for a in acts:  # one pass over the acts: the few swaps and redirects, in order
            for e in a.ability.effects:
                if e.kind == "swap":
                    swaps.append((a, e))
                elif e.kind == "redirect":
                    redirects.append((a, e))
        self.partner: dict[str, set[str]] = {}
        for a, e in swaps:
            if len(a.targets) >= 2:
                x, y = _slot(a, e.get("first", 0)), _slot(a, e.get("second", 1))
                if x and y and x != y:
                    self.partner.setdefault(x, set()).add(y)
                    self.partner.setdefault(y, set()).add(x)
        self.redirect_to: dict[str, set[str]] = {}
        for a, e in redirects:  # once every partner is known: a redirect may name a swapped player
            who, to = _slot(a, e.get("who", 0)), _slot(a, e.get("to", 1))
            if who and to:
                for w in self.ext(who):
                    self.redirect_to.setdefault(w, set()).update(self.ext(to))

    def ext(self, player: str) -> tuple[str, ...]:
        part = self.partner.get(player)
        return (player, *sorted(part)) if part else (player,)

    def slot(self, act: Act, i: int) -> tuple[str, ...]:
        """Who target slot i of `act` could name (`-1`: the actor)."""
        if i == SELF:
            return (act.actor,)
        t = _slot(act, i)
        if t is None:
            return ()
        out = self.ext(t)
        if i == 0 and act.actor in self.redirect_to:
            out = tuple(dict.fromkeys((*out, *sorted(self.redirect_to[act.actor]))))
        return out

    def all(self, act: Act) -> tuple[str, ...]:
        if len(act.targets) == 1:
            if act.targets[0] not in self.partner and act.actor not in self.redirect_to:
                return act.targets  # the usual act: its one target, the act's own tuple (no copy)
            return self.slot(act, 0)
        out: dict[str, None] = {}
        for i in range(len(act.targets)):
            out.update(dict.fromkeys(self.slot(act, i)))
        return tuple(out)


def _slot(act: Act, i: int) -> str | None:
    return act.targets[i] if 0 <= i < len(act.targets) else None


def _self_affects(s: Act, other: Act) -> bool:
    """Seed natural V: would `other` (which targets s's actor) be affected by s's change to its own
    actor? A commute makes s's actor untargetable; an alert kills visitors; a self-protection
    stops what it protects against."""
    kinds = s.effect_kinds()
    if "commute" in kinds:
        return True
    if "kill-visitors" in kinds and other.ability.moves:
        return True
    for e in s.ability.effects:
        if e.kind == "protect" and (e.get("target", 0) == SELF or _slot(s, e.get("target", 0)) == s.actor):
            if protects_from(e.get("against", "kill"), other):
                return True
    return False


def _is_self_changing(act: Act) -> bool:
    if act.effect_kinds() & SELF_CHANGING:
        return True
    return any(e.kind == "protect" and (e.get("target", 0) == SELF or _slot(act, e.get("target", 0)) == act.actor)
               for e in act.ability.effects)


def _named_actor_slot(e) -> int:
    """The target slot naming the player whose acts a block, jail or redirect changes (a
    redirect's `who`, else `target`)."""
    return e.get("who", 0) if e.kind == "redirect" else e.get("target", 0)


def _closes(e) -> str:
    """What a change makes of its target's home for others: "moving" (a jail, a lock: no visit
    gets in), "all" (an abduction: no action reaches them), or "" (nothing)."""
    if e.kind == "jail" or e.kind == "block" and e.get("locks_home", False):
        return "moving"
    return "all" if e.kind == "abduct" else ""


def _reached(a: Act, pos: _Possible, self_changing: bool, actors: set[str], targets: set[str]) -> None:
    """Add the players whose acts edges() looks up because of act `a`: by actor (those a block,
    jail or redirect may name) and by target (those a swap or a protection may name, and a
    self-changing actor)."""
    if a.skip:
        return
    for e in a.ability.effects:
        kind = e.kind
        if kind in ("block", "jail", "redirect"):
            actors.update(pos.slot(a, _named_actor_slot(e)))
        elif kind == "swap":
            for s in (e.get("first", 0), e.get("second", 1)):
                targets.update(pos.slot(a, s))
        elif kind == "protect" and e.get("against", "kill") != "kill-effect":
            targets.update(pos.slot(a, e.get("target", 0)))
        if _closes(e):
            targets.update(pos.slot(a, e.get("target", 0)))
    if self_changing:
        targets.add(a.actor)


def edges(acts: list[Act], priorities: tuple[str, ...] = PRIORITIES,
          own_guild: Callable[[str], str] = lambda player: "") -> dict[int, set[int]]:
    """a -> {b}: a must resolve before b. Built from indexes, never by comparing every pair.
    `priorities` names the seed priorities that break would-be cycles (see the module doc);
    `own_guild` says a player's Guild (a Guild change into the user's own)."""
    self_first = SELF_FIRST in priorities
    redirect_first = REDIRECT_FIRST in priorities
    block_first = BLOCK_FIRST in priorities
    pos = _Possible(acts)
    # What each act could name, whether it changes its own user, whether it redirects, and
    # (_reached) the players the loop below looks acts up by: one pass over the acts, which at
    # 10,000 players are read from memory again on every pass.
    possible: list[tuple[str, ...]] = []
    self_changing: list[bool] = []
    redirects: set[int] = set()
    actors: set[str] = set()
    targets: set[str] = set()
    for i, a in enumerate(acts):
        possible.append(pos.all(a))
        changing = _is_self_changing(a)
        self_changing.append(changing)
        if any(e.kind == "redirect" for e in a.ability.effects):
            redirects.add(i)
        _reached(a, pos, changing, actors, targets)
    # The acts by actor and by possible target, indexed only for the players some act's change
    # can reach (the loop below looks up no other): a night's lists are then a few, not two a
    # player (lists in entry order, as the full index has them).
    by_actor: dict[str, list[int]] = {}
    by_target: dict[str, list[int]] = {}
    for i, act in enumerate(acts):
        if act.body in actors:
            by_actor.setdefault(act.body, []).append(i)
        for t in possible[i]:
            if t in targets:
                by_target.setdefault(t, []).append(i)
    out: dict[int, set[int]] = {}
    shut: list[tuple[int, int]] = []  # (a jail, lock or abduction, an act that reaches for its target)

    def add(i: int, j: int) -> None:
        if i != j:
            out.setdefault(i, set()).add(j)

    for i, a in enumerate(acts):
        if a.skip:
            continue
        for e in a.ability.effects:
            kind = e.kind
            closes = _closes(e)
            if closes:  # seed ooo 10: the jail or lock is in place before anyone tries to get in
                for p in pos.slot(a, e.get("target", 0)):
                    for j in by_target.get(p, ()):
                        if acts[j].body != p and (closes == "all" or acts[j].ability.moves):
                            shut.append((i, j))
            if kind in ("block", "jail", "redirect"):
                for p in pos.slot(a, _named_actor_slot(e)):
                    for j in by_actor.get(p, ()):
                        b = acts[j]
                        if self_first and self_changing[j] and _self_affects(b, a):
                            continue  # V: the self-change comes first (it has its own edge j -> i)
                        if redirect_first and kind != "redirect" and j in redirects and a.actor in possible[j]:
                            add(j, i)  # V: a redirect beats a block that it cross-targets
                            continue
                        add(i, j)
            elif kind == "swap":
                for s in (e.get("first", 0), e.get("second", 1)):
                    for p in pos.slot(a, s):
                        for j in by_target.get(p, ()):
                            add(i, j)
            elif kind == "protect":
                against = e.get("against", "kill")
                if against == "kill-effect":
                    continue  # only the kill is stopped, and kills are settled at the end of the night
                for p in pos.slot(a, e.get("target", 0)):
                    for j in by_target.get(p, ()):
                        b = acts[j]
                        # A kill itself is settled at the end of the night: only an act with
                        # other effects the protection stops must wait for it.
                        if against == "all" or (protects_from(against, b) and b.effect_kinds() - KILLING):
                            add(i, j)
        if self_changing[i]:
            for j in by_target.get(a.actor, ()):
                if block_first and acts[j].effect_kinds() & {"block", "jail"}:
                    continue  # seed ooo 1: the block comes first (it has its edge j -> i)
                if _self_affects(a, acts[j]):
                    add(i, j)
    # Seed V: 'If two actions targeting a Guildless player have the effects "join Guild X" and
    # "join Guild Y", both fail': changes of one player's Guild that differ form a cycle.
    guilds: dict[str, dict[int, str]] = {}
    for i, a in enumerate(acts):
        for e in a.ability.effects if not a.skip else ():
            if e.kind in ("join-guild", "leave-guild"):
                change = guild_change(a, e, own_guild)
                if change is not None:
                    guilds.setdefault(change[0], {})[i] = change[1]
    for group in guilds.values():
        if len(set(group.values())) > 1:
            for i in group:
                for j in group:
                    add(i, j)
    # A jail or lock comes first unless the act reaching for its target changes the jail itself
    # (a bus drive or a redirect that moves it): that act has its own edge to the jail.
    for i, j in shut:
        if i not in out.get(j, ()):
            add(i, j)
    # Seed I: two redirects of one player to different places cannot both be honoured.
    whos: dict[str, list[int]] = {}
    for i in sorted(redirects):
        a = acts[i]
        if a.skip:
            continue
        for e in a.ability.effects:
            if e.kind == "redirect":
                for p in pos.slot(a, e.get("who", 0)):
                    whos.setdefault(p, []).append(i)
    for group in whos.values():
        if len(group) > 1:
            tos = {tuple(sorted(pos.slot(acts[i], 1))) for i in group}
            if len(tos) > 1:
                for i in group:
                    for j in group:
                        add(i, j)
    return out


# --------------------------------------------------------------------------- components


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
