"""When a copy on the forum is this send's: dated after the journal's `sending` mark, on the
forum's clock (hostkit.forum.recover.Mark), as a table.

To the second (phpBB's PM export and post pages), a copy is this send's when it is dated after
the mark, and an older one at or before it (phpBB takes a form only in a later second than it
served it, and the mark is the form's second). Known only to the minute, a copy in the mark's
own minute cannot be told from an older one: None, and the command stops to ask the host, never
guessing "sent" (a player without the PM) or "not sent" (a second copy). A journal written
before the mark kept the forum's time has only the host's clock: within OLD_SLACK either way,
None.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from hostkit.forum.recover import OLD_SLACK, Mark

AT = datetime(2026, 11, 29, 9, 30, 20, tzinfo=timezone.utc)


def _iso(t: datetime, *, seconds: bool = True) -> str:
    return t.isoformat(timespec="seconds" if seconds else "minutes")


CASES = [
    ("a second after", {"forum_time": _iso(AT)}, _iso(AT + timedelta(seconds=1)), True),
    ("the mark's own second", {"forum_time": _iso(AT)}, _iso(AT), False),
    ("a second before", {"forum_time": _iso(AT)}, _iso(AT - timedelta(seconds=1)), False),
    ("a month before", {"forum_time": _iso(AT)}, _iso(AT - timedelta(days=30)), False),
    ("in another zone, after", {"forum_time": _iso(AT)},
     (AT + timedelta(seconds=5)).astimezone(timezone(timedelta(hours=-5))).isoformat(), True),
    ("to the minute: the mark's minute", {"forum_time": _iso(AT)}, _iso(AT.replace(second=0), seconds=False), None),
    ("to the minute: the next", {"forum_time": _iso(AT)},
     _iso(AT.replace(second=0) + timedelta(minutes=1), seconds=False), True),
    ("to the minute: the one before", {"forum_time": _iso(AT)},
     _iso(AT.replace(second=0) - timedelta(minutes=1), seconds=False), False),
    ("no time shown", {"forum_time": _iso(AT)}, "", None),
    ("an old journal: host's clock, just after", {"time": _iso(AT)}, _iso(AT + timedelta(seconds=3)), None),
    ("an old journal: just before", {"time": _iso(AT)}, _iso(AT - timedelta(seconds=3)), None),
    ("an old journal: well after", {"time": _iso(AT)}, _iso(AT + OLD_SLACK + timedelta(minutes=1)), True),
    ("an old journal: well before", {"time": _iso(AT)}, _iso(AT - OLD_SLACK - timedelta(minutes=1)), False),
    ("a journal with no time at all", {}, _iso(AT), None),
]


@pytest.mark.parametrize("entry, shown, after", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_copy_is_this_sends_only_when_dated_after_its_mark(entry, shown, after):
    assert Mark(entry, conn=None).after(shown) is after
