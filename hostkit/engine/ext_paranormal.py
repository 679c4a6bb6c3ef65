"""The effects and rules that only the paranormal ruleset needs (seeds/paranormal.md).

Registered with `effects.register`; each is generic enough for a host's custom role:
- abduct: a role-block that also removes the target from play for the night (no other action can
  reach them); alerts (a War Vet, Sentry Guns) and the abilities named in `except` still work.
  `keep` is the Xenozoologist's: a target of a kind (race, psychic human) not yet collected is
  kept, out of play (tag `abducted`) until the Xenozoologist dies.
- blackout: every other player's actions of one `power` (tech, psychic; "" = all) fail tonight
  (the EMP Pulse Bomb, the Psychic Pulser, the Stun Bomb).
- sneak: the Sneak stays at the target's home: learns whether the target left home, cannot be
  reached except by psychic powers, and is caught by any kill aimed at that home.
- read-goal: the goal the target had tonight from their role and actions (the Telepath).
- surveil: who visited a home and with what goal (the Surveillance System).
- track-tagged: where every player carrying the user's `tag` went (Advanced Tracking Devices).
- scan: the target's true race and role, past every appearance (the Scanner).
- guard: a protection (as `protect`) whose guard, when killed in the target's place, is found
  with the `flavour` text, and which may `tell` the guarded target who attacked.
- tell: the target is told a text in their night result (a Psychic Warden's binding is felt).
- dominate: converts a target of `race` to `faction`, keeping their role (the Hivemind).
- consume: the user leaves play and the target becomes `role` (the Advanced Doppelganger);
  a target of a `spares` race is not consumed and the charge is kept.

And two generic rules, read from role data: an ability with `power = "psychic"` cannot reach a
player with the `mind-shield` passive or tag (`power = "tech"`: `anti-tech`); the holder is told
they were targeted and a single-target one-shot item is not used up. A player carrying the tag
`abducted` is out of play: they cannot act, and no one can reach them.
"""

from __future__ import annotations

from typing import Any

from ..model import Effect
from . import effects
from .night import REACH_CHECKS, USABLE_CHECKS, Act, Attack, Block, Night
from .settle import AFTER, AFTER_DEATHS, BEFORE, READERS, fill

SHIELDS = {"psychic": ("mind-shield", "Mind Shield"), "tech": ("anti-tech", "Anti-Tech Field")}
OUT = "abducted"


def has(night: Night, player: str, attribute: str) -> bool:
    """Does the player hold an attribute, by their role (a passive) or by a tag (a built shield)?"""
    return attribute in night.role(player).passives or attribute in night.state.players[player].tags


def specimen(night: Night, player: str) -> str:
    """The kind of specimen a Xenozoologist sees: the true race, 'Psychic Human' for psychics."""
    role = night.role(player)
    race = role.race or "Human"
    if race == "Human" and ("psychic" in role.passives or any(a.power == "psychic" for a in role.abilities)):
        return "Psychic Human"
    return race


# --------------------------------------------------------------------------- reach and use


def _shielded(night: Night, act: Act, target: str) -> str | None:
    power = act.ability.power
    if power not in SHIELDS or not act.targets or target != act.targets[0]:
        return None
    attribute, name = SHIELDS[power]
    if not has(night, target, attribute):
        return None
    told = night.ext.setdefault("shield-told", set())
    if target not in told:
        told.add(target)
        night.notices.append((target, f"Something tried to reach you tonight, but your {name} held."))
    if power == "tech" and act.ability.uses is not None and act.ability.targets == 1:
        act.keeps_charge = True  # seed: a single-target one-shot item is not used up
    return f"{target}'s {name} blocks {power} powers"


def _abducted(night: Night, act: Act, target: str) -> str | None:
    if OUT in night.state.players[target].tags:
        return f"{target} had been abducted and is out of play"
    by = night.ext.get("abducted", {}).get(target)
    if by is not None and by is not act:
        return f"{target} had been abducted and could not be targeted"
    return None


def _hidden(night: Night, act: Act, target: str) -> str | None:
    """A Sneak is away at another home all night: only psychic powers reach them."""
    if act.ability.power == "psychic":
        return None
    for s in night.by_actor.get(target, ()):
        if not s.skip and s.failed is None and not s.blocked and any(e.kind == "sneak" for e in s.ability.effects):
            return f"{target} was hiding in someone else's home"
    return None


def _out_of_play(night: Night, act: Act) -> str | None:
    if OUT in night.state.players[act.actor].tags:
        return f"{act.actor} has been abducted and is out of play"
    return None


REACH_CHECKS.extend([_shielded, _abducted, _hidden])
USABLE_CHECKS.append(_out_of_play)


def _mark_abducted(night: Night, outcome: Any) -> Any:
    """The outcome's `places` say who was abducted tonight or was already kept out of play."""
    out = set(night.ext.get("abducted", {})) | set(night.tag_index.get(OUT, ()))
    if not out:
        return outcome
    places = dict(outcome.places)
    places.update({p: OUT for p in out if p in places})
    return outcome._replace(places=places)


