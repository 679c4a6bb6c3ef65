"""Protect: effects that stop or undo attacks.

- protect: `against` = `kill` (killing actions: every effect of an action that kills is
  stopped), `kill-effect` (only the kill itself), `death-capture` (every effect of an action that
  kills, blasts or captures: the paranormal Body Double's 'all other forms of death/capture'; an
  investigation, block or conversion of its target goes through), or `all` (every effect of
  every action). Side
  effects: `dies_instead`, `kills_attacker`, `reveals_attacker` (the protector learns who).
  `limit` caps the attacks it stops in a night (0: all). `kinds` limits it to attack types.
- heal: undoes an attack of the listed `kinds` at the end of the night; `cures` removes tags the
  target carried at the start of the night (a poison is cured on the night it would kill).
  A bodyguard (seed paranormal): `flavour` is how the protector is found when killed in the
  target's place (at `location`), and `tell = "target"` tells the guarded player who attacked.
  `tell = "user"`: the protector is told, in `told` ('{ability}' is the ability's name), when the
  protection stopped something tonight (a Body Double destroyed in its user's place, a Veteran
  whose alert saved him); it names no attacker.

Settle step: `guards-remains` (a guard's body and an observant guard's word to the target).
"""

from __future__ import annotations

from ...model.roles import Effect
from ..acts import Act, Heal, Protection
from ..night import Night
from .base import TARGET, EffectSpec, attacks_on, fill
from .conditions import macho


# What each `against` stops, in the log's words (its keys are the closed choices of `against`).
AGAINST_WORDS = {"kill": "killing actions", "kill-effect": "kills", "death-capture": "death and capture",
                 "all": "everything"}
NO_SIDES: frozenset[str] = frozenset()  # the usual protection's sides: one object, not one a protection


def protect(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None or _macho(night, act, target):
        return
    side = effect.get("side", "none")
    sides = {s for s, on in (("die-instead", effect.get("dies_instead")),
                             ("kill-attacker", effect.get("kills_attacker")),
                             ("learn-attacker", effect.get("reveals_attacker"))) if on}
    if side != "none":
        sides.add(side)
    night.protections.setdefault(target, []).append(Protection(
        act, effect.get("against", "kill"), effect.get("strength", 1), tuple(effect.get("kinds", ())),
        frozenset(sides) if sides else NO_SIDES, effect.get("limit", 0), target))
    whom = "themselves" if target == act.body else target
    against = AGAINST_WORDS[effect.get("against", "kill")]
    if effect.get("kinds"):
        against = " and ".join(effect.get("kinds")) + " attacks"
    night.say(f"{act.label()} protects {whom} from {against}.")
    if effect.get("tell", "none") != "none" or effect.get("flavour", ""):
        night.ext.setdefault("guards", []).append((night.protections[target][-1], effect))


def heal(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None or _macho(night, act, target):
        return
    night.heals.setdefault(target, []).append(
        Heal(act, effect.get("strength", 1), tuple(effect.get("kinds", ())), tuple(effect.get("cures", ()))))
    night.say(f"{act.label()} tends to {target}.")



def _macho(night: Night, act: Act, target: str) -> bool:
    """A Macho player cannot be protected (MafiaScum): another's protection or heal on them does
    nothing, though the action resolves and visits."""
    if target == act.actor or not macho(night, target):
        return False
    night.say(f"{target} is Macho: {act.what()} does not protect them.")
    return True


def _guards(night: Night, deaths: list) -> list:
    """A guard who died in the target's place is found as its flavour says; an observant guard
    tells the target who attacked."""
    out = list(deaths)
    guards = night.ext.get("guards", ())
    if not guards:
        return out
    on = attacks_on(night)
    where = {d.player: i for i, d in enumerate(out)}
    stopped = night.ext.get("shielded", ())
    for protection, effect in guards:
        tell = effect.get("tell", "none")
        if tell == "user" and (protection.used or id(protection) in stopped) and not protection.by.failed:
            night.notices.append((protection.by.actor, fill(effect.get("told") or USER_TOLD,
                                                             ability=protection.by.ability.name)))
        if not protection.used:
            continue
        t, g = protection.target, protection.by.body
        if tell == "target":
            attackers = [a.attacker for a in on.get(t, ()) if a.attacker
                         and (not protection.kinds or a.kind in protection.kinds)]
            if attackers:
                night.notices.append((t, f"You were attacked tonight by {attackers[0]}; your bodyguard saw who it was."))
        key = effect.get("flavour", "")
        if not key:
            continue
        i = where.get(g)
        if i is not None and g != t:
            d = out[i]
            place = fill(effect.get("location", "somewhere outside {player}'s home"), player=g, target=t)
            text = night.ruleset.flavour.get(key, "{player} was found dead {location}.")
            out[i] = d._replace(location=place, flavour_key=key, flavour=fill(
                text, player=g, location=place, attacker=", ".join(d.by), cause=d.cause))
    return out



guards_remains = _guards

USER_TOLD = "You were attacked tonight, but your {ability} saved you."

EFFECTS: dict[str, EffectSpec] = {
    "protect": EffectSpec(protect, {**TARGET, "against": (str, "kill"), "strength": (int, 1), "kinds": (list, []),
                                    "side": (str, "none"), "dies_instead": (bool, False),
                                    "kills_attacker": (bool, False), "reveals_attacker": (bool, False),
                                    "limit": (int, 0), "tell": (str, "none"), "told": (str, ""), "flavour": (str, ""),
                                    "location": (str, "somewhere outside {player}'s home")},
                          {"against": tuple(AGAINST_WORDS),
                           "side": ("none", "die-instead", "kill-attacker", "learn-attacker"),
                           "tell": ("none", "target", "user")},
                          "protect", "protection"),
    "heal": EffectSpec(heal, {**TARGET, "strength": (int, 1), "kinds": (list, []), "cures": (list, [])}, {},
                       "protect", "protection"),
}
