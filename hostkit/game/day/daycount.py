"""A day's vote count, from the game's side: which players (aliases, earlier names, life, weight,
threshold), hosts, options and hand-entered votes the current day has, handed to the leaf
counter (hostkit/votes/count.py), and the record of the counts already posted.

Each count that differs from the last one for the day is kept in the game folder
(`.cache/counts/day-N.json`, the latest HISTORY_KEPT of them plus the last published one): it
numbers the counts (Vote Count 1.03) and means the last good count is never lost when the forum
is unreachable. The number is given by `remember`, which the caller runs under the game's lock,
so two recounts at once never share a number.

The Sheriff election's votes are read here too: who is in the race is the rules' word
(rulings.race_voters), the reading of the votes the counter's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...model.errors import HostkitError
from ...model.counts import Ignored, VoteCount, VoteSetupPlayer
from ...store.folder import atomic_write
from ...votes import count as counter  # through the module: tests replace counter.read_pages
from ...votes.page import Page

if TYPE_CHECKING:
    from ..game import Game


def setup_players(game: Game) -> list[VoteSetupPlayer]:
    """The players as the tally sees them: aliases, earlier names of the slot, life, weight,
    elimination-threshold modifier, and whether their votes may be split."""
    out = []
    killed = killed_at(game)
    for p in game.setup.players:
        ps = game.state.players[p.name]
        out.append(VoteSetupPlayer(p.name, tuple(p.aliases) + tuple(p.previous), ps.alive, game.vote_weight(p.name),
                                   game.out_of_play(p.name) if ps.alive else None, p.threshold, p.split,
                                   tuple(p.previous), None if ps.alive else killed.get(p.name)))
    return out


def killed_at(game: Game) -> dict[str, int]:
    """The players the host killed today at a post (`hostkit kill --post N`): player -> N, the
    first post from which they are dead (the posts before it are counted with them alive)."""
    ph = game.current
    if ph.record.kind != "day":
        return {}
    return {e.target: int(e.data["post"]) for e in ph.record.events
            if e.kind == "kill" and e.target and isinstance(e.data.get("post"), int)}


def latest_post_read(game: Game) -> int | None:
    """The thread's latest post as hostkit has read it (the game's cached thread, or the day's
    last count), or None when it has read none."""
    known = [c["last_post"] for c in saved_counts(game.folder, game.current.record.number)
             if isinstance(c.get("last_post"), int)]
    if game.setup.thread:
        from ...votes.fetch import _Cache  # only when a kill asks: it reads the cached pages

        known += [p.number for page in _Cache(game.folder / ".cache" / "thread", game.setup.thread).load()
                  for p in page.posts]
    return max(known, default=None)


def count_current_day(game: Game, *, html: Sequence[Path] = (), url: str | None = None,
                      from_post: int | None = None, to_post: int | None = None, hand_only: bool = False,
                      fallback: bool = False) -> tuple[VoteCount, str | None]:
    """The current day's count, and why it is stale (None when it is fresh).

    The pages are the saved `html` files, else the thread fetched from `url` (default: the game's
    thread); with no thread at all, or `hand_only`, the hand-entered votes alone are counted. With
    `fallback`, a fetch that fails counts the pages last read into the cache instead, marked stale.
    """
    pages, stale = day_pages(game, html=html, url=url, hand_only=hand_only, fallback=fallback)
    return count_votes(game, pages, from_post=from_post, to_post=to_post), stale


def day_pages(game: Game, *, html: Sequence[Path] = (), url: str | None = None, hand_only: bool = False,
              fallback: bool = False) -> tuple[list[Page], str | None]:
    """The pages `count_current_day` counts, and why they are stale (None when fresh)."""
    from ...model.errors import FetchError

    check_day(game)
    url = url or game.setup.thread
    if hand_only or not (html or url):
        return [], None
    try:
        if fallback and not html:
            return counter.read_pages_or_cached(folder=game.folder, url=url, progress=True)
        return counter.read_pages(folder=game.folder, html=html, url=url, progress=not html), None
    except FetchError as exc:
        if html:
            raise
        # nothing read before to fall back on: the host still has a way to post a count
        raise FetchError(f"{exc}; no page of the thread was read before, so there is no earlier count to show: "
                         "count the votes entered by hand ('hostkit vote') with --hand-only, "
                         "or give saved pages with --html") from None


def game_stamp(folder: Path) -> tuple:
    """What the game's files are now (each file's name, inode, size and modification time, at
    the top of the folder and in phases/): cheap, and different once any command has written."""
    import os

    out = []
    for where in (folder, folder / "phases"):
        try:
            with os.scandir(where) as it:
                for e in it:
                    if e.is_file(follow_symlinks=False):
                        st = e.stat(follow_symlinks=False)
                        out.append((where is folder, e.name, st.st_ino, st.st_size, st.st_mtime_ns))
        except OSError:
            out.append((where is folder, None))
    return tuple(sorted(out, key=repr))


def publish_fresh(game: Game, count: VoteCount, pages: Sequence[Page], *, stamp: tuple, reload: Callable[[], Game],
                  from_post: int | None = None, to_post: int | None = None,
                  publish: bool = True) -> tuple[Game, VoteCount]:
    """Keep (and number) the count under the game's lock, which the caller holds: when another
    command changed the game while the thread was read (`stamp`, from `game_stamp` when `game`
    was loaded, differs), the game is loaded again (`reload()`) and the same pages counted
    again, so a numbered count never leaves out a vote entered before it was numbered, and a
    later number never goes to an older state of the game. Returns the game and the count."""
    if game_stamp(game.folder) != stamp:
        game = reload()
        count = count_votes(game, pages, from_post=from_post, to_post=to_post)
    return game, remember(game, count, publish=publish)


def check_day(game: Game) -> None:
    """Refuse (before any page is read or cached) when it is not day: the game being over, when
    it is (a count of the day it ended on may still be read)."""
    ph = game.current
    if game.state.winner and ph.record.kind != "day":
        raise HostkitError(f"the game is over ({game.state.winner} won): there are no more votes to count "
                           "('hostkit post end' is the last post)")
    if ph.record.kind != "day":
        raise HostkitError(f"it is {ph.record.label}: votes are counted by day")


def count_votes(game: Game, pages: Sequence[Page], *, from_post: int | None = None,
                to_post: int | None = None) -> VoteCount:
    """Count the current day's votes from the thread and the host's hand-entered votes."""
    check_day(game)
    ph = game.current
    day = ph.record.number
    previous = saved_counts(game.folder, day)
    count = counter.count_posts(
        pages, setup_players(game), day=day, hosts=game.setup.hosts, manual=ph.record.votes,
        markups=game.setup.vote_markup, start_post=ph.record.start_post, from_post=from_post, to_post=to_post,
        thread=game.setup.thread, count_number=f"{day}.{len(previous) + 1:02d}",
        rng_seed=hash_seed(game.setup.seed, day), controlled=game.vote_controllers(), **tally_options(game))
    return _numbered(previous, game_unsure(game, count, from_post))


def game_unsure(game: Game, count: VoteCount, from_post: int | None = None) -> VoteCount:
    """The count with what only the game knows is unsure added to its `unsure` (the counter's own
    are there already): a thread vote text that asks to shorten the day (never entered by itself:
    `hostkit shorten PLAYER`), and a day after the first with no start post, whose count runs from
    the thread's first post (`hostkit start-post N`)."""
    from ...model.counts import Unsure
    from .shortening import ASKS, enabled, thread_asks

    extra = []
    ph = game.current
    if ph.record.number > 1 and ph.record.start_post is None and from_post is None and count.last_post is not None:
        extra.append(Unsure(None, "", "", f"day {ph.record.number} has no start post: the count runs from the "
                            "thread's first post, and counts the days before it", "hostkit start-post N"))
    for a in thread_asks(game, count.ignored):
        text = next((i.text for i in count.ignored if i.post == a["post"] and ASKS.search(str(i.text))), "")
        extra.append(Unsure(a["post"], a["player"], text, "asks to shorten the day: is it a vote to shorten?",
                            a["command"]))
    # "vote: shorten" is no player's name: where the game has shortening, the ask replaces that
    kept = [u for u in count.unsure if not (u.text and enabled(game.state) and ASKS.search(u.text))]
    if not extra and len(kept) == len(count.unsure):
        return count
    return count._replace(unsure=tuple(sorted((*kept, *extra), key=lambda u: -1 if u.post is None else u.post)))


