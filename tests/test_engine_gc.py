"""The engine and the cyclic garbage collector (issue 10): `resolve` pauses the collector while a
phase resolves, which is sound only because a resolved night leaves no cyclic garbage. These tests
hold both halves: no night of any bundled ruleset leaves a cycle for the collector, the pause is
undone however the resolve ends, and a cycle made while it is paused is still collected after."""

from __future__ import annotations

import gc
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Callable

import pytest

from hostkit.engine import resolve, resolve_night, resolver, rng_for
from hostkit.rules.rulesets import RULESETS

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_engine.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """benchmarks/bench_engine.py: its night builder deals every role and item of a ruleset and
    has every living player act, so a night exercises every mechanism the ruleset has."""
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def left_for_the_collector(fn: Callable[[], object]) -> list:
    """Run fn and drop what it returns; then the objects the collector finds unreachable (kept by
    DEBUG_SAVEALL in gc.garbage rather than freed), so only cycles fn left behind. Collected
    before, without SAVEALL, so nothing earlier is counted (and nothing earlier is kept alive)."""
    gc.collect()
    gc.garbage.clear()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        fn()
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("name", RULESETS)
def test_a_resolved_night_leaves_no_cyclic_garbage(bench: ModuleType, name: str, seed: int) -> None:
    """Every object a night makes is freed by reference counting once the outcome is built: the
    collector finds nothing left of the night (so pausing it while a night resolves frees later
    nothing that would have been freed earlier, and leaks nothing)."""
    state, actions = bench.build(name, 400, seed)
    outcomes = []

    def night() -> None:
        outcomes.append(resolve_night(state, actions, state.ruleset, rng_for(1, "night", state.number)))
        outcomes[-1] = (len(outcomes[-1].acts), len(outcomes[-1].deaths))  # the outcome is dropped

    assert [type(o).__name__ for o in left_for_the_collector(night)] == []
    acts, deaths = outcomes[0]
    assert acts >= len(actions) > 200 and deaths > 10  # a real night: hundreds acted, players died


def test_the_collector_is_paused_while_a_night_resolves_and_enabled_after(monkeypatch, bench: ModuleType) -> None:
    seen = []
    settle = resolver.settle_night
    monkeypatch.setattr(resolver, "settle_night", lambda night: seen.append(gc.isenabled()) or settle(night))
    state, actions = bench.build("classic-werewolf", 50)
    assert gc.isenabled()
    resolve(state, actions, state.ruleset, rng_for(1, "night", state.number))
    assert seen == [False] and gc.isenabled()


def test_a_caller_that_paused_the_collector_finds_it_still_paused(bench: ModuleType) -> None:
    state, actions = bench.build("classic-werewolf", 50)
    gc.disable()
    try:
        resolve(state, actions, state.ruleset, rng_for(1, "night", state.number))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_night_that_raises_still_gives_the_collector_back(monkeypatch, bench: ModuleType) -> None:
    def boom(night):
        raise RuntimeError("a broken step")

    monkeypatch.setattr(resolver, "settle_night", boom)
    state, actions = bench.build("classic-werewolf", 50)
    with pytest.raises(RuntimeError, match="a broken step"):
        resolve(state, actions, state.ruleset, rng_for(1, "night", state.number))
    assert gc.isenabled()


def test_a_cycle_made_while_paused_is_collected_after_the_night(monkeypatch, bench: ModuleType) -> None:
    """Were a step ever to build a cycle, the pause would only delay it, not leak it: the collector
    still tracks it and the first collection after the night finds it."""
    settle = resolver.settle_night

    def cyclic(night):
        night.ext["loop"] = {"night": night}  # the Night now sits in a cycle, through its ext
        return settle(night)

    monkeypatch.setattr(resolver, "settle_night", cyclic)
    state, actions = bench.build("classic-werewolf", 50)
    found = left_for_the_collector(lambda: resolve_night(state, actions, state.ruleset,
                                                         rng_for(1, "night", state.number)))
    assert gc.isenabled()
    assert any(isinstance(o, dict) and "loop" in o for o in found)  # the Night's ext, found and not leaked
