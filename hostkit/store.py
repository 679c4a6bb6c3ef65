"""The game folder on disk: read and validate its TOML, write atomically, lock.

    game.toml            the setup (version, ruleset, seed, thread, hosts, options, players)
    phases/NNN-KIND-N.toml   one file a phase: what the host entered, and how it ended
    roles.toml           optional custom roles added to the ruleset
    templates/           optional template overrides

Every write goes to a temp file in the same folder, is fsynced and then os.replace()d, so a
crash leaves either the old file or the new one. Commands that change a game hold a lock file
(.hostkit.lock) for the whole read-check-write, so two hostkit commands never lose an update.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator

from .errors import FileError, HostkitError
from .model import Action, DayEvent, PhaseRecord, PlayerSetup, Setup, VoteEntry
from .tomlio import Table, load

VERSION = 1  # the game folder's format version; older versions keep loading
GAME_FILE = "game.toml"
PHASES = "phases"
LOCK = ".hostkit.lock"


def is_game(folder: Path) -> bool:
    return (folder / GAME_FILE).is_file()


def require_game(folder: Path) -> None:
    if not is_game(folder):
        raise HostkitError(f"{folder}: no game here (no {GAME_FILE}); create one with 'hostkit new' "
                           "or point to one with --game DIR")


# --------------------------------------------------------------------------- writing


def atomic_write(path: Path, data: bytes | str) -> None:
    """Write a file so that a crash leaves the old file or the new one, never half of either."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def dump_toml(data: dict[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps(_clean(data))


def _clean(value: Any) -> Any:
    """TOML has no null: drop None values and empty optional tables before writing."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


@contextlib.contextmanager
def locked(folder: Path, timeout: float = 60) -> Iterator[None]:
    """Hold the game's lock for a read-check-write."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(folder / LOCK))
    try:
        lock.acquire(timeout=timeout)
    except Timeout:
        raise HostkitError(f"{folder}: another hostkit command holds {LOCK}; try again") from None
    try:
        yield
    finally:
        lock.release()


class Writer:
    """Collects the file changes of one command and applies them all, each atomically.

    Files are written first and removed last, so a failure half-way leaves every entry either
    recorded or not: the folder always loads.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.writes: dict[Path, str] = {}
        self.removes: list[Path] = []

    def put(self, path: Path, data: dict[str, Any]) -> None:
        self.writes[path] = dump_toml(data)

    def remove(self, path: Path) -> None:
        self.removes.append(path)

    def commit(self) -> None:
        for path, text in self.writes.items():
            atomic_write(path, text)
        for path in self.removes:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


# --------------------------------------------------------------------------- setup


def setup_to_toml(setup: Setup) -> dict[str, Any]:
    return {
        "version": VERSION,
        "ruleset": setup.ruleset,
        "title": setup.title or None,
        "seed": setup.seed,
        "thread": setup.thread,
        "created": setup.created or None,
        "hosts": list(setup.hosts),
        "vote_markup": list(setup.vote_markup),
        "options": dict(setup.options),
        "players": [
            {"name": p.name, "role": p.role, "aliases": list(p.aliases) or None, "weight": p.weight,
             "previous": list(p.previous) or None}
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
            weight=pt.get("weight", float, None), previous=pt.strings("previous", ())))
        pt.done()
    opts = t.sub("options", {})
    options = dict(opts.data)
    opts.seen.update(options)
    setup = Setup(
        ruleset=t.get("ruleset", str),
        players=tuple(players),
        seed=t.get("seed", int, 0),
        thread=t.get("thread", str, None),
        hosts=t.strings("hosts", ()),
        vote_markup=t.strings("vote_markup", ("red",)),
        options=MappingProxyType(options),
        title=t.get("title", str, ""),
        created=t.get("created", str, ""),
    )
    t.done()
    names = [p.name for p in players]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise FileError(f"{path}: players[{i}].name: {n!r} appears twice")
    return setup


# --------------------------------------------------------------------------- phases


def phase_path(folder: Path, index: int, kind: str, number: int) -> Path:
    return folder / PHASES / f"{index:03d}-{kind}-{number}.toml"


def phase_files(folder: Path) -> list[Path]:
    d = folder / PHASES
    if not d.is_dir():
        return []
    return sorted(p for p in d.iterdir() if p.suffix == ".toml" and not p.name.startswith("."))


def read_phase(path: Path) -> PhaseRecord:
    t = Table(load(path), path)
    version = t.get("version", int, 1)
    if version > VERSION:
        raise FileError(f"{path}: version: {version} is newer than this hostkit understands ({VERSION})")
    kind = t.get("phase", str, choices=("night", "day"))
    number = t.get("number", int)
    actions = []
    for a in t.tables("actions"):
        actions.append(Action(a.get("actor", str), a.get("ability", str), a.strings("targets", ()), a.get("seq", int)))
        a.done()
    removed = []
    for r in t.tables("removed"):
        removed.append((r.get("actor", str), r.get("ability", str), r.get("seq", int)))
        r.done()
    votes = []
    for v in t.tables("votes"):
        unvote = v.get("unvote", bool, False)
        target = None if unvote else v.get("target", str)
        votes.append(VoteEntry(v.get("voter", str), target, v.get("seq", int), v.get("after_post", int, None)))
        v.done()
    events = []
    for e in t.tables("events"):
        data = e.sub("data", {})
        data.seen.update(data.data)
        events.append(DayEvent(e.get("kind", str), e.get("actor", str, None), e.get("target", str, None),
                               e.get("seq", int), MappingProxyType(dict(data.data))))
        e.done()
    start_post = t.get("start_post", int, None)
    end = t.sub("end", {})
    ended = eliminated = None
    published: dict[str, Any] = {}
    if end.data:
        ended = end.get("seq", int)
        if end.get("none", bool, False):
            eliminated = ""
        else:
            eliminated = end.get("eliminated", str, None)
        pub = end.sub("published", {})
        published = dict(pub.data)
        pub.seen.update(published)
        end.done()
    t.done()
    return PhaseRecord(kind, number, tuple(actions), tuple(removed), tuple(votes), tuple(events),
                       start_post, ended, eliminated, MappingProxyType(published))


def phase_to_toml(rec: PhaseRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"version": VERSION, "phase": rec.kind, "number": rec.number,
                           "start_post": rec.start_post}
    if rec.actions:
        out["actions"] = [{"seq": a.seq, "actor": a.actor, "ability": a.ability, "targets": list(a.targets)}
                          for a in rec.actions]
    if rec.removed:
        out["removed"] = [{"seq": s, "actor": a, "ability": b} for a, b, s in rec.removed]
    if rec.votes:
        out["votes"] = [
            {"seq": v.seq, "voter": v.voter, "target": v.target, "unvote": True if v.target is None else None,
             "after_post": v.after_post}
            for v in rec.votes]
    if rec.events:
        out["events"] = [{"seq": e.seq, "kind": e.kind, "actor": e.actor, "target": e.target,
                          "data": dict(e.data) or None} for e in rec.events]
    if rec.ended is not None:
        end: dict[str, Any] = {"seq": rec.ended}
        if rec.kind == "day":
            if rec.eliminated:
                end["eliminated"] = rec.eliminated
            else:
                end["none"] = True
        if rec.published:
            end["published"] = dict(rec.published)
        out["end"] = end
    return out
