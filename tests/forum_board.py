"""A live phpBB board for the forum tests: one a test session (../shared/forum/board).

`board` starts one board per session in a temporary folder (`board up`), adds users on demand and
stops it at the end (`board down`). Where ../shared/forum is absent, or `board up` exits 3 (no
PHP to be had), the tests that use it skip with the board's own one-line reason.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / ".." / "shared" / "forum" / "board"


def password(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "", name) + "-pw1"


class Board:
    def __init__(self, folder: Path, url: str) -> None:
        self.folder, self.url = folder, url
        self.users: set[str] = set()

    def add(self, *names: str) -> None:
        todo = [n for n in names if n not in self.users]
        if todo:
            subprocess.run([str(SCRIPT), "users", str(self.folder), *todo], check=True, capture_output=True,
                           timeout=120)
            self.users.update(todo)

    def enable_vote_tag(self) -> None:
        """The [vote] BBCode MafiaScum has (rendered as <span class="bbvote">): a custom BBCode
        in the board's own table (once: a board kept up has it from its first session), then
        phpBB's cache purged so its text formatter learns it."""
        import sqlite3

        db = sqlite3.connect(self.folder / "data" / "board.sqlite3")
        try:
            db.execute("INSERT OR IGNORE INTO phpbb_bbcodes (bbcode_id, bbcode_tag, bbcode_helpline, display_on_posting, "
                       "bbcode_match, bbcode_tpl, first_pass_match, first_pass_replace, second_pass_match, "
                       "second_pass_replace) VALUES (13, 'vote', '', 0, '[vote]{TEXT}[/vote]', "
                       "'<span class=\"bbvote\">{TEXT}</span>', '', '', '', '')")
            db.commit()
        finally:
            db.close()
        subprocess.run(["php", "bin/phpbbcli.php", "cache:purge"], cwd=self.folder / "phpBB3", check=True,
                       capture_output=True, timeout=120)

    def old_posts(self, thread: str, author: str, texts: list[str]) -> list[str]:
        """Posts by `author` in the thread as phpBB stores them, written straight into the board's
        database (a thread that has moved on, without a second of form rule a post): their ids."""
        import sqlite3

        topic = int(re.search(r"[?&]t=(\d+)", thread).group(1))
        db = sqlite3.connect(self.folder / "data" / "board.sqlite3")
        try:
            uid, name = db.execute("SELECT user_id, username FROM phpbb_users WHERE username = ?", (author,)).fetchone()
            forum, last = db.execute("SELECT forum_id, max(post_time) FROM phpbb_posts WHERE topic_id = ?",
                                     (topic,)).fetchone()
            ids = []
            for n, text in enumerate(texts, start=1):
                body = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                cur = db.execute("INSERT INTO phpbb_posts (topic_id, forum_id, poster_id, poster_ip, post_time, "
                                 "post_subject, post_text, post_visibility) VALUES (?, ?, ?, '127.0.0.1', ?, ?, ?, 1)",
                                 (topic, forum, uid, int(max(last, time.time())) + n, "Re: game", f"<t>{body}</t>"))
                ids.append(cur.lastrowid)
            db.execute("UPDATE phpbb_topics SET topic_posts_approved = topic_posts_approved + ?, "
                       "topic_last_post_id = ?, topic_last_poster_id = ?, topic_last_poster_name = ?, "
                       "topic_last_post_time = ? WHERE topic_id = ?",
                       (len(ids), ids[-1], uid, name, int(time.time()) + len(ids), topic))
            db.execute("UPDATE phpbb_forums SET forum_posts_approved = forum_posts_approved + ? WHERE forum_id = ?",
                       (len(ids), forum))
            db.commit()
        finally:
            db.close()
        return [str(i) for i in ids]

    def posts_saying(self, thread: str, author: str, words: str) -> int:
        """How many of the thread's posts by `author` hold `words`, as the board's database has them."""
        import sqlite3

        topic = int(re.search(r"[?&]t=(\d+)", thread).group(1))
        db = sqlite3.connect(self.folder / "data" / "board.sqlite3")
        try:
            return db.execute("SELECT count(*) FROM phpbb_posts p JOIN phpbb_users u ON p.poster_id = u.user_id "
                              "WHERE p.topic_id = ? AND u.username = ? AND instr(p.post_text, ?) > 0",
                              (topic, author, words)).fetchone()[0]
        finally:
            db.close()

    def as_user(self, name: str):
        """phpBB's adapter logged in as `name` (a player writing in the thread or PMing the host)."""
        from hostkit.forum.phpbb import PhpBB
        from hostkit.forum.session import Session

        adapter = PhpBB(Session(self.url, gap=0))
        adapter.login(name, "host-pw1" if name == "Host" else password(name))
        return adapter

    def new_topic(self, title: str) -> str:
        """A new topic in forum 2, posted by Host: its thread URL."""
        host = self.as_user("Host")

        def accepted(r):  # a new topic answers with a 302 to viewtopic.php?t=T
            m = re.search(r"[?&]t=(\d+)", r.headers.get("Location", "")) if r.is_redirect else None
            return m.group(1) if m else None

        topic = host._submit("posting.php?mode=post&f=2", "postform",
                             {"subject": title, "message": f"{title} begins."}, accepted=accepted)
        return f"{self.url}viewtopic.php?t={topic}"


def _logged_in(url: str) -> None:
    """This test run's host logged in to the board with `hostkit forum login` once (hostkit sends
    a password only to such a site): tests then send with HOSTKIT_FORUM_PASSWORD as a script does."""
    from hostkit.forum.account import bind, write_state
    from hostkit.forum.phpbb import PhpBB
    from hostkit.forum.session import Session

    session = Session(url, gap=0)
    PhpBB(session).login("Host", "host-pw1")
    write_state(url, "Host", session.cookies())
    bind(url, "Host")


@pytest.fixture(scope="session")
def board(tmp_path_factory: pytest.TempPathFactory):
    if not SCRIPT.exists():
        pytest.skip("../shared/forum is absent: no phpBB board to test against")
    up = os.environ.get("HOSTKIT_TEST_BOARD")  # a board already up (`board up DIR`), kept up: for a developer's reruns
    if up:
        env = dict(line.split("=", 1) for line in (Path(up) / "board.env").read_text().split() if "=" in line)
        live = Board(Path(up), env["URL"])
        live.enable_vote_tag()  # the tests read [vote] votes on a kept board too
        _logged_in(live.url)
        yield live
        return
    folder = tmp_path_factory.mktemp("board")
    started = time.monotonic()
    run = subprocess.run([str(SCRIPT), "up", str(folder)], capture_output=True, text=True, timeout=600)
    if run.returncode == 3:
        pytest.skip((run.stderr.strip().splitlines() or ["board: no PHP"])[-1])
    if run.returncode != 0:
        pytest.fail(f"board up failed ({run.returncode}): {run.stderr.strip()[-500:]}")
    url = run.stdout.strip().splitlines()[-1]
    assert url.startswith("http://127.0.0.1:"), url
    live = Board(folder, url)
    try:
        live.enable_vote_tag()
        _logged_in(url)
        yield live
    finally:
        subprocess.run([str(SCRIPT), "down", str(folder)], capture_output=True, timeout=60)
        _ = started