AFTER.append(_mark_abducted)


# --------------------------------------------------------------------------- effects


def abduct(night: Night, act: Act, effect: Effect) -> None:
    """Block the target and remove them from play tonight (seed: Abduction)."""
    target = act.slot(effect)
    if target is None:
        return
    alerts = tuple(a.name for a in night.by_actor.get(target, ())
                   if any(e.kind == "kill-visitors" for e in a.ability.effects))
    night.blocks.setdefault(target, []).append(
        Block(act, "all-but", alerts + tuple(effect.get("except", ())), effect.get("notify", "all")))
    night.ext.setdefault("abducted", {})[target] = act
    night.say(f"{act.label()} abducts {target}: their actions fail and no one else can reach them tonight.")
    if not effect.get("keep", False):
        return
    kind = specimen(night, target)
    held = list(night.state.players[act.actor].tags.get("specimens", ()))
    if kind in held:
        night.say(f"{act.label()} already holds a {kind} specimen: {target} will be returned in the morning.")
        return
    night.tags.append((target, OUT, {"by": act.actor, "kind": kind}))
    night.tags.append((act.actor, "specimens", sorted(held + [kind])))
    night.say(f"{act.label()} keeps {target} as its {kind} specimen: {target} is out of play.")


def blackout(night: Night, act: Act, effect: Effect) -> None:
    """Every other player's actions of the given power fail tonight."""
    power = effect.get("power", "")
    for player, acts in night.by_actor.items():
        if player == act.actor:
            continue
        spared = tuple(a.name for a in acts if power and a.ability.power != power)
        if len(spared) < len(acts):
            night.blocks.setdefault(player, []).append(Block(act, "all-but", spared, effect.get("notify", "all")))
    night.say(f"{act.label()} shorts out every {power + ' ' if power else ''}action in town tonight.")


