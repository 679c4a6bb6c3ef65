"""The shared vocabulary of hostkit: immutable records that every room passes around.

Rulesets (Role, Ability, Effect, Ruleset), the game setup and record (PlayerSetup, Setup,
Action, VoteEntry, DayEvent, PhaseRecord), the night's outcome (NightOutcome and its parts),
thread posts (Post) and the vote count (VoteCount and its parts). Nothing here does I/O.

The records are Records (records.py: typing.NamedTuple's interface, without its per-class
eval) rather than frozen dataclasses: just as immutable, and far cheaper to define at import,
which `hostkit status` pays on every run (benchmarks/bench_status.py). Only the replayed state (PlayerState, GameState), which the replay
builds up, is mutable: records.mutable, a dataclass's interface built without compiling code.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from .records import Record, field, mutable

EMPTY: Mapping[str, Any] = MappingProxyType({})

# --------------------------------------------------------------------------- rulesets


class Effect(Record):
    """One effect of an ability: a name in the effect registry and its parameters."""

    kind: str
    params: Mapping[str, Any] = EMPTY

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


class Ability(Record):
    """An ability of a role, as declared in roles.toml (see games/README.md)."""

    name: str
    summary: str = ""
    phase: str = "night"  # night | day | cycle | any (seed natural II: no prefix, once each phase)
    nights: str = "any"  # any | even | odd
    first_night: int = 1  # actions cannot be used before this night (seed natural I: no Night 0)
    targets: int = 1  # how many players it names
    uses: int | None = None  # charges for the game; None = unlimited
    category: str = "misc"  # which step of the ruleset's order it sorts in
    moves: bool = True  # the actor leaves home to do it (visits its target)
    factional: bool = False  # one action for the whole faction, entered by any member
    immediate: bool = False  # seed natural II: resolves as soon as it is submitted
    innate: bool = False  # seed natural II: granted by the game's rules (ruleset `[[innate.abilities]]`), not a role's
    window: str = ""  # "ita": usable only while an ITA window is open (an ITA shot), and never ignored there
    skippable: bool = True  # may be entered as an explicit skip (no target)
    self_target: bool = False  # seed natural I: you may not target yourself unless stated
    living_only: bool = True
    allied: str | None = None  # "allied" | "unallied" | None, judged at submission
    no_repeat: bool = False  # not the same target as the last time it was used
    exclusive: str | None = None  # abilities sharing a group cannot both be used in one phase
    requires: str | None = None  # "attacked": the target must be the target of a recorded attack
    effects: tuple[Effect, ...] = ()
    messages: Mapping[str, str] = EMPTY  # host-worded refusals that override the defaults
    power: str = ""  # the kind of power it uses ("psychic", "tech"): shields name the powers they stop
    goal: str | None = None  # the goal a goal-reading inspection sees when it is used (else the role's)
    standing: bool = False  # used every night unless its user enters another ability of its `exclusive` group
    max_skips_in_a_row: int = 0  # 0: no limit; else nights in a row it may go unused (the Dopps' bloodlust)
    dead_only: bool = False  # targets must be dead (a Gravedigger's dig; set living_only = false too)
    uses_option: str | None = None  # innate only: the ruleset option giving each player's starting uses
    accuracy_option: str | None = None  # innate only: the ruleset option giving each player's accuracy
    # The body that uses it, when not the player themself: "Robot" (the Mind Stealer's Robot,
    # model.with_stockpile). Engine-only, never read from roles.toml: the action is the player's
    # (their charges, their entry, their results), but the body visits, is seen and is struck in
    # its own name, "{player}'s {body}" (model.body_name), and blocks aimed at the player miss it.
    body: str = ""
    # What the user chooses beside the targets, typed after them: "guild" (seed natural I: 'If
    # an effect says something like "Choose a Guild," you may choose your own'); "" = nothing.
    choose: str = ""

    @property
    def key(self) -> str:
        """The name, lower-cased: how charges, last targets and item modifiers name the ability.
        One string per name (a night reads it for most of its actions and keeps it in their
        changes; a new string each time was a thousand more objects a thousand actions)."""
        key = _KEYS.get(self.name)
        if key is None:
            key = _KEYS[self.name] = self.name.lower()
        return key


_KEYS: dict[str, str] = {}  # Ability.key's strings, by ability name (the rulesets' names: a few hundred)


class Role(Record):
    """A role: alignment, how it appears to investigations, passives and abilities."""

    name: str
    alignment: str
    faction: str | None = None  # players of one faction share factional actions and know each other
    summary: str = ""
    win: str = ""
    flavour: str = ""
    race: str | None = None
    goal: str | None = None
    appears: Mapping[str, str] = EMPTY  # alignment/role/race/goal as investigations see them
    passives: frozenset[str] = frozenset()
    immunity: int = 0  # attacks of this strength or less do not kill it
    weight: float = 1.0  # standing vote weight
    knows_faction: bool = False
    abilities: tuple[Ability, ...] = ()
    count: str = ""  # e.g. "1-4" seats, for documentation only
    notes: tuple[str, ...] = ()
    items: tuple[str, ...] = ()  # items the role starts the game with (a name twice: two of them)
    tech: Mapping[str, int] = EMPTY  # tech slots the player picks items for, per game: slot -> how many
    goal_text: str = ""  # the Goal line as the rules word it, where it is more than the `goal` read ("Kill (if active)")
    victory: str = ""  # how the player wins (engine/sides.py VICTORIES); "" = with its alignment
    aliases: tuple[str, ...] = ()  # other names a host may type for it (the seed's own: 'Guardian')
    guild: str = ""  # the Guild the role starts in (seed natural: Guilds), "" = none
    # Abilities of which the player picks one at the start of the game (seed paranormal Mad
    # Scientist: 'picks one of three technologies ... depending on which Variant they are'): the
    # pick is the player's tag `picked` (hostkit tech pick); the others, and all before it, are not
    # theirs. Each choice names the abilities it gives (a technology may be several: the
    # Advanced Tracking Devices are planted, built and report).
    pick_one: Mapping[str, tuple[str, ...]] = EMPTY

    def ability(self, name: str) -> Ability | None:
        for ab in self.abilities:
            if ab.name.lower() == name.lower():
                return ab
        return None

    def appears_as(self, what: str) -> str:
        if what in self.appears:
            return self.appears[what]
        if what == "alignment":
            return self.alignment
        if what == "role":
            return self.name
        if what == "race":
            return self.race or ""
        if what == "goal":
            return self.goal or ""
        return ""


class Item(Record):
    """An item (items.toml): a small role fragment whose abilities whoever holds it may use."""

    name: str
    summary: str = ""
    abilities: tuple[Ability, ...] = ()
    consumed: str = "use"  # use: spent when used | resolve: when its action resolves | save | activate | never
    auto: tuple[str, ...] = ()  # abilities used every night by the holder without being entered
    notes: tuple[str, ...] = ()
    slot: str = ""  # the tech slot it takes when picked (Small, Medium, Large); "" = not picked by slot
    two_use: str = ""  # the slot in which it may be picked as a two-use item (two of it)
    grants: tuple[str, ...] = ()  # attributes its holder has (passives, and the tech attributes)
    only: tuple[str, ...] = ()  # roles or factions that may pick it (empty: every role with slots)
    not_for: tuple[str, ...] = ()  # roles or factions that may not pick it
    remote: bool = False  # triggered remotely: usable while abducted or kept out of play
    action: bool = False  # using it uses up the holder's action: not with a role ability that night
    modifies: Mapping[str, Any] = EMPTY  # {ability = NAME, kill parameters...}: changes the holder's own ability

    def ability(self, name: str) -> Ability | None:
        for ab in self.abilities:
            if ab.name.lower() == name.lower():
                return ab
        return None


class OptionSpec(Record):
    """A ruleset option a game may set with --option KEY=VALUE."""

    key: str
    default: Any
    choices: tuple[Any, ...] = ()  # empty: any value of the default's type
    summary: str = ""


class Ruleset(Record):
    """A ruleset as data: games/<name>/ruleset.toml plus roles.toml."""

    name: str
    title: str
    summary: str
    resolution: str  # ordered | natural | priorities
    steps: tuple[str, ...]
    tie_break: tuple[str, ...]
    first_phase: str
    first_number: int
    options: Mapping[str, OptionSpec]
    roles: Mapping[str, Role]
    decisions: Mapping[str, str] = EMPTY  # where the seed is silent: key -> one-line reason
    flavour: Mapping[str, str] = EMPTY  # death flavour key -> text with {player} and {location}
    results: Mapping[str, str] = EMPTY  # result wording keys -> text
    source: str = ""
    items: Mapping[str, Item] = EMPTY  # items.toml: item name -> Item
    pass_step: str = ""  # the step where `Pass PLAYER ITEM` resolves; "" = items cannot be passed
    priorities: tuple[str, ...] = ()  # natural resolution: which seed priorities settle would-be cycles
    factions: Mapping[str, tuple[Ability, ...]] = EMPTY  # faction -> abilities every member has
    shared: Mapping[str, Ability] = EMPTY  # abilities roles include by name
    attack_order: str = "made"  # made | tie-break: the order attacks on a player are weighed in
    unflipped: tuple[str, ...] = ()  # death flavour keys of bodies never found: never flipped
    attributes: Mapping[str, Mapping[str, Any]] = EMPTY  # name -> {appears, passives}: added to any role
    coverage: tuple[Mapping[str, Any], ...] = ()  # coverage.toml: each rule of the rules text, works or host
    innate: tuple[Ability, ...] = ()  # seed natural II: actions every player has by the game's rules
    # Steps whose actions resolve simultaneously (seed items: "Multiple actions that fall in the
    # same category are executed more or less simultaneously"): none stops another of its step.
    simultaneous: tuple[str, ...] = ()

    def role(self, name: str) -> Role | None:
        """The role of that name, or of that alias, in any case (None if none or several)."""
        low = name.lower()
        for r in self.roles.values():
            if r.name.lower() == low:
                return r
        found = [r for r in self.roles.values() if any(a.lower() == low for a in r.aliases)]
        return found[0] if len(found) == 1 else None

    def option_defaults(self) -> dict[str, Any]:
        return {k: o.default for k, o in self.options.items()}


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


# --------------------------------------------------------------------------- night outcome


class Death(Record):
    player: str
    cause: str  # the role, item or effect that killed, as the ruleset names it
    location: str
    flavour: str
    kind: str = ""  # the kill kind (werewolf, poison, shot...): day triggers depend on it
    by: tuple[str, ...] = ()  # the players whose actions killed
    flavour_key: str = ""  # the key of the flavour text, so a game's flavour.toml can replace it

    @property
    def where(self) -> str:
        """Where the body was found, as a phrase with its preposition: see `where`."""
        return where(self.location)


# A body's location is a place ("Dan's home", read "in Dan's home") or a phrase that carries its
# own preposition in the data ("on Dan's porch", "outside Dan's door", "nowhere: the body vanished").
PLACE_WORDS = ("in", "inside", "on", "at", "outside", "near", "by", "under", "behind", "somewhere", "nowhere")


def where(location: str) -> str:
    """The location as a phrase: as written when it starts with a preposition (PLACE_WORDS), else
    "in <location>"."""
    first = location.split(" ", 1)[0].rstrip(":,").lower()
    return location if first in PLACE_WORDS else f"in {location}"


class Saved(Record):
    player: str
    by: tuple[str, ...]


class Blocked(Record):
    player: str
    by: tuple[str, ...]
    notified: bool
    stopped: tuple[str, ...] = ()  # the notified uses stopped, when another action of theirs took place
    took_place: tuple[str, ...] = ()  # when the block stopped none of them: the uses that had taken place
    own_words: bool = False  # told in the blocker's own words (a jail's notice): no 'you were blocked' line too


class Result(Record):
    player: str
    ability: str
    target: str | None  # the player entered (a redirected result is about someone else)
    result: str | tuple[str, ...]
    note: str = ""  # what else the player learns with it: that they were redirected (seed natural V)


class Failed(Record):
    player: str
    ability: str
    reason: str


class Change(Record):
    """A standing change the night leaves behind: charges, tags, conversions.

    A `convert` Change's value says the player's side after it: None, the new role's own
    (alignment and faction); a faction name, that faction's (the Hivemind's domination); a Side,
    exactly that one, faction or none (the Mind Stealer's victim 'reverts to a vanilla role' on
    the side it had: a Town-Ally Rogue Doppelganger stays Town Ally, in no faction)."""

    player: str
    kind: str  # charge | tag | untag | convert | last-target
    key: str
    value: Any = None


class Side(Record):
    """A player's side, carried through a change of role (a convert Change's value)."""

    alignment: str
    faction: str | None = None


class Notice(Record):
    """Something a player is told privately that is not a result (attacked, redirected...)."""

    player: str
    text: str


class Happening(Record):
    """Something the night did to a player that is neither a death nor a result: abducted, kept
    (captured), returned, released, converted, consumed, mind-controlled. `by` is who did it."""

    player: str
    what: str
    by: str = ""
    note: str = ""


class ActTrace(Record):
    """How one of the night's actions went, as the engine resolved it (the night map and the game
    page draw it; nothing re-resolves). `status`: done | skipped | blocked | failed | unresolved."""

    actor: str
    ability: str
    entered: tuple[str, ...]  # the targets as entered
    targets: tuple[str, ...]  # where it landed, after bus drives and redirects
    status: str
    reason: str = ""  # why it failed or was blocked
    visited: tuple[str, ...] = ()
    automatic: bool = False  # used without being entered (a standing alert, an item working by itself)


class NightOutcome(Record):
    night: int
    deaths: tuple[Death, ...] = ()
    saved: tuple[Saved, ...] = ()
    blocked: tuple[Blocked, ...] = ()
    results: tuple[Result, ...] = ()
    failed: tuple[Failed, ...] = ()
    changes: tuple[Change, ...] = ()
    notices: tuple[Notice, ...] = ()
    log: tuple[str, ...] = ()
    revived: tuple[str, ...] = ()  # players who come back to life at dawn (reported after the deaths)
    acts: tuple[ActTrace, ...] = ()  # every action of the night and what came of it, in resolution order
    places: Mapping[str, str] = EMPTY  # every player alive at dusk -> home | away | jailed | commuted | abducted
    happenings: tuple[Happening, ...] = ()  # abductions, captures, releases, conversions... (not deaths)
    phase: str = "night"  # night, or day: day actions resolved at the day's end or at once (Immediate)

    def to_json(self) -> dict[str, Any]:
        def res(r: Result) -> dict[str, Any]:
            d = r._asdict()
            if isinstance(r.result, tuple):
                d["result"] = list(r.result)
            if not r.note:
                del d["note"]  # present only when there is one (a redirected investigation)
            return d

        head: dict[str, Any] = {"night": self.night} if self.phase == "night" else {"day": self.night, "phase": self.phase}
        # A death Combat Camouflage masked (the night's `masked` tag): `cause` is what the death
        # post says, `true_cause` the truth, for the host.
        dead = {d.player for d in self.deaths}
        masked = {c.player: c.value.get("cause") for c in self.changes
                  if c.kind == "tag" and c.key == "masked" and isinstance(c.value, dict) and c.value.get("cause")}
        return {
            **head,
            "deaths": [
                {"player": d.player, "cause": d.cause, "location": d.location, "flavour": d.flavour,
                 "kind": d.kind, "by": list(d.by), "flavour_key": d.flavour_key,
                 **({"true_cause": masked[d.player]} if d.player in masked else {})}
                for d in self.deaths
            ],
            # a player an attack on whom was stopped, who died of another: "died": true (never 'saved' alone)
            "saved": [{"player": s.player, "by": list(s.by), **({"died": True} if s.player in dead else {})}
                      for s in self.saved],
            # what the blocked player's PM says of it: the uses stopped, or those that had taken place
            "blocked": [{"player": b.player, "by": list(b.by), "notified": b.notified, "stopped": list(b.stopped),
                         "took_place": list(b.took_place), "own_words": b.own_words} for b in self.blocked],
            "results": [res(r) for r in self.results],
            "failed": [f._asdict() for f in self.failed],
            "notices": [n._asdict() for n in self.notices],
            "changes": [c._asdict() for c in self.changes],
            "log": list(self.log),
            "revived": list(self.revived),
            "happenings": [h._asdict() for h in self.happenings],
        }


# --------------------------------------------------------------------------- threads and votes


class Post(Record):
    """One post of a forum thread, as a forum adapter reads it."""

    number: int  # the forum's own post number where it shows one, else the position from 1
    author: str
    # the post body's HTML (signature excluded where the adapter can tell); "" where the reader
    # kept only its marks (saved pages read through the page cache, hostkit.votes.pages)
    body: str
    time: str | None = None  # ISO 8601 with offset, where the page shows one
    edited: bool = False
    post_id: str | None = None  # the forum's id, for links
    url: str | None = None  # a link to the post, where the page gives one
    # what reading its votes needs (hostkit.votes.marks.Marks), made by the page reader from the
    # page's own tree; None for a post built from HTML alone, whose votes are read from `body`
    marks: tuple | None = None


class VoteSetupPlayer(Record):
    """A player as the tally sees them."""

    name: str
    aliases: tuple[str, ...] = ()
    alive: bool = True
    weight: float = 1.0
    absent: str | None = None  # why a living player is out of today's vote (a tag: "abducted"), or None
    threshold: int = 0  # added to the majority a wagon on this player needs (Loved +1, Hated -1)
    split: bool = False  # their `weight` is so many votes of one each, which may go to different players
    previous: tuple[str, ...] = ()  # the names this slot replaced (also among `aliases`)


class Wagon(Record):
    target: str  # a player's game name, or "none" for No Elimination
    votes: float
    voters: tuple[str, ...]
    posts: tuple[int | None, ...] = ()  # the post of each voter's current vote (None: by hand)


class HistoryEntry(Record):
    post: int | None  # None: a vote entered by hand
    author: str
    target: str | None  # None = unvote
    source: str = "thread"  # thread | host


class Ignored(Record):
    post: int | None
    author: str
    text: str
    reason: str


class Stranger(Record):
    """An account that is no player (nor host) but votes like one: `votes` vote texts today, and
    the living player whose renamed account it may be (None when no one stands out), or the
    `candidates` among whom the thread does not settle it."""

    name: str
    votes: int
    player: str | None = None
    candidates: tuple[str, ...] = ()
    unlike: tuple[str, ...] = ()  # players or hosts its name reads as, who cannot be it (posting too, dead, host)

    def command(self, player: str | None = None) -> str:
        """The command that makes NAME another name of PLAYER (by default the player suggested;
        PLAYER where none is)."""
        import shlex  # only for a count that has a stranger to tell of

        return f"hostkit alias {shlex.quote(player or self.player or 'PLAYER')} {shlex.quote(self.name)}"


class Unsure(Record):
    """What a count did not settle and the host must (a stranger voting, a name that could be two
    players or none, an empty vote): the post, its author and text, what to settle, and the
    `hostkit` command that settles it (`choices`: one command per reading, best first)."""

    post: int | None
    author: str
    text: str
    what: str
    command: str
    choices: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"post": self.post, "author": self.author, "text": self.text, "what": self.what,
                "command": self.command, "choices": list(self.choices)}


class VoteCount(Record):
    day: int
    alive: int
    majority: float
    wagons: tuple[Wagon, ...]
    not_voting: tuple[str, ...]
    eliminated: str | None
    tie: bool
    history: tuple[HistoryEntry, ...]
    ignored: tuple[Ignored, ...]
    hammer: int | None = None  # the post that reached majority
    last_post: int | None = None  # the last post counted
    count_number: str = ""  # "1.03": day 1, third count
    thread: str | None = None
    post_urls: Mapping[int, str] = EMPTY  # post number -> link, where the page gave one
    plurality: bool = False  # the most votes at the deadline eliminate: no majority to reach
    abstained: tuple[str, ...] = ()  # voters who voted for no one, where that is an abstention
    thresholds: Mapping[str, int] = EMPTY  # living player -> their non-zero threshold modifier
    strangers: tuple[Stranger, ...] = ()  # accounts that are no player but vote like one (host only)
    edited: tuple[tuple[int, str], ...] = ()  # (post, author): a counted vote in a post edited since (host only)
    unsure: tuple[Unsure, ...] = ()  # what the count could not settle: the host must (host only)

    def needed(self, target: str) -> int:
        """The votes a wagon on TARGET (a player) needs: the majority plus their modifier, at least 1."""
        return max(1, int(self.majority) + self.thresholds.get(target, 0))

    def to_json(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "alive": self.alive,
            # SPEC's number in every count (its example and `eliminated` read it so): under plurality
            # what a majority would be, and `rule` says that reaching it does not end the day
            # (decision majority-number; it was null before, which broke a script's arithmetic).
            "majority": self.majority,
            "rule": "plurality" if self.plurality else "majority",
            "half_plus_one": self.majority,  # what a majority would be (charts draw it under plurality too)
            "abstained": list(self.abstained),
            "wagons": [{"target": w.target, "votes": float(w.votes), "voters": list(w.voters),
                        "posts": list(w.posts)} for w in self.wagons],
            "not_voting": list(self.not_voting),
            "eliminated": self.eliminated,
            "tie": self.tie,
            "history": [{"post": h.post, "author": h.author, "target": h.target, "source": h.source}
                        for h in self.history],
            "ignored": [i._asdict() for i in self.ignored],
            "hammer": self.hammer,
            "last_post": self.last_post,
            "count_number": self.count_number,
            # host output: each living player's elimination-threshold modifier (Loved +1, Hated -1)
            "thresholds": dict(self.thresholds),
            # host output: accounts that are no player but vote like one, and the alias command
            "strangers": [{"name": x.name, "votes": x.votes, "player": x.player, "candidates": list(x.candidates),
                           "unlike": list(x.unlike), "command": x.command()} for x in self.strangers],
            # host output: counted votes in posts the forum says were edited (the vote may be newer)
            "edited": [{"post": n, "author": a} for n, a in self.edited],
            # host output: what the count could not settle, each with the command that settles it
            "unsure": [u.to_json() for u in self.unsure],
        }




# --------------------------------------------------------------------------- replayed state
# The state is never stored: game.py replays the setup and the record into these. They are
# mutable only while the replay builds them; the engine reads them and never changes them.


@mutable
class PlayerState:
    name: str
    role: str
    alive: bool = True
    faction: str | None = None
    alignment: str = ""
    charges: dict[str, int] = field(default_factory=dict)  # ability key -> uses left
    tags: dict[str, Any] = field(default_factory=dict)  # tag -> data (doused, poisoned, sheriff...)
    last_targets: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ability key -> targets
    last_night: dict[str, int] = field(default_factory=dict)  # ability key -> night last used
    died: str | None = None  # "night 2", "day 1"
    cause: str | None = None
    items: dict[str, int] = field(default_factory=dict)  # item name -> how many the player holds
    attributes: tuple[str, ...] = ()  # the ruleset's attributes dealt with the role (a Kook Agent)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "alignment": self.alignment, "alive": self.alive,
                "faction": self.faction, "charges": dict(self.charges), "tags": sorted(self.tags),
                "counts": {k: v for k, v in sorted(self.tags.items()) if type(v) is int},
                "died": self.died, "cause": self.cause, "items": dict(self.items), "attributes": list(self.attributes)}


@mutable
class GameState:
    ruleset: Ruleset
    players: dict[str, PlayerState]
    phase: str
    number: int
    options: dict[str, Any] = field(default_factory=dict)
    winner: str | None = None
    sheriff: str | None = None
    initial_roles: tuple[str, ...] = ()  # every role dealt at game start, in seat order
    warnings: list[str] = field(default_factory=list)
    deaths: list[tuple[str, str, str, int]] = field(default_factory=list)  # (player, kind, when, phase index)
    duties_done: set[tuple[str, str]] = field(default_factory=set)  # (player, "shot" | "badge")
    # VictoryCheck comes last (seed classic Day flow): a win that waits on owed last shots,
    # (winner, the players who owe one); None when no win is pending.
    pending_victory: tuple[str, tuple[str, ...]] | None = None
    # Every player who has won when the game is over (victory = "sides": a Survivor beside the
    # Town), name -> why; empty while the game goes on and in rulesets where one side wins.
    won: dict[str, str] = field(default_factory=dict)
    ended_by: str = ""  # "max-day" when the maximum game day ended the game
    # The maximum game day is over (option max-day): the game ends, no side winning, once the
    # last shots its elimination owes are taken (a lynched Hold-out Blaster's, 'before dying').
    max_day_over: bool = False
    # The current phase's actions already resolved at once (key -> seq: used once this phase),
    # and the open ITA window's number (dayactions.py).
    acted_now: dict[Any, int] = field(default_factory=dict)
    ita_open: int | None = None

    def alive(self) -> list[str]:
        return [p.name for p in self.players.values() if p.alive]

    def partner_ability(self, name: str, word: str) -> tuple[str, Ability] | None:
        """(owner, ability): a `factional` ability of another living member of NAME's faction's own
        role, which NAME may use in the owner's place (seed natural II: "Factional — May be used
        by allied players instead of the player who owns it"; seed IV: allied is the same side,
        confirmed to them, as a faction that knows itself is), or None. An ability of NAME's own
        role (a faction-wide one included) is never a partner's."""
        p = self.players.get(name)
        if p is None or not p.faction:
            return None
        own = self.role_of(name)
        if own.ability(word) is not None or "no-team-actions" in own.passives or not own.knows_faction:
            return None
        for other in self.players.values():
            if other.name != name and other.alive and other.faction == p.faction:
                ab = self.role_of(other.name).ability(word)
                if ab is not None and ab.factional:
                    return other.name, ab
        return None

    def charge_holder(self, name: str, ability: Ability) -> str:
        """Whose charges a use of `ability` by NAME spends: the owner's, for a partner's factional
        ability (partner_ability), else NAME's own."""
        if ability.uses is None or not ability.factional:
            return name
        found = self.partner_ability(name, ability.name)
        return found[0] if found is not None and found[1] is ability else name

    def role_of(self, name: str) -> Role:
        p = self.players[name]
        role = self.ruleset.roles[p.role]
        if p.attributes:
            role = with_attributes(self.ruleset, role, p.attributes)
        if role.pick_one:
            role = with_pick(role, p.tags.get(PICKED) if p.tags else None)
        bond = p.tags.get("bonded") if p.tags else None
        if bond:
            # Seed paranormal Spirit-bond: 'they lose any abilities they may have had and gain the
            # ghost's abilities instead'; the faction's shared actions are the faction's, not the role's.
            ghost = self.ruleset.roles[bond["role"]]
            own = tuple(a for a in role.abilities if a.factional)
            role = role._replace(abilities=tuple(a for a in ghost.abilities if not a.factional) + own,
                                 passives=frozenset(ghost.passives | (role.passives & {"mind-shield", "anti-tech"})))
        if p.tags and ("taken-on" in p.tags or "robot-role" in p.tags):
            # Seed paranormal Harvester: a stockpiled role taken on, the Robot's role (stockpile.py).
            role = with_stockpile(self, name, role)
        return role


