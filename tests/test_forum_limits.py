"""The forum's limits as a person meets them (issue 27), on a local HTTP server speaking phpBB's
forms where the live board cannot produce the case: the flood interval (waited out, and said),
an expired session (logged in again once), a post over the length limit (split, in order), and
"a new post was made while you were writing" (a vote count is counted again first). Also the
pure parts: session ids stripped from links, the send journal read as untrusted input, and the
act lines read from players' PMs.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs

import pytest
from werkzeug import Response

from conftest import Host, forum_login, new_classic

FORM = ('<html><body><a class="header-avatar dropdown-trigger" href="./ucp.php"><span class="username">Host</span>'
        '</a><a href="./ucp.php?mode=logout&amp;sid=abc">Logout</a>{error}<form id="postform" method="post" '
        'action="./posting.php?mode=reply&amp;t=1"><input type="hidden" name="form_token" value="tok"/>'
        '<input type="hidden" name="creation_time" value="1"/><input type="hidden" name="topic_cur_post_id" '
        'value="{last}"/><textarea name="message"></textarea><input type="submit" name="post" value="Submit"/>'
        '</form></body></html>')
LOGIN = ('<html><body><form id="login" method="post" action="./ucp.php?mode=login"><input name="username"/>'
         '<input type="password" name="password"/><input type="hidden" name="form_token" value="t"/>'
         '<input type="hidden" name="creation_time" value="1"/></form></body></html>')


class FakePhpBB:
    """phpBB's reply form and its answers, scripted: `refusals` are the error texts the next
    posts meet, one each; a post longer than `limit` is refused with phpBB's wording."""

    def __init__(self, server, *, limit: int = 60000, refusals=(), logged_in: bool = True) -> None:
        self.posts: list[str] = []
        self.refusals = list(refusals)
        self.limit, self.logged_in, self.logins = limit, logged_in, 0
        server.expect_request("/index.php").respond_with_handler(self.index)
        server.expect_request("/posting.php", method="GET").respond_with_handler(self.form)
        server.expect_request("/posting.php", method="POST").respond_with_handler(self.post)
        server.expect_request("/ucp.php", method="GET").respond_with_handler(lambda r: Response(LOGIN))
        server.expect_request("/ucp.php", method="POST").respond_with_handler(self.login)

    def index(self, request):
        return Response(FORM.format(error="", last=len(self.posts)) if self.logged_in else LOGIN)

    def form(self, request, error: str = ""):
        if not self.logged_in:
            return Response(LOGIN)
        return Response(FORM.format(error=error, last=len(self.posts)))

    def login(self, request):
        self.logins += 1
        self.logged_in = True
        return Response("", status=302, headers={"Location": "./index.php"})

    def post(self, request):
        message = parse_qs(request.get_data(as_text=True))["message"][0]
        if len(message) > self.limit:
            return self.form(request, f'<div class="error">Your message contains {len(message)} characters. '
                                      f"The maximum number of allowed characters is {self.limit}.</div>")
        if self.refusals:
            return self.form(request, f'<div class="error">{self.refusals.pop(0)}</div>')
        self.posts.append(message)
        n = len(self.posts)
        return Response("", status=302, headers={"Location": f"./viewtopic.php?p={n}#p{n}"})


@pytest.fixture
def waits(monkeypatch):
    from hostkit.forum import session

    seen: list[float] = []
    monkeypatch.setattr(session, "_sleep", seen.append)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    return seen


def _game(tmp_path, httpserver) -> Host:
    new_classic(tmp_path / "game", thread=httpserver.url_for("/viewtopic.php?t=1"))
    forum_login(httpserver.url_for("/viewtopic.php?t=1"))
    return Host(tmp_path / "game")


def test_the_flood_interval_is_waited_out_and_said(tmp_path, httpserver, waits, capsys):
    fake = FakePhpBB(httpserver, refusals=["You cannot make another post so soon after your last."])
    host = _game(tmp_path, httpserver)
    from hostkit.forum.send import post_to_forum

    lines = post_to_forum(host.game, "end of game", "The village wins.")
    assert fake.posts == ["The village wins."] and "sent (post 1)" in lines[-1]
    from hostkit.forum.phpbb import FLOOD_PAUSE

    assert FLOOD_PAUSE in waits
    assert "flood interval" in capsys.readouterr().err


