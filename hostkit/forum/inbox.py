"""Which of the host's PMs are this phase's, whose, and what each says (`hostkit inbox`'s reading;
fetching and --accept are hostkit.forum.inboxrun, the text's reading hostkit.forum.pmread).

Whose: a PM is a player's when its sender's forum user id is the one the player is pinned to
(hostkit.forum.senders); a player not pinned yet is known by their name or alias exactly as the
forum shows it. The living are read for their abilities usable now; a dead player only for what
they owe (a last shot, the badge: "shoot Eve Bob", "badge Ann Dave"); anyone else's PM is left out.
A dead player who may leave last words (classic's night 1 deaths and banished players) has every
PM shown with its text, never entered: hostkit keeps no last words (the dead leave them in the
thread), so the host posts them there.

Which: those sent since the current phase began, oldest first. A phase begins when the one
before it ended: the record keeps the time of each phase's end (model.PhaseEnd.time, written by
`resolve` and `eliminate`), and the first phase begins when the game was created; that time is
the host's clock, moved to the forum's by the difference the forum's answer shows (`offset`). A
folder whose last phase end has no time (written before hostkit kept one) falls back to what
hostkit itself did on the forum, and says so. A PM that an earlier phase's `inbox --accept` read
is never read again.

Early: a PM sent in one phase for the next (`for_next`) is shown in its own phase as "ahead" (by
day: for the coming night) and in the next as "early"; either way it is entered only when the
host takes it (`--take`: at night at once; by day it is kept, state "taken", and the night's
first --accept enters it). It is for the next phase when it names it ("for night 2", "N2",
"tonight" by day), or names no phase and says nothing about an ability usable in its own phase
but does about one of the next (a Guard's "guard Cara" by day; a Day Vigilante's "shoot Bob" by
day is that day's). A PM naming another phase is unsure, for the host ("is for night 1").

Every PM left out is kept with why (not a player's account, a stranger under a player's name,
a dead player who owes nothing, sent before the phase, read already), for `inbox --all`.

A player's later PM replaces their earlier ones when it says anything about an action (a line,
a skip, or unsure): an unsure later PM keeps the earlier ones out too, and the host reads it.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, NamedTuple

from .journal import Journal
from .owed import again, entered_duties, held, last_words, owed
from .pmread import _PHASE, _STOP  # the phases a PM names; the words never read as a name

if TYPE_CHECKING:
    from ..game.game import Game



class Reading(NamedTuple):
    """One PM and what hostkit reads from it."""

    id: str
    sender: str
    player: str | None
    time: str
    subject: str
    text: str
    line: str | None  # the act line read ("ACTOR ABILITY TARGET..."; a dead player's "shoot A B"), or None
    why: str  # why no line (or "" when one was read, or when the PM says nothing about an action)
    state: str  # "new", "entered" (already in the record), "replaced" (a later PM of the player wins),
    # "early" (sent in the phase before, for this one: the host takes it with --take), "ahead" (by day,
    # for the coming night), "taken" (ahead, taken by the host), "withdrawn" (entered by --accept, since
    # taken back or replaced by the host: never entered again)
    talks: bool = True  # it says something about an action (a later one replaces it)
    note: str = ""  # read for sure, nothing to enter ("leaves the Kill to Ivy")
    for_phase: str = ""  # state "ahead": the phase it is for ("night 2", sent by day 1)
    last_words: bool = False  # a dead player who may leave last words: the text is for the host to post

    @property
    def sure(self) -> bool:
        return bool(self.line) and self.state == "new"

    @property
    def unsure(self) -> bool:
        return not self.line and bool(self.why) and self.state in ("new", "early")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "from": self.sender, "player": self.player, "time": self.time,
                "subject": self.subject, "text": self.text, "line": self.line, "why": self.why or None,
                "state": self.state, "note": self.note or None, "for": self.for_phase or None,
                "last_words": self.last_words}


def _time(value: str) -> datetime | None:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None


def phase_start(game: Game, journal: Journal) -> tuple[datetime | None, bool]:
    """When the current phase began, and whether the record says so exactly (False: the
    approximation of a folder of before PhaseEnd.time, see the module docstring)."""
    created = _time(getattr(game.setup, "created", "") or "")
    if len(game.phases) < 2:
        return created, created is not None
    end = game.phases[-2].record.end
    began = _time(end.time) if end is not None else None
    if began is not None:
        return began, True
    label = game.current.record.label
    times = [created] + [_time(e.get("time", "")) for e in journal.sends() if e["kind"] in ("pm", "post")
                         and e.get("phase") and e["phase"] != label and e["state"] == "sent"]
    known = [t for t in times if t is not None]
    return (max(known) if known else None), False


def _host_now() -> datetime:
    """The host's clock (tests move it)."""
    return datetime.now(timezone.utc)


