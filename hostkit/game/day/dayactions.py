"""Day actions (seed natural II): every ruleset's abilities with a day (or cycle) phase resolve
through the same engine as a night, and nothing recorded by day is dropped.

- Day and Cycle actions entered by day resolve when the day ends, before the elimination
  (`hostkit eliminate`): one batch, `engine.resolve_day`, with the day's seeded rng.
- Immediate actions resolve as soon as the host is able to: a `resolve` DayEvent (`hostkit
  resolve` by day, or `hostkit act --now`) resolves every Immediate action waiting, one at a
  time in entry order, each applied before the next. Those still waiting when the day ends
  resolve first, in entry order, then the rest of the day.
- ITA windows: the host opens and closes them (`ita-open` / `ita-close` events, `hostkit ita`).
  An Immediate day action submitted while a window is open is ignored, and the reason is logged
  in the day's outcome (seed natural I). An ability with `window = "ita"` (an ITA shot) may be
  entered only while a window is open, and is not ignored; a window resolves what is waiting
  when it opens and when it closes.
- Innate actions (the ruleset's `[[innate.abilities]]`) belong to every player by the game's
  rules, not to a role; each use resolves on its own, so a player may use one several times a
  day while charges last ("you may use an additional ..." adds charges: the `grant` event).

Replaying a day walks its entries (actions, removals, events) in record order, so an action is
checked against the game as it stood when it was entered, and a `resolve` event resolves what
was waiting at that point. Pure functions over the replayed state and the game view: no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rulings
from ...engine.day import apply_outcome
from ...model.errors import FileError, HostkitError, RuleError
from ...rules.items import find_ability
from ...model.roles import Ability
from ...model.entries import Action, DayEvent, Removal, entry_key
from ...model.state import GameState
from ...model.outcome import NightOutcome

if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game, Phase

RESOLVE = "resolve"  # DayEvent: resolve every Immediate action waiting now
ITA_OPEN = "ita-open"
ITA_CLOSE = "ita-close"
GRANT = "grant"  # DayEvent: "you may use an additional ..." (data: ability, uses, accuracy)
KINDS = (RESOLVE, ITA_OPEN, ITA_CLOSE, GRANT)

IGNORED_RULE = "Immediate Day Action submissions are ignored during ITA windows (seed natural I)"


def ability_of(state: GameState, action: Action) -> Ability | None:
    """The ability an action uses: its actor's role's, else an item's or an innate one."""
    if action.actor not in state.players:
        return None
    ab = state.role_of(action.actor).ability(action.ability)
    if ab is None:
        found = find_ability(state, action.actor, action.ability, strict=False)
        ab = found[1] if found else None
    return ab


def at_once(state: GameState, action: Action) -> bool:
    """Does the action resolve at once (Immediate, or an innate use), not at the phase's end?"""
    ab = ability_of(state, action)
    return ab is not None and (ab.immediate or ab.innate)


def ignored_reason(ab: Ability, window: int | None) -> str | None:
    """Why an Immediate day submission is ignored (an ITA window is open), or None."""
    if window and ab.immediate and ab.window != "ita":
        return f"submitted during ITA window {window}: {IGNORED_RULE}"
    return None


# --------------------------------------------------------------------------- replay


