"""The end of the night: attacks meet protections, immunities and heals; bodies are placed;
investigations read the final night; standing changes (charges, tags, conversions) are listed.
"""

from __future__ import annotations

from ..model import Blocked, Change, Death, Failed, NightOutcome, Notice, Result, Saved
from .night import HOME, Act, Attack, Night

# Seed natural III: how a Follower names the kinds of effects it sees. Poison and douse are tags,
# which are state-changing, not killing (footnote 1).
EFFECT_KIND_WORDS = {
    "kill": "killing", "ignite": "killing", "kill-visitors": "killing", "protect": "protection",
    "heal": "protection", "block": "blocking", "jail": "blocking", "redirect": "redirection",
    "swap": "diversion", "inspect": "inspection", "observe": "observation", "frame": "state-changing",
    "tag": "state-changing", "commute": "rules changing", "convert": "property changing",
}


def settle(night: Night) -> NightOutcome:
    _traps(night)
    _delayed(night)
    _rampages(night)
    deaths, saved = _attacks(night)
    results = _investigations(night)
    changes = _changes(night, deaths)
    blocked = [Blocked(p, tuple(dict.fromkeys(b for b, _ in v)), any(n for _, n in v))
               for p, v in night.blocked.items()]
    return NightOutcome(
        night=night.number,
        deaths=tuple(deaths),
        saved=tuple(Saved(p, tuple(dict.fromkeys(by))) for p, by in saved.items()),
        blocked=tuple(blocked),
        results=tuple(results),
        failed=tuple(Failed(*f) for f in night.failed),
        changes=tuple(changes),
        notices=tuple(Notice(p, t) for p, t in night.notices),
        log=tuple(night.log),
    )


def _traps(night: Night) -> None:
    """Anyone whose action reached a trapped home is attacked by the trap (an alert, a War Vet)."""
    for visitor, visited, act in list(night.visits):
        if visited not in night.traps or visitor == visited:
            continue
        trap_act, effect = night.traps[visited]
        if visitor in effect.get("spare", ()) or trap_act.failed:
            continue
        kind = effect.get("type", "kill")
        night.attacks.append(Attack(
            target=visitor, by=trap_act, attacker=visited, kind=kind, strength=effect.get("strength", 1),
            cause=effect.get("cause") or trap_act.role.name, flavour=effect.get("flavour") or kind,
            location=effect.get("location", "{player}'s home"), heals=effect.get("heals", True)))
        night.say(f"{visitor} visits {visited}, whose {trap_act.ability.name} is up: {visited} attacks {visitor}.")


def _delayed(night: Night) -> None:
    """Tags that kill on this night (poison) become attacks that only a heal stops."""
    for p in night.state.players.values():
        for tag, data in p.tags.items():
            if p.alive and isinstance(data, dict) and data.get("kills_on") == night.number:
                night.attacks.append(Attack(
                    target=p.name, by=None, attacker=data.get("by", ""), kind=data.get("type", tag),
                    strength=data.get("strength", 1), cause=data.get("cause", tag),
                    flavour=data.get("flavour", tag), location=data.get("location", "{player}'s home"),
                    heals=True))
                night.say(f"The {tag} on {p.name} takes effect tonight.")


def _rampages(night: Night) -> None:
    """A rampaging kill also reaches every rampageable visitor at the target's home."""
    for attack in list(night.attacks):
        if not attack.rampage:
            continue
        for visitor, visited, act in night.visits:
            if visited == attack.target and visitor not in (attack.attacker, attack.target) \
                    and "rampageable" in act.role.passives:
                night.attacks.append(Attack(
                    target=visitor, by=attack.by, attacker=attack.attacker, kind=attack.kind,
                    strength=attack.strength, cause=attack.cause, flavour=attack.flavour,
                    location=f"{attack.target}'s home", heals=attack.heals))
                night.say(f"{visitor} was at {attack.target}'s home and is caught in the rampage.")


def _flavour(night: Night, attack: Attack, victim: str, location: str) -> str:
    text = night.ruleset.flavour.get(attack.flavour) or night.ruleset.flavour.get("default") \
        or "{player} was found dead in {location}."
    return text.format(player=victim, location=location, attacker=attack.attacker, cause=attack.cause)


