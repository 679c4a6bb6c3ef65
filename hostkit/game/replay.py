"""The game replayed: a game folder's setup and record read (Game.load, through the replay cache) and
replayed into the state, every entry checked again and every night resolved again; the names a host
types, matched to players and abilities. Replay is the base of the Game facade (game.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Self, Sequence, Union

from ..model import checks
from .day import dayactions, rulings
from . import replaycache
from ..store import folder as store, tomlio
from ..engine.day import apply_outcome, kill
from ..engine.sides import option_refusal
from ..model.errors import FileError, HostkitError, NameError_, RuleError, suggest
from ..model.roles import Ability, Ruleset
from ..model.entries import Action, DayEvent, PhaseEnd, PhaseRecord, Removal, Setup, VoteEntry, entry_id, entry_key
from ..model.state import GameState, PlayerState
from ..model.outcome import NightOutcome
from ..rules.items import find_ability, starting_items
from ..rules.rulesets import load_ruleset
from ..rules.written import for_setup
from ..model.view import Phase
from .deal import MARKUPS, match_name, option_value


Entry = Union[Action, Removal, VoteEntry, DayEvent, PhaseEnd]


def entry_rules() -> Any:
    """hostkit.game.entry, the rules of what an entry may say: loaded when an action is checked,
    so a command on a game whose record holds none (a day's count) does not import it."""
    from . import entry

    return entry


def _seeded_choice(seed: int, phase: str, number: int) -> Any:
    """`rng_for(seed, phase, number).choice`, with the generator made on the first choice: a day
    that draws nothing does not load the engine's night machinery (see replaycache.py)."""
    rng = None

    def choice(seq: Sequence[Any]) -> Any:
        nonlocal rng
        if rng is None:
            from ..engine import rng_for

            rng = rng_for(seed, phase, number)
        return rng.choice(seq)

    return choice


def describe(entry: Entry, rec: PhaseRecord, untargeted: frozenset[str] = frozenset()) -> str:
    """One entry in words, as undo and log say it. UNTARGETED holds the (lower-case) names of the
    abilities that take no target: an entry of one of them with no targets is used, not skipped
    (a Veteran's Alert, a Heavy Shield's Brace), unless it is declined (`skip = true`)."""
    if isinstance(entry, Action):
        if entry.targets:
            return f"{entry.actor}'s {entry.ability} on {', '.join(entry.targets)}"
        used = entry.ability.lower() in untargeted and not entry.declined
        return f"{entry.actor}'s {entry.ability}" + ("" if used else " (skip)")
    if isinstance(entry, Removal):
        return f"the removal of {entry.actor}'s {entry.ability}"
    if isinstance(entry, VoteEntry):
        return f"{entry.voter}'s vote " + ("(unvote)" if entry.target is None else f"on {entry.target}")
    if isinstance(entry, DayEvent):
        if entry.actor is None and entry.target is None:
            return {"resolve": "the resolution of the Immediate actions waiting", "ita-open": "the opening of an ITA window",
                    "ita-close": "the closing of the ITA window"}.get(entry.kind, f"the {entry.kind}")
        return f"the {entry.kind}" + (f" of {entry.actor}" if entry.actor else "") + (f" on {entry.target}" if entry.target else "")
    if rec.kind == "night":
        deaths = entry.published.get("deaths")
        return f"the end of {rec.label}" + ("" if deaths is None else f" (deaths: {', '.join(deaths) or 'none'})")
    return f"the end of {rec.label} (" + (f"{entry.eliminated} eliminated)" if entry.eliminated else "no elimination)")


def conflict_line(c: dict[str, Any]) -> str:
    """A conflict of `Game.conflicts` in one line: the phase, both entries with their ids and
    hosts, and how to settle it (take one back with 'hostkit undo --entry ID')."""
    def one(e: dict[str, Any]) -> str:
        return f"{e['what']} (entry {e['id']}, by {e['host'] or 'an unnamed host'})"

    first, second = c["entries"][0], c["entries"][-1]
    settle = "take one back with 'hostkit undo --entry ID'"
    if c.get("kind") == "concurrent":
        return (f"conflict: {c['phase']}: {one(first)} and {one(second)} were entered on two clones at once and "
                f"the merge cannot tell which one stands; {settle}")
    if c.get("kind") == "ended":
        end, entry = (first, second) if first["what"].startswith("the end of") else (second, first)
        return (f"conflict: {c['phase']}: {one(entry)} was merged into the phase after {one(end)} on another "
                f"clone, so the published outcome would silently change; {settle} (taking back the end "
                "lets you resolve again)")
    ends = " and ".join(one(e) for e in c["entries"])
    return f"conflict: {c['phase']} was ended twice, differently: {ends}; {settle}"


def _no_elimination(state: GameState, name: str, ended: Sequence[NightOutcome]) -> str | None:
    """Why the day cannot end with NAME's elimination once its actions have resolved (seed
    natural II: they resolve when the day ends, before the elimination), or None."""
    for o in ended:
        for d in o.deaths:
            if d.player == name:
                return (f"{name} is killed by the day's actions ({d.cause}), which resolve when the day ends, "
                        "before the elimination (seed natural II)")
    if state.winner:
        return (f"the day's actions end the game before the elimination ({state.winner} win): "
                "Day actions resolve when the day ends, before the elimination (seed natural II)")
    return None


class Replay:
    """A game folder read and replayed into the state (the base of Game)."""

    def __init__(self, folder: Path, setup: Setup, ruleset: Ruleset, phases: list[Phase],
                 *, host: str | None = None, cache: replaycache.Replay | None = None) -> None:
        self.folder = folder
        self._cache = cache  # the replay cache, for a game read from its files (Game.load)
        self.host = host  # who makes entries; None: found when first needed (cohost.host_name)
        self.setup = setup
        self.ruleset = ruleset
        self.phases = phases
        self.outcomes: dict[int, NightOutcome] = {}
        self.race = rulings.SheriffRace()
        self.conflicts: list[dict[str, Any]] = []
        self.day_notes: dict[int, list[str]] = {}  # day -> what its end set off (a Bloom, the maximum day)
        self.state = self._replay()

    @classmethod
    def load(cls, folder: Path, *, host: str | None = None) -> Self:
        """Read and replay a game folder. `host` names who makes entries (--host-name). The files
        are read under the game's shared lock: never half of another command's change."""
        with store.reading(folder):
            return cls._load_locked(folder, host)

    @classmethod
    def _load_locked(cls, folder: Path, host: str | None) -> Self:
        store.require_game(folder)
        cache = replaycache.begin(folder)
        if cache is None:
            return cls._load(folder, host, None)
        outer, tomlio.RECORDING = tomlio.RECORDING, cache.read  # the cache's keys hash the very bytes parsed
        try:
            return cls._load(folder, host, cache)
        finally:
            tomlio.RECORDING = outer

    @classmethod
    def _load(cls, folder: Path, host: str | None, cache: replaycache.Replay | None) -> Self:
        path = folder / store.GAME_FILE
        setup = store.read_setup(folder) if cache is None else \
            cache.parsed(path, lambda: store.read_setup(folder), Setup)
        try:
            if cache is None:
                rs = load_ruleset(setup.ruleset, folder / "roles.toml")
            else:
                rs = cache.ruleset(setup.ruleset, folder / "roles.toml",
                                   lambda: load_ruleset(setup.ruleset, folder / "roles.toml"))
        except NameError_ as exc:
            raise FileError(f"{path}: ruleset: {exc}") from None
        rs = for_setup(rs, (p.role for p in setup.players))  # roles as MafiaScum writes them
        for i, p in enumerate(setup.players):
            if p.role not in rs.roles:
                raise FileError(f"{path}: players[{i}].role: {rs.name} has no role {p.role!r}{suggest(p.role, rs.roles)}")
            for j, a in enumerate(p.attributes):
                if a not in rs.attributes:
                    raise FileError(f"{path}: players[{i}].attributes[{j}]: {rs.name} has no attribute {a!r}"
                                    f"{suggest(a, rs.attributes)}")
        for key, value in setup.options.items():
            try:
                option_value(rs, key, value, where="option", typed=True)
            except HostkitError as exc:
                raise FileError(f"{path}: options.{key}: {exc}") from None
        bad = option_refusal(rs, {**rs.option_defaults(), **setup.options})
        if bad is not None:
            raise FileError(f"{path}: options.{bad[0]}: {bad[1]}")
        checks.check_setup_file(path, setup, MARKUPS)
        phases = []
        for i, f in enumerate(checks.phase_files(folder), start=1):
            record = store.read_phase(f) if cache is None else cache.parsed(f, lambda: store.read_phase(f), PhaseRecord)
            phases.append(Phase(record, f, i))
        if not phases:
            raise FileError(f"{folder / store.PHASES}: no phase files; the game folder is incomplete")
        checks.check_sequence([p.path for p in phases], [p.record for p in phases],
                              checks.first_phase(rs, setup.options, setup.start), checks.numbering(rs, setup.options))
        return cls(folder, setup, rs, phases, host=host, cache=cache)

    def _initial_state(self) -> GameState:
        rs = self.ruleset
        options = rs.option_defaults()
        options.update(self.setup.options)
        # an innate action's uses may be the game's option (natural's ita-shots)
        innate = {a.key: options[a.uses_option] if a.uses_option else a.uses for a in rs.innate}
        players: dict[str, PlayerState] = {}
        for p in self.setup.players:
            role = rs.roles[p.role]
            charges = {a.key: a.uses for a in role.abilities if a.uses is not None}
            charges.update(role.charged)  # a limited passive (a 1-Shot Bulletproof)
            charges.update((k, v) for k, v in innate.items() if v is not None)
            players[p.name] = PlayerState(
                name=p.name, role=role.name, faction=role.faction, alignment=role.alignment,
                charges=charges, items=starting_items(role), attributes=p.attributes)
        first = self.phases[0].record
        return GameState(rs, players, first.kind, first.number, options,
                         initial_roles=tuple(p.role for p in self.setup.players))

    def _replay(self) -> GameState:
        state = self._initial_state()
        for ph in self.phases:
            rec = ph.record
            state.phase, state.number = rec.kind, rec.number
            state.acted_now, state.ita_open = {}, None
            checks.check_entries(ph.path, rec, state, self.recorded_name)
            self._check_pairs(ph)
            if rec.kind == "day":
                # Entries in record order: Immediate actions resolve at a `resolve` event, ITA
                # windows open and close (dayactions.py, seed natural II).
                dayactions.replay_day(self, state, ph)
            else:
                for i, event in enumerate(sorted(rec.events, key=entry_key)):
                    try:
                        if event.kind == dayactions.GRANT:
                            dayactions.apply_grant(self, state, event)
                        else:
                            rulings.apply_event(self, state, self.race, ph, event)
                    except HostkitError as exc:
                        raise FileError(f"{ph.path}: events[{i}]: {exc}") from None
                    rulings.check_victory(state, ph.index)
                ph.actions = self._effective(state, ph)
            if rec.ended is None:
                continue
            self._check_ends(ph)
            if rec.kind == "night":
                outcome = self._resolved(state, ph)
                self.outcomes[rec.number] = outcome
                self._check_published(state, ph, outcome)
                apply_outcome(state, outcome, ph.index)
                rulings.night_over(state, rec.number)
            else:
                name = None
                # Seed natural II: the day's actions resolve when the day ends, before the elimination.
                ended = dayactions.end_day(self, state, ph)
                rulings.check_victory(state, ph.index)
                if rec.eliminated:
                    try:
                        name = self.player(rec.eliminated)
                    except HostkitError as exc:
                        raise FileError(f"{ph.path}: end.eliminated: {exc}") from None
                    why = _no_elimination(state, name, ended)
                    if why:
                        raise FileError(f"{ph.path}: end.eliminated: {why}")
                    kill(state, name, f"day {rec.number}", "eliminated", "eliminated", ph.index)
                self.day_notes[rec.number] = rulings.day_over(
                    state, rec.number, name, ph.index, _seeded_choice(self.setup.seed, "day-end", rec.number))
            rulings.check_victory(state, ph.index)
        if state.winner:
            state.phase = "over"
        return state

    def _resolved(self, state: GameState, ph: Phase) -> NightOutcome:
        """A resolved night's outcome: from the replay cache when the files it comes from are
        unchanged (replaycache.py), else resolved by the engine (and kept)."""
        key = None
        if self._cache is not None:
            key = self._cache.night_key(self.folder / store.GAME_FILE, [p.path for p in self.phases[:ph.index]])
            found = self._cache.night(key) if key is not None else None
            if found is not None:
                return found
        from ..engine import resolve_night, rng_for  # the night machinery, loaded only when a night is resolved

        outcome = resolve_night(state, ph.actions, self.ruleset, rng_for(self.setup.seed, "night", ph.record.number))
        if key is not None:
            self._cache.keep_night(key, outcome)  # type: ignore[union-attr]
        return outcome

    def resolved_day(self, state: GameState, ph: Phase, actions: list[Action], phase: str, number: int
                     ) -> NightOutcome:
        """A batch of day actions' outcome (dayactions.py; rng_for(seed, phase, number)): from the
        replay cache when the files it comes from are unchanged, else resolved by the engine (and
        kept). Only a replay of the game's own files asks the cache: the batch is the day's
        len(ph.outcomes)-th, and the files up to this day fix what it holds."""
        key = None
        if self._cache is not None:
            key = self._cache.night_key(self.folder / store.GAME_FILE, [p.path for p in self.phases[:ph.index]],
                                        day=(len(ph.outcomes), phase, number))
            found = self._cache.day(key) if key is not None else None
            if found is not None:
                return found
        from ..engine import resolve_day, rng_for  # the night machinery, loaded only when an action resolves

        outcome = resolve_day(state, actions, self.ruleset, rng_for(self.setup.seed, phase, number))
        if key is not None:
            self._cache.keep_day(key, outcome)  # type: ignore[union-attr]
        return outcome

    def trial(self, *entries: Entry) -> Self:
        """The game with entries appended, replayed in memory only: nothing is written (a preview
        of the day's end, or of an elimination)."""
        return self.append(*entries, write=False)

    def _check_ends(self, ph: Phase) -> None:
        """Two ends of one phase (two co-hosts' merged clones) that say different things: a real
        conflict. Ends that agree (the same deaths, the same elimination) are one end."""
        ends = sorted(ph.record.ends, key=entry_key)
        if len(ends) < 2:
            return
        outcomes = {(e.eliminated, tuple(sorted(e.published.get("deaths", ())))) for e in ends}
        if len(outcomes) < 2:
            return
        self._conflict(ph, "ends", ends)

    def _check_pairs(self, ph: Phase) -> None:
        """The phase's pairs of contradicting concurrent entries (PhaseRecord.conflicts, written by
        the merge driver) whose two entries are both still in the record: live conflicts."""
        rec = ph.record
        if not rec.conflicts:
            return
        by_id = {entry_id(e): e for e in (*rec.actions, *rec.removed, *rec.votes, *rec.events, *rec.ends)}
        for pair in rec.conflicts:
            if all(i in by_id for i in pair):
                entries = sorted((by_id[i] for i in pair), key=entry_key)
                self._conflict(ph, "ended" if any(isinstance(e, PhaseEnd) for e in entries) else "concurrent", entries)

    def _conflict(self, ph: Phase, kind: str, entries: Sequence[Entry]) -> None:
        bare = self.untargeted_abilities()
        c: dict[str, Any] = {"phase": ph.record.label, "kind": kind, "entries": [
            {"id": entry_id(e), "seq": e.seq, "host": e.host, "what": describe(e, ph.record, bare)} for e in entries]}
        c["text"] = conflict_line(c)
        self.conflicts.append(c)

    def conflict_text(self) -> str:
        """The conflict to settle first, in one line (two ends of a phase before the entries
        within it): which phase, which entries, which hosts, what to do."""
        c = next((c for c in self.conflicts if c["kind"] == "ends"), self.conflicts[0])
        return c["text"] + " before entering anything else"

    def require_settled(self, kind: str | None = None, number: int | None = None) -> None:
        """Refuse (RuleError) to render what players are told while a merge conflict stands in the
        phase KIND NUMBER or before it (anywhere, without one): which of the two entries stands
        decides what the PM or post says, so neither is published silently."""
        if not self.conflicts:
            return
        index = {ph.record.label: ph.index for ph in self.phases}
        last = index.get(f"{kind} {number}", len(self.phases)) if kind else len(self.phases)
        for c in self.conflicts:
            if index.get(c["phase"], 0) <= last:
                raise RuleError(c["text"] + " before publishing what it decides")

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
        entries: list[tuple[Any, int, Action | Removal]] = [(entry_key(a), i, a) for i, a in enumerate(rec.actions)]
        entries += [(entry_key(r), -1, r) for r in rec.removed]
        current: dict[tuple[str, str], Action] = {}
        last_removal: dict[tuple[str, str], Any] = {}
        for r in rec.removed:
            key = (r.actor.lower(), r.ability.lower())
            last_removal[key] = max(entry_key(r), last_removal.get(key, entry_key(r)))
        for key_, i, item in sorted(entries, key=lambda e: e[0]):
            if isinstance(item, Removal):
                for key, a in list(current.items()):
                    if a.actor == item.actor and a.ability.lower() == item.ability.lower() \
                            or key == self._faction_key_by_name(state, item.actor, item.ability):
                        del current[key]
                continue
            action = item
            removal = last_removal.get((action.actor.lower(), action.ability.lower()))
            if removal is not None and removal > key_:
                continue  # taken back later: it may no longer be valid (its actor was shot)
            checked = self._recheck(state, ph, i, action, current)
            current[self._key(state, checked)] = checked
        return sorted(current.values(), key=entry_key)

    def _recheck(self, state: GameState, ph: Phase, i: int, action: Action,
                 current: dict[tuple[str, str], Action]) -> Action:
        """A recorded action checked again by the entry rules on the replayed state (keeping its
        seq and host); one that no longer passes names its file and key."""
        try:
            self.recorded_name(action.actor)
            checked = entry_rules().check_action(self, state, action.actor, action.ability, self._words(state, action),
                                               current=list(current.values()), phase=ph.record, seq=action.seq)
        except HostkitError as exc:
            raise FileError(f"{ph.path}: actions[{i}]: {exc}") from None
        return checked._replace(seq=action.seq, host=action.host, unit=action.unit)

    def _words(self, state: GameState, action: Action) -> list[str]:
        """A recorded action's targets as the host would type them: no targets is a skip,
        unless the ability takes none (a Commute is used by naming no one) and the entry is not
        declined (`skip = true`). A choice (a Guild) is typed after the targets."""
        if action.targets or action.choice:
            return [*action.targets, *([action.choice] if action.choice else [])]
        if action.declined:
            return ["skip"]
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
        if ability is None:  # a faction partner's factional ability, used in the owner's place
            found = state.partner_ability(action.actor, action.ability)
            ability = found[1] if found else None
        if ability is not None and ability.factional and role.faction:
            return (f"faction:{role.faction}", ability.key)
        return (action.actor, action.ability.lower())

    def _faction_key_by_name(self, state: GameState, actor: str, ability: str) -> tuple[str, str] | None:
        if actor not in state.players:
            return None
        return self._key(state, Action(actor, ability))

    @property
    def current(self) -> Phase:
        return self.phases[-1]

    def player(self, word: str) -> str:
        """A player's game name from what the host typed (name or alias, any case)."""
        names = [p.name for p in self.setup.players]
        try:
            return match_name(word, names, aliases={p.name: tuple(p.aliases) + tuple(p.previous)
                                                    for p in self.setup.players})
        except NameError_:
            for p in self.setup.players:
                if any(a.lower() == word.lower() for a in p.aliases + p.previous):
                    return p.name
            raise

    def recorded_name(self, word: str) -> str:
        """The slot a name in a phase file means: a player's name, alias or previous name exactly
        (NFKC, any case), never a guess. A player renamed in game.toml but not in the phase files
        is refused here, naming the old name (a prefix match kept 'Ann' as 'Anna', a miss dropped
        their votes to a host-only note)."""
        key = checks.name_key(word)
        for p in self.setup.players:
            if any(checks.name_key(n) == key for n in (p.name, *p.aliases, *p.previous)):
                return p.name
        raise NameError_(f"unknown player {word!r}: no player's name, alias or replaced player's `previous` name "
                         f"in {store.GAME_FILE} (renamed there but not here? write the new name in this file "
                         f"too, or use 'hostkit replace'){suggest(word, [p.name for p in self.setup.players])}")

    def _current_name(self, name: str) -> str:
        """The slot's current name for a name in the record (it may be a replaced player's)."""
        try:
            return self.player(name)
        except HostkitError:
            return name

    def usable(self, state: GameState, name: str, phase: PhaseRecord) -> list[Ability]:
        return entry_rules().usable(state, name, phase)

    def split_words(self, words: list[str]) -> tuple[str, str | None, list[str]]:
        return entry_rules().split_words(self, words)
