"""How long a whole `hostkit votes --html` takes on real MafiaScum days, against lxml alone.

Run: python benchmarks/bench_votes.py [--rounds N] [--days N] [--no-instructions] [--data DIR_OR_TAR] [--synthetic]

The measurement (issues 9 and 39): on the largest days (by the bytes of their pages; three of
each, --days) of both dev sets of ../shared/mafiascum-dev (days.tar.xz and days2.tar.xz, read in
place: unpacked into a temporary folder), each round runs, interleaved and in a fresh order:

  (a) the baseline: one `python` process that reads the day's page files and parses each with
      lxml.etree.HTMLParser (the parser hostkit itself uses), start-up included;
  (b) hostkit, first count: one `hostkit --game G votes --html ... --from-post --to-post
      --json` process (the installed command's entry point) as a host runs it the first time, with the page cache on (the
      default) and empty (a fresh folder each round): every page parsed, every post counted,
      every page written to the cache, start-up included;
  (c) hostkit, recount: the same with the page cache warm (a host's second count);
  (d) hostkit, no cache: the same with the page cache off (HOSTKIT_CACHE empty), for reference:
      it skips the cache writes a first count pays, so it is not the figure the goal is judged on;
  (e) hostkit, first count after other commands: (b) with only the page cache empty, the user
      cache otherwise as the host's earlier commands left it (the game's replayed nights are
      cached, hostkit.game.replaycache), for reference: (b), with every cache empty, is the figure
      the goal is judged on.
  (f) two floors, for reference: (a) plus `import click` (what any click command that parses the
      pages pays), and that plus one pass of Python over every element of every page (the least
      a reader in Python pays to look at each element once).

It prints each day's medians (wall and CPU) and the ratios to (a): (b)/(a) is the goal (at most
2, issue 39), (c)/(a) the recount's (at most 1.2). A busy machine makes wall times move, so
beside them each day's instruction counts of (a), (b) and (c), one run each: valgrind's
cachegrind (the I refs: every instruction the process ran, start-up included) where valgrind is
installed, else `perf stat`'s instructions:u where the machine counts them, else none (said so).
--no-instructions skips them (about 40 s a day under cachegrind). Both sides
run from compiled bytecode (a warm-up run writes it, as `pip install` does), since this
machine sets PYTHONDONTWRITEBYTECODE. Without the dev days, or with --synthetic, it measures a
100-page XenForo 1 thread built at run time (`build_thread`, below) instead.
"""


from __future__ import annotations

import argparse
import copy
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import lxml.html

if __package__ in (None, ""):  # run as a script from a checkout: make hostkit importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
REAL_PAGE = Path(__file__).resolve().parents[2] / "shared" / "threads" / "xenforo1.html"
DEV_DAYS = next((c / "shared" / "mafiascum-dev" for c in (ROOT.parent, ROOT.parents[1])
                 if (c / "shared" / "mafiascum-dev").exists()), ROOT.parent / "shared" / "mafiascum-dev")
PER_PAGE = 25
HOST = "Game Host"
PLAYERS = (
    "Alder", "Birch", "Cedar Jones", "Dahlia", "Elm", "Fern Gully", "Ginger", "Hazel", "Iris",
    "Juniper", "Kestrel", "Laurel", "Maple Leaf", "Nettle", "Olive", "Poppy", "Quince", "Rowan",
    "Sage", "Thistle",
)
VOTE_SHARE = 5  # one post in five votes
_REDS = ('<span style="color: red">{}</span>', '<span style="color: #ff0000">{}</span>',
         '<span style="color: red"><b>{}</b></span>', '<span style="color: rgb(255, 0, 0)">{}</span>')


@dataclass(frozen=True)
class Planted:
    """What one post of the built thread holds: its number, author, vote texts and quoted votes."""

    number: int
    author: str
    votes: tuple[str, ...]
    quoted: tuple[str, ...]


@dataclass(frozen=True)
class Thread:
    """A built thread: its page files in order, what each post holds, and where its pages came from."""

    paths: tuple[Path, ...]
    posts: tuple[Planted, ...]
    source: str


