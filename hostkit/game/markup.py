"""A game's vote markup: how votes are marked in its thread (red text, bold, the [vote] tag,
##vote). Owns the default a new game takes (`DEFAULT_MARKUPS`: what forum players write) and
changing the markup of a running game (`set_vote_markup`, `hostkit vote-markup`).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..model.errors import HostkitError, suggest

MARKUPS = ("red", "bold", "tag", "hash")

DEFAULT_MARKUPS = ("red", "bold", "tag")
"""A new game's markup without --vote-markup: what forum players write. MafiaScum's usual vote is
a bold "VOTE: X" line; others write it red, or use the [vote] tag. ##vote is a Discord habit and
must be asked for."""


def check_markups(markups: Sequence[str], what: str = "--vote-markup") -> tuple[str, ...]:
    """MARKUPS, each one of `MARKUPS`, without repeats, in the order given; refused by name."""
    out = []
    for m in markups:
        word = m.strip().lower()
        if word not in MARKUPS:
            raise HostkitError(f"{what} {m!r} must be one of {', '.join(MARKUPS)}{suggest(m, MARKUPS)}")
        out.append(word)
    return tuple(dict.fromkeys(out))


def set_vote_markup(game: Any, markups: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Change a running game's vote markup to MARKUPS (game.toml's vote_markup, written as `new
    --vote-markup` writes it) of GAME (a hostkit.game.game.Game); the next count reads the thread with it. Returns (old, new)."""
    new = check_markups(markups, "vote markup")
    if not new:
        raise HostkitError(f"give one or more vote markups: {', '.join(MARKUPS)}")
    old = tuple(game.setup.vote_markup)
    if set(new) == set(old):
        return old, old
    if new != old:
        game.set_setup(game.setup._replace(vote_markup=new))
    return old, new
