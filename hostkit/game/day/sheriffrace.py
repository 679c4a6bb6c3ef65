"""The Day 1 Sheriff race (seed classic-werewolf: Campaign -> OptOut -> SheriffElection), replayed
from its events (`SheriffRace`), and the host's race entries checked against it (`run_events`,
`withdraw_events`, `vote_events`, `revote_events`, `votes_many_events`, `elect_events`); who is
in the race, and why an open race holds up what follows it (`race_open`).

Pure functions over the replayed state; hostkit.game.day.rulings replays the events (apply_event) and
re-exports these names. The Sheriff themself is core state (GameState.sheriff).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...model.errors import RuleError
from ...model.entries import DayEvent
from ...model.state import GameState

if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game


class SheriffRace:
    """The Day 1 Sheriff race (seed classic-werewolf), replayed from its events. The Sheriff
    themself is core state (GameState.sheriff): the badge weighs votes and passes at death."""

    __slots__ = ("candidates", "withdrawn", "votes", "election")

    def __init__(self) -> None:
        self.candidates: list[str] = []  # in order of entry
        self.withdrawn: list[str] = []
        self.votes: dict[str, str] = {}  # voter -> candidate
        self.election: dict[str, Any] | None = None  # the closed election: {"totals": ..., "winner": ...}


def running(state: GameState, race: SheriffRace) -> list[str]:
    """The Sheriff candidates still in the race."""
    return [c for c in race.candidates if c not in race.withdrawn and in_race(state, c)]


def in_race(state: GameState, name: str) -> bool:
    """Whether a player takes part in the Day 1 Sheriff race: the living, and those who died on
    night 1, since the Campaign comes before DeathResolution (seed Campaign: who died is not
    known yet, death announcements come after the Campaign)."""
    p = state.players[name]
    return p.alive or (state.phase == "day" and state.number == 1 and p.died == "night 1")


def race_voters(state: GameState) -> list[str]:
    """Who votes in the Day 1 Sheriff election (every player in the race, seed SheriffElection)."""
    return [n for n in state.players if in_race(state, n)]


def _election_day(game: Game) -> None:
    if not game.state.options.get("sheriff"):
        raise RuleError(f"{game.ruleset.name} has no Sheriff election")
    rec = game.open_phase("day").record
    if rec.number != 1:
        raise RuleError("the Sheriff is elected on Day 1 only")
    if game.race.election is not None:
        raise RuleError("the Sheriff election is over")


def run_events(game: Game, names: Sequence[str]) -> list[DayEvent]:
    """Campaign: register Sheriff candidates (Day 1 only, living players, once each)."""
    _election_day(game)
    race = game.race
    if race.votes:
        raise RuleError("the election has begun: candidates register before the first vote")
    if _death_resolution_begun(game):
        raise RuleError("DeathResolution has begun (a last shot or a badge is recorded today): the Campaign comes "
                        "before it (Day 1 is Campaign -> OptOut -> SheriffElection -> DeathResolution)")
    out: list[str] = []
    for word in names:
        name = game.player(word)
        if not in_race(game.state, name):
            raise RuleError(f"{name} is dead and cannot run for Sheriff")
        if name in race.withdrawn:
            raise RuleError(f"{name} withdrew and cannot rejoin the race")
        if name in race.candidates or name in out:
            raise RuleError(f"{name} is already a candidate")
        out.append(name)
    return [DayEvent("candidate", n) for n in out]


def withdraw_events(game: Game, word: str) -> list[DayEvent]:
    """OptOut: a candidate leaves the race, once, before the voting starts."""
    _election_day(game)
    race = game.race
    name = game.player(word)
    if name not in race.candidates:
        raise RuleError(f"{name} is not a Sheriff candidate: only candidates opt out")
    if name in race.withdrawn:
        raise RuleError(f"{name} has already opted out")
    if race.votes:
        raise RuleError("the election has begun: opting out comes before the first vote")
    return [DayEvent("withdraw", name)]


def vote_events(game: Game, voter: str, candidate: str) -> list[DayEvent]:
    """SheriffElection: a living player's vote for a remaining candidate (a later vote replaces it)."""
    _election_day(game)
    who = game.player(voter)
    if not in_race(game.state, who):
        raise RuleError(f"{who} is dead: only living players vote for Sheriff")
    now = running(game.state, game.race)
    if not now:
        raise RuleError("there are no Sheriff candidates left to vote for")
    if candidate.strip().lower() in ("none", "no one", "abstain", "skip", "-", "no elimination", "no lynch"):
        raise RuleError(f"SheriffElection 2 (No Abstention): every living player must vote for a candidate; "
                        f"{who} votes for {' or '.join(now)}")
    target = game.player(candidate)
    if target not in now:
        why = "opted out" if target in game.race.withdrawn else "is not a candidate"
        raise RuleError(f"{target} {why}: votes go to {', '.join(now)}")
    return [DayEvent("sheriff-vote", who, target)]


