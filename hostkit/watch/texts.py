"""The words of the watch's own posts (the deadline reminder, the line that closes a day's final
count) and of its PMs to the host. Player names are escaped for the game's format, as every
template escapes them; a vote count itself is the game's `vote_count` template (words.publish).
"""

from __future__ import annotations

import shlex
from datetime import datetime
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from ..game.game import Game

def _fmt(game: Game) -> str:
    from ..words.render import renderer_for

    return renderer_for(game).format


def _bold(text: str, fmt: str) -> str:
    return {"bbcode": f"[b]{text}[/b]", "markdown": f"**{text}**"}.get(fmt, text)


def reminder(game: Game, not_voting: Sequence[str], now: datetime) -> str:
    """The reminder post: the day's deadline as the host's deadline post words it (the game's
    `deadline` template, words.publish.hostposts), then every living player with no vote on
    anyone, and only them."""
    from ..words.escaping import escape
    from ..words.publish.hostposts import deadline_post

    fmt = _fmt(game)
    head = _bold("Reminder", fmt) + "\n" + deadline_post(game, now=now).rstrip()
    if not not_voting:
        return f"{head}\n\nEvery living player has voted."
    names = ", ".join(escape(n, fmt) for n in not_voting)
    return f"{head}\n\n{_bold(f'Not voting ({len(not_voting)})', fmt)}: {names}"


def day_over(game: Game, lock: bool) -> str:
    """The line under the final count: the day is over (and the thread locked till the next phase)."""
    fmt = _fmt(game)
    tail = " The thread is locked until the host opens the next phase." if lock else \
        " Please stop posting until the host opens the next phase."
    return "\n\n" + _bold(f"Day {game.current.record.number} is over.", fmt) + tail


def title(game: Game) -> str:
    return getattr(game.setup, "title", "") or game.folder.resolve().name


def next_step(game: Game, count: Any, *, why: str) -> str:
    """The host's PM at the day's end: why it ended, and what to enter next."""
    label = game.current.record.label
    how = (f"a majority was reached at post {count.hammer}" if count.hammer is not None
           else "its deadline has passed" if why == "deadline" else "the count decides it")
    if count.eliminated:
        result, todo = f"{count.eliminated} is eliminated", f"hostkit eliminate {shlex.quote(count.eliminated)}"
    else:
        result, todo = "no one is eliminated", "hostkit eliminate --none"
    return (f"{label} of {title(game)} is over: {how}, so {result}. The final count is posted in the thread.\n\n"
            f"Next: {todo}\nthen post the flip and open the night as usual.")


def unsure(game: Game, count: Any) -> list[str]:
    """What the count did not guess, for the host to settle (the count's `unsure` list: a
    stranger voting, a name that could be two players or none), each with its command."""
    out = []
    for u in count.unsure:
        where = f"post {u.post}" if u.post is not None else "entered by hand"
        others = [c for c in u.choices if c != u.command]
        out.append(f"{where}, {u.author}: \"{u.text}\": {u.what}\n  {u.command}"
                   + "".join(f"\n  or: {c}" for c in others))
    return out


def unsure_pm(game: Game, lines: Sequence[str]) -> str:
    return (f"The vote counts of {game.current.record.label} of {title(game)} leave out these, which the counter "
            f"would not guess. Settle them and the next count follows:\n\n" + "\n".join(f"- {l}" for l in lines))


def prods(game: Game, quiet: Sequence[tuple[str, str]], hours: int) -> str:
    lines = "\n".join(f"- {name}: {since}" for name, since in quiet)
    return (f"Players of {title(game)} with no post in the thread for {hours} hours (a prod is due under "
            f"MafiaScum's rule; replace or prod them as you judge):\n\n{lines}")


def all_in(game: Game, entered: Sequence[str], read: Sequence[str], unsure_pms: Sequence[str]) -> str:
    label = game.current.record.label
    out = [f"Every night action of {label} of {title(game)} is in."]
    if read:
        out.append("Read from the players' PMs (enter them with 'hostkit inbox --accept'):\n"
                   + "\n".join(f"- {l}" for l in read))
    if entered:
        out.append("Entered already:\n" + "\n".join(f"- {l}" for l in entered))
    if unsure_pms:
        out.append("PMs the watch could not read, for you to read:\n" + "\n".join(f"- {l}" for l in unsure_pms))
    out.append("Next: hostkit inbox --accept, then hostkit resolve.")
    return "\n\n".join(out)


def pms_to_read(game: Game, unsure_pms: Sequence[str]) -> str:
    return (f"Action PMs of {game.current.record.label} of {title(game)} that the watch could not read; "
            "read them and enter the actions with 'hostkit act':\n\n" + "\n".join(f"- {l}" for l in unsure_pms))


def when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")
