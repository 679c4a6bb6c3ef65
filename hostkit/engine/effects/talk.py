"""Communication (seed natural III): effects that change 'when, where, how, etc. a player may
communicate. This includes private chats, extra public chats, posting restrictions, and having
the host account post a message.'

- communicate: `mode` `chat` (a private chat between the user and the target), `public-chat`
  (an extra public chat the target may post in), `mute` (a posting restriction on the target:
  `text` says which, default none at all in the game thread), `post` (the host account posts a
  message for the user: the host is asked to post it).

hostkit cannot open a chat or hold a post back on the forum: the change is a tag on the target
(`chat:USER`, `public-chat:USER`, `mute:USER`, `post:USER`) holding from the day after the phase
it resolves in, for `days` days (0: for good), and what the host must do about it is said in
`status` and `due` (rulings.host_notices, by engine.day.communication_todo) for as long as it holds. The target is told, in the
words of `text` where given.
"""

from __future__ import annotations

from typing import Any

from ...model.roles import Effect
from ..day import TALK_MODES as MODES
from ..acts import Act
from ..night import Night
from .base import TARGET, EffectSpec

TOLD = {
    "chat": "A private chat between you and {user} opens {when}.",
    "public-chat": "You may post in an extra public chat {when}.",
    "mute": "You may not post in the game thread {when}.",
    "post": "The host will post a message for {user} {when}.",
}


def communicate(night: Night, act: Act, effect: Effect) -> None:
    target = act.slot(effect)
    if target is None:
        return
    mode = effect.get("mode", "chat")
    days = effect.get("days", 1)
    data: dict[str, Any] = {"by": act.actor, "role": act.role.name, "ability": act.used, "night": night.number,
                            "phase": night.phase, "mode": mode, "days": days, "text": effect.get("text", "")}
    night.tags.append((target, f"{mode}:{act.actor}", data))
    # Read in the night's PM, at the start of the day it holds on (a day action's: the day before).
    start = "today" if night.phase == "night" else "tomorrow"
    when = start if days == 1 else f"from {start} for the rest of the game" if days == 0 else \
        f"from {start}, for {days} days"
    told = effect.get("text") or TOLD[mode].format(user=act.actor, when=when)
    if mode != "post":
        night.notices.append((target, told))
    if mode == "chat":
        night.notices.append((act.actor, f"Your {act.used} opens a private chat between you and {target} {when}."))
    night.say(f"{act.label()} uses {act.used} on {target}: {mode} {when} (the host is told what to do).")


EFFECTS: dict[str, EffectSpec] = {
    "communicate": EffectSpec(communicate, {**TARGET, "mode": (str, "chat"), "text": (str, ""), "days": (int, 1)},
                              {"mode": MODES}, "misc", "communication"),
}
