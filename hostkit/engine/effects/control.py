"""Control: a redirect that forces (seed paranormal, Mind Control Ray): "choose another player's
target for the night. If the player does not have a night action (and is not the dopp chosen for
the night kill), or if the player has a limited-use night ability and chose not to use it, then
no action occurs." So a player whose unlimited night ability went unused (not entered, or
declined) uses it all the same, on the Ray's chosen target.

A redirect with `forces = true` does this. The forced use is an act no one enters
(effects.EXTRA_ACTS): `forcible_acts` adds, before the night resolves, a declined use of the
player's unlimited night ability for every forcing redirect that names them; the redirect, when
it resolves (it is not stopped), turns that declined use into a use on its `to` target. A Ray
that is stopped (an Anti-Tech Field, an EMP) leaves it declined, and nothing happens.

Which ability is forced (decision mind-control): the player's targeted night abilities with no
limit on uses, usable tonight, neither the faction's shared action (the group kill: 'is not the
dopp chosen') nor a standing one; the one the player declined, else the first the role lists. A
player who entered a targeted use of any ability is redirected as usual and forced to nothing.
"""

from __future__ import annotations

from typing import Mapping

from ...model.roles import Ability, Role
from ...model.entries import Action
from ...model.state import GameState, PlayerState
from ..acts import Act
from ..night import Night


def _forcible(state: GameState, role: Role) -> list[Ability]:
    """The role's abilities a forcing redirect may make its player use tonight."""
    n = state.number
    return [ab for ab in role.abilities
            if ab.phase != "day" and ab.targets > 0 and ab.uses is None and not ab.factional
            and not ab.standing and not ab.body and n >= ab.first_night
            and not (ab.nights == "even" and n % 2 or ab.nights == "odd" and not n % 2)]


def _forcing(act: Act) -> int | None:
    """The target slot of the player a forcing redirect controls, or None."""
    for e in act.ability.effects:
        if e.kind == "redirect" and e.get("forces", False):
            return e.get("who", 0)
    return None


def forcible_acts(state: GameState, acts: list[Act], holders: Mapping[str, PlayerState]) -> list[Act]:
    """A declined use of the controlled player's unlimited night ability, for each forcing
    redirect whose player entered no targeted use and did not decline one (see the module)."""
    out: list[Act] = []
    n = len(acts)
    # Each player's acts, entered and added here, in order: one pass over the night, where a
    # pass over every act for each forcing redirect was quadratic (paranormal's Mind Controllers).
    entered: dict[str, list[Act]] = {}
    for a in acts:
        entered.setdefault(a.actor, []).append(a)
    added: dict[str, list[Act]] = {}
    for ray in acts:
        slot = _forcing(ray)
        if slot is None or ray.skip or not 0 <= slot < len(ray.targets):
            continue
        who = ray.targets[slot]
        ps = state.players.get(who)
        if ps is None or not ps.alive:
            continue
        role = state.role_of(who)
        able = _forcible(state, role)
        theirs = entered.get(who, ())
        mine = [a for a in (*theirs, *added.get(who, ())) if a.ability.targets > 0]
        if any(not a.skip or a.ability in able for a in mine):
            continue  # a targeted use is redirected; a declined forcible one is forced as it stands
        taken = {a.ability.exclusive for a in theirs if not a.skip and a.ability.exclusive}
        for ab in able:
            if ab.exclusive is None or ab.exclusive not in taken:
                out.append(Act(Action(who, ab.name, (), seq=-1, declined=True), ab, role, (), n + len(out)))
                added.setdefault(who, []).append(out[-1])
                break
    return out


def forced(night: Night, who: str) -> Act | None:
    """The declined use a forcing redirect of `who` turns into a use, or None: one only when `who`
    has no targeted use entered (then a targeted skip of a forcible ability is theirs)."""
    mine = [a for a in night.by_actor.get(who, ()) if a.ability.targets > 0 and a.actor == a.body]
    if any(not a.skip for a in mine):
        return None
    names = {ab.name for ab in _forcible(night.state, night.role(who))}
    return next((a for a in mine if a.ability.name in names and not a.failed and not a.done), None)


def force(night: Night, ray: Act, act: Act, to: str) -> None:
    """The Ray resolved: the declined use is used, on `to`."""
    act.skip = False
    act.targets = (to,)
    act.redirected = True
    night.say(f"{ray.label()} forces {act.actor} to use {act.ability.name} on {to}.")
