"""How long `hostkit status` takes on a 20-player game with five phases recorded, as installed.

Run: python benchmarks/bench_status.py [--rounds N]

What a user runs is an installed hostkit: a wheel, its bytecode compiled by pip. Run from the
checkout's root, `python -m hostkit` would import the checkout's sources instead (the current
folder comes first on sys.path), with or without their bytecode, which no user runs. So the
benchmark builds a wheel of this checkout, installs it with the pip of a fresh temporary venv
(pip compiles its bytecode, as any install does), and runs everything from that venv, in a
temporary folder. The venv takes hostkit's dependencies from the interpreter running the
benchmark (a .pth line after the venv's own site-packages, so the wheel's hostkit wins).

It builds the game through that installed `hostkit` command (the console script pip wrote, as a
host types it), then times, interleaved round by
round, `hostkit status` against `python -c "import click, tomllib"` (the floor any click command
pays), both fresh processes of the same python, and prints the medians and their ratio. The aim
is at most 1.5x.

`hostkit status` runs as a host has it: with the replay cache (hostkit/replaycache.py, here in
a temporary HOSTKIT_CACHE), which the warm-up run fills, as any earlier command on the game
does. The same command with the cache off (HOSTKIT_CACHE="", every night resolved again: what
the first command after a night is resolved pays) is timed in the same rounds and printed too.
"""

from __future__ import annotations

import argparse
import os
import site
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROLES = ["Seer", "Witch", "Guard", "Hunter"] + ["Werewolf"] * 4 + ["Villager"] * 12
NAMES = [f"Player{i:02d}" for i in range(20)]
# Night 1, Day 1, Night 2, Day 2, Night 3: five phases recorded.
SCRIPT = [
    ["act", "Player04", "Kill", "Player10"], ["act", "Player02", "Guard", "Player00"],
    ["act", "Player00", "Check", "Player05"], ["resolve", "--force"],
    *[["vote", v, "Player05"] for v in NAMES[:8] if v != "Player10"],
    ["eliminate", "Player05"],
    ["act", "Player04", "Kill", "Player11"], ["act", "Player01", "Poison", "Player06"], ["resolve", "--force"],
    ["eliminate", "--none"],
    ["act", "Player04", "Kill", "Player12"], ["act", "Player00", "Check", "Player07"],
]


def install(tmp: Path) -> Path:
    """A fresh venv with this checkout's wheel installed by the venv's own pip; returns its bin/."""
    wheels = tmp / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)], check=True)
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    deps = [p for p in site.getsitepackages() + [sysconfig.get_paths()["purelib"]] if Path(p).is_dir()]
    (purelib / "zz_benchmark_deps.pth").write_text("\n".join(dict.fromkeys(deps)) + "\n")
    wheel = next(wheels.glob("hostkit-*.whl"))
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True)
    found = subprocess.run([str(python), "-c", "import hostkit; print(hostkit.__file__)"], cwd=tmp,
                           check=True, capture_output=True, text=True).stdout.strip()
    assert found.startswith(str(purelib)), f"the benchmark would import {found}, not the installed wheel"
    assert (venv / "bin" / "hostkit").exists(), "pip installed no hostkit command"
    return venv / "bin"


def build(bin_: Path, folder: Path, env: dict[str, str]) -> None:
    new = ["new", str(folder), "--ruleset", "classic-werewolf", "--seed", "3",
           *[x for n, r in zip(NAMES, ROLES) for x in ("--assign", f"{n}={r}")]]
    for args in [new, *SCRIPT]:
        cmd = [str(bin_ / "hostkit")] + (args if args[0] == "new" else ["--game", str(folder), *args])
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=folder.parent)


def main(rounds: int = 21) -> float:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        bin_ = install(tmp)
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "HOSTKIT_GAME")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["HOSTKIT_CACHE"] = str(tmp / "cache")  # the user's cache, in the benchmark's own folder
        cold_env = dict(env, HOSTKIT_CACHE="")
        folder = tmp / "game"
        build(bin_, folder, env)
        baseline_cmd = [str(bin_ / "python"), "-c", "import click, tomllib"]
        status_cmd = [str(bin_ / "hostkit"), "--game", str(folder), "status"]  # the command a host types
        runs = ((baseline_cmd, env), (status_cmd, env), (status_cmd, cold_env))
        for cmd, cmd_env in runs:  # warm the disk cache once (and the replay cache)
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=cmd_env, cwd=tmp)
        times: list[list[float]] = [[], [], []]
        for _ in range(rounds):
            for (cmd, cmd_env), out in zip(runs, times):
                start = time.perf_counter()
                subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=cmd_env, cwd=tmp)
                out.append(time.perf_counter() - start)
    b, s, cold = (statistics.median(t) for t in times)
    ratio = s / b
    print(f"installed wheel, bytecode compiled by pip; {rounds} interleaved rounds")
    print(f"baseline  python -c 'import click, tomllib': {b * 1000:.1f} ms (median)")
    print(f"hostkit status, 20 players, 5 phases:      {s * 1000:.1f} ms (median)")
    print(f"  the same with the replay cache off:      {cold * 1000:.1f} ms (median, {cold / b:.2f}x)")
    print(f"ratio: {ratio:.2f}x (aim: at most 1.5x)")
    return ratio


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    main(parser.parse_args().rounds)
