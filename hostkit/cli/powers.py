"""The rulesets' other day powers: `confirm` (natural's allied players), ITA windows and
`grant` (natural's innate actions), `bond` (paranormal's Spirit-bond), `take-role` (the Mind
Stealer's stockpile) and `shorten` (paranormal's vote to shorten the day).

Each command parses its options, calls one core function and prints the result.
"""

from __future__ import annotations

import click

from .base import complete_names, load, locked
from ..model.errors import HostkitError


@click.command()
@click.argument("player")
@click.option("--to", "viewers", multiple=True, help="Confirm to this player only (repeat); default: publicly.")
@click.pass_context
def confirm(ctx: click.Context, player: str, viewers: tuple[str, ...]) -> None:
    """Record that PLAYER's alignment is confirmed, publicly or to given players (a Cop's result).

    \b
    Seed natural IV: an allied player is one of the same alignment whose alignment is confirmed
    publicly or to you; allied/unallied entry checks use it, judged when an action is entered.
    Examples:
      hostkit confirm Ann              (publicly: a host-confirmed townie)
      hostkit confirm Bob --to Cop1    (Cop1 alignment-checked Bob)
    """
    from ..game.day.rulings import confirm_events

    with locked(ctx):
        game = load(ctx)
        events = confirm_events(game, player, viewers)
        game.append(*events)
    name = events[0].actor
    click.echo(f"{name}'s alignment is confirmed " + (f"to {', '.join(e.target for e in events)}." if viewers
                                                      else "publicly."))


@click.group()
def ita() -> None:
    """ITA windows (seed natural I and II): the host opens and closes them by day.

    \b
    While a window is open, ITA shots (an innate action with window = "ita") may be entered and
    resolved ('hostkit act --now Ann "ITA Shot" Bob', or 'hostkit resolve'), and an Immediate day
    action entered is ignored, with the reason in the day's log. Opening and closing a window
    first resolves what is waiting. Examples:
      hostkit ita open
      hostkit ita close
    """


def _window(ctx: click.Context, kind: str) -> None:
    from ..words.text import outcome_text

    with locked(ctx):
        game, outcomes = load(ctx).window(kind)
    for outcome in outcomes:
        click.echo(outcome_text(outcome))
    number = game.state.ita_open
    line = f"ITA window {number} is open." if number else "The ITA window is closed."
    click.echo(line + (f" The game is over: {game.state.winner} wins." if game.state.winner else ""))


@ita.command("open")
@click.pass_context
def ita_open(ctx: click.Context) -> None:
    """Open an ITA window: Immediate day actions entered from now on are ignored.

    Example: hostkit ita open
    """
    _window(ctx, "ita-open")


@ita.command("close")
@click.pass_context
def ita_close(ctx: click.Context) -> None:
    """Close the ITA window, after resolving the shots entered in it.

    Example: hostkit ita close
    """
    _window(ctx, "ita-close")


@click.command()
@click.argument("player", shell_complete=complete_names)
@click.argument("ability")
@click.option("--uses", type=int, default=None, help="Additional uses (negative: take some away).")
@click.option("--accuracy", type=float, default=None, help="The player's accuracy with it from now on (0 to 1).")
@click.pass_context
def grant(ctx: click.Context, player: str, ability: str, uses: int | None, accuracy: float | None) -> None:
    """"You may use an additional [innate action]": give PLAYER more uses of an innate ABILITY.

    \b
    Innate actions (seed natural II: ITA shots) are every player's by the game's rules, declared
    in the ruleset's [[innate]]; this records a change to one player's count or accuracy.
    Examples:
      hostkit grant Ann "ITA Shot" --uses 1
      hostkit grant Bob "ITA Shot" --accuracy 0.5
    """
    with locked(ctx):
        game, event = load(ctx).grant(player, ability, uses, accuracy)
    name = game.player(event.actor)
    ab = event.data["ability"]
    left = game.state.players[name].charges.get(ab.lower())
    parts = []
    if "uses" in event.data:
        parts.append(f"{left} use(s) of {ab} left")
    if "accuracy" in event.data:
        parts.append(f"accuracy {event.data['accuracy']:.2f}")
    click.echo(f"{name}: " + ", ".join(parts) + ".")



