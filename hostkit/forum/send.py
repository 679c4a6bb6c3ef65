"""Sending what hostkit renders to the forum: each PM to its player's account, each post as a
reply in the game's thread, every send journalled (hostkit.forum.journal) so none goes twice.

- **Never to the wrong player.** A player's account is their name in the game, else one of their
  aliases (the first the forum knows). Every recipient is looked up before anything is sent; a
  player with no account is refused by name, and nothing goes out.
- **Nothing twice.** Each PM (or part of a post) has a key in the journal: `sent` is skipped;
  `sending` (a command killed between the forum's answer and the journal write, or a send whose
  answer never came) is looked for on the forum first: the account's sent PMs, the thread's last
  posts, taking only a copy sent after the mark, on the forum's clock (hostkit.forum.recover);
  where the forum cannot show it either way, the command stops and the host says
  (`hostkit sent KEY`).
- **Forum limits.** A post or PM over the forum's length limit is split, in order, at paragraph
  or line breaks, each part journalled (a PM's parts under "SUBJECT (part i of n)"); a vote count
  whose thread got a new post while it was being written is counted again first (`recount`); any
  other post goes in anyway.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from ..model.errors import HostkitError
from . import recover
from .recover import start_of
from .base import ForumError, NewPosts, TooLong, Uncertain
from .journal import Journal

if TYPE_CHECKING:
    from ..game.game import Game


class Item(NamedTuple):
    """One thing to send: a PM (`player` set) or a post in the thread."""

    key: str
    what: str
    text: str
    player: str | None = None
    subject: str = ""


CHANGED = "(the text has changed since: not sent again)"


class Changed(HostkitError):
    """PMs that went out with another text than the one rendered now: the host decides (a
    correction by hand, or nothing). `lines` is what the command did, to print first."""

    def __init__(self, message: str, lines: list[str]) -> None:
        super().__init__(message)
        self.lines = lines


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def split(text: str, limit: int) -> list[str]:
    """`text` in parts of at most `limit` characters, cut at a blank line, else a line break,
    else a space, else anywhere; in order, nothing lost."""
    limit = max(limit, 100)
    parts, rest = [], text
    while len(rest) > limit:
        window = rest[:limit]
        cut = max(window.rfind("\n\n"), 0) or max(window.rfind("\n"), 0) or max(window.rfind(" "), 0) or limit
        if cut < limit // 4:
            cut = limit
        parts.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip("\n")
    parts.append(rest)
    return [p for p in parts if p.strip()]


def accounts(conn: Any, game: Game, players: Sequence[str]) -> dict[str, tuple[str, str]]:
    """Each player's forum account (name, id), pinned at the first send (hostkit.forum.senders)."""
    from .senders import accounts as pinned_accounts

    return pinned_accounts(conn, game, players)


def _phase(game: Game) -> str:
    return game.current.record.label


def _form(conn: Any, account_id: str | None, thread: str | None) -> Any:
    """The PM's (or reply's) form, fetched before the send's mark, where the adapter fetches
    forms apart (None: it fetches its own when sending)."""
    adapter = getattr(conn, "adapter", None)
    method = "pm_form" if account_id else "reply_form"
    if not hasattr(adapter, method):
        return None
    return conn.call(method, account_id if account_id else thread)


