"""The day's rulings on a replayed game, as the Game facade offers them: votes by hand, the elimination
and the day's end, the Sheriff race, a Hunter's shot and the badge, weights, the status report, and
the setup's changes (replacement, aliases, split votes). The rulings themselves are pure functions
in game/day/; DayRules is one side of the Game facade (game.py).
"""

from __future__ import annotations

from typing import Any, Self, Sequence

from ..model import checks
from .day import dayactions, rulings, shortening
from ..store import folder as store
from ..engine.day import election, flip_held, guild_of, night_tag_today, owed, weight_today
from ..model.errors import HostkitError, NameError_, RuleError
from ..model.entries import DayEvent, PhaseEnd, Setup, VoteEntry
from ..model.state import GameState
from ..rules.items import inert_grants
from .replay import Entry, _no_elimination


# What a host may type for No Elimination besides 'none' (letters only, lower case): named in the
# refusal, never taken (a player may be called Nobody).
NO_ELIMINATION_WORDS = frozenset({"nobody", "noone", "nolynch", "noelim", "noelimination", "novote", "nl", "ne",
                                  "skip", "pass", "null", "nil"})


class DayRules:
    """The day's rulings on a replayed game (one side of Game)."""

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

    def ruling(self, events: Sequence[Entry]) -> Self:
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

    def status(self) -> dict[str, Any]:
        from .standing import tag_texts  # (only when the standing is shown)

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

    def set_setup(self, setup: Setup) -> Self:
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
