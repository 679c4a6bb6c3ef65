"""Roles written with the role they name before them: '[role] Enabler' ('Doctor Enabler') and
'[role] Companion' ('Cop Companion'). This module owns what such a name adds to its base role (a
passive `enables:ROLE` / `companion:ROLE`, the summary, what investigations read as its base),
the setup check a Companion needs (a Town player with the named role is dealt), and the fact a
Companion's role PM states (which player that is); and the Informed's --inform texts, checked
(MafiaScum's Informed: told a fact about the setup, written by the host). Either, written with
'Night X', is told on night X (in that night's result PM) instead of in the role PM.

MafiaScum's Companion is told, in its role PM, that one player is aligned with the Town; the player
is fixed by the setup, not drawn at random ('a Companion can be told that a Vanilla Townie is
Town'). hostkit's Companion names the role: the player told of is the first other Town player, in
seat order, whose role is that role (modifiers and alignment word aside; a hybrid counts for each of
each of its roles). It flips as a Companion, without the name.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Iterable, Mapping

from ..model.errors import HostkitError
from ..model.roles import Role, Ruleset

LINKED = ("finder", "enabler", "companion")  # the words a linked role is written with, last
COMPANION = "companion:"
TOLD_AT = "told-night:"  # a 'Night 2 Companion' / 'Night 2 Informed ...': told on that night, not in the role PM


def told_later(role: Role, informed: bool = False) -> bool:
    """Whether 'Night X' on this role times what it is told (a Companion or an Informed, `informed`:
    written so, with no action of its own), rather than an action."""
    return ((informed or any(p.startswith(COMPANION) or p == "informed" for p in role.passives))
            and not any(not a.factional for a in role.abilities))


def told_night(role: Role) -> int:
    """The night a timed Companion or Informed is told on; 0: in the role PM."""
    return next((int(p[len(TOLD_AT):]) for p in role.passives if p.startswith(TOLD_AT)), 0)


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


def spelling_key(text: str) -> str:
    """Case and the hyphens or spaces between words do not matter: 'Odd Night' is 'odd-night'."""
    return " ".join(text.replace("-", " ").split()).lower()


_LAST: list = [None, {}]  # the last ruleset's spellings: a night's readings ask for them again and again


def _spellings(rs: Ruleset) -> dict[str, str]:
    """Every name a role of roles.toml is written by (its aliases, then its name), keyed -> the role."""
    if _LAST[0] is rs:
        return _LAST[1]
    plain = [r for r in rs.roles.values() if "base" not in r.appears]  # not the game's composed roles
    out = {spelling_key(a): r.name for r in plain for a in r.aliases}
    out.update((spelling_key(r.name), r.name) for r in plain)
    _LAST[:] = [rs, out]
    return out


def bases_of(rs: Ruleset, role: Role) -> set[str]:
    """The roles.toml roles a dealt role is, lower-cased ('Town Cop' -> {'cop'}; a hybrid's each)."""
    names = _spellings(rs)
    spelt = [role.appears.get("base", role.name), *filter(None, role.appears.get("also", "").split(", "))]
    return {names.get(spelling_key(s), s).lower() for s in spelt}


def same_role(rs: Ruleset, a: str, b: str) -> bool:
    """Whether two spellings name one role of roles.toml ('Mailman', 'Messenger')."""
    names = _spellings(rs)
    return names.get(spelling_key(a), a).lower() == names.get(spelling_key(b), b).lower()


def power_role(rs: Ruleset, word: str) -> str | None:
    """The power role of roles.toml a word names (by its name or an alias), or None."""
    name = _spellings(rs).get(spelling_key(word))
    role = rs.roles.get(name) if name else None
    return name if role is not None and (role.passives or any(not a.factional for a in role.abilities)) else None


def sought(rs: Ruleset, passive: str) -> str:
    """The roles.toml role a `companion:` passive names ('vanilla townie' -> 'villager')."""
    spelt = passive[len(COMPANION):]
    return _spellings(rs).get(spelling_key(spelt), spelt).lower()


def check_companions(rs: Ruleset, roles: dict[str, Role], names: list[str]) -> None:
    """Every dealt Companion has a Town player with its named role to be told of."""
    for n in names:
        r = roles.get(n)
        for p in sorted(r.passives if r is not None else ()):
            if not p.startswith(COMPANION):
                continue
            wanted = sought(rs, p)
            if not any(roles.get(o) is not None and roles[o].alignment == "Town"
                       and wanted in bases_of(rs, roles[o]) for o in names):
                raise HostkitError(f"{n!r}: a Companion is told of a Town {p[len(COMPANION):].title()}, and the "
                                   "setup deals none; deal one, or name another role")


def informed(rs: Ruleset, dealt: Mapping[str, str], informs: Iterable[tuple[str, str, str]],
             player: Callable[[str], str]) -> dict[str, str]:
    """--inform NAME=TEXT, checked: player -> what their role PM tells them. Only an Informed
    player (passive `informed`) is told, each one thing, and every Informed player is told something."""
    out: dict[str, str] = {}
    for what, name, text in informs:
        who = player(name)
        text = " ".join(text.split())
        role = rs.roles.get(dealt.get(who, ""))
        if role is None or "informed" not in role.passives:
            raise HostkitError(f"--inform {what!r}: {who} is not Informed; write the role 'Town Informed ...'")
        if who in out:
            raise HostkitError(f"--inform {what!r}: {who} is already told {out[who]!r}")
        if not text:
            raise HostkitError(f"--inform {what!r}: the text is blank; write what {who} is told of the setup")
        out[who] = text
    for who, name in dealt.items():
        r = rs.roles.get(name)
        if r is not None and "informed" in r.passives and who not in out:
            raise HostkitError(f"{who} is Informed ({name}): say what they are told with --inform {who}=TEXT")
    return out


def companion_facts(rs: Ruleset, role: Role, me: str, seats: Iterable[tuple[str, Role]]) -> list[str]:
    """What a Companion's role PM states. `seats`: (player, their role) in seat order."""
    seats = list(seats)
    out = []
    for p in sorted(role.passives):
        if p.startswith(COMPANION):
            wanted = sought(rs, p)
            who = next((n for n, r in seats if n != me and r.alignment == "Town" and wanted in bases_of(rs, r)), None)
            if who is not None:
                out.append(f"You are informed that {who} is aligned with the Town.")
    return out
