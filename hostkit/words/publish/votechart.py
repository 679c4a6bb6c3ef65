"""The day's vote timeline: a VoteCount's `history` (the count `hostkit votes` made and cached, or the
host's hand votes counted by the tally), each vote weighted as the count weighed it, wagons against
post number. Shared drawing is in charts.py.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .charts import DEATH, MUTED, WAGON_COLOURS, _clip, _e, _f, _n, _svg_open, _title

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game


# --------------------------------------------------------------------------- the vote timeline


def wagon_series(count: Mapping[str, Any], weights: Mapping[str, float], start: int | None = None
                 ) -> tuple[dict[str, list[tuple[float, float]]], list[float]]:
    """Each wagon's weighted size after every counted vote, from the count's `history` (a vote
    entered by hand, with no post, is placed after the post before it; where no vote has a post,
    the x is the vote's place in the order entered). Returns (target -> [(x, size)], the xs of
    the history)."""
    current: dict[str, str] = {}
    series: dict[str, list[tuple[float, float]]] = {}
    xs: list[float] = []
    last = float(start) if start is not None else None
    history = count.get("history") or []
    first_post = next((h["post"] for h in history if h.get("post") is not None), None)
    if first_post is None:
        start = None
    if last is None or first_post is None:
        last = float(first_post) if first_post is not None else 0.0

    def size(target: str) -> float:
        return sum(weights.get(v, 1.0) for v, t in current.items() if t == target)

    by_order = first_post is None  # hand votes only: draw them in the order they were entered
    if by_order:
        last = 0.0
    for i, h in enumerate(history, start=1):
        x = float(i) if by_order else float(h["post"]) if h.get("post") is not None else last
        last = x
        xs.append(x)
        voter, target = h["author"], h.get("target")
        before = current.pop(voter, None)
        if target is not None:
            current[voter] = target
        for t in {before, target} - {None}:
            series.setdefault(t, [(x, 0.0)] if not series.get(t) else series[t])
            series[t].append((x, size(t)))
    return series, xs


def _verdict(game: "Game", count: Mapping[str, Any], plurality: bool) -> str:
    """What became of the count's leader: 'hammered' where a majority was reached (by a post, or
    by votes entered by hand); under plurality 'goes at the deadline' while the day runs, and
    'was eliminated' once the host ended it with that elimination."""
    if count.get("hammer") is not None or not plurality:
        return "hammered"
    day = next((ph.record for ph in game.phases
                if ph.record.kind == "day" and ph.record.number == count.get("day")), None)
    if day is not None and day.ended is not None:
        return "was eliminated" if day.eliminated == count["eliminated"] else "led the count"
    return "goes at the deadline"


def votes_svg(game: "Game", count: Mapping[str, Any], *, start_post: int | None = None,
              deadline: str | None = None, deadline_post: int | None = None, public: bool = False) -> str:
    """The vote timeline of a day: each wagon's weighted size (a step line) against post number,
    the majority line, the hammer, and the deadline where one is set. `count` is a VoteCount's
    JSON (`hostkit votes --json`, as cached). With `public`, the timeline the host may share: every
    vote weighs what the public view says (publish/public.py: a private weight counts 1), and under
    plurality the leader named is the public totals' leader."""
    if public:
        from .public import public_count, public_view

        view = public_view(game)
        weights = {p.name: view.vote(p.name) for p in view.players}
        count = public_count(view, count)
    else:
        weights = {p.name: game.vote_weight(p.name) for p in game.setup.players}
        _fit_weights(count, weights)
    series, xs = wagon_series(count, weights, start_post)
    by_order = not any(h.get("post") is not None for h in count.get("history") or [])
    if by_order:
        start_post, deadline_post, hammer_x, last_post = None, None, None, None
    else:
        hammer_x, last_post = count.get("hammer"), count.get("last_post")
    day = count.get("day")
    majority = float(count.get("majority") or count.get("half_plus_one") or 0)
    hammer = hammer_x
    final = {w["target"]: w for w in count.get("wagons", [])}
    lows = ([start_post] if start_post is not None else []) + xs
    x_lo = 0.0 if by_order or not lows else min(lows)
    x_hi = max([x for x in (last_post, hammer, deadline_post) if x is not None] + xs + [x_lo + 1])
    if x_hi <= x_lo:
        x_hi = x_lo + 1
    y_hi = max([majority] + [s for pts in series.values() for _, s in pts] + [1.0]) + 1

    width, height = 860.0, 460.0
    left, right, top, bottom = 64.0, 200.0, 78.0, 56.0
    pw, ph = width - left - right, height - top - bottom

    def X(v: float) -> float:
        return left + (v - x_lo) / (x_hi - x_lo) * pw

    def Y(v: float) -> float:
        return top + ph - v / y_hi * ph

    wagon_names = sorted(series, key=lambda t: (-(final.get(t, {}).get("votes") or 0),
                                                -max(s for _, s in series[t]), t))
    colours = {t: WAGON_COLOURS[i % len(WAGON_COLOURS)] for i, t in enumerate(wagon_names)}
    if "none" in colours:
        colours["none"] = "#4a5568"
    title = f"{_title(game)}: day {day} votes"
    plurality = game.state.options.get("majority") == "plurality"
    sub = f"majority {_n(majority)} of {count.get('alive')} alive" + (" (plurality: the leader at the deadline goes)"
                                                                      if plurality else "")
    if count.get("eliminated"):
        sub += f"; {count['eliminated']} " + _verdict(game, count, plurality)
    elif count.get("tie"):
        sub += "; tied"
    if count.get("count_number"):
        sub += f"; count {count['count_number']}"
    out = [_svg_open(width, height, title),
           f'<text x="{_f(width / 2)}" y="30" text-anchor="middle" font-size="20" font-weight="bold">{_e(title)}</text>',
           f'<text x="{_f(width / 2)}" y="52" text-anchor="middle" font-size="13" fill="{MUTED}">{_e(sub)}</text>']
    # axes and grid
    out.append('<g class="axes" font-size="11" fill="#4a5568">')
    step = max(1, math.ceil(y_hi / 8))
    v = 0
    while v <= y_hi:
        out.append(f'<line x1="{_f(left)}" y1="{_f(Y(v))}" x2="{_f(left + pw)}" y2="{_f(Y(v))}" stroke="#edf2f7"/>')
        out.append(f'<text x="{_f(left - 8)}" y="{_f(Y(v) + 4)}" text-anchor="end">{v}</text>')
        v += step
    for p in _ticks(x_lo, x_hi):
        out.append(f'<line x1="{_f(X(p))}" y1="{_f(top + ph)}" x2="{_f(X(p))}" y2="{_f(top + ph + 5)}" stroke="#4a5568"/>')
        out.append(f'<text x="{_f(X(p))}" y="{_f(top + ph + 18)}" text-anchor="middle">{p}</text>')
    out.append(f'<line x1="{_f(left)}" y1="{_f(top + ph)}" x2="{_f(left + pw)}" y2="{_f(top + ph)}" stroke="#4a5568"/>')
    out.append(f'<line x1="{_f(left)}" y1="{_f(top)}" x2="{_f(left)}" y2="{_f(top + ph)}" stroke="#4a5568"/>')
    axis = "vote, in the order entered by hand" if by_order else "post number"
    out.append(f'<text x="{_f(left + pw / 2)}" y="{_f(height - 14)}" text-anchor="middle" font-size="12">{axis}</text>')
    out.append(f'<text x="16" y="{_f(top + ph / 2)}" text-anchor="middle" font-size="12" '
               f'transform="rotate(-90 16 {_f(top + ph / 2)})">votes (weighted)</text>')
    out.append("</g>")
    # majority
    out.append(f'<g class="majority" data-value="{_n(majority)}"><line x1="{_f(left)}" y1="{_f(Y(majority))}" '
               f'x2="{_f(left + pw)}" y2="{_f(Y(majority))}" stroke="{DEATH}" stroke-width="1.5" stroke-dasharray="8 4"/>'
               f'<text x="{_f(left + pw - 4)}" y="{_f(Y(majority) - 6)}" text-anchor="end" font-size="12" '
               f'fill="{DEATH}">majority {_n(majority)}</text></g>')
    # deadline and hammer
    if deadline_post is not None:
        out.append(_vline("deadline", X(deadline_post), top, ph, "#b7791f", f"deadline (post {deadline_post})",
                          deadline_post))
    if hammer is not None:
        out.append(_vline("hammer", X(hammer), top, ph, DEATH, f"hammer: post {hammer}", hammer))
    # wagons
    for target in wagon_names:
        pts = series[target]
        colour = colours[target]
        end_x = hammer if hammer is not None else (last_post if last_post is not None else max(xs))
        d = _steps(pts, X, Y, max(end_x, pts[-1][0]))
        label = "No Elimination" if target == "none" else target
        votes_now = final.get(target, {}).get("votes", pts[-1][1])
        out.append(f'<g class="wagon" data-target="{_e(target)}" data-final="{_n(votes_now)}" '
                   f'data-peak="{_n(max(s for _, s in pts))}"><title>{_e(label)}: {_n(votes_now)}</title>'
                   f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>')
        for x, s in pts[1:]:
            out.append(f'<circle cx="{_f(X(x))}" cy="{_f(Y(s))}" r="2.5" fill="{colour}"/>')
        out.append("</g>")
    # the key, right of the plot
    ky = top + 4
    out.append('<g class="key" font-size="12">')
    for target in wagon_names:
        label = "No Elimination" if target == "none" else target
        w = final.get(target)
        votes_now = w["votes"] if w else 0
        out.append(f'<line x1="{_f(left + pw + 18)}" y1="{_f(ky)}" x2="{_f(left + pw + 38)}" y2="{_f(ky)}" '
                   f'stroke="{colours[target]}" stroke-width="3"/>'
                   f'<text x="{_f(left + pw + 44)}" y="{_f(ky + 4)}">{_e(_clip(label, 18))} ({_n(votes_now)})</text>')
        ky += 18
    if not wagon_names:
        out.append(f'<text x="{_f(left + pw / 2)}" y="{_f(top + ph / 2)}" text-anchor="middle" fill="{MUTED}">'
                   "no votes counted yet</text>")
    if deadline and deadline_post is None:
        # two lines: 'deadline: 2026-11-30 00:06 UTC' is wider than the key's column
        out.append(f'<text x="{_f(left + pw + 18)}" y="{_f(ky + 12)}" fill="#b7791f">deadline:'
                   f'<tspan x="{_f(left + pw + 18)}" dy="15">{_e(deadline)}</tspan></text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _fit_weights(count: Mapping[str, Any], weights: dict[str, float]) -> None:
    """Where a final wagon's total shows its voters were weighed otherwise (a Sheriff's badge that
    has since passed, a weight changed after the count), take the count's word for it: a wagon
    whose voters all weigh alike splits its total evenly."""
    for w in count.get("wagons", []):
        voters = w.get("voters") or []
        if not voters:
            continue
        total = sum(weights.get(v, 1.0) for v in voters)
        if abs(total - float(w.get("votes", total))) > 1e-9 and len(set(weights.get(v, 1.0) for v in voters)) == 1:
            for v in voters:
                weights[v] = float(w["votes"]) / len(voters)


def _ticks(lo: float, hi: float) -> list[int]:
    span = hi - lo
    raw = span / 8 if span > 0 else 1
    mag = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    step = max(1, int(step))
    first = int(math.ceil(lo / step) * step)
    return list(range(first, int(hi) + 1, step))


def _steps(pts: Sequence[tuple[float, float]], X, Y, end: float) -> str:
    x0, y0 = pts[0]
    d = [f"M{_f(X(x0))},{_f(Y(y0))}"]
    prev = y0
    for x, s in pts[1:]:
        d.append(f"H{_f(X(x))}")
        if s != prev:
            d.append(f"V{_f(Y(s))}")
        prev = s
    d.append(f"H{_f(X(end))}")
    return " ".join(d)


def _vline(cls: str, x: float, top: float, ph: float, colour: str, label: str, post: int) -> str:
    return (f'<g class="{cls}" data-post="{post}"><line x1="{_f(x)}" y1="{_f(top - 6)}" x2="{_f(x)}" '
            f'y2="{_f(top + ph)}" stroke="{colour}" stroke-width="1.5"/>'
            f'<text x="{_f(x - 4)}" y="{_f(top - 10)}" text-anchor="end" font-size="12" fill="{colour}">{_e(label)}</text></g>')
