"""The forum room's commands: the host's account (forum login/logout/status) and the inbox.

Each command parses its options, calls one core function (hostkit.forum) and prints the result.
Sending is an option of the commands that render (pm, post, votes: --send).
"""

from __future__ import annotations

import click

from .base import Group, emit, load, locked


@click.group(cls=Group)
def forum() -> None:
    """The host's account on the game thread's forum: login, logout, status.

    \b
    The password is kept in the system's credential store (or read from
    HOSTKIT_FORUM_PASSWORD), never in the game folder. Example:
      hostkit forum login --user Moderator
    """


@forum.command("login")
@click.option("--user", default=None, metavar="NAME", help="Your account on the forum (remembered after).")
@click.pass_context
def forum_login(ctx: click.Context, user: str | None) -> None:
    """Log in to the thread's forum and keep the password in the credential store.

    \b
    Asks the password (unless HOSTKIT_FORUM_PASSWORD is set) and checks it by logging in.
    Example: hostkit forum login --user Moderator
    """
    from ..forum.account import log_in

    def ask(prompt: str) -> str:
        return click.prompt(prompt, hide_input=True)

    for line in log_in(load(ctx).setup.thread, user=user, ask=ask):
        click.echo(line)


@forum.command("logout")
@click.pass_context
def forum_logout(ctx: click.Context) -> None:
    """Log out: end the session, forget it, and remove the stored password.

    Example: hostkit forum logout
    """
    from ..forum.account import log_out

    for line in log_out(load(ctx).setup.thread):
        click.echo(line)


@forum.command("status")
@click.pass_context
def forum_status(ctx: click.Context) -> None:
    """The forum, your account, where the password comes from, and whether you are logged in.

    Example: hostkit forum status
    """
    from ..forum.account import status

    for line in status(load(ctx).setup.thread):
        click.echo(line)




@click.command("inbox")
@click.option("--accept", is_flag=True, help="Enter the sure lines, as 'act --file' would; list the unsure ones.")
@click.option("--take", "take", multiple=True, metavar="ID",
              help="Enter this PM's line too (one sent early, before its phase began; by day, one for the "
                   "coming night is kept and entered by that night's --accept). Repeatable.")
@click.option("--all", "every", is_flag=True, help="List every PM left out, with its sender, time and why.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def inbox(ctx: click.Context, accept: bool, take: tuple[str, ...], every: bool, as_json: bool) -> None:
    """The players' PMs in your forum inbox this phase, each with the 'act' line read from it.

    \b
    Every page of every folder is read; a sender is known by their forum user id (pinned at the
    first send). PMs of this phase from living players, and from dead ones for what they owe (a
    last shot, the badge; last words are shown whole, for you to post), oldest first. A line is
    read only when it is sure (the ability's verb and its targets); the others say why. A
    player's later PM wins. A PM for the next phase (by day: "for night 2, guard Ann", or a
    night action named by day) is shown as early. --accept enters the sure lines (every rule
    applies; a refused or conflicting one keeps nothing else out) and never one it is unsure
    of; running it again enters nothing twice. Examples:
      hostkit inbox
      hostkit inbox --all
      hostkit inbox --accept
      hostkit inbox --take 412
    """
    from ..forum.inboxrun import inbox as read_inbox
    from ..forum.inboxrun import report_lines

    result = read_inbox(load(ctx), accept=accept, reload=lambda: load(ctx), take=take)
    if as_json:
        emit(result)
        return
    for line in report_lines(result, accept=accept, every=every):
        click.echo(line)


@forum.command("account")
@click.argument("player")
@click.argument("account")
@click.pass_context
def account(ctx: click.Context, player: str, account: str) -> None:
    """PLAYER is forum account ACCOUNT (one of their names in the game): PMs go to it, and only its PMs are theirs.

    \b
    hostkit pins each player to a forum user id at the first send; when the player's name and
    an alias are both accounts, it cannot tell which is theirs and asks you with this.
    Example: hostkit forum account Bob Bobby
    """
    from ..forum.senders import choose_account

    for line in choose_account(load(ctx), player, account):
        click.echo(line)


COMMANDS = [forum, inbox]
