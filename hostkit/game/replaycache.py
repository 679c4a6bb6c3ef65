"""The replay cache: a game's loaded ruleset and its resolved nights and days, kept between commands.

`Game.load` replays the record, and every resolved night (and every batch of day actions: seed
natural II's Immediate actions and a day's end) is resolved again by the engine. Such an
outcome is a function of the game's files up to that phase and of hostkit's own code,
so this module keeps it, and the loaded ruleset, in the user's cache: `$HOSTKIT_CACHE/replay`,
else `$XDG_CACHE_HOME/hostkit/replay`, else `~/.cache/hostkit/replay` (`HOSTKIT_CACHE=""` turns
every hostkit cache off). A command whose nights are all found never loads the engine's night
machinery (`hostkit status` starts in about two thirds of the time).

An answer never depends on the cache:
- **The key is every input.** hostkit's code (the path, size and mtime_ns of every file of the
  package and of the bundled rulesets, as Python's own bytecode cache trusts a source, and the
  version), the Python version, and the exact bytes that were parsed: for the ruleset, the
  ruleset named in game.toml and the game's roles.toml; for night N, game.toml, roles.toml and
  every phase file up to night N (names and bytes); for the i-th batch of day actions resolved
  in day N, the same up to day N, with i and the batch's random seed; for a parsed file (game.toml, a phase
  file: TOML is read in pure Python), its path and bytes. Any change gives another key, so a stale
  entry is never found. The bytes are the ones the parser read (tomlio.RECORDING), not a second
  read that a concurrent write could have changed.
- **An entry is checked when read.** It carries its key and a hash of its payload; an entry that
  is damaged, truncated, of another key or unreadable is ignored, and the night is resolved
  again (and the entry written afresh).
- **An entry is checked when written.** The payload is written only if it reads back as the
  very same records, type for type (`same`); anything the format cannot hold is not cached.

Format: marshal (the format of Python's own bytecode cache, read by the same Python only) of
tagged tuples: scalars as they are, each container as (tag, items). The cache lives outside
the game folder on purpose: a command's writes to the game commit together or not at all, and
read-only commands such as `status` write nothing there.
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

from .. import __version__
from ..model import counts, entries, outcome, roles, state
from ..model.outcome import NightOutcome
from ..model.records import Record
from ..model.roles import Ruleset

FORMAT = 1  # bump when the encoding below changes
MAGIC = b"hostkit-replay\0"

from ..store.cachedir import blake2b, cache_root
from ..store.folder import temp_file

_CODE_KEY: bytes | None = None


def cache_dir() -> Path | None:
    """Where replays are kept; None when HOSTKIT_CACHE is set empty (no cache)."""
    return cache_root("replay")


def code_key() -> bytes:
    """A fingerprint of hostkit's code and data and of the Python running it (once a process)."""
    global _CODE_KEY
    if _CODE_KEY is None:
        from ..rules.rulesets import games_dir

        package = Path(__file__).resolve().parents[1]  # the whole package, not only game/
        games = games_dir().resolve()
        _CODE_KEY = fingerprint((package,) if games.is_relative_to(package) else (package, games))
    return _CODE_KEY


def fingerprint(roots: tuple[Path, ...]) -> bytes:
    """The path, size and mtime_ns of every file under `roots` (bytecode caches aside), with the
    hostkit and Python versions: any edit, added or removed file changes it."""
    lines = [f"{FORMAT}\0{__version__}\0{sys.version}\0{sys.implementation.cache_tag}"]
    for root in roots:
        lines.append(f"root\0{root}")
        _walk(root, "", lines)
    return blake2b("\n".join(lines).encode()).digest()


def _walk(folder: Path | str, rel: str, lines: list[str]) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        lines.append(f"unreadable\0{rel}")
        return
    for e in entries:
        if e.name == "__pycache__" or e.name.startswith("."):
            continue
        if e.is_dir():
            _walk(e.path, f"{rel}{e.name}/", lines)
        else:
            st = e.stat()
            lines.append(f"{rel}{e.name}\0{st.st_size}\0{st.st_mtime_ns}")


# --------------------------------------------------------------------------- the format

