"""Commands that write what players read: role PMs, night result PMs, mid-night information,
and the public posts (deaths, flips, the speaking order, the vote count).

Each command parses its options, calls one core function and prints the result.
"""

from __future__ import annotations

from pathlib import Path

import click

from .base import Group, complete_names, load, locked
from .day import format_option, thread_options
from .sending import out as _out, send_option
from ..model.errors import HostkitError


@click.command()
@click.argument("player", required=False, shell_complete=complete_names)
@click.option("--night", type=int, default=None, help="The night result PMs of night N.")
@click.option("--day", type=int, default=None, help="The result PMs of day N's actions (Day, Cycle, Immediate).")
@click.option("--info", is_flag=True, help="Mid-night information for roles that need it (the Witch's view).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write one file per player into DIR.")
@click.option("--format", "fmt", type=click.Choice(["bbcode", "markdown", "plain"]), default=None,
              help="Render as bbcode, markdown or plain (default: the game's 'pm-format' option, else its "
                   "'format'; see 'hostkit status').")
@click.option("--send", is_flag=True, help="Send each PM to its player's forum account (journalled: never twice).")
@click.option("--dry-run", is_flag=True, help="With --send: show who gets what, send nothing.")
@click.pass_context
def pm(ctx: click.Context, player: str | None, night: int | None, day: int | None, info: bool, out: Path | None,
       fmt, send: bool, dry_run: bool) -> None:
    """Render role PMs (default), night result PMs (--night N) or mid-night info (--info).

    \b
    PMs for Discord beside BBCode posts: --format markdown here, or once for the game with
    'hostkit new ... --option pm-format=markdown'. Examples:
      hostkit pm                  every role PM
      hostkit pm Ann --night 1    what Ann learned on night 1
      hostkit pm --day 1          what day 1's actions told their users
      hostkit pm --night 1 --out pms/ --format markdown
      hostkit pm --send --dry-run  who gets which PM (accounts checked on the forum)
      hostkit pm --night 1 --send  send them: a rerun sends only what did not go out
    """
    from ..words.publish import day_pms, night_info, night_info_players, night_pms, pms_text, role_pms, write_pms

    game = load(ctx)
    if sum((night is not None, day is not None, info)) > 1:
        raise HostkitError("give one of --night N, --day N or --info")
    if day is not None:
        pms = day_pms(game, day, player, fmt=fmt)
    elif night is not None:
        pms = night_pms(game, night, player, fmt=fmt)
    elif info:
        from ..words.publish.pms import night_info_left_out, nothing_to_learn

        names = [game.player(player)] if player else night_info_players(game)
        if player and (why := nothing_to_learn(game, names[0])):  # printed, sent or written alike
            raise HostkitError(f"{why}: no PM")
        for why in ([] if player else night_info_left_out(game)):
            click.echo(f"{why}: no PM.")
        pms = [(n, night_info(game, n, fmt=fmt)) for n in names]
    else:
        pms = role_pms(game, player, fmt=fmt)
    if send or dry_run:
        if out is not None:
            raise HostkitError("give --out DIR or --send, not both")
        if not pms:
            click.echo("No PMs to send: no one learns anything.")
            return
        label = (f"day {day}" if day is not None else f"night {night}" if night is not None
                 else f"{game.current.record.label} information" if info else "your role")
        _send_pms(game, pms, label, dry_run)
        return
    if out is not None:
        for path in write_pms(pms, out):
            click.echo(f"wrote {path}")
        return
    click.echo(pms_text(pms) if pms else "No PMs: no one learns anything.")


def _send_pms(game, pms, label: str, dry_run: bool) -> None:
    import sys

    from ..forum.send import pms_to_forum

    from ..forum.send import Changed

    try:
        lines = pms_to_forum(game, pms, label=label, dry_run=dry_run,
                             progress=lambda n: click.progressbar(length=n, label="Sending PMs", file=sys.stderr))
    except Changed as exc:
        for line in exc.lines:
            click.echo(line)
        raise
    for line in lines:
        click.echo(line)


@click.group(cls=Group)
def post() -> None:
    """Render a public post from the game's templates: deaths, flip, order, votecount, end, and the
    host's own: start, night, sheriff, deadline, day.

    \b
    Every post takes --format bbcode|markdown|plain (default: the game's 'format' option).
    Example: hostkit post deaths --night 1 --format markdown
    """


@post.command()
@click.option("--night", type=int, default=None, help="Which night (default: the last resolved one).")
@click.option("--day", type=int, default=None,
              help="The deaths day N's actions caused (a day kill), instead of a night's.")
