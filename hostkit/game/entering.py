"""The host's entries on a replayed game: actions entered, replaced and taken back, a night resolved
and recorded, the record appended to and rewritten as one commit, undo and the log. Entering is one
side of the Game facade (game.py).
"""

from __future__ import annotations

from pathlib import Path
from datetime import datetime, timezone
from typing import Any, Self, Sequence

from ..model import checks
from .day import dayactions, rulings
from ..store import folder as store
from ..model.errors import HostkitError, RuleError
from ..model.roles import Ability
from ..model.entries import Action, DayEvent, PhaseEnd, PhaseRecord, Removal, VoteEntry, entry_id, entry_key
from ..model.state import GameState
from ..model.outcome import NightOutcome
from ..rules.items import find_ability
from ..model.view import Phase
from .replay import Entry, describe, entry_rules


KINDS = {Action: "action", Removal: "removal", VoteEntry: "vote", DayEvent: "ruling", PhaseEnd: "end"}


def _same_unit(entry: Entry, item: Entry) -> bool:
    """Whether ENTRY was written by the same command as ITEM (the same host's unit)."""
    if entry is item:
        return True
    return bool(item.unit) and entry.unit == item.unit and entry.host == item.host


class Entering:
    """The host's entries on a replayed game (one side of Game)."""

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

    def append(self, *entries: Entry, write: bool = True, also: dict[Path, str] | None = None) -> Self:
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
            from .cohost import host_name

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
                 drop_after: int | None = None, write: bool = True, also: dict[Path, str] | None = None) -> Self:
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
            each = entry_rules().skipped_abilities(self, self.state, actor, ability, targets, ph.record,
                                                 current) or [ability]
            for name in each:
                try:
                    action = entry_rules().check_action(self, self.state, actor, name, targets, current=current,
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

    def resolve_now(self, *, dry_run: bool = False) -> tuple[Self, list[NightOutcome]]:
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

    def window(self, kind: str) -> tuple[Self, list[NightOutcome]]:
        """Open or close an ITA window (`hostkit ita open|close`); what was waiting resolves first."""
        ph = self.current
        new = self.append(*dayactions.window_events(self, kind))
        return new, list(new.phases[ph.index - 1].outcomes[len(ph.outcomes):])

    def grant(self, player: str, ability: str, uses: int | None, accuracy: float | None) -> tuple[Self, DayEvent]:
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
            if a.targets[0] in entry_rules()._attacked(self.state, current, a.actor):
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
        forced = entry_rules().forced_unused(self, self.state, ph)
        if forced:
            raise RuleError(forced[0])
        from ..engine import resolve_night, rng_for

        return resolve_night(self.state, ph.actions, self.ruleset, rng_for(self.setup.seed, "night", ph.record.number))

    def forced_unused(self, state: GameState, phase: Phase) -> list[str]:
        return entry_rules().forced_unused(self, state, phase)

    def skips_in_a_row(self, state: GameState, actor: str, ability: Ability, phase: PhaseRecord) -> int:
        return entry_rules().skips_in_a_row(self, state, actor, ability, phase)

    def resolve(self, *, dry_run: bool = False) -> NightOutcome:
        """Resolve the current night; unless dry_run, record it and begin the next day."""
        return self.resolved(dry_run=dry_run)[1]

    def resolved(self, *, dry_run: bool = False) -> tuple[Self, NightOutcome]:
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

    def after_night(self, outcome: NightOutcome) -> Self:
        """The game as it would be with the current night resolved to OUTCOME (a dry run's, in
        memory only), or this game where that cannot be tried (a duty still owed)."""
        try:
            return self.trial(self._night_end(outcome))
        except HostkitError:
            return self

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

    def undone(self, entry: str | None = None, *, force: bool = False) -> tuple[Self, str]:
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