@click.command()
@click.argument("player", shell_complete=complete_names)
@click.argument("target", required=False)
@click.option("--accept", "answer", flag_value="accept", help="PLAYER accepts the ghost's offer.")
@click.option("--decline", "answer", flag_value="decline", help="PLAYER declines the ghost's offer.")
@click.pass_context
def bond(ctx: click.Context, player: str, target: str | None, answer: str | None) -> None:
    """The Spirit-bond: a dead player's ghost chooses a living player, who answers at night.

    \b
    Seed paranormal, Attributes: 'When this player dies they may choose another living player to
    bond with. That night they visit that player as a ghost and offers them their power. If that
    player accepts, they lose any abilities they may have had and gain the ghost's abilities
    instead.' The receiver has the ghost's abilities from the end of the night they accept.
    Examples:
      hostkit bond Ann Bob          (Ann's ghost bonds with Bob)
      hostkit bond Bob --accept     (that night: Bob takes Ann's abilities)
    """
    from ..game.day.rulings import bond_answer_events, bond_events

    if (target is None) == (answer is None):
        raise HostkitError("give GHOST TARGET (the ghost's choice), or RECEIVER --accept / --decline (the answer)")
    with locked(ctx):
        game = load(ctx)
        events = bond_events(game, player, target) if target else bond_answer_events(game, player, answer == "accept")
        game.append(*events)
    e = events[0]
    if e.kind == "bond":
        click.echo(f"{e.actor}'s ghost bonds with {e.target}: it offers them its power at night.")
    else:
        click.echo(f"{e.actor} {'accepts' if e.data['accept'] else 'declines'} {e.data['ghost']}'s power"
                   + (": from the end of this night they have its abilities instead of their own." if e.data["accept"]
                      else "."))


@click.command("take-role")
@click.argument("stealer", shell_complete=complete_names)
@click.argument("role")
@click.pass_context
def take_role(ctx: click.Context, stealer: str, role: str) -> None:
    """By day, a Mind Stealer takes on a ROLE of its stockpile for today and tonight.

    \b
    Seed paranormal, Harvester: 'The Mind Stealer may choose to take on any Role in its
    stockpile for the next Day/Night phase and use that role instead of Abducting.' The
    stockpile: the roles it stole and its starting roles (hostkit stockpile start, or option
    mind-stealer-roles). At night: hostkit stockpile take.
    Example: hostkit take-role Ms Agent
    """
    from ..game.day.rulings import take_role_events

    with locked(ctx):
        game = load(ctx)
        events = take_role_events(game, stealer, role)
        game.append(*events)
    e = events[0]
    click.echo(f"{e.actor} takes on {e.data['role']}: today and tonight it has that role's abilities instead of "
               "its own (no Abduct).")

@click.command()
@click.argument("voter", shell_complete=complete_names)
@click.option("--withdraw", is_flag=True, help="Take back VOTER's vote to shorten.")
@click.pass_context
def shorten(ctx: click.Context, voter: str, withdraw: bool) -> None:
    """Record a living player's vote to shorten the current day (--withdraw takes it back).

    \b
    Seed paranormal: 'Shortening: Since shortening can have such a huge effect on the game it
    requires a Majority of living players voting for it to occur. (Over %50)' (option
    shortening = majority). Apart from the lynch vote; 'status' and 'due' show how it stands,
    and once more than half of the living players in play stand on it, that the day ends now.
    Examples:
      hostkit shorten Ann
      hostkit shorten Ann --withdraw
    """
    from ..game.day.shortening import notices, shorten_events

    with locked(ctx):
        game = load(ctx)
        event = shorten_events(game, voter, withdraw)[0]
        game = game.append(event)
    click.echo(f"{event.actor} {'withdraws their vote' if withdraw else 'votes'} to shorten day "
               f"{game.current.record.number}.")
    for line in notices(game):
        click.echo(line)


COMMANDS = [confirm, ita, grant, bond, take_role, shorten]
