"""phpBB 3's private-message folders, read whole: every page of any folder (inbox, outbox,
sentbox, the account's own folders), each PM with the forum's user ids of its sender and
recipients.

Learned from phpBB 3.3.10's own pages (ucp_pm_viewfolder.html, includes/ucp/ucp_pm_viewfolder.php):
- a folder's listing, ucp.php?i=pm&folder=F&sk=t&sd=a&start=N, shows `topics_per_page` PMs
  (25 by default); its `<div class="pagination">` says the folder's size ("31 messages", then
  the page links, or "5 messages &bull; Page 1 of 1"); an empty folder says "No messages".
  A limited folder also says "(31 out of 50 messages stored)". No size read is a loud error:
  a folder is never read short in silence;
- each row links its sender ("by <a ...viewprofile&u=ID>", inbox and own folders) or its
  recipients ("To <a ...u=ID>", outbox and sentbox), and has a `marked_msg_id[]` box: the id;
- the page's `viewfolder` form exports that same page as XML (submit_export, export_option=XML),
  in the listing's order: subject, sender (the user name as the forum stores it), an ISO 8601
  date with offset, and the BBCode as written. phpBB writes that XML by joining strings, never
  escaping: what it holds is the forum's HTML-escaped text, so one XML decoding gives the text as
  written (a second one would make the name `&#66;ob` read as "Bob"); a PM with a character XML
  forbids (a control character) is one unreadable row, never the whole folder;
- a folder's page says how full it is: "Folder is 18% full (9 out of 50 messages stored)", the
  account's message limit (`pm_max_msgs`, or its groups' larger `group_message_limit`); the
  sentbox is kept to it by deleting its oldest PMs whenever the account opens a PM page
  (functions_privmsgs.php clean_sentbox; a sent PM waits in the outbox, never deleted so, until
  its recipient reads it);
- PMs to a full inbox are held back ("You have N private messages currently on hold because of
  full folder"): they cannot be read until the host makes room, so reading such an inbox fails.
- PMs sent in the same second are in no fixed order between pages: the pages are read again
  in the other direction when the ids read fall short of the folder's size.
"""

from __future__ import annotations

import html as _html
import re
import time
from typing import TYPE_CHECKING, NamedTuple

from .base import ForumError, LoginNeeded, Message

if TYPE_CHECKING:
    from .session import Session

INBOX, SENTBOX, OUTBOX = "0", "-1", "-2"
NAMES = {INBOX: "inbox", SENTBOX: "sentbox", OUTBOX: "outbox"}
REREADS = 3  # times a folder that changed while it was read is read again before giving up


class Row(NamedTuple):
    """One row of a folder's listing: the PM's id, its subject, and the user ids it links."""

    id: str
    subject: str
    users: tuple[str, ...]


def folder_name(folder: str, names: dict[str, str] | None = None) -> str:
    return NAMES.get(folder) or (names or {}).get(folder) or f"folder {folder}"


def _logged_out(page: str) -> bool:
    return 'id="login"' in page and "mode=logout" not in page


def own_folders(page: str) -> dict[str, str]:
    """The account's own folders (id -> name) from any PM page's navigation."""
    out = {}
    for m in re.finditer(r'href="\./ucp\.php\?i=pm&amp;folder=(\d+)"[^>]*>(.*?)</a>', page, re.S):
        if m.group(1) != INBOX:
            name = re.sub(r"<[^>]+>", "", m.group(2))
            out[m.group(1)] = _html.unescape(re.sub(r"\s*\(\d+\)\s*$", "", name).strip())
    return out


