"""How long counting the red votes of a 100-page thread (2,500 posts) takes, against lxml alone.

Run: python benchmarks/bench_votes.py

It builds the thread at run time in a temporary folder (nothing is copied into the project):
100 XenForo 1 pages of 25 posts, made from the real saved page ../shared/threads/xenforo1.html
when it is there (read in place; posts renumbered 1-2500, authors set to 20 players and a host,
its real bodies kept) or else from a XenForo 1 page of our own. Red votes are planted in one
post in five, some of them inside quotes. It then times, taking the best of a few runs:

  (a) lxml alone: lxml.html.fromstring on each page's bytes, already in memory;
  (b) the full count: hostkit.votes.fetch.read_files on the 100 files, then
      hostkit.votes.tally.tally for the 20 players;
  (c) a cached recount: the pages served from a local http.server on 127.0.0.1, read once into
      a cache folder by fetch_thread, then fetch_thread again (it must fetch and parse only the
      last page; checked) and tally.

and prints the three times and the ratios (b)/(a) (aim: at most 3x) and (c)/(a). It takes about
15 s. `python benchmarks/bench_votes.py --synthetic` uses our own page even when the real one is there.
"""

from __future__ import annotations

import copy
import functools
import http.server
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import lxml.html

if __package__ in (None, ""):  # run as a script from a checkout: make hostkit importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

REAL_PAGE = Path(__file__).resolve().parents[2] / "shared" / "threads" / "xenforo1.html"
PER_PAGE = 25
HOST = "Game Host"
PLAYERS = (
    "Alder", "Birch", "Cedar Jones", "Dahlia", "Elm", "Fern Gully", "Ginger", "Hazel", "Iris",
    "Juniper", "Kestrel", "Laurel", "Maple Leaf", "Nettle", "Olive", "Poppy", "Quince", "Rowan",
    "Sage", "Thistle",
)
VOTE_SHARE = 5  # one post in five votes
_REDS = ('<span style="color: red">{}</span>', '<span style="color: #ff0000">{}</span>',
         '<span style="color: red"><b>{}</b></span>', '<span style="color: rgb(255, 0, 0)">{}</span>')


@dataclass(frozen=True)
class Planted:
    """What one post of the built thread holds: its number, author, vote texts and quoted votes."""

    number: int
    author: str
    votes: tuple[str, ...]
    quoted: tuple[str, ...]


@dataclass(frozen=True)
class Thread:
    """A built thread: its page files in order, what each post holds, and where its pages came from."""

    paths: tuple[Path, ...]
    posts: tuple[Planted, ...]
    source: str


# --------------------------------------------------------------------------- building the thread


