"""The hostkit command line: the group, and every command registered on it with add_command.

Each command lives in the module of its room (setup, night, day, posts, charts, cohost); it parses its options,
calls one core function and prints the result. Every HostkitError becomes a one-line message and
exit code 1 (base.Group).

May use: every room. Nothing reaches it but hostkit/__main__.py.
"""

from __future__ import annotations

import gc
import os
import sys

# The collector's first-generation threshold for a hostkit process (the default is 700). A command
# allocates some 20,000 container objects (its modules, classes, the replayed game), almost none
# of them garbage, so at 700 it stops about thirty times to find nothing: a few ms of every
# start-up. At 50,000 a short command is not stopped at all, and a long one (a thread of many
# pages) still collects every 50,000 allocations, so cyclic garbage (parsed pages) stays bounded.
# Only the `hostkit` command keeps it (main): a program that imports hostkit keeps its own.
GC_FIRST_THRESHOLD = 50_000

# The imports below (click, pathlib and all they import) and this module's own body (its commands'
# options) alone made the collector stop some twenty times (~2.5 ms) before main() could raise the
# threshold: it is raised while they run, and the importer's own threshold is put back at the end
# of this module (_settle). Put back as it was, the first allocation after that set off one
# collection of the 13,000 objects the import had made (~2 ms of every command, and all of them
# kept: modules, classes, functions). _settle first moves them to the oldest generation, where
# they belong, without a look at any of them: gc.freeze() then gc.unfreeze() (two list moves; the
# first also zeroes the count of new objects). A program that froze objects of its own is left as
# it is (unfreeze would thaw them too): it pays that one collection, as before.
_IMPORTER_THRESHOLD = gc.get_threshold()
gc.set_threshold(GC_FIRST_THRESHOLD, *_IMPORTER_THRESHOLD[1:])


def _settle() -> None:
    """The end of this module's import: its objects to the oldest generation, the importer's
    threshold back (see above)."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
    gc.set_threshold(*_IMPORTER_THRESHOLD)


try:
    from pathlib import Path

    import click

    from .base import LazyGroup
except BaseException:
    gc.set_threshold(*_IMPORTER_THRESHOLD)
    raise

# The command modules, one a room; each lists its commands in COMMANDS. They are imported only
# when one of their commands runs (or help lists them): see base.LazyGroup.
MODULES = ("setup", "night", "day", "sheriff", "deaths", "powers", "posts", "charts", "cohost", "tech", "forum", "watch")
# Which module holds each command (tests/test_cli_foundation.py checks this against COMMANDS).
WHERE = {
    **dict.fromkeys(("rulesets", "roles", "new", "option", "status", "demo", "alias", "split-votes",
                      "vote-markup"), "setup"),
    **dict.fromkeys(("act", "actions", "resolve", "undo"), "night"),
    **dict.fromkeys(("vote", "eliminate", "votes", "posts", "start-post", "replace", "deadline", "activity"), "day"),
    "sheriff": "sheriff",
    **dict.fromkeys(("due", "shoot", "badge", "kill"), "deaths"),
    **dict.fromkeys(("confirm", "ita", "grant", "bond", "take-role", "shorten"), "powers"),
    **dict.fromkeys(("pm", "post"), "posts"),
    **dict.fromkeys(("chart", "page"), "charts"),
    **dict.fromkeys(("log", "sent", "git-setup", "merge-file"), "cohost"),
    **dict.fromkeys(("tech", "stockpile"), "tech"),
    **dict.fromkeys(("forum", "inbox"), "forum"),
    "watch": "watch",
}


@click.group(cls=LazyGroup, package=__name__, modules=MODULES, where=WHERE,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--game", "game", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The game folder (else $HOSTKIT_GAME, else the current folder).")
@click.option("--host-name", "host", default=None, metavar="NAME",
              help="Who is entering (recorded with every entry; else $HOSTKIT_HOST, else git's user.name).")
@click.version_option(package_name="hostkit")
@click.pass_context
def cli(ctx: click.Context, game: Path | None, host: str | None) -> None:
    """hostkit: moderate forum Mafia and Werewolf games.

    \b
    Example night:
      hostkit new mygame --ruleset classic-werewolf --assign Ann=Seer --assign Bob=Werewolf ...
      hostkit --game mygame act Bob Kill Ann
      hostkit --game mygame resolve
    """
    ctx.ensure_object(dict)
    ctx.obj["game"] = game or Path(os.environ.get("HOSTKIT_GAME") or ".")
    if host is not None and not host.strip():  # never read as "not given": an entry by no one
        from ..model.errors import HostkitError

        raise HostkitError("--host-name: a host's name cannot be empty (leave --host-name out to use "
                           "$HOSTKIT_HOST or git's user.name)")
    ctx.obj["host"] = host


def main() -> None:
    """The `hostkit` command: the group, run with the collector tuned for one short process."""
    gc.set_threshold(GC_FIRST_THRESHOLD, *gc.get_threshold()[1:])
    try:
        cli(prog_name="hostkit")
    finally:
        # The command is done (click exits by raising SystemExit), and the interpreter's teardown
        # frees its objects. Before and while it does, it runs full collections over all of them
        # (some 38 M instructions after a vote count of 1,400 posts) looking for cyclic garbage
        # with finalizers to call: hostkit keeps none (files and locks are closed by `with`, at
        # once). Frozen, the objects are skipped by those passes and still freed; atexit handlers
        # and the flush of stdout run as before.
        gc.freeze()


_settle()

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
