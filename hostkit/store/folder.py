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
from typing import Any, Iterator

from ..model.errors import FileError, HostkitError, WriteError
from .gamefiles import (  # the files' records, re-exported: callers reach every file of the folder here
    GAME_FILE, PHASES, VERSION, own_text, parse_phase, phase_path, phase_to_toml, read_phase, read_setup,
    setup_to_toml,
)
from .tomlio import present, read_bytes
from .tomlwrite import _as_written, dump_toml, rewrite_toml

__all__ = ["GAME_FILE", "JOURNAL", "LOCK", "PHASES", "VERSION", "Writer", "atomic_write", "dump_toml", "is_game",
           "locked", "own_text", "parse_phase", "phase_path", "phase_to_toml", "read_phase", "read_setup", "reading",
           "recover", "require_game", "rewrite_toml", "setup_to_toml", "temp_file", "write_boundary"]

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
    fd, tmp = temp_file(path)
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


_EXCL = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def temp_file(path: Path) -> tuple[int, str]:
    """A new temp file beside PATH, for writing PATH whole: (an open descriptor, its name
    `.NAME.xxxxxxxx.tmp`), created by this call alone (O_EXCL), mode 0600: tempfile.mkstemp's
    contract without importing tempfile, whose shutil, random, bz2 and lzma cost a first vote
    count some 2 ms of its start-up (issue 39)."""
    for _ in range(100):
        tmp = os.path.join(path.parent, f".{path.name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(tmp, _EXCL, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"{path.parent}: no free temp file name for {path.name}")


def _mode(path: Path) -> int:
    """Keep a rewritten file's mode; a new file gets the umask's (mkstemp alone gives 0600)."""
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


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


_TMP_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")  # temp_file's names (mkstemp's before)
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

    from .journal import applies, check

    try:
        journal = json.loads(raw)
    except ValueError:
        journal = None
    check(folder, path, journal)
    journal.setdefault("writes", [])
    journal.setdefault("removes", [])
    if not applies(folder, path, journal):  # the files already hold it: only the journal is left
        journal = {"writes": [], "removes": []}
    try:
        _apply(folder, journal)
    except WriteError as exc:
        raise WriteError(f"{exc}: cannot complete the unfinished change in {path}; free the space (or make the "
                        "folder writable) and run any hostkit command again") from None
