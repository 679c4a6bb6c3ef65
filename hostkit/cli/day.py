"""The day's commands: votes (counted from the thread or entered by hand), the elimination,
replacements, the deadline and who has posted. The Sheriff election is cli/sheriff.py's, what
deaths owe cli/deaths.py's, and the rulesets' other day powers cli/powers.py's.

Each command parses its options, calls one core function and prints the result.
"""

from __future__ import annotations

from pathlib import Path

import click

from .base import complete_names, emit, game_dir, load, locked
from ..model.errors import HostkitError


@click.command()
@click.argument("voter", shell_complete=complete_names)
@click.argument("target", required=False, shell_complete=complete_names)
@click.option("--unvote", is_flag=True, help="Remove the voter's vote.")
@click.option("--after-post", type=int, default=None, help="The correction outranks votes up to this post.")
@click.option("--by", default=None, metavar="PLAYER", shell_complete=complete_names,
              help="The player who controls VOTER's vote today (Mind Control Ray) chose this vote.")
@click.pass_context
def vote(ctx: click.Context, voter: str, target: str | None, unvote: bool, after_post: int | None,
         by: str | None) -> None:
    """Record a vote by hand for the current day (TARGET 'none' = no elimination).

    
    A player whose vote another controls today (paranormal's Mind Control Ray) votes only as the
    controller chooses: --by CONTROLLER; their own votes in the thread are not counted.
    Example: hostkit vote Ann Bob    /    hostkit vote Ann --unvote    /    hostkit vote Dee Bob --by Ms
    """
    if unvote == (target is not None):
        raise HostkitError("give a TARGET or --unvote (not both)")
    with locked(ctx):
        game = load(ctx)
        entry = game.vote(voter, None if unvote else target, after_post=after_post, by=by)
    if entry.target == "none" and not game.state.options.get("no-elimination", True):
        what = "abstains"
    else:
        what = "unvotes" if entry.target is None else f"votes {entry.target}"
    click.echo(f"recorded: {entry.voter} {what}")


@click.command()
@click.argument("player", required=False, shell_complete=complete_names)
@click.option("--none", "no_one", is_flag=True, help="End the day with no elimination.")
@click.option("--force", is_flag=True, help="Overrule the day's count (a tie, or not the top vote-getter).")
@click.pass_context
def eliminate(ctx: click.Context, player: str | None, no_one: bool, force: bool) -> None:
    """End the day with that elimination (or --none); the next night begins.

    \b
    With votes recorded for the day (by hand, or a thread count), the elimination must be the
    one the day's latest count gives: who reached the majority, the top vote-getter under
    plurality, no one on a tie that eliminates no one or with no majority reached; --force
    overrules. With no votes recorded, any elimination stands. A thread count that hand votes
    recorded (or taken back) after it left out checks nothing: count again with 'hostkit votes'.
    Example: hostkit eliminate Bob

    \b
    The day's actions resolve first (seed natural II): Immediate ones still waiting, in entry
    order, then every Day and Cycle action; their outcome is printed before the elimination. A
    player they kill, or a win they bring, leaves no one to eliminate (use --none). An ITA window
    still open closes with the day.
    """
    from ..game.daytools import aftermath, checked_elimination
    from ..words.text import outcome_text

    if no_one == (player is not None):
        raise HostkitError("give a PLAYER or --none (not both)")
    with locked(ctx):
        old = load(ctx)
        end = checked_elimination(old, None if no_one else player, force=force)
        game = old.append(*old.day_end(end))
    if old.state.ita_open:
        click.echo(f"ITA window {old.state.ita_open} closes with the day.")
    for outcome in game.phases[old.current.index - 1].outcomes[len(old.current.outcomes):]:
        click.echo(outcome_text(outcome))
    name = end.eliminated or None
    click.echo((f"{name} is eliminated." if name else "No one is eliminated.")
               + (" " + _over(game.state) if game.state.winner
                  else f" It is now {game.state.phase} {game.state.number}."))
    for line in aftermath(old, game):
        click.echo(line)



