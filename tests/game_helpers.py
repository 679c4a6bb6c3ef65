"""Games and readings that several feature test files share: set up through the CLI (or the
engine) as a host would, each helper once.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from click.testing import CliRunner

from conftest import CLASSIC as CLASSIC8, CLASSIC, Host, new_classic
from hostkit.cli import cli
from hostkit.game.game import create


def _classic_day(tmp_path: Path) -> Host:
    """A classic game at day 1: night 1 resolved with the Werewolf's kill on Fay."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    return host


DEMO_PAGE = Path(__file__).resolve().parents[1] / "games" / "classic-werewolf" / "demo" / "day1.html"


def _demo_day(tmp_path) -> Host:
    """The demo's game back at its day 1 (Gus tops the thread 5 to 2, counted as of post 10)."""
    assert CliRunner().invoke(cli, ["demo", str(tmp_path / "d")]).exit_code == 0
    host = Host(tmp_path / "d")
    host.ok("undo")
    host.ok("votes", "--html", str(DEMO_PAGE))
    return host


def _new_game(tmp_path, ruleset_name: str, *assign: str, options: tuple[str, ...] = ()) -> Host:
    create(tmp_path / "g", ruleset=ruleset_name, seed=1, assign=list(assign), options=list(options))
    return Host(tmp_path / "g")


def _camouflaged(tmp_path, *more: str) -> Host:
    host = _new_game(tmp_path, "paranormal", "Ex=Exterminator (Mind Shield)", "Fay=Townie", "D=Doppelganger", "Bo=Townie",
                *more, options=("max-day=5",))
    host.ok("tech", "pick", "Ex", "Combat Camouflage", "Plasma Bomb")
    host.ok("tech", "camouflage", "Ex", "Vigilante")
    return host


def folder_md5s(folder: Path) -> dict[str, str]:
    """The md5 of every file of the game folder, hidden ones included."""
    return {str(p.relative_to(folder)): hashlib.md5(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


SIX_CLASSIC = ["Ann=Villager", "Bob=Werewolf", "Carol=Guard", "Dave=Witch", "Eve=Seer", "Fay=Hunter"]


def _played(tmp_path):
    """A classic game into day 1, with a vote by hand: a phase file of each kind to edit."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Dave", "Guard", "Ann")
    host.ok("act", "Ann", "Check", "Bob")
    host.ok("act", "Carol", "skip")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    return host


def _game(tmp_path, *assign: str, options: tuple[str, ...] = ("max-day=6",), attributes: tuple[str, ...] = (),
          ruleset: str = "paranormal", seed: int = 3) -> Host:
    """A new game of RULESET in tmp_path/g, through the CLI (paranormal: max-day 6 set)."""
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", ruleset, "--seed", str(seed)]
    for flag, values in (("--assign", assign), ("--option", options), ("--attribute", attributes)):
        for v in values:
            args += [flag, v]
    host.ok(*args)
    return host


XENO = ("Xe=Xenozoologist", "Dp=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie", "Pw=Psychic Warden",
        "Ex=Exterminator (Anti-Tech Field)", "Su=Survivor")


def _pms(host: Host, player: str, night: int) -> str:
    return host.ok("pm", player, "--night", str(night), "--format", "plain")


def _classic_game(tmp_path: Path) -> Host:
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1, assign=CLASSIC)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    return host


PLAYERS = ["Ann=Cop", "Bob=Goon", "Cy=Doctor", "Dee=Villager", "Eve=Vigilante", "Fay=Villager"]


def natural_day1(tmp_path, options=("ita-shots=1",)) -> Host:
    folder = tmp_path / "g"
    create(folder, ruleset="natural", seed=3, assign=list(PLAYERS), options=list(options))
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


def _new_paranormal(tmp_path, *assign, options=("max-day=5",)):
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal"]
    for o in options:
        args += ["--option", o]
    for a in assign:
        args += ["--assign", a]
    r = host.runner.invoke(cli, args, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return host


def _status(host: Host) -> dict[str, dict]:
    return {p["name"]: p for p in json.loads(host.ok("status", "--json"))["players"]}