def sneak(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.ext.setdefault("sneaks", []).append(act)
    night.pending.append((act, effect))
    night.say(f"{act.label()} sneaks into {target}'s home and stays there for the night.")


def tell(night: Night, act: Act, effect: Effect) -> None:
    """The target is told `text` in their night result, whatever they did (a Psychic Warden's binding)."""
    target = act.slot(effect)
    if target is None:
        return
    night.notices.append((target, effect.get("text")))
    night.say(f"{target} will be told: {effect.get('text')}")


def guard(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    params = {k: effect.get(k) for k in ("target", "against", "strength", "kinds", "dies_instead",
                                         "kills_attacker", "limit")}
    effects.protect(night, act, Effect("protect", params))
    night.ext.setdefault("guards", []).append((night.protections[target][-1], effect))


def dominate(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    role = night.role(target)
    if (role.race or "") != effect.get("race", "Human"):
        night.fail(act, f"{target} is not {effect.get('race', 'Human')} and cannot be dominated")
        return
    night.converts.append((target, role.name, effect.get("faction"), act))
    night.say(f"{act.label()} dominates {target}: they join the {effect.get('faction')} at the start of the day.")


def consume(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    race = night.role(target).race or ""
    if race in effect.get("spares", ()):
        act.keeps_charge = True
        night.fail(act, f"{target} is {race} and cannot be consumed")
        return
    night.converts.append((target, effect.get("role"), effect.get("faction") or None, act))
    night.tags.append((act.actor, OUT, {"by": act.actor, "kind": "consumed"}))
    night.say(f"{act.label()} consumes {target} and takes their place: {target} becomes a "
              f"{effect.get('role')}, and {act.actor} leaves play.")


# --------------------------------------------------------------------------- readings


def goal_of(night: Night, player: str, idle: Any = ()) -> str:
    """The goal a player had tonight: what their role shows, else the goal of the first of their
    actions tonight, else (no action) their race's default, else their role's goal."""
    role = night.role(player)
    if "goal" in role.appears:
        return role.appears["goal"]
    acted = [a for a in night.by_actor.get(player, ()) if not a.skip]
    for a in acted:
        if a.ability.goal:
            return a.ability.goal
    if acted and any(a.ability.effects for a in acted):
        return role.goal or ""
    table = dict(idle or ())
    return table.get(role.race or "", role.goal or "")


def _read_goal(night: Night, act: Act, effect: Effect, target: str) -> str:
    return goal_of(night, target, effect.get("idle", {}))


def _sneak(night: Night, act: Act, effect: Effect, target: str) -> str:
    left = any(a.done and a.failed is None and a.visited for a in night.by_actor.get(target, ()))
    words = effect.get("results", {})
    return words.get("left", "left home") if left else words.get("stayed", "stayed home")


def _surveil(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    seen = sorted({v for v, w, _ in night.visits if w == target and v != target})
    return tuple(f"{v} ({goal_of(night, v, effect.get('idle', {}))})" for v in seen)


def _track_tagged(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    tag = effect.get("tag")
    out = []
    for p in sorted(night.tag_index.get(tag, ())):
        data = night.state.players[p].tags.get(tag)
        if isinstance(data, dict) and data.get("by") == act.actor:
            went = sorted({w for v, w, _ in night.visits if v == p and w != p})
            out.append(f"{p}: {', '.join(went) if went else 'stayed home'}")
    return tuple(out)


def _scan(night: Night, act: Act, effect: Effect, target: str) -> str:
    role = night.role(target)
    return f"{role.race or 'Human'}, {role.name}"


READERS.update({"read-goal": _read_goal, "sneak": _sneak, "surveil": _surveil,
                           "track-tagged": _track_tagged, "scan": _scan})


# --------------------------------------------------------------------------- end of night


def _sneaks_caught(night: Night) -> None:
    """Seed: anyone who targets the Sneak's target gets the Sneak as well."""
    for s in night.ext.get("sneaks", ()):
        if s.failed or not s.targets:
            continue
        home = s.targets[0]
        for attack in list(night.attacks):
            if attack.target == home and attack.by is not None and attack.attacker != s.actor:
                night.attacks.append(Attack(
                    target=s.actor, by=attack.by, attacker=attack.attacker, kind=attack.kind,
                    strength=attack.strength, cause=attack.cause, flavour=attack.flavour,
                    location=f"{home}'s home", heals=attack.heals))
                night.say(f"{s.actor} was hiding in {home}'s home and is caught in {attack.cause}'s attack.")


def _guards(night: Night, deaths: list) -> list:
    """A guard who died in the target's place is found as its flavour says; an observant guard
    tells the target who attacked."""
    out = list(deaths)
    for protection, effect in night.ext.get("guards", ()):
        if not protection.used:
            continue
        t, g = protection.target, protection.by.actor
        tell = effect.get("tell", "none")
        if tell == "target":
            attackers = [a.attacker for a in night.attacks if a.target == t and a.attacker
                         and (not protection.kinds or a.kind in protection.kinds)]
            if attackers:
                night.notices.append((t, f"You were attacked tonight by {attackers[0]}; your bodyguard saw who it was."))
        key = effect.get("flavour", "")
        if not key:
            continue
        for i, d in enumerate(out):
            if d.player == g and g != t:
                place = fill(effect.get("location", "somewhere outside {player}'s home"), player=g, target=t)
                text = night.ruleset.flavour.get(key, "{player} was found dead {location}.")
                out[i] = d._replace(location=place, flavour_key=key, flavour=fill(
                    text, player=g, location=place, attacker=", ".join(d.by), cause=d.cause))
    return out


def _releases(night: Night, deaths: list) -> list:
    """Seed: if the Xenozoologist is killed, every player it holds returns to play."""
    dead = {d.player for d in deaths}
    for p in night.state.players.values():
        data = p.tags.get(OUT)
        if isinstance(data, dict) and data.get("by") in dead and data.get("kind") != "consumed":
            night.untags.setdefault((p.name, OUT), None)
            night.say(f"{data['by']} is dead: {p.name} is released and returns to play.")
    return deaths


BEFORE.append(_sneaks_caught)
AFTER_DEATHS.extend([_guards, _releases])


# --------------------------------------------------------------------------- registration

_T = {"target": (int, 0)}
effects.register("abduct", abduct, {**_T, "keep": (bool, False), "except": (list, []), "notify": (str, "all")},
                 choices={"notify": ("moving", "all", "none")}, category="block", kind="blocking")
effects.register("blackout", blackout, {"power": (str, ""), "notify": (str, "all")},
                 category="block", kind="blocking")
effects.register("tell", tell, {**_T, "text": (str, ...)}, category="misc", kind="communication")
effects.register("sneak", sneak, {**_T, "results": (dict, {})}, category="inspect", kind="observation")
effects.register("read-goal", effects.investigate, {**_T, "idle": (dict, {})},
                 category="inspect", kind="inspection")
effects.register("surveil", effects.investigate, {**_T, "idle": (dict, {})}, category="inspect", kind="observation")
effects.register("track-tagged", effects.investigate, {**_T, "tag": (str, ...)}, category="inspect", kind="observation")
effects.register("scan", effects.investigate, {**_T}, category="inspect", kind="inspection")
effects.register("guard", guard, {**_T, "against": (str, "kill"), "strength": (int, 1), "kinds": (list, []),
                                  "dies_instead": (bool, False), "kills_attacker": (bool, False),
                                  "limit": (int, 0), "tell": (str, "none"),
                                  "flavour": (str, ""), "location": (str, "somewhere outside {player}'s home")},
                 choices={"against": ("kill", "kill-effect", "all"), "tell": ("none", "target")}, category="protect", kind="protection")
effects.register("dominate", dominate, {**_T, "faction": (str, ...), "race": (str, "Human")},
                 category="recruit", kind="property changing")
effects.register("consume", consume, {**_T, "role": (str, ...), "faction": (str, ""), "spares": (list, [])},
                 category="recruit", kind="property changing")
