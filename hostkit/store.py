"""The game folder on disk: read and validate its TOML, write atomically, lock.

    game.toml            the setup (version, ruleset, seed, thread, hosts, options, players)
    phases/NNN-KIND-N.toml   one file a phase: what the host entered, and how it ended
    roles.toml           optional custom roles added to the ruleset
    templates/           optional template overrides

Every write goes to a temp file in the same folder, is fsynced and then os.replace()d, so a
crash leaves either the old file or the new one. A command that changes several files commits
them as one through a journal (.hostkit-journal.json): the whole change is written there first
(one atomic file, the single commit point), then applied, then the journal is deleted. A crash
before the journal lands changes nothing; a crash after it is completed by the next command that
looks at the folder (roll forward, since every write in the journal is idempotent). Commands that change a game hold a lock
for the whole read-check-write, so two hostkit commands never lose an update: an flock() on the
game folder itself (no lock file, so a refused command writes nothing at all; .hostkit.lock
only where flock does not exist). Readers hold it shared while they read the files (`reading`),
and an unfinished change is completed only under it (`recover`).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator

from .errors import FileError, HostkitError, WriteError
from .model import Action, DayEvent, PhaseEnd, PhaseRecord, PlayerSetup, Removal, Setup, VoteEntry, entry_key
from .tomlio import Table, load, present, read_bytes

VERSION = 1  # the game folder's format version; older versions keep loading
GAME_FILE = "game.toml"
PHASES = "phases"
LOCK = ".hostkit.lock"  # only without fcntl (Windows): POSIX locks the folder itself
JOURNAL = ".hostkit-journal.json"
CRASH_ENV = "HOSTKIT_CRASH_AT"  # test hook: SIGKILL this process at write boundary N (1-based)
_boundaries = 0


def write_boundary() -> None:
    """Mark a write boundary; the crash-point tests kill the process at the chosen one."""
    global _boundaries
    at = os.environ.get(CRASH_ENV)
    if not at:
        return
    _boundaries += 1
    if _boundaries == int(at):
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def is_game(folder: Path) -> bool:
    recover(folder)
    return present(folder / GAME_FILE)


def require_game(folder: Path) -> None:
    if not is_game(folder):
        raise HostkitError(f"{folder}: no game here (no {GAME_FILE}); create one with 'hostkit new' "
                           "or point to one with --game DIR")


# --------------------------------------------------------------------------- writing


def atomic_write(path: Path, data: bytes | str, *, durable: bool = True) -> None:
    """Write a file so that a crash leaves the old file or the new one, never half of either.

    With `durable` False the data is not forced to the disk before it replaces the file (no
    fsync, some 4 ms): a system crash may then leave the file empty or half written. Only for a
    file whose every reader takes a damaged file as no file, when what is there now is no file
    or a damaged one: a crash then leaves nothing its readers would not already see."""
    if isinstance(data, str):
        _encodable(path, data)  # a byte the command line could not decode: one line, nothing written
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # writing only: status, which only reads, need not import it

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.chmod(tmp, _mode(path))
            if durable:
                os.fsync(fh.fileno())
        write_boundary()
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode(path: Path) -> int:
    """Keep a rewritten file's mode; a new file gets the umask's (mkstemp alone gives 0600)."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def dump_toml(data: dict[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps(_clean(data))


def _as_written(text: str) -> bool:
    """Whether a file is exactly as hostkit writes its contents (no comment, no layout of the host's)."""
    import tomllib

    try:
        return dump_toml(tomllib.loads(text)) == text
    except (tomllib.TOMLDecodeError, TypeError, ValueError, RecursionError):
        return False


def rewrite_toml(old: str, data: dict[str, Any], *, match: str = "entries") -> str:
    """`old` (a file the host may have edited) changed to hold `data`, keeping its comments,
    blank lines, key order and layout wherever its content stays the same (tomlkit).

    Arrays of tables are matched by identity when `match` is "entries" (a phase file: an entry
    that is kept stays where it is, with its comments; new ones are appended; removed ones go),
    by position when it is "position" (game.toml's players: a replacement renames in place).
    """
    import tomlkit

    doc = tomlkit.parse(old)
    _sync(doc, _clean(data), match)
    return tomlkit.dumps(doc)


