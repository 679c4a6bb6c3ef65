"""What the forum already knows of what an `undo` took back: the posts and PMs that went out (the
send journal) about a death, an elimination, a night or a day that the record no longer holds,
so the host is warned that the thread (or a player) was told, and can post a correction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..game.game import Game


def told_of_undone(before: "Game", after: "Game") -> list[str]:
    """One line for each send about what BEFORE holds and AFTER (the game after an undo) does
    not: the flip or death post of a player alive again, the death post and result PMs of a night
    no longer resolved, the end post of a game no longer over."""
    from .journal import Journal

    journal = Journal(before.folder)
    sent = {k: e for k, e in journal.entries.items() if e.get("state") == "sent"}
    if not sent:
        return []

    def posts(prefix: str) -> list[tuple[str, dict[str, str]]]:
        return [(k, e) for k, e in sent.items() if k == prefix or k.startswith(prefix + " part ")]

    def where(e: dict[str, str]) -> str:
        return f"post {e['id']}" if e.get("kind") == "post" else f"PM {e.get('id', '?')} to {e.get('to', '?')}"

    out = []
    for name, ps in before.state.players.items():
        if not ps.alive and after.state.players[name].alive:
            for k, e in posts(f"post:flip {name}"):
                out.append(f"the thread already knows {name} is dead: their flip is posted ({where(e)}); "
                           "post a correction")
    nights = set(before.outcomes) - set(after.outcomes)
    for n in sorted(nights):
        for k, e in posts(f"post:deaths night {n}"):
            out.append(f"the thread already has night {n}'s death post ({where(e)}); post a correction")
        pms = [e for k, e in sent.items() if k.startswith(f"pm:night {n}:")]
        if pms:
            out.append(f"night {n}'s result PMs went out to {', '.join(sorted({e.get('to', '?') for e in pms}))}: "
                       "tell them what changed")
    if before.state.winner and not after.state.winner:
        for k, e in posts("post:end of game"):
            out.append(f"the thread already has the end-of-game post ({where(e)}); post a correction")
    return out
