"""A game's vote count: the thread's posts (fetched or saved) and the game's players, hosts,
options and hand-entered votes, handed to tally; and the record of counts already posted.

Each count that differs from the last one for the day is kept in the game folder
(`.cache/counts/day-N.json`): it numbers the counts (Vote Count 1.03) and means the last
good count is never lost when the forum is unreachable.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from ..errors import HostkitError
from ..game import Game
from ..model import Ignored, Post, VoteCount, VoteSetupPlayer
from ..store import atomic_write
from .extract import MARKUPS, vote_texts
from .forums import Page


def read_pages(*, folder: Path | None, html: Sequence[Path] = (), url: str | None = None,
               progress: bool = False) -> list[Page]:
    """The thread's pages: saved HTML files, else fetched from `url` (cached in the game folder)."""
    from .fetch import fetch_thread, read_files

    if html:
        return read_files(list(html))
    if not url:
        raise HostkitError("no thread to read: give --html FILE or --url URL (or create the game with --thread)")
    cache = folder / ".cache" / "thread" if folder is not None else None
    return fetch_thread(url, cache_dir=cache, progress=progress)


def read_pages_or_cached(*, folder: Path, url: str | None, progress: bool = False) -> tuple[list[Page], str | None]:
    """The thread's pages as read_pages fetches them, or, when the forum cannot be reached, the
    pages last read into the game's cache with the reason they are stale (None when fresh)."""
    from ..errors import FetchError
    from .fetch import _Cache

    try:
        return read_pages(folder=folder, url=url, progress=progress), None
    except FetchError as exc:
        cached = _Cache(folder / ".cache" / "thread", url).load() if url else []
        if not cached:
            raise
        last = max((p.number for page in cached for p in page.posts), default=0)
        return cached, f"{exc}; this count is from the pages read before (up to post {last})"


def thread_posts(pages: Sequence[Page]) -> list[Post]:
    return [p for page in pages for p in page.posts]


def setup_players(game: Game) -> list[VoteSetupPlayer]:
    """The players as the tally sees them: aliases, earlier names of the slot, life, weight."""
    out = []
    for p in game.setup.players:
        ps = game.state.players[p.name]
        out.append(VoteSetupPlayer(p.name, tuple(p.aliases) + tuple(p.previous), ps.alive, game.vote_weight(p.name),
                                   game.out_of_play(p.name) if ps.alive else None))
    return out


def count_votes(game: Game, pages: Sequence[Page], *, from_post: int | None = None,
                to_post: int | None = None) -> VoteCount:
    """Count the current day's votes from the thread and the host's hand-entered votes."""
    from .tally import tally

    ph = game.current
    if ph.record.kind != "day":
        raise HostkitError(f"it is {ph.record.label}: votes are counted by day")
    opts = game.state.options
    day = ph.record.number
    previous = _history(game.folder, day)
    count = tally(
        thread_posts(pages), setup_players(game), day=day, hosts=game.setup.hosts, manual=ph.record.votes,
        markups=game.setup.vote_markup, start_post=from_post if from_post is not None else ph.record.start_post,
        end_post=to_post, majority=opts.get("majority", "half-plus-one"),
        no_elimination_offset=int(opts.get("no-elimination-offset", 0)),
        tie=opts.get("tie", "none"), allow_no_elimination=bool(opts.get("no-elimination", True)),
        abstention=bool(opts.get("abstention", False)),
        count_number=f"{day}.{len(previous) + 1:02d}", thread=game.setup.thread,
        rng_seed=hash_seed(game.setup.seed, day),
    )
    if previous and _same(previous[-1], count):
        count = count._replace(count_number=previous[-1]["count_number"])  # nothing changed since
    return count


def election_votes(game: Game, pages: Sequence[Page], *, from_post: int | None = None,
                   to_post: int | None = None) -> tuple[dict[str, str], list[Ignored]]:
    """The Sheriff election's votes as the thread shows them: each living player's last vote
    for a running candidate between from_post and to_post (seed classic-werewolf SheriffElection).
    Returns (voter -> candidate, the vote texts not counted, with why)."""
    from .tally import tally

    from ..rulings import race_voters

    running = game.running()
    voters = set(race_voters(game.state))  # night-1 victims too: the election precedes DeathResolution
    players = [p._replace(alive=True) if p.name in voters else p for p in setup_players(game)]
    count = tally(thread_posts(pages), players, day=game.current.record.number,
                  hosts=game.setup.hosts, markups=game.setup.vote_markup, start_post=from_post, end_post=to_post,
                  majority="plurality", allow_no_elimination=False)
    votes: dict[str, str] = {}
    ignored = list(count.ignored)
    for h in count.history:
        if h.target is None:
            votes.pop(h.author, None)
        elif h.target in running:
            votes[h.author] = h.target
        else:
            ignored.append(Ignored(h.post, h.author, f"Vote: {h.target}", f"{h.target} is not a Sheriff candidate"))
    return votes, ignored


def hash_seed(seed: int, day: int) -> int:
    return seed * 1000 + day


def _history_path(folder: Path, day: int) -> Path:
    return folder / ".cache" / "counts" / f"day-{day}.json"


def _history(folder: Path, day: int) -> list[dict[str, Any]]:
    path = _history_path(folder, day)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError):
        return []  # a damaged history only costs the count numbering
    if not isinstance(data, list) or not all(isinstance(c, dict) and isinstance(c.get("count_number"), str)
                                             for c in data):
        return []  # valid JSON of the wrong shape ({}, [1], null): damaged too, rebuilt from here
    return data


def _same(saved: dict[str, Any], count: VoteCount) -> bool:
    now = count.to_json()
    keys = ("wagons", "not_voting", "eliminated", "hammer")
    return all(saved.get(k) == now.get(k) for k in keys) and saved.get("abstained", []) == now["abstained"]


def remember(game: Game, count: VoteCount) -> None:
    """Keep this count as the day's latest (unless it is the same as the last one)."""
    history = _history(game.folder, count.day)
    if history and history[-1]["count_number"] == count.count_number:
        return
    history.append(count.to_json())
    atomic_write(_history_path(game.folder, count.day), json.dumps(history, indent=1))


def posts_report(pages: Sequence[Page], markups: Sequence[str] | None) -> dict[str, Any]:
    """`hostkit posts --json`: every post with its vote texts (quotes excluded), and post counts."""
    markups = tuple(markups) if markups else MARKUPS
    posts, counts = [], {}
    for p in thread_posts(pages):
        posts.append({"number": p.number, "author": p.author, "time": p.time, "edited": p.edited,
                      "votes": vote_texts(p.body, markups)})
        counts[p.author] = counts.get(p.author, 0) + 1
    return {"posts": posts, "counts": counts}
