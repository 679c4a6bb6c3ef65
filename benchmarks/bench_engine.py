"""How the night engine scales, in all five bundled rulesets: nights of 1,000 and 10,000 players.

Run: python benchmarks/bench_engine.py [--rounds N] [--no-slope] [RULESET ...]

For each ruleset, players are dealt its roles (every role with a night ability equally often,
plus one Villager-like role in five), and every living player acts: one of their role's night
abilities (the faction's factional kill once per faction), on random legal-looking targets (the
dead for a dig or a revive, two distinct players for a two-target ability). items-werewolf deals
the roles' starting items and paranormal's aliens random tech for their slots, and some players
use them; ooo-werewolf starts with some framed and
infected players; paranormal and natural with some doused and shielded ones. So a night
exercises every mechanism the ruleset has: blocks, redirects, protections, kills, readings,
conversions, items and the end-of-night steps.

The states are built outside the timing. The time is `resolve_night` (ordering, applying,
settling, the log); the states are frozen out of the garbage collector's walks (gc.freeze) and
every run starts after a collection, so a run pays for its own objects only. Rounds are interleaved (1,000 then 10,000 players, round after round, so a
busy machine slows both alike) and the median of the rounds is kept. It prints each median (with
the rounds' spread, and the process's CPU time beside it: on a busy machine the wall time is
mostly time spent waiting for a core, the CPU time is not) and the ratio 10,000/1,000: ten
times the players must cost at most twelve times the wall time on a quiet machine (no
quadratic step). It also prints the ratio of the Python function calls a night makes (counted
once with cProfile), the same measure without the noise: at most eleven times the calls for ten
times the players, from 1,000 to 10,000 and, as a check of the slope where a step quadratic in
something rare first shows, from 10,000 to 100,000 (counted once, not timed; --no-slope skips
it). Beside the calls, the lines of hostkit's code a night runs (sys.settrace's line events,
counted once), held to the same limits: a loop that calls nothing (a comprehension's passes) is
no calls but many lines, so a pass over every conversion for each conversion shows only there.
The closing table gives every ratio beside its limit; exit code 1 if one is over.
About 5 minutes with the default rounds, 1 without the slope.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hostkit.cli import GC_FIRST_THRESHOLD  # noqa: E402
from hostkit.engine import resolve_night, rng_for  # noqa: E402
from hostkit.model.entries import Action
from hostkit.model.state import GameState, PlayerState  # noqa: E402
from hostkit.rules.rulesets import RULESETS, load_ruleset  # noqa: E402

SIZES = (1_000, 10_000)
SLOPE = 100_000  # the slope check: calls and lines, not timed
LIMIT = 12.0  # wall time, 10,000/1,000
CALL_LIMIT = 11.0  # Python function calls, 10,000/1,000 and 100,000/10,000
START_TAGS = {  # ruleset -> tags some players carry at the start of the night
    "ooo-werewolf": ("framed", "infected"),
    "natural": ("doused",),
    "paranormal": ("mind-shield", "anti-tech", "spores"),
    "items-werewolf": (),
    "classic-werewolf": (),
}


def build(name: str, n: int, seed: int = 1) -> tuple[GameState, list[Action]]:
    """A night of n players of ruleset `name` where every living player acts."""
    rs = load_ruleset(name)
    rnd = random.Random(seed)
    active = sorted(r for r, role in rs.roles.items() if any(a.phase != "day" for a in role.abilities))
    idle = sorted(r for r, role in rs.roles.items() if not role.abilities)
    names = [f"P{i:05d}" for i in range(n)]
    players: dict[str, PlayerState] = {}
    for pname in names:
        role = rs.roles[rnd.choice(idle) if idle and rnd.random() < 0.2 else rnd.choice(active)]
        ps = PlayerState(name=pname, role=role.name, faction=role.faction, alignment=role.alignment,
                         charges={a.key: a.uses for a in role.abilities if a.uses is not None})
        for item in role.items:
            ps.items[item] = ps.items.get(item, 0) + 1
        if role.pick_one:  # a Mad Scientist's technology, picked at the start
            ps.tags["picked"] = rnd.choice(sorted(role.pick_one))
        for slot, k in role.tech.items():  # paranormal's aliens: random tech for their slots
            fits = sorted(i.name for i in rs.items.values() if i.slot == slot and i.name not in ps.items
                          and (not i.only or {role.name, role.faction} & set(i.only))
                          and not {role.name, role.faction} & set(i.not_for))
            for item in rnd.sample(fits, min(k, len(fits))):
                ps.items[item] = 1
        players[pname] = ps
    for pname in rnd.sample(names, n // 20):  # some died on earlier nights
        players[pname].alive = False
    for tag in START_TAGS.get(name, ()):
        for pname in rnd.sample(names, n // 50):
            players[pname].tags[tag] = {"by": rnd.choice(names)}
    state = GameState(rs, players, "night", 2, rs.option_defaults(),
                      initial_roles=tuple(p.role for p in players.values()))
    alive = [p for p in names if players[p].alive]
    dead = [p for p in names if not players[p].alive]
    actions: list[Action] = []
    factions_done: set[str] = set()
    blackouts_done: set[str] = set()  # one town-wide act of each kind a night, as a real game has (_blackout)
    items = rs.items
    for pname in alive:
        ps = players[pname]
        role = state.role_of(pname)
        usable = [a for a in role.abilities if a.phase != "day" and not (a.factional and ps.faction in factions_done)
                  and a.requires is None and (a.nights == "any" or (a.nights == "even") == (state.number % 2 == 0))]
        held = [ab for item in ps.items for ab in items[item].abilities
                if ab.name not in items[item].auto and ab.phase != "day"]
        if held and rnd.random() < 0.3:
            usable = held
        usable = [a for a in usable if _blackout(a) is None or (_blackout(a) and _blackout(a) not in blackouts_done)]
        if not usable:
            continue
        ab = rnd.choice(usable)
        if ab.factional:
            factions_done.add(ps.faction or "")
        if _blackout(ab) is not None:
            blackouts_done.add(_blackout(ab) or "")
        pool = dead if ab.dead_only else alive
        targets: list[str] = []
        while len(targets) < ab.targets and len(targets) < len(pool):
            t = rnd.choice(pool)
            if (t != pname or ab.self_target) and t not in targets \
                    and not (ab.factional and ps.faction and players[t].faction == ps.faction):
                targets.append(t)
        if len(targets) < ab.targets:
            continue
        actions.append(Action(pname, ab.name, tuple(targets), seq=len(actions) + 1))
    return state, actions


def _blackout(ab) -> str | None:
    """The power a town-wide blackout ability shuts off ('' for every action: the Stun Bomb), or
    "ignite" for an ignition of every doused player; None for an ability that reaches only its
    targets.

    A real game has one of each such device: dealt to one player in five, a 10,000-player night
    would fire hundreds, and a single Stun Bomb fails every other action of the night, which
    would leave nothing else of the night to measure. So the mix uses at most one of each power
    a night and no Stun Bomb (its night is every action failing: measured by its own tests).
    Likewise one ignition a night (natural has the Arsonist, one): each burns every doused
    player, and a death by fire names every player who ignited (Death.by), so n/40 Arsonists
    igniting over n/50 doused players make an outcome of n^2/2,000 names, quadratic by the
    rules, not by the engine."""
    for e in ab.effects:
        if e.kind == "blackout":
            return e.get("power", "")
        if e.kind == "ignite":
            return "ignite"
    return None


def run_once(state: GameState, actions: list[Action]) -> tuple[float, float, int, int]:
    """(wall seconds, this process's CPU seconds, deaths, failed actions) of one night."""
    gc.collect()  # each run starts from the same heap: the last run's garbage is not charged to it
    start, cpu = time.perf_counter(), time.process_time()
    outcome = resolve_night(state, actions, state.ruleset, rng_for(1, "night", state.number))
    return time.perf_counter() - start, time.process_time() - cpu, len(outcome.deaths), len(outcome.failed)


def bench(name: str, rounds: int, slope: bool = True) -> dict[str, float]:
    """Time ruleset `name`'s nights and count their calls: the ratios (wall, calls, slope)."""
    # The collector as the `hostkit` command sets it (cli.main): a night resolves under these
    # thresholds in every real run, not under the interpreter's defaults.
    gc.set_threshold(GC_FIRST_THRESHOLD, *gc.get_threshold()[1:])
    nights = {n: build(name, n) for n in SIZES}
    gc.freeze()  # the states are built outside the timing: the collector need not walk them again
    times: dict[int, list[float]] = {n: [] for n in SIZES}
    cpus: dict[int, list[float]] = {n: [] for n in SIZES}
    counts: dict[int, tuple[int, int]] = {}
    run_once(*nights[SIZES[0]])  # warm up (imports, caches)
    for _ in range(rounds):
        for n in SIZES:  # interleaved: both sizes in every round
            t, c, deaths, failed = run_once(*nights[n])
            times[n].append(t)
            cpus[n].append(c)
            counts[n] = (deaths, failed)
    med = {n: statistics.median(ts) for n, ts in times.items()}
    cpu = {n: statistics.median(cs) for n, cs in cpus.items()}
    for n in SIZES:
        deaths, failed = counts[n]
        spread = f"{min(times[n]) * 1000:.1f}..{max(times[n]) * 1000:.1f}"
        print(f"  {name:<17} {n:>6} players, {len(nights[n][1]):>5} actions: median {med[n] * 1000:8.1f} ms "
              f"of {rounds} (rounds {spread} ms; CPU {cpu[n] * 1000:.1f} ms) ({deaths} deaths, {failed} failed)")
    ratio = med[SIZES[1]] / med[SIZES[0]]
    calls = {n: count_calls(*nights[n]) for n in SIZES}
    lines = {n: count_lines(*nights[n]) for n in SIZES}
    out = {"wall": ratio, "cpu": cpu[SIZES[1]] / cpu[SIZES[0]], "calls": calls[SIZES[1]] / calls[SIZES[0]],
           "lines": lines[SIZES[1]] / lines[SIZES[0]]}
    print(f"  {name:<17} ratio {SIZES[1]:,}/{SIZES[0]:,}: {ratio:5.1f}x  (limit {LIMIT:g}x), CPU {out['cpu']:.1f}x; Python function "
          f"calls {calls[SIZES[0]]:,} -> {calls[SIZES[1]]:,}: {out['calls']:.1f}x, lines run {lines[SIZES[0]]:,} -> "
          f"{lines[SIZES[1]]:,}: {out['lines']:.1f}x  (limit {CALL_LIMIT:g}x)")
    if slope:
        del nights
        gc.unfreeze()
        gc.collect()
        big = build(name, SLOPE)
        calls[SLOPE] = count_calls(*big)
        lines[SLOPE] = count_lines(*big)
        out["slope"] = calls[SLOPE] / calls[SIZES[1]]
        out["line-slope"] = lines[SLOPE] / lines[SIZES[1]]
        print(f"  {name:<17} slope {SLOPE:,}/{SIZES[1]:,} ({len(big[1]):,} actions): Python function calls "
              f"{calls[SIZES[1]]:,} -> {calls[SLOPE]:,}: {out['slope']:.1f}x, lines run {lines[SIZES[1]]:,} -> "
              f"{lines[SLOPE]:,}: {out['line-slope']:.1f}x  (limit {CALL_LIMIT:g}x)")
    gc.unfreeze()
    return out


def count_calls(state: GameState, actions: list[Action]) -> int:
    """The work of one night as the number of Python function calls (cProfile): a machine-
    independent check that a night does about n steps; the time ratio also carries the cache
    and garbage-collector costs of a ten times larger heap, and a busy machine's noise."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    resolve_night(state, actions, state.ruleset, rng_for(1, "night", state.number))
    prof.disable()
    return sum(v[1] for v in pstats.Stats(prof).stats.values())  # type: ignore[attr-defined]


def count_lines(state: GameState, actions: list[Action]) -> int:
    """The work of one night as the number of lines of hostkit's code run (sys.settrace's line
    events). A call count misses a loop that calls nothing: a comprehension's passes are steps
    of one call (in paranormal, a scan of every conversion for each conversion was 115x the
    lines for 10x the players, and no more calls). A line count sees every pass of a Python
    loop; only a loop inside one C call (a `set(...)` of a whole dict, `x in a_list`) stays
    unseen."""
    import hostkit

    root = str(Path(hostkit.__file__).resolve().parent)
    count = 0

    def local(frame, event, arg):  # type: ignore[no-untyped-def]
        nonlocal count
        if event == "line":
            count += 1
        return local

    def enter(frame, event, arg):  # type: ignore[no-untyped-def]
        return local if frame.f_code.co_filename.startswith(root) else None

    sys.settrace(enter)
    try:
        resolve_night(state, actions, state.ruleset, rng_for(1, "night", state.number))
    finally:
        sys.settrace(None)
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=list(RULESETS))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-slope", action="store_true", help=f"skip the {SLOPE:,}-player counts of calls and lines")
    args = parser.parse_args(argv)
    ratios = {name: bench(name, args.rounds, not args.no_slope) for name in args.rulesets}
    # The wall time is the figure judged (on a quiet machine); the CPU time, beside it, is this
    # process's own, less moved by other programs on a busy one: shown, not judged.
    limits = {"wall": LIMIT, "cpu": None, "calls": CALL_LIMIT, "slope": CALL_LIMIT, "lines": CALL_LIMIT,
              "line-slope": CALL_LIMIT}
    small, large = f"{SIZES[1] // 1000}k/{SIZES[0] // 1000}k", f"{SLOPE // 1000}k/{SIZES[1] // 1000}k"
    heads = {"wall": f"wall {small}", "cpu": f"CPU {small}", "calls": f"calls {small}", "slope": f"calls {large}",
             "lines": f"lines {small}", "line-slope": f"lines {large}"}
    kinds = [k for k in limits if any(k in r for r in ratios.values())]
    print(f"\n  {'ruleset':<17}" + "".join(f"{heads[k]:>18}" for k in kinds))
    for name, r in ratios.items():
        print(f"  {name:<17}" + "".join(f"{r[k]:>10.1f}x " + (f"(<={limits[k]:g})" if limits[k] else " " * 6)
                                         for k in kinds))
    bad = [f"{n} {heads[k]} {r[k]:.1f}x" for n, r in ratios.items() for k in kinds
           if limits[k] is not None and r[k] > limits[k]]
    print("OK: no ruleset grows faster than linearly" if not bad else f"FAIL: {'; '.join(bad)} over the limit")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
