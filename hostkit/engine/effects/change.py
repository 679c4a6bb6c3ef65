"""Change: effects that change what a player is or carries (frames, tags, conversions).

- frame: the target appears with another alignment (or a random role of a faction).
  `standing = true`: a standing frame (tag `framed`): Town's readings see it until one of them
  reads the framed player and uses it up (seed ooo 6); it reaches away players of `reaches` roles.
- tag: puts a tag (doused, poisoned, infected...) on the target; `kills_after` nights later it
  kills unless cured. A tag is not a kill (seed natural III, footnote 1).
- convert: the target becomes `role` (of `faction`) at the start of the next day; with no `role`
  they keep theirs and change side (the Hivemind's domination, only of a `race`); `spares` races
  are not converted (the charge is kept); `user_leaves`: the user leaves play (the Advanced
  Doppelganger's consumption).
- adopt: at the start of the day the user becomes the target's role (Orphan, Graverobber),
  taking the `inherit` tags with it (seed ooo 12).
- heir: names a benefactor; when the benefactor is dead, the user becomes their role.

Settle steps: `inheritance` (adoptions and heirs, once the deaths are known), `bonds` (the
players a dead converter bound die with it) and `releases` (a dead abductor's captives return
to play; a player who died abducted is not flipped while the abductor is in the game).
"""

from __future__ import annotations

from itertools import islice
from types import SimpleNamespace
from typing import Any

from ...rules.items import items_of
from ...model.outcome import Death
from ...model.roles import Effect
from ..acts import AWAY, Act
from ..night import Night
from .base import FRAMED, OUT, TARGET, EffectSpec, drop_given, drop_tags, not_race_told, st, tags_given
from .info import investigate

HEIR = "heir-of"


