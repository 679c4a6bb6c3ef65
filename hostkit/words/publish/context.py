"""The shared context of every template: the ``game`` variable, a player's role as templates
see it, their items, and the renderer for a game. The PMs (pms.py) and the public posts
(posts.py) both build on it.

Context variables every template receives:

- ``game``: ``title``, ``ruleset`` (name), ``ruleset_title``, ``format``.
"""

from __future__ import annotations

import re

from typing import TYPE_CHECKING, Any

from ...model.state import PICKED
from ...rules.linked import companion_facts, told_night
from ...rules.roles import passive_words
from ...game.day.rulings import SPIRIT_BOND
from ..text import ability_when

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.roles import Ability, Role
    from ..render import Renderer

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

# ----------------------------------------------------------------------------- shared context


def _renderer(game: "Game", fmt: str | None = None) -> "Renderer":
    from ..render import renderer_for

    return renderer_for(game, fmt)


def game_context(game: "Game", fmt: str | None = None) -> dict[str, Any]:
    """The ``game`` variable of every template: title, ruleset, ruleset_title, format (the one
    being rendered), forum (the engine posts are written for: phpbb, vbulletin, xenforo, ...,
    other) and small (the [size=...] value for small print on that forum; '' where none fits)."""
    from ...game.daytools import SMALL_SIZE, forum_engine
    from ..render import game_format

    rs = game.ruleset
    forum = forum_engine(game)
    return {"title": game.setup.title or rs.title, "ruleset": rs.name, "ruleset_title": rs.title,
            "format": fmt or game_format(game), "forum": forum, "small": SMALL_SIZE.get(forum, "")}


def _seat_order(game: "Game") -> list[str]:
    return [p.name for p in game.setup.players if p.name in game.state.players]


def _player(game: "Game", word: str) -> str:
    return game.player(word)




def ability_targets(ab: "Ability") -> str:
    """What an ability may target, in words: 'one living player, not yourself'."""
    if ab.targets == 0:
        return "no target"
    count = NUMBER_WORDS.get(ab.targets, str(ab.targets))
    noun = "player" if ab.targets == 1 else "players"
    text = f"{count} {'living ' if ab.living_only else 'dead ' if getattr(ab, 'dead_only', False) else ''}{noun}"
    notes = ["yourself included" if ab.self_target else "not yourself"]
    # allied/unallied is the natural seed's term (IV: same alignment, and confirmed to you): a PM
    # says what it means, so a Doppelganger or a werewolf reads it without that seed
    ally = {"allied": "only a known ally", "unallied": "not a known ally"}.get(ab.allied or "")
    if ally:
        notes.insert(0, ally if ab.targets == 1 else ally.replace("a known ally", "known allies"))
    if ab.requires == "attacked":
        notes.append("only a player attacked tonight")
    if ab.no_repeat:
        notes.append("not the same target twice in a row")
    return f"{text}, {', '.join(notes)}"


def role_context(role: "Role") -> dict[str, Any]:
    """A role as templates see it: name, alignment, faction, race, goal (the truth: the player's
    own PM says it; what investigations see is ``appears``), summary, win, flavour, notes,
    ``appears`` (what investigations see where it differs from the truth: [{what, value}]),
    ``abilities`` ([{name, when, targets, summary, uses, phase, factional}]) and
    ``passives`` ([{name, text}]) and ``tech`` (an alien's tech slots: '1 Medium and 1 Large tech slots', or ''), ``facts`` (what this player's own role PM adds: a Mind Stealer's points and stockpile)."""
    appears = [{"what": what, "value": role.appears[what]} for what in ("alignment", "role", "race", "goal")
               if what in role.appears and role.appears[what] != _true_value(role, what)]
    return {
        "name": role.name, "alignment": role.alignment, "faction": role.faction or "",
        "race": role.race or "", "goal": role.goal_text or role.goal or "", "summary": role.summary, "win": role.win, "flavour": role.flavour, "notes": list(role.notes),
        "appears": appears,
        "abilities": [{"name": ab.name, "when": ability_when(ab), "targets": ability_targets(ab),
                       "summary": ab.summary, "uses": ab.uses, "phase": ab.phase, "factional": ab.factional}
                      for ab in role.abilities],
        "passives": [dict(zip(("name", "text"), passive_words(p))) for p in sorted(role.passives)],
        # An alien's tech slots (seed paranormal 'Tech:'): '1 Medium and 1 Large tech slots'; ''.
        "tech": _slots_words(role),
        "facts": [],  # filled for the player's own PM (_role_pm_context)
    }


def _slots_words(role: "Role") -> str:
    parts = [f"{n} {size}" for size, n in role.tech.items() if n]
    if not parts:
        return ""
    many = sum(n for n in role.tech.values() if n) > 1
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts) + \
        (" tech slots" if many else " tech slot")


def _true_value(role: "Role", what: str) -> str:
    return {"alignment": role.alignment, "role": role.name, "race": role.race or "",
            "goal": role.goal or ""}[what]


