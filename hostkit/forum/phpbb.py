"""phpBB 3's adapter (hostkit.forum.base.Adapter): its forms, as a person fills them in.

Learned from phpBB 3.3's own pages (the board in ../shared/forum):
- every form carries `form_token` and `creation_time`; a form posted in the second it was served
  is refused, so the session posts it only once it is over a second old;
- login: ucp.php?mode=login, form `login` (username, password, autologin);
- a reply: posting.php?mode=reply&t=T, form `postform`; accepted with a 302 to
  viewtopic.php?p=ID#pID. Refusals come back as the form again, with `<div class="error">`:
  the flood interval ("You cannot make another post so soon after your last."), the length
  limit ("... The maximum number of allowed characters is N."), and, where posts were made
  while writing, the notice "At least one new post has been made to this topic" with a new
  `topic_cur_post_id`;
- a PM: ucp.php?i=pm&mode=compose&u=ID prefills the recipient (`address_list[u][ID]=to`); sent,
  the answer's refresh link names the message (mode=view&p=ID);
- folders: inbox 0, outbox -2 (sent, not yet read), sentbox -1 and the account's own; read
  whole, every page, by hostkit.forum.pmfolders;
- an account: memberlist.php?mode=viewprofile&un=NAME answers 404 "does not exist" for none;
- an expired session: a page that should need a login shows the login form instead;
- locking a topic (a moderator's quick-mod tool): the topic page's quick-mod menu links to
  mcp.php?...&quickmod=1&action=lock (or unlock, when locked); that page is a confirm form
  (`confirm`, with a one-time confirm_key) posted with confirm=Yes.
"""

from __future__ import annotations

import html as _html
import re
import time
from datetime import datetime, timezone
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .base import ForumError, LoginNeeded, Message, NewPosts, Sent, TooLong, Uncertain
from .forms import _soup, form_fields  # noqa: F401 - form_fields is phpBB's too
from .session import Session

FLOOD_WAITS = 3  # flood refusals waited out before giving up on one post
FLOOD_PAUSE = 15.0  # phpBB's default flood interval; the page does not say the board's figure
from .pmfolders import INBOX, OUTBOX, SENTBOX  # noqa: F401 - the folders' numbers, named here too


def _errors(page: str) -> str:
    soup = _soup(page)
    found = [e.get_text(" ", strip=True) for e in soup.select("form#postform div.error, div.error, p.error")]
    if not found:
        box = soup.select_one("#message .inner, #message")
        if box is not None:
            found = [box.get_text(" ", strip=True)]
    return " ".join(f for f in found if f)[:300]


def _message_box(page: str) -> bool:
    """Whether the page is phpBB's message page (trigger_error: "Information", "General Error")."""
    return _soup(page).select_one("#message") is not None


def _logged_out(page: str) -> bool:
    return 'id="login"' in page and "mode=logout" not in page


