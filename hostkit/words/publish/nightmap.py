"""The night map (and a day's actions drawn the same way): the recorded NightOutcome of a resolved
night (the engine's `acts`: where each action landed, whether it was blocked or failed, whom it
visited; `places`: who was away, jailed, commuted or abducted; the deaths and saves), never a new
resolution. Shared drawing is in charts.py.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...model.errors import RuleError
from .charts import (DEATH, INK, MUTED, PLACE_WORDS, SAVE, STATUS_WORDS, _defs, _e, _f, _marker_id, _svg_open, _title,
    _towards, place_label, side_colours)

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.outcome import ActTrace, NightOutcome


# --------------------------------------------------------------------------- the night map


def night_outcome(game: "Game", night: int) -> "NightOutcome":
    """The recorded outcome of a resolved night, or a one-line error."""
    outcome = game.outcomes.get(night)
    if outcome is None:
        done = ", ".join(str(n) for n in sorted(game.outcomes)) or "none yet"
        raise RuleError(f"night {night} has not been resolved (resolved nights: {done}); "
                        "'hostkit resolve --dry-run' previews the current night")
    return outcome


def roles_at(game: "Game", night: int) -> dict[str, tuple[str, str]]:
    """Each player's (role, alignment) as night NIGHT began: the role dealt, with the conversions
    that earlier nights' outcomes recorded (their `convert` changes) applied in order."""
    roles = game.ruleset.roles
    out = {}
    for p in game.setup.players:
        role = roles.get(p.role)
        out[p.name] = (p.role, role.alignment if role else "")
    for number in sorted(n for n in game.outcomes if n < night):
        for c in game.outcomes[number].changes:
            if c.kind == "convert" and c.player in out and c.key in roles:
                out[c.player] = (roles[c.key].name, roles[c.key].alignment)
    return out


def night_svg(game: "Game", night: int, *, secret: bool = True) -> str:
    """The night map of a resolved night: players on a ring in seat order, each action an arrow
    from its actor to where it landed, labelled with its ability; blocked, failed and redirected
    actions drawn differently; the dead, the away, the jailed, the commuted and the abducted
    marked; tonight's deaths and saves marked. Secret: it shows roles' actions."""
    return _map_svg(game, night_outcome(game, night), f"night {night}", roles_at(game, night), secret=secret)


# --------------------------------------------------------------------------- the day map


def day_outcome(game: "Game", day: int) -> "NightOutcome":
    """Everything day DAY did, as one outcome for the map: the day actions resolved so far (at
    once, and at the day's end: seed natural II), a last shot recorded that day (a Hunter's, a
    Hold-out Blaster's) as an action of the shooter, and every death of the day (the
    elimination, a shot, a host's kill, the day actions' kills) with its cause. `places` holds
    the players alive when the day began."""
    from ...model.outcome import ActTrace, Death, NightOutcome

    ph = next((p for p in game.phases if p.record.kind == "day" and p.record.number == day), None)
    if ph is None:
        days = ", ".join(str(p.record.number) for p in game.phases if p.record.kind == "day") or "none yet"
        raise RuleError(f"day {day} has not begun (days so far: {days})")
    outcomes = list(ph.outcomes or ())
    acts = [a for o in outcomes for a in o.acts]
    deaths = [d for o in outcomes for d in o.deaths]
    state = game.state
    label = f"day {day}"
    # a last shot of the day: one recorded by day, or a banished player's, recorded on the night
    # after (seed classic BanishmentResolution: the shot belongs to the day's end)
    after = [p for p in game.phases if p.index == ph.index + 1]
    for p in (ph, *after):
        for e in sorted(p.record.events, key=lambda e: e.seq):
            if e.kind == "shot" and e.actor and e.target and (
                    p is ph or (e.actor in state.players and state.players[e.actor].died == label)):
                acts.append(ActTrace(e.actor, "Last shot", (e.target,), (e.target,), "done", visited=(e.target,)))
    index = ph.index  # state.deaths holds the phase's 1-based index
    shot = {a.targets[0] for a in acts if a.ability == "Last shot"}
    seen = {d.player for d in deaths}
    for player, kind, when, i in state.deaths:
        if (i == index or when == label or (player in shot and kind == "shot")) and player not in seen:
            seen.add(player)
            cause = state.players[player].cause or kind
            deaths.append(Death(player, "eliminated" if kind == "eliminated" else cause, "", "", kind))
    dead_before = {p for p, _, _, i in state.deaths if i < index}
    places = {p.name: "home" for p in game.setup.players if p.name not in dead_before}
    return NightOutcome(night=day, deaths=tuple(deaths), saved=tuple(s for o in outcomes for s in o.saved),
                        blocked=tuple(b for o in outcomes for b in o.blocked),
                        revived=tuple(r for o in outcomes for r in o.revived), acts=tuple(acts), places=places,
                        phase="day")


