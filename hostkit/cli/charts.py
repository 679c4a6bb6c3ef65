"""The pictures room: `hostkit chart night N`, `hostkit chart votes [--day N]` and `hostkit page`.

Each command parses its options, calls one core function (hostkit.words.publish.charts, .page) and
writes the result. The drawing and PNG modules are imported inside the commands only, so no
other command pays for them at start-up (benchmarks/bench_status.py).
"""

from __future__ import annotations

from pathlib import Path

import click

from .base import Group, load
from .day import thread_options
from ..model.errors import HostkitError

OUT = click.Path(dir_okay=False, writable=True, path_type=Path)


def save(out: Path, data: bytes) -> None:
    """Write a picture or page atomically; a folder that cannot be written is one line."""
    from ..store.folder import atomic_write

    try:
        atomic_write(out, data)
    except OSError as exc:
        raise HostkitError(f"{out}: cannot write: {exc.strerror or exc}") from None
    click.echo(f"wrote {out}")


def _write(out: Path | None, svg: str, png: bool) -> None:
    """Print the SVG, or write it (or a PNG, by --png or a .png name) to --out."""
    from ..words.publish.charts import to_png

    as_png = png or (out is not None and out.suffix.lower() == ".png")
    if out is None:
        if as_png:
            raise HostkitError("--png needs --out FILE: a PNG is not printed to the terminal")
        click.echo(svg, nl=False)
        return
    if out.suffix.lower() not in (".png", ".svg"):
        raise HostkitError(f"{out}: name the file .svg or .png")
    if png and out.suffix.lower() == ".svg":
        raise HostkitError(f"{out}: --png writes a .png file")
    save(out, to_png(svg) if as_png else svg.encode("utf-8"))


@click.group(cls=Group)
def chart() -> None:
    """Pictures: a night's or a day's map, a day's vote timeline (SVG, or PNG with --png / --out FILE.png).

    \b
    Examples:
      hostkit chart night 2 > night2.svg
      hostkit chart night 2 --out night2.png
      hostkit chart day 1 --out day1-map.svg
      hostkit chart votes --day 1 --out day1.svg
    """


@chart.command("night")
@click.argument("number", type=int)
@click.option("--out", type=OUT, default=None, help="Write FILE (.svg or .png) instead of printing the SVG.")
@click.option("--png", is_flag=True, help="Write a PNG (with --out).")
@click.pass_context
def chart_night(ctx: click.Context, number: int, out: Path | None, png: bool) -> None:
    """The map of resolved night NUMBER: who acted on whom, and what came of it.

    \b
    Players sit on a ring in seat order; each action is an arrow from its actor to where it
    landed, labelled with its ability. Blocked actions end in a bar, failed ones are dotted,
    redirected ones dash-dotted (with a faint line to the target entered). The dead are grey,
    the away, commuted and abducted dashed, the jailed boxed; tonight's deaths are red, saves
    ringed green. Host information: it shows every action.

    Example: hostkit chart night 2 --out night2.png
    """
    from ..words.publish.nightmap import night_svg

    _write(out, night_svg(load(ctx), number), png)


@chart.command("day")
@click.argument("number", type=int)
@click.option("--out", type=OUT, default=None, help="Write FILE (.svg or .png) instead of printing the SVG.")
@click.option("--png", is_flag=True, help="Write a PNG (with --out).")
@click.pass_context
def chart_day(ctx: click.Context, number: int, out: Path | None, png: bool) -> None:
    """The map of day NUMBER, drawn as a night map: the day's actions (seed natural II: Day,
    Cycle and Immediate ones, ITA shots), a last shot taken that day, and every death of the
    day (the elimination, a shot, a host's kill, the day actions' kills). A day in progress
    shows what happened so far. Host information: it shows every action.

    Example: hostkit chart day 1 --out day1-map.png
    """
    from ..words.publish.nightmap import day_svg

    _write(out, day_svg(load(ctx), number), png)


@chart.command("votes")
@click.option("--day", type=int, default=None, help="Which day (default: the current or last day).")
@thread_options
@click.option("--out", type=OUT, default=None, help="Write FILE (.svg or .png) instead of printing the SVG.")
@click.option("--png", is_flag=True, help="Write a PNG (with --out).")
@click.option("--public", is_flag=True,
              help="The timeline to share with the players: private vote weights count one vote.")
@click.pass_context
def chart_votes(ctx: click.Context, day: int | None, html, url, out: Path | None, png: bool, public: bool) -> None:
    """The day's vote timeline: each wagon's weighted size against post number.

    \b
    With the majority line, the hammer and the deadline where one is set. The count is the
    day's last one made by 'hostkit votes' (kept in the game folder), or the votes entered by
    hand; --html FILE or --url URL counts the current day's thread afresh (no network otherwise).

    Host information unless --public: the wagons are weighed with every vote's real weight, a
    private one (a role's double vote, --weight without public-weights) included; --public
    draws what the players may count (private weights count one).

    Example: hostkit chart votes --day 1 --out day1.svg
    """
    from ..words.publish.votechart import votes_svg
    from ..words.publish.page import day_count

    game = load(ctx)
    found = day_count(game, day, html=html, url=url)
    _write(out, votes_svg(game, found.count, start_post=found.start_post, deadline=found.deadline,
                          deadline_post=found.deadline_post, public=public), png)


@click.command()
@click.option("--public", is_flag=True, help="Only what the players may know (for posting at the game's end).")
@click.option("--out", type=OUT, default=None, help="Write the page to FILE (default: print it).")
@thread_options
@click.pass_context
def page(ctx: click.Context, public: bool, out: Path | None, html, url) -> None:
    """One self-contained HTML page of the whole game, for a browser.

    \b
    Players with roles, status and standing effects; every phase with its actions, outcome,
    log and posts; the night maps and vote timelines; the current vote count (the last one
    'hostkit votes' made, or the hand votes; --html/--url count the thread afresh). The page
    is the host's secret; --public leaves out what players may not know yet (while the game
    runs: roles of the living, actions, results, logs and night maps).
    Example: hostkit page --out game.html
    """
    from ..words.publish.page import game_page

    text = game_page(load(ctx), public=public, html=html, url=url)
    if out is None:
        click.echo(text, nl=False)
        return
    save(out, text.encode("utf-8"))


COMMANDS = [chart, page]