# --------------------------------------------------------------------------- building the thread


def _synthetic_template() -> bytes:
    """A XenForo 1 thread page of our own (25 posts of filler), for when the real page is absent."""
    rng = random.Random(11)
    words = ("the wolf village seer night day vote quiet claim lurker town scum read case thread host "
             "doctor lynch wagon pressure tell alignment role cop guard hunter witch game page post").split()

    def para(n: int) -> str:
        return " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."

    posts = []
    for i in range(PER_PAGE):
        body = "<br>\n".join(para(rng.randint(8, 40)) for _ in range(rng.randint(1, 5)))
        if i % 6 == 3:
            body = (f'<div class="bbCodeBlock bbCodeQuote" data-author="Someone"><aside><div class="attribution type">'
                    f'Someone said:</div><blockquote class="quoteContainer"><div class="quote">{para(20)}</div>'
                    f'<div class="quoteExpand">Click to expand...</div></blockquote></aside></div>{body}')
        posts.append(f"""
<li id="post-{i + 1}" class="message " data-author="Someone">
  <div class="messageUserInfo" itemscope="itemscope" itemtype="http://data-vocabulary.org/Person">
    <div class="messageUserBlock"><div class="avatarHolder"><span class="helper"></span>
      <a href="members/someone.{i}/" class="avatar Av{i}m"><img src="data/avatar/m/{i}.jpg" width="96" height="96" alt=""></a></div>
      <h3 class="userText"><a href="members/someone.{i}/" class="username" dir="auto" itemprop="name">Someone</a>
      <em class="userTitle" itemprop="title">Member</em></h3>
      <div class="extraUserInfo"><dl class="pairsJustified"><dt>Posts:</dt><dd>{rng.randint(1, 9000)}</dd></dl></div>
    </div>
  </div>
  <div class="messageInfo primaryContent">
    <div class="messageContent"><article>
      <blockquote class="messageText SelectQuoteContainer ugc baseHtml">{body}
        <div class="messageTextEndMarker">&nbsp;</div></blockquote>
    </article></div>
    <div class="messageMeta ToggleTriggerAnchor">
      <div class="privateControls"><a href="posts/{i + 1}/" title="Permalink" class="item muted datePermalink">
        <span class="DateTime" title="Nov 21, 2026 at 9:{i:02d} AM">Nov 21, 2026</span></a></div>
      <div class="publicControls"><a href="posts/{i + 1}/" title="Permalink" class="item muted postNumber
        hashPermalink OverlayTrigger">#{i + 1}</a>
        <a href="posts/{i + 1}/like" class="LikeLink item control like"><span></span>Like</a>
        <a href="threads/game.1/reply?quote={i + 1}" class="ReplyQuote item control reply"><span></span>Reply</a></div>
    </div>
  </div>
</li>""")
    nav = ('<div class="PageNav" data-page="1" data-range="2" data-start="2" data-end="6" data-last="1">'
           + "".join(f'<a href="threads/game.1/page-{n}">{n}</a>' for n in range(1, 8)) + "</div>")
    style = "".join(f".x{n}{{margin:{n}px;padding:{n % 7}px}}" for n in range(1500))
    return f"""<!DOCTYPE html>
<html id="XenForo" lang="en-US" dir="LTR" class="Public NoJs">
<head><meta charset="utf-8"><title>Werewolf | Page 1 | Example Forums</title>
<link rel="next" href="threads/game.1/page-2"><style>{style}</style></head>
<body><div id="content" class="thread_view"><div class="pageContent">
<div class="pageNavLinkGroup">{nav}</div>
<form action="inline-mod/post/switch" method="post" class="InlineModForm section">
<ol class="messageList" id="messageList">{"".join(posts)}
</ol></form><div class="pageNavLinkGroup">{nav}</div></div></div>
<div class="footer"><p>Forum software by XenForo&trade; &copy;2010-2016 XenForo Ltd.</p></div>
</body></html>""".encode("utf-8")


def _set_text(el: Any, text: str) -> None:
    for child in list(el):
        el.remove(child)
    el.text = text


