"""Steal: the Mind Stealer's theft of a role (seed paranormal, Harvester).

- steal-role: the target's role goes to the user's stockpile (tag `tag`, a list of role names,
  the points of which engine/sides.py counts for the Mind Stealer's win), and the target reverts
  to the vanilla role of its race (`vanilla`: race -> role; 'Aliens will all become survivors')
  at the start of the day, on the same side. A target already of its vanilla role has nothing to
  steal: the action fails.
"""

from __future__ import annotations

from ...model import Effect
from ..night import Act, Night
from .base import TARGET, EffectSpec


def steal_role(night: Night, act: Act, effect: Effect) -> None:
    """Take the target's role for the stockpile; the target reverts to its race's vanilla role."""
    target = act.slot(effect)
    if target is None or act.failed is not None:
        return
    role = night.role(target)
    vanilla = dict(effect.get("vanilla", {}))
    new_role = vanilla.get(role.race or "Human", "")
    if not new_role or new_role == role.name:
        night.fail(act, f"{target} has no role to steal")
        return
    tag = effect.get("tag", "stockpile")
    held = list(night.state.players[act.actor].tags.get(tag, ()))
    night.tags.append((act.actor, tag, held + [role.name]))
    faction = night.state.players[target].faction or None
    night.converts.append((target, new_role, faction, act))
    night.say(f"{act.label()} steals {target}'s role ({role.name}): {target} becomes a {new_role} at the start of the day.")
    night.happen(target, "role stolen", act.actor, f"now a {new_role}",
                 tell=f"Your role was stolen tonight: from this morning you are a {new_role}, on the same side.")
    night.happen(act.actor, "stole a role", act.actor, role.name,
                 tell=f"You stole {target}'s role for your stockpile: {role.name}.")


EFFECTS: dict[str, EffectSpec] = {
    "steal-role": EffectSpec(steal_role, {**TARGET, "vanilla": (dict, {}), "tag": (str, "stockpile")}, {}, "misc",
                             "property changing"),
}
