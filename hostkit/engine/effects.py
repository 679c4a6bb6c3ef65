"""The effect registry: name -> function, with PARAMS declaring each effect's parameters.

Every role ability is built from these. An effect function takes the Night, the Act being
resolved and the Effect (its parameters from roles.toml) and changes the Night, writing one
sentence to the log. Killing, protection, heals, ignitions and investigations only record what
was attempted: settle.py decides at the end of the night who dies and what is learnt.

An effect that fails its action (a redirect onto an illegal target) does so before it changes
anything, so a failed action never leaves half an effect behind.

PARAMS declares each effect's parameters with their types and defaults; the ruleset loader
refuses unknown parameters with the nearest one suggested, so a host's custom role in roles.toml
is checked as strictly as a bundled one. Target slots (`target`, `who`, `to`, `first`, `second`)
index the ability's targets from 0; `target = -1` means the acting player themself (a Veteran's
alert protects the Veteran).

The effects:
- block: the target's actions fail (scope: `moving` actions that leave home, `all`, or `all-but`
  the `except` list); `notify` says who is told.
- redirect: the `who` target's targeted actions go to the `to` target instead (their first
  target is replaced). A redirect onto a target those actions could not legally take fails.
- swap: a bus drive: every action aimed at one of the two targets lands on the other.
- protect: `against` = `kill` (killing actions: every effect of an action that kills is
  stopped), `kill-effect` (only the kill itself), or `all` (every effect of every action). Side
  effects: `dies_instead`, `kills_attacker`, `reveals_attacker` (the protector learns who).
  `limit` caps the attacks it stops in a night (0: all). `kinds` limits it to attack types.
- heal: undoes an attack of the listed `kinds` at the end of the night; `cures` removes tags the
  target carried at the start of the night (a poison is cured on the night it would kill).
- kill: an attack with a `type`, a `strength` (immunities and protections of at least this
  strength stop it), a `cause`, a `flavour` key, a `location`; `rampage` also kills
  rampageable visitors of the target.
- kill-visitors: an alert or a trap: every player whose action reaches the actor is attacked.
- inspect: learns alignment, role, race or goal (as the role appears; frames honoured).
- observe: `track` (whom the target visited), `watch` (who visited the target) or `follow`
  (the kinds of effects of the target's resolved actions, in the seed's words).
- frame: the target appears with another alignment (or a random role of a faction).
- tag: puts a tag (doused, poisoned, infected...) on the target; `kills_after` nights later it
  kills unless cured. A tag is not a kill (seed natural III, footnote 1).
- ignite: attacks every living player carrying `tag` at the end of the night.
- jail: the target is locked up: protected from everything, their actions blocked, unreachable.
- commute: the actor leaves town: actions aimed at them fail and do not visit.
- convert: the target becomes `role` (of `faction`) at the start of the next day.
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
                "side": (str, "none"), "dies_instead": (bool, False), "kills_attacker": (bool, False),
                "reveals_attacker": (bool, False), "limit": (int, 0)},
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
    ("protect", "against"): ("kill", "kill-effect", "all"),
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

# Seed natural III: the kind each effect is, in the seed's words (what a Follower learns). Poison
# and douse are tags: state-changing, not killing (footnote 1). A commute is rules changing.
KIND_WORDS: dict[str, str] = {
    "kill": "killing", "ignite": "killing", "kill-visitors": "killing", "protect": "protection",
    "heal": "protection", "block": "blocking", "jail": "blocking", "redirect": "redirection",
    "swap": "diversion", "inspect": "inspection", "observe": "observation", "frame": "property changing",
    "tag": "state-changing", "commute": "rules changing", "convert": "property changing",
}
KIND_ORDER = ("observation", "inspection", "investigation", "killing", "protection", "blocking",
              "redirection", "diversion", "communication", "inventory changing", "property changing",
              "rules changing", "state-changing")


def kinds_phrase(act: Act) -> str:
    """'killing and protection': each kind of the act's effects once, in the seed's order."""
    words = sorted({KIND_WORDS.get(e.kind, "state-changing") for e in act.ability.effects},
                   key=lambda w: KIND_ORDER.index(w) if w in KIND_ORDER else len(KIND_ORDER))
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _attack(act: Act, effect: Effect, target: str) -> Attack:
    kind = effect.get("type", "kill")
    return Attack(
        target=target, by=act, attacker=act.actor, kind=kind, strength=effect.get("strength", 1),
        cause=effect.get("cause") or act.role.name, flavour=effect.get("flavour") or kind,
        location=effect.get("location", "{player}'s home"), rampage=effect.get("rampage", False),
        heals=effect.get("heals", True),
    )


def block(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    scope = effect.get("scope", "moving")
    night.blocks.setdefault(target, []).append(
        Block(act, scope, tuple(effect.get("except", ())), effect.get("notify", "moving")))
    what = {"moving": "their actions that leave home", "all": "all their actions"}.get(
        scope, "their actions but those exempt")
    late = [a for a in night.by_actor.get(target, ()) if a.done]
    tail = f", but {target}'s {late[0].ability.name} had already resolved" if late else ""
    night.say(f"{act.label()} blocks {target}: {what} fail tonight{tail}.")


def redirect(night: Night, act: Act, effect: Effect) -> None:
    who, to = act.slot(effect, "who", 0), act.slot(effect, "to", 1)
    if who is None or to is None:
        return
    victims = [a for a in night.by_actor.get(who, ()) if a.targets and a is not act]
    for v in victims:
        why = night.illegal_target(v, to, 0)
        if why:
            # Seed natural III: a redirect onto an illegal target fails instead.
            night.fail(act, f"{v.what()} cannot be redirected to {to} ({why})")
            return
    late = [v for v in victims if v.done or v.failed]
    night.redirects[who] = (act, to)
    tail = f", but {who}'s {late[0].ability.name} had already resolved" if late else ""
    night.say(f"{act.label()} redirects {who}'s actions to {to}{tail}.")


def swap(night: Night, act: Act, effect: Effect) -> None:
    a, b = act.slot(effect, "first", 0), act.slot(effect, "second", 1)
    if a is None or b is None or a == b:
        night.say(f"{act.label()} drives no bus: both targets are the same player.")
        return
    night.divert(a, b)
    night.say(f"{act.label()} swaps {a} and {b}: actions aimed at one land on the other.")


def protect(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    side = effect.get("side", "none")
    sides = {s for s, on in (("die-instead", effect.get("dies_instead")),
                             ("kill-attacker", effect.get("kills_attacker")),
                             ("learn-attacker", effect.get("reveals_attacker"))) if on}
    if side != "none":
        sides.add(side)
    night.protections.setdefault(target, []).append(Protection(
        act, effect.get("against", "kill"), effect.get("strength", 1), tuple(effect.get("kinds", ())),
        frozenset(sides), effect.get("limit", 0), target))
    whom = "themselves" if target == act.actor else target
    against = {"all": "everything", "kill": "killing actions", "kill-effect": "kills"}[effect.get("against", "kill")]
    if effect.get("kinds"):
        against = " and ".join(effect.get("kinds")) + " attacks"
    night.say(f"{act.label()} protects {whom} from {against}.")


def heal(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.heals.setdefault(target, []).append(
        Heal(act, effect.get("strength", 1), tuple(effect.get("kinds", ())), tuple(effect.get("cures", ()))))
    night.say(f"{act.label()} tends to {target}.")


def kill(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.attacks.append(_attack(act, effect, target))
    night.say(f"{act.label()} attacks {target}.")


def kill_visitors(night: Night, act: Act, effect: Effect) -> None:
    night.traps[act.actor] = (act, effect)
    night.say(f"{act.label()} stays home on alert, ready to kill anyone who visits.")


def investigate(night: Night, act: Act, effect: Effect) -> None:
    """Inspect and observe: the result is computed at the end of the night (seed natural V)."""
    target = act.slot(effect)
    night.pending.append((act, effect))
    night.say(f"{act.label()} uses {act.ability.name} on {target}; the result is read at the end of the night.")


def frame(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.framed[target] = (act, effect)
    night.say(f"{act.label()} frames {target}.")


def tag(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
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
    night.new_tags.setdefault(name, set()).add(target)
    when = f"; it kills at the end of night {data['kills_on']} unless cured" if "kills_on" in data else ""
    night.say(f"{act.label()} marks {target} as {name}{when}.")


def ignite(night: Night, act: Act, effect: Effect) -> None:
    """Recorded now, expanded at the end of the night over every player then carrying the tag."""
    night.ignites.append((act, effect))
    night.say(f"{act.label()} ignites every {effect.get('tag')} player.")


def jail(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.jailed[target] = act
    night.location[target] = JAILED
    night.blocks.setdefault(target, []).append(
        Block(act, "all-but", tuple(effect.get("except", ())), effect.get("notify", "all")))
    night.protections.setdefault(target, []).append(
        Protection(act, "all", 99, (), frozenset(), 0, target))
    night.say(f"{act.label()} jails {target}: they are protected, and their actions fail.")


def commute(night: Night, act: Act, effect: Effect) -> None:
    night.location[act.actor] = AWAY
    night.commuted.add(act.actor)
    night.say(f"{act.label()} commutes out of town for the night: actions aimed at them fail.")


def convert(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.converts.append((target, effect.get("role"), effect.get("faction") or None, act))
    night.say(f"{act.label()} converts {target}; it takes effect at the start of the day.")


REGISTRY: dict[str, EffectFn] = {
    "block": block, "redirect": redirect, "swap": swap, "protect": protect, "heal": heal,
    "kill": kill, "kill-visitors": kill_visitors, "inspect": investigate, "observe": investigate,
    "frame": frame, "tag": tag, "ignite": ignite, "jail": jail, "commute": commute, "convert": convert,
}

# Effects that change the acting player's own state, targeted or not (seed natural V priority).
SELF_CHANGING = frozenset({"commute", "kill-visitors"})


def register(name: str, fn: EffectFn, params: Spec, *, choices: dict[str, tuple[str, ...]] | None = None,
             category: str = "misc", kind: str = "state-changing") -> None:
    """Add an effect from a ruleset's own module (engine/ext_*.py): its function, its
    parameters (checked by the ruleset loader like every other), its NAR category and the kind
    a Follower sees it as."""
    if name in REGISTRY:
        raise ValueError(f"effect {name!r} is registered twice")
    REGISTRY[name] = fn
    PARAMS[name] = params
    for key, allowed in (choices or {}).items():
        CHOICES[(name, key)] = allowed
    NAR_CATEGORY[name] = category
    KIND_WORDS[name] = kind


# Ruleset-specific effects live in engine/ext_<name>.py and register themselves (and their hooks)
# when imported. They are imported only when a ruleset needs them: a ruleset.toml names its
# `extensions`, and an effect name the registry does not know loads them all before it is refused.
# Commands on the other rulesets never pay for importing them.
EXTENSIONS = ("ooo", "items", "paranormal")


def load_extension(name: str) -> None:
    """Import engine/ext_<name>.py once: its effects join the registry, its hooks the night."""
    import importlib

    if name not in EXTENSIONS:
        raise ValueError(f"no engine extension {name!r}")
    importlib.import_module(f"{__package__}.ext_{name}")


def load_all_extensions() -> None:
    for name in EXTENSIONS:
        load_extension(name)
