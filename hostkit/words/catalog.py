"""What `hostkit rulesets` and `hostkit roles` report: the bundled rulesets as plain data."""

from __future__ import annotations

from typing import Any

from ..model.roles import Ruleset
from ..rules.rulesets import available, load_ruleset
from .text import ability_when


def rulesets_info() -> list[dict[str, Any]]:
    out = []
    for name in available():
        rs = load_ruleset(name)
        out.append({
            "name": rs.name, "title": rs.title, "summary": rs.summary, "resolution": rs.resolution,
            "first_phase": rs.first_phase, "roles": list(rs.roles),
            "options": {k: {"default": o.default, "choices": list(o.choices), "summary": o.summary}
                        for k, o in rs.options.items()},
            "decisions": dict(rs.decisions),
            "coverage": [dict(row) for row in rs.coverage],
        })
    return out


def roles_info(rs: Ruleset) -> dict[str, Any]:
    from ..rules.written import listing

    return {"ruleset": rs.name, "modifiers": listing(rs), "roles": [
        {"name": r.name, "alignment": r.alignment, "faction": r.faction, "summary": r.summary, "notes": list(r.notes),
         "race": r.race, "goal": r.goal_text or r.goal, "victory": r.victory,
         "passives": sorted(r.passives), "appears": dict(r.appears),
         "abilities": [{"name": a.name, "phase": a.phase, "nights": a.nights, "when": ability_when(a),
                        "targets": a.targets, "uses": a.uses, "factional": a.factional,
                        "does": a.summary, "effects": [e.kind for e in a.effects]} for a in r.abilities],
         "items": list(r.items), **({"tech": dict(r.tech)} if r.tech else {}), "aliases": list(r.aliases)}
        for r in rs.roles.values()],
        "items": [{"name": i.name, "summary": i.summary, "consumed": i.consumed, "auto": list(i.auto),
                   **({"slot": i.slot} if i.slot else {}), **({"two_use": i.two_use} if i.two_use else {}),
                   **({"grants": list(i.grants)} if i.grants else {}),
                   "abilities": [{"name": a.name, "when": ability_when(a), "targets": a.targets, "does": a.summary,
                                  "effects": [e.kind for e in a.effects]} for a in i.abilities]}
                  for i in (getattr(rs, "items", None) or {}).values()],
        # seed natural II: every player's by the game's rules, not an ability of any role
        "innate": [{"name": a.name, "phase": a.phase, "when": ability_when(a), "targets": a.targets, "uses": a.uses,
                    "does": a.summary, "effects": [e.kind for e in a.effects]} for a in rs.innate]}
