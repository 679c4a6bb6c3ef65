"""Pictures of a game, as plain SVG text: what the night map (nightmap.py) and the vote timeline
(votechart.py) share, and PNG.

Both draw what the game already holds and compute nothing twice. The SVG is written by hand (no
drawing library: nothing to install, nothing to import at start-up) and carries its structure as
data: every player is a `<g class="node" data-player=...>`, every action a `<g class="edge"
data-actor=... data-target=... data-ability=... data-status=...>`, every wagon a `<g class="wagon"
data-target=...>`, so tests and scripts can read a picture without looking at pixels. PNG is
rendered from that SVG by resvg (the resvg-py wheel) with a bundled font (font-source-sans-pro),
imported only when a PNG is asked for.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, Iterable

from ...model.errors import HostkitError

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game

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

def _title(game: "Game") -> str:
    return game.setup.title or game.ruleset.title


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


def _n(value: Any) -> str:
    v = float(value or 0)
    return str(int(v)) if v.is_integer() else f"{v:g}"


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "\u2026"


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