def _vote_html(rng: random.Random, author: str, players: Sequence[str]) -> tuple[str, str]:
    """(the HTML, the vote text) of one red vote by `author`: mostly "Vote: X", some unvotes."""
    roll = rng.random()
    if roll < 0.1:
        text = "Unvote"
    else:
        target = rng.choice([p for p in players if p != author])
        text = f"Vote: {target}" if roll < 0.7 else f"vote {target}"
    return rng.choice(_REDS).format(text), text


def build_thread(folder: Path, pages: int = 100, *, source: Path | None = REAL_PAGE, seed: int = 5) -> Thread:
    """Write a `pages`-page XenForo 1 thread (25 posts a page) into `folder` as page-N.html.

    The pages are made from the saved page at `source` when it exists (else from a page of our
    own): posts renumbered from 1, authors set to the host (post 1) and PLAYERS, page navigation
    set to N of `pages` with a rel=next link to page-(N+1).html, the forum's <base> removed so
    links stay local. Red votes are planted in one post in five; one vote post in four also
    quotes an earlier vote (which must not count), and so does one other post in twenty.
    """
    real = source is not None and source.is_file()
    template = lxml.html.fromstring(source.read_bytes() if real else _synthetic_template())
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    planted: list[Planted] = []
    earlier: list[tuple[str, str, int]] = []  # (author, vote HTML, number) of votes cast so far
    for page_no in range(1, pages + 1):
        root = copy.deepcopy(template)
        for el in root.xpath("//base | //link[@rel='prev' or @rel='canonical']"):
            el.getparent().remove(el)
        for el in root.xpath("//*[@rel='next']"):
            el.set("href", f"page-{page_no + 1}.html")
        for nav in root.xpath("//div[contains(@class, 'PageNav')]"):
            nav.set("data-page", str(page_no))
            nav.set("data-last", str(pages))
        items = root.xpath("//li[starts-with(@id, 'post-')][contains(@class, 'message')]")[:PER_PAGE]
        for i, li in enumerate(items):
            number = (page_no - 1) * PER_PAGE + i + 1
            author = HOST if number == 1 else PLAYERS[(number * 7 + rng.randrange(3)) % len(PLAYERS)]
            pid = 5_000_000 + number
            li.set("id", f"post-{pid}")
            li.set("data-author", author)
            for a in li.xpath(".//*[contains(@class, 'messageUserInfo')]//a[contains(@class, 'username')]"):
                _set_text(a, author)
            for a in li.xpath(".//a[contains(@class, 'postNumber')]"):
                _set_text(a, f"#{number}")
                a.set("href", f"posts/{pid}/")
            for a in li.xpath(".//a[contains(@class, 'datePermalink')]"):
                a.set("href", f"posts/{pid}/")
            body = li.xpath(".//blockquote[contains(@class, 'messageText')]")[0]
            votes: list[str] = []
            quoted: list[str] = []
            extra = ""
            voting = author != HOST and rng.randrange(VOTE_SHARE) == 0
            if earlier and (rng.randrange(4) == 0 if voting else rng.randrange(20) == 0):
                q_author, q_html, q_number = rng.choice(earlier[-30:])
                extra += (f'<div class="bbCodeBlock bbCodeQuote" data-author="{q_author}"><aside>'
                          f'<div class="attribution type">{q_author} said: <a href="goto/post?id={5_000_000 + q_number}'
                          f'#post-{5_000_000 + q_number}" class="AttributionLink">&uarr;</a></div>'
                          f'<blockquote class="quoteContainer"><div class="quote">I think so. {q_html}</div>'
                          f'<div class="quoteExpand">Click to expand...</div></blockquote></aside></div>')
                quoted.append(lxml.html.fromstring(q_html).text_content())
            if voting:
                html, text = _vote_html(rng, author, PLAYERS)
                extra += f"<br>\nMy vote stands. {html}"
                votes.append(text)
                earlier.append((author, html, number))
            if extra:
                marker = body.xpath(".//*[contains(@class, 'messageTextEndMarker')]")
                new = lxml.html.fragments_fromstring(extra)
                at = body.index(marker[0]) if marker else len(body)
                if isinstance(new[0], str):  # leading text
                    prev = body[at - 1] if at > 0 else None
                    if prev is not None:
                        prev.tail = (prev.tail or "") + new[0]
                    else:
                        body.text = (body.text or "") + new[0]
                    new = new[1:]
                for k, el in enumerate(new):
                    body.insert(at + k, el)
            planted.append(Planted(number, author, tuple(votes), tuple(quoted)))
        path = folder / f"page-{page_no}.html"
        path.write_bytes(lxml.html.tostring(root, encoding="utf-8", doctype="<!DOCTYPE html>"))
        paths.append(path)
    return Thread(tuple(paths), tuple(planted), "the real xenforo1 page" if real else "a synthetic XenForo 1 page")


