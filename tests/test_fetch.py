"""Fetching threads against a local pytest-httpserver: pagination, retries, encodings, the cache."""

from __future__ import annotations

import html
import socket
from pathlib import Path

import pytest
from werkzeug import Request, Response

from hostkit.model.errors import FetchError, FileError, HostkitError
from hostkit.votes import fetch, forums
from hostkit.votes.fetch import USER_AGENT, fetch_thread, read_files

OURS = Path(__file__).resolve().parent / "data" / "threads"


def phpbb_page(posts: list[tuple[str, str]], *, start: int, next_start: int | None,
               charset: str = "UTF-8") -> str:
    """A phpBB 3.3 prosilver page (no post numbers shown) with a rel=next link when there is more."""
    items = "".join(
        f"""<div id="p{start + i + 100}" class="post has-profile bg{i % 2 + 1}"><div class="inner">
        <dl class="postprofile" id="profile{start + i + 100}"><dt class="has-profile-rank">
        <a href="./memberlist.php?mode=viewprofile&amp;u={i + 2}" class="username">{html.escape(author)}</a></dt></dl>
        <div class="postbody"><div id="post_content{start + i + 100}">
        <h3><a href="#p{start + i + 100}">Re: Mafia</a></h3>
        <p class="author"><span class="responsive-hide">by <strong><a href="./memberlist.php?mode=viewprofile&amp;u={i + 2}"
        class="username">{html.escape(author)}</a></strong> &raquo; </span><time datetime="2026-11-20T18:0{i}:00+00:00">Fri
        Nov 20, 2026 6:0{i} pm</time></p>
        <div class="content">{body}</div>
        <div id="sig{start + i + 100}" class="signature">sig of {html.escape(author)}</div>
        </div></div></div></div>"""
        for i, (author, body) in enumerate(posts))
    nxt = (f'<div class="pagination"><ul><li class="arrow next"><a class="button" '
           f'href="./viewtopic.php?t=5&amp;start={next_start}" rel="next" role="button">Next</a></li></ul></div>'
           if next_start is not None else "")
    return (f'<!DOCTYPE html><html dir="ltr" lang="en-gb"><head><meta charset="{charset}" />'
            f"<title>Mafia - phpBB</title></head><body id=\"phpbb\" class=\"section-viewtopic\">"
            f"<div class=\"action-bar\">{nxt}</div>{items}<div class=\"copyright\">Powered by phpBB</div>"
            f"</body></html>")


class Forum:
    """A stand-in forum: pages keyed by their `start`, served and counted."""

    def __init__(self, httpserver, per_page: int = 2) -> None:  # type: ignore[no-untyped-def]
        self.server = httpserver
        self.per_page = per_page
        self.posts: list[tuple[str, str]] = []
        self.hits: list[int] = []
        httpserver.expect_request("/viewtopic.php").respond_with_handler(self.handle)

    @property
    def url(self) -> str:
        return self.server.url_for("/viewtopic.php") + "?t=5"

    def handle(self, request: Request) -> Response:
        start = int(request.args.get("start", 0))
        self.hits.append(start)
        chunk = self.posts[start:start + self.per_page]
        more = start + self.per_page < len(self.posts)
        body = phpbb_page(chunk, start=start, next_start=start + self.per_page if more else None)
        return Response(body, content_type="text/html; charset=UTF-8")


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    asked: list[float] = []
    monkeypatch.setattr(fetch, "_sleep", asked.append)
    return asked


def posts(n: int) -> list[tuple[str, str]]:
    return [(f"Player {i}", f'<span style="color: red">Vote: Player {i + 1}</span>') for i in range(1, n + 1)]