def day_svg(game: "Game", day: int, *, secret: bool = True) -> str:
    """The day map: the night map's picture of day DAY (see day_outcome): its actions and shots
    as arrows, its deaths (the elimination among them) and saves marked. Secret: it shows
    roles' actions. A day in progress shows what happened so far."""
    ph = next((p for p in game.phases if p.record.kind == "day" and p.record.number == day), None)
    outcome = day_outcome(game, day)
    return _map_svg(game, outcome, f"day {day}", roles_before(game, ph.index if ph else 0), secret=secret)


def roles_before(game: "Game", index: int) -> dict[str, tuple[str, str]]:
    """Each player's (role, alignment) when the phase at INDEX (1-based) began: the conversions of
    the nights before it applied."""
    nights = [p.record.number for p in game.phases if p.index < index and p.record.kind == "night"]
    return roles_at(game, max(nights) + 1) if nights else roles_at(game, -10**9)


def _unmasked(outcome: "NightOutcome") -> "NightOutcome":
    """The outcome with each death's true cause: the map is the host's, so a death Combat
    Camouflage masked (paranormal) reads 'Exterminator, masked as Vigilante', as resolve says;
    the death post keeps the mask."""
    from ..text import masked_causes

    masked = masked_causes(outcome)
    if not masked:
        return outcome
    return outcome._replace(deaths=tuple(
        d._replace(cause=f"{masked[d.player]['cause']}, masked as {d.cause}") if d.player in masked else d
        for d in outcome.deaths))