def frame(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    if effect.get("standing", False):
        _standing_frame(night, act, effect, target)
        return
    night.framed[target] = (act, effect)
    night.say(f"{act.label()} frames {target}.")


def tag(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    if effect.get("guardable", False):
        # Seed Infester: 'Guards may protect the target, and will be effected as normal for the
        # guard type by the infection': a Guardian stops it, a sacrificial guard takes it.
        target = guarded_target(night, act, target)
        if target is None:
            return
    name = effect.get("tag")
    data: dict[str, Any] = {"by": act.actor, "role": act.role.name, "night": night.number, **effect.get("data", {})}
    if effect.get("kills_after", 0):
        data.update(kills_on=night.number + effect.get("kills_after"), type=effect.get("type", name),
                    strength=effect.get("strength", 1), cause=effect.get("cause") or act.role.name,
                    flavour=effect.get("flavour") or effect.get("type", name),
                    location=effect.get("location", "{player}'s home"))
    night.tags.append((target, name, data))
    night.new_tags.setdefault(name, set()).add(target)
    when = f"; it kills at the end of night {data['kills_on']} unless cured" if "kills_on" in data else ""
    night.say(f"{act.label()} marks {target} as {name}{when}.")


VOTE_WEIGHT = "vote-weight"


def vote_weight(night: Night, act: Act, effect: Effect) -> None:
    """Seed natural III, Property Changing: 'modifying vote weight'. The target's vote weighs
    `set` (when given) plus `add` from the day after this phase, for `days` days (0: for the rest
    of the game); a later change replaces an earlier one. Seed natural III: 'Additional Vote
    Weight is always private': the target is told, no one else."""
    target = act.slot(effect)
    if target is None:
        return
    data = {"by": act.actor, "role": act.role.name, "night": night.number, "phase": night.phase,
            "add": float(effect.get("add", 0.0)), "days": effect.get("days", 1)}
    if effect.get("set", -1.0) >= 0:
        data["set"] = float(effect.get("set"))
    night.tags.append((target, VOTE_WEIGHT, data))
    words = weight_words(data)
    night.notices.append((target, f"Your vote {words}."))
    night.say(f"{act.label()} changes {target}'s vote weight: {words}.")


def weight_words(data: dict) -> str:
    """'weighs 1 more on the next day', 'weighs 2 for the rest of the game'."""
    add = data.get("add", 0.0)
    if "set" in data:
        how = f"weighs {data['set'] + add:g}"
    else:
        how = f"weighs {abs(add):g} {'more' if add >= 0 else 'less'}"
    days = data.get("days", 1)
    return how + (" for the rest of the game" if days == 0 else " on the next day" if days == 1
                  else f" on each of the next {days} days")


BOUND = "bound-to"  # a converted player who dies with their converter (the Hivemind's)
FLIP_HELD = "flip-held"  # a player who died while abducted: not flipped until the abductor leaves the game
SHIELD_TAGS = ("mind-shield", "anti-tech")


def convert(night: Night, act: Act, effect: Effect) -> None:
    """The target becomes `role` (empty: keeps their role) of `faction` at the start of the day.
    `race`: only a target of that race, else the action fails (the Hivemind's domination);
    `spares`: a target of those races is not converted and the charge is kept; `user_leaves`:
    the user leaves play in their place (the Advanced Doppelganger's consumption), and the target
    loses every ability, a built Mind Shield or Anti-Tech Field included; `guardable`: a guard on
    the target stops it (a Guardian) or is converted in the target's place (a guard who dies
    instead); `bond`: the converted die when the user dies."""
    target = act.slot(effect)
    if target is None:
        return
    if effect.get("guardable", False):
        target = guarded_target(night, act, target)
        if target is None:
            return
    role = night.role(target)
    race = role.race or ""
    keep = not effect.get("role")
    leaves = effect.get("user_leaves", False)
    verb = "consumed" if leaves else "dominated" if keep else "converted"
    want = effect.get("race", "")
    if want and race != want:
        night.fail(act, f"{target} is not {want} and cannot be {verb}")
        night.notices.append((act.actor, not_race_told(act, target, want)))
        return
    if race in effect.get("spares", ()):
        act.keeps_charge = True
        night.fail(act, f"{target} is {race} and cannot be {verb}")
        # Seed Advanced Doppelganger: 'Aliens cannot be Consumed, but the once-per-game limit on
        # the ability is not used up': the user must know the use is still theirs.
        night.notices.append((act.actor, f"Your {act.ability.name} on {target} failed: {race}s cannot be {verb}. "
                                         "It is not used up."))
        return
    faction = effect.get("faction") or None
    new_role = role.name if keep else effect.get("role")
    if _clashes(night, act, target, new_role, faction):
        return
    told = len(night.notices), len(night.happenings), len(night.tags), len(night.untags)
    _converted(night, act, effect, target, new_role, faction, keep, leaves)
    # What it added, to take back on a clash. The untakings it added are the newest keys of
    # night.untags (a dict keeps insertion order, and nothing takes a key out while a conversion
    # is made), read from the end: a copy of every untaking for each conversion was quadratic.
    night.ext.setdefault("convert-told", {})[id(act)] = (
        night.notices[told[0]:], night.happenings[told[1]:], night.tags[told[2]:],
        list(islice(reversed(night.untags), len(night.untags) - told[3]))[::-1])


def _clashes(night: Night, act: Act, target: str, new_role: str, faction: str | None) -> bool:
    """Seed natural V: "If two actions targeting a Guildless player have the effects 'join Guild X'
    and 'join Guild Y', both fail": two conversions of one player to different ends cannot both be
    honoured, so both fail (and what they told is taken back), as does any further one tonight.
    Two that make the player the same thing do not clash."""
    clash = night.ext.setdefault("convert-clash", set())
    others = [c for c in night.converts_on.get(target, ()) if c[3] is not act and c[3].failed is None]
    if target not in clash and all((r, f) == (new_role, faction) for _, r, f, _ in others):
        return False
    clash.add(target)
    ends = " and ".join(dict.fromkeys(_end(r, f) for r, f in [*((r, f) for _, r, f, _ in others), (new_role, faction)]))
    why = f"{target} cannot be made {ends} at once, so every conversion of {target} fails"
    told = night.ext.get("convert-told", {})
    for _, _, _, other in others:
        # Take back what it did and told: its notices, its happenings, a consumer's leaving play.
        notices, happenings, tags, untags = told.get(id(other), ((), (), (), ()))
        night.notices[:] = [n for n in night.notices if n not in notices]
        night.happenings[:] = [h for h in night.happenings if h not in happenings]
        drop_tags(night, tags)
        for u in untags:
            night.untags.pop(u, None)
        night.fail(other, why)
    night.fail(act, why)
    return True


def _end(role: str, faction: str | None) -> str:
    return f"a {role} of the {faction}" if faction else f"a {role}"


def _converted(night: Night, act: Act, effect: Effect, target: str, new_role: str, faction: str | None,
               keep: bool, leaves: bool) -> None:
    """The conversion made: recorded for dawn, and told."""
    night.add_convert(target, new_role, faction, act)
    if effect.get("bond", False):
        night.ext.setdefault("bonds", []).append((target, act))
    if leaves:
        night.tags.append((act.actor, OUT, {"by": act.actor, "kind": "consumed", "left_game": True}))
        for tag in SHIELD_TAGS:  # seed: 'Any abilities ... are lost, including Mind Shield'
            if tag in night.tags_of(target):
                night.untags.setdefault((target, tag), None)
        drop_given(night, target, lambda t: t[1] in SHIELD_TAGS)
        night.say(f"{act.label()} consumes {target} and takes their place: {target} becomes a "
                  f"{new_role}, and {act.actor} leaves play.")
        night.happen(target, "consumed", act.actor, f"now a {new_role} with no other abilities",
                     tell=f"You were consumed and replaced tonight: from this morning you are a {new_role} of the "
                          f"{faction or 'same side'}, with no other abilities (any you had, a Mind Shield included, "
                          "are lost).")
        side = night.role(act.actor).faction
        night.happen(act.actor, "left play", act.actor, f"consumed {target}",
                     tell=f"You consumed {target} and took their place: you leave play, and still win with "
                          f"{'the ' + side if side else 'your side'}.")
    elif keep:
        # The dominator learns who joined (seed Hivemind: they 'join the Hivemind's faction'; a
        # sacrificial guard is dominated in the target's place, so it may be someone else).
        entered = act.targets[0] if act.targets else target
        night.notices.append((act.actor, f"You dominated {target}: from this morning they play for the {faction}."
                              if target == entered else
                              f"Your {act.ability.name} on {entered} was taken by {target}, who guarded them: "
                              f"{target} is dominated instead, and plays for the {faction} from this morning."))
        night.say(f"{act.label()} dominates {target}: they join the {faction} at the start of the day.")
        night.happen(target, "converted", act.actor, f"joins the {faction}",
                     tell=f"You have been dominated tonight: from this morning you keep your role but play for the "
                          f"{faction}, and win only when they win." + (
                              f" If the {act.role.name.split(' (')[0]} dies, you die with it." if effect.get("bond") else ""))
    else:
        night.say(f"{act.label()} converts {target}; it takes effect at the start of the day.")
        night.happen(target, "converted", act.actor, f"becomes a {new_role}",
                     tell=f"You have been converted tonight: from this morning you are a {new_role}.")


def guarded_target(night: Night, act: Act, target: str) -> str | None:
    """Seed Tech Hivemind: 'the target can be Guarded. A sacrificial Guard will be converted
    instead of the intended target. A Guardian will be able to protect the target and not get
    converted themselves.' (and the Infester's spores: 'Guards may protect the target, and will
    be effected as normal for the guard type by the infection'). The first guard on the target
    that can still act takes it: the player the effect lands on now (the guard, or the target
    when unguarded), or None when it is stopped. A one-use item that 'works as though guarded by
    the Guardian' (consumed = "save": the Personal Shield) guards its own holder, after any guard
    (decision personal-shield: it is kept while another protection does the work)."""
    guards = night.protections.get(target, ())
    if any(p.by.actor == target for p in guards):
        guards = sorted(guards, key=lambda p: p.by.actor == target)
    for p in guards:
        if p.by.failed or (p.limit and p.used >= p.limit) \
                or p.by.actor == target and (items_of(night.ruleset).get(p.by.role.name) is None
                                             or items_of(night.ruleset)[p.by.role.name].consumed != "save"):
            continue
        p.used += 1
        guard = p.by.actor
        if "die-instead" in p.sides:
            night.say(f"{p.by.label()} steps in front of {target}: {act.what()} takes the guard instead.")
            return guard
        night.say(f"{p.by.label()}'s protection stops {act.what()} on {target}.")
        night.fail(act, f"{target} was guarded")
        return None
    return target


def _standing_frame(night: Night, act: Act, effect: Effect, target: str) -> None:
    """A standing frame (seed ooo 6): the tag `framed`, seen by Town's readings until one of them
    reads the framed player and uses it up. It reaches away players of the `reaches` roles."""
    if night.location.get(target) == AWAY and night.role(target).name not in effect.get("reaches", ()):
        night.fail(act, f"{target} was not at home")
        return
    night.tags.append((target, FRAMED, {"by": act.actor}))
    night.new_tags.setdefault(FRAMED, set()).add(target)
    night.say(f"{act.label()} frames {target}: Town's readings will see them as guilty until one of them does.")


def adopt(night: Night, act: Act, effect: Effect) -> None:
    investigate(night, act, effect)
    target = act.slot(effect)
    if target is not None:
        st(night)["adopts"].append((act, effect, target, night.role(target).name))


def _adopt_reading(night: Night, act: Act, effect: Effect, target: str) -> str:
    return night.role(target).name


def heir(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.tags.append((act.actor, effect.get("tag", HEIR), {"of": target}))
    night.say(f"{act.label()} names {target} as their benefactor.")


def _inherit(night: Night, heir_: str, source: str, role: str, tags: tuple[str, ...], by: Any) -> None:
    """Seed ooo 12: 'Kill-count roles: new win-count = original player's count', the count as it
    stands at day start, when the conversion happens: tonight's kills (and carriers) included."""
    night.add_convert(heir_, role, None, by)
    # (the source's entries from the tags-given index: a pass over every tag given tonight for
    # each heir was quadratic in ooo's nights)
    tonight = {tag: data for _, tag, data in tags_given(night).get(source, ()) if tag in tags}
    for tag in tags:
        if tag in tonight:
            night.tags.append((heir_, tag, tonight[tag]))
        elif tag in night.state.players[source].tags:
            night.tags.append((heir_, tag, night.state.players[source].tags[tag]))
    night.say(f"{heir_} takes on {source}'s role, {role}, at the start of the day.")



def inheritance(night: Night, deaths: list[Death]) -> list[Death]:
    """Once the deaths are known: adoptions, and heirs whose benefactor is dead."""
    s = night.ext.get("ooo")
    died = {d.player: d for d in deaths}
    if s:
        for act, effect, target, role in s["adopts"]:
            if act.failed or act.actor in died:
                continue
            _inherit(night, act.actor, target, role, tuple(effect.get("inherit", ())), act)
    named = {player: data for player, tag, data in night.tags if tag == HEIR}
    standing = {p.name: p.tags[HEIR] for p in night.carriers if HEIR in p.tags}
    if not named and not standing:  # no one names a benefactor: no pass over the players
        return deaths
    players = night.state.players
    spent: set[str] = set()  # heirs named tonight who inherit: their naming is dropped, in one pass
    for name in night.roles:  # the living at dusk, in seat order: only their names are read
        data = named.get(name) or standing.get(name)
        if data is None or name in died or not isinstance(data, dict):
            continue
        of = data.get("of")
        if of in players and (not players[of].alive or of in died):
            # The Heir inherits once: the naming is spent, whether it stood from an earlier night
            # or was made tonight (a tag given tonight would otherwise outlive the untag).
            night.untags.setdefault((name, HEIR), None)
            if name in named:  # only a naming made tonight is in night.tags
                spent.add(name)
            role = players[of].role
            _inherit(night, name, of, role, ("kills", "carriers"), SimpleNamespace(failed=None))
            night.notices.append((name, f"Your benefactor {of} has died: you inherit their role, {role}."))
    if spent:
        night.tags[:] = [t for t in night.tags if not (t[1] == HEIR and t[0] in spent)]
    return deaths


def _releases(night: Night, deaths: list) -> list:
    """Seed: 'If he is killed, all abducted players are returned to the game': the captives of an
    abductor who died tonight return to play, those taken tonight included (a War Vet he tried to
    abduct). A player who died while abducted is not flipped until the abductor leaves the game."""
    dead = {d.player for d in deaths}
    told = "Your abductor {by} died tonight: you are returned to play this morning."
    for p in night.carriers:
        data = p.tags.get(OUT)
        if p.alive and p.name not in dead and isinstance(data, dict) and data.get("by") in dead \
                and data.get("kind") != "consumed":
            night.untags.setdefault((p.name, OUT), None)
            night.say(f"{data['by']} is dead: {p.name} is released and returns to play.")
            night.happen(p.name, "released", data["by"], "returned to play", tell=told.format(by=data["by"]))
    keep = []
    unkept: dict[str, list[str]] = {}  # abductor -> block.abduct's notices to take back: he keeps no one now
    for t in night.tags:
        player, tag, data = t
        if tag == OUT and isinstance(data, dict) and data.get("by") in dead and data.get("kind") != "consumed" \
                and player not in dead:
            night.say(f"{data['by']} is dead: {player}, taken tonight, returns to play.")
            night.happen(player, "released", data["by"], "returned to play", tell=told.format(by=data["by"]))
            unkept.setdefault(data["by"], []).append(f"You abducted {player} and keep them")
            continue
        keep.append(t)  # the entry itself: not a copy of every tag given tonight
    if len(keep) < len(night.tags):
        night.tags[:] = keep
    if unkept:  # one pass over the notices, not one for each release
        night.notices[:] = [(p, t) for p, t in night.notices
                            if p not in unkept or not t.startswith(tuple(unkept[p]))]
    for p in night.carriers:
        data = p.tags.get(FLIP_HELD)
        if not p.alive and isinstance(data, dict) and data.get("by") in dead:
            night.happen(p.name, "flip due", data["by"], "their abductor has left the game: flip them now")
    for player, by in night.ext.get("returning", ()):
        if player not in dead:  # seed: 'returned to play the following morning'
            night.happen(player, "returned", by, "returned to play in the morning",
                         tell="You are returned to play this morning.")
    # A player who died while abducted (the Organ Harvester's victim) learns nothing more.
    gone = {t for t in night.ext.get("abducted", {}) if t in dead}
    if gone:
        night.notices[:] = [(p, t) for p, t in night.notices if not (p in gone and t.startswith("You were abducted"))]
    taken = {t: a.actor for t, a in night.ext.get("abducted", {}).items()}
    for p in night.carriers:
        data = p.tags.get(OUT)
        if isinstance(data, dict) and data.get("kind") != "consumed":
            taken.setdefault(p.name, data.get("by"))
    for d in deaths:
        by = taken.get(d.player)
        if by and by != d.player and by not in dead:
            night.tags.append((d.player, FLIP_HELD, {"by": by}))
            night.say(f"{d.player} died while abducted by {by}: no flip until {by} leaves the game.")
    return deaths


def _bonds(night: Night, deaths: list) -> list:
    """Seed Hivemind: 'If the Hivemind dies, all converted players die with them': the players a
    converter bound (tag bound-to), and those it converted tonight, die when it dies tonight."""
    from ...model.outcome import Death
    from ..acts import Attack
    from .base import fill, flavour_text

    dead = {d.player for d in deaths}
    bound: dict[str, str] = {}
    for p in night.carriers:
        data = p.tags.get(BOUND)
        if p.alive and isinstance(data, dict):
            bound[p.name] = data.get("by")
    for target, act in night.ext.get("bonds", ()):
        if act.failed is None:
            bound.setdefault(target, act.actor)
    out = list(deaths)
    for player, by in sorted(bound.items()):
        if by in dead and player not in dead:
            place = fill("{player}'s home", player=player)
            attack = Attack(target=player, by=None, attacker=by, kind="bond", strength=99,
                            cause=night.role(by).name.split(" (")[0],
                            flavour="hivemind", location=place, heals=False)
            out.append(Death(player, attack.cause, place, flavour_text(night, attack, player, place), "bond", (by,),
                             "hivemind"))
            dead.add(player)
            night.say(f"{by} is dead: {player}, bound to them, dies with them.")
    return out


releases = _releases
bonds = _bonds

EFFECTS: dict[str, EffectSpec] = {
    "frame": EffectSpec(frame, {**TARGET, "alignment": (str, ""), "role_faction": (str, ""),
                                "reaches_away": (bool, False), "standing": (bool, False), "reaches": (list, [])},
                        {}, "misc", "property changing"),
    "tag": EffectSpec(tag, {**TARGET, "tag": (str, ...), "data": (dict, {}), "kills_after": (int, 0),
                            "type": (str, "kill"), "strength": (int, 1), "cause": (str, ""), "flavour": (str, ""),
                            "location": (str, "{player}'s home"), "heals": (bool, True), "guardable": (bool, False)},
                      {}, "misc", "state-changing"),
    "convert": EffectSpec(convert, {**TARGET, "role": (str, ""), "faction": (str, ""), "race": (str, ""),
                                    "spares": (list, []), "user_leaves": (bool, False), "guardable": (bool, False),
                                    "bond": (bool, False)}, {},
                          "recruit", "property changing"),
    "adopt": EffectSpec(adopt, {**TARGET, "inherit": (list, [])}, {}, "recruit", "property changing",
                        _adopt_reading),
    "heir": EffectSpec(heir, {**TARGET, "tag": (str, HEIR)}, {}, "misc", "property changing"),
    "vote-weight": EffectSpec(vote_weight, {**TARGET, "add": (float, 0.0), "set": (float, -1.0), "days": (int, 1)},
                              {}, "misc", "property changing"),
}