# --------------------------------------------------------------------------- timing


def _median(xs: Sequence[float]) -> float:
    return statistics.median(xs)


GOAL_FIRST = 2.0  # a first count / lxml's parse of the same pages (issue 39)
GOAL_RECOUNT = 1.2  # a recount with a warm page cache / the same


def _largest_days(data: Path, scratch: Path, n: int = 3) -> list[Path]:
    """The N largest days of each dev set found at DATA: a folder of days, a tar, or the folder
    of ../shared/mafiascum-dev with days.tar.xz and days2.tar.xz (each unpacked apart)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_accuracy import find_days  # one way of finding the days for both benchmarks

    sets = [data / t for t in ("days.tar.xz", "days2.tar.xz") if (data / t).is_file()] if data.is_dir() else []
    out: list[Path] = []
    for i, where in enumerate(sets or [data]):
        days_dir = find_days(where, scratch / f"set-{i}")
        if days_dir is None:
            continue
        days = [d for d in days_dir.iterdir() if (d / "case.json").exists()]
        size = {d: sum(f.stat().st_size for f in d.glob("page-*.html")) for d in days}
        out += sorted(days, key=lambda d: -size[d])[:n]
    return out


def _instructions(cmd: list[str], env: dict[str, str], how: str) -> int | None:
    """The instructions one whole process runs (see the module docstring), or None."""
    if how == "cachegrind":
        done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                               *cmd], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        found = [line for line in done.stderr.splitlines() if "I   refs:" in line or "I refs:" in line]
    elif how == "perf":
        done = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", *cmd], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        found = [line.split(",")[0] for line in done.stderr.splitlines() if "instructions" in line]
    else:
        return None
    if done.returncode != 0 or not found:
        return None
    digits = "".join(ch for ch in found[-1].split(":")[-1] if ch.isdigit())
    return int(digits) if digits else None


def _counter() -> str:
    """How instructions are counted here: 'cachegrind', 'perf', or '' (neither works)."""
    if shutil.which("valgrind"):
        return "cachegrind"
    if shutil.which("perf") and _instructions(["true"], dict(os.environ), "perf"):
        return "perf"
    return ""


_BASELINE = ("import sys, lxml.etree\n"
             "parser = lxml.etree.HTMLParser()\n"
             "for name in sys.argv[1:]:\n"
             "    with open(name, 'rb') as f:\n"
             "        lxml.etree.fromstring(f.read(), parser)\n")
# Two floors, for reference: what any click command that parses the pages with lxml pays (the
# baseline plus `import click`, which hostkit cannot drop), and that plus one pass of Python over
# every element of every page (reading each one's tag), the least a reader written in Python pays
# to look at each element once. The gap between the first count and them is hostkit's own work.
_FLOOR_CLICK = "import click\n" + _BASELINE
_FLOOR_WALK = _FLOOR_CLICK.replace("        lxml.etree.fromstring(f.read(), parser)\n",
                                   "        for el in lxml.etree.fromstring(f.read(), parser).iter():\n"
                                   "            el.tag\n")


# What the `hostkit` command that pip installs runs (its console script), rather than `python -m
# hostkit`, whose runpy start-up an installed command does not pay.
_ENTRY = "import sys; from hostkit.cli import main; sys.exit(main())"

CPU: dict[str, list[float]] = {}  # per job name: the process's user+system CPU seconds


def _time(cmd: list[str], env: dict[str, str], name: str = "") -> float:
    """Wall seconds of one whole process (its CPU seconds are noted in CPU[name])."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd[:6])}...: {done.stderr.strip()[:300]}")
    if name:
        CPU.setdefault(name, []).append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return took


