"""Who dies at the end of the night: the attacks made at the end (ignitions, traps, delayed kills, a
rampage's extra victims, in the ruleset's attack order), then each attack weighed against immunities,
protections, guards and heals (settle.py runs these as steps of its pipeline).
"""

from __future__ import annotations

from collections import deque

from ..model.outcome import Death, where
from .effects import conditions, items, kill
from .effects.base import fill, flavour_text
from .acts import Act, Attack, Protection
from .night import Night


# --------------------------------------------------------------------------- attacks made at the end


def _ignites(night: Night) -> None:
    """An ignition attacks every living player carrying its tag at the end of the night, so a
    douse tonight counts whatever order the two resolved in. Several ignitions of one tag are one
    fire: each marked player is attacked once, and a death names every igniter."""
    fires: dict[str, list[tuple[Act, object]]] = {}
    for act, effect in night.ignites:
        if not act.failed:
            fires.setdefault(effect.get("tag"), []).append((act, effect))
    for name, igniters in fires.items():
        act, effect = igniters[0]
        marked = night.tagged(name)
        kind = effect.get("type", "kill")
        also = tuple(a.actor for a, _ in igniters[1:] if a.actor != act.actor)
        for target in marked:
            night.attacks.append(Attack(
                target=target, by=act, attacker=act.body, kind=kind, strength=effect.get("strength", 1),
                cause=effect.get("cause") or act.role.name, flavour=effect.get("flavour") or kind,
                location=effect.get("location", "{player}'s home"), heals=effect.get("heals", True), also=also))
        who = " and ".join(a.label() for a, _ in igniters[:3]) + (
            f" and {len(igniters) - 3} more" if len(igniters) > 3 else "")
        night.say(f"The fire set by {who} reaches every {name} player: " + (", ".join(marked) or "there are none") + ".")


def _traps(night: Night) -> None:
    """Anyone whose resolved action reached a player on alert is attacked by that player, who is
    told it fired (the effect's `told`), never at whom."""
    seen: set[tuple[str, str]] = set()
    fired: set[tuple[str, str]] = set()
    for visitor, visited, _act in night.visits:
        if visited not in night.traps or visitor == visited or (visitor, visited) in seen:
            continue
        trap_act, effect = night.traps[visited]
        spare = effect.get("spare", ())
        if trap_act.failed or visitor in spare or night.role(visitor).name in spare:
            continue
        trusted = night.state.players[visited].tags.get("trusted")
        if isinstance(trusted, dict) and trusted.get("night") == night.number and visitor in trusted.get("players", ()):
            # seed paranormal Sentry Guns: 'face recognition to allow safe passage' (hostkit tech trust)
            night.say(f"{visitor} visits {visited}, whose {trap_act.ability.name} let them pass (face recognition).")
            continue
        seen.add((visitor, visited))
        kind = effect.get("type", "kill")
        night.attacks.append(Attack(
            target=visitor, by=trap_act, attacker=trap_act.body, kind=kind, strength=effect.get("strength", 1),
            cause=effect.get("cause") or trap_act.role.name, flavour=effect.get("flavour") or kind,
            location=fill(effect.get("location", "{player}'s home"), player=visited), heals=effect.get("heals", True)))
        who = "who is" if trap_act.body == visited else f"where {trap_act.body} is"
        night.say(f"{visitor} visits {visited}, {who} on alert: {trap_act.body} attacks {visitor}.")
        if (trap_act.actor, visited) not in fired:  # its owner knows it went off (not at whom)
            fired.add((trap_act.actor, visited))
            night.notices.append((trap_act.actor, effect.get("told") or kill.FIRED))


def _delayed(night: Night) -> None:
    """Tags that kill on this night (poison) become attacks. No protection stops them, since no
    action makes them (seed natural III, footnote 1); a heal of their kind, or a cure, does."""
    for p in night.carriers:  # a player without tags has none to take effect
        if not p.alive:
            continue
        for tag, data in p.tags.items():
            if isinstance(data, dict) and data.get("kills_on") == night.number:
                night.untags.setdefault((p.name, tag), None)
                night.attacks.append(Attack(
                    target=p.name, by=None, attacker=data.get("by", ""), kind=data.get("type", tag),
                    strength=data.get("strength", 1), cause=data.get("cause", tag),
                    flavour=data.get("flavour", tag), location=data.get("location", "{player}'s home"),
                    heals=True))
                # The tag is a state ('poisoned', 'guilty', 'wilting'): said of the player.
                night.say(f"{p.name} is {tag}: it takes effect tonight ({data.get('cause', tag)}).")


