"""The game folder's TOML files as records: game.toml's setup (`read_setup`, `setup_to_toml`) and
the phase files (`read_phase`, `parse_phase`, `phase_to_toml`, `phase_path`, `own_text`).

Each file is read and validated (a bad file or key is one FileError naming the file and key) and
turned back into the tables written. Writing, locking and the journal are hostkit.store.folder's, which
re-exports these names (``store.read_phase``...), so callers keep one place to reach the folder.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..model.errors import FileError, HostkitError
from ..model.entries import Action, DayEvent, PhaseEnd, PhaseRecord, PlayerSetup, Removal, Setup, VoteEntry, entry_key
from .tomlio import Table, load, read_bytes
from .tomlwrite import dump_toml

VERSION = 1  # the game folder's format version; older versions keep loading
GAME_FILE = "game.toml"
PHASES = "phases"


def _thread(url: str | None) -> str | None:
    """The thread URL as kept: without a forum session id (a folder written before hostkit
    stripped them, or edited by hand), which must never reach a public post."""
    if url and "=" in url:
        from ..model.urls import strip_session

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
             "attributes": list(p.attributes) or None, "split": p.split or None, "informed": p.informed or None}
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
            split=pt.get("split", bool, False), informed=pt.get("informed", str, "")))
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
        from ..model.checks import parse_start

        try:
            parse_start(setup.start)
        except HostkitError as exc:
            raise FileError(f"{path}: start: {exc}") from None
    names = [p.name for p in players]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise FileError(f"{path}: players[{i}].name: {n!r} appears twice")
    return setup


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
