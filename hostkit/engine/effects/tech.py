"""Tech: paranormal's alien tech and the Mad Scientist's inventions, as effects and readings that
work in every ruleset (seed paranormal 'Item list', 'Attributes').

- plasma: the Plasma Bomb: the target, anyone physically interacting with the target (a visit
  either way), anyone interacting with them, and so on, are attacked at the end of the night;
  the user is spared (unless they bomb themself), and so is every Anti-Tech Field holder.
- short: one player's actions of a `power` fail tonight (the EMP and Psychic Pulse Emitters);
  with `fix`, their tech devices are shorted out: the next night they spend fixing them (every
  action of theirs fails) and a tech boost (the Advanced Targeting System) is off tonight.

What an item does besides its abilities is read here too (items.toml `grants`, `modifies`):

- Advanced shields: a natural Mind Shield / Anti-Tech Field (a role passive) together with a
  tech-based one (an item, or a Mad Scientist's built tag) always appears to work to the user
  of the power: the action does nothing but resolves as if it worked (a Telepath reads
  'Survive', a Scanner 'Human, Townie', a tracker 'stayed home'); killing tech is still told it
  was blocked; a single-target one-shot is used up.
- Holoform Modulators: an investigation of the holder shows the role and race the holder chose
  (tag `holoform`, set by `hostkit tech holoform`); the Advanced one screens psychic and tech
  readings too, and followers see its hologram (tag `hologram`) instead of the holder.
- The Advanced Targeting System: the holder's Kill strikes with the item's parameters; shorted
  by an EMP, or aimed at an Anti-Tech Field holder, it is a plain kill.
- Return fire (the Hold-out Blaster): a holder killed at night by a visible attacker shoots them.
- Camouflage (Combat Camouflage): the holder's kills read as the chosen source.
- Remote items (Plasma Bomb, Assassin bot) work while their holder is abducted or kept.

Settle steps: `plasma-chain` (once the visits are known), `return-fire` and `camouflage` (once
the deaths are known), and `tech-spent` (items used up when their action resolved).

"""

from __future__ import annotations

from typing import Any

from ...rules.items import items_of, usable_by
from ...model.roles import Effect
from ..acts import Act, Block
from ..night import Night
from .base import KILL, TARGET, EffectSpec, has, not_race_told

# Tags the tech reads or sets (hostkit/tech.py sets the host's choices).
HOLOFORM = "holoform"  # {"role": R, "race": X}: what a Holoform Modulator shows
HOLOGRAM = "hologram"  # {"night": N, "to": PLAYER or ""}: where the Advanced hologram goes that night
CAMOUFLAGE = "camouflage"  # the source the holder's kills read as
MASKED = "masked"  # on a camouflaged kill's victim: {"cause": the true one, "by": killer, "shown": the mask}
SHORTED = "shorted"  # {"night": N}: the night the player spends fixing shorted-out tech
PULSED = "pulsed"  # {"by": P, "night": N}: psychic powers blocked that night and the next day

SHIELD_NAMES = {"mind-shield": "Mind Shield", "anti-tech": "Anti-Tech Field"}
POWER_SHIELD = {"psychic": "mind-shield", "tech": "anti-tech"}
# The sources Combat Camouflage can make a kill read as: cause and flavour key.
SOURCES = {"Vigilante": ("Vigilante", "shot"), "Doppelgangers": ("Doppelgangers", "dopp"),
           "Abduction": ("Organ Harvester", "harvest")}
# A tag an Advanced Anti-Tech Field lets be planted: it only makes the holder seem at home.
HARMLESS_TAGS = frozenset({"tracked"})
READING = frozenset({"inspect", "observe", "read-goal", "scan", "surveil", "track-tagged", "sneak"})


# --------------------------------------------------------------------------- what a player holds
def item_of(night: Night, act: Act):
    """The item an act is used through, or None (a role's own ability)."""
    return items_of(night.ruleset).get(act.role.name)


def grants(night: Night, player: str, attribute: str) -> bool:
    """Does a held item give the player this attribute? An item only for some roles or sides
    (items.toml `only`: Combat Camouflage 'allows the Exterminator') gives nothing in other hands:
    a robbed Exterminator, now a Survivor, keeps it but cannot use it (decision stolen-tech)."""
    table = items_of(night.ruleset)
    if not table:
        return False
    return any(n in table and attribute in table[n].grants and c > 0 and _for(table[n], night.role(player))
               for n, c in night.state.players[player].items.items())