def _attack_order(night: Night) -> None:
    """With `attack_order = "tie-break"` (seed ooo 1: two killers on one target are concurrent,
    and the OoO decides), attacks are weighed in the ruleset's tie_break order: by the act's
    "Role.Ability", its role, or the attack's cause (a delayed "Vigilante Suicide"), made order
    between equals. A plague resolving is weighed last (seed ooo 4: after every other attack)."""
    rs = night.ruleset
    if rs.attack_order != "tie-break":
        return
    tb = {t.lower(): i for i, t in reversed(list(enumerate(rs.tie_break)))}
    end = len(tb)

    def rank(attack: Attack) -> int:
        by = attack.by
        if by is not None and "infect" in by.effect_kinds():
            return end + 1
        keys = (by.name.lower(), by.role.name.lower()) if by is not None else ()
        for key in (*keys, attack.cause.lower()):
            if key in tb:
                return tb[key]
        return end

    night.attacks.sort(key=rank)


def _rampage(night: Night, attack: Attack) -> list[Attack]:
    """Seed ooo 2: a rampaging kill that killed its target at home also reaches every
    rampageable visitor there; they die at the target's home."""
    out = []
    for visitor, _, act in night.visits_to.get(attack.target, ()):
        if visitor not in (attack.attacker, attack.target) and "rampageable" in act.role.passives:
            out.append(Attack(
                target=visitor, by=attack.by, attacker=attack.attacker, kind=attack.kind,
                strength=attack.strength, cause=attack.cause, flavour=attack.flavour,
                location=fill("{target}'s home", target=attack.target), heals=attack.heals))
            night.say(f"{visitor} was at {attack.target}'s home and is caught in the rampage.")
    return out


# --------------------------------------------------------------------------- who dies


def _attacks(night: Night) -> tuple[list[Death], dict[str, list[str]]]:
    """Attacks settle in the order they were made (canonical under natural resolution; the OoO
    with attack_order = "tie-break"). Each is weighed against immunity, then protections, then
    heals; a counterattack, or a rampage once its target died of it, joins the queue. With
    attack_order = "tie-break" a later attack on a body has no effect (seed ooo 3): its attacker
    is not among the killers, so no guilt and no kill count."""
    later_counts = night.ruleset.attack_order != "tie-break"
    first: dict[str, tuple[Attack, str]] = {}  # victim -> (the attack that killed, where)
    killers: dict[str, list[str]] = {}
    saved: dict[str, list[str]] = {}
    names: dict[tuple[str, int], tuple[tuple[str, ...], tuple[str, ...]]] = {}  # keeps each `also` alive

    def die(victim: str, attack: Attack, location: str) -> None:
        if not night.alive(victim):
            return
        if victim in first:
            if not later_counts:
                return
            have, known = killers[victim], set(killers[victim])  # a set: a fire names every igniter
            for k in (attack.attacker, *attack.also):
                if k and k not in known:
                    known.add(k)
                    have.append(k)
            if night.state.options.get("death-cause", "first") == "last":
                # The ruleset's death-cause option: the last attack that kills names the cause
                # (seed classic NightResolution: the poison is added over the werewolves' kill).
                first[victim] = (attack, fill(location, player=victim, target=attack.target,
                                              attacker=attack.attacker))
                night.say(f"{victim} is also killed by {attack.cause}: {attack.cause} is recorded as the cause.")
            return
        place = fill(location, player=victim, target=attack.target, attacker=attack.attacker)
        first[victim] = (attack, place)
        key = (attack.attacker, id(attack.also))  # one fire's attacks share one `also`: dedupe it once
        named = names.get(key)
        if named is None:
            named = names[key] = (attack.also, tuple(dict.fromkeys(k for k in (attack.attacker, *attack.also) if k)))
        killers[victim] = list(named[1])
        again = " all the same" if victim in saved else ""  # another attack was stopped first
        night.say(f"{victim} dies{again} ({attack.cause}), found {where(place)}.")

    queue = deque(night.attacks)
    while queue:
        attack = queue.popleft()
        t = attack.target
        who = f"{attack.cause} ({attack.attacker})" if attack.attacker else attack.cause
        if t in night.bodies:
            night.wreck(t, attack.attacker, attack.cause, fill(attack.location, player=night.owner(t),
                                                                 target=attack.target, attacker=attack.attacker))
            continue
        if not night.alive(t):
            continue
        if t in first:
            night.say(f"{who}'s attack finds {t} already dead.")
            die(t, attack, attack.location)
            continue
        role = night.role(t)
        if role.immunity >= attack.strength and conditions.immune(night, t, role, attack):
            saved.setdefault(t, []).append(role.name)
            night.say(f"{t} ({role.name}) is immune to {who}'s attack.")
            night.notices.append((t, "You were attacked tonight, but you survived."))
            continue
        guards = [p for p in night.protections.get(t, ()) if p.covers(attack)]
        heals = [h for h in night.heals.get(t, ()) if not h.by.failed and attack.heals
                 and attack.strength <= h.strength and (not h.kinds or attack.kind in h.kinds)]
        plain = [g for g in guards if not g.sides]
        sided = [g for g in guards if g.sides]
        if sided and (plain or heals or len(sided) > 1) \
                and night.state.options.get("overlapping-protections") == "all-trigger":
            # The option's rule: protections overlap; every one that covers the attack triggers.
            for g in plain:
                g.used += 1
            for by, what in sorted([(g.by, "protection saves") for g in plain] + [(h.by, "heal saves") for h in heals],
                                   key=lambda x: x[0].ran):
                saved.setdefault(t, []).append(by.role.name)
                night.say(f"{by.label()}'s {what} {t} from {who}'s attack.")
            for g in sided:
                _guarded(night, attack, [g], saved, die, queue)
            continue
        if plain or heals:
            # Every plain protection and heal that covers the attack shares the save, in the
            # order they resolved; no protection with a side effect needs to step in. A one-use
            # item (a Personal Shield) is kept while another protection or heal saves its holder,
            # unless the ruleset's protections all trigger (items-werewolf: an Armour breaks).
            overlap = night.state.options.get("overlapping-protections") == "all-trigger"
            spared = [] if overlap else [g for g in plain if items.spent_on_save(night, g)]
            if spared and len(spared) < len(plain) + len(heals):
                plain = [g for g in plain if g not in spared]
                for g in spared:
                    night.say(f"{g.by.label()} is not needed against {who}'s attack: it is kept.")
            savers = sorted([(g.by, "protection saves") for g in plain] + [(h.by, "heal saves") for h in heals],
                            key=lambda x: x[0].ran)
            for g in plain:
                g.used += 1
            for by, what in savers:
                saved.setdefault(t, []).append(by.role.name)
                night.say(f"{by.label()}'s {what} {t} from {who}'s attack.")
            continue
        if guards:
            _guarded(night, attack, guards, saved, die, queue)
            continue
        die(t, attack, attack.location)
        if attack.rampage and first.get(t, (None,))[0] is attack:
            queue.extend(_rampage(night, attack))
    deaths = []
    for victim, (attack, place) in first.items():
        deaths.append(Death(victim, attack.cause, place, flavour_text(night, attack, victim, place),
                            attack.kind, tuple(killers[victim]), attack.flavour))
    return deaths, saved


