"""Alien tech in the replayed game: the recorded tech events applied to the state (`apply`), and what
the host is still asked (who has picks open, the prompts, the overview `hostkit tech` prints).
tech.py checks and records the events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...model.errors import HostkitError, RuleError, suggest
from ...rules.items import held, holding_text, items_of
from ...model.state import PICKED, GameState
from ...model.entries import DayEvent
from ...model.roles import Item
from .tech import (DECLINED, PICKS, picking_open, RACES, SLOTS, SOURCES, TRUSTED, _allowed, _check_holds, _check_pick,
    _check_replica, choice_named, free_slots, is_stealer, slots_text)


if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game


# --------------------------------------------------------------------------- replay
def _recorded_items(data: Any, table: dict[str, Item]) -> list[tuple[str, int]]:
    """A tech event's `items` as written in its phase file: [ITEM, 1 or 2] pairs (2: a two-use
    pick), each checked, so a hand edit is refused with its key instead of a traceback."""
    out = []
    for i, pair in enumerate(data.get("items", ())):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not isinstance(pair[0], str):
            raise HostkitError(f"data.items[{i}]: expected [ITEM, COUNT], got {pair!r}")
        name, count = pair
        if name not in table:
            raise HostkitError(f"data.items[{i}]: unknown item {name!r}{suggest(name, table)}")
        if isinstance(count, bool) or count not in (1, 2):
            raise HostkitError(f"data.items[{i}]: {name}'s count is 1, or 2 for a two-use item, not {count!r}")
        out.append((name, count))
    return out


def _night_of(data: Any) -> int:
    """A tech event's `night` as written in its phase file, checked (a hand edit)."""
    night = data.get("night", 0)
    if isinstance(night, bool) or not isinstance(night, int) or night < 1:
        raise HostkitError(f"data.night: expected a night number, got {night!r}")
    return night


def apply(state: GameState, event: DayEvent, player: Any) -> None:
    """Replay one tech ruling onto the state (a hand-edited record is checked here too)."""
    kind = event.kind
    who = player(event.actor)
    ps = state.players[who]
    table = items_of(state.ruleset)
    if kind == "tech-pick" and "pick" in event.data:
        try:
            ps.tags[PICKED] = choice_named(state, who, [str(event.data["pick"])])
        except RuleError as exc:
            raise HostkitError(f"data.pick: {exc}") from None
    elif kind == "tech-pick":
        new = dict(_recorded_items(event.data, table))
        try:
            picks = _check_pick(state, who, new)
        except RuleError as exc:
            raise HostkitError(str(exc)) from None
        ps.tags[PICKS] = picks
        if event.data.get("none"):
            ps.tags[DECLINED] = True
        for n, c in new.items():
            ps.items[n] = ps.items.get(n, 0) + c
    elif kind == "tech-pass":
        to = player(event.target)
        item = str(event.data.get("item", ""))
        n = ps.items.pop(item, 0)
        if n <= 0:
            raise HostkitError(f"{who} does not hold {item}")
        state.players[to].items[item] = state.players[to].items.get(item, 0) + n
        from ...engine.day import drop_holoform

        drop_holoform(state, ps)  # the appearance chosen goes with the device (the receiver chooses anew)
    elif kind == "tech-replicate":
        rep = str(event.data.get("from", ""))
        if ps.items.get(rep, 0) <= 0:
            raise HostkitError(f"{who} holds no {rep}")
        if rep not in table or "replicator" not in table[rep].grants:
            raise HostkitError(f"data.from: {rep} is not a Replicator")
        new = _check_replica(state, who, _recorded_items(event.data, table), HostkitError)
        ps.items.pop(rep)
        for n, c in new.items():
            ps.items[n] = ps.items.get(n, 0) + c
    elif kind == "tech-holoform":
        _check_holds(state, who, "holoform", "Holoform Modulator", HostkitError)
        role, race = event.data.get("role", ""), event.data.get("race", "")
        if not isinstance(role, str) or role not in state.ruleset.roles:
            raise HostkitError(f"data.role: unknown role {role!r}{suggest(str(role), state.ruleset.roles)}")
        if race not in RACES:
            raise HostkitError(f"data.race: unknown race {race!r}; the races: {', '.join(RACES)}")
        ps.tags["holoform"] = {"role": role, "race": race}
    elif kind == "tech-hologram":
        _check_holds(state, who, "advanced-holoform", "Advanced Holoform Modulator", HostkitError)
        night = _night_of(event.data)
        ps.tags["hologram"] = {"night": night, "to": player(event.target) if event.target else ""}
    elif kind == "tech-trust":
        trusted = [player(n) for n in event.data.get("players", ())]
        if trusted:
            ps.tags[TRUSTED] = {"night": _night_of(event.data), "players": trusted}
        else:
            ps.tags.pop(TRUSTED, None)
    elif kind == "tech-camouflage":
        _check_holds(state, who, "camouflage", "Combat Camouflage", HostkitError)
        src = event.data.get("source", "none")
        if src not in SOURCES:
            raise HostkitError(f"data.source: Combat Camouflage masks kills as {', '.join(SOURCES)}, not {src!r}")
        if src == "none":
            ps.tags.pop("camouflage", None)
        else:
            ps.tags["camouflage"] = src


# --------------------------------------------------------------------------- what the host is asked


