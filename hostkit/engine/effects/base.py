"""What every effect module shares: the EffectSpec record, the common parameter specs, and the
small readings of the night that several mechanisms ask (did a player leave home, is a player
framed, does a player hold an attribute, what goal did they have tonight).

Nothing here registers anything: effects/__init__.py assembles the closed registry from the
EFFECTS table of each mechanism module, and settle.py runs one named pipeline of steps.
"""

from __future__ import annotations

from itertools import count
from typing import Any, Callable, Iterable

from ...model.roles import Effect, Role
from ...model.outcome import Side
from ..day import faction_alignment
from ...model.records import Record
from ..acts import Act, Attack
from ..night import Night

Params = dict[str, tuple[Any, Any]]
EffectFn = Callable[[Night, Act, Effect], None]
Reader = Callable[[Night, Act, Effect, str], Any]


class EffectSpec(Record):
    """One effect of the registry: its function, its parameters (name -> (type, default); a
    default of `...` makes it required), the allowed values of some parameters, the NAR
    category it sorts in, the kind a Follower sees it as, and, for an effect whose result is
    read at the end of the night, its reader."""

    fn: EffectFn
    params: Params
    choices: dict[str, tuple[Any, ...]] = {}
    category: str = "misc"
    kind: str = "state-changing"
    reader: Reader | None = None


# Parameters shared by every effect that names a target: which of the action's targets it uses.
TARGET: Params = {"target": (int, 0)}
KILL: Params = {
    "type": (str, "kill"),  # the kind of attack: protections and immunities may name kinds
    "strength": (int, 1),  # protections and immunities of this strength or more stop it
    "cause": (str, ""),  # the death cause published; default the role's name
    "flavour": (str, ""),  # a key of the ruleset's [flavour] table; default the type
    "location": (str, "{player}'s home"),  # where the body is found
    "heals": (bool, True),  # a heal at the end of the night can undo it
}

FRAMED = "framed"
OUT = "abducted"


def fill(text: str, **values: str) -> str:
    """Put names into a '{player}'s home'-style text. Plain replacement, so a player's name with
    braces in it cannot break anything."""
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


def flavour_text(night: Night, attack: Attack, victim: str, location: str) -> str:
    """The death flavour of an attack: its key in the ruleset's [flavour], else `default`."""
    text = night.ruleset.flavour.get(attack.flavour) or night.ruleset.flavour.get("default") \
        or "{player} was found dead in {location}."
    return fill(text, player=victim, location=location, attacker=attack.attacker, cause=attack.cause)


def attack_from(act: Act, effect: Effect, target: str) -> Attack:
    """The attack a killing effect makes on `target`, from its kill parameters."""
    kind = effect.get("type", "kill")
    return Attack(
        target=target, by=act, attacker=act.body, kind=kind, strength=effect.get("strength", 1),
        cause=effect.get("cause") or act.role.name, flavour=effect.get("flavour") or kind,
        location=effect.get("location", "{player}'s home"), rampage=effect.get("rampage", False),
        heals=effect.get("heals", True),
    )


def kill_params(effect: Effect) -> dict[str, Any]:
    return {k: effect.get(k) for k in ("type", "strength", "cause", "flavour", "location", "heals")}


def st(night: Night) -> dict[str, Any]:
    """The night's bookkeeping for the effects that act at the end of the night (in the Night's
    shared `ext` room): blocks that may meet a kills-blockers role, locks, mauls, plagues..."""
    s = night.ext.get("ooo")
    if s is None:  # made once a night (setdefault would build the default on every call)
        s = night.ext["ooo"] = {"blocks": [], "locked": {}, "mauls": [], "plague": [], "infects": [], "guilt": [],
                                "counts": [], "frames_spent": set(), "adopts": [], "patrols": []}
    return s


