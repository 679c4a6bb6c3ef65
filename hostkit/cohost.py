"""Co-hosts through git: who is entering, the folder's git files, and the record's merge driver.

A game folder can live in git, and two or three co-hosts each keep a clone. What makes their
entries merge:

- an entry's place in the record is its `seq`, a Lamport clock, and its identity is the entry
  itself (model.entry_key): two hosts' concurrent entries may share a seq, yet they stay
  distinct and sort the same way in every clone;
- `merge_phase` is a three-way merge of one phase file, entry by entry: what either side added is
  kept, what either side took back is gone, and the result is written in one canonical order, so
  merging A into B and B into A give the same bytes. git runs it as the merge driver
  `hostkit merge-file` (set up by `hostkit git-setup`: .gitattributes plus the clone's config);
- two different ends of one phase (two hosts resolved the same night, or ended the same day,
  differently) merge into a phase with two ends: a real conflict, which game.Game names and
  refuses to write on top of until one is taken back.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from . import store
from .errors import HostkitError
from .model import PhaseRecord, entry_key

HOST_ENV = "HOSTKIT_HOST"
DRIVER = "hostkit"
GITIGNORE = """\
# hostkit: files that are not part of the game's record
.cache/
.hostkit.lock
.hostkit-journal.json
.*.tmp
"""
GITATTRIBUTES = f"""\
# hostkit: merge the phase files entry by entry ('hostkit git-setup' enables the driver in a clone)
phases/*.toml merge={DRIVER}
"""


# --------------------------------------------------------------------------- who is entering


def host_name(folder: Path, given: str | None = None) -> str:
    """The host who makes an entry: --host-name, else $HOSTKIT_HOST, else git's user.name for
    the repository that holds the folder ("" when none: a folder outside git names no one)."""
    if given:
        return _checked(given.strip(), "--host-name")
    if os.environ.get(HOST_ENV, "").strip():
        return _checked(os.environ[HOST_ENV].strip(), f"${HOST_ENV}")
    if not in_git(folder):
        return ""
    try:
        out = subprocess.run(["git", "config", "user.name"], cwd=folder, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip() if out.returncode == 0 else ""


def _checked(name: str, source: str) -> str:
    """A host's name as every entry will record it: one line of visible text (a line break split
    'hostkit log' and the record's own lines)."""
    import unicodedata

    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            kind = "a line break" if ch in "\r\n\u2028\u2029\x85" else "an invisible character"
            raise HostkitError(f"{source} {name!r}: a host's name cannot contain {kind} (U+{ord(ch):04X})")
    return name


def in_git(folder: Path) -> bool:
    """Whether the folder is inside a git work tree (found by its .git, without running git)."""
    folder = folder.resolve()
    return any((p / ".git").exists() for p in (folder, *folder.parents))


# --------------------------------------------------------------------------- the folder's git files


def write_git_files(w: store.Writer, folder: Path) -> None:
    """.gitignore (the cache, the lock, the journal) and .gitattributes (the merge driver), both
    kept if the host already has them, as part of a command's commit."""
    for name, text in ((".gitignore", GITIGNORE), (".gitattributes", GITATTRIBUTES)):
        path = folder / name
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        missing = [line for line in text.splitlines() if line and not line.startswith("#")
                   and line not in old.splitlines()]
        if missing:
            w.put_text(path, old + ("\n" if old and not old.endswith("\n") else "") + text)


def _git(folder: Path, *args: str) -> str:
    try:
        out = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise HostkitError("git is not installed (or not on PATH)") from None
    except subprocess.SubprocessError as exc:
        raise HostkitError(f"git {args[0]}: {exc}") from None
    if out.returncode != 0:
        why = (out.stderr.strip() or out.stdout.strip()).splitlines()
        raise HostkitError(f"git {' '.join(args[:2])}: {why[-1] if why else f'exit {out.returncode}'}")
    return out.stdout


def git_setup(folder: Path) -> list[str]:
    """Enable the merge driver in this clone: .gitattributes in the game folder, and the driver
    in the repository's local config (which git does not clone: each co-host runs this once)."""
    store.require_game(folder)
    if not in_git(folder):
        raise HostkitError(f"{folder}: not inside a git repository; 'git init' first (or 'hostkit new --git')")
    w = store.Writer(folder)
    write_git_files(w, folder)
    w.commit()
    command = f"{shlex.quote(sys.executable)} -m hostkit merge-file %O %A %B %P"
    _git(folder, "config", f"merge.{DRIVER}.name", "hostkit: merge a game's record entry by entry")
    _git(folder, "config", f"merge.{DRIVER}.driver", command)
    return [f".gitattributes: phases/*.toml merge={DRIVER}", f"git config merge.{DRIVER}.driver {command}"]


def git_init(folder: Path, message: str) -> None:
    """`hostkit new --git`: a repository for the new game, the driver set up, the first commit."""
    if not in_git(folder):
        _git(folder, "init", "-q")
    git_setup(folder)
    _git(folder, "add", "-A", ".")
    _git(folder, "commit", "-q", "-m", message)


# --------------------------------------------------------------------------- the merge driver


def merge_phase(base: str, ours: str, theirs: str, path: str) -> tuple[str, list[str]]:
    """Three-way merge of a phase file, entry by entry; returns the merged text and notes.

    An entry either side added is kept; one either side removed (an undo, a hand edit) is gone;
    an entry edited by hand is a removal plus an addition. The result lists every entry in record
    order, so the merge is the same whichever side merges the other. Raises HostkitError when the
    files are not two versions of one phase.
    """
    o, a, b = (_parse(text, path, side) for text, side in ((base, "base"), (ours, "ours"), (theirs, "theirs")))
    if (a.kind, a.number) != (b.kind, b.number) or o is not _EMPTY and (o.kind, o.number) != (a.kind, a.number):
        raise HostkitError(f"{path}: the two sides are different phases ({a.label} and {b.label})")
    notes: list[str] = []
    merged: dict[str, Any] = {}
    for name in ("actions", "removed", "votes", "events", "ends"):
        mine, yours, old = getattr(a, name), getattr(b, name), getattr(o, name)
        gone = {entry_key(e) for e in old} - ({entry_key(e) for e in mine} & {entry_key(e) for e in yours})
        keep: dict[Any, Any] = {}
        for e in (*mine, *yours):
            k = entry_key(e)
            if k not in gone:
                keep[k] = e
        merged[name] = tuple(keep[k] for k in sorted(keep))
    start = _three_way(o.start_post, a.start_post, b.start_post)
    if start is _BOTH:
        start = min(a.start_post, b.start_post)
        notes.append(f"{path}: start_post set to {a.start_post} and to {b.start_post}; kept the earlier, {start}")
    if len(merged["ends"]) > 1:
        notes.append(f"{path}: {a.label} was ended on both sides; 'hostkit status' shows whether they agree")
    rec = PhaseRecord(a.kind, a.number, start_post=start, **merged)
    return store.dump_toml(store.phase_to_toml(rec)), notes


_EMPTY = PhaseRecord("night", 0)
_BOTH = object()


def _three_way(base: Any, ours: Any, theirs: Any) -> Any:
    if ours == theirs or theirs == base:
        return ours
    if ours == base:
        return theirs
    return _BOTH


def _parse(text: str, path: str, side: str) -> PhaseRecord:
    if side == "base" and not text.strip():
        return _EMPTY  # both sides added the file (both began the same phase)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HostkitError(f"{path} ({side}): invalid TOML: {exc}") from None
    return store.parse_phase(data, f"{path} ({side})")


def merge_file(base: Path, ours: Path, theirs: Path, path: str) -> list[str]:
    """git's merge driver: merge BASE, OURS and THEIRS, write the result to OURS."""
    texts = [p.read_text(encoding="utf-8") for p in (base, ours, theirs)]
    text, notes = merge_phase(*texts, path or str(ours))
    ours.write_text(text, encoding="utf-8")
    return notes