def replay_day(game: Game, state: GameState, ph: Phase) -> None:
    """Replay a day's entries in record order (see the module's docstring). Sets ph.actions (the
    actions still to resolve at the day's end), ph.done (resolved at once), ph.ignored (key ->
    reason) and ph.outcomes; state.ita_open and state.acted_now follow the record."""
    rec = ph.record
    ph.done, ph.ignored, ph.outcomes = [], {}, []
    entries: list[tuple[Any, str, int, Any]] = []
    for i, a in enumerate(rec.actions):
        entries.append((entry_key(a), "actions", i, a))
    for i, r in enumerate(rec.removed):
        entries.append((entry_key(r), "removed", i, r))
    for i, e in enumerate(sorted(rec.events, key=entry_key)):
        entries.append((entry_key(e), "events", i, e))
    entries.sort(key=lambda x: x[0])
    last_removal: dict[tuple[str, str], Any] = {}
    for r in rec.removed:
        k = (r.actor.lower(), r.ability.lower())
        last_removal[k] = max(entry_key(r), last_removal.get(k, entry_key(r)))
    current: dict[Any, Action] = {}
    windows = 0
    for key, where, i, item in entries:
        if isinstance(item, DayEvent):
            try:
                if item.kind == RESOLVE:
                    resolve_waiting(game, state, ph, current)
                elif item.kind == ITA_OPEN:
                    if state.ita_open:
                        raise HostkitError(f"ITA window {state.ita_open} is already open")
                    resolve_waiting(game, state, ph, current)
                    windows += 1
                    state.ita_open = windows
                elif item.kind == ITA_CLOSE:
                    if not state.ita_open:
                        raise HostkitError("no ITA window is open")
                    resolve_waiting(game, state, ph, current)
                    state.ita_open = None
                elif item.kind == GRANT:
                    apply_grant(game, state, item)
                else:
                    rulings.apply_event(game, state, game.race, ph, item)
            except HostkitError as exc:
                raise FileError(f"{ph.path}: events[{i}]: {exc}") from None
            rulings.check_victory(state, ph.index)
        elif isinstance(item, Removal):
            for k, a in list(current.items()):
                if a.actor == item.actor and a.ability.lower() == item.ability.lower() \
                        or k == _faction_key(game, state, item.actor, item.ability):
                    del current[k]
                    ph.ignored.pop(k, None)
        else:
            removal = last_removal.get((item.actor.lower(), item.ability.lower()))
            if removal is not None and removal > key:
                continue  # taken back later: it may no longer be valid
            checked = game._recheck(state, ph, i, item, current)
            k = game._key(state, checked)
            current[k] = checked
            ph.ignored.pop(k, None)
            ab = ability_of(state, checked)
            why = ignored_reason(ab, state.ita_open) if ab is not None and not checked.declined else None
            if why:
                ph.ignored[k] = why
    ph.actions = sorted(current.values(), key=entry_key)


def _faction_key(game: Game, state: GameState, actor: str, ability: str) -> Any:
    if actor not in state.players:
        return None
    return game._key(state, Action(actor, ability))


def resolve_waiting(game: Game, state: GameState, ph: Phase, current: dict[Any, Action]) -> list[NightOutcome]:
    """Resolve every Immediate (or innate) action waiting in `current`, one at a time in entry
    order, each applied to the state before the next (seed natural II: as soon as the hosts are
    able to). Ignored ones stay unresolved. Returns the outcomes (also added to ph.outcomes)."""
    out = []
    waiting = sorted((k for k, a in current.items() if k not in ph.ignored and not a.declined and at_once(state, a)),
                     key=lambda k: entry_key(current[k]))
    for k in waiting:
        if state.winner:
            break
        action = current.pop(k)
        outcome = game.resolved_day(state, ph, [action], f"day {ph.record.number} at once", action.seq)
        apply_outcome(state, outcome, ph.index)
        ph.outcomes.append(outcome)
        ph.done.append(action)
        ab = ability_of(state, action)
        if ab is not None and not ab.innate:
            state.acted_now[k] = action.seq  # used once this phase (an innate one may be used again)
        rulings.check_victory(state, ph.index)
        out.append(outcome)
    return out