PICKED = "picked"  # the player's tag: the one of their role's `pick_one` abilities they picked


def with_pick(role: Role, picked: object) -> Role:
    """The role with only the picked one of its `pick_one` choices (none before the pick)."""
    offered = {a for names in role.pick_one.values() for a in names}
    mine = set(role.pick_one.get(picked, ())) if isinstance(picked, str) else set()
    return role._replace(abilities=tuple(a for a in role.abilities if a.name not in offered or a.name in mine))


ROBOT = "Robot"
ROBOT_PREFIX = ROBOT + " "  # the Mind Stealer's Robot's abilities: "Robot Guard"
ROBOT_DESTROYED = "robot-destroyed"  # tag on the Mind Stealer: {"night", "by", "cause"} (settle.py)
# Tags the engine writes that the PMs read (kept here, with the record's other names, so that
# publish/ reads outcomes without importing the rules): captives returned to play by an abductor's
# death outside a night ({"day 1": "Xe"}, engine/day.release), the night a player left the game
# with a Xenozoologist's win (engine/sides.after_night), the night a Mind Stealer reached its goal.
RETURNED = "returned"
DEPARTED = "departed"
WON_NIGHT = "won-night"


def body_name(player: str, body: str) -> str:
    """The name a body of a player's own acts under: "Ms's Robot" (Ability.body)."""
    return f"{player}'s {body}" if body else player


