"""The public posts: death posts with flavour and where each body lies, flips, the speaking
order, and the vote count post (with the host's notes kept apart).

Like pms.py, each function builds a plain context from a loaded Game and renders it through
render.py. Death flavour: the engine words each death with the ruleset's ``[flavour]`` table; a
game folder's ``flavour.toml`` may replace any text by key (and ``default`` for keys it does not
name), with ``{player}``, ``{location}`` and ``{cause}``.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from ..engine.day import flip_held
from ..errors import FileError, RuleError
from .context import _player, _renderer, _role_pm_context, game_context
from .fates import deaths_outside_outcomes, shooter

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..model import Death, VoteCount
    from ..render import Renderer

FLAVOUR_FILE = "flavour.toml"
FLAVOUR_FIELDS = ("player", "location", "cause")
HOST_ONLY = "--- host only ---"
NO_ELIMINATION = "No Elimination"


# ----------------------------------------------------------------------------- flavour, deaths, flips


def game_flavour(game: "Game") -> dict[str, str]:
    """The game folder's flavour.toml [flavour] table ({} when there is none); errors name file and key."""
    from ..tomlio import Table, load, present

    path = Path(game.folder) / FLAVOUR_FILE
    if not present(path):
        return {}
    top = Table(load(path), path)
    sub = top.sub("flavour", {})
    out = {k: sub.get(k, str) for k in list(sub.data)}
    top.done()
    for key, text in out.items():
        _check_flavour(text, f"{path}: flavour.{key}")
    return out


def _check_flavour(text: str, where: str) -> None:
    try:
        fields = [(f, spec, conv) for _, f, spec, conv in string.Formatter().parse(text) if f is not None]
    except ValueError as exc:
        raise FileError(f"{where}: {exc}") from None
    for f, spec, conv in fields:
        if f not in FLAVOUR_FIELDS:
            raise FileError(f"{where}: unknown placeholder {{{f}}}: use "
                            + ", ".join("{" + x + "}" for x in FLAVOUR_FIELDS))
        if spec or conv:  # '{player:%}' was a traceback, '{player:>99999999}' a 100 MB name
            raise FileError(f"{where}: the placeholder {{{f}{'!' + conv if conv else ''}{':' + spec if spec else ''}}} "
                            f"takes no format or conversion: write {{{f}}}")


def death_flavour(game: "Game", death: "Death", overrides: Mapping[str, str] | None = None) -> str:
    """The flavour text of a death: the game's flavour.toml text for its key where it has one,
    else the engine's text (the ruleset's). The key is Death.flavour_key where the engine gives
    it, else the kill kind."""
    return own_place(_flavour_text(game, death, overrides), death.player)


def own_place(text: str, player: str) -> str:
    """'Hal was found in Hal's home' reads 'Hal was found in their home': after the first
    mention, the victim's own place is 'their'."""
    first = text.find(player)
    if first < 0:
        return text
    head, tail = text[:first + len(player)], text[first + len(player):]
    return head + tail.replace(f"{player}'s ", "their ")


def _flavour_text(game: "Game", death: "Death", overrides: Mapping[str, str] | None) -> str:
    table = game_flavour(game) if overrides is None else overrides
    if not table:
        return death.flavour
    key = death.flavour_key or death.kind
    text = table.get(key)
    if text is None and key not in game.ruleset.flavour:
        text = table.get("default")
    if text is None:
        return death.flavour
    return text.format(player=death.player, location=death.location, cause=death.cause)


