"""The write-ahead journal (.hostkit-journal.json) is untrusted input: what it may name, and its seal.

The journal is carried out by whatever hostkit command next looks at the folder, so a journal
someone else put there (a co-host's force-added commit, a folder copied from anyone) would be a
way to make the host's hostkit write or delete files. It is carried out only when it passes
every check; otherwise it is refused in one line and left for the host to look at:

- every path names a file a command may write: game.toml, .gitignore, .gitattributes, the send
  journal .hostkit-sends.json (`inbox --accept` commits its marks with the lines it enters) and
  the phase files phases/NNN-KIND-N.toml; only phase files may be removed (never game.toml);
- no symbolic link on the way: `phases/` is a real folder and every file written or removed is a
  regular file or absent, so nothing resolves outside the game folder;
- its seal: an HMAC-SHA256 over the game folder's real path and the journal's content, keyed with
  a random key kept in the user's state folder (never in the game folder, never in git). A
  co-host can commit any file, but cannot compute a seal without this machine's key: a journal
  that did not come from this user's hostkit for this very folder is refused.

The same path checks refuse a write of a command into a symlinked phases/ or phase file, by name.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from ..model.errors import FileError, WriteError

KEY_ENV = "HOSTKIT_KEY"  # the key file's path (tests give each "machine" its own)
_PHASE = re.compile(r"phases/\d{3}-(?:night|day)-\d{1,9}\.toml")
_WRITABLE = {"game.toml", ".gitignore", ".gitattributes", ".hostkit-sends.json"}  # the last: inbox --accept


def key_path() -> Path:
    """Where this user's journal key lives: $HOSTKIT_KEY, else the user's state folder
    (platformdirs: $XDG_STATE_HOME/hostkit, ~/.local/state/hostkit by default on Linux)."""
    if os.environ.get(KEY_ENV):
        return Path(os.environ[KEY_ENV])
    from platformdirs import user_state_dir

    return Path(user_state_dir("hostkit")) / "journal.key"


def _key(create: bool) -> bytes | None:
    path = key_path()
    try:
        key = path.read_bytes()
        if len(key) == 32:
            return key
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise WriteError(f"{path}: cannot read the journal key: {exc.strerror or exc}") from None
    if not create:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, os.urandom(32))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(tmp, path)  # atomic, and never over a key another process made first
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
        key = path.read_bytes()
    except OSError as exc:
        raise WriteError(f"{path}: cannot keep the journal key: {exc.strerror or exc}; set ${KEY_ENV} to a "
                         "file you can write; nothing was changed") from None
    if len(key) != 32:
        raise WriteError(f"{path}: the journal key is damaged (not 32 bytes); delete it; nothing was changed")
    return key


def _mac(key: bytes, folder: Path, writes: Any, removes: Any) -> str:
    body = json.dumps({"folder": os.path.realpath(folder), "writes": writes, "removes": removes},
                      ensure_ascii=False, sort_keys=True)
    return hmac.new(key, body.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def seal(folder: Path, writes: list[list[str]], removes: list[str]) -> dict[str, Any]:
    """The journal to write: its content, checked, and its seal for this folder."""
    for rel in [w[0] for w in writes]:
        check_path(folder, rel, remove=False, source=str(folder / rel))
    for rel in removes:
        check_path(folder, rel, remove=True, source=str(folder / rel))
    key = _key(create=True)
    assert key is not None
    return {"writes": writes, "removes": removes, "mac": _mac(key, folder, writes, removes)}


def check_path(folder: Path, rel: str, *, remove: bool, source: str) -> None:
    """FileError (naming SOURCE) unless REL is a file a command may write (or remove), inside the
    folder with no symbolic link on the way."""
    allowed = bool(_PHASE.fullmatch(rel)) or (not remove and rel in _WRITABLE)
    if not allowed:
        what = "remove" if remove else "write"
        raise FileError(f"{source}: names {rel!r}, which no hostkit command may {what} "
                        "(only game.toml, the git files, the send journal and phases/NNN-KIND-N.toml)")
    path = Path(folder)
    parts = rel.split("/")
    for i, part in enumerate(parts):
        path = path / part
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            return  # nothing there yet: the write creates it (a folder with mkdir, not through a link)
        except OSError as exc:
            raise FileError(f"{path}: cannot look at it: {exc.strerror or exc}") from None
        last = i == len(parts) - 1
        if stat.S_ISLNK(mode):
            raise FileError(f"{path}: is a symbolic link; hostkit writes only the game folder's own files, "
                            "never through a link: replace it with the real "
                            + ("file" if last else "folder"))
        if not last and not stat.S_ISDIR(mode):
            raise FileError(f"{path}: not a folder")
        if last and not stat.S_ISREG(mode):
            raise FileError(f"{path}: not a regular file; hostkit reads and writes only plain files here")


def check(folder: Path, path: Path, journal: Any) -> None:
    """Refuse (FileError naming the journal) a journal that fails any check: its shape, its
    paths, its seal. Nothing is carried out and the journal is left as it is."""
    keep = "; it is left as it is: look at it, then delete it to keep the folder as it is"
    ok = (isinstance(journal, dict) and set(journal) <= {"writes", "removes", "mac"}
          and isinstance(journal.get("writes", []), list) and isinstance(journal.get("removes", []), list)
          and all(isinstance(w, list) and len(w) == 2 and all(isinstance(x, str) for x in w)
                  for w in journal.get("writes", []))
          and all(isinstance(r, str) for r in journal.get("removes", [])))
    if not ok:
        raise FileError(f"{path}: damaged journal of an unfinished change{keep}")
    writes, removes = journal.get("writes", []), journal.get("removes", [])
    try:
        for rel in [w[0] for w in writes]:
            check_path(folder, rel, remove=False, source=str(path))
        for rel in removes:
            check_path(folder, rel, remove=True, source=str(path))
    except FileError as exc:
        raise FileError(f"{exc}{keep}") from None
    key = _key(create=False)
    mac = journal.get("mac")
    if key is None or not isinstance(mac, str) or not hmac.compare_digest(mac, _mac(key, folder, writes, removes)):
        raise FileError(f"{path}: an unfinished change this hostkit did not write for this folder (its seal does "
                        f"not match: it was made elsewhere, edited, or the folder moved){keep}")


__all__ = ["check", "check_path", "key_path", "seal", "KEY_ENV"]