def stockpile_role(data: Any, state: GameState) -> str | None:
    """The role a Mind Stealer's `taken-on`/`robot-role` tag gives in the state's phase, or None."""
    if not isinstance(data, dict):
        return None
    if [state.phase, state.number] in [list(p) for p in data.get("phases", ())]:
        return str(data.get("role", "")) or None
    return None


def with_stockpile(state: GameState, name: str, role: Role) -> Role:
    """The Mind Stealer's role as the phase has it (seed paranormal Harvester; hostkit/stockpile.py):
    a taken-on role's abilities instead of its own (the faction's shared actions kept) and that
    role's passives added, and the Robot's role's abilities added as 'Robot ABILITY' (their own
    charges, no exclusive group: 'in addition to any actions the MS takes'), used by the Robot's
    own body (Ability.body) and as alien tech (power "tech"), until the Robot is destroyed. The
    Robot may aim them at the Mind Stealer: the MS is not the Robot (a Robot Guard guards it)."""
    tags = state.players[name].tags
    taken, robot = stockpile_role(tags.get("taken-on"), state), stockpile_role(tags.get("robot-role"), state)
    roles = state.ruleset.roles
    if taken in roles:
        other = roles[taken]
        own = tuple(a for a in role.abilities if a.factional)
        role = role._replace(abilities=tuple(a for a in other.abilities if borrowable(a)) + own,
                             passives=frozenset(role.passives | other.passives))
    if robot in roles and ROBOT_DESTROYED not in tags:
        # Its exclusive groups are its own (a Robot War Vet's Alert or Stand Down), never the MS's.
        extra = tuple(a._replace(name=ROBOT_PREFIX + a.name, exclusive=a.exclusive and ROBOT_PREFIX + a.exclusive,
                                 body=ROBOT, power="tech", self_target=True)
                      for a in roles[robot].abilities if borrowable(a))
        role = role._replace(abilities=role.abilities + extra)
    return role


