"""Start-up of a host's first `hostkit votes --json` (issue 9's speed row, benchmarks/bench_votes.py
column (b)): what a fresh process loads on a fresh game with every cache empty, and that it answers
and writes exactly what it did before. Module lists, not timings: a lazy import that turns eager
again fails here at once, where the benchmark would only drift."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import snapshot
from test_votes_accuracy import VOTES, harbour

PAGE = str(VOTES / "phpbb_lastpage.html")

# Loaded by no step of `votes --json`: jinja2 for a post that is not printed, filelock for a lock
# that fcntl takes (cachedir, store); the entry rules, for a record that holds no action to check;
# the host's notices, the alien tech and stockpile rules and the standing's words, which a replay
# of a day without such events never asks; the host's day tools (status, deadline, activity) and
# their forum formats, which the JSON of a count does not use; `random`, for a replayed night
# that draws nothing (engine.rng_for makes its generator at the first draw) (issue 39).
NOT_LOADED = ("jinja2", "filelock", "hostkit.game.entry", "hostkit.game.notices", "hostkit.game.day.stockpile",
              "hostkit.game.day.tech", "hostkit.game.day.techstate", "hostkit.game.standing",
              "hostkit.game.day.elimination", "hostkit.game.daytools", "hostkit.game.formats", "random")


def _fresh(folder: Path, cache: str, modules: tuple[str, ...] = NOT_LOADED, command: tuple[str, ...] = (
        "votes", "--json", "--html", PAGE)) -> tuple[str, list[str]]:
    """A command in a fresh process, as the installed `hostkit` runs it: what it printed, and
    which of `modules` it imported."""
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: print('LOADED', [m for m in {modules!r} if m in sys.modules]))\n"
            "sys.argv = ['hostkit', '--game', *sys.argv[1:]]\n"
            "from hostkit.cli import main\nsys.exit(main())")
    out = subprocess.run([sys.executable, "-c", code, str(folder), *command], check=True, capture_output=True,
                         text=True, env=dict(os.environ, HOSTKIT_CACHE=cache)).stdout
    printed, _, loaded = out.rpartition("LOADED ")
    return printed, json.loads(loaded.replace("'", '"'))


def _fresh_votes(folder: Path, cache: str) -> tuple[dict, list[str]]:
    printed, loaded = _fresh(folder, cache)
    return json.loads(printed), loaded


def test_a_first_count_with_every_cache_empty_loads_no_template_or_lock_module(tmp_path):
    cold = harbour(tmp_path / "a").folder
    plain = tmp_path / "b"
    shutil.copytree(cold, plain)  # the same game, byte for byte
    cache = tmp_path / "cache"
    first, loaded = _fresh_votes(cold, str(cache))
    assert loaded == []
    # it did write: the replay cache's entries, the page cache's, and the count history
    assert sorted(p.name.split("-")[0] for p in (cache / "replay").iterdir()) == ["file", "file", "file", "night",
                                                                                   "ruleset"]
    assert len(list((cache / "pages").glob("*.json"))) == 1
    assert (cold / ".cache" / "counts" / "day-1.json").is_file()
    # and it answers, and writes into the game, what a count with every cache off does
    off, _ = _fresh_votes(plain, "")
    assert first == off
    assert snapshot(cold) == snapshot(plain)


def test_a_recount_and_a_status_from_warm_caches_parse_no_toml_and_resolve_no_night(tmp_path):
    """With every file, the ruleset and night 1 found in the replay cache, and the page in the page
    cache, neither the TOML parser nor the night engine is loaded (tomlio imports its parser only
    to parse), and the answers are the first ones. The parser is tomli, compiled: the standard
    library's tomllib, the same parser in pure Python, is not loaded at all (issue 39)."""
    from hostkit.store.tomlio import toml_parser

    folder = harbour(tmp_path).folder
    cache = str(tmp_path / "cache")
    parser = toml_parser().__name__
    parsers = (parser, "hostkit.engine.night", "hostkit.engine.effects", "tomllib")
    first, loaded = _fresh(folder, cache, parsers)
    assert loaded == [parser, "hostkit.engine.night", "hostkit.engine.effects"]
    assert parser == "tomli", "tomli is a dependency since issue 39: install hostkit again (pip install -e .)"
    assert _fresh(folder, cache, parsers) == (first, [])
    status, loaded = _fresh(folder, cache, parsers, ("status",))
    assert loaded == [] and status == _fresh(folder, "", parsers, ("status",))[0]


