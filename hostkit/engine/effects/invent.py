"""Invent: MafiaScum's Inventor gives its target a one-shot invention, an item of the ruleset's
items.toml (natural: a Gun, a Vest, a Lens) that the target holds from dawn and uses as an
ability of their own, once. The Inventor needs none in hand: the invention is made, not passed.
The target is told what they received, not from whom.
"""

from __future__ import annotations

from ...model.roles import Effect
from ..night import Act, Night
from .base import TARGET, EffectSpec
from .items import inventory


def invent(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    item = effect.get("item")
    if target is None:
        return
    if item not in (getattr(night.ruleset, "items", None) or {}):
        night.fail(act, f"the ruleset has no item {item!r}")
        return
    inventory(night).put(target, item, 1)
    night.notices.append((target, f"You received an invention tonight: a {item}. {night.ruleset.items[item].summary}"))
    night.say(f"{act.label()} gives {target} a {item}.")


EFFECTS: dict[str, EffectSpec] = {
    "invent": EffectSpec(invent, {**TARGET, "item": (str, ...)}, {}, "misc", "inventory changing"),
}
