"""The end of the night: attacks meet immunities, protections and heals; bodies are placed;
investigations read the final night; standing changes (charges, tags, conversions) are listed.

Every step here works from the Night's indexes (visits from and to a player, tags by name,
protections and heals by target), so settling costs about one pass over the night.

"""

from __future__ import annotations

from typing import Callable

from ..model.outcome import ActTrace, Blocked, Change, Death, Failed, Happening, NightOutcome, Notice, Result, Saved
from .effects import FAKE_READINGS, READERS, block, change, info, items, kill, links, protect, readings, strength, techsteps
from .effects.base import drop_spent_frames, fill
from .acts import HOME, Act
from .night import Night
from .deaths import _attack_order, _attacks, _cures, _delayed, _ignites, _traps


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
    ("plasma-chain", _on_night(techsteps.plasma_chain)),  # paranormal: the Plasma Bomb's chain, once visits are known
    ("strengthened", _on_night(strength.strengthened)),  # natural: a Strengthener's target kills Strong
    ("attack-order", _on_night(lambda n: _attack_order(n))),  # seed ooo 1: attacks on one player by the OoO
    ("attacks", _attack_step),  # a rampage strikes here, once its target has died of it
    ("return-fire", _on_deaths(techsteps.return_fire)),  # paranormal: a Hold-out Blaster shoots the attacker
    ("camouflage", _on_deaths(techsteps.camouflage)),  # paranormal: Combat Camouflage names another source
    ("kill-tallies", _on_deaths(kill.kill_tallies)),  # guilt, kill counts, carriers
    ("linked-deaths", _on_deaths(links.linked_deaths)),  # natural: a Babysitter's, a Hider's
    ("killers", _on_deaths(readings.killers)),  # natural: who has killed, for a Detective
    ("inheritance", _on_deaths(change.inheritance)),  # adoptions and heirs
    ("item-steps", _on_deaths(items.after_deaths)),  # loot, saves spent, passes, swaps, revives
    ("guards-remains", _on_deaths(protect.guards_remains)),
    ("bonds", _on_deaths(change.bonds)),  # paranormal Hivemind: the converted die with it
    ("releases", _on_deaths(change.releases)),
    ("cures", _on_night(lambda n: _cures(n))),
    ("tech-fixed", _on_night(techsteps.fixed)),  # paranormal: shorted-out tech is fixed after a night
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
