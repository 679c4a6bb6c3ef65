"""The game's setup and record as records: PlayerSetup and Setup (game.toml), the entries a host makes
(Action, Removal, VoteEntry, DayEvent, PhaseEnd) and a phase of the record (PhaseRecord), with the key
that orders entries and the id that names one.
"""

from __future__ import annotations

from typing import Any, Mapping

from .records import Record
from .roles import EMPTY

# --------------------------------------------------------------------------- game setup and record


class PlayerSetup(Record):
    name: str
    role: str
    aliases: tuple[str, ...] = ()
    weight: float | None = None  # None: the role's weight
    previous: tuple[str, ...] = ()  # players this slot replaced, earliest first
    threshold: int = 0  # added to the majority that eliminates this player: Loved +1, Hated -1
    attributes: tuple[str, ...] = ()  # the ruleset's attributes on this player's role (paranormal's Kook)
    split: bool = False  # a voter of weight 2 or more whose votes may go to different players
    informed: str = ""  # what an Informed player's role PM tells them of the setup (--inform)


class Setup(Record):
    """game.toml's setup: everything fixed when the game was created."""

    ruleset: str
    players: tuple[PlayerSetup, ...]
    seed: int = 0
    thread: str | None = None
    hosts: tuple[str, ...] = ()
    vote_markup: tuple[str, ...] = ("red",)
    options: Mapping[str, Any] = EMPTY
    title: str = ""
    format: str = "bbcode"
    created: str = ""
    start: str = ""  # 'day 4': the phase a game moved to hostkit mid-way starts at ('' = the ruleset's first)

    def player(self, name: str) -> PlayerSetup | None:
        for p in self.players:
            if p.name == name:
                return p
        return None


class Action(Record):
    """One recorded night (or day) action.

    `declined` (`skip = true` in the phase file) is an explicit "no": the player does not use
    the ability this phase. Every skip the host enters is recorded so. An entry with no targets
    and no `skip` is, for an ability that takes targets, a skip too (how older records wrote
    one), and for an ability that takes none (a Veteran's Alert, a Body Double), its use: see
    `used`. The engine, the waiting list and every reader ask `used` (or, of an entry already
    checked by the entry rules, `declined`), never the targets alone.

    Every record entry (Action, Removal, VoteEntry, DayEvent, PhaseEnd) carries `seq`, a
    Lamport clock (one more than the highest entry in the host's copy of the record), and `host`,
    who entered it ("" when unknown). An entry's identity is the entry itself (see entry_key):
    two co-hosts' concurrent entries may share a seq, yet they differ in host or content, and
    sort the same way in every clone. `unit` ties together the entries one command wrote: the
    seq of its first entry when it wrote several (an `act --now` and its resolution, a shot and
    the actions it took back), else 0; `hostkit undo` takes a unit back whole.
    """

    actor: str
    ability: str
    targets: tuple[str, ...] = ()
    seq: int = 0
    host: str = ""
    unit: int = 0  # see Action
    declined: bool = False  # an explicit skip (see Action)
    choice: str = ""  # what the user chose beside the targets (Ability.choose: a Guild), "" = nothing

    @property
    def skip(self) -> bool:
        """No target entered: a skip, or the use of an ability that takes none (see `used`)."""
        return not self.targets

    def used(self, takes: int) -> bool:
        """Whether this entry uses its ability, which takes TAKES targets: not declined, and not
        a targeted ability entered with no target (an older record's skip)."""
        return not self.declined and (bool(self.targets) or not takes)


class Removal(Record):
    """An `act --remove`: takes back the actor's earlier action with that ability."""

    actor: str
    ability: str
    seq: int = 0
    host: str = ""
    unit: int = 0  # see Action


class VoteEntry(Record):
    """A vote the host recorded by hand. target None = unvote, "none" = no elimination."""

    voter: str
    target: str | None
    seq: int = 0
    after_post: int | None = None  # it outranks scraped votes up to this post
    host: str = ""
    unit: int = 0  # see Action


class DayEvent(Record):
    """A day ruling: a Sheriff candidacy, an election vote, a Hunter's shot, a badge pass..."""

    kind: str
    actor: str | None = None
    target: str | None = None
    seq: int = 0
    data: Mapping[str, Any] = EMPTY
    host: str = ""
    unit: int = 0  # see Action


class PhaseEnd(Record):
    """The entry that ended a phase: a night resolved, or a day's elimination ("" for none)."""

    seq: int = 0
    eliminated: str | None = None  # day: who was eliminated ("" for no elimination)
    published: Mapping[str, Any] = EMPTY  # what was published when the phase ended
    host: str = ""
    unit: int = 0  # see Action
    time: str = ""  # when it was entered (UTC, ISO 8601 to the second): the next phase's start; "" = before the field


def entry_key(entry: Any) -> tuple[int, str, str, str]:
    """An entry's identity and its place in the record: by seq (a Lamport clock), then by host,
    then by what it says (so concurrent entries of two co-hosts order the same in every clone)."""
    fields = entry._asdict()
    seq, host = fields.pop("seq"), fields.pop("host")
    fields.pop("unit")  # which command wrote it is not what it says
    if fields.get("declined") is False:  # an entry of before the field keeps its identity (entry ids)
        del fields["declined"]
    if fields.get("choice") == "":  # likewise an entry with no choice
        del fields["choice"]
    if fields.get("time") == "":  # likewise a phase end of before its time was kept
        del fields["time"]
    return (seq, host, type(entry).__name__, repr(_plain(fields)))


def entry_id(entry: Any) -> str:
    """A short, stable name for an entry (the same in every clone): what `log` shows and
    `undo --entry` takes, and what a phase file's `conflicts` name."""
    import hashlib

    return hashlib.sha1(repr(entry_key(entry)).encode("utf-8")).hexdigest()[:7]


def _plain(value: Any) -> Any:
    """Mappings as sorted item tuples, sequences as tuples: one repr for equal contents."""
    if hasattr(value, "keys"):
        return tuple(sorted((str(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return value


class PhaseRecord(Record):
    """Everything the host entered in one phase, plus how it ended.

    `ends` normally holds at most one PhaseEnd; two different ones are two co-hosts who ended
    the same phase differently (a merge conflict the host must settle, see game.conflicts).
    """

    kind: str  # night | day
    number: int
    actions: tuple[Action, ...] = ()
    removed: tuple[Removal, ...] = ()
    votes: tuple[VoteEntry, ...] = ()
    events: tuple[DayEvent, ...] = ()
    start_post: int | None = None
    ends: tuple[PhaseEnd, ...] = ()
    # Pairs of entry ids (entry_id) that two co-hosts entered concurrently and that contradict each
    # other: the same actor's same ability entered differently, or an action merged into a phase
    # the other host had already ended. Written by the merge driver (cohost.merge_phase); a pair
    # is a live conflict while both its entries are in the record (game.Game.conflicts).
    conflicts: tuple[tuple[str, str], ...] = ()

    @property
    def end(self) -> PhaseEnd | None:
        """The end that counts: the first by entry order (the only one, outside a conflict)."""
        if len(self.ends) < 2:
            return self.ends[0] if self.ends else None
        return min(self.ends, key=entry_key)

    @property
    def ended(self) -> int | None:
        end = self.end
        return None if end is None else end.seq

    @property
    def eliminated(self) -> str | None:
        end = self.end
        return None if end is None else end.eliminated

    @property
    def published(self) -> Mapping[str, Any]:
        end = self.end
        return EMPTY if end is None else end.published

    @property
    def label(self) -> str:
        return f"{self.kind} {self.number}"
