"""A rerun's look on the forum for a send the journal left at `sending` (hostkit.forum.send):
did it go out? Found, it is marked `sent`; surely not there, it is sent; when the forum cannot
show it either way, the command stops and says what the host checks (`hostkit sent KEY`).

- **Only a copy sent after the mark is this send.** The `sending` mark keeps the forum's time
  (`forum_time`) before which the send cannot have been stored: the `creation_time` of the form
  it is posted with (phpBB serves a form with its clock's second and takes it only in a later
  second, so what it stores from the form is dated strictly after), else the forum's clock from
  its last answer's HTTP Date (hostkit.forum.session.forum_now, the clock `hostkit inbox` uses
  too), one second back. A PM (or post) with the same account, subject and beginning dated at or
  before the mark is an older one (another game's, a restarted game's, an earlier night's with
  the same words): never taken for this one.
- **Times to the second, and what is done where only the minute is known.** phpBB's PM export
  and its post pages (`<time datetime>`) date to the second, and those are read. A time given
  only to the minute (a forum that shows no more) is after the mark when its minute starts after
  it, and at or before it when its minute ends by it; a copy in the mark's own minute cannot be
  told from an older one. Guessing "sent" there leaves a player without the PM in silence;
  guessing "not sent" sends a second copy, which the project never does. So neither is guessed:
  the command stops and the host says (CannotTell).
- **A journal written before the mark kept the forum's time** has only the host's clock
  (`time`): it is moved to the forum's clock by the difference the forum's answer shows now,
  and a copy within OLD_SLACK of it either way cannot be told from an older one (the clocks may
  have drifted since): the command stops; only a copy well after it is taken, only one well
  before it is left.
- **phpBB's sentbox limit.** The sender's copy of a PM waits in the outbox until it is read, then
  goes to the sentbox; the sentbox keeps the account's message limit (`pm_max_msgs`, 50 by
  default, or its groups' larger limit) and phpBB deletes its oldest PMs past it whenever the
  sender opens a PM page (includes/functions_privmsgs.php clean_sentbox; `full_folder_action`
  is for the inbox, not the sentbox). So a PM not found may have been deleted: when the sentbox
  is full and its oldest PM is newer than the mark, the command stops rather than send again.
"""

from __future__ import annotations

import html as _html
import re
from datetime import datetime, timedelta, timezone
from typing import Any

from ..model.errors import HostkitError
from .base import ForumError
from .journal import Journal

OLD_SLACK = timedelta(minutes=10)  # a journal without the forum's time: the clocks' drift allowed
_SECONDS = re.compile(r"T\d{2}:\d{2}:\d{2}")


class CannotTell(ForumError):
    """A send the forum cannot show as sent or not: the host checks and says (`hostkit sent`).
    A forum error: a command stops with its one line, and `hostkit watch` keeps watching (the
    round fails, is logged with the line, and is tried again later, never sending it)."""


def _norm(text: str) -> str:
    """A text's words and digits only, without BBCode or HTML: the same for what was written and
    what the forum shows of it."""
    text = re.sub(r"\[/?[a-z*]+(?:=[^\]]*)?\]", " ", text, flags=re.I)
    text = _html.unescape(re.sub(r"<[^>]+>", " ", text))
    return re.sub(r"\W+", "", text).lower()[:600]


START = 200  # the words and digits of a send's beginning kept in the journal, to find it on the forum


def start_of(text: str) -> str:
    return _norm(text)[:START]


def same_text(start: str, shown: str) -> bool:
    """Whether the forum's text `shown` begins as the send whose beginning is `start` (start_of):
    the beginning, not the whole, because a text rendered again may end differently (a vote
    count's "counted up to post N" once its own post is in the thread)."""
    return bool(start) and _norm(shown).startswith(start)


def mark_time(conn: Any, form: Any) -> str:
    """The forum's time before which a send about to be posted with `form` cannot be stored
    (ISO 8601; "" when the forum has said no time)."""
    from .session import forum_now

    adapter = getattr(conn, "adapter", None)
    served = adapter.form_time(form) if form is not None and hasattr(adapter, "form_time") else None
    if served is None:
        now = forum_now(getattr(conn, "session", None))
        served = now.replace(microsecond=0) - timedelta(seconds=1) if now is not None else None
    return served.astimezone(timezone.utc).isoformat() if served is not None else ""


def _when(value: str) -> datetime | None:
    try:
        t = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    return t if t.tzinfo is not None else None


class Mark:
    """When a `sending` entry began, on the forum's clock: exact (`forum_time`), or, for a journal
    written before that, the host's clock moved to the forum's, give or take OLD_SLACK."""

    def __init__(self, entry: dict[str, str], conn: Any) -> None:
        from .session import forum_now

        self.at = _when(entry.get("forum_time", ""))
        self.slack = timedelta(0)
        if self.at is None:
            host = _when(entry.get("time", ""))
            forum = forum_now(getattr(conn, "session", None))
            offset = (forum - datetime.now(timezone.utc)) if forum is not None else timedelta(0)
            self.at = host + offset if host is not None else None
            self.slack = OLD_SLACK

    def after(self, shown: str) -> bool | None:
        """Whether a copy the forum dates `shown` was stored after the mark (None: cannot tell)."""
        t = _when(shown)
        if self.at is None or t is None:
            return None
        if _SECONDS.search(shown or ""):
            first, last = t, t
        else:  # known to the minute: any second of it
            first, last = t, t + timedelta(seconds=59)
        if first > self.at + self.slack:
            return True
        if last <= self.at - self.slack:
            return False
        return None

    def said(self) -> str:
        return (f"{self.at:%Y-%m-%d %H:%M:%S} on the forum's clock" if not self.slack else
                f"about {self.at:%Y-%m-%d %H:%M} on the forum's clock (a journal of before hostkit kept the forum's time)")


