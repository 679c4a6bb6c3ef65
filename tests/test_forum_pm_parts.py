"""A PM over the forum's length limit is sent in parts, in order, as posts are (issue 27: "a post
over the forum's length limit (split, in order)"); each part is journalled, so a rerun sends only
the parts that did not go out. On a scripted forum connection (hostkit.forum.send talks to the
forum only through `conn.call`); the adapter's own refusal wording is tested in test_forum_limits.
"""

from __future__ import annotations

import re

import pytest

from conftest import Host, new_classic
from hostkit.forum.base import ForumError, Message, Sent, TooLong
from hostkit.forum.journal import Journal
from hostkit.forum.send import Item, send_pms


class FakeForum:
    """A forum connection whose PMs are refused over `limit` characters with phpBB's figure;
    `fail_after` PMs are accepted before the connection drops (a killed command)."""

    site = "http://127.0.0.1:1/"

    def __init__(self, limit: int = 300, fail_after: int | None = None) -> None:
        self.limit, self.fail_after = limit, fail_after
        self.pms: list[tuple[str, str, str]] = []  # (account id, subject, text)

    def ensure(self) -> str:
        return "Host"

    def save(self) -> None:
        pass

    def call(self, name: str, *args, **kw):
        if name == "account":
            return f"id-{args[0]}"
        if name == "sent":
            return [Message(str(n), "Host", (to[3:],), subject, "2100-01-01T00:00:00+00:00", text)
                    for n, (to, subject, text) in enumerate(self.pms, start=1)]
        assert name == "send_pm", name
        to, subject, text = args
        if len(text) > self.limit:
            raise TooLong(f"{self.site}: The maximum number of allowed characters is {self.limit}.", self.limit)
        if self.fail_after is not None and len(self.pms) >= self.fail_after:
            raise KeyboardInterrupt  # the command dies here
        self.pms.append((to, subject, text))
        return Sent(str(len(self.pms)), f"{self.site}ucp.php?i=pm&mode=view&p={len(self.pms)}")


TEXT = "\n\n".join(f"Paragraph {i}: " + "words " * 20 for i in range(8))


@pytest.fixture
def host(tmp_path) -> Host:
    new_classic(tmp_path / "game")
    return Host(tmp_path / "game")


def _items():
    return [Item("pm:your role:Ann", "your role PM", TEXT, "Ann", "village: your role"),
            Item("pm:your role:Bob", "your role PM", "You are a Werewolf.", "Bob", "village: your role")]


def test_a_pm_over_the_forums_limit_is_sent_in_parts_in_order(host):
    """"a post over the forum's length limit (split, in order)": a PM likewise, each part under
    its own subject, to the same player, in order, nothing lost."""
    forum = FakeForum()
    lines = send_pms(host.game, _items(), conn=forum)
    to_ann = [(s, t) for to, s, t in forum.pms if to == "id-Ann"]
    assert len(to_ann) > 1 and all(len(t) <= 300 for _, t in to_ann)
    assert re.findall(r"Paragraph (\d)", "".join(t for _, t in to_ann)) == [str(i) for i in range(8)]
    n = len(to_ann)
    assert [s for s, _ in to_ann] == [f"village: your role (part {i} of {n})" for i in range(1, n + 1)]
    assert [t for to, _, t in forum.pms if to == "id-Bob"] == ["You are a Werewolf."]
    assert any("over the forum's limit of 300" in l for l in lines)
    assert sum(bool(re.search(r" sent \(PM \d+\)$", l)) for l in lines) == n + 1
    sends = Journal(host.folder).sends()
    assert [e["key"] for e in sends if e["state"] == "sent"][:n] == [f"pm:your role:Ann part {i} of {n}"
                                                                     for i in range(1, n + 1)]


def test_a_rerun_after_a_kill_between_parts_sends_only_the_parts_that_did_not_go_out(host):
    """Each part is journalled as post parts are: a command killed after part 2 and run again
    sends parts 3.. once, and a third run sends nothing."""
    forum = FakeForum(fail_after=2)
    with pytest.raises(KeyboardInterrupt):
        send_pms(host.game, _items(), conn=forum)
    assert len(forum.pms) == 2
    forum.fail_after = None
    send_pms(host.game, _items(), conn=forum)
    texts = [t for to, _, t in forum.pms if to == "id-Ann"]
    assert re.findall(r"Paragraph (\d)", "".join(texts)) == [str(i) for i in range(8)]  # each part once
    sent = list(forum.pms)
    lines = send_pms(host.game, _items(), conn=forum)
    assert forum.pms == sent and all("already sent" in l for l in lines)
    n = len(texts)
    dry = send_pms(host.game, _items(), conn=forum, dry_run=True)
    assert forum.pms == sent and f"{n} of {n} parts already sent" in dry[0], dry


def test_a_part_still_over_the_limit_is_refused_in_one_line(host):
    """A forum whose limit is below what a part can be cut to: one clear line, not a loop."""
    forum = FakeForum(limit=50)
    with pytest.raises(ForumError, match="still over the forum's limit"):
        send_pms(host.game, [Item("pm:x:Ann", "x PM", "word " * 200, "Ann", "village: x")], conn=forum)
