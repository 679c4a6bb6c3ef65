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
from pathlib import Path
from typing import Any, Callable

from ..store import folder as store
from ..model.errors import HostkitError
from ..model.entries import PhaseRecord, entry_id, entry_key

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
    if given is not None:
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

    from ..model.checks import check_decodable

    if not name:
        raise HostkitError(f"{source}: a host's name cannot be empty (leave {source} out to use "
                           f"${HOST_ENV} or git's user.name)")
    check_decodable(name, source)
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
    ignored = " ".join(line for line in GITIGNORE.splitlines() if line and not line.startswith("#"))
    return [f".gitattributes: phases/*.toml merge={DRIVER}",
            f".gitignore: {ignored} (kept out of git: {store.JOURNAL} is this machine's unfinished change, "
            "sealed with this machine's key; hostkit refuses one that arrives from a co-host)",
            f"git config merge.{DRIVER}.driver {command}"]


def git_init(folder: Path, message: str) -> None:
    """`hostkit new --git`: a repository for the new game, the driver set up, the first commit."""
    if not in_git(folder):
        _git(folder, "init", "-q")
    git_setup(folder)
    _git(folder, "add", "-A", ".")
    _git(folder, "commit", "-q", "-m", message)


# --------------------------------------------------------------------------- the merge driver


Slot = Callable[[str, str], Any]


def merge_phase(base: str, ours: str, theirs: str, path: str, *, slot: Slot | None = None) -> tuple[str, list[str]]:
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
    kept_back: set[tuple[str, str]] = set()
    ended = ((a, _new_end(o, a)), (b, _new_end(o, b)))
    for name in ("actions", "removed", "votes", "events", "ends"):
        mine, yours, old = getattr(a, name), getattr(b, name), getattr(o, name)
        gone = {entry_key(e) for e in old} - ({entry_key(e) for e in mine} & {entry_key(e) for e in yours})
        if name in ("actions", "removed", "votes"):
            # An action one side took back (undo) while the other side resolved the phase with it:
            # kept, and a conflict with that end, rather than a published outcome changed silently.
            for side, end in ended:
                for e in getattr(side, name):
                    if end is not None and entry_key(e) in gone:
                        gone.discard(entry_key(e))
                        kept_back.add(tuple(sorted((entry_id(e), entry_id(end)))))  # type: ignore[arg-type]
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
    present = {entry_id(e) for name in ("actions", "removed", "votes", "events", "ends") for e in merged[name]}
    pairs = set(a.conflicts) | set(b.conflicts)
    pairs -= set(o.conflicts) - (set(a.conflicts) & set(b.conflicts))  # one side settled it
    found = sorted(set(contradictions(o, a, b, slot=slot)) | kept_back)
    if found:
        notes.append(f"{path}: {len(found)} pair(s) of entries made on both sides contradict each other; "
                     "'hostkit status' names them")
    pairs |= set(found)
    conflicts = tuple(sorted(p for p in pairs if p[0] in present and p[1] in present))
    rec = PhaseRecord(a.kind, a.number, start_post=start, conflicts=conflicts, **merged)
    return store.dump_toml(store.phase_to_toml(rec)), notes