def test_the_days_first_preview_is_kept_without_an_fsync_and_every_later_rewrite_with_one(tmp_path, monkeypatch):
    """The count history (.cache/counts/day-N.json) is read as no history when it is absent or
    damaged, so while it is one of those a crash during its write loses nothing: the day's first
    count, a preview, skips the fsync (some 4 ms of a first count). Once it holds counts, and
    whenever a count is published (its number is posted), every write waits for the disk."""
    host = harbour(tmp_path)
    history = host.folder / ".cache" / "counts" / "day-1.json"
    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(Path(os.readlink(f"/proc/self/fd/{fd}")).name.split(".json.")[0])
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    host.ok("votes", "--html", PAGE)
    assert ".day-1" not in synced and len(json.loads(history.read_text())) == 1
    host.ok("vote", "Gunwale", "Ferrule")  # the count changes: the history is rewritten, durably
    host.ok("votes", "--html", PAGE, "--publish")
    assert synced.count(".day-1") == 1 and len(json.loads(history.read_text())) == 2
    history.write_text("{not json")  # damaged: read as no history, rebuilt without an fsync
    synced.clear()
    host.ok("votes", "--html", PAGE)
    assert synced == [] and len(json.loads(history.read_text())) == 1
    history.unlink()
    host.ok("votes", "--html", PAGE, "--publish")  # a first count published: its number is kept durably
    assert synced == [".day-1"]


def test_the_count_makes_absolute_only_the_links_it_prints(tmp_path, monkeypatch):
    """Each link made absolute is a urljoin, and a long day has some 1,400 posts and a few hundred
    counted votes: only the posts of counted votes (the wagons' and the hammer's, all the count
    post links to) are joined, each against the game's thread URL, never left relative."""
    import hostkit.votes.count as count_module
    from hostkit.game.day.daycount import count_votes
    from hostkit.game.game import Game
    from hostkit.votes.forums import parse_page

    harbour(tmp_path, thread="https://forum.mafiascum.net/viewtopic.php?t=71234")
    folder = tmp_path / "harbour"
    page = parse_page((VOTES / "phpbb_lastpage_unnumbered.html").read_bytes())
    chatter = page.posts[0]._replace(body="<p>No vote in this one.</p>", marks=None)
    page = page._replace(posts=page.posts + tuple(chatter._replace(number=chatter.number + 100 + i)
                                                  for i in range(5)))
    joined: list[str] = []
    real = count_module.urljoin
    monkeypatch.setattr(count_module, "urljoin", lambda base, url: joined.append(url) or real(base, url))
    count = count_votes(Game.load(folder), [page])
    voted = {h.post for h in count.history if h.post is not None}
    assert voted and set(count.post_urls) == voted and len(joined) == len(voted)
    assert all(u.startswith("https://forum.mafiascum.net/viewtopic.php?p=") for u in count.post_urls.values())


def test_votes_help_loads_no_page_reader_game_or_engine():
    """`hostkit votes --help` prints the options and nothing else: it loads the command line
    only, never lxml, the vote reader, the game or the engine (issue 39's start-up count)."""
    code = ("import sys\nsys.argv = ['hostkit', 'votes', '--help']\nfrom hostkit.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LOADED', sorted(m for m in sys.modules if m.split('.')[0] == 'lxml'\n"
            "      or m.startswith(('hostkit.votes', 'hostkit.game', 'hostkit.engine', 'hostkit.store', 'hostkit.rules'))))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert "--html" in out
    assert out.rpartition("LOADED ")[2].strip() == "[]"


def test_a_recount_from_the_page_cache_loads_no_lxml(tmp_path):
    """A host's second count of the same saved pages finds every page in the page cache and
    parses none, so it loads no lxml at all (importing it was a sixth of such a recount's
    instructions), and answers what the first count answered."""
    cold = harbour(tmp_path / "a").folder
    plain = tmp_path / "b"
    shutil.copytree(cold, plain)  # the same game, byte for byte
    cache = str(tmp_path / "cache")
    first, loaded = _fresh(cold, cache, ("lxml",))
    assert loaded == ["lxml"]  # the first count parsed the page
    again, loaded = _fresh(plain, cache, ("lxml",))
    assert loaded == []
    assert again == first


def test_a_vote_text_is_read_once_a_process():
    """parse_vote's answers are kept: a count reads the same texts from the marks, the tally,
    the runs it splits and the unsure list (10 M instructions of a long day's first count, issue
    39). An answer is an immutable record, the same whoever asks."""
    from hostkit.votes.votetext import parse_vote

    first = parse_vote("VOTE: Gunwale")
    assert first is parse_vote("VOTE: Gunwale") and first == ("vote", "Gunwale", "VOTE: Gunwale")
    assert parse_vote("no vote here") is None and parse_vote("UNVOTE: VOTE: Ann").name == "Ann"
