"""The output formats a game's posts and PMs are written in, and which one a game uses.

Kept apart from render.py (regexes, the sandbox) so `hostkit status`, which only names the
formats, does not import the renderer (bench_status measures its start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

FORMATS = ("bbcode", "markdown", "plain")
DEFAULT_FORMAT = "bbcode"


def game_format(game: "Game") -> str:
    """The game's format option (bbcode when unset)."""
    return str(game.state.options.get("format") or game.setup.format or DEFAULT_FORMAT)


def pm_format(game: "Game") -> str:
    """The format of PMs: the ``pm-format`` option (e.g. Markdown for Discord), else the game's format."""
    return str(game.state.options.get("pm-format") or "") or game_format(game)
