"""`hostkit watch`: rounds over one or several game folders until SIGINT/SIGTERM (or one round
each with --once), and `--status`.

- **One polite queue per forum site.** Every game on a site shares one connection (one login,
  one cookie jar) and one request queue: at most one request at a time, `pace` seconds apart,
  whatever the number of games. Ten games on one forum ask no more of it than one careful reader.
- **A forum that is down, slow or refusing** (a 5xx, a timeout, an expired session that will not
  log in again, a flood refusal past its retries) fails the round, never the watch: the failure
  is logged and that game's next round waits longer each time (the round interval doubled per
  failure, at most an hour), then runs as usual. `--once` honours that wait too, for cron.
- **Stopping.** SIGINT/SIGTERM sets the clock's stop: the current send is finished, the rest of
  a round's sends stay pending (the next run sends them), a thread being read stops at its next
  page (the pages read stay cached), and no new round starts.
"""

from __future__ import annotations

import signal
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Sequence

import requests

from . import state as st
from .clock import Clock
from .round import Stopped, run

MAX_BACKOFF = 3600.0  # seconds: a game whose forum keeps failing is tried at least hourly


class PoliteHTTP(requests.Session):
    """A requests session that asks a site one thing at a time, `pace` seconds apart, and, when
    the watch is stopping, refuses to start another read."""

    def __init__(self, pace: float, clock: Clock) -> None:
        super().__init__()
        self.pace, self.clock = pace, clock
        self.last = 0.0
        self.requests = 0
        self.queue: Any = None

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        if self.queue is not None and self.queue.reading and self.clock.stop.is_set():
            raise Stopped("stopped while reading")
        wait = self.last + self.pace - time.monotonic()
        if wait > 0:
            self.clock.stop.wait(wait)
        try:
            return super().request(method, url, *args, **kwargs)
        finally:
            self.last = time.monotonic()
            self.requests += 1


class SiteQueue:
    """One forum site's connection (the host's account) and its polite request queue."""

    def __init__(self, thread: str, pace: float, clock: Clock) -> None:
        from ..forum.account import connect

        self.conn = connect(thread)
        old = self.conn.session.http
        self.http = PoliteHTTP(pace, clock)
        self.http.headers.update(old.headers)
        self.http.cookies.update(old.cookies)
        self.http.queue = self
        old.close()
        self.conn.session.http = self.http
        self.conn.session.gap = 0.0  # the queue keeps the pace
        self.reading = False

    def close(self) -> None:
        self.conn.close()


def _site(thread: str) -> str:
    from ..forum.account import site_of

    return site_of(thread)


def _thread(folder: Path) -> str | None:
    from ..game.game import Game

    return Game.load(folder).setup.thread


def check_games(folders: Sequence[Path]) -> None:
    """Refuse, before any round, a game the watch cannot run: one with no thread, or whose forum
    the host has not logged in to (`hostkit forum login`: hostkit sends the password to no other
    site). A setup to mend, not a forum that is down: one line, exit 1."""
    from ..forum.account import bound
    from ..model.errors import HostkitError

    for folder in folders:
        thread = _thread(folder)
        if not thread:
            raise HostkitError(f"{folder}: the game has no thread (hostkit new --thread URL): nothing to watch")
        site = _site(thread)
        if not bound(site):
            raise HostkitError(f"{folder}: hostkit has not logged in to {site}, the game's forum: run "
                               f"'hostkit forum login --user NAME' there first (the watch logs in again on its own after)")


def _when(at: datetime) -> str:
    return at.isoformat(timespec="seconds")


