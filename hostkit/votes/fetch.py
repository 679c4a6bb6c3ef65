"""Fetching a thread: polite HTTP through requests, pagination, retries and the on-disk cache.

This module owns every network request hostkit makes and the thread cache in the game folder
(`.cache/thread/`). A page that has been read is kept twice there, as the raw page and as its
parsed posts (JSON), so a recount asks the forum only for the last cached page (it may have
grown) and any pages after it, and never parses the older pages again. `read_files` reads saved
HTML pages instead, for `--html FILE`.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import requests

from hostkit.model.errors import FetchError
from hostkit.store.folder import atomic_write
from hostkit.votes import forums
from hostkit.votes.forums import Page
from hostkit.votes.pages import CACHE_VERSION, read_files  # noqa: F401 (read_files: the old home)
from hostkit.votes.pages import page_from_json as _page_from_json
from hostkit.votes.pages import page_to_json as _page_to_json
from hostkit.votes.pages import index_ids as _index_ids
from hostkit.votes.pages import repeats as _repeats

__all__ = ["USER_AGENT", "fetch_thread", "read_files"]

MAX_WAIT = 60.0  # never sleep longer than this for one Retry-After or backoff (the user is told)
MAX_BYTES = 32 * 1024 * 1024  # a thread page is well under 1 MB; a body past this is refused
MAX_REDIRECTS = 5
PAGE_DEADLINE = 90.0  # seconds for one page, every byte of it (a read timeout alone never ends a drip)
TOTAL_DEADLINE = 900.0  # seconds for a whole fetch, retries and waits included


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("hostkit")
    except Exception:  # not installed (running from a checkout)
        return "0.1.0"


USER_AGENT = f"hostkit/{_version()} (+forum game moderation tool)"

# Tests replace this to make retries instant and to see what was asked for.
_sleep = time.sleep


# --------------------------------------------------------------------------- HTTP


def _retry_after(response: requests.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


def _why(exc: requests.RequestException, timeout: float) -> str:
    if isinstance(exc, _CutOff):
        return str(exc)
    if isinstance(exc, requests.Timeout):
        return f"no answer within {timeout:g} s"
    if isinstance(exc, requests.ConnectionError):
        return "the forum is unreachable (connection failed)"
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return first[:200]


_open_line: list[bool] = [False]  # a terminal's progress line is open: a warning starts a line of its own


def _warn(message: str) -> None:
    if _open_line[0]:
        sys.stderr.write("\n")
        _open_line[0] = False
    print(f"hostkit: {message}", file=sys.stderr)


# Errors worth another try: the forum may answer next time. Anything else (a bad URL, a scheme
# requests cannot fetch) fails at once.
_TRANSIENT = (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError)


def _host(url: str) -> str:
    from urllib.parse import urlsplit

    return (urlsplit(url).hostname or "").lower()


def _open(session: requests.Session, url: str, *, timeout: float) -> requests.Response:
    """GET with redirects followed by hand: at most MAX_REDIRECTS, http(s) only, no loop."""
    from urllib.parse import urljoin, urlsplit

    seen = [url]
    while True:
        response = session.get(url, timeout=timeout, headers={"User-Agent": USER_AGENT}, stream=True,
                               allow_redirects=False)
        if not response.is_redirect:
            return response
        target = urljoin(url, response.headers.get("Location", ""))
        response.close()
        scheme = urlsplit(target).scheme.lower()
        if scheme not in ("http", "https"):
            raise FetchError(f"cannot fetch {seen[0]}: it redirects to {target[:200]}, and only http(s) is followed")
        if _host(target) != _host(seen[0]):
            raise FetchError(f"cannot fetch {seen[0]}: it redirects to another host, {_host(target) or target[:80]}; "
                             "hostkit reads a thread only from the host it was given: if the forum moved, "
                             "give the new address with --url")
        if target in seen:
            raise FetchError(f"cannot fetch {seen[0]}: a redirect loop ({' -> '.join(seen[-3:] + [target])})")
        if len(seen) > MAX_REDIRECTS:
            raise FetchError(f"cannot fetch {seen[0]}: more than {MAX_REDIRECTS} redirects")
        seen.append(target)
        url = target


def _body(response: requests.Response, url: str, deadline: float, limit: str) -> bytes:
    """The response body, streamed: refused past MAX_BYTES or past the deadline (LIMIT says which
    deadline it is, in words). A body that the server ended by closing the connection, with no
    Content-Length and no chunked encoding to tell a whole page from a cut one, must reach its
    </html>: a page cut after post 5 of 10 is never counted as whole."""
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > MAX_BYTES:
        raise FetchError(f"cannot fetch {url}: the page is {int(declared):,} bytes, over the "
                         f"{MAX_BYTES // (1024 * 1024)} MB a thread page may have")
    chunks, size = [], 0
    for chunk in _arriving(response):
        size += len(chunk)
        if size > MAX_BYTES:
            raise FetchError(f"cannot fetch {url}: the page passed {MAX_BYTES // (1024 * 1024)} MB; "
                             "a thread page is far smaller")
        if time.monotonic() > deadline:
            raise FetchError(f"cannot fetch {url}: the page was still arriving {limit}")
        chunks.append(chunk)
    body = b"".join(chunks)
    framed = declared.isdigit() or "chunked" in response.headers.get("Transfer-Encoding", "").lower()
    if not framed and "html" in response.headers.get("Content-Type", "html").lower() \
            and b"</html" not in body[-65536:].lower():
        raise _CutOff(f"the page was cut off: the server closed the connection after {len(body):,} bytes, "
                      "before the page's end (</html>)")
    return body


class _CutOff(requests.exceptions.ChunkedEncodingError):
    """A page the server ended early (transient: worth another try)."""


def _open_by(session: requests.Session, url: str, *, timeout: float, deadline: float, limit: str) -> requests.Response:
    """_open, given up at DEADLINE even while the headers are still arriving (a server sending
    one byte every few seconds resets every read timeout): the request runs in a thread of its
    own, abandoned (a daemon) when the deadline passes."""
    import threading

    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["response"] = _open(session, url, timeout=timeout)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            box["error"] = exc

    worker = threading.Thread(target=run, name="hostkit-fetch", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if worker.is_alive():
        raise FetchError(f"cannot fetch {url}: no complete answer {limit} (the server sends its headers "
                         "too slowly)")
    if "error" in box:
        raise box["error"]
    return box["response"]


def _arriving(response: requests.Response) -> Any:
    """The body's bytes as they arrive (urllib3 2's read1 returns whatever came, so a server
    dripping a byte at a time meets the deadline check), decoded as requests would."""
    raw = response.raw
    if not hasattr(raw, "read1"):  # urllib3 1.x
        yield from response.iter_content(chunk_size=8 * 1024)
        return
    try:
        while True:
            chunk = raw.read1(64 * 1024, decode_content=True)
            if not chunk:
                return
            yield chunk
    except Exception as exc:  # noqa: BLE001 - urllib3's read errors, as requests would name them
        import urllib3.exceptions as u3

        if isinstance(exc, u3.ReadTimeoutError):
            raise requests.Timeout(str(exc)) from None
        if isinstance(exc, (u3.ProtocolError, u3.DecodeError, u3.SSLError)):
            raise requests.exceptions.ChunkedEncodingError(str(exc)) from None
        raise


def _get(session: requests.Session, url: str, *, timeout: float, retries: int,
         deadline: float | None = None) -> tuple[bytes, str | None]:
    """GET one page: retries with exponential backoff on 429 (honouring Retry-After, capped at
    MAX_WAIT and told on stderr), on 5xx and on a failed connection; never past `deadline` (a
    time.monotonic() value) or PAGE_DEADLINE for the page. Raises FetchError naming the URL."""
    attempt = 0
    total = deadline if deadline is not None else time.monotonic() + TOTAL_DEADLINE

    def wait(seconds: float, why: str) -> None:
        if time.monotonic() + seconds > total:
            raise FetchError(f"cannot fetch {url}: {why}, and waiting {seconds:g} s more would pass "
                             f"the fetch's {TOTAL_DEADLINE:g} s deadline")
        # the host sees each retry and its wait, not minutes of silence (issue 14)
        _warn(f"{_host(url)}: {why}; retry {attempt + 1} of {retries} in {seconds:g} s")
        _sleep(seconds)

    asked_too_long = False
    while True:
        page_deadline = min(total, time.monotonic() + PAGE_DEADLINE)
        limit = (f"at the fetch's {TOTAL_DEADLINE:g} s deadline" if page_deadline == total
                 else f"after {PAGE_DEADLINE:g} s")
        try:
            response = _open_by(session, url, timeout=timeout, deadline=page_deadline, limit=limit)
            try:
                status = response.status_code
                raw = _body(response, url, page_deadline, limit) if status < 400 else b""
            finally:
                response.close()
        except _TRANSIENT as exc:
            if attempt >= retries:
                raise FetchError(f"cannot fetch {url}: {_why(exc, timeout)}"
                                 + (f" ({attempt + 1} tries)" if attempt else "")) from None
            wait(min(MAX_WAIT, 2.0**attempt), _why(exc, timeout))
            attempt += 1
            continue
        except requests.RequestException as exc:
            raise FetchError(f"cannot fetch {url}: {_why(exc, timeout)}") from None
        if status == 429 or 500 <= status < 600:
            if attempt >= retries:
                raise FetchError(f"cannot fetch {url}: HTTP {status} {response.reason or ''}".rstrip()
                                 + f" after {attempt + 1} tries")
            asked = _retry_after(response) if status == 429 else None
            if asked is not None and asked > MAX_WAIT:
                if asked_too_long:  # asked twice for more than hostkit waits: the forum means it
                    raise FetchError(f"cannot fetch {url}: HTTP 429: the forum asks again to wait {asked:g} s "
                                     f"(Retry-After), longer than hostkit waits ({MAX_WAIT:g} s); try again later")
                asked_too_long = True
            pause = min(MAX_WAIT, asked if asked is not None else 2.0**attempt)
            if asked is not None:
                _warn(f"{_host(url)} asks to wait {asked:g} s (Retry-After); waiting {pause:g} s"
                      + (f" (hostkit waits at most {MAX_WAIT:g} s)" if asked > MAX_WAIT else ""))
            wait(pause, f"HTTP {status}")
            attempt += 1
            continue
        if status >= 400:
            raise FetchError(f"cannot fetch {url}: HTTP {status} {response.reason or ''}".rstrip())
        return raw, response.headers.get("Content-Type")


# --------------------------------------------------------------------------- cache


class _Cache:
    """One thread's pages under cache_dir/<hash of the thread URL>/: index.json lists the pages
    in order; page-NNNN.html is the raw page, page-NNNN.json its parsed posts. The index carries
    the format (CACHE_VERSION), the readers' version (READER_VERSION: a hostkit that reads pages
    differently fetches them again, as the page cache's key says) and each page's hash, so a
    damaged page that still parses as JSON is a miss, never a wrong count."""

    def __init__(self, cache_dir: Path, thread_url: str) -> None:
        self.dir = Path(cache_dir) / hashlib.sha1(thread_url.encode()).hexdigest()[:16]
        self.thread_url = thread_url
        self.index_path = self.dir / "index.json"
        self.hashes: list[str] = []  # the hash of each cached page's JSON, in order

    def load(self) -> list[Page]:
        """The cached pages, or [] when there are none or the cache is unreadable."""
        from hostkit.votes import pages as _pages  # READER_VERSION as it is now (tests change it)

        try:
            index = json.loads(_pages.read_regular(self.index_path).decode("utf-8"))
            if (index.get("version") != CACHE_VERSION or index.get("url") != self.thread_url
                    or index.get("reader") != _pages.READER_VERSION
                    or len(index["hashes"]) != len(index["pages"])):
                return []
            out = []
            for name, want in zip(index["pages"], index["hashes"]):
                raw = _pages.read_regular(self.dir / name)
                if hashlib.sha256(raw).hexdigest() != want:
                    return []  # damaged (or another page's): fetch again
                out.append(_page_from_json(json.loads(raw)))
            self.hashes = list(index["hashes"])
            return out
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return []  # a damaged cache (even valid JSON of the wrong shape) only costs a refetch

    def save(self, position: int, raw: bytes, page: Page, count: int) -> None:
        """Store the page at `position` (0-based) and make the index list `count` pages."""
        from hostkit.votes import pages as _pages

        self.dir.mkdir(parents=True, exist_ok=True)
        stem = f"page-{position + 1:04d}"
        data = json.dumps(_page_to_json(page)).encode("utf-8")
        atomic_write(self.dir / f"{stem}.html", raw)
        atomic_write(self.dir / f"{stem}.json", data)
        self.hashes = self.hashes[:position] + [hashlib.sha256(data).hexdigest()]
        index = {"version": CACHE_VERSION, "reader": _pages.READER_VERSION, "url": self.thread_url,
                 "pages": [f"page-{i + 1:04d}.json" for i in range(count)], "hashes": self.hashes[:count]}
        atomic_write(self.index_path, json.dumps(index, indent=1).encode("utf-8"))


# --------------------------------------------------------------------------- public


def _short(pages: list[Page], why: str) -> str:
    """A fetch that cannot go on: where the count would stop and why (never a short count in silence)."""
    last = pages[-1].posts[-1].number if pages and pages[-1].posts else None
    said = pages[-1].last_page if pages else None
    return (f"cannot read the thread to its end: {why}; the count would stop at post {last}"
            + (f" on page {pages[-1].page} of the {said} the thread shows" if said and said > pages[-1].page else "")
            + ", so it is not made")


class _Progress:
    """What the host sees while a thread is read, page by page on stderr: 'Reading thread: page 3
    of 31' (the total once a page has told it). On a terminal each page overwrites the last line;
    elsewhere (a log, a pipe) each page is a line of its own. Pages read from the cache are told
    once. Nothing at all without `on`."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.tty = on and sys.stderr.isatty()
        self.width = 0

    def _say(self, text: str) -> None:
        if self.tty:
            sys.stderr.write(("\r" if _open_line[0] else "") + text.ljust(self.width if _open_line[0] else 0))
            self.width = len(text)
            _open_line[0] = True
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def cached(self, n: int) -> None:
        if self.on and n:
            self._say(f"Reading thread: pages 1-{n} from the cache" if n > 1 else "Reading thread: page 1 from the cache")

    def page(self, number: int, last: int | None) -> None:
        """About to fetch page NUMBER (of LAST, where known)."""
        if self.on:
            self._say(f"Reading thread: page {number}" + (f" of {last}" if last and last >= number else ""))

    def close(self) -> None:
        if self.tty and _open_line[0]:
            sys.stderr.write("\n")
            sys.stderr.flush()
            _open_line[0] = False


