"""The watch's clock and its stop signal.

Every time the watch reads (a deadline passed, a reminder due, the gap since the last count) is
`Clock.now()`, and every wait is `Clock.sleep`, which a stop (SIGINT/SIGTERM) cuts short. Tests
give a `ManualClock` whose time moves only when they say (or when the watch waits), so no test
sleeps for the watch.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone


class Clock:
    """The real clock (UTC)."""

    def __init__(self) -> None:
        self.stop = threading.Event()

    def now(self) -> datetime:
        return datetime.now(timezone.utc)

    def sleep(self, seconds: float) -> bool:
        """Wait `seconds` unless stopped first; True when stopped."""
        return self.stop.wait(max(0.0, seconds))


class ManualClock(Clock):
    """A clock for tests: it shows `at` and moves only by `advance` (or a wait, at once)."""

    def __init__(self, at: datetime) -> None:
        super().__init__()
        self.at = at

    def now(self) -> datetime:
        return self.at

    def advance(self, **kw: float) -> datetime:
        self.at += timedelta(**kw)
        return self.at

    def sleep(self, seconds: float) -> bool:
        if self.stop.is_set():
            return True
        self.at += timedelta(seconds=max(0.0, seconds))
        return False
