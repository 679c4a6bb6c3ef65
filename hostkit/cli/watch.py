"""`hostkit watch`: run the day and the night on the forum while the host is away (hostkit.watch)."""

from __future__ import annotations

from pathlib import Path

import click

from .base import game_dir


@click.command()
@click.argument("folders", nargs=-1, type=click.Path(file_okay=False, path_type=Path))
@click.option("--once", is_flag=True, help="Do one round of each game and exit (for cron).")
@click.option("--status", "show_status", is_flag=True, help="Show what the watch did and will do next; change nothing.")
@click.option("--every", default=300.0, show_default=True, type=click.FloatRange(min=1),
              help="Seconds between a game's rounds.")
@click.option("--pace", default=1.0, show_default=True, type=click.FloatRange(min=0),
              help="Seconds at least between two requests to one forum site (one queue per site).")
@click.pass_context
def watch(ctx: click.Context, folders: tuple[Path, ...], once: bool, show_status: bool, every: float,
          pace: float) -> None:
    """Run the day and the night on the forum while you are away.

    \b
    Each round reads what is new (the thread's new posts by day, the inbox by night) and
    posts, PMs or locks what is due: vote counts (3 votes changed), answers to !vc, one
    reminder before the deadline (24h and 1h before) naming who has not voted, the final
    count and the lock at a hammer or the deadline with a PM to you of the next step, and
    by night a PM when every action is in. Everything goes through the send journal:
    nothing goes out twice, and 'hostkit log' lists it. Change what it does with
    'hostkit option watch-...=VALUE' (docs/watch.md). Without --once it runs until
    SIGINT/SIGTERM; FOLDERS watches several games in one process (else the game folder).
    Log in first: 'hostkit forum login' (or set HOSTKIT_FORUM_PASSWORD). Examples:
      hostkit watch --once
      hostkit watch games/mini-12 games/mini-13
      hostkit watch --status
    """
    from datetime import datetime, timezone

    from ..store.folder import require_game
    from ..watch.loop import status, watch as run_watch

    chosen = list(folders) or [game_dir(ctx)]
    for folder in chosen:
        require_game(folder)
    if show_status:
        for folder in chosen:
            for line in status(folder, datetime.now(timezone.utc)):
                click.echo(line)
        return
    if run_watch(chosen, once=once, every=every, pace=pace, say=click.echo):
        ctx.exit(1)


COMMANDS = [watch]
