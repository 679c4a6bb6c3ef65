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
    from ..game.day.techstate import overview

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
        elif p.get("empty"):
            line += f"; slots never filled: {p['empty']} (tech is picked at the start of the game only)"
        click.echo(line)


@tech.command("pick")
@click.argument("player")
@click.argument("items", nargs=-1, required=True)
@click.pass_context
def pick(ctx: click.Context, player: str, items: tuple[str, ...]) -> None:
    """Record the tech an alien picks at the start ('ITEM x2': a two-use item in a Medium slot;
    'none': the open slots stay empty; a Mind Stealer's 'Robot' (or 'none': it has no tech):
    the Robot instead of its tech slots), or the one technology a Mad Scientist picks.

    \b
    Example: hostkit tech pick Zed "Plasma Bomb" "Mind Control Ray"
             hostkit tech pick Ms Robot
             hostkit tech pick Sci "Sentry Guns"
    """
    from ..game.day.tech import empty_pick_answer, pick_events

    game, events = _record(ctx, pick_events, player, list(items))
    ev = events[0]
    if ev.data.get("none"):
        click.echo(empty_pick_answer(game.state, ev.actor))
        return
    if "pick" in ev.data:
        click.echo(f"{ev.actor} picks {ev.data['pick']}: their technology for the game (the other two are not theirs).")
        return
    click.echo(f"{ev.actor} picks: {_item_list(ev.data['items'])}.")


def _item_list(items) -> str:
    """'Scanner x2, Stun Orb': the items picked or made, a two-use one marked."""
    return ", ".join(n + (" x2" if c == 2 else "") for n, c in items)


@tech.command("pass")
@click.argument("giver")
@click.argument("receiver")
@click.argument("item", nargs=-1, required=True)
@click.pass_context
def pass_(ctx: click.Context, giver: str, receiver: str, item: tuple[str, ...]) -> None:
    """Record tech passed by PM at night: usable by the receiver tonight (one user a night).

    Example: hostkit tech pass Zed Ann Stun Orb
    """
    from ..game.day.tech import pass_events

    _game, events = _record(ctx, pass_events, giver, receiver, " ".join(item))
    ev = events[-1]
    click.echo(f"{ev.actor} passes {ev.data['item']} to {ev.target}.")


@tech.command("replicate")
@click.argument("player")
@click.argument("items", nargs=-1, required=True)
@click.pass_context
def replicate(ctx: click.Context, player: str, items: tuple[str, ...]) -> None:
    """Record what a Replicator makes: one Medium item or two Small items.

    Example: hostkit tech replicate Zed "Personal Shield" Scanner
    """
    from ..game.day.tech import replicate_events

    _game, events = _record(ctx, replicate_events, player, list(items))
    ev = events[0]
    click.echo(f"{ev.actor}'s {ev.data['from']} makes: {_item_list(ev.data['items'])}.")


@tech.command("holoform")
@click.argument("player")
@click.argument("role")
@click.argument("race")
@click.pass_context
def holoform(ctx: click.Context, player: str, role: str, race: str) -> None:
    """Record the role and race a Holoform Modulator shows when its holder is investigated.

    Example: hostkit tech holoform Zed Townie Human
    """
    from ..game.day.tech import holoform_events

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
    from ..game.day.tech import hologram_events

    _game, events = _record(ctx, hologram_events, player, where)
    ev = events[0]
    click.echo(f"{ev.actor}'s hologram goes to {ev.target or 'nowhere: it stays home'} tonight.")


@tech.command("trust")
@click.argument("player")
@click.argument("names", nargs=-1, required=True)
@click.pass_context
def trust(ctx: click.Context, player: str, names: tuple[str, ...]) -> None:
    """Record whom a Mad Scientist's Sentry Guns let pass tonight (face recognition; 'none': no one).

    Example: hostkit tech trust Sam Ann Bob
    """
    from ..game.day.tech import trust_events

    _game, events = _record(ctx, trust_events, player, list(names))
    ev = events[0]
    who = ", ".join(ev.data["players"]) or "no one"
    click.echo(f"{ev.actor}'s Sentry Guns let {who} pass tonight.")


@tech.command("camouflage")
@click.argument("player")
@click.argument("source")
@click.pass_context
def camouflage(ctx: click.Context, player: str, source: str) -> None:
    """Record the source Combat Camouflage makes the holder's kills look like.

    Example: hostkit tech camouflage Zed Vigilante
    """
    from ..game.day.tech import camouflage_events

    _game, events = _record(ctx, camouflage_events, player, source)
    ev = events[0]
    click.echo(f"{ev.actor}'s kills will look like: {ev.data['source']}.")