@format_option
@send_option
@click.pass_context
def deaths(ctx: click.Context, night: int | None, day: int | None, fmt, send: bool) -> None:
    """The death post of a night, with flavour and where each body was found (--day N: the
    deaths of day N's actions, such as a day kill; the elimination has 'hostkit post flip').

    \b
    With --send, the death post that opens the day is where the day's votes count from (unless
    'hostkit start-post' said otherwise); in classic-werewolf it waits for the Day 1 Sheriff
    election (death announcements come after the Campaign).
    Example: hostkit post deaths --night 2
    """
    from ..words.publish import death_post

    game = load(ctx)
    if day is not None:
        if night is not None:
            raise HostkitError("give --night or --day, not both")
        _out(game, f"deaths day {day}", death_post(game, day, fmt=fmt, phase="day"), send)
        return
    if night is None:
        if not game.outcomes:
            raise HostkitError("no night has been resolved yet")
        night = max(game.outcomes)
    if night not in game.outcomes:
        raise HostkitError(f"night {night} has not been resolved")
    text = death_post(game, night, fmt=fmt)
    if not send:
        click.echo(text)
        return
    from ..forum.dayopen import send_opening

    for line in send_opening(game, f"deaths night {night}", text, night=night, reload=lambda: load(ctx)):
        click.echo(line)


@post.command()
@click.argument("player", shell_complete=complete_names)
@format_option
@send_option
@click.pass_context
def flip(ctx: click.Context, player: str, fmt, send: bool) -> None:
    """The flip of a dead player, at the game's flip level (none, alignment, role, pm).

    Example: hostkit post flip Bob
    """
    from ..words.publish import flip_post

    game = load(ctx)
    _out(game, f"flip {game.player(player)}", flip_post(game, player, fmt=fmt), send)


@post.command()
@format_option
@send_option
@click.pass_context
def order(ctx: click.Context, fmt, send: bool) -> None:
    """Today's speaking order for Discussion: the Sheriff speaks last.

    Example: hostkit post order
    """
    from ..words.publish import speaking_order_post

    game = load(ctx)
    _out(game, f"speaking order {game.current.record.label}", speaking_order_post(game, fmt=fmt), send)


@post.command()
@thread_options
@click.option("--from-post", type=int, default=None, help="Count from this post.")
@click.option("--to-post", type=int, default=None, help="Count as of this post.")
@click.option("--hand-only", is_flag=True, help="Count only the votes entered with 'hostkit vote'; read no thread.")
@click.option("--publish", is_flag=True, help="The count you post: it takes the day's next number.")
@format_option
@click.pass_context
def votecount(ctx: click.Context, html, url, from_post, to_post, hand_only: bool, publish: bool, fmt) -> None:
    """The vote count post alone (what 'hostkit votes' prints, without the host's notes).

    A preview, marked so, unless --publish: only published counts take a number. With
    --hand-only (the forum is down), the votes entered with 'hostkit vote' alone.
    Example: hostkit post votecount --html page3.html --publish
    """
    from ..words.publish import vote_count_post
    from ..game.day.daycount import count_votes, day_pages, game_stamp, publish_fresh

    if hand_only and (html or url):
        raise HostkitError("--hand-only reads no thread: give it without --html and --url")
    game = load(ctx)
    stamp = game_stamp(game.folder)
    pages, _ = day_pages(game, html=html, url=url, hand_only=hand_only)
    count = count_votes(game, pages, from_post=from_post, to_post=to_post)
    if publish:  # a preview writes nothing
        with locked(ctx):  # numbered under the lock, of the game as it is then
            game, count = publish_fresh(game, count, pages, stamp=stamp, reload=lambda: load(ctx),
                                        from_post=from_post, to_post=to_post, publish=True)
    click.echo(vote_count_post(game, count, preview=not publish, fmt=fmt, start=from_post))


@post.command("end")
@format_option
@send_option
@click.pass_context
def end(ctx: click.Context, fmt, send: bool) -> None:
    """The end-of-game post: the winner, every player's role and fate, and what happened each
    night and day.

    Example: hostkit post end --format markdown
    """
    from ..words.publish import end_post

    game = load(ctx)
    _out(game, "end of game", end_post(game, fmt=fmt), send)


from .hostposts import HOST_POSTS  # noqa: E402 (the host's own posts, in the same group)

for _command in HOST_POSTS:
    post.add_command(_command)

COMMANDS = [pm, post]
