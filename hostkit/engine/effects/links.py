"""Link: linked deaths for one night (MafiaScum's Babysitter and Hider).

`link` ties two players for the night the action resolves: `dies` names who dies with whom.
`dies = "target"` (a Babysitter): if the user dies tonight, the target dies too. `dies = "user"`
(a Hider): if the target dies tonight, the user dies too. The death is by no action (nothing
protects it); its cause is the role, found where the other was. A blocked or failed link holds
nothing.

Settle step: `linked-deaths` (after the attacks, repeated until no new link fires, so a chain of
links all fall).
"""

from __future__ import annotations

from ...model.outcome import Death
from ...model.roles import Effect
from ..acts import Act
from ..night import Night
from .base import TARGET, EffectSpec, fill


def link(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None or target == act.actor:
        return
    night.ext.setdefault("links", []).append((act, effect, target))
    who, other = (target, act.actor) if effect.get("dies", "target") == "target" else (act.actor, target)
    night.say(f"{act.label()} ties {who}'s life to {other}'s tonight.")


def linked_deaths(night: Night, deaths: list[Death]) -> list[Death]:
    links = night.ext.get("links")
    if not links:
        return deaths
    out = list(deaths)
    dead = {d.player: d for d in out}
    grew = True
    while grew:
        grew = False
        for act, effect, target in links:
            if act.failed is not None:
                continue
            who, other = (target, act.actor) if effect.get("dies", "target") == "target" else (act.actor, target)
            if other in dead and who not in dead and night.alive(who):
                place = fill("{player}'s home", player=other)
                cause = act.role.name
                text = f"{who} was found dead in {place}, having shared {other}'s fate."
                d = Death(who, cause, place, text, "link", (), "link")
                out.append(d)
                dead[who] = d
                grew = True
                night.say(f"{who} dies with {other} ({cause}).")
    return out


EFFECTS: dict[str, EffectSpec] = {
    "link": EffectSpec(link, {**TARGET, "dies": (str, "target")}, {"dies": ("target", "user")}, "protect",
                       "state-changing"),
}
