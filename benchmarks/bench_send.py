"""How long `hostkit pm --send` takes for 9 role PMs on the local phpBB board, against the forum's floor.

Run: python benchmarks/bench_send.py [--rounds N] [--board DIR]

phpBB refuses a form posted in the second it was served, so 9 PMs cannot take less than 9 s: the
floor (issue 35: at most 1.3x). Each round makes, outside the timing, two fresh games of 9
players on the board (9 new accounts each, a new topic, `hostkit forum login`) and then runs,
interleaved and in a fresh order:

  (a) hostkit: one `hostkit --game G pm --send` process (start-up, the session check, the 9
      account look-ups, the 9 forms and their journal writes included), wall time;
  (b) the bare client, for reference: in this process, a requests session already logged in
      that does only what the forum demands for 9 PMs, one after the other: fetch the compose
      form, wait until it is one second old, post it. No journal, no look-ups, no politeness gap.

It prints each side's median over the rounds, the ratio (a)/9 s (the goal, at most 1.3) and
(a)/(b). With --board DIR it uses a board already up (`../shared/forum/board up DIR`); without,
it starts one in a temporary folder and stops it at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script from a checkout: make hostkit importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
BOARD = next((c / "shared" / "forum" / "board" for c in (ROOT.parent, ROOT.parents[1])
              if (c / "shared" / "forum" / "board").exists()), ROOT.parent / "shared" / "forum" / "board")
ROLES = ["Seer", "Werewolf", "Werewolf", "Witch", "Guard", "Hunter", "Villager", "Villager", "Villager"]
FLOOR = 9.0  # 9 forms, one second each
_made = iter(range(1, 10**6))


def _env(cache: Path) -> dict[str, str]:
    env = dict(os.environ, HOSTKIT_CACHE=str(cache), HOSTKIT_FORUM_PASSWORD="host-pw1", HOSTKIT_FORUM_USER="Host")
    env.pop("HOSTKIT_GAME", None)
    return env


def _board_up(folder: Path) -> str:
    run = subprocess.run([str(BOARD), "up", str(folder)], capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        sys.exit(f"board up failed ({run.returncode}): {run.stderr.strip()[-300:]}")
    return run.stdout.strip().splitlines()[-1]


def _users(board: Path, names: list[str]) -> dict[str, str]:
    run = subprocess.run([str(BOARD), "users", str(board), *names], capture_output=True, text=True, check=True,
                         timeout=300)
    return {line.rsplit(" ", 1)[0]: line.rsplit(" ", 1)[1] for line in run.stdout.splitlines() if line.strip()}


def _login(url: str, user: str, password: str):
    from hostkit.forum.phpbb import PhpBB
    from hostkit.forum.session import Session

    adapter = PhpBB(Session(url, gap=0))
    adapter.login(user, password)
    return adapter


def _topic(url: str) -> str:
    host = _login(url, "Host", "host-pw1")

    def accepted(r):
        m = re.search(r"[?&]t=(\d+)", r.headers.get("Location", "")) if r.is_redirect else None
        return m.group(1) if m else None

    topic = host._submit("posting.php?mode=post&f=2", "postform", {"subject": "Bench", "message": "Bench."},
                         accepted=accepted)
    return f"{url}viewtopic.php?t={topic}"


def _game(url: str, board: Path, work: Path, env: dict[str, str]) -> Path:
    """A fresh 9-player game on its own topic, the host logged in (all outside the timing)."""
    tag = f"B{os.getpid() % 1000}x{next(_made)}"
    names = [f"P{i}{tag}" for i in range(1, 10)]
    _users(board, names)
    folder = work / tag
    args = [sys.executable, "-m", "hostkit", "new", str(folder), "--ruleset", "classic-werewolf", "--seed", "1",
            "--host", "Host", "--thread", _topic(url),
            *[x for n, r in zip(names, ROLES) for x in ("--assign", f"{n}={r}")]]
    subprocess.run(args, env=env, check=True, capture_output=True, timeout=120)
    subprocess.run([sys.executable, "-m", "hostkit", "--game", str(folder), "forum", "login", "--user", "Host"],
                   env=env, check=True, capture_output=True, timeout=120)
    return folder


def _hostkit(folder: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "hostkit", "--game", str(folder), "pm", "--send"], env=env,
                         capture_output=True, text=True, timeout=300)
    took = time.perf_counter() - started
    if run.returncode != 0 or run.stdout.count("your role PM sent") != 9:
        sys.exit(f"pm --send failed: {run.stdout[-300:]} {run.stderr[-300:]}")
    return took


def _bare(url: str, board: Path) -> float:
    tag = f"R{os.getpid() % 1000}x{next(_made)}"
    ids = list(_users(board, [f"P{i}{tag}" for i in range(1, 10)]).values())
    from hostkit.forum.forms import form_fields

    host = _login(url, "Host", "host-pw1")
    http = host.s.http
    started = time.perf_counter()
    for n, uid in enumerate(ids, start=1):
        page = http.get(f"{url}ucp.php?i=pm&mode=compose&u={uid}", timeout=30).text
        served = time.perf_counter()
        action, data = form_fields(page, "postform")
        data.update(subject=f"bench {n}", message=f"Your role, {n}.", post="Submit")
        time.sleep(max(0.0, served + 1.0 - time.perf_counter()))
        r = http.post(url + action.lstrip("./"), data=data, timeout=30, allow_redirects=False)
        if "sent successfully" not in r.text:
            sys.exit(f"the bare client's PM {n} was refused")
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--board", type=Path, default=None, help="a board already up (board up DIR)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-send-") as tmp:
        work = Path(tmp)
        board = args.board or work / "board"
        url = (dict(line.split("=", 1) for line in (board / "board.env").read_text().split() if "=" in line)["URL"]
               if args.board else _board_up(board))
        env = _env(work / "cache")
        times: dict[str, list[float]] = {"hostkit": [], "bare": []}
        try:
            subprocess.run([sys.executable, "-m", "hostkit", "rulesets"], env=env, check=True, capture_output=True)
            for n in range(args.rounds):
                folder = _game(url, board, work, env)
                sides = ["hostkit", "bare"]
                random.shuffle(sides)
                for side in sides:
                    took = _hostkit(folder, env) if side == "hostkit" else _bare(url, board)
                    times[side].append(took)
                print(f"round {n + 1}: hostkit {times['hostkit'][-1]:.2f} s, bare client {times['bare'][-1]:.2f} s",
                      flush=True)
        finally:
            if not args.board:
                subprocess.run([str(BOARD), "down", str(board)], capture_output=True, timeout=60)
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"pm --send, 9 role PMs, median of {args.rounds}: hostkit {med['hostkit']:.2f} s; "
          f"bare client {med['bare']:.2f} s; floor {FLOOR:.0f} s")
    print(f"ratio to the floor: {med['hostkit'] / FLOOR:.2f}x (goal: at most 1.3x); "
          f"to the bare client: {med['hostkit'] / med['bare']:.2f}x")


if __name__ == "__main__":
    main()