def test_follows_pagination_across_pages(httpserver, sleeps: list[float]) -> None:  # type: ignore[no-untyped-def]
    forum = Forum(httpserver)
    forum.posts = posts(7)
    pages = fetch_thread(forum.url, cache_dir=None, delay=0.5)
    assert forum.hits == [0, 2, 4, 6]
    assert [p.page for p in pages] == [1, 2, 3, 4]
    got = [(post.number, post.author) for page in pages for post in page.posts]
    assert got == [(i, f"Player {i}") for i in range(1, 8)]
    assert "sig of" not in pages[0].posts[0].body
    assert sleeps == [0.5, 0.5, 0.5]  # a polite pause between pages, none before the first


def test_sends_an_honest_user_agent(httpserver, sleeps: list[float]) -> None:  # type: ignore[no-untyped-def]
    forum = Forum(httpserver)
    forum.posts = posts(1)
    fetch_thread(forum.url, cache_dir=None, delay=0)
    request, _ = httpserver.log[0]
    assert request.headers["User-Agent"] == USER_AGENT
    assert USER_AGENT.startswith("hostkit/") and USER_AGENT.endswith("(+forum game moderation tool)")


def test_429_honours_retry_after(httpserver, sleeps: list[float]) -> None:  # type: ignore[no-untyped-def]
    forum = Forum(httpserver)
    forum.posts = posts(2)
    httpserver.expect_oneshot_request("/viewtopic.php").respond_with_data("slow down", status=429,
                                                                         headers={"Retry-After": "7"})
    pages = fetch_thread(forum.url, cache_dir=None, delay=0)
    assert [p.author for p in pages[0].posts] == ["Player 1", "Player 2"]
    assert sleeps == [7.0]
    assert len(httpserver.log) == 2


def test_5xx_backs_off_exponentially_then_succeeds(httpserver, sleeps: list[float]) -> None:  # type: ignore[no-untyped-def]
    forum = Forum(httpserver)
    forum.posts = posts(2)
    for status in (503, 502, 500):
        httpserver.expect_oneshot_request("/viewtopic.php").respond_with_data("down", status=status)
    pages = fetch_thread(forum.url, cache_dir=None, delay=0)
    assert len(pages[0].posts) == 2
    assert sleeps == [1.0, 2.0, 4.0]


def test_gives_up_after_retries_naming_the_url(httpserver, sleeps: list[float]) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/viewtopic.php").respond_with_data("down", status=503)
    url = httpserver.url_for("/viewtopic.php") + "?t=5"
    with pytest.raises(FetchError) as info:
        fetch_thread(url, cache_dir=None, delay=0, retries=2)
    message = str(info.value)
    assert url in message and "503" in message and "\n" not in message
    assert len(httpserver.log) == 3 and sleeps == [1.0, 2.0]


def test_404_is_not_retried(httpserver, sleeps: list[float]) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/gone").respond_with_data("no", status=404)
    with pytest.raises(FetchError, match="404"):
        fetch_thread(httpserver.url_for("/gone"), cache_dir=None, delay=0)
    assert len(httpserver.log) == 1 and sleeps == []


def test_unreachable_forum_raises_fetch_error(sleeps: list[float]) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/viewtopic.php?t=5"
    with pytest.raises(FetchError) as info:
        fetch_thread(url, cache_dir=None, delay=0, retries=1, timeout=2)
    assert url in str(info.value) and "\n" not in str(info.value)
    assert isinstance(info.value, HostkitError)
    assert sleeps == [1.0]


def test_a_page_without_posts_is_a_fetch_error(httpserver, sleeps: list[float]) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/login").respond_with_data("<html><body>Please log in</body></html>",
                                                          content_type="text/html")
    with pytest.raises(FetchError, match="no forum posts"):
        fetch_thread(httpserver.url_for("/login"), cache_dir=None, delay=0)


