"""The effect registry: name -> (parameters, function). Every role ability is built from these.

An effect function takes the Night, the Act being resolved and the Effect (its parameters from
roles.toml) and changes the Night, writing one sentence to the log. Killing, protection and heals
only record what was attempted: settle.py decides at the end of the night who dies.

PARAMS declares each effect's parameters with their types and defaults; the ruleset loader
refuses unknown parameters with the nearest one suggested, so a host's custom role in roles.toml
is checked as strictly as a bundled one.
"""

from __future__ import annotations

from typing import Any, Callable

from ..model import Effect
from .night import AWAY, JAILED, Act, Attack, Block, Heal, Night, Protection

Spec = dict[str, tuple[type | tuple[type, ...], Any]]
EffectFn = Callable[[Night, Act, Effect], None]

# Parameters shared by every effect that names a target: which of the action's targets it uses.
_TARGET: Spec = {"target": (int, 0)}
_KILL: Spec = {
    "type": (str, "kill"),  # the kind of attack: protections and immunities may name kinds
    "strength": (int, 1),  # protections and immunities of this strength or more stop it
    "cause": (str, ""),  # the death cause published; default the role's name
    "flavour": (str, ""),  # a key of the ruleset's [flavour] table; default the type
    "location": (str, "{player}'s home"),  # where the body is found
    "heals": (bool, True),  # a heal at the end of the night can undo it
}

PARAMS: dict[str, Spec] = {
    "block": {**_TARGET, "scope": (str, "moving"), "except": (list, []), "notify": (str, "moving")},
    "redirect": {"who": (int, 0), "to": (int, 1)},
    "swap": {"first": (int, 0), "second": (int, 1)},
    "protect": {**_TARGET, "against": (str, "kill"), "strength": (int, 1), "kinds": (list, []),
                "side": (str, "none"), "limit": (int, 0)},
    "heal": {**_TARGET, "strength": (int, 1), "kinds": (list, []), "cures": (list, [])},
    "kill": {**_TARGET, **_KILL, "rampage": (bool, False)},
    "kill-visitors": {**_KILL, "spare": (list, [])},
    "inspect": {**_TARGET, "what": (str, "alignment"), "results": (dict, {}), "default": (str, ""),
                "frames": (bool, True), "reaches_away": (bool, False)},
    "observe": {**_TARGET, "mode": (str, "track"), "reaches_away": (bool, False)},
    "frame": {**_TARGET, "alignment": (str, ""), "role_faction": (str, ""), "reaches_away": (bool, False)},
    "tag": {**_TARGET, "tag": (str, ...), "kills_after": (int, 0), **_KILL},
    "ignite": {"tag": (str, ...), **_KILL},
    "jail": {**_TARGET, "except": (list, []), "notify": (str, "all")},
    "commute": {},
    "convert": {**_TARGET, "role": (str, ...), "faction": (str, "")},
}

CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("block", "scope"): ("moving", "all", "all-but"),
    ("block", "notify"): ("moving", "all", "none"),
    ("jail", "notify"): ("moving", "all", "none"),
    ("protect", "against"): ("kill", "all"),
    ("protect", "side"): ("none", "die-instead", "kill-attacker", "learn-attacker"),
    ("inspect", "what"): ("alignment", "role", "race", "goal"),
    ("observe", "mode"): ("track", "watch", "follow"),
}

# Which category of natural-resolution priority each effect belongs to (MafiaScum's NAR list).
NAR_CATEGORY: dict[str, str] = {
    "commute": "hide", "swap": "bus", "block": "block", "jail": "block", "redirect": "redirect",
    "protect": "protect", "heal": "protect", "kill": "kill", "ignite": "kill", "kill-visitors": "kill",
    "convert": "recruit", "inspect": "inspect", "observe": "inspect", "frame": "misc", "tag": "misc",
}
NAR_ORDER = ("copy", "hide", "bus", "block", "redirect", "protect", "misc", "kill", "recruit", "inspect")


def _target(act: Act, effect: Effect) -> str | None:
    i = effect.get("target", 0)
    return act.targets[i] if i < len(act.targets) else None


def _attack(night: Night, act: Act, effect: Effect, target: str) -> Attack:
    kind = effect.get("type", "kill")
    return Attack(
        target=target, by=act, attacker=act.actor, kind=kind, strength=effect.get("strength", 1),
        cause=effect.get("cause") or act.role.name, flavour=effect.get("flavour") or kind,
        location=effect.get("location", "{player}'s home"), rampage=effect.get("rampage", False),
        heals=effect.get("heals", True),
    )


