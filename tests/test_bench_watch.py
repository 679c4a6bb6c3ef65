"""The watch benchmark (benchmarks/bench_watch.py) on the session's board, so it cannot rot: a
211-page thread inserted into the board's database; the round after one new post within the
issue's 5 s (issue 37). The first count runs here with no pace (the benchmark itself shows it
at the polite pace)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_watch.py"


@pytest.mark.slow  # one to three minutes: 2,100 posts inserted, 211 pages read, then the games
def test_the_watch_benchmark_reads_211_pages_once_then_one_page_within_5_seconds(board, capsys):
    spec = importlib.util.spec_from_file_location("bench_watch", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_watch"] = module
    try:
        spec.loader.exec_module(module)
        figures = module.main(["--board", str(board.folder), "--pace", "0", "--games", "3"])
    finally:
        del sys.modules["bench_watch"]
    assert figures["pages"] == 211 and figures["posts"] >= 2100
    assert "vote count 1.01" in figures["first_out"]
    assert figures["after_one"] <= 5.0, figures["after_one"]
    assert "vote count 1.02" in figures["after_one_out"]
    assert figures["queues"] == 1 and figures["requests"] >= 3 * 2
    print(capsys.readouterr().out)
