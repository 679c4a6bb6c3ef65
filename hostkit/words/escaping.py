"""Escaping for the output formats, with no Jinja: what hostkit.words.render's templates print.

``escape_bbcode`` (every ``[`` opens no tag), ``escape_markdown`` (what starts Markdown markup is
backslash-escaped), ``plain`` (nothing); the inert stand-ins that keep a context string escaped
through every template path (`make_inert` before a render, `restore` after, `raw` for URLs); the
format check and ``num`` (3.0 -> 3). See hostkit.words.render's docstring for how they are used.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..model.errors import TemplateError
from ..game.formats import DEFAULT_FORMAT, FORMATS


BBCODE_BRACKET = "[[i][/i]"
_MD_CHARS = re.compile(r"([\\`*_\[\]<>#|~&])")
_MD_LINE_START = re.compile(r"^(\s*)([-+])(?=\s|$)", re.M)  # a list item
_MD_ORDERED = re.compile(r"^(\s*\d+)([.)])(?=\s|$)", re.M)  # an ordered list item
_MD_SETEXT = re.compile(r"^(\s*)(=+\s*)$", re.M)  # a heading underline
_URL_UNSAFE = re.compile(r"[\[\]()<>\"'\s]")


def escape_bbcode(text: str) -> str:
    """Neutralise BBCode: every ``[`` is followed by an empty ``[i][/i]``, so it opens no tag."""
    return text.replace("[", BBCODE_BRACKET)


def escape_markdown(text: str) -> str:
    """Backslash-escape what starts Markdown markup (emphasis, links, code, headings, lists, HTML)."""
    text = _MD_CHARS.sub(r"\\\1", text)
    text = _MD_LINE_START.sub(r"\1\\\2", text)
    text = _MD_SETEXT.sub(r"\1\\\2", text)
    return _MD_ORDERED.sub(r"\1\\\2", text)


ESCAPES: dict[str, Callable[[str], str]] = {
    "bbcode": escape_bbcode,
    "markdown": escape_markdown,
    "plain": lambda text: text,
}


# Characters of context strings that could start markup, per format: they become inert stand-ins
# (U+F0000 + the character) while a template runs, and their escaped form in the finished text.
_STAND_IN = 0xF0000
INERT: dict[str, str] = {"bbcode": "[", "markdown": "\\`*_[]<>#|~&-+=.)", "plain": ""}
_STAND_INS = re.compile("[\U000F0000-\U000F007F]")


def make_inert(text: str, fmt: str) -> str:
    """TEXT with every character that could start markup in FMT swapped for its stand-in."""
    chars = INERT[fmt]
    if not chars or not any(c in text for c in chars):
        return text
    return text.translate({ord(c): _STAND_IN + ord(c) for c in chars})


def restore(text: str, fmt: str) -> str:
    """The finished text with every stand-in turned into its escaped form (markdown's line-start
    characters - + = . ) only where a line starts with them, or digits and them)."""
    if fmt == "bbcode":
        return _STAND_INS.sub(lambda m: escape_bbcode(chr(ord(m.group()) - _STAND_IN)), text)

    def one(m: re.Match) -> str:
        c = chr(ord(m.group()) - _STAND_IN)
        if fmt == "plain":
            return c
        if c in "-+=.)":
            line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
            return "\\" + c if re.fullmatch(r"[\s\d\U000F0000-\U000F007F]*", line) else c
        return "\\" + c
    return _STAND_INS.sub(one, text)


def raw(text: str) -> str:
    """TEXT with stand-ins turned back into their own characters (for URLs)."""
    return _STAND_INS.sub(lambda m: chr(ord(m.group()) - _STAND_IN), text)


def escape(text: str, fmt: str = DEFAULT_FORMAT) -> str:
    """TEXT escaped for the format FMT."""
    return ESCAPES[check_format(fmt)](text)


def check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise TemplateError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")
    return fmt


def format_number(value: Any) -> str:
    """3.0 -> '3', 1.5 -> '1.5': vote totals and weights as a host writes them."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return str(value)
