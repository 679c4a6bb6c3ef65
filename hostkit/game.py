"""A game: its setup and record, replayed into the current state; phase transitions.

The state is never stored as truth. `Game.load` reads game.toml and the phase files, then
replays them: every recorded action is validated again (so a bad hand edit is reported with
its file and key), every resolved night is resolved again by the engine, and every
elimination applied. Changing the game means appending an entry to the record (with a
sequence number) and writing the phase file atomically under the game's lock; undo deletes
the entry with the highest sequence number.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Sequence

from . import store
from .engine import resolve_night, rng_for
from .engine.day import apply_outcome, election, kill, owed, speaking_order, victory
from .errors import FileError, HostkitError, NameError_, RuleError, suggest
from .model import (Ability, Action, DayEvent, GameState, NightOutcome, PhaseRecord, PlayerSetup, PlayerState,
                    Role, Ruleset, Setup, VoteEntry)
from .items import entry_conflict, find_ability, is_item_word, split_words as split_item_words, starting_items
from .rulesets import find, load_ruleset

SKIP_WORDS = ("skip", "none", "-")
MARKUPS = ("red", "bold", "tag", "hash")


# --------------------------------------------------------------------------- names


def match_name(word: str, names: Iterable[str], what: str = "player") -> str:
    """The name `word` means: exact, else case-insensitive when that is unambiguous."""
    names = list(names)
    if word in names:
        return word
    low = [n for n in names if n.lower() == word.lower()]
    if len(low) == 1:
        return low[0]
    if len(low) > 1:
        raise NameError_(f"{what} {word!r} is ambiguous: {', '.join(low)}")
    raise NameError_(f"unknown {what} {word!r}{suggest(word, names)}")


def split_pair(text: str, what: str) -> tuple[str, str]:
    """NAME=VALUE split at the last '=', so a name may contain one."""
    name, sep, value = text.rpartition("=")
    if not sep or not name or not value:
        raise HostkitError(f"{what} {text!r} must look like NAME=VALUE")
    return name, value


# --------------------------------------------------------------------------- creating


def create(folder: Path, *, ruleset: str, players: Sequence[str] = (), assign: Sequence[str] = (),
           roles: str | None = None, aliases: Sequence[str] = (), weights: Sequence[str] = (),
           markups: Sequence[str] = (), options: Sequence[str] = (), hosts: Sequence[str] = (),
           seed: int | None = None, thread: str | None = None, title: str = "") -> "Game":
    """Create a game folder (refused if one exists there) and return the loaded game."""
    if store.is_game(folder):
        raise HostkitError(f"{folder}: a game already exists here")
    rs = load_ruleset(find(ruleset), folder / "roles.toml")
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    dealt: dict[str, str] = {}
    order: list[str] = []
    for name in players:
        if name in order:
            raise HostkitError(f"--player {name!r} is given twice")
        order.append(name)
    for text in assign:
        name, role = split_pair(text, "--assign")
        dealt[name] = match_name(role, rs.roles, "role")
        if name not in order:
            order.append(name)
    unassigned = [n for n in order if n not in dealt]
    if roles:
        pool = [match_name(r.strip(), rs.roles, "role") for r in roles.split(",") if r.strip()]
        if len(pool) != len(unassigned):
            raise HostkitError(f"--roles lists {len(pool)} roles for {len(unassigned)} players without --assign")
        random.Random(f"hostkit-deal:{seed}").shuffle(pool)
        dealt.update(zip(unassigned, pool))
    elif unassigned:
        raise HostkitError(f"no role for {', '.join(unassigned)}: use --assign NAME=ROLE or --roles")
    if not order:
        raise HostkitError("a game needs players: use --player NAME or --assign NAME=ROLE")
    alias_map: dict[str, list[str]] = {}
    for text in aliases:
        name, alias = split_pair(text, "--alias")
        alias_map.setdefault(match_name(name, order), []).append(alias)
    weight_map: dict[str, float] = {}
    for text in weights:
        name, w = split_pair(text, "--weight")
        try:
            weight_map[match_name(name, order)] = float(w)
        except ValueError:
            raise HostkitError(f"--weight {text!r}: {w!r} is not a number") from None
    for m in markups:
        if m not in MARKUPS:
            raise HostkitError(f"--vote-markup {m!r} must be one of {', '.join(MARKUPS)}{suggest(m, MARKUPS)}")
    opts = parse_options(rs, options)
    setup = Setup(
        ruleset=rs.name,
        players=tuple(PlayerSetup(n, dealt[n], tuple(alias_map.get(n, ())), weight_map.get(n)) for n in order),
        seed=seed, thread=thread, hosts=tuple(hosts), vote_markup=tuple(dict.fromkeys(markups)) or ("red",),
        options=opts, title=title, created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )
    w = store.Writer(folder)
    w.put(folder / store.GAME_FILE, store.setup_to_toml(setup))
    first = PhaseRecord(rs.first_phase, rs.first_number)
    w.put(store.phase_path(folder, 1, first.kind, first.number), store.phase_to_toml(first))
    folder.mkdir(parents=True, exist_ok=True)
    w.commit()
    return Game.load(folder)


def parse_options(rs: Ruleset, texts: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for text in texts:
        key, value = split_pair(text, "--option")
        out[key] = option_value(rs, key, value, where=f"--option {text}")
    return out


def option_value(rs: Ruleset, key: str, value: Any, *, where: str) -> Any:
    spec = rs.options.get(key)
    if spec is None:
        raise HostkitError(f"{where}: {rs.name} has no option {key!r}{suggest(key, rs.options)}")
    default = spec.default
    if isinstance(value, str) and not isinstance(default, str):
        try:
            if isinstance(default, bool):
                if value.lower() not in ("true", "false", "yes", "no", "1", "0"):
                    raise ValueError
                value = value.lower() in ("true", "yes", "1")
            elif isinstance(default, int):
                value = int(value)
            elif isinstance(default, float):
                value = float(value)
        except ValueError:
            raise HostkitError(f"{where}: {key} takes {type(default).__name__} values like {default!r}") from None
    if spec.choices and value not in spec.choices:
        raise HostkitError(f"{where}: {key} must be one of {', '.join(map(str, spec.choices))}"
                           + suggest(str(value), map(str, spec.choices)))
    return value


# --------------------------------------------------------------------------- the game


@dataclass
class Phase:
    """A phase record with the file it lives in."""

    record: PhaseRecord
    path: Path
    index: int
    actions: list[Action] = field(default_factory=list)  # the effective actions after replay


class Game:
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
        phases = []
        for i, f in enumerate(store.phase_files(folder), start=1):
            phases.append(Phase(store.read_phase(f), f, i))
        if not phases:
            raise FileError(f"{folder / store.PHASES}: no phase files; the game folder is incomplete")
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

    def _apply_event(self, state: GameState, ph: Phase, event: DayEvent) -> None:
        """Replay one day ruling: the Sheriff race, a last shot, a badge."""
        actor = self.player(event.actor) if event.actor else None
        target = self.player(event.target) if event.target else None
        kind = event.kind
        if kind == "candidate":
            state.candidates.append(actor)
        elif kind == "withdraw":
            state.withdrawn.append(actor)
        elif kind == "sheriff-vote":
            state.election_votes[actor] = target
        elif kind == "revote":
            totals = (state.election or {}).get("totals", {})
            top = max(totals.values(), default=0)
            state.candidates = [c for c, v in totals.items() if v == top]
            state.withdrawn, state.election_votes, state.election = [], {}, None
        elif kind == "elected":
            totals, winner = election(state.election_votes, self.running(state),
                                      {v: self.vote_weight(v, state) for v in state.election_votes})
            state.election = {"totals": totals, "winner": winner}
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
        else:
            raise HostkitError(f"unknown event kind {kind!r}")

    def running(self, state: GameState | None = None) -> list[str]:
        """The Sheriff candidates still in the race."""
        state = state or self.state
        return [c for c in state.candidates if c not in state.withdrawn and state.players[c].alive]

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

    def split_words(self, words: list[str]) -> tuple[str, str | None, list[str]]:
        """ACTOR [ABILITY] [TARGET]...: the second word is the ability when it names one of the actor's."""
        if not words:
            raise HostkitError("an action needs ACTOR [ABILITY] [TARGET]...")
        actor = self.player(words[0])
        rest = words[1:]
        if rest and self.state.role_of(actor).ability(rest[0]) is not None:
            return actor, rest[0], rest[1:]
        if rest and is_item_word(self.ruleset, rest[0]):  # an item's ability, or Pass PLAYER ITEM
            return (actor, *split_item_words(self.ruleset, rest))
        names = {p.name.lower() for p in self.setup.players}
        if rest and rest[0].lower() not in names and rest[0].lower() not in SKIP_WORDS and any(
                r.ability(rest[0]) for r in self.ruleset.roles.values()):
            return actor, rest[0], rest[1:]  # another role's ability: check_action names the mistake
        return actor, None, rest

    # -- validation

    def check_action(self, state: GameState, actor_word: str, ability_word: str | None, target_words: list[str],
                     *, current: list[Action], phase: PhaseRecord) -> Action:
        """Validate an action against the rules; return it with names made exact, or raise RuleError."""
        if state.winner:
            raise RuleError(f"the game is over: {state.winner} won")
        actor = self.player(actor_word)
        ps = state.players[actor]
        role = state.role_of(actor)
        if not ps.alive:
            raise RuleError(f"{actor} is dead: dead players cannot act")
        if ability_word is None:
            now = self.usable(state, actor, phase)
            if len(now) != 1:
                names = ", ".join(a.name for a in role.abilities) or "none"
                raise RuleError(f"{actor} ({role.name}) has {len(now)} abilities usable now; name one: {names}")
            ability = now[0]
        else:
            ability = role.ability(ability_word)
            if ability is None:  # an item the actor holds (refused here, naming the rule, if not held)
                found = find_ability(state, actor, ability_word)
                ability = found[1] if found else None
            if ability is None:
                raise RuleError(f"{actor} ({role.name}) has no ability {ability_word!r}"
                                + suggest(ability_word, [a.name for a in role.abilities])
                                + f"; {role.name} abilities: {', '.join(a.name for a in role.abilities) or 'none'}")
        where = f"{actor} ({role.name}) {ability.name}"
        if not _phase_ok(ability, phase):
            raise RuleError(f"{where}: usable only {_when(ability)}, and it is {phase.label}")
        if phase.number < ability.first_night and phase.kind == "night":
            raise RuleError(f"{where}: cannot be used before night {ability.first_night}")
        msg = ability.messages
        if ability.uses is not None and ps.charges.get(ability.key, ability.uses) <= 0:
            raise RuleError(msg.get("uses") or f"{where}: no uses left")
        others = [a for a in current if a.actor == actor and a.ability.lower() != ability.key]
        if ability.exclusive:
            for other in others:
                ob = role.ability(other.ability)
                if ob is not None and ob.exclusive == ability.exclusive and not other.skip:
                    raise RuleError((msg.get("exclusive") or f"{where}: only one {ability.exclusive} ability a "
                                     "phase, and {other} is already entered").format(other=ob.name))
        if len(target_words) == 1 and target_words[0].lower() in SKIP_WORDS:
            if not ability.targets:
                raise RuleError(f"{where} takes no target: to not use it, enter nothing (or act --remove)")
            if not ability.skippable:
                raise RuleError(msg.get("skip") or f"{where}: cannot be skipped")
            if ability.max_skips_in_a_row and self.skips_in_a_row(state, actor, ability, phase) >= ability.max_skips_in_a_row:
                raise RuleError(msg.get("skip") or f"{where}: cannot be skipped more than "
                                f"{ability.max_skips_in_a_row} nights in a row")
            return Action(actor, ability.name, ())
        if len(target_words) != ability.targets:
            raise RuleError(msg.get("targets") or f"{where} takes {ability.targets} target(s), got {len(target_words)}"
                            + (" (or 'skip')" if ability.skippable else ""))
        targets = [self.player(t) for t in target_words]
        if len(set(targets)) < len(targets):
            raise RuleError(msg.get("targets") or f"{where}: names the same player twice")
        for t in targets:
            tp = state.players[t]
            if ability.dead_only and tp.alive:
                raise RuleError(f"{where}: {t} is alive; choose a dead player")
            if ability.living_only and not tp.alive:
                raise RuleError((msg.get("dead") or f"{where}: {{target}} is dead; choose a living player").format(target=t))
            if t == actor and not ability.self_target:
                raise RuleError(msg.get("self") or f"{where}: cannot target yourself")
            if ability.allied:
                allied = _allied(state, actor, t)
                if ability.allied == "allied" and not allied:
                    raise RuleError(msg.get("allied") or f"{where}: {t} is not an allied player")
                if ability.allied == "unallied" and allied:
                    raise RuleError(msg.get("unallied") or f"{where}: {t} is an allied player")
        if ability.no_repeat and targets and ps.last_night.get(ability.key) == phase.number - 1 \
                and ps.last_targets.get(ability.key) == tuple(targets):
            raise RuleError((msg.get("repeat") or f"{where}: cannot target {{target}} two phases in a row")
                            .format(target=", ".join(targets)))
        if ability.requires == "attacked":
            attacked = _attacked(state, current, actor)
            if targets[0] not in attacked:
                raise RuleError((msg.get("requires") or f"{where}: {{target}} is not under attack tonight")
                                .format(target=targets[0]))
        conflict = entry_conflict(state, actor, ability, current)
        if conflict:
            raise RuleError(conflict)
        return Action(actor, ability.name, tuple(targets))

    def skips_in_a_row(self, state: GameState, actor: str, ability: Ability, phase: PhaseRecord) -> int:
        """How many nights in a row, up to the one before `phase`, the ability went unused by its
        user (or, if factional, by every member of the user's faction): an entered skip, or nothing."""
        role = state.role_of(actor)

        def ours(a: Action) -> bool:
            if a.ability.lower() != ability.key or a.skip or a.actor not in state.players:
                return False
            return a.actor == actor or bool(ability.factional and role.faction
                                            and state.players[a.actor].faction == role.faction)

        count = 0
        for ph in sorted((p for p in self.phases if p.record.kind == "night" and ability.first_night
                          <= p.record.number < phase.number), key=lambda p: -p.record.number):
            if any(ours(a) for a in ph.actions):
                break
            count += 1
        return count

    def forced_unused(self, state: GameState, phase: Phase) -> list[str]:
        """Abilities that may not go unused tonight (max_skips_in_a_row reached) and were not entered."""
        out = []
        seen: set[tuple[str, str]] = set()
        for p in state.players.values():
            if not p.alive:
                continue
            for ab in state.role_of(p.name).abilities:
                key = (p.faction or p.name, ab.key) if ab.factional else (p.name, ab.key)
                if not ab.max_skips_in_a_row or key in seen or not _phase_ok(ab, phase.record):
                    continue
                seen.add(key)
                entered = any(a.ability.lower() == ab.key and not a.skip and (
                    a.actor == p.name or ab.factional and state.players[a.actor].faction == p.faction)
                    for a in phase.actions)
                if not entered and self.skips_in_a_row(state, p.name, ab, phase.record) >= ab.max_skips_in_a_row:
                    who = f"the {p.faction}" if ab.factional and p.faction else p.name
                    out.append(f"{who} have left {ab.name} unused {ab.max_skips_in_a_row} nights in a row "
                               f"and must use it tonight")
        return out

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
        if "abducted" in self.state.players[name].tags:
            raise RuleError(f"{name} has been abducted: abducted players cannot vote")
        if target is not None and target.lower() in ("none", "no elimination", "no lynch"):
            if not self.state.options.get("no-elimination", True):
                raise RuleError(f"{self.ruleset.name} has no No Elimination vote: a player may simply not vote")
            target = "none"
        elif target is not None:
            target = self.player(target)
            if not self.state.players[target].alive:
                raise RuleError(f"{target} is dead: votes on dead players do not count")
        entry = VoteEntry(name, target, self.next_seq(), after_post)
        self._write(ph, ph.record._replace(votes=ph.record.votes + (entry,)))
        return entry

    def eliminate(self, player: str | None) -> str | None:
        """End the day with that elimination (None: no elimination); the next night begins."""
        ph = self._open("day")
        name = None
        if player is not None:
            name = self.player(player)
            if not self.state.players[name].alive:
                raise RuleError(f"{name} is already dead")
            if "abducted" in self.state.players[name].tags:
                raise RuleError(f"{name} has been abducted: abducted players cannot be eliminated")
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

    # -- the day's rulings: the Sheriff race, last shots, the badge

    def _event(self, kind: str, actor: str | None = None, target: str | None = None,
               removals: Sequence[tuple[str, str]] = ()) -> DayEvent:
        ph = self._open()
        seq = self.next_seq()
        event = DayEvent(kind, actor, target, seq)
        removed = ph.record.removed + tuple((a, b, seq + 1 + i) for i, (a, b) in enumerate(removals))
        self._write(ph, ph.record._replace(events=ph.record.events + (event,), removed=removed))
        return event

    def _election_day(self) -> None:
        if not self.state.options.get("sheriff"):
            raise RuleError(f"{self.ruleset.name} has no Sheriff election")
        rec = self._open("day").record
        if rec.number != 1:
            raise RuleError("the Sheriff is elected on Day 1 only")
        if self.state.election is not None:
            raise RuleError("the Sheriff election is over")

    def sheriff_run(self, names: Sequence[str]) -> list[str]:
        """Campaign: register Sheriff candidates (Day 1 only, living players, once each)."""
        self._election_day()
        if self.state.election_votes:
            raise RuleError("the election has begun: candidates register before the first vote")
        out = []
        for word in names:
            name = self.player(word)
            if not self.state.players[name].alive:
                raise RuleError(f"{name} is dead and cannot run for Sheriff")
            if name in self.state.withdrawn:
                raise RuleError(f"{name} withdrew and cannot rejoin the race")
            if name in self.state.candidates or name in out:
                raise RuleError(f"{name} is already a candidate")
            out.append(name)
        ph = self.current
        seq = self.next_seq()
        events = tuple(DayEvent("candidate", n, None, seq + i) for i, n in enumerate(out))
        self._write(ph, ph.record._replace(events=ph.record.events + events))
        return out

    def sheriff_withdraw(self, word: str) -> str:
        """OptOut: a candidate leaves the race, once, before the voting starts."""
        self._election_day()
        name = self.player(word)
        if name not in self.state.candidates:
            raise RuleError(f"{name} is not a Sheriff candidate: only candidates opt out")
        if name in self.state.withdrawn:
            raise RuleError(f"{name} has already opted out")
        if self.state.election_votes:
            raise RuleError("the election has begun: opting out comes before the first vote")
        self._event("withdraw", name)
        return name

    def sheriff_vote(self, voter: str, candidate: str) -> tuple[str, str]:
        """SheriffElection: a living player's vote for a remaining candidate (a later vote replaces it)."""
        self._election_day()
        who = self.player(voter)
        if not self.state.players[who].alive:
            raise RuleError(f"{who} is dead: only living players vote for Sheriff")
        if not self.running():
            raise RuleError("there are no Sheriff candidates left to vote for")
        target = self.player(candidate)
        if target not in self.running():
            why = "opted out" if target in self.state.withdrawn else "is not a candidate"
            raise RuleError(f"{target} {why}: votes go to {', '.join(self.running())}")
        self._event("sheriff-vote", who, target)
        return who, target

    def sheriff_revote(self) -> list[str]:
        """After a tied election, a second round among the tied (option sheriff-tie = revote)."""
        if self.state.options.get("sheriff-tie", "none") != "revote":
            raise RuleError(f"a tie elects no Sheriff in {self.ruleset.name} "
                            "(a game may allow a second round with --option sheriff-tie=revote)")
        rec = self._open("day").record
        election = self.state.election
        if rec.number != 1 or election is None or election["winner"] is not None:
            raise RuleError("a second round follows a tied Day 1 election only")
        self._event("revote")
        return Game.load(self.folder).state.candidates

    def sheriff_missing(self) -> list[str]:
        return [n for n in self.state.alive() if n not in self.state.election_votes]

    def sheriff_elect(self) -> dict[str, Any]:
        """Close the election: every living player must have voted; a tie elects no one."""
        self._election_day()
        if not self.running():
            raise RuleError("there are no Sheriff candidates")
        missing = self.sheriff_missing()
        if missing:
            raise RuleError(f"every living player must vote for Sheriff; missing: {', '.join(missing)}")
        self._event("elected")
        return Game.load(self.folder).state.election or {}

    def due(self) -> list[dict[str, Any]]:
        """What the latest deaths owe: last words, a last shot, the badge (seed DeathResolution)."""
        since = self.current.index - 1
        recent = [(p, k, w) for p, k, w, i in self.state.deaths if i >= since]
        return owed(self.state, recent, self.state.duties_done)

    def _owes(self, name: str, duty: str) -> None:
        for item in self.due():
            if item["player"] == name:
                if duty in item["owes"]:
                    return
                if duty == "shot" and item["no_shot_because"]:
                    raise RuleError(f"{name} died of {item['no_shot_because']}: no last shot")
        what = {"shot": "last shot", "badge": "badge"}[duty]
        raise RuleError(f"{name} owes no {what} now")

    def shoot(self, shooter: str, target: str | None) -> str | None:
        """Record a dead Hunter's last shot (None: they hold their fire)."""
        name = self.player(shooter)
        self._owes(name, "shot")
        victim = None
        removals: list[tuple[str, str]] = []
        if target is not None:
            victim = self.player(target)
            if not self.state.players[victim].alive:
                raise RuleError(f"{victim} is dead: the shot must target a living player")
            # The shot lands before the night resolves: the victim's actions, and actions aimed
            # at the victim, are taken back (the host may enter new ones).
            removals = [(a.actor, a.ability) for a in self.current.actions if victim in (a.actor, *a.targets)]
        self._event("shot", name, victim, removals)
        return victim

    def badge(self, sheriff: str, heir: str | None) -> str | None:
        """Record where a dead Sheriff's badge goes (None: it is torn up)."""
        name = self.player(sheriff)
        self._owes(name, "badge")
        to = None
        if heir is not None:
            to = self.player(heir)
            if not self.state.players[to].alive:
                raise RuleError(f"{to} is dead: the badge goes to a living player")
        self._event("badge", name, to)
        return to

    def speaking(self) -> list[str]:
        """Discussion: the speaking order for the current day."""
        ph = self._open("day")
        pending = [d["player"] for d in self.due() if "badge" in d["owes"]]
        if pending:
            raise RuleError(f"{pending[0]}'s badge must be passed first: DeathResolution comes before Discussion")
        return speaking_order([p.name for p in self.setup.players], set(self.state.alive()), self.state.sheriff,
                              ph.record.number)

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
        if post < 1:
            raise RuleError("a post number starts at 1")
        self._write(ph, ph.record._replace(start_post=post))

    def replace_player(self, old: str, new: str) -> None:
        """NEW takes over OLD's slot: role, record and votes; OLD's name stays an alias of the slot."""
        name = self.player(old)
        if any(new.lower() == n.lower() for p in self.setup.players for n in (p.name, *p.aliases, *p.previous)):
            raise RuleError(f"{new!r} is already a player's name or alias in this game")
        players = tuple(p._replace(name=new, previous=p.previous + (p.name,)) if p.name == name else p
                        for p in self.setup.players)
        w = store.Writer(self.folder)
        w.put(self.folder / store.GAME_FILE, store.setup_to_toml(self.setup._replace(players=players)))
        w.commit()


