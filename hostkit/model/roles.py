"""A ruleset as records: Effect, Ability, Role, Item, OptionSpec and Ruleset (rules/ reads them from
games/<name>/*.toml; the engine runs them). EMPTY is the one empty read-only mapping they share.

The records are Records (records.py: typing.NamedTuple's interface, without its per-class eval) rather
than frozen dataclasses: just as immutable, and far cheaper to define at import, which `hostkit status`
pays on every run (benchmarks/bench_status.py).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from .records import Record

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
    nights: str = "any"  # any | even | odd | non-consecutive (never two nights running)
    first_night: int = 1  # actions cannot be used before this night (seed natural I: no Night 0)
    only_night: int = 0  # Night X (MafiaScum): usable on that night only; 0 = any night
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
    # an effect says something like "Choose a Guild," you may choose your own'), "message", "role";
    # "" = nothing.
    choose: str = ""
    # The role it comes from in a hybrid written as several ('Cop Doctor': the Cop's Investigate),
    # as the host spelt it; "" = the role's own (its base). Engine-only, never read from roles.toml:
    # a [role]-Immune target or a [role] Enabler judges the action by it.
    origin: str = ""

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
    # A passive with a number of uses in the game (a 1-Shot Bulletproof: {"immunity": 1}): the
    # player's charges under that key, spent when it saves them; absent = unlimited.
    charged: Mapping[str, int] = EMPTY

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
