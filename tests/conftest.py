"""Shared fixtures: a CLI runner bound to a game folder, and a classic-werewolf game."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import cli
from hostkit.game.game import Game, create

from forum_board import board  # noqa: F401 - the live phpBB board fixture (one a session)

CLASSIC = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
           "Gus=Werewolf", "Hal=Villager"]
SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """A test on the live phpBB board is slow, as the slow marker says (a board's start, forms that
    wait out phpBB's one-second rule): it runs with `-m slow` (CI runs both), whatever its own
    marks say, so the README's `pytest` stays quick."""
    for item in items:
        if "board" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


class Host:
    """Types hostkit commands at one game folder, as a host would."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(cli, ["--game", str(self.folder), *args], input=input, catch_exceptions=False)

    def ok(self, *args: str, input: str | None = None) -> str:
        result = self(*args, input=input)
        assert result.exit_code == 0, result.output
        return result.stdout

    def refused(self, *args: str, input: str | None = None) -> str:
        """Run a command that must be refused: exit 1, one line, and the folder unchanged."""
        before = snapshot(self.folder)
        result = self(*args, input=input)
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert snapshot(self.folder) == before
        return result.output

    @property
    def game(self) -> Game:
        return Game.load(self.folder)


def forum_login(thread: str, user: str = "Host") -> None:
    """What `hostkit forum login` leaves on this machine for the thread's site (hostkit sends a
    password to no other site), for tests whose forum is a stand-in on 127.0.0.1."""
    from hostkit.forum.account import bind, site_of

    bind(site_of(thread), user)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of a game folder, hidden ones too: equal snapshots mean nothing was written."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def new_classic(folder: Path, assign=CLASSIC, **kw) -> Game:
    return create(folder, ruleset="classic-werewolf", assign=assign, seed=kw.pop("seed", 1), **kw)


@pytest.fixture
def classic(tmp_path: Path) -> Host:
    new_classic(tmp_path / "game")
    return Host(tmp_path / "game")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


BB_TAG = re.compile(r"\[(/?)(b|i|u|s|color|url|quote|size|list|spoiler|code|vote)(?:=[^\]]*)?\]", re.I)


def bbcode_unbalanced(text: str) -> list[str]:
    """Every BBCode tag problem in TEXT: a close without its open, a crossed close, an unclosed open."""
    stack: list[str] = []
    problems = []
    for m in BB_TAG.finditer(text):
        name = m.group(2).lower()
        if not m.group(1):
            stack.append(name)
        elif stack and stack[-1] == name:
            stack.pop()
        else:
            problems.append(f"[/{name}] at {m.start()} closes {stack[-1] if stack else 'nothing'}")
    problems += [f"[{name}] never closed" for name in stack]
    return problems


@pytest.fixture(autouse=True, scope="session")
def _page_cache(tmp_path_factory: pytest.TempPathFactory):
    """Parsed saved pages are cached in the user's cache (hostkit.votes.pages): keep the tests'
    in a temporary folder (subprocesses inherit it), never in the real ~/.cache."""
    old = os.environ.get("HOSTKIT_CACHE")
    os.environ["HOSTKIT_CACHE"] = str(tmp_path_factory.mktemp("hostkit-cache"))
    # the journal's key (hostkit/journal.py) likewise: this test run is one "machine"
    old_key = os.environ.get("HOSTKIT_KEY")
    os.environ["HOSTKIT_KEY"] = str(tmp_path_factory.mktemp("hostkit-state") / "journal.key")
    yield
    if old_key is None:
        os.environ.pop("HOSTKIT_KEY", None)
    else:
        os.environ["HOSTKIT_KEY"] = old_key
    if old is None:
        os.environ.pop("HOSTKIT_CACHE", None)
    else:
        os.environ["HOSTKIT_CACHE"] = old
