"""Build: a device made over several nights of work (seed paranormal, Intelligence Scientist: 'The
Scientist starts with 2 devices and can create more devices by spending two nights working to
build one.').

- build-charge: each use is one night of work, counted on the user (tag `tag`, kept between uses,
  so the nights need not be in a row); at `nights` nights of work the user's ability `ability`
  gains one charge at dawn and the count starts again. A blocked night of work does not count.
"""

from __future__ import annotations

from ...model.roles import Effect
from ..acts import Act
from ..night import Night
from .base import EffectSpec


def build_charge(night: Night, act: Act, effect: Effect) -> None:
    """One night of work; the last one adds a charge to `ability`."""
    if act.failed is not None:
        return
    tag = str(effect.get("tag", "building"))
    ability = str(effect.get("ability", ""))
    need = max(1, int(effect.get("nights", 2)))
    done = int(night.state.players[act.actor].tags.get(tag) or 0) + 1
    if done >= need:
        night.untags[(act.actor, tag)] = None
        night.ext.setdefault("charges", []).append((act.actor, ability.lower(), 1))
        night.say(f"{act.label()} finishes a build after {need} nights of work: {ability} gains a use.")
        night.happen(act.actor, "built", act.actor, ability,
                     tell=f"You finished building after {need} nights of work: {ability} has one more use.")
    else:
        night.tags.append((act.actor, tag, done))
        night.say(f"{act.label()} works on a build: night {done} of {need}.")
        night.happen(act.actor, "building", act.actor, f"{done} of {need}",
                     tell=f"You worked on a new device tonight: night {done} of {need}.")


EFFECTS: dict[str, EffectSpec] = {
    "build-charge": EffectSpec(build_charge, {"ability": (str, ""), "nights": (int, 2), "tag": (str, "building")}, {},
                               "misc", "property changing"),
}