_for = usable_by  # is the item usable by a player of this role (its `only`)?


def advanced(night: Night, player: str, attribute: str) -> bool:
    """A natural shield (a role passive) upgraded by a tech one (an item or a built tag)."""
    return attribute in night.role(player).passives and (
        attribute in night.tags_of(player) or grants(night, player, attribute))


def tech_devices(night: Night, player: str) -> list[str]:
    """The tech a player holds: items with a use, and the role's own tech abilities."""
    table = items_of(night.ruleset)
    out = [n for n, c in sorted(night.state.players[player].items.items()) if c > 0 and n in table]
    out += [a.name for a in night.role(player).abilities if a.power == "tech"]
    return out


def remote(night: Night, act: Act) -> bool:
    item = item_of(night, act)
    return bool(item is not None and item.remote)


# --------------------------------------------------------------------------- reach and usability
def fixing(night: Night, act: Act) -> str | None:
    """USABLE: a player whose tech was shorted out spends the next night fixing it."""
    data = night.tags_of(act.actor).get(SHORTED)
    if isinstance(data, dict) and data.get("night") == night.number and not act.skip:
        act.keeps_charge = True  # not used: the night goes to fixing (entry refuses it; a hand edit may not)
        return f"{act.actor} spends the night fixing their shorted-out tech"
    return None


def shielded(night: Night, act: Act, target: str) -> str | None:
    """REACH: a psychic power cannot reach a Mind Shield, a tech power an Anti-Tech Field (only the
    first target's shield counts). Advanced: the action resolves as if it worked (see ghost)."""
    attribute = POWER_SHIELD.get(act.ability.power)
    if attribute is None or not act.targets or target != act.targets[0] or not has(night, target, attribute):
        return None
    name = SHIELD_NAMES[attribute]
    told = night.ext.setdefault("shield-told", set())
    if target not in told:
        told.add(target)
        night.notices.append((target, f"Something tried to reach you tonight, but your {name} held."))
    if advanced(night, target, attribute) and not killing(act):
        night.ext.setdefault("ghost", {})[id(act)] = (target, name)
        night.say(f"{target}'s Advanced {name} makes {act.what()} seem to work, but it does nothing.")
        return None
    # Seed Mind Shield: 'Psychic characters will be aware of a Mind Shield blocking their
    # abilities'; Anti-Tech Field: 'Tech characters will be aware that their item was blocked.'
    # The user learns whether the use is spent: 'Single Target one-shot items are not used up,
    # but the action is wasted' (so any other limited use is).
    night.ext.setdefault("told-failed", set()).add(id(act))  # no 'no result' line on top of this one
    article = "an" if name[0] in "AEIOU" else "a"
    item = item_of(night, act)  # an item never consumed (an Emitter, 'each night') is not limited
    limited = act.ability.uses is not None or (item is not None and item.consumed != "never")
    kept = act.ability.targets == 1 and limited
    night.notices.append((act.actor, f"Your {act.ability.name} on {target} was blocked by {article} {name}"
                          + (": it is not used up." if kept else ": it is used up all the same." if limited else ".")))
    if kept:
        act.keeps_charge = True  # seed: a single-target one-shot item is not used up
    else:
        night.ext.setdefault("wasted", set()).add(id(act))
    return f"{target}'s {name} blocks {act.ability.power} powers"


def killing(act: Act) -> bool:
    """Killing tech (a kill, an ignition, a Plasma Bomb) is stopped even by an Advanced field."""
    return act.is_killing() or any(e.kind == "plasma" for e in act.ability.effects)


def ghost(night: Night, act: Act) -> tuple[str, str] | None:
    return night.ext.get("ghost", {}).get(id(act))


