"""The host's judgements a running game may still take: the numbers a seed leaves to the host
(paranormal's maximum game day, the Abomination's night, the Mind Stealer's goal and points),
set with `hostkit option KEY=VALUE` instead of by editing game.toml; and the switches of
`hostkit watch` (game.watchoptions), which change what the watch does next, never the past.

Only these: every other option shapes what has already been resolved and is fixed at `new`. A
judgement is refused where it would reach into the past: a maximum day before today (the game
would have ended already), an Abomination night already resolved, a Mind Stealer goal or points
once its holder has read them (the role PM goes out before night 1 resolves). The game is
replayed with the new value before anything is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..model.errors import HostkitError

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

JUDGEMENTS = ("max-day", "abomination-night", "mind-stealer-goal", "mind-stealer-points")


def _resolved_nights(game: "Game") -> list[int]:
    return [ph.record.number for ph in game.phases if ph.record.kind == "night" and ph.record.ended is not None]


def _past(game: "Game", key: str, value: Any) -> str | None:
    """Why VALUE for KEY reaches into what has been played, or None."""
    from ..model.checks import next_phase, numbering

    rec = game.current.record
    if game.state.winner:
        return f"the game is over ({game.state.winner} won): nothing is left to judge"
    if key == "max-day" and value:
        today = rec.number if rec.kind == "day" else next_phase(numbering(game.ruleset, game.setup.options),
                                                                 rec.kind, rec.number)[1]
        if value < today:
            return f"day {value} is over (it is {rec.kind} {rec.number}): the maximum game day is today or later"
    if key == "abomination-night" and value and value <= max(_resolved_nights(game) or [0]):
        return f"night {value} is resolved already: the Abomination's night is one still to come"
    if key in ("mind-stealer-goal", "mind-stealer-points") and _resolved_nights(game):
        return ("the Mind Stealer is told the goal and the points in the role PM, before night 1 resolves "
                "(seed Harvester: 'revealed to the MS during the role PM')")
    return None


def set_option(game: "Game", text: str) -> tuple[str, Any, Any]:
    """Set one of the host's judgements (KEY=VALUE) in game.toml: (key, old value, new value).
    Refused, with nothing written: another option, a bad value, one that reaches into the past."""
    from .deal import option_value, split_pair
    from ..engine.sides import option_refusal

    key, raw = split_pair(text, "option")
    key = key.strip().lower()
    if key not in game.ruleset.options:
        option_value(game.ruleset, key, raw, where="option")  # the unknown key, with the nearest named
    from .watchoptions import WATCH_OPTIONS, check as check_watch

    if key not in JUDGEMENTS + WATCH_OPTIONS:
        raise HostkitError(f"option {key}: fixed when the game was created (it shapes what was resolved); only "
                           f"the host's judgements can be set in a running game: "
                           + ", ".join(k for k in JUDGEMENTS + WATCH_OPTIONS if k in game.ruleset.options))
    value = option_value(game.ruleset, key, raw.strip(), where="option")
    check_watch(key, value)
    options = dict(game.setup.options)
    options[key] = value
    bad = option_refusal(game.ruleset, options)
    if bad:
        raise HostkitError(f"option {bad[0]}: {bad[1]}")
    why = _past(game, key, value)
    if why:
        raise HostkitError(f"option {key}={value}: {why}")
    old = game.setup.options.get(key, game.ruleset.options[key].default)
    game.set_setup(game.setup._replace(options=options))
    return key, old, value
