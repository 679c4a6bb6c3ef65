"""The send journal: what hostkit sent to the forum, kept in the game folder (`.hostkit-sends.json`).

Every send is written here twice, each time through store.atomic_write (a whole file or the old
one, never half): as `sending` before it goes out and as `sent`, with the forum's post or PM id,
after the forum accepts it. A rerun skips what is `sent`; what is `sending` may or may not have
gone out (the command was killed between the forum's answer and the journal write), so the
sender looks on the forum first (the thread's last posts, the sent PMs) and sends only when it is
not there. Co-hosts share the file through git like the rest of the folder, so neither sends
what the other did.

The file is a co-host's data: it is read as untrusted input. A file that is not the journal's
shape is refused with its path and what is wrong, and nothing is sent until it is mended (a
damaged journal must never read as "nothing sent yet"). It is a different file from the
store's write-ahead journal (.hostkit-journal.json), which is deleted after every commit.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..model.errors import FileError
from ..store.folder import atomic_write

NAME = ".hostkit-sends.json"
VERSION = 1
STATES = ("sending", "sent", "dropped", "entered")  # entered: a PM read into the record (inbox)
KINDS = ("pm", "post", "inbox", "lock")  # lock: the thread locked or unlocked (id: the topic)
_FIELDS = {"key": str, "kind": str, "to": str, "what": str, "phase": str, "digest": str, "state": str,
           "id": str, "url": str, "time": str, "host": str, "limit": str, "start": str}
_LIMIT = 4 * 2**20  # a journal of a long game is some 100 kB


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Journal:
    """The sends of one game folder, by key (one PM to one player, one part of one post)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / NAME
        self.entries: dict[str, dict[str, str]] = {}
        self.order: list[str] = []
        self._load()

    def _fail(self, what: str) -> FileError:
        return FileError(f"{self.path}: {what}; nothing is sent until it is mended "
                         "(the journal says what went to the forum)")

    def _load(self) -> None:
        try:
            if self.path.is_symlink() or (self.path.exists() and not self.path.is_file()):
                raise self._fail("not a plain file")
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as exc:
            raise self._fail(f"cannot read ({exc.strerror})") from None
        if len(raw) > _LIMIT:
            raise self._fail(f"{len(raw):,} bytes, far more than a journal holds")
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise self._fail(f"not JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("sends"), list):
            raise self._fail(f"not a send journal of version {VERSION} (a 'sends' list)")
        for n, e in enumerate(data["sends"]):
            where = f"sends[{n}]"
            if not isinstance(e, dict):
                raise self._fail(f"{where} is not a table")
            for k, v in e.items():
                if k not in _FIELDS:
                    raise self._fail(f"{where}: unknown key {k!r}")
                if not isinstance(v, str) or len(v) > 2000:
                    raise self._fail(f"{where}.{k} must be a short string")
            for k in ("key", "kind", "to", "state"):
                if k not in e:
                    raise self._fail(f"{where}: {k} is missing")
            if e["state"] not in STATES:
                raise self._fail(f"{where}.state must be one of {', '.join(STATES)}, got {e['state']!r}")
            if e["kind"] not in KINDS:
                raise self._fail(f"{where}.kind must be one of {', '.join(KINDS)}, got {e['kind']!r}")
            if e["state"] == "sent" and not e.get("id"):
                raise self._fail(f"{where}: a sent entry needs the forum's id")
            if e["key"] not in self.entries:
                self.order.append(e["key"])
            self.entries[e["key"]] = dict(e)

    def get(self, key: str) -> dict[str, str] | None:
        return self.entries.get(key)

    def mark(self, key: str, **fields: str) -> None:
        """Set the entry's fields and write the whole journal (atomically, durably)."""
        self.stage(key, **fields)
        atomic_write(self.path, self.text())

    def stage(self, key: str, **fields: str) -> None:
        """Set the entry's fields in memory only: `text()` is then written by the caller, in the
        commit of the game's record that goes with it (`inbox --accept`)."""
        entry = self.entries.get(key)
        if entry is None:
            entry = self.entries[key] = {"key": key}
            self.order.append(key)
        entry.update({k: v for k, v in fields.items() if v is not None})
        entry["time"] = now()

    def text(self) -> str:
        data = {"version": VERSION, "sends": [self.entries[k] for k in self.order]}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def sends(self) -> list[dict[str, str]]:
        return [self.entries[k] for k in self.order]


def read(folder: Path) -> list[dict[str, str]]:
    """Every journalled send of the game, oldest first (for `hostkit log`)."""
    return Journal(folder).sends()
