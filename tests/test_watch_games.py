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
