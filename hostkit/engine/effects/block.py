"""Block: effects that stop, move or divert other actions, and the reach rules they add.

- block: the target's actions fail (scope: `moving` actions that leave home, `all`, or `all-but`
  the `except` list); `notify` says who is told.
- redirect: the `who` target's targeted actions go to the `to` target instead (their first
  target is replaced); with `kills`, only its kills (MafiaScum's Shield: `to` is the Shield). A redirect onto a target those actions could not legally take fails.
  With `forces`, an unlimited night ability the player left unused is used on `to` (control.py).
- swap: a bus drive: every action aimed at one of the two targets lands on the other.
- jail: the target is locked up: protected from everything, their actions blocked, unreachable.
- commute: the actor leaves town: actions aimed at them fail and do not visit.
  `scope = "leaves-home"` (seed ooo 7-8, the Escort's distraction) stops only the actions that
  leave home, tells only those, never the roles in `quiet`; with `locks_home` (the Locksmith)
  the target's home is locked too: every other visitor fails there (seed ooo 10: failing to
  reach a locked home still counts as having left home).
- abduct: a role-block that also removes the target from play for the night; `keep` is the
  Xenozoologist's collection (tag `abducted`, out of play until it dies).
- blackout: every other player's actions of one `power` fail tonight.

Reach rules every ruleset honours (REACH and USABLE in effects/__init__.py): a locked home; an
abducted or out-of-play player; `power = "psychic"` / `"tech"` against a `mind-shield` /
`anti-tech` player (passive or tag). And one settle step: a `kills-blockers` role kills whoever
blocked it by visiting (a `block` that visits: seed ooo 9), in every
ruleset. An abduction holds its target, who strikes no one; so does a jail, unless the game's
option `blocker-death = "jailkeeper-dies"` (ooo's default): then the jailed killer kills the
Jailkeeper too.
"""

from __future__ import annotations

from typing import Any

from ...model.roles import Effect
from ...model.records import slotted
from ..acts import AWAY, JAILED, Act, Attack, Block, Protection, scope_stops
from ..night import Night
from . import control, tech
from .base import OUT, TARGET, EffectSpec, moving, specimen, st

SQUARE = "the Town Square"
SHIELDS = {"psychic": ("mind-shield", "Mind Shield"), "tech": ("anti-tech", "Anti-Tech Field")}