def watch(folders: Sequence[Path], *, once: bool, every: float, pace: float, clock: Clock | None = None,
          say: Callable[[str], None] = print, signals: bool = True) -> int:
    """Rounds over `folders` (one each with `once`) until stopped; 0 when it ends cleanly, 1 when
    with `once` a game could not be run (a file to mend: its line is said and logged).

    A game that cannot be run (a co-host's bad edit to game.toml, another game's send journal, a
    damaged watch state) fails its round with its one line and is tried again after the same
    back-off as a forum that is down; the other games are watched on. Nothing of it is sent: the
    error comes before any send of the round."""
    from ..model.errors import FetchError, HostkitError
    from ..forum.base import ForumError

    clock = clock or Clock()
    check_games(folders)
    queues: dict[str, SiteQueue] = {}

    def queue_for(thread: str) -> SiteQueue:
        site = _site(thread)
        if site not in queues:
            queues[site] = SiteQueue(thread, pace, clock)
        return queues[site]

    old_handlers = {}
    if signals:
        for sig in (signal.SIGINT, signal.SIGTERM):
            old_handlers[sig] = signal.signal(sig, lambda *_: clock.stop.set())
    unrunnable = False  # with `once`: a game could not be run (exit 1)
    try:
        while not clock.stop.is_set():
            for folder in folders:
                if clock.stop.is_set():
                    break
                try:
                    state = st.load(folder)
                except HostkitError as exc:  # a damaged watch state: nowhere to keep a back-off
                    unrunnable, at = True, _when(clock.now())
                    line = f"cannot run this game: {exc}; the watch tries it again next round"
                    st.log(folder, [line], at)
                    say(f"{at} {folder.name}: {line}")
                    continue
                now = clock.now()
                wait_until = datetime.fromisoformat(state["next"]) if state.get("next") else None
                if wait_until and now < wait_until and state["failures"]:
                    if once:
                        say(f"{folder}: {state['failures']} round(s) failed in a row (the log says why); waiting it "
                            f"out until {_when(wait_until)}")
                    continue
                failure = mend = None
                try:
                    lines = run(folder, queue_for=queue_for, clock=clock)
                except Stopped as exc:
                    lines = [f"stopped: {exc} (the pages read are kept)"]
                except (ForumError, FetchError) as exc:
                    lines, failure = [], str(exc)
                except HostkitError as exc:
                    lines, mend, unrunnable = [], str(exc), True
                now = clock.now()
                state = st.load(folder)
                if failure or mend:
                    state["failures"] += 1
                    pause = min(MAX_BACKOFF, every * 2 ** state["failures"])
                    state["next"] = _when(now + timedelta(seconds=pause))
                    lines = [f"the forum failed ({failure}); next try in {pause:g} s" if failure else
                             f"cannot run this game: {mend}; mend it: next try in {pause:g} s"]
                else:
                    state["failures"], state["next"] = 0, _when(now + timedelta(seconds=every))
                state["rounds"].append({"time": _when(now), "lines": lines[-20:]})
                st.save(folder, state)
                st.log(folder, lines, _when(now))
                for line in lines:
                    say(f"{_when(now)} {folder.name}: {line}")
            if once or clock.stop.is_set():
                break
            clock.sleep(_next_wait(folders, clock.now(), every))
    finally:
        for sig, handler in old_handlers.items():
            signal.signal(sig, handler)
        for q in queues.values():
            q.close()
    return 1 if once and unrunnable else 0


def _next_wait(folders: Sequence[Path], now: datetime, every: float) -> float:
    """Seconds until the next game's round is due (at most `every`)."""
    waits = []
    for folder in folders:
        try:
            nxt = st.load(folder).get("next")
        except Exception:  # noqa: BLE001 - a damaged state shows in the next round, by name
            nxt = None
        waits.append((datetime.fromisoformat(nxt) - now).total_seconds() if nxt else 0.0)
    return max(1.0, min([every] + waits))


def status(folder: Path, now: datetime) -> list[str]:
    """`hostkit watch --status`: the last rounds, what is pending, the counts' baseline, the next
    round, and the log's end."""
    state = st.load(folder)
    out = [f"Watch of {folder} ({state['phase'] or 'not run yet'})"]
    if state["rounds"]:
        last = state["rounds"][-1]
        out.append(f"Last round: {last['time']}" + (f": {'; '.join(last['lines'])}" if last["lines"] else ""))
    else:
        out.append("No round has run yet: start it with 'hostkit watch' (or --once from cron).")
    if state["failures"]:
        out.append(f"The forum failed {state['failures']} time(s) in a row; next try at {state['next']}")
    elif state.get("next"):
        out.append(f"Next round due: {state['next']}")
    c = state.get("counted")
    if c:
        out.append(f"Last count posted: {c.get('number')} (to post {c.get('post')}, at {c.get('time')})")
    if state["done"]:
        out.append(f"Done this phase: {', '.join(state['done'])}")
    if state["pending"]:
        out.append("Pending (sent by the next round): " + ", ".join(i["what"] for i in state["pending"]))
    tail = st.log_tail(folder, 10)
    if tail:
        out.append(f"Log ({folder / st.LOG}), last lines:")
        out += [f"  {line}" for line in tail]
    return out
