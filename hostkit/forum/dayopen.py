"""Posting the day's opening in the thread (the death post of the night just ended, the day's
opening post): refused while the rules say something comes first (classic-werewolf's Sheriff
race), sent through the send journal, and, when the host set no start post, the day's start
post taken from the post hostkit made, numbered as the day's count numbers the thread's posts.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

from ..model.errors import RuleError

if TYPE_CHECKING:  # pragma: no cover
    from ..game.game import Game


def sent_id(game: "Game", what: str) -> str | None:
    """The forum's id of the post sent as WHAT (its first part, when it went in parts), from the
    send journal; None when it has not gone out."""
    from .journal import Journal

    journal = Journal(game.folder, game=game)
    key = f"post:{what}"
    entry = journal.get(key)
    if entry and entry.get("state") == "sent" and entry.get("id"):
        return entry["id"]
    first = next((journal.get(k) for k in journal.order if k.startswith(f"{key} part 1 of ")), None)
    if first and first.get("state") == "sent" and first.get("id"):
        return first["id"]
    return None


def post_number(game: "Game", post_id: str) -> int | None:
    """The number of the thread's post whose forum id is POST_ID, as the day's count numbers the
    posts (the thread read as `votes` reads it, its pages cached in the game folder); None when
    the thread does not show it."""
    from ..votes.count import read_pages

    want = re.sub(r"\D", "", post_id)
    pages = read_pages(folder=game.folder, url=game.setup.thread)
    for page in reversed(pages):
        for p in page.posts:
            if re.sub(r"\D", "", p.post_id or "") == want:
                return p.number
    return None


def send_opening(game: "Game", what: str, text: str, *, night: int | None,
                 reload: Callable[[], "Game"]) -> list[str]:
    """Post TEXT (WHAT: "deaths night 2", "day 2 opening") in the thread; when it opens the
    current day (the death post of the night just before it, or the day's opening post: NIGHT
    None) and the day has no start post, the day's votes count from it. Refused, nothing sent,
    while classic-werewolf's Sheriff race comes first. Lines to print."""
    from ..game.dayopening import opening_refusal, opens_today, start_at_opening
    from ..store.folder import locked
    from .send import post_to_forum

    why = opening_refusal(game, night=night, what="the death post" if night is not None else "the day's opening")
    if why:
        raise RuleError(why)
    lines = post_to_forum(game, what, text)
    if not opens_today(game, night=night) or game.current.record.start_post is not None:
        return lines
    ident = sent_id(game, what)
    number = post_number(game, ident) if ident else None
    if number is None:
        return lines + [f"The thread does not show post {ident} yet: set where the day's votes count from "
                        "with 'hostkit start-post N'"]
    with locked(game.folder):
        if start_at_opening(reload(), number):
            lines.append(f"The day's votes count from post {number}, the post that opened the day "
                         "('hostkit start-post N' changes it).")
    return lines
