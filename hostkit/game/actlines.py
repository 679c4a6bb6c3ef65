"""Lines of `hostkit act --file` (and the inbox's proposals): each line split into ACTOR [ABILITY]
[TARGET]..., with the game's multi-word names (players, roles, abilities, items) kept whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.errors import HostkitError
from .entry import SKIP_WORDS, split_words


if TYPE_CHECKING:  # pragma: no cover
    from ..model.view import GameView as Game


def known_phrases(game: Game) -> list[tuple[str, ...]]:
    """Every name a line of actions may hold, as lower-case word tuples, longest first: players
    (names, aliases, earlier names), abilities and items of the ruleset, and the skip words."""
    names: set[str] = set(SKIP_WORDS)
    for p in game.setup.players:
        names.update((p.name, *p.aliases, *p.previous))
    for role in game.ruleset.roles.values():
        names.update(a.name for a in role.abilities)
    names.update(a.name for a in getattr(game.ruleset, "innate", ()) or ())
    for item in (getattr(game.ruleset, "items", None) or {}).values():
        names.add(item.name)
        names.update(a.name for a in item.abilities)
    phrases = {tuple(n.lower().split()) for n in names if n.split()}
    return sorted(phrases, key=len, reverse=True)


def line_words(line: str, phrases: list[tuple[str, ...]]) -> list[str]:
    """The words of one action line: the longest known name first, so 'Old Man Willow Kill Red
    Riding Hood' needs no quotes. A line with quotes is read with shell quoting instead."""
    import shlex

    if '"' in line or "'" in line:
        return shlex.split(line, comments=True)
    line = line.split("#", 1)[0]
    raw = line.split()
    out, i = [], 0
    while i < len(raw):
        low = [w.lower() for w in raw]
        for phrase in phrases:
            if len(phrase) > 1 and tuple(low[i:i + len(phrase)]) == phrase:
                out.append(" ".join(raw[i:i + len(phrase)]))
                i += len(phrase)
                break
        else:
            out.append(raw[i])
            i += 1
    return out


def parse_act_lines(game: Game, text: str, source: str) -> tuple[list[tuple[str, str | None, list[str]]], list[str]]:
    """Lines of 'ACTOR [ABILITY] [TARGET]...' (# comments). A name with spaces needs no quotes:
    the longest known player, ability or item name is matched first; quotes still work."""
    out, labels = [], []
    phrases = known_phrases(game)
    for n, line in enumerate(text.splitlines(), start=1):
        try:
            words = line_words(line, phrases)
        except ValueError as exc:
            raise HostkitError(f"{source}: line {n}: {exc}") from None
        if not words:
            continue
        try:
            out.append(split_words(game, words))
        except HostkitError as exc:
            raise type(exc)(f"{source}: line {n}: {exc}") from None
        labels.append(f"{source}: line {n}")
    if not out:
        raise HostkitError(f"{source}: no actions found")
    return out, labels
