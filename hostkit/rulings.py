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

from . import shortening, stockpile, tech
from .engine import sides
from .engine.day import (communication_todo, election, holds_today, kill, owed, spend_last_shot_item, speaking_order,
                         victory)
from .errors import HostkitError, RuleError
from .model import ROBOT_DESTROYED, DayEvent, GameState, Removal

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
        from .checks import check_deadline_data

        check_deadline_data(event.data)
    elif kind == "bond":  # a dead Spirit-bond player's choice (bond_events)
        state.players[actor].tags["bond-to"] = target
    elif kind == "bond-answer":  # the receiver's answer to the ghost's offer (bond_answer_events)
        ghost = str(event.data.get("ghost", ""))
        state.players[ghost].tags["bond-answered"] = bool(event.data.get("accept"))
        if event.data.get("accept"):
            state.players[actor].tags["bond-pending"] = {"from": ghost, "role": state.players[ghost].role}
    elif kind in tech.KINDS:  # alien tech: picks, passes, the Replicator, the holder's choices (tech.py)
        tech.apply(state, event, game.player)
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


# -- the Spirit-bond (seed paranormal, Attributes)

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


def take_role_events(game: Game, stealer: str, role: str) -> list[DayEvent]:
    """By day, a Mind Stealer takes on a role of its stockpile for the next Day/Night phase (seed
    Harvester: 'The Mind Stealer may choose to take on any Role in its stockpile for the next
    Day/Night phase and use that role instead of Abducting'): `hostkit take-role`, the by-day form
    of `hostkit stockpile take` (stockpile.take_events: that day and the night after)."""
    ph = game.open_phase()
    if ph.record.kind != "day":
        raise RuleError("'take-role' is entered by day (seed Harvester: 'for the next Day/Night phase'); at night "
                        "use 'hostkit stockpile take' (that night and the next day)")
    return stockpile.take_events(game, stealer, role)


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


def max_day_notice(state: GameState) -> str:
    """The warning the host owes the players as the maximum game day nears (seed General Rules:
    'I will give ample warning beforehand if this event is imminent'), or ''."""
    last = sides.max_day(state)
    if not last or state.winner:
        return ""
    day = state.number if state.phase == "day" else state.number  # night N comes before day N
    left = last - day
    if left < 0 or left > 2:
        return ""
    when = "today" if (left == 0 and state.phase == "day") else f"day {last}"
    return (f"the maximum game day is day {last} (option max-day): at the end of {when} every player who has "
            "not won loses; warn the players (seed: 'I will give ample warning beforehand')")


def communications(state: GameState) -> list[str]:
    """Seed natural III's Communication effects that hold now (engine/effects/talk.py): what the host
    must do about each on the forum (open a chat, hold back a muted player's posts, post a
    message); a posting restriction and a message matter by day only."""
    out = []
    for p in state.players.values():
        for tag, data in p.tags.items():
            todo = communication_todo(tag, data, p.name) if ":" in tag else None
            if todo and (p.alive or tag.startswith("post:")) and holds_today(state, data) \
                    and (state.phase == "day" or not tag.startswith(("mute:", "post:"))):
                out.append(todo)
    return out


