"""The interface every forum engine's adapter implements, and the values it hands back.

An adapter is one engine's knowledge of its forms and pages (phpBB 3 first, hostkit.forum.phpbb;
XenForo and Discourse follow the same shape). It talks through a hostkit.forum.session.Session,
which owns the HTTP side (cookies, politeness, timeouts, retries); the adapter never sleeps or
retries on its own except where its engine demands it (phpBB's one-second form rule, its flood
interval), and says so on stderr through the session.

What an adapter raises:
- `ForumError` (a HostkitError): the forum refused, in one line quoting the forum's own words;
- `Uncertain`: the request went out and no answer came back (a timeout while posting): the
  post or PM may or may not exist. The sender then looks on the forum before trying again.
- `LoginNeeded`: the forum answered as to a logged-out visitor (an expired session); the
  session logs in again once and retries.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from ..model.errors import HostkitError


class ForumError(HostkitError):
    """The forum refused, or cannot be reached: one line, never a password or a session id."""


class Uncertain(ForumError):
    """A send whose answer never came: it may have gone out."""


class LoginNeeded(ForumError):
    """The forum treats the session as logged out."""


class TooLong(ForumError):
    """A message over the forum's length limit; `limit` is the forum's figure (characters)."""

    def __init__(self, message: str, limit: int) -> None:
        super().__init__(message)
        self.limit = limit


class NewPosts(ForumError):
    """Posts were made in the thread while the reply was being written (phpBB's notice)."""


class Sent(NamedTuple):
    """A post or PM the forum accepted: its id there, and its link (without a session id)."""

    id: str
    url: str


class Message(NamedTuple):
    """A PM in one of the account's folders, oldest first in every list an adapter returns."""

    id: str
    sender: str
    to: tuple[str, ...]
    subject: str
    time: str  # ISO 8601 with offset
    text: str  # as written (BBCode source where the forum keeps it)
    sender_id: str = ""  # the forum's user id of the sender ("" where the forum shows none)
    to_ids: tuple[str, ...] = ()  # the forum's user ids of the recipients (sent folders)
    folder: str = ""  # the forum's folder it was read from
    readable: bool = True  # False: the forum's export of it was not valid XML; what could be read


class Adapter(Protocol):
    """One forum engine. `thread` is the game's thread URL; accounts are forum user names."""

    engine: str

    def login(self, user: str, password: str) -> None:
        """Log in (raises ForumError with the forum's reason when refused)."""

    def whoami(self) -> str | None:
        """The account the session is logged in as, or None."""

    def account(self, name: str) -> str | None:
        """The forum's id of the account named `name` (as a PM is addressed), or None when no
        account has that name."""

    def reply(self, thread: str, text: str, *, subject: str = "", ignore_new_posts: bool = True) -> Sent:
        """Post `text` as a reply in the thread. With ignore_new_posts False, raises NewPosts
        when posts were made while it was being written (nothing posted)."""

    def send_pm(self, account_id: str, subject: str, text: str) -> Sent:
        """Send a PM to the account with that id."""

    def inbox(self) -> list[Message]:
        """Every PM in the account's inbox, oldest first."""

    def sent(self) -> list[Message]:
        """Every PM the account sent (delivered or not yet read), oldest first."""

    def thread_tail(self, thread: str) -> list[tuple[str, str, str]]:
        """The thread's last posts as (post id, author, text), oldest first."""

    def thread_since(self, thread: str, after: int) -> list[tuple[str, str, str]]:
        """Every post of the thread with an id over `after`, oldest first, however many pages
        back they go (ForumError when the thread cannot be read back whole)."""

    def locked(self, thread: str) -> bool | None:
        """Whether the thread is locked (None: the account cannot moderate it)."""

    def set_locked(self, thread: str, lock: bool = True) -> str:
        """Lock (or unlock) the thread as a moderator: "locked", "unlocked", or "already ..."."""
