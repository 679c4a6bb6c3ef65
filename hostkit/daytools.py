"""The host's day tools, as functions of a loaded game: the status report a host reads, the
forum engine the posts are written for, a day's deadline, a host's kill outside the vote, the
LYLO/MYLO notice and each living player's activity.

Nothing here prints: the CLI (cli/day.py, cli/posts.py, cli/setup.py) calls these and prints.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

# forum families by the templates' needs: [size=...] takes a percentage on phpBB, 1-7 on
# vBulletin, XenForo and MyBB, points on SMF; Discourse and NodeBB read Markdown.
FORUMS = ("auto", "phpbb", "vbulletin", "xenforo", "mybb", "smf", "invision", "discourse", "nodebb", "other")
_URL_FORUMS = (
    (re.compile(r"mafiascum\.net|viewtopic\.php|/viewtopic/", re.I), "phpbb"),
    (re.compile(r"showthread\.php|/forum/.*\d+-[^/]+/?$", re.I), "vbulletin"),
    (re.compile(r"/threads/[^/]*\.\d+/?", re.I), "xenforo"),
    (re.compile(r"/t/[^/]+/\d+", re.I), "discourse"),
    (re.compile(r"[?&]topic=\d+", re.I), "smf"),
    (re.compile(r"/topic/\d+", re.I), "invision"),
)
SMALL_SIZE = {"phpbb": "85", "vbulletin": "2", "xenforo": "2", "mybb": "2", "smf": "8pt"}


def forum_engine(game: "Game") -> str:
    """The forum the game's posts are written for: the game's ``forum`` option, or (``auto``)
    the engine its thread URL shows, or 'other' where the URL says nothing."""
    chosen = str(game.state.options.get("forum", "auto") or "auto")
    if chosen != "auto":
        return chosen
    return forum_from_url(game.setup.thread)


def forum_from_url(url: str | None) -> str:
    """'phpbb', 'xenforo', ... from a thread URL's shape, or 'other'."""
    for pattern, name in _URL_FORUMS:
        if url and pattern.search(url):
            return name
    return "other"


def status_report(game: "Game") -> dict[str, Any]:
    """`hostkit status`: Game.status() with who the phase waits on, the formats and forum the
    posts are written for, and the day's deadline."""
    from .render import game_format
    from .waiting import waiting_on

    data = game.status()
    data["waiting"] = [w.to_json() for w in waiting_on(game)]
    data["format"] = game_format(game)
    data["pm_format"] = pm_format(game)
    data["forum"] = forum_engine(game)
    return data


def pm_format(game: "Game") -> str:
    """The format of PMs: the ``pm-format`` option (e.g. Markdown for Discord), else the game's format."""
    from .render import game_format

    return str(game.state.options.get("pm-format") or "") or game_format(game)


def day_count(game: "Game") -> dict[str, Any] | None:
    """The day's latest vote count as JSON, for checking an elimination against it: the last
    count made with 'hostkit votes' that read the thread, else the votes entered by hand counted
    now; None when the day has neither."""
    from .votes.count import _history, count_votes

    ph = game.current
    if ph.record.kind != "day":
        return None
    saved = [c for c in _history(game.folder, ph.record.number) if c.get("last_post") is not None]
    if saved:
        return saved[-1]
    if ph.record.votes:
        return count_votes(game, []).to_json()
    return None


def checked_elimination(game: "Game", player: str | None, *, force: bool = False):
    """The PhaseEnd for `eliminate` (see Game.elimination), refused where it contradicts the day's
    count (rulings.elimination_refusal) unless `force`."""
    from .errors import RuleError
    from .rulings import elimination_refusal

    end = game.elimination(player)
    if not force:
        why = elimination_refusal(game, end.eliminated or None, day_count(game))
        if why:
            raise RuleError(f"{why} (--force overrules)")
    return end