def host_notices(game: Game) -> list[str]:
    """What the host must know or do now that no entry asks for (`status`, `due`): the maximum
    game day nearing (or never set, where the ruleset has one), a lynch the day must perform,
    the Abomination's night."""
    state = game.state
    out: list[str] = []
    if state.winner:
        return out
    race = race_open(game)
    if race:
        out.append(race + " -> Discussion -> Voting")
    if len(game.phases) == 1 and game.current.record.ended is None and not state.deaths:
        # A setup won as dealt (natural: one Goon and one Cop, the Mafia at parity): the win check
        # runs when a phase ends, so say it now, not after a night played for nothing (decision:
        # a warning, not a refusal: a host may test a corner of the rules with a tiny setup).
        won = victory(state)
        if won:
            out.append(f"this setup is already won as dealt: {won} win before anything happens (the game ends "
                       f"when {game.current.record.label} ends); check the roles dealt (--assign, --roles)")
    # The Abomination night is asked while a living player is an Organ Harvester now: it attacks only
    # while one lives (effects/doom.py), so not once the Harvester is dead or its role was stolen
    # (the Mind Stealer's victim reverts to a Survivor).
    dealt = [p.role for p in game.setup.players if game.ruleset.roles[p.role].victory != "last-alive"]
    dealt += [p.role for p in state.players.values() if p.alive and sides.kind(state, p) == "last-alive"]
    out += sides.setup_questions(game.ruleset, dealt, state.options)
    if state.pending_victory and state.pending_victory[0] == "nobody":
        who = state.pending_victory[1]
        out.append(f"the maximum game day is over: the game ends, every player who has not won losing, once "
                   f"{' and '.join(who)}'s last shot is taken ('hostkit shoot {who[0]} TARGET' or 'skip')")
    notice = max_day_notice(state)
    if notice:
        out.append(notice)
    operatives = [p.name for p in state.players.values() if p.alive and game.ruleset.roles[p.role].name == "Agent Operative"]
    agents = [p.name for p in state.players.values() if p.alive and state.role_of(p.name).appears_as("role") == "Agent"]
    if operatives and state.phase == "night" and state.number == 1:
        out.append(f"night 1: tell the Agent Operative ({', '.join(operatives)}) who the Agent is: "
                   f"{', '.join(agents) or 'there is no Agent'} (seed Agent Operative: 'The Operative is not told who the "
                   "Agent is until the First Night')")
    stealers = [p.name for p in state.players.values() if p.alive and sides.kind(state, p) == "points"]
    if stealers and state.phase == "day":
        for name in stealers:
            out.append(f"the Mind Stealer ({name}) may take on a role of its stockpile "
                       f"({', '.join(stockpile.stockpile(state, name)) or 'empty'}) for today and tonight instead of "
                       f"abducting: 'hostkit take-role {name} ROLE'")
            # Seed Harvester: 'they may give the Robot a Role each day from their stockpile'.
            tags = state.players[name].tags
            if (stockpile.has_robot(state, name) and ROBOT_DESTROYED not in tags and not tags.get(stockpile.KEPT)
                    and not stockpile.active(tags.get(stockpile.ROBOT), state)):
                out.append(f"the Mind Stealer ({name}) may give its Robot a role of its stockpile today, used tonight "
                           f"beside its own action: ask, then 'hostkit stockpile robot {name} ROLE'")
    # Seed Harvester: the Mind Stealer's starting roles (and its Robot-or-tech choice) are asked until set.
    out.extend(ask["text"] for ask in stockpile.prompts(game))
    out.extend(communications(state))
    recent = {p for p, _, _, i in state.deaths if i >= game.current.index - 1}
    key = "dead-medium" if any(p.alive and state.role_of(p.name).appears_as("role") == "Medium"
                               for p in state.players.values()) else "dead-no-medium"
    statement = game.ruleset.results.get(key)
    for name, kind, when, i in state.deaths:
        if statement and i >= game.current.index - 1 and not when.startswith("night"):
            out.append(f"{name} died by day ({kind}): PM them the dead statement (night deaths get it in their "
                       f"night PM): {statement}")
    for name in sorted(recent):
        if SPIRIT_BOND in state.players[name].attributes and "bond-to" not in state.players[name].tags:
            out.append(f"{name} died with the Spirit-bond (seed Attributes: 'When this player dies they may choose another "
                       f"living player to bond with'): ask whom they bond with, then 'hostkit bond {name} PLAYER'")
    for g in state.players.values():
        if "bond-to" in g.tags and "bond-answered" not in g.tags and state.players[g.tags["bond-to"]].alive:
            to = g.tags["bond-to"]
            out.append(f"{g.name}'s ghost offers {to} their power at night (Spirit-bond): record the answer, "
                       f"'hostkit bond {to} --accept' or '--decline' (if accepted, {to} has {g.name}'s abilities "
                       "instead of their own from the end of that night)")
    out.extend(shortening.notices(game))
    if state.phase == "day":
        why = lynch_required(state, state.number)
        if why:
            out.append(why)
    n = int(state.options.get("abomination-night", 0) or 0)
    upcoming = state.number <= n if state.phase == "night" else state.number < n
    if n and upcoming and any(p.alive and sides.kind(state, p) == "last-alive" for p in state.players.values()):
        out.append(f"the Organ Harvester's Abomination attempts a night kill on every player on night {n} "
                   "(option abomination-night): hostkit resolves it")
    return out


def lynch_required(state: GameState, day: int) -> str | None:
    """Why the day must end with an elimination, or None (a Bloom's Seeding)."""
    return sides.lynch_required(state, day) if state.options.get("victory") == "sides" else None


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


# -- the elimination against the count (seed classic Voting 3 and 7)


