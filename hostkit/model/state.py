"""The replayed state: PlayerState and GameState, built by the game's replay of setup and record and read
by the engine (never stored as truth), with the helpers that give a player's role as it stands tonight
(a picked ability, a stockpiled role, the Robot, withheld and borrowed abilities, attributes).

Only these are mutable: records.mutable, a dataclass's interface built without compiling code, and only
while the replay builds them; the engine reads them and never changes them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from .records import field, mutable
from .roles import Ability, EMPTY, Role, Ruleset

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

    def partner_ability(self, name: str, word: str,
                        partners: Mapping[tuple[str, str], tuple[str, Ability]] | None = None,
                        ) -> tuple[str, Ability] | None:
        """(owner, ability): a `factional` ability of another living member of NAME's faction's own
        role, which NAME may use in the owner's place (seed natural II: "Factional — May be used
        by allied players instead of the player who owns it"; seed IV: allied is the same side,
        confirmed to them, as a faction that knows itself is), or None. An ability of NAME's own
        role (a faction-wide one included) is never a partner's. `partners` (self.partners(),
        when a phase asks for many) answers without walking every player again."""
        p = self.players.get(name)
        if p is None or not p.faction:
            return None
        own = self.role_of(name)
        if own.ability(word) is not None or "no-team-actions" in own.passives or not own.knows_faction:
            return None
        if partners is not None:  # NAME's role has no ability of that name: the owner found is another
            return partners.get((p.faction, word.lower()))
        for other in self.players.values():
            if other.name != name and other.alive and other.faction == p.faction:
                ab = self.role_of(other.name).ability(word)
                if ab is not None and ab.factional:
                    return other.name, ab
        return None

    def partners(self, roles: Mapping[str, Role] | None = None) -> dict[tuple[str, str], tuple[str, Ability]]:
        """Every answer partner_ability can give, from one walk of the players: (faction, ability
        name in lower case) -> (owner, ability), the first living member in seat order whose own
        role's ability of that name is `factional`. `roles` (when given) holds living players'
        roles already worked out. For a phase that looks up many actions: one walk, not one each."""
        out: dict[tuple[str, str], tuple[str, Ability]] = {}
        for other in self.players.values():
            if not other.alive or not other.faction:
                continue
            role = roles.get(other.name) if roles else None
            seen: set[str] = set()
            for ab in (role or self.role_of(other.name)).abilities:
                low = ab.name.lower()
                if low not in seen:  # Role.ability's answer is the first of a name
                    seen.add(low)
                    if ab.factional:
                        out.setdefault((other.faction, low), (other.name, ab))
        return out

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
