"""Reading a thread page's small facts out of their text: encoding, numbers, times and links.

This module owns turning the strings a forum shows into values, whatever engine shows them:
a page's bytes into text (`decode`: BOM, HTTP header, <meta> charset, the WHATWG windows-1252
rule), "#1,326" into 1326 (`to_int`), an epoch, an ISO string or a shown date in the board's
zone into ISO 8601 with offset (`iso_time`, `footer_tz`), and an href into an absolute URL
(`absolute`). Both the adapters (hostkit.votes.forums) and the generic fallback
(hostkit.votes.generic) use it. Pure functions, no I/O.
"""

from __future__ import annotations

import codecs
import re
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from typing import Callable
from urllib.parse import urljoin, urlparse

from ..model.urls import strip_session

__all__ = ["absolute", "decode", "decoded", "footer_tz", "iso_time", "lazy_re", "to_int"]


def lazy_re(pattern: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """A regex compiled on its first use, not at import: compiling costs ~50-250 us a pattern,
    paid by every `hostkit votes` for patterns only some pages need (a board's time zone
    footer, an rgb() colour, a ##vote)."""
    return lru_cache(maxsize=None)(lambda: re.compile(pattern, flags))

# --------------------------------------------------------------------------- encoding

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([-\w.:]+)""", re.I)
_HEADER_CHARSET = lazy_re(r"""charset\s*=\s*["']?([-\w.:]+)""", re.I)
# The WHATWG encoding standard: browsers read these labels as windows-1252, and so do we.
_AS_CP1252 = {"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "us-ascii", "ascii",
              "windows-1252", "cp1252", "x-cp1252", "iso_8859-1", "cp819"}
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def _codec(label: str | None) -> str | None:
    if not label:
        return None
    label = label.strip().lower()
    if label in _AS_CP1252:
        return "cp1252"
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def decode(data: bytes, content_type: str | None = None) -> str:
    """Decode a page's bytes: its BOM, else the HTTP header's charset, else the page's <meta>
    charset, else UTF-8 if it is valid, else windows-1252 (old vBulletin 3 pages)."""
    return decoded(data, content_type)[0]


def decoded(data: bytes, content_type: str | None = None) -> tuple[str, bool]:
    """`decode`'s text, and whether it is `data` read as UTF-8 unchanged (no BOM, no byte
    replaced): such a text encodes back to `data` exactly, so a reader may parse `data` itself."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return data.decode(name, errors="replace"), False
    enc = None
    if content_type:
        m = _HEADER_CHARSET().search(content_type)
        enc = _codec(m.group(1)) if m else None
    if enc is None:
        m = _META_CHARSET.search(data[:16384])
        enc = _codec(m.group(1).decode("ascii", "replace")) if m else None
    if enc is None or enc == "utf-8":
        try:
            return data.decode("utf-8"), True
        except UnicodeDecodeError:
            enc = enc or "cp1252"
    return data.decode(enc, errors="replace"), False


# --------------------------------------------------------------------------- numbers

_DIGITS = re.compile(r"\d[\d,.]*")


def to_int(text: str) -> int | None:
    """The first number in `text` ("#1,326" -> 1326, "Reply #15" -> 15), or None."""
    if text and text[1:].isdecimal() and (text[0] == "#" or text[0] == "p" or text[0].isdecimal()):
        return int(text) if text[0].isdecimal() else int(text[1:])  # "675", "#675", "p7702957": as the search reads them
    m = _DIGITS.search(text or "")
    if not m:
        return None
    try:
        return int(m.group(0).replace(",", "").replace(".", ""))
    except ValueError:
        return None


# --------------------------------------------------------------------------- times

_TZ_FOOTER = lazy_re(
    r"All times are (?:UTC|GMT)\s*(?:([+\-\u2212])\s*(\d{1,2})(?:[.:](\d{1,2}))?)?(?:\s*hours?)?"
    r"(\s*\[\s*(?:<abbr[^>]*>)?\s*DST)?", re.I)
_TIME_FORMATS = (
    "%a %b %d, %Y %I:%M %p", "%a %b %d, %Y %H:%M", "%Y-%m-%d, %H:%M", "%m-%d-%Y, %I:%M %p",
    "%d-%m-%Y, %H:%M", "%m-%d-%Y, %H:%M", "%B %d, %Y, %I:%M:%S %p", "%d %b %Y, %H:%M",
    "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M",
)
_time_formats = list(_TIME_FORMATS)  # most recently matched first


def footer_tz(text: str) -> timezone | None:
    """The board's zone from a footer such as "All times are GMT -5" or "UTC [ DST ]", or None."""
    at = text.find("All times are")
    m = _TZ_FOOTER().match(text, at) if at >= 0 else None
    if not m:
        return None
    sign, hours, minutes, dst = m.groups()
    offset = timedelta(hours=int(hours or 0), minutes=int(minutes or 0))
    if sign in ("-", "\u2212"):
        offset = -offset
    if dst:
        offset += timedelta(hours=1)
    return timezone(offset)


_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T")


def iso_time(value: str, tz: timezone | None) -> str | None:
    """ISO 8601 with offset from an epoch, an ISO string or a shown date in zone `tz`."""
    v = value.strip(" \u00bb\u00ab,")
    if not v:
        return None
    if v.isdigit():
        n = int(v)
        if n > 10**11:  # milliseconds (NodeBB)
            n //= 1000
        return datetime.fromtimestamp(n, timezone.utc).isoformat()
    if _ISO_DATE.match(v):
        s = v.replace("Z", "+00:00")
        s = re.sub(r"([+-]\d{2})(\d{2})$", r"\1:\2", s)
        try:
            d = datetime.fromisoformat(s)
        except ValueError:
            return None
        if d.tzinfo is None:
            if tz is None:
                return None
            d = d.replace(tzinfo=tz)
        return d.replace(microsecond=0).isoformat()
    if tz is None:
        return None
    shown = _phpbb_time(v, tz)
    if shown is not None:
        return shown
    for fmt in _time_formats:
        try:
            d = datetime.strptime(v, fmt)
        except ValueError:
            continue
        if fmt is not _time_formats[0]:  # a board uses one format: try it first next time
            _time_formats.remove(fmt)
            _time_formats.insert(0, fmt)
        return d.replace(tzinfo=tz).isoformat()
    return None  # "Today, 10:04" and the like: no date we can trust


# phpBB's "Mon Feb 29, 2016 1:40 am" (_TIME_FORMATS[0]), as strptime's own pattern for that
# format reads it: strptime costs ~8 us a post (its cache, its locale checks), this ~1 us.
_PHPBB_SHOWN = lazy_re(
    r"(?P<a>mon|tue|wed|thu|fri|sat|sun)\s+(?P<b>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s+"
    r"(?P<d>3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9]),\s+(?P<Y>\d\d\d\d)\s+(?P<I>1[0-2]|0[1-9]|[1-9]):"
    r"(?P<M>[0-5]\d|\d)\s+(?P<p>am|pm)", re.I)
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                        "nov", "dec"), 1)}


