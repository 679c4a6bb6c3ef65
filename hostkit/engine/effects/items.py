"""Items, thefts, identity swaps and revives: the effects of games/items-werewolf, usable by
any ruleset, custom role or item.

What a player holds is `PlayerState.items`; during a night, `night.ext["items"]` keeps the
inventory as it changes. The late steps of an ordered night happen once the deaths are known
(settle.py's `item-steps`), in the seed's order:

- step 5, `steal`: takes the target's items when the action resolves; a second thief on the same
  target undoes the first, so several thieves on one target steal nothing;
- step 6, `loot`: the killer a death is attributed to (the first attack in resolution order:
  steps, tie_break, entry) takes the victim's items; other on-success effects still trigger;
- items spent: a `use` item when its action is entered (even if it fails), a `save` item when its
  protection stops an attack;
- step 8, `give` (`Pass PLAYER ITEM`): the item changes hands if the passer still holds it;
- step 9, `swap-identity` and `shift`: identities swap in resolution order, after the deaths
  are decided: no swap changes who dies, but the death is reported under the name the dead
  person ends up with. Results and notices were read before (they keep the old names);
- step 11, `revive`: a dead target returns at dawn.

Items that work by themselves (an item's `auto` abilities, Armour) become actions of their holder
every night (effects.EXTRA_ACTS). With the ruleset option `roleblock-messages = "each"`, a player
roleblocked several times is told once per roleblock. Every step writes one log sentence.
"""

from __future__ import annotations

import re
from typing import Mapping

from ...rules.items import item_role, items_of
from ...model.entries import Action
from ...model.outcome import Change, Death, NightOutcome
from ...model.roles import Effect
from ...model.state import GameState, PlayerState
from ..acts import Act
from ..night import Night
from . import techsteps
from .base import TARGET, EffectSpec, attacks_on, fill, flavour_text

KEY = "items"


class ItemNight:
    """One night's item bookkeeping: the inventory as it changes, and the late steps' intents."""

    def __init__(self, night: Night) -> None:
        # Each inventory as it is now: a player's is copied from the state (which a night never
        # changes) when first changed, so a night costs its item moves, not a copy of every
        # player's items (read them with held()).
        self.players = night.state.players
        self.inv: dict[str, dict[str, int]] = {}
        self.thefts: dict[str, list[tuple[Act, dict[str, int]]]] = {}  # target -> [(thief, moved)]
        self.contested: set[str] = set()
        # (step, player) -> items the player took in that simultaneous step (Act.step): a theft
        # in the same step cannot take them on, as if the two were one after the other.
        self.gained: dict[tuple[int, str], dict[str, int]] = {}
        self.broken: list[tuple[str, str]] = []  # (thief, notice): a stolen item that broke saving its former holder
        self.passes: list[tuple[Act, Effect]] = []
        self.swaps: list[tuple[Act, Effect]] = []  # swap-identity and shift, in the order they resolved
        self.revives: list[tuple[Act, str]] = []
        self.swapped: list[tuple[str, str]] = []  # the identity swaps made, in order
        self.revived: list[str] = []
        items = items_of(night.ruleset)
        for act in night.acts:  # a `use` item is spent when its action is entered, even if it fails
            item = items.get(act.role.name)
            if item is None or act.skip or item.consumed != "use" or act.ability.name.lower().startswith("pass "):
                continue
            if self.take(act.actor, item.name, 1):
                night.say(f"{act.actor} uses up {item.name} ({act.ability.name}).")

    def start(self, player: str) -> dict[str, int]:
        """The player's items at the start of the night (read only)."""
        p = self.players.get(player)
        return p.items if p is not None else {}

    def held(self, player: str) -> dict[str, int]:
        """The player's items now (read only)."""
        bag = self.inv.get(player)
        return bag if bag is not None else self.start(player)

    def _bag(self, player: str) -> dict[str, int]:
        bag = self.inv.get(player)
        if bag is None:
            bag = self.inv[player] = dict(self.start(player))
        return bag

    def take(self, player: str, item: str, n: int) -> int:
        """Remove up to n of an item from a player; how many were there."""
        bag = self._bag(player)
        have = bag.get(item, 0)
        got = min(have, n)
        if got:
            left = have - got
            if left:
                bag[item] = left
            else:
                del bag[item]
        return got

    def put(self, player: str, item: str, n: int) -> None:
        if n:
            bag = self._bag(player)
            bag[item] = bag.get(item, 0) + n

    def move_all(self, src: str, dst: str, only: tuple[str, ...] = (),
                 keep: Mapping[str, int] | None = None) -> dict[str, int]:
        """Move src's items (all, or `only` those) to dst, but `keep` (counts src keeps)."""
        moved = {}
        for item in sorted(self.held(src)):
            if only and item not in only:
                continue
            n = self.held(src)[item] - (keep or {}).get(item, 0)
            if n <= 0:
                continue
            n = self.take(src, item, n)
            self.put(dst, item, n)
            moved[item] = n
        return moved