def setup_facts(game: "Game", name: str) -> list[str]:
    """What an Informed or a Companion is told of the setup: the host's --inform text, the Town
    player a Companion is told of (from the roles dealt, so a PM sent again names the same player)."""
    told = next((p.informed for p in game.setup.players if p.name == name and p.informed), "")
    dealt = {p.name: game.ruleset.roles[p.role] for p in game.setup.players if p.role in game.ruleset.roles}
    if name not in dealt:
        return []
    return ([f"You are informed: {told}"] if told else []) + companion_facts(
        game.ruleset, dealt[name], name, ((n, dealt[n]) for n in _seat_order(game) if n in dealt))


def _role_pm_context(game: "Game", name: str) -> dict[str, Any]:
    from ...game.day.stockpile import has_robot, stealer_facts

    ps = game.state.players[name]
    role = game.state.role_of(name)  # with the player's attributes (a Kook shows its Visible Race)
    partners = []
    if role.knows_faction and ps.faction:
        partners = [{"name": o.name, "role": o.role, "alive": o.alive}
                    for o in (game.state.players[n] for n in _seat_order(game))
                    if o.name != name and o.faction == ps.faction]
    base = game.ruleset.roles.get(ps.role)
    choosing = base is not None and bool(base.pick_one) and PICKED not in ps.tags
    if choosing:  # the technologies to pick from are listed until the pick (seed Mad Scientist)
        role = role._replace(abilities=role.abilities + tuple(
            a for a in base.abilities if a.name not in {b.name for b in role.abilities}))
    ctx_role = role_context(role)
    if ps.faction and ps.faction != role.faction:
        # A player who kept their role but changed side (a Hivemind's domination) plays for, and
        # wins with, the faction that took them: their PM says so.
        # The leader's own win line speaks to the leader ('the town cannot stop you'): a convert
        # is told whose win is theirs, and the leader's condition in the third person.
        leader = next((r for r in game.ruleset.roles.values() if r.faction == ps.faction and r.win), None)
        win = f"You now play for the {ps.faction}, and you win only when they win"
        head = "You win when "
        if leader is not None and leader.win.startswith(head):
            cond = re.sub(r"\byour\b", "their", re.sub(r"\byou\b", "them", leader.win[len(head):]))
            win += f": when {cond}"
        ctx_role.update(alignment=ps.alignment, faction=ps.faction, win=win if win.endswith(".") else win + ".")
    ctx_role["facts"] = stealer_facts(game, name) + (setup_facts(game, name) if not told_night(role) else [])
    if ctx_role["facts"] and ctx_role["tech"]:

        robot = has_robot(game.state, name)
        ctx_role["tech"] = "" if robot else ctx_role["tech"] + (", or the Robot instead" if robot is None else "")
    if base is not None and base.pick_one:
        ctx_role["facts"].append(
            f"Pick one technology to start the game with, and tell the host: {' or '.join(base.pick_one)}; only the "
            "one you pick is yours." if choosing else f"Your technology: {ps.tags[PICKED]}.")
    from .setupwords import absent_names, closed_role_words

    closed_role_words(ctx_role, absent_names(game))
    attrs = game.ruleset.attributes
    items = items_context(game, name)
    # Whether the player ever has something to send the host: an ability, tech, a stockpile, an
    # item to use, a last shot, a Spirit-bond to offer (the PM's closing line says so, or not).
    ctx_role["sends"] = bool(role.abilities or ctx_role["tech"] or ctx_role["facts"] or "last-shot" in role.passives
                             or any(it["abilities"] for it in items) or SPIRIT_BOND in ps.attributes)
    return {"game": game_context(game), "player": name, "role": ctx_role, "partners": partners,
            "items": items,
            "attributes": [{"name": a, "summary": attrs[a].get("summary", "")} for a in ps.attributes if a in attrs]}


def items_context(game: "Game", name: str) -> list[dict[str, Any]]:
    """The items a player holds now, as templates see them: [{name, count, summary, abilities
    [{name, when, targets, summary}]}]; an ability the item uses by itself has when 'by itself'."""
    ps = game.state.players[name]
    table = getattr(game.ruleset, "items", None) or {}
    out = []
    for item_name in sorted(n for n, c in ps.items.items() if c > 0 and n in table):
        item = table[item_name]
        summary = item.summary
        if "intel" in item.grants:  # seed: Intel gives a list of all Roles in the game, in the role PM
            from ...game.day.techstate import intel_text

            summary = f"{summary} {intel_text(game.state)}"
        out.append({"name": item.name, "count": ps.items[item_name], "summary": summary,
                    "abilities": [{"name": ab.name, "summary": ab.summary,
                                   "when": "By itself, every night" if ab.name in item.auto else
                                   "Once, at night (the item is spent)" if item.consumed in ("use", "resolve")
                                   else ability_when(ab),
                                   "targets": ability_targets(ab)} for ab in item.abilities]})
    return out