def prompts(game: Game) -> list[dict[str, Any]]:
    """What tech still needs the host's answer: an alien's open slots (at the start), a Holoform
    with no role and race chosen, Combat Camouflage with no source, an unused Replicator."""
    state = game.state
    table = items_of(state.ruleset)
    out: list[dict[str, Any]] = []
    at_start = picking_open(game)
    for p in state.players.values():
        if not p.alive:
            continue
        base = state.ruleset.roles.get(p.role)
        if at_start and base is not None and base.pick_one and PICKED not in p.tags:
            out.append({"player": p.name, "role": base.name, "ask": "pick",
                        "text": f"{p.name} ({base.name}) picks one technology to start the game with: ask which "
                                f"({', '.join(base.pick_one)}), then 'hostkit tech pick {p.name} TECHNOLOGY'; "
                                "until then they have none of them"})
        if not table:
            continue
        role = state.role_of(p.name)
        if at_start and role.tech and not p.tags.get(DECLINED):
            free = free_slots(state, p.name)
            if free:
                empty = (f"or 'hostkit tech pick {p.name} Robot' for the Robot instead of tech"
                         if is_stealer(state, p.name) else "or 'none' to leave them empty")
                out.append({"player": p.name, "role": role.name, "ask": "tech",
                            "text": f"{p.name} ({role.name}) has {slots_text(free)} tech slot(s) to fill: ask "
                                    f"which items they pick, then 'hostkit tech pick {p.name} ITEM...' "
                                    f"({empty})"})
        mine = [table[n] for n in held(p) if n in table]
        if any("holoform" in i.grants for i in mine) and not isinstance(p.tags.get("holoform"), dict):
            out.append({"player": p.name, "role": role.name, "ask": "holoform",
                        "text": f"{p.name}'s Holoform Modulator has no role and race to show: ask, then "
                                f"'hostkit tech holoform {p.name} ROLE RACE'"})
        if any("camouflage" in i.grants and _allowed(i, role) is None for i in mine) and "camouflage" not in p.tags:
            out.append({"player": p.name, "role": role.name, "ask": "camouflage",
                        "text": f"{p.name}'s Combat Camouflage has no source chosen: ask, then "
                                f"'hostkit tech camouflage {p.name} Vigilante|Doppelgangers|Abduction'"})
        if any("replicator" in i.grants for i in mine):
            out.append({"player": p.name, "role": role.name, "ask": "replicator",
                        "text": f"{p.name}'s Replicator is unused: when they say what it makes, "
                                f"'hostkit tech replicate {p.name} ITEM [ITEM]'"})
    return out


def intel_text(state: GameState) -> str:
    """The Intel item's list: every role in the game (as dealt), not who has them."""
    roles = sorted(set(state.initial_roles))
    return "The roles in this game: " + ", ".join(roles) + "."


def overview(game: Game) -> dict[str, Any]:
    """`hostkit tech list`: the catalogue by slot, and every player's tech and open slots."""
    state = game.state
    table = items_of(state.ruleset)
    catalogue: dict[str, list[str]] = {s: [] for s in SLOTS}
    for item in table.values():
        if item.slot:
            catalogue[item.slot].append(item.name + (f" (x2 for {item.two_use})" if item.two_use else ""))
    players = []
    picking = picking_open(game)
    for p in state.players.values():
        role = state.role_of(p.name)
        if not (role.tech or any(c > 0 for c in p.items.values())):
            continue
        # 'tech pick PLAYER none' (or a Mind Stealer's 'Robot'): the open slots stay empty. Once the
        # first phase is over no pick is accepted, so slots never filled are empty for good.
        free = slots_text(free_slots(state, p.name)) if role.tech and free_slots(state, p.name) \
            and DECLINED not in p.tags else ""
        players.append({"name": p.name, "role": role.name, "alive": p.alive,
                        "holds": holding_text(p) if held(p) else "",
                        "free": free if picking else "", "empty": "" if picking else free})
    return {"catalogue": {s: v for s, v in catalogue.items() if v}, "players": players}


# Per item of the seed's 'Item list' (and the tech rules around it): "works" (hostkit resolves it)
# or "host" (hostkit asks the host: the prompt says how). For `rulesets --json` coverage lists.
COVERAGE: dict[str, tuple[str, str]] = {
    "Tech slots (picking)": ("works", "hostkit due asks for every open slot: 'hostkit tech pick PLAYER ITEM...'"),
    "Tech passing": ("works", "hostkit tech pass GIVER RECEIVER ITEM"),
    "Personal Shield": ("works", ""),
    "Mind Shield": ("works", ""),
    "Anti-Tech Field": ("works", ""),
    "Holoform Modulator": ("works", "hostkit due asks for the role and race: 'hostkit tech holoform PLAYER ROLE RACE'"),
    "Scanner": ("works", ""),
    "Hold-out Blaster": ("works", "lynched: hostkit due owes a shot: 'hostkit shoot PLAYER TARGET'"),
    "Stun Orb": ("works", ""),
    "Advanced Holoform Modulator": ("works", "hostkit due asks for the role and race; the hologram: "
                                             "'hostkit tech hologram PLAYER TARGET|home'"),
    "Permanent Holoform Modulator": ("works", "hostkit due asks for the role and race"),
    "Assassin bot": ("works", ""),
    "Mind Control Ray": ("works", ""),
    "Stun Bomb": ("works", ""),
    "Combat Camouflage": ("works", "hostkit due asks for the source: 'hostkit tech camouflage PLAYER SOURCE'"),
    "EMP Pulse Emitter": ("works", ""),
    "Psychic Pulse Emitter": ("works", ""),
    "Intel": ("works", ""),
    "Plasma Bomb": ("works", ""),
    "Replicator": ("works", "hostkit due reminds while unused: 'hostkit tech replicate PLAYER ITEM [ITEM]'"),
    "Advanced Targeting System": ("works", ""),
    "Advanced Assassin bot": ("works", ""),
    "EMP Pulse Bomb": ("works", ""),
    "Psychic Pulser": ("works", ""),
    "Advanced Mind Shield": ("works", ""),
    "Advanced Anti-Tech Field": ("works", ""),
}
