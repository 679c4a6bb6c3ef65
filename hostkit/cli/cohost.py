"""Co-hosting commands: the record with who entered what (and the sends, with `sent` for one the
forum could not show), and git (the merge driver and its setup)."""

from __future__ import annotations

from pathlib import Path

import click

from .base import emit, game_dir, load, locked


@click.command("log")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def log(ctx: click.Context, as_json: bool) -> None:
    """The record, entry by entry: phase, order, id, the host who entered it, and what it says;
    then what was sent to the forum (PMs and posts, with the forum's ids).

    \b
    The id names an entry for 'hostkit undo --entry ID'. An entry marked '+ ... (with #N)' was
    written by the same command as entry #N: undo takes them back together. Example:
      hostkit log
    """
    from ..forum.journal import read as read_sends

    game = load(ctx)
    entries = game.log()
    sends = read_sends(game.folder)
    if as_json:
        emit({"entries": entries, "conflicts": game.conflicts, "sends": sends})
        return
    if not entries:
        click.echo("The record is empty.")
    width = max((len(e["host"]) for e in entries), default=0) or 1
    for e in entries:
        what = e["what"] if e["unit"] == e["seq"] else f"+ {e['what']} (with #{e['unit']})"
        click.echo(f"{e['phase']:<9} #{e['seq']:<4} {e['id']}  {e['host'] or '-':<{width}}  {what}")
    if game.conflicts:
        click.echo(game.conflict_text())
    if sends:
        click.echo("Sent to the forum:")
    for s in sends:
        state = {"sent": f"sent, {s['kind']} {s.get('id', '')}", "sending": "SENDING (unsure: the next send "
                 "looks on the forum first)", "dropped": "not sent (the forum refused)",
                 "entered": f"PM {s.get('id', '')} read into the record"}.get(s["state"], s["state"])
        click.echo(f"{s.get('time', ''):<25} {s.get('phase', ''):<9} {s.get('what', s['key'])} -> {s['to']}: {state}")


@click.command("sent")
@click.argument("key")
@click.option("--again", is_flag=True, help="It did not go out: the next run of its command sends it.")
@click.option("--id", "ident", default=None, metavar="ID", help="The forum's id of the PM or post, when you found it.")
@click.pass_context
def sent(ctx: click.Context, key: str, again: bool, ident: str | None) -> None:
    """Say whether a send hostkit could not tell about went out: KEY as the command named it.

    \b
    A rerun after a crash looks on the forum for what the journal left unsure; when the forum
    cannot show it (a full sentbox whose oldest PMs phpBB deleted, a copy it cannot tell from an
    older one), the command stops, names the send's KEY and asks you. Check on the forum (or
    with the player), then say it went out, or that it did not (--again) and run the command
    again. Examples:
      hostkit sent "pm:your role:Ann"
      hostkit sent "pm:your role:Ann" --id 4121
      hostkit sent --again "post:deaths night 1"
    """
    from ..forum.recover import by_hand

    click.echo(by_hand(load(ctx), key, again=again, ident=ident))


@click.command("git-setup")
@click.pass_context
def git_setup(ctx: click.Context) -> None:
    """Let git merge co-hosts' entries: run once in each clone of a game kept in git.

    \b
    Writes .gitattributes (phase files merge with 'hostkit merge-file') and .gitignore (which
    keeps the cache, the lock and the journal of an unfinished change, .hostkit-journal.json,
    out of git), and sets the merge driver in this clone's git config, which git does not copy
    to clones.
    Example: hostkit git-setup
    """
    from ..game.cohost import git_setup as setup

    with locked(ctx):
        done = setup(game_dir(ctx))
    for line in done:
        click.echo(line)


@click.command("merge-file")
@click.argument("base", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("ours", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("theirs", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("path", required=False, default="")
def merge_file(base: Path, ours: Path, theirs: Path, path: str) -> None:
    """git's merge driver for phase files (set up by 'hostkit git-setup'): BASE OURS THEIRS [PATH].

    \b
    Merges the three versions entry by entry into OURS: both sides' new entries are kept, taken
    back entries stay gone; exit 1 (a conflict for git) if the files are not one phase.
    Example (as git runs it): hostkit merge-file %O %A %B %P
    """
    from ..game.cohost import merge_file as merge

    for note in merge(base, ours, theirs, path):
        click.echo(f"hostkit merge-file: {note}", err=True)


COMMANDS = [log, sent, git_setup, merge_file]
