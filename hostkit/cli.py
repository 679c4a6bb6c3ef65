"""The hostkit command line: the group, and the commands of setting up and of the night.

Each command parses its options, calls one core function and prints the result; every
HostkitError becomes a one-line message and exit code 1. The day's commands are in
cli_day.py, the PMs and posts in cli_posts.py.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from .errors import HostkitError


class Group(click.Group):
    """Turns HostkitError into a one-line click error (exit 1) instead of a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except HostkitError as exc:
            raise click.ClickException(str(exc)) from None


def emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def read_text(name: str) -> str:
    """A file the user named ('-' for standard input); a missing one is a one-line error."""
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise HostkitError(f"{name}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None


def game_dir(ctx: click.Context) -> Path:
    return ctx.obj["game"]


def load(ctx: click.Context):
    from .game import Game

    return Game.load(game_dir(ctx))


def locked(ctx: click.Context):
    from .store import locked as lock, require_game

    require_game(game_dir(ctx))
    return lock(game_dir(ctx))


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--game", "game", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The game folder (else $HOSTKIT_GAME, else the current folder).")
@click.version_option(package_name="hostkit")
@click.pass_context
def cli(ctx: click.Context, game: Path | None) -> None:
    """hostkit: moderate forum Mafia and Werewolf games.

    \b
    Example night:
      hostkit new mygame --ruleset classic-werewolf --assign Ann=Seer --assign Bob=Werewolf ...
      hostkit --game mygame act Bob Kill Ann
      hostkit --game mygame resolve
    """
    ctx.ensure_object(dict)
    ctx.obj["game"] = game or Path(os.environ.get("HOSTKIT_GAME") or ".")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulesets(as_json: bool) -> None:
    """List the bundled rulesets, with their options and defaults.

    Example: hostkit rulesets --json
    """
    from .catalog import rulesets_info
    from .text import rulesets_table

    items = rulesets_info()
    emit({"rulesets": items}) if as_json else click.echo(rulesets_table(items))


@cli.command()
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def roles(ruleset: str, as_json: bool) -> None:
    """List a ruleset's roles with alignment and abilities.

    Example: hostkit roles classic-werewolf
    """
    from .catalog import roles_info
    from .rulesets import load_ruleset
    from .text import roles_text

    rs = load_ruleset(ruleset)
    emit(roles_info(rs)) if as_json else click.echo(roles_text(rs))


@cli.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--ruleset", required=True, help="A bundled ruleset (see 'hostkit rulesets').")
@click.option("--player", "players", multiple=True, help="A player's forum name (repeat).")
@click.option("--assign", multiple=True, help="NAME=ROLE: fix a player's role (adds the player).")
@click.option("--roles", "roles_", help="ROLE,ROLE,...: dealt at random to the --player names.")
@click.option("--alias", multiple=True, help="NAME=ALIAS: another name votes may use.")
@click.option("--weight", multiple=True, help="NAME=W: a player's standing vote weight.")
@click.option("--vote-markup", "markups", multiple=True, help="red (default), bold, tag or hash; repeatable.")
@click.option("--option", "options", multiple=True, help="KEY=VALUE: a ruleset option for this game.")
@click.option("--host", "hosts", multiple=True, help="A moderator's forum account: never counted as votes.")
@click.option("--seed", type=int, default=None, help="Seed for dealing and every random choice.")
@click.option("--thread", default=None, help="The game thread's URL.")
@click.option("--title", default="", help="The game's title, used in PMs and posts.")
def new(folder: Path, ruleset: str, players, assign, roles_, alias, weight, markups, options, hosts,
        seed, thread, title) -> None:
    """Create a game folder.

    \b
    Example:
      hostkit new g1 --ruleset classic-werewolf --player Ann --player Bob --player Cy \\
          --roles Seer,Werewolf,Villager --seed 7 --host Mod
    """
    from .game import create

    game = create(folder, ruleset=ruleset, players=players, assign=assign, roles=roles_, aliases=alias,
                  weights=weight, markups=markups, options=options, hosts=hosts, seed=seed, thread=thread,
                  title=title)
    st = game.state
    click.echo(f"Created {folder}: {game.ruleset.name}, {len(st.players)} players, seed {game.setup.seed}; "
               f"it is {st.phase} {st.number}.")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def status(ctx: click.Context, as_json: bool) -> None:
    """Show the phase and every player's role, life and standing effects.

    Example: hostkit --game g1 status --json
    """
    from .text import status_text

    st = load(ctx).status()
    emit(st) if as_json else click.echo(status_text(st))