def _guarded(night: Night, attack: Attack, guards: list[Protection], saved: dict[str, list[str]],
             die, queue: deque) -> None:
    """No plain protection or heal covers the attack: the first protection with a side effect
    takes it (a Bodyguard dies in the target's place and strikes back)."""
    t = attack.target
    who = f"{attack.cause} ({attack.attacker})" if attack.attacker else attack.cause
    g = guards[0]
    g.used += 1
    saved.setdefault(t, []).append(g.by.role.name)
    night.say(f"{g.by.label()}'s protection saves {t} from {who}'s attack.")
    guard = g.by.body
    if "die-instead" in g.sides and guard != t:
        night.say(f"{g.by.label()} takes the attack in {t}'s place.")
        if guard in night.bodies:
            night.wreck(guard, attack.attacker, attack.cause, fill("{target}'s home", target=t))
        else:
            die(guard, attack, fill("{target}'s home", target=t))
    if "kill-attacker" in g.sides and attack.attacker and attack.attacker != guard:
        night.say(f"{g.by.label()} strikes back at {attack.attacker}.")
        queue.append(Attack(target=attack.attacker, by=g.by, attacker=guard, kind="counter", strength=1,
                            cause=g.by.role.name, flavour="counter", location=fill("{target}'s home", target=t)))
    if "learn-attacker" in g.sides and attack.attacker:
        night.notices.append((g.by.actor, f"The player you protected was attacked by {attack.attacker}."))


def _cures(night: Night) -> None:
    """A resolved heal with `cures` removes those tags, if the target carried them at the start of
    the night: a poison is cured on the night it would kill, not on the night it is given."""
    for t, hs in night.heals.items():
        for h in hs:
            if h.by.failed:
                continue
            for tag in h.cures:
                if tag in night.tags_of(t):
                    night.untags.setdefault((t, tag), None)
                    night.say(f"{h.by.label()} cures {t}: they are no longer {tag}.")