def _phpbb_time(v: str, tz: timezone) -> str | None:
    """iso_time's answer for a time shown as _TIME_FORMATS[0], read without strptime; None when
    `v` is not in that format (or names no real day), for the loop over the formats to read.
    A text in that format matches none of the others (each of them starts with a digit, a full
    month name or lacks the am/pm), so the first match is this one whatever their order; the
    format still moves to the front as the loop would move it. (strptime reads English names
    under the C locale, which Python runs in unless a program sets another.)"""
    m = _PHPBB_SHOWN().match(v)
    if m is None or m.end() != len(v):
        return None
    hour = int(m.group("I"))
    if m.group("p").lower() == "am":
        hour = 0 if hour == 12 else hour
    elif hour != 12:
        hour += 12
    try:
        d = datetime(int(m.group("Y")), _MONTHS[m.group("b").lower()], int(m.group("d")), hour,
                     int(m.group("M")), tzinfo=tz)
    except ValueError:
        return None  # "Feb 30": the loop finds no format that reads it either
    fmt = _TIME_FORMATS[0]
    if _time_formats[0] is not fmt:
        _time_formats.remove(fmt)
        _time_formats.insert(0, fmt)
    return d.isoformat()


# --------------------------------------------------------------------------- links


def absolute(base: str, href: str) -> str | None:
    """`href` made absolute against `base` (left relative when there is no base); None for an
    empty, in-page ("#...") or javascript: link."""
    href = href.strip()
    if not href or href.startswith(("#", "javascript:")):
        return None
    if "s" in href and _SESSION_HINT().search(href):  # a logged-out reader's links carry a session id
        href = strip_session(href)
    if not base:
        return href
    # A page's post links share their path ("./viewtopic.php?p=1#p1"): the path is joined once
    # (urljoin costs some 10 us, for every post of every page) and the query and fragment are
    # appended, as urljoin appends them to a path of the link's own. Only where that is exactly
    # urljoin's answer (see _joined): no scheme (no ":"), a non-empty query and fragment if
    # marked, and none of the tabs and line breaks urljoin removes.
    path, hashmark, fragment = href.partition("#")
    path, qmark, query = path.partition("?")
    if ":" not in href and (query or not qmark) and (fragment or not hashmark) \
            and "\t" not in href and "\n" not in href and "\r" not in href:
        joined = _joined(base, path)
        if joined is not None:
            return joined + qmark + query + hashmark + fragment
    return urljoin(base, href)


# Query keys that carry a forum session: phpBB's sid, PHP's PHPSESSID, and vBulletin's or
# Invision's s (only with a session-like value of 32 hex digits: `s` is also a search word).
_SESSION_HINT = lazy_re(r"[?&;](?:sid|phpsessid|s)=", re.IGNORECASE)


@lru_cache(maxsize=256)
def _joined(base: str, path: str) -> str | None:
    """urljoin(base, path), when a query and fragment after `path` would be appended to it as
    they are: `path` has a path (or params) of its own and no scheme or host; else None (the
    base's path and query may be used instead, or the link is not relative)."""
    parts = urlparse(path)
    if parts.scheme or parts.netloc or not (parts.path or parts.params):
        return None
    return urljoin(base, path)