def _one(conn: Any, journal: Journal, game: Game, item: Item, *, to: str, account_id: str | None,
         me: str, thread: str | None, counting: bool = False, form: Any = None) -> tuple[str, str]:
    """Send one item unless the journal (or, for an unsure one, the forum) says it went out.
    Returns (what happened, the forum's id)."""
    entry = journal.get(item.key)
    if entry and entry["state"] == "sent":
        # changed: a PM's text at all; a post's beginning (a count rendered again differs only in
        # its last line)
        if account_id or not entry.get("start"):
            changed = entry.get("digest") not in (None, "", digest(item.text))
        else:
            changed = entry["start"] != start_of(item.text)
        return ("already sent" + (f" {CHANGED}" if changed else ""), entry.get("id", ""))
    if entry and entry["state"] == "sending":
        start = entry.get("start") or start_of(item.text)  # what was being sent then
        found = (recover.find_pm(conn, entry, to, account_id, item, start) if account_id else
                 recover.find_post(conn, entry, thread or "", me, item, start,
                                   recover.last_known_post(journal, thread or "", item.key)))
        if found:
            journal.mark(item.key, state="sent", id=found)
            return "found on the forum (sent before the journal could say so)", found
    if form is None:  # the form first: the forum's time in it goes into the mark (hostkit.forum.recover)
        form = _form(conn, account_id, thread)
    journal.mark(item.key, kind="pm" if account_id else "post", to=to, what=item.what, phase=_phase(game),
                 digest=digest(item.text), start=start_of(item.text), state="sending", host=me,
                 forum_time=recover.mark_time(conn, form))
    try:
        if account_id:
            sent = (conn.call("send_pm", account_id, item.subject, item.text, form=form) if form is not None
                    else conn.call("send_pm", account_id, item.subject, item.text))
        elif form is not None:
            sent = conn.call("reply", thread, item.text, ignore_new_posts=not counting, form=form)
        else:
            sent = conn.call("reply", thread, item.text, ignore_new_posts=not counting)
    except Uncertain as exc:
        raise ForumError(f"{exc}. Run the command again: hostkit looks on the forum before sending "
                         "again, and never sends a second copy") from None
    except (TooLong, NewPosts):
        journal.mark(item.key, state="dropped")
        raise
    except ForumError:
        journal.mark(item.key, state="dropped")  # refused: nothing went out
        raise
    journal.mark(item.key, state="sent", id=sent.id, url=sent.url)
    return "sent", sent.id


def send_pms(game: Game, items: Sequence[Item], *, conn: Any, dry_run: bool = False,
             progress: Callable[[int], Any] | None = None) -> list[str]:
    """Send each PM to its player's account (checked first, all of them); lines to print.
    `progress(n)` makes a progress bar (a context manager with update(k)) for n PMs."""
    from ..store.folder import locked
    from .senders import stage_all

    if not items:
        return ["No PMs to send: no one learns anything."]
    Journal(game.folder, game=game)  # another game's journal is refused before the forum is asked
    me = conn.ensure()
    found = accounts(conn, game, [i.player for i in items if i.player])
    with locked(game.folder):  # one sender at a time: two at once would both see "not sent"
        journal = Journal(game.folder, game=game)
        stage_all(journal, found, _phase(game))  # each player pinned to their id, with the first send's write
        forms = _Forms(conn, journal, found)
        if dry_run or progress is None:
            return _send_pms(conn, journal, game, items, found, me=me, dry_run=dry_run, progress=None, forms=forms)
        with progress(len(items)) as bar:  # the bar starts once every account is found
            return _send_pms(conn, journal, game, items, found, me=me, dry_run=False, progress=bar.update,
                             forms=forms)


AHEAD = 2  # PM forms fetched ahead of the one being sent: with 2, the forum's second a form never waits


class _Forms:
    """PM forms fetched ahead: the forms of the next AHEAD PMs are fetched before the current one
    is posted, so their second of phpBB's form rule runs while it goes (still one request at a
    time, each form still over a second old when posted)."""

    def __init__(self, conn: Any, journal: Journal, found: dict[str, tuple[str, str]]) -> None:
        self.conn, self.journal, self.found = conn, journal, found
        self.ready: dict[str, Any] = {}

    def fetch(self, item: Item | None) -> None:
        """Fetch the form of `item` unless it is not to be sent whole now (sent, unsure, in parts)."""
        entry = self.journal.get(item.key) if item else None
        if (item is None or item.key in self.ready or item.player not in self.found
                or not hasattr(getattr(self.conn, "adapter", None), "pm_form")
                or (entry and (entry["state"] in ("sent", "sending") or entry.get("limit")))):
            return
        try:
            self.ready[item.key] = self.conn.call("pm_form", self.found[item.player][1])
        except ForumError:
            pass  # fetched again when it is sent, and refused then if it must be