def _records() -> dict[str, type]:
    return {name: cls for module in (roles, entries, outcome, counts, state) for name, cls in vars(module).items()
            if isinstance(cls, type) and issubclass(cls, Record) and cls is not Record}


_RECORDS: dict[str, type] = {}


def encode(value: Any) -> Any:
    """`value` as plain tagged tuples marshal can write; TypeError for anything else."""
    t = type(value)
    if value is None or t in (str, int, float, bool):
        return value
    if isinstance(value, Record):
        if not _RECORDS:
            _RECORDS.update(_records())
        if _RECORDS.get(t.__name__) is not t:
            raise TypeError(f"not a record of hostkit.model: {t.__name__}")
        return ("R", t.__name__, tuple(encode(v) for v in value))
    if t is tuple:
        return ("T", tuple(encode(v) for v in value))
    if t is list:
        return ("L", tuple(encode(v) for v in value))
    if t is dict or t is MappingProxyType:
        return ("D" if t is dict else "M", tuple((encode(k), encode(v)) for k, v in value.items()))
    if t is frozenset or t is set:
        return ("F" if t is frozenset else "S", tuple(encode(v) for v in value))
    raise TypeError(f"cannot cache a {t.__name__}")


def decode(data: Any) -> Any:
    """What `encode` wrote. (Scalars, most of the nodes, are taken as they are, without a call.)"""
    if type(data) is not tuple:
        return data
    tag = data[0]
    if tag == "R":
        if not _RECORDS:
            _RECORDS.update(_records())
        return tuple.__new__(_RECORDS[data[1]], [v if type(v) is not tuple else decode(v) for v in data[2]])
    items = data[1]
    if tag == "D" or tag == "M":
        out = {k if type(k) is not tuple else decode(k): v if type(v) is not tuple else decode(v) for k, v in items}
        return out if tag == "D" else MappingProxyType(out) if out else roles.EMPTY
    values = [v if type(v) is not tuple else decode(v) for v in items]
    if tag == "T":
        return tuple(values)
    if tag == "L":
        return values
    if tag == "F":
        return frozenset(values)
    if tag == "S":
        return set(values)
    raise ValueError(f"unknown tag {tag!r}")


_PLAIN = (str, int, bool, type(None))  # compared by ==, once their types are the same


def _all_same(xs: Any, ys: Any) -> bool:
    """`same` for each pair of XS and YS (of equal length): most are plain scalars, compared here
    without a call each (a ruleset's entry is some thousand nodes, checked at every write)."""
    for x, y in zip(xs, ys):
        t = type(x)
        if t is not type(y):
            return False
        if t in _PLAIN:
            if x != y:
                return False
        elif not same(x, y):
            return False
    return True


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (1, 1.0 and True are equal, not the same)."""
    t = type(a)
    if t is not type(b):
        return False
    if t in _PLAIN:
        return bool(a == b)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and _all_same(a, b)
    if isinstance(a, (dict, MappingProxyType)):
        return list(a) == list(b) and _all_same(a, b) and _all_same(a.values(), [b[k] for k in a])
    if isinstance(a, (set, frozenset)):
        return {(type(x), x) for x in a} == {(type(x), x) for x in b}
    if isinstance(a, float):
        return a == b or (a != a and b != b)
    return bool(a == b)


# --------------------------------------------------------------------------- entries

def _read(path: Path, key: bytes) -> Any:
    """The payload of the entry at `path` if it is whole and of `key`, else None."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head = len(MAGIC) + len(key)
    if not raw.startswith(MAGIC) or raw[len(MAGIC):head] != key or len(raw) < head + 32:
        return None
    digest, payload = raw[head:head + 32], raw[head + 32:]
    if blake2b(payload, digest_size=32).digest() != digest:
        return None
    try:
        return decode(marshal.loads(payload))
    except Exception:  # noqa: BLE001 - a damaged entry of any kind is only a miss
        return None


def _write(path: Path, key: bytes, value: Any) -> None:
    """Keep `value` under `key`, whole or not at all; only if it reads back the same."""
    try:
        payload = marshal.dumps(encode(value))
        if not same(decode(marshal.loads(payload)), value):
            return
    except (TypeError, ValueError, KeyError, RecursionError):
        return  # not something the format holds exactly: not cached
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = temp_file(path)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(MAGIC + key + blake2b(payload, digest_size=32).digest() + payload)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a cache that cannot be written only costs a replay next time