@pytest.mark.parametrize("declared", ["header", "meta"])
def test_cp1252_page_is_decoded(httpserver, sleeps: list[float], declared: str) -> None:  # type: ignore[no-untyped-def]
    body = "I\u2019m sure: <span style=\"color: red\">Vote: Zo\u00eb</span>"
    page = phpbb_page([("Zo\u00eb", body)], start=0, next_start=None,
                      charset="windows-1252" if declared == "meta" else "x-none")
    content_type = "text/html; charset=windows-1252" if declared == "header" else "text/html"
    httpserver.expect_request("/viewtopic.php").respond_with_data(page.encode("cp1252"), content_type=content_type)
    pages = fetch_thread(httpserver.url_for("/viewtopic.php"), cache_dir=None, delay=0)
    post = pages[0].posts[0]
    assert post.author == "Zo\u00eb"
    assert "I\u2019m sure" in post.body and "Vote: Zo\u00eb" in post.body


def test_cache_recount_fetches_only_the_last_page_and_new_ones(
        httpserver, sleeps: list[float], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    forum = Forum(httpserver)
    forum.posts = posts(6)  # 3 full pages
    cache = tmp_path / ".cache" / "thread"
    parsed: list[str | None] = []
    real_parse = forums.parse_page

    def counting_parse(*args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(kwargs.get("url"))
        return real_parse(*args, **kwargs)

    monkeypatch.setattr(forums, "parse_page", counting_parse)

    first = fetch_thread(forum.url, cache_dir=cache, delay=0)
    assert forum.hits == [0, 2, 4] and len(parsed) == 3
    assert [p.number for page in first for p in page.posts] == [1, 2, 3, 4, 5, 6]

    # A recount with nothing new: only the last page is asked for and parsed.
    forum.hits.clear()
    parsed.clear()
    again = fetch_thread(forum.url, cache_dir=cache, delay=0)
    assert forum.hits == [4]
    assert parsed == [forum.url + "&start=4"]
    assert again == first

    # Three new posts: the old last page now links to a new page.
    forum.posts = posts(9)
    forum.hits.clear()
    parsed.clear()
    grown = fetch_thread(forum.url, cache_dir=cache, delay=0)
    assert forum.hits == [4, 6, 8]
    assert len(parsed) == 3
    assert [(p.number, p.author) for page in grown for p in page.posts] == [(i, f"Player {i}") for i in range(1, 10)]

    # The raw pages and their parsed posts are both on disk, and no temp files are left.
    files = sorted(p.name for p in cache.rglob("*") if p.is_file())
    assert files == ["index.json"] + [f"page-{i:04d}.{ext}" for i in range(1, 6) for ext in ("html", "json")]


def test_damaged_cache_is_refetched(httpserver, sleeps: list[float], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    forum = Forum(httpserver)
    forum.posts = posts(4)
    fetch_thread(forum.url, cache_dir=tmp_path, delay=0)
    for index in tmp_path.rglob("index.json"):
        index.write_text("{not json", encoding="utf-8")
    forum.hits.clear()
    pages = fetch_thread(forum.url, cache_dir=tmp_path, delay=0)
    assert forum.hits == [0, 2] and len(pages) == 2


def test_progress_bar_goes_to_stderr(httpserver, sleeps: list[float], capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    forum = Forum(httpserver)
    forum.posts = posts(3)
    fetch_thread(forum.url, cache_dir=None, delay=0, progress=True)
    out, err = capsys.readouterr()
    assert out == "" and "Reading thread" in err


def test_read_files_in_order(tmp_path: Path) -> None:
    pages = read_files([OURS / "mybb.html", OURS / "smf.html"])
    assert [p.engine for p in pages] == ["mybb", "smf"]
    assert pages[1].posts[0].author == "Mr. O'Brien"


def test_read_files_refuses_a_non_thread_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "notes.html"
    bad.write_text("<html><body><p>My notes for day 2</p></body></html>", encoding="utf-8")
    with pytest.raises(FileError, match="notes.html"):
        read_files([bad])
    with pytest.raises(FileError, match="missing.html"):
        read_files([tmp_path / "missing.html"])
