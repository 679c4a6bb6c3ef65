"""Checks on what a host types and on what a hand edit left in a game folder.

Names: a player's name, alias or host account must be something every command can read back:
not blank, no control or invisible characters (a newline, a zero-width space), not a word the
CLI reads itself (skip, none, -), and never equal to another player's name or alias, compared
the way a reader sees them (NFKC, any case). Numbers: vote weights are finite and between 0 and
MAX_WEIGHT, post numbers start at 1, and every integer fits TOML's 64 bits.

Phase files: `phase_files` orders the phases by the index in their names and checks the folder
tells one story: names of the form NNN-KIND-N.toml, indices 1, 2, 3... with no gap or repeat,
each file's `phase` and `number` equal to its name, the first phase the ruleset's, each next
phase the one that follows, and every phase but the last ended. Each failure is one line naming
the file and the key. None of this depends on entry sequence numbers.
"""

from __future__ import annotations

import math
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .errors import FileError, HostkitError

if TYPE_CHECKING:
    from datetime import datetime

MAX_WEIGHT = 1000.0  # a vote worth more than a thousand votes is a typo, not a rule
MAX_THRESHOLD = 5  # Loved is +1, Hated -1; a wagon off the majority by more than 5 is a typo, not a rule
INT64 = (-(2**63), 2**63 - 1)  # TOML integers
RESERVED = ("skip", "none", "-", "no elimination", "no lynch", "unvote")  # words commands read as themselves
PHASE_NAME = re.compile(r"^(\d{3,})-(night|day)-(\d+)\.toml$")


# --------------------------------------------------------------------------- names


def name_key(name: str) -> str:
    """How a reader tells names apart: compatibility-normalised, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


MAX_NAME = 64  # characters: longer than forums' account names (XenForo's limit is 50)
MAX_MARKS = 4  # combining marks on one letter (Vietnamese stacks two); more is a smear, not a name


def check_decodable(text: str, what: str) -> str:
    """Refuse what the command line could not decode (bytes that are not UTF-8): such a name is
    never repaired into another ('Zo\\xeb', Zoë typed in Latin-1, is not Zo)."""
    from .confusable import undecodable

    byte = undecodable(text)
    if byte is not None:
        shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise HostkitError(f"{what} {shown!r}: byte 0x{byte:02x} is not UTF-8; type the name in UTF-8 "
                           "(a name that cannot be read is refused, never guessed)")
    return text


def check_name(name: str, what: str) -> str:
    """Refuse a name commands could not read back; return it unchanged."""
    if not isinstance(name, str) or not name.strip():
        raise HostkitError(f"{what}: a name cannot be empty or blank")
    check_decodable(name, what)
    if name != name.strip():
        raise HostkitError(f"{what} {name!r}: a name cannot begin or end with a space")
    if len(name) > MAX_NAME:
        raise HostkitError(f"{what} {name[:20]!r}...: a name can be at most {MAX_NAME} characters, "
                           f"not {len(name)}")
    from .confusable import invisible

    marks = 0
    for i, ch in enumerate(name):
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            kind = "a line break" if ch in "\r\n\u2028\u2029\x85" else "an invisible character"
            raise HostkitError(f"{what} {name!r}: a name cannot contain {kind} (U+{ord(ch):04X})")
        hidden = invisible(ch)
        if hidden:
            raise HostkitError(f"{what} {name!r}: a name cannot contain {hidden}")
        marks = marks + 1 if cat.startswith("M") else 0
        if marks and (i == marks - 1 or unicodedata.category(name[i - marks])[0] not in "LN"):
            raise HostkitError(f"{what} {name!r}: a combining mark (U+{ord(ch):04X} "
                               f"{unicodedata.name(ch, '')}) on no letter")
        if marks > MAX_MARKS:
            raise HostkitError(f"{what} {name!r}: more than {MAX_MARKS} combining marks on one letter")
    if name_key(name) in RESERVED:
        raise HostkitError(f"{what} {name!r}: {name.lower()!r} is a word hostkit reads itself "
                           f"({', '.join(RESERVED)}); choose another name")
    return name


def confused_with(word: str, others: Iterable[str]) -> str | None:
    """The first of OTHERS a reader could take for WORD (the same NFKC and case, or the same TR39
    confusable skeleton); None when none."""
    from .confusable import keys

    mine = keys(word)
    return next((o for o in others if o != word and mine & keys(o)), None)


def clash(word: str, other: str) -> str:
    """Why WORD and OTHER are one name to a reader, in words."""
    if name_key(word) == name_key(other):
        return "names must differ by more than case or width"
    from .confusable import differing

    mine, theirs = differing(word, other), differing(other, word)
    return (f"they look the same: {word!r} has {mine or 'no other letter'} where {other!r} has "
            f"{theirs or 'none'}")


def check_names(players: Sequence[tuple[str, Sequence[str]]], hosts: Sequence[str] = (),
                where: str = "") -> None:
    """Players as (name, aliases and previous names): each name valid, none confusable with another
    player's name or alias (NFKC, case, or the TR39 skeleton), and no host who is also a player."""
    from .confusable import keys

    prefix = f"{where}: " if where else ""
    owner: dict[tuple[str, str], tuple[int, str, str]] = {}
    for i, (name, others) in enumerate(players):
        check_name(name, f"{prefix}players[{i}].name" if where else "player")
        for word in (name, *others):
            if word is not name:
                check_name(word, f"{prefix}players[{i}].aliases" if where else "alias")
            mine = keys(word)
            hit = next((owner[k] for k in mine if k in owner and owner[k][0] != i), None)
            if hit is not None:
                first, seen = hit[1], hit[2]
                at = f"{prefix}{'players[%d]: ' % i if where else ''}"
                if name_key(word) == name_key(seen):
                    raise HostkitError(f"{at}{word!r} is already the name or an alias of {first!r} "
                                       f"({clash(word, seen)})")
                whose = f"{first!r}" if seen == first else f"{seen!r}, the name or an alias of {first!r}"
                raise HostkitError(f"{at}{word!r} would be confused with {whose} ({clash(word, seen)}): "
                                   "one person, one name")
            for k in mine:
                owner.setdefault(k, (i, name, word))
    for j, host in enumerate(hosts):
        check_name(host, f"{prefix}hosts[{j}]" if where else "--host")
        hit = next((owner[k] for k in keys(host) if k in owner), None)
        if hit is not None:
            raise HostkitError(f"{prefix}{'hosts[%d]: ' % j if where else ''}host {host!r} is also the player "
                               f"{hit[1]!r}" + ("" if hit[2] == host else f" ({clash(host, hit[2])})")
                               + ": a host's posts are never counted as votes")