def block(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    scope = effect.get("scope", "moving")
    if scope == "leaves-home":
        _home_block(night, act, effect, target)
        return
    night.blocks.setdefault(target, []).append(
        Block(act, scope, tuple(effect.get("except", ())), effect.get("notify", "moving")))
    what = {"moving": "their actions that leave home", "all": "all their actions"}.get(
        scope, "their actions but those exempt")
    late = [a for a in night.by_actor.get(target, ()) if a.done and not a.skip]
    tail = f", but {target}'s {late[0].ability.name} had already resolved" if late else ""
    night.say(f"{act.label()} blocks {target}: {what} fail tonight{tail}.")
    if act.ability.moves and target != act.actor and "kills-blockers" in night.role(target).passives:
        st(night)["blocks"].append((act, target))  # a blocker who visits meets the kills-blockers role


def redirect(night: Night, act: Act, effect: Effect) -> None:
    who, to = act.slot(effect, "who", 0), act.slot(effect, "to", 1)
    if who is None or to is None:
        return
    kills = effect.get("kills", False)  # a Shield's: only the player's kills go to `to`
    victims = [a for a in night.by_actor.get(who, ()) if a.targets and a is not act and (not kills or a.is_killing())]
    made = control.forced(night, who) if effect.get("forces", False) else None
    for v in victims + ([made] if made else []):
        why = night.illegal_target(v, to, 0)
        if why:
            # Seed natural III: a redirect onto an illegal target fails instead.
            night.fail(act, f"{v.what()} cannot be redirected to {to} ({why})")
            return
    late = [v for v in victims if v.done or v.failed]
    night.redirects[who] = (act, to)
    tail = f", but {who}'s {late[0].ability.name} had already resolved" if late else ""
    night.say(f"{act.label()} redirects {who}'s actions to {to}{tail}.")
    if made is not None:
        control.force(night, act, made, to)


def swap(night: Night, act: Act, effect: Effect) -> None:
    a, b = act.slot(effect, "first", 0), act.slot(effect, "second", 1)
    if a is None or b is None or a == b:
        night.say(f"{act.label()} drives no bus: both targets are the same player.")
        return
    night.divert(a, b)
    night.say(f"{act.label()} swaps {a} and {b}: actions aimed at one land on the other.")


def jail(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.jailed[target] = act
    night.location[target] = JAILED
    night.blocks.setdefault(target, []).append(
        Block(act, "all-but", tuple(effect.get("except", ())), effect.get("notify", "all")))
    night.protections.setdefault(target, []).append(
        Protection(act, "all", 99, (), frozenset(), 0, target))
    night.say(f"{act.label()} jails {target}: they are protected, and their actions fail.")
    if effect.get("notify", "all") == "all":
        # Seed ooo 7: every jailed player is told, moving or not, acting or not (a Seer too). The
        # jail's words say their actions failed: the PM adds no 'you were blocked' line to them.
        night.notices.append((target, _jailed_words(night, target, tuple(effect.get("except", ())))))
        night.ext.setdefault("told-jailed", {})[target] = act.role.name
    if target != act.actor and "kills-blockers" in night.role(target).passives \
            and night.state.options.get("blocker-death", "jailkeeper-safe") == "jailkeeper-dies":
        # Option blocker-death (seed ooo 1 and 9: the Jailkeeper is a blocking role, and a blocker
        # of a Serial Killer or Murderer is found in the Town Square): the prisoner kills them.
        st(night)["blocks"].append((act, target))


def _jailed_words(night: Night, target: str, exempt: tuple[str, ...]) -> str:
    """What a jailed player is told: that their actions failed, and, where the jail spares some of
    their own abilities (a Seer's Vision), which: a notice names only the reader's own abilities,
    never one of another role (a jailed Serial Killer must not learn that a Seer's vision would
    have worked). Ruleset wordings: `jailed`, and `jailed-spared` with {abilities}."""
    role = night.role(target)
    spared = [a.name for a in role.abilities if a.phase != "day" and not scope_stops("all-but", exempt, role.name, a)]
    results = night.ruleset.results
    if spared and results.get("jailed-spared"):
        return results["jailed-spared"].replace("{abilities}", " and ".join(spared))
    return results.get("jailed", "You were jailed tonight: you were protected, and your actions failed.")


def commute(night: Night, act: Act, effect: Effect) -> None:
    night.location[act.actor] = AWAY
    night.commuted.add(act.actor)
    night.say(f"{act.label()} commutes out of town for the night: actions aimed at them fail.")



@slotted
class HomeBlock(Block):
    """A block of moving actions (seed ooo 8), told only to moving roles not in `quiet` (seed 7)."""

    quiet: tuple[str, ...]

    def __init__(self, by: Act, scope: str, exempt: tuple[str, ...], notify: str, shorts: bool = False,
                 removes: bool = False, quiet: tuple[str, ...] = ()) -> None:
        Block.__init__(self, by, scope, exempt, notify, shorts, removes)
        self.quiet = quiet

    def stops(self, act: Act) -> bool:
        return moving(act)

    def notifies(self, act: Act) -> bool:
        return moving(act) and act.role.name not in self.quiet


def _home_block(night: Night, act: Act, effect: Effect, target: str) -> None:
    """scope = "leaves-home" (seed ooo 7-8, the Escort's distraction): the target's actions that
    leave home fail; only those are told, never the `quiet` roles; a block on oneself blocks
    nothing. With `locks_home` (the Locksmith), the target's home is locked too (seed ooo 10)."""
    s = st(night)
    locks = effect.get("locks_home", False)
    if locks:
        s["locked"][target] = act
    if target != act.actor:
        night.blocks.setdefault(target, []).append(
            HomeBlock(act, "moving", (), "moving", quiet=tuple(effect.get("quiet", ()))))
        s["blocks"].append((act, target))
        night.say(f"{act.label()} locks {target}'s home: no one gets in, and {target} cannot get out." if locks
                  else f"{act.label()} distracts {target}: their actions that leave home fail tonight.")
    elif locks:
        night.say(f"{act.label()} builds a lock on their own home: no one gets in tonight.")
    else:
        night.say(f"{act.label()} distracts {target}: their actions that leave home fail tonight.")


def _locked(night: Night, act: Act, target: str) -> str | None:
    """Seed 10: a visitor to a locked home fails (and still counts as having left home)."""
    st = night.ext.get("ooo")
    if not st or target not in st["locked"] or not act.ability.moves:
        return None
    locker = st["locked"][target]
    if locker is act or act.actor == target or locker.failed:
        return None
    return f"{target}'s home was locked"


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



def _abducted(night: Night, act: Act, target: str) -> str | None:
    if OUT in night.tags_of(target):
        return f"{target} had been abducted and is out of play"
    by = night.ext.get("abducted", {}).get(target)
    if by is not None and by is not act:
        return f"{target} had been abducted and could not be targeted"
    return None


def usable_while_out(act: Act, data: Any) -> bool:
    """May this act be used by a player kept out of play? Only an ability the abduction exempts
    (seed: the Plasma Bomb and the Assassin Bot are 'triggered remotely ... even while abducted')."""
    names = data.get("except", ()) if isinstance(data, dict) else ()
    low = {n.lower() for n in names}
    return bool(low & {act.ability.name.lower(), act.name.lower(), act.role.name.lower()})


def _out_of_play(night: Night, act: Act) -> str | None:
    data = night.tags_of(act.actor).get(OUT)
    if data is not None and not usable_while_out(act, data) and not tech.remote(night, act):
        by = data.get("by") if isinstance(data, dict) else None
        how = "consumed" if isinstance(data, dict) and data.get("kind") == "consumed" else "abducted"
        return f"{act.actor} has been {how} and is out of play" + (f" (held by {by})" if by and by != act.actor else "")
    return None


ABDUCTED = "You were abducted tonight: you were taken from your home and could not act."
KEPT = ("You are being kept for study: you are out of play (you cannot act, vote or be targeted) until your "
        "abductor leaves the game. You and your abductor may PM each other freely.")


def _abducted_text(night: Night, target: str, alerts: tuple[str, ...]) -> str:
    """What the taken player is told: 'could not act', save for what an abduction does not stop
    (seed: the Plasma Bomb 'Can also be used while abducted'; a War Vet's alert) and what had
    already taken place in an earlier step of the Event Order (a Psychic Warden's binding, a
    Mind Control Ray: decision abduction, 'Actions of earlier steps ... had already reached them')."""
    acts = night.by_actor.get(target, ())
    kept = sorted({a.ability.name for a in acts if a.name in alerts})
    done = sorted({a.ability.name for a in acts if a.done and not a.skip and a.name not in alerts})
    parts = ([f"your {' and '.join(kept)}, which works even while abducted"] if kept else []) \
        + ([f"your {' and '.join(done)}, which had already taken place"] if done else [])
    if not parts:
        return ABDUCTED
    return (f"You were abducted tonight: you were taken from your home and could not act, except for "
            f"{', and '.join(parts)}.")


def abduct(night: Night, act: Act, effect: Effect) -> None:
    """Block the target and remove them from play tonight (seed: Abduction)."""
    target = act.slot(effect)
    if target is None:
        return
    alerts = tuple(a.name for a in night.by_actor.get(target, ()) if not a.skip and (
                   any(e.kind == "kill-visitors" for e in a.ability.effects) or tech.remote(night, a)))
    exempt = tuple(effect.get("except", ()))
    # The abducted player is told they were taken (below), not merely that they were blocked.
    night.blocks.setdefault(target, []).append(
        Block(act, "all-but", alerts + exempt, "none" if effect.get("notify", "all") == "all" else effect.get("notify"),
              removes=True))
    night.ext.setdefault("abducted", {})[target] = act
    night.say(f"{act.label()} abducts {target}: their actions fail and no one else can reach them tonight.")
    if not effect.get("keep", False):
        night.happen(target, "abducted", act.actor, "for the night",
                     tell=_abducted_text(night, target, alerts) if effect.get("notify", "all") != "none" else "")
        night.ext.setdefault("returning", []).append((target, act.actor))
        return
    kind = specimen(night, target)
    held = list(night.state.players[act.actor].tags.get("specimens", ()))
    # Seed Xenozoologist: 'If that player is of a race he does not have, they are removed from the
    # game and kept for study. If he already has one, they are returned to play the following
    # morning.' The abductor learns which, and of what kind: his win is one of each.
    if kind in held:
        night.say(f"{act.label()} already holds a {kind} specimen: {target} will be returned in the morning.")
        night.happen(target, "abducted", act.actor, f"{act.actor} already holds a {kind}",
                     tell=_abducted_text(night, target, alerts))
        night.ext.setdefault("returning", []).append((target, act.actor))
        night.notices.append((act.actor, f"You abducted {target}, but you already hold a {kind} specimen: "
                                         f"{target} is returned to play in the morning."))
        return
    night.tags.append((target, OUT, {"by": act.actor, "kind": kind, "except": list(exempt)}))
    night.tags.append((act.actor, "specimens", sorted(held + [kind])))
    night.say(f"{act.label()} keeps {target} as its {kind} specimen: {target} is out of play.")
    night.happen(target, "captured", act.actor, f"kept as the {kind} specimen", tell=f"{_abducted_text(night, target, alerts)} {KEPT}")
    night.notices.append((act.actor, f"You abducted {target} and keep them for study as your {kind} specimen "
                                     f"(specimens held: {', '.join(sorted(held + [kind]))})."))


def blackout(night: Night, act: Act, effect: Effect) -> None:
    """Every other player's actions of the given power fail tonight. A second blackout of the
    same kind adds nothing but a block on the first one's user (who the first spares), so a night
    costs one pass over the town per kind of blackout, however many are used."""
    power = effect.get("power", "")
    key = (power, act.ability.power, bool(effect.get("fix", False)), effect.get("tag", ""))
    done = night.ext.setdefault("blackouts", {})
    if key in done:
        first = done[key]
        if first.actor != act.actor and not tech.blackout_immune(night, act, first.actor, power):
            acts = night.by_actor.get(first.actor, ())
            spared = tuple(a.name for a in acts if not _blacked_out(night, a, power))
            night.blocks.setdefault(first.actor, []).append(
                Block(act, "all-but", spared, effect.get("notify", "all"), shorts=bool(power)))
        night.say(f"{act.label()} also shorts out every {power + ' ' if power else ''}action in town tonight.")
        return
    done[key] = act
    immune: list[str] = []
    for player, acts in night.by_actor.items():
        if night.owner(player) == act.actor:  # the user, and a Robot of theirs, are unaffected
            continue
        if tech.blackout_immune(night, act, player, power):
            immune.append(player)
            continue
        spared = tuple(a.name for a in acts if not _blacked_out(night, a, power))
        if len(spared) < len(acts):
            night.blocks.setdefault(player, []).append(Block(act, "all-but", spared, effect.get("notify", "all"),
                                                             shorts=bool(power)))
        if effect.get("fix", False) and player not in night.bodies:  # a Robot is only stopped tonight
            tech.blackout_shorts(night, act, player)
    if power == "psychic":
        tech.pulse_notices(night, act)
    if effect.get("tag"):  # the Stun Bomb: 'or using any active abilities the following day'
        for player in sorted(night.location):
            if player != act.actor and not tech.blackout_immune(night, act, player, power):
                night.tags.append((player, effect.get("tag"), {"by": act.actor, "night": night.number}))
    if immune:
        night.say(f"Immune to {act.what()}: {', '.join(sorted(immune))}.")
    night.say(f"{act.label()} shorts out every {power + ' ' if power else ''}action in town tonight.")


def _blacked_out(night: Night, act: Act, power: str) -> bool:
    """Does a blackout of `power` ("" = every action) stop this act? Tech: any item's use too."""
    return not power or act.ability.power == power or (power == "tech" and tech.item_of(night, act) is not None)



def mark_abducted(night: Night, outcome: Any) -> Any:
    """The outcome's `places` say who was abducted tonight or was already kept out of play."""
    out = set(night.ext.get("abducted", {})) | set(night.tag_index.get(OUT, ()))
    if not out:
        return outcome
    places = dict(outcome.places)
    places.update({p: OUT for p in out if p in places})
    return outcome._replace(places=places)


locked = _locked
shielded = tech.shielded
abducted = _abducted
out_of_play = _out_of_play
blockers_die = _blockers_die

EFFECTS: dict[str, EffectSpec] = {
    "block": EffectSpec(block, {**TARGET, "scope": (str, "moving"), "except": (list, []), "notify": (str, "moving"),
                                "quiet": (list, []), "locks_home": (bool, False), "reaches_away": (bool, False)},
                        {"scope": ("moving", "all", "all-but", "leaves-home"), "notify": ("moving", "all", "none")},
                        "block", "blocking"),
    "redirect": EffectSpec(redirect, {"who": (int, 0), "to": (int, 1), "forces": (bool, False), "kills": (bool, False)},
                           {}, "redirect", "redirection"),
    "swap": EffectSpec(swap, {"first": (int, 0), "second": (int, 1)}, {}, "bus", "diversion"),
    "jail": EffectSpec(jail, {**TARGET, "except": (list, []), "notify": (str, "all")},
                       {"notify": ("moving", "all", "none")}, "block", "blocking"),
    "commute": EffectSpec(commute, {}, {}, "hide", "rules changing"),
    "abduct": EffectSpec(abduct, {**TARGET, "keep": (bool, False), "except": (list, []), "notify": (str, "all")},
                         {"notify": ("moving", "all", "none")}, "block", "blocking"),
    "blackout": EffectSpec(blackout, {"power": (str, ""), "notify": (str, "all"), "fix": (bool, False), "tag": (str, "")}, {},
                           "block", "blocking"),
}
