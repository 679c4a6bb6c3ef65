"""Reading a phpBB account's PM folders whole (hostkit.forum.pmfolders, issue 35 "Actions lost"):
every page of the inbox, the sentbox and the account's own folders on phpBB 3.3.10's real
markup; a folder whose size cannot be read, or whose PMs the forum holds back, fails loudly;
the forum's export is decoded once (a name stored as `&#66;ob` is not "Bob") and one PM with a
character XML forbids never makes the folder unreadable.

A host's folders after weeks are made by writing old PMs straight into the board's SQLite
database (as phpBB itself stores them), then the newest are sent through the forms.
"""

from __future__ import annotations

import itertools
import sqlite3
import time

import pytest

from hostkit.forum.base import ForumError

_ids = itertools.count(1)


def _db(board):
    return sqlite3.connect(board.folder / "data" / "board.sqlite3")


def user_id(board, name: str) -> int:
    db = _db(board)
    try:
        return int(db.execute("SELECT user_id FROM phpbb_users WHERE username = ?", (name,)).fetchone()[0])
    finally:
        db.close()


def old_pms(board, sender: str, to: str, texts: list[str], *, at: float | None = None, step: int = 3600,
            folder: int = 0, same_second: int = 0) -> list[int]:
    """PMs from `sender` to `to` as phpBB stores them (in `to`'s folder `folder`, in the
    sender's sentbox), `step` seconds apart from `at` (default a month ago); the first
    `same_second` share one time. Returns their ids."""
    src, dst = user_id(board, sender), user_id(board, to)
    at = at if at is not None else time.time() - 30 * 86400
    db = _db(board)
    out = []
    try:
        for n, text in enumerate(texts):
            when = int(at) + (0 if n < same_second else n * step)
            body = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            cur = db.execute("INSERT INTO phpbb_privmsgs (author_id, author_ip, message_time, message_subject, "
                             "message_text, bbcode_uid, to_address) VALUES (?, '127.0.0.1', ?, ?, ?, 'abcd', ?)",
                             (src, when, f"old {n}", f"<t>{body}</t>", f"u_{dst}"))
            out.append(cur.lastrowid)
            for who, box in ((dst, folder), (src, -1)):
                db.execute("INSERT INTO phpbb_privmsgs_to (msg_id, user_id, author_id, pm_new, pm_unread, folder_id) "
                           "VALUES (?, ?, ?, 0, 0, ?)", (cur.lastrowid, who, src, box))
        db.commit()
    finally:
        db.close()
    return out


def names(tmp_path, *short: str) -> list[str]:
    tag = f"F{next(_ids)}{tmp_path.name[-4:].replace('_', '')}"
    return [f"{s}{tag}" for s in short]


def _roomy(board, user: str, limit: int = 5000) -> None:
    """A group of its own for `user` with room for `limit` PMs a folder (phpBB's default is 50)."""
    db = _db(board)
    try:
        uid = user_id(board, user)
        cur = db.execute("INSERT INTO phpbb_groups (group_type, group_name, group_desc, group_message_limit) "
                         "VALUES (1, ?, '', ?)", (f"roomy{uid}", limit))
        db.execute("INSERT INTO phpbb_user_group (group_id, user_id, user_pending) VALUES (?, ?, 0)",
                   (cur.lastrowid, uid))
        db.commit()
    finally:
        db.close()


@pytest.mark.slow  # some 10 s: a few dozen folder pages and their exports
def test_every_page_of_the_inbox_the_sentbox_and_an_own_folder_is_read(tmp_path, board):
    """30 old PMs (five of them in one second, across the page break) and one sent today: the
    host's inbox reads all 31, the newest last; the player's sentbox reads all 31; a PM the host
    filed in one of their own folders is read with the inbox."""
    host, player = names(tmp_path, "Hst", "Pla")
    board.add(host, player)
    _roomy(board, host)
    _roomy(board, player)
    old = old_pms(board, player, host, [f"old message {n}" for n in range(30)], same_second=5,
                  at=time.time() - 40 * 86400)
    old[22:27] = old_pms(board, player, host, [f"tied {n}" for n in range(5)], same_second=5,
                         at=time.time() - 35 * 86400)  # five more, all in one second, on pages 1 and 2
    db = _db(board)
    try:
        db.execute("INSERT INTO phpbb_privmsgs_folder (user_id, folder_name, pm_count) VALUES (?, 'Game 12', 1)",
                   (user_id(board, host),))
        own = db.execute("SELECT max(folder_id) FROM phpbb_privmsgs_folder").fetchone()[0]
        db.commit()
    finally:
        db.close()
    filed = old_pms(board, player, host, ["filed away: guard Ann"], at=time.time() - 3600, folder=own)
    new = board.as_user(player).send_pm(str(user_id(board, host)), "N2 action", "guard Ann tonight")

    inbox = board.as_user(host).inbox()
    mine = [m for m in inbox if m.sender == player]
    assert len(mine) == 37
    assert {int(m.id) for m in mine} >= set(old) | set(filed) | {int(new.id)}
    assert mine[-1].id == new.id and mine[-1].text == "guard Ann tonight"
    assert all(m.sender_id == str(user_id(board, player)) for m in mine)
    assert [m.folder for m in mine if int(m.id) in filed] == [str(own)]
    times = [m.time for m in inbox]
    assert times == sorted(times)

    sent = board.as_user(player).sent()
    assert len(sent) == 37 and sent[-1].id == new.id
    assert all(m.to_ids == (str(user_id(board, host)),) for m in sent)