def _sync(table: Any, data: dict[str, Any], match: str) -> None:
    from tomlkit.items import InlineTable

    inline = isinstance(table, InlineTable)  # its values stay on one line: tomlkit lays them out
    for key in [k for k in table if k not in data]:
        del table[key]
    for key, value in data.items():
        if key not in table:
            table[key] = value if inline else _fragment(key, value)
            continue
        current = table[key]
        plain = current.unwrap() if hasattr(current, "unwrap") else current
        if isinstance(value, dict) and isinstance(plain, dict):
            _sync(current, value, match)
        elif _is_tables(value) and isinstance(plain, list) and plain and all(isinstance(x, dict) for x in plain):
            _sync_tables(table, key, value, match)
        elif plain != value:
            table[key] = value if inline else _fragment(key, value)


def _sync_tables(table: Any, key: str, value: list[dict[str, Any]], match: str) -> None:
    items = table[key]
    if match == "position":
        while len(items) > len(value):
            del items[len(items) - 1]
        for i, new in enumerate(value):
            if i < len(items):
                _sync(items[i], new, match)
            else:
                items.append(_item(key, new, items))
        return
    wanted = list(value)
    i = 0
    while i < len(items):
        plain = items[i].unwrap()
        if plain in wanted:
            wanted.remove(plain)
            i += 1
        else:
            if i == len(items) - 1 and i > 0:
                _drop_separator(items[i - 1])
            del items[i]
    for new in wanted:
        items.append(_item(key, new, items))
    if not len(items):
        del table[key]


def _drop_separator(table: Any) -> None:
    """Before the last [[table]] of an array goes: take one newline off the blank line that
    separates it from TABLE (tomlkit reads that line as the end of TABLE's body). An appended
    table brings that separator (`_item`), so an 'undo' of an entry appended to a file the host
    edited leaves the file byte for byte as it was, not one blank line longer each time."""
    from tomlkit.items import Table, Whitespace

    if not isinstance(table, Table):
        return
    body = table.value.body
    if body and body[-1][0] is None and isinstance(body[-1][1], Whitespace):
        ws = body[-1][1]
        text = ws.s
        if text.endswith("\n"):
            text = text[:-1]
            if text:
                body[-1] = (None, Whitespace(text))
            else:
                body.pop()


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _item(key: str, value: dict[str, Any], items: Any) -> Any:
    """A new element of an array of tables: a [[key]] table after a blank line, as tomli-w writes
    it, or an inline table in an inline array."""
    from tomlkit.items import AoT

    if not isinstance(items, AoT):
        return value
    from tomlkit import table as new_table
    from tomlkit.items import Table

    table = _fragment(key, [value])[0]
    if not isinstance(table, Table):  # tomli-w wrote it inline (an empty array inside)
        table = new_table()
        table.update(value)
    table.trivia.indent = "\n"
    return table


def _fragment(key: str, value: Any) -> Any:
    """`key = value` as tomli-w lays it out (as hostkit writes a new file), for tomlkit to insert:
    a file the host never edited stays byte for byte what hostkit always wrote."""
    import tomlkit

    return tomlkit.parse(dump_toml({key: value}))[key]


def _clean(value: Any) -> Any:
    """TOML has no null: drop None values and empty optional tables before writing."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


_HELD: dict[str, str] = {}  # game folder (real path) -> "ex" or "sh": the lock this process holds on it


def _held_key(folder: Path) -> str:
    return os.path.realpath(folder)


def _flock(folder: Path, mode: str, timeout: float) -> int | None:
    """An fd holding flock() MODE ("ex" or "sh") on the folder itself, waiting up to TIMEOUT
    seconds; None where flock does not exist."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return None
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise HostkitError(f"{folder}: cannot open the game folder to lock it: {exc.strerror}") from None
    flag = fcntl.LOCK_EX if mode == "ex" else fcntl.LOCK_SH
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, flag | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise HostkitError(f"{folder}: another hostkit command is changing this game; try again") from None
            time.sleep(0.02)
        except OSError as exc:  # a file system without flock (some network mounts)
            os.close(fd)
            raise HostkitError(f"{folder}: cannot lock the game folder: {exc.strerror or exc}") from None


