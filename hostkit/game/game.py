"""A game: its setup and record, replayed into the current state; phase transitions.

The state is never stored as truth. `Game.load` reads game.toml and the phase files, then
replays them: every recorded action is validated again (so a bad hand edit is reported with
its file and key), every resolved night is resolved again by the engine, and every
elimination applied. Changing the game means appending entries to the record:
`Game.append(*entries)` numbers them, replays the longer record in memory (checking it), writes
the phase file as one commit under the game's lock, and returns the new Game, so a command never
reads the folder twice. Undo takes back the last entry.

What an entry may say is decided by pure functions over the replayed state: the entry rules in
entry.py, the day rulings (and the Sheriff race's own slice of state) in rulings.py. Creating a
game folder is deal.py.
"""

from __future__ import annotations

from pathlib import Path
from datetime import datetime, timezone
from typing import Any, Sequence, Union

from ..model import checks
from .day import dayactions, rulings, shortening
from . import entry as entry_rules, replaycache
from ..store import folder as store, tomlio
from ..engine.day import apply_outcome, election, flip_held, guild_of, kill, night_tag_today, owed, weight_today
from ..engine.sides import option_refusal
from ..model.errors import FileError, HostkitError, NameError_, RuleError, suggest
from ..model.roles import Ability, Ruleset
from ..model.entries import Action, DayEvent, PhaseEnd, PhaseRecord, Removal, Setup, VoteEntry, entry_id, entry_key
from ..model.state import GameState, PlayerState
from ..model.outcome import NightOutcome
from ..rules.items import find_ability, inert_grants, starting_items
from ..rules.rulesets import load_ruleset
from ..rules.written import for_setup
from ..model.view import Phase
from .standing import tag_texts
from .entry import SKIP_WORDS, parse_act_lines  # noqa: F401 (re-exported)
from .deal import MARKUPS, match_name, option_value
from . import deal

# What a host may type for No Elimination besides 'none' (letters only, lower case): named in the
# refusal, never taken (a player may be called Nobody).
NO_ELIMINATION_WORDS = frozenset({"nobody", "noone", "nolynch", "noelim", "noelimination", "novote", "nl", "ne",
                                  "skip", "pass", "null", "nil"})

Entry = Union[Action, Removal, VoteEntry, DayEvent, PhaseEnd]
KINDS = {Action: "action", Removal: "removal", VoteEntry: "vote", DayEvent: "ruling", PhaseEnd: "end"}


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


def _same_unit(entry: Entry, item: Entry) -> bool:
    """Whether ENTRY was written by the same command as ITEM (the same host's unit)."""
    if entry is item:
        return True
    return bool(item.unit) and entry.unit == item.unit and entry.host == item.host


def create(folder: Path, **kw: Any) -> "Game":
    """Create a game folder (deal.create: refused if one exists there) and return the loaded game."""
    deal.create(folder, **kw)
    return Game.load(folder)


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


# --------------------------------------------------------------------------- the game