def _map_svg(game: "Game", outcome: "NightOutcome", label: str, at_dusk: dict[str, tuple[str, str]], *,
             secret: bool = True) -> str:
    """The ring map of one outcome (a night's, or a day's: see night_svg). SECRET stamps it as
    the host's; a map on the public page of a finished game is everyone's and says so."""
    outcome = _unmasked(outcome)
    names = [p.name for p in game.setup.players]
    n = len(names)
    colours = side_colours(game)
    align = {name: a for name, (_, a) in at_dusk.items()}
    roles = {name: r for name, (r, _) in at_dusk.items()}
    died = {d.player: d for d in outcome.deaths}
    saved = {s.player: s for s in outcome.saved if s.player not in died}  # a save that did not keep them alive is none
    blocked = {b.player for b in outcome.blocked}
    places = dict(outcome.places)

    radius = max(170.0, n * 84 / (2 * math.pi))
    margin_x, top = 200.0, 92.0
    cx = radius + margin_x
    cy = top + radius + 74
    width = 2 * cx
    node_r = 15.0
    pos: dict[str, tuple[float, float, float]] = {}
    for i, name in enumerate(names):
        angle = -math.pi / 2 + 2 * math.pi * i / max(n, 1)
        pos[name] = (cx + radius * math.cos(angle), cy + radius * math.sin(angle), angle)

    acts = [a for a in outcome.acts if a.status != "skipped"]
    skipped = [a for a in outcome.acts if a.status == "skipped"]
    untargeted = [a for a in acts if not _drawn_targets(a)]
    legend_top = cy + radius + 96
    notes = _night_notes(outcome, untargeted, skipped)
    height = legend_top + 112 + 18 * len(notes)

    out = [_svg_open(width, height, f"{label.capitalize()} map"),
           _defs(colours.values()),
           f'<text x="{_f(width / 2)}" y="34" text-anchor="middle" font-size="22" font-weight="bold">'
           f'{_e(_title(game))}: {_e(label)}</text>',
           f'<text x="{_f(width / 2)}" y="58" text-anchor="middle" font-size="13" fill="{MUTED}">'
           f'{_e(_night_summary(outcome))}</text>',
           f'<text x="{_f(width / 2)}" y="76" text-anchor="middle" font-size="11" fill="{DEATH if secret else MUTED}">'
           + ('Secret: host information' if secret else 'Revealed at the end of the game') + '</text>']

    # edges under the nodes; labels keep clear of the nodes and of each other
    taken = [(x - node_r - 3, y - node_r - 3, x + node_r + 3, y + node_r + 3) for x, y, _ in pos.values()]
    taken += [_name_box(name, *pos[name], node_r) for name in names]
    pair_count: dict[tuple[str, str], int] = {}
    out.append('<g class="edges">')
    for act in acts:
        colour = colours.get(align.get(act.actor, ""), INK)
        for slot, target in enumerate(_drawn_targets(act)):
            key = (act.actor, target)
            k = pair_count.get(key, 0) + pair_count.get((target, act.actor), 0)
            pair_count[key] = pair_count.get(key, 0) + 1
            entered = act.entered[slot] if slot < len(act.entered) else target
            moved = act.status != "blocked" and entered != target
            style = act.status if act.status in ("blocked", "failed") else "redirected" if moved else "done"
            label = act.ability + (f" {slot + 1}" if len(_drawn_targets(act)) > 1 else "")
            if act.automatic:
                label += " (auto)"
            if style != "done":
                label += f" ({STATUS_WORDS[style]})"
            title = _act_title(act, target, entered, style)
            out.append(_edge(pos, act.actor, target, k, colour, style, label, title, act, cx, cy, node_r, taken))
            if moved and entered in pos:
                out.append(_ghost(pos, act.actor, entered, k, cx, cy, node_r, act))
    out.append("</g>")

    # nodes
    out.append('<g class="nodes">')
    for name in names:
        x, y, angle = pos[name]
        state = "dead" if name not in places else "alive"
        place = places.get(name, "")
        marks = []
        if name in died:
            marks.append("eliminated" if died[name].kind == "eliminated" else "killed")
        if name in saved:
            marks.append("saved")
        if name in blocked:
            marks.append("blocked")
        if name in outcome.revived:
            marks.append("revived")
        used = [a.ability + ("" if a.status == "done" else f" ({a.status})") for a in untargeted if a.actor == name]
        colour = colours.get(align.get(name, ""), INK)
        out.append(_node(name, roles[name], x, y, angle, node_r, state, place, marks, colour,
                         died.get(name), saved.get(name), used))
    out.append("</g>")
    out.append(_night_legend(width, legend_top, colours, notes, day=outcome.phase == "day"))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _night_summary(outcome: "NightOutcome") -> str:
    deaths = ", ".join(f"{d.player} ({d.cause})" for d in outcome.deaths) or "no one"
    dead = {d.player for d in outcome.deaths}
    saves = ", ".join(s.player for s in outcome.saved if s.player not in dead) or "no one"
    return f"Dies: {deaths}.  Saved: {saves}.  Actions: {len(outcome.acts)}."


def _drawn_targets(act: "ActTrace") -> tuple[str, ...]:
    """A blocked action never left: it is drawn to what was entered; any other to where it landed."""
    return act.entered if act.status == "blocked" else act.targets


def _act_title(act: "ActTrace", target: str, entered: str, style: str) -> str:
    text = f"{act.actor}'s {act.ability} on {target}"
    if style == "redirected":
        text += f" (entered on {entered})"
    if act.reason:
        text += f": {act.reason}"
    return text


