"""Several games, one `hostkit watch` (issue 37): every game on one forum site goes through one
polite request queue (one connection, one request at a time, `--pace` seconds apart), so three
games ask no more of the forum than one careful reader; each game gets its own counts."""

from __future__ import annotations

import time

import pytest

from watch_helpers import Day


@pytest.mark.slow  # some 15 s: three games, their votes, and requests half a second apart
def test_three_games_on_one_site_share_one_polite_queue(tmp_path, board, monkeypatch):
    from hostkit.watch import loop

    days = [Day(tmp_path, board, monkeypatch, name=f"g{i}").to_day() for i in range(3)]
    for day in days:
        for short, target in (("Ann", "Bob"), ("Dee", "Bob"), ("Eli", "Ann")):
            day.vote(short, target)
    seen: list[tuple[int, float]] = []
    real = loop.PoliteHTTP.request

    def request(self, method, url, *args, **kwargs):
        try:
            return real(self, method, url, *args, **kwargs)
        finally:
            seen.append((id(self), time.monotonic()))

    monkeypatch.setattr(loop.PoliteHTTP, "request", request)
    said: list[str] = []
    loop.watch([d.host.folder for d in days], once=True, every=300, pace=0.5, say=said.append, signals=False)
    assert sum("vote count 1.01 (3 votes changed): sent" in line for line in said) == 3, said
    assert len({queue for queue, _ in seen}) == 1  # one queue for the one site
    gaps = [b - a for (_, a), (_, b) in zip(seen, seen[1:])]
    assert len(seen) >= 12 and min(gaps) >= 0.45, gaps  # never two requests closer than the pace
    for day in days:
        assert len(day.host_posts()) == 1


@pytest.mark.slow  # two games on the board
def test_a_game_that_cannot_be_run_fails_its_own_round_and_the_other_games_are_watched_on(tmp_path, board,
                                                                                        monkeypatch):
    """A game that cannot be run once the watch is going (here another game's send journal,
    copied in with a folder) is that game's line, with the forum-down back-off; the other game
    still gets its count, and `--once` (cron) exits 1 so the host hears of it."""
    import shutil

    broken, fine = (Day(tmp_path, board, monkeypatch, name=name).to_day() for name in ("broken", "fine"))
    for short, target in (("Ann", "Bob"), ("Dee", "Bob"), ("Eli", "Ann")):
        fine.vote(short, target)
    assert "vote count 1.01 (3 votes changed): sent" in fine.watch()
    journal = ".hostkit-sends.json"
    shutil.copy(fine.host.folder / journal, broken.host.folder / journal)
    for short, target in (("Ann", "Eli"), ("Dee", "Eli"), ("Eli", "Bob")):
        broken.vote(short, target)
        fine.vote(short, target)
    result = fine.host("watch", "--once", "--pace", "0", str(broken.host.folder), str(fine.host.folder))
    assert result.exit_code == 1, result.output
    said = [line for line in result.output.splitlines() if line.strip()]
    bad = [line for line in said if " broken: " in line]
    assert len(bad) == 1 and "cannot run this game" in bad[0] and "another game" in bad[0], said
    assert "next try in 600 s" in bad[0]  # the forum-down back-off: 2 x --every
    assert any(" fine: " in line and "vote count 1.02 (3 votes changed): sent" in line for line in said), said
    assert len(fine.host_posts()) == 2 and broken.host_posts() == []
    assert "cannot run this game" in (broken.host.folder / ".cache" / "watch.log").read_text()
    (broken.host.folder / journal).unlink()  # mended: tried again after its back-off, not before
    again = fine.host("watch", "--once", "--pace", "0", str(broken.host.folder))
    assert again.exit_code == 0 and "waiting it out" in again.output, again.output
