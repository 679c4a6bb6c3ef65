"""Strengthen: MafiaScum's Strengthener makes its target's kills tonight Strong: no ordinary
protection or Bulletproof stops them (strength 2, the Strong modifier's).

Settle step: `strengthened` (before the attacks are weighed: whatever order the Strengthener and
its target resolved in, the target's attacks made tonight are raised).
"""

from __future__ import annotations

from ...model.roles import Effect
from ..night import Act, Night
from .base import TARGET, EffectSpec

STRONG = 2


def strengthen(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.ext.setdefault("strengthened", {})[target] = max(effect.get("strength", STRONG),
                                                            night.ext.get("strengthened", {}).get(target, 0))
    night.say(f"{act.label()} strengthens {target}: their kills tonight are Strong.")


def strengthened(night: Night) -> None:
    raised = night.ext.get("strengthened")
    if not raised:
        return
    for attack in night.attacks:
        by = attack.by
        if by is not None and not by.failed and by.actor in raised and attack.strength < raised[by.actor]:
            attack.strength = raised[by.actor]
            night.say(f"{by.label()}'s attack on {attack.target} is Strong.")


EFFECTS: dict[str, EffectSpec] = {
    "strengthen": EffectSpec(strengthen, {**TARGET, "strength": (int, STRONG)}, {}, "misc", "property changing"),
}
