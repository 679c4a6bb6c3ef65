"""Steal: the Mind Stealer's theft of a role (seed paranormal, Harvester).

- steal-role: the target's role goes to the user's stockpile (tag `tag`, a list of role names,
  the points of which engine/sides.py counts for the Mind Stealer's win), and the target reverts
  to a vanilla role at the start of the day: `vanilla` maps a role name (a Rogue Doppelganger's
  lone Doppelganger) or else a race (race -> role; 'Aliens will all become survivors') to it.
  The target keeps its side (alignment and faction, or no faction: a Town-Ally Rogue Doppelganger
  stays Town Ally and never joins the Doppelgangers), except a race listed in `new_side`, whose
  vanilla role brings its own (the Aliens' Survivor). A target already of a vanilla role has
  nothing to steal: the theft fails (reported as the act's failure, and the user is told), but the
  abduction beside it stands, so the target is still taken and blocked ('the abducted player is
  role-blocked for the night'): a vanilla Doppelganger sending the group kill sends nothing.
"""

from __future__ import annotations

from ...model.roles import Effect
from ...model.outcome import Side
from ..acts import Act
from ..night import Night
from .base import TARGET, EffectSpec


def steal_role(night: Night, act: Act, effect: Effect) -> None:
    """Take the target's role for the stockpile; the target reverts to its vanilla role."""
    target = act.slot(effect)
    if target is None or act.failed is not None:
        return
    role = night.role(target)
    vanilla = dict(effect.get("vanilla", {}))
    race = role.race or "Human"
    new_role = vanilla.get(role.name) or vanilla.get(race, "")
    if not new_role or new_role == role.name or role.name in vanilla.values():
        # Not night.fail: a failed act loses its blocks, and the abduction did take the target.
        reason = f"{target} has no role to steal"
        night.failed.append((act.actor, act.ability.name, reason))
        night.say(f"{act.what()} steals nothing: {reason}.")
        night.happen(act.actor, "stole nothing", act.actor, reason,
                     tell=f"You abducted {target}, but {target} had no role to steal: your stockpile is unchanged.")
        return
    tag = effect.get("tag", "stockpile")
    held = list(night.state.players[act.actor].tags.get(tag, ()))
    night.tags.append((act.actor, tag, held + [role.name]))
    ps = night.state.players[target]
    own = race in effect.get("new_side", ())
    night.add_convert(target, new_role, None if own else Side(ps.alignment, ps.faction), act)
    night.say(f"{act.label()} steals {target}'s role ({role.name}): {target} becomes a {new_role} at the start of "
              "the day" + (f" ({night.ruleset.roles[new_role].alignment})." if own else ", on the same side."))
    side = (f"a {new_role}: {night.ruleset.roles[new_role].win}" if own else f"a {new_role}, on the same side.")
    night.happen(target, "role stolen", act.actor, f"now a {new_role}",
                 tell=f"Your role was stolen tonight: from this morning you are {side}")
    night.happen(act.actor, "stole a role", act.actor, role.name,
                 tell=f"You stole {target}'s role for your stockpile: {role.name}.")


EFFECTS: dict[str, EffectSpec] = {
    "steal-role": EffectSpec(steal_role, {**TARGET, "vanilla": (dict, {}), "tag": (str, "stockpile"),
                                          "new_side": (list, [])}, {}, "misc", "property changing"),
}