def size(page: str) -> int | None:
    """The folder's size as its page says it, or None when the page says none."""
    for block in re.findall(r'<div class="pagination">(.*?)</div>', page, re.S):
        text = re.sub(r"<a [^>]*class=\"mark\"[^>]*>.*?</a>", " ", block, flags=re.S)
        m = re.search(r"(\d[\d,.]*)\s+messages?\b", re.sub(r"<[^>]+>", " ", text))
        if m:
            return int(re.sub(r"\D", "", m.group(1)))
    m = re.search(r"\((\d[\d,.]*) out of [\d,.]+ messages? stored\)", page)
    if m:
        return int(re.sub(r"\D", "", m.group(1)))
    if re.search(r"<strong>\s*No messages\s*</strong>", page):
        return 0
    return None


def room(page: str) -> tuple[int, int] | None:
    """A folder's PMs stored and the account's limit, as its page says ("Folder is 18% full (9
    out of 50 messages stored)"); None where the page says no limit (phpBB shows none for 0)."""
    m = re.search(r"\((\d[\d,.]*) out of (\d[\d,.]*) messages? stored\)", page)
    if not m:
        return None
    return int(re.sub(r"\D", "", m.group(1))), int(re.sub(r"\D", "", m.group(2)))


def sentbox_room(session: Session) -> tuple[int, int] | None:
    """The sentbox's PMs stored and its limit (None: no limit shown). phpBB deletes the oldest
    sent PMs past the limit whenever the account opens a PM page (clean_sentbox)."""
    page = session.get(_listing(SENTBOX, 0, "a"))
    if _logged_out(page):
        raise LoginNeeded(f"{session.site}: the session has expired")
    return room(page)


def held(page: str) -> int:
    """How many PMs the forum holds back because the folder is full (0: none)."""
    m = re.search(r"You have (\d+) private messages? currently on hold", page)
    return int(m.group(1)) if m else 0


def rows(page: str) -> list[Row]:
    """The listing's rows, in its order."""
    out = []
    for block in re.split(r'<li class="row\b', page)[1:]:
        box = re.search(r'name="marked_msg_id\[\]" value="(\d+)"', block)
        if not box:
            continue
        title = re.search(r'class="topictitle">(.*?)</a>', block, re.S)
        subject = _html.unescape(re.sub(r"<[^>]+>", "", title.group(1))) if title else ""
        users = tuple(re.findall(r"memberlist\.php\?mode=viewprofile&amp;u=(\d+)", block))
        out.append(Row(box.group(1), subject.strip(), users))
    return out


_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def export_rows(xml: str | bytes) -> list[tuple[str, tuple[str, ...], str, str, str, bool]]:
    """The XML export's rows: (sender, recipients, subject, ISO time, text, readable). Each
    `<privmsg>` is read on its own: a character XML forbids is read as U+FFFD, and a row that is
    still not XML is kept, unreadable, with what could be read of it."""
    import xml.etree.ElementTree as ET

    text = xml.decode("utf-8", "replace") if isinstance(xml, bytes) else xml
    if "<phpbb>" not in text:
        raise ForumError("the forum's PM export is not phpBB's XML (a changed page, or not a phpBB board?)")
    out = []
    for block in re.findall(r"<privmsg>.*?</privmsg>", text, re.S):
        clean = _NOT_XML.sub("\ufffd", block)
        try:
            pm = ET.fromstring(clean)
        except ET.ParseError:
            def raw(tag: str) -> str:
                m = re.search(rf"<{tag}>(.*?)</{tag}>", clean, re.S)
                return _html.unescape(m.group(1)) if m else ""
            out.append((raw("sender"), (), raw("subject"), raw("date"), raw("message"), False))
            continue

        def get(tag: str) -> str:
            el = pm.find(tag)
            return el.text or "" if el is not None else ""
        to = tuple(t.text or "" for t in pm.iter("recipient"))
        out.append((get("sender"), to, get("subject"), get("date"), get("message"), clean == block))
    return out


def _listing(folder: str, start: int, sort: str) -> str:
    return f"ucp.php?i=pm&folder={folder}&sk=t&sd={sort}&start={start}"


