"""The vote count post, rendered from the public view and the day's public votes, and the host's
notes kept apart from it (printed after a ``--- host only ---`` line).

The post's totals are public totals (decision, issue 28): each voter counts with their public
weight (public.py: the Sheriff's, a --weight with ``public-weights`` on; every private weight
counts 1), and L-1/L-2 measure those totals against the public majority. An elimination the day
has reached (a hammer, a majority of hand votes) is told: the day's end is public, even where a
private weight decided it. Under plurality the leader the post names is the public totals'
leader. The host's notes say what the real weighted totals are wherever they differ, the
LYLO/MYLO notice where the setup keeps it secret, and what to enter at the deadline.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping

from .context import _renderer
from .public import PublicView, plurality_pick, public_view, public_wagons

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.counts import VoteCount

HOST_ONLY = "--- host only ---"
NO_ELIMINATION = "No Elimination"


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


def public_standing(view: PublicView, count: "VoteCount") -> list[tuple["Any", float]]:
    """The count's wagons in public order with their public totals (public.public_wagons)."""
    ordered = public_wagons(view, [(w.target, w.voters) for w in count.wagons], [h.author for h in count.history])
    return [(count.wagons[i], total) for i, total in ordered]


def public_leader(view: PublicView, count: "VoteCount") -> tuple[str, bool]:
    """Under plurality, (who the public totals eliminate, tied): public.plurality_pick."""
    return plurality_pick([(w.target, t) for w, t in public_standing(view, count)],
                          str(view.options.get("tie") or "none"), count.eliminated)


def _count_context(view: PublicView, count: "VoteCount", extras: Mapping[str, Any], *,
                   preview: bool = False) -> dict[str, Any]:
    urls = count.post_urls
    thread = count.thread or view.thread
    opts = view.options
    plurality = opts.get("majority") == "plurality"
    offset = opts.get("no-elimination-offset", 0) or 0
    shown = shown_thresholds(view, count)
    wagons = []
    for w, votes in public_standing(view, count):
        need = count.majority + offset if w.target == "none" else (
            count.needed(w.target) if w.target in shown else count.majority)
        short = max(need - votes, 0)
        posts = list(w.posts) + [None] * (len(w.voters) - len(w.posts))
        wagons.append({
            "target": w.target, "label": NO_ELIMINATION if w.target == "none" else w.target,
            "none": w.target == "none", "votes": votes, "needed": float(need), "short": float(short),
            "l1": not plurality and 0 < short <= 1, "l2": not plurality and 1 < short <= 2,
            "voters": [{"name": v, "post": p, "url": post_url(thread, p, urls),
                        "weight": view.player(v).shown_weight if view.player(v) else None}
                       for v, p in zip(w.voters, posts)],
        })
    hammer = None
    if count.hammer is not None:
        hammer = {"post": count.hammer, "url": post_url(thread, count.hammer, urls)}
    eliminated, tie = (count.eliminated or "", count.tie)
    if plurality:
        eliminated, tie = public_leader(view, count)
    return {
        "preview": preview, "deadline": extras["deadline"], "notice": view.notice,
        "from_first_post": extras["from_first_post"],
        "number": count.count_number, "day": count.day, "alive": count.alive, "majority": float(count.majority),
        # the No Elimination wagon's threshold (majority plus the offset, at least 1), where there is one
        "none_majority": extras["none_majority"],
        # No Elimination reached its majority, also by a vote entered by hand (no hammer post then):
        # the day is over with no one eliminated, and later votes are ignored (after the hammer)
        "none_reached": extras["none_reached"],
        # the players whose wagon needs another number of votes, where the game makes that public
        "thresholds": [{"name": n, "needed": float(count.needed(n)), "modifier": shown[n],
                        "label": threshold_label(shown[n])} for n in shown],
        "plurality": plurality, "wagons": wagons, "not_voting": list(count.not_voting),
        "abstained": list(count.abstained),
        "eliminated": eliminated, "tie": tie, "hammer": hammer,
        "last_post": count.last_post, "thread": thread or "",
    }


def _host_context(game: "Game", view: PublicView, count: "VoteCount", ctx: dict[str, Any], extras: Mapping[str, Any]
                  ) -> dict[str, Any]:
    """The host's notes' context: the public one, with what the post leaves out."""
    from ...game.daytools import parity_notice
    from ...game.day.shortening import thread_asks

    urls = count.post_urls
    thread = ctx["thread"]
    totals = {w.target: t for w, t in public_standing(view, count)}
    shown = shown_thresholds(view, count)
    notice = parity_notice(game)
    return {**ctx,
            "ignored": [{"post": i.post, "author": i.author, "text": i.text, "reason": i.reason,
                         "url": post_url(thread, i.post, urls)} for i in count.ignored],
            # ignored vote texts that ask to shorten the day, for the host to enter ('hostkit shorten')
            "shorten": thread_asks(game, count.ignored),
            # every modifier, for the host's notes only
            "all_thresholds": [{"name": n, "needed": float(count.needed(n)), "modifier": m,
                                "label": threshold_label(m), "shown": n in shown} for n, m in count.thresholds.items()],
            # the real weighted totals, where a private weight makes them differ from the post's
            "weighted": [{"label": NO_ELIMINATION if w.target == "none" else w.target, "votes": float(w.votes),
                          "shown": totals[w.target]} for w in count.wagons if abs(w.votes - totals[w.target]) > 1e-9],
            "true_eliminated": count.eliminated or "", "true_tie": count.tie,
            # the LYLO/MYLO notice the announced setup does not make public
            "true_notice": notice if notice != view.notice else "",
            "rule": extras["rule"],
            # counted votes in posts edited since: the vote may be newer than its place
            "edited": [{"post": n, "author": a, "url": post_url(thread, n, urls)} for n, a in count.edited],
            # accounts that are no player but vote like one (a renamed forum account)
            "strangers": [{"name": x.name, "votes": x.votes, "player": x.player or "", "command": x.command(),
                           "candidates": [{"player": c, "command": x.command(c)} for c in x.candidates],
                           "unlike": list(x.unlike)}
                          for x in count.strangers]}


