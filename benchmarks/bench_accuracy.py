"""How many real MafiaScum days `hostkit votes` counts right: both dev sets, through the CLI.

Run: python benchmarks/bench_accuracy.py [--data DIR_OR_TAR]... [-j N] [--only CASE...] [-v]

The dev sets are ../shared/mafiascum-dev's days.tar.xz (180 days of 40 games) and days2.tar.xz
(476 days of 104 other games); each is reported on its own (a change that raises one and lowers
the other is fitted to one). Each day (read in place: the tar is unpacked into a temporary
folder, never into the project) is counted exactly as a host would count it, one `hostkit`
process per command:

  hostkit new GAME --ruleset classic-werewolf --assign P=Villager... (one Werewolf)
                   --alias P=A... --weight P=2 (double voters; --split-votes P where the game's
                   notes say the double voter "controls each vote individually") --host M...
                   --vote-markup ...
                   --option majority=half-plus-one [--option no-elimination-offset=-1]
  hostkit --game GAME resolve --force               (night 1 passes: it is day 1)
  hostkit --game GAME votes --html page-001.html ... --from-post FROM+1 --to-post TO --json

A day is right when the count names the player the host eliminated (`eliminated`), or, for a No
Lynch day, when no one is eliminated. It prints K/N, every miss with its cause (the days whose
flags say the posts alone cannot settle them are listed apart, and not tuned to), and the time;
and, apart, how many are right once a host takes the count's alias suggestions (a renamed forum
account that votes like a player: `hostkit alias PLAYER NAME`, then the same count again).
Without the data it prints a message and exits 0. `--in-process` runs the same command lines
through click's CliRunner instead of processes (quicker while working; not the measurement).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "mafiascum-dev"  # holds both sets' tars
if not DEFAULT_DATA.exists():
    DEFAULT_DATA = ROOT.parents[1] / "shared" / "mafiascum-dev"

# Flags that say the day's posts alone cannot give the host's result (see the data's README).
UNSETTLED_FLAGS = {"day_kill", "votecount_reset", "modkill", "host_ruling", "pm_vote", "vote_ruled_by_pm",
                   "hammer_ruled", "no_votecount", "deadline_plurality"}
# What the archive's notes say, in its own words, when a day turned on something outside the
# posts: a game's own majority rule, a double voter casting two separate votes, a host's ruling.
UNSETTLED_NOTES = {
    "rule for hammers": "the game's own majority rule (half the living), not a majority",
    "moderator ignored": "the host ruled a vote out",
    "vote in pm": "a vote the host took in a PM",
    "day kill": "a player died mid-day", "daykill": "a player died mid-day",
    "reset": "the count was reset",
}
# The archive's words for a host's ruling on one vote of the day (its events in the window only:
# the notes are the whole game's): the host counted otherwise than the posts read.
UNSETTLED_EVENTS = {
    "did not count": "the host ruled a vote out", "moderator rejected": "the host ruled a vote out",
    "mod miscount": "the host miscounted",
}


@dataclass
class Result:
    """One day counted: what was expected, what hostkit said, and why it differs."""

    case: str
    expected: str
    got: str | None = None
    ok: bool = False
    cause: str = ""
    seconds: float = 0.0
    flags: list[str] = field(default_factory=list)
    detail: str = ""
    unsettled: list[str] = field(default_factory=list)  # why the posts alone may not settle the day
    hinted: list[str] = field(default_factory=list)  # the alias suggestions a host took (NAME=PLAYER)
    hinted_ok: bool = False  # right once the host took them

    @property
    def right_after_hints(self) -> bool:
        return self.hinted_ok if self.hinted else self.ok


DEV_SETS = ("days.tar.xz", "days2.tar.xz")  # the dev sets of ../shared/mafiascum-dev, each reported apart


def dev_sets(data: Path) -> list[Path]:
    """What --data names: a folder holding the dev sets' tars (each of them), else DATA itself
    (one set: its tar, or a folder of days)."""
    if data.is_dir() and not (data / "index.json").exists():
        found = [data / t for t in DEV_SETS if (data / t).is_file()]
        if found:
            return found
    return [data]


def find_days(data: Path, scratch: Path) -> Path | None:
    """The folder holding the <thread>-d<day> folders: DATA itself, or DATA's tar unpacked."""
    if data.is_dir() and (data / "index.json").exists():
        return data
    tar = data if data.is_file() else data / "days.tar.xz"
    if not tar.is_file():
        return None
    with tarfile.open(tar) as tf:
        tf.extractall(scratch, filter="data")
    for index in scratch.rglob("index.json"):
        return index.parent
    return None


