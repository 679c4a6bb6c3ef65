"""What deaths owe and deaths outside the vote: `due` (last words, a Hunter's shot, the
Sheriff's badge, and what the host must do that no entry asks for), `shoot`, `badge` and `kill`.

Each command parses its options, calls one core function and prints the result.
"""

from __future__ import annotations

import click

from .base import complete_names, emit, load, locked
from .day import _over, format_option


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def due(ctx: click.Context, as_json: bool) -> None:
    """What the latest deaths owe: last words, a Hunter's shot, the Sheriff's badge; and what
    the host must do that no entry asks for (the maximum game day nearing, a forced lynch; by day,
    an Immediate action waiting to resolve, an ITA window left open, a deadline passed).

    Example: hostkit due
    """
    from ..game.day.dayactions import day_waiting_notices
    from ..game.day.rulings import host_notices
    from ..game.day.techstate import prompts

    game = load(ctx)
    items = game.due()
    notices = host_notices(game) + day_waiting_notices(game)
    asks = prompts(game)
    if as_json:
        emit({"due": items, "winner": game.state.winner, "host": notices, "tech": asks})
        return
    if not items and not asks and not notices:
        click.echo("Nothing is owed.")
    for ask in asks:
        click.echo(ask["text"])
    for item in items:
        owes = ", ".join(item["owes"]) or "nothing"
        why = f" (no shot: died of {item['no_shot_because']})" if item["no_shot_because"] else ""
        click.echo(f"{item['player']} ({item['role']}, {item['kind']}, {item['when']}): {owes}{why}")
    for notice in notices:
        click.echo(f"host: {notice}")
    if game.state.winner:
        click.echo(_over(game.state))


@click.command()
@click.argument("shooter")
@click.argument("target")
@click.pass_context
def shoot(ctx: click.Context, shooter: str, target: str) -> None:
    """Record a dead Hunter's last shot (TARGET 'skip' to hold fire).

    Example: hostkit shoot Eve Bob
    """
    from ..game.daytools import aftermath
    from ..game.entry import SKIP_WORDS
    from ..game.day.rulings import shot_events

    with locked(ctx):
        old = load(ctx)
        events = shot_events(old, shooter, None if target.lower() in SKIP_WORDS else target)
        game = old.append(*events)
    victim = events[0].target
    click.echo(f"{shooter} shoots {victim}." if victim else f"{shooter} holds their fire.")
    if game.state.winner:
        click.echo(_over(game.state))
    for line in aftermath(old, game):  # a Xenozoologist shot: his captives return; a Hivemind's converts die
        click.echo(line)


@click.command()
@click.argument("sheriff_name", metavar="SHERIFF")
@click.argument("heir")
@click.pass_context
def badge(ctx: click.Context, sheriff_name: str, heir: str) -> None:
    """Record where a dead Sheriff's badge goes (HEIR 'none' to tear it up).

    Example: hostkit badge Ann Dave
    """
    with locked(ctx):
        to = load(ctx).badge(sheriff_name, None if heir.lower() == "none" else heir)
    click.echo(f"The badge passes to {to}." if to else "The badge is torn up: there is no Sheriff.")


@click.command("kill")
@click.argument("player", shell_complete=complete_names)
@click.option("--reason", default="", help="Why (said in the flip): 'modkill for inactivity', 'lightning'.")
@click.option("--post", type=int, default=None,
              help="By day, the thread's post the kill happened at: the votes in posts before it stand "
                   "(default: the post after the latest one hostkit has read).")
@format_option
@click.pass_context
def kill_(ctx: click.Context, player: str, reason: str, post: int | None, fmt) -> None:
    """A host's kill outside the vote: a modkill, or a day kill no ability covers.

    \b
    The player dies now (day or night); their actions, and actions aimed at them, this phase
    are taken back. Prints the flip at the game's flip level, and the winner if it ends the game.
    By day the kill happens at a post of the thread (--post N, else the post after the latest one
    hostkit has read): the day's count keeps the votes before it, and from it on the player
    neither votes nor can be voted, and the majority is the living's.
    Example: hostkit kill Bob --reason "modkill for inactivity"    /    hostkit kill Bob --post 412
    """
    from ..game.daytools import aftermath, kill_events
    from ..engine.day import flip_held
    from ..words.publish import flip_post

    with locked(ctx):
        old = game = load(ctx)
        events = kill_events(game, player, reason, post)
        game = game.append(*events)
    name = events[-1].target
    reason = " ".join((reason or "").split())  # as the record keeps it: one line ("a\nb" split the echo)
    held = flip_held(game.state, name)
    if held:
        click.echo(f"{name} is dead" + (f" ({reason})" if reason else "") + f". No flip: {name} was abducted by "
                   f"{held}, and abducted players are not role-flipped until their abductor leaves the game "
                   "(seed Abduction).")
    else:
        click.echo(f"{name} is dead" + (f" ({reason})" if reason else "") + ". The flip:")
        click.echo(flip_post(game, name, fmt=fmt))
    # seed paranormal: a killed abductor's captives return to play; a killed Hivemind's converts die with it
    for line in aftermath(old, game):
        if not line.startswith(f"{name} "):  # the killed player's own death is the flip above
            click.echo(line)
    if old.current.record.kind == "day":
        at = events[-1].data.get("post")
        click.echo(f"The votes before post {at} stand; from it on {name} neither votes nor can be voted." if at
                   else f"No post of the thread is known: {name} is dead for all of today's count (give --post N, "
                   "the post the kill happened at, to keep the votes before it).")
    if game.state.winner:
        click.echo(_over(game.state))


COMMANDS = [due, shoot, badge, kill_]
