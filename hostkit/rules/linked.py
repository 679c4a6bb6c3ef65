"""Roles written with the role they name before them: '[role] Enabler' ('Doctor Enabler') and
'[role] Companion' ('Cop Companion'). This module owns what such a name adds to its base role (a
passive `enables:ROLE` / `companion:ROLE`, the summary, what investigations read as its base),
the setup check a Companion needs (a Town player with the named role is dealt), and the fact a
Companion's role PM states (which player that is).

MafiaScum's Companion is told, in its role PM, that one player is aligned with the Town; the player
is fixed by the setup, not drawn at random ('a Companion can be told that a Vanilla Townie is
Town'). hostkit's Companion names the role: the player told of is the first other Town player, in
seat order, whose role is that role (modifiers and alignment word aside; a hybrid counts for each of
its roles). It flips as a Companion, without the name.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable

from ..model.errors import HostkitError
from ..model.roles import Role, Ruleset

LINKED = ("finder", "enabler", "companion")  # the words a linked role is written with, last
COMPANION = "companion:"


def linked_role(role: Role, base: str, finds: str) -> Role:
    """The Enabler or Companion of `finds` (the role as the host spelt it)."""
    if base == "Enabler":
        passive = f"enables:{finds.lower()}"
        summary = (f"You enable the {finds}: while you live, every {finds} may act; when you die, "
                   f"no {finds} can use their role again.")
    else:
        passive = f"{COMPANION}{finds.lower()}"
        summary = f"Your role PM names a {finds} who is aligned with the Town."
    return role._replace(passives=role.passives | {passive}, summary=summary,
                         appears=MappingProxyType({**role.appears, "base": base}))


def _plain(rs: Ruleset) -> Ruleset:
    """The ruleset without the roles a game composed from written names ('Town Cop')."""
    return rs._replace(roles=MappingProxyType({k: v for k, v in rs.roles.items() if "base" not in v.appears}))


def bases(rs: Ruleset, name: str) -> set[str]:
    """The ruleset roles a dealt role is (a hybrid's each), lower-cased: 'Town Cop' -> {'cop'}."""
    from .written import parse

    rs = _plain(rs)
    if name in rs.roles:
        return {name.lower()}
    try:
        w = parse(rs, name)
    except HostkitError:
        return {name.lower()}
    return {w.base.lower(), *(other.lower() for other, _ in w.extra)}


def sought(rs: Ruleset, passive: str) -> str:
    """The ruleset role a `companion:` passive names (its spelling read back: 'vanilla townie' ->
    'villager')."""
    from .written import _key, _words

    spelt = passive[len(COMPANION):]
    return _words(_plain(rs)).get(_key(spelt), (spelt,))[0].lower()


def check_companions(rs: Ruleset, roles: dict[str, Role], names: list[str]) -> None:
    """Every dealt Companion has a Town player with its named role to be told of."""
    for n in names:
        r = roles.get(n)
        for p in sorted(r.passives if r is not None else ()):
            if not p.startswith(COMPANION):
                continue
            wanted = sought(rs, p)
            if not any(roles.get(o) is not None and roles[o].alignment == "Town"
                       and wanted in bases(rs, o) for o in names):
                raise HostkitError(f"{n!r}: a Companion is told of a Town {p[len(COMPANION):].title()}, and the "
                                   "setup deals none; deal one, or name another role")


def companion_facts(rs: Ruleset, role: Role, me: str, seats: Iterable[tuple[str, str, str]]) -> list[str]:
    """What a Companion's role PM states. `seats`: (player, role name, alignment) in seat order."""
    seats = list(seats)
    out = []
    for p in sorted(role.passives):
        if p.startswith(COMPANION):
            wanted = sought(rs, p)
            who = next((n for n, r, side in seats if n != me and side == "Town" and wanted in bases(rs, r)), None)
            if who is not None:
                out.append(f"You are informed that {who} is aligned with the Town.")
    return out
