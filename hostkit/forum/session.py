"""One HTTP session with one forum site: cookies, politeness, timeouts and bounded retries.

- **Cookies** live in a requests.Session and may be cached between commands in the user's cache
  (hostkit.forum.account keeps the file, mode 0600): the session id is the host's login and is
  never written to the game folder, a log or a message.
- **Politeness.** One request at a time, at least `gap` seconds apart, with hostkit's honest
  User-Agent (hostkit.votes.fetch.USER_AGENT).
- **Reading** (GET) goes through hostkit.votes.fetch's `_get`: a timeout, retries with backoff
  on 429, 5xx and a failed connection, each retry told on stderr, a size and time limit.
- **Writing** (POST) is never retried blindly: a request that may have reached the forum and got
  no answer (a read timeout, a dropped connection) raises `Uncertain`, and the sender looks on the
  forum before sending again. Only a connection that was never made is retried.
- **Forms.** `submit` waits until the form is more than a second old (phpBB refuses a form
  posted in the second it was served, as a bot would).
- **The forum's clock.** Every answer to a POST leaves its HTTP `Date` on the session
  (`forum_date`); `forum_now(session)` is the forum's time now from it. Times the forum shows
  (PMs, posts) are compared with that clock, never with the host's (`hostkit inbox`'s phase
  start, a rerun's "sent after the sending mark").
"""

from __future__ import annotations

import sys
import time
from datetime import datetime, timedelta
from typing import Any

import requests

from ..model.errors import FetchError
from ..votes import fetch
from ..model.urls import strip_session
from ..votes.postmeta import decode
from .base import ForumError, Uncertain

# Tests replace this to make waits instant and to see them.
_sleep = time.sleep
_clock = time.monotonic

FORM_AGE = 1.05  # seconds a form must be old before it is posted (phpBB: "not in the same second")


def warn(message: str) -> None:
    print(f"hostkit: {message}", file=sys.stderr)


class Session:
    """The HTTP side of talking to one forum site (`site`: its root URL, ending in '/')."""

    def __init__(self, site: str, *, timeout: float = 20.0, retries: int = 3, gap: float = 0.3) -> None:
        self.site = site
        self.timeout, self.retries, self.gap = timeout, retries, gap
        self.http = requests.Session()
        self.http.headers["User-Agent"] = fetch.USER_AGENT
        self._last = 0.0

    def _polite(self) -> None:
        wait = self._last + self.gap - _clock()
        if wait > 0:
            _sleep(wait)
        self._last = _clock()

    def url(self, path: str) -> str:
        return self.site + path.lstrip("./")

    def get(self, path_or_url: str) -> str:
        """A page's text (retried as fetch retries a thread page; FetchError names the URL
        without any session id)."""
        url = path_or_url if "://" in path_or_url else self.url(path_or_url)
        self._polite()
        try:
            raw, content_type = fetch._get(self.http, url, timeout=self.timeout, retries=self.retries)
        except FetchError as exc:
            raise ForumError(strip_session(str(exc))) from None
        return decode(raw, content_type)

    def post(self, path: str, data: dict[str, Any], *, served: float | None = None) -> requests.Response:
        """POST a form (not following redirects: a forum says where the new post is in its
        Location). `served` is when the form was fetched (time.monotonic): the post waits until
        the form is FORM_AGE old. Raises Uncertain when the request may have reached the forum
        without an answer coming back."""
        url = path if "://" in path else self.url(path)
        if served is not None:
            wait = served + FORM_AGE - _clock()
            if wait > 0:
                _sleep(wait)
        attempt = 0
        while True:
            self._polite()
            try:
                r = self.http.post(url, data=data, timeout=self.timeout, allow_redirects=False)
                date = getattr(r, "headers", {}).get("Date")
                if date:
                    self.forum_date = (date, _clock())
                return r
            except requests.ConnectTimeout:
                why = f"no connection within {self.timeout:g} s"
            except requests.ConnectionError as exc:
                if not _never_connected(exc):
                    raise Uncertain(f"{_where(url)}: the connection broke after the request was sent; "
                                    "it may have gone through") from None
                why = "the forum is unreachable (connection refused)"
            except requests.Timeout:
                raise Uncertain(f"{_where(url)}: no answer within {self.timeout:g} s after the request "
                                "was sent; it may have gone through") from None
            except requests.RequestException as exc:
                raise ForumError(f"{_where(url)}: {type(exc).__name__}") from None
            if attempt >= self.retries:
                raise ForumError(f"{_where(url)}: {why}, after {attempt + 1} tries")
            attempt += 1
            pause = min(fetch.MAX_WAIT, 2.0 ** attempt)
            warn(f"{_where(url)}: {why}; retry {attempt} of {self.retries} in {pause:g} s")
            _sleep(pause)

    def wait(self, seconds: float, why: str) -> None:
        """A wait the forum asks for (a flood interval), told on stderr."""
        warn(f"{why}; waiting {seconds:g} s")
        _sleep(seconds)

    # cookies, for the account's cache (never shown anywhere)
    def cookies(self) -> list[dict[str, Any]]:
        return [{"name": c.name, "value": c.value, "domain": c.domain, "path": c.path,
                 "expires": c.expires, "secure": bool(c.secure)} for c in self.http.cookies]

    def set_cookies(self, cookies: list[dict[str, Any]]) -> None:
        for c in cookies:
            self.http.cookies.set(c["name"], c["value"], domain=c.get("domain") or "",
                                  path=c.get("path") or "/", expires=c.get("expires"),
                                  secure=bool(c.get("secure")))

    def close(self) -> None:
        self.http.close()


def forum_now(session: Any) -> datetime | None:
    """The forum's clock now: the HTTP Date of its last answer to a POST, moved on by the time
    since (None: no answer has said). Never ahead of the forum's own clock: a Date is its
    second, cut down."""
    from email.utils import parsedate_to_datetime

    seen = getattr(session, "forum_date", None)
    if not seen:
        return None
    date, at = seen
    try:
        forum = parsedate_to_datetime(date)
    except (TypeError, ValueError):
        return None
    if forum.tzinfo is None:
        return None
    return forum + timedelta(seconds=max(0.0, _clock() - at))


def _where(url: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return f"{parts.hostname or ''}{parts.path}"  # no query: it may hold a session id


def _never_connected(exc: BaseException) -> bool:
    """Whether a ConnectionError happened before any byte was sent (refused, no route, DNS)."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        name = type(exc).__name__
        if name in ("NewConnectionError", "ConnectionRefusedError", "NameResolutionError", "gaierror"):
            return True
        nxt = getattr(exc, "reason", None)
        exc = nxt if isinstance(nxt, BaseException) else (exc.__cause__ or exc.__context__
                                                           or (exc.args[0] if exc.args and isinstance(exc.args[0], BaseException) else None))
    return False
