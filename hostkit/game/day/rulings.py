"""The day's rulings: the Sheriff race, a Hunter's last shot, a dead Sheriff's badge, what each
death owes, and the speaking order (seed classic-werewolf's day handlers, driven by ruleset
options and the last-shot passive so any ruleset can use them).

Pure functions over the replayed state. A ruling is a DayEvent in the phase record:
`apply_event` replays one; the `*_events` functions check a ruling the host typed against the
current state and return the entries to append (Game.append writes them). The classic Sheriff
race keeps its own slice of state (`SheriffRace`), beside the core GameState.

The Sheriff race is hostkit.game.day.sheriffrace's, the Spirit-bond hostkit.game.day.bonds's, the host's notices
hostkit.game.notices's and the elimination's check against the count hostkit.game.day.elimination's; this
module re-exports their names, so callers keep one place for the day's rulings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from . import shortening
# (the names below that this module does not use itself are re-exported: see the docstring; those
# of _ELSEWHERE are loaded on first use, see __getattr__)
from .bonds import SPIRIT_BOND, bond_answer_events, bond_events, settle_bonds
from ...engine import sides
from ...engine.day import election, kill, owed, spend_last_shot_item, speaking_order, victory
from ...model.errors import HostkitError, RuleError
from ...model.entries import DayEvent, Removal
from ...model.state import GameState
from .sheriffrace import (SheriffRace, elect_events, in_race, missing_voters, race_open,
                          race_summary, race_voters, revote_events, run_events, running, vote_events,
                          votes_many_events, withdraw_events)

if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game, Phase

# Re-exported names whose modules a replay never needs (the host's notices, the elimination's check
# against the count): imported when first asked for, as `rulings.host_notices` or `from .rulings
# import host_notices` (PEP 562), so loading a game does not load them.
_ELSEWHERE = {"host_notices": "hostkit.game.notices", "lynch_required": "hostkit.game.notices",
              "elimination_refusal": "hostkit.game.day.elimination"}


def __getattr__(name: str) -> Any:
    if name in _ELSEWHERE:
        import importlib

        value = getattr(importlib.import_module(_ELSEWHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def apply_event(game: Game, state: GameState, race: SheriffRace, ph: Phase, event: DayEvent) -> None:
    """Replay one day ruling: the Sheriff race, a last shot, a badge."""
    actor = game.player(event.actor) if event.actor else None
    target = game.player(event.target) if event.target else None
    kind = event.kind
    if kind == "candidate":
        if not in_race(state, actor) or actor in race.candidates or actor in race.withdrawn:
            raise HostkitError(f"{actor} cannot run for Sheriff here: " + (
                "withdrawn, and OptOut 4 (Cannot Rejoin)" if actor in race.withdrawn else
                "already a candidate" if actor in race.candidates else "not in the Day 1 race"))
        race.candidates.append(actor)
    elif kind == "withdraw":
        if actor not in race.candidates or actor in race.withdrawn:
            raise HostkitError(f"{actor} cannot opt out here: OptOut 2-3 (Candidates Only, Single Decision)")
        race.withdrawn.append(actor)
    elif kind == "sheriff-vote":
        # The checks of 'sheriff vote' (vote_events), for a hand edit: a vote for one who opted
        # out or never ran was replayed and silently not counted (seed SheriffElection 5).
        if not in_race(state, actor):
            raise HostkitError(f"{actor} is dead: only living players vote for Sheriff")
        if target not in running(state, race):
            raise HostkitError(f"{target} is not running for Sheriff: SheriffElection 5 (Candidates Locked)")
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
        if winner and not state.players[winner].alive:
            # A night-1 victim elected Sheriff (the election comes before DeathResolution):
            # they hold the badge only to pass it on.
            state.sheriff = None
            state.players[winner].tags["sheriff-at-death"] = True
    elif kind == "shot":
        _replayed_duty(state, ph, actor, "shot")
        if target and not state.players[target].alive:
            raise HostkitError(f"{target} is dead: the shot must target a living player")
        state.duties_done.add((actor, "shot"))
        spend_last_shot_item(state, actor)
        if target:
            shooter = state.role_of(actor)
            when, index = shot_time(state, actor, ph)
            kill(state, target, when, shooter.name, "shot", index)
    elif kind == "confirm":
        # Seed natural IV: an alignment confirmed publicly (no target) or to one player.
        p = state.players[actor]
        if target is None:
            p.tags.setdefault("confirmed", event.seq)
        else:
            p.tags.setdefault("confirmed-to", {}).setdefault(target, event.seq)
    elif kind == "badge":
        _replayed_duty(state, ph, actor, "badge")
        if target and not state.players[target].alive:
            raise HostkitError(f"{target} is dead: the badge goes to a living player")
        state.duties_done.add((actor, "badge"))
        state.players[actor].tags.pop("sheriff-at-death", None)
        state.sheriff = target
    elif kind == "kill":  # a host's kill outside the vote (daytools.kill_events)
        if not state.players[target].alive:
            raise HostkitError(f"{target} is already dead")
        kill(state, target, f"{ph.record.kind} {ph.record.number}", str(event.data.get("cause") or "modkill"),
             "modkill", ph.index)
    elif kind == "deadline":  # the day's deadline (daytools.deadline_events): no change to the state
        from ...model.checks import check_deadline_data

        check_deadline_data(event.data)
    elif kind == "bond":  # a dead Spirit-bond player's choice (bond_events)
        state.players[actor].tags["bond-to"] = target
    elif kind == "bond-answer":  # the receiver's answer to the ghost's offer (bond_answer_events)
        ghost = str(event.data.get("ghost", ""))
        state.players[ghost].tags["bond-answered"] = bool(event.data.get("accept"))
        if event.data.get("accept"):
            state.players[actor].tags["bond-pending"] = {"from": ghost, "role": state.players[ghost].role}
    else:
        from . import stockpile, tech, techstate  # (loaded by a game whose record holds such events)

        if kind in tech.KINDS:  # alien tech: picks, passes, the Replicator, the holder's choices (tech.py)
            techstate.apply(state, event, game.player)
        elif kind in shortening.KINDS:  # a vote to shorten the day, or its withdrawal (shortening.py)
            shortening.apply(state, event, game.player)
        elif kind in stockpile.KINDS:  # the Mind Stealer's stockpile: starting roles, taken on, the Robot's
            stockpile.apply(state, event, game.player)
        else:
            raise HostkitError(f"unknown event kind {kind!r}")


def _replayed_duty(state: GameState, ph: Phase, actor: str, duty: str) -> None:
    """A recorded last shot or badge must be one the deaths owed when it was made, as 'shoot' and
    'badge' check at entry: a hand edit (or an 'undo --entry' of the Hunter's death) left a shot
    by a living player, or a badge passed by one who never held it, and the replay took it."""
    recent = [(p, k, w) for p, k, w, i in state.deaths if i >= ph.index - 1]
    dues = owed(state, recent, state.duties_done)
    if not any(d["player"] == actor and duty in d["owes"] for d in dues):
        what = {"shot": "last shot", "badge": "badge"}[duty]
        why = "is alive" if state.players[actor].alive else "owed none then"
        raise HostkitError(f"the {what} of {actor}, who {why}: only a death the record shows owes one")
    if duty == "badge":
        shots = [d["player"] for d in dues if "shot" in d["owes"]]
        if shots:
            raise HostkitError(f"the badge of {actor} before {shots[0]}'s last shot: "
                               "Processing order: Last words -> Hunter shoot -> Badge transfer")


def shot_time(state: GameState, shooter: str, ph: Phase) -> tuple[str, int]:
    """When a last shot's kill happens: (the phase's "day N" / "night N", its phase index).

    The shot answers the shooter's death. A death by day (a lynch, a day kill) is answered that
    same day, though the host enters the shot in the night the elimination opened: seed
    paranormal Hold-out Blaster, 'If the Alien is lynched, he pulls out the blaster and gets to
    shoot a single target before dying'; seed classic-werewolf BanishmentResolution (phase DAY,
    the day of the banishment). A night death is answered in the DeathResolution of the day
    after it (seed classic-werewolf DeathResolution: 'phase: Phase.DAY'), which is the phase the
    host enters it in. (A Hold-out Blaster's night shot at its holder's attacker is the night
    engine's, dated by that night.)"""
    death = next((d for d in reversed(state.deaths) if d[0] == shooter), None)
    if death is not None and death[2].startswith("day "):
        return death[2], death[3]
    return f"{ph.record.kind} {ph.record.number}", ph.index


def check_victory(state: GameState, index: int) -> None:
    """VictoryCheck, last (seed classic Day flow: ...BanishmentResolution -> VictoryCheck): a win
    waits while a death of this phase or the one before still owes a last shot, since the shot
    may change the winner. Sets state.winner, or state.pending_victory."""
    if state.winner:
        return
    won = victory(state)
    by = ""
    if won is None and state.max_day_over:  # no side has won by the end of the maximum game day
        won, by = "nobody", "max-day"
    state.pending_victory = None
    if won is None:
        return
    recent = [(p, k, w) for p, k, w, i in state.deaths if i >= index - 1]
    owing = tuple(d["player"] for d in owed(state, recent, state.duties_done) if "shot" in d["owes"])
    if owing:
        state.pending_victory = (won, owing)
    else:
        finish(state, won, by)


def finish(state: GameState, won: str, by: str = "") -> None:
    """The game is over: WON is the side that won ('nobody': none); with victory = "sides",
    every player who has won (a Survivor beside the Town) is in state.won."""
    state.winner = won
    state.ended_by = by
    if state.options.get("victory") == "sides":
        state.won = sides.end_winners(state, won)


def take_role_events(game: Game, stealer: str, role: str) -> list[DayEvent]:
    """By day, a Mind Stealer takes on a role of its stockpile for the next Day/Night phase (seed
    Harvester: 'The Mind Stealer may choose to take on any Role in its stockpile for the next
    Day/Night phase and use that role instead of Abducting'): `hostkit take-role`, the by-day form
    of `hostkit stockpile take` (stockpile.take_events: that day and the night after)."""
    ph = game.open_phase()
    if ph.record.kind != "day":
        raise RuleError("'take-role' is entered by day (seed Harvester: 'for the next Day/Night phase'); at night "
                        "use 'hostkit stockpile take' (that night and the next day)")
    from . import stockpile

    return stockpile.take_events(game, stealer, role)


def over_text(state: GameState) -> str:
    """'The game is over: Town wins.', with every other player who won (a Survivor) and why the
    game ended when the maximum game day ended it; '' while the game goes on."""
    if not state.winner:
        return ""
    if state.ended_by == "max-day":
        text = f"The game is over: the maximum game day (day {sides.max_day(state)}) has ended; every player who has not won loses."
    else:
        text = f"The game is over: {state.winner} wins."
    others = [f"{n} ({state.players[n].role})" for n in state.won
              if state.winner == "nobody" or sides.side(state, state.players[n]) != state.winner]
    if others:
        text += (" Also winning: " if state.winner != "nobody" else " Winning: ") + ", ".join(others) + "."
    return text


def night_over(state: GameState, night: int) -> None:
    """After a night's outcome: the wins it settles at once (victory = "sides": a Xenozoologist's
    fourth specimen, a Mind Stealer's points, a Bloom's Seeding)."""
    settle_bonds(state)
    if state.options.get("victory") == "sides":
        sides.after_night(state, night)


def day_over(state: GameState, day: int, eliminated: str | None, index: int, pick: Any) -> list[str]:
    """After a day's elimination (or none): what the elimination sets off (victory = "sides": a
    Bloom's plants, an Infester's spore cloud), the win check, and the maximum game day (option
    max-day: at its end every player who has not won loses)."""
    settle_bonds(state)
    shortening.day_over(state)
    said = sides.after_day(state, day, eliminated, pick) if state.options.get("victory") == "sides" else []
    last = sides.max_day(state)
    if last and day >= last:
        # A side's win still comes first; a last shot the elimination owes comes before the end
        # (check_victory waits for it).
        state.max_day_over = True
    check_victory(state, index)
    if state.max_day_over and (state.ended_by == "max-day" or (state.pending_victory or ("",))[0] == "nobody"):
        said.append(f"day {day} was the maximum game day: every player who has not won loses"
                    + ("" if state.winner else " (once the last shot owed is taken)"))
    return said


# -- the day's rulings: last shots, the badge


def due(game: Game) -> list[dict[str, Any]]:
    """What the latest deaths owe: last words, a last shot, the badge (seed DeathResolution)."""
    since = game.current.index - 1
    recent = [(p, k, w) for p, k, w, i in game.state.deaths if i >= since]
    return owed(game.state, recent, game.state.duties_done)


def shots_owed(game: Game) -> list[str]:
    """The dead whose last shot is still owed, in order of death."""
    return [d["player"] for d in due(game) if "shot" in d["owes"]]


def _owes(game: Game, name: str, duty: str) -> None:
    for item in due(game):
        if item["player"] == name:
            if duty in item["owes"]:
                return
            if duty == "shot" and item["no_shot_because"]:
                why = item["no_shot_because"]
                raise RuleError(f"{name} died of {why}: no last shot ({_no_shot_rule(game, item['role'], why)})")
    what = {"shot": "last shot", "badge": "badge"}[duty]
    raise RuleError(f"{name} owes no {what} now")


def _no_shot_rule(game: Game, role: str, why: str) -> str:
    """The rule that leaves a ROLE who died of WHY no last shot, in the ruleset's own words: its
    `last-shot-not-by` option's summary where the ruleset declares that kind, else the game's
    option value (so no ruleset is told another's seed rule)."""
    if why == "modkill":
        return "a host's kill is neither a night kill nor an elimination: it leaves no last shot"
    spec = game.ruleset.options.get("last-shot-not-by")
    if spec is not None and spec.summary and why in str(spec.default).split(","):
        return spec.summary
    value = game.state.options.get("last-shot-not-by", "poison")
    return f"in {game.ruleset.name}, a {role} killed by {why} has no last shot: option last-shot-not-by = {value}"


def shot_events(game: Game, shooter: str, target: str | None) -> list[Any]:
    """A dead Hunter's last shot (None: they hold their fire); with the removals it forces."""
    name = game.player(shooter)
    game.open_phase(shot=True)
    _owes(game, name, "shot")
    race = race_open(game)
    if race:  # its target would otherwise be refused a Sheriff vote it still has
        raise RuleError(f"{name}'s last shot waits: {race}")
    victim = None
    removals: list[Removal] = []
    if target is not None:
        victim = game.player(target)
        if not game.state.players[victim].alive:
            raise RuleError(f"{victim} is dead: the shot must target a living player")
        # The shot lands before the night resolves: the victim's actions, and actions aimed
        # at the victim, are taken back (the host may enter new ones).
        removals = [Removal(a.actor, a.ability) for a in game.current.actions if victim in (a.actor, *a.targets)]
        left = [a for a in game.current.actions if victim not in (a.actor, *a.targets)]
        removals += game._stale(left)[0]  # an antidote that answered the shot werewolves' kill
    events = [DayEvent("shot", name, victim), *removals]
    return events + game_over_removals(game, events)


def game_over_removals(game: Game, entries: Sequence[Any]) -> list[Removal]:
    """The removals of the phase's other actions when ENTRIES (a last shot, a host's kill) end the
    game: once it is over no action resolves, and one left recorded would no longer replay (a
    banished Hunter's shot on the next night, after its actions are in, was refused as
    'phases/003-night-2.toml: actions[1]: the game is over'). One command, so 'undo' restores them."""
    taken = {(r.actor, r.ability.lower()) for r in entries if isinstance(r, Removal)}
    left = [Removal(a.actor, a.ability) for a in game.current.actions if (a.actor, a.ability.lower()) not in taken]
    if not left or game.current.record.kind != "night":
        return []
    try:
        after = game.append(*entries, *left, write=False)
    except HostkitError:
        return []
    return left if after.state.winner else []


def badge_events(game: Game, sheriff: str, heir: str | None) -> list[DayEvent]:
    """Where a dead Sheriff's badge goes (None: it is torn up)."""
    name = game.player(sheriff)
    game.open_phase()
    _owes(game, name, "badge")
    shots = shots_owed(game)
    if shots:
        raise RuleError(f"Processing order: Last words -> Hunter shoot -> Badge transfer: {shots[0]}'s last shot "
                        "comes before the badge")
    to = None
    if heir is not None:
        to = game.player(heir)
        if not game.state.players[to].alive:
            raise RuleError(f"{to} is dead: the badge goes to a living player")
    game.open_phase()
    return [DayEvent("badge", name, to)]


def death_resolution_owed(game: Game, before: str, handler: str = "DeathResolution") -> str | None:
    """Why the game cannot go on to BEFORE (Discussion, Voting, the night) yet: Day 1's open
    Sheriff race, or a last shot or a badge the latest deaths still owe (seed classic flow:
    SheriffElection, then DeathResolution, or after the vote BanishmentResolution, come first),
    or None."""
    race = race_open(game)
    if race:
        return f"{race} -> {before}"
    shots = shots_owed(game)
    if shots:
        return f"{shots[0]}'s last shot must be taken first (or 'skip'): {handler} comes before {before}"
    pending = [d["player"] for d in due(game) if "badge" in d["owes"]]
    if pending:
        return f"{pending[0]}'s badge must be passed first (or 'none'): {handler} comes before {before}"
    return None


def speaking(game: Game) -> list[str]:
    """Discussion: the speaking order for the current day."""
    ph = game.open_phase("day")
    why = death_resolution_owed(game, "Discussion")
    if why:
        raise RuleError(why)
    return speaking_order([p.name for p in game.setup.players], set(game.state.alive()), game.state.sheriff,
                          ph.record.number)


# -- allied means confirmed (seed natural IV)


def confirm_events(game: Game, player: str, viewers: Sequence[str]) -> list[DayEvent]:
    """The host confirms a player's alignment: publicly (no viewers) or to each viewer (a Cop's
    result, a Mason). Allied and unallied entry checks use it from then on (seed natural IV)."""
    game.open_phase()
    name = game.player(player)
    if not viewers:
        if "confirmed" in game.state.players[name].tags:
            raise RuleError(f"{name}'s alignment is already publicly confirmed")
        return [DayEvent("confirm", name)]
    out = []
    for word in viewers:
        who = game.player(word)
        if who == name:
            raise RuleError(f"{name} knows their own alignment: confirm to another player")
        out.append(DayEvent("confirm", name, who))
    return out