def check_thread(url: str, what: str = "--thread") -> str:
    """The game thread's address: an http(s) URL with a host, on one line (it is fetched, and
    linked from the game page and the vote count: 'javascript:...' or a file path is refused)."""
    from urllib.parse import urlsplit

    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in url):
        raise HostkitError(f"{what} {url!r}: a thread URL cannot contain a space or a control character")
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        raise HostkitError(f"{what} {url!r}: not a URL ({exc})") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise HostkitError(f"{what} {url!r}: a thread URL must be http:// or https:// with a forum's address "
                           "(like https://forum.example/t/123)")
    return url


# --------------------------------------------------------------------------- numbers


def check_weight(value: float, what: str) -> float:
    """A vote weight: a finite number from 0 to MAX_WEIGHT."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise HostkitError(f"{what}: a vote weight must be a finite number, not {value!r}")
    if value < 0 or value > MAX_WEIGHT:
        raise HostkitError(f"{what}: a vote weight must be from 0 to {MAX_WEIGHT:g}, not {value:g}")
    return float(value)


def check_threshold(value: int, what: str) -> int:
    """An elimination-threshold modifier (Loved +1, Hated -1): a whole number within MAX_THRESHOLD."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise HostkitError(f"{what}: an elimination threshold must be a whole number like +1 or -1, not {value!r}")
    if abs(value) > MAX_THRESHOLD:
        raise HostkitError(f"{what}: an elimination threshold must be from -{MAX_THRESHOLD} to +{MAX_THRESHOLD}, "
                           f"not {value:+d}")
    return value


def check_int64(value: int, what: str) -> int:
    """An integer the game files can hold (TOML integers are 64-bit)."""
    if not INT64[0] <= value <= INT64[1]:
        raise HostkitError(f"{what}: {value} does not fit in a 64-bit integer (the game files' limit)")
    return value


def check_post(value: int, what: str) -> int:
    """A post number: 1 or more, and within 64 bits."""
    check_int64(value, what)
    if value < 1:
        raise HostkitError(f"{what}: a post number starts at 1, not {value}")
    return value


# --------------------------------------------------------------------------- phase files


