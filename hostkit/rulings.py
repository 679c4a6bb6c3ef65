"""The day's rulings: the Sheriff race, a Hunter's last shot, a dead Sheriff's badge, what each
death owes, and the speaking order (seed classic-werewolf's day handlers, driven by ruleset
options and the last-shot passive so any ruleset can use them).

Pure functions over the replayed state. A ruling is a DayEvent in the phase record:
`apply_event` replays one; the `*_events` functions check a ruling the host typed against the
current state and return the entries to append (Game.append writes them). The classic Sheriff
race keeps its own slice of state (`SheriffRace`), beside the core GameState.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .engine.day import election, kill, owed, speaking_order
from .errors import HostkitError, RuleError
from .model import DayEvent, GameState, Removal

if TYPE_CHECKING:  # pragma: no cover
    from .view import GameView as Game, Phase


class SheriffRace:
    """The Day 1 Sheriff race (seed classic-werewolf), replayed from its events. The Sheriff
    themself is core state (GameState.sheriff): the badge weighs votes and passes at death."""

    __slots__ = ("candidates", "withdrawn", "votes", "election")

    def __init__(self) -> None:
        self.candidates: list[str] = []  # in order of entry
        self.withdrawn: list[str] = []
        self.votes: dict[str, str] = {}  # voter -> candidate
        self.election: dict[str, Any] | None = None  # the closed election: {"totals": ..., "winner": ...}


def apply_event(game: Game, state: GameState, race: SheriffRace, ph: Phase, event: DayEvent) -> None:
    """Replay one day ruling: the Sheriff race, a last shot, a badge."""
    actor = game.player(event.actor) if event.actor else None
    target = game.player(event.target) if event.target else None
    kind = event.kind
    if kind == "candidate":
        race.candidates.append(actor)
    elif kind == "withdraw":
        race.withdrawn.append(actor)
    elif kind == "sheriff-vote":
        race.votes[actor] = target
    elif kind == "revote":
        totals = (race.election or {}).get("totals", {})
        top = max(totals.values(), default=0)
        race.candidates = [c for c, v in totals.items() if v == top]
        race.withdrawn, race.votes, race.election = [], {}, None
    elif kind == "elected":
        totals, winner = election(race.votes, running(state, race),
                                  {v: game.vote_weight(v, state) for v in race.votes})
        race.election = {"totals": totals, "winner": winner}
        state.sheriff = winner
    elif kind == "shot":
        state.duties_done.add((actor, "shot"))
        if target:
            shooter = state.role_of(actor)
            kill(state, target, f"{ph.record.kind} {ph.record.number}", shooter.name, "shot", ph.index)
    elif kind == "badge":
        state.duties_done.add((actor, "badge"))
        state.players[actor].tags.pop("sheriff-at-death", None)
        state.sheriff = target
    elif kind == "kill":  # a host's kill outside the vote (daytools.kill_events)
        if not state.players[target].alive:
            raise HostkitError(f"{target} is already dead")
        kill(state, target, f"{ph.record.kind} {ph.record.number}", str(event.data.get("cause") or "modkill"),
             "modkill", ph.index)
    elif kind == "deadline":  # the day's deadline (daytools.deadline_events): no change to the state
        pass
    else:
        raise HostkitError(f"unknown event kind {kind!r}")


def running(state: GameState, race: SheriffRace) -> list[str]:
    """The Sheriff candidates still in the race."""
    return [c for c in race.candidates if c not in race.withdrawn and state.players[c].alive]


# -- the day's rulings: the Sheriff race, last shots, the badge


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
    out: list[str] = []
    for word in names:
        name = game.player(word)
        if not game.state.players[name].alive:
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
    if not game.state.players[who].alive:
        raise RuleError(f"{who} is dead: only living players vote for Sheriff")
    now = running(game.state, game.race)
    if not now:
        raise RuleError("there are no Sheriff candidates left to vote for")
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
        if not game.state.players[voter].alive or target not in now:
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


def due(game: Game) -> list[dict[str, Any]]:
    """What the latest deaths owe: last words, a last shot, the badge (seed DeathResolution)."""
    since = game.current.index - 1
    recent = [(p, k, w) for p, k, w, i in game.state.deaths if i >= since]
    return owed(game.state, recent, game.state.duties_done)


def _owes(game: Game, name: str, duty: str) -> None:
    for item in due(game):
        if item["player"] == name:
            if duty in item["owes"]:
                return
            if duty == "shot" and item["no_shot_because"]:
                raise RuleError(f"{name} died of {item['no_shot_because']}: no last shot")
    what = {"shot": "last shot", "badge": "badge"}[duty]
    raise RuleError(f"{name} owes no {what} now")


def shot_events(game: Game, shooter: str, target: str | None) -> list[Any]:
    """A dead Hunter's last shot (None: they hold their fire); with the removals it forces."""
    name = game.player(shooter)
    _owes(game, name, "shot")
    victim = None
    removals: list[Removal] = []
    if target is not None:
        victim = game.player(target)
        if not game.state.players[victim].alive:
            raise RuleError(f"{victim} is dead: the shot must target a living player")
        # The shot lands before the night resolves: the victim's actions, and actions aimed
        # at the victim, are taken back (the host may enter new ones).
        removals = [Removal(a.actor, a.ability) for a in game.current.actions if victim in (a.actor, *a.targets)]
    game.open_phase()
    return [DayEvent("shot", name, victim), *removals]


def badge_events(game: Game, sheriff: str, heir: str | None) -> list[DayEvent]:
    """Where a dead Sheriff's badge goes (None: it is torn up)."""
    name = game.player(sheriff)
    _owes(game, name, "badge")
    to = None
    if heir is not None:
        to = game.player(heir)
        if not game.state.players[to].alive:
            raise RuleError(f"{to} is dead: the badge goes to a living player")
    game.open_phase()
    return [DayEvent("badge", name, to)]


def speaking(game: Game) -> list[str]:
    """Discussion: the speaking order for the current day."""
    ph = game.open_phase("day")
    pending = [d["player"] for d in due(game) if "badge" in d["owes"]]
    if pending:
        raise RuleError(f"{pending[0]}'s badge must be passed first: DeathResolution comes before Discussion")
    return speaking_order([p.name for p in game.setup.players], set(game.state.alive()), game.state.sheriff,
                          ph.record.number)