@pytest.mark.slow
def test_a_full_inbox_whose_forum_holds_pms_back_is_refused_not_read_short(tmp_path, board):
    """phpBB holds PMs to a full inbox back (50 by default); they cannot be read, and may be
    this phase's actions: reading says so."""
    host, player = names(tmp_path, "Ful", "Pla")
    board.add(host, player)
    old_pms(board, player, host, [f"old {n}" for n in range(50)])
    board.as_user(player).send_pm(str(user_id(board, host)), "N1", "check Bob")
    with pytest.raises(ForumError, match="holds 1 PM.* back because your inbox is full"):
        board.as_user(host).inbox()


@pytest.mark.slow
def test_the_export_is_decoded_once_and_a_control_character_spoils_one_pm_only(tmp_path, board):
    """An account registered as `&#66;ob` (phpBB stores it escaped, `&amp;#66;ob`) reads as
    `&#66;ob`, never "Bob"; a PM holding a control character (XML forbids it) is read with the
    character replaced, and the other PMs of the page are read as written ("&amp;" stays)."""
    host, = names(tmp_path, "Dec")
    tricky = "&amp;#66;ob" + host[-4:]  # as phpBB's registration stores "&#66;obNNNN"
    board.add(host, tricky)
    _roomy(board, host)
    old_pms(board, tricky, host, ["kill Ann \x01\x0b now", "a &amp; b <i>", "third"])
    got = [m for m in board.as_user(host).inbox() if m.sender_id == str(user_id(board, tricky))]
    assert [m.sender for m in got] == ["&#66;ob" + host[-4:]] * 3
    assert got[0].text == "kill Ann \ufffd\ufffd now" and not got[0].readable
    assert got[1].text == "a &amp; b <i>" and got[1].readable
    assert got[2].text == "third"


class _Page:
    """A canned phpBB folder page (listing, then its XML export) for the size checks."""

    def __init__(self, listing: str, export: str = "<phpbb></phpbb>") -> None:
        self.listing, self.export, self.site = listing, export, "http://127.0.0.1:1/"

    def get(self, path):
        return self.listing

    def post(self, path, data, served=None):
        class R:
            content = self.export.encode()
        return R()


ROW = ('<li class="row bg1"><a href="./ucp.php?i=pm&amp;mode=view&amp;f=0&amp;p=7" class="topictitle">hi</a>'
       ' by <a href="./memberlist.php?mode=viewprofile&amp;u=58" class="username">Ann</a>'
       '<input type="checkbox" name="marked_msg_id[]" value="7" /></li>')
FORM = ('<form id="viewfolder" method="post" action="./ucp.php?i=pm&amp;mode=view&amp;action=view_folder&amp;f=0">'
        '{}<input type="hidden" name="form_token" value="t"/></form><a href="./ucp.php?mode=logout&amp;sid=1">x</a>')
ONE = ('<phpbb><privmsg><subject>hi</subject><sender>Ann</sender><date>2026-01-01T00:00:00+00:00</date>'
       '<message>check Bob</message></privmsg></phpbb>')


@pytest.mark.parametrize("listing, export, outcome", [
    (FORM.format('<div class="pagination">1 message &bull; Page <strong>1</strong> of 1</div>' + ROW), ONE, 1),
    (FORM.format('<div class="pagination"><a href="x" class="mark">Mark all messages read</a> &bull; 1 message'
                 '<ul><li>1</li></ul></div>' + ROW), ONE, 1),
    (FORM.format('<p>Folder is 2% full (1 out of 50 messages stored)</p><div class="pagination"></div>' + ROW),
     ONE, 1),
    (FORM.format('<div class="pagination"></div><p><strong>No messages</strong></p>'), ONE, 0),
    (FORM.format('<div class="pagination">Page 1</div>' + ROW), ONE, "does not say how many"),
    (FORM.format('<div class="pagination">2 messages &bull; Page 1 of 1</div>' + ROW), ONE, "says it holds 2"),
    (FORM.format('<div class="pagination">1 message &bull; Page 1 of 1</div>' + ROW), "<html>error</html>",
     "not phpBB's XML"),
], ids=["one-page", "many-pages-markup", "folder-status-only", "empty", "no-size", "short", "not-xml"])
def test_a_folders_size_is_read_from_phpbbs_markup_or_the_read_fails(listing, export, outcome):
    from hostkit.forum import pmfolders

    session = _Page(listing, export)
    if isinstance(outcome, int):
        assert len(pmfolders.read_folder(session, "0")) == outcome
    else:
        with pytest.raises(ForumError, match=outcome):
            pmfolders.read_folder(session, "0")
