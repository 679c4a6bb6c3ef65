"""How a death reads in a post: 'was shot by the Hunter', 'was killed by the Werewolves', 'was
killed with a Hold-out Blaster', 'died of Poison', 'was eliminated', 'was removed by the host'.

A death's cause is a name as the ruleset gives it (SPEC: the role, item or effect that killed).
A bare name after 'by' reads as a typo to a player ('was killed by Hunter'), so the phrase takes
the article the kind of name needs: a role or a faction is 'the' one (there is one Hunter in the
story a player reads), an item is 'a' one used by someone, and anything else (an effect such as
Poison, a game mechanism such as an ITA Shot) is what the player 'died of'. The verb follows the
death's kind: a shot is 'shot', a bond 'died with', every other death 'killed'.

Also which deaths of a phase no resolved action words (a last shot, a host's kill, a bond: the
death post tells them by their flip's own line), and who fired a last shot.
"""

from __future__ import annotations

from typing import Any

SHOT_KINDS = ("shot",)  # the kinds of death (engine.day.note_death) that are a shot


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _is_role(state: Any, cause: str) -> bool:
    names = {name.split(" (")[0] for name in state.ruleset.roles}
    names |= {p.role.split(" (")[0] for p in state.players.values() if p.role}
    return cause in names


def _is_side(state: Any, cause: str) -> bool:
    sides = {s for p in state.players.values() for s in (p.faction, p.alignment) if s}
    return cause in sides or cause in state.ruleset.factions


def death_phrase(state: Any, cause: str | None, kind: str = "") -> str:
    """The verb phrase of a death, without its time: '{player} ' + this + ' on night 2'."""
    if not cause:
        return "died"
    if cause == "eliminated":
        return "was eliminated"
    if cause.startswith("modkill"):
        return "was removed from the game by the host" + (cause[len("modkill"):] or "")
    # a masked death told at the end: 'Exterminator (masked as Vigilante)' is worded by its first name
    name, _, rest = cause.partition(" (")
    tail = f" ({rest}" if rest else ""
    if kind == "bond":
        return f"died with their bond to the {name}{tail}"
    verb = "shot" if kind in SHOT_KINDS else "killed"
    if _is_role(state, name) or _is_side(state, name):
        return f"was {verb} by the {name}{tail}"
    if name in state.ruleset.items:
        return f"was {verb} with {_article(name)} {name}{tail}"
    if verb == "shot":
        return f"was shot with {_article(name)} {name}{tail}"
    return f"died of {name}{tail}"


def death_kinds(state: Any) -> dict[str, str]:
    """Each dead player's kind of death (the last one noted: a revived player may die again)."""
    return {player: kind for player, kind, _when, _index in state.deaths}


def deaths_outside_outcomes(state: Any, when: str) -> list[str]:
    """The players who died in phase WHEN ('day 2') by a ruling rather than a resolved action: a
    last shot (a Hunter's, a Hold-out Blaster's), a host's kill (`hostkit kill`), a death bound
    to another's; in the order they died. An elimination is not among them: it has its own post."""
    return [player for player, kind, at, _ in state.deaths
            if at == when and kind in ("shot", "modkill", "bond")]


def shooter(state: Any, phases: Any, name: str) -> str:
    """Who shot NAME dead with a last shot (a Hunter's, a Hold-out Blaster's), or ''. The shot is
    made in the thread, so the shooter is public; the shooter's role is named only by their flip."""
    if state.players[name].alive or death_kinds(state).get(name) != "shot":
        return ""
    shots = [e for ph in phases for e in ph.record.events if e.kind == "shot" and e.target == name]
    return shots[-1].actor or "" if shots else ""
