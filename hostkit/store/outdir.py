"""Write a set of files into a folder outside the game as one change (`pm --out DIR`).

A kill in the middle of writing PMs one file at a time left 01-Ann.txt in BBCode beside 02-08 in
Markdown. Here the new folder is built whole beside DIR (`.DIR.hostkit-PID.new`: the other files
DIR holds are hard-linked in, the new files written and fsynced), then swapped with DIR in one
step (Linux renameat2 RENAME_EXCHANGE), and the old contents, now in the side folder, deleted. A
kill at any point leaves DIR as it was or as it is now, never a mix. Where the exchange does not
exist, DIR is renamed aside and the new folder renamed in: a kill between those two leaves DIR
missing, and the next write to DIR puts the finished new folder in place first.

Side folders a killed writer left (its process gone) are removed by the next write to DIR: a
hostkit command cleans up its own temporary files.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
from pathlib import Path

from ..model.errors import HostkitError
from .folder import write_boundary

_SIDE = re.compile(r"^\.(?P<name>.+)\.hostkit-(?P<pid>\d+)\.(?P<kind>new|ready|old)$")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically; False where the system cannot."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: this file system or kernel cannot
        return False
    raise OSError(err, os.strerror(err))


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def tidy(out_dir: Path) -> None:
    """Finish or remove what a killed writer to OUT_DIR left beside it."""
    parent = out_dir.parent
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return
    for entry in entries:
        m = _SIDE.match(entry.name)
        if not m or m["name"] != out_dir.name or _alive(int(m["pid"])):
            continue
        side = parent / entry.name
        if m["kind"] == "ready" and not os.path.lexists(out_dir):
            os.rename(side, out_dir)  # killed between the two renames: the new folder is whole
            continue
        shutil.rmtree(side, ignore_errors=True)


def replace_files(out_dir: Path, files: dict[str, bytes]) -> list[Path]:
    """Write FILES (name -> bytes) into OUT_DIR as one change: every other file there is kept."""
    out_dir = Path(os.path.abspath(out_dir))
    first = out_dir / next(iter(files), "")
    try:
        tidy(out_dir)
        if out_dir.exists() and not out_dir.is_dir():
            raise HostkitError(f"{out_dir}: not a folder")
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        new = out_dir.parent / f".{out_dir.name}.hostkit-{os.getpid()}.new"
        shutil.rmtree(new, ignore_errors=True)
        new.mkdir()
        try:
            mode = _carry(out_dir, new, files)
            for name, data in files.items():
                fd = os.open(new / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
                with os.fdopen(fd, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                    os.fsync(fh.fileno())
                write_boundary()
            if mode is not None:
                os.chmod(new, mode)
            _fsync_dir(new)
            write_boundary()
            _swap(new, out_dir)
            write_boundary()
        finally:
            shutil.rmtree(new, ignore_errors=True)  # after the swap: the old contents
        _fsync_dir(out_dir.parent)
    except HostkitError:
        raise
    except OSError as exc:  # a folder that cannot be written is one line, not a traceback
        raise HostkitError(f"{first}: cannot write: {exc.strerror or exc}") from None
    return [out_dir / name for name in files]


def _carry(out_dir: Path, new: Path, files: dict[str, bytes]) -> int | None:
    """Hard-link into NEW every file of OUT_DIR that FILES does not replace; OUT_DIR's mode."""
    try:
        st = os.stat(out_dir)
    except FileNotFoundError:
        return None
    for entry in os.scandir(out_dir):
        if entry.name in files:
            continue
        src, dst = out_dir / entry.name, new / entry.name
        if entry.is_symlink():
            os.symlink(os.readlink(src), dst)
        elif entry.is_dir():
            raise HostkitError(f"{out_dir}: holds a folder ({entry.name}); 'pm --out' writes into a folder of "
                               "files only, so that it changes as one: choose another folder")
        elif stat.S_ISREG(entry.stat(follow_symlinks=False).st_mode):
            try:
                os.link(src, dst)
            except OSError:
                shutil.copy2(src, dst)
        else:
            raise HostkitError(f"{src}: not a regular file; 'pm --out' writes into a folder of files only")
    return stat.S_IMODE(st.st_mode)


def _swap(new: Path, out_dir: Path) -> None:
    if not os.path.lexists(out_dir):
        os.rename(new, out_dir)
        return
    if _exchange(new, out_dir):
        return
    ready = new.with_name(new.name[: -len(".new")] + ".ready")
    old = new.with_name(new.name[: -len(".new")] + ".old")
    os.rename(new, ready)
    os.rename(out_dir, old)
    write_boundary()
    os.rename(ready, out_dir)
    shutil.rmtree(old, ignore_errors=True)


__all__ = ["replace_files", "tidy"]
