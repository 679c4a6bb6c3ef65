"""Masonize: MafiaScum's Masonizer recruits its target into its Masonry. A Town-aligned target
joins at dawn: they learn the Masonizer is Town and a private chat between the two opens for the
rest of the game (a Communication tag, as talk.py's `chat`: the host opens it). A target who is
not Town cannot be recruited: the recruitment fails and the Masonizer dies that night, by no
action (nothing protects it).
"""

from __future__ import annotations

from ...model.roles import Effect
from ..acts import Act, Attack
from ..night import Night
from .base import TARGET, EffectSpec
from .conditions import WEAK_STRENGTH


def masonize(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    ps = night.state.players[target]
    if (ps.alignment or night.role(target).alignment) != "Town":
        night.attacks.append(Attack(target=act.actor, by=None, attacker="", kind="masonizer", strength=WEAK_STRENGTH,
                                    cause=act.role.name, flavour="masonizer", location="{player}'s home", heals=False))
        night.fail(act, f"{target} is not Town and cannot be recruited; {act.actor} dies for trying")
        return
    data = {"by": act.actor, "role": act.role.name, "ability": act.used, "night": night.number, "phase": night.phase,
            "mode": "chat", "days": 0, "text": ""}
    night.tags.append((target, f"chat:{act.actor}", data))
    night.notices.append((target, f"You have been recruited into a Masonry: {act.actor} is Town, and a private chat "
                                  f"between you opens today for the rest of the game."))
    night.notices.append((act.actor, f"{target} joins your Masonry: a private chat between you opens today."))
    night.say(f"{act.label()} recruits {target} into the Masonry.")


EFFECTS: dict[str, EffectSpec] = {
    "masonize": EffectSpec(masonize, {**TARGET}, {}, "recruit", "communication"),
}
