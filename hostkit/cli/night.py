"""The night's commands: entering actions, listing them, resolving the night, and undo."""

from __future__ import annotations

import click

from ..model.errors import HostkitError
from .base import complete_names, emit, load, locked, read_text


@click.command()
@click.argument("words", nargs=-1, shell_complete=complete_names)
@click.option("--remove", is_flag=True, help="Take back the actor's action instead.")
@click.option("--now", is_flag=True,
              help="By day: resolve the Immediate action(s) at once, in the same commit (as 'hostkit resolve').")
@click.option("--on-time", is_flag=True,
              help="By day, after the day's deadline: the player submitted this action before it.")
@click.option("--file", "file", default=None,
              help="Enter many actions, one 'ACTOR [ABILITY] [TARGET]...' a line ('-' = stdin); all or none. "
                   "Names with spaces need no quotes there: the longest known name is matched first.")
@click.pass_context
def act(ctx: click.Context, words: tuple[str, ...], remove: bool, now: bool, on_time: bool, file) -> None:
    """Record an action for the current phase: ACTOR [ABILITY] [TARGET]...

    \b
    A second act for the same actor and ability replaces the first (the output says what it
    replaced); 'skip' as the target records an explicit skip, also of an ability that takes no
    target ('act Vic Alert skip': not used, no charge spent). 'act Carol skip', with no ability
    named, skips each of the actor's own abilities usable now, not a team's action that a
    teammate entered ('act Carol Kill skip' replaces that). On the command line a name with
    spaces needs shell quotes ("Old Man Willow"); in an --file, one action a line, it does not:
    the longest known player, ability or item name is matched first. Examples:
      hostkit act Bob Kill Ann
      hostkit act Cy Guard skip
      hostkit act Vic Alert skip         (an ability with no target: not used tonight)
      hostkit act --remove Bob Kill
      hostkit act --file actions.txt     (lines like: Old Man Willow Kill Red Riding Hood)
      hostkit act --now Ann Snipe Bob    (by day: an Immediate action, resolved at once)

    \b
    By day, Day and Cycle actions resolve when the day ends, before the elimination; Immediate
    ones at 'hostkit resolve' (or --now). An Immediate action entered while an ITA window is
    open is recorded as ignored, with the reason (seed natural I). After the day's deadline
    ('hostkit deadline') an action is refused, since actions must be submitted before it;
    --on-time enters one the player submitted in time.
    """
    from ..game.actlines import parse_act_lines
    from ..words.text import recorded_line
    from ..words.text import outcome_text
    from ..game.waiting import ignored_note, replaced_note

    outcomes: list = []
    with locked(ctx):
        game = load(ctx)
        if on_time:
            game.check_on_time()
        if file is not None:
            if words or remove:
                raise HostkitError("--file takes no ACTOR words and no --remove")
            lines, labels = parse_act_lines(game, read_text(file), file)
            added, notes, outcomes = game.enter_now(lines, labels, on_time=on_time) if now else (
                *game.enter(lines, labels, on_time=on_time), [])
            for a in added:
                click.echo("recorded " + recorded_line(game, a) + replaced_note(game, a) + ignored_note(game, a))
        elif not words:
            raise HostkitError("act needs ACTOR [ABILITY] [TARGET]... (or --file FILE)")
        else:
            actor, ability, targets = game.split_words(list(words))
            if remove:
                if now:
                    raise HostkitError("--now resolves an action; it cannot go with --remove")
                removed, notes = game.take_back(actor, ability)
                click.echo("removed " + recorded_line(game, removed))
            else:
                line = [(actor, ability, targets)]
                added, notes, outcomes = game.enter_now(line, on_time=on_time) if now else (
                    *game.enter(line, on_time=on_time), [])
                for a in added:  # one line; several for a skip of each of the actor's abilities
                    click.echo("recorded " + recorded_line(game, a, named=ability is not None or len(added) > 1)
                               + replaced_note(game, a) + ignored_note(game, a))
    for note in notes:
        click.echo("taken back: " + note)
    for outcome in outcomes:
        click.echo(outcome_text(outcome))


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def actions(ctx: click.Context, as_json: bool) -> None:
    """List the actions recorded for the current phase, then who can still act and has not.

    \b
    "waiting on: Proto (Maul), Eve (Vision)": abilities usable now that have neither an action
    nor an explicit skip; [required] marks one the rules will not let go unused tonight. "items
    not used yet": item abilities a holder could use now (listed, not waited on).
    Example: hostkit actions
    """
    from ..words.text import recorded_line
    from ..game.waiting import items_text, items_unused, waiting_on, waiting_text

    game = load(ctx)
    ph = game.current
    waiting = waiting_on(game)
    unused = items_unused(game)
    ignored = {a.seq: why for a in ph.actions for k, why in ph.ignored.items() if game._key(game.state, a) == k}
    if as_json:
        emit({"phase": ph.record.kind, "number": ph.record.number,
              "actions": [{"actor": a.actor, "ability": a.ability, "targets": list(a.targets), "skip": a.declined,
                           "seq": a.seq} | ({"choice": a.choice} if a.choice else {})
                          | ({"ignored": ignored[a.seq]} if a.seq in ignored else {})
                          for a in ph.actions],
              "resolved": [{"actor": a.actor, "ability": a.ability, "targets": list(a.targets), "skip": a.declined,
                            "seq": a.seq} for a in ph.done],
              "ita_window": game.state.ita_open,
              "waiting": [w.to_json() for w in waiting], "items_unused": [w.to_json() for w in unused]})
    else:
        click.echo(f"{ph.record.label}: {len(ph.actions)} action(s)"
                   + (f", ITA window {game.state.ita_open} open" if game.state.ita_open else ""))
        for a in ph.actions:
            click.echo("  " + recorded_line(game, a) + (f" (ignored: {ignored[a.seq]})" if a.seq in ignored else ""))
        for a in ph.done:
            click.echo("  " + recorded_line(game, a) + " (resolved at once)")
        if waiting:
            click.echo(waiting_text(waiting))
        if unused:
            click.echo(items_text(unused))