def _setup_day(day: Path, game: Path, env: dict[str, str]) -> tuple[list[str], list[str]]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_accuracy import new_args

    case = json.loads((day / "case.json").read_text(encoding="utf-8"))
    py = [sys.executable, "-m", "hostkit"]
    for args in (new_args(game, case), ["--game", str(game), "resolve", "--force"]):
        subprocess.run(py + args, env=env, check=True, stdout=subprocess.DEVNULL)
    files = [str(day / p) for p in case["pages"]]
    votes = [sys.executable, "-c", _ENTRY, "--game", str(game), "votes", "--json", "--from-post",
             str(case["from_post"] + 1), "--to-post", str(case["to_post"])]
    for f in files:
        votes += ["--html", f]
    return [sys.executable, "-c", _BASELINE, *files], votes


def measure(days: Sequence[Path], rounds: int, work: Path, instructions: bool = True) -> dict[str, float]:
    """Interleaved medians per day: baseline, hostkit cold, hostkit recount; and the ratios."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    nocache = {**env, "HOSTKIT_CACHE": ""}
    warm = {**env, "HOSTKIT_CACHE": str(work / "cache")}
    fresh = iter(range(1 << 30))

    def first() -> dict[str, str]:  # a host's first count: the default cache, still empty
        return {**env, "HOSTKIT_CACHE": str(work / f"first-{next(fresh)}")}

    played = work / "played"

    def pages_only() -> dict[str, str]:  # (e): only the page cache empty (removed before timing)
        shutil.rmtree(played / "pages", ignore_errors=True)
        return {**env, "HOSTKIT_CACHE": str(played)}

    rng = random.Random(7)
    results = {}
    worst = worst_cpu = worst_recount = worst_ir = worst_ir_recount = 0.0
    how = _counter() if instructions else ""
    if instructions and not how:
        print("instruction counts: neither valgrind nor perf's instructions:u works on this machine")
    kinds = ("lxml", "first", "recount", "nocache", "played", "click", "walk")
    for i, day in enumerate(days):
        base_cmd, votes_cmd = _setup_day(day, work / f"game-{i}", env)
        for cmd, e in ((base_cmd, env), (votes_cmd, nocache), (votes_cmd, warm),  # bytecode, caches filled
                       (votes_cmd, pages_only())):
            _time(cmd, e)
        times: dict[str, list[float]] = {k: [] for k in kinds}
        CPU.clear()
        for _ in range(rounds):
            jobs = [("lxml", base_cmd, lambda: env), ("first", votes_cmd, first),
                    ("recount", votes_cmd, lambda: warm), ("nocache", votes_cmd, lambda: nocache),
                    ("played", votes_cmd, pages_only), ("click", [*base_cmd[:2], _FLOOR_CLICK, *base_cmd[3:]], lambda: env),
                    ("walk", [*base_cmd[:2], _FLOOR_WALK, *base_cmd[3:]], lambda: env)]
            rng.shuffle(jobs)
            for name, cmd, e in jobs:
                times[name].append(_time(cmd, e(), name))
        wall = {k: _median(times[k]) for k in kinds}
        cpu = {k: _median(CPU[k]) for k in kinds}
        worst = max(worst, wall["first"] / wall["lxml"])
        worst_cpu = max(worst_cpu, cpu["first"] / cpu["lxml"])
        worst_recount = max(worst_recount, wall["recount"] / wall["lxml"])
        pages = (len(votes_cmd) - votes_cmd.index("--html")) // 2
        name = f"{day.parent.name}/{day.name}" if day.parent.name.startswith("mafiascum") else day.name
        for label, m in (("wall", wall), ("CPU ", cpu)):
            print(f"{name:>24} ({pages} pages) {label}: lxml {m['lxml'] * 1000:4.0f} ms | first count "
                  f"{m['first'] * 1000:4.0f} ms {m['first'] / m['lxml']:4.2f}x | recount {m['recount'] * 1000:4.0f} ms "
                  f"{m['recount'] / m['lxml']:4.2f}x | no cache {m['nocache'] * 1000:4.0f} ms "
                  f"{m['nocache'] / m['lxml']:4.2f}x | first, replay cached {m['played'] * 1000:4.0f} ms "
                  f"{m['played'] / m['lxml']:4.2f}x")
            print(f"{'':>24} {label} floors: import click + the parse {m['click'] / m['lxml']:4.2f}x | and one Python "
                  f"pass over every element {m['walk'] / m['lxml']:4.2f}x")
        spread = {k: (min(times[k]) / wall[k], max(times[k]) / wall[k]) for k in ("lxml", "first", "recount")}
        print(f"{'':>24} spread of the rounds (min..max / median): " + ", ".join(
            f"{k} {lo:.2f}..{hi:.2f}" for k, (lo, hi) in spread.items()))
        if how:
            ir = {"lxml": _instructions(base_cmd, env, how), "first": _instructions(votes_cmd, first(), how)}
            ir["recount"] = _instructions(votes_cmd, warm, how)
            if all(ir.values()):
                worst_ir = max(worst_ir, ir["first"] / ir["lxml"])
                worst_ir_recount = max(worst_ir_recount, ir["recount"] / ir["lxml"])
                print(f"{'':>24} instructions ({how}): lxml {ir['lxml'] / 1e6:5.0f}M | first count "
                      f"{ir['first'] / 1e6:5.0f}M {ir['first'] / ir['lxml']:4.2f}x | recount {ir['recount'] / 1e6:5.0f}M "
                      f"{ir['recount'] / ir['lxml']:4.2f}x")
        results[day.name] = wall["first"] / wall["lxml"]
    results["worst"] = worst
    results["worst_cpu"] = worst_cpu
    results["worst_recount"] = worst_recount
    print(f"worst ratio, a host's first hostkit votes / lxml.etree.HTMLParser, start-up included: wall {worst:.2f}x, "
          f"CPU {worst_cpu:.2f}x (goal <= {GOAL_FIRST:g}x); medians of {rounds} interleaved rounds")
    print(f"worst ratio, a recount (page cache warm) / the same: wall {worst_recount:.2f}x (goal <= {GOAL_RECOUNT:g}x)")
    if worst_ir:
        results["worst_instructions"] = worst_ir
        results["worst_instructions_recount"] = worst_ir_recount
        print(f"worst ratio of instructions ({how}): first count {worst_ir:.2f}x (goal <= {GOAL_FIRST:g}x), "
              f"recount {worst_ir_recount:.2f}x (goal <= {GOAL_RECOUNT:g}x)")
    return results


def main(argv: Sequence[str] | None = None) -> dict[str, float]:
    ap = argparse.ArgumentParser(description="hostkit votes against lxml, whole processes")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--days", type=int, default=3, help="the largest days of each dev set (default 3)")
    ap.add_argument("--no-instructions", action="store_true", help="skip the instruction counts")
    ap.add_argument("--data", type=Path, default=DEV_DAYS)
    ap.add_argument("--synthetic", action="store_true", help="a built XenForo 1 thread instead of the dev days")
    opts = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hostkit-bench-votes-") as tmp:
        work = Path(tmp)
        days = [] if opts.synthetic else _largest_days(opts.data, work / "data", opts.days)
        if not days:
            print(f"no dev days at {opts.data}: measuring a built 100-page XenForo 1 thread instead")
            thread = build_thread(work / "built", 100, source=None if opts.synthetic else REAL_PAGE)
            day = work / "built-day"
            day.mkdir()
            for path in thread.paths:
                shutil.copy(path, day / path.name)
            (day / "case.json").write_text(json.dumps({
                "players": [{"name": p, "aliases": []} for p in PLAYERS], "moderators": [HOST],
                "markup": ["red"], "from_post": 0, "to_post": len(thread.posts),
                "pages": [p.name for p in thread.paths]}), encoding="utf-8")
            days = [day]
        return measure(days, opts.rounds, work, not opts.no_instructions)


if __name__ == "__main__":
    main()
