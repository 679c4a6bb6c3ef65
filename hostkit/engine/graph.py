"""The natural ordering's graph: which act changes which (it blocks its actor, redirects it, swaps its
target, moves its target away), as edges between the night's acts, with the ruleset's priorities
deciding where two acts change each other. order.py orders the night by it.
"""

from __future__ import annotations

from typing import Any, Callable

from .effects import SELF_CHANGING
from .effects.guild import change_of as guild_change
from .acts import KILLING, SELF, Act, protects_from
from .policies import PRIORITIES

SELF_FIRST, REDIRECT_FIRST, BLOCK_FIRST = PRIORITIES


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