_TMP_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")  # atomic_write's mkstemp names
# in the folder itself only hostkit's own files' (a chart the host writes there with --out is not ours)
_TMP_OWN = re.compile(r"^\.(game\.toml|\.hostkit-[a-z]+\.json|\.gitignore|\.gitattributes)\.[a-z0-9_]{8}\.tmp$")
_STALE_FETCH = 3600  # seconds: a thread page's temp file that old belongs to no live fetch (900 s at most)


def tidy(folder: Path) -> None:
    """Remove the temporary files killed writes left (atomic_write's `.NAME.xxxxxxxx.tmp`). Under
    the game's lock, shared or exclusive, no other command is writing the folder, phases/ or the
    count history (each is written under the exclusive lock), so every such file there is a dead
    one's; the thread cache is written with no lock (a slow forum must not hold the game), so
    only its old ones."""
    now = time.time()
    where_ages = [(folder, 0), (folder / PHASES, 0), (folder / ".cache" / "counts", 0)]
    try:
        where_ages += [(Path(e.path), _STALE_FETCH) for e in os.scandir(folder / ".cache" / "thread") if e.is_dir()]
    except OSError:
        pass
    for where, min_age in where_ages:
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for entry in entries:
            if not (_TMP_OWN if where == folder else _TMP_NAME).match(entry.name):
                continue
            with contextlib.suppress(OSError):
                st = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= min_age:
                    os.unlink(entry.path)


@contextlib.contextmanager
def locked(folder: Path, timeout: float = 60) -> Iterator[None]:
    """Hold the game's lock for a read-check-write.

    On POSIX the lock is an flock() on the game folder itself, so no lock file is ever created:
    a refused command leaves the folder exactly as it was. Elsewhere (no fcntl) it falls back to
    a hidden lock file, LOCK, beside game.toml. While it is held, this process reads the game
    (`reading`) and completes an unfinished change (`recover`) under it.
    """
    key = _held_key(folder)
    try:
        import fcntl  # noqa: F401
    except ImportError:  # pragma: no cover - Windows
        from filelock import FileLock, Timeout

        lock = FileLock(str(folder / LOCK))
        try:
            lock.acquire(timeout=timeout)
        except Timeout:
            raise HostkitError(f"{folder}: another hostkit command holds {LOCK}; try again") from None
        _HELD[key] = "ex"
        try:
            yield
        finally:
            _HELD.pop(key, None)
            lock.release()
        return
    fd = _flock(folder, "ex", timeout)
    outer, _HELD[key] = _HELD.get(key), "ex"
    try:
        if outer is None:
            tidy(folder)
        yield
    finally:
        if outer is None:
            _HELD.pop(key, None)
        else:
            _HELD[key] = outer
        os.close(fd)  # closing the descriptor releases the lock


@contextlib.contextmanager
def reading(folder: Path, timeout: float = 60) -> Iterator[None]:
    """Hold a shared lock on the game while its files are read, so a reader never sees half of
    another command's change (a day's end written, the next night's file not yet; or a file
    replaced between listing and reading it). Readers share it; a command that changes the game
    (`locked`) waits for them, and they for it. A no-op where this process already holds the
    game's lock, where flock does not exist, or where the folder cannot be opened (the caller
    reports that folder)."""
    key = _held_key(folder)
    if key in _HELD:
        yield
        return
    try:
        fd = _flock(folder, "sh", timeout)
    except HostkitError as exc:
        if os.path.isdir(folder) and "another hostkit command" in str(exc):
            raise
        fd = None  # no folder (require_game names it), or no flock here: read as before
    if fd is None:
        yield
        return
    _HELD[key] = "sh"
    try:
        tidy(folder)  # under a shared lock too no writer is at work in the folder or phases/
        yield
    finally:
        del _HELD[key]
        os.close(fd)