@click.command()
@click.option("--dry-run", is_flag=True, help="Show the outcome without recording it.")
@click.option("--force", is_flag=True, help="Resolve although optional actions were not entered.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def resolve(ctx: click.Context, dry_run: bool, force: bool, as_json: bool) -> None:
    """Resolve the current night: deaths, saves, blocks, results, and the log.

    \b
    By day it resolves the Immediate actions entered so far, one at a time in entry order (seed
    natural II); the day's other actions resolve when it ends ('hostkit eliminate'). A dry run by
    day with nothing Immediate waiting shows what the day's end would resolve.
    Without --dry-run the outcome is recorded and the next day begins. A night whose required
    action is missing (a skip limit reached) is refused; one where a living player could still
    act and has not (see 'hostkit actions') needs --force, or an explicit 'skip' entered.
    When the night ends the game, the winner is said.
    Example: hostkit resolve --dry-run
    """
    from ..words.text import outcome_text
    from ..game.waiting import resolve_checked

    with locked(ctx):
        game = load(ctx)
        if game.current.record.kind == "day" and not game.state.winner:
            new, outcomes = game.resolve_now(dry_run=dry_run)
            day_resolved(new, outcomes, None if dry_run else new.state.winner, dry_run=dry_run, as_json=as_json,
                         number=game.current.record.number)
            return
        outcome = resolve_checked(game, dry_run=dry_run, force=force)
        later = None if dry_run else load(ctx)
        after = later.state if later else None
        if as_json and later is None:
            later = game.after_night(outcome)
        winner = after.winner if after else None
    if as_json:
        from ..words.publish.pms import told

        data = outcome.to_json()
        data["winner"] = winner
        data["notices"] = told(later, outcome)  # everything the night PMs say beside results
        emit(data)
        return
    click.echo(outcome_text(outcome, dry_run=dry_run))
    if winner:
        click.echo(_over(after))


def day_resolved(game, outcomes: list, winner: str | None, *, dry_run: bool, as_json: bool, number: int) -> None:
    """Print what a day's resolution resolved: each outcome (JSON: {"day", "phase", "outcomes"},
    each outcome's `notices` all that the day's PMs say beside results; GAME: the game after it)."""
    from ..words.publish.pms import told
    from ..words.text import outcome_text

    if as_json:
        emit({"day": number, "phase": "day", "outcomes": [{**o.to_json(), "notices": told(game, o)} for o in outcomes],
              "winner": winner})
        return
    for o in outcomes:
        click.echo(outcome_text(o, dry_run=dry_run))
    if winner:
        click.echo(f"The game is over: {winner} wins.")


@click.command()
@click.option("--entry", default=None, metavar="ID",
              help="Take back this entry (its id from 'hostkit log') instead of the last one.")
@click.option("--force", is_flag=True,
              help="Delete the next phase's file even where you wrote in it (a comment, a start post).")
@click.pass_context
def undo(ctx: click.Context, entry: str | None, force: bool) -> None:
    """Take back the last command's entries: an action, a resolution, a vote or an elimination.

    \b
    What one command wrote leaves together: an 'act --now' and its resolution, a 'shoot' or
    'kill' and the actions it took back, every line of an 'act --file'. With --entry, a given
    entry (and the rest of its command): a co-host's mistake, or one of two conflicting ends of
    a phase that 'hostkit status' names after a merge. Examples:
      hostkit undo
      hostkit undo --entry 3f2a9c1

    Taking back a phase's end deletes the next phase's file; where you wrote in that file (a
    comment, a start post), undo refuses and names the line: --force deletes it all the same.
    """
    from ..forum.told import told_of_undone

    with locked(ctx):
        before = load(ctx)
        after, what = before.undone(entry, force=force)
    click.echo(f"undone: {what}")
    for line in told_of_undone(before, after):
        click.echo(f"Warning: {line}", err=True)


COMMANDS = [act, actions, resolve, undo]


def _over(state) -> str:
    """The game-over line (rulings.over_text): the winner, and everyone else who won."""
    from ..game.day.rulings import over_text

    return over_text(state)