def read_page(session: Session, folder: str, start: int, sort: str) -> tuple[int, list[Message], str]:
    """One page of a folder: its size, its PMs (in the listing's order) and the page itself."""
    from .forms import form_fields

    for _ in range(REREADS + 1):
        page = session.get(_listing(folder, start, sort))
        served = time.monotonic()
        if _logged_out(page):
            raise LoginNeeded(f"{session.site}: the session has expired")
        total = size(page)
        if total is None:
            raise ForumError(f"{session.site}: the PM {folder_name(folder)} page does not say how many PMs it "
                             "holds (a changed page?): not reading it short")
        listed = rows(page)
        if not listed:
            return total, [], page
        found = form_fields(page, "viewfolder")
        if found is None:
            raise ForumError(f"{session.site}: the PM {folder_name(folder)} page has no export form")
        _, data = found
        data.update(submit_export="Go", export_option="XML", sk="t", sd=sort)
        r = session.post(f"ucp.php?i=pm&mode=view&action=view_folder&f={folder}&sk=t&sd={sort}&start={start}",
                         data, served=served)
        exported = export_rows(r.content if hasattr(r, "content") else r.text)
        if len(exported) == len(listed) and all(_same(row.subject, e[2]) for row, e in zip(listed, exported)):
            return total, [_message(folder, row, e) for row, e in zip(listed, exported)], page
        # a PM arrived or left between the listing and its export: read the page again
    raise ForumError(f"{session.site}: the PM {folder_name(folder)} changed on every read; try again")


def _same(listed: str, exported: str) -> bool:
    return " ".join(listed.split()) == " ".join(exported.split())


def _message(folder: str, row: Row, e: tuple) -> Message:
    sender, to, subject, when, text, readable = e
    outgoing = folder in (SENTBOX, OUTBOX)
    return Message(row.id, sender, to, subject, when, text,
                   sender_id="" if outgoing or not row.users else row.users[0],
                   to_ids=row.users if outgoing else (), folder=folder, readable=readable)


def read_folder(session: Session, folder: str) -> list[Message]:
    """Every PM of the folder, oldest first (by time, then id); raises ForumError when the
    folder's size cannot be read or its PMs read fall short of it."""
    for _ in range(REREADS + 1):
        got: dict[str, Message] = {}
        total = 0
        for sort in ("a", "d"):  # ties in time are in no fixed order between pages: read back too
            start = 0
            while True:
                total, page_pms, _page = read_page(session, folder, start, sort)
                for m in page_pms:
                    got.setdefault(m.id, m)
                start += len(page_pms)
                if not page_pms or start >= total:
                    break
            if len(got) >= total:
                return sorted(got.values(), key=lambda m: (m.time, int(m.id) if m.id.isdigit() else 0))
    raise ForumError(f"{session.site}: the PM {folder_name(folder)} says it holds {total} PMs, and "
                     f"{len(got)} could be read; not reading it short")


def read_received(session: Session) -> list[Message]:
    """Every PM the account received: the inbox and its own folders (where the host's rules or
    the host put players' PMs), oldest first. Raises ForumError when the forum holds PMs back
    because the inbox is full: this phase's actions may be among them."""
    first = session.get(_listing(INBOX, 0, "a"))
    if _logged_out(first):
        raise LoginNeeded(f"{session.site}: the session has expired")
    waiting = held(first)
    if waiting:
        raise ForumError(f"{session.site}: the forum holds {waiting} PM(s) back because your inbox is full; "
                         "they cannot be read until you make room (delete or move old PMs on the forum), "
                         "then read again")
    out = read_folder(session, INBOX)
    for number in own_folders(first):
        out += read_folder(session, number)
    return sorted(out, key=lambda m: (m.time, int(m.id) if m.id.isdigit() else 0))


def read_sent(session: Session) -> list[Message]:
    """Every PM the account sent: the outbox (not yet read) and the sentbox, oldest first."""
    both = read_folder(session, OUTBOX) + read_folder(session, SENTBOX)
    return sorted(both, key=lambda m: (m.time, int(m.id) if m.id.isdigit() else 0))
