"""Shortening the day: the players' votes to end the current day early, as the host records them.

Seed paranormal, General Rules: "Shortening: Since shortening can have such a huge effect on the
game it requires a Majority of living players voting for it to occur. (Over %50)". The ruleset
option `shortening` (`none`, `majority`) says whether a game has it at all.

A vote to shorten is a ruling (a DayEvent `shorten`, taken back by `shorten-withdraw`) in the day's
record, apart from the lynch vote (decision shortening-vote): `*_events` check what the host
types, `apply` replays it (the voter's tag TAG holds the day the vote stands for, cleared when the
day ends), `tally` counts the standing votes against the living players in play (an abducted
player neither votes nor counts, as in the lynch vote), and `notices` tell the host (`status`,
`due`) how it stands and when the day must end. `thread_asks` finds, among the vote texts a
count could not match, those that ask to shorten, for the count's host-only notes: the count
(hostkit/votes) stays a leaf that knows nothing of shortening. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ...model.errors import HostkitError, RuleError
from ...model.entries import DayEvent
from ...model.state import GameState

if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game

KINDS = ("shorten", "shorten-withdraw")
TAG = "shorten-vote"  # the player's tag: the number of the day their vote to shorten stands for
SEED = "'Shortening ... requires a Majority of living players voting for it to occur. (Over %50)'"
# A vote text that asks to shorten the day: "vote: shorten", "shorten the day", "VOTE: Shortening".
ASKS = re.compile(r"\bshort(?:en|ening)\b", re.IGNORECASE)


def enabled(state: GameState) -> bool:
    """Whether the game's `shortening` option allows a shortening at all."""
    return str(state.options.get("shortening", "none")) == "majority"


def apply(state: GameState, event: DayEvent, player: Callable[[str], str]) -> None:
    """Replay a vote to shorten (or its withdrawal): the checks of `shorten_events` that the
    replayed state alone can make, for a hand edit."""
    name = player(event.actor or "")
    p = state.players[name]
    day = state.number
    if state.phase != "day":
        raise HostkitError(f"{name}'s vote to shorten is recorded at night: a day is shortened by day")
    if event.kind == "shorten":
        if not p.alive:
            raise HostkitError(f"{name} is dead: {SEED}")
        p.tags[TAG] = day
    elif p.tags.get(TAG) != day:
        raise HostkitError(f"{name} has no vote to shorten day {day} to withdraw")
    else:
        del p.tags[TAG]


def day_over(state: GameState) -> None:
    """The day has ended: no vote to shorten it stands any more."""
    for p in state.players.values():
        p.tags.pop(TAG, None)


def shorten_events(game: Game, voter: str, withdraw: bool = False) -> list[DayEvent]:
    """VOTER's vote to shorten the current day (`withdraw`: its withdrawal): by day, by a living
    player in play, where the game's `shortening` option allows it."""
    state = game.state
    if not enabled(state):
        raise RuleError(f"{game.ruleset.name} has no shortening (option shortening = "
                        f"{state.options.get('shortening', 'none')}; --option shortening=majority allows it)")
    ph = game.open_phase()
    if ph.record.kind != "day":
        raise RuleError("a vote to shorten is entered by day: it shortens the current day")
    name = game.player(voter)
    day = ph.record.number
    standing = state.players[name].tags.get(TAG) == day
    if withdraw:
        if not standing:
            raise RuleError(f"{name} has no vote to shorten day {day} to withdraw")
        return [DayEvent("shorten-withdraw", name)]
    if not state.players[name].alive:
        raise RuleError(f"{name} is dead: only the living vote to shorten ({SEED})")
    why = game.out_of_play(name)
    if why:
        raise RuleError(f"{name} is {why}: {why} players cannot vote during the day")
    if standing:
        raise RuleError(f"{name} has already voted to shorten day {day}")
    return [DayEvent("shorten", name)]


def withdrawal(game: Game, name: str) -> list[DayEvent]:
    """The withdrawal of NAME's standing vote to shorten today, recorded when their slot is
    replaced with the lynch vote cleared (decision shortening-vote: 'will have their Vote cleared
    to prevent an unmovable vote'), or [] when none stands."""
    state = game.state
    if state.phase != "day" or state.players[name].tags.get(TAG) != state.number:
        return []
    return [DayEvent("shorten-withdraw", name)]


def living(game: Game) -> list[str]:
    """The living players in play: those whose votes make the majority."""
    return [n for n in game.state.alive() if not game.out_of_play(n)]


def tally(game: Game) -> dict[str, Any] | None:
    """How the shortening stands today ({day, votes, living, needed, passed}; `votes` are the
    standing voters in play, in seat order), or None outside a day or where the game has none.
    It passes when more than half of the living players in play have voted to shorten."""
    state = game.state
    if not enabled(state) or state.phase != "day" or state.winner:
        return None
    voters = living(game)
    votes = [n for n in voters if state.players[n].tags.get(TAG) == state.number]
    needed = len(voters) // 2 + 1
    return {"day": state.number, "votes": votes, "living": len(voters), "needed": needed,
            "passed": bool(voters) and len(votes) >= needed}


def notices(game: Game) -> list[str]:
    """What the host must know of the shortening now (`status`, `due`): the standing while any
    vote stands; once it has passed, that the day ends now."""
    t = tally(game)
    if t is None or not t["votes"]:
        return []
    if t["passed"]:
        return [f"a majority of the living voted to shorten day {t['day']}: end the day now ('hostkit eliminate' "
                f"by the count as it stands); {len(t['votes'])} of {t['living']} living: {', '.join(t['votes'])}"]
    return [f"shortening: {len(t['votes'])} of {t['living']} living ({t['needed']} needed): {', '.join(t['votes'])}"]


def thread_asks(game: Game, ignored: Iterable[Any]) -> list[dict[str, Any]]:
    """Among a count's ignored vote texts, those that ask to shorten the day, by a living player
    in play with no vote to shorten standing: [{player, post, command}] for the host-only notes
    (never entered by themselves: the host reads the post)."""
    state = game.state
    if not enabled(state) or state.phase != "day":
        return []
    voters = set(living(game))
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i in ignored:
        if not ASKS.search(str(i.text)):
            continue
        try:
            name = game.player(str(i.author))
        except HostkitError:
            continue
        if name in voters and name not in seen and state.players[name].tags.get(TAG) != state.number:
            seen.add(name)
            out.append({"player": name, "post": i.post, "command": f"hostkit shorten {name}"})
    return out