class Runner:
    """Runs one hostkit command line: as a process (the measurement) or through CliRunner."""

    def __init__(self, in_process: bool):
        self.in_process = in_process
        if in_process:
            from click.testing import CliRunner

            from hostkit.cli import cli

            self.cli, self.runner = cli, CliRunner()

    def __call__(self, args: list[str]) -> tuple[int, str, str]:
        if self.in_process:
            r = self.runner.invoke(self.cli, args)
            return r.exit_code, r.stdout, (r.stderr if r.stderr_bytes is not None else "") or ""
        p = subprocess.run([sys.executable, "-m", "hostkit", *args], capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
        return p.returncode, p.stdout, p.stderr


def new_args(game: Path, case: dict[str, Any]) -> list[str]:
    """`hostkit new` for the day's players, as a host would set the game up."""
    args = ["new", str(game), "--ruleset", "classic-werewolf", "--seed", "1",
            "--option", "majority=half-plus-one", "--option", "no-elimination=true"]
    for i, p in enumerate(case["players"]):
        args += ["--assign", f"{p['name']}={'Werewolf' if i == 0 else 'Villager'}"]
        for a in p.get("aliases", []):
            args += ["--alias", f"{p['name']}={a}"]
    split = "controls each vote individually" in case.get("notes", "")  # the setup's own words (see README)
    for d in case.get("doublevoters", []):
        args += ["--weight", f"{d}=2"] + (["--split-votes", d] if split else [])
    for m in case.get("moderators", []):
        args += ["--host", m]
    for m in case.get("markup", []) or ["bold"]:
        args += ["--vote-markup", m]
    if case.get("less_one_for_no_lynch"):
        args += ["--option", "no-elimination-offset=-1"]
    return args


def _same(name: str | None, expected: str, case: dict[str, Any]) -> bool:
    if name is None:
        return False
    for p in case["players"]:
        spellings = {p["name"].casefold(), *(a.casefold() for a in p.get("aliases", []))}
        if name.casefold() in spellings:
            return expected.casefold() in spellings
    return name.casefold() == expected.casefold()


def judge(case: dict[str, Any], data: dict[str, Any]) -> tuple[bool, str, str]:
    """(right?, cause of a miss, detail) for one day's `votes --json`."""
    expected = case["expected"]
    got = data.get("eliminated")
    wagons = data.get("wagons", [])
    top = wagons[0] if wagons else None
    hammered = data.get("hammer") is not None
    if expected.casefold() == "none":
        if got is None and (not hammered or (top and top["target"] == "none")):
            return True, "", ""
        return False, "eliminated a player on a No Lynch day", f"eliminated {got}"
    if _same(got, expected, case):
        return True, "", ""
    unmatched = [i for i in data.get("ignored", []) if i["reason"].startswith(("no player matches", "ambiguous"))]
    top_s = ", ".join(f"{w['target']} {w['votes']:g}" for w in wagons[:3])
    detail = f"top wagons: {top_s}; majority {data.get('majority')}"
    if unmatched:
        detail += "; unmatched: " + "; ".join(f"#{i['post']} {i['author']}: {i['text']!r} ({i['reason']})"
                                               for i in unmatched[:4])
    if got is None and not hammered:
        return False, "no hammer reached", detail
    if got is None:
        return False, "No Elimination hammered instead", detail
    return False, "wrong player hammered", detail


def run_day(folder: Path, work: Path, run: Runner) -> Result:
    case = json.loads((folder / "case.json").read_text(encoding="utf-8"))
    res = Result(folder.name, case["expected"], flags=list(case.get("flags", [])))
    notes = (case.get("notes", "") + " " + " ".join(case.get("events_in_window", []))).lower()
    res.unsettled = [why for key, why in UNSETTLED_NOTES.items() if key in notes]
    events = " ".join(case.get("events_in_window", [])).lower()
    res.unsettled += [why for key, why in UNSETTLED_EVENTS.items() if key in events and why not in res.unsettled]
    game = work / folder.name
    t0 = time.perf_counter()
    code, out, err = run(new_args(game, case))
    if code != 0:
        res.cause, res.detail = "hostkit new refused", (err or out).strip()[:300]
        return res
    code, out, err = run(["--game", str(game), "resolve", "--force"])
    if code != 0:
        res.cause, res.detail = "hostkit resolve refused", (err or out).strip()[:300]
        return res
    args = ["--game", str(game), "votes", "--json", "--from-post", str(case["from_post"] + 1),
            "--to-post", str(case["to_post"])]
    for page in case["pages"]:
        args += ["--html", str(folder / page)]
    code, out, err = run(args)
    res.seconds = time.perf_counter() - t0
    if code != 0:
        res.cause, res.detail = "hostkit votes refused", (err or out).strip()[:300]
        return res
    data = json.loads(out)
    res.got = data.get("eliminated")
    res.ok, res.cause, res.detail = judge(case, data)
    # A host who reads the count's host notes and takes its alias suggestions ("Wake1 is no player
    # but voted 5 times: an alias of Wake88? hostkit alias Wake88 Wake1"), then counts again.
    hints = [x for x in data.get("strangers", []) if x.get("player")]
    if hints:
        for x in hints:
            run(["--game", str(game), "alias", x["player"], x["name"]])
        code, out, _ = run(args)
        if code == 0:
            res.hinted = [f"{x['name']}={x['player']}" for x in hints]
            res.hinted_ok = judge(case, json.loads(out))[0]
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, action="append", default=None,
                    help="a dev set (its tar, or a folder of days), or the folder holding the sets' tars "
                         "(default: ../shared/mafiascum-dev, both sets); may be given more than once")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--only", nargs="*", default=None, help="count only these days (e.g. 15783-d1)")
    ap.add_argument("--in-process", action="store_true", help="CliRunner instead of processes (not the measurement)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every miss's detail")
    opts = ap.parse_args(argv)
    sets = [s for d in (opts.data or [DEFAULT_DATA]) for s in dev_sets(d)]
    for k, data in enumerate(sets):
        if k:
            print()
        bench_set(data, opts)
    return 0


