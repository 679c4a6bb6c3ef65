"""The host's own posts under `hostkit post`: start (the game's opening), night ("Night N
begins, actions due by ..."), sheriff (the election's result), deadline, and day (the day's
opening, "It is Day N; with 8 alive it takes 5"). Each prints the post, or with --send posts it
in the game's thread through the send journal (never twice).

Each command parses its options, calls one core function and prints the result.
"""

from __future__ import annotations

import click

from .base import emit, load
from .day import format_option
from .sending import out as _out, send_option as _send_option


@click.command("start")
@format_option
@_send_option
@click.pass_context
def start(ctx: click.Context, fmt, send: bool) -> None:
    """The game's opening post: the players, how the game begins, how votes are written and
    what a majority is (the role list too, where --option open-setup=true announces it).

    Example: hostkit post start --send
    """
    from ..words.publish.hostposts import game_start_post

    game = load(ctx)
    _out(game, "game start", game_start_post(game, fmt=fmt), send)


@click.command("night")
@click.option("--due", default=None, metavar="WHEN",
              help="When actions are due: '2026-11-23 18:00' (UTC unless an offset is given) or '+1d'.")
@format_option
@_send_option
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON: night, due {at, iso, left} (or null), alive, text, and with --send what was sent.")
@click.pass_context
def night(ctx: click.Context, due: str | None, fmt, send: bool, as_json: bool) -> None:
    """"Night N begins": the thread is closed for the night, actions go to the host by PM (by
    --due WHEN).

    \b
    Examples:
      hostkit post night --due +1d --send
      hostkit post night --due "2026-11-23 18:00" --json
    """
    from ..words.publish.hostposts import night_start

    game = load(ctx)
    what = f"{game.current.record.label} begins"
    post = night_start(game, due=due, fmt=fmt)
    if not as_json:
        _out(game, what, post["text"], send)
        return
    if send:
        from ..forum.send import post_to_forum

        post["sent"] = post_to_forum(game, what, post["text"])
    emit(post)


@click.command("sheriff")
@format_option
@_send_option
@click.pass_context
def sheriff(ctx: click.Context, fmt, send: bool) -> None:
    """The Sheriff election's result (classic-werewolf, Day 1), once 'hostkit sheriff elect' has
    closed it: each candidate's votes and the Sheriff (or a tie).

    Example: hostkit post sheriff --send
    """
    from ..words.publish.hostposts import sheriff_result_post

    game = load(ctx)
    _out(game, "sheriff result", sheriff_result_post(game, fmt=fmt), send)


@click.command("deadline")
@format_option
@_send_option
@click.pass_context
def deadline(ctx: click.Context, fmt, send: bool) -> None:
    """The day's deadline (set with 'hostkit deadline WHEN') and what happens at it. A new
    deadline is a new post.

    Example: hostkit post deadline --send
    """
    from ..words.publish.hostposts import deadline_key, deadline_post

    game = load(ctx)
    _out(game, deadline_key(game), deadline_post(game, fmt=fmt), send)


@click.command("day")
@format_option
@_send_option
@click.pass_context
def day(ctx: click.Context, fmt, send: bool) -> None:
    """The day's opening: "It is Day N; with 8 alive it takes 5", who died in the night, the
    deadline. Sent, it opens the day: its votes count from this post when no start post was set
    (in classic-werewolf, after the Day 1 Sheriff election).

    Example: hostkit post day --send
    """
    from ..words.publish.hostposts import day_start_key, day_start_post

    game = load(ctx)
    text = day_start_post(game, fmt=fmt)
    if not send:
        click.echo(text)
        return
    from ..forum.dayopen import send_opening

    for line in send_opening(game, day_start_key(game), text, night=None,
                             reload=lambda: load(ctx)):
        click.echo(line)


HOST_POSTS = [start, night, sheriff, deadline, day]