def inventory(night: Night) -> ItemNight:
    """The night's item bookkeeping (made on first use): what invent.py puts an invention in."""
    return _items(night)


def _items(night: Night) -> ItemNight:
    if KEY not in night.ext:
        night.ext[KEY] = ItemNight(night)
    return night.ext[KEY]


def _listed(bag: dict[str, int]) -> str:
    return ", ".join(k + (f" x{v}" if v > 1 else "") for k, v in sorted(bag.items())) or "nothing"


# --------------------------------------------------------------------------- the effects


def steal(night: Night, act: Act, effect: Effect) -> None:
    """Step 5: take the target's items (all, or those listed). Two thieves: nothing is stolen."""
    target = act.slot(effect)
    if target is None:
        return
    st = _items(night)
    if target in st.contested:
        night.say(f"{act.label()} also tries to steal from {target}: nothing is stolen.")
        return
    earlier = st.thefts.setdefault(target, [])
    if earlier:
        for thief, moved in earlier:
            gained = st.gained.get((thief.step, thief.actor), {})
            for item, n in moved.items():
                st.put(target, item, st.take(thief.actor, item, n))
                if item in gained:
                    gained[item] -= n
        st.contested.add(target)
        who = " and ".join([t.label() for t, _ in earlier] + [act.label()])
        night.say(f"{who} all try to steal from {target}: nothing is stolen.")
        earlier.append((act, {}))
        return
    # Seed: actions of one category are 'executed more or less simultaneously': what the target
    # took from someone else in this step is not theirs to lose in it (ruleset `simultaneous`).
    keep = st.gained.get((act.step, target)) if act.step >= 0 else None
    moved = st.move_all(target, act.actor, tuple(effect.get("items", ())), keep)
    if act.step >= 0:
        gained = st.gained.setdefault((act.step, act.actor), {})
        for item, n in moved.items():
            gained[item] = gained.get(item, 0) + n
    earlier.append((act, moved))
    night.say(f"{act.label()} steals from {target}: {_listed(moved)}.")


def loot(night: Night, act: Act, effect: Effect) -> None:
    """Step 6: nothing now; if this action's kill is the one a death is attributed to, its user
    takes the victim's items once the deaths are known."""


def give(night: Night, act: Act, effect: Effect) -> None:
    """Step 8: a pass, made once the kills (and their thefts) are settled."""
    _items(night).passes.append((act, effect))
    night.say(f"{act.actor} will pass {effect.get('item')} to {act.slot(effect)} once the kills are settled.")


def swap_identity(night: Night, act: Act, effect: Effect) -> None:
    """Step 9: recorded now, made after the deaths are decided."""
    a, b = act.slot(effect, "first", 0), act.slot(effect, "second", 1)
    _items(night).swaps.append((act, effect))
    night.say(f"{act.label()} will swap the identities of {a} and {b} at the end of the night.")


def shift(night: Night, act: Act, effect: Effect) -> None:
    """Step 9: the user takes the identity of their faction kill's victim, if that kill succeeds."""
    _items(night).swaps.append((act, effect))
    night.say(f"{act.label()} prepares to shift into the victim of the {effect.get('kill')}.")