def before_effects(night: Night, act: Act) -> bool:
    """Run after an act reached its targets, before its effects. Turns a tech boost off when it
    is shorted or meets an Anti-Tech Field; returns True when an Advanced shield takes the act
    (its readings still happen, faked; nothing else does)."""
    plain = night.ext.get("boosted", {}).get(id(act))
    if plain is not None:
        item, original = plain
        why = None
        if act.actor in night.ext.get("shorted-now", ()):
            why = f"{act.actor}'s {item} is shorted out"
        elif act.targets and has(night, act.targets[0], "anti-tech"):
            why = f"{act.targets[0]}'s Anti-Tech Field stops the {item}"
        if why:
            act.ability = original
            night.say(f"{why}: {act.what()} is a plain attack tonight.")
    g = ghost(night, act)
    if g is None:
        return False
    for effect in act.ability.effects:
        if effect.kind in READING:
            night.pending.append((act, effect))
        elif effect.kind == "convert" and effect.get("race"):
            night.fail(act, f"{g[0]} is not {effect.get('race')} and cannot be dominated")
            night.notices.append((act.actor, not_race_told(act, g[0], effect.get("race"))))
            return True
        elif effect.kind == "tag" and effect.get("tag") in HARMLESS_TAGS:
            target = act.slot(effect)
            if target is not None:
                night.tags.append((target, effect.get("tag"), {"by": act.actor}))
    act.done = True
    return True


def fake_reading(night: Night, act: Act, effect: Effect, target: str) -> Any:
    """What a reading shows instead of the truth (None: the truth): an Advanced shield's
    'it worked' answer, or a Holoform Modulator's chosen role and race."""
    kind = effect.kind
    if ghost(night, act) is not None:
        return _fake(night, effect, "Townie", "Human", ())
    if kind not in ("inspect", "read-goal", "scan", "observe", "track-tagged"):
        return None
    ps = night.state.players.get(target)
    if ps is None:
        return None
    adv = grants(night, target, "advanced-holoform")
    screened = act.ability.power in ("psychic", "tech")
    if kind == "observe" and effect.get("mode", "track") in ("track", "follow") and adv:
        where = ps.tags.get(HOLOGRAM)
        if isinstance(where, dict) and where.get("night") == night.number:
            _activate(night, target)
            to = where.get("to") or ""
            return (to,) if to and effect.get("mode", "track") == "track" else ()
        return None
    shown = ps.tags.get(HOLOFORM)
    if kind not in ("inspect", "read-goal", "scan") or not isinstance(shown, dict) \
            or not grants(night, target, "holoform") or (screened and not adv):
        return None
    _activate(night, target)
    return _fake(night, effect, shown.get("role", ""), shown.get("race", ""), ())


def _fake(night: Night, effect: Effect, role_name: str, race: str, tech: tuple[str, ...]) -> Any:
    role = night.ruleset.roles.get(role_name)
    kind = effect.kind
    if kind == "scan":
        return scan_text(race, role_name, tech)
    if kind == "read-goal":
        return (role.appears.get("goal") or role.goal) if role is not None and (role.goal or role.appears.get("goal")) \
            else "Survive"
    if kind == "inspect":
        what = effect.get("what", "alignment")
        raw = {"role": role_name, "race": race, "alignment": role.alignment if role else "Town",
               "goal": (role.goal if role else None) or "Survive"}.get(what, "")
        if role is not None and what == "role":
            raw = role.appears.get("role", role_name)
        table = effect.get("results", {})
        return table.get(raw, effect.get("default") or raw)
    if kind in ("observe", "surveil", "track-tagged"):
        return ()
    return None


def _activate(night: Night, player: str) -> None:
    night.ext.setdefault("holoform-on", set()).add(player)


def scan_text(race: str, role: str, tech: tuple[str, ...] | list[str]) -> str:
    return f"{race or 'Human'}, {role}; tech: {', '.join(tech) or 'none'}"


def scan_reading(night: Night, target: str) -> str:
    """The Scanner: the true race and role, past every appearance, and the tech held."""
    role = night.role(target)
    return scan_text(role.race or "Human", role.name, tech_devices(night, target))


# --------------------------------------------------------------------------- the effects
def plasma(night: Night, act: Act, effect: Effect) -> None:
    """Recorded now; the chain is known once every visit is (settle step plasma-chain)."""
    target = act.slot(effect)
    if target is None:
        return
    night.ext.setdefault("plasma", []).append((act, effect, target))
    night.say(f"{act.label()} triggers a Plasma Bomb on {target}: everyone interacting with them is caught.")


def short(night: Night, act: Act, effect: Effect) -> None:
    """The target's actions of `power` fail tonight; with `fix` their tech is shorted out."""
    target = act.slot(effect)
    if target is None:
        return
    power = effect.get("power", "tech")
    acts = night.by_actor.get(target, ())
    spared = tuple(a.name for a in acts if not _uses_power(night, a, power))
    night.blocks.setdefault(target, []).append(_PowerBlock(act, "all-but", spared, "all", power))
    if effect.get("fix", False):
        _short_out(night, act, target, used_only=True)
    else:
        night.notices.append((target, f"Your {power} abilities fail tonight and tomorrow."))
        if power == "psychic":  # '... for that night and the next day phase': an Enchanter's vote too
            night.tags.append((target, PULSED, {"by": act.actor, "night": night.number}))
    night.say(f"{act.label()} pulses {target}: their {power} actions fail tonight.")