def _flip_context(game: "Game", name: str, level: str, r: "Renderer", *, announce: bool) -> dict[str, Any]:
    ps = game.state.players[name]
    role = game.ruleset.roles[ps.role]
    pm = ""
    if level == "pm":
        # A flip never reveals anything about a living player: the PM as the dead player would
        # have read it, but with only the teammates who are dead too.
        ctx = _role_pm_context(game, name)
        ctx["partners"] = [p for p in ctx["partners"] if not game.state.players[p["name"]].alive]
        ctx["game"] = game_context(game, r.format)
        pm = r.markup(r.render("role_pm", **ctx).rstrip())
    return {"player": name, "level": level, "role": role.name, "alignment": role.alignment,
            "died": ps.died or "", "cause": ps.cause or "", "eliminated": ps.cause == "eliminated", "pm": pm,
            "shot_by": shooter(game.state, game.phases, name),
            "announce": announce, "modkill": (ps.cause or "").startswith("modkill"),
            "reason": (ps.cause or "")[len("modkill ("):-1] if (ps.cause or "").startswith("modkill (") else ""}


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
    outside = deaths_outside_outcomes(game.state, f"{phase} {night}")
    if phase == "day":
        day_ph = next((ph for ph in game.phases if ph.record.kind == "day" and ph.record.number == night), None)
        outcomes = list(day_ph.outcomes) if day_ph is not None else []
        if not outcomes and not outside:
            raise RuleError(f"day {night} has no death to post: no day action resolved, no shot and no host's kill"
                            + ("" if day_ph is not None else " (no such day yet)")
                            + "; an elimination has its own post, 'hostkit post flip PLAYER'")
    else:
        outcome = game.outcomes.get(night)
        if outcome is None:
            raise RuleError(f"night {night} has not been resolved")
        outcomes = [outcome]
    r = _renderer(game, fmt)
    level = flip_level(game)
    overrides = game_flavour(game)
    died = [d for o in outcomes for d in o.deaths]
    deaths = [{"player": d.player, "cause": d.cause, "location": d.location,
               "flavour": death_flavour(game, d, overrides),
               # a body never found (the ruleset's unflipped flavours: a Veteran's vanished visitor) is not flipped
               # seed paranormal: a player who died abducted is not flipped while the abductor is in the game
               "flip": _flip_context(game, d.player, "none" if d.flavour_key in game.ruleset.unflipped
                                     or flip_held(game.state, d.player) else level, r,
                                     announce=False)}
              for d in died]
    known = {d.player for d in died}
    # a shot, a host's kill, a bond: no outcome words them, so their flip's own line says how
    deaths += [{"player": name, "cause": "", "location": "", "flavour": "",
                "flip": _flip_context(game, name, "none" if flip_held(game.state, name) else level, r, announce=True)}
               for name in outside if name not in known]
    return r.render("death_post", game=game_context(game, r.format), night=night, phase=phase, deaths=deaths,
                    quiet=not deaths, flip_level=level,
                    revived=[n for o in outcomes for n in getattr(o, "revived", ())],
                    notices=_morning_notices(game, night, {d.player for d in died}) if phase == "night" else [])


BLOOM_NOTICE = ("Strange alien plants have sprouted all over town overnight. Today the town MUST lynch someone: "
                "a day without a lynch is not allowed.")


def _morning_notices(game: "Game", night: int, died: set[str]) -> list[str]:
    """What the whole town learns the morning after night NIGHT, beside the deaths: a Bloom's
    Seeding (seed paranormal, Spore Spreader: 'All players will be made aware of the plants the
    following morning. That day, the players MUST perform a lynch'), not who seeded."""
    seeded = any(ps.tags.get("bloom-day") == night and ps.name not in died for ps in game.state.players.values())
    return [BLOOM_NOTICE] if seeded else []


def speaking_order_post(game: "Game", *, fmt: str | None = None) -> str:
    """Today's speaking order for Discussion (seed classic-werewolf: the Sheriff speaks last).

    Template ``speaking_order``, context: ``game``, ``day``, ``order`` (names, first to last),
    ``sheriff`` (a name or None), ``clockwise`` (bool).
    """
    order = game.speaking()
    day = game.current.record.number
    r = _renderer(game, fmt)
    return r.render("speaking_order", game=game_context(game, r.format), day=day, order=order,
                                  sheriff=game.state.sheriff, clockwise=bool(day % 2))


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
    held = flip_held(game.state, name)
    if held:
        raise RuleError(f"{name} died while abducted by {held}: abducted players are not role-flipped until "
                        "their abductor leaves the game (seed Abduction)")
    r = _renderer(game, fmt)
    return r.render("flip", game=game_context(game, r.format), flip=_flip_context(game, name, flip_level(game), r, announce=True))


# ----------------------------------------------------------------------------- vote counts


def post_url(thread: str | None, number: int | None, urls: Mapping[int, str] | None = None) -> str:
    """A link to post NUMBER of the thread, or '' when none can be made.

    A known URL wins (``urls``: number -> URL, e.g. VoteCount.post_urls when the tally gives
    them); else a thread URL with a ``{post}`` placeholder is filled in; else a Discourse topic
    URL (``/t/slug/ID``, whose post numbers are thread positions) gets ``/NUMBER``. Other forums
    number their post links by id, not position, so no link is guessed.
    """
    if number is None:
        return ""
    if urls and number in urls:
        return urls[number]
    if not thread:
        return ""
    if "{post}" in thread:
        return thread.replace("{post}", str(number))
    m = re.match(r"^(https?://[^?#]+/t/[^/?#]+/\d+)(?:/\d+)?/?(?:[?#].*)?$", thread)
    if m:
        return f"{m.group(1)}/{number}"
    return ""


