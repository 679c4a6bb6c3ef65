"""Information: effects whose result is read at the end of the night (seed natural V: results
read the night as it ended), each with its reader.

- inspect: learns alignment, role, race or goal (as the role appears; frames honoured).
- observe: `track` (whom the target visited), `watch` (who visited the target) or `follow`
  (the kinds of effects of the target's resolved actions, in the seed's words).
- vision, bartender, gravedig, match, lookout, patrol: the Town readings of seed ooo 6, each
  with its own framing rule; patrol also guards the target (seed ooo 9).
- sneak: the Sneak stays at the target's home: learns whether the target left home, cannot be
  reached except by psychic powers, and is caught by any kill aimed at that home.
- read-goal, surveil, track-tagged, scan: the paranormal readings.
- tell: the target is told a text in their night result.

Reach rule: a Sneak's hiding place (`hidden`). Settle steps: `sneaks-caught`, `patrol-guard`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...model.roles import Effect
from ..acts import Act, Attack, personal_act
from ..night import Night
from . import guild
from .conditions import unseen, unseen_visits
from .tech import advanced, scan_reading
from .base import (FRAMED, TARGET, EffectSpec, attacks_on, dealt_roles, fill, framed, goal_of, has, left_home, moving,
                   side_at_dawn, spend_frame, st)

_spend = spend_frame
_left_home = left_home


def investigate(night: Night, act: Act, effect: Effect) -> None:
    """Inspect and observe: the result is computed at the end of the night (seed natural V)."""
    target = act.slot(effect)
    night.pending.append((act, effect))
    night.say(f"{act.label()} uses {act.used} on {target}; the result is read at the end of the {night.phase}.")



KIND_ORDER = ("observation", "inspection", "investigation", "killing", "protection", "blocking",
              "redirection", "diversion", "communication", "inventory changing", "property changing",
              "rules changing", "state-changing")


def kinds_phrase(act: Act, kind_words: Mapping[str, str]) -> str:
    """'killing and protection': each kind of the act's effects once, in the seed's order."""
    return ability_kinds(act.ability, kind_words)


def ability_kinds(ability: Any, kind_words: Mapping[str, str]) -> str:
    """Seed natural III: 'list each different kind of effects present ... If it has multiple
    effects of the same kind, we will still only list it once', in the seed's order."""
    words = sorted({kind_words.get(e.kind, "state-changing") for e in ability.effects},
                   key=lambda w: KIND_ORDER.index(w) if w in KIND_ORDER else len(KIND_ORDER))
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _inspect(night: Night, act: Act, effect: Effect, target: str) -> str | tuple[str, ...]:
    what = effect.get("what", "alignment")
    role, alignment = side_at_dawn(night, target)
    if what == "kinds":
        return _ability_kinds(night, role, effect)
    if what == "guild":
        return guild.reading(night, target)
    raw = alignment if what == "alignment" and "alignment" not in role.appears else role.appears_as(what)
    frame = night.framed.get(target)
    if frame and effect.get("frames", True) and not frame[0].failed:
        fe = frame[1]
        if what == "role" and fe.get("role_faction"):
            pool = sorted(r for r in dealt_roles(night) if night.ruleset.roles[r].faction == fe.get("role_faction"))
            raw = night.rng.choice(pool) if pool else raw
        elif what == "alignment" and fe.get("alignment"):
            raw = fe.get("alignment")
    table = effect.get("results", {})
    return table.get(raw, effect.get("default") or raw)


def _ability_kinds(night: Night, role: Any, effect: Effect) -> tuple[str, ...]:
    """Seed natural III: an inspection that 'lets a player learn the kind (effects) of actions
    their target has': one entry per action of the role as it appears to role inspections
    (Passives are no actions; Innate actions 'are ignored by effects that ... inspect'), each
    kind once, in the seed's words ('a killing and protection action'); none: `default` or 'no
    actions'."""
    shown = night.ruleset.roles.get(role.appears_as("role"), role)
    words = (ability_kinds(ab, night.kind_words) for ab in shown.abilities if ab.effects)
    out = tuple(f"{'an' if w[0] in 'aeiou' else 'a'} {w} action" for w in words)
    return out or (effect.get("default") or "no actions",)


