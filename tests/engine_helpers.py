"""Helpers for the engine tests: build a GameState and a night's actions from short text."""

from __future__ import annotations

import random
from pathlib import Path
from types import MappingProxyType

from hostkit.engine import resolve, rng_for
from hostkit.rules.items import starting_items
from hostkit.model.state import PICKED, GameState, PlayerState
from hostkit.model.entries import Action
from hostkit.model.outcome import NightOutcome
from hostkit.model.roles import Ruleset
from hostkit.rules.rulesets import load_ruleset, read_roles


def ruleset(name: str = "natural", extra: str | None = None, tmp: Path | None = None) -> Ruleset:
    """A bundled ruleset, optionally with custom roles (TOML text) added through the loader."""
    rs = load_ruleset(name)
    if extra is None:
        return rs
    assert tmp is not None
    path = tmp / "roles.toml"
    path.write_text(extra, encoding="utf-8")
    roles = dict(rs.roles)
    roles.update(read_roles(path, rs))
    return rs._replace(roles=MappingProxyType(roles))


def state(rs: Ruleset, players: str, *, night: int = 1, options: dict | None = None,
          tags: dict[str, dict] | None = None, dead: tuple[str, ...] = (),
          charges: dict[str, dict[str, int]] | None = None,
          last: dict[str, tuple[str, tuple[str, ...], int]] | None = None,
          items: dict[str, dict[str, int]] | None = None, starting: bool = False) -> GameState:
    """players: 'Ann=Roleblocker Bob=Goon ...' (names without spaces). Players hold `items`
    (name -> item -> count), and with `starting` their role's starting items too."""
    out: dict[str, PlayerState] = {}
    for pair in players.split():
        name, role_name = pair.split("=")
        role = rs.role(role_name.replace("_", " "))
        assert role is not None, role_name
        ps = PlayerState(name=name, role=role.name, faction=role.faction, alignment=role.alignment,
                         charges={a.key: a.uses for a in role.abilities if a.uses is not None},
                         items=starting_items(role) if starting else {})
        out[name] = ps
    for name, bag in (items or {}).items():
        for item, n in bag.items():
            out[name].items[item] = out[name].items.get(item, 0) + n
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
    """'Ann Block Bob; Bob Kill Cy; Cy Commute' -> Actions (ACTOR ABILITY [TARGET]..., '-' = skip
    as older records wrote it, no targets; 'skip' = declined, as `act` records it: `skip = true`)."""
    out = []
    for n, line in enumerate(x.strip() for x in lines.split(";")):
        if not line:
            continue
        words = line.split()
        targets = tuple(w for w in words[2:] if w not in ("-", "skip"))
        out.append(Action(words[0], words[1].replace("_", " "), targets, seq=n + 1, declined="skip" in words[2:]))
    return out


def night(st: GameState, lines: str, seed: int = 1):
    """Resolve a night; returns (outcome, Night). A player whose role picks one of its abilities
    at the start (`pick_one`: a Mad Scientist's technology) and whose tags give no pick is given
    the pick whose abilities the lines use for them, as the host recorded it at the start."""
    acts = actions(lines)
    used = {(a.actor, a.ability.lower()) for a in acts}
    for p in st.players.values():
        base = st.ruleset.roles[p.role]
        if base.pick_one and PICKED not in p.tags:
            for choice, names in base.pick_one.items():
                if any((p.name, n.lower()) in used for n in names):
                    p.tags[PICKED] = choice
    return resolve(st, acts, st.ruleset, rng_for(seed, "night", st.number))


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


def check(o, n, expect):
    """Compare an outcome and its Night with a case's expectations (every key optional):
    dead, failed ({"Actor.Ability": why}), ok, results, results_in, result_target, blocked (names or
    (name, notified) pairs),
    saved, visits, no_visits, notices, no_notice, deaths ({player: (cause, location, words)}),
    by, tags (a set of (player, tag), or a dict of them to their value or None), no_tags,
    untags, converts, changes, log."""
    if "dead" in expect:
        assert dead(o) == sorted(expect["dead"]), o.log
    f = failed(o)
    for key, why in expect.get("failed", {}).items():
        assert key in f, (key, f, o.log)
        assert why in f[key], (key, f[key])
    for key in expect.get("ok", ()):
        assert key not in f, (key, f[key], o.log)
    r = results(o)
    for key, value in expect.get("results", {}).items():
        assert r.get(key) == value, (key, r, o.log)
    for key, choices in expect.get("results_in", {}).items():
        assert r.get(key) in choices, (key, r, o.log)
    for key, target in expect.get("result_target", {}).items():
        assert {f"{x.player}.{x.ability}": x.target for x in o.results}[key] == target
    if "blocked" in expect:  # names, or (name, notified) pairs
        want = sorted(expect["blocked"])
        got = sorted((b.player, b.notified) if want and isinstance(want[0], tuple) else b.player for b in o.blocked)
        assert got == want, (got, o.log)
    saved = {s.player: s.by for s in o.saved}
    for player, by in expect.get("saved", {}).items():
        assert player in saved and set(by) <= set(saved[player]), (player, saved, o.log)
    v = visits(n)
    assert set(expect.get("visits", ())) <= v, (v, o.log)
    assert not (set(expect.get("no_visits", ())) & v), (v, o.log)
    for player, text in expect.get("notices", ()):
        assert any(x.player == player and text in x.text for x in o.notices), o.notices
    for player in expect.get("no_notice", ()):
        assert not any(x.player == player for x in o.notices), o.notices
    deaths = {d.player: d for d in o.deaths}
    for player, (cause, location, words) in expect.get("deaths", {}).items():
        d = deaths[player]
        assert (d.cause, d.location) == (cause, location), (d, o.log)
        assert words in d.flavour, d.flavour
    by = {d.player: list(d.by) for d in o.deaths}
    for victim, killers in expect.get("by", {}).items():
        assert by[victim] == killers, by
    tags = {(c.player, c.key): c.value for c in o.changes if c.kind == "tag"}
    wanted = expect.get("tags", {})
    for key in wanted:
        assert key in tags, (key, tags)
        if isinstance(wanted, dict) and wanted[key] is not None:
            assert tags[key] == wanted[key], (key, tags)
    assert not (set(expect.get("no_tags", ())) & set(tags)), tags
    untags = {(c.player, c.key) for c in o.changes if c.kind == "untag"}
    assert set(expect.get("untags", ())) <= untags, untags
    converts = {(c.player, c.key) for c in o.changes if c.kind == "convert"}
    assert set(expect.get("converts", ())) <= converts, converts
    changes = {(c.player, c.kind, c.key) for c in o.changes}
    assert set(expect.get("changes", ())) <= changes, changes
    for text in expect.get("log", ()):
        assert any(text in line for line in o.log), (text, o.log)
