"""The generic fallback (hostkit.votes.generic): an unknown engine's page read through BeautifulSoup."""

from __future__ import annotations

from pathlib import Path

import bs4
import pytest

from hostkit.votes import generic
from hostkit.votes.extract import extract
from hostkit.votes.forums import detect_engine, parse_page

OURS = Path(__file__).resolve().parent / "data" / "threads"
URL = "https://campfire.example.net/cgi-bin/thread.cgi?t=88"


@pytest.fixture
def campfire() -> bytes:
    return (OURS / "generic_campfire.html").read_bytes()


def test_table_layout_board_authors_numbers_and_links(campfire: bytes) -> None:
    page = parse_page(campfire, url=URL)
    assert page.engine == "generic" and detect_engine(campfire) == "generic"
    # Authors: a "poster" class for the host, bare profile links (member.cgi?uid=) for the others.
    assert [(p.number, p.author) for p in page.posts] == [
        (1, "Campfire Host"), (2, "Ann Other"), (3, "Bob"), (4, "Zoë Q.")]
    assert [p.post_id for p in page.posts] == ["1201", "1207", "1210", "1214"]
    assert page.posts[2].url == "https://campfire.example.net/cgi-bin/thread.cgi?t=88#msg1210"
    assert [p.time for p in page.posts[:2]] == ["2026-11-21T09:15:00+00:00", "2026-11-21T09:40:12+01:00"]
    assert [p.edited for p in page.posts] == [False, True, False, False]
    assert (page.page, page.last_page, page.next_url) == (1, 1, None)


def test_table_layout_board_bodies(campfire: bytes) -> None:
    posts = parse_page(campfire, url=URL).posts
    # The signature inside the body goes, with the red vote it holds; the author pane is not the body.
    assert posts[0].body == "<p>Day 1 starts now. Vote in red; the last vote in a post counts.</p>"
    assert "Game Master" not in posts[1].body and "Posts:" not in posts[1].body
    # The quote stays for the extractor, which leaves it out; bodies serialise as lxml does (<br>).
    assert '<blockquote class="cf-quote">' in posts[2].body
    assert posts[3].body == '<div style="color: rgb(255, 0, 0)">Unvote</div><br>Sorry, misclick.'
    found = [extract(p.body) for p in posts]
    assert [list(f.votes) for f in found] == [[], ["Vote: Bob"], ["vote Ann Other"], ["Unvote"]]
    assert list(found[2].quoted) == ["Vote: Bob"]


def test_the_generic_path_goes_through_beautifulsoup(monkeypatch: pytest.MonkeyPatch, campfire: bytes) -> None:
    calls: list[str] = []
    real_soup = bs4.BeautifulSoup

    def counting_soup(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(args[1] if len(args) > 1 else kwargs.get("features"))
        return real_soup(*args, **kwargs)

    monkeypatch.setattr(bs4, "BeautifulSoup", counting_soup)
    assert len(parse_page(campfire).posts) == 4
    assert len(parse_page((OURS / "generic_fluxbb.html").read_bytes()).posts) == 3
    assert calls == ["lxml", "lxml"]  # one soup per page, on the lxml parser
    calls.clear()
    assert parse_page((OURS / "smf.html").read_bytes()).engine == "smf"
    assert calls == []  # adapter pages stay on lxml XPath


def test_read_posts_directly_on_a_fragment_without_body() -> None:
    # No <html>/<body>: the parser implies them, so straining the soup to <body> loses nothing.
    html = """<div class="comment" id="comment-7"><a class="username" href="/u/ann">ann</a>
                <div class="comment-body"><p>hi <span style="color:red">vote bob</span></p></div></div>
              <div class="comment" id="comment-8"><a class="username" href="/u/bob">bob</a>
                <div class="comment-body"><p>no</p><div class="signature">sig</div></div></div>"""
    rows = generic.read_posts(html, "https://x.example/t/1")
    assert [(r["author"], r["post_id"], r["anchor"], r["number"]) for r in rows] == [
        ("ann", "7", "comment-7", None), ("bob", "8", "comment-8", None)]
    assert rows[0]["body"] == '<p>hi <span style="color:red">vote bob</span></p>'
    assert rows[1]["body"] == "<p>no</p>"


def test_a_page_with_no_repeated_authored_structure_gives_nothing() -> None:
    assert generic.read_posts("<html><body><div id='main'><p>Please log in.</p></div></body></html>", "") == []
