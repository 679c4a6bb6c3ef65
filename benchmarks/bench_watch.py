"""How `hostkit watch` reads a long thread on the local phpBB board (issue 37).

Run: python benchmarks/bench_watch.py [--board DIR] [--pages 211] [--pace 1.0] [--games 10]

- A topic of `--pages` pages (10 posts a page: some 2,100 posts, votes and chat by ten players)
  is made by inserting the posts straight into the board's SQLite database, as a long game's
  thread is after weeks; a game at day 1 watches it.
- **First count**: `hostkit watch --once` on a fresh game folder reads every page at the
  polite pace (`--pace` seconds between requests, the watch's default 1 s) and posts the count.
- **A round after one new post**: a player posts one vote (and the game's watch-count-votes is
  set to 1, so a count is due); `hostkit watch --once` reads only the last page (the older ones
  come from the page cache) and posts the new count. The goal: at most 5 s.
- **Several games, one process**: `--games` games on small topics of the one board, watched
  by one `hostkit watch --once` process: the requests it made and the smallest gap between
  two of them (one polite queue for the site: never closer than `--pace`).

Without --board, a board is started in a temporary folder (../shared/forum/board up, some
20 s) and stopped at the end. Figures go to stdout; `main()` returns them for the test.
"""

from __future__ import annotations

import argparse
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script from a checkout: make hostkit and the tests' board importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

BOARD = Path(__file__).resolve().parents[2] / "shared" / "forum" / "board"
PLAYERS = [f"Bench{n}" for n in ("Alder", "Birch", "Cedar", "Dahlia", "Elm", "Fern", "Ginger", "Hazel", "Iris",
                                  "Juniper")]
PER_PAGE = 10  # phpBB's default posts per page


def fill_topic(folder: Path, topic: str, posts: int, seed: int = 7) -> None:
    """Insert `posts` replies into the topic straight into the board's database: red votes, bold
    votes and chat by the ten players, a minute apart, and the topic's counters to match."""
    import random

    rng = random.Random(seed)
    db = sqlite3.connect(folder / "data" / "board.sqlite3")
    try:
        ids = dict(db.execute(f"SELECT username, user_id FROM phpbb_users WHERE username IN "
                              f"({','.join('?' * len(PLAYERS))})", PLAYERS).fetchall())
        forum, start = db.execute("SELECT forum_id, topic_time FROM phpbb_topics WHERE topic_id=?", (topic,)).fetchone()
        rows = []
        for n in range(posts):
            author = rng.choice(PLAYERS)
            pick = rng.random()
            target = rng.choice(PLAYERS)
            if author == PLAYERS[3] and target == PLAYERS[1]:
                target = PLAYERS[4]  # her vote on PLAYERS[1] after the fill is always a change
            if pick < 0.2:
                text = (f'<r><COLOR color="red"><s>[color=red]</s>vote {target}<e>[/color]</e>'
                        f"</COLOR> because of post {n}</r>")
            elif pick < 0.25:
                text = f"<r><B><s>[b]</s>VOTE: {target}<e>[/b]</e></B></r>"
            else:
                text = f"<t>Post {n}: I think {rng.choice(PLAYERS)} is suspicious, and {rng.choice(PLAYERS)} too.</t>"
            rows.append((int(topic), forum, ids[author], "127.0.0.1", start - posts * 60 + n * 60, 1, 1, 1, 1, "",
                         "Re: game", text, "", 0, "", "", 1, 1))
        db.executemany("INSERT INTO phpbb_posts (topic_id, forum_id, poster_id, poster_ip, post_time, enable_bbcode, "
                       "enable_smilies, enable_magic_url, enable_sig, post_username, post_subject, post_text, "
                       "post_checksum, post_attachment, bbcode_bitfield, bbcode_uid, post_postcount, post_visibility) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        # the topic's own opening post stays first: it is older than every inserted one
        first = db.execute("SELECT topic_first_post_id FROM phpbb_topics WHERE topic_id=?", (topic,)).fetchone()[0]
        db.execute("UPDATE phpbb_posts SET post_time=? WHERE post_id=?", (start - posts * 60 - 60, first))
        last_id, last_poster, last_time = db.execute(
            "SELECT post_id, poster_id, post_time FROM phpbb_posts WHERE topic_id=? ORDER BY post_time DESC, post_id "
            "DESC LIMIT 1", (topic,)).fetchone()
        name = db.execute("SELECT username FROM phpbb_users WHERE user_id=?", (last_poster,)).fetchone()[0]
        total = db.execute("SELECT COUNT(*) FROM phpbb_posts WHERE topic_id=?", (topic,)).fetchone()[0]
        db.execute("UPDATE phpbb_topics SET topic_posts_approved=?, topic_last_post_id=?, topic_last_poster_id=?, "
                   "topic_last_poster_name=?, topic_last_post_time=? WHERE topic_id=?",
                   (total, last_id, last_poster, name, last_time, topic))
        db.commit()
    finally:
        db.close()


def _hostkit(folder: Path, *args: str, env: dict[str, str]) -> tuple[float, str]:
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "hostkit", "--game", str(folder), *args], env=env,
                         capture_output=True, text=True, timeout=3600)
    took = time.perf_counter() - started
    if run.returncode != 0:
        raise SystemExit(f"hostkit {' '.join(args)} failed: {run.stderr.strip()[-400:]}")
    return took, run.stdout