class Writer:
    """Collects the file changes of one command and commits them as one, through the journal.

    The journal is the single commit point: once it is on disk the change happens (the next
    command completes it if this one dies), before that nothing has changed.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.writes: dict[Path, str] = {}
        self.removes: list[Path] = []

    def put(self, path: Path, data: dict[str, Any]) -> None:
        """Write `data` to a TOML file: a new file as tomli-w writes it; an existing one (which the
        host may have edited) changed in place, keeping its comments and layout."""
        try:
            old = path.read_text(encoding="utf-8-sig")  # a byte order mark (Notepad's) is dropped
        except (FileNotFoundError, NotADirectoryError):
            self.writes[path] = dump_toml(data)
            return
        except (OSError, UnicodeDecodeError) as exc:
            raise FileError(f"{path}: cannot read: {exc}") from None
        if _as_written(old):  # never edited by hand: write it fresh, exactly as before
            self.writes[path] = dump_toml(data)
            return
        match = "position" if path.name == GAME_FILE else "entries"
        self.writes[path] = rewrite_toml(old, data, match=match)

    def put_text(self, path: Path, text: str) -> None:
        self.writes[path] = text

    def remove(self, path: Path) -> None:
        self.removes.append(path)

    def commit(self) -> None:
        if not self.writes and not self.removes:
            return
        from .journal import seal

        writes = [[_relative(self.folder, p), text] for p, text in self.writes.items()]
        for rel, text in writes:
            _encodable(self.folder / rel, text)
        journal = seal(self.folder, writes, [_relative(self.folder, p) for p in self.removes])
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / JOURNAL
        import json

        try:
            atomic_write(path, json.dumps(journal, ensure_ascii=False))
        except OSError as exc:  # a full disk, a read-only folder: before the commit point, so nothing changed
            raise WriteError(f"{path}: cannot write: {exc.strerror or exc}; nothing was changed") from None
        try:
            _apply(self.folder, journal)
        except WriteError as exc:  # after the commit point: the change stands, the next command finishes it
            raise WriteError(f"{exc}; the change is kept in {path} and the next hostkit command on this game "
                            "completes it") from None


def _encodable(path: Path, text: str) -> None:
    """Refuse (before anything is written) a text holding a byte the command line could not
    decode (surrogateescape): it cannot be written as UTF-8, and is never silently dropped."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        n = text.count("\n", 0, exc.start) + 1
        line = text.splitlines()[n - 1].encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise FileError(f"{path}: line {n}: {line.strip()!r} holds byte 0x{ord(text[exc.start]) - 0xDC00:02x}, which "
                        "is not UTF-8 (given on the command line); type it in UTF-8; nothing was changed") from None


def _relative(folder: Path, path: Path) -> str:
    """PATH (built from FOLDER) relative to it, as the journal names it; never through a link
    (journal.check_path refuses a symlinked phases/ or file by name)."""
    try:
        return Path(os.path.abspath(path)).relative_to(os.path.abspath(folder)).as_posix()
    except ValueError:
        raise FileError(f"{path}: outside the game folder {folder}") from None


def _apply(folder: Path, journal: dict[str, Any]) -> None:
    """Carry out a committed journal: every write, every removal, then delete the journal. A
    write the system refuses (a full disk, a read-only folder) is one FileError naming the file;
    the journal stays, so the change is completed later."""
    rel = JOURNAL
    try:
        for rel, text in journal["writes"]:
            atomic_write(folder / rel, text)
        for rel in journal["removes"]:
            write_boundary()
            with contextlib.suppress(FileNotFoundError):
                (folder / rel).unlink()
        rel = JOURNAL
        write_boundary()
        with contextlib.suppress(FileNotFoundError):
            (folder / JOURNAL).unlink()
    except OSError as exc:
        raise WriteError(f"{folder / rel}: cannot write: {exc.strerror or exc}") from None


def recover(folder: Path) -> None:
    """Complete a change a killed command committed to the journal but did not finish applying.

    Only under the game's lock: a journal seen without it may belong to a command still applying
    it, and carrying it out after that command (and a later one) finished would write its old
    files over the newer ones."""
    path = folder / JOURNAL
    if not os.path.lexists(path):
        return
    if _held_key(folder) not in _HELD:
        with locked(folder):
            _recover(folder)
        return
    _recover(folder)


