"""The day's rulings: the Sheriff race, a Hunter's last shot, a dead Sheriff's badge, what each
death owes, and the speaking order (seed classic-werewolf's day handlers, driven by ruleset
options and the last-shot passive so any ruleset can use them).

`DayRulings` is a mixin of `Game`. Rulings are events in the phase record, replayed in order
by `_apply_event` like every other entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .engine.day import election, kill, owed, speaking_order
from .errors import HostkitError, RuleError
from .model import DayEvent, GameState

if TYPE_CHECKING:  # pragma: no cover
    from .game import Phase


class DayRulings:
    """The rulings half of Game (a mixin)."""

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
        return type(self).load(self.folder).state.candidates

    def sheriff_votes_many(self, votes: dict[str, str]) -> None:
        """Record several Sheriff election votes at once (read from the thread), all or none."""
        self._election_day()
        running = self.running()
        for voter, target in votes.items():
            if not self.state.players[voter].alive or target not in running:
                raise RuleError(f"{voter}'s vote for {target} is not a valid Sheriff vote")
        ph = self.current
        seq = self.next_seq()
        events = tuple(DayEvent("sheriff-vote", v, t, seq + i) for i, (v, t) in enumerate(votes.items()))
        self._write(ph, ph.record._replace(events=ph.record.events + events))

    def sheriff_race(self) -> dict[str, Any]:
        """The race so far: candidates, withdrawals, votes, who has not voted yet, the Sheriff."""
        st = self.state
        return {"sheriff": st.sheriff, "candidates": st.candidates, "withdrawn": st.withdrawn,
                "running": self.running(), "votes": st.election_votes, "election": st.election,
                "not_voted": self.sheriff_missing() if st.election is None else []}

    def sheriff_missing(self, more: dict[str, str] | None = None) -> list[str]:
        """Living players with no Sheriff vote recorded (nor among `more`, votes about to be)."""
        return [n for n in self.state.alive() if n not in self.state.election_votes and n not in (more or {})]

    def sheriff_elect(self) -> dict[str, Any]:
        """Close the election: every living player must have voted; a tie elects no one."""
        self._election_day()
        if not self.running():
            raise RuleError("there are no Sheriff candidates")
        missing = self.sheriff_missing()
        if missing:
            raise RuleError(f"every living player must vote for Sheriff; missing: {', '.join(missing)}")
        self._event("elected")
        return type(self).load(self.folder).state.election or {}

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