def _send_pms(conn: Any, journal: Journal, game: Game, items: Sequence[Item], found: dict[str, tuple[str, str]],
              *, me: str, dry_run: bool, progress: Callable[[int], Any] | None,
              forms: _Forms | None = None) -> list[str]:
    lines: list[str] = []
    changed: list[str] = []
    forms = forms if forms is not None else _Forms(conn, journal, found)
    for item in items[:AHEAD] if not dry_run else ():
        forms.fetch(item)
    for n, item in enumerate(items):
        if not dry_run:
            forms.fetch(items[n + AHEAD] if n + AHEAD < len(items) else None)
        account, ident = found[item.player]
        entry = journal.get(item.key)
        if dry_run:
            state = "to send"
            if entry and entry["state"] == "sent":
                state = f"already sent (PM {entry['id']})" + (
                    f" {CHANGED}" if entry.get("digest") not in (None, "", digest(item.text)) else "")
            if entry and entry.get("limit", "").isdigit():  # sent in parts under the forum's limit
                parts = [journal.get(p.key) for p in _parts(item, int(entry["limit"]))]
                gone = [p["id"] for p in parts if p and p["state"] == "sent"]
                state = (f"{len(gone)} of {len(parts)} parts already sent (PM {', '.join(gone)})" if gone
                         else f"to send in {len(parts)} parts")
            first = next((l for l in item.text.splitlines() if l.strip()), "")[:60]
            lines.append(f"{item.player} -> account {account}: {item.subject!r}, {len(item.text)} characters, "
                         f"{state}: {first}")
            continue
        notes, done = _send_parts(conn, journal, game, item, to=account, account_id=ident, me=me, thread=None,
                                  counting=False, forms=forms.ready)
        lines += notes
        for part, what, pm_id in done:
            lines.append(f"{item.player} ({account}): {part.what} {what}" + (f" (PM {pm_id})" if pm_id else ""))
            if what.endswith(CHANGED) and item.player not in changed:
                changed.append(item.player)
        if progress:
            progress(1)
    conn.save()
    if changed:
        raise Changed(f"{len(changed)} PM(s) went out with another text than the one rendered now ("
                      f"{', '.join(changed)}); hostkit never sends a second copy: tell the player yourself, "
                      "or leave it, after seeing what changed ('hostkit pm PLAYER')", lines)
    if dry_run:
        lines.append(f"(dry run: nothing sent; {len(items)} PM(s) to {len(found)} account(s), all found on {conn.site})")
    return lines


def _parts(item: Item, limit: int | None) -> list[Item]:
    """The item as sent under the forum's length limit: itself, or its parts in order, each its
    own journal key (and, for a PM, its own subject: "SUBJECT (part 2 of 3)")."""
    if limit is None:
        return [item]
    texts = split(item.text, limit - 20)
    n = len(texts)
    if n == 1:
        return [item._replace(text=texts[0])]
    parts = []
    for i, t in enumerate(texts, start=1):
        tag = f"(part {i} of {n})"
        subject = f"{item.subject[:120 - len(tag) - 1]} {tag}" if item.subject else ""
        parts.append(item._replace(key=f"{item.key} part {i} of {n}", what=f"{item.what} {tag}", text=t,
                                   subject=subject))
    return parts


def _send_parts(conn: Any, journal: Journal, game: Game, item: Item, *, to: str, account_id: str | None,
                me: str, thread: str | None, counting: bool,
                forms: dict[str, Any] | None = None) -> tuple[list[str], list[tuple[Item, str, str]]]:
    """Send a PM or post whole, or, over the forum's length limit, in parts in order (the limit
    kept in the journal under the item's key, so a rerun splits it the same way and sends only
    the parts that did not go out). Returns notes to print, and (part, what happened, the forum's
    id) for each part."""
    entry = journal.get(item.key)
    limit = int(entry["limit"]) if entry and entry.get("limit", "").isdigit() else None
    done: list[tuple[Item, str, str]] = []
    notes: list[str] = []
    while True:
        try:
            for part in _parts(item, limit)[len(done):]:
                what, ident = _one(conn, journal, game, part, to=to, account_id=account_id, me=me, thread=thread,
                                   counting=counting, form=(forms or {}).pop(part.key, None))
                done.append((part, what, ident))
            return notes, done
        except TooLong as exc:
            if limit is not None and exc.limit >= limit:
                raise ForumError(f"{item.what}: a part is still over the forum's limit ({exc})") from None
            if done:  # parts went out under a larger limit: splitting again would change them
                raise ForumError(f"{item.what}: the forum's limit fell to {exc.limit:,} characters between "
                                 "its parts; the rest was not sent") from None
            limit = exc.limit
            journal.mark(item.key, state="dropped", limit=str(limit))
            notes.append(f"{item.what}: over the forum's limit of {limit:,} characters; sending it in "
                         f"{len(_parts(item, limit))} parts, in order")


