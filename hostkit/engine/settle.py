"""The end of the night: attacks meet immunities, protections and heals; bodies are placed;
investigations read the final night; standing changes (charges, tags, conversions) are listed.

Every step here works from the Night's indexes (visits from and to a player, tags by name,
protections and heals by target), so settling costs about one pass over the night.
"""

from __future__ import annotations

from collections import deque
from typing import Callable

from ..model.outcome import (ActTrace, Blocked, Change, Death, Failed, Happening, NightOutcome, Notice, Result,
    Saved, where)
from .effects import FAKE_READINGS, READERS, block, change, conditions, info, items, kill, links, protect, readings, strength, tech
from .effects.base import drop_spent_frames, fill, flavour_text
from .night import HOME, Act, Attack, Night, Protection


class Settling:
    """What the pipeline's steps work on: the Night, then the deaths and saves, the results, and
    at last the outcome."""

    __slots__ = ("night", "deaths", "saved", "results", "outcome")

    def __init__(self, night: Night) -> None:
        self.night = night
        self.deaths: list[Death] = []
        self.saved: dict[str, list[str]] = {}
        self.results: list[Result] = []
        self.outcome: NightOutcome | None = None


def _on_night(fn: Callable[[Night], None]) -> Callable[[Settling], None]:
    return lambda s: fn(s.night)


def _on_deaths(fn: Callable[[Night, list[Death]], list[Death]]) -> Callable[[Settling], None]:
    def step(s: Settling) -> None:
        s.deaths = fn(s.night, s.deaths)
    return step


def _on_outcome(fn: Callable[[Night, NightOutcome], NightOutcome]) -> Callable[[Settling], None]:
    def step(s: Settling) -> None:
        assert s.outcome is not None
        s.outcome = fn(s.night, s.outcome)
    return step


def _attack_step(s: Settling) -> None:
    s.deaths, s.saved = _attacks(s.night)


def _results_step(s: Settling) -> None:
    s.results = _investigations(s.night)
    drop_spent_frames(s.night)  # the frames tonight's readings saw, given tonight, in one pass