def phase_files(folder: Path) -> list[Path]:
    """The phase files in play order (by the index in their names, so 1000 follows 999), after
    checking the names have no gap or repeat. The contents are checked against the names by
    `check_sequence` once they are read.
    """
    d = folder / "phases"
    link = "is a symbolic link; a game's record lives in the game folder itself: replace it with the real {}"
    if d.is_symlink():  # refused when read as when written (journal.check_path): never followed
        raise FileError(f"{d}: " + link.format("folder"))
    if not d.is_dir():
        return []
    found: dict[int, Path] = {}
    for p in d.iterdir():
        if p.name.startswith(".") or p.suffix != ".toml":
            continue
        if p.is_symlink():
            raise FileError(f"{p}: " + link.format("file"))
        m = PHASE_NAME.match(p.name)
        if not m:
            raise FileError(f"{p}: a phase file's name must look like 001-night-1.toml (index-kind-number)")
        index = int(m.group(1))
        if index in found:
            raise FileError(f"{p}: index {index} is also the index of {found[index].name}")
        found[index] = p
    ordered = [found[i] for i in sorted(found)]
    for n, p in enumerate(ordered, start=1):
        index = int(PHASE_NAME.match(p.name).group(1))
        if index != n:
            raise FileError(f"{p}: phase file {n:03d} is missing before it (renamed or deleted?); "
                            "phases must be numbered 001, 002, ... with no gap")
    return ordered


def numbering(ruleset, options) -> tuple[str, int]:
    """How the game numbers its phases (see next_phase): the ruleset's first phase, or Night 0
    with the option `start=night-0` (seed natural I: a game may have a Night 0, where no action
    is used unless stated)."""
    if (options or {}).get("start") == "night-0":
        return ("night", 0)
    return (ruleset.first_phase, ruleset.first_number)


def first_phase(ruleset, options, start: str = "") -> tuple[str, int]:
    """Where a game starts: the game's `start` (a game moved to hostkit mid-way: 'day 4'), else
    where its numbering starts (see numbering)."""
    return parse_start(start, numbering(ruleset, options)) if start else numbering(ruleset, options)


_START = r"^\s*(day|night)\s*[-: ]?\s*(\d{1,4})\s*$"


def parse_start(text: str, numbers: tuple[str, int] | None = None) -> tuple[str, int]:
    """'day:4', 'day 4', 'day-4', 'night:3' -> ('day', 4). Refused: another word, a day 0, and a
    phase the game's numbering never has (Night 0 only where the game starts at Night 0)."""
    m = re.match(_START, text, re.I)
    if not m:
        raise HostkitError(f"start {text!r}: give the phase the game is at, as day:N or night:N (e.g. day:4)")
    kind, number = m.group(1).lower(), int(m.group(2))
    if number < 1 and not (kind == "night" and numbers == ("night", 0)):
        raise HostkitError(f"start {text!r}: phases are numbered from 1 (night 0 only with --option start=night-0)")
    return kind, number


def next_phase(first: tuple[str, int], kind: str, number: int) -> tuple[str, int]:
    """The phase after (kind, number) in a game that started at `first`. A game that starts at
    night N >= 1 pairs night N with the day N after it; one that starts by day, or at Night 0,
    numbers a day and the night after it alike (Night 0, Day 1, Night 1, Day 2...): a cycle is
    Day N plus the night after it."""
    night_first = first[0] == "night" and first[1] != 0
    if kind == "night":
        return "day", number if night_first else number + 1
    return "night", number + 1 if night_first else number


def expected_phases(first: tuple[str, int], count: int,
                    numbers: tuple[str, int] | None = None) -> list[tuple[str, int]]:
    """The (kind, number) of the first `count` phases of a game starting at `first`, numbered as
    a game starting at `numbers` is (default: `first`; see numbering)."""
    kind, number = first
    out = [(kind, number)]
    for _ in range(count - 1):
        kind, number = next_phase(numbers or first, kind, number)
        out.append((kind, number))
    return out


def check_sequence(paths: Sequence[Path], records: Sequence, first: tuple[str, int],
                   numbers: tuple[str, int] | None = None) -> None:
    """Each file's contents agree with its name and its place; every phase but the last ended."""
    for i, (path, rec, (kind, number)) in enumerate(zip(paths, records, expected_phases(first, len(paths), numbers))):
        m = PHASE_NAME.match(path.name)
        name_kind, name_number = m.group(2), int(m.group(3))
        if rec.kind != name_kind:
            raise FileError(f"{path}: phase: {rec.kind!r} disagrees with the file name ({name_kind})")
        if rec.number != name_number:
            raise FileError(f"{path}: number: {rec.number} disagrees with the file name ({name_kind} {name_number})")
        if (rec.kind, rec.number) != (kind, number):
            place = "the first phase" if i == 0 else f"after {records[i - 1].kind} {records[i - 1].number}"
            raise FileError(f"{path}: {rec.kind} {rec.number} cannot be {place}; it should be {kind} {number} "
                            "(a phase file renamed, deleted or out of order?)")
        if i < len(paths) - 1 and rec.ended is None:
            raise FileError(f"{path}: end: {rec.kind} {rec.number} never ended, yet {paths[i + 1].name} follows it")
        if i == len(paths) - 1 and rec.ended is not None:
            raise FileError(f"{path}: end: {rec.kind} {rec.number} ended, but the next phase's file is missing")
        if rec.start_post is not None:
            _file_number(path, "start_post", rec.start_post, check_post)
        for j, v in enumerate(rec.votes):
            if v.after_post is not None:
                _file_number(path, f"votes[{j}].after_post", v.after_post, check_post)