def _count_context(game: "Game", count: "VoteCount", *, preview: bool = False,
                   now: Any = None, start: int | None = None) -> dict[str, Any]:
    from ..daytools import count_extras, no_elimination

    urls = count.post_urls
    thread = count.thread or game.setup.thread
    plurality = game.state.options.get("majority") == "plurality"
    offset = game.state.options.get("no-elimination-offset", 0) or 0
    shown = shown_thresholds(game, count)
    wagons = []
    for w in count.wagons:
        need = count.majority + offset if w.target == "none" else (
            count.needed(w.target) if w.target in shown else count.majority)
        short = max(need - w.votes, 0)
        posts = list(w.posts) + [None] * (len(w.voters) - len(w.posts))
        wagons.append({
            "target": w.target, "label": NO_ELIMINATION if w.target == "none" else w.target,
            "none": w.target == "none", "votes": float(w.votes), "needed": float(need), "short": float(short),
            "l1": not plurality and 0 < short <= 1, "l2": not plurality and 1 < short <= 2,
            "voters": [{"name": v, "post": p, "url": post_url(thread, p, urls), "weight": shown_weight(game, v)}
                       for v, p in zip(w.voters, posts)],
        })
    hammer = None
    if count.hammer is not None:
        hammer = {"post": count.hammer, "url": post_url(thread, count.hammer, urls)}
    extras = count_extras(game, count, now=now, start=start)
    none_majority, none_reached = no_elimination(game, count)
    return {
        "preview": preview, "deadline": extras["deadline"], "notice": extras["notice"],
        "from_first_post": extras["from_first_post"],
        "number": count.count_number, "day": count.day, "alive": count.alive, "majority": float(count.majority),
        # the No Elimination wagon's threshold (majority plus the offset, at least 1), where there is one
        "none_majority": none_majority,
        # No Elimination reached its majority, also by a vote entered by hand (no hammer post then):
        # the day is over with no one eliminated, and later votes are ignored (after the hammer)
        "none_reached": none_reached,
        # the players whose wagon needs another number of votes, where the game makes that public
        "thresholds": [{"name": n, "needed": float(count.needed(n)), "modifier": shown[n],
                        "label": threshold_label(shown[n])} for n in shown],
        # every modifier, for the host's notes only
        "all_thresholds": [{"name": n, "needed": float(count.needed(n)), "modifier": m,
                            "label": threshold_label(m), "shown": n in shown} for n, m in count.thresholds.items()],
        "plurality": plurality, "wagons": wagons, "not_voting": list(count.not_voting),
        "abstained": list(count.abstained),
        "eliminated": count.eliminated or "", "tie": count.tie, "hammer": hammer,
        "last_post": count.last_post, "thread": thread or "",
        "ignored": [{"post": i.post, "author": i.author, "text": i.text, "reason": i.reason,
                     "url": post_url(thread, i.post, urls)} for i in count.ignored],
        "strangers": [{"name": x.name, "votes": x.votes, "player": x.player or "", "command": x.command()}
                      for x in count.strangers],
    }


def shown_weight(game: "Game", name: str) -> float | None:
    """A voter's weight as the count shows it, where the rules make it public: the Sheriff's
    (elected in the thread), and a weight the host set with --weight when the game's
    ``public-weights`` option is on. A role's own weight is never shown: it would out the role.
    None when it is 1 or not public."""
    state = game.state
    if state.sheriff == name:
        weight = game.vote_weight(name)
    else:
        setup = game.setup.player(name)
        if not (state.options.get("public-weights") and setup and setup.weight is not None):
            return None
        weight = setup.weight
    return None if float(weight) == 1.0 else float(weight)


def shown_thresholds(game: "Game", count: "VoteCount") -> dict[str, int]:
    """The living players' elimination-threshold modifiers (Loved +1, Hated -1) as the count shows
    them: all of them with the game's ``public-thresholds`` option on, else none (the natural
    resolution seed keeps such modifiers private). Nothing under plurality: no wagon hammers."""
    opts = game.state.options
    if not opts.get("public-thresholds") or opts.get("majority") == "plurality":
        return {}
    return dict(count.thresholds)


def threshold_label(modifier: int) -> str:
    """+1 -> 'Loved', -1 -> 'Hated', any other -> '+2' / '-2' (the modifier itself)."""
    return {1: "Loved", -1: "Hated"}.get(modifier, f"{modifier:+d}")


def count_marker(game: "Game | None" = None) -> str:
    """The invisible marker every vote count post carries, so later counts skip hostkit's own
    posts; '' where the game's ``count-marker`` option is off (then list the host with --host)."""
    from ..votes.extract import COUNT_MARKER

    if game is not None and not game.state.options.get("count-marker", True):
        return ""
    return COUNT_MARKER


