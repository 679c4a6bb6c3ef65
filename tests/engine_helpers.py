"""Helpers for the engine tests: build a GameState and a night's actions from short text."""

from __future__ import annotations

import random
from pathlib import Path
from types import MappingProxyType

from hostkit.engine import resolve, rng_for
from hostkit.model import Action, GameState, NightOutcome, PlayerState, Ruleset
from hostkit.rulesets import load_ruleset, read_roles


def ruleset(name: str = "natural", extra: str | None = None, tmp: Path | None = None) -> Ruleset:
    """A bundled ruleset, optionally with custom roles (TOML text) added through the loader."""
    rs = load_ruleset(name)
    if extra is None:
        return rs
    assert tmp is not None
    path = tmp / "roles.toml"
    path.write_text(extra, encoding="utf-8")
    roles = dict(rs.roles)
    roles.update(read_roles(path))
    return rs._replace(roles=MappingProxyType(roles))


def state(rs: Ruleset, players: str, *, night: int = 1, options: dict | None = None,
          tags: dict[str, dict] | None = None, dead: tuple[str, ...] = (),
          charges: dict[str, dict[str, int]] | None = None,
          last: dict[str, tuple[str, tuple[str, ...], int]] | None = None) -> GameState:
    """players: 'Ann=Roleblocker Bob=Goon ...' (names without spaces)."""
    out: dict[str, PlayerState] = {}
    for pair in players.split():
        name, role_name = pair.split("=")
        role = rs.role(role_name.replace("_", " "))
        assert role is not None, role_name
        ps = PlayerState(name=name, role=role.name, faction=role.faction, alignment=role.alignment,
                         charges={a.key: a.uses for a in role.abilities if a.uses is not None})
        out[name] = ps
    for name, t in (tags or {}).items():
        out[name].tags.update(t)
    for name in dead:
        out[name].alive = False
    for name, c in (charges or {}).items():
        out[name].charges.update(c)
    for name, (ability, targets, when) in (last or {}).items():
        out[name].last_targets[ability] = targets
        out[name].last_night[ability] = when
    opts = rs.option_defaults()
    opts.update(options or {})
    return GameState(rs, out, "night", night, opts, initial_roles=tuple(p.role for p in out.values()))


def actions(lines: str) -> list[Action]:
    """'Ann Block Bob; Bob Kill Cy; Cy Commute' -> Actions (ACTOR ABILITY [TARGET]..., '-' = skip)."""
    out = []
    for n, line in enumerate(x.strip() for x in lines.split(";")):
        if not line:
            continue
        words = line.split()
        targets = tuple(w for w in words[2:] if w != "-")
        out.append(Action(words[0], words[1].replace("_", " "), targets, seq=n + 1))
    return out


def night(st: GameState, lines: str, seed: int = 1):
    """Resolve a night; returns (outcome, Night)."""
    return resolve(st, actions(lines), st.ruleset, rng_for(seed, "night", st.number))


def run(rs: Ruleset, players: str, lines: str, **kw) -> tuple[NightOutcome, object]:
    return night(state(rs, players, **{k: v for k, v in kw.items() if k != "seed"}), lines, kw.get("seed", 1))


def dead(o: NightOutcome) -> list[str]:
    return sorted(d.player for d in o.deaths)


def failed(o: NightOutcome) -> dict[str, str]:
    return {f"{f.player}.{f.ability}": f.reason for f in o.failed}


def results(o: NightOutcome) -> dict[str, object]:
    return {f"{r.player}.{r.ability}": r.result for r in o.results}


def visits(n) -> set[tuple[str, str]]:
    return {(a, b) for a, b, _ in n.visits}


def shuffled(lines: str, seed: int) -> str:
    parts = [x for x in lines.split(";") if x.strip()]
    random.Random(seed).shuffle(parts)
    return ";".join(parts)
