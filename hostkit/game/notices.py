"""What the host must know or do now that no entry asks for (`host_notices`, shown by `status`
and `due`): the Sheriff race to finish, a setup won as dealt, the maximum game day nearing, the
Agent Operative's night-1 briefing, the Mind Stealer's choices, a day death's dead statement, a
Spirit-bond to ask about, natural's Communication effects, a lynch the day must perform, the
Abomination's night.

Pure functions over the replayed state; hostkit.game.day.rulings re-exports these names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .day import shortening, stockpile
from .day.bonds import SPIRIT_BOND
from ..engine import sides
from ..engine.day import communication_todo, holds_today, victory
from ..model.state import ROBOT_DESTROYED, GameState
from .day.sheriffrace import race_open

if TYPE_CHECKING:  # pragma: no cover
    from ..model.view import GameView as Game


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
    latest = state.deaths[-1][2] if state.deaths else None
    for p in state.players.values():  # MafiaScum's Backups (engine/effects/backup.py), told once the death is known
        took = p.tags.get("backup")
        if isinstance(took, dict) and took.get("when") == latest and p.alive:
            out.append(f"tell {p.name} they are now a {took['role']}: their Backup took over when {took['of']} died "
                       f"({took['when']}); send them the role PM ('hostkit pm {p.name}')")
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
