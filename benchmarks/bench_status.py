"""How long `hostkit status` takes on a 20-player game with five phases recorded.

Run: python benchmarks/bench_status.py

It prints the median wall time of `hostkit status` (a fresh process each time, as a host runs
it) and the ratio to `python -c "import click, tomllib"` measured in the same run: the floor
that any click command pays. The aim is at most 1.5x.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROLES = ["Seer", "Witch", "Guard", "Hunter"] + ["Werewolf"] * 4 + ["Villager"] * 12


def build(folder: Path) -> None:
    from hostkit.game import Game, create

    names = [f"Player{i:02d}" for i in range(20)]
    create(folder, ruleset="classic-werewolf", assign=[f"{n}={r}" for n, r in zip(names, ROLES)], seed=3)
    g = Game.load(folder)
    # Night 1, Day 1, Night 2, Day 2, Night 3: five phases recorded.
    g.act("Player04", "Kill", ["Player10"]); g = Game.load(folder)
    g.act("Player02", "Guard", ["Player00"]); g = Game.load(folder)
    g.act("Player00", "Check", ["Player05"]); g = Game.load(folder)
    g.resolve(); g = Game.load(folder)
    for voter in names[:8]:
        if g.state.players[voter].alive:
            g.vote(voter, "Player05"); g = Game.load(folder)
    g.eliminate("Player05"); g = Game.load(folder)
    g.act("Player04", "Kill", ["Player11"]); g = Game.load(folder)
    g.act("Player01", "Poison", ["Player06"]); g = Game.load(folder)
    g.resolve(); g = Game.load(folder)
    g.eliminate(None); g = Game.load(folder)
    g.act("Player04", "Kill", ["Player12"]); g = Game.load(folder)
    g.act("Player00", "Check", ["Player07"])


def timed(cmd: list[str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main(runs: int = 21) -> float:
    import compileall

    import hostkit

    # pip compiles an installed package's bytecode; an editable checkout may not have it yet
    # (and PYTHONDONTWRITEBYTECODE stops imports from writing it), so compile it as install would.
    compileall.compile_dir(Path(hostkit.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "game"
        build(folder)
        baseline = timed([sys.executable, "-c", "import click, tomllib"], runs)
        status = timed([sys.executable, "-m", "hostkit", "--game", str(folder), "status"], runs)
    ratio = status / baseline
    print(f"baseline  python -c 'import click, tomllib': {baseline * 1000:.1f} ms (median of {runs})")
    print(f"hostkit status, 20 players, 5 phases:      {status * 1000:.1f} ms (median of {runs})")
    print(f"ratio: {ratio:.2f}x (aim: at most 1.5x)")
    return ratio


if __name__ == "__main__":
    main()