def revive(night: Night, act: Act, effect: Effect) -> None:
    """Step 11: a dead target comes back at dawn."""
    target = act.slot(effect)
    if target is None:
        return
    if night.state.players[target].alive:
        night.fail(act, f"{target} is not dead")
        return
    _items(night).revives.append((act, target))
    night.say(f"{act.label()} calls {target} back from the dead.")


# --------------------------------------------------------------------------- acts no one enters


def auto_acts(state: GameState, acts: list[Act], holders: Mapping[str, PlayerState]) -> list[Act]:
    """An item's `auto` abilities are used by every living holder each night (Armour). `holders`:
    every player who holds an item, in seat order (Night.holders)."""
    items = items_of(state.ruleset)
    out: list[Act] = []
    if not items:
        return out
    n = len(acts)
    for p in holders.values():
        if not p.alive:
            continue
        for name in sorted(p.items):
            item = items.get(name)
            if item is None or p.items[name] <= 0:
                continue
            for ab_name in item.auto:
                ab = item.ability(ab_name)
                if ab is not None:
                    out.append(Act(Action(p.name, ab.name, (), seq=-1), ab, item_role(item, p, auto=True), (),
                                   n + len(out)))
    return out


# --------------------------------------------------------------------------- the late steps


def _attributed(night: Night, death: Death):
    """The attack a death is attributed to: the first in resolution order by its first killer.
    (The attacks are settled by now: they are indexed by target once.)"""
    if "attacks-on" not in night.ext:
        night.ext["attacks-on"] = attacks_on(night)
    for attack in night.ext["attacks-on"].get(death.player, ()):
        if death.by and attack.attacker == death.by[0] and attack.cause == death.cause:
            return attack
    return None


def _roleblocks(night: Night) -> None:
    """Seed: a player roleblocked several times gets one message for each, and no more effect."""
    if night.state.options.get("roleblock-messages") != "each":
        return
    per: dict[str, list[str]] = {}
    for act in night.acts:
        if not act.done or act.failed:
            continue
        for e in act.ability.effects:
            if e.kind == "block" and e.get("notify", "moving") != "none":
                t = act.slot(e)
                if t is not None and t != act.actor:
                    per.setdefault(t, []).append(act.role.name)
    for target, roles in per.items():
        quiet = [(r, n) for r, n in night.blocked.get(target, []) if not n]
        night.blocked[target] = [(r, True) for r in roles] + quiet
        for k in range(2, len(roles) + 1):
            night.notices.append((target, f"You were roleblocked again tonight (roleblock {k} of {len(roles)}); "
                                          "it has no further effect."))
        if len(roles) > 1:
            night.say(f"{target} is roleblocked {len(roles)} times: one message each, no further effect.")


def spent_on_save(night: Night, protection) -> bool:
    """Is this protection a one-use item that breaks when it saves (items.toml consumed = "save":
    the Personal Shield)? Such an item is kept while another protection saves its holder
    (games/paranormal/ruleset.toml decision `personal-shield`)."""
    item = items_of(night.ruleset).get(protection.by.role.name)
    return item is not None and item.consumed == "save"


def _spent_on_save(night: Night, st: ItemNight) -> None:
    items = items_of(night.ruleset)
    seen: set[int] = set()
    for prots in night.protections.values():
        for p in prots:
            item = items.get(p.by.role.name)
            if item is None or item.consumed != "save" or not p.used or id(p.by) in seen:
                continue
            seen.add(id(p.by))
            # Stolen after its protection was set up (step 3 before step 5), it still protected its
            # former holder tonight, and breaks in the thief's hands.
            holders = [p.by.actor] + [thief.actor for thief, moved in st.thefts.get(p.by.actor, ()) if item.name in moved]
            for holder in holders:
                if st.take(holder, item.name, 1):
                    night.say(f"{p.by.actor}'s {item.name} stops an attack and breaks"
                              + (f" (in {holder}'s hands)." if holder != p.by.actor else "."))
                    # The holder learns they no longer hold it (an item they would count on).
                    night.notices.append((p.by.actor, f"You were attacked tonight; your {item.name} stopped the "
                                                      "attack and broke."))
                    if holder != p.by.actor:  # the thief took it, and holds nothing: told after its theft
                        st.broken.append((holder, f"The {item.name} you took from {p.by.actor} tonight broke: it "
                                                  "had already stopped an attack on them. You do not hold it."))
                    break