def _observe(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    mode = effect.get("mode", "track")
    personal = personal_act(act)  # a Personal Tracker or Watcher does not see the factional kill
    if mode == "track":
        hidden = unseen_visits(night).get(target, set())  # a Ninja's kill
        if personal:
            mine = night.by_actor.get(target, ())
            hidden = hidden | ({t for a in mine if a.ability.factional for t in a.targets}
                               - {t for a in mine if not a.ability.factional for t in a.targets})
        return tuple(sorted(set(night.visits_from.get(target, ())) - {target} - hidden))
    if mode == "watch":
        return tuple(sorted({v for v, _, a in night.visits_to.get(target, ())
                             if not unseen(a) and not (personal and a.ability.factional)} - {act.body, target}))
    return tuple(kinds_phrase(a, night.kind_words) for a in night.by_actor.get(target, ())
                 if a.done and a.failed is None and not a.skip and not (personal and a.ability.factional))


def _vision(night: Night, act: Act, effect: Effect, target: str) -> str:
    role = night.role(target)
    if framed(night, target):
        side = effect.get("framed_as", "Wolf")
        pool = sorted(r for r in dealt_roles(night) if night.ruleset.roles[r].alignment == side)
        _spend(night, target)
        return night.rng.choice(pool) if pool else side
    return role.appears_as("role")


def _bartender(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    """Seed 11: the target's role and two others from the roles in the game at its start (the
    away roles left out, roles as they appear, the Bartender only if there were two); three lies
    for a framed target; a fresh pool each visit."""
    dealt = dealt_roles(night)
    pool = set(_bar_pool(night))
    if dealt.get(act.role.name, 0) < 2:
        pool.discard(act.role.name)
    truth = night.role(target).appears_as("role")
    count = effect.get("count", 3)
    others = sorted(pool - {truth})
    if framed(night, target):
        _spend(night, target)
        return tuple(sorted(night.rng.sample(others, min(count, len(others)))))
    return tuple(sorted([truth, *night.rng.sample(others, min(count - 1, len(others)))]))


def _bar_pool(night: Night) -> frozenset[str]:
    """The roles dealt at the start, as they appear, the away roles left out (once a night)."""
    if "bar-pool" not in night.ext:
        roles = night.ruleset.roles
        night.ext["bar-pool"] = frozenset(roles[r].appears_as("role") for r in dealt_roles(night)
                                          if "away" not in roles[r].passives)
    return night.ext["bar-pool"]


def _gravedig(night: Night, act: Act, effect: Effect, target: str) -> str:
    if framed(night, target):
        _spend(night, target)
        return effect.get("framed_as", "Wolf")
    return night.role(target).appears_as("role")


def _match(night: Night, act: Act, effect: Effect, target: str) -> str:
    side = effect.get("side", "Town")

    def town(p: str) -> bool:
        if framed(night, p):
            _spend(night, p)
            return False
        return night.role(p).appears_as("alignment") == side

    a, b = act.targets[0], act.targets[1]
    same = town(a) == town(b)
    return effect.get("same", "Match") if same else effect.get("different", "No match")


def patrol(night: Night, act: Act, effect: Effect) -> None:
    investigate(night, act, effect)
    target = act.slot(effect)
    if target is not None:
        st(night)["patrols"].append((act, effect, target))


def _patrol_reading(night: Night, act: Act, effect: Effect, target: str) -> str:
    left = _left_home(night, target)
    if framed(night, target):
        _spend(night, target)
        left = not left  # seed 6: the Patrolman sees the opposite movement
    return effect.get("left", "left home") if left else effect.get("stayed", "stayed home")


def _patrol_guard(night: Night) -> None:
    """Seed 9: the first visiting attack on a patrolled home meets the Patrolman: both die
    outside the target's door, and the target is untouched."""
    st = night.ext.get("ooo")
    if not st:
        return
    on = attacks_on(night)  # target -> its attacks, in order; a patrol's own two are never a hit
    gone: set[int] = set()
    for act, effect, target in st["patrols"]:
        if act.failed or not act.done:
            continue
        hit = next((a for a in on.get(target, ()) if id(a) not in gone and a.by is not None and a.by is not act
                    and moving(a.by) and a.attacker != act.actor), None)
        if hit is None:
            continue
        gone.add(id(hit))
        place = fill(effect.get("location", "outside {target}'s door"), target=target)
        flavour = effect.get("flavour", "patrol")
        night.attacks.append(Attack(target=act.actor, by=None, attacker=hit.attacker, kind=hit.kind,
                                    strength=99, cause=hit.cause, flavour=flavour, location=place, heals=False))
        night.attacks.append(Attack(target=hit.attacker, by=None, attacker=act.actor, kind="patrol", strength=99,
                                    cause=act.role.name, flavour=flavour, location=place, heals=False))
        night.say(f"{act.label()} meets {hit.cause} ({hit.attacker}) {place}: they kill each other.")
    if gone:
        night.attacks[:] = [a for a in night.attacks if id(a) not in gone]


def _lookout(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    """Seed 6: who visited the target; on the Night Kill target, every framed player too."""
    seen = {v for v, _, _ in night.visits_to.get(target, ()) if v not in (act.body, target)}
    if "lookout-kills" not in night.ext:  # once a night: the factional kills' targets, the framed
        night.ext["lookout-kills"] = {a.targets[0] for a in night.acts if a.ability.factional and a.done
                                      and not a.failed and a.targets
                                      and any(e.kind == "kill" for e in a.ability.effects)}
        night.ext["lookout-framed"] = {p for p in night.tagged(FRAMED) if p in night.location}
    if target in night.ext["lookout-kills"]:
        seen |= {p for p in night.ext["lookout-framed"] if p not in (act.actor, target)}
    return tuple(sorted(seen))



def _hidden(night: Night, act: Act, target: str) -> str | None:
    """A Sneak is away at another home all night: only psychic powers reach them."""
    if act.ability.power == "psychic":
        return None
    for s in night.by_actor.get(target, ()):
        if not s.skip and s.failed is None and not s.blocked and any(e.kind == "sneak" for e in s.ability.effects):
            return f"{target} was hiding in someone else's home"
    return None


def sneak(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.ext.setdefault("sneaks", []).append(act)
    night.pending.append((act, effect))
    night.say(f"{act.label()} sneaks into {target}'s home and stays there for the night.")


def tell(night: Night, act: Act, effect: Effect) -> None:
    """The target is told `text` in their night result, whatever they did (a Psychic Warden's binding);
    with `what`, it is listed in resolve's summary as that (mind-controlled)."""
    target = act.slot(effect)
    if target is None:
        return
    # a Friendly Neighbor names themself; a Messenger's message is what they typed (Action.choice)
    text = fill(effect.get("text"), user=act.actor, message=act.action.choice)
    if effect.get("what"):
        night.happen(target, effect.get("what"), act.actor, tell=text)
    else:
        night.notices.append((target, text))
    night.say(f"{target} will be told: {text}")


def _read_goal(night: Night, act: Act, effect: Effect, target: str) -> str:
    return goal_of(night, target, effect.get("idle", {}))


def _sneak(night: Night, act: Act, effect: Effect, target: str) -> str:
    left = left_home(night, target)  # the one test of leaving home, as the Patrolman's (seed ooo 10)
    words = effect.get("results", {})
    return words.get("left", "left home") if left else words.get("stayed", "stayed home")


def _surveil(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    seen = sorted({v for v, _, _ in night.visits_to.get(target, ()) if v != target})
    return tuple(f"{v} ({goal_of(night, v, effect.get('idle', {}))})" for v in seen)


def _track_tagged(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...] | None:
    """Where each player carrying the user's devices (tag `tag`) went; None (no result at all)
    when none of theirs is planted: a report on nothing is not 'you saw nothing'."""
    tag = effect.get("tag")
    out = []
    key = ("tagged-by", tag)
    if key not in night.ext:  # once a night: who carries the tag, by who tagged them
        by: dict[Any, list[str]] = {}
        for p in sorted(night.tag_index.get(tag, ())):
            data = night.state.players[p].tags.get(tag)
            if isinstance(data, dict):
                by.setdefault(data.get("by"), []).append(p)
        night.ext[key] = by
    carriers = night.ext[key].get(act.actor, ())
    if not carriers:
        return None
    for p in carriers:
        field = has(night, p, "anti-tech") if act.ability.power == "tech" else False
        if field and advanced(night, p, "anti-tech"):
            # Seed Advanced Anti-Tech Field: 'Tracking devices will show the player at home.'
            out.append(f"{p}: stayed home")
            continue
        if field:  # a field they gained since: 'Tech characters will be aware that their item was blocked'
            out.append(f"{p}: the device was blocked by an Anti-Tech Field")
            continue
        went = sorted({w for w in night.visits_from.get(p, ()) if w != p})
        out.append(f"{p}: {', '.join(went) if went else 'stayed home'}")
    return tuple(out)


def _scan(night: Night, act: Act, effect: Effect, target: str) -> str:
    """The true race and role, past every appearance, and the tech the target holds."""
    return scan_reading(night, target)


def _sneaks_caught(night: Night) -> None:
    """Seed: anyone who targets the Sneak's target gets the Sneak as well."""
    sneaks = night.ext.get("sneaks", ())
    on = attacks_on(night) if sneaks else {}
    for s in sneaks:
        if s.failed or not s.targets:
            continue
        home = s.targets[0]
        for attack in list(on.get(home, ())):
            if attack.by is not None and attack.attacker != s.body:
                caught = Attack(
                    target=s.body, by=attack.by, attacker=attack.attacker, kind=attack.kind,
                    strength=attack.strength, cause=attack.cause, flavour=attack.flavour,
                    location=f"{home}'s home", heals=attack.heals)
                night.attacks.append(caught)
                on.setdefault(s.body, []).append(caught)
                night.say(f"{s.body} was hiding in {home}'s home and is caught in {attack.cause}'s attack.")



hidden = _hidden
sneaks_caught = _sneaks_caught
patrol_guard = _patrol_guard


def _reading(reader, params, kind: str, category: str = "inspect") -> EffectSpec:
    return EffectSpec(investigate, {**TARGET, **params}, {}, category, kind, reader)


EFFECTS: dict[str, EffectSpec] = {
    "inspect": EffectSpec(investigate, {**TARGET, "what": (str, "alignment"), "results": (dict, {}),
                                        "default": (str, ""), "frames": (bool, True), "reaches_away": (bool, False)},
                          {"what": ("alignment", "role", "race", "goal", "kinds", "guild")}, "inspect", "inspection", _inspect),
    "observe": EffectSpec(investigate, {**TARGET, "mode": (str, "track"), "reaches_away": (bool, False)},
                          {"mode": ("track", "watch", "follow")}, "inspect", "observation", _observe),
    "vision": _reading(_vision, {"framed_as": (str, "Wolf")}, "inspection"),
    "bartender": _reading(_bartender, {"count": (int, 3)}, "inspection"),
    "gravedig": _reading(_gravedig, {"framed_as": (str, "Wolf")}, "inspection"),
    "match": _reading(_match, {"side": (str, "Town"), "same": (str, "Match"), "different": (str, "No match")},
                      "inspection"),
    "lookout": _reading(_lookout, {}, "observation"),
    "patrol": EffectSpec(patrol, {**TARGET, "left": (str, "left home"), "stayed": (str, "stayed home"),
                                  "location": (str, "outside {target}'s door"), "flavour": (str, "patrol")},
                         {}, "protect", "observation", _patrol_reading),
    "sneak": EffectSpec(sneak, {**TARGET, "results": (dict, {})}, {}, "inspect", "observation", _sneak),
    "read-goal": _reading(_read_goal, {"idle": (dict, {})}, "inspection"),
    "surveil": _reading(_surveil, {"idle": (dict, {})}, "observation"),
    "track-tagged": _reading(_track_tagged, {"tag": (str, ...)}, "observation"),
    "scan": _reading(_scan, {}, "inspection"),
    "tell": EffectSpec(tell, {**TARGET, "text": (str, ...), "what": (str, "")}, {}, "misc", "communication"),
}
