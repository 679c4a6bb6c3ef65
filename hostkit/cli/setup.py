"""Setting up: the rulesets and their roles, a new game, its status, and the demo."""

from __future__ import annotations

from pathlib import Path

import click

from .base import complete_names, emit, load, locked


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def rulesets(as_json: bool) -> None:
    """List the bundled rulesets, with their options and defaults.

    Example: hostkit rulesets --json
    """
    from ..words.catalog import rulesets_info
    from ..words.text import rulesets_table

    items = rulesets_info()
    emit({"rulesets": items}) if as_json else click.echo(rulesets_table(items))


@click.command()
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def roles(ruleset: str, as_json: bool) -> None:
    """List a ruleset's roles with alignment and abilities.

    Example: hostkit roles classic-werewolf
    """
    from ..words.catalog import roles_info
    from ..rules.rulesets import load_ruleset
    from ..words.text import roles_text

    rs = load_ruleset(ruleset)
    emit(roles_info(rs)) if as_json else click.echo(roles_text(rs))


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--ruleset", required=True, help="A bundled ruleset (see 'hostkit rulesets').")
@click.option("--player", "players", multiple=True, help="A player's forum name (repeat).")
@click.option("--assign", multiple=True, help="NAME=ROLE: fix a player's role (adds the player).")
@click.option("--roles", "roles_", help="ROLE,ROLE,...: dealt at random to the --player names.")
@click.option("--alias", multiple=True, help="NAME=ALIAS: another name votes may use.")
@click.option("--weight", multiple=True, help="NAME=W: a player's standing vote weight.")
@click.option("--split-votes", "splits", multiple=True, metavar="NAME",
              help="NAME's --weight is so many votes that may go to different players (a post's two votes "
                   "count one each; one vote counts as one).")
@click.option("--threshold", "thresholds", multiple=True,
              help="NAME=N: add N (-5..+5) to the votes that eliminate NAME (Loved +1, Hated -1).")
@click.option("--loved", multiple=True, help="NAME: Loved, one more vote than the majority eliminates them.")
@click.option("--hated", multiple=True, help="NAME: Hated, one vote fewer than the majority eliminates them.")
@click.option("--vote-markup", "markups", multiple=True,
              help="red, bold, tag or hash; repeatable (default: red, bold and tag, what forum players write).")
@click.option("--option", "options", multiple=True, help="KEY=VALUE: a ruleset option for this game.")
@click.option("--attribute", "attributes", multiple=True,
              help="NAME=ATTRIBUTE: one of the ruleset's attributes on NAME's role (paranormal: Kook, Mind Shield...).")
@click.option("--inform", "informs", multiple=True,
              help="NAME=TEXT: what an Informed player (natural's 'Town Informed Vanilla Townie') is told of the "
                   "setup in their role PM.")
@click.option("--host", "hosts", multiple=True, help="A moderator's forum account: never counted as votes.")
@click.option("--seed", type=int, default=None, help="Seed for dealing and every random choice.")
@click.option("--thread", default=None, help="The game thread's URL.")
@click.option("--title", default="", help="The game's title, used in PMs and posts.")
@click.option("--start", default="", metavar="PHASE",
              help="day:N or night:N: a game moved to hostkit mid-way starts at that phase (default: the "
                   "ruleset's first).")
@click.option("--git", "use_git", is_flag=True,
              help="Keep the game in git: git init, the merge driver (see git-setup), the first commit.")
def new(folder: Path, ruleset: str, players, assign, roles_, alias, weight, splits, thresholds, loved, hated,
        markups, options, attributes, informs, hosts, seed, thread, title, start: str, use_git: bool) -> None:
    """Create a game folder.

    A game moved to hostkit mid-way starts at its phase with --start day:4 (or night:3): its
    days and counts are numbered from there (Vote Count 4.01).

    \b
    Example:
      hostkit new g1 --ruleset classic-werewolf --player Ann --player Bob --player Cy \\
          --roles Seer,Werewolf,Villager --seed 7 --host Mod
    """
    from ..game.game import create

    game = create(folder, ruleset=ruleset, players=players, assign=assign, roles=roles_, aliases=alias,
                  weights=weight, thresholds=thresholds, loved=loved, hated=hated, markups=markups,
                  options=options, hosts=hosts, seed=seed, thread=thread,
                  title=title, attributes=attributes, start=start, splits=splits, informs=informs)
    if use_git:
        from ..game.cohost import git_init

        git_init(folder, f"hostkit new: {title or folder.name} ({game.ruleset.name}, {len(game.setup.players)} players)")
    st = game.state
    click.echo(f"Created {folder}: {game.ruleset.name}, {len(st.players)} players, seed {game.setup.seed}; "
               f"it is {st.phase} {st.number}.")
    click.echo(f"Votes are read in {', '.join(game.setup.vote_markup)} ('hostkit vote-markup' changes it).")
    from ..game.day.rulings import host_notices

    for notice in host_notices(game):
        click.echo(f"host: {notice}")