class Window(NamedTuple):
    """The current phase's PMs, in the forum's clock: from `start`; PMs from `early` (the phase
    before began) to `start` may be this phase's actions sent early."""

    start: datetime | None
    early: datetime | None
    exact: bool
    offset: float  # seconds the forum's clock is ahead of the host's (negative: behind)


def window(game: Game, journal: Journal, offset: float = 0.0) -> Window:
    """When the phase (and the one before) began, moved into the forum's clock by `offset`."""
    start, exact = phase_start(game, journal)
    early = None
    if len(game.phases) >= 2:
        before = game.phases[-3].record.end if len(game.phases) >= 3 else None
        early = _time(before.time) if before is not None else _time(getattr(game.setup, "created", "") or "")
    shift = timedelta(seconds=offset)
    return Window(start + shift if start else None, early + shift if early else None, exact, offset)


def read_line(game: Game, player: str, text: str, subject: str = "") -> tuple[str | None, str]:
    """The act line a PM says, or (None, why) (hostkit.forum.pmread)."""
    said = read_pm(game, player, subject, text)
    return said.line, said.why or said.note


def read_pm(game: Game, player: str, subject: str, text: str, at: Any = None) -> Any:
    """What a PM of `player` says this phase (pmread.Said), or for phase `at` (a PhaseRecord: the
    coming one): a living player's abilities usable then, a dead one's duties owed (a last
    shot, the badge)."""
    from ..game.entry import usable
    from ..votes.names import NameMatcher
    from .pmread import Said, own_words, read

    rec = at if at is not None else game.current.record
    if game.state.players[player].alive:
        abilities: list[Any] = usable(game.state, player, rec) + held(game, player, rec)
        if not abilities:
            named = _PHASE.search(f"{subject}\n{own_words(text)}".lower())
            if named and game.state.role_of(player).abilities:  # "guard Ann (for night 1, sorry I'm late)"
                kind = {"n": "night", "d": "day"}.get(named.group(3) or "", named.group(1))
                said = f"{kind} {named.group(2) or named.group(4)}"
                if said != rec.label:
                    return Said(None, f"is for {said}, not {rec.label}", True, about=True)
            return Said(None, "", False, note=f"{player} has no ability to use in {rec.label}")
    else:
        abilities = list(owed(game, player))
        if not abilities:
            repeated = again(game, player, subject, text)
            if repeated is not None:
                return repeated
            if last_words(game, player):
                return Said(None, "", False, note=f"{player} is dead and owes only last words, which hostkit "
                                                  "enters nowhere: if these are them, post them in the thread")
            return Said(None, "", False, note=f"{player} is dead and owes nothing")
    living = [p.name for p in game.setup.players if game.state.players[p.name].alive]
    # the dead are targets only of an ability that takes them (a Gravedigger's "dig up Fay")
    dead_ok = any(getattr(a, "dead_only", False) or not getattr(a, "living_only", True) for a in abilities)
    matcher = NameMatcher([(p.name, tuple(p.aliases)) for p in game.setup.players if p.name in living
                           or p.name == player or dead_ok])
    said = read(player, subject, text, abilities, matcher, phase=(rec.kind, rec.number), stop=_STOP)
    if said.line and not game.state.players[player].alive:  # "Hunter Shoot Eve" -> "shoot Hunter Eve"
        duty, _, target = said.line[len(player) + 1:].partition(" ")
        if duty == "skip" and len(abilities) > 1:
            return said._replace(line=None, why=f"a skip, of which: {player} owes "
                                                f"{' and '.join(a.name for a in abilities)}")
        duty = abilities[0].name if duty == "skip" else duty
        none = "skip" if duty == "Shoot" else "none"
        said = said._replace(line=f"{duty.lower()} {player} {none if target in ('', 'skip') else target}")
    return said


