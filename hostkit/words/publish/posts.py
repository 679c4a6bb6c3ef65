"""The public posts: death posts with flavour and where each body lies, flips, the speaking
order and the end post; the vote count post is countpost.py's.

Every post is rendered from the game's public view (public.py: what every player knows), never
from the game itself: `public_view(game)` is taken once, and the context handed to the template is
built from it alone. Death flavour: the engine words each death with the ruleset's ``[flavour]``
table; a game folder's ``flavour.toml`` may replace any text by key (and ``default`` for keys it
does not name), with ``{player}``, ``{location}`` and ``{cause}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...model.errors import RuleError
from .context import _player, _renderer
from .countpost import (HOST_ONLY, NO_ELIMINATION, count_marker, post_url, shown_thresholds,  # noqa: F401 (re-exported)
                        threshold_label, vote_count_host_notes, vote_count_post)
from .fates import deaths_outside_outcomes, shooter  # noqa: F401 (re-exported)
from .public import (BLOOM_NOTICE, FLAVOUR_FIELDS, FLAVOUR_FILE, PublicFlip, PublicView,  # noqa: F401 (re-exported)
                     death_flavour, end_context, game_flavour, own_place, public_view, shown_weight)

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ..render import Renderer


# ----------------------------------------------------------------------------- deaths, flips


def flip_context(view: PublicView, flip: PublicFlip | None, r: "Renderer", *, announce: bool) -> dict[str, Any]:
    """The ``flip`` variable of the flip template, from a public flip (None: a flip held or never
    made shows nothing)."""
    if flip is None:
        return {"player": "", "level": "none", "role": "", "alignment": "", "died": "", "cause": "",
                "eliminated": False, "pm": "", "announce": announce, "modkill": False, "reason": "", "shot_by": ""}
    pm = ""
    if flip.level == "pm" and flip.pm is not None:
        ctx = dict(flip.pm)
        ctx["game"] = view.game_context(r.format)
        pm = r.markup(r.render("role_pm", **ctx).rstrip())
    return {"player": flip.player, "level": flip.level, "role": flip.role, "alignment": flip.alignment,
            "died": flip.died, "cause": flip.cause, "eliminated": flip.eliminated, "pm": pm,
            "announce": announce, "modkill": flip.modkill, "reason": flip.reason, "shot_by": flip.shot_by}


def flip_level(game: "Game") -> str:
    """The game's flip option: none, alignment, role or pm."""
    return str(game.state.options.get("flip", "role"))


def death_post(game: "Game", night: int, *, fmt: str | None = None, phase: str = "night") -> str:
    """The public post for night NIGHT's deaths, or the quiet night post when no one died; with
    phase "day", the post for the deaths that day NIGHT's actions caused (a day kill: an Advanced
    Assassin bot, a day vigilante), told with their flavour as a night's are (the elimination has
    its own flip post).

    Template ``death_post``, context: ``game``, ``night`` (the number), ``phase`` (night | day),
    ``deaths`` ([{player, cause, location, flavour, flip}], ``flavour`` with the game's
    flavour.toml applied, ``flip`` as in :func:`flip_post`), ``quiet`` (bool), ``flip_level``,
    ``revived`` (names), ``notices`` (sentences the whole town learns that morning: a Bloom's
    plants).
    """
    game.require_settled(phase, night)  # a co-hosts' merge conflict decides who died
    if phase == "day":
        day_ph = next((ph for ph in game.phases if ph.record.kind == "day" and ph.record.number == night), None)
        if day_ph is None or not (day_ph.outcomes or deaths_outside_outcomes(game.state, f"day {night}")):
            raise RuleError(f"day {night} has no death to post: no day action resolved, no shot and no host's kill"
                            + ("" if day_ph is not None else " (no such day yet)")
                            + "; an elimination has its own post, 'hostkit post flip PLAYER'")
    elif game.outcomes.get(night) is None:
        raise RuleError(f"night {night} has not been resolved")
    r = _renderer(game, fmt)
    view = public_view(game, r.format)
    return render_death_post(view, night, r, phase=phase)


def render_death_post(view: PublicView, number: int, r: "Renderer", *, phase: str = "night") -> str:
    """The death post of night (or day) NUMBER from the public view alone."""
    news = (view.days if phase == "day" else view.nights)[number]
    deaths = [{"player": d.player, "cause": d.cause, "location": d.location, "flavour": d.flavour,
               # a body never found, a flip held by an abductor: no flip; a shot, a host's kill, a
               # bond: no outcome words them, so their flip's own line says how
               "flip": flip_context(view, d.flip, r, announce=not d.told)} for d in news.deaths]
    return r.render("death_post", game=view.game_context(r.format), night=number, phase=phase, deaths=deaths,
                    quiet=not deaths, flip_level=view.flip_level, revived=list(news.revived),
                    notices=list(news.notices) if phase == "night" else [])


def speaking_order_post(game: "Game", *, fmt: str | None = None) -> str:
    """Today's speaking order for Discussion (seed classic-werewolf: the Sheriff speaks last).

    Template ``speaking_order``, context: ``game``, ``day``, ``order`` (names, first to last),
    ``sheriff`` (a name or None), ``clockwise`` (bool).
    """
    order = game.speaking()  # refuses where the ruleset has no speaking order now
    r = _renderer(game, fmt)
    view = public_view(game, r.format)
    return r.render("speaking_order", game=view.game_context(r.format), day=view.number, order=list(order),
                    sheriff=view.sheriff, clockwise=bool(view.number % 2))


def flip_post(game: "Game", player: str, *, fmt: str | None = None) -> str:
    """The flip of a dead player (a night death or an elimination), at the game's flip level.

    Template ``flip``, context: ``game`` and ``flip``: {player, level (none | alignment | role |
    pm), role, alignment, died ('night 2', 'day 1'), cause, eliminated (bool), pm (the full role
    PM, already rendered, when level is pm; else ''), announce (True here: say how they died;
    False inside the death post, whose flavour already told it)}. The death post includes the same template
    once per death with ``flip`` set.
    """
    game.require_settled()
    name = _player(game, player)
    if game.state.players[name].alive:
        raise RuleError(f"{name} is alive: only a dead player's role is revealed")
    held = game.flip_held(name)
    if held:
        raise RuleError(f"{name} died while abducted by {held}: abducted players are not role-flipped until "
                        "their abductor leaves the game (seed Abduction)")
    r = _renderer(game, fmt)
    view = public_view(game, r.format)
    flip = view.player(name).flip  # type: ignore[union-attr]
    return r.render("flip", game=view.game_context(r.format), flip=flip_context(view, flip, r, announce=True))


# ----------------------------------------------------------------------------- the end of the game


def end_post(game: "Game", *, fmt: str | None = None) -> str:
    """The end-of-game post (template ``end_post``): the winner, every player's role and fate, and
    a short phase-by-phase history (the host's reveal: once the game is over, everything is
    public). Refused while the game goes on. Context: ``game``, ``end`` (see :func:`end_context`)."""
    if not game.state.winner:
        raise RuleError("the game is not over: the end post comes when a side has won")
    game.require_settled()
    r = _renderer(game, fmt)
    view = public_view(game, r.format)
    return r.render("end_post", game=view.game_context(r.format), end=dict(view.end or {}))