def _night_notes(outcome: "NightOutcome", untargeted: Sequence["ActTrace"], skipped: Sequence["ActTrace"]) -> list[str]:
    notes = []
    for a in untargeted:
        notes.append(f"{a.actor}: {a.ability}" + (f" ({a.status}: {a.reason})" if a.reason else ""))
    if skipped:
        notes.append("Skipped: " + ", ".join(f"{a.actor} ({a.ability})" for a in skipped))
    for d in outcome.deaths:
        notes.append(f"\u2020 {d.player}: {d.cause}" + (f", found {d.where}" if d.location else "")
                     + (f" (by {', '.join(d.by)})" if d.by else ""))
    dead = {d.player for d in outcome.deaths}
    for s in outcome.saved:
        notes.append(f"Stopped: an attack on {s.player} by {', '.join(s.by)} ({s.player} died all the same)"
                     if s.player in dead else f"Saved: {s.player} by {', '.join(s.by)}")
    return notes


def _curve(pos: Mapping[str, tuple[float, float, float]], a: str, b: str, k: int, cx: float, cy: float,
           node_r: float) -> tuple[str, Any]:
    """The path of an arrow from a to b (the k-th between them), and its point at t (0..1), where
    a label may go."""
    x1, y1, ang1 = pos[a]
    if a == b:  # a self-target: a loop outside the ring
        ux, uy = math.cos(ang1), math.sin(ang1)
        px, py = -uy, ux
        size = 34 + 12 * k
        sx, sy = x1 + node_r * (ux + px * 0.6), y1 + node_r * (uy + py * 0.6)
        ex, ey = x1 + node_r * (ux - px * 0.6), y1 + node_r * (uy - py * 0.6)
        c1 = (x1 + ux * size * 1.6 + px * size * 0.8, y1 + uy * size * 1.6 + py * size * 0.8)
        c2 = (x1 + ux * size * 1.6 - px * size * 0.8, y1 + uy * size * 1.6 - py * size * 0.8)
        d = f"M{_f(sx)},{_f(sy)} C{_f(c1[0])},{_f(c1[1])} {_f(c2[0])},{_f(c2[1])} {_f(ex)},{_f(ey)}"
        return d, lambda t: (x1 + ux * size * (1.25 + (t - 0.5)), y1 + uy * size * (1.25 + (t - 0.5)))
    x2, y2, _ = pos[b]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    # bend toward the centre of the ring (arrows stay inside it); a second arrow between the same
    # two players bends to the other side of the first
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    if (cx - mx) * nx + (cy - my) * ny < 0:
        nx, ny = -nx, -ny
    bend = 0.2 * length * (1 if k % 2 == 0 else -0.8) * (1 + k // 2 * 0.7)
    qx, qy = mx + nx * bend, my + ny * bend
    # start and end on the node circles, along the tangents of the curve
    sx, sy = _towards(x1, y1, qx, qy, node_r + 2)
    ex, ey = _towards(x2, y2, qx, qy, node_r + 4)
    d = f"M{_f(sx)},{_f(sy)} Q{_f(qx)},{_f(qy)} {_f(ex)},{_f(ey)}"
    return d, lambda t: ((1 - t) ** 2 * sx + 2 * t * (1 - t) * qx + t * t * ex,
                         (1 - t) ** 2 * sy + 2 * t * (1 - t) * qy + t * t * ey)


def _edge(pos, actor: str, target: str, k: int, colour: str, style: str, label: str, title: str,
          act: "ActTrace", cx: float, cy: float, node_r: float, taken: list) -> str:
    if target not in pos or actor not in pos:
        return ""
    d, at = _curve(pos, actor, target, k, cx, cy, node_r)
    lx, ly = place_label(at, label, taken)
    dash = {"blocked": ' stroke-dasharray="7 5"', "failed": ' stroke-dasharray="2 4"',
            "redirected": ' stroke-dasharray="10 3 2 3"'}.get(style, "")
    stroke = MUTED if style in ("blocked", "failed") else colour
    marker = 'url(#stop)' if style == "blocked" else f"url(#{_marker_id(stroke)})"
    label_fill = MUTED if style in ("blocked", "failed") else colour
    return (f'<g class="edge" data-actor="{_e(actor)}" data-target="{_e(target)}" data-ability="{_e(act.ability)}" '
            f'data-status="{style}" data-entered="{_e(",".join(act.entered))}">'
            f'<title>{_e(title)}</title>'
            f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{2.2 if style == "done" else 1.8}"{dash} '
            f'marker-end="{marker}"/>'
            f'<text class="label" x="{_f(lx)}" y="{_f(ly + 4)}" text-anchor="middle" font-size="12" '
            f'fill="{label_fill}" stroke="#ffffff" stroke-width="3.5" paint-order="stroke" '
            f'stroke-linejoin="round">{_e(label)}</text></g>')


def _ghost(pos, actor: str, entered: str, k: int, cx: float, cy: float, node_r: float, act: "ActTrace") -> str:
    """The target that was entered but not reached (a redirect or a bus drive moved the action)."""
    d, _ = _curve(pos, actor, entered, k + 1, cx, cy, node_r)
    return (f'<g class="ghost" data-actor="{_e(actor)}" data-target="{_e(entered)}" data-ability="{_e(act.ability)}">'
            f'<title>{_e(f"{actor} entered {act.ability} on {entered}")}</title>'
            f'<path d="{d}" fill="none" stroke="#a0aec0" stroke-width="1.2" stroke-dasharray="3 3"/></g>')


def _name_box(name: str, x: float, y: float, angle: float, r: float) -> tuple[float, float, float, float]:
    """Roughly where a node's name, role and marks are written (see _node), for label placement."""
    ux, uy = math.cos(angle), math.sin(angle)
    lx, ly = x + ux * (r + 12), y + uy * (r + 12)
    w = max(8.0 * len(name), 70.0)
    if ux > 0.3:
        return (lx, ly - 18, lx + w, ly + 26)
    if ux < -0.3:
        return (lx - w, ly - 18, lx, ly + 26)
    ly += 14 if uy > 0 else -30
    return (lx - w / 2, ly - 14, lx + w / 2, ly + 30)


def _node(name: str, role: str, x: float, y: float, angle: float, r: float, state: str, place: str,
          marks: list[str], colour: str, death: Any, save: Any, used: Sequence[str] = ()) -> str:
    dead = state == "dead"
    fill = "#edf2f7" if dead else "#ffffff"
    stroke = "#a0aec0" if dead else colour
    parts = [f'<g class="node" data-player="{_e(name)}" data-role="{_e(role)}" data-state="{state}" '
             f'data-place="{_e(place)}" data-marks="{_e(" ".join(marks))}">',
             f'<title>{_e(name)} ({_e(role)}){": dead" if dead else ""}{f", {place}" if place and place != "home" else ""}</title>']
    if place == "jailed":
        parts.append(f'<rect x="{_f(x - r - 4)}" y="{_f(y - r - 4)}" width="{_f(2 * r + 8)}" height="{_f(2 * r + 8)}" '
                     f'fill="none" stroke="{INK}" stroke-width="1.5"/>')
        for dx in (-r / 2, 0, r / 2):
            parts.append(f'<line x1="{_f(x + dx)}" y1="{_f(y - r - 4)}" x2="{_f(x + dx)}" y2="{_f(y + r + 4)}" '
                         f'stroke="{INK}" stroke-width="1"/>')
    if save is not None:
        parts.append(f'<circle class="saved" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r + 6)}" fill="none" '
                     f'stroke="{SAVE}" stroke-width="3"/>')
    dash = ' stroke-dasharray="4 3"' if place in ("away", "commuted", "abducted") or dead else ""
    parts.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="{stroke}" '
                 f'stroke-width="{1.5 if dead else 2.5}"{dash}/>')
    if death is not None:
        parts.append(f'<circle class="killed" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r - 3)}" fill="{DEATH}"/>')
        parts.append(f'<path d="M{_f(x - 6)},{_f(y - 6)} L{_f(x + 6)},{_f(y + 6)} M{_f(x + 6)},{_f(y - 6)} '
                     f'L{_f(x - 6)},{_f(y + 6)}" stroke="#ffffff" stroke-width="2.5"/>')
    elif dead:
        parts.append(f'<text x="{_f(x)}" y="{_f(y + 5)}" text-anchor="middle" font-size="14" fill="{MUTED}">\u2020</text>')
    # the name outside the ring, then the role and the marks
    ux, uy = math.cos(angle), math.sin(angle)
    lx, ly = x + ux * (r + 12), y + uy * (r + 12)
    anchor = "start" if ux > 0.3 else "end" if ux < -0.3 else "middle"
    if anchor == "middle":
        ly += 14 if uy > 0 else -30
    else:
        ly -= 4
    words = []
    if dead:
        words.append("dead")
    if place in PLACE_WORDS:
        words.append(PLACE_WORDS[place])
    if death is not None:
        words.append("eliminated" if death.kind == "eliminated" else f"killed: {death.cause}")
    if save is not None:
        words.append("saved")
    if "blocked" in marks:
        words.append("blocked")
    if "revived" in marks:
        words.append("revived")
    words += list(used)
    name_fill = MUTED if dead else INK
    parts.append(f'<text class="name" x="{_f(lx)}" y="{_f(ly)}" text-anchor="{anchor}" font-size="14" '
                 f'font-weight="bold" fill="{name_fill}">{_e(name)}</text>')
    parts.append(f'<text class="role" x="{_f(lx)}" y="{_f(ly + 14)}" text-anchor="{anchor}" font-size="11" '
                 f'fill="{MUTED}">{_e(role)}</text>')
    if words:
        tone = DEATH if death is not None else SAVE if save is not None else MUTED
        parts.append(f'<text class="marks" x="{_f(lx)}" y="{_f(ly + 27)}" text-anchor="{anchor}" font-size="11" '
                     f'font-style="italic" fill="{tone}">{_e(", ".join(words))}</text>')
    parts.append("</g>")
    return "".join(parts)