def _extras(game: "Game", view: PublicView, count: "VoteCount", now: Any, start: int | None) -> dict[str, Any]:
    from ...game.day.daycount import no_elimination
    from ...game.daytools import count_extras, deadline_words

    extras = count_extras(game, count, now=now, start=start)
    none_majority, none_reached = no_elimination(game, count)
    deadline = extras["deadline"]
    rule = ""
    if deadline and deadline["passed"]:
        public, rule = deadline_words(game, count, public_leader(view, count))
        deadline = {**deadline, "rule": public}
    return {**extras, "deadline": deadline, "none_majority": none_majority, "none_reached": none_reached,
            "rule": rule}


def shown_thresholds(view: PublicView | "Game", count: "VoteCount") -> dict[str, int]:
    """The living players' elimination-threshold modifiers (Loved +1, Hated -1) as the count shows
    them: all of them with the game's ``public-thresholds`` option on, else none (the natural
    resolution seed keeps such modifiers private). Nothing under plurality: no wagon hammers."""
    opts = view.options if isinstance(view, PublicView) else view.state.options
    if not opts.get("public-thresholds") or opts.get("majority") == "plurality":
        return {}
    return dict(count.thresholds)


def threshold_label(modifier: int) -> str:
    """+1 -> 'Loved', -1 -> 'Hated', any other -> '+2' / '-2' (the modifier itself)."""
    return {1: "Loved", -1: "Hated"}.get(modifier, f"{modifier:+d}")


def count_marker(game: "Game | PublicView | None" = None) -> str:
    """The invisible marker every vote count post carries, so later counts skip hostkit's own
    posts; '' where the game's ``count-marker`` option is off (then list the host with --host)."""
    from ...votes.extract import COUNT_MARKER

    opts = None if game is None else game.options if isinstance(game, PublicView) else game.state.options
    if opts is not None and not opts.get("count-marker", True):
        return ""
    return COUNT_MARKER


def vote_count_post(game: "Game", count: "VoteCount", *, host_notes: bool = False, preview: bool = False,
                    fmt: str | None = None, now: Any = None, start: int | None = None) -> str:
    """The vote count post (template ``vote_count``), carrying the invisible COUNT_MARKER,
    rendered from the public view and the count's public votes (see the module docstring).

    Context: ``game``, ``marker`` (print it once: ``{{ marker }}``), ``count``: {number ('1.03'),
    day, alive, majority, plurality (bool), wagons ([{target, label, none, votes (the public
    total), needed, short, l1, l2, voters: [{name, post, url, weight}]}], voters in vote order),
    not_voting, abstained, eliminated, tie, hammer ({post, url} or None), last_post, thread,
    deadline, notice}. Names are never coloured.
    With ``host_notes``, the host-only notes (see :func:`vote_count_host_notes`) follow after a
    ``--- host only ---`` line when there are any.
    """
    r = _renderer(game, fmt)
    view = public_view(game, r.format)
    extras = _extras(game, view, count, now, start)
    ctx = _count_context(view, count, extras, preview=preview)
    marker = count_marker(view)
    text = r.render("vote_count", game=view.game_context(r.format), count=ctx, marker=r.markup(marker))
    if marker and marker not in text:
        text = marker + text  # a restyled template that forgot the marker must still be skipped
    if host_notes:
        notes = _host_notes(game, view, count, extras, r)
        if notes:
            text += f"\n{HOST_ONLY}\n{notes}"
    return text


def vote_count_host_notes(game: "Game", count: "VoteCount", *, fmt: str | None = None, now: Any = None,
                          start: int | None = None) -> str:
    """The host's eyes only (template ``vote_count_host``; '' when there is nothing to say):
    every ignored vote text with why, a warning when the day has no start post (the count runs
    from the thread's first post), every elimination threshold, the real weighted totals where
    a private weight makes them differ from the post's (``count.weighted``: [{label, votes,
    shown}], with ``true_eliminated`` and ``true_tie``), the LYLO/MYLO notice the setup keeps
    secret (``true_notice``) and, past the deadline, what to enter (``rule``)."""
    r = _renderer(game, fmt)
    view = public_view(game, r.format)
    return _host_notes(game, view, count, _extras(game, view, count, now, start), r)


def _host_notes(game: "Game", view: PublicView, count: "VoteCount", extras: Mapping[str, Any], r: Any) -> str:
    ctx = _host_context(game, view, count, _count_context(view, count, extras), extras)
    if not (ctx["ignored"] or ctx["from_first_post"] or ctx["all_thresholds"] or ctx["weighted"]
            or ctx["true_notice"] or ctx["rule"] or ctx["strangers"] or ctx["shorten"] or ctx["edited"]):
        return ""
    return r.render("vote_count_host", game=view.game_context(r.format), count=ctx)