def _recover(folder: Path) -> None:
    path = folder / JOURNAL
    if os.path.islink(path):
        raise FileError(f"{path}: is a symbolic link, not a journal hostkit wrote; it is left as it is: "
                        "delete it to keep the folder as it is")
    try:
        raw = read_bytes(path).decode("utf-8")  # a named pipe in its place is refused, never read
    except (FileNotFoundError, NotADirectoryError):
        return
    except (OSError, UnicodeDecodeError) as exc:
        raise FileError(f"{path}: cannot read the unfinished change: {exc}") from None
    import json

    from .journal import check

    try:
        journal = json.loads(raw)
    except ValueError:
        journal = None
    check(folder, path, journal)
    journal.setdefault("writes", [])
    journal.setdefault("removes", [])
    try:
        _apply(folder, journal)
    except WriteError as exc:
        raise WriteError(f"{exc}: cannot complete the unfinished change in {path}; free the space (or make the "
                        "folder writable) and run any hostkit command again") from None


# --------------------------------------------------------------------------- setup


def _thread(url: str | None) -> str | None:
    """The thread URL as kept: without a forum session id (a folder written before hostkit
    stripped them, or edited by hand), which must never reach a public post."""
    if url and "=" in url:
        from .votes.postmeta import strip_session

        return strip_session(url)
    return url


def setup_to_toml(setup: Setup) -> dict[str, Any]:
    return {
        "version": VERSION,
        "ruleset": setup.ruleset,
        "title": setup.title or None,
        "seed": setup.seed,
        "thread": setup.thread,
        "created": setup.created or None,
        "start": setup.start or None,
        "hosts": list(setup.hosts),
        "vote_markup": list(setup.vote_markup),
        "options": dict(setup.options),
        "players": [
            {"name": p.name, "role": p.role, "aliases": list(p.aliases) or None, "weight": p.weight,
             "previous": list(p.previous) or None, "threshold": p.threshold or None,
             "attributes": list(p.attributes) or None, "split": p.split or None}
            for p in setup.players
        ],
    }


def read_setup(folder: Path) -> Setup:
    path = folder / GAME_FILE
    t = Table(load(path), path)
    version = t.get("version", int, 1)
    if version > VERSION:
        raise FileError(f"{path}: version: {version} is newer than this hostkit understands ({VERSION}); upgrade hostkit")
    players = []
    for pt in t.tables("players"):
        players.append(PlayerSetup(
            name=pt.get("name", str), role=pt.get("role", str), aliases=pt.strings("aliases", ()),
            weight=pt.get("weight", float, None), previous=pt.strings("previous", ()),
            threshold=pt.get("threshold", int, 0), attributes=pt.strings("attributes", ()),
            split=pt.get("split", bool, False)))
        pt.done()
    opts = t.sub("options", {})
    options = dict(opts.data)
    opts.seen.update(options)
    setup = Setup(
        ruleset=t.get("ruleset", str),
        players=tuple(players),
        seed=t.get("seed", int, 0),
        thread=_thread(t.get("thread", str, None)),
        hosts=t.strings("hosts", ()),
        vote_markup=t.strings("vote_markup", ("red",)),
        options=MappingProxyType(options),
        title=t.get("title", str, ""),
        created=t.get("created", str, ""),
        start=t.get("start", str, ""),
    )
    t.done()
    if setup.start:
        from .checks import parse_start

        try:
            parse_start(setup.start)
        except HostkitError as exc:
            raise FileError(f"{path}: start: {exc}") from None
    names = [p.name for p in players]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise FileError(f"{path}: players[{i}].name: {n!r} appears twice")
    return setup


# --------------------------------------------------------------------------- phases


def phase_path(folder: Path, index: int, kind: str, number: int) -> Path:
    return folder / PHASES / f"{index:03d}-{kind}-{number}.toml"