def vote_count_post(game: "Game", count: "VoteCount", *, host_notes: bool = False, preview: bool = False,
                    fmt: str | None = None, now: Any = None, start: int | None = None) -> str:
    """The vote count post (template ``vote_count``), carrying the invisible COUNT_MARKER.

    Context: ``game``, ``marker`` (print it once: ``{{ marker }}``), ``count``: {number ('1.03'),
    day, alive, majority, plurality (bool), wagons ([{target, label, none, votes, needed, short,
    l1, l2, voters: [{name, post, url}]}], voters in vote order), not_voting, abstained, eliminated, tie,
    hammer ({post, url} or None), last_post, thread, ignored}. Names are never coloured.
    With ``host_notes``, the host-only notes (see :func:`vote_count_host_notes`) follow after a
    ``--- host only ---`` line when there are any.
    """
    r = _renderer(game, fmt)
    ctx = _count_context(game, count, preview=preview, now=now, start=start)
    marker = count_marker(game)
    text = r.render("vote_count", game=game_context(game, r.format), count=ctx, marker=r.markup(marker))
    if marker and marker not in text:
        text = marker + text  # a restyled template that forgot the marker must still be skipped
    if host_notes:
        notes = vote_count_host_notes(game, count, fmt=fmt, now=now, start=start)
        if notes:
            text += f"\n{HOST_ONLY}\n{notes}"
    return text


def vote_count_host_notes(game: "Game", count: "VoteCount", *, fmt: str | None = None, now: Any = None,
                          start: int | None = None) -> str:
    """The host's eyes only: every ignored vote text with why, and a warning when the day has
    no start post (the count runs from the thread's first post) - template ``vote_count_host``,
    same context as vote_count; '' when there is nothing to say."""
    ctx = _count_context(game, count, now=now, start=start)
    if not count.ignored and not ctx["from_first_post"] and not ctx["all_thresholds"] and not count.strangers:
        return ""
    r = _renderer(game, fmt)
    return r.render("vote_count_host", game=game_context(game, r.format), count=ctx)


# ----------------------------------------------------------------------------- the end of the game


def end_context(game: "Game") -> dict[str, Any]:
    """The end-of-game post's context: winner, won (every player who won, 'Ed (Survivor)', where
    the ruleset names them), ended_by ('max-day'), players in seat order [{name, role, alignment,
    alive, died, cause (the truth: a masked death names its mask too), shown_cause (what the death
    post said), fate}], history [{label ('Night 1', 'Day 1'), events [str]}] with every
    phase played, a quiet one saying so."""
    from .fates import death_kinds, death_phrase

    state = game.state
    kinds = death_kinds(state)
    players = []
    for setup in game.setup.players:
        ps = state.players[setup.name]
        cause = _true_cause(ps)
        fate = "survived" if ps.alive else f"{death_phrase(state, cause, kinds.get(ps.name, ''))} on {ps.died}"
        players.append({"name": ps.name, "role": ps.role, "alignment": ps.alignment, "alive": ps.alive,
                        "died": ps.died or "", "cause": cause, "shown_cause": ps.cause or "", "fate": fate})
    by_when: dict[str, list[str]] = {}
    for player, kind, when, _index in state.deaths:
        ps = state.players[player]
        by_when.setdefault(when, []).append(f"{player} ({ps.role}) {death_phrase(state, _true_cause(ps), kind)}")
    history = []
    for ph in game.phases:
        rec = ph.record
        when = f"{rec.kind} {rec.number}"
        if rec.ended is None and not (state.winner and by_when.get(when)):
            continue  # a phase the game never played (begun after it ended), unless it ended the game
        events = list(by_when.get(when, []))
        if rec.kind == "day" and rec.ended is not None and not rec.eliminated:
            events.append("no one was eliminated")
        if not events:
            events.append("no one died" if rec.kind == "night" else "no one was eliminated")
        history.append({"label": rec.label[:1].upper() + rec.label[1:], "events": events})
    won = [f"{n} ({state.players[n].role})" for n in getattr(state, "won", {})]
    return {"winner": state.winner or "", "players": players, "history": history, "won": won,
            "ended_by": getattr(state, "ended_by", "")}


def _true_cause(ps: Any) -> str:
    """What killed a player, told at the end of the game: a death Combat Camouflage masked (tag
    `masked`, paranormal) shows its true cause and the mask ('Exterminator (masked as
    Vigilante)'); the death post, while the game went on, showed the mask only."""
    masked = ps.tags.get("masked") if not ps.alive else None
    if isinstance(masked, dict) and masked.get("cause") and masked["cause"] != ps.cause:
        return f"{masked['cause']} (masked as {ps.cause})"
    return ps.cause or ""


def end_post(game: "Game", *, fmt: str | None = None) -> str:
    """The end-of-game post (template ``end_post``): the winner, every player's role and fate, and
    a short phase-by-phase history. Refused while the game goes on. Context: ``game``, ``end``
    (see :func:`end_context`)."""
    if not game.state.winner:
        raise RuleError("the game is not over: the end post comes when a side has won")
    game.require_settled()
    r = _renderer(game, fmt)
    return r.render("end_post", game=game_context(game, r.format), end=end_context(game))
