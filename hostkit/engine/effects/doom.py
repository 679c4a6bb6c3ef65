"""The Organ Harvester's Abomination: the night kill attempt on every player that no one enters
(seed paranormal, Harvester). One of the acts no one enters (effects.EXTRA_ACTS)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...model.roles import Ability, Effect, Role
from ...model.entries import Action
from ..acts import Act
from ..sides import in_play, kind
from .kill import EFFECTS


def abomination_acts(state: Any, acts: list, holders: Any = None) -> list:
    """The Organ Harvester's Abomination (seed Harvester: 'After some # of nights ... the
    Abomination is released and performs a Night Kill attempt on every player'): on the night
    the game's `abomination-night` names, a living Organ Harvester in play attacks every other
    living player in play with a night kill (guards stop it; the Tough Doppelganger is immune).
    It is the Abomination that attacks: it leaves no one's home, and a block on the Harvester
    does not stop it."""
    night = int(state.options.get("abomination-night", 0) or 0)
    if not night or state.phase != "night" or state.number != night:
        return []
    params = {k: d for k, (_, d) in EFFECTS["kill"].params.items() if d is not ...}
    params.update(type="night", cause="Abomination", flavour="abomination")
    ability = Ability("Abomination", category="kill", moves=False, goal="Kill",
                      effects=(Effect("kill", MappingProxyType(params)),))
    out: list = []
    playing = in_play(state)
    for p in playing:
        if kind(state, p) != "last-alive":
            continue
        role = Role(name="Abomination", alignment=p.alignment, abilities=(ability,), passives=frozenset({"unblockable"}))
        for q in playing:
            if q is not p:
                out.append(Act(Action(p.name, "Abomination", (q.name,), seq=-1), ability, role, (q.name,),
                               len(acts) + len(out)))
    return out