def _unsure(item: Any, why: str, who: str | None = None) -> CannotTell:
    """The one line that stops the command: what may have gone out, why hostkit cannot tell, and
    what the host checks and runs (`who`: the PM's account; None for a post)."""
    key = item.key
    check = f"Ask {who} whether it arrived" if who else "Look for it in the thread"
    return CannotTell(f"{item.what} ({'to ' + who if who else 'in the thread'}) may have gone out and hostkit cannot "
                      f"tell: {why}. {check}, then run 'hostkit sent \"{key}\"' if it went out, or 'hostkit sent "
                      f"--again \"{key}\"' to send it at the next run; nothing more was sent")


def find_pm(conn: Any, entry: dict[str, str], account: str, account_id: str, item: Any, start: str) -> str | None:
    """This send's PM among the sent ones (every page of the outbox and sentbox, read once a
    command): to that account, with the item's subject and beginning, sent after the mark.
    None: surely not sent. CannotTell: a copy the times cannot place, or a sentbox that may have
    deleted it."""
    sent = getattr(conn, "_sent_read", None)
    if sent is None:
        sent = conn._sent_read = conn.call("sent")
    mark = Mark(entry, conn)
    doubt = None
    for m in reversed(sent):
        to_ids = getattr(m, "to_ids", ())
        mine = account_id in to_ids if to_ids else any(t.lower() == account.lower() for t in m.to)
        if not (mine and m.subject == item.subject[:120] and same_text(start, m.text)):
            continue
        after = mark.after(m.time)
        if after:
            return m.id
        if after is None and doubt is None:
            doubt = m
    if doubt is not None:
        raise _unsure(item, f"PM {doubt.id} to {account} has its subject and beginning, sent {doubt.time}, and "
                            f"this send began {mark.said()}: the one or an older one", account)
    _sentbox_kept(conn, sent, mark, item, account)
    return None


def _sentbox_kept(conn: Any, sent: list, mark: Mark, item: Any, account: str) -> None:
    """Raise CannotTell when phpBB may have deleted the PM from a full sentbox: the sentbox is at
    its limit and holds nothing from before the mark."""
    adapter = getattr(conn, "adapter", None)
    if not hasattr(adapter, "sentbox_room"):
        return
    room = conn.call("sentbox_room")
    if not room or not room[1] or room[0] < room[1]:
        return
    from .pmfolders import SENTBOX

    kept = [m for m in sent if getattr(m, "folder", "") == SENTBOX]
    oldest = min(kept, key=lambda m: m.time) if kept else None
    if oldest is not None and mark.after(oldest.time) is False:
        return  # the sentbox reaches back before the send: a copy of it would still be there
    raise _unsure(item, f"your sentbox is full ({room[0]} of {room[1]} PMs; phpBB deletes the oldest sent PMs "
                        f"past its limit) and its oldest PM ({oldest.time if oldest else 'none'}) is not older "
                        f"than this send ({mark.said()}), so its copy may have been deleted", account)


def last_known_post(journal: Journal, thread: str, key: str) -> int:
    """The highest id of this thread's posts the journal says went out (0: none): a post sent
    after them has a higher id, so the thread is read back only that far."""
    ids = [int(e["id"]) for e in journal.sends() if e["kind"] == "post" and e["to"] == thread
           and e["state"] == "sent" and e["key"] != key and e.get("id", "").isdigit()]
    return max(ids, default=0)


def find_post(conn: Any, entry: dict[str, str], thread: str, me: str, item: Any, start: str, after: int) -> str | None:
    """This send's post: the host's post in the thread with the item's beginning, among every
    post since post `after` (however many pages back), dated after the mark. None: surely not
    there; CannotTell: a copy the times cannot place."""
    mark = Mark(entry, conn)
    for pid, author, body, shown in reversed(conn.call("thread_since", thread, after, times=True)):
        if author.lower() == me.lower() and same_text(start, body):
            placed = mark.after(shown)
            if placed:
                return pid
            if placed is None:
                raise _unsure(item, f"post {pid} has its beginning, dated {shown or 'without a time'}, and this "
                                    f"send began {mark.said()}: the one or an older one")
    return None


def by_hand(game: Any, key: str, *, again: bool = False, ident: str | None = None) -> str:
    """`hostkit sent KEY [--again] [--id ID]`: the host says a send the forum could not show
    went out (`sent`, with the forum's id when given, else "by hand") or did not (`dropped`: the
    next run sends it). Only an unsure (`sending`) PM or post is taken; the line to print."""
    from difflib import get_close_matches

    from ..store.folder import locked

    with locked(game.folder):
        journal = Journal(game.folder, game=game)
        entry = journal.get(key)
        if entry is None or entry["kind"] not in ("pm", "post"):
            keys = [k for k in journal.order if journal.entries[k]["kind"] in ("pm", "post")]
            near = get_close_matches(key, keys, n=3, cutoff=0.5)
            raise HostkitError(f"{key!r}: no PM or post of that key in the send journal"
                               + (f" (did you mean {', '.join(repr(k) for k in near)}?)" if near else
                                  " ('hostkit log --json' lists the keys)"))
        if entry["state"] != "sending":
            raise HostkitError(f"{key!r} is {entry['state']}, not unsure: only a send hostkit could not tell about "
                               "is marked by hand")
        if again:
            journal.mark(key, state="dropped")
            return f"{entry.get('what', key)}: marked not sent; the next run sends it"
        journal.mark(key, state="sent", id=ident or "by hand")
        return f"{entry.get('what', key)}: marked sent (by hand); no run sends it again"
