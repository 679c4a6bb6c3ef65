"""Kill: effects that attack.

- kill: an attack with a `type`, a `strength` (immunities and protections of at least this
  strength stop it), a `cause`, a `flavour` key, a `location`; `rampage` also kills
  rampageable visitors of the target; `accuracy` below 1 (an ITA shot) hits only when the
  seeded rng rolls under it.
- kill-visitors: an alert or a trap: every player whose action reaches the actor is attacked.
- ignite: attacks every living player carrying `tag` at the end of the night.
  `rampage_if_first` (the ooo Maul, seed ooo 2-3): the rampage happens only if no other attack
  reached the target first; otherwise the attacker finds them already dead and does nothing more.
- infect: marks the target with `tag`; on a player already carrying it, the plague resolves
  instead: an attack that no heal undoes, settled after every other attack (seed ooo 4). Each
  night the user's tag `carriers` counts the living carriers.
- guilt: with a kill, a user who kills a player of `alignment` dies `kills_after` nights later.
- count-kills: with a kill, the user's tag `tag` counts the players it killed.

Settle steps: `late-mauls`, `plague` (before the attacks are weighed) and `kill-tallies`
(guilt, kill counts, carrier counts, once the deaths are known).
"""

from __future__ import annotations

from ...model.outcome import Death
from ...model.roles import Effect
from ..acts import Act, Attack
from ..night import Night
from .base import KILL, TARGET, EffectSpec, attack_from, kill_params, st

_kill_params = kill_params


def kill(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    # `accuracy` (an ITA shot's, seed natural II): the seeded rng decides whether it hits; the
    # shooter's own accuracy (tag `accuracy:<ability>`, set by a grant) replaces the ability's.
    # The game's option (accuracy_option: natural's ita-accuracy) replaces the effect's accuracy.
    ab = act.ability
    base = night.state.options[ab.accuracy_option] if ab.accuracy_option else effect.get("accuracy", 1.0)
    accuracy = night.state.players[act.actor].tags.get(f"accuracy:{ab.key}", base)
    if accuracy < 1:
        roll = night.rng.random()
        hit = roll < accuracy
        night.say(f"{act.what()} on {target} {'hits' if hit else 'misses'} (roll {roll:.2f} against accuracy "
                  f"{accuracy:.2f}).")
        if not hit:
            night.notices.append((act.actor, f"Your {act.ability.name} at {target} missed."))
            return
    attack = attack_from(act, effect, target)
    night.attacks.append(attack)
    night.say(f"{act.label()} attacks {target}.")
    if attack.rampage and effect.get("rampage_if_first", False):
        st(night)["mauls"].append(attack)  # seed ooo 3: settled by the late-mauls step


FIRED = "You attacked someone who visited you tonight."  # kill-visitors' `told`: no name, no outcome


def kill_visitors(night: Night, act: Act, effect: Effect) -> None:
    night.traps[act.actor] = (act, effect)
    night.say(f"{act.label()} stays home on alert, ready to kill anyone who visits.")


def ignite(night: Night, act: Act, effect: Effect) -> None:
    """Recorded now, expanded at the end of the night over every player then carrying the tag."""
    night.ignites.append((act, effect))
    night.say(f"{act.label()} ignites every {effect.get('tag')} player.")



def _late_mauls(night: Night) -> None:
    """Seed 3: a maul that arrives after another attack on its target finds them dead: no rampage."""
    st = night.ext.get("ooo")
    if not st:
        return
    first: dict[str, int] = {}  # target -> the place of the first attack on them
    place: dict[int, int] = {}  # id(attack) -> its place: one pass, not two for each maul
    for k, a in enumerate(night.attacks):
        first.setdefault(a.target, k)
        place.setdefault(id(a), k)
    for attack in st["mauls"]:
        i = place.get(id(attack))
        if i is not None and attack.rampage and first[attack.target] < i:
            attack.rampage = False
            night.say(f"{attack.cause} ({attack.attacker}) arrives to find {attack.target} already attacked: "
                      "there is no rampage.")


def infect(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    tag = effect.get("tag", "infected")
    s = st(night)
    s["infects"].append((act, effect))
    if tag in night.tags_of(target):
        s["plague"].append((act, effect, target))
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
        p = kill_params(effect)
        night.attacks.append(Attack(
            target=target, by=act, attacker=act.body, kind=p["type"], strength=p["strength"],
            cause=p["cause"] or act.role.name, flavour=p["flavour"] or p["type"], location=p["location"],
            heals=False))
        night.say(f"The plague on {target} resolves: no doctor can heal it.")


def guilt(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is not None:
        st(night)["guilt"].append((act, effect, target))


def count_kills(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is not None:
        st(night)["counts"].append((act, effect, target))



def kill_tallies(night: Night, deaths: list[Death]) -> list[Death]:
    """Once the deaths are known: suicides of guilt, kill counts, carrier counts."""
    s = night.ext.get("ooo")
    if not s:
        return deaths
    died = {d.player: d for d in deaths}
    for act, effect, target in s["guilt"]:
        d = died.get(target)
        if act.failed or d is None or act.actor not in d.by:
            continue
        if night.role(target).alignment != effect.get("alignment", "Town"):
            continue
        p = kill_params(effect)
        data = {"by": act.actor, "kills_on": night.number + effect.get("kills_after", 1), "type": p["type"],
                "strength": p["strength"], "cause": p["cause"] or act.role.name,
                "flavour": p["flavour"] or p["type"], "location": p["location"]}
        night.tags.append((act.actor, effect.get("tag", "guilty"), data))
        night.notices.append((act.actor, f"You killed {target}, one of the {night.role(target).alignment}: "
                                         "the guilt will kill you tomorrow night."))
        night.say(f"{act.label()} has killed {target} of the {night.role(target).alignment} and is "
                  "overcome with guilt.")
    counts: dict[tuple[str, str], int] = {}
    for act, effect, target in s["counts"]:
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
    carriers: dict[str, int] = {}  # tag -> living carriers: counted once a tag, not once an infection
    for act, effect in s["infects"]:
        tag = effect.get("tag", "infected")
        if tag not in carriers:
            carriers[tag] = sum(1 for p in night.tagged(tag) if p not in died)
        night.tags.append((act.actor, "carriers", carriers[tag]))
    return deaths


late_mauls = _late_mauls
plague = _plague

EFFECTS: dict[str, EffectSpec] = {
    "kill": EffectSpec(kill, {**TARGET, **KILL, "rampage": (bool, False), "rampage_if_first": (bool, False),
                              "accuracy": (float, 1.0)}, {},
                       "kill", "killing"),
    "kill-visitors": EffectSpec(kill_visitors, {**KILL, "spare": (list, []), "told": (str, FIRED)}, {},
                                "kill", "killing"),
    "ignite": EffectSpec(ignite, {"tag": (str, ...), **KILL}, {}, "kill", "killing"),
    "infect": EffectSpec(infect, {**TARGET, "tag": (str, "infected"), **{**KILL, "type": (str, "plague")}}, {},
                         "kill", "killing"),
    "guilt": EffectSpec(guilt, {**TARGET, "alignment": (str, "Town"), "tag": (str, "guilty"), "kills_after": (int, 1),
                                **{**KILL, "type": (str, "suicide"), "strength": (int, 99)}}),
    "count-kills": EffectSpec(count_kills, {**TARGET, "tag": (str, "kills")}),
}
