"""The Day 1 Sheriff election (classic-werewolf): run, withdraw, vote, count, elect, revote, status.

Each command parses its options, calls one core function and prints the result.
"""

from __future__ import annotations

import click

from .base import Group, emit, load, locked
from .day import thread_options


@click.group(cls=Group)
def sheriff() -> None:
    """The Day 1 Sheriff election: run, withdraw, vote, elect, status.

    \b
    A host who holds no election just carries on to votes and 'eliminate'. Example:
      hostkit sheriff run Ann Dave
      hostkit sheriff withdraw Dave
      hostkit sheriff vote Bob Ann
      hostkit sheriff elect
    """


@sheriff.command("run")
@click.argument("players", nargs=-1, required=True)
@click.pass_context
def sheriff_run(ctx: click.Context, players: tuple[str, ...]) -> None:
    """Register Sheriff candidates (Campaign, Day 1 only).

    Example: hostkit sheriff run Ann Dave
    """
    with locked(ctx):
        names = load(ctx).sheriff_run(players)
    click.echo("Running for Sheriff: " + ", ".join(names))


@sheriff.command("withdraw")
@click.argument("player")
@click.pass_context
def sheriff_withdraw(ctx: click.Context, player: str) -> None:
    """A candidate opts out, once and for good, before the first vote (OptOut).

    Example: hostkit sheriff withdraw Dave
    """
    with locked(ctx):
        name = load(ctx).sheriff_withdraw(player)
    click.echo(f"{name} opts out of the Sheriff race.")


@sheriff.command("vote")
@click.argument("voter")
@click.argument("candidate")
@click.pass_context
def sheriff_vote(ctx: click.Context, voter: str, candidate: str) -> None:
    """Record a Sheriff election vote (every living player must vote; a later vote replaces).

    Example: hostkit sheriff vote Bob Ann
    """
    with locked(ctx):
        who, target = load(ctx).sheriff_vote(voter, candidate)
    click.echo(f"recorded: {who} votes {target} for Sheriff")


@sheriff.command("count")
@thread_options
@click.option("--from-post", type=int, required=True, help="The first post of the election.")
@click.option("--to-post", type=int, default=None, help="The last post of the election.")
@click.option("--record", is_flag=True, help="Record the votes found, as if entered with 'sheriff vote'.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def sheriff_count(ctx: click.Context, html, url, from_post, to_post, record: bool, as_json: bool) -> None:
    """Read the Sheriff election votes from the thread (red votes between two posts).

    \b
    Each living player's last vote for a running candidate counts; --record enters them.
    Example: hostkit sheriff count --html day1.html --from-post 3 --to-post 40 --record
    """
    from ..game.day.daycount import election_votes
    from ..votes.count import read_pages

    game = load(ctx)
    pages = read_pages(folder=game.folder, html=html, url=url or game.setup.thread, progress=not html)
    found, ignored = election_votes(game, pages, from_post=from_post, to_post=to_post)
    if record:
        with locked(ctx):
            load(ctx).sheriff_votes_many(found)
    missing = game.sheriff_missing(found)
    if as_json:
        emit({"votes": found, "not_voted": missing, "recorded": record,
              "ignored": [i._asdict() for i in ignored]})
        return
    for voter, target in found.items():
        click.echo(f"  {voter} -> {target}")
    click.echo(f"Not voted: {', '.join(missing) or 'no one'}" + ("" if not record else f"\nRecorded {len(found)} vote(s)."))
    for i in ignored:
        click.echo(f"  ignored: post {i.post}, {i.author}: {i.text} ({i.reason})")


@sheriff.command("elect")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def sheriff_elect(ctx: click.Context, as_json: bool) -> None:
    """Close the election: the most weighted votes win; a tie elects no one.

    Example: hostkit sheriff elect
    """
    with locked(ctx):
        result = load(ctx).sheriff_elect()
    if as_json:
        emit(result)
        return
    click.echo(", ".join(f"{c} {v:g}" for c, v in result["totals"].items()))
    click.echo(f"{result['winner']} is elected Sheriff." if result["winner"] else "A tie: no Sheriff is elected.")


@sheriff.command("revote")
@click.pass_context
def sheriff_revote(ctx: click.Context) -> None:
    """After a tie, a second round among the tied (only with --option sheriff-tie=revote).

    Example: hostkit sheriff revote
    """
    with locked(ctx):
        names = load(ctx).sheriff_revote()
    click.echo("Second round between " + " and ".join(names) + ": everyone votes again.")


@sheriff.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def sheriff_status(ctx: click.Context, as_json: bool) -> None:
    """The race so far: candidates, withdrawals, votes, who has not voted, the Sheriff.

    Example: hostkit sheriff status
    """
    data = load(ctx).sheriff_race()
    if as_json:
        emit(data)
        return
    click.echo(f"Sheriff: {data['sheriff'] or 'none'}")
    click.echo(f"Running: {', '.join(data['running']) or 'no one'}"
               + (f" (withdrew: {', '.join(data['withdrawn'])})" if data["withdrawn"] else ""))
    for voter, target in data["votes"].items():
        click.echo(f"  {voter} -> {target}")
    if data["not_voted"]:
        click.echo(f"Not voted yet: {', '.join(data['not_voted'])}")


COMMANDS = [sheriff]
