"""What every `post` command shares: the --send option, and printing a post or sending it as a
reply in the game's thread through the send journal."""

from __future__ import annotations

import click


def send_option(f):
    """--send: post what the command renders as a reply in the game's thread (journalled)."""
    return click.option("--send", is_flag=True,
                        help="Post it as a reply in the game's thread (journalled: never twice).")(f)


def out(game, what: str, text: str, send: bool) -> None:
    """Print the post, or (--send) post it in the thread and print what was done."""
    if not send:
        click.echo(text)
        return
    from ..forum.send import post_to_forum

    for line in post_to_forum(game, what, text):
        click.echo(line)