def _thread_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--url as given must be a thread's URL: an empty one is refused, never read as 'no --url'
    (which fetched the game's own thread instead)."""
    if value is None:
        return None
    from ..model.checks import check_thread

    if not value.strip():
        raise HostkitError("--url: empty; give the thread's URL, or leave --url out to read the game's --thread")
    return check_thread(value, "--url")


def thread_options(f):
    """--html FILE... and --url URL: where a command reads the thread from."""
    f = click.option("--url", default=None, callback=_thread_url,
                     help="The thread's URL (default: the game's --thread).")(f)
    return click.option("--html", "html", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
                        help="A saved page of the thread (repeat, in order); no network.")(f)


def format_option(f):
    """--format bbcode|markdown|plain: the format of what a command renders."""
    return click.option("--format", "fmt", type=click.Choice(["bbcode", "markdown", "plain"]), default=None,
                        help="Render as bbcode, markdown or plain (default: the game's 'format' option, "
                             "shown by 'hostkit status').")(f)


@click.command()
@thread_options
@click.option("--from-post", type=int, default=None, help="Count from this post (default: the day's start post).")
@click.option("--to-post", type=int, default=None, help="Count as of this post.")
@click.option("--hand-only", is_flag=True, help="Count only the votes entered with 'hostkit vote'; read no thread.")
@click.option("--publish", is_flag=True,
              help="This is the count you post: it takes the day's next number (1.03). Without it, a preview.")
@format_option
@click.option("--send", is_flag=True,
              help="Publish the count and post it as a reply in the game's thread (journalled: never twice).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def votes(ctx: click.Context, html, url, from_post, to_post, hand_only: bool, publish: bool, fmt, send: bool,
          as_json: bool) -> None:
    """Count the current day's votes and print the vote count post.

    \b
    Votes are read from the thread (fetched, or --html saved pages) together with the votes
    entered by hand with 'hostkit vote'. The ignored vote texts follow the post, for the
    host's eyes only (with a warning when the day has no start post: the count then runs from
    the first post read). A count is a preview, marked "(preview)", until you --publish it:
    only published counts take the day's next number. With a deadline set ('hostkit
    deadline'), the count shows the time left, and once it has passed, what the rules do.
    Examples:
      hostkit votes --html page1.html --html page2.html
      hostkit votes --publish --format markdown
      hostkit votes --url https://forum.example/threads/game.123/ --json
      hostkit votes --send        count the live thread, publish the count and post it there
    """
    from ..game.day.daycount import count_votes, day_pages, game_stamp, publish_fresh

    if hand_only and (html or url):
        raise HostkitError("--hand-only reads no thread: give it without --html and --url")
    game = load(ctx)
    if send:
        if html or hand_only or as_json:
            raise HostkitError("votes --send counts the live thread and posts the count: "
                               "leave out --html, --hand-only and --json")
        from ..forum.votecount import count_to_forum

        for line in count_to_forum(game, lambda: load(ctx), url=url, from_post=from_post, to_post=to_post, fmt=fmt):
            click.echo(line)
        return
    stamp = game_stamp(game.folder)
    # no lock while the forum is slow; if it is down, the last pages read, marked stale
    pages, stale = day_pages(game, html=html, url=url, hand_only=hand_only, fallback=True)
    count = count_votes(game, pages, from_post=from_post, to_post=to_post)
    if publish and stale is not None:
        raise HostkitError(f"not publishing a stale count: {stale}")
    if stale is None:
        with locked(ctx):  # the count's number is taken and kept under the lock, of the game as it is then
            game, count = publish_fresh(game, count, pages, stamp=stamp, reload=lambda: load(ctx),
                                        from_post=from_post, to_post=to_post, publish=publish)
    if as_json:
        from ..game.day.daycount import no_elimination

        none_majority, none_reached = no_elimination(game, count)
        emit({**count.to_json(), "none_majority": none_majority, "none_reached": none_reached,
              "stale": stale, "preview": not publish})
    else:
        if stale:
            click.echo(f"STALE COUNT (not from the live thread): {stale}", err=True)
            click.echo(f"[STALE: the forum could not be reached; {stale.split('; ', 1)[-1]}]")
        from ..words.publish import vote_count_post  # Jinja: only when the post is printed

        click.echo(vote_count_post(game, count, host_notes=True, preview=not publish, fmt=fmt, start=from_post))


@click.command()
@thread_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def posts(ctx: click.Context, html, url, as_json: bool) -> None:
    """List the thread's posts as hostkit reads them: number, author, time, vote texts.

    Without a game, every vote markup is looked for.
    Example: hostkit posts --html page1.html --json
    """
    from ..store.folder import is_game
    from ..votes.count import posts_report, read_pages

    folder = game_dir(ctx)
    game = load(ctx) if is_game(folder) else None
    pages = read_pages(folder=game.folder if game else None, html=html,
                       url=url or (game.setup.thread if game else None), progress=not html)
    report = posts_report(pages, game.setup.vote_markup if game else None)
    for warning in report["warnings"]:
        click.echo(f"Warning: {warning}", err=True)
    if as_json:
        emit(report)
        return
    for p in report["posts"]:
        click.echo(f"#{p['number']:<5} {p['author']}  {p['time'] or ''}" + (" (edited)" if p["edited"] else "")
                   + ("  votes: " + " | ".join(p["votes"]) if p["votes"] else ""))
    click.echo("Posts: " + ", ".join(f"{a} {n}" for a, n in sorted(report["counts"].items(), key=lambda i: -i[1])))


@click.command("start-post")
@click.argument("post", type=int)
@click.pass_context
def start_post(ctx: click.Context, post: int) -> None:
    """Record the post that opened the current day: votes count from there.

    A setting of the day, not an entry: run it again to change it ('hostkit undo' takes back
    the last entry, not this). Example: hostkit start-post 412
    """
    with locked(ctx):
        load(ctx).start_post(post)
    click.echo(f"The day's votes count from post {post} (a setting, not an entry: 'hostkit start-post N' "
               "changes it; undo does not take it back).")


@click.command("replace")
@click.argument("old")
@click.argument("new")
@click.option("--after-post", type=int, default=None,
              help="Where a ruleset that clears a replaced player's vote clears it: after this post.")
@click.pass_context
def replace_(ctx: click.Context, old: str, new: str, after_post: int | None) -> None:
    """NEW replaces OLD: the slot keeps its role, actions and votes; OLD stays an alias.

    \b
    Where the ruleset says a replaced player's vote is cleared (paranormal: 'Inactive players
    who are up for Replacement will have their Vote cleared'), a replacement by day also
    records an unvote: after --after-post N, else after the day's latest count.
    'hostkit undo' does not take a replacement back (it changes the setup, not the record):
    'hostkit replace NEW OLD' right after does. Example: hostkit replace Bob "Bobby Tables"
    """
    from ..game.day.replacement import cleared_words, replace

    with locked(ctx):
        back, cleared, shortened = replace(load(ctx), old, new, after_post=after_post)
    click.echo(f"{new} is back in the slot of {old}: the replacement is taken back." if back else
               f"{new} replaces {old} ('hostkit replace {new} {old}' takes it back; undo does not)."
               + cleared_words(cleared, old, shortened))


@click.command()
@click.argument("when", required=False)
@click.option("--clear", is_flag=True, help="Remove the day's deadline.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def deadline(ctx: click.Context, when: str | None, clear: bool, as_json: bool) -> None:
    """Set, show or clear the current day's deadline; vote counts show the time left.

    \b
    WHEN is '2026-11-23 18:00' (UTC unless an offset is given: '2026-11-23T18:00-05:00') or
    from now: '+1d4h', '48h', '90m'. Once it has passed, 'hostkit votes' says what the
    ruleset's deadline rule does (plurality, majority, ties). Examples:
      hostkit deadline "+2d"
      hostkit deadline 2026-11-23 18:00
      hostkit deadline              (show it)
    """
    from ..game.daytools import deadline_events, deadline_info

    if clear and when:
        raise HostkitError("give WHEN or --clear, not both")
    if when or clear:
        with locked(ctx):
            game = load(ctx).append(*deadline_events(load(ctx), None if clear else when))
    else:
        game = load(ctx)
        game.open_phase("day")
    info = deadline_info(game)
    if when and info is not None and info["passed"]:
        # Recorded, as the host may set a deadline after the fact; but a past time is often a typo.
        click.echo(f"Warning: that deadline ({info['at']}) has already passed ({info['left']}): vote counts now "
                   "apply the deadline rule and a day action needs 'act --on-time'; 'hostkit undo' takes it back",
                   err=True)
    if as_json:
        emit({"deadline": info})
    elif info is None:
        click.echo(f"Day {game.current.record.number} has no deadline.")
    else:
        click.echo(f"Deadline: {info['left']} ({info['at']}).")


@click.command()
@thread_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def activity(ctx: click.Context, html, url, as_json: bool) -> None:
    """Each living player's posts this day and the time since their last post, for prodding.

    \b
    Counts the thread's posts from the day's start post (all posts read when none is recorded),
    by player name or alias; the quietest first.
    Example: hostkit activity --html page7.html
    """
    from ..game.daytools import activity_report
    from ..votes.count import read_pages

    game = load(ctx)
    url = url or game.setup.thread
    if not (html or url):
        raise HostkitError("no thread to read: give --html FILE or --url URL (or create the game with --thread)")
    pages = read_pages(folder=game.folder, html=html, url=url, progress=not html)
    report = activity_report(game, pages)
    if as_json:
        emit(report)
        return
    if report["from_first_post"]:
        click.echo("No start post recorded for today: counting every post read.")
    width = max((len(p["player"]) for p in report["players"]), default=6)
    for p in report["players"]:
        last = f"last post #{p['last_post']} {p['since']}" if p["last_post"] is not None else "no posts today"
        click.echo(f"  {p['player']:<{width}}  {p['posts']:>3} post(s)  {last}")


COMMANDS = [vote, eliminate, votes, posts, start_post, replace_, deadline, activity]


def _over(state) -> str:
    """The game-over line (rulings.over_text): the winner, and everyone else who won."""
    from ..game.day.rulings import over_text

    return over_text(state)