def dealt_roles(night: Night) -> dict[str, int]:
    """How many of each role were dealt at the start of the game (counted once a night)."""
    if "dealt" not in night.ext:
        counts: dict[str, int] = {}
        for r in night.state.initial_roles:
            counts[r] = counts.get(r, 0) + 1
        night.ext["dealt"] = counts
    return night.ext["dealt"]


def attacks_on(night: Night) -> dict[str, list[Attack]]:
    """The night's attacks so far by target, each list in the order they were made."""
    out: dict[str, list[Attack]] = {}
    for a in night.attacks:
        out.setdefault(a.target, []).append(a)
    return out


def moving(act: Act) -> bool:
    """Seed ooo 7: an action leaves home when it moves and names someone other than its user."""
    return act.ability.moves and any(t != act.actor for t in act.targets)


def left_home(night: Night, player: str) -> bool:
    """Seed ooo 10: a player left home if a moving action of theirs was not stopped before it moved."""
    return any(moving(a) and not a.skip and not a.blocked and a.ran >= 0 for a in night.by_actor.get(player, ()))


def framed(night: Night, player: str) -> bool:
    """Seed ooo 6: is the player framed now (a standing frame, or one made tonight)?"""
    return FRAMED in night.tags_of(player) or player in night.new_tags.get(FRAMED, ())


def spend_frame(night: Night, player: str) -> None:
    """A Town reading that saw the frame uses it up (so a later dig sees the truth)."""
    s = st(night)
    if player in s["frames_spent"]:
        return
    s["frames_spent"].add(player)
    if FRAMED in night.tags_of(player):
        night.untags.setdefault((player, FRAMED), None)
    dropped = s.setdefault("frames_dropped", {})  # id -> entry (kept alive, so its id stays its own)
    for t in tags_given(night).get(player, ()):
        if t[1] == FRAMED and id(t) not in dropped:  # a frame given tonight: it goes with the others
            dropped[id(t)] = t
    night.say(f"The frame on {player} has been seen, and is used up.")


def drop_spent_frames(night: Night) -> None:
    """Take the frames spent by tonight's readings (spend_frame) out of the tags given tonight,
    in one pass once the readings are done: the very tag entries that stood when each was spent.
    (One pass per spent frame was quadratic: a night of n players spends about n/50 frames and
    gives about n tags.) The readings run in settle's results step, which calls this after them."""
    s = night.ext.get("ooo")
    dropped = s.pop("frames_dropped", None) if s else None
    if dropped:
        night.tags[:] = [t for t in night.tags if id(t) not in dropped]


def tags_given(night: Night) -> dict[str, list[tuple[str, str, Any]]]:
    """Player -> the entries of tonight's tags (night.tags) that name them, as the list holds
    them now, so 'has the player been given a tag tonight?' is a look-up, not a pass over every
    tag given tonight. Scanned once, then only what was appended since; scanned afresh when the
    list was rewritten before its end (taking an entry out moves the last one scanned)."""
    tags = night.tags
    seen, upto, last = night.ext.get("tags-given", ({}, 0, None))
    if upto > len(tags) or (upto and tags[upto - 1] is not last):
        seen, upto = {}, 0
    for i in range(upto, len(tags)):
        t = tags[i]
        seen.setdefault(t[0], []).append(t)
    night.ext["tags-given"] = (seen, len(tags), tags[-1] if tags else None)
    return seen


def drop_given(night: Night, player: str, doomed: Callable[[tuple[str, str, Any]], bool]) -> None:
    """Take out of tonight's tags the entries naming `player` that `doomed` picks (drop_tags)."""
    drop_tags(night, [t for t in tags_given(night).get(player, ()) if doomed(t)])


