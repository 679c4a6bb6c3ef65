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

- what the files were before: the seal covers each file's digest before the change (`before`,
  null for a file that did not exist). A journal is carried out only when every file it names
  is as it was before the change or as the change leaves it (a command killed while applying
  leaves some of each). A sealed journal restored from a backup, after later commands changed
  those files, would roll them back (removing a later action): it is refused, naming the file
  that is neither. A journal sealed before `before` existed is only deleted, and only when the
  folder already holds what it writes; otherwise it is refused.

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
_KEEP = "; it is left as it is: look at it, then delete it to keep the folder as it is"
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


def _mac(key: bytes, folder: Path, writes: Any, removes: Any, before: Any = None) -> str:
    fields = {"folder": os.path.realpath(folder), "writes": writes, "removes": removes}
    if before is not None:
        fields["before"] = before
    body = json.dumps(fields, ensure_ascii=False, sort_keys=True)
    return hmac.new(key, body.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def seal(folder: Path, writes: list[list[str]], removes: list[str]) -> dict[str, Any]:
    """The journal to write: its content, checked, and its seal for this folder."""
    for rel in [w[0] for w in writes]:
        check_path(folder, rel, remove=False, source=str(folder / rel))
    for rel in removes:
        check_path(folder, rel, remove=True, source=str(folder / rel))
    key = _key(create=True)
    assert key is not None
    before = {rel: _digest_of(Path(folder) / rel) for rel in [*(w[0] for w in writes), *removes]}
    return {"writes": writes, "removes": removes, "before": before,
            "mac": _mac(key, folder, writes, removes, before)}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _digest_of(path: Path) -> str | None:
    """The file's content digest, None when there is no file."""
    try:
        with open(path, "rb") as fh:
            return _digest(fh.read())
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise FileError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _states(folder: Path, writes: list[list[str]], removes: list[str]) -> dict[str, tuple[str | None, str | None]]:
    """Each named file's (digest now, digest after the change)."""
    out: dict[str, tuple[str | None, str | None]] = {}
    for rel, text in writes:
        out[rel] = (_digest_of(Path(folder) / rel), _digest(text.encode("utf-8", "surrogateescape")))
    for rel in removes:
        out[rel] = (_digest_of(Path(folder) / rel), None)
    return out


def applies(folder: Path, path: Path, journal: dict[str, Any]) -> bool:
    """Whether a checked journal is to be carried out (False: the folder already holds what it
    writes, and it is only deleted). FileError when a file it names has changed since: it is
    neither what it was before the change nor what the change makes it."""
    writes, removes = journal.get("writes", []), journal.get("removes", [])
    states = _states(folder, writes, removes)
    before = journal.get("before")
    if before is None:  # sealed by a hostkit that did not keep `before`
        if all(now == after for now, after in states.values()):
            return False
        raise FileError(f"{path}: an unfinished change from an older hostkit, which did not seal what the files were "
                        f"before it; the files are not what it writes, so it may be an old journal restored from a "
                        f"backup that would undo later changes{_KEEP}")
    for rel, (now, after) in states.items():
        if now != after and now != before.get(rel):
            raise FileError(f"{path}: {rel} has changed since this unfinished change was made (it is neither what it "
                            f"was before the change nor what the change writes): carrying it out would undo a later "
                            f"change (an old journal restored from a backup?){_KEEP}")
    return True


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
    keep = _KEEP
    before = journal.get("before") if isinstance(journal, dict) else None
    ok = (isinstance(journal, dict) and set(journal) <= {"writes", "removes", "mac", "before"}
          and (before is None or (isinstance(before, dict) and all(
              isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in before.items())))
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
    if key is None or not isinstance(mac, str) or not hmac.compare_digest(mac, _mac(key, folder, writes, removes,
                                                                                     before)):
        raise FileError(f"{path}: an unfinished change this hostkit did not write for this folder (its seal does "
                        f"not match: it was made elsewhere, edited, or the folder moved){keep}")


__all__ = ["applies", "check", "check_path", "key_path", "seal", "KEY_ENV"]
