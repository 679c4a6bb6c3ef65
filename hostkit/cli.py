"""The hostkit command line. Each command parses its options, calls one core function and
prints the result; every HostkitError becomes a one-line message and exit code 1."""

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
@click.option("--file", "file", type=click.File("r", encoding="utf-8"), default=None,
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
            lines, labels = parse_act_lines(game, file.read(), getattr(file, "name", "-"))
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
@click.argument("voter")
@click.argument("target", required=False)
@click.option("--unvote", is_flag=True, help="Remove the voter's vote.")
@click.option("--after-post", type=int, default=None, help="The correction outranks votes up to this post.")
@click.pass_context
def vote(ctx: click.Context, voter: str, target: str | None, unvote: bool, after_post: int | None) -> None:
    """Record a vote by hand for the current day (TARGET 'none' = no elimination).

    Example: hostkit vote Ann Bob    /    hostkit vote Ann --unvote
    """
    if unvote == (target is not None):
        raise HostkitError("give a TARGET or --unvote (not both)")
    with locked(ctx):
        entry = load(ctx).vote(voter, None if unvote else target, after_post=after_post)
    click.echo(f"recorded: {entry.voter} " + ("unvotes" if entry.target is None else f"votes {entry.target}"))


@cli.command()
@click.argument("player", required=False)
@click.option("--none", "no_one", is_flag=True, help="End the day with no elimination.")
@click.pass_context
def eliminate(ctx: click.Context, player: str | None, no_one: bool) -> None:
    """End the day with that elimination (or --none); the next night begins.

    Example: hostkit eliminate Bob
    """
    if no_one == (player is not None):
        raise HostkitError("give a PLAYER or --none (not both)")
    with locked(ctx):
        game = load(ctx)
        name = game.eliminate(None if no_one else player)
        game = load(ctx)
    click.echo((f"{name} is eliminated." if name else "No one is eliminated.")
               + (f" The game is over: {game.state.winner} wins." if game.state.winner
                  else f" It is now {game.state.phase} {game.state.number}."))


@cli.command()
@click.pass_context
def undo(ctx: click.Context) -> None:
    """Take back the last recorded entry: an action, a resolution, a vote or an elimination.

    Example: hostkit undo
    """
    with locked(ctx):
        what = load(ctx).undo()
    click.echo(f"undone: {what}")


def thread_options(f):
    """--html FILE... and --url URL: where a command reads the thread from."""
    f = click.option("--url", default=None, help="The thread's URL (default: the game's --thread).")(f)
    return click.option("--html", "html", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
                        help="A saved page of the thread (repeat, in order); no network.")(f)


def count_for(ctx: click.Context, html, url, from_post, to_post, hand_only: bool = False):
    from .votes.count import count_votes, read_pages

    game = load(ctx)
    pages = [] if hand_only else read_pages(folder=game.folder, html=html, url=url or game.setup.thread,
                                            progress=not html)
    return game, count_votes(game, pages, from_post=from_post, to_post=to_post)


@cli.command()
@thread_options
@click.option("--from-post", type=int, default=None, help="Count from this post (default: the day's start post).")
@click.option("--to-post", type=int, default=None, help="Count as of this post.")
@click.option("--hand-only", is_flag=True, help="Count only the votes entered with 'hostkit vote'; read no thread.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def votes(ctx: click.Context, html, url, from_post, to_post, hand_only: bool, as_json: bool) -> None:
    """Count the current day's votes and print the vote count post.

    \b
    Votes are read from the thread (fetched, or --html saved pages) together with the votes
    entered by hand with 'hostkit vote'. The ignored vote texts follow the post, for the
    host's eyes only. Examples:
      hostkit votes --html page1.html --html page2.html
      hostkit votes --url https://forum.example/threads/game.123/ --json
    """
    from .publish import vote_count_post
    from .votes.count import remember

    game, count = count_for(ctx, html, url, from_post, to_post, hand_only)  # no lock while the forum is slow
    with locked(ctx):
        remember(game, count)
    emit(count.to_json()) if as_json else click.echo(vote_count_post(game, count, host_notes=True))


@cli.command()
@thread_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def posts(ctx: click.Context, html, url, as_json: bool) -> None:
    """List the thread's posts as hostkit reads them: number, author, time, vote texts.

    Without a game, every vote markup is looked for.
    Example: hostkit posts --html page1.html --json
    """
    from .store import is_game
    from .votes.count import posts_report, read_pages

    folder = game_dir(ctx)
    game = load(ctx) if is_game(folder) else None
    pages = read_pages(folder=game.folder if game else None, html=html,
                       url=url or (game.setup.thread if game else None), progress=not html)
    report = posts_report(pages, game.setup.vote_markup if game else None)
    if as_json:
        emit(report)
        return
    for p in report["posts"]:
        click.echo(f"#{p['number']:<5} {p['author']}  {p['time'] or ''}" + (" (edited)" if p["edited"] else "")
                   + ("  votes: " + " | ".join(p["votes"]) if p["votes"] else ""))
    click.echo("Posts: " + ", ".join(f"{a} {n}" for a, n in sorted(report["counts"].items(), key=lambda i: -i[1])))


@cli.command("start-post")
@click.argument("post", type=int)
@click.pass_context
def start_post(ctx: click.Context, post: int) -> None:
    """Record the post that opened the current day: votes count from there.

    Example: hostkit start-post 412
    """
    with locked(ctx):
        load(ctx).start_post(post)
    click.echo(f"The day's votes count from post {post}.")


@cli.command("replace")
@click.argument("old")
@click.argument("new")
@click.pass_context
def replace_(ctx: click.Context, old: str, new: str) -> None:
    """NEW replaces OLD: the slot keeps its role, actions and votes; OLD stays an alias.

    Example: hostkit replace Bob "Bobby Tables"
    """
    with locked(ctx):
        load(ctx).replace_player(old, new)
    click.echo(f"{new} replaces {old}.")


@cli.group(cls=Group)
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
    game = load(ctx)
    st = game.state
    data = {"sheriff": st.sheriff, "candidates": st.candidates, "withdrawn": st.withdrawn,
            "running": game.running(), "votes": st.election_votes, "election": st.election,
            "not_voted": game.sheriff_missing() if st.election is None else []}
    if as_json:
        emit(data)
        return
    click.echo(f"Sheriff: {st.sheriff or 'none'}")
    click.echo(f"Running: {', '.join(data['running']) or 'no one'}"
               + (f" (withdrew: {', '.join(st.withdrawn)})" if st.withdrawn else ""))
    for voter, target in st.election_votes.items():
        click.echo(f"  {voter} -> {target}")
    if data["not_voted"]:
        click.echo(f"Not voted yet: {', '.join(data['not_voted'])}")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def due(ctx: click.Context, as_json: bool) -> None:
    """What the latest deaths owe: last words, a Hunter's shot, the Sheriff's badge.

    Example: hostkit due
    """
    game = load(ctx)
    items = game.due()
    if as_json:
        emit({"due": items, "winner": game.state.winner})
        return
    if not items:
        click.echo("Nothing is owed.")
    for item in items:
        owes = ", ".join(item["owes"]) or "nothing"
        why = f" (no shot: died of {item['no_shot_because']})" if item["no_shot_because"] else ""
        click.echo(f"{item['player']} ({item['role']}, {item['kind']}, {item['when']}): {owes}{why}")
    if game.state.winner:
        click.echo(f"The game is over: {game.state.winner} wins.")


@cli.command()
@click.argument("shooter")
@click.argument("target")
@click.pass_context
def shoot(ctx: click.Context, shooter: str, target: str) -> None:
    """Record a dead Hunter's last shot (TARGET 'skip' to hold fire).

    Example: hostkit shoot Eve Bob
    """
    from .game import SKIP_WORDS

    with locked(ctx):
        victim = load(ctx).shoot(shooter, None if target.lower() in SKIP_WORDS else target)
        game = load(ctx)
    click.echo(f"{shooter} shoots {victim}." if victim else f"{shooter} holds their fire.")
    if game.state.winner:
        click.echo(f"The game is over: {game.state.winner} wins.")


@cli.command()
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


@cli.command()
@click.argument("player", required=False)
@click.option("--night", type=int, default=None, help="The night result PMs of night N.")
@click.option("--info", is_flag=True, help="Mid-night information for roles that need it (the Witch's view).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write one file per player into DIR.")
@click.pass_context
def pm(ctx: click.Context, player: str | None, night: int | None, info: bool, out: Path | None) -> None:
    """Render role PMs (default), night result PMs (--night N) or mid-night info (--info).

    \b
    Examples:
      hostkit pm                  every role PM
      hostkit pm Ann --night 1    what Ann learned on night 1
      hostkit pm --night 1 --out pms/
    """
    from .publish import night_info, night_info_players, night_pms, pms_text, role_pms, write_pms

    game = load(ctx)
    if night is not None and info:
        raise HostkitError("give --night N or --info, not both")
    if night is not None:
        pms = night_pms(game, night, player)
    elif info:
        names = [game.player(player)] if player else night_info_players(game)
        pms = [(n, night_info(game, n)) for n in names]
    else:
        pms = role_pms(game, player)
    if out is not None:
        for path in write_pms(pms, out):
            click.echo(f"wrote {path}")
        return
    click.echo(pms_text(pms) if pms else "No PMs: no one learns anything.")


@cli.group(cls=Group)
def post() -> None:
    """Render a public post from the game's templates: deaths, votecount or flip.

    Example: hostkit post deaths --night 1
    """


@post.command()
@click.option("--night", type=int, default=None, help="Which night (default: the last resolved one).")
@click.pass_context
def deaths(ctx: click.Context, night: int | None) -> None:
    """The death post of a night, with flavour and where each body was found.

    Example: hostkit post deaths --night 2
    """
    from .publish import death_post

    game = load(ctx)
    if night is None:
        if not game.outcomes:
            raise HostkitError("no night has been resolved yet")
        night = max(game.outcomes)
    if night not in game.outcomes:
        raise HostkitError(f"night {night} has not been resolved")
    click.echo(death_post(game, night))


@post.command()
@click.argument("player")
@click.pass_context
def flip(ctx: click.Context, player: str) -> None:
    """The flip of a dead player, at the game's flip level (none, alignment, role, pm).

    Example: hostkit post flip Bob
    """
    from .publish import flip_post

    click.echo(flip_post(load(ctx), player))


@post.command()
@click.pass_context
def order(ctx: click.Context) -> None:
    """Today's speaking order for Discussion: the Sheriff speaks last.

    Example: hostkit post order
    """
    from .publish import speaking_order_post

    click.echo(speaking_order_post(load(ctx)))


@post.command()
@thread_options
@click.option("--from-post", type=int, default=None, help="Count from this post.")
@click.option("--to-post", type=int, default=None, help="Count as of this post.")
@click.pass_context
def votecount(ctx: click.Context, html, url, from_post, to_post) -> None:
    """The vote count post alone (what 'hostkit votes' prints, without the host's notes).

    Example: hostkit post votecount --html page3.html
    """
    from .publish import vote_count_post

    game, count = count_for(ctx, html, url, from_post, to_post)
    click.echo(vote_count_post(game, count))


@cli.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
def demo(folder: Path | None) -> None:
    """Play a whole cycle of a bundled example game in a temporary folder (or FOLDER).

    Example: hostkit demo
    """
    from .demo import run_demo

    run_demo(folder, click.echo)


def main() -> None:
    cli(prog_name="hostkit")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