def fetch_thread(url: str, *, cache_dir: Path | None, delay: float = 1.0, timeout: float = 20,
                 retries: int = 4, progress: bool = False,
                 session: requests.Session | None = None) -> list[Page]:
    """Fetch every page of the thread at `url`, following its pagination, and return them in order.

    One request at a time, `delay` seconds apart; each waits at most `timeout` seconds and is
    retried `retries` times with exponential backoff on 429 (honouring Retry-After), 5xx and a
    failed connection. With `cache_dir`, pages already read are kept there: a recount fetches
    only the last cached page and any new ones, and reads the older ones' posts from the cache
    without parsing them. `progress=True` shows a bar on stderr. Raises FetchError naming the
    URL when the forum cannot be reached or a page holds no posts.
    """
    own_session = session is None
    session = session or requests.Session()
    cache = _Cache(cache_dir, url) if cache_dir is not None else None
    pages = cache.load() if cache is not None else []
    if pages:
        current: str | None = pages[-1].url or url
        pages = pages[:-1]  # the last cached page may have grown: read it again
    else:
        current = url
    seen = {p.url for p in pages}
    ids = _index_ids({}, pages)  # the post ids read so far, for _repeats
    first_request = True
    deadline = time.monotonic() + TOTAL_DEADLINE
    home = _host(url)
    shown = _Progress(progress)
    shown.cached(len(pages))
    last = pages[-1].last_page if pages else None
    try:
        while current:
            if current in seen:
                raise FetchError(_short(pages, f"page {pages[-1].page}'s next-page link leads back to a page "
                                               f"already read ({current[:120]})"))
            if not first_request and delay > 0:
                _sleep(delay)
            first_request = False
            shown.page(len(pages) + 1, last)
            raw, content_type = _get(session, current, timeout=timeout, retries=retries, deadline=deadline)
            first_number = pages[-1].posts[-1].number + 1 if pages and pages[-1].posts else None
            text = forums.decode(raw, content_type)
            page = forums.parse_page(text, url=current, first_number=first_number)
            if not page.posts:
                raise FetchError(f"no forum posts found at {current} (not a thread page?)")
            again = _repeats(pages, page, ids=ids)
            if again:
                raise FetchError(_short(pages, f"{current[:120]} repeats {again}, already read: the "
                                               "next-page link does not lead on"))
            if pages and page.page <= pages[-1].page:  # the page did not say which it is
                page = page._replace(page=pages[-1].page + 1)
            pages.append(page)
            _index_ids(ids, pages[-1:])
            seen.add(current)
            if cache is not None:
                cache.save(len(pages) - 1, raw, page, len(pages))
            last = page.last_page or last
            current = page.next_url
            if current and _host(current) != home:
                _warn(f"not following the next-page link to {_host(current) or current[:80]}: "
                      f"it leaves the thread's host {home}; the count stops at page {page.page}")
                current = None
    finally:
        shown.close()
        if own_session:
            session.close()
    return pages
