"""The day's commands: votes (counted from the thread or entered by hand), the elimination,
the Sheriff election, what deaths owe (last shots, the badge), replacements.

Each command parses its options, calls one core function and prints the result.
"""

from __future__ import annotations

from pathlib import Path

import click

from .base import Group, complete_names, emit, game_dir, load, locked
from ..errors import HostkitError


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
    from ..daytools import aftermath, checked_elimination
    from ..text import outcome_text

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
    from ..checks import check_thread

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
    from ..daycount import count_votes, day_pages, game_stamp, publish_fresh

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
        from ..daytools import no_elimination

        none_majority, none_reached = no_elimination(game, count)
        emit({**count.to_json(), "none_majority": none_majority, "none_reached": none_reached,
              "stale": stale, "preview": not publish})
    else:
        if stale:
            click.echo(f"STALE COUNT (not from the live thread): {stale}", err=True)
            click.echo(f"[STALE: the forum could not be reached; {stale.split('; ', 1)[-1]}]")
        from ..publish import vote_count_post  # Jinja: only when the post is printed

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
    from ..store import is_game
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
    from ..replacement import cleared_words, replace

    with locked(ctx):
        back, cleared, shortened = replace(load(ctx), old, new, after_post=after_post)
    click.echo(f"{new} is back in the slot of {old}: the replacement is taken back." if back else
               f"{new} replaces {old} ('hostkit replace {new} {old}' takes it back; undo does not)."
               + cleared_words(cleared, old, shortened))


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
    from ..daycount import election_votes
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


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def due(ctx: click.Context, as_json: bool) -> None:
    """What the latest deaths owe: last words, a Hunter's shot, the Sheriff's badge; and what
    the host must do that no entry asks for (the maximum game day nearing, a forced lynch; by day,
    an Immediate action waiting to resolve, an ITA window left open, a deadline passed).

    Example: hostkit due
    """
    from ..dayactions import day_waiting_notices
    from ..rulings import host_notices
    from ..tech import prompts

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
    from ..daytools import aftermath
    from ..game import SKIP_WORDS
    from ..rulings import shot_events

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
@format_option
@click.pass_context
def kill_(ctx: click.Context, player: str, reason: str, fmt) -> None:
    """A host's kill outside the vote: a modkill, or a day kill no ability covers.

    \b
    The player dies now (day or night); their actions, and actions aimed at them, this phase
    are taken back. Prints the flip at the game's flip level, and the winner if it ends the game.
    Example: hostkit kill Bob --reason "modkill for inactivity"
    """
    from ..daytools import aftermath, kill_events
    from ..engine.day import flip_held
    from ..publish import flip_post

    with locked(ctx):
        old = game = load(ctx)
        events = kill_events(game, player, reason)
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
    if game.state.winner:
        click.echo(_over(game.state))


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
    from ..daytools import deadline_events, deadline_info

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
    from ..daytools import activity_report
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
    from ..rulings import confirm_events

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
    from ..text import outcome_text

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
    from ..rulings import bond_answer_events, bond_events

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
    from ..rulings import take_role_events

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
    from ..shortening import notices, shorten_events

    with locked(ctx):
        game = load(ctx)
        event = shorten_events(game, voter, withdraw)[0]
        game = game.append(event)
    click.echo(f"{event.actor} {'withdraws their vote' if withdraw else 'votes'} to shorten day "
               f"{game.current.record.number}.")
    for line in notices(game):
        click.echo(line)


COMMANDS = [vote, eliminate, votes, posts, start_post, replace_, sheriff, due, shoot, badge, kill_, deadline, activity,
            confirm, ita, grant, bond, take_role, shorten]


def _over(state) -> str:
    """The game-over line (rulings.over_text): the winner, and everyone else who won."""
    from ..rulings import over_text

    return over_text(state)
