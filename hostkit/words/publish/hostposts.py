"""The host's own posts in the thread, the ones a host used to write in the browser: the game's
opening (`game_start_post`), "Night N begins, actions due by ..." (`night_start`), the
Sheriff election's result (`sheriff_result_post`), the day's deadline (`deadline_post`) and the
day's opening, "It is Day 2; with 8 alive it takes 5" (`day_start_post`).

Each is rendered from the game's templates (game_start, night_start, sheriff_result, deadline,
day_start) out of the public view alone (public.py: what every player knows), with what the host
announces anyway: the vote markup, the deadline, the Sheriff election's totals (cast in the
thread), the setup's role list where the game's `open-setup` option says it is announced.
`hostkit watch` reuses the deadline and the day's opening (`day_start_context`).
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from ...model.errors import RuleError
from .context import _renderer
from .public import PublicView, public_view

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game

# How each vote markup is named in a post: never as a vote itself (no "VOTE:" nor "##vote", which
# a count would read as an empty vote), nor as a BBCode tag (which the forum would render).
MARKUP_WORDS = {"red": "red", "bold": "bold", "tag": "the vote tag", "hash": "two hashes before the word"}


def _rules(view: PublicView, markups: tuple[str, ...], game: "Game | None" = None) -> dict[str, Any]:
    """How the thread's count works, as every player may read it: alive (how many), majority (None under
    plurality), what No Elimination needs (None where it is not allowed), how to vote. By day
    (GAME given), alive and the majority are the day's count's own, as its post will show them
    (a player away, abducted, is not counted there)."""
    alive = sum(1 for p in view.players if p.alive)
    plurality = view.options.get("majority") == "plurality"
    majority = None if plurality else alive // 2 + 1
    if game is not None:
        from ...game.day.daycount import count_votes

        count = count_votes(game, [])  # no thread: only who votes and what it takes
        alive = count.alive
        majority = None if plurality else int(count.majority)
    none = None
    if view.options.get("no-elimination") is not False and majority is not None:  # (unset: allowed, as tally has it)
        none = max(1, majority + int(view.options.get("no-elimination-offset") or 0))
    return {"alive": alive, "majority": majority, "plurality": plurality, "no_elimination": none,
            "tie": view.options.get("tie") or "none",
            "markups": [MARKUP_WORDS[m] for m in markups if m in MARKUP_WORDS],
            "sheriff": view.sheriff, "thresholds": [{"player": p.name, "modifier": p.threshold}
                                                    for p in view.players if p.alive and p.threshold]}


def _view(game: "Game", fmt: str | None) -> tuple[Any, PublicView]:
    r = _renderer(game, fmt)
    return r, public_view(game, r.format)


def game_start_post(game: "Game", *, fmt: str | None = None) -> str:
    """The game's opening post. Template ``game_start``, context: ``game``, ``players`` (names,
    seat order), ``first`` ('night 1'), ``rules`` (alive, majority, plurality, no_elimination,
    tie, markups, sheriff, thresholds), ``roles`` ([{name, count}] where the setup is announced
    (option open-setup), else [])."""
    r, view = _view(game, fmt)
    first = game.phases[0].record
    roles: list[dict[str, Any]] = []
    if view.options.get("open-setup"):
        dealt = Counter(p.role for p in game.setup.players)  # the role list the host announces
        roles = [{"name": n, "count": c} for n, c in sorted(dealt.items())]
    return r.render("game_start", game=view.game_context(r.format), players=[p.name for p in view.players],
                    first=f"{first.kind} {first.number}", rules=_rules(view, tuple(game.setup.vote_markup)),
                    roles=roles)


def _when(text: str | None, now: datetime | None) -> dict[str, str] | None:
    from ...game.daytools import parse_deadline, time_left

    if not text:
        return None
    now = now or datetime.now(timezone.utc)
    at = parse_deadline(text, now)
    return {"at": at.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "iso": at.isoformat(),
            "left": time_left(at, now)}


def night_start(game: "Game", *, due: str | None = None, fmt: str | None = None,
                now: datetime | None = None) -> dict[str, Any]:
    """`hostkit post night [--json]`: {night, due ({at: '2026-11-23 18:00 UTC', iso, left} or
    None), alive (names), text (the post)}. DUE as `hostkit deadline` takes it ('2026-11-23
    18:00', '+1d'), read once, so the text and `due` say the same time. Template
    ``night_start``, context: ``game``, ``night``, ``due``, ``alive``."""
    if game.state.winner:
        raise RuleError(f"the game is over ({game.state.winner} won): no night begins")
    rec = game.current.record
    if rec.kind != "night":
        raise RuleError(f"it is {rec.label}: 'post night' opens a night, once the day has ended")
    r, view = _view(game, fmt)
    when = _when(due, now)
    alive = [p.name for p in view.players if p.alive]
    text = r.render("night_start", game=view.game_context(r.format), night=rec.number, due=when, alive=alive)
    return {"night": rec.number, "due": when, "alive": alive, "text": text}


def sheriff_result_post(game: "Game", *, fmt: str | None = None) -> str:
    """The Sheriff election's result (classic-werewolf, Day 1). Template ``sheriff_result``,
    context: ``game``, ``totals`` ([{name, votes}], most first), ``winner`` (a name, or '' for a
    tie), ``weight`` (the Sheriff's vote). The totals are the votes cast in the thread."""
    if not game.state.options.get("sheriff"):
        raise RuleError(f"{game.ruleset.name} has no Sheriff election")
    election = game.race.election
    if election is None:
        raise RuleError("no Sheriff election has closed: 'hostkit sheriff elect' closes it")
    r, view = _view(game, fmt)
    totals = sorted(election["totals"].items(), key=lambda kv: -kv[1])
    return r.render("sheriff_result", game=view.game_context(r.format),
                    totals=[{"name": n, "votes": v} for n, v in totals], winner=election["winner"] or "",
                    weight=float(game.state.options.get("sheriff-weight", 1.5)))


def _today(game: "Game") -> Any:
    if game.state.winner:
        raise RuleError(f"the game is over ({game.state.winner} won): there is no day to open")
    rec = game.current.record
    if rec.kind != "day" or rec.end is not None:
        raise RuleError(f"it is {rec.label}: this post is a day's")
    return rec


def deadline_post(game: "Game", *, fmt: str | None = None, now: datetime | None = None) -> str:
    """The day's deadline. Template ``deadline``, context: ``game``, ``day``, ``deadline``
    ({at, left}), ``rules`` (as the game's opening has them)."""
    from ...game.daytools import deadline_info

    rec = _today(game)
    info = deadline_info(game, now=now)
    if info is None:
        raise RuleError(f"day {rec.number} has no deadline: set it with 'hostkit deadline WHEN'")
    r, view = _view(game, fmt)
    return r.render("deadline", game=view.game_context(r.format), day=rec.number,
                    deadline={"at": info["at"], "left": info["left"], "passed": info["passed"]},
                    rules=_rules(view, tuple(game.setup.vote_markup), game))


def deadline_key(game: "Game") -> str:
    """What the day's deadline post is journalled as: a new deadline is a new post."""
    from ...game.daytools import deadline_info

    info = deadline_info(game) or {}
    return f"deadline day {game.current.record.number} {info.get('at', '')}".rstrip()


def day_start_key(game: "Game") -> str:
    """What the day's opening post is journalled as (one a day)."""
    return f"day {game.current.record.number} opening"


def day_start_post(game: "Game", *, fmt: str | None = None, now: datetime | None = None) -> str:
    """The day's opening: "It is Day N; with 8 alive it takes 5". Template ``day_start``,
    context: ``game``, ``day``, ``rules`` (as the game's opening has them), ``deadline`` ({at,
    left} or None), ``died`` (who died in the night just before it, as its death post told).
    Sent with `hostkit post day --send`, it opens the day: the day's votes count from it when no
    start post was set (forum.dayopen)."""
    from ...game.daytools import deadline_info
    from ...game.dayopening import night_before

    rec = _today(game)
    r, view = _view(game, fmt)
    info = deadline_info(game, now=now)
    before = night_before(game)
    news = view.nights.get(before) if before is not None else None
    died = [d.player for d in news.deaths] if news is not None else []
    return r.render("day_start", game=view.game_context(r.format), day=rec.number,
                    rules=_rules(view, tuple(game.setup.vote_markup), game), died=died,
                    deadline={"at": info["at"], "left": info["left"]} if info else None)