@click.command("option")
@click.argument("setting", metavar="KEY=VALUE")
@click.pass_context
def option(ctx: click.Context, setting: str) -> None:
    """Set one of the host's judgements in a running game: the numbers a seed leaves to the host
    (paranormal: max-day, abomination-night, mind-stealer-goal, mind-stealer-points), or one of
    hostkit watch's switches (watch-count-votes, watch-reminders, watch-lock, ...: docs/watch.md).
    Other options are fixed at 'hostkit new --option'. A value that reaches into what has been
    played (a maximum day already over) is refused.

    \b
    Examples:
      hostkit option max-day=6
      hostkit option watch-count-votes=5
    """
    from ..game.judgements import set_option

    with locked(ctx):
        key, old, new = set_option(load(ctx), setting)
    click.echo(f"option {key}: {old} -> {new}" if old != new else f"option {key} is {new} already")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def status(ctx: click.Context, as_json: bool) -> None:
    """Show the phase and every player's role, life and standing effects.

    \b
    Also: who the phase still waits on, the format posts and PMs are rendered in (the game's
    'format' and 'pm-format' options; every rendering command's --format overrides it), and
    the forum engine posts are written for.
    Example: hostkit --game g1 status --json
    """
    from ..game.daytools import status_report
    from ..words.text import status_text

    st = status_report(load(ctx))
    emit(st) if as_json else click.echo(status_text(st))


@click.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
def demo(folder: Path | None) -> None:
    """Play a whole cycle of a bundled example game in a temporary folder (or FOLDER).

    Example: hostkit demo
    """
    from .demo import run_demo

    run_demo(folder, click.echo)


@click.command("alias")
@click.argument("player")
@click.argument("name")
@click.pass_context
def alias(ctx: click.Context, player: str, name: str) -> None:
    """NAME is another name of PLAYER: their posts and votes under it count as PLAYER's.

    \b
    For a renamed forum account, or a nickname the thread votes by; checked as 'new --alias' is.
    The vote count suggests it when a non-player votes like a player.
    Example: hostkit alias Wake88 Wake1
    """
    with locked(ctx):
        who = load(ctx).add_alias(player, name)
    click.echo(f"{name!r} is now another name of {who}: their posts and votes under it count as {who}'s.")


@click.command("split-votes")
@click.argument("player", shell_complete=complete_names)
@click.option("--off", is_flag=True, help="Their votes go together again: a post's last vote counts their whole weight.")
@click.pass_context
def split_votes(ctx: click.Context, player: str, off: bool) -> None:
    """PLAYER controls each of their votes: two votes in one post count one each, one vote counts one.

    \b
    'new --split-votes' in a running game (a vote-weight item, a host who learns of it late);
    the next count reads it. PLAYER must be alive, with a vote weight of whole votes, 2 or more.
    A setting, not an entry: 'undo' does not take it back; --off does.
    Example: hostkit split-votes Ann
    """
    with locked(ctx):
        who, changed = load(ctx).set_split(player, not off)
    if not changed:
        click.echo(f"{who}'s votes already go together: nothing changed." if off
                   else f"{who} already controls each of their votes: nothing changed.")
    elif off:
        click.echo(f"{who}'s votes go together again: a post's last vote counts their whole weight.")
    else:
        click.echo(f"{who} now controls each of their votes: two votes in one post count one each, one vote one.")


@click.command("vote-markup")
@click.argument("markups", nargs=-1, metavar="[MARKUP]...")
@click.pass_context
def vote_markup(ctx: click.Context, markups: tuple[str, ...]) -> None:
    """Show or change how votes are marked in the thread: red, bold, tag ([vote]) or hash (##vote).

    \b
    A new game reads red, bold and tag (what forum players write); a running game changes it here,
    and the next count reads the thread so. A setting, not an entry: 'undo' does not take it back.
    Examples:
      hostkit vote-markup              the game's markup
      hostkit vote-markup bold         only bold votes count from the next count on
      hostkit vote-markup red bold tag
    """
    from ..game.markup import set_vote_markup

    if not markups:
        click.echo("Votes are read in: " + ", ".join(load(ctx).setup.vote_markup))
        return
    with locked(ctx):
        old, new = set_vote_markup(load(ctx), markups)
    if old == new:
        click.echo(f"Votes are read in {', '.join(new)} already: nothing changed.")
    else:
        click.echo(f"Votes were read in {', '.join(old)}; from the next count on they are read in {', '.join(new)}.")


COMMANDS = [rulesets, roles, new, option, status, demo, alias, split_votes, vote_markup]