def block(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    scope = effect.get("scope", "moving")
    night.blocks.setdefault(target, []).append(
        Block(act, scope, tuple(effect.get("except", ())), effect.get("notify", "moving")))
    what = {"moving": "actions that leave home", "all": "every action"}.get(scope, "every action but those exempt")
    night.say(f"{act.label()} blocks {target}: {what} fail tonight.")


def redirect(night: Night, act: Act, effect: Effect) -> None:
    who, to = act.targets[effect.get("who", 0)], act.targets[effect.get("to", 1)]
    night.redirects[who] = (act, to)
    night.say(f"{act.label()} redirects {who}'s action to {to}.")


def swap(night: Night, act: Act, effect: Effect) -> None:
    a, b = act.targets[effect.get("first", 0)], act.targets[effect.get("second", 1)]
    for other, x, y in list(night.swaps):
        if {a, b} & {x, y} and other is not act:
            # Seed natural I: two bus drives that share a player cannot both be honoured: both fail.
            night.swaps.remove((other, x, y))
            night.fail(other, f"its swap overlaps {act.label()}'s swap of {a} and {b}")
            night.unvisit(other)
            night.fail(act, f"its swap overlaps {other.label()}'s swap of {x} and {y}")
            return
    night.swaps.append((act, a, b))
    night.say(f"{act.label()} swaps {a} and {b}: actions aimed at one reach the other.")


def protect(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    night.protections.setdefault(target, []).append(Protection(
        act, effect.get("against", "kill"), effect.get("strength", 1), tuple(effect.get("kinds", ())),
        effect.get("side", "none"), effect.get("limit", 0)))
    night.say(f"{act.label()} protects {target}.")


def heal(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    night.heals.setdefault(target, []).append(
        Heal(act, effect.get("strength", 1), tuple(effect.get("kinds", ())), tuple(effect.get("cures", ()))))
    night.say(f"{act.label()} heals {target}.")


def kill(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    night.attacks.append(_attack(night, act, effect, target))
    night.say(f"{act.label()} attacks {target}.")


def kill_visitors(night: Night, act: Act, effect: Effect) -> None:
    night.traps[act.actor] = (act, effect)
    night.say(f"{act.label()} stays home ready to kill anyone who visits.")


def investigate(night: Night, act: Act, effect: Effect) -> None:
    """Inspect and observe: the result is computed at the end of the night (seed natural V)."""
    target = _target(act, effect)
    night.pending.append((act, effect))
    night.say(f"{act.label()} uses {act.ability.name} on {target}.")


def frame(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    night.framed[target] = (act, effect)
    night.say(f"{act.label()} frames {target}.")


def tag(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    name = effect.get("tag")
    data: dict[str, Any] = {"by": act.actor, "role": act.role.name}
    if effect.get("kills_after", 0):
        data.update(kills_on=night.number + effect.get("kills_after"), type=effect.get("type", name),
                    strength=effect.get("strength", 1), cause=effect.get("cause") or act.role.name,
                    flavour=effect.get("flavour") or effect.get("type", name),
                    location=effect.get("location", "{player}'s home"))
    night.tags.append((target, name, data))
    night.say(f"{act.label()} marks {target} as {name}.")


def ignite(night: Night, act: Act, effect: Effect) -> None:
    name = effect.get("tag")
    marked = [p.name for p in night.state.players.values()
              if p.alive and name in p.tags] + [t for t, n, _ in night.tags if n == name]
    for target in dict.fromkeys(marked):
        night.attacks.append(_attack(night, act, effect, target))
    night.say(f"{act.label()} ignites every {name} player: " + (", ".join(dict.fromkeys(marked)) or "no one") + ".")


def jail(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    night.jailed[target] = act
    night.location[target] = JAILED
    night.blocks.setdefault(target, []).append(
        Block(act, "all-but", tuple(effect.get("except", ())), effect.get("notify", "all")))
    night.protections.setdefault(target, []).append(Protection(act, "all", 99, (), "none", 0))
    night.say(f"{act.label()} jails {target}: they are protected, and their actions fail.")


def commute(night: Night, act: Act, effect: Effect) -> None:
    night.location[act.actor] = AWAY
    night.say(f"{act.label()} leaves town for the night: actions aimed at them fail.")


def convert(night: Night, act: Act, effect: Effect) -> None:
    target = _target(act, effect)
    if target is None:
        return
    night.converts.append((target, effect.get("role"), effect.get("faction") or None, act))
    night.say(f"{act.label()} converts {target}; it takes effect at the start of the day.")


REGISTRY: dict[str, EffectFn] = {
    "block": block, "redirect": redirect, "swap": swap, "protect": protect, "heal": heal,
    "kill": kill, "kill-visitors": kill_visitors, "inspect": investigate, "observe": investigate,
    "frame": frame, "tag": tag, "ignite": ignite, "jail": jail, "commute": commute, "convert": convert,
}

# Effects that change who acts or where actions go: natural resolution orders around them.
MODIFIERS = frozenset({"block", "jail", "redirect", "swap", "commute"})