def _file_number(path: Path, key: str, value, check) -> None:
    try:
        check(value, key)
    except HostkitError as exc:
        raise FileError(f"{path}: {exc}") from None


def check_setup_file(path: Path, setup, markups: Iterable[str]) -> None:
    """game.toml's values a reader would trip on: names, weights, markups."""
    markups = tuple(markups)
    try:
        check_names([(p.name, (*p.aliases, *p.previous)) for p in setup.players], setup.hosts, where=str(path))
    except HostkitError as exc:
        raise FileError(str(exc)) from None
    for i, p in enumerate(setup.players):
        if p.weight is not None:
            _file_number(path, f"players[{i}].weight", p.weight, check_weight)
        if p.threshold:
            _file_number(path, f"players[{i}].threshold", p.threshold, check_threshold)
    if setup.thread is not None:
        try:
            check_thread(setup.thread, "thread")
        except HostkitError as exc:
            raise FileError(f"{path}: {exc}") from None
    for i, m in enumerate(setup.vote_markup):
        if m not in markups:
            raise FileError(f"{path}: vote_markup[{i}]: {m!r} is not a markup; use {', '.join(markups)}")


def check_entries(path: Path, rec, state, player) -> None:
    """Who a phase's votes and removals name, as the phase began: a vote by or for an unknown
    or dead player, or a removal by an unknown one, is a hand edit the record cannot hold.
    `player` maps a recorded name (or a replaced player's old name) to the slot's name."""
    def known(word: str, key: str) -> str:
        try:
            return player(word)
        except HostkitError as exc:
            raise FileError(f"{path}: {key}: {exc}") from None

    for i, v in enumerate(rec.votes):
        voter = known(v.voter, f"votes[{i}].voter")
        if not state.players[voter].alive:
            raise FileError(f"{path}: votes[{i}].voter: {voter} was dead when {rec.kind} {rec.number} began")
        if v.target is not None and v.target != "none":
            target = known(v.target, f"votes[{i}].target")
            if not state.players[target].alive:
                raise FileError(f"{path}: votes[{i}].target: {target} was dead when {rec.kind} {rec.number} began")
    for i, removal in enumerate(rec.removed):
        known(removal.actor, f"removed[{i}].actor")
    for i, end in enumerate(rec.ends):
        where = "end" if len(rec.ends) == 1 else f"end[{i}]"
        if rec.kind == "night" and end.eliminated is not None:
            raise FileError(f"{path}: {where}.eliminated: a night ends with no elimination (its deaths are in "
                            f"{where}.published); delete it")
        if rec.kind == "day" and end.eliminated:
            known(end.eliminated, f"{where}.eliminated")


# --------------------------------------------------------------------------- deadlines


def in_calendar(at: "datetime", what: str) -> "datetime":
    """A deadline every count can show in UTC ('9999-12-31T23:59-05:00' parsed, then every vote
    count crashed turning it into UTC)."""
    from datetime import timezone

    try:
        at.astimezone(timezone.utc)
    except OverflowError:
        raise HostkitError(f"{what}: outside the calendar (the years 1 to 9999)") from None
    return at


def check_deadline_data(data: Any) -> None:
    """A recorded deadline event's data, as `hostkit deadline` writes it: `at`, an ISO time with its
    offset ('' clears the deadline). A hand edit that breaks it is refused on replay (the replay
    names the file and key) instead of crashing every vote count."""
    from datetime import datetime

    unknown = sorted(set(data) - {"at"})
    if unknown:
        raise HostkitError(f"data.{unknown[0]}: a deadline has only 'at'")
    at = data.get("at", "")
    if not isinstance(at, str):
        raise HostkitError(f"data.at: a deadline is an ISO time like '2026-11-23T18:00:00+00:00', not {at!r}")
    if not at:
        return
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        raise HostkitError(f"data.at: a deadline is an ISO time like '2026-11-23T18:00:00+00:00', not {at!r}") from None
    if when.tzinfo is None:
        raise HostkitError(f"data.at: {at!r} has no UTC offset (write it as '{at}+00:00')")
    in_calendar(when, f"data.at {at!r}")