def _attacks(night: Night) -> tuple[list[Death], dict[str, list[str]]]:
    deaths: dict[str, Death] = {}
    saved: dict[str, list[str]] = {}

    def die(victim: str, attack: Attack, location: str) -> None:
        if victim in deaths or not night.alive(victim):
            return
        place = location.format(player=victim, target=attack.target, attacker=attack.attacker)
        deaths[victim] = Death(victim, attack.cause, place, _flavour(night, attack, victim, place),
                               attack.kind, (attack.attacker,) if attack.attacker else ())
        night.say(f"{victim} dies ({attack.cause}), found in {place}.")

    for attack in night.attacks:
        t = attack.target
        if not night.alive(t):
            continue
        if t in deaths:
            night.say(f"{attack.cause} ({attack.attacker})'s attack finds {t} already dead.")
            continue
        role = night.role(t)
        if role.immunity >= attack.strength:
            saved.setdefault(t, []).append(role.name)
            night.say(f"{t} ({role.name}) is immune to {attack.cause}'s attack.")
            night.notices.append((t, "You were attacked tonight, but you survived."))
            continue
        guards = [p for p in night.protections.get(t, []) if p.covers(attack) and not p.by.failed]
        if guards:
            for g in guards:
                g.used += 1
                saved.setdefault(t, []).append(g.by.role.name)
                night.say(f"{g.by.label()}'s protection saves {t} from {attack.cause}.")
                if g.side == "die-instead":
                    die(g.by.actor, attack, "outside {target}'s home")
                elif g.side == "kill-attacker" and attack.attacker:
                    die(attack.attacker, _counter(attack, g.by), "outside {target}'s home")
                elif g.side == "learn-attacker" and attack.attacker:
                    night.notices.append((t, f"You were attacked by {attack.attacker}; {g.by.actor} protected you."))
            continue
        heals = [h for h in night.heals.get(t, []) if not h.by.failed and attack.heals
                 and attack.strength <= h.strength and (not h.kinds or attack.kind in h.kinds)]
        if heals:
            for h in heals:
                saved.setdefault(t, []).append(h.by.role.name)
                night.say(f"{h.by.label()} heals {t} from {attack.cause}'s attack.")
            continue
        die(t, attack, attack.location)
    for t, hs in night.heals.items():
        for h in hs:
            if h.by.failed:
                continue
            for tag in h.cures:
                if tag in night.state.players[t].tags or any(p == t and n == tag for p, n, _ in night.tags):
                    night.untags.append((t, tag))
                    night.say(f"{h.by.label()} cures {t} of {tag}.")
    return list(deaths.values()), saved


def _counter(attack: Attack, guard: Act) -> Attack:
    return Attack(target=attack.attacker, by=guard, attacker=guard.actor, kind="counter", strength=99,
                  cause=guard.role.name, flavour="counter", location="outside {target}'s home")


def _investigations(night: Night) -> list[Result]:
    """Seed natural V: results read the night as it ended, not as it was when they resolved."""
    results: list[Result] = []
    for act, effect in night.pending:
        if act.failed:
            continue
        target = act.targets[effect.get("target", 0)]
        if act.redirected:
            night.notices.append((act.actor, "You were redirected tonight."))
        if effect.kind == "inspect":
            value = _inspect(night, act, effect, target)
        else:
            value = _observe(night, act, effect, target)
        results.append(Result(act.actor, act.ability.name, target, value))
        shown = value if isinstance(value, str) else ", ".join(value) or "nothing"
        night.say(f"{act.label()} learns: {shown}.")
    return results


def _inspect(night: Night, act: Act, effect, target: str) -> str:
    what = effect.get("what", "alignment")
    role = night.role(target)
    raw = role.appears_as(what)
    frame = night.framed.get(target)
    if frame and effect.get("frames", True) and not frame[0].failed:
        fe = frame[1]
        if what == "role" and fe.get("role_faction"):
            pool = sorted({r for r in night.state.initial_roles
                           if night.ruleset.roles[r].faction == fe.get("role_faction")})
            raw = night.rng.choice(pool) if pool else raw
        elif what == "alignment" and fe.get("alignment"):
            raw = fe.get("alignment")
    table = effect.get("results", {})
    return table.get(raw, effect.get("default") or raw)


def _observe(night: Night, act: Act, effect, target: str) -> str | tuple[str, ...]:
    mode = effect.get("mode", "track")
    if mode == "track":
        return tuple(dict.fromkeys(v for a, v, _ in night.visits if a == target))
    if mode == "watch":
        return tuple(dict.fromkeys(a for a, v, _ in night.visits if v == target and a != act.actor))
    kinds: list[str] = []
    for other in night.acts:
        if other.actor == target and other.failed is None and other.done:
            for e in other.ability.effects:
                word = EFFECT_KIND_WORDS.get(e.kind, "state-changing")
                if word not in kinds:
                    kinds.append(word)
    return tuple(kinds)


def _changes(night: Night, deaths: list[Death]) -> list[Change]:
    out: list[Change] = [Change(d.player, "death", d.cause, d.kind) for d in deaths]
    for act in night.acts:
        if act.ability.uses is not None and not act.action.skip:
            out.append(Change(act.actor, "charge", act.ability.key, -1))
        blocked = act.failed is not None and act.actor in night.blocked and not act.visited
        if act.targets and not blocked:
            out.append(Change(act.actor, "last-target", act.ability.key, tuple(act.action.targets)))
    for player, tag, data in night.tags:
        if (player, tag) not in night.untags:
            out.append(Change(player, "tag", tag, data))
    for player, tag in night.untags:
        out.append(Change(player, "untag", tag))
    for player, role, faction, act in night.converts:
        if act.failed is None and player not in {d.player for d in deaths}:
            out.append(Change(player, "convert", role, faction))
    return out


__all__ = ["settle", "HOME"]