class Replay:
    """The replay cache for one load of one game folder (see the module docstring)."""

    def __init__(self, where: Path, folder: Path) -> None:
        self.where = where
        self.folder = folder
        self.code = code_key()
        self.read: dict[str, bytes] = {}  # every file parsed during the load (tomlio.RECORDING)
        self.roles: bytes | None = None  # the roles.toml the ruleset in use was built from (None: none)
        self.pruned = False  # prune is asked at most once a load, and only when something is written

    def _path(self, kind: str, key: bytes) -> Path:
        """An entry's file: its kind, its key, and the code it was made by (for prune)."""
        return self.where / f"{kind}-{key.hex()[:40]}-{self.code.hex()[:CODE_CHARS]}.bin"

    def _keep(self, kind: str, key: bytes, value: Any) -> None:
        """Write an entry; the first write of a load may prune the cache (at most once a day)."""
        fresh = not self.pruned and not self.where.is_dir()  # made by this write: nothing in it to prune
        _write(self._path(kind, key), key, value)
        if not self.pruned:
            self.pruned = True
            maybe_prune(self.where, self.code, fresh=fresh)

    def _key(self, *parts: bytes) -> bytes:
        h = blake2b(self.code, digest_size=32)
        for p in parts:
            h.update(len(p).to_bytes(8, "big"))
            h.update(p)
        return h.digest()

    def _roles_part(self, roles: bytes | None) -> bytes:
        return b"absent" if roles is None else b"file:" + roles

    def ruleset(self, name: str, roles_path: Path, load: Callable[[], Ruleset]) -> Ruleset:
        """The game's ruleset: from the cache when its inputs are unchanged, else `load()` (kept)."""
        from ..store.tomlio import not_regular

        if not_regular(roles_path):
            return load()  # which refuses it by name (a named pipe is never read, nor taken for no file)
        try:
            before: bytes | None = roles_path.read_bytes() if roles_path.is_file() else None
        except OSError:
            before = None
        key = self._key(b"ruleset", name.encode(), self._roles_part(before))
        found = _read(self._path("ruleset", key), key)
        if isinstance(found, Ruleset):
            self.roles = before
            return found
        rs = load()
        self.roles = self.read.get(str(roles_path))  # the bytes load() parsed (None: it read none)
        key = self._key(b"ruleset", name.encode(), self._roles_part(self.roles))
        self._keep("ruleset", key, rs)
        return rs

    def parsed(self, path: Path, parse: Callable[[], Any], kind: type) -> Any:
        """What `parse()` (a reader of the file at `path`, such as store.read_phase) makes of it:
        from the cache when these very bytes at this path were read before, else parsed (and
        kept: only what parsed without an error is). TOML is parsed in pure Python, so a long
        game's files cost more to parse than anything else a status does."""
        from ..model.errors import FileError
        from ..store.tomlio import read_bytes

        try:
            raw = read_bytes(path)  # a named pipe in a phase file's place is refused, never read
        except (OSError, FileError):
            return parse()  # the reader reports it, naming the file
        name = str(path)
        key = self._key(b"file", name.encode(), raw)
        found = _read(self._path("file", key), key)
        if isinstance(found, kind):
            self.read[name] = raw  # the night keys hash these bytes, as if the parser had read them
            return found
        value = parse()
        got = self.read.get(name)  # the bytes parse() read (a write in between changes them)
        if got is not None:
            key = key if got == raw else self._key(b"file", name.encode(), got)
            self._keep("file", key, value)
        return value

    def night_key(self, game_file: Path, phase_paths: list[Path], *, day: tuple[int, str, int] | None = None
                  ) -> bytes | None:
        """The key of the night whose phase file is the last of `phase_paths`; None if a file's
        parsed bytes are unknown. With `day` = (i, rng phase, rng number): the key of the i-th
        batch of day actions resolved in the day whose phase file is the last one (seed natural
        II: each Immediate action at once, then the day's end; the day's file, with every entry
        of it, is in the key, and the replay of those files makes its batches in one order)."""
        parts = [b"night" if day is None else b"day", self._roles_part(self.roles)]
        for p in (game_file, *phase_paths):
            raw = self.read.get(str(p))
            if raw is None:
                return None
            parts += [p.name.encode(), raw]
        if day is not None:
            i, phase, number = day
            parts += [str(i).encode(), phase.encode(), str(number).encode()]
        return self._key(*parts)

    def night(self, key: bytes) -> NightOutcome | None:
        found = _read(self._path("night", key), key)
        return found if isinstance(found, NightOutcome) else None

    def keep_night(self, key: bytes, outcome: NightOutcome) -> None:
        self._keep("night", key, outcome)

    def day(self, key: bytes) -> NightOutcome | None:
        """A batch of day actions' outcome (night_key with `day`), or None."""
        found = _read(self._path("day", key), key)
        return found if isinstance(found, NightOutcome) else None

    def keep_day(self, key: bytes, outcome: NightOutcome) -> None:
        self._keep("day", key, outcome)