def _block_detail(night: Night, player: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(stopped, took_place) for a blocked player's PM, when an action they entered took place
    tonight: the uses a notified block stopped (an EMP shorts a Xenozoologist's Emitter while his
    Abduct goes through), or, when it stopped none of them, the uses that had already taken place
    (a Direwolf's Pin resolved before a Courtesan's roleblock reached him). ((), ()) when nothing
    they entered took place: the PM says 'your action did not take place'. Standing abilities the
    engine enters by itself (seq -1: an Armour, a Surveillance System) are not counted."""
    done = tuple(dict.fromkeys(a.used for a in night.by_actor.get(player, ())
                               if a.done and not a.skip and a.action.seq >= 0 and a.body == a.actor))
    if not done:
        return (), ()
    stopped = tuple(dict.fromkeys(night.ext.get("blocked-uses", {}).get(player, ())))
    return stopped, (() if stopped else done)


def _outcome_step(s: Settling) -> None:
    night = s.night
    changes = _changes(night, s.deaths)
    # A jailed player told by the jail's own words (every action of theirs failed) gets no 'you
    # were blocked' line as well, unless another block told them too (an Escort on a jailed Seer).
    jailed = night.ext.get("told-jailed", {})
    blocked = [Blocked(p, tuple(dict.fromkeys(b for b, _ in v)), any(n for _, n in v), *_block_detail(night, p),
                       own_words=p in jailed and all(b == jailed[p] for b, n in v if n))
               for p, v in night.blocked.items()]
    s.outcome = NightOutcome(
        night=night.number,
        phase=night.phase,
        deaths=tuple(s.deaths),
        # Saved: a player an attack on whom an immunity, protection or heal stopped. They may
        # still have died of another attack (the Witch's poison past the Guard): the host's
        # views say so (text.outcome_text, the chart), never 'saved' beside 'dies'.
        saved=tuple(Saved(p, tuple(dict.fromkeys(by))) for p, by in s.saved.items()),
        blocked=tuple(blocked),
        results=tuple(s.results),
        failed=tuple(Failed(*f) for f in night.failed),
        changes=tuple(changes),
        notices=tuple(Notice(p, t) for p, t in night.notices),
        log=tuple(night.log),
        acts=_traces(night),
        places=places(night),
        happenings=tuple(Happening(*h) for h in night.happenings),
    )


def _traces(night: Night) -> tuple[ActTrace, ...]:
    """Every act's trace, in the order the acts resolved (Act.ran), then those that never did,
    in their order: what sorting by (ran < 0, ran) gives, each traced and placed by its `ran`
    in one pass over the acts (at 10,000 players a second pass reads them all from memory again)."""
    placed: list[ActTrace | None] = [None] * night.ran
    never = []
    for a in night.acts:
        if 0 <= a.ran < night.ran and placed[a.ran] is None:
            placed[a.ran] = trace(a)
        elif a.ran < 0:
            never.append(trace(a))
        else:  # a place given twice (an act run again): keep the sort's answer
            return tuple(map(trace, sorted(night.acts, key=lambda a: (a.ran < 0, a.ran))))
    return tuple([t for t in placed if t is not None] + never)


def trace(act: Act) -> ActTrace:
    """One action as it went: where it landed, whether it was blocked or failed, whom it visited."""
    if act.blocked:
        status = "blocked"
    elif act.failed:
        status = "failed"
    elif act.done:
        status = "skipped" if act.skip else "done"
    else:
        status = "unresolved"
    return ActTrace(act.actor, act.ability.name, tuple(act.entered), tuple(act.targets), status,
                    act.failed or "", tuple(act.visited), act.action.seq < 0)


def places(night: Night) -> dict[str, str]:
    """Where every player alive at dusk spent the night: home, away, jailed or commuted. (A copy
    of the locations, then the few who commuted: not a Python step per player.)"""
    out = dict(night.location)
    for p in night.commuted:
        if p in out:
            out[p] = "commuted"
    return out


def _item_changes(s: Settling) -> None:
    assert s.outcome is not None
    s.outcome = items.after(s.night, s.outcome)


def _index_visits(night: Night) -> None:
    """Index every visit of the night from its visitor and to the visited, in one pass: the
    readings (track, watch, lookout, surveil, track-tagged) and rampages look them up."""
    night.index_visits()


# The end of the night, one named pipeline that every ruleset runs, in this order. A step that
# has nothing to do tonight (no mauls, no items) does nothing; none depends on what a process
# has imported.
PIPELINE: tuple[tuple[str, Callable[[Settling], None]], ...] = (
    ("blockers-die", _on_night(block.blockers_die)),  # seed ooo 9: kills-blockers strikes back
    ("late-mauls", _on_night(kill.late_mauls)),  # seed ooo 3: a maul on a body does not rampage
    ("patrol-guard", _on_night(info.patrol_guard)),  # seed ooo 9: the patrol meets the attacker
    ("plague", _on_night(kill.plague)),  # seed ooo 4: the plague resolves after every other attack
    ("sneaks-caught", _on_night(info.sneaks_caught)),  # paranormal: a kill on a home finds its Sneak
    ("ignites", _on_night(lambda n: _ignites(n))),
    ("traps", _on_night(lambda n: _traps(n))),
    ("delayed", _on_night(lambda n: _delayed(n) if n.phase == "night" else None)),  # poison kills at night
    ("index-visits", _on_night(_index_visits)),
    ("plasma-chain", _on_night(tech.plasma_chain)),  # paranormal: the Plasma Bomb's chain, once visits are known
    ("strengthened", _on_night(strength.strengthened)),  # natural: a Strengthener's target kills Strong
    ("attack-order", _on_night(lambda n: _attack_order(n))),  # seed ooo 1: attacks on one player by the OoO
    ("attacks", _attack_step),  # a rampage strikes here, once its target has died of it
    ("return-fire", _on_deaths(tech.return_fire)),  # paranormal: a Hold-out Blaster shoots the attacker
    ("camouflage", _on_deaths(tech.camouflage)),  # paranormal: Combat Camouflage names another source
    ("kill-tallies", _on_deaths(kill.kill_tallies)),  # guilt, kill counts, carriers
    ("linked-deaths", _on_deaths(links.linked_deaths)),  # natural: a Babysitter's, a Hider's
    ("killers", _on_deaths(readings.killers)),  # natural: who has killed, for a Detective
    ("inheritance", _on_deaths(change.inheritance)),  # adoptions and heirs
    ("item-steps", _on_deaths(items.after_deaths)),  # loot, saves spent, passes, swaps, revives
    ("guards-remains", _on_deaths(protect.guards_remains)),
    ("bonds", _on_deaths(change.bonds)),  # paranormal Hivemind: the converted die with it
    ("releases", _on_deaths(change.releases)),
    ("cures", _on_night(lambda n: _cures(n))),
    ("tech-fixed", _on_night(tech.fixed)),  # paranormal: shorted-out tech is fixed after a night
    ("results", _results_step),
    ("outcome", _outcome_step),
    ("item-changes", _item_changes),
    ("abducted-places", _on_outcome(block.mark_abducted)),
)
STEPS = tuple(name for name, _ in PIPELINE)


def settle(night: Night) -> NightOutcome:
    """Turn the resolved Night into its NightOutcome, through the PIPELINE."""
    s = Settling(night)
    for _name, step in PIPELINE:
        step(s)
    assert s.outcome is not None
    return s.outcome


_flavour = flavour_text


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
        if role.immunity >= attack.strength and conditions.immune(night, t, role):
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
        deaths.append(Death(victim, attack.cause, place, _flavour(night, attack, victim, place),
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


# --------------------------------------------------------------------------- what is learnt


def _investigations(night: Night) -> list[Result]:
    """Seed natural V: results read the night as it ended, not as it was when they resolved. A
    result never names the investigated player; a redirected investigator is told only that."""
    results: list[Result] = []
    told: set[str] = set()
    for act, effect in night.pending:
        if act.failed:
            continue
        target = act.slot(effect)
        if target is None:
            continue
        i = effect.get("target", 0)
        entered = act.entered[i] if 0 <= i < len(act.entered) else target
        note = ""
        if act.redirected:
            # Seed natural V: told they were redirected, not to whom; the result row says so too.
            note = night.ruleset.results.get(
                "redirected", "You were redirected tonight; your result is about the player you were sent to.")
            if act.actor not in told:
                told.add(act.actor)
                night.notices.append((act.actor, note))
        value: str | tuple[str, ...] | None = next(
            (v for v in (fake(night, act, effect, target) for fake in FAKE_READINGS) if v is not None), None)
        if value is None:
            value = READERS[effect.kind](night, act, effect, target)
        if value is None:  # a reading with nothing to read (a Tracking Report with no device planted)
            night.say(f"{act.what()} has nothing to report.")
            continue
        results.append(Result(act.actor, act.ability.name, entered, value, note))
        shown = value if isinstance(value, str) else ", ".join(value) or "nothing"
        night.say(f"{act.what()} on {target} learns: {shown}.")
    _no_results(night)
    return results


def _no_results(night: Night) -> None:
    """A ruleset with a `[results] no-result` wording tells an investigator whose action failed
    (its target commuted, was jailed, a cycle failed it...) that it got no result, as a host
    would, rather than leaving them waiting: the wording names the ability ('{ability}'), never
    the target nor why. A player already told they were blocked is not told again."""
    text = night.ruleset.results.get("no-result")
    if not text:
        return
    for act in night.acts:
        if not act.failed or act.skip or not any(e.kind in READERS for e in act.ability.effects):
            continue
        if act.blocked and any(told for _, told in night.blocked.get(act.actor, ())):
            continue
        if id(act) in night.ext.get("told-failed", ()):  # told already (a shield held; a Robot stopped)
            continue
        night.notices.append((act.actor, fill(text, ability=act.used)))


# --------------------------------------------------------------------------- what stays


def _changes(night: Night, deaths: list[Death]) -> list[Change]:
    out: list[Change] = [Change(d.player, "death", d.cause, d.kind) for d in deaths]
    for act in night.acts:
        if act.ability.uses is not None and not act.skip and not act.keeps_charge:
            out.append(Change(night.state.charge_holder(act.actor, act.ability), "charge", act.ability.key, -1))
        if act.entered and not act.blocked:
            out.append(Change(act.actor, "last-target", act.ability.key, tuple(act.entered)))
    # Untags first: a tag given tonight replaces one that is spent or cured tonight.
    for player, tag in night.untags:
        out.append(Change(player, "untag", tag))
    for player, tag, data in night.tags:
        out.append(Change(player, "tag", tag, data))
    for player, key, delta in night.ext.get("charges", ()):  # a device built (effects/build.py)
        out.append(Change(player, "charge", key, delta))
    dead = {d.player for d in deaths}
    bonds = {(t, id(a)) for t, a in night.ext.get("bonds", ())}
    for player, role, faction, act in night.converts:
        if act.failed is None and player not in dead:
            out.append(Change(player, "convert", role, faction))
            if (player, id(act)) in bonds:
                out.append(Change(player, "tag", change.BOUND, {"by": act.actor}))
    return out


__all__ = ["settle", "fill", "HOME"]
