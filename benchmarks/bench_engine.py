"""How the night engine scales: synthetic natural nights of 100, 1,000 and 10,000 players.

Run: python benchmarks/bench_engine.py

Every player acts, with a realistic mix of the `natural` ruleset's roles: blocks (Roleblocker,
Jailkeeper), redirects, bus drives, protections (Doctor, Bodyguard), kills (Vigilante, the
Mafia's factional kill, a Veteran's alert, an Arsonist's douse and ignite, a Poisoner),
investigations (Cop, Tracker, Watcher, Follower) and commutes, on random targets. The state is
built outside the timing; the time is the best of a few runs of `resolve_night` (ordering,
applying, settling, the log). It prints the times and the ratios 1,000/100 and 10,000/1,000:
ten times the players must cost at most fifteen times the time (no quadratic step). Exit code 1
if a ratio is over 15. It takes about 10 s.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hostkit.engine import resolve_night, rng_for  # noqa: E402
from hostkit.model import Action, GameState, PlayerState  # noqa: E402
from hostkit.rulesets import load_ruleset  # noqa: E402

# role -> (share of players, ability used)
MIX = {
    "Roleblocker": (10, "Block"), "Jailkeeper": (3, "Jail"), "Redirector": (5, "Redirect"),
    "Bus Driver": (5, "Drive"), "Doctor": (10, "Protect"), "Bodyguard": (3, "Guard"),
    "Vigilante": (12, "Shoot"), "Veteran": (2, "Alert"), "Arsonist": (4, "Douse"), "Poisoner": (3, "Poison"),
    "Cop": (13, "Investigate"), "Tracker": (11, "Track"), "Watcher": (11, "Watch"), "Follower": (5, "Follow"),
    "Commuter": (3, "Commute"),
}
SIZES = (100, 1_000, 10_000)
LIMIT = 15.0


def build(n: int, seed: int = 1) -> tuple[GameState, list[Action]]:
    """A night of n players where every player acts (one arsonist in ten ignites instead)."""
    rs = load_ruleset("natural")
    rnd = random.Random(seed)
    roles = [r for r, (share, _) in MIX.items() for _ in range(share)]
    names = [f"P{i:05d}" for i in range(n)]
    players = {}
    for name in names:
        role = rs.roles[rnd.choice(roles)]
        players[name] = PlayerState(name=name, role=role.name, faction=role.faction, alignment=role.alignment,
                                    charges={a.key: a.uses for a in role.abilities if a.uses is not None})
    for name in rnd.sample(names, n // 50):
        players[name].tags["doused"] = {}
    state = GameState(rs, players, "night", 1, rs.option_defaults(), initial_roles=tuple(p.role for p in players.values()))
    actions: list[Action] = []
    mafia_kill = False
    for name in names:
        role = players[name].role
        ability = MIX[role][1]
        if role == "Arsonist" and rnd.random() < 0.1:
            ability = "Ignite"
        if role in ("Redirector", "Poisoner") and not mafia_kill:
            ability, mafia_kill = "Kill", True
        targets_needed = rs.roles[role].ability(ability).targets
        targets: list[str] = []
        while len(targets) < targets_needed:
            t = rnd.choice(names)
            if t != name and t not in targets and not (ability == "Kill" and players[t].faction == "Mafia"):
                targets.append(t)
        actions.append(Action(name, ability, tuple(targets), seq=len(actions) + 1))
    return state, actions


def timed(n: int, runs: int) -> tuple[float, int, int]:
    state, actions = build(n)
    best = float("inf")
    outcome = None
    for _ in range(runs):
        start = time.perf_counter()
        outcome = resolve_night(state, actions, state.ruleset, rng_for(1, "night", 1))
        best = min(best, time.perf_counter() - start)
    assert outcome is not None
    return best, len(outcome.deaths), len(outcome.failed)


def main() -> int:
    times = {}
    for n in SIZES:
        t, deaths, failed = timed(n, runs=5 if n < 10_000 else 3)
        times[n] = t
        print(f"{n:>6} players: {t * 1000:9.1f} ms  ({deaths} deaths, {failed} failed actions)")
    ok = True
    for small, big in zip(SIZES, SIZES[1:]):
        ratio = times[big] / times[small]
        ok &= ratio <= LIMIT
        print(f"ratio {big:,}/{small:,}: {ratio:5.1f}x  (limit {LIMIT:g}x)")
    print("OK: no quadratic step" if ok else "FAIL: a step grows faster than linearly")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
