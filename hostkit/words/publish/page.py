"""`hostkit page`: the whole game as one self-contained HTML file (no network, no JavaScript).

The page shows the players (roles, status, standing effects), every phase with its actions,
outcome, log and posts, the night maps and vote timelines (nightmap.py and votechart.py, inline SVG), and the
current vote count. It is rendered by templates/page/page.html (a game folder's
templates/page/page.html overrides it) with HTML autoescaping.

Secret by default; `public=True` keeps only what the players may know: while the game runs, the
living players' roles, every action, result, log and night map are left out, and the dead show
what the game's flip level reveals. Once the game is over, everything is public (it is what the
host posts at the end), the host's notes on ignored vote texts excepted.

`day_count` is the one place a day's count is found for a picture: the last count `hostkit votes`
kept for that day, else the host's hand votes counted by the tally, else (asked for with --html
or --url) the current day's thread counted afresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from ...model.errors import RuleError
from ...rules.items import inert_grants
from ...game.standing import tag_texts
from .rulings_text import ruling_lines

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.view import Phase
    from .public import PublicView


class DayCount(NamedTuple):
    """A day's count as a picture needs it: the VoteCount's JSON, and where it came from."""

    count: dict[str, Any]
    source: str  # "count 1.03 (saved by hostkit votes)", "hand votes", "the thread"
    start_post: int | None = None
    deadline: str | None = None
    deadline_post: int | None = None


def _day_phase(game: "Game", day: int | None) -> "Phase":
    days = [ph for ph in game.phases if ph.record.kind == "day"]
    if not days:
        raise RuleError("no day has begun yet: there are no votes to draw")
    if day is None:
        return days[-1]
    for ph in days:
        if ph.record.number == day:
            return ph
    raise RuleError(f"there is no day {day} (days so far: {', '.join(str(p.record.number) for p in days)})")


def deadline_of(game: "Game", ph: "Phase", posts: Sequence[Any] = ()) -> tuple[str | None, int | None]:
    """The day's deadline where the host set one (the day's last `deadline` entry; an empty one
    clears it): ('2026-11-23 18:00 UTC', the last post made by then, where the thread's posts with
    their times are at hand and some came after it), else (None, None)."""
    from datetime import datetime, timezone

    at = None
    for e in sorted(ph.record.events, key=lambda e: e.seq):
        if e.kind == "deadline":
            at = (e.data or {}).get("at") or None
    if not at:
        return None, None
    try:
        when = datetime.fromisoformat(str(at))
    except ValueError:
        return str(at), None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    text = when.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    before, after = [], False
    for post in posts:
        try:
            t = datetime.fromisoformat(post.time) if post.time else None
        except ValueError:
            t = None
        if t is None:
            continue
        if t.tzinfo is None:
            t = t.replace(tzinfo=timezone.utc)
        if t <= when:
            before.append(post.number)
        else:
            after = True
    return text, (max(before) if before and after else None)


def day_count(game: "Game", day: int | None = None, *, html: Sequence[Path] = (), url: str | None = None) -> DayCount:
    """The count of DAY (default: the current or last day) for its picture; see the module doc."""
    from ...game.day.daycount import count_votes, saved_counts
    from ...votes.count import read_pages

    ph = _day_phase(game, day)
    rec = ph.record
    current = ph is game.current and rec.ended is None
    deadline, deadline_post = deadline_of(game, ph)
    if html or url:
        if not current:
            raise RuleError(f"--html and --url count the current day's thread; day {rec.number} is over "
                            "(its last saved count is drawn without them)")
        pages = read_pages(folder=game.folder, html=html, url=url or game.setup.thread)
        count = count_votes(game, pages)
        deadline, deadline_post = deadline_of(game, ph, [p for page in pages for p in page.posts])
        return DayCount(count.to_json(), "the thread, counted now", rec.start_post, deadline, deadline_post)
    saved = saved_counts(game.folder, rec.number)
    if saved and (game.setup.thread or not current or not rec.votes):
        last = saved[-1]
        return DayCount(last, f"count {last.get('count_number') or '?'} (the last saved by hostkit votes)",
                        rec.start_post, deadline, deadline_post)
    if current:
        count = count_votes(game, [])
        return DayCount(count.to_json(), "the votes entered by hand", rec.start_post, deadline, deadline_post)
    return DayCount(_past_hand_count(game, ph), "the votes entered by hand", rec.start_post, deadline, deadline_post)


def _past_hand_count(game: "Game", ph: "Phase") -> dict[str, Any]:
    """A finished day that was never counted from a thread: its hand votes, counted by the tally
    with the players who were alive that day."""
    from ...model.counts import VoteSetupPlayer
    from ...game.day.daycount import hash_seed
    from ...votes.tally import tally

    dead_before = {p for p, _, _, index in game.state.deaths if index < ph.index}
    players = [VoteSetupPlayer(p.name, tuple(p.aliases) + tuple(p.previous), p.name not in dead_before,
                               game.vote_weight(p.name), threshold=p.threshold, previous=tuple(p.previous))
               for p in game.setup.players]
    opts = game.state.options
    rec = ph.record
    return tally([], players, day=rec.number, hosts=game.setup.hosts, manual=rec.votes,
                 markups=game.setup.vote_markup, start_post=rec.start_post,
                 majority=opts.get("majority", "half-plus-one"),
                 no_elimination_offset=int(opts.get("no-elimination-offset", 0)), tie=opts.get("tie", "none"),
                 allow_no_elimination=bool(opts.get("no-elimination", True)),
                 rng_seed=hash_seed(game.setup.seed, rec.number)).to_json()


# --------------------------------------------------------------------------- the page


def _reveal(game: "Game", name: str, public: bool, over: bool, view: "PublicView | None") -> dict[str, str]:
    """What the page shows of a player's role: all of it to the host (and to everyone once the
    game is over); to the players, their flip in the public view (nothing of the living)."""
    ps = game.state.players[name]
    if view is None or not public or over:
        return {"role": ps.role, "alignment": ps.alignment}
    p = view.player(name)
    flip = p.flip if p is not None else None
    return {"role": flip.role if flip else "", "alignment": flip.alignment if flip else ""}


def _players(game: "Game", public: bool, over: bool, view: "PublicView | None" = None) -> list[dict[str, Any]]:
    s = game.state
    if public and not over and view is not None:
        # the players as the thread knows them: the public view only
        return [{"seat": p.seat, "name": p.name, "aliases": list(p.aliases), "alive": p.alive, "died": p.died,
                 "cause": p.cause, "weight": p.vote, "effects": ["Sheriff"] if p.sheriff else [],
                 **_reveal(game, p.name, public, over, view)} for p in view.players]
    out = []
    for seat, p in enumerate(game.setup.players, start=1):
        ps = s.players[p.name]
        effects = [f"{k}: {v} left" for k, v in sorted(ps.charges.items())]
        effects += [f"{k} \u00d7{v}" if v != 1 else k for k, v in sorted(ps.items.items()) if v]
        # in words: no bookkeeping, no lapsed stun, an item that does nothing in their hands said so
        effects += tag_texts(ps.tags, (s.phase, s.number), inert_grants(game.ruleset, ps, s.role_of(p.name)))
        if s.sheriff == p.name:
            effects.insert(0, "Sheriff")
        cause = ps.cause or ""
        if not ps.alive and isinstance(ps.tags.get("masked"), dict) and not public:
            cause = ps.tags["masked"].get("cause") or cause  # Combat Camouflage fools players, not the host
        out.append({"seat": seat, "name": p.name, "aliases": list(p.aliases) + list(p.previous),
                    "alive": ps.alive, "died": ps.died or "", "cause": cause,
                    "weight": game.weight(p.name), "effects": effects, **_reveal(game, p.name, public, over, view)})
    return out


def _night(game: "Game", ph: "Phase", show_secret: bool, view: "PublicView", public: bool = False) -> dict[str, Any]:
    from ..text import action_line
    from .nightmap import night_svg
    from .posts import death_post

    rec = ph.record
    n = rec.number
    outcome = game.outcomes.get(n)
    data: dict[str, Any] = {"kind": "night", "number": n, "label": f"Night {n}", "id": f"night-{n}",
                            "resolved": outcome is not None, "secret": show_secret}
    from ..text import masked_causes, saved_lines

    masked = masked_causes(outcome) if outcome and show_secret else {}
    if show_secret:
        data["deaths"] = [{"player": d.player, "location": d.location, "flavour": d.flavour,
                           "cause": masked[d.player]["cause"] if d.player in masked else d.cause}
                          for d in outcome.deaths] if outcome else []
        data["revived"] = list(outcome.revived) if outcome else []
    else:  # the night as its death post told it
        news = view.nights.get(n)
        data["deaths"] = [{"player": d.player, "location": d.location, "flavour": d.flavour, "cause": ""}
                          for d in news.deaths] if news else []
        data["revived"] = list(news.revived) if news else []
    data["posts"] = [{"title": "Death post", "text": death_post(game, n)}] if outcome else []
    if not show_secret:
        return data
    bare, said = game.untargeted_abilities(), _message_abilities(game)
    data["actions"] = [action_line(a, 0 if a.ability.lower() in bare else None,
                                   "message" if a.ability.lower() in said else "Guild") for a in ph.actions]
    if outcome:
        data["traces"] = [{"actor": a.actor, "ability": a.ability, "entered": ", ".join(a.entered) or "(no target)",
                           "landed": ", ".join(a.targets) or "(no target)", "status": a.status, "reason": a.reason,
                           "automatic": a.automatic} for a in outcome.acts]
        data["saved"] = saved_lines(outcome)  # 'saved: ...', never for a player who died ('stopped: ...')
        data["blocked"] = [f"{b.player} by {', '.join(b.by)}" + (" (told)" if b.notified else " (not told)")
                           for b in outcome.blocked]
        data["results"] = [f"{r.player} ({r.ability}" + (f" on {r.target}" if r.target else "") + "): "
                           + (r.result if isinstance(r.result, str) else ", ".join(r.result) or "nothing")
                           for r in outcome.results]
        data["failed"] = [f"{f.player}'s {f.ability}: {f.reason}" for f in outcome.failed]
        data["notices"] = [f"{x.player}: {x.text}" for x in outcome.notices]
        data["log"] = list(outcome.log)
        data["chart"] = night_svg(game, n, secret=not public)
        from .pms import night_pms
        data["pms"] = [{"player": p, "text": t} for p, t in night_pms(game, n)]
    return data


def _day(game: "Game", ph: "Phase", show_secret: bool, html: Sequence[Path], url: str | None,
         view: "PublicView", public: bool = False) -> dict[str, Any]:
    from ...model.counts import HistoryEntry, Ignored, VoteCount, Wagon
    from ..text import action_line
    from .votechart import votes_svg
    from .posts import flip_post, vote_count_post, vote_count_host_notes

    rec = ph.record
    n = rec.number
    current = ph is game.current and rec.ended is None
    data: dict[str, Any] = {"kind": "day", "number": n, "label": f"Day {n}", "id": f"day-{n}", "current": current,
                            "secret": show_secret, "ended": rec.ended is not None, "posts": []}
    data["eliminated"] = rec.eliminated if rec.ended is not None else None
    data["events"] = ruling_lines(game, ph, public=public and not show_secret)
    data["hand_votes"] = [f"{v.voter}: " + ("unvote" if v.target is None else v.target)
                          + (f" (after post {v.after_post})" if v.after_post is not None else "") for v in rec.votes]
    if show_secret:
        from ..text import outcome_text

        bare, said = game.untargeted_abilities(), _message_abilities(game)
        data["actions"] = [action_line(a, 0 if a.ability.lower() in bare else None,
                                       "message" if a.ability.lower() in said else "Guild") for a in (*ph.done, *ph.actions)]
        # seed natural II: what the day's actions did (Immediate ones at once, the rest at the day's end)
        data["day_outcomes"] = [outcome_text(o) for o in ph.outcomes]
        from .nightmap import day_outcome, day_svg

        drawn = day_outcome(game, n)
        # the day map, as a night's, where the day did more than its elimination (which the
        # vote timeline shows): actions, shots, other deaths
        if drawn.acts or any(d.kind != "eliminated" for d in drawn.deaths):
            data["map"] = day_svg(game, n, secret=not public)
    found = day_count(game, n, html=html if current else (), url=url if current else None)
    c = found.count
    if not show_secret:  # every private weight counts one vote (public.py)
        from .public import public_count

        c = public_count(view, c)
    data["count"] = {"source": found.source, "wagons": c.get("wagons", []), "not_voting": c.get("not_voting", []),
                     "majority": _majority(c), "alive": c.get("alive"), "eliminated": c.get("eliminated"),
                     "hammer": c.get("hammer"), "deadline": found.deadline,
                     "ignored": c.get("ignored", []) if show_secret else []}
    data["chart"] = votes_svg(game, c, start_post=found.start_post, deadline=found.deadline,
                              deadline_post=found.deadline_post, public=not show_secret)
    if c.get("history") or c.get("wagons"):
        count = VoteCount(
            day=c["day"], alive=c["alive"], majority=_majority(c), plurality=c.get("rule") == "plurality",
            abstained=tuple(c.get("abstained", ())),
            wagons=tuple(Wagon(w["target"], w["votes"], tuple(w["voters"]), tuple(w.get("posts", ()))) for w in c["wagons"]),
            not_voting=tuple(c.get("not_voting", ())), eliminated=c.get("eliminated"), tie=c.get("tie", False),
            history=tuple(HistoryEntry(h.get("post"), h["author"], h.get("target"), h.get("source", "thread"))
                          for h in c.get("history", ())),
            ignored=tuple(Ignored(i.get("post"), i["author"], i["text"], i["reason"]) for i in c.get("ignored", ())),
            hammer=c.get("hammer"), last_post=c.get("last_post"), count_number=c.get("count_number", ""),
            thread=game.setup.thread, thresholds=dict(c.get("thresholds") or {}))
        if current:
            data["posts"].append({"title": "Vote count", "text": vote_count_post(game, count)})
            if show_secret and count.ignored:
                data["posts"].append({"title": "Host notes: vote texts not counted",
                                      "text": vote_count_host_notes(game, count)})
    if data["eliminated"]:
        data["posts"].append({"title": f"Flip: {data['eliminated']}", "text": flip_post(game, data["eliminated"])})
    return data


def game_page(game: "Game", *, public: bool = False, html: Sequence[Path] = (), url: str | None = None) -> str:
    """The game's page as HTML text (see the module docstring)."""
    from ..render import bundled_dir
    from .context import game_context

    from .public import public_view

    over = bool(game.state.winner)
    show_secret = not public or over
    view = public_view(game)
    phases = []
    for ph in game.phases:
        if over and ph.record.ended is None and not _played(game, ph):
            continue  # the phase the record opened after the game ended: never played
        if ph.record.kind == "night":
            phases.append(_night(game, ph, show_secret, view, public))
        else:
            phases.append(_day(game, ph, show_secret, html, url, view, public))
    cur = game.current.record
    context = {
        "game": view.game_context() if public else game_context(game), "public": public, "over": over, "secret": not public,
        "winner": game.state.winner, "phase": f"{cur.kind} {cur.number}" if not over else "over",
        "players": _players(game, public, over, view), "phases": phases,
        "alive": len(game.state.alive()), "total": len(game.setup.players),
        "thread": game.setup.thread or "", "sheriff": game.state.sheriff,
        "current_count": None if over else next((p for p in reversed(phases) if p["kind"] == "day" and p.get("current")),
                                                None),
        "warnings": list(game.state.warnings) if not public else [],
    }
    return _environment(game, bundled_dir()).get_template("page.html").render(**context)


