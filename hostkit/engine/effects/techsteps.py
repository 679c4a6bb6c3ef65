"""Alien tech's steps of the night's settling (seed paranormal): the Plasma Bomb's chain, the Hold-out
Blaster's return fire, camouflaged kills, and the tech spent or fixed by the night's end. settle.py
runs them; the tech effects themselves are in tech.py.
"""

from __future__ import annotations

from ...rules.items import items_of
from ...model.outcome import Death
from ..acts import Attack
from ..night import Night
from .base import attack_from, fill, flavour_text, has
from .protect import AGAINST_WORDS
from .tech import CAMOUFLAGE, HOLOGRAM, MASKED, SHORTED, SOURCES, grants


# --------------------------------------------------------------------------- settle steps
def plasma_chain(night: Night) -> None:
    """The target, anyone interacting with them (a visit either way), anyone interacting with
    those, and so on: only those physically there, so a psychic's reading is no visit. The user
    is spared (unless they bomb themself), so is an Anti-Tech Field holder. Nothing protects."""
    bombs = night.ext.get("plasma", ())
    if not bombs:
        return
    links: dict[str, set[str]] = {}
    for visitor, visited, _act in night.visits:
        if visitor != visited:
            links.setdefault(visitor, set()).add(visited)
            links.setdefault(visited, set()).add(visitor)
    for act, effect, target in bombs:
        if act.failed:
            continue
        caught, todo = [target], [target]
        seen = {target}  # what `caught` holds, to ask in one step (a chain can reach thousands)
        while todo:
            p = todo.pop()
            for q in sorted(links.get(p, ())):
                if q not in seen:
                    seen.add(q)
                    caught.append(q)
                    todo.append(q)
        spared = night.ext.get("spared", {})
        for p in caught:
            if p == act.actor and p != target:
                continue
            guard = spared.get((id(act), p)) if p == target else None
            if guard is not None:
                night.say(f"{p}'s {guard.by.used} ({AGAINST_WORDS[guard.against]}) takes the blast in their place.")
                continue
            if p != target and has(night, p, "anti-tech"):
                night.say(f"{p}'s Anti-Tech Field shields them from the Plasma Bomb.")
                continue
            attack = attack_from(act, effect, p)
            if p != target:
                attack.location = fill("{target}'s home", target=target)
            night.attacks.append(attack)
        night.say(f"The Plasma Bomb on {target} catches: {', '.join(p for p in caught if p != act.actor or p == target)}.")


UNTRACEABLE = ("plasma", "morning", "day")  # remote kills: no attacker present to shoot back at


def return_fire(night: Night, deaths: list[Death]) -> list[Death]:
    """A Hold-out Blaster holder killed at night by a visible attacker shoots them (and still
    dies). Not against a remote or untraceable kill (Plasma Bomb, morning kill, an Advanced
    Assassin bot's day kill)."""
    dead = {d.player for d in deaths}
    out = list(deaths)
    for d in deaths:
        if not grants(night, d.player, "return-fire") or d.kind in UNTRACEABLE or not d.by:
            continue
        shooter, target = d.player, d.by[0]
        if target in night.bodies:  # the attacker was a Robot: the shot destroys it
            _activate_item(night, shooter, "return-fire")
            night.say(f"{shooter} pulls out a Hold-out Blaster and shoots {target} before dying.")
            night.wreck(target, shooter, "Hold-out Blaster", d.location)
            continue
        if target == shooter or target in dead or not night.alive(target):
            continue
        _activate_item(night, shooter, "return-fire")
        attack = Attack(target=target, by=None, attacker=shooter, kind="night", strength=1,
                        cause="Hold-out Blaster", flavour="shot", location="{player}'s home")
        night.say(f"{shooter} pulls out a Hold-out Blaster and shoots {target} before dying.")
        role = night.role(target)
        if role.immunity >= attack.strength:
            night.say(f"{target} ({role.name}) is immune to the blast.")
            night.notices.append((target, "You were attacked tonight, but you survived."))  # as settle tells immunity
            continue
        saver = next((p for p in night.protections.get(target, ()) if not p.by.failed
                      and (not p.limit or p.used < p.limit) and (not p.kinds or "night" in p.kinds)), None)
        if saver is not None:
            saver.used += 1
            night.say(f"{saver.by.label()}'s protection saves {target} from the Hold-out Blaster.")
            continue
        place = fill(attack.location, player=target)
        dead.add(target)
        out.append(Death(target, attack.cause, place, flavour_text(night, attack, target, place),
                         attack.kind, (shooter,), attack.flavour))
    return out


def camouflage(night: Night, deaths: list[Death]) -> list[Death]:
    """Combat Camouflage: a holder's kills read as the source chosen (tag `camouflage`)."""
    out = []
    for d in deaths:
        killer = d.by[0] if d.by else ""
        src = night.tags_of(killer).get(CAMOUFLAGE) if killer in night.state.players else None
        if src in SOURCES and grants(night, killer, "camouflage") and d.cause not in ("Hold-out Blaster",):
            cause, key = SOURCES[src]
            attack = Attack(target=d.player, by=None, attacker=killer, kind=d.kind, strength=1, cause=cause,
                            flavour=key, location=d.location)
            night.say(f"{killer}'s Combat Camouflage makes {d.player}'s death look like the work of {cause}.")
            # the truth stays the host's: status shows the real cause, the death post the mask
            night.tags.append((d.player, MASKED, {"cause": d.cause, "by": killer, "shown": cause}))
            d = d._replace(cause=cause, flavour=flavour_text(night, attack, d.player, d.location), flavour_key=key)
        out.append(d)
    return out


def _activate_item(night: Night, player: str, attribute: str) -> None:
    night.ext.setdefault("fired", []).append((player, attribute))


def spent(night: Night) -> list[tuple[str, str, str]]:
    """(holder, item, why) for every item used up tonight by the tech rules: a `resolve` item
    whose action resolved (or was wasted on a shield), an `activate` item that worked."""
    table = items_of(night.ruleset)
    out: list[tuple[str, str, str]] = []
    for act in night.acts:
        item = table.get(act.role.name)
        if item is None or item.consumed != "resolve" or act.skip:
            continue
        if act.done or id(act) in night.ext.get("wasted", ()):
            out.append((act.actor, item.name, act.ability.name))
    on = set(night.ext.get("holoform-on", set()))
    for p in night.carriers:  # a hologram projected tonight activates the Advanced Holoform
        where = p.tags.get(HOLOGRAM)
        if isinstance(where, dict) and where.get("night") == night.number and grants(night, p.name, "advanced-holoform"):
            on.add(p.name)
    for player in sorted(on):
        for name, c in sorted(night.state.players[player].items.items()):
            item = table.get(name)
            if item is not None and c > 0 and "holoform" in item.grants and item.consumed == "activate" \
                    and ("advanced-holoform" in item.grants or player in night.ext.get("holoform-on", set())):
                out.append((player, name, "it worked tonight"))
                break
    for player, attribute in night.ext.get("fired", ()):
        for name, c in sorted(night.state.players[player].items.items()):
            item = table.get(name)
            if item is not None and c > 0 and attribute in item.grants and item.consumed == "activate":
                out.append((player, name, "it fired"))
                break
    return out


def fixed(night: Night) -> None:
    """A player who spent tonight fixing shorted-out tech has it working again tomorrow."""
    for p in night.carriers:
        data = p.tags.get(SHORTED)
        if isinstance(data, dict) and data.get("night") == night.number:
            night.untags.setdefault((p.name, SHORTED), None)
            night.say(f"{p.name} fixes their shorted-out tech tonight.")