def _loot(night: Night, st: ItemNight, deaths: list[Death]) -> list[tuple[str, str, dict[str, int]]]:
    """Step 6: each death's attributed killer takes the victim's items; (killer, victim, moved)."""
    out = []
    for d in deaths:
        attack = _attributed(night, d)
        if attack is None or attack.by is None or not any(e.kind == "loot" for e in attack.by.ability.effects):
            continue
        moved = st.move_all(d.player, attack.attacker)
        night.say(f"{d.player}'s death is attributed to {attack.cause} ({attack.attacker}), who takes "
                  f"{d.player}'s items: {_listed(moved)}.")
        out.append((attack.attacker, d.player, moved))
    return out


def _told_items(night: Night, st: ItemNight, loot: list[tuple[str, str, dict[str, int]]]) -> None:
    """What players learn of their items tonight (games/items-werewolf/ruleset.toml decision
    items-told): a thief what it took (nothing, when another thief came too), its victim what
    is gone (not who took it), a killer what it took from its victim, a player passed an item
    that they hold it (not who passed it)."""
    for target, thefts in st.thefts.items():
        lost: dict[str, int] = {}
        for thief, moved in thefts:
            took = {} if target in st.contested else moved
            night.notices.append((thief.actor, f"Your {thief.ability.name} on {target} took: {_listed(took)}."))
            for item, n in took.items():
                lost[item] = lost.get(item, 0) + n
        if lost:
            night.notices.append((target, f"Your items were stolen tonight: {_listed(lost)}."))
    night.notices.extend(st.broken)
    for killer, victim, moved in loot:
        if moved:
            night.notices.append((killer, f"You took {victim}'s items: {_listed(moved)}."))
    for act, effect in sorted(st.passes, key=lambda x: x[0].ran):
        to = act.slot(effect)
        if not act.failed and to is not None:
            night.notices.append((to, f"You were given {effect.get('item')} tonight."))


def _passes(night: Night, st: ItemNight) -> None:
    for act, effect in sorted(st.passes, key=lambda x: x[0].ran):
        if act.failed:
            continue
        item, to = effect.get("item"), act.slot(effect)
        if to is None:
            continue
        if st.take(act.actor, item, 1):
            st.put(to, item, 1)
            night.say(f"{act.actor} passes {item} to {to}.")
        else:
            night.fail(act, f"{act.actor} no longer held {item} when items were passed")


def _swaps(night: Night, st: ItemNight, deaths: list[Death]) -> dict[str, str]:
    """Make the identity swaps in resolution order; return person -> the name they end up with,
    for every player a swap touched (in seat order; no one else changes name)."""
    if not st.swaps:
        return {}
    holder: dict[str, str] = {}  # name -> the person it now holds, for the names swapped
    dead = {d.player: d for d in deaths}
    for act, effect in sorted(st.swaps, key=lambda x: x[0].ran):
        if act.failed:
            continue
        if effect.kind == "shift":
            kill = next((k for k in night.acts if k.role.faction and k.role.faction == act.role.faction
                         and k.ability.name.lower() == str(effect.get("kill", "Kill")).lower()
                         and not k.skip and not k.failed and k.targets), None)
            victim = kill.targets[0] if kill else None
            if victim is None or victim == act.actor or victim not in dead or kill.actor not in dead[victim].by:
                night.say(f"{act.label()} cannot shift: the {effect.get('kill', 'Kill')} did not kill anyone.")
                continue
            a, b = act.actor, victim
        else:
            a, b = act.slot(effect, "first", 0), act.slot(effect, "second", 1)
        if a is None or b is None or a == b:
            continue
        holder[a], holder[b] = holder.get(b, b), holder.get(a, a)
        st.swapped.append((a, b))
        night.say(f"{act.label()} swaps the identities of {a} and {b}.")
    if not holder:
        return {}
    return {holder[name]: name for name in night.state.players if name in holder}