def _played(game: "Game", ph: "Phase") -> bool:
    """Whether anything happened in a phase that never ended: a death (the one that ended the
    game), an entry (an action, a vote, a ruling)."""
    rec = ph.record
    when = f"{rec.kind} {rec.number}"
    return (any(w == when for _, _, w, _ in game.state.deaths) or bool(rec.actions or rec.votes or rec.events)
            or bool(getattr(ph, "outcomes", ())))


def _environment(game: "Game", bundled: Any) -> Any:
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined

    from ...store.tomlio import refuse_special

    own = Path(game.folder) / "templates" / "page"
    if own.is_dir():  # a named pipe among the host's page templates would block the read for ever
        for f in sorted(own.rglob("*")):
            refuse_special(f)
    loaders = [FileSystemLoader(str(own))] if own.is_dir() else []
    loaders.append(FileSystemLoader(str(bundled / "page")))
    return Environment(loader=ChoiceLoader(loaders), autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def _majority(count: dict[str, Any]) -> Any:
    """A count's majority: under plurality the JSON's 'majority' is null, and 'half_plus_one' holds it."""
    return count.get("majority") if count.get("majority") is not None else count.get("half_plus_one")


def _message_abilities(game) -> set[str]:
    """The abilities whose choice is a message (a Messenger's), named in lower case."""
    return {ab.name.lower() for r in game.ruleset.roles.values() for ab in r.abilities if ab.choose == "message"}