def drop_tags(night: Night, gone: Iterable[tuple[str, str, Any]]) -> None:
    """Take these very entries (by identity; any no longer there are passed over) out of tonight's
    tags (night.tags), in order, keeping tags_given's index in step. Rewriting the list in Python
    made the next tags_given scan every tag again, and cost a pass of Python over every tag
    given tonight for each taking-out (a Doppelganger's consume of a player shielded tonight, a
    clash of conversions: a night of n players has about n/1,500 of them); here the only pass
    over the list is the interpreter's own (the positions by identity), with no Python per tag."""
    gone = list(gone)
    if not gone:
        return
    seen = tags_given(night)
    tags = night.tags
    at = dict(zip(map(id, tags), count()))
    for i in sorted({at[id(t)] for t in gone if id(t) in at}, reverse=True):
        t = tags.pop(i)
        seen[t[0]] = [x for x in seen[t[0]] if x is not t]
    night.ext["tags-given"] = (seen, len(tags), tags[-1] if tags else None)


def has(night: Night, player: str, attribute: str) -> bool:
    """Does the player hold an attribute, by their role (a passive), by a tag (a built shield) or
    by an item they hold (items.toml `grants`: alien tech)? A body that is not a player (a Robot)
    holds nothing."""
    if player in night.bodies:
        return False
    if attribute in night.role(player).passives or attribute in night.tags_of(player):
        return True
    table = getattr(night.ruleset, "items", None)
    if not table:
        return False
    return any(c > 0 and n in table and attribute in table[n].grants for n, c in night.state.players[player].items.items())


def specimen(night: Night, player: str) -> str:
    """The kind of specimen a Xenozoologist sees: the true race, 'Psychic Human' for psychics."""
    role = night.role(player)
    race = role.race or "Human"
    if race == "Human" and ("psychic" in role.passives or any(a.power == "psychic" for a in role.abilities)):
        return "Psychic Human"
    return race


# The goals a player may show in one night, strongest first: a player who used two abilities
# shows the strongest goal among them (a kill outweighs a protection, which outweighs a finding),
# so the reading never depends on the order the actions were typed in.
GOAL_RANK = ("Kill", "Protect", "Find", "Survive")


def goal_of(night: Night, player: str, idle: Any = ()) -> str:
    """The goal a player had tonight: what their role shows, else the strongest goal (GOAL_RANK)
    among their actions tonight, else (no action) their race's default, else their role's goal."""
    role = night.role(player)
    if "goal" in role.appears:
        return role.appears["goal"]
    acted = [a for a in night.by_actor.get(player, ()) if not a.skip]
    goals = sorted({a.ability.goal for a in acted if a.ability.goal},
                   key=lambda g: (GOAL_RANK.index(g) if g in GOAL_RANK else len(GOAL_RANK), g))
    if goals:
        return goals[0]
    if acted and any(a.ability.effects for a in acted):
        return role.goal or ""
    table = dict(idle or ())
    return table.get(role.race or "", role.goal or "")


def not_race_told(act: Any, target: str, race: str) -> str:
    """What a dominator is told of a target not of the race it takes (seed paranormal Hivemind:
    an Advanced shield 'shows as 'Non Human' regardless of race', so a true non-Human reads the
    same): effects/change (the race check) and effects/tech (an Advanced shield) word it alike."""
    return f"Your {act.ability.name} on {target} failed: they are Non {race}."


def side_at_dawn(night: Night, target: str) -> tuple[Role, str]:
    """The target's role and alignment as an inspection reads them: the player's own side (a
    player dominated into another faction keeps their role and plays for it); in a natural
    ruleset, with tonight's conversion already made (seed natural V: "The result of investigation
    effects is determined at the end of the Night ... would always learn the new Guild")."""
    if night.ruleset.resolution == "natural":
        for _, role_name, faction, act in reversed(night.converts_on.get(target, ())):
            if act.failed is not None:
                continue
            role = night.ruleset.roles[role_name]
            if isinstance(faction, Side):
                return role, faction.alignment
            if faction and faction != role.faction:
                return role, faction_alignment(night.state, faction)
            return role, role.alignment
    role = night.role(target)
    ps = night.state.players.get(target)
    return role, (ps.alignment if ps is not None and ps.alignment else role.alignment)
