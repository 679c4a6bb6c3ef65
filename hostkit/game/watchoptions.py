"""The options of `hostkit watch` as a game holds them (rules.rulesets.COMMON_OPTIONS names them,
with their defaults): their checks, and the reminder times read from `watch-reminders`.

They are the host's switches, not rules: `hostkit option KEY=VALUE` sets them in a running game
(hostkit.game.judgements), and every one is checked here before it is written.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any, Mapping

from ..model.errors import HostkitError

WATCH_OPTIONS = ("watch-count-votes", "watch-count-gap", "watch-reminders", "watch-lock", "watch-vc",
                 "watch-vc-gap", "watch-prods", "watch-prod-hours", "watch-actions-in")
_UNITS = {"d": 86400, "h": 3600, "m": 60}
_TIME = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([dhm])\s*$", re.I)
MAX_NUMBER = 100_000  # votes, minutes or hours: a figure past this is a typo


def reminders(text: str) -> list[timedelta]:
    """`watch-reminders` ('24h,1h', '1d, 90m'; 'none' for none) as times before the deadline, longest first.
    Refuses a time it cannot read, naming it."""
    out: list[timedelta] = []
    if str(text).strip().lower() in ("", "none", "off"):
        return out
    for part in str(text).split(","):
        if not part.strip():
            continue
        m = _TIME.match(part)
        if not m or float(m.group(1)) <= 0:
            raise HostkitError(f"option watch-reminders: {part.strip()!r} is not a time before the deadline "
                               "(write it as 24h, 90m or 1d, comma-separated)")
        out.append(timedelta(seconds=float(m.group(1)) * _UNITS[m.group(2).lower()]))
    return sorted(set(out), reverse=True)


def check(key: str, value: Any) -> None:
    """Refuse a value of a watch option that cannot work (a negative count, an unreadable time)."""
    if key == "watch-reminders":
        reminders(value)
    elif key in WATCH_OPTIONS and isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= MAX_NUMBER:
            raise HostkitError(f"option {key}: {value} is out of range (0 to {MAX_NUMBER:,})")


def settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """The watch's options of a game (its state's options: the defaults filled in), checked."""
    out = {k: options[k] for k in WATCH_OPTIONS}
    for k, v in out.items():
        check(k, v)
    out["reminders"] = reminders(out["watch-reminders"])
    return out
