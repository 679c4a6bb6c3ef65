"""A send whose answer is neither phpBB's success page nor its error box may have gone out (issue
35): a 502 from the forum's gateway after the forum stored the PM or the post, or a 200 page that
is some other page. It is left `sending` in the journal, the command exits 1 saying so, and the
rerun looks on the forum first: every player ends with one role PM, the thread with one death post.

Through a proxy on 127.0.0.1 (tests/forum_proxy.py) in front of the session's live board.
"""

from __future__ import annotations

import itertools
import json
import os

import pytest

from conftest import Host
from forum_proxy import Proxy

_ids = itertools.count(1)
ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager"}


@pytest.fixture
def proxy(board):
    p = Proxy(board.url)
    yield p
    p.close()


def _game(tmp_path, board, proxy, monkeypatch) -> tuple[Host, str, dict[str, str]]:
    tag = f"U{next(_ids)}x{os.getpid() % 100000}"
    names = {short: f"{short}{tag}" for short in ROLES}
    board.add(*names.values())
    topic = board.new_topic(f"Uncertain {tag}").rsplit("?", 1)[1]
    thread = f"{proxy.url}viewtopic.php?{topic}"
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    host = Host(tmp_path / "g")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", "Host",
            "--thread", thread, *[x for short, role in ROLES.items() for x in ("--assign", f"{names[short]}={role}")])
    host.ok("forum", "login", "--user", "Host")
    return host, thread, names


def _sending(host: Host) -> list[str]:
    sends = json.loads((host.folder / ".hostkit-sends.json").read_text())["sends"]
    return [e["key"] for e in sends if e["state"] == "sending"]


@pytest.mark.slow  # some 10 s each: a game, its PMs through the proxy, and the rerun
@pytest.mark.parametrize("answer", ["502", "other"], ids=["gateway-502", "some-other-200-page"])
def test_a_pm_whose_answer_is_neither_success_nor_refusal_is_looked_for_not_sent_again(tmp_path, board, proxy,
                                                                                      monkeypatch, answer):
    host, _, names = _game(tmp_path, board, proxy, monkeypatch)
    proxy.spoil(answer, 1)  # the first role PM is stored by the forum; its answer is spoiled
    first = host("pm", "--send")
    assert first.exit_code == 1 and "may have gone out" in first.output and "Traceback" not in first.output
    assert proxy.spoiled == 1 and len(_sending(host)) == 1
    again = host.ok("pm", "--send")
    assert again.count("found on the forum") == 1, again
    for name in names.values():
        assert sum(m.subject.endswith("your role") for m in board.as_user(name).inbox()) == 1, (name, again)


@pytest.mark.slow
@pytest.mark.parametrize("answer", ["502", "other"], ids=["gateway-502", "some-other-200-page"])
def test_a_post_whose_answer_is_neither_success_nor_refusal_is_looked_for_not_posted_again(tmp_path, board, proxy,
                                                                                         monkeypatch, answer):
    host, thread, names = _game(tmp_path, board, proxy, monkeypatch)
    host.ok("act", names["Bob"], "Kill", names["Cy"])
    host.ok("resolve", "--force")
    proxy.spoil(answer, 1)
    first = host("post", "deaths", "--send")
    assert first.exit_code == 1 and "may have gone out" in first.output, first.output
    board.old_posts(board.url + "viewtopic.php?" + thread.rsplit("?", 1)[1], names["Ann"],
                    [f"I am shocked, {names['Cy']}! post {n}" for n in range(12)])  # the thread moves on
    again = host.ok("post", "deaths", "--send")
    assert "found on the forum" in again, again
    posts = board.as_user(names["Ann"]).thread_since(board.url + "viewtopic.php?" + thread.rsplit("?", 1)[1], 0)
    deaths = [b for _, author, b in posts if author == "Host" and names["Cy"] in b]
    assert len(deaths) == 1, again