def _relabel(night: Night, d: Death, new: str) -> Death:
    """The death of a person reported under the name they now hold."""
    attack = _attributed(night, d)
    if attack is not None:
        place = fill(attack.location, player=new, target=attack.target, attacker=attack.attacker)
        flavour = flavour_text(night, attack, new, place)
    else:
        pattern = re.compile(r"(?<!\w)" + re.escape(d.player) + r"(?!\w)")
        place, flavour = pattern.sub(new, d.location), pattern.sub(new, d.flavour)
    night.say(f"{d.player} died tonight, but now holds the identity of {new}: {new} is reported dead.")
    return d._replace(player=new, location=place, flavour=flavour)


def after_deaths(night: Night, deaths: list[Death]) -> list[Death]:
    """Steps 6 to 11, once the deaths are decided (settle.AFTER_DEATHS)."""
    _roleblocks(night)
    if KEY not in night.ext and not items_of(night.ruleset):
        return deaths
    st = _items(night)
    loot = _loot(night, st, deaths)
    _spent_on_save(night, st)
    _passes(night, st)
    _told_items(night, st, loot)  # seed: 'all roles get reports on the situation before identity-swapping'
    where = _swaps(night, st, deaths)
    for person, name in where.items():
        if person != name:
            night.notices.append((person, f"Your identity was swapped tonight: from dawn you are {name}."))
    deaths = [_relabel(night, d, where[d.player]) if where.get(d.player, d.player) != d.player else d
              for d in deaths]
    for act, target in sorted(st.revives, key=lambda x: x[0].ran):
        if not act.failed and target not in st.revived:
            st.revived.append(target)
            night.say(f"{target} returns from the dead at dawn.")
    return deaths


def after(night: Night, outcome: NightOutcome) -> NightOutcome:
    """The standing changes of the late steps: items (before the swaps), swaps, revives."""
    st: ItemNight | None = night.ext.get(KEY)
    if st is None:
        return outcome
    # Alien tech used up tonight: an action that resolved, a Holoform that was read (the readings
    # are made by now), a blaster that fired.
    log = list(outcome.log)
    for holder, item, why in techsteps.spent(night):
        if st.take(holder, item, 1):
            log.append(f"{holder} uses up {item} ({why}).")
    changes: list[Change] = []
    for name in sorted(st.inv):  # only an inventory that was touched can have changed
        before, now = st.start(name), st.inv[name]
        for item in sorted(set(before) | set(now)):
            delta = now.get(item, 0) - before.get(item, 0)
            if delta < 0:
                changes.append(Change(name, "item-loss", item, -delta))
            elif delta > 0:
                changes.append(Change(name, "item-gain", item, delta))
    changes += [Change(a, "swap-identity", b) for a, b in st.swapped]
    changes += [Change(t, "revive", "") for t in st.revived]
    return outcome._replace(changes=outcome.changes + tuple(changes), revived=tuple(st.revived), log=tuple(log))


EFFECTS: dict[str, EffectSpec] = {
    "steal": EffectSpec(steal, {**TARGET, "items": (list, [])}, {}, "misc", "inventory changing"),
    "loot": EffectSpec(loot, {}, {}, "kill", "inventory changing"),
    "give": EffectSpec(give, {**TARGET, "item": (str, ...)}, {}, "misc", "inventory changing"),
    "swap-identity": EffectSpec(swap_identity, {"first": (int, 0), "second": (int, 1)}, {}, "misc",
                                "property changing"),
    "shift": EffectSpec(shift, {"kill": (str, "Kill")}, {}, "misc", "property changing"),
    "revive": EffectSpec(revive, {**TARGET}, {}, "misc", "state-changing"),
}