def _game(board: Any, folder: Path, thread: str, title: str, env: dict[str, str]) -> None:
    roles = ["Werewolf", "Werewolf"] + ["Villager"] * (len(PLAYERS) - 3) + ["Seer"]
    args = ["new", str(folder), "--ruleset", "classic-werewolf", "--seed", "5", "--host", "Host", "--thread", thread,
            "--title", title]
    for name, role in zip(PLAYERS, roles):
        args += ["--assign", f"{name}={role}"]
    subprocess.run([sys.executable, "-m", "hostkit", *args], env=env, check=True, capture_output=True)
    _hostkit(folder, "forum", "login", "--user", "Host", env=env)  # the site the password may go to
    _hostkit(folder, "act", PLAYERS[0], "Kill", PLAYERS[-2], env=env)
    _hostkit(folder, "resolve", "--force", env=env)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    from forum_board import Board

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", type=Path, help="a running board's folder (else one is started and stopped)")
    ap.add_argument("--pages", type=int, default=211)
    ap.add_argument("--pace", type=float, default=1.0)
    ap.add_argument("--games", type=int, default=10)
    opts = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench-watch-"))
    started_board = opts.board is None
    folder = opts.board or work / "board"
    if started_board:
        up = subprocess.run([str(BOARD), "up", str(folder)], capture_output=True, text=True, timeout=600)
        if up.returncode != 0:
            raise SystemExit(f"board up failed: {up.stderr.strip()[-300:]}")
    url = re.search(r"URL=(\S+)", (folder / "board.env").read_text()).group(1)
    board = Board(folder, url)
    env = dict(os.environ, HOSTKIT_FORUM_PASSWORD="host-pw1", HOSTKIT_FORUM_USER="Host",
               HOSTKIT_CACHE=str(work / "cache"))
    figures: dict[str, Any] = {}
    try:
        board.add(*PLAYERS)
        tag = str(int(time.time()) % 100000)
        thread = board.new_topic(f"Bench {tag}")
        topic = re.search(r"t=(\d+)", thread).group(1)
        posts = opts.pages * PER_PAGE - 1 - PER_PAGE + 1  # the opening post and a last page of one
        fill_topic(folder, topic, posts)
        game = work / "game"
        _game(board, game, thread, f"Bench {tag}", env)
        took, out = _hostkit(game, "watch", "--once", "--pace", str(opts.pace), env=env)
        pages = len(list((game / ".cache" / "thread").glob("*/page-*.json")))
        figures.update(posts=posts + 1, pages=pages, first=took, first_out=out)
        print(f"thread: {posts + 1:,} posts on {pages} pages (inserted into the board's SQLite database)")
        print(f"first count (hostkit watch --once, pace {opts.pace:g} s): {took:.1f} s, "
              f"{took / max(pages, 1):.2f} s a page")
        _hostkit(game, "option", "watch-count-votes=1", env=env)  # the one new vote is a count to post
        board.as_user(PLAYERS[3]).reply(thread, f"[color=red]vote {PLAYERS[1]}[/color] one more post")
        took, out = _hostkit(game, "watch", "--once", "--pace", str(opts.pace), env=env)
        figures.update(after_one=took, after_one_out=out)
        print(f"a round after one new post: {took:.2f} s (goal: at most 5 s)")
        if opts.games:
            folders = []
            for i in range(opts.games):
                small = board.new_topic(f"Bench {tag} game {i}")
                fill_topic(folder, re.search(r"t=(\d+)", small).group(1), 25, seed=i)
                folders.append(work / f"game{i}")
                _game(board, folders[-1], small, f"Bench {tag} game {i}", env)
            took, out = _many(folders, opts.pace, env)
            figures.update(games=opts.games, games_time=took, **out)
            print(f"{opts.games} games, one process (hostkit watch --once G1 ... G{opts.games}): {took:.1f} s, "
                  f"{out['requests']} requests through {out['queues']} queue(s), the closest two "
                  f"{out['closest']:.2f} s apart (pace {opts.pace:g} s)")
    finally:
        if started_board:
            subprocess.run([str(BOARD), "down", str(folder)], capture_output=True, timeout=60)
    return figures


def _many(folders: list[Path], pace: float, env: dict[str, str]) -> tuple[float, dict[str, Any]]:
    """One watch process over every folder, its requests timed (in this process: the same code)."""
    from hostkit.watch import loop

    seen: list[tuple[int, float]] = []
    real = loop.PoliteHTTP.request

    def request(self, method, url, *args, **kwargs):  # type: ignore[no-untyped-def]
        try:
            return real(self, method, url, *args, **kwargs)
        finally:
            seen.append((id(self), time.monotonic()))

    old = dict(os.environ)
    os.environ.update(env)
    loop.PoliteHTTP.request = request  # type: ignore[method-assign]
    try:
        started = time.perf_counter()
        loop.watch(folders, once=True, every=300, pace=pace, say=lambda line: None, signals=False)
        took = time.perf_counter() - started
    finally:
        loop.PoliteHTTP.request = real  # type: ignore[method-assign]
        os.environ.clear()
        os.environ.update(old)
    gaps = [b - a for (_, a), (_, b) in zip(seen, seen[1:])]
    return took, {"requests": len(seen), "queues": len({q for q, _ in seen}), "closest": min(gaps or [0.0])}


if __name__ == "__main__":
    main()