def _synthetic_template() -> bytes:
    """A XenForo 1 thread page of our own (25 posts of filler), for when the real page is absent."""
    rng = random.Random(11)
    words = ("the wolf village seer night day vote quiet claim lurker town scum read case thread host "
             "doctor lynch wagon pressure tell alignment role cop guard hunter witch game page post").split()

    def para(n: int) -> str:
        return " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."

    posts = []
    for i in range(PER_PAGE):
        body = "<br>\n".join(para(rng.randint(8, 40)) for _ in range(rng.randint(1, 5)))
        if i % 6 == 3:
            body = (f'<div class="bbCodeBlock bbCodeQuote" data-author="Someone"><aside><div class="attribution type">'
                    f'Someone said:</div><blockquote class="quoteContainer"><div class="quote">{para(20)}</div>'
                    f'<div class="quoteExpand">Click to expand...</div></blockquote></aside></div>{body}')
        posts.append(f"""
<li id="post-{i + 1}" class="message " data-author="Someone">
  <div class="messageUserInfo" itemscope="itemscope" itemtype="http://data-vocabulary.org/Person">
    <div class="messageUserBlock"><div class="avatarHolder"><span class="helper"></span>
      <a href="members/someone.{i}/" class="avatar Av{i}m"><img src="data/avatar/m/{i}.jpg" width="96" height="96" alt=""></a></div>
      <h3 class="userText"><a href="members/someone.{i}/" class="username" dir="auto" itemprop="name">Someone</a>
      <em class="userTitle" itemprop="title">Member</em></h3>
      <div class="extraUserInfo"><dl class="pairsJustified"><dt>Posts:</dt><dd>{rng.randint(1, 9000)}</dd></dl></div>
    </div>
  </div>
  <div class="messageInfo primaryContent">
    <div class="messageContent"><article>
      <blockquote class="messageText SelectQuoteContainer ugc baseHtml">{body}
        <div class="messageTextEndMarker">&nbsp;</div></blockquote>
    </article></div>
    <div class="messageMeta ToggleTriggerAnchor">
      <div class="privateControls"><a href="posts/{i + 1}/" title="Permalink" class="item muted datePermalink">
        <span class="DateTime" title="Nov 21, 2026 at 9:{i:02d} AM">Nov 21, 2026</span></a></div>
      <div class="publicControls"><a href="posts/{i + 1}/" title="Permalink" class="item muted postNumber
        hashPermalink OverlayTrigger">#{i + 1}</a>
        <a href="posts/{i + 1}/like" class="LikeLink item control like"><span></span>Like</a>
        <a href="threads/game.1/reply?quote={i + 1}" class="ReplyQuote item control reply"><span></span>Reply</a></div>
    </div>
  </div>
</li>""")
    nav = ('<div class="PageNav" data-page="1" data-range="2" data-start="2" data-end="6" data-last="1">'
           + "".join(f'<a href="threads/game.1/page-{n}">{n}</a>' for n in range(1, 8)) + "</div>")
    style = "".join(f".x{n}{{margin:{n}px;padding:{n % 7}px}}" for n in range(1500))
    return f"""<!DOCTYPE html>
<html id="XenForo" lang="en-US" dir="LTR" class="Public NoJs">
<head><meta charset="utf-8"><title>Werewolf | Page 1 | Example Forums</title>
<link rel="next" href="threads/game.1/page-2"><style>{style}</style></head>
<body><div id="content" class="thread_view"><div class="pageContent">
<div class="pageNavLinkGroup">{nav}</div>
<form action="inline-mod/post/switch" method="post" class="InlineModForm section">
<ol class="messageList" id="messageList">{"".join(posts)}
</ol></form><div class="pageNavLinkGroup">{nav}</div></div></div>
<div class="footer"><p>Forum software by XenForo&trade; &copy;2010-2016 XenForo Ltd.</p></div>
</body></html>""".encode("utf-8")


def _set_text(el: Any, text: str) -> None:
    for child in list(el):
        el.remove(child)
    el.text = text


def _vote_html(rng: random.Random, author: str, players: Sequence[str]) -> tuple[str, str]:
    """(the HTML, the vote text) of one red vote by `author`: mostly "Vote: X", some unvotes."""
    roll = rng.random()
    if roll < 0.1:
        text = "Unvote"
    else:
        target = rng.choice([p for p in players if p != author])
        text = f"Vote: {target}" if roll < 0.7 else f"vote {target}"
    return rng.choice(_REDS).format(text), text


