"""When a phase began: the time of the phase end before it (model.PhaseEnd.time, written by
`resolve` and `eliminate`), the game's creation for the first phase; what `hostkit inbox` takes
as "the PMs in the host's inbox since the current phase began" (issue 27)."""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from types import MappingProxyType

from hostkit.game.cohost import merge_phase
from hostkit.forum.base import Message
from hostkit.forum.inbox import phase_start, readings
from hostkit.forum.inboxrun import report_lines
from hostkit.forum.journal import Journal
from hostkit.model.entries import PhaseEnd, entry_id


def _file(folder, name="night-1"):
    return next((folder / "phases").glob(f"*-{name}.toml"))


def _end(folder, name="night-1"):
    return tomllib.loads(_file(folder, name).read_text())["end"]


def _pm(ident, sender, when, text):
    return Message(ident, sender, (), "n", when.isoformat(timespec="seconds"), text)


def test_resolve_keeps_the_time_the_night_ended_and_the_day_begins_then(classic):
    """"Lists the PMs in the host's inbox since the current phase began": the night's end time is
    kept in its [end], in UTC, and is the day's start."""
    before = datetime.now(timezone.utc).replace(microsecond=0)
    classic.ok("act", "Bob", "Kill", "Hal")
    classic.ok("resolve", "--force")
    after = datetime.now(timezone.utc)
    ended = datetime.fromisoformat(_end(classic.folder)["time"])
    assert ended.utcoffset() == timedelta(0) and before <= ended <= after
    game = classic.game
    assert game.phases[-1].record.label == "day 1"
    assert phase_start(game, Journal(classic.folder)) == (ended, True)


def test_inbox_takes_only_the_pms_sent_after_the_phase_began(classic):
    """"since the current phase began", exactly: a night PM sent before the night was resolved
    is not listed in the day, though hostkit sent nothing to the forum in between."""
    classic.ok("resolve", "--force")
    game = classic.game
    start, exact = phase_start(game, Journal(classic.folder))
    pms = [_pm("1", "Ann", start - timedelta(seconds=1), "check bob"),
           _pm("2", "Bob", start + timedelta(seconds=1), "kill ann")]
    found, left_out = readings(game, pms, Journal(classic.folder))
    assert exact and [r.id for r in found] == ["2"] and len(left_out) == 1


def test_the_first_phase_begins_when_the_game_was_created(classic):
    """The first phase has no end before it: it begins with the game (game.toml's created)."""
    game = classic.game
    assert phase_start(game, Journal(classic.folder)) == (datetime.fromisoformat(game.setup.created), True)


def test_eliminate_keeps_the_time_the_day_ended(classic):
    """A day's end (eliminate) keeps its time too: the next night begins then."""
    classic.ok("resolve", "--force")
    classic.ok("eliminate", "--none")
    ended = _end(classic.folder, "day-1")
    game = classic.game
    assert game.phases[-1].record.label == "night 2"
    assert phase_start(game, Journal(classic.folder))[0] == datetime.fromisoformat(ended["time"])


def test_undo_takes_the_phase_ends_time_back_with_it(classic):
    """Taking back a phase end takes its time with it: the night is open again and begins when
    the game did; resolving again keeps the new time."""
    classic.ok("resolve", "--force")
    classic.ok("undo")
    game = classic.game
    assert game.phases[-1].record.label == "night 1" and "end" not in tomllib.loads(
        _file(classic.folder).read_text())
    assert phase_start(game, Journal(classic.folder))[0] == datetime.fromisoformat(game.setup.created)


def test_a_folder_of_before_the_time_falls_back_and_says_so(classic):
    """An end written before hostkit kept its time: the old approximation, said in one line."""
    classic.ok("resolve", "--force")
    path = _file(classic.folder)
    path.write_text("\n".join(l for l in path.read_text().splitlines() if not l.startswith("time =")) + "\n")
    game = classic.game
    assert game.phases[0].record.end.time == ""
    start, exact = phase_start(game, Journal(classic.folder))
    assert not exact and start == datetime.fromisoformat(game.setup.created)
    result = {"phase": "day 1", "pms": [], "left_out": [], "since": None, "since_exact": False}
    lines = report_lines(result, accept=False)
    assert len(lines) == 2 and "keeps no time for the start of day 1" in lines[1]


def test_a_bad_time_in_a_phase_end_names_the_file_and_key(classic):
    """A phase end's time that is not a UTC ISO time: one line naming the file and key, exit 1."""
    classic.ok("resolve", "--force")
    path = _file(classic.folder)
    text = path.read_text()
    for bad in ("yesterday", "2026-11-28T02:54:50", "2026-11-28T02:54:50-05:00"):
        path.write_text("\n".join(f'time = "{bad}"' if l.startswith("time =") else l
                                  for l in text.splitlines()) + "\n")
        out = classic.refused("status")
        assert "night-1.toml" in out and "end.time" in out, out


def test_an_end_of_before_the_time_keeps_its_entry_id():
    """An added field never changes the identity of entries written before it (entry ids that
    `log` shows and `undo --entry` takes; the co-host merge's keys): ids computed by hostkit
    before PhaseEnd.time existed."""
    assert entry_id(PhaseEnd(seq=12, host="Kim", eliminated="Bob")) == "afb66c0"
    assert entry_id(PhaseEnd(seq=7, published=MappingProxyType({"deaths": ["Dave"]}))) == "1a766e9"
    assert entry_id(PhaseEnd(seq=7, published=MappingProxyType({"deaths": ["Dave"]}),
                             time="2026-11-28T02:54:50+00:00")) != "1a766e9"


def test_co_hosts_merge_a_phase_end_with_its_time_the_same_either_way(classic):
    """Co-hosts: one clone resolved the night (its end has a time), the other entered a vote-free
    nothing; the merge keeps the end with its time, and gives the same bytes either way round."""
    base = _file(classic.folder).read_text()
    classic.ok("resolve", "--force")
    ours = _file(classic.folder).read_text()
    time = tomllib.loads(ours)["end"]["time"]
    one, _ = merge_phase(base, ours, base, "phases/01-night-1.toml")
    two, _ = merge_phase(base, base, ours, "phases/01-night-1.toml")
    assert one == two and tomllib.loads(one)["end"]["time"] == time
    same, _ = merge_phase(ours, ours, ours, "phases/01-night-1.toml")  # both have it: one end
    assert tomllib.loads(same)["end"]["time"] == time


def test_the_replay_cache_gives_back_the_time(classic, monkeypatch, tmp_path):
    """The replay cache keeps parsed phase files by their bytes: a cached load has the time too."""
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    classic.ok("resolve", "--force")
    first = classic.game.phases[0].record.end.time
    assert first and classic.game.phases[0].record.end.time == first  # the second load is cached
    assert any((tmp_path / "cache").rglob("*"))
