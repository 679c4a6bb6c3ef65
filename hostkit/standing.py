"""A player's tags in words, for the host (`hostkit status`, the game page): the engine keeps
tags (`abducted`, `specimens`, `stunned` ...) with data for its own use; the host reads what they
mean ('abducted by Xe, kept as the Human specimen: out of play'), and not the engine's own
bookkeeping (`tech-picks`: status lists the items). `status --json` keeps the tag names too."""

from __future__ import annotations

from typing import Any


# Tags the engine keeps for its own bookkeeping, shown elsewhere in words or of no use to the host:
# the record of the start-of-game picks (status lists the items), a declined slot, the dead
# Sheriff's badge (`due` asks for it), a held flip (the player's state says it), a Spirit-bond
# answer already acted on, a captive's return by day (its PM says it: `hostkit pm --day`).
HIDDEN_TAGS = frozenset({"tech-picks", "tech-declined", "sheriff", "sheriff-at-death", "flip-held", "bond-answered",
                         "returned"})


def _names(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(str(k) for k in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


def _by(data: Any) -> str:
    return f" by {data['by']}" if isinstance(data, dict) and data.get("by") else ""


def _tag_text(name: str, data: Any) -> str:  # noqa: C901 - one branch a tag, read in a line each
    d = data if isinstance(data, dict) else {}
    if name == "abducted":
        if d.get("kind") == "consumed":
            return "consumed a player: out of the game for good"
        return f"abducted{_by(d)}" + (f", kept as the {d['kind']} specimen" if d.get("kind") else "") + \
            ": out of play"
    if name == "specimens":
        return f"specimens held: {_names(data)}"
    if name == "bound-to":
        return f"converted{_by(d) or (' by ' + str(data) if isinstance(data, str) else '')}: dies with them"
    if name == "stunned":
        night = f" on night {d['night']}" if d.get("night") else ""
        return f"stunned{_by(d)}{night}" + (f" (no active ability on day {d['night']})" if d.get("night") else "")
    if name == "vote-controlled":
        return f"vote controlled{_by(d)}" + (f" on day {d['night']}" if d.get("night") else "")
    if name == "shorted":
        return "tech shorted out" + (f": fixing it on night {d['night']}" if d.get("night") else "")
    if name == "holoform":
        return f"Holoform shows: {d.get('role') or '?'}, {d.get('race') or '?'}"
    if name == "hologram":
        return f"hologram on night {d.get('night', '?')}: " + (f"goes to {d['to']}" if d.get("to") else "stays home")
    if name == "camouflage":
        return f"Combat Camouflage: kills read as {data}"
    if name == "mind-shield":
        return "Mind Shield (built)"
    if name == "anti-tech":
        return "Anti-Tech Field (built)"
    if name == "building":
        return f"building a device: {data} night(s) of work done"
    if name == "trusted":
        return f"Sentry Guns let pass on night {d.get('night', '?')}: {_names(d.get('players', ()))}"
    if name == "won":
        return f"won: {data}"
    if name == "departed":
        return f"left the game after night {data}"
    if name == "stockpile-start":
        return f"starting roles: {_names(data)}"
    if name == "stockpile":
        return f"stolen roles: {_names(data)}"
    if name in ("taken-on", "robot-role"):
        who = "has taken on" if name == "taken-on" else "the Robot's role:"
        return f"{who} {d.get('role', data)}"
    if name == "bond-to":
        return f"Spirit-bond: offers their power to {data}"
    if name == "bond-pending":
        return f"accepted {d.get('from', '?')}'s Spirit-bond (their abilities from the end of the night)"
    if name == "bonded":
        return f"has {d.get('from', '?')}'s abilities (Spirit-bond)"
    if name == "confirmed":
        return "alignment publicly confirmed"
    if name == "confirmed-to":
        return f"alignment confirmed to {_names(data)}"
    if name == "heir-of":
        return f"heir of {d.get('of', '?')}"
    if name == "seeded":
        return "seeded the town" + (f" on night {d['night']}" if d.get("night") else "")
    if name == "bloom-day":
        return f"day {data} must lynch"
    if name == "wilting":
        return f"not lynched after the Seeding: dies at the end of night {d.get('kills_on', '?')}"
    if name == "spore-spreader":
        return f"a Spore Spreader since day {data}"
    text = name
    if type(data) is int:  # a count the host must judge shows its value (issue 11)
        return f"{name} {data}"
    text += _by(d)
    if d.get("kills_on"):
        text += f", kills at the end of night {d['kills_on']}"
    return text


# Tags that stand for one night and the day after it ({"night": N}): a stun's 'following day', a
# Mind Control Ray's vote on the next day. Past that day they are history, not standing.
DAY_AFTER_TAGS = frozenset({"stunned", "vote-controlled"})


def _lapsed(name: str, data: Any, now: tuple[str, int] | None) -> bool:
    if now is None or name not in DAY_AFTER_TAGS or not isinstance(data, dict) or not data.get("night"):
        return False
    kind, number = now
    return number > int(data["night"]) if kind in ("night", "day") else True


def tag_texts(tags: dict[str, Any], now: tuple[str, int] | None = None) -> list[str]:
    """A player's tags as the host reads them ('abducted by Xe, kept as the Human specimen: out
    of play', 'specimens held: Human'), in tag order; the engine's own bookkeeping (HIDDEN_TAGS)
    is left out, and with `now` (the current phase, ('day', 2)) so is a stun or a vote control
    whose day is over."""
    return [_tag_text(k, v) for k, v in sorted(tags.items()) if k not in HIDDEN_TAGS and not _lapsed(k, v, now)]