def contradictions(base: PhaseRecord, ours: PhaseRecord, theirs: PhaseRecord, *,
                   slot: Slot | None = None) -> list[tuple[str, str]]:
    """The pairs of entries (by entry_id, sorted) made concurrently on the two sides of a merge that
    contradict each other, so that no order of the record may silently pick one:

    - both sides entered (or took back) the same actor's same ability, differently: the later in
      record order would replace the other by host-name order, not by what any host saw;
    - one side entered (or took back) an action in a phase that the other side ended (a night it
      resolved and published, a day it closed), and did not touch that action: the merged phase
      would replay to an outcome the other host never published. (An action one side deleted
      with 'undo' while the other resolved with it is kept by merge_phase, paired with that end.)
    - the same for votes: a hand vote entered into a day the other side ended, and one voter's
      hand vote entered by both sides with different targets (unless each is placed after a
      different post, which orders them): which stands would be decided by host-name order.

    SLOT(actor, ability) says which entries fill one slot (a faction's one kill, whoever enters
    it: see `faction_slots`); without it, the same actor's same ability.
    Entries that agree (the same action, two removals) are no conflict; two different ends of
    one phase are (game.Game._check_ends), whatever their actions. A merge with none of these
    writes the phase exactly as before (no `conflicts` key)."""
    old = {entry_key(e) for e in (*base.actions, *base.removed)}

    def touched(side: PhaseRecord) -> dict[Any, Any]:
        last: dict[Any, Any] = {}
        for e in sorted((*side.actions, *side.removed), key=entry_key):
            if entry_key(e) not in old:
                last[slot(e.actor, e.ability) if slot else (e.actor.lower(), e.ability.lower())] = e
        return last

    mine, yours = touched(ours), touched(theirs)
    pairs = set()
    for key in mine.keys() & yours.keys():
        x, y = mine[key], yours[key]
        if entry_key(x)[2:] != entry_key(y)[2:]:  # what they say, apart from seq and host (and entered by)
            pairs.add(tuple(sorted((entry_id(x), entry_id(y)))))
    old_votes = {entry_key(v) for v in base.votes}

    def voted(side: PhaseRecord) -> dict[str, Any]:
        last: dict[str, Any] = {}
        for v in sorted(side.votes, key=entry_key):
            if entry_key(v) not in old_votes:
                last[v.voter.casefold()] = v
        return last

    my_votes, your_votes = voted(ours), voted(theirs)
    for voter in my_votes.keys() & your_votes.keys():  # one voter's hand vote, entered differently by two hosts
        x, y = my_votes[voter], your_votes[voter]
        placed = x.after_post is not None and y.after_post is not None and x.after_post != y.after_post
        if (x.target or "").casefold() != (y.target or "").casefold() and not placed:
            pairs.add(tuple(sorted((entry_id(x), entry_id(y)))))
    for entered, voted_here, other in ((mine, my_votes, _new_end(base, theirs)),
                                       (yours, your_votes, _new_end(base, ours))):
        if other is None:
            continue
        for key in entered.keys() - (mine.keys() & yours.keys()):
            pairs.add(tuple(sorted((entry_id(entered[key]), entry_id(other)))))
        for voter in voted_here.keys() - (my_votes.keys() & your_votes.keys()):  # a vote into a day the other ended
            pairs.add(tuple(sorted((entry_id(voted_here[voter]), entry_id(other)))))
    return sorted(pairs)  # type: ignore[arg-type]


def _new_end(base: PhaseRecord, side: PhaseRecord) -> Any:
    """The end SIDE gave the phase since BASE (the first, in a conflict of two), or None."""
    before = {entry_key(e) for e in base.ends}
    ends = [e for e in side.ends if entry_key(e) not in before]
    return min(ends, key=entry_key) if ends else None


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
    from ..store.tomlio import check_depth, toml_parser

    toml = toml_parser()
    try:
        data = toml.loads(text)
    except toml.TOMLDecodeError as exc:
        raise HostkitError(f"{path} ({side}): invalid TOML: {exc}") from None
    except RecursionError:
        raise HostkitError(f"{path} ({side}): invalid TOML: values nested too deep") from None
    return store.parse_phase(check_depth(data, f"{path} ({side})"), f"{path} ({side})")


def faction_slots(folder: Path) -> Slot | None:
    """For the merge driver: which slot an entry fills, from the game's setup and ruleset (the
    roles as dealt): a factional ability is one slot for its whole faction, whichever member
    entered it; anything else is the actor's own. None when the game cannot be read (the merge
    then pairs entries by actor and ability only)."""
    try:
        from ..rules.rulesets import load_ruleset

        setup = store.read_setup(folder)
        from ..rules.written import for_setup

        rs = for_setup(load_ruleset(setup.ruleset, folder / "roles.toml"), (p.role for p in setup.players))
    except (HostkitError, OSError):
        return None
    roles = {p.name.lower(): rs.roles.get(p.role) for p in setup.players}

    def slot(actor: str, ability: str) -> Any:
        role = roles.get(actor.lower())
        found = role.ability(ability) if role is not None else None
        if found is not None and found.factional and role.faction:
            return (f"faction:{role.faction}", found.key)
        return (actor.lower(), ability.lower())

    return slot


def merge_file(base: Path, ours: Path, theirs: Path, path: str) -> list[str]:
    """git's merge driver: merge BASE, OURS and THEIRS, write the result to OURS."""
    texts = [p.read_text(encoding="utf-8") for p in (base, ours, theirs)]
    folder = Path(path).parent.parent if path else None  # git runs the driver at the top of the work tree
    slot = faction_slots(folder) if folder is not None and (folder / store.GAME_FILE).is_file() else None
    text, notes = merge_phase(*texts, path or str(ours), slot=slot)
    ours.write_text(text, encoding="utf-8")
    return notes