def end_day(game: Game, state: GameState, ph: Phase) -> list[NightOutcome]:
    """The day's end, before the elimination: the Immediate actions still waiting resolve first,
    in entry order; then every other Day and Cycle action as one batch (ignored submissions
    logged, not resolved). Returns the outcomes of the end (ph.outcomes holds them too)."""
    current = {game._key(state, a): a for a in ph.actions}
    out = resolve_waiting(game, state, ph, current)
    batch = [a for k, a in current.items() if k not in ph.ignored]
    ignored = [(a, ph.ignored[k]) for k, a in current.items() if k in ph.ignored]
    if (batch or ignored) and not state.winner:
        outcome = game.resolved_day(state, ph, batch, "day", ph.record.number)
        if ignored:
            from ...model.outcome import Failed

            outcome = outcome._replace(
                failed=outcome.failed + tuple(Failed(a.actor, a.ability, why) for a, why in ignored),
                log=outcome.log + tuple(f"{a.actor}'s {a.ability} is ignored: {why}." for a, why in ignored))
        apply_outcome(state, outcome, ph.index)
        ph.outcomes.append(outcome)
        out.append(outcome)
    ph.actions = list(current.values())  # what resolved at the end (the Immediate ones are in ph.done)
    return out


def apply_grant(game: Game, state: GameState, event: DayEvent) -> None:
    """"You may use an additional [innate action]": more charges of an innate ability for one
    player (data `uses`), or a new accuracy for their shots (data `accuracy`)."""
    player = game.player(event.actor or "")
    ab = innate_ability(state.ruleset, str(event.data.get("ability", "")))
    check_grant(state, player, ab, event.data)
    p = state.players[player]
    if "uses" in event.data:
        p.charges[ab.key] = p.charges.get(ab.key, ab.uses or 0) + event.data["uses"]
    if "accuracy" in event.data:
        p.tags[f"accuracy:{ab.key}"] = float(event.data["accuracy"])


MAX_GRANT = 1000  # more uses than any game has players or days; keeps a TOML integer in range


def check_grant(state: GameState, player: str, ab: Ability, data: dict[str, Any]) -> None:
    """A grant's data as the rules allow it, at entry and on replay (a hand edit): uses a whole
    non-zero number of at most MAX_GRANT either way that leaves no negative count, accuracy a
    number from 0 to 1; else a RuleError naming the value."""
    p = state.players[player]
    if not p.alive:
        raise RuleError(f"{player} is dead: a dead player uses no innate action")
    if "uses" not in data and "accuracy" not in data:
        raise RuleError("grant needs --uses N (additional uses) or --accuracy P")
    if "uses" in data:
        uses = data["uses"]
        if isinstance(uses, bool) or not isinstance(uses, int):
            raise RuleError(f"uses (--uses) must be a whole number, got {uses!r}")
        if uses == 0 or abs(uses) > MAX_GRANT:
            raise RuleError(f"uses (--uses) must be a whole number from -{MAX_GRANT} to {MAX_GRANT}, not 0; got {uses}")
        left = p.charges.get(ab.key, ab.uses or 0)
        if left + uses < 0:
            raise RuleError(f"{player} has {left} {ab.name} use(s) left: cannot take away {-uses}")
    if "accuracy" in data:
        acc = data["accuracy"]
        if isinstance(acc, bool) or not isinstance(acc, (int, float)) or not 0 <= acc <= 1:
            raise RuleError(f"accuracy (--accuracy) must be a number between 0 and 1, got {acc!r}")


def innate_ability(ruleset, word: str) -> Ability:
    """The ruleset's innate ability named `word` (any case), or a RuleError naming those there are."""
    innate = getattr(ruleset, "innate", ()) or ()
    for ab in innate:
        if ab.name.lower() == word.strip().lower():
            return ab
    names = ", ".join(a.name for a in innate) or "none"
    raise RuleError(f"{ruleset.name} has no innate action {word!r} (innate actions: {names})")


# --------------------------------------------------------------------------- the host's entries


def waiting_now(game: Game) -> list[Action]:
    """The Immediate actions of the current day that a `resolve` would resolve now."""
    ph = game.current
    if ph.record.kind != "day":
        return []
    state = game.state
    return [a for a in ph.actions if game._key(state, a) not in ph.ignored and not a.declined and at_once(state, a)]


