"""What an element's style does to its text: red in any spelling, bold, a rainbow tint, inline.

This module owns the colours and font weights a post body's elements set, as the walk over a
body (hostkit.votes.walk) reads them, and the flags a piece of text carries (red, bold, quoted,
tinted, in code). Pure functions, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hostkit.votes.postmeta import lazy_re

if TYPE_CHECKING:
    import lxml.etree


@lru_cache(maxsize=1)
def etree() -> Any:
    """lxml.etree, imported at the first call: the modules that read a body's elements (this one,
    walk, marks, extract) are loaded by every count, and a recount whose pages all come from the
    page cache reads no element, so it never loads lxml (a sixth of its instructions)."""
    import lxml.etree

    return lxml.etree


_RED, _BOLD, _QUOTE, _TINT, _CODE, _LINE, _HIDDEN = 1, 2, 4, 8, 16, 32, 64  # a text piece's flags (_TINT: a
# letter or two in a colour; _CODE: in a code block, where BBCode is shown as written; _LINE: a line that
# opens with a vote text, whatever its markup, kept so that a count lists it when nothing counts it;
# _HIDDEN: text no reader sees as written, white or tiny or struck through, never counted, only listed)
_MARKED = _RED | _BOLD | _TINT


_NAMED_COLOURS = {
    "red": (255, 0, 0), "darkred": (139, 0, 0), "maroon": (128, 0, 0), "firebrick": (178, 34, 34),
    "crimson": (220, 20, 60), "orangered": (255, 69, 0), "indianred": (205, 92, 92),
    "tomato": (255, 99, 71), "brown": (165, 42, 42),
}
_RGB = lazy_re(r"rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)")


def _channel(v: str) -> float:
    return float(v[:-1]) * 2.55 if v.endswith("%") else float(v)


def _spelt(value: str) -> tuple[str, tuple[float, float, float] | None, bool]:
    """A colour as written: (the value compared with colour names: lower case, without
    !important or quotes; its red, green and blue when spelt in hex or rgb(); whether an
    eight-digit hex makes it nearly transparent)."""
    v = value.strip().lower().replace("!important", "").strip().strip("'\"")
    h = v[1:] if v.startswith("#") else v
    if re.fullmatch(r"[0-9a-f]{3,4}", h):
        return v, (int(h[0] * 2, 16), int(h[1] * 2, 16), int(h[2] * 2, 16)), False
    if re.fullmatch(r"[0-9a-f]{6}([0-9a-f]{2})?", h):
        return v, (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)), len(h) == 8 and int(h[6:], 16) < 64
    m = _RGB().match(v)
    return v, (_channel(m.group(1)), _channel(m.group(2)), _channel(m.group(3))) if m else None, False


@lru_cache(maxsize=1024)
def _is_red(value: str) -> bool:
    """Red in any spelling: a hue within 10 degrees of pure red, saturated and not too dark.

    So #f00, #FF0000, Red, rgb(255, 0, 0), #DD0000, dark red and XenForo 2's palette reds
    (rgb(226, 80, 65), rgb(184, 49, 47)) count; orange (#FF4000), crimson, pink and pale red do not.
    """
    v, rgb, _ = _spelt(value)
    rgb = _NAMED_COLOURS.get(v, rgb)
    if rgb is None:
        return False
    r, g, b = rgb
    hi, lo = max(rgb), min(rgb)
    if hi != r or hi < 115 or hi - lo < 0.6 * hi:
        return False
    hue = 60.0 * (g - b) / (hi - lo)
    return -10.0 <= hue <= 10.0


_STYLE_COLOUR = re.compile(r"(?i)(?<![\w-])color\s*:\s*([^;]+)")
_STYLE_WEIGHT = re.compile(r"(?i)font-weight\s*:\s*([\w-]+)")


def _colours(style: str) -> bool:
    """Whether a style can make text red or bold: it names a colour or a font weight, as
    _STYLE_COLOUR and _STYLE_WEIGHT need (no character beyond ASCII matches any letter of
    "color" or "font-we" under IGNORECASE, nor lowers to one)."""
    low = style.lower()
    return "color" in low or "font-we" in low


def _styled(el: lxml.etree._Element, red: bool, bold: bool, style: str | None,
            colour: str | None) -> tuple[bool, bool, int, bool]:
    """(red, bold, tint, inline) inside EL, given red and bold outside it: its style's last
    colour and its weight, and its color attribute (which wins over the style); tint is _TINT
    when EL colours a letter or two (rainbow text: one colour an element), or _HIDDEN when EL
    hides its text (`_hides`), and inline whether the style makes EL inline (MafiaScum prints
    [b], [i] and [color] as inline divs). STYLE and COLOUR are EL's style and color attributes
    (None when it has none), as the caller read them with its others (each read costs a call
    into lxml)."""
    tint = 0
    inline = False
    if style:
        last, hides, weight, inline = _read_style(style)
        if last is not None:
            red = _is_red(last)
            tint = _HIDDEN if _is_pale(last) else _tinted(el)
        if hides:
            tint = _HIDDEN
        if weight is not None:
            bold = weight
    if colour is not None:
        red = _is_red(colour)
        tint = _HIDDEN if _is_pale(colour) else _tinted(el)
    return red, bold, tint, inline


@lru_cache(maxsize=4096)
def _read_style(style: str) -> tuple[str | None, bool, bool | None, bool]:
    """What a style attribute says to _styled: its last colour (None when it names none), whether
    it hides its text (`_hides`), whether its font weight is bold (None when it sets none), and
    whether it makes its element inline. Kept by the style's text: a thread's [b], [i] and [color]
    print the same few styles thousands of times (MafiaScum: "display:inline;font-weight:bold"),
    and reading one cost a lower() and up to four regex searches."""
    low = style.lower()  # each regex only where its name is written (see _colours)
    colour = None
    if "color" in low:
        colours = _STYLE_COLOUR.findall(style)
        if colours:
            colour = colours[-1]
    hides = bool(("font-size" in low or "decoration" in low or "visibility" in low or "opacity" in low)
                 and _hides(low))
    weight = None
    if "font-we" in low:
        found = _STYLE_WEIGHT.search(style)
        if found:
            weight = found.group(1).lower() in ("bold", "bolder", "600", "700", "800", "900")
    return colour, hides, weight, "inline" in low and _INLINE.search(low) is not None


_PALE_NAMES = frozenset({
    "white", "snow", "ghostwhite", "whitesmoke", "ivory", "azure", "aliceblue", "mintcream", "seashell",
    "floralwhite", "linen", "honeydew", "lavenderblush", "oldlace", "transparent",
})
_PALE = 224  # every channel at least this: white or a forum's pale background (#ECF3F7, #E1EBF2)


@lru_cache(maxsize=1024)
def _is_pale(value: str) -> bool:
    """A text colour no reader sees on a forum's light page: white, a white by name, transparent,
    or any colour whose every channel is at least _PALE (phpBB prosilver's post backgrounds,
    #ECF3F7 and #E1EBF2, are among them). Light grey (#DDDDDD) and pastels are still read."""
    v, rgb, faint = _spelt(value)
    return v in _PALE_NAMES or faint or rgb is not None and min(rgb) >= _PALE


_SIZE = re.compile(r"font-size\s*:\s*([\d.]+)\s*(%|px|pt|em|rem)?")
_TINY = {"%": 30.0, "px": 5.0, "pt": 4.0, "em": 0.3, "rem": 0.3, None: 0.5}  # below: a size no one reads


def _hides(low: str) -> bool:
    """Whether a style (lower case) hides its text from a reader or strikes it out: a font size
    below what anyone reads (phpBB's [size=1] is 1%; its own "Tiny" is 50%, still read), no
    visibility, no opacity, or a line through it. (No display is a spoiler's body, shown at a
    click: MafiaScum's spoilers are read as their text.)"""
    for m in _SIZE.finditer(low):
        if float(m.group(1)) < _TINY[m.group(2)]:
            return True
    return ("line-through" in low
            or re.search(r"visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0*)?\s*(?:;|$)", low) is not None)


_INLINE = re.compile(r"display\s*:\s*inline\b(?!-)")


def _tinted(el: lxml.etree._Element) -> int:
    """_TINT when EL colours only a letter or two (its whole text, its children's included, is
    at most two characters that are not blank): a piece of rainbow text, one colour a letter. An
    element read in line as a leaf and the same element with an empty child read the same."""
    # (with children: its text from one call into libxml2, as walk.text_of reads it)
    t = etree().tostring(el, method="text", encoding="unicode", with_tail=False) if len(el) else el.text
    return _TINT if t and len(t.strip()) <= 2 else 0
