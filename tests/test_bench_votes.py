"""The votes benchmark's thread builder (benchmarks/bench_votes.py), so the benchmark cannot rot. No timing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hostkit.votes.extract import extract
from hostkit.votes.forums import parse_page

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_votes.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_votes", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_votes"] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["bench_votes"]
    return module


@pytest.mark.parametrize("source", ["default", "synthetic"])
def test_builder_makes_parseable_pages_with_the_planted_votes(bench: ModuleType, tmp_path: Path,
                                                              source: str) -> None:
    kwargs = {"source": None} if source == "synthetic" else {}
    thread = bench.build_thread(tmp_path, 3, **kwargs)
    if source == "synthetic":
        assert thread.source.startswith("a synthetic")
    assert [p.name for p in thread.paths] == ["page-1.html", "page-2.html", "page-3.html"]
    assert [p.number for p in thread.posts] == list(range(1, 76))

    posts = []
    for n, path in enumerate(thread.paths, start=1):
        page = parse_page(path.read_bytes(), url=f"http://127.0.0.1:1/{path.name}")
        assert page.engine == "xenforo1"
        assert (page.page, page.last_page) == (n, 3)
        assert page.next_url == (f"http://127.0.0.1:1/page-{n + 1}.html" if n < 3 else None)
        posts.extend(page.posts)

    assert [(p.number, p.author) for p in posts] == [(p.number, p.author) for p in thread.posts]
    assert posts[0].author == bench.HOST and {p.author for p in posts[1:]} <= set(bench.PLAYERS)
    assert len({p.post_id for p in posts}) == 75
    found = [extract(p.body) for p in posts]
    assert [f.votes for f in found] == [p.votes for p in thread.posts]
    assert [f.quoted for f in found] == [p.quoted for p in thread.posts]
    n_votes = sum(len(p.votes) for p in thread.posts)
    assert 5 <= n_votes <= 30  # about one post in five
    assert any(p.quoted for p in thread.posts)