class PhpBB:
    """phpBB 3 through a Session whose site is the board's root."""

    engine = "phpbb"

    def __init__(self, session: Session) -> None:
        self.s = session

    # ------------------------------------------------------------------ account
    def login(self, user: str, password: str, *, again: bool = True) -> None:
        page = self.s.get("ucp.php?mode=login")
        served = time.monotonic()
        found = form_fields(page, "login")
        if found is None:
            if "mode=logout" in page and again:  # logged in already (maybe as another account)
                self.logout()
                return self.login(user, password, again=False)
            raise ForumError(f"{self.s.site}: no login form at ucp.php?mode=login (is this a phpBB board?)")
        _, data = found
        data.update(username=user, password=password, autologin="on", login="Login")
        r = self.s.post("ucp.php?mode=login", data, served=served)
        if r.is_redirect or (r.status_code == 200 and "mode=logout" in r.text):
            if self.whoami() is not None:
                return
        why = _errors(r.text) or f"HTTP {r.status_code}"
        raise ForumError(f"{self.s.site}: the forum refused the login of {user!r}: {why}")

    def logout(self) -> None:
        page = self.s.get("index.php")
        m = re.search(r'href="\./ucp\.php\?mode=logout&amp;sid=([0-9a-f]+)"', page)
        if m:
            self.s.get(f"ucp.php?mode=logout&sid={m.group(1)}")

    def whoami(self) -> str | None:
        page = self.s.get("index.php")
        if "mode=logout" not in page:
            return None
        m = re.search(r'class="header-avatar[^"]*"[^>]*>(?:(?!</a>).)*?<span[^>]*class="username[^"]*"[^>]*>([^<]*)</span>',
                      page, re.S)
        return _html.unescape(m.group(1)) if m else ""

    def account(self, name: str) -> str | None:
        from urllib.parse import quote

        try:
            page = self.s.get(f"memberlist.php?mode=viewprofile&un={quote(name)}")
        except ForumError as exc:
            if "HTTP 404" in str(exc):
                return None
            raise
        if _logged_out(page):
            raise LoginNeeded(f"{self.s.site}: the forum asks to log in to see profiles")
        m = re.search(r"mode=compose&amp;u=(\d+)", page) or re.search(r"author_id=(\d+)", page)
        return m.group(1) if m else None

    # ------------------------------------------------------------------ posting
    def _fill(self, page_path: str, form_id: str) -> tuple[str, dict[str, str], float, str]:
        page = self.s.get(page_path)
        served = time.monotonic()
        found = form_fields(page, form_id)
        if found is None:
            if _logged_out(page):
                raise LoginNeeded(f"{self.s.site}: the session has expired")
            raise ForumError(f"{self.s.site}: the forum showed no form to write in: "
                             f"{_errors(page) or 'no ' + form_id}")
        action, data = found
        return action, data, served, page

    def _submit(self, page_path: str, form_id: str, fields: dict[str, str], *, ignore_new_posts: bool = True,
                accepted: Any, filled: tuple[str, dict[str, str], float, str] | None = None) -> str:
        """Fill the form at `page_path` (or take `filled`, the form fetched before: `_fill`), post
        it, and return the new id (`accepted(response)`), meeting the forum's limits as a person
        would."""
        floods = 0
        action, data, served, _ = filled or self._fill(page_path, form_id)
        data = dict(data)
        while True:
            data.update(fields)
            data["post"] = "Submit"
            r = self.s.post(action, data, served=served)
            found = accepted(r)
            if found:
                return found
            page = r.text
            what = "post" if form_id == "postform" else "form"
            if r.status_code >= 500 or r.status_code in (0, 408, 429):  # the forum may have stored it first
                raise Uncertain(f"{self.s.site}: the forum answered HTTP {r.status_code} to the {what}: it may have "
                                "gone out")
            if _logged_out(page):
                raise LoginNeeded(f"{self.s.site}: the session has expired")
            why = _errors(page)
            limit = re.search(r"maximum number of allowed characters is ([\d,]+)", why)
            if limit:
                raise TooLong(f"{self.s.site}: {why}", int(limit.group(1).replace(",", "")))
            if "so soon after your last" in why and floods < FLOOD_WAITS:
                floods += 1
                self.s.wait(FLOOD_PAUSE, f"{self.s.site}: the forum's flood interval ({why})")
                action, data, served, _ = self._fill(page_path, form_id)
                continue
            again = form_fields(page, form_id)
            if "new post has been made" in page or "new posts have been made" in page:
                if not ignore_new_posts:
                    raise NewPosts(f"{self.s.site}: a new post was made in the thread while writing")
                if again is not None:  # the form again, with the thread's new last post: post anyway
                    action, data = again
                    served = time.monotonic()
                    continue
            if "form was invalid" in why and again is not None and floods < FLOOD_WAITS:
                floods += 1  # a stale token (the form waited too long): once more, with the new one
                action, data, served, _ = self._fill(page_path, form_id)
                continue
            if r.status_code == 200 and why and "successfully" not in why.lower() and (
                    again is not None or _message_box(page)):  # phpBB's error box: the form again, or its message
                raise ForumError(f"{self.s.site}: the forum refused the {what}: {why}")
            raise Uncertain(f"{self.s.site}: the forum's answer to the {what} (HTTP {r.status_code}"
                            f"{': ' + why[:120] if why else ''}) is neither its page for a {what} sent nor its error "
                            "box: it may have gone out")

    def reply_form(self, thread: str) -> Any:
        """The reply form of the thread, fetched now to be posted by `reply(..., form=)`: the
        sender takes the forum's time from it before the post goes (`form_time`)."""
        return self._fill(f"posting.php?mode=reply&t={_topic(thread)}", "postform")

    @staticmethod
    def form_time(form: Any) -> datetime | None:
        """The forum's time when the form was served (its `creation_time`, on the forum's clock):
        phpBB takes a form only in a later second, so what it stores from it is dated after this."""
        data = form[1] if form else {}
        stamp = str(data.get("creation_time", ""))
        return datetime.fromtimestamp(int(stamp), timezone.utc) if stamp.isdigit() else None

    def reply(self, thread: str, text: str, *, subject: str = "", ignore_new_posts: bool = True,
              form: Any = None) -> Sent:
        topic = _topic(thread)

        def accepted(r: Any) -> str | None:
            m = re.search(r"[?&]p=(\d+)", r.headers.get("Location", "")) if r.is_redirect else None
            return m.group(1) if m else None

        fields = {"message": text}
        if subject:
            fields["subject"] = subject
        post_id = self._submit(f"posting.php?mode=reply&t={topic}", "postform", fields,
                               ignore_new_posts=ignore_new_posts, accepted=accepted, filled=form)
        return Sent(post_id, self.s.url(f"viewtopic.php?p={post_id}#p{post_id}"))

    def pm_form(self, account_id: str) -> Any:
        """The PM form to that account, fetched now to be sent later (`send_pm(..., form=)`): the
        next PM's form is fetched while the current one is sent, so its second of phpBB's form
        rule runs meanwhile."""
        return self._fill(f"ucp.php?i=pm&mode=compose&u={account_id}", "postform")

    def send_pm(self, account_id: str, subject: str, text: str, *, form: Any = None) -> Sent:
        def accepted(r: Any) -> str | None:
            if r.status_code != 200 or "sent successfully" not in r.text:
                return None
            m = re.search(r"mode=view&amp;p=(\d+)", r.text) or re.search(r"mode=view&p=(\d+)", r.text)
            return m.group(1) if m else "?"

        msg_id = self._submit(f"ucp.php?i=pm&mode=compose&u={account_id}", "postform",
                              {"subject": subject[:120], "message": text}, accepted=accepted, filled=form)
        return Sent(msg_id, self.s.url(f"ucp.php?i=pm&mode=view&p={msg_id}"))

    # ------------------------------------------------------------------ moderating
    def locked(self, thread: str) -> bool | None:
        """Whether the topic is locked (None: the account has no moderator's lock tool there)."""
        page = self.s.get(f"viewtopic.php?t={_topic(thread)}")
        if "mode=logout" not in page:  # a guest sees no tools: log in first
            raise LoginNeeded(f"{self.s.site}: the session has expired")
        found = set(re.findall(r"quickmod=1[^\"]*?action=(lock|unlock)&", page))
        if not found:
            return None
        return "unlock" in found

    def set_locked(self, thread: str, lock: bool = True) -> str:
        """Lock (or unlock) the topic with the quick-mod tool, as a moderator does; what
        happened: "locked", "unlocked", or "already locked"/"already unlocked" (nothing done).
        ForumError when the account may not moderate the topic."""
        topic = _topic(thread)
        want = "lock" if lock else "unlock"
        page = self.s.get(f"viewtopic.php?t={topic}")
        if "mode=logout" not in page:
            raise LoginNeeded(f"{self.s.site}: the session has expired")
        links = {m.group(2): _html.unescape(m.group(1)) for m in
                 re.finditer(r'href="\./(mcp\.php\?[^"]*?quickmod=1[^"]*?action=(lock|unlock)&[^"]*)"', page)}
        if want not in links:
            if links:
                return f"already {want}ed"
            raise ForumError(f"{self.s.site}: the account may not lock topic {topic} (no quick-mod lock tool "
                             "on its page: the host needs a moderator's rights in the game's forum)")
        confirm = self.s.get(links[want])
        served = time.monotonic()
        found = form_fields(confirm, "confirm")
        if found is None:
            raise ForumError(f"{self.s.site}: the forum showed no confirm form to {want} topic {topic}: "
                             f"{_errors(confirm) or 'no confirm form'}")
        action, data = found
        data["confirm"] = "Yes"
        r = self.s.post(action, data, served=served)
        if r.status_code >= 400:
            raise ForumError(f"{self.s.site}: the forum refused to {want} topic {topic}: HTTP {r.status_code}")
        if self.locked(thread) is not lock:
            raise ForumError(f"{self.s.site}: topic {topic} is not {want}ed after the moderator's {want}: "
                             f"{_errors(r.text) or 'the forum did not say why'}")
        return f"{want}ed"

    # ------------------------------------------------------------------ reading
    def folder(self, folder: str) -> list[Message]:
        """Every PM of one folder (INBOX, SENTBOX, OUTBOX or an own folder's number), every page."""
        from .pmfolders import read_folder

        return read_folder(self.s, folder)

    def inbox(self) -> list[Message]:
        from .pmfolders import read_received

        return read_received(self.s)

    def sent(self) -> list[Message]:
        from .pmfolders import read_sent

        return read_sent(self.s)

    def sentbox_room(self) -> tuple[int, int] | None:
        """The sentbox's PMs stored and the account's limit (None: no limit)."""
        from .pmfolders import sentbox_room

        return sentbox_room(self.s)

    def thread_tail(self, thread: str) -> list[tuple[str, str, str]]:
        """The thread's last page's posts (a reply lands on the last page)."""
        return self._thread_page(f"viewtopic.php?t={_topic(thread)}&start=999999", thread, last=True)[0]

    def _thread_page(self, path: str, thread: str, *, last: bool = False,
                     times: bool = False) -> tuple[list[tuple[str, ...]], str | None]:
        """One thread page's posts (post id, author, text; with `times`, and the post's time as
        the page dates it, ISO 8601 to the second) and the previous page's path (None on the
        first). `last`: the page asked for is the thread's last; a page that says there are pages
        after it (a forum or proxy that ignores start=) is refused, never taken for it."""
        from ..votes.forums import parse_page

        page = self.s.get(path)
        parsed = parse_page(page, url=self.s.url(f"viewtopic.php?t={_topic(thread)}"))
        if last and parsed.last_page and parsed.page < parsed.last_page:
            raise ForumError(f"{self.s.site}: asked for the thread's last page, the forum answered page {parsed.page} "
                             f"of {parsed.last_page} (it or a proxy ignores start=): the thread cannot be read "
                             "as it is")
        out = []
        for p in parsed.posts:
            pid = re.sub(r"\D", "", p.post_id or "") or str(p.number)
            out.append((pid, p.author, p.body, p.time or "") if times else (pid, p.author, p.body))
        prev = re.search(r'<a\b[^>]*\brel="prev"[^>]*>', page)
        href = re.search(r'href="([^"]+)"', prev.group(0)) if prev else None
        return out, (_html.unescape(href.group(1)) if href else None)

    def thread_since(self, thread: str, after: int, *, times: bool = False) -> list[tuple[str, ...]]:
        """Every post of the thread whose id is over `after` (the forum numbers posts in the order
        they are made), oldest first: the last page, then the pages before it, as far back as
        such posts go (with `times`, each post's time too, as _thread_page). A page that repeats
        posts already read (a forum or proxy that ignores `start=`) ends the reading with a
        ForumError: what was not read is never taken as not there."""
        path: str | None = f"viewtopic.php?t={_topic(thread)}&start=999999"
        found: dict[int, tuple[str, ...]] = {}
        seen: set[str] = set()
        while path:
            posts, prev = self._thread_page(path, thread, last=not seen, times=times)
            ids = [int(p[0]) for p in posts if p[0].isdigit()]
            if posts and all(p[0] in seen for p in posts):
                raise ForumError(f"{self.s.site}: the thread's page {_start_of(path)} repeats posts of a page already "
                                 "read (the forum or a proxy ignores start=): the thread cannot be read back whole")
            seen.update(p[0] for p in posts)
            found.update((int(p[0]), p) for p in posts if p[0].isdigit() and int(p[0]) > after)
            if not ids or min(ids) <= after:
                break
            path = prev
        return [found[k] for k in sorted(found)]


def _start_of(path: str) -> str:
    m = re.search(r"[?&]start=(\d+)", path)
    return f"at start={m.group(1)}" if m else "(the first)"


def _topic(thread: str) -> str:
    query = parse_qs(urlsplit(thread).query)
    for key in ("t", "topic_id"):
        if query.get(key) and query[key][0].isdigit():
            return query[key][0]
    m = re.search(r"-t(\d+)(?:\.html|/|$)", thread)  # SEO-friendly URLs (topic-name-t123.html)
    if m:
        return m.group(1)
    raise ForumError(f"{thread}: not a phpBB topic URL (it names no topic: viewtopic.php?t=N)")