def coming(game: Game) -> Any:
    """The phase after the current one (a PhaseRecord): day N after night N, night N+1 after day N."""
    from ..model.entries import PhaseRecord

    rec = game.current.record
    return PhaseRecord(kind="day", number=rec.number) if rec.kind == "night" else PhaseRecord(
        kind="night", number=rec.number + 1)


def _names_phase(rec: Any, text: str, subject: str) -> bool:
    """Whether a PM says it is for phase `rec` ("for night 2", "N2"; "tonight" for a night)."""
    low = f"{subject}\n{text}".lower()
    if re.search(rf"\b(?:{rec.kind}\s*{rec.number}|{rec.kind[0]}{rec.number})\b", low):
        return True
    return rec.kind == "night" and bool(re.search(r"\btonight\b|\bthis night\b|\bcoming night\b", low))


def for_next(game: Game, player: str, subject: str, text: str, now: Any, then: Any) -> Any:
    """What a living player's PM sent in phase `now` says for phase `then`, the one after it, when
    it is for that one (pmread.Said), else None. It is when it names that phase ("for night 2",
    "tonight" by day), or when it names no phase and says nothing about an ability usable in
    `now` but does about one usable in `then`: a Guard's "guard Cara Lee" by day is for the
    coming night; a Day Vigilante's "shoot Bob" by day is today's (a phase named wins: "for
    night 2, shoot Bob" is the night's, and a Day Vigilante has no ability to use then)."""
    ahead = read_pm(game, player, subject, text, at=then)
    if _names_phase(then, text, subject):
        return ahead if ahead.talks else None
    said = read_pm(game, player, subject, text, at=now)
    if said.line or said.about or _PHASE.search(f"{subject}\n{text}".lower()):  # today's, or another phase's
        return None
    return ahead if ahead.line or ahead.about else None