def own_text(path: Path, rec: PhaseRecord) -> str | None:
    """What the host wrote into a phase file that hostkit would not have written for `rec` (a
    comment, a line of their own, a start post), in words with its line; None where the file is
    hostkit's but for blank lines. Undo of a phase's end asks this before it deletes the next phase's file."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise FileError(f"{path}: cannot read: {exc}") from None
    if rec.start_post is not None:
        return f"the day's start post ({rec.start_post}, from 'hostkit start-post')"
    ours = dump_toml(phase_to_toml(rec)).splitlines()
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip() and line not in ours:
            return f"your line {n}: {line.strip()!r}"
    return None  # blank lines alone: deleting the file loses nothing the host wrote


def phase_files(folder: Path) -> list[Path]:
    d = folder / PHASES
    if not d.is_dir():
        return []
    return sorted(p for p in d.iterdir() if p.suffix == ".toml" and not p.name.startswith("."))


def _meta(t: Table) -> dict[str, Any]:
    """An entry's place in the record (seq), who entered it (host; older entries have none) and
    the command that wrote it with others (unit: the seq of that command's first entry)."""
    seq = t.get("seq", int)
    unit = t.data.get("unit", 0)  # a unit past 64 bits is out of range as a seq first
    if not (isinstance(unit, int) and not isinstance(unit, bool) and unit and not 1 <= unit <= seq):
        unit = t.get("unit", int, 0)
    if unit and not 1 <= unit <= seq:
        raise t.fail("unit", f"must be a seq (the seq of its command's first entry, 1 to {seq}), got {unit}")
    return {"seq": seq, "host": t.get("host", str, ""), "unit": unit}


def _meta_out(e: Any) -> dict[str, Any]:
    return {"seq": e.seq, "host": e.host or None, "unit": e.unit or None}


CONFLICT_MARKERS = ("<<<<<<< ", ">>>>>>> ")


def read_phase(path: Path) -> PhaseRecord:
    """A phase file, checked: unknown keys, wrong types and duplicated entries name the file and key."""
    try:
        data = load(path)
    except FileError:
        _unmerged(path)
        raise
    return parse_phase(data, path)


def _unmerged(path: Path) -> None:
    """A phase file git left with conflict markers: say how to merge it properly."""
    try:
        lines = read_bytes(path).decode("utf-8", errors="replace").splitlines()
    except (OSError, FileError):
        return
    for n, line in enumerate(lines, start=1):
        if line.startswith(CONFLICT_MARKERS):
            raise FileError(f"{path}: line {n}: an unmerged git conflict; run 'hostkit git-setup' once in this "
                            f"clone, then 'git checkout -m -- {path.parent.name}/{path.name}' in the game folder "
                            "to merge it again, entry by entry")


def parse_phase(data: dict[str, Any], path: Path | str) -> PhaseRecord:
    """A phase record from parsed TOML (read_phase, or the merge driver's three versions)."""
    t = Table(data, path)
    version = t.get("version", int, 1)
    if version > VERSION:
        raise FileError(f"{path}: version: {version} is newer than this hostkit understands ({VERSION})")
    kind = t.get("phase", str, choices=("night", "day"))
    number = t.get("number", int)
    actions = []
    for a in t.tables("actions"):
        meta = _meta(a)
        targets = a.strings("targets", ())
        declined = a.get("skip", bool, False)
        if declined and targets:
            raise a.fail("skip", f"a skip names no target, yet targets = {list(targets)!r}: "
                                 "delete one of them")
        choice = a.get("choice", str, "")
        actions.append(Action(a.get("actor", str), a.get("ability", str), targets, **meta, declined=declined,
                              choice=choice))
        a.done()
    removed = []
    for r in t.tables("removed"):
        meta = _meta(r)
        removed.append(Removal(r.get("actor", str), r.get("ability", str), **meta))
        r.done()
    votes = []
    for v in t.tables("votes"):
        meta = _meta(v)
        unvote = v.get("unvote", bool, False)
        target = None if unvote else v.get("target", str)
        votes.append(VoteEntry(v.get("voter", str), target, after_post=v.get("after_post", int, None), **meta))
        v.done()
    events = []
    for e in t.tables("events"):
        meta = _meta(e)
        data = e.sub("data", {})
        data.seen.update(data.data)
        events.append(DayEvent(e.get("kind", str), e.get("actor", str, None), e.get("target", str, None),
                               data=MappingProxyType(dict(data.data)), **meta))
        e.done()
    start_post = t.get("start_post", int, None)
    ends = []
    # One [end] table; a merge of two co-hosts who ended the phase differently keeps both ([[end]]).
    raw_end = t.data.get("end")
    end_tables = t.tables("end") if isinstance(raw_end, list) else ([t.sub("end")] if raw_end is not None else [])
    t.seen.add("end")
    for end in end_tables:
        meta = _meta(end)
        if end.get("none", bool, False):
            eliminated: str | None = ""
        else:
            eliminated = end.get("eliminated", str, None)
        pub = end.sub("published", {})
        published = dict(pub.data)
        if "deaths" in published:  # a list of names: a string "Fay" is not the deaths F, a, y
            published["deaths"] = list(pub.strings("deaths"))
        pub.seen.update(published)
        ended_at = end.get("time", str, "")
        if ended_at and not _utc_time(ended_at):
            raise end.fail("time", f"expected a UTC time like 2026-11-28T02:54:50+00:00, got {ended_at!r}")
        end.done()
        ends.append(PhaseEnd(eliminated=eliminated, published=MappingProxyType(published), **meta,
                             time=ended_at))
    conflicts = []
    for i, pair in enumerate(t.get("conflicts", list, [])):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) and x for x in pair)):
            raise t.fail(f"conflicts[{i}]", f"expected two entry ids (see 'hostkit log'), got {pair!r}")
        conflicts.append((pair[0], pair[1]))
    t.done()
    rec = PhaseRecord(kind, number, tuple(actions), tuple(removed), tuple(votes), tuple(events),
                      start_post, tuple(ends), tuple(conflicts))
    _refuse_duplicates(rec, path)
    return rec