def withheld_ability(state: GameState, name: str, word: str) -> str | None:
    """Why a Mind Stealer may not use WORD, an ability of the role it has taken on (or given its
    Robot, as 'Robot WORD') that borrowable withholds, or why a player may not use an ability of
    their role's `pick_one` they did not pick; None when WORD is no such ability."""
    tags = state.players[name].tags
    roles = state.ruleset.roles
    base = roles.get(state.players[name].role)
    for choice, names in (base.pick_one.items() if base is not None else ()):
        if word.strip().lower() in (n.lower() for n in names) and tags.get(PICKED) != choice:
            picked = tags.get(PICKED)
            return ((f"picked {picked}, not {choice}" if picked else "has not picked a technology yet")
                    + f" (seed Mad Scientist: 'picks one of three technologies to start the game with'; the pick: "
                    f"'hostkit tech pick {name} {' | '.join(base.pick_one)}', at the start of the game)")
    for tag, prefix in (("taken-on", ""), ("robot-role", ROBOT_PREFIX)):
        held = stockpile_role(tags.get(tag), state)
        for a in roles[held].abilities if held in roles else ():
            if (prefix + a.name).lower() == word.strip().lower() and not borrowable(a):
                why = ("a faction's shared action" if a.factional else
                       "it replaces its user's own person, which the seed writes for a doppelganger only "
                       "(decision mind-stealer-consume)")
                return f"cannot use {prefix + a.name} of the stockpiled {held}: {why}"
    return None


def borrowable(ability: Ability) -> bool:
    """Can a Mind Stealer, or its Robot, use this ability of a stockpiled role? Not a faction's
    shared action, and not one that replaces its user's own person: the Advanced Doppelganger's
    Consume (`user_leaves`) is written for a doppelganger ('the player who was the doppelganger
    is now out of the game (although he still wins with the dopps)'), and in a Mind Stealer's
    hands it would hand the Doppelgangers a player (decision mind-stealer-consume)."""
    return not ability.factional and not any(e.get("user_leaves", False) for e in ability.effects)


def with_attributes(ruleset: Ruleset, role: Role, names: tuple[str, ...]) -> Role:
    """The role with the ruleset's attributes added (seed paranormal's Attributes: 'not a role in
    itself, but an ability granted to a ... character that may or may not already have a role'):
    what investigations see (`appears`) and the passives; the name stays the role's."""
    appears = dict(role.appears)
    passives = set(role.passives)
    for n in names:
        attr = ruleset.attributes.get(n, EMPTY)
        appears.update(attr.get("appears", {}))
        passives.update(attr.get("passives", ()))
    return role._replace(appears=MappingProxyType(appears), passives=frozenset(passives))
