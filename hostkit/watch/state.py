"""What the watch remembers in the game folder (`.hostkit-watch.json`), and its log.

- `phase`: the phase the rest is about ("day 2"); a round in a new phase starts it afresh.
- `counted`: the last vote count posted in this phase (by the watch, or `votes --send`): its
  number, the last post it counted, when it went out, and who voted for whom in it: what "votes
  changed since the last count" is measured against. At the day's start it is the empty count.
- `done`: what the watch has done this phase, by name ("final", "reminder 24h", "all in").
- `vc_time`: when the watch last answered a `!vc` (answers are `watch-vc-gap` minutes apart).
- `told`: what the host has been told this phase (a digest per list of things to settle), so a
  list is PMed once.
- `pending`: the sends of a round, written here before the first of them goes out (a
  write-ahead list). Each goes through the send journal, so a round killed anywhere and run again
  sends what is missing and nothing twice; then its `after` is applied (the count remembered, a
  reminder marked done) and it leaves the list.
- `rounds`, `failures`, `next`: when the last rounds ran and what they did, for `--status`.

The log (`.cache/watch.log`) has one line per thing the watch did or met (a forum down, a
round's sends), with the time: `hostkit watch --status` shows its end, `hostkit log` the sends.
A damaged state file is refused with its path (never read as "nothing done"): the journal still
keeps every send from going twice, but the counts' baseline would be lost.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..model.errors import FileError
from ..store.folder import atomic_write

NAME = ".hostkit-watch.json"
LOG = Path(".cache") / "watch.log"
VERSION = 1
ROUNDS_KEPT = 20
LOG_KEPT = 2000  # lines


def empty(phase: str = "") -> dict[str, Any]:
    return {"version": VERSION, "phase": phase, "counted": None, "done": [], "told": [], "pending": [],
            "rounds": [], "failures": 0, "next": None}


def load(folder: Path) -> dict[str, Any]:
    path = Path(folder) / NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return empty()
    except (OSError, ValueError) as exc:
        raise FileError(f"{path}: not the watch's state ({exc}); mend or delete it (the send journal still "
                        "keeps every send from going twice)") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise FileError(f"{path}: not the watch's state of version {VERSION}")
    out = empty()
    for key, want in (("phase", str), ("done", list), ("told", list), ("pending", list), ("rounds", list),
                      ("failures", int)):
        if key in data:
            if not isinstance(data[key], want):
                raise FileError(f"{path}: {key} must be a {want.__name__}")
            out[key] = data[key]
    if isinstance(data.get("counted"), dict):
        out["counted"] = data["counted"]
    for key in ("next", "vc_time"):
        if isinstance(data.get(key), str):
            out[key] = data[key]
    for n, item in enumerate(out["pending"]):
        if not (isinstance(item, dict) and isinstance(item.get("key"), str)
                and item.get("kind") in ("post", "pm", "lock", "unlock")):
            raise FileError(f"{path}: pending[{n}] is not a send the watch decided")
    return out


def save(folder: Path, state: dict[str, Any]) -> None:
    state["rounds"] = state["rounds"][-ROUNDS_KEPT:]
    atomic_write(Path(folder) / NAME, json.dumps(state, indent=1, ensure_ascii=False) + "\n")


def log(folder: Path, lines: list[str], when: str) -> None:
    """Append `lines` to the watch's log, each with the time (the log keeps its last LOG_KEPT lines)."""
    if not lines:
        return
    path = Path(folder) / LOG
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        for line in lines:
            fh.write(f"{when} {line}\n")
    try:
        if path.stat().st_size > LOG_KEPT * 400:
            kept = path.read_text(encoding="utf-8").splitlines()[-LOG_KEPT:]
            atomic_write(path, "\n".join(kept) + "\n", durable=False)
    except OSError:
        pass


def log_tail(folder: Path, n: int = 20) -> list[str]:
    try:
        return (Path(folder) / LOG).read_text(encoding="utf-8").splitlines()[-n:]
    except OSError:
        return []