def _utc_time(value: str) -> bool:
    """Whether VALUE is an ISO 8601 time with a UTC offset (a phase end's `time`)."""
    from datetime import datetime, timedelta

    try:
        return datetime.fromisoformat(value).utcoffset() == timedelta(0)
    except (TypeError, ValueError):
        return False


def _refuse_duplicates(rec: PhaseRecord, path: Path | str) -> None:
    """An entry's identity is the entry itself (model.entry_key): the same one twice is a copy
    made by hand (or a bad merge), which the record cannot hold."""
    seen: dict[Any, str] = {}
    for name, entries in (("actions", rec.actions), ("removed", rec.removed), ("votes", rec.votes),
                          ("events", rec.events), ("end", rec.ends)):
        for i, e in enumerate(entries):
            key = entry_key(e)
            where = f"{name}[{i}]" if name != "end" or len(rec.ends) > 1 else name
            if key in seen:
                raise FileError(f"{path}: {where}: the same entry as {seen[key]} (seq {e.seq}"
                                + (f", by {e.host}" if e.host else "") + "); delete one of them")
            seen[key] = where


def phase_to_toml(rec: PhaseRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"version": VERSION, "phase": rec.kind, "number": rec.number,
                           "start_post": rec.start_post}
    if rec.conflicts:  # the merge driver's pairs of contradicting concurrent entries (cohost.py)
        out["conflicts"] = [list(pair) for pair in rec.conflicts]
    if rec.actions:
        out["actions"] = [{**_meta_out(a), "actor": a.actor, "ability": a.ability, "targets": list(a.targets),
                           "skip": True if a.declined else None, "choice": a.choice or None} for a in rec.actions]
    if rec.removed:
        out["removed"] = [{**_meta_out(r), "actor": r.actor, "ability": r.ability} for r in rec.removed]
    if rec.votes:
        out["votes"] = [
            {**_meta_out(v), "voter": v.voter, "target": v.target, "unvote": True if v.target is None else None,
             "after_post": v.after_post}
            for v in rec.votes]
    if rec.events:
        out["events"] = [{**_meta_out(e), "kind": e.kind, "actor": e.actor, "target": e.target,
                          "data": dict(e.data) or None} for e in rec.events]
    ends = []
    for e in rec.ends:
        end: dict[str, Any] = _meta_out(e)
        if rec.kind == "day":
            if e.eliminated:
                end["eliminated"] = e.eliminated
            else:
                end["none"] = True
        if e.published:
            end["published"] = dict(e.published)
        if e.time:
            end["time"] = e.time
        ends.append(end)
    if len(ends) == 1:
        out["end"] = ends[0]
    elif ends:
        out["end"] = ends
    return out