def tally_options(game: Game) -> dict[str, Any]:
    """The game's count options (`--option majority=...` and the rest) as tally takes them."""
    opts = game.state.options
    return {"majority": opts.get("majority", "half-plus-one"),
            "no_elimination_offset": int(opts.get("no-elimination-offset", 0)),
            "tie": opts.get("tie", "none"), "allow_no_elimination": bool(opts.get("no-elimination", True)),
            "abstention": bool(opts.get("abstention", False))}


def no_elimination(game: Game, count: VoteCount) -> tuple[float | None, bool]:
    """No Elimination's threshold on this count (the majority plus `no-elimination-offset`, at
    least 1; None where there is none: under plurality, or with the option off) and whether its
    wagon has reached it: the day is then over with no one eliminated, also where the deciding
    vote was entered by hand (there is no hammer post then)."""
    if not game.state.options.get("no-elimination", True) or game.state.options.get("majority") == "plurality":
        return None, False
    need = float(max(1, count.majority + (game.state.options.get("no-elimination-offset", 0) or 0)))
    reached = not count.eliminated and any(w.target == "none" and w.votes + 1e-9 >= need for w in count.wagons)
    return need, reached


def _numbered(previous: list[dict[str, Any]], count: VoteCount) -> VoteCount:
    """Only published counts take numbers (issue 14): a preview shows the number it would take,
    the one after the last published count's (the history keeps only the latest counts)."""
    published = [h for h in previous if h.get("published", True)]
    if published and _same(published[-1], count):
        return count._replace(count_number=published[-1]["count_number"])  # nothing changed since
    last = len(published)
    if published:
        try:
            last = max(last, int(published[-1]["count_number"].rsplit(".", 1)[1]))
        except (IndexError, ValueError):
            pass  # a number not written by hostkit: count the published entries instead
    return count._replace(count_number=f"{count.day}.{last + 1:02d}")