def _night_legend(width: float, top: float, colours: Mapping[str, str], notes: Sequence[str], *,
                  day: bool = False) -> str:
    x = 24.0
    parts = [f'<g class="legend" transform="translate(0,{_f(top)})">',
             f'<line x1="16" y1="-14" x2="{_f(width - 16)}" y2="-14" stroke="#e2e8f0"/>']
    samples = [("done", "", INK, f"url(#{_marker_id(INK)})"),
               ("redirected", ' stroke-dasharray="10 3 2 3"', INK, f"url(#{_marker_id(INK)})"),
               ("failed", ' stroke-dasharray="2 4"', MUTED, f"url(#{_marker_id(MUTED)})"),
               ("blocked", ' stroke-dasharray="7 5"', MUTED, "url(#stop)")]
    for i, (word, dash, colour, marker) in enumerate(samples):
        sx = x + i * 150
        parts.append(f'<path d="M{_f(sx)},6 L{_f(sx + 46)},6" stroke="{colour}" stroke-width="2"{dash} marker-end="{marker}"/>')
        parts.append(f'<text x="{_f(sx + 54)}" y="10" font-size="12">{word}</text>')
    y = 34
    sx = x
    for align, colour in colours.items():
        parts.append(f'<circle cx="{_f(sx + 6)}" cy="{y - 4}" r="6" fill="#fff" stroke="{colour}" stroke-width="2.5"/>')
        parts.append(f'<text x="{_f(sx + 16)}" y="{y}" font-size="12">{_e(align or "no side")}</text>')
        sx += 28 + 7 * len(align or "no side")
    y += 22
    keys = [(f'<circle cx="{_f(x + 6)}" cy="{y - 4}" r="6" fill="{DEATH}"/>', "died today" if day else "killed tonight"),
            (f'<circle cx="{_f(x + 156)}" cy="{y - 4}" r="7" fill="none" stroke="{SAVE}" stroke-width="3"/>', "saved"),
            (f'<circle cx="{_f(x + 306)}" cy="{y - 4}" r="6" fill="#edf2f7" stroke="#a0aec0" stroke-dasharray="4 3"/>',
             "dead, away, commuted or abducted"),
            (f'<rect x="{_f(x + 540)}" y="{y - 10}" width="12" height="12" fill="none" stroke="{INK}"/>', "jailed")]
    for i, (shape, word) in enumerate(keys):
        parts.append(shape)
        parts.append(f'<text x="{_f(x + [16, 168, 316, 558][i])}" y="{y}" font-size="12">{_e(word)}</text>')
    y += 24
    for note in notes:
        parts.append(f'<text class="note" x="{_f(x)}" y="{y}" font-size="12">{_e(note)}</text>')
        y += 18
    parts.append("</g>")
    return "".join(parts)
