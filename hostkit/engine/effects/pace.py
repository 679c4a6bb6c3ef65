"""Rules Changing (seed natural III): the Accelerator, which 'makes an affected action resolve
entirely before other actions begin resolution'.

- accelerate: every action of the target tonight resolves right after the Accelerator's own
  action, before any other action begins (order.natural: what could stop the Accelerator comes
  first; a block on the accelerated player then comes too late). The effect itself changes
  nothing in the Night: the ordering does the work (order.accelerations), here only the log.
"""

from __future__ import annotations

from ...model.roles import Effect
from ..acts import Act
from ..night import Night
from .base import TARGET, EffectSpec


def accelerate(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    night.say(f"{act.label()} accelerates {target}: {target}'s actions resolve before any other action begins.")


EFFECTS: dict[str, EffectSpec] = {
    "accelerate": EffectSpec(accelerate, dict(TARGET), {}, "copy", "rules changing"),
}
