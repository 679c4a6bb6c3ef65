"""Guilds (seed natural: 'joining or leaving guilds' is a state-changing effect; 'If an effect says
something like "Choose a Guild," you may choose your own'; 'if an effect changes a player's
Guild, a player using an action that inspects a target player's Guild would always learn the
new Guild').

A player belongs to at most one Guild: the one their role starts in (roles.toml `guild`) until
an effect changes it, which the tag `guild` then holds (`name`: the Guild, "" for none).

- join-guild: the target joins `guild`; with `guild = ""`, the Guild the user chose (an ability
  with `choose = "guild"`: the host types the Guild after the targets), else the user's own.
  The change takes effect at the end of the night.
- leave-guild: the target leaves their Guild.
Two changes of one player's Guild that differ cannot both be honoured: the golden rule's order
(order.edges) makes them a cycle, which the cycle policy settles (seed V: both fail).

Reader: `inspect` with `what = "guild"` reads the Guild as the night ends (info.py).
"""

from __future__ import annotations

from typing import Any, Callable

from ...model.roles import Effect, Ruleset
from ..day import GUILD, guild_of
from ..acts import Act
from ..night import Night
from .base import TARGET, EffectSpec, tags_given

__all__ = ["EFFECTS", "guild_of", "known_guilds", "change_of", "reading"]
NO_GUILD = "no Guild"


def known_guilds(ruleset: Ruleset) -> tuple[str, ...]:
    """Every Guild the ruleset (with the game's own roles) names: roles' starting Guilds and the
    Guilds its effects join, sorted."""
    names = {r.guild for r in ruleset.roles.values() if r.guild}
    for role in ruleset.roles.values():
        for ab in role.abilities:
            names.update(str(e.get("guild")) for e in ab.effects if e.kind == "join-guild" and e.get("guild"))
    return tuple(sorted(names))


def guild_tonight(night: Night, player: str) -> str:
    """The player's Guild as the night ends: a change made tonight counts."""
    for _, tag, data in reversed(tags_given(night).get(player, ())):  # the player's tags, not every tag
        if tag == GUILD:
            return str(data.get("name", ""))
    return guild_of(night.state, player)


def change_of(act: Act, effect: Effect, own: Callable[[str], str]) -> tuple[str, str] | None:
    """(target, the Guild it ends up in, "" for none) for a guild effect of `act`, or None; `own`
    says a player's Guild (for a join into the user's own)."""
    target = act.slot(effect)
    if target is None:
        return None
    if effect.kind == "leave-guild":
        return target, ""
    return target, effect.get("guild") or act.action.choice or own(act.actor)


def join(night: Night, act: Act, effect: Effect) -> None:
    change = change_of(act, effect, lambda p: guild_of(night.state, p))
    if change is None:
        return
    target, name = change
    if not name:
        night.fail(act, f"{act.actor} is in no Guild and chose none for {target} to join")
        return
    _set(night, act, target, name)
    night.happen(target, "joined a Guild", act.actor, f"joins the Guild {name}",
                 tell=f"You have joined the Guild {name}: from this morning you belong to it.")
    night.say(f"{act.label()} has {target} join the Guild {name}; it takes effect at the end of the night.")


def leave(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    was = guild_tonight(night, target)
    if not was:
        night.say(f"{act.label()} has {target} leave their Guild, but {target} is in none.")
        return
    _set(night, act, target, "")
    night.happen(target, "left a Guild", act.actor, f"leaves the Guild {was}",
                 tell=f"You have left the Guild {was}: from this morning you belong to no Guild.")
    night.say(f"{act.label()} has {target} leave the Guild {was}.")


def _set(night: Night, act: Act, target: str, name: str) -> None:
    data: dict[str, Any] = {"name": name, "by": act.actor, "role": act.role.name, "night": night.number}
    night.tags.append((target, GUILD, data))


def reading(night: Night, target: str) -> str:
    """What an inspection of the target's Guild learns: the Guild as the night ends (seed V)."""
    return guild_tonight(night, target) or NO_GUILD


EFFECTS: dict[str, EffectSpec] = {
    "join-guild": EffectSpec(join, {**TARGET, "guild": (str, "")}, {}, "recruit", "state-changing"),
    "leave-guild": EffectSpec(leave, dict(TARGET), {}, "recruit", "state-changing"),
}