def test_an_expired_session_logs_in_again_once_and_the_post_goes_out(tmp_path, httpserver, waits):
    fake = FakePhpBB(httpserver, logged_in=False)
    host = _game(tmp_path, httpserver)
    from hostkit.forum.send import post_to_forum

    post_to_forum(host.game, "end of game", "The wolves win.")
    assert fake.logins == 1 and fake.posts == ["The wolves win."]


def test_a_post_over_the_forums_limit_is_split_in_order_and_a_rerun_sends_no_part_twice(tmp_path, httpserver, waits):
    fake = FakePhpBB(httpserver, limit=300)
    host = _game(tmp_path, httpserver)
    text = "\n\n".join(f"Paragraph {i}: " + "words " * 20 for i in range(8))
    from hostkit.forum.send import post_to_forum

    lines = post_to_forum(host.game, "deaths night 1", text)
    assert len(fake.posts) > 1 and all(len(p) <= 300 for p in fake.posts)
    assert re.findall(r"Paragraph (\d)", "".join(fake.posts)) == [str(i) for i in range(8)]
    assert any("over the forum's limit of 300" in l for l in lines)
    posted = list(fake.posts)
    post_to_forum(host.game, "deaths night 1", text)
    assert fake.posts == posted


def test_a_vote_count_is_counted_again_when_a_post_came_in_while_it_was_written(tmp_path, httpserver, waits):
    fake = FakePhpBB(httpserver, refusals=["At least one new post has been made to this topic."])
    fake_notice = fake.form

    def form_with_notice(request, error=""):  # phpBB shows the notice in the page, not as an error box
        return fake_notice(request, error.replace('class="error"', 'class="notice"'))
    fake.form = form_with_notice
    host = _game(tmp_path, httpserver)
    from hostkit.forum.send import post_to_forum

    asked = []

    def recount():
        asked.append(1)
        return "vote count 1.02", "Vote Count 1.02: Bob 4"

    lines = post_to_forum(host.game, "vote count 1.01", "Vote Count 1.01: Bob 3", recount=recount)
    assert asked == [1] and fake.posts == ["Vote Count 1.02: Bob 4"]
    assert any("counting again" in l for l in lines)


def test_another_post_goes_in_anyway_when_the_thread_moved_on(tmp_path, httpserver, waits):
    fake = FakePhpBB(httpserver, refusals=["At least one new post has been made to this topic."])
    host = _game(tmp_path, httpserver)
    from hostkit.forum.send import post_to_forum

    post_to_forum(host.game, "flip Bob", "Bob was a Werewolf.")
    assert fake.posts == ["Bob was a Werewolf."]


@pytest.mark.parametrize("url, kept", [
    ("./viewtopic.php?p=2&sid=0123abcd#p2", "./viewtopic.php?p=2#p2"),
    ("viewtopic.php?sid=ab&t=1&start=25", "viewtopic.php?t=1&start=25"),
    ("showthread.php?s=0123456789abcdef0123456789abcdef&t=3", "showthread.php?t=3"),
    ("search.php?s=bob", "search.php?s=bob"),
    ("index.php?PHPSESSID=xyz&topic=4.0", "index.php?topic=4.0"),
    ("viewtopic.php?t=1", "viewtopic.php?t=1"),
], ids=["phpbb-sid-with-fragment", "sid-first", "vbulletin-s", "a-search-word-s-is-kept", "phpsessid", "none"])
def test_a_link_never_keeps_a_forum_session_id(url, kept):
    from hostkit.model.urls import strip_session

    assert strip_session(url) == kept


def test_a_thread_url_given_with_a_session_id_is_kept_without_it(tmp_path):
    host = Host(tmp_path / "g")
    new_classic(host.folder, thread="https://forum.example/viewtopic.php?t=7&sid=deadbeef")
    assert host.game.setup.thread == "https://forum.example/viewtopic.php?t=7"
    assert "deadbeef" not in (host.folder / "game.toml").read_text()