def election_votes(game: Game, pages: Sequence[Page], *, from_post: int | None = None,
                   to_post: int | None = None) -> tuple[dict[str, str], list[Ignored]]:
    """The Sheriff election's votes as the thread shows them: each living player's last vote
    for a running candidate between from_post and to_post (seed classic-werewolf SheriffElection).
    Returns (voter -> candidate, the vote texts not counted, with why)."""
    from .rulings import race_voters
    from ...votes.tally import tally

    running = game.running()
    voters = set(race_voters(game.state))  # night-1 victims too: the election precedes DeathResolution
    players = [p._replace(alive=True) if p.name in voters else p for p in setup_players(game)]
    count = tally(counter.thread_posts(pages), players, day=game.current.record.number,
                  hosts=game.setup.hosts, markups=game.setup.vote_markup, start_post=from_post, end_post=to_post,
                  majority="plurality", allow_no_elimination=False)
    cast, ignored = race_texts(count.ignored, players)
    cast += [(h.post, 0, h.author, h.target) for h in count.history]
    votes: dict[str, str] = {}
    for post, _, author, target in sorted(cast, key=lambda c: (float("inf") if c[0] is None else c[0], c[1])):
        if target is None:
            votes.pop(author, None)
        elif target in running:
            votes[author] = target
        else:
            ignored.append(Ignored(post, author, f"Vote: {target}", f"{target} is not a Sheriff candidate"))
    return votes, ignored