def day_waiting_notices(game: Game, now: Any = None) -> list[str]:
    """What the day waits on the host for (`due`, `status`; beside rulings.host_notices):
    Immediate actions entered and not resolved yet (seed natural II: they resolve 'as soon as the
    hosts are able to'), an ITA window left open, and a deadline that has passed with the day
    still going. Nothing at night, once the day has ended, or for a deadline still ahead."""
    from datetime import datetime, timezone

    ph = game.current
    if ph.record.kind != "day" or ph.record.ends or game.state.winner:
        return []
    out = []
    waiting = waiting_now(game)
    if waiting:
        names = ", ".join(f"{a.actor}'s {a.ability}" + (f" on {', '.join(a.targets)}" if a.targets else "")
                          for a in waiting)
        # the rule in the game's own ruleset: natural's seed words it; elsewhere, hostkit's decision
        rule = ("seed natural II: resolves as soon as the hosts are able to" if game.ruleset.name == "natural"
                else "it resolves when you say so")
        out.append(f"waiting to resolve: {names} (Immediate, {rule}): 'hostkit resolve'")
    if game.state.ita_open:
        out.append(f"ITA window {game.state.ita_open} is open: 'hostkit ita close' closes it (or 'hostkit eliminate', "
                   "which closes it with the day)")
    at = None
    for e in sorted(ph.record.events, key=entry_key):
        if e.kind == "deadline":
            at = e.data.get("at") or None
    if at:
        try:
            when = datetime.fromisoformat(at)
        except ValueError:
            return out
        if (now or datetime.now(timezone.utc)) > when:
            stamp = when.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
            out.append(f"day {ph.record.number}'s deadline ({stamp}) has passed: end the day ('hostkit eliminate "
                       "PLAYER' or '--none'; 'hostkit votes' gives the count)")
    return out


def resolve_events(game: Game) -> list[DayEvent]:
    """The entry for `hostkit resolve` by day: resolve the Immediate actions waiting now."""
    game.open_phase("day")
    if not waiting_now(game):
        ignored = [f"{a.actor}'s {a.ability}" for a in game.current.actions
                   if game._key(game.state, a) in game.current.ignored]
        extra = f" ({', '.join(ignored)} ignored: {IGNORED_RULE})" if ignored else ""
        raise RuleError("no Immediate action is waiting to resolve" + extra + "; Day and Cycle actions resolve "
                        "when the day ends, before the elimination ('hostkit eliminate')")
    return [DayEvent(RESOLVE)]


def deadline_refusal(game: Game, now: Any = None) -> str | None:
    """Seed natural II: 'actions must be submitted before the Phase's respective action deadline'.
    Why an action entered now, by day, after the day's recorded deadline (`hostkit deadline`, the
    last `deadline` event) is refused, or None; the host who enters an action submitted in time
    says so (`act --on-time`)."""
    from datetime import datetime, timezone

    ph = game.current
    if ph.record.kind != "day":
        return None
    at = None
    for e in sorted(ph.record.events, key=entry_key):
        if e.kind == "deadline":
            at = e.data.get("at") or None
    if not at:
        return None
    when = datetime.fromisoformat(at)
    if (now or datetime.now(timezone.utc)) <= when:
        return None
    return (f"the day's action deadline passed ({when.isoformat()}): actions must be submitted before the "
            "Phase's action deadline (seed natural II); enter one submitted in time with --on-time")


def now_events(game: Game, added: list[Action]) -> list[DayEvent]:
    """The entry `act --now` adds: resolve at once the Immediate day actions just entered."""
    if game.current.record.kind != "day":
        raise RuleError("--now resolves Immediate actions by day; at night every action resolves with the night "
                        "(an Immediate one first), at 'hostkit resolve'")
    for a in added:
        ab = ability_of(game.state, a)
        if ab is None or not a.used(ab.targets):
            raise RuleError(f"{a.actor}'s {a.ability}: a skip has nothing to resolve")
        if not (ab.immediate or ab.innate):
            raise RuleError(f"{a.actor}'s {ab.name} is not Immediate: it resolves when the day ends, before the "
                            "elimination (seed natural II); enter it without --now")
        why = ignored_reason(ab, game.state.ita_open)
        if why:
            raise RuleError(f"{a.actor}'s {ab.name} would be ignored, {why}; enter it without --now to record "
                            "the ignored submission")
    return [DayEvent(RESOLVE)]