def _PowerBlock(by: Act, scope: str, exempt: tuple[str, ...], notify: str, power: str) -> Block:
    """A block of the actions relying on one power; it stops even an unblockable role's actions
    (a pulse is not a role-block: it shorts out the device)."""
    return Block(by, scope, exempt, notify, shorts=True)


def _uses_power(night: Night, act: Act, power: str) -> bool:
    if power == "tech":
        return act.ability.power == "tech" or item_of(night, act) is not None
    return act.ability.power == power


def _short_out(night: Night, act: Act, target: str, used_only: bool = False) -> None:
    """Short out a player's tech: all they hold (the EMP Pulse Bomb), or (`used_only`, the EMP
    Pulse Emitter: 'Any Tech devices used by that player that night') what they use tonight."""
    devices = tech_devices(night, target)
    if used_only:
        boosted = night.ext.get("boosted", {})
        used = [a for a in night.by_actor.get(target, ()) if a.action.seq >= 0 and not a.skip
                and (_uses_power(night, a, "tech") or id(a) in boosted)]
        devices = sorted({boosted[id(a)][0] if id(a) in boosted else
                          (a.role.name if item_of(night, a) is not None else a.ability.name) for a in used})
    night.ext.setdefault("shorted-now", set()).add(target)
    if not devices:
        return
    night.tags.append((target, SHORTED, {"night": night.number + 1, "devices": devices}))
    night.notices.append((target, "Your tech was shorted out tonight: you spend the next night fixing it."))


def blackout_immune(night: Night, act: Act, player: str, power: str) -> bool:
    """A town-wide stun or pulse spares a player immune to the user's power (an Anti-Tech Field
    is immune to every tech effect) or holding the shield of the power it stops ('excluding
    Mind Shields')."""
    mine = POWER_SHIELD.get(act.ability.power)
    theirs = POWER_SHIELD.get(power)
    return bool(mine and player in holders(night, mine) or theirs and player in holders(night, theirs))


def holders(night: Night, attribute: str) -> frozenset[str]:
    """Every living player holding an attribute (passive, tag or item), found once a night: a
    town-wide effect asks it of every player."""
    key = ("holders", attribute)
    if key not in night.ext:
        night.ext[key] = frozenset(p for p in night.location if has(night, p, attribute))
    return night.ext[key]


def pulse_notices(night: Night, act: Act) -> None:
    """Psychic Pulser: 'All Psychic players (excluding Mind Shields) are blocked for that night and
    cannot use any Psychic Abilities until the following Night. Mediums can read dead chat but
    cannot post in it until the following night.' Every psychic player is told."""
    psychic_roles: dict[int, bool] = {}  # by role object: a town has few roles
    for player in sorted(night.location):
        role = night.role(player)
        psychic = psychic_roles.get(id(role))
        if psychic is None:
            psychic = psychic_roles[id(role)] = "psychic" in role.passives or any(
                a.power == "psychic" for a in role.abilities)
        if player == act.actor or not psychic or player in holders(night, "mind-shield") \
                or player in holders(night, "anti-tech"):
            continue
        text = "A psychic pulse blocks your psychic powers until the following night."
        if role.name.endswith("Medium"):
            text += " You can read the dead chat but cannot post in it until the following night."
        night.notices.append((player, text))
        # 'cannot use any Psychic Abilities until the following Night': tomorrow's too (an
        # Enchanter's double vote counts once: Game.weight)
        night.tags.append((player, PULSED, {"by": act.actor, "night": night.number}))


def blackout_shorts(night: Night, act: Act, player: str) -> None:
    """The EMP Pulse Bomb shorts out every tech device of every player it reaches."""
    _short_out(night, act, player)


EFFECTS: dict[str, EffectSpec] = {
    "plasma": EffectSpec(plasma, {**TARGET, **KILL}, {}, "kill", "killing"),
    "short": EffectSpec(short, {**TARGET, "power": (str, "tech"), "fix": (bool, False)},
                        {"power": ("tech", "psychic")}, "block", "blocking"),
}
