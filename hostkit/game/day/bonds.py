"""The Spirit-bond (seed paranormal, Attributes): a dead Spirit-bond player's ghost chooses a
living player (`bond_events`), who answers at night (`bond_answer_events`); an accepted bond takes
effect at the end of that phase (`settle_bonds`).

Pure functions over the replayed state; hostkit.game.day.rulings re-exports these names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...model.errors import RuleError
from ...model.entries import DayEvent
from ...model.state import GameState

if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game


SPIRIT_BOND = "Spirit-bond"


def settle_bonds(state: GameState) -> None:
    """At the end of the phase in which a receiver accepted a ghost's offer: 'they lose any
    abilities they may have had and gain the ghost's abilities instead' (tag `bonded`; GameState
    .role_of gives them the ghost's abilities, with the charges the ghost had left)."""
    for p in state.players.values():
        data = p.tags.pop("bond-pending", None)
        if data and p.alive:
            p.tags["bonded"] = data
            ghost = state.players[data["from"]]
            p.charges = {k: v for k, v in ghost.charges.items()}


def bond_events(game: Game, ghost: str, target: str) -> list[DayEvent]:
    """A dead Spirit-bond player chooses a living player to bond with (seed: 'When this player
    dies they may choose another living player to bond with'): once."""
    game.open_phase()
    state = game.state
    name = game.player(ghost)
    p = state.players[name]
    if SPIRIT_BOND not in p.attributes:
        raise RuleError(f"{name} has no Spirit-bond: only a Spirit-bond player's ghost bonds")
    if p.alive:
        raise RuleError(f"{name} is alive: Spirit-bond: 'When this player dies they may choose another living player'")
    if "bond-to" in p.tags:
        raise RuleError(f"{name} has already chosen to bond with {p.tags['bond-to']}")
    to = game.player(target)
    if to == name or not state.players[to].alive:
        raise RuleError(f"{to} is not a living player: Spirit-bond: 'another living player to bond with'")
    why = game.out_of_play(to)
    if why:
        raise RuleError(f"{to} is {why}: no ghost can reach them")
    return [DayEvent("bond", name, to)]


def bond_answer_events(game: Game, receiver: str, accept: bool) -> list[DayEvent]:
    """The receiver's answer to the ghost's offer, made on the night after the choice (seed: 'That
    night they visit that player as a ghost and offers them their power'); it takes effect at the
    end of that night."""
    ph = game.open_phase()
    state = game.state
    name = game.player(receiver)
    ghost = next((g.name for g in state.players.values() if g.tags.get("bond-to") == name
                  and "bond-answered" not in g.tags), None)
    if ghost is None:
        raise RuleError(f"no ghost has offered {name} a Spirit-bond")
    if ph.record.kind != "night":
        raise RuleError(f"the ghost visits {name} at night (Spirit-bond: 'That night they visit that player as a "
                        "ghost'): record the answer during the night")
    if not state.players[name].alive:
        raise RuleError(f"{name} is dead and cannot accept a Spirit-bond")
    return [DayEvent("bond-answer", name, None, data={"ghost": ghost, "accept": accept})]