def revote_events(game: Game) -> list[DayEvent]:
    """After a tied election, a second round among the tied (option sheriff-tie = revote)."""
    if game.state.options.get("sheriff-tie", "none") != "revote":
        raise RuleError(f"a tie elects no Sheriff in {game.ruleset.name} "
                        "(a game may allow a second round with --option sheriff-tie=revote)")
    rec = game.open_phase("day").record
    result = game.race.election
    if rec.number != 1 or result is None or result["winner"] is not None:
        raise RuleError("a second round follows a tied Day 1 election only")
    return [DayEvent("revote")]


def votes_many_events(game: Game, votes: dict[str, str]) -> list[DayEvent]:
    """Several Sheriff election votes at once (read from the thread), all or none."""
    _election_day(game)
    now = running(game.state, game.race)
    for voter, target in votes.items():
        if not in_race(game.state, voter) or target not in now:
            raise RuleError(f"{voter}'s vote for {target} is not a valid Sheriff vote")
    return [DayEvent("sheriff-vote", v, t) for v, t in votes.items()]


def race_summary(game: Game) -> dict[str, Any]:
    """The race so far: candidates, withdrawals, votes, who has not voted yet, the Sheriff."""
    race = game.race
    return {"sheriff": game.state.sheriff, "candidates": race.candidates, "withdrawn": race.withdrawn,
            "running": running(game.state, race), "votes": race.votes, "election": race.election,
            "not_voted": missing_voters(game) if race.election is None else []}


def missing_voters(game: Game, more: dict[str, str] | None = None) -> list[str]:
    """Living players with no Sheriff vote recorded (nor among `more`, votes about to be)."""
    return [n for n in game.state.alive() if n not in game.race.votes and n not in (more or {})]


def elect_events(game: Game) -> list[DayEvent]:
    """Close the election: every living player must have voted; a tie elects no one."""
    _election_day(game)
    if not running(game.state, game.race):
        raise RuleError("there are no Sheriff candidates")
    missing = missing_voters(game)
    if missing:
        raise RuleError(f"every living player must vote for Sheriff; missing: {', '.join(missing)}")
    return [DayEvent("elected")]


def race_open(game: Game) -> str | None:
    """Why Day 1's Sheriff race holds up what follows it, or None. Seed classic Day 1 flow:
    'Campaign -> OptOut -> SheriffElection -> DeathResolution -> Discussion -> Voting': while
    candidates are running and no election has closed the race, a night-1 death's last shot,
    the Discussion and the Voting wait for it."""
    state = game.state
    if not state.options.get("sheriff") or state.phase != "day" or state.number != 1:
        return None
    if game.race.election is not None:
        return None
    now = running(state, game.race)
    if not now:
        return None
    return (f"the Sheriff election comes first ({', '.join(now)} running; every player votes with 'hostkit "
            "sheriff vote', then 'hostkit sheriff elect'): Day 1 is Campaign -> OptOut -> SheriffElection -> "
            "DeathResolution")


def _death_resolution_begun(game: Game) -> bool:
    """Has today's DeathResolution begun (a last shot or a badge recorded today)?"""
    return any(isinstance(e, DayEvent) and e.kind in ("shot", "badge") for e in game.current.record.events)