@cli.command()
@click.argument("words", nargs=-1)
@click.option("--remove", is_flag=True, help="Take back the actor's action instead.")
@click.option("--file", "file", default=None,
              help="Enter many actions, one 'ACTOR [ABILITY] [TARGET]...' a line ('-' = stdin); all or none.")
@click.pass_context
def act(ctx: click.Context, words: tuple[str, ...], remove: bool, file) -> None:
    """Record an action for the current phase: ACTOR [ABILITY] [TARGET]...

    \b
    A second act for the same actor and ability replaces the first; 'skip' as the target
    records an explicit skip. Examples:
      hostkit act Bob Kill Ann
      hostkit act Cy Guard skip
      hostkit act --remove Bob Kill
      hostkit act --file actions.txt
    """
    from .game import parse_act_lines
    from .text import action_line

    with locked(ctx):
        game = load(ctx)
        if file is not None:
            if words or remove:
                raise HostkitError("--file takes no ACTOR words and no --remove")
            lines, labels = parse_act_lines(game, read_text(file), file)
            added = game.act_many(lines, labels)
            for a in added:
                click.echo("recorded " + action_line(a))
            return
        if not words:
            raise HostkitError("act needs ACTOR [ABILITY] [TARGET]... (or --file FILE)")
        actor, ability, targets = game.split_words(list(words))
        if remove:
            click.echo("removed " + action_line(game.remove(actor, ability)))
        else:
            click.echo("recorded " + action_line(game.act(actor, ability, targets)))


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def actions(ctx: click.Context, as_json: bool) -> None:
    """List the actions recorded for the current phase.

    Example: hostkit actions
    """
    from .text import action_line

    game = load(ctx)
    ph = game.current
    if as_json:
        emit({"phase": ph.record.kind, "number": ph.record.number,
              "actions": [{"actor": a.actor, "ability": a.ability, "targets": list(a.targets), "seq": a.seq}
                          for a in ph.actions]})
    else:
        click.echo(f"{ph.record.label}: {len(ph.actions)} action(s)")
        for a in ph.actions:
            click.echo("  " + action_line(a))


@cli.command()
@click.option("--dry-run", is_flag=True, help="Show the outcome without recording it.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def resolve(ctx: click.Context, dry_run: bool, as_json: bool) -> None:
    """Resolve the current night: deaths, saves, blocks, results, and the log.

    Without --dry-run the outcome is recorded and the next day begins.
    Example: hostkit resolve --dry-run
    """
    from .text import outcome_text

    with locked(ctx):
        outcome = load(ctx).resolve(dry_run=dry_run)
    emit(outcome.to_json()) if as_json else click.echo(outcome_text(outcome, dry_run=dry_run))


@cli.command()
@click.pass_context
def undo(ctx: click.Context) -> None:
    """Take back the last recorded entry: an action, a resolution, a vote or an elimination.

    Example: hostkit undo
    """
    with locked(ctx):
        what = load(ctx).undo()
    click.echo(f"undone: {what}")


@cli.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
def demo(folder: Path | None) -> None:
    """Play a whole cycle of a bundled example game in a temporary folder (or FOLDER).

    Example: hostkit demo
    """
    from .demo import run_demo

    run_demo(folder, click.echo)


# The day's and the posts' commands register themselves on `cli` when imported.
from . import cli_day, cli_posts  # noqa: E402,F401


def main() -> None:
    cli(prog_name="hostkit")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