def build_thread(folder: Path, pages: int = 100, *, source: Path | None = REAL_PAGE, seed: int = 5) -> Thread:
    """Write a `pages`-page XenForo 1 thread (25 posts a page) into `folder` as page-N.html.

    The pages are made from the saved page at `source` when it exists (else from a page of our
    own): posts renumbered from 1, authors set to the host (post 1) and PLAYERS, page navigation
    set to N of `pages` with a rel=next link to page-(N+1).html, the forum's <base> removed so
    links stay local. Red votes are planted in one post in five; one vote post in four also
    quotes an earlier vote (which must not count), and so does one other post in twenty.
    """
    real = source is not None and source.is_file()
    template = lxml.html.fromstring(source.read_bytes() if real else _synthetic_template())
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    planted: list[Planted] = []
    earlier: list[tuple[str, str, int]] = []  # (author, vote HTML, number) of votes cast so far
    for page_no in range(1, pages + 1):
        root = copy.deepcopy(template)
        for el in root.xpath("//base | //link[@rel='prev' or @rel='canonical']"):
            el.getparent().remove(el)
        for el in root.xpath("//*[@rel='next']"):
            el.set("href", f"page-{page_no + 1}.html")
        for nav in root.xpath("//div[contains(@class, 'PageNav')]"):
            nav.set("data-page", str(page_no))
            nav.set("data-last", str(pages))
        items = root.xpath("//li[starts-with(@id, 'post-')][contains(@class, 'message')]")[:PER_PAGE]
        for i, li in enumerate(items):
            number = (page_no - 1) * PER_PAGE + i + 1
            author = HOST if number == 1 else PLAYERS[(number * 7 + rng.randrange(3)) % len(PLAYERS)]
            pid = 5_000_000 + number
            li.set("id", f"post-{pid}")
            li.set("data-author", author)
            for a in li.xpath(".//*[contains(@class, 'messageUserInfo')]//a[contains(@class, 'username')]"):
                _set_text(a, author)
            for a in li.xpath(".//a[contains(@class, 'postNumber')]"):
                _set_text(a, f"#{number}")
                a.set("href", f"posts/{pid}/")
            for a in li.xpath(".//a[contains(@class, 'datePermalink')]"):
                a.set("href", f"posts/{pid}/")
            body = li.xpath(".//blockquote[contains(@class, 'messageText')]")[0]
            votes: list[str] = []
            quoted: list[str] = []
            extra = ""
            voting = author != HOST and rng.randrange(VOTE_SHARE) == 0
            if earlier and (rng.randrange(4) == 0 if voting else rng.randrange(20) == 0):
                q_author, q_html, q_number = rng.choice(earlier[-30:])
                extra += (f'<div class="bbCodeBlock bbCodeQuote" data-author="{q_author}"><aside>'
                          f'<div class="attribution type">{q_author} said: <a href="goto/post?id={5_000_000 + q_number}'
                          f'#post-{5_000_000 + q_number}" class="AttributionLink">&uarr;</a></div>'
                          f'<blockquote class="quoteContainer"><div class="quote">I think so. {q_html}</div>'
                          f'<div class="quoteExpand">Click to expand...</div></blockquote></aside></div>')
                quoted.append(lxml.html.fromstring(q_html).text_content())
            if voting:
                html, text = _vote_html(rng, author, PLAYERS)
                extra += f"<br>\nMy vote stands. {html}"
                votes.append(text)
                earlier.append((author, html, number))
            if extra:
                marker = body.xpath(".//*[contains(@class, 'messageTextEndMarker')]")
                new = lxml.html.fragments_fromstring(extra)
                at = body.index(marker[0]) if marker else len(body)
                if isinstance(new[0], str):  # leading text
                    prev = body[at - 1] if at > 0 else None
                    if prev is not None:
                        prev.tail = (prev.tail or "") + new[0]
                    else:
                        body.text = (body.text or "") + new[0]
                    new = new[1:]
                for k, el in enumerate(new):
                    body.insert(at + k, el)
            planted.append(Planted(number, author, tuple(votes), tuple(quoted)))
        path = folder / f"page-{page_no}.html"
        path.write_bytes(lxml.html.tostring(root, encoding="utf-8", doctype="<!DOCTYPE html>"))
        paths.append(path)
    return Thread(tuple(paths), tuple(planted), "the real xenforo1 page" if real else "a synthetic XenForo 1 page")


# --------------------------------------------------------------------------- timing


