"""The send journal: what hostkit sent to the forum, kept in the game folder (`.hostkit-sends.json`).

Every send is written here twice, each time through store.atomic_write (a whole file or the old
one, never half): as `sending` before it goes out (with `forum_time`, the forum's time before
which it cannot have been stored: hostkit.forum.recover) and as `sent`, with the forum's post or
PM id, after the forum accepts it. A rerun skips what is `sent`; what is `sending` may or may not have
gone out (the command was killed between the forum's answer and the journal write), so the
sender looks on the forum first (the thread's last posts, the sent PMs) and sends only when it is
not there. Co-hosts share the file through git like the rest of the folder, so neither sends
what the other did.

The file is a co-host's data: it is read as untrusted input. A file that is not the journal's
shape is refused with its path and what is wrong, and nothing is sent until it is mended (a
damaged journal must never read as "nothing sent yet"). It is a different file from the
store's write-ahead journal (.hostkit-journal.json), which is deleted after every commit.

**One game's.** The journal names the game it belongs to (`game`: a digest of the setup fixed
at `hostkit new`: its creation time, ruleset, seed and players) and the thread its posts went
to (`thread`). A journal of another game (copied with a folder, or a co-host's file) would make
every send look done: `Journal(folder, game=...)` refuses it by name. A journal written before
these fields is taken only when every post in it went to this game's thread and every PM to
one of its players; it is stamped at its next write.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..model.errors import FileError
from ..store.folder import atomic_write

NAME = ".hostkit-sends.json"
VERSION = 1
STATES = ("sending", "sent", "dropped", "entered", "pinned", "taken")  # entered: a PM read into the record
# (inbox); pinned: a player's forum account (hostkit.forum.senders); taken: a PM sent by day for the coming
# night, taken by the host (`inbox --take`) and entered by that night's --accept (its phase)
KINDS = ("pm", "post", "inbox", "lock", "account")  # lock: the thread locked or unlocked (id: the topic);
# account: a player pinned to a forum user id (hostkit.forum.senders)
_FIELDS = {"key": str, "kind": str, "to": str, "what": str, "phase": str, "digest": str, "state": str,
           "id": str, "url": str, "time": str, "host": str, "limit": str, "start": str, "forum_time": str}
_OWNER = ("game", "thread")
_LIMIT = 4 * 2**20  # a journal of a long game is some 100 kB


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def identity(game: Any, *, slots: bool = True) -> dict[str, str]:
    """What the journal records of the game it belongs to: the setup's digest and the thread.

    The digest holds what a running game never changes: its creation, ruleset and seed, and each
    slot by the name it was dealt under (the earliest of `previous`, else its name), so a
    replacement (`hostkit replace`) leaves the game itself. `slots=False` digests the names as
    they are now: what journals first written after a replacement recorded before this was so."""
    setup = game.setup
    names = sorted((p.previous[0] if slots and p.previous else p.name) for p in setup.players)
    fixed = json.dumps([setup.created, setup.ruleset, setup.seed, names], ensure_ascii=False)
    return {"game": hashlib.sha256(fixed.encode("utf-8")).hexdigest()[:16], "thread": setup.thread or ""}


class Journal:
    """The sends of one game folder, by key (one PM to one player, one part of one post).

    With `game`, the journal must be that game's (see the module's "One game's"); without it
    (reading the log) it is read as it is."""

    def __init__(self, folder: Path, *, game: Any = None) -> None:
        self.path = Path(folder) / NAME
        self.entries: dict[str, dict[str, str]] = {}
        self.order: list[str] = []
        self.owner: dict[str, str] = {}
        self._load()
        if game is not None:
            self._belongs(game)

    def _belongs(self, game: Any) -> None:
        mine = identity(game)
        aside = (f"move {self.path.name} aside only if no send of this game is in it (what it records is then "
                 "not looked at, and may be sent again)")
        if self.owner:
            theirs = self.owner.get("game")
            if theirs != mine["game"] and theirs != identity(game, slots=False)["game"]:
                raise self._fail(f"belongs to another game (game {theirs}, thread "
                                 f"{self.owner.get('thread') or 'none'}), not this one (game {mine['game']}): "
                                 f"a send journal copied from another game would skip this game's sends; {aside}")
            if self.owner.get("thread", "") != mine["thread"]:
                raise self._fail(f"records sends to the thread {self.owner.get('thread') or 'none'}, but game.toml "
                                 f"names {mine['thread'] or 'none'}: if the game moved thread, {aside}")
        elif self.order:  # written before the journal named its game: its sends must all be this game's
            names = {n.lower() for p in game.setup.players for n in (p.name, *p.aliases)}
            names |= {h.lower() for h in game.setup.hosts}
            for e in self.sends():
                alien = ((e["kind"] in ("post", "lock") and e["to"] != mine["thread"])
                         or (e["kind"] == "pm" and e["to"].lower() not in names))
                if alien:
                    where = "the thread" if e["kind"] == "post" else "the account"
                    raise self._fail(f"records a send to {where} {e['to']!r}, which is not this game's: it is "
                                     f"another game's send journal; {aside}")
        self.owner = mine

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
        for k in set(data) - {"version", "sends"}:
            if k not in _OWNER or not isinstance(data[k], str) or len(data[k]) > 2000:
                raise self._fail(f"unknown or damaged key {k!r} (only {', '.join(_OWNER)} besides the sends)")
            self.owner[k] = data[k]
        if self.owner and set(self.owner) != set(_OWNER):
            raise self._fail(f"names its game only in part (it needs {' and '.join(_OWNER)})")
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
        data = {"version": VERSION, **self.owner, "sends": [self.entries[k] for k in self.order]}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def sends(self) -> list[dict[str, str]]:
        return [self.entries[k] for k in self.order]


def read(folder: Path) -> list[dict[str, str]]:
    """Every journalled send of the game, oldest first (for `hostkit log`)."""
    return Journal(folder).sends()