def race_texts(ignored: Sequence[Ignored], players: Sequence[VoteSetupPlayer]
               ) -> tuple[list[tuple[int | None, int, str, str | None]], list[Ignored]]:
    """The election's own vote texts among the texts a count ignores as "for another purpose"
    ("Sheriff vote: Ann", "Election vote: Bob"): [(post, 1, voter, candidate)], each after its
    post's other votes (it names the race), and the ignored texts left."""
    import re

    from ...votes.extract import OTHER_PURPOSE
    from ...votes.names import NameMatcher

    race = re.compile(r"(?i)^\W*(?:(?:sheriff|election|badge)[-\s]*vote\b|"
                      r"vote\s*(?:for\s+(?:the\s+)?|\(\s*)(?:sheriff|election|badge)\b\s*\)?)")
    matcher = NameMatcher(players)
    cast, left = [], []
    for i in ignored:
        said = race.match(i.text) if i.reason == OTHER_PURPOSE else None
        name = i.text[said.end():].strip(" \t:=->") if said else ""
        voter = matcher.strict(i.author).player
        target = matcher.match(name).player if name else None
        if voter is not None and target is not None:
            cast.append((i.post, 1, voter, target))
        else:
            left.append(i)
    return cast, left


def hash_seed(seed: int, day: int) -> int:
    return seed * 1000 + day


def _history_path(folder: Path, day: int) -> Path:
    return folder / ".cache" / "counts" / f"day-{day}.json"


def saved_counts(folder: Path, day: int) -> list[dict[str, Any]]:
    """The counts of DAY that hostkit saved, oldest first ([] when none, or when the file is damaged)."""
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


def remember(game: Game, count: VoteCount, *, publish: bool = True) -> VoteCount:
    """Number this count and keep it as the day's latest (unless it is the same as the last
    one); returns the count with its number. Run it under the game's lock: the number is read
    and written there, so eight recounts at once give eight numbers (or the same count's).
    A preview (publish False) is kept too, marked, but takes no number: the next published
    count takes the next one."""
    history = saved_counts(game.folder, count.day)
    count = _numbered(history, count)
    hand = hand_votes(game)
    if history and history[-1]["count_number"] == count.count_number and _same(history[-1], count) \
            and history[-1].get("published", True) == publish and history[-1].get("hand", hand) == hand:
        return count
    # The day's first count, when a preview (no history, or only a damaged one: saved_counts reads
    # both as none, and so do its other readers), is written without an fsync: a crash can then
    # leave no file or a damaged one, which is what was there, and a preview takes no number.
    # A published count, and every rewrite of a file that holds counts, is durable: a number
    # posted in the thread is never handed out twice.
    durable = bool(history) or publish
    history.append({**count.to_json(), "published": publish, "hand": hand})
    atomic_write(_history_path(game.folder, count.day), json.dumps(_bounded(history)), durable=durable)
    return count


def hand_votes(game: Game) -> list[list[Any]]:
    """The day's hand-entered vote entries, each as [host, seq]: a saved count keeps the ones it
    counted (key "hand"), so 'eliminate' can tell a count that a later hand vote made stale."""
    return [[v.host, v.seq] for v in game.current.record.votes]


HISTORY_KEPT = 20  # counts kept per day: a host who recounts all day keeps a small, fast file


def _bounded(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest HISTORY_KEPT counts, and always the last published one (it gives the next
    number) and the last read from a thread (what an elimination is checked against)."""
    keep = set(range(max(0, len(history) - HISTORY_KEPT), len(history)))
    for wanted in (lambda h: h.get("published", True), lambda h: h.get("last_post") is not None):
        keep.update(next(([i] for i in range(len(history) - 1, -1, -1) if wanted(history[i])), []))
    return [h for i, h in enumerate(history) if i in keep]
