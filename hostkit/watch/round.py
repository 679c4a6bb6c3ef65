"""One round of one game: finish the sends a killed round left pending, read what is new (the
thread's new pages by day, the inbox by night), decide what is due (due.py) and send it.

Every send goes through the send journal (hostkit.forum.send) and is first written to the
watch's pending list (state.py): a round killed at any point and run again sends what is
missing, and nothing twice. Reading the thread is incremental: the pages read before are in the
game's page cache, and only the last one (it may have grown) and any new ones are fetched.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from . import due, state as st

if TYPE_CHECKING:
    from ..game.game import Game
    from .clock import Clock


class Stopped(Exception):
    """A stop (SIGINT/SIGTERM) came while the round was reading: it ends, its sends left pending."""


def _perform(game: Game, item: dict[str, Any], conn: Any) -> list[str]:
    from ..forum.send import Item, lock_thread, send_pm_to_account, send_post

    kind = item["kind"]
    if kind == "post":
        return send_post(game, Item(item["key"], item["what"], item["text"]), conn=conn)
    if kind == "pm":
        me = conn.ensure()
        return send_pm_to_account(game, Item(item["key"], item["what"], item["text"], None, item["subject"]),
                                  conn=conn, account=me)
    return lock_thread(game, item["key"], item["what"], conn=conn, lock=kind == "lock")


def _apply(state: dict[str, Any], after: dict[str, Any]) -> None:
    for key in ("done", "told"):
        state[key] = list(dict.fromkeys(state[key] + list(after.get(key, []))))
    if "counted" in after:
        state["counted"] = after["counted"]
    if "vc_time" in after:
        state["vc_time"] = after["vc_time"]


def _send_all(folder: Path, game: Game, state: dict[str, Any], conn: Any, stop: Any) -> list[str]:
    """Send the pending items in order, applying each one's `after` once it is out."""
    lines: list[str] = []
    while state["pending"]:
        if stop.is_set():
            lines.append(f"stopping: {len(state['pending'])} send(s) left for the next round")
            break
        item = state["pending"][0]
        lines += _perform(game, item, conn)
        _apply(state, item.get("after", {}))
        state["pending"].pop(0)
        st.save(folder, state)
    return lines


def read_thread(game: Game, queue: Any) -> list[Any]:
    """The thread's pages: from the page cache, and from the forum only the last cached page and
    any new ones, through the site's polite queue. The session is not checked first (a round
    after one new post makes as few requests as it can): only when the thread cannot be read."""
    from ..votes.fetch import fetch_thread

    from ..model.errors import FetchError

    def fetch() -> list[Any]:
        queue.reading = True
        try:
            return fetch_thread(game.setup.thread, cache_dir=game.folder / ".cache" / "thread", delay=0,
                                session=queue.http)
        finally:
            queue.reading = False

    try:
        return fetch()
    except FetchError:
        # a thread that only members may read shows a logged-out session the login page: log in
        # (once) and read again; a forum that is down fails the same way again, and is told
        if queue.conn.adapter.whoami() is not None:
            raise
        queue.conn.ensure()
        return fetch()


def run(folder: Path, *, queue_for: Callable[[str], Any], clock: Clock) -> list[str]:
    """One round of the game in `folder`; the lines that say what it did (logged by the caller)."""
    from ..forum.journal import Journal
    from ..game.game import Game
    from ..game.watchoptions import settings

    folder = Path(folder)
    state = st.load(folder)
    game = Game.load(folder)
    if not game.setup.thread:
        from ..model.errors import HostkitError

        raise HostkitError(f"{folder}: the game has no thread (hostkit new --thread URL): nothing to watch")
    queue = queue_for(game.setup.thread)
    conn = queue.conn
    lines = _send_all(folder, game, state, conn, clock.stop) if state["pending"] else []
    if state["pending"]:
        return lines
    game = Game.load(folder)
    label = game.current.record.label
    if state["phase"] != label:
        state.update({k: v for k, v in st.empty(label).items() if k not in ("rounds", "failures", "next")})
        state.pop("vc_time", None)
    if game.state.winner:
        return lines + [f"the game is over ({game.state.winner} won): nothing to do"]
    opts = settings({k: game.state.options.get(k, spec.default) for k, spec in game.ruleset.options.items()})
    now = clock.now()
    journal = Journal(folder, game=game)
    if game.current.record.kind == "day":
        pages = read_thread(game, queue)
        if clock.stop.is_set():
            raise Stopped("stopped while reading the thread")
        items = due.day(game, pages, state, opts, now, journal)
        last = pages[-1].posts[-1].number if pages and pages[-1].posts else None
        lines.append(f"{label}: read the thread to post {last}")
    else:
        from ..forum.inboxrun import read_messages

        phase = read_messages(conn, game, conn.call("inbox"))
        items = due.night(game, phase, state, opts)
        lines.append(f"{label}: read the inbox ({len(phase.readings)} PM(s) of players this phase)")
    state["pending"] = items
    st.save(folder, state)  # the write-ahead list: a kill from here on is finished by the next round
    return lines + _send_all(folder, game, state, conn, clock.stop)