@click.group()
def stockpile() -> None:
    """The Mind Stealer's stockpile: starting roles, a role taken on, the Robot's role.

    \b
    Example:
      hostkit stockpile start Zed Detective Medium
      hostkit stockpile take Zed Detective      (then: hostkit act Zed Investigate Ann)
      hostkit stockpile robot Zed "Bodyguard (Guardian)"   (then: hostkit act Zed "Robot Guard" Ann)
    """


@stockpile.command("show")
@click.argument("player", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def stockpile_show(ctx: click.Context, player: str | None, as_json: bool) -> None:
    """A Mind Stealer's stockpile and the roles taken on now (every Mind Stealer's, with no PLAYER).

    Example: hostkit stockpile show Zed
    """
    from ..game.day.stockpile import show

    data = show(load(ctx), player)
    if as_json:
        emit({"stockpiles": data})  # SPEC: every --json prints one JSON object
        return
    if not data:
        click.echo("No Mind Stealer in this game.")
    for d in data:
        click.echo(f"{d['player']}: starting roles: {', '.join(d['start']) or 'not set'}; "
                   f"stolen: {', '.join(d['stolen']) or 'none'}.")
        robot = {True: "the Robot", False: "tech, no Robot", None: "not chosen yet"}[d["robot"]]
        if d["robot_destroyed"]:
            robot = "the Robot (destroyed)"
        click.echo(f"  Robot or tech: {robot}. Taken on now: {d['taken_on'] or 'nothing'}. "
                   f"Robot's role now: {d['robot_role'] or 'none'}.")


@stockpile.command("start")
@click.argument("player")
@click.argument("roles", nargs=-1, required=True)
@click.pass_context
def stockpile_start(ctx: click.Context, player: str, roles: tuple[str, ...]) -> None:
    """Record the Mind Stealer's starting roles: 1 Investigative and 1 Random, and a Bodyguard
    role with the Robot (record the Robot first: hostkit tech pick PLAYER none).

    Example: hostkit stockpile start Zed Detective Medium
    """
    from ..game.day.stockpile import start_events

    _game, events = _record(ctx, start_events, player, list(roles))
    ev = events[0]
    click.echo(f"{ev.actor} begins with: {', '.join(ev.data['roles'])}.")


@stockpile.command("take")
@click.argument("player")
@click.argument("role", nargs=-1, required=True)
@click.pass_context
def stockpile_take(ctx: click.Context, player: str, role: tuple[str, ...]) -> None:
    """Record the Mind Stealer taking on a stockpiled role for this phase and the next, instead
    of Abducting: enter that role's abilities for it with hostkit act.

    Example: hostkit stockpile take Zed Detective
    """
    from ..game.day.stockpile import take_events

    _game, events = _record(ctx, take_events, player, " ".join(role))
    ev = events[-1]
    click.echo(f"{ev.actor} takes on {ev.data['role']} for {_phases(ev.data['phases'])}, instead of Abducting.")
    for gone in events[:-1]:  # what the player had declined: it gives way to the take
        click.echo(f"{gone.actor}'s declined {gone.ability} is taken back: the taken-on role is used instead.")


@stockpile.command("robot")
@click.argument("player")
@click.argument("role", nargs=-1, required=True)
@click.pass_context
def stockpile_robot(ctx: click.Context, player: str, role: tuple[str, ...]) -> None:
    """Record the stockpiled role the Mind Stealer gives its Robot today (for today and the
    night after): enter its abilities as 'Robot ABILITY' with hostkit act.

    Example: hostkit stockpile robot Zed "Bodyguard (Guardian)"
    """
    from ..model.state import borrowable
    from ..game.day.stockpile import ROBOT_PREFIX, robot_events

    game, events = _record(ctx, robot_events, player, " ".join(role))
    ev = events[0]
    names = [ROBOT_PREFIX + a.name for a in game.ruleset.roles[ev.data["role"]].abilities if borrowable(a)]
    given = ev.data["role"]
    click.echo(f"{ev.actor}'s Robot is {'an' if given[:1] in 'AEIOU' else 'a'} {given} for {_phases(ev.data['phases'])}: "
               f"{', '.join(names) or 'no abilities'}.")


def _phases(phases: list) -> str:
    return " and ".join(f"{k} {n}" for k, n in phases)


COMMANDS = [tech, stockpile]
