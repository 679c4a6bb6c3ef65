"""The post that opens a day in the thread: which of hostkit's posts opens the current day (the
death post of the night just ended, the day's opening post), whether the rules let it go out now
(`opening_refusal`: classic-werewolf's Day 1 Sheriff race comes before the death announcements),
and the day's start post taken from it when the host gave none (`start_at_opening`), so the day's
count reads only the posts after it (never the Sheriff election's votes before it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .day.sheriffrace import race_open

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def night_before(game: "Game") -> int | None:
    """The number of the night that ended just before the current day, or None (it is night, or
    the game began with this day)."""
    if game.current.record.kind != "day" or len(game.phases) < 2:
        return None
    rec = game.phases[-2].record
    return rec.number if rec.kind == "night" else None


def opens_today(game: "Game", *, night: int | None = None) -> bool:
    """Whether the post opens the current day: the death post of the night just before it
    (NIGHT), or the day's own opening post (NIGHT None), while the day is still open."""
    if game.current.record.kind != "day" or game.current.record.end is not None or game.state.winner:
        return False
    return night is None or night == night_before(game)


def opening_refusal(game: "Game", *, night: int | None = None, what: str = "the death post") -> str | None:
    """Why the post that opens today (the death post of NIGHT, or the day's opening post) may not
    go to the thread yet, or None. Seed classic-werewolf, Campaign: who died is not known during
    the Campaign; death announcements come after it (Day 1 is Campaign -> OptOut ->
    SheriffElection -> DeathResolution)."""
    if not opens_today(game, night=night):
        return None
    why = race_open(game)
    if why is None:
        return None
    return (f"{what} waits: {why}. Death announcements come after the Sheriff election; close it with "
            "'hostkit sheriff elect', then send this again")


def start_at_opening(game: "Game", number: int) -> bool:
    """Take post NUMBER (hostkit's own post that opened the day) as the current day's start post
    when the host set none: the day's votes count from there. True when it was recorded."""
    if game.current.record.kind != "day" or game.current.record.start_post is not None:
        return False
    game.start_post(number)
    return True