def elimination_refusal(game: Game, name: str | None, count: dict[str, Any] | None) -> str | None:
    """Why ending the day with `name` eliminated (None: no one) contradicts the day's count, or
    None when it does not. `count` is a vote count's JSON (VoteCount.to_json), or None when the
    day has no count: no votes recorded by hand and no thread counted (a host who counts outside
    hostkit), and then any elimination stands.

    With a count, the elimination must be the one the count gives (its `eliminated`, as SPEC
    defines it: who reached the majority, else whom the ruleset's deadline rule picks), in every
    ruleset: a tie the ruleset resolves as no elimination eliminates no one (classic Voting 3,
    Tie = No Banishment), only the top vote-getter goes under plurality (Voting 7, Banished Must
    Have Max Votes), and under a majority rule a player who reached it goes, and no one else does."""
    if count is None:
        return None
    number = count.get("count_number") or count.get("day")
    since = count.get("hand_since")
    if since:
        # A thread count made before later hand votes no longer says what 'hostkit votes' would:
        # neither accept nor refuse on it (the hand votes may change who goes); ask for a recount.
        who = "ending the day with no elimination" if name is None else f"{name}'s elimination"
        return (f"{who} cannot be checked against the count ({number}, as of post {count.get('last_post')}): "
                f"the hand votes changed after it ({'; '.join(since)}); 'hostkit votes' (with --html FILE for "
                "saved pages) counts the thread again with them")
    due_out = count.get("eliminated")
    if name == due_out:
        return None
    where = f"the count ({number})"
    why = _majority_rule(game)
    wagons = [w for w in count.get("wagons", ()) if w["votes"] > 0]
    why = _with_recount(why, count)
    plurality = count.get("rule") == "plurality" or count.get("majority") is None
    lead = wagons[0] if wagons else None
    if due_out is None and count.get("tie") and plurality:
        top = lead["votes"] if lead else 0
        tied = [_wagon_name(w["target"]) for w in wagons if w["votes"] == top]
        return (f"{name} cannot be eliminated: {where} is tied between {' and '.join(tied)}; "
                f"{_with_recount(_tie_rule(game), count)}")
    if due_out is None and name is not None:
        if lead is None:
            return f"{name} cannot be eliminated: no one has votes in {where}; {why}"
        if lead["target"] == NO_ELIMINATION_WAGON:
            if plurality:
                return (f"{name} cannot be eliminated: No Elimination has the most votes ({_votes(lead['votes'])}) "
                        f"in {where}; {why}")
            need = max(1, int(count.get("majority") or 0) + int(game.state.options.get("no-elimination-offset", 0) or 0))
            if lead["votes"] >= need:
                return (f"{name} cannot be eliminated: No Elimination has reached its majority ({_votes(need)}) "
                        f"in {where}; {why}")
        need = count.get("majority")
        tops = [_wagon_name(w["target"]) for w in wagons if w["votes"] == lead["votes"]]
        leads = (f"{tops[0]} leads with {_votes(lead['votes'])}" if len(tops) == 1 else
                 f"{' and '.join(tops)} lead with {_votes(lead['votes'])} each")
        return f"{name} cannot be eliminated: no one has reached a majority ({_votes(need)}) in {where}; {leads}; {why}"
    if name is None:
        return f"{where} eliminates {due_out}, not no one; {why}"
    return f"{name} cannot be eliminated: {where} eliminates {due_out}; {why}"


NO_ELIMINATION_WAGON = "none"  # a vote count's target for the No Elimination wagon (SPEC)


def _wagon_name(target: str) -> str:
    """A wagon's target in words: 'No Elimination' for the none wagon."""
    return "No Elimination" if target == NO_ELIMINATION_WAGON else target


def _tie_rule(game: Game) -> str:
    """The ruleset's tie rule in its own words, or, where it keeps the common summary (a question,
    not a rule), the game's setting in words."""
    from .rulesets import COMMON_OPTIONS

    spec = game.ruleset.options.get("tie")
    if spec is not None and spec.summary and spec.summary != COMMON_OPTIONS["tie"].summary:
        return spec.summary
    return "option tie = none: a tied count at the deadline eliminates no one"


def _with_recount(why: str, count: dict[str, Any]) -> str:
    """WHY, and for a count that read the thread, as of which post (a later vote needs a recount)."""
    post = count.get("last_post")
    return why if post is None else f"{why}; counted as of post {post} ('hostkit votes' counts again)"


def _majority_rule(game: Game) -> str:
    """The ruleset's majority rule in its own words (its option summary), or, where it keeps the
    common summary, the game's setting in words."""
    from .rulesets import COMMON_OPTIONS

    spec = game.ruleset.options.get("majority")
    if spec is not None and spec.summary and spec.summary != COMMON_OPTIONS["majority"].summary:
        return spec.summary
    if game.state.options.get("majority") == "plurality":
        return "option majority = plurality: the most votes at the deadline eliminate"
    return "option majority = half-plus-one: floor(alive/2)+1 votes eliminate"


def _votes(n: Any) -> str:
    """'4 votes', '1 vote', '2.5 votes'."""
    n = float(n or 0)
    text = str(int(n)) if n.is_integer() else str(n)
    return f"{text} vote" + ("" if n == 1 else "s")


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
