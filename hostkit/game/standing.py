"""A player's tags in words, for the host (`hostkit status`, the game page): the engine keeps
tags (`abducted`, `specimens`, `stunned` ...) with data for its own use; the host reads what they
mean ('abducted by Xe, kept as the Human specimen: out of play'), and not the engine's own
bookkeeping (`tech-picks`: status lists the items). `status --json` keeps the tag names too."""

from __future__ import annotations

from typing import Any, Callable, Mapping


# Tags the engine keeps for its own bookkeeping, shown elsewhere in words or of no use to the host:
# the record of the start-of-game picks (status lists the items), a declined slot, the dead
# Sheriff's badge (`due` asks for it), a held flip (the player's state says it), a Spirit-bond
# answer already acted on, a captive's return by day (its PM says it: `hostkit pm --day`), the night
# a Mind Stealer won (`won` says it in words).
HIDDEN_TAGS = frozenset({"tech-picks", "tech-declined", "sheriff", "sheriff-at-death", "flip-held", "bond-answered",
                         "returned", "won-night"})


def _names(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(str(k) for k in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


def _by(data: Any) -> str:
    return f" by {data['by']}" if isinstance(data, dict) and data.get("by") else ""


def _abducted(data: Any, d: dict) -> str:
    if d.get("kind") == "consumed":
        return "consumed a player: out of the game for good"
    return f"abducted{_by(d)}" + (f", kept as the {d['kind']} specimen" if d.get("kind") else "") + ": out of play"


def _stunned(data: Any, d: dict) -> str:
    night = f" on night {d['night']}" if d.get("night") else ""
    return f"stunned{_by(d)}{night}" + (f" (no active ability on day {d['night']})" if d.get("night") else "")


# Each tag the host reads in words: tag -> (its data, the data as a dict or {}) -> the words.
_WORDS: dict[str, Callable[[Any, dict], str]] = {
    "abducted": _abducted,
    "specimens": lambda data, d: f"specimens held: {_names(data)}",
    "bound-to": lambda data, d: (f"converted{_by(d) or (' by ' + str(data) if isinstance(data, str) else '')}"
                                 ": dies with them"),
    "stunned": _stunned,
    "shorten-vote": lambda data, d: f"votes to shorten day {data}",
    "vote-controlled": lambda data, d: f"vote controlled{_by(d)}" + (f" on day {d['night']}" if d.get("night") else ""),
    "picked": lambda data, d: f"technology picked: {data}",
    "pulsed": lambda data, d: f"psychic powers pulsed{_by(d)}" + (f": none until night {d['night'] + 1}" if d.get("night") else ""),
    "shorted": lambda data, d: "tech shorted out" + (f": fixing it on night {d['night']}" if d.get("night") else ""),
    "holoform": lambda data, d: f"Holoform shows: {d.get('role') or '?'}, {d.get('race') or '?'}",
    "hologram": lambda data, d: (f"hologram on night {d.get('night', '?')}: "
                                 + (f"goes to {d['to']}" if d.get("to") else "stays home")),
    "camouflage": lambda data, d: f"Combat Camouflage: kills read as {data}",
    "masked": lambda data, d: (f"death masked by {d.get('by', '?')}'s Combat Camouflage: the death post says "
                               f"{d.get('shown', '?')}"),
    "mind-shield": lambda data, d: "Mind Shield (built)",
    "anti-tech": lambda data, d: "Anti-Tech Field (built)",
    "building": lambda data, d: f"building a device: {data} night(s) of work done",
    "trusted": lambda data, d: f"Sentry Guns let pass on night {d.get('night', '?')}: {_names(d.get('players', ()))}",
    "won": lambda data, d: f"won: {data}",
    "departed": lambda data, d: f"left the game after night {data}",
    "stockpile-start": lambda data, d: f"starting roles: {_names(data)}",
    "stockpile": lambda data, d: f"stolen roles: {_names(data)}",
    "taken-on": lambda data, d: f"has taken on {d.get('role', data)}",
    "robot-role": lambda data, d: f"the Robot's role: {d.get('role', data)}",
    "bond-to": lambda data, d: f"Spirit-bond: offers their power to {data}",
    "bond-pending": lambda data, d: (f"accepted {d.get('from', '?')}'s Spirit-bond "
                                     "(their abilities from the end of the night)"),
    "bonded": lambda data, d: f"has {d.get('from', '?')}'s abilities (Spirit-bond)",
    "confirmed": lambda data, d: "alignment publicly confirmed",
    "confirmed-to": lambda data, d: f"alignment confirmed to {_names(data)}",
    "heir-of": lambda data, d: f"heir of {d.get('of', '?')}",
    "seeded": lambda data, d: "seeded the town" + (f" on night {d['night']}" if d.get("night") else ""),
    "bloom-day": lambda data, d: f"day {data} must lynch",
    "wilting": lambda data, d: f"not lynched after the Seeding: dies at the end of night {d.get('kills_on', '?')}",
    "spore-spreader": lambda data, d: f"a Spore Spreader since day {data}",
    "guild": lambda data, d: f"Guild: {d.get('name') or 'none'}{_by(d)}",
    "vote-weight": lambda data, d: f"vote weight changed{_by(d)} on {d.get('phase', 'night')} {d.get('night', '?')}",
}

# Communication tags (engine/effects/talk.py) are named MODE:USER.
_TALK = {"chat": "private chat with {user}", "public-chat": "extra public chat ({user}'s)",
         "mute": "posting restricted by {user}", "post": "a message of {user}'s to post"}


def _tag_text(name: str, data: Any) -> str:
    d = data if isinstance(data, dict) else {}
    words = _WORDS.get(name)
    if words is not None:
        return words(data, d)
    mode, _, user = name.partition(":")
    if user and mode in _TALK:
        return _TALK[mode].format(user=user) + (f" (from {d.get('phase', 'night')} {d['night']})" if d.get("night") else "")
    if type(data) is int:  # a count the host must judge shows its value (issue 11)
        return f"{name} {data}"
    text = name + _by(d)
    if d.get("kills_on"):
        text += f", kills at the end of night {d['kills_on']}"
    return text


# Tags that stand for one night and the day after it ({"night": N}): a stun's 'following day', a
# Mind Control Ray's vote on the next day. Past that day they are history, not standing.
DAY_AFTER_TAGS = frozenset({"stunned", "vote-controlled", "pulsed"})


def _lapsed(name: str, data: Any, now: tuple[str, int] | None) -> bool:
    if now is None or name not in DAY_AFTER_TAGS or not isinstance(data, dict) or not data.get("night"):
        return False
    kind, number = now
    return number > int(data["night"]) if kind in ("night", "day") else True


# A tag whose item does nothing in its holder's hands (items.inert_grants): tag -> (data, why) -> words.
_INERT_WORDS: dict[str, Callable[[Any, str], str]] = {
    "camouflage": lambda data, why: f"Combat Camouflage does nothing ({why}): their kills are not masked",
}


def tag_texts(tags: dict[str, Any], now: tuple[str, int] | None = None,
              inert: Mapping[str, str] | None = None) -> list[str]:
    """A player's tags as the host reads them ('abducted by Xe, kept as the Human specimen: out
    of play', 'specimens held: Human'), in tag order; the engine's own bookkeeping (HIDDEN_TAGS)
    is left out, and with `now` (the current phase, ('day', 2)) so is a stun or a vote control
    whose day is over. `inert` (items.inert_grants): the tags of items that do nothing in this
    player's hands (a robbed Exterminator's Combat Camouflage), said so rather than as working."""
    out = []
    for k, v in sorted(tags.items()):
        if k in HIDDEN_TAGS or _lapsed(k, v, now):
            continue
        if inert and k in inert:
            words = _INERT_WORDS.get(k)
            out.append(words(v, inert[k]) if words else f"{_tag_text(k, v)} (its item does nothing here: {inert[k]})")
            continue
        out.append(_tag_text(k, v))
    return out
