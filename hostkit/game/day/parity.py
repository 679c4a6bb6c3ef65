"""LYLO and MYLO: how many mis-eliminations today stand between the uninformed side and losing
the game, judged on a state with the ruleset's own victory rule (the count's notice; natural's
'Additional Vote Weight is ... lost in XYLO'). Pure: no game folder, no I/O."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from ...engine.day import victory
from ...model.state import GameState


def notice(state: GameState) -> str:
    """'LYLO' when one mis-elimination today can lose the game for the uninformed side (with the
    killers' best night kills after it), 'MYLO' when two can; '' otherwise. Judged with the
    ruleset's own victory rule on the living players: the killers are the factions with a
    factional kill; the worst case is assumed (any of the others eliminated, any killed)."""
    if state.winner or state.phase != "day":
        return ""
    kills = {}
    for p in state.players.values():
        role = state.role_of(p.name)
        if p.alive and p.faction and any(a.factional and any(e.kind == "kill" for e in a.effects)
                                         for a in role.abilities):
            kills[p.faction] = True
    if not kills:
        return ""
    players = {n: replace(p) for n, p in state.players.items()}
    fake = SimpleNamespace(options=state.options, ruleset=state.ruleset, players=players)

    def cls(p) -> tuple:
        role = state.ruleset.roles[p.role]  # what the victory rules look at: side, and villager or not
        return (p.faction, p.alignment, bool(role.abilities or role.passives))

    memo: dict[tuple, bool] = {}

    def lost() -> bool:
        won = victory(fake)  # type: ignore[arg-type]
        return bool(won) and (won in kills or any(players[n].alive and players[n].faction in kills
                                                  and players[n].alignment == won for n in players))

    def victims() -> list[str]:
        seen, out = set(), []
        for n, p in players.items():
            if p.alive and p.faction not in kills and cls(p) not in seen:
                seen.add(cls(p))
                out.append(n)
        return out

    def can_lose(days: int, nights: int) -> bool:
        """Worst case: `days` mis-eliminations and after each, every killing faction's kill."""
        key = (days, nights, tuple(sorted(repr(cls(p)) for p in players.values() if not p.alive)))
        if key in memo:
            return memo[key]
        result = lost()
        if not result and (days or nights):
            for victim in victims():
                players[victim].alive = False
                try:
                    nxt = (days - 1, len(kills)) if nights == 0 else (days, nights - 1)
                    result = can_lose(*nxt)
                finally:
                    players[victim].alive = True
                if result:
                    break
        memo[key] = result
        return result

    if can_lose(1, 0):
        return "LYLO: one mis-elimination today and the game is lost."
    if can_lose(2, 0):
        return "MYLO: a mis-elimination today leaves the next day lynch-or-lose."
    return ""
