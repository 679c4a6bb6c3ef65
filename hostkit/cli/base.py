"""What every command module shares: the error-translating Group, JSON output, reading a
named file, and finding, loading and locking the game.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..model.errors import HostkitError


class Group(click.Group):
    """Turns HostkitError into a one-line click error (exit 1) instead of a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HostkitError as exc:
            raise click.ClickException(str(exc)) from None


class LazyGroup(Group):
    """A Group that imports a command's module only when that command is needed.

    `where` maps each command name to the module (of `package`) whose COMMANDS list holds it;
    `modules` lists every such module. Running a command imports only its module; help,
    completion, an unknown name (for click's suggestions) and any use of `commands` import them
    all, so `commands` is always complete and a command missing from `where` is still found.
    Why: `hostkit status` starts up faster without the other rooms' modules (bench_status).
    """

    def __init__(self, *args: Any, package: str, modules: tuple[str, ...], where: dict[str, str],
                 **kwargs: Any) -> None:
        self._package, self._modules, self._where = package, modules, where
        self._imported: set[str] = set()
        super().__init__(*args, **kwargs)

    @property  # type: ignore[override]
    def commands(self) -> dict[str, click.Command]:  # noqa: D401
        """Every command, after importing every command module."""
        for module in self._modules:
            self._import(module)
        return self._commands

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self._commands = dict(value)

    def _import(self, module: str) -> None:
        if module in self._imported:
            return
        import importlib

        self._imported.add(module)
        for command in importlib.import_module(f"{self._package}.{module}").COMMANDS:
            self.add_command(command)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        name = name or cmd.name
        if name is None:
            raise TypeError("Command has no name.")
        self._commands[name] = cmd

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = self._where.get(cmd_name)
        if module is not None:
            self._import(module)
        found = self._commands.get(cmd_name)
        return found if found is not None else self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.commands)


def emit(data: Any) -> None:
    import json

    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


MAX_INPUT = 1 << 20  # bytes: a file of a night's actions is a few kilobytes


def read_text(name: str) -> str:
    """A file the user named ('-' for standard input); a missing one is a one-line error. Only a
    regular file is read (a named pipe would hang, /dev/zero never end), and at most MAX_INPUT."""
    from ..store.tomlio import not_regular, read_bytes

    kind = None if name == "-" else not_regular(name)
    if kind:
        raise HostkitError(f"{name}: is {kind}, not a file; hostkit reads only a regular file here")
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT + 1) if hasattr(sys.stdin, "buffer") else \
                sys.stdin.read(MAX_INPUT + 1).encode("utf-8")
        else:
            raw = read_bytes(name, limit=MAX_INPUT + 1)
        if len(raw) > MAX_INPUT:
            raise HostkitError(f"{name}: more than {MAX_INPUT // 1024} KiB; hostkit reads a file of actions "
                               "up to that size")
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise HostkitError(f"{name}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None


def game_dir(ctx: click.Context) -> Path:
    return ctx.obj["game"]


def load(ctx: click.Context):
    from ..game.game import Game

    return Game.load(game_dir(ctx), host=ctx.obj.get("host"))


def locked(ctx: click.Context):
    from ..store.folder import locked as lock, require_game

    require_game(game_dir(ctx))
    return lock(game_dir(ctx))


def complete_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of player names (and, for `act`, ability names) from the game folder
    (--game, else $HOSTKIT_GAME, else the current folder). Names with spaces complete whole.
    Completion never fails: no game, no suggestions. See the README to turn it on."""
    import os

    from click.shell_completion import CompletionItem

    try:
        root = ctx.find_root()
        folder = root.params.get("game") or Path(os.environ.get("HOSTKIT_GAME") or ".")
        from ..game.game import Game

        game = Game.load(Path(folder))
    except Exception:  # noqa: BLE001 - completion must never print a traceback into the shell
        return []
    names = [p.name for p in game.setup.players]
    if ctx.command.name == "act":
        words = list(ctx.params.get("words") or ())
        if words:
            try:
                names = names + [a.name for a in game.state.role_of(game.player(words[0])).abilities]
            except Exception:  # noqa: BLE001
                pass
    low = incomplete.lower()
    return [CompletionItem(n) for n in names if n.lower().startswith(low)]
