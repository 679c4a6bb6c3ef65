"""The tech room: alien tech as the host records it (paranormal's 'Item list'): what each alien
picks for its slots, passes by PM at night, the Replicator, and the choices tech leaves to its
holder. Each command checks the ruling (hostkit/tech.py) and appends it to the record.
"""

from __future__ import annotations

import click

from .base import emit, load, locked


def _record(ctx: click.Context, make, *args) -> object:
    with locked(ctx):
        game = load(ctx)
        events = make(game, *args)
        return game.append(*events), events


@click.group()
def tech() -> None:
    """Alien tech: pick, pass, replicate, and the holder's choices.

    \b
    Example:
      hostkit tech list
      hostkit tech pick Zed "Plasma Bomb" "Scanner x2"
      hostkit tech pass Zed Ann Scanner
    """


@tech.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def tech_list(ctx: click.Context, as_json: bool) -> None:
    """The ruleset's tech by slot, who holds what, and each alien's open slots.

    Example: hostkit tech list
    """
    from ..tech import overview

    data = overview(load(ctx))
    if as_json:
        emit(data)
        return
    for slot, names in data["catalogue"].items():
        click.echo(f"{slot}: {', '.join(names)}")
    for p in data["players"]:
        line = f"{p['name']} ({p['role']}): {p['holds'] or 'nothing'}"
        if p["free"]:
            line += f"; open slots: {p['free']}"
        click.echo(line)


@tech.command("pick")
@click.argument("player")
@click.argument("items", nargs=-1, required=True)
@click.pass_context
def pick(ctx: click.Context, player: str, items: tuple[str, ...]) -> None:
    """Record the tech an alien picks at the start ('ITEM x2': a two-use item in a Medium slot;
    'none': the open slots stay empty, as for a Mind Stealer who takes the Robot).

    Example: hostkit tech pick Zed "Plasma Bomb" "Mind Control Ray"
    """
    from ..tech import pick_events

    _game, events = _record(ctx, pick_events, player, list(items))
    ev = events[0]
    if ev.data.get("none"):
        click.echo(f"{ev.actor} leaves their open tech slots empty.")
        return
    click.echo(f"{ev.actor} picks: " + ", ".join(n + (" x2" if c == 2 else "") for n, c in ev.data["items"]) + ".")


@tech.command("pass")
@click.argument("giver")
@click.argument("receiver")
@click.argument("item", nargs=-1, required=True)
@click.pass_context
def pass_(ctx: click.Context, giver: str, receiver: str, item: tuple[str, ...]) -> None:
    """Record tech passed by PM at night: usable by the receiver tonight (one user a night).

    Example: hostkit tech pass Zed Ann Stun Orb
    """
    from ..tech import pass_events

    _game, events = _record(ctx, pass_events, giver, receiver, " ".join(item))
    ev = events[0]
    click.echo(f"{ev.actor} passes {ev.data['item']} to {ev.target}.")


@tech.command("replicate")
@click.argument("player")
@click.argument("items", nargs=-1, required=True)
@click.pass_context
def replicate(ctx: click.Context, player: str, items: tuple[str, ...]) -> None:
    """Record what a Replicator makes: one Medium item or two Small items.

    Example: hostkit tech replicate Zed "Personal Shield" Scanner
    """
    from ..tech import replicate_events

    _game, events = _record(ctx, replicate_events, player, list(items))
    ev = events[0]
    click.echo(f"{ev.actor}'s {ev.data['from']} makes: "
               + ", ".join(n + (" x2" if c == 2 else "") for n, c in ev.data["items"]) + ".")


@tech.command("holoform")
@click.argument("player")
@click.argument("role")
@click.argument("race")
@click.pass_context
def holoform(ctx: click.Context, player: str, role: str, race: str) -> None:
    """Record the role and race a Holoform Modulator shows when its holder is investigated.

    Example: hostkit tech holoform Zed Townie Human
    """
    from ..tech import holoform_events

    _game, events = _record(ctx, holoform_events, player, role, race)
    ev = events[0]
    click.echo(f"{ev.actor}'s Holoform shows: {ev.data['role']}, {ev.data['race']}.")


@tech.command("hologram")
@click.argument("player")
@click.argument("where")
@click.pass_context
def hologram(ctx: click.Context, player: str, where: str) -> None:
    """Record where an Advanced Holoform's hologram goes tonight (a player, or 'home').

    Example: hostkit tech hologram Zed Ann
    """
    from ..tech import hologram_events

    _game, events = _record(ctx, hologram_events, player, where)
    ev = events[0]
    click.echo(f"{ev.actor}'s hologram goes to {ev.target or 'nowhere: it stays home'} tonight.")


@tech.command("camouflage")
@click.argument("player")
@click.argument("source")
@click.pass_context
def camouflage(ctx: click.Context, player: str, source: str) -> None:
    """Record the source Combat Camouflage makes the holder's kills look like.

    Example: hostkit tech camouflage Zed Vigilante
    """
    from ..tech import camouflage_events

    _game, events = _record(ctx, camouflage_events, player, source)
    ev = events[0]
    click.echo(f"{ev.actor}'s kills will look like: {ev.data['source']}.")


COMMANDS = [tech]