def _phase_ok(ability: Ability, phase: PhaseRecord) -> bool:
    if ability.phase != "cycle" and ability.phase != phase.kind:
        return False
    if ability.nights == "even" and phase.number % 2:
        return False
    if ability.nights == "odd" and not phase.number % 2:
        return False
    return True


def _when(ability: Ability) -> str:
    base = {"night": "at night", "day": "by day", "cycle": "once a cycle"}[ability.phase]
    if ability.nights != "any":
        base += f" on {ability.nights} {'nights' if ability.phase == 'night' else 'cycles'}"
    return base


def _allied(state: GameState, actor: str, target: str) -> bool:
    """Seed natural IV: allied = same alignment and confirmed (a faction that knows itself)."""
    a, t = state.players[actor], state.players[target]
    role = state.role_of(actor)
    return bool(a.faction and a.faction == t.faction and role.knows_faction) or "confirmed" in t.tags \
        and t.alignment == a.alignment


def _attacked(state: GameState, current: list[Action], actor: str) -> set[str]:
    out = set()
    for a in current:
        if a.skip or a.actor == actor:
            continue
        ab = state.role_of(a.actor).ability(a.ability)
        if ab and any(e.kind == "kill" for e in ab.effects):
            out.add(a.targets[0])
    return out


def describe(action: Action) -> str:
    return f"{action.actor}: {action.ability} " + (", ".join(action.targets) if action.targets else "(skip)")


__all__ = ["Game", "create", "describe", "match_name", "Role"]


def parse_act_lines(game: Game, text: str, source: str) -> tuple[list[tuple[str, str | None, list[str]]], list[str]]:
    """Lines of 'ACTOR [ABILITY] [TARGET]...' (shell quoting for names with spaces; # comments)."""
    import shlex

    out, labels = [], []
    for n, line in enumerate(text.splitlines(), start=1):
        try:
            words = shlex.split(line, comments=True)
        except ValueError as exc:
            raise HostkitError(f"{source}: line {n}: {exc}") from None
        if not words:
            continue
        try:
            out.append(game.split_words(words))
        except HostkitError as exc:
            raise type(exc)(f"{source}: line {n}: {exc}") from None
        labels.append(f"{source}: line {n}")
    if not out:
        raise HostkitError(f"{source}: no actions found")
    return out, labels