def best_of(runs: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    """(the fastest of `runs` timed calls of fn, the last call's result)."""
    times = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


class _Server:
    """The thread's folder served on 127.0.0.1 from a background thread, counting GETs."""

    def __init__(self, folder: Path) -> None:
        hits: list[str] = []
        self.hits = hits

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
                hits.append(self.path)
                super().do_GET()

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> _Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def main(pages: int = 100, runs: int = 3, source: Path | None = REAL_PAGE) -> dict[str, float]:
    """Build the thread (from `source`, or our own page when None), time (a), (b) and (c), print
    them and return them with the ratios."""
    import requests

    from hostkit.model import VoteSetupPlayer
    from hostkit.votes import forums
    from hostkit.votes.fetch import fetch_thread, read_files
    from hostkit.votes.tally import tally

    players = [VoteSetupPlayer(name) for name in PLAYERS]

    def count(thread_pages: Sequence[forums.Page]) -> Any:
        posts = [p for page in thread_pages for p in page.posts]
        return tally(posts, players, day=1, hosts=[HOST], start_post=1)

    with tempfile.TemporaryDirectory(prefix="hostkit-bench-votes-") as tmp:
        folder = Path(tmp) / "thread"
        started = time.perf_counter()
        thread = build_thread(folder, pages, source=source)
        built = time.perf_counter() - started
        data = [p.read_bytes() for p in thread.paths]
        n_posts = len(thread.posts)
        n_votes = sum(len(p.votes) for p in thread.posts)
        n_quoted = sum(len(p.quoted) for p in thread.posts)
        size = sum(map(len, data))
        print(f"thread: {pages} pages, {n_posts} posts from {thread.source}; {n_votes} red votes planted, "
              f"{n_quoted} more inside quotes; {size / 1e6:.1f} MB ({size / pages / 1e3:.0f} kB a page); "
              f"built in {built:.1f} s")

        # (a) lxml alone
        t_lxml, _ = best_of(runs, lambda: [lxml.html.fromstring(d) for d in data])

        # (b) the full count from the saved files
        t_read, read_pages = best_of(runs, lambda: read_files(thread.paths))
        t_tally, full = best_of(runs, lambda: count(read_pages))
        t_full, full = best_of(runs, lambda: count(read_files(thread.paths)))
        got = [(p.number, p.author) for page in read_pages for p in page.posts]
        assert got == [(p.number, p.author) for p in thread.posts], "the built thread did not read back"
        counted = len(full.history) + len(full.ignored)
        assert counted >= n_votes, f"only {counted} of {n_votes} planted votes were seen"

        # (c) a cached recount through fetch_thread against a local server
        parsed: list[str | None] = []
        real_parse = forums.parse_page

        def counting_parse(*args: Any, **kwargs: Any) -> forums.Page:
            parsed.append(kwargs.get("url"))
            return real_parse(*args, **kwargs)

        with _Server(folder) as server, requests.Session() as session:
            session.trust_env = False  # no proxy for 127.0.0.1
            url = f"{server.url}/page-1.html"
            cache = Path(tmp) / "cache"
            start = time.perf_counter()
            first = fetch_thread(url, cache_dir=cache, delay=0, session=session)
            t_first = time.perf_counter() - start
            assert len(server.hits) == pages and len(first) == pages
            forums.parse_page = counting_parse  # type: ignore[assignment]
            try:
                recounts = []
                for _ in range(runs):
                    server.hits.clear()
                    parsed.clear()
                    start = time.perf_counter()
                    again = count(fetch_thread(url, cache_dir=cache, delay=0, session=session))
                    recounts.append(time.perf_counter() - start)
                    last = f"{server.url}/page-{pages}.html"
                    assert server.hits == [f"/page-{pages}.html"], f"the recount asked for {server.hits}"
                    assert parsed == [last], f"the recount parsed {parsed}"
            finally:
                forums.parse_page = real_parse  # type: ignore[assignment]
            t_recount = min(recounts)
        # Post links differ (pages read from files have no URL of their own); the count must not.
        assert again._replace(post_urls={}) == full._replace(post_urls={}), \
            "the cached recount differs from the full count"

    leader = max(full.wagons, key=lambda w: w.votes, default=None)
    ms = lambda s: f"{s * 1000:8.1f} ms"  # noqa: E731
    print(f"(a) lxml alone, lxml.html.fromstring x {pages}:        {ms(t_lxml)}")
    print(f"(b) full count, read_files + tally:              {ms(t_full)}"
          f"   (read_files {t_read * 1000:.0f} ms, tally {t_tally * 1000:.0f} ms)")
    print(f"(c) cached recount, fetch_thread + tally:        {ms(t_recount)}"
          f"   (1 page fetched and parsed; the first fetch of all {pages} took {t_first:.1f} s)")
    print(f"count: {len(full.history)} votes in the history, {len(full.ignored)} ignored, "
          f"leader {leader.target if leader else None} on {leader.votes if leader else 0:g}")
    ratio_b, ratio_c = t_full / t_lxml, t_recount / t_lxml
    print(f"(b)/(a) = {ratio_b:.2f}x (aim: at most 3x)")
    print(f"(c)/(a) = {ratio_c:.2f}x")
    print(f"best of {runs} runs each; Python {sys.version.split()[0]}, lxml {lxml.etree.__version__}")
    return {"lxml": t_lxml, "full": t_full, "recount": t_recount, "full_ratio": ratio_b, "recount_ratio": ratio_c}


if __name__ == "__main__":
    main(source=None if "--synthetic" in sys.argv[1:] else REAL_PAGE)