class Game:
    """A loaded game: setup, ruleset, phases, and the replayed state."""

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
    def load(cls, folder: Path, *, host: str | None = None) -> "Game":
        """Read and replay a game folder. `host` names who makes entries (--host-name). The files
        are read under the game's shared lock: never half of another command's change."""
        with store.reading(folder):
            return cls._load_locked(folder, host)

    @classmethod
    def _load_locked(cls, folder: Path, host: str | None) -> "Game":
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
    def _load(cls, folder: Path, host: str | None, cache: replaycache.Replay | None) -> "Game":
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

    # -- replay

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

    def trial(self, *entries: Entry) -> "Game":
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
            checked = entry_rules.check_action(self, state, action.actor, action.ability, self._words(state, action),
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

    # -- looking up

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
        return entry_rules.usable(state, name, phase)

    # -- the pure rules, as the game's own questions (entry.py, rulings.py)

    def split_words(self, words: list[str]) -> tuple[str, str | None, list[str]]:
        return entry_rules.split_words(self, words)

    def running(self, state: GameState | None = None) -> list[str]:
        """The Sheriff candidates still in the race."""
        return rulings.running(state or self.state, self.race)

    def sheriff_race(self) -> dict[str, Any]:
        return rulings.race_summary(self)

    def sheriff_missing(self, more: dict[str, str] | None = None) -> list[str]:
        return rulings.missing_voters(self, more)

    def due(self) -> list[dict[str, Any]]:
        return rulings.due(self)

    def speaking(self) -> list[str]:
        return rulings.speaking(self)

    def death_dues(self, player: str, kind: str, when: str) -> list[dict]:
        """What PLAYER's death (KIND, at WHEN: "night 1") owed at dawn before any was done (seed
        classic DeathResolution: last words, a Hunter's shot, the badge): engine/day.owed's items."""
        return owed(self.state, [(player, kind, when)], set())

    def election_winner(self, votes: dict[str, str], candidates: list[str]) -> str | None:
        """Whom a Sheriff election with these votes elects (seed SheriffElection: each vote with its
        voter's standing weight, no one holds the badge yet; a tie for the most elects no one)."""
        return election(votes, candidates, {v: float(self.weight(v)) for v in votes})[1]

    def flip_held(self, name: str) -> str | None:
        """The abductor still in the game who holds dead player NAME's flip (seed paranormal:
        'Abducted players are not role-flipped until their abductor leaves the game'), or None."""
        return flip_held(self.state, name)

    # -- changing the game

    def next_seq(self) -> int:
        """One more than the highest seq in the record (a Lamport clock: an entry always sorts
        after every entry the host could see when making it)."""
        top = 0
        for ph in self.phases:
            r = ph.record
            for e in (*r.actions, *r.removed, *r.votes, *r.events, *r.ends):
                top = max(top, e.seq)
        return top + 1

    def open_phase(self, kind: str | None = None, *, shot: bool = False) -> Phase:
        """The current phase, if the game may be changed in it (of that kind, when given).

        While a win waits on owed last shots (VictoryCheck comes last), only those shots (`shot`)
        may be entered."""
        if self.conflicts:
            raise RuleError(self.conflict_text())
        if self.state.winner:
            raise RuleError(f"the game is over: {self.state.winner} won")
        pending = self.state.pending_victory
        if pending and not shot:
            who = pending[1][0]
            if pending[0] == "nobody":  # the maximum game day is over: its last shot comes first
                raise RuleError(f"the maximum game day is over: the game ends once {' and '.join(pending[1])}'s last "
                                f"shot is taken ('before dying'); enter 'hostkit shoot {who} TARGET' (or 'skip') first")
            raise RuleError(f"VictoryCheck comes last: {pending[0]} win unless {' or '.join(pending[1])}'s last "
                            f"shot changes it; enter 'hostkit shoot {who} TARGET' (or 'skip') first")
        ph = self.current
        if kind and ph.record.kind != kind:
            raise RuleError(f"it is {ph.record.label}, not a {kind}")
        return ph

    _open = open_phase

    def append(self, *entries: Entry, write: bool = True, also: dict[Path, str] | None = None) -> "Game":
        """Append entries to the current phase's record, all or none; return the new game.

        Each entry is numbered (seq) in the order given. The longer record is replayed in memory
        first, so an entry that does not replay is refused with nothing written; then the phase
        file (and, after a PhaseEnd, the next phase's) is written as one commit.
        """
        if self.conflicts:
            raise RuleError(self.conflict_text())
        ph = self.current
        rec = ph.record
        seq = self.next_seq()
        if self.host is None or self.host:
            from ..store.cohost import host_name

            self.host = host_name(self.folder, self.host)  # --host-name is checked as $HOSTKIT_HOST is
        unit = seq if len(entries) > 1 else 0  # one command's entries: undone together
        for e in entries:
            e = e._replace(seq=seq, host=self.host, unit=unit)
            if isinstance(e, PhaseEnd) and not e.time:  # the next phase's start (hostkit inbox)
                e = e._replace(time=datetime.now(timezone.utc).isoformat(timespec="seconds"))
            seq += 1
            if isinstance(e, Action):
                rec = rec._replace(actions=rec.actions + (e,))
            elif isinstance(e, Removal):
                rec = rec._replace(removed=rec.removed + (e,))
            elif isinstance(e, VoteEntry):
                rec = rec._replace(votes=rec.votes + (e,))
            elif isinstance(e, DayEvent):
                rec = rec._replace(events=rec.events + (e,))
            elif isinstance(e, PhaseEnd):
                rec = rec._replace(ends=rec.ends + (e,))
            else:  # pragma: no cover
                raise TypeError(f"not a record entry: {e!r}")
        return self._rewrite({ph.index: rec}, begin_next=bool(rec.ends) and not ph.record.ends, write=write,
                             also=also)

    def _rewrite(self, records: dict[int, PhaseRecord], *, begin_next: bool = False,
                 drop_after: int | None = None, write: bool = True, also: dict[Path, str] | None = None) -> "Game":
        """The game with some phase records replaced (by index), the next phase begun, or the
        phases after `drop_after` dropped; checked by replay, then written as one commit (with
        `also`, other files of the folder as path: text)."""
        w = store.Writer(self.folder)
        for path, text in (also or {}).items():
            w.put_text(path, text)
        phases = [Phase(records.get(p.index, p.record), p.path, p.index) for p in self.phases
                  if drop_after is None or p.index <= drop_after]
        if begin_next:
            nxt = self._next_record(phases[-1].record)
            path = store.phase_path(self.folder, phases[-1].index + 1, nxt.kind, nxt.number)
            phases.append(Phase(nxt, path, phases[-1].index + 1))
            w.put(path, store.phase_to_toml(nxt))
        if drop_after is not None:
            for later in self.phases[drop_after:]:
                w.remove(later.path)
        new = type(self)(self.folder, self.setup, self.ruleset, phases, host=self.host)
        if not write:
            return new
        for index, rec in records.items():
            w.put(self.phases[index - 1].path, store.phase_to_toml(rec))
        w.commit()
        return new

    def _next_record(self, ended: PhaseRecord) -> PhaseRecord:
        return PhaseRecord(*checks.next_phase(checks.numbering(self.ruleset, self.setup.options),
                                              ended.kind, ended.number))

    def action_entries(self, lines: Sequence[tuple[str, str | None, list[str]]],
                       labels: Sequence[str] | None = None) -> list[Action]:
        """Check several typed actions against the rules (each replacing the actor's earlier one)."""
        ph = self.open_phase()
        current = list(ph.actions)
        added = []
        batch: dict[object, tuple[int, Action]] = {}  # key -> (line, action) entered by this batch
        for n, (actor, ability, targets) in enumerate(lines):
            # 'act Carol skip' for a Witch: a skip answers each of her own abilities usable now
            each = entry_rules.skipped_abilities(self, self.state, actor, ability, targets, ph.record,
                                                 current) or [ability]
            for name in each:
                try:
                    action = entry_rules.check_action(self, self.state, actor, name, targets, current=current,
                                                      phase=ph.record)
                except HostkitError as exc:
                    if labels is None:
                        raise
                    raise type(exc)(f"{labels[n]}: {exc}") from None
                key = self._key(self.state, action)
                first = batch[key][1] if key in batch else None
                if labels is not None and first is not None and batch[key][0] != n and not first.declined:
                    # One file, one answer per action: a second line for the same action (the
                    # Doppelgangers' one kill typed for two members, a member's skip after it)
                    # would silently drop the first. A skip may be answered by a later line
                    # ('Mi skip', then 'Mi Sentry Guns': every ability but that one).
                    raise RuleError(f"{labels[n]}: {action.actor}'s {action.ability}"
                                    + (" (skip)" if action.declined else "") + " is already entered by "
                                    f"{labels[batch[key][0]]} ({first.actor}'s {first.ability}"
                                    + (f" on {', '.join(first.targets)}" if first.targets else "")
                                    + "): one line an action; keep the one you mean")
                batch[key] = (n, action)
                current = [a for a in current if self._key(self.state, a) != key] + [action]
                added.append(action)
        return added

    def act(self, actor: str, ability: str | None, targets: list[str]) -> Action:
        """Record one action for the current phase (replacing the actor's earlier one)."""
        return self.act_many([(actor, ability, targets)])[0]

    def act_many(self, lines: Sequence[tuple[str, str | None, list[str]]],
                 labels: Sequence[str] | None = None) -> list[Action]:
        """Record several actions, all or none. `labels` name each line in error messages."""
        return self.enter(lines, labels)[0]

    def enter(self, lines: Sequence[tuple[str, str | None, list[str]]],
              labels: Sequence[str] | None = None, *, now: bool = False,
              on_time: bool = True, also: dict[Path, str] | None = None) -> tuple[list[Action], list[str]]:
        """Record several actions, all or none; return them and the notes of what they took back.

        An action that needs its target under attack (a Witch's antidote: `requires = "attacked"`)
        answered the attack as it stood; when a new entry changes that attack, the action is taken
        back in the same commit, not spent, and a note says so (seed classic Phase Sequencing:
        WerewolfAction MUST precede WitchAction). `also`: other files of the folder (path: text)
        written in the same commit (`inbox --accept`'s send journal)."""
        self._check_deadline(on_time)
        added = self.action_entries(lines, labels)
        current = self._after(list(self.current.actions), added)
        removals, notes = self._stale(current)
        return self._entered(added, removals, notes, now=now, also=also)[:2]

    def check_on_time(self) -> None:
        """`act --on-time` excuses an action entered after the day's deadline; where there is
        nothing to excuse (a night, a day whose deadline has not passed) it is refused, never ignored."""
        if self.state.phase != "day":
            raise RuleError(f"--on-time is for a day action entered after the day's deadline; it is "
                            f"{self.state.phase} {self.state.number}, which has no deadline: drop --on-time")
        if not dayactions.deadline_refusal(self):
            raise RuleError("--on-time: no deadline of this day has passed ('hostkit deadline' records one), so "
                            "there is nothing to excuse: drop --on-time")

    def _check_deadline(self, on_time: bool) -> None:
        if not on_time:
            why = dayactions.deadline_refusal(self)
            if why:
                raise RuleError(why)

    def enter_now(self, lines: Sequence[tuple[str, str | None, list[str]]],
                  labels: Sequence[str] | None = None, *,
                  on_time: bool = True) -> tuple[list[Action], list[str], list[NightOutcome]]:
        """Record Immediate day actions and resolve them at once, in one commit (`act --now`; seed
        natural II); return them, the notes, and the outcomes, in entry order. With on_time False
        (the CLI's default), an entry after the day's recorded deadline is refused."""
        self._check_deadline(on_time)
        added = self.action_entries(lines, labels)
        removals, notes = self._stale(self._after(list(self.current.actions), added))
        return self._entered(added, removals, notes, now=True)

    def _entered(self, added: list[Action], removals: list[Removal], notes: list[str], *,
                 now: bool, also: dict[Path, str] | None = None) -> tuple[list[Action], list[str], list[NightOutcome]]:
        extra = dayactions.now_events(self, added) if now else []
        before = len(self.current.outcomes)
        new = self.append(*added, *removals, *extra, also=also)
        day = new.phases[self.current.index - 1]
        return ((list(new.current.record.actions[-len(added):]) if added else []), notes,
                list(day.outcomes[before:]))

    def resolve_now(self, *, dry_run: bool = False) -> tuple["Game", list[NightOutcome]]:
        """`hostkit resolve` by day (seed natural II): resolve the Immediate actions waiting now, in
        entry order, and record it. A dry run shows them, or, with none waiting, what the day's end
        would resolve."""
        ph = self.open_phase("day")
        if dry_run and not dayactions.waiting_now(self):
            ended, _ = dayactions.day_end_preview(self)
            if not ended:
                raise RuleError(f"nothing to resolve in {ph.record.label}: no day action is waiting "
                                "(none recorded, or each resolved at once already)")
            return self, ended
        events = dayactions.resolve_events(self)
        new = self.trial(*events) if dry_run else self.append(*events)
        return (self if dry_run else new), list(new.phases[ph.index - 1].outcomes[len(ph.outcomes):])

    def window(self, kind: str) -> tuple["Game", list[NightOutcome]]:
        """Open or close an ITA window (`hostkit ita open|close`); what was waiting resolves first."""
        ph = self.current
        new = self.append(*dayactions.window_events(self, kind))
        return new, list(new.phases[ph.index - 1].outcomes[len(ph.outcomes):])

    def grant(self, player: str, ability: str, uses: int | None, accuracy: float | None) -> tuple["Game", DayEvent]:
        """"You may use an additional [innate action]": record more uses (or a new accuracy)."""
        events = dayactions.grant_events(self, player, ability, uses, accuracy)
        return self.append(*events), events[0]

    def _after(self, current: list[Action], added: Sequence[Action]) -> list[Action]:
        for action in added:
            key = self._key(self.state, action)
            current = [a for a in current if self._key(self.state, a) != key] + [action]
        return current

    def _stale(self, current: list[Action]) -> tuple[list[Removal], list[str]]:
        """The recorded actions whose required attack is gone, as removals, with a note each."""
        removals, notes = [], []
        for a in current:
            if not a.targets or a.actor not in self.state.players:
                continue
            ab = self.state.role_of(a.actor).ability(a.ability)
            if ab is None or ab.requires != "attacked":
                continue
            if a.targets[0] in entry_rules._attacked(self.state, current, a.actor):
                continue
            removals.append(Removal(a.actor, a.ability))
            template = ab.messages.get("taken-back") or (
                "{actor}'s {ability} on {target} is taken back, not spent: it answered an attack on {target} "
                "that is no longer recorded; enter it again if still wanted")
            notes.append(template.format(actor=a.actor, ability=ab.name, target=a.targets[0]))
        return removals, notes

    def removal(self, actor: str, ability: str | None) -> tuple[Removal, Action]:
        """The entry that takes back an action of the current phase (--remove), and that action."""
        ph = self.open_phase()
        name = self.player(actor)
        key_actions = [a for a in ph.actions if a.actor == name or self._same_faction_action(a, name)]
        if ability is not None:
            # An item's name as entered ('act Ex "EMP Pulse Emitter" Xe' records its EMP Pulse)
            found = find_ability(self.state, name, ability, strict=False)
            names = {ability.lower()} | ({found[1].name.lower()} if found else set())
            key_actions = [a for a in key_actions if a.ability.lower() in names]
        if not key_actions:
            done = [a for a in ph.done if a.actor == name and (ability is None or a.ability.lower() == ability.lower())]
            if done:
                raise RuleError(f"{name}'s {done[-1].ability} already resolved at once (Immediate, seed natural II): "
                                "it cannot be taken back; 'hostkit undo' takes back its resolution (an 'act --now' "
                                "with its action)")
            raise RuleError(f"{name} has no action recorded for {ph.record.label}" + (f" with {ability}" if ability else ""))
        if len(key_actions) > 1:
            raise RuleError(f"{name} has {len(key_actions)} actions recorded; name the ability to remove")
        target = key_actions[0]
        return Removal(target.actor, target.ability), target

    def remove(self, actor: str, ability: str | None) -> Action:
        """Take back an action of the current phase (--remove)."""
        return self.take_back(actor, ability)[0]

    def take_back(self, actor: str, ability: str | None) -> tuple[Action, list[str]]:
        """Take back an action of the current phase (--remove), and any action that answered it
        (see `enter`); return it and the notes."""
        entry, target = self.removal(actor, ability)
        current = [a for a in self.current.actions if a is not target]
        removals, notes = self._stale(current)
        self.append(entry, *removals)
        return target, notes

    def _same_faction_action(self, action: Action, name: str) -> bool:
        return self._key(self.state, action) == self._faction_key_by_name(self.state, name, action.ability) \
            and self._key(self.state, action)[0].startswith("faction:")

    def night_outcome(self) -> NightOutcome:
        """The current night's outcome as it stands (refused while a forced action is missing)."""
        ph = self.open_phase("night")
        forced = entry_rules.forced_unused(self, self.state, ph)
        if forced:
            raise RuleError(forced[0])
        from ..engine import resolve_night, rng_for

        return resolve_night(self.state, ph.actions, self.ruleset, rng_for(self.setup.seed, "night", ph.record.number))

    def forced_unused(self, state: GameState, phase: Phase) -> list[str]:
        return entry_rules.forced_unused(self, state, phase)

    def skips_in_a_row(self, state: GameState, actor: str, ability: Ability, phase: PhaseRecord) -> int:
        return entry_rules.skips_in_a_row(self, state, actor, ability, phase)

    def resolve(self, *, dry_run: bool = False) -> NightOutcome:
        """Resolve the current night; unless dry_run, record it and begin the next day."""
        return self.resolved(dry_run=dry_run)[1]

    def resolved(self, *, dry_run: bool = False) -> tuple["Game", NightOutcome]:
        """The game after resolving the current night (unchanged if dry_run), and the outcome."""
        outcome = self.night_outcome()
        if dry_run:
            return self, outcome
        # Seed classic flow: BanishmentResolution (the banished Hunter's shot, the Sheriff's
        # badge) comes before the next night; resolving first would lose them for good.
        owed = rulings.death_resolution_owed(self, "the night's resolution", "BanishmentResolution")
        if owed:
            raise RuleError(owed)
        return self.append(self._night_end(outcome)), outcome

    @staticmethod
    def _night_end(outcome: NightOutcome) -> PhaseEnd:
        return PhaseEnd(published={"deaths": [d.player for d in outcome.deaths]})

    def after_night(self, outcome: NightOutcome) -> "Game":
        """The game as it would be with the current night resolved to OUTCOME (a dry run's, in
        memory only), or this game where that cannot be tried (a duty still owed)."""
        try:
            return self.trial(self._night_end(outcome))
        except HostkitError:
            return self

    def vote_controllers(self) -> dict[str, str]:
        """Today's controlled voters -> who chooses their vote (seed paranormal Mind Control Ray:
        'allows the Scientist to control that player's vote during the next day')."""
        ph = self.current
        if ph.record.kind != "day":
            return {}
        out = {}
        for p in self.state.players.values():
            data = night_tag_today(self.state, p.name, "vote-controlled", ph.record.number) if p.alive else None
            by = self.state.players.get(data.get("by")) if data is not None else None
            if by is not None and by.alive:  # a dead Scientist controls no one
                out[p.name] = by.name
        return out

    def vote_entry(self, voter: str, target: str | None, *, after_post: int | None = None,
                   by: str | None = None) -> VoteEntry:
        """Check a vote the host types. target None = unvote; 'none' = no elimination. `by`: the
        player who controls VOTER's vote today (a Mind Control Ray) and chose this one."""
        self.open_phase("day")
        name = self.player(voter)
        if not self.state.players[name].alive:
            raise RuleError(f"{name} is dead: dead players cannot vote")
        why = self.out_of_play(name)
        if why:
            raise RuleError(f"{name} is {why}: {why} players cannot vote")
        controller = self.vote_controllers().get(name)
        chooser = self.player(by) if by is not None else None
        if controller is not None and chooser != controller:
            raise RuleError(f"{name}'s vote is controlled today by {controller} (Mind Control Ray): enter the vote "
                            f"{controller} chooses with 'hostkit vote {name} TARGET --by {controller}'")
        if controller is None and chooser is not None:
            raise RuleError(f"--by {chooser}: {name}'s vote is not controlled today")
        if target is not None and target.lower() in ("none", "no elimination", "no lynch", "abstain"):
            if not self.state.options.get("no-elimination", True) and not self.state.options.get("abstention"):
                raise RuleError(f"{self.ruleset.name} has no No Elimination vote: a player may simply not vote")
            target = "none"
        elif target is not None:
            try:
                target = self.player(target)
            except NameError_:
                if "".join(ch for ch in target.lower() if ch.isalpha()) in NO_ELIMINATION_WORDS:
                    raise NameError_(f"unknown player {target!r}: for No Elimination type 'none' "
                                     f"(hostkit vote {name} none)") from None
                raise
            if not self.state.players[target].alive:
                raise RuleError(f"{target} is dead: votes on dead players do not count")
            why = self.out_of_play(target)
            if why:
                raise RuleError(f"{target} is {why}: {why} players cannot be voted")
        if after_post is not None:
            checks.check_post(after_post, "--after-post")
        return VoteEntry(name, target, after_post=after_post)

    def vote(self, voter: str, target: str | None, *, after_post: int | None = None, by: str | None = None) -> VoteEntry:
        """Record a vote by hand. target None = unvote; 'none' = no elimination; `by`: the
        controller choosing a controlled voter's vote."""
        new = self.append(self.vote_entry(voter, target, after_post=after_post, by=by))
        return new.current.record.votes[-1]

    def out_of_play(self, name: str) -> str | None:
        """The tag that takes a living player out of today's vote (the ruleset's `out-of-play`
        option: paranormal's 'abducted'), or None."""
        tags = self.state.players[name].tags
        return next((t for t in str(self.state.options.get("out-of-play", "")).split(",") if t and t in tags), None)

    def elimination(self, player: str | None) -> PhaseEnd:
        """Check the day's end the host types: that elimination (None: no elimination). The day's
        actions resolve first (seed natural II), so a player they kill, or a win they bring, leaves
        no one to eliminate."""
        self.open_phase("day")
        # Seed classic-werewolf day flow: DeathResolution (a night death's last shot, the badge)
        # comes before Voting; ending the day first would lose the shot or the badge for good.
        owed = rulings.death_resolution_owed(self, "Voting")
        if owed:
            raise RuleError(owed)
        name = None
        if player is not None:
            name = self.player(player)
            if not self.state.players[name].alive:
                raise RuleError(f"{name} is already dead")
            why = self.out_of_play(name)
            if why:
                raise RuleError(f"{name} is {why}: {why} players cannot be eliminated")
            ended, after = dayactions.day_end_preview(self)
            why = _no_elimination(after, name, ended)
            if why:
                raise RuleError(why + "; end the day with 'hostkit eliminate --none'")
        else:
            forced = rulings.lynch_required(self.state, self.current.record.number)
            if forced:
                raise RuleError(f"no elimination is refused: {forced}")
        return PhaseEnd(eliminated=name or "")

    def eliminate(self, player: str | None) -> str | None:
        """End the day with that elimination (None: no elimination); the next night begins."""
        end = self.elimination(player)
        self.append(*self.day_end(end))
        return end.eliminated or None

    def day_end(self, end: PhaseEnd) -> list[Entry]:
        """The entries that end the day with END: an ITA window still open closes first, with the
        day (what was waiting in it resolves first, as on 'hostkit ita close')."""
        if self.state.ita_open:
            return [DayEvent(dayactions.ITA_CLOSE), end]
        return [end]

    # -- the day's rulings (rulings.py checks them; the game appends them)

    def ruling(self, events: Sequence[Entry]) -> "Game":
        return self.append(*events)

    def sheriff_run(self, names: Sequence[str]) -> list[str]:
        """Campaign: register Sheriff candidates (Day 1 only, living players, once each)."""
        events = rulings.run_events(self, names)
        self.append(*events)
        return [e.actor for e in events]

    def sheriff_withdraw(self, word: str) -> str:
        """OptOut: a candidate leaves the race, once, before the voting starts."""
        events = rulings.withdraw_events(self, word)
        self.append(*events)
        return events[0].actor

    def sheriff_vote(self, voter: str, candidate: str) -> tuple[str, str]:
        """SheriffElection: a living player's vote for a remaining candidate (a later vote replaces it)."""
        events = rulings.vote_events(self, voter, candidate)
        self.append(*events)
        return events[0].actor, events[0].target

    def sheriff_votes_many(self, votes: dict[str, str]) -> None:
        """Record several Sheriff election votes at once (read from the thread), all or none."""
        self.append(*rulings.votes_many_events(self, votes))

    def sheriff_revote(self) -> list[str]:
        """After a tied election, a second round among the tied (option sheriff-tie = revote)."""
        return self.append(*rulings.revote_events(self)).race.candidates

    def sheriff_elect(self) -> dict[str, Any]:
        """Close the election: every living player must have voted; a tie elects no one."""
        return self.append(*rulings.elect_events(self)).race.election or {}

    def shoot(self, shooter: str, target: str | None) -> str | None:
        """Record a dead Hunter's last shot (None: they hold their fire)."""
        events = rulings.shot_events(self, shooter, target)
        self.append(*events)
        return events[0].target

    def badge(self, sheriff: str, heir: str | None) -> str | None:
        """Record where a dead Sheriff's badge goes (None: it is torn up)."""
        events = rulings.badge_events(self, sheriff, heir)
        self.append(*events)
        return events[0].target

    def undo(self, entry: str | None = None, *, force: bool = False) -> str:
        """Take back the last recorded entry (or the one with that id, see `hostkit log`): an
        action, a removal, a vote, a ruling or a phase's end. The end of a phase takes the next
        phase's file with it; where the host wrote in that file, only with `force`."""
        return self.undone(entry, force=force)[1]

    def entries(self) -> list[tuple[Phase, Entry]]:
        """Every entry of the record, in record order, with its phase."""
        out = []
        for ph in self.phases:
            r = ph.record
            out += [(ph, e) for e in sorted((*r.actions, *r.removed, *r.votes, *r.events, *r.ends), key=entry_key)]
        return out

    def untargeted_abilities(self) -> frozenset[str]:
        """The names (lower case) of the ruleset's abilities, roles' and items', that take no target."""
        from ..rules.items import items_of

        abilities = [ab for role in self.ruleset.roles.values() for ab in role.abilities]
        abilities += [ab for item in items_of(self.ruleset).values() for ab in item.abilities]
        return frozenset(ab.name.lower() for ab in abilities if ab.targets == 0)

    def log(self) -> list[dict[str, Any]]:
        """The record as `hostkit log` shows it: phase, seq, id, host and what each entry says, and
        its unit (the seq of the first entry its command wrote: undo takes a unit back whole)."""
        bare = self.untargeted_abilities()
        return [{"phase": ph.record.label, "seq": e.seq, "id": entry_id(e), "host": e.host,
                 "kind": KINDS[type(e)], "what": describe(e, ph.record, bare),
                 "unit": e.unit or e.seq} for ph, e in self.entries()]  # unit: the command's first seq

    def undone(self, entry: str | None = None, *, force: bool = False) -> tuple["Game", str]:
        """The game with the last recorded entry (or the entry with that id) taken back, and what it was."""
        everything = self.entries()
        if not everything:
            raise RuleError("nothing to undo: the record is empty")
        if entry is None:
            # The last entry is the latest phase's, and a phase's end is its last: seq orders
            # entries only within a phase (co-hosts' concurrent entries interleave there). A seq
            # edited by hand on an old night's action (seq = 1000) cannot make undo take it back.
            ph, item = max(everything, key=lambda pe: (pe[0].index, isinstance(pe[1], PhaseEnd), entry_key(pe[1])))
        elif not entry.strip():  # an unset "$ID" matched every id: the only entry was undone unasked
            raise RuleError("undo --entry needs an entry's id (see 'hostkit log'); plain 'hostkit undo' takes back the last")
        else:
            found = [(ph, e) for ph, e in everything if entry_id(e).startswith(entry.strip().lower())]
            if not found:
                raise RuleError(f"no entry {entry!r} in the record (see 'hostkit log')")
            if len(found) > 1:
                raise RuleError(f"entry {entry!r} is ambiguous: " + ", ".join(entry_id(e) for _, e in found))
            ph, item = found[0]
        r = ph.record
        drop_after = None
        # A command's writes are one unit (house rule): an 'act --now' and its resolution, a shot
        # and the actions it took back, an 'act --file', are taken back together.
        unit = [e for p, e in everything if p is ph and _same_unit(e, item)]
        unit.sort(key=entry_key)
        bare = self.untargeted_abilities()
        what = describe(unit[0], r, bare) + ("" if len(unit) == 1 else
                                             ", with " + ", ".join(describe(e, r, bare) for e in unit[1:]))
        gone = {id(e) for e in unit}
        rec = r._replace(actions=tuple(a for a in r.actions if id(a) not in gone),
                         removed=tuple(x for x in r.removed if id(x) not in gone),
                         votes=tuple(v for v in r.votes if id(v) not in gone),
                         events=tuple(e for e in r.events if id(e) not in gone),
                         ends=tuple(e for e in r.ends if id(e) not in gone),
                         # a conflict one of whose entries is taken back is settled: its pair goes too
                         conflicts=tuple(p for p in r.conflicts if not set(p) & {entry_id(e) for e in unit}))
        if len(rec.ends) < len(r.ends) and not rec.ends:
            later = [e for _, e in everything if _ is not ph and _.index > ph.index]
            if later:
                raise RuleError(f"the end of {r.label} has entries after it ({describe(later[0], self.phases[-1].record)}"
                                f"{' ...' if len(later) > 1 else ''}); take those back first")
            drop_after = ph.index
            for later in self.phases[ph.index:]:
                own = None if force else store.own_text(later.path, later.record)
                if own:
                    raise RuleError(f"undoing the end of {r.label} deletes {later.path.relative_to(self.folder)}, which "
                                    f"holds {own}: copy it elsewhere first, or 'hostkit undo --force' deletes it too")
        return self._rewrite({ph.index: rec}, drop_after=drop_after), what

    # -- reporting

    def status(self) -> dict[str, Any]:
        s = self.state
        players = []
        for p in s.players.values():
            d = p.to_json()
            # Seed natural II: an innate action is not an ability of the role or the player: its
            # uses are listed apart from the role's charges.
            innate = {a.key for a in self.ruleset.innate}
            d["innate"] = {k: v for k, v in d["charges"].items() if k in innate}
            d["charges"] = {k: v for k, v in d["charges"].items() if k not in innate}
            d["weight"] = self.weight(p.name)
            setup = self.setup.player(p.name)
            d["threshold"] = setup.threshold if setup else 0  # Loved +1, Hated -1: the host's eyes only
            # the tags in words, without the engine's bookkeeping or a stun whose day is over
            d["standing"] = tag_texts(p.tags, (s.phase, s.number), inert_grants(self.ruleset, p, s.role_of(p.name)))
            d["guild"] = guild_of(s, p.name) or None  # seed natural's Guilds: the role's, or as changed since
            if "guild" not in p.tags and d["guild"]:
                d["standing"].append(f"Guild: {d['guild']}")
            masked = p.tags.get("masked") if not p.alive else None
            if isinstance(masked, dict) and masked.get("cause"):
                # Combat Camouflage fools the players, not the host: the true cause, and the mask
                d["cause"], d["shown_cause"] = masked["cause"], p.cause
            held = flip_held(s, p.name) if not p.alive else None
            if held:
                d["flip_held_by"] = held  # seed paranormal: not flipped until the abductor leaves the game
            players.append(d)
        return {"ruleset": self.ruleset.name, "phase": s.phase, "number": s.number, "players": players,
                "winner": s.winner, "sheriff": s.sheriff,
                "won": [{"player": n, "why": why} for n, why in s.won.items()], "ended_by": s.ended_by,
                "notices": rulings.host_notices(self) + dayactions.day_waiting_notices(self),
                "shortening": shortening.tally(self),
                "victory_pending": ({"winner": s.pending_victory[0], "shots_owed": list(s.pending_victory[1])}
                                    if s.pending_victory else None), "warnings": list(s.warnings), "folder": str(self.folder),
                "conflicts": self.conflicts}

    def weight(self, name: str, state: GameState | None = None) -> float:
        """A player's vote weight today: --weight, else the role's, as a `vote-weight` effect
        changed it for today (engine.day.weight_today)."""
        state = state or self.state
        weight = weight_today(state, name, self._standing_weight(name, state))
        if weight > 1 and state.options.get("weight-in-xylo") == "lost" and self.xylo(state):
            return 1.0  # seed natural III: 'Additional Vote Weight is ... lost in XYLO'
        return weight

    def xylo(self, state: GameState | None = None) -> bool:
        """Is today lynch-or-lose (one mis-elimination loses the game: parity.notice's LYLO)?
        Judged on the current state (another, replayed one: False), once a game."""
        current = self.__dict__.get("state")  # None while the record is being replayed
        if current is None or state is not None and state is not current:
            return False
        if "_xylo" not in self.__dict__:
            from .day.parity import notice

            self._xylo = self.current.record.kind == "day" and notice(current).startswith("LYLO")
        return self._xylo

    def _standing_weight(self, name: str, state: GameState) -> float:
        setup = self.setup.player(name)
        if setup and setup.weight is not None:
            return setup.weight
        role = state.role_of(name)
        if "psychic-vote" in role.passives and role.weight != 1:
            # Seed Psychic Pulser: psychics 'cannot use any Psychic Abilities until the following
            # Night' (the Emitter: 'for that night and the next day phase'): a pulsed vote counts once.
            if state.phase == "day" and night_tag_today(state, name, "pulsed", state.number) is not None:
                return 1.0
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
        ph = self.open_phase("day")
        checks.check_post(post, "start-post")
        self._rewrite({ph.index: ph.record._replace(start_post=post)})

    def replace_player(self, old: str, new: str, *, clear: VoteEntry | None = None,
                       more: Sequence[Any] = ()) -> tuple[bool, VoteEntry | None]:
        """NEW takes over OLD's slot: role, record and votes; OLD's name stays an alias of the slot.
        Right after 'replace OLD NEW', 'replace NEW OLD' takes the replacement back (undo cannot: a
        replacement changes the setup, not the record), unless entries name NEW since; True then.
        `clear` (replacement.cleared_vote: a ruleset that clears a replaced player's vote) is
        recorded with the new name, in one commit, and returned as recorded; `more` (the withdrawal
        of a standing vote to shorten the day) with it."""
        name = self.player(old)
        checks.check_name(new, "replace")
        slot = self.setup.player(name)
        if slot is not None and slot.previous and checks.name_key(new) == checks.name_key(slot.previous[-1]):
            setup = self._with_slot(name, slot.previous[-1], slot.previous[:-1])
            try:
                type(self)(self.folder, setup, self.ruleset, self.phases, host=self.host)
            except HostkitError as exc:
                raise RuleError(f"{name} cannot be taken back to {slot.previous[-1]}: entries since the replacement "
                                f"name {name} ({exc})") from None
            self._write_setup(setup)
            return True, None
        if any(checks.name_key(new) == checks.name_key(n) for p in self.setup.players for n in (p.name, *p.aliases, *p.previous)):
            raise RuleError(f"{new!r} is already a player's name or alias in this game")
        if any(checks.name_key(new) == checks.name_key(h) for h in self.setup.hosts):
            raise RuleError(f"{new!r} is a host of this game: a host cannot also play")
        self._refuse_confusable(new, name, f"{new!r}")
        setup = self._with_slot(name, new, (slot.previous if slot else ()) + (name,))
        if clear is None:
            self._write_setup(setup)
            return False, None
        after = self.append(clear, *more, write=False)  # checked by replay first: nothing written if refused
        w = store.Writer(self.folder)
        w.put(self.folder / store.GAME_FILE, store.setup_to_toml(setup))
        w.put(after.current.path, store.phase_to_toml(after.current.record))
        w.commit()
        return False, after.current.record.votes[-1]

    def add_alias(self, player: str, alias: str) -> str:
        """ALIAS becomes another name of PLAYER (a renamed forum account, a nickname): their posts
        and votes under it count as theirs. Checked as `new --alias` is (a valid name, not another
        player's name or alias, not a host, not one PLAYER has); returns PLAYER's game name."""
        name = self.player(player)
        checks.check_name(alias, "alias")
        if checks.name_key(alias) == checks.name_key(name):
            raise RuleError(f"alias {alias!r} is {name}'s own name, not another name for them")
        for p in self.setup.players:
            if any(checks.name_key(alias) == checks.name_key(n) for n in (p.name, *p.aliases, *p.previous)):
                raise RuleError(f"alias {alias!r}: {p.name} already goes by that name")
        if any(checks.name_key(alias) == checks.name_key(h) for h in self.setup.hosts):
            raise RuleError(f"alias {alias!r} is a host of this game: a host's posts are never votes")
        self._refuse_confusable(alias, name, f"alias {alias!r}")
        setup = self.setup._replace(players=tuple(p._replace(aliases=tuple(p.aliases) + (alias,)) if p.name == name
                                                  else p for p in self.setup.players))
        self._write_setup(setup)
        return name

    def set_split(self, player: str, on: bool) -> tuple[str, bool]:
        """PLAYER's votes may go to different players (ON: two or more votes, each counted one) or
        go together again: `new --split-votes` in a running game. Refused for a dead player, and
        (ON) while PLAYER's vote weight is not whole votes of 2 or more, as `new` refuses it.
        Returns PLAYER's game name and whether anything changed (already so: nothing written)."""
        name = self.player(player)
        if not self.state.players[name].alive:
            raise RuleError(f"{name} is dead: a dead player casts no votes to split or join")
        if self.setup.player(name).split == on:
            return name, False
        if on:
            weight = self.vote_weight(name)
            if weight < 2 or weight != int(weight):
                raise RuleError(f"{name}'s vote weight is {weight:g} now: only two or more whole votes can go to "
                                f"different players")
        self._write_setup(self.setup._replace(players=tuple(p._replace(split=on) if p.name == name else p
                                                            for p in self.setup.players)))
        return name, True

    def _refuse_confusable(self, word: str, owner: str, what: str) -> None:
        """Refuse WORD as a new name of OWNER's slot when a reader could take it for another
        player's name, alias or earlier name, or a host's (NFKC, case, or the TR39 skeleton)."""
        near = checks.confused_with(word, [n for p in self.setup.players for n in (p.name, *p.aliases, *p.previous)
                                           if p.name != owner] + list(self.setup.hosts))
        if near is not None:
            raise RuleError(f"{what} would be confused with {near!r} ({checks.clash(word, near)}): one person, one name")

    def _with_slot(self, name: str, new: str, previous: tuple[str, ...]) -> Setup:
        return self.setup._replace(players=tuple(p._replace(name=new, previous=previous) if p.name == name else p
                                                 for p in self.setup.players))

    def set_setup(self, setup: Setup) -> "Game":
        """Write a changed setup (judgements.set_option), replayed first: nothing is written
        when the record does not replay with it."""
        changed = type(self)(self.folder, setup, self.ruleset, self.phases, host=self.host)  # replays
        self._write_setup(setup)
        return changed

    def _write_setup(self, setup: Setup) -> None:
        """Write game.toml, checked first as loading checks it (one person, one name), so no
        command can write a setup that the next command would refuse to load."""
        checks.check_names([(p.name, (*p.aliases, *p.previous)) for p in setup.players], setup.hosts)
        w = store.Writer(self.folder)
        w.put(self.folder / store.GAME_FILE, store.setup_to_toml(setup))
        w.commit()


__all__ = ["Game", "Phase", "create", "match_name", "parse_act_lines", "SKIP_WORDS", "MARKUPS"]