def send_post(game: Game, item: Item, *, conn: Any, recount: Callable[[], Item] | None = None) -> list[str]:
    """Post `item` as a reply in the game's thread (split where the forum's limit says, the
    limit kept in the journal so a rerun splits the same way; a vote count is counted again
    first when the thread moved on while it was written: `recount` gives the fresh item).
    Lines to print."""
    from ..store.folder import locked

    thread = game.setup.thread
    Journal(game.folder, game=game)  # another game's journal is refused before the forum is asked
    me = conn.ensure()
    lines: list[str] = []
    for _ in range(3):
        try:
            with locked(game.folder):  # one sender at a time; not while a count is made again
                lines += _post_parts(conn, Journal(game.folder, game=game), game, item, me=me, thread=thread,
                                     counting=recount is not None)
                conn.save()
                return lines
        except NewPosts:
            if recount is None:
                raise
            lines.append(f"{item.what}: a new post was made in the thread while it was written; counting again")
            item = recount()
    raise ForumError(f"{item.what}: the thread kept moving while the count was written (3 tries); try again")


def _post_parts(conn: Any, journal: Journal, game: Game, item: Item, *, me: str, thread: str,
                counting: bool) -> list[str]:
    notes, done = _send_parts(conn, journal, game, item, to=thread, account_id=None, me=me, thread=thread,
                              counting=counting)
    return notes + [f"{part.what}: {what}" + (f" (post {pid})" if pid else "") for part, what, pid in done]


def send_pm_to_account(game: Game, item: Item, *, conn: Any, account: str) -> list[str]:
    """Send `item` as a PM to a forum account that is no player (the host's own, for what a
    watch tells the host), journalled as every PM is. Lines to print."""
    from ..store.folder import locked

    me = conn.ensure()
    ident = conn.call("account", account)
    if not ident:
        raise HostkitError(f"no forum account named {account!r} on {conn.site}: nothing was sent")
    with locked(game.folder):
        journal = Journal(game.folder, game=game)
        notes, done = _send_parts(conn, journal, game, item, to=account, account_id=ident, me=me,
                                  thread=None, counting=False)
    conn.save()
    return notes + [f"{part.what} -> {account}: {what}" + (f" (PM {pm_id})" if pm_id else "")
                    for part, what, pm_id in done]


def lock_thread(game: Game, key: str, what: str, *, conn: Any, lock: bool = True) -> list[str]:
    """Lock (or unlock) the game's thread, journalled under `key` as a send is: a rerun does
    nothing when the journal says it was done; an unsure one is simply done again (locking a
    locked thread changes nothing). Lines to print."""
    from ..store.folder import locked

    thread = game.setup.thread
    me = conn.ensure()
    with locked(game.folder):
        journal = Journal(game.folder, game=game)
        entry = journal.get(key)
        if entry and entry["state"] == "sent":
            return [f"{what}: already done"]
        journal.mark(key, kind="lock", to=thread or "", what=what, phase=_phase(game), state="sending", host=me)
        try:
            happened = conn.call("set_locked", thread, lock)
        except ForumError:
            journal.mark(key, state="dropped")
            raise
        journal.mark(key, state="sent", id=thread or "", url=thread or "")
    conn.save()
    return [f"{what}: {happened}"]


def _title(game: Game) -> str:
    return getattr(game.setup, "title", "") or game.folder.resolve().name


def pms_to_forum(game: Game, pms: Sequence[tuple[str, str]], *, label: str, dry_run: bool = False,
                 progress: Callable[[int], Any] | None = None) -> list[str]:
    """`hostkit pm ... --send`: the rendered PMs (player, text), each to its player's account,
    under the subject "TITLE: LABEL" (label: "your role", "night 1", ...)."""
    from .account import connect

    items = [Item(f"pm:{label}:{name}", f"{label} PM", text, name, f"{_title(game)}: {label}")
             for name, text in pms]
    conn = connect(game.setup.thread, host=next(iter(game.setup.hosts), None))
    try:
        return send_pms(game, items, conn=conn, dry_run=dry_run, progress=progress)
    finally:
        conn.close()


def post_to_forum(game: Game, what: str, text: str, *,
                  recount: Callable[[], tuple[str, str]] | None = None) -> list[str]:
    """`hostkit post ... --send` and `votes --send`: the rendered post as a reply in the game's
    thread. `recount` (a vote count) gives (what, text) afresh when the thread moved on."""
    from .account import connect

    def again() -> Item:
        new_what, new_text = recount()
        return Item(f"post:{new_what}", new_what, new_text)

    conn = connect(game.setup.thread, host=next(iter(game.setup.hosts), None))
    try:
        return send_post(game, Item(f"post:{what}", what, text), conn=conn, recount=again if recount else None)
    finally:
        conn.close()