@pytest.mark.parametrize("content, why", [
    ("{", "not JSON"),
    ('{"version": 1, "sends": {}}', "not a send journal"),
    ('{"version": 1, "sends": [{"key": "k", "kind": "pm", "to": "Ann", "state": "sent"}]}', "needs the forum's id"),
    ('{"version": 1, "sends": [{"key": "k", "kind": "pm", "to": "Ann", "state": "maybe"}]}', "state must be"),
    ('{"version": 1, "sends": [{"key": "k", "kind": "pm", "to": "Ann", "state": "sent", "id": 3}]}', "short string"),
    ('{"version": 1, "sends": [{"key": "k", "kind": "pm", "to": "Ann", "state": "sent", "id": "3", "x": "1"}]}',
     "unknown key"),
], ids=["not-json", "sends-not-a-list", "sent-without-id", "unknown-state", "id-not-a-string", "unknown-key"])
def test_a_damaged_send_journal_is_refused_by_name_never_read_as_nothing_sent(classic, content, why):
    (classic.folder / ".hostkit-sends.json").write_text(content)
    out = classic.refused("log")
    assert ".hostkit-sends.json" in out and why in out


def test_a_symlinked_send_journal_is_refused(classic, tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text(json.dumps({"version": 1, "sends": []}))
    (classic.folder / ".hostkit-sends.json").symlink_to(target)
    assert "not a plain file" in classic.refused("log")


@pytest.mark.parametrize("player, text, line", [
    ("Ann", "Hi host, tonight I'd like to check bob please", "Ann Check Bob"),
    ("Ann", "[quote]check Carol[/quote]\ncheck dave", "Ann Check Dave"),
    ("Bob", "[b]kill fay[/b]", "Bob Kill Fay"),
    ("Dave", "guard ann", "Dave Guard Ann"),
    ("Dave", "I'll guard hall tonight", "Dave Guard Hal"),
    ("Dave", "Dave here: guard carol", "Dave Guard Carol"),
    ("Dave", "skip tonight, no action", "Dave Guard skip"),
], ids=["own-words", "quote-ignored", "bbcode", "plain", "a-typo", "signed-with-own-name", "skip"])
def test_an_action_pm_is_read_into_the_act_line(classic, player, text, line):
    from hostkit.forum.inbox import read_line

    assert read_line(classic.game, player, text) == (line, "")


@pytest.mark.parametrize("player, text, why", [
    ("Ann", "check bob or carol", "takes 1 target"),
    ("Fay", "I check Bob", "has no ability"),
    ("Ann", "hello host, how are you", "no player named"),
], ids=["two-targets", "no-ability", "nothing-named"])
def test_an_unsure_pm_gives_no_line_and_says_why(classic, player, text, why):
    from hostkit.forum.inbox import read_line

    line, reason = read_line(classic.game, player, text)
    assert line is None and why in (reason or "no player named")


def test_a_players_later_pm_replaces_the_earlier_one_even_when_it_is_unsure(classic):
    """A later PM from the same player replaces an earlier one (as players mean it); when the
    later one cannot be read for sure, the earlier one is not entered either: the host reads it."""
    from hostkit.forum.base import Message
    from hostkit.forum.inbox import readings
    from hostkit.forum.journal import Journal

    pms = [Message("1", "Dave", (), "n1", "2100-01-01T00:00:00+00:00", "guard ann"),
           Message("2", "dave", (), "n1", "2100-01-01T00:01:00+00:00", "actually guard eve or fay"),
           Message("3", "Dave", (), "n1", "2100-01-01T00:02:00+00:00", "thanks!"),
           Message("4", "Ann", (), "n1", "2100-01-01T00:00:00+00:00", "check bob"),
           Message("5", "Zed", (), "n1", "2100-01-01T00:00:00+00:00", "check bob")]
    found, left_out = readings(classic.game, pms, Journal(classic.folder))
    state = {r.id: (r.line, r.state) for r in found}
    assert state["1"] == ("Dave Guard Ann", "replaced") and state["2"][0] is None
    assert state["4"] == ("Ann Check Bob", "new") and len(left_out) == 1
