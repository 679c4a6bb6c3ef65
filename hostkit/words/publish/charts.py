"""Pictures of a game, as plain SVG text: the night map and the day's vote timeline.

Both draw what the game already holds and compute nothing twice:
- the night map draws the recorded NightOutcome of a resolved night (the engine's `acts`: where
  each action landed, whether it was blocked or failed, whom it visited; `places`: who was away,
  jailed, commuted or abducted; the deaths and saves), never a new resolution;
- the vote timeline draws a VoteCount's `history` (the count `hostkit votes` made and cached, or
  the host's hand votes counted by the tally), each vote weighted as the count weighed it.

The SVG is written by hand (no drawing library: nothing to install, nothing to import at start-up)
and carries its structure as data: every player is a `<g class="node" data-player=...>`, every
action a `<g class="edge" data-actor=... data-target=... data-ability=... data-status=...>`, every
wagon a `<g class="wagon" data-target=...>`, so tests and scripts can read a picture without
looking at pixels. PNG is rendered from that SVG by resvg (the resvg-py wheel) with a bundled
font (font-source-sans-pro), imported only when a PNG is asked for.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ...model.errors import HostkitError, RuleError

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.outcome import ActTrace, NightOutcome

FONT = "'Source Sans Pro', 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif"
INK = "#1a202c"
MUTED = "#718096"
DEATH = "#c53030"
SAVE = "#2f855a"
# Alignment colours: the town side is blue; every other side takes the next colour.
TOWN_WORDS = ("town", "village")
TOWN = "#2b6cb0"
SIDES = ("#c53030", "#6b46c1", "#b7791f", "#2c7a7b", "#d53f8c", "#4a5568", "#9c4221", "#276749")
# wagon lines: no red, which the majority line and the hammer use
WAGON_COLOURS = ("#2b6cb0", "#dd6b20", "#2f855a", "#6b46c1", "#2c7a7b", "#d53f8c", "#b7791f", "#4a5568",
                 "#9c4221", "#319795", "#805ad5", "#744210")
PLACE_WORDS = {"away": "away", "jailed": "jailed", "commuted": "commuted", "abducted": "abducted"}
STATUS_WORDS = {"blocked": "blocked", "failed": "failed", "redirected": "redirected"}


def _e(text: Any) -> str:
    return escape(str(text), quote=True)


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def side_colours(game: "Game") -> dict[str, str]:
    """Alignment -> colour for this game's players: the town blue, the others in seat order."""
    out: dict[str, str] = {}
    others = iter(SIDES * 4)
    for p in game.setup.players:
        align = game.state.players[p.name].alignment if p.name in game.state.players else ""
        if align in out:
            continue
        out[align] = TOWN if any(w in align.lower() for w in TOWN_WORDS) else next(others)
    return out


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


def _title(game: "Game") -> str:
    return game.setup.title or game.ruleset.title


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


def _svg_open(width: float, height: float, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="hostkit-chart" width="{_f(width)}" '
            f'height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" role="img" '
            f'aria-label="{_e(label)}" font-family="{_e(FONT)}" fill="{INK}">\n'
            f'<rect width="100%" height="100%" fill="#ffffff"/>')


def _marker_id(colour: str) -> str:
    return "arrow-" + colour.lstrip("#")


def _defs(colours: Iterable[str]) -> str:
    parts = ["<defs>"]
    for colour in dict.fromkeys([*colours, INK, MUTED]):
        parts.append(f'<marker id="{_marker_id(colour)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
                     f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>')
    parts.append(f'<marker id="stop" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="9" markerHeight="9" '
                 f'orient="auto"><path d="M5,0 L5,10" stroke="{MUTED}" stroke-width="2.5"/></marker>')
    parts.append("</defs>")
    return "".join(parts)


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


LABEL_TS = (0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75, 0.45, 0.55)


def place_label(at: Any, text: str, taken: list[tuple[float, float, float, float]], size: float = 12
                ) -> tuple[float, float]:
    """Where on its arrow a label goes: the first of a few points along it whose box overlaps no
    label or node placed so far (else the least overlapping); the box is then taken."""
    w, h = 0.56 * size * len(text) + 6, size + 4
    best, best_overlap = None, math.inf
    for t in LABEL_TS:
        x, y = at(t)
        box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        overlap = sum(max(0.0, min(box[2], o[2]) - max(box[0], o[0])) * max(0.0, min(box[3], o[3]) - max(box[1], o[1]))
                      for o in taken)
        if overlap < best_overlap:
            best, best_overlap = (x, y, box), overlap
        if overlap == 0:
            break
    assert best is not None
    taken.append(best[2])
    return best[0], best[1]


def _towards(x: float, y: float, tx: float, ty: float, dist: float) -> tuple[float, float]:
    dx, dy = tx - x, ty - y
    length = math.hypot(dx, dy) or 1.0
    return x + dx / length * dist, y + dy / length * dist


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


def _n(value: Any) -> str:
    v = float(value or 0)
    return str(int(v)) if v.is_integer() else f"{v:g}"


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "\u2026"


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


# --------------------------------------------------------------------------- PNG


def font_files() -> list[str]:
    """The bundled font's files (font-source-sans-pro), so a PNG's text looks the same on every
    machine, fonts installed or not."""
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("font_source_sans_pro")
    if spec is None or not spec.origin:
        return []
    files = Path(spec.origin).parent / "files"
    return [str(files / f"SourceSansPro-{w}.ttf") for w in ("Regular", "Bold", "It")
            if (files / f"SourceSansPro-{w}.ttf").is_file()]


def to_png(svg: str, *, scale: float = 2.0) -> bytes:
    """Render an SVG to PNG with resvg, at SCALE times its size (2: sharp in a forum post)."""
    try:
        import resvg_py
    except ImportError:  # pragma: no cover - a declared dependency
        raise HostkitError("PNG output needs the resvg-py package: pip install resvg-py") from None
    fonts = font_files()
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=scale, background="#ffffff",
                                           skip_system_fonts=bool(fonts), font_files=fonts or None,
                                           font_family="Source Sans Pro" if fonts else None,
                                           sans_serif_family="Source Sans Pro" if fonts else None))
    except ValueError as exc:  # pragma: no cover - our own SVG
        raise HostkitError(f"cannot render the PNG: {exc}") from None