def bench_set(data: Path, opts: argparse.Namespace) -> None:
    """Count one dev set's days and print its figures."""
    with tempfile.TemporaryDirectory(prefix="hostkit-acc-") as tmp:
        days_dir = find_days(data, Path(tmp) / "data")
        if days_dir is None:
            print(f"skipped: no MafiaScum dev days at {data} (see ../shared/mafiascum-dev/README.md)")
            return
        index = json.loads((days_dir / "index.json").read_text(encoding="utf-8"))
        names = opts.only or index["cases"]
        folders = [days_dir / n for n in names if (days_dir / n / "case.json").exists()]
        if not folders:
            print(f"{data.name}: none of the days asked for")
            return
        os.environ["HOSTKIT_CACHE"] = str(Path(tmp) / "cache")  # each day parsed fresh, nothing left behind
        run = Runner(opts.in_process)
        work = Path(tmp) / "games"
        work.mkdir()
        t0 = time.perf_counter()
        if opts.in_process:
            results = [run_day(f, work, run) for f in folders]
        else:
            with ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
                results = list(pool.map(lambda f: run_day(f, work, run), folders))
        wall = time.perf_counter() - t0

    right = sum(r.ok for r in results)
    n = len(results)
    misses = [r for r in results if not r.ok]
    hard = [r for r in misses if UNSETTLED_FLAGS & set(r.flags) or r.unsettled]
    soft = [r for r in misses if r not in hard]
    print(f"{data.name}: accuracy: {right}/{n} days right ({100.0 * right / max(n, 1):.1f}%)"
          f" through {'CliRunner' if opts.in_process else 'hostkit processes'}")
    after = sum(r.right_after_hints for r in results)
    taken = [r for r in results if r.hinted]
    print(f"  after the host takes the count's alias suggestions (renamed accounts, {len(taken)} days): "
          f"{after}/{n} ({100.0 * after / max(n, 1):.1f}%)"
          + "".join(f"\n    {r.case}: {', '.join(r.hinted)} -> {'right' if r.hinted_ok else 'wrong'}"
                    f" (before: {'right' if r.ok else 'wrong'})" for r in taken if r.hinted_ok != r.ok))
    print("misses by cause: " + (", ".join(f"{c} {k}" for c, k in Counter(r.cause for r in misses).most_common())
                                  or "none"))
    for title, group in (("misses the posts should settle", soft),
                         ("misses on days the posts alone cannot settle (the data's flags or notes)", hard)):
        if group:
            print(f"{title} ({len(group)}):")
            for r in group:
                print(f"  {r.case}: expected {r.expected}, got {r.got} -- {r.cause}"
                      + (f" [flags: {', '.join(r.flags)}]" if r.flags else "")
                      + (f" [notes: {'; '.join(r.unsettled)}]" if r.unsettled else ""))
                if opts.verbose and r.detail:
                    print(f"      {r.detail}")
    secs = [r.seconds for r in results if r.seconds]
    if secs:
        print(f"time: {wall:.1f} s wall for {n} days ({opts.jobs} at once); per day (new+resolve+votes) "
              f"median {statistics.median(secs):.2f} s, max {max(secs):.2f} s")


if __name__ == "__main__":
    sys.exit(main())