# --------------------------------------------------------------------------- pruning

CODE_CHARS = 8  # an entry's name ends with the first hex digits of the code key that made it
KINDS = ("ruleset", "night", "day", "file")
STALE_AFTER = 24 * 3600.0  # another code's entries are kept this long after they were written


def maybe_prune(where: Path, code: bytes, *, fresh: bool = False) -> None:
    """Prune this cache (and the page cache beside it) if not done in the last day and no other
    process is at it (hostkit/cachedir.py). Called only after an entry was written (a night was
    resolved, a file parsed): a command whose answers all come from the cache never prunes.
    `fresh`: the folder was made by that write (nothing in it to prune)."""
    from ..store import cachedir

    cachedir.prune_all(where, lambda folder: prune(folder, code), fresh=fresh)


def prune(where: Path, code: bytes, *, now: float | None = None, max_bytes: int | None = None,
          keep_bytes: int | None = None) -> list[str]:
    """Remove what no load will read again, and keep the cache bounded; return the names removed.

    - An entry made by other code (another hostkit version or edit, another Python: its name
      ends with another code key; or a name of an older format) once it is STALE_AFTER old:
      this code never reads it. The grace keeps a second install that shares the cache (a
      co-host's, a development checkout) from losing its entries at every prune.
    - A temp file of a write that never finished, once cachedir.TEMP_AFTER old.
    - Then, while the entries left weigh more than `max_bytes` (cachedir.MAX_BYTES), the least
      recently used first, down to `keep_bytes`. (A removed entry costs one resolution: the
      next load writes it again.)

    Only plain files directly in `where` whose names are the cache's own are ever removed."""
    import time

    from ..store import cachedir

    now = time.time() if now is None else now
    mine = code.hex()[:CODE_CHARS]

    def stale(tag: str, st: os.stat_result) -> bool:
        if tag == "temp":
            return now - st.st_mtime > cachedir.TEMP_AFTER
        return tag != mine and now - st.st_mtime > STALE_AFTER

    return cachedir.prune_folder(where, _code_tag, stale,
                                 max_bytes=cachedir.MAX_BYTES if max_bytes is None else max_bytes,
                                 keep_bytes=cachedir.KEEP_BYTES if keep_bytes is None else keep_bytes)


def _code_tag(name: str) -> str | None:
    """'temp' for a write's temp file, the code key's digits for an entry ('' for an entry of
    the older format without them), None for a name that is not the cache's own."""
    if name.startswith(".") and name.endswith(".tmp"):
        return "temp" if _code_tag(name[1:].split(".bin.", 1)[0] + ".bin") is not None else None
    stem, dot, ext = name.rpartition(".")
    kind, _, rest = stem.partition("-")
    if not dot or ext != "bin" or kind not in KINDS:
        return None
    key, _, tag = rest.partition("-")
    if len(key) != 40 or not _hex(key) or (tag and (len(tag) != CODE_CHARS or not _hex(tag))):
        return None
    return tag


def _hex(text: str) -> bool:
    return all(c in "0123456789abcdef" for c in text)


def begin(folder: Path) -> Replay | None:
    """A replay cache for loading `folder`, or None when caching is off."""
    where = cache_dir()
    return Replay(where, folder) if where is not None else None
