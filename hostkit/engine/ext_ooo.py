"""The effects and rules that only the ooo-werewolf ruleset needs (seeds/ooo-werewolf.md).

Registered with `effects.register`; each is generic enough for a host's custom role, and each
works from role data (passives, tags, effect parameters), never from a role's name:
- distract: blocks the target's moving actions (an action aimed only at its user is not
  moving: a Doctor's self-heal, a Locksmith's lock on their own home); only moving actions are
  told, and never the roles in `quiet`. A blocker who lands on a `kills-blockers` role (the
  Serial Killer, the Murderer) is killed by them, body in the Town Square (seed 9).
- lock: as distract, and the target's home is locked: every other visitor fails there (seed 10:
  failing to reach a locked home still counts as having left home).
- maul: a kill that rampages (seed 2), except when another attack reached the target first:
  then the attacker finds them already dead and does nothing more (seed 3).
- infect: marks the target with `tag`; on a player already carrying it, the plague resolves
  instead: an attack that no heal undoes, settled after every other attack (seed 4). Each
  night the user's tag `carriers` counts the living carriers.
- guilt: with a kill, a user who kills a player of `alignment` dies `kills_after` nights later
  (the Vigilante's suicide).
- count-kills: with a kill, the user's tag `tag` counts the players it killed.
- frame-tag: a standing frame (tag `framed`): Town's readings see it until one of them reads the
  framed player and uses it up (seed 6). It reaches away players of the `reaches` roles.
- vision, bartender, gravedig, match, patrol, lookout: the Town readings of seed 6, each with
  its own framing rule; patrol also guards the target (seed 9: both parties outside the door).
- adopt: at the start of the day the user becomes the target's role (Orphan, Graverobber),
  taking the `inherit` tags (kill counts, carrier counts) with it (seed 12).
- heir: names a benefactor; when the benefactor is dead, the user becomes their role at the
  start of the next day (seed 12).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from ..model import Death, Effect
from . import effects, night as night_mod
from . import settle as settle_mod
from .night import AWAY, Act, Attack, Block, Night

FRAMED = "framed"
HEIR = "heir-of"
SQUARE = "the Town Square"


def _st(night: Night) -> dict[str, Any]:
    """This module's bookkeeping for one night (in the Night's shared `ext` room)."""
    return night.ext.setdefault("ooo", {"blocks": [], "locked": {}, "mauls": [], "plague": [], "infects": [],
                                        "guilt": [], "counts": [], "frames_spent": set(), "adopts": [],
                                        "patrols": []})


def moving(act: Act) -> bool:
    """Seed 7: an action leaves home when it moves and names someone other than its user."""
    return act.ability.moves and any(t != act.actor for t in act.targets)


@dataclass(slots=True)
class HomeBlock(Block):
    """A block of moving actions (seed 8), told only to moving roles not in `quiet` (seed 7)."""

    quiet: tuple[str, ...] = ()

    def stops(self, act: Act) -> bool:
        return moving(act)

    def notifies(self, act: Act) -> bool:
        return moving(act) and act.role.name not in self.quiet


def _kill_params(effect: Effect) -> dict[str, Any]:
    return {k: effect.get(k) for k in ("type", "strength", "cause", "flavour", "location", "heals")}


# --------------------------------------------------------------------------- blocks and locks


def distract(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    if target != act.actor:
        night.blocks.setdefault(target, []).append(
            HomeBlock(act, "moving", (), "moving", tuple(effect.get("quiet", ()))))
        _st(night)["blocks"].append((act, target))
    night.say(f"{act.label()} distracts {target}: their actions that leave home fail tonight.")


def lock(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    st = _st(night)
    st["locked"][target] = act
    if target != act.actor:
        night.blocks.setdefault(target, []).append(
            HomeBlock(act, "moving", (), "moving", tuple(effect.get("quiet", ()))))
        st["blocks"].append((act, target))
        night.say(f"{act.label()} locks {target}'s home: no one gets in, and {target} cannot get out.")
    else:
        night.say(f"{act.label()} builds a lock on their own home: no one gets in tonight.")


def _locked(night: Night, act: Act, target: str) -> str | None:
    """Seed 10: a visitor to a locked home fails (and still counts as having left home)."""
    st = night.ext.get("ooo")
    if not st or target not in st["locked"] or not act.ability.moves:
        return None
    locker = st["locked"][target]
    if locker is act or act.actor == target or locker.failed:
        return None
    return f"{target}'s home was locked"


def _dead_only(night: Night, act: Act, target: str) -> str | None:
    if act.ability.dead_only and night.alive(target):
        return f"{target} is not dead"
    return None


def _blockers_die(night: Night) -> None:
    """Seed 9: a blocker who blocks a `kills-blockers` role is killed by it, in the Town Square."""
    st = night.ext.get("ooo")
    if not st:
        return
    for act, target in st["blocks"]:
        role = night.role(target)
        if act.failed or not act.done or "kills-blockers" not in role.passives or not night.alive(target):
            continue
        kill = next((e for ab in role.abilities for e in ab.effects if e.kind == "kill"), None)
        kind = kill.get("type", "kill") if kill else "kill"
        night.attacks.append(Attack(
            target=act.actor, by=None, attacker=target, kind=kind, strength=kill.get("strength", 1) if kill else 1,
            cause=(kill.get("cause") if kill else "") or role.name,
            flavour=(kill.get("flavour") if kill else "") or kind, location=SQUARE))
        night.say(f"{act.label()} blocked the {role.name} ({target}), who strikes them down in {SQUARE}.")


# --------------------------------------------------------------------------- kills


def maul(night: Night, act: Act, effect: Effect) -> None:
    before = len(night.attacks)
    effects.kill(night, act, effect)
    if len(night.attacks) > before:
        _st(night)["mauls"].append(night.attacks[-1])


def _late_mauls(night: Night) -> None:
    """Seed 3: a maul that arrives after another attack on its target finds them dead: no rampage."""
    st = night.ext.get("ooo")
    if not st:
        return
    for attack in st["mauls"]:
        i = next((k for k, a in enumerate(night.attacks) if a is attack), None)
        if i is not None and attack.rampage and any(a.target == attack.target for a in night.attacks[:i]):
            attack.rampage = False
            night.say(f"{attack.cause} ({attack.attacker}) arrives to find {attack.target} already attacked: "
                      "there is no rampage.")


def infect(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    tag = effect.get("tag", "infected")
    st = _st(night)
    st["infects"].append((act, effect))
    if tag in night.state.players[target].tags:
        st["plague"].append((act, effect, target))
        night.say(f"{act.label()} visits {target} again: the plague {target} carries will resolve tonight.")
        return
    night.tags.append((target, tag, {"by": act.actor, "role": act.role.name}))
    night.new_tags.setdefault(tag, set()).add(target)
    night.say(f"{act.label()} infects {target} with the plague.")


def _plague(night: Night) -> None:
    """Seed 4: the plague resolves after every other attack, past any heal."""
    st = night.ext.get("ooo")
    if not st:
        return
    for act, effect, target in st["plague"]:
        if act.failed:
            continue
        p = _kill_params(effect)
        night.attacks.append(Attack(
            target=target, by=act, attacker=act.actor, kind=p["type"], strength=p["strength"],
            cause=p["cause"] or act.role.name, flavour=p["flavour"] or p["type"], location=p["location"],
            heals=False))
        night.say(f"The plague on {target} resolves: no doctor can heal it.")


def guilt(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is not None:
        _st(night)["guilt"].append((act, effect, target))


def count_kills(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is not None:
        _st(night)["counts"].append((act, effect, target))


# --------------------------------------------------------------------------- frames and readings


def frame_tag(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    reaches = effect.get("reaches", ())
    if night.location.get(target) == AWAY and night.role(target).name not in reaches:
        night.fail(act, f"{target} was not at home")
        return
    tag = effect.get("tag", FRAMED)
    night.tags.append((target, tag, {"by": act.actor}))
    night.new_tags.setdefault(tag, set()).add(target)
    night.say(f"{act.label()} frames {target}: Town's readings will see them as guilty until one of them does.")


def framed(night: Night, player: str) -> bool:
    """Seed 6: is the player framed now (a standing frame, or one made tonight)?"""
    return FRAMED in night.state.players[player].tags or player in night.new_tags.get(FRAMED, ())


def _spend(night: Night, player: str) -> None:
    """A Town reading that saw the frame uses it up (so a later dig sees the truth)."""
    st = _st(night)
    if player in st["frames_spent"]:
        return
    st["frames_spent"].add(player)
    if FRAMED in night.state.players[player].tags:
        night.untags.setdefault((player, FRAMED), None)
    night.tags[:] = [t for t in night.tags if not (t[0] == player and t[1] == FRAMED)]
    night.say(f"The frame on {player} has been seen, and is used up.")


def _vision(night: Night, act: Act, effect: Effect, target: str) -> str:
    role = night.role(target)
    if framed(night, target):
        side = effect.get("framed_as", "Wolf")
        pool = sorted({r for r in night.state.initial_roles if night.ruleset.roles[r].alignment == side})
        _spend(night, target)
        return night.rng.choice(pool) if pool else side
    return role.appears_as("role")


def _bartender(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    """Seed 11: the target's role and two others from the roles in the game at its start (the
    away roles left out, roles as they appear, the Bartender only if there were two); three lies
    for a framed target; a fresh pool each visit."""
    roles = night.ruleset.roles
    dealt = [roles[r] for r in night.state.initial_roles]
    pool = {r.appears_as("role") for r in dealt if "away" not in r.passives}
    if sum(1 for r in dealt if r.name == act.role.name) < 2:
        pool.discard(act.role.name)
    truth = night.role(target).appears_as("role")
    count = effect.get("count", 3)
    others = sorted(pool - {truth})
    if framed(night, target):
        _spend(night, target)
        return tuple(sorted(night.rng.sample(others, min(count, len(others)))))
    return tuple(sorted([truth, *night.rng.sample(others, min(count - 1, len(others)))]))


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


def _left_home(night: Night, player: str) -> bool:
    """Seed 10: a player left home if a moving action of theirs was not stopped before it moved."""
    return any(moving(a) and not a.skip and not a.blocked and a.ran >= 0 for a in night.by_actor.get(player, ()))


def patrol(night: Night, act: Act, effect: Effect) -> None:
    effects.investigate(night, act, effect)
    target = act.slot(effect)
    if target is not None:
        _st(night)["patrols"].append((act, effect, target))


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
    for act, effect, target in st["patrols"]:
        if act.failed or not act.done:
            continue
        hit = next((a for a in night.attacks if a.target == target and a.by is not None and a.by is not act
                    and moving(a.by) and a.attacker != act.actor), None)
        if hit is None:
            continue
        night.attacks.remove(hit)
        place = settle_mod.fill(effect.get("location", "outside {target}'s door"), target=target)
        flavour = effect.get("flavour", "patrol")
        night.attacks.append(Attack(target=act.actor, by=None, attacker=hit.attacker, kind=hit.kind,
                                    strength=99, cause=hit.cause, flavour=flavour, location=place, heals=False))
        night.attacks.append(Attack(target=hit.attacker, by=None, attacker=act.actor, kind="patrol", strength=99,
                                    cause=act.role.name, flavour=flavour, location=place, heals=False))
        night.say(f"{act.label()} meets {hit.cause} ({hit.attacker}) {place}: they kill each other.")


def _lookout(night: Night, act: Act, effect: Effect, target: str) -> tuple[str, ...]:
    """Seed 6: who visited the target; on the Night Kill target, every framed player too."""
    seen = {v for v, t, _ in night.visits if t == target and v not in (act.actor, target)}
    kill_targets = {a.targets[0] for a in night.acts if a.ability.factional and a.done and not a.failed
                    and a.targets and any(e.kind in ("kill", "maul") for e in a.ability.effects)}
    if target in kill_targets:
        seen |= {p for p in night.location if framed(night, p) and p not in (act.actor, target)}
    return tuple(sorted(seen))


# --------------------------------------------------------------------------- conversions


def adopt(night: Night, act: Act, effect: Effect) -> None:
    effects.investigate(night, act, effect)
    target = act.slot(effect)
    if target is not None:
        _st(night)["adopts"].append((act, effect, target, night.role(target).name))


def _adopt_reading(night: Night, act: Act, effect: Effect, target: str) -> str:
    return night.role(target).name


def heir(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.tags.append((act.actor, effect.get("tag", HEIR), {"of": target}))
    night.say(f"{act.label()} names {target} as their benefactor.")


def _inherit(night: Night, heir_: str, source: str, role: str, tags: tuple[str, ...], by: Any) -> None:
    night.converts.append((heir_, role, None, by))
    for tag in tags:
        if tag in night.state.players[source].tags:
            night.tags.append((heir_, tag, night.state.players[source].tags[tag]))
    night.say(f"{heir_} takes on {source}'s role, {role}, at the start of the day.")


def _after(night: Night, deaths: list[Death]) -> list[Death]:
    """Once the deaths are known: suicides, kill counts, carrier counts, conversions."""
    st = night.ext.get("ooo")
    died = {d.player: d for d in deaths}
    if st:
        for act, effect, target in st["guilt"]:
            d = died.get(target)
            if act.failed or d is None or act.actor not in d.by:
                continue
            if night.role(target).alignment != effect.get("alignment", "Town"):
                continue
            p = _kill_params(effect)
            data = {"by": act.actor, "kills_on": night.number + effect.get("kills_after", 1), "type": p["type"],
                    "strength": p["strength"], "cause": p["cause"] or act.role.name,
                    "flavour": p["flavour"] or p["type"], "location": p["location"]}
            night.tags.append((act.actor, effect.get("tag", "guilty"), data))
            night.notices.append((act.actor, f"You killed {target}, one of the {night.role(target).alignment}: "
                                             "the guilt will kill you tomorrow night."))
            night.say(f"{act.label()} has killed {target} of the {night.role(target).alignment} and is "
                      "overcome with guilt.")
        counts: dict[tuple[str, str], int] = {}
        for act, effect, target in st["counts"]:
            d = died.get(target)
            if act.failed or d is None or act.actor not in d.by:
                continue
            tag = effect.get("tag", "kills")
            key = (act.actor, tag)
            base = night.state.players[act.actor].tags.get(tag, 0)
            counts[key] = counts.get(key, base if isinstance(base, int) else 0) + 1
        for (player, tag), n in counts.items():
            night.tags.append((player, tag, n))
            night.say(f"{player}'s {tag} count is now {n}.")
        for act, effect in st["infects"]:
            tag = effect.get("tag", "infected")
            carriers = [p for p in night.tagged(tag) if p not in died]
            night.tags.append((act.actor, "carriers", len(carriers)))
        for act, effect, target, role in st["adopts"]:
            if act.failed or act.actor in died:
                continue
            _inherit(night, act.actor, target, role, tuple(effect.get("inherit", ())), act)
    named = {player: data for player, tag, data in night.tags if tag == HEIR}
    for p in night.state.players.values():
        data = named.get(p.name) or p.tags.get(HEIR)
        if not p.alive or p.name in died or not isinstance(data, dict):
            continue
        of = data.get("of")
        if of in night.state.players and (not night.state.players[of].alive or of in died):
            night.untags.setdefault((p.name, HEIR), None)
            role = night.state.players[of].role
            _inherit(night, p.name, of, role, ("kills", "carriers"), SimpleNamespace(failed=None))
            night.notices.append((p.name, f"Your benefactor {of} has died: you inherit their role, {role}."))
    return deaths


# --------------------------------------------------------------------------- registration

_TARGET = {"target": (int, 0)}
_KILL = {"type": (str, "kill"), "strength": (int, 1), "cause": (str, ""), "flavour": (str, ""),
         "location": (str, "{player}'s home"), "heals": (bool, True)}

effects.register("distract", distract, {**_TARGET, "quiet": (list, [])}, category="block", kind="blocking")
effects.register("lock", lock, {**_TARGET, "quiet": (list, []), "reaches_away": (bool, False)},
                 category="block", kind="blocking")
effects.register("maul", maul, {**_TARGET, **_KILL, "rampage": (bool, True)}, category="kill", kind="killing")
effects.register("infect", infect, {**_TARGET, "tag": (str, "infected"), **{**_KILL, "type": (str, "plague")}},
                 category="kill", kind="killing")
effects.register("guilt", guilt, {**_TARGET, "alignment": (str, "Town"), "tag": (str, "guilty"),
                                  "kills_after": (int, 1), **{**_KILL, "type": (str, "suicide"),
                                                              "strength": (int, 99)}})
effects.register("count-kills", count_kills, {**_TARGET, "tag": (str, "kills")})
effects.register("frame-tag", frame_tag, {**_TARGET, "tag": (str, FRAMED), "reaches_away": (bool, False),
                                          "reaches": (list, [])}, kind="property changing")
effects.register("patrol", patrol, {**_TARGET, "left": (str, "left home"), "stayed": (str, "stayed home"),
                                    "location": (str, "outside {target}'s door"), "flavour": (str, "patrol")},
                 category="protect", kind="observation")
effects.register("adopt", adopt, {**_TARGET, "inherit": (list, [])}, category="recruit", kind="property changing")
effects.register("heir", heir, {**_TARGET, "tag": (str, HEIR)}, kind="property changing")
for _name, _reader, _params, _kind in (
        ("vision", _vision, {"framed_as": (str, "Wolf")}, "inspection"),
        ("bartender", _bartender, {"count": (int, 3)}, "inspection"),
        ("gravedig", _gravedig, {"framed_as": (str, "Wolf")}, "inspection"),
        ("match", _match, {"side": (str, "Town"), "same": (str, "Match"), "different": (str, "No match")},
         "inspection"),
        ("lookout", _lookout, {}, "observation")):
    effects.register(_name, effects.investigate, {**_TARGET, **_params}, category="inspect", kind=_kind)
    settle_mod.READERS[_name] = _reader
settle_mod.READERS["patrol"] = _patrol_reading
settle_mod.READERS["adopt"] = _adopt_reading

night_mod.REACH_CHECKS.extend([_locked, _dead_only])
settle_mod.BEFORE.extend([_blockers_die, _late_mauls, _patrol_guard, _plague])
settle_mod.AFTER_DEATHS.append(_after)