def window_events(game: Game, kind: str) -> list[DayEvent]:
    """The entry that opens or closes an ITA window (seed natural I and II)."""
    game.open_phase("day")
    if kind == ITA_OPEN and game.state.ita_open:
        raise RuleError(f"ITA window {game.state.ita_open} is already open: close it first ('hostkit ita close')")
    if kind == ITA_OPEN and not ita_shooters(game.state):
        raise RuleError(ita_refusal(game.state))
    if kind == ITA_CLOSE and not game.state.ita_open:
        raise RuleError("no ITA window is open ('hostkit ita open' opens one)")
    return [DayEvent(kind)]


def ita_shooters(state: GameState) -> list[str]:
    """The living players who can shoot in an ITA window: an ability with `window = "ita"` (an
    innate ITA Shot, or a role's) and a use left."""
    out = []
    for name, ps in state.players.items():
        if not ps.alive:
            continue
        for ab in (*(getattr(state.ruleset, "innate", ()) or ()), *state.role_of(name).abilities):
            if ab.window == "ita" and (ab.uses is None or ps.charges.get(ab.key, ab.uses) > 0):
                out.append(name)
                break
    return out


def ita_refusal(state: GameState) -> str:
    """Why no ITA window opens: no living player has an ITA shot (seed natural II: Innate actions
    'are granted to players via game rules (i.e. ITA shots)'), naming the option and `grant`."""
    shots = [ab for ab in (getattr(state.ruleset, "innate", ()) or ()) if ab.window == "ita"]
    if not shots:
        return (f"{state.ruleset.name} has no ITA shots, so an ITA window has nothing to open for "
                "(a role or an innate action with window = \"ita\" gives them)")
    ab = shots[0]
    option = f"option {ab.uses_option} = {state.options.get(ab.uses_option, ab.uses)}; " if ab.uses_option else ""
    return (f"no living player has an {ab.name} left ({option}seed natural II: innate actions are granted by "
            f"the game's rules): an ITA window is for {ab.name}s; give one with "
            f"'hostkit grant PLAYER \"{ab.name}\" --uses 1' first")


def grant_events(game: Game, player: str, ability: str, uses: int | None, accuracy: float | None) -> list[DayEvent]:
    """The entry for "you may use an additional [innate action]" (and a new accuracy)."""
    game.open_phase()
    name = game.player(player)
    ab = innate_ability(game.ruleset, ability)
    data: dict[str, Any] = {"ability": ab.name}
    if uses is not None:
        data["uses"] = uses
    if accuracy is not None:
        data["accuracy"] = accuracy
    check_grant(game.state, name, ab, data)
    return [DayEvent(GRANT, actor=name, data=data)]


def day_end_preview(game: Game) -> tuple[list[NightOutcome], GameState]:
    """What the current day's end would resolve (before any elimination), and the state after
    it: the day's actions are replayed in memory with an end of no elimination; nothing is written."""
    from ...model.entries import PhaseEnd

    ph = game.current
    if ph.record.kind != "day" or not ph.actions:
        return [], game.state
    trial = game.trial(PhaseEnd(eliminated=""))
    day = trial.phases[ph.index - 1]
    return list(day.outcomes[len(ph.outcomes):]), trial.state


__all__ = ["ita_shooters", "ita_refusal", "replay_day", "end_day", "resolve_waiting", "resolve_events", "window_events", "grant_events",
           "waiting_now", "day_waiting_notices", "day_end_preview", "ability_of", "IGNORED_RULE", "KINDS"]