def readings(game: Game, messages: list, journal: Journal, *, ids: dict[str, str] | None = None,
             offset: float = 0.0, doubt: dict[str, str] | None = None) -> tuple[list[Reading], list[dict[str, str]]]:
    """The PMs of the current phase from players who can act (the living; the dead for what they
    owe), read; and every other PM with why it was left out. `ids`: forum user id -> player
    (hostkit.forum.senders); `offset`: the forum's clock ahead of the host's, in seconds."""
    from .senders import pinned, player_of

    if ids is None:  # the pinned players only (hostkit.forum.inboxrun.read_messages looks up the others)
        ids = {ident: player for player, (_, ident) in pinned(journal).items()}

    label = game.current.record.label
    nxt = coming(game)
    win = window(game, journal, offset)
    current = {(a.actor, a.ability, tuple(a.targets)) for a in game.current.actions}
    out: list[Reading] = []
    left: list[dict[str, str]] = []

    def leave(m: Any, why: str) -> None:
        left.append({"id": m.id, "from": m.sender, "time": m.time, "subject": m.subject, "why": why})

    for m in messages:
        player, why = player_of(game, m, ids, doubt)
        when = _time(m.time)
        read_before = journal.get(f"inbox:{m.id}")
        taken = bool(read_before) and read_before.get("state") == "taken"  # by the host, for `phase`
        if player is None:
            leave(m, why)
            continue
        if read_before and read_before.get("phase") not in (label, nxt.label if taken else label):
            leave(m, f"read in {read_before.get('phase')} already")
            continue
        alive = game.state.players[player].alive
        if not alive and not owed(game, player) and not last_words(game, player):
            leave(m, f"{player} is dead and owes nothing")
            continue
        early = False
        if win.start is not None and when is not None and when < win.start:
            if win.early is None or when < win.early:
                leave(m, f"sent before {game.phases[-2].record.label if len(game.phases) > 1 else label} began")
                continue
            early = True
        said = read_pm(game, player, m.subject, m.text)
        ahead = None
        if not early and alive:
            ahead = for_next(game, player, m.subject, m.text, game.current.record, nxt)
        elif early and alive:
            before = game.phases[-2].record
            ahead = for_next(game, player, m.subject, m.text, before, game.current.record)
        if ahead is not None:
            said = ahead
        if not getattr(m, "readable", True):
            said = said._replace(line=None, note="", talks=True,
                                 why="the forum's copy of this PM is damaged (a character XML forbids): read it on "
                                     "the forum")
        if early and (ahead is None or not (said.line or said.why)):
            leave(m, f"sent in {game.phases[-2].record.label}, before {label} began"
                     + (f" (it reads: {said.line})" if said.line else ""))
            continue
        state = "ahead" if (ahead is not None and not early) else "early" if early else "new"
        if taken and read_before.get("phase") == label and state == "early":
            state = "new"  # taken by the host in the phase before: --accept enters it now
        entered = read_before and read_before.get("state") == "entered" and read_before.get("what") == said.line
        held = said.line is not None and (said.line in entered_duties(game, player) if not alive
                                          else _in_record(game, said.line, current))
        if entered and not held:
            state = "withdrawn"  # --accept entered it; the host has since taken it back or replaced it
        elif said.line and (entered or (state == "new" and held) or (not alive and held)):
            state = "entered"
        elif taken and state == "ahead":
            state = "taken"
        out.append(Reading(m.id, m.sender, player, m.time, m.subject, m.text, said.line, said.why, state,
                           said.talks, said.note, nxt.label if state in ("ahead", "taken") else "",
                           not alive and last_words(game, player)))
    # A player's later PM replaces an earlier one, as players mean it: the latest PM that says
    # anything about an action (of the same phase) wins (read, unsure, or a skip), and an unsure
    # one keeps the earlier ones out too. A PM that says nothing ("thanks!") replaces nothing.
    # A sure line for one ability replaces nothing sure of another ("kill Fay", then "also my
    # Enrage on Ann": both stand).
    def replaces(later: Reading, earlier: Reading) -> bool:
        mine, theirs = _ability(later), _ability(earlier)
        return mine is None or theirs is None or mine == theirs

    out = [r._replace(state="replaced") if r.talks and r.state in ("new", "early", "ahead", "taken") and any(
        o.talks and o.player == r.player and o.for_phase == r.for_phase and replaces(o, r) for o in out[n + 1:])
        else r for n, r in enumerate(out)]
    return out, left


def _ability(r: Reading) -> str | None:
    """The one ability a living player's sure line is for ("Gus Kill Fay": Kill), else None
    (unsure, a skip of everything, a dead player's duty)."""
    if not r.line or not r.player or not r.line.startswith(r.player + " "):
        return None
    word = r.line[len(r.player) + 1:].split(" ", 1)[0]
    return None if word == "skip" else word


def _in_record(game: Game, line: str, current: set) -> bool:
    """Whether every action of an act line is in the current phase's record ("Carol skip": each
    of her abilities skipped)."""
    from ..game.actlines import parse_act_lines

    try:
        lines = parse_act_lines(game, line, "inbox")[0]
    except Exception:  # noqa: BLE001 - a line the rules refuse is shown as read; accept says why
        return False
    for actor, ability, targets in lines:
        want = [] if list(targets) == ["skip"] else list(targets)
        if not any(c[0] == actor and (ability is None or c[1] == ability) and list(c[2]) == want for c in current):
            return False
    return bool(lines)
