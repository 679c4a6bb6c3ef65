"""A game: its setup and record, replayed into the current state; phase transitions.

The state is never stored as truth. `Game.load` reads game.toml and the phase files, then
replays them: every recorded action is validated again (so a bad hand edit is reported with
its file and key), every resolved night is resolved again by the engine, and every
elimination applied. Changing the game means appending an entry to the record (with a
sequence number) and writing the phase file atomically under the game's lock; undo deletes
the entry with the highest sequence number.

Game's entry rules live in entry.py and its day rulings in rulings.py (mixins); creating a game
folder in deal.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from . import checks, store
from .engine import resolve_night, rng_for
from .engine.day import apply_outcome, kill, victory
from .errors import FileError, HostkitError, NameError_, RuleError, suggest
from .model import Ability, Action, GameState, NightOutcome, PhaseRecord, PlayerState, Ruleset, Setup, VoteEntry
from .items import find_ability, starting_items
from .rulesets import load_ruleset
from .rulings import DayRulings
from .entry import SKIP_WORDS, EntryRules, _phase_ok, parse_act_lines  # noqa: F401 (re-exported)
from .deal import MARKUPS, create, match_name, option_value  # noqa: F401 (create is re-exported)


# --------------------------------------------------------------------------- the game


@dataclass
class Phase:
    """A phase record with the file it lives in."""

    record: PhaseRecord
    path: Path
    index: int
    actions: list[Action] = field(default_factory=list)  # the effective actions after replay


class Game(EntryRules, DayRulings):
    """A loaded game: setup, ruleset, phases, and the replayed state."""

    def __init__(self, folder: Path, setup: Setup, ruleset: Ruleset, phases: list[Phase]) -> None:
        self.folder = folder
        self.setup = setup
        self.ruleset = ruleset
        self.phases = phases
        self.outcomes: dict[int, NightOutcome] = {}
        self.state = self._replay()

    @classmethod
    def load(cls, folder: Path) -> "Game":
        store.require_game(folder)
        setup = store.read_setup(folder)
        path = folder / store.GAME_FILE
        try:
            rs = load_ruleset(setup.ruleset, folder / "roles.toml")
        except NameError_ as exc:
            raise FileError(f"{path}: ruleset: {exc}") from None
        for i, p in enumerate(setup.players):
            if p.role not in rs.roles:
                raise FileError(f"{path}: players[{i}].role: {rs.name} has no role {p.role!r}{suggest(p.role, rs.roles)}")
        for key, value in setup.options.items():
            try:
                option_value(rs, key, value, where="option")
            except HostkitError as exc:
                raise FileError(f"{path}: options.{key}: {exc}") from None
        checks.check_setup_file(path, setup, MARKUPS)
        phases = []
        for i, f in enumerate(checks.phase_files(folder), start=1):
            phases.append(Phase(store.read_phase(f), f, i))
        if not phases:
            raise FileError(f"{folder / store.PHASES}: no phase files; the game folder is incomplete")
        checks.check_sequence([p.path for p in phases], [p.record for p in phases], (rs.first_phase, rs.first_number))
        return cls(folder, setup, rs, phases)

    # -- replay

    def _initial_state(self) -> GameState:
        rs = self.ruleset
        players: dict[str, PlayerState] = {}
        for p in self.setup.players:
            role = rs.roles[p.role]
            players[p.name] = PlayerState(
                name=p.name, role=role.name, faction=role.faction, alignment=role.alignment,
                charges={a.key: a.uses for a in role.abilities if a.uses is not None},
                items=starting_items(role))
        options = rs.option_defaults()
        options.update(self.setup.options)
        first = self.phases[0].record
        return GameState(rs, players, first.kind, first.number, options,
                         initial_roles=tuple(p.role for p in self.setup.players))

    def _replay(self) -> GameState:
        state = self._initial_state()
        for ph in self.phases:
            rec = ph.record
            state.phase, state.number = rec.kind, rec.number
            checks.check_entries(ph.path, rec, state, self.player)
            for i, event in enumerate(sorted(rec.events, key=lambda e: e.seq)):
                try:
                    self._apply_event(state, ph, event)
                except HostkitError as exc:
                    raise FileError(f"{ph.path}: events[{i}]: {exc}") from None
                state.winner = state.winner or victory(state)
            ph.actions = self._effective(state, ph)
            if rec.ended is None:
                continue
            if rec.kind == "night":
                outcome = resolve_night(state, ph.actions, self.ruleset, rng_for(self.setup.seed, "night", rec.number))
                self.outcomes[rec.number] = outcome
                self._check_published(state, ph, outcome)
                apply_outcome(state, outcome, ph.index)
            else:
                if rec.eliminated:
                    try:
                        name = self.player(rec.eliminated)
                    except HostkitError as exc:
                        raise FileError(f"{ph.path}: end.eliminated: {exc}") from None
                    kill(state, name, f"day {rec.number}", "eliminated", "eliminated", ph.index)
            state.winner = state.winner or victory(state)
        if state.winner:
            state.phase = "over"
        return state

    def _check_published(self, state: GameState, ph: Phase, outcome: NightOutcome) -> None:
        published = ph.record.published.get("deaths")
        if published is None:
            return
        now = sorted(d.player for d in outcome.deaths)
        published = sorted(self._current_name(n) for n in published)
        if published != now:
            state.warnings.append(
                f"{ph.record.label}: the published deaths ({', '.join(sorted(published)) or 'none'}) "
                f"would now be {', '.join(now) or 'none'}: a corrected entry changed the outcome")

    def _effective(self, state: GameState, ph: Phase) -> list[Action]:
        """The phase's actions after replacements and removals, each validated in entry order."""
        rec = ph.record
        entries: list[tuple[int, str, Any]] = [(a.seq, "act", (i, a)) for i, a in enumerate(rec.actions)]
        entries += [(s, "remove", (actor, ability)) for actor, ability, s in rec.removed]
        current: dict[tuple[str, str], Action] = {}
        last_removal: dict[tuple[str, str], int] = {}
        for actor, ability, seq in rec.removed:
            key = (actor.lower(), ability.lower())
            last_removal[key] = max(seq, last_removal.get(key, 0))
        for seq, kind, data in sorted(entries, key=lambda e: e[0]):
            if kind == "remove":
                actor, ability = data
                for key, a in list(current.items()):
                    if a.actor == actor and a.ability.lower() == ability.lower() or key == self._faction_key_by_name(state, actor, ability):
                        del current[key]
                continue
            i, action = data
            if last_removal.get((action.actor.lower(), action.ability.lower()), 0) > seq:
                continue  # taken back later: it may no longer be valid (its actor was shot)
            try:
                checked = self.check_action(state, action.actor, action.ability, self._words(state, action),
                                            current=list(current.values()), phase=rec)
            except HostkitError as exc:
                raise FileError(f"{ph.path}: actions[{i}]: {exc}") from None
            checked = checked._replace(seq=action.seq)
            current[self._key(state, checked)] = checked
        return sorted(current.values(), key=lambda a: a.seq)

    def _words(self, state: GameState, action: Action) -> list[str]:
        """A recorded action's targets as the host would type them: no targets is a skip,
        unless the ability takes none (a Commute is used by naming no one)."""
        if action.targets:
            return list(action.targets)
        try:
            actor = self.player(action.actor)
            ability = state.role_of(actor).ability(action.ability)
            if ability is None:  # an item's ability
                found = find_ability(state, actor, action.ability, strict=False)
                ability = found[1] if found else None
        except HostkitError:
            ability = None
        return [] if ability is not None and not ability.targets else ["skip"]

    def _key(self, state: GameState, action: Action) -> tuple[str, str]:
        role = state.role_of(action.actor)
        ability = role.ability(action.ability)
        if ability is not None and ability.factional and role.faction:
            return (f"faction:{role.faction}", ability.key)
        return (action.actor, action.ability.lower())

    def _faction_key_by_name(self, state: GameState, actor: str, ability: str) -> tuple[str, str] | None:
        if actor not in state.players:
            return None
        return self._key(state, Action(actor, ability))

    # -- looking up

    @property
    def current(self) -> Phase:
        return self.phases[-1]

    def player(self, word: str) -> str:
        """A player's game name from what the host typed (name or alias, any case)."""
        names = [p.name for p in self.setup.players]
        try:
            return match_name(word, names)
        except NameError_:
            for p in self.setup.players:
                if any(a.lower() == word.lower() for a in p.aliases + p.previous):
                    return p.name
            raise

    def _current_name(self, name: str) -> str:
        """The slot's current name for a name in the record (it may be a replaced player's)."""
        try:
            return self.player(name)
        except HostkitError:
            return name

    def usable(self, state: GameState, name: str, phase: PhaseRecord) -> list[Ability]:
        role = state.role_of(name)
        return [a for a in role.abilities if _phase_ok(a, phase) and a.first_night <= phase.number]

    # -- changing the game

    def next_seq(self) -> int:
        top = 0
        for ph in self.phases:
            r = ph.record
            for seq in [a.seq for a in r.actions] + [s for _, _, s in r.removed] + [v.seq for v in r.votes] \
                    + [e.seq for e in r.events] + ([r.ended] if r.ended is not None else []):
                top = max(top, seq)
        return top + 1

    def _open(self, kind: str | None = None) -> Phase:
        if self.state.winner:
            raise RuleError(f"the game is over: {self.state.winner} won")
        ph = self.current
        if kind and ph.record.kind != kind:
            raise RuleError(f"it is {ph.record.label}, not a {kind}")
        return ph

    def _write(self, ph: Phase, record: PhaseRecord, *, extra: store.Writer | None = None) -> None:
        w = extra or store.Writer(self.folder)
        w.put(ph.path, store.phase_to_toml(record))
        w.commit()

    def act(self, actor: str, ability: str | None, targets: list[str]) -> Action:
        """Record one action for the current phase (replacing the actor's earlier one)."""
        return self.act_many([(actor, ability, targets)])[0]

    def act_many(self, lines: Sequence[tuple[str, str | None, list[str]]],
                 labels: Sequence[str] | None = None) -> list[Action]:
        """Record several actions, all or none. `labels` name each line in error messages."""
        ph = self._open()
        current = list(ph.actions)
        seq = self.next_seq()
        added = []
        for n, (actor, ability, targets) in enumerate(lines):
            try:
                action = self.check_action(self.state, actor, ability, targets, current=current, phase=ph.record)
            except HostkitError as exc:
                if labels is None:
                    raise
                raise type(exc)(f"{labels[n]}: {exc}") from None
            action = action._replace(seq=seq)
            seq += 1
            key = self._key(self.state, action)
            current = [a for a in current if self._key(self.state, a) != key] + [action]
            added.append(action)
        self._write(ph, ph.record._replace(actions=ph.record.actions + tuple(added)))
        return added

    def remove(self, actor: str, ability: str | None) -> Action:
        """Take back an action of the current phase (--remove)."""
        ph = self._open()
        name = self.player(actor)
        key_actions = [a for a in ph.actions if a.actor == name or self._same_faction_action(a, name)]
        if ability is not None:
            key_actions = [a for a in key_actions if a.ability.lower() == ability.lower()]
        if not key_actions:
            raise RuleError(f"{name} has no action recorded for {ph.record.label}" + (f" with {ability}" if ability else ""))
        if len(key_actions) > 1:
            raise RuleError(f"{name} has {len(key_actions)} actions recorded; name the ability to remove")
        target = key_actions[0]
        rec = ph.record._replace(removed=ph.record.removed + ((target.actor, target.ability, self.next_seq()),))
        self._write(ph, rec)
        return target

    def _same_faction_action(self, action: Action, name: str) -> bool:
        return self._key(self.state, action) == self._faction_key_by_name(self.state, name, action.ability) \
            and self._key(self.state, action)[0].startswith("faction:")

    def resolve(self, *, dry_run: bool = False) -> NightOutcome:
        """Resolve the current night; unless dry_run, record it and begin the next day."""
        ph = self._open("night")
        forced = self.forced_unused(self.state, ph)
        if forced:
            raise RuleError(forced[0])
        outcome = resolve_night(self.state, ph.actions, self.ruleset, rng_for(self.setup.seed, "night", ph.record.number))
        if dry_run:
            return outcome
        seq = self.next_seq()
        published = {"deaths": [d.player for d in outcome.deaths]}
        rec = ph.record._replace(ended=seq, published=published)
        w = store.Writer(self.folder)
        self._begin_next(w, rec)
        self._write(ph, rec, extra=w)
        return outcome

    def _begin_next(self, w: store.Writer, ended: PhaseRecord) -> None:
        first_is_night = self.ruleset.first_phase == "night"
        if ended.kind == "night":
            nxt = PhaseRecord("day", ended.number if first_is_night else ended.number + 1)
        else:
            nxt = PhaseRecord("night", ended.number + 1 if first_is_night else ended.number)
        index = self.current.index + 1
        w.put(store.phase_path(self.folder, index, nxt.kind, nxt.number), store.phase_to_toml(nxt))

    def vote(self, voter: str, target: str | None, *, after_post: int | None = None) -> VoteEntry:
        """Record a vote by hand. target None = unvote; 'none' = no elimination."""
        ph = self._open("day")
        name = self.player(voter)
        if not self.state.players[name].alive:
            raise RuleError(f"{name} is dead: dead players cannot vote")
        why = self.out_of_play(name)
        if why:
            raise RuleError(f"{name} is {why}: {why} players cannot vote")
        if target is not None and target.lower() in ("none", "no elimination", "no lynch"):
            if not self.state.options.get("no-elimination", True):
                raise RuleError(f"{self.ruleset.name} has no No Elimination vote: a player may simply not vote")
            target = "none"
        elif target is not None:
            target = self.player(target)
            if not self.state.players[target].alive:
                raise RuleError(f"{target} is dead: votes on dead players do not count")
            why = self.out_of_play(target)
            if why:
                raise RuleError(f"{target} is {why}: {why} players cannot be voted")
        if after_post is not None:
            checks.check_post(after_post, "--after-post")
        entry = VoteEntry(name, target, self.next_seq(), after_post)
        self._write(ph, ph.record._replace(votes=ph.record.votes + (entry,)))
        return entry

    def out_of_play(self, name: str) -> str | None:
        """The tag that takes a living player out of today's vote (the ruleset's `out-of-play`
        option: paranormal's 'abducted'), or None."""
        tags = self.state.players[name].tags
        return next((t for t in str(self.state.options.get("out-of-play", "")).split(",") if t and t in tags), None)

    def eliminate(self, player: str | None) -> str | None:
        """End the day with that elimination (None: no elimination); the next night begins."""
        ph = self._open("day")
        name = None
        if player is not None:
            name = self.player(player)
            if not self.state.players[name].alive:
                raise RuleError(f"{name} is already dead")
            why = self.out_of_play(name)
            if why:
                raise RuleError(f"{name} is {why}: {why} players cannot be eliminated")
        rec = ph.record._replace(ended=self.next_seq(), eliminated=name or "")
        w = store.Writer(self.folder)
        self._begin_next(w, rec)
        self._write(ph, rec, extra=w)
        return name

    def undo(self) -> str:
        """Take back the last recorded entry: an action, a removal, a vote, a ruling or a phase's end."""
        best: tuple[int, Phase, str, Any] | None = None
        for ph in self.phases:
            r = ph.record
            cands = [(a.seq, "action", a) for a in r.actions] + [(s, "removal", (a, b, s)) for a, b, s in r.removed] \
                + [(v.seq, "vote", v) for v in r.votes] + [(e.seq, "event", e) for e in r.events]
            if r.ended is not None:
                cands.append((r.ended, "end", None))
            for seq, kind, item in cands:
                if best is None or seq > best[0]:
                    best = (seq, ph, kind, item)
        if best is None:
            raise RuleError("nothing to undo: the record is empty")
        seq, ph, kind, item = best
        r = ph.record
        w = store.Writer(self.folder)
        if kind == "action":
            rec = r._replace(actions=tuple(a for a in r.actions if a.seq != seq))
            what = f"{item.actor}'s {item.ability} " + (f"on {', '.join(item.targets)}" if item.targets else "(skip)")
        elif kind == "removal":
            rec = r._replace(removed=tuple(x for x in r.removed if x[2] != seq))
            what = f"the removal of {item[0]}'s {item[1]}"
        elif kind == "vote":
            rec = r._replace(votes=tuple(v for v in r.votes if v.seq != seq))
            what = f"{item.voter}'s vote " + ("(unvote)" if item.target is None else f"on {item.target}")
        elif kind == "event":
            rec = r._replace(events=tuple(e for e in r.events if e.seq != seq))
            what = f"the {item.kind} of {item.actor or ''}".rstrip()
        else:
            rec = r._replace(ended=None, eliminated=None, published={})
            what = f"the end of {r.label}"
            for later in self.phases[ph.index:]:
                w.remove(later.path)
        w.put(ph.path, store.phase_to_toml(rec))
        w.commit()
        return what

    # -- reporting

    def status(self) -> dict[str, Any]:
        s = self.state
        players = []
        for p in s.players.values():
            d = p.to_json()
            d["weight"] = self.weight(p.name)
            players.append(d)
        return {"ruleset": self.ruleset.name, "phase": s.phase, "number": s.number, "players": players,
                "winner": s.winner, "sheriff": s.sheriff, "warnings": list(s.warnings), "folder": str(self.folder)}

    def weight(self, name: str, state: GameState | None = None) -> float:
        """A player's standing vote weight: --weight, else the role's."""
        setup = self.setup.player(name)
        if setup and setup.weight is not None:
            return setup.weight
        state = state or self.state
        role = state.role_of(name)
        if "psychic-vote" in role.passives and role.weight != 1:
            # A psychic vote weight fails while Mind Shields outnumber the other living players.
            alive = [p for p in state.players.values() if p.alive]
            shields = sum(1 for p in alive if "mind-shield" in p.tags or "mind-shield" in state.role_of(p.name).passives)
            if shields > len(alive) - shields:
                return 1.0
        return role.weight

    def vote_weight(self, name: str, state: GameState | None = None) -> float:
        """The weight of the player's vote today: the standing weight, or the Sheriff's if they hold the badge."""
        state = state or self.state
        if state.sheriff == name:
            return float(state.options.get("sheriff-weight", 1.5))
        return self.weight(name, state)

    def start_post(self, post: int) -> None:
        """Record the post that opened the current day: votes count from there."""
        ph = self._open("day")
        checks.check_post(post, "start-post")
        self._write(ph, ph.record._replace(start_post=post))

    def replace_player(self, old: str, new: str) -> None:
        """NEW takes over OLD's slot: role, record and votes; OLD's name stays an alias of the slot."""
        name = self.player(old)
        checks.check_name(new, "replace")
        if any(checks.name_key(new) == checks.name_key(n) for p in self.setup.players for n in (p.name, *p.aliases, *p.previous)):
            raise RuleError(f"{new!r} is already a player's name or alias in this game")
        if any(checks.name_key(new) == checks.name_key(h) for h in self.setup.hosts):
            raise RuleError(f"{new!r} is a host of this game: a host cannot also play")
        players = tuple(p._replace(name=new, previous=p.previous + (p.name,)) if p.name == name else p
                        for p in self.setup.players)
        w = store.Writer(self.folder)
        w.put(self.folder / store.GAME_FILE, store.setup_to_toml(self.setup._replace(players=players)))
        w.commit()


__all__ = ["Game", "Phase", "create", "match_name", "parse_act_lines", "SKIP_WORDS", "MARKUPS"]
