"""The night being resolved: where everyone is, visits, blocks, protections and attacks.

A `Night` is built from the replayed game state and the night's actions. Effects (effects.py)
change it one action at a time, in the order that order.py gives; settle.py turns what is left
at the end (attacks, protections, heals, tags, observations) into the NightOutcome. Every change
writes one plain sentence to the log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..model import Ability, Action, Effect, GameState, Role, Ruleset

HOME = "home"
AWAY = "away"
JAILED = "jailed"


@dataclass
class Act:
    """An action being resolved: the recorded Action with its ability, role and current targets."""

    action: Action
    ability: Ability
    role: Role
    targets: list[str]
    index: int  # entry order among this night's actions
    redirected: bool = False
    failed: str | None = None  # why it failed, once it has
    done: bool = False
    visited: list[str] = field(default_factory=list)

    @property
    def actor(self) -> str:
        return self.action.actor

    @property
    def name(self) -> str:
        return f"{self.role.name}.{self.ability.name}"

    def label(self) -> str:
        return f"{self.role.name} ({self.actor})"

    def effect_kinds(self) -> set[str]:
        return {e.kind for e in self.ability.effects}

    def is_killing(self) -> bool:
        """Seed natural III: an action is killing only if one of its effects kills when it resolves."""
        return any(e.kind in ("kill", "ignite") for e in self.ability.effects)


@dataclass
class Block:
    by: Act
    scope: str  # moving | all | all-but
    exempt: tuple[str, ...]
    notify: str  # moving | all | none

    def stops(self, act: Act) -> bool:
        if self.scope == "moving" and not act.ability.moves:
            return False
        if self.scope in ("all-but", "all") and _matches(act, self.exempt):
            return False
        return True

    def notifies(self, act: Act) -> bool:
        if self.notify == "all":
            return True
        if self.notify == "moving":
            return act.ability.moves
        return False


@dataclass
class Protection:
    by: Act
    against: str  # kill | all
    strength: int
    kinds: tuple[str, ...]
    side: str  # none | die-instead | kill-attacker | learn-attacker
    limit: int  # 0: every attack this night
    used: int = 0

    def covers(self, attack: "Attack") -> bool:
        if self.limit and self.used >= self.limit:
            return False
        if self.kinds and attack.kind not in self.kinds:
            return False
        return attack.strength <= self.strength


@dataclass
class Heal:
    by: Act
    strength: int
    kinds: tuple[str, ...]
    cures: tuple[str, ...]


@dataclass
class Attack:
    target: str
    by: Act | None  # None: a tag's delayed kill or a trap with no action behind it
    attacker: str  # the player who attacks
    kind: str
    strength: int
    cause: str
    flavour: str
    location: str
    rampage: bool = False
    heals: bool = True  # a heal can undo it


def _matches(act: Act, names: tuple[str, ...]) -> bool:
    """True if the act is named in a list of 'Role' or 'Role.Ability' entries."""
    for n in names:
        low = n.lower()
        if low in (act.role.name.lower(), act.name.lower(), act.ability.name.lower()):
            return True
    return False


class Night:
    """The mutable picture of one night while it resolves."""

    def __init__(self, state: GameState, ruleset: Ruleset, rng: random.Random) -> None:
        self.state = state
        self.ruleset = ruleset
        self.rng = rng
        self.number = state.number
        self.location: dict[str, str] = {}
        for p in state.players.values():
            if p.alive:
                self.location[p.name] = AWAY if "away" in self.role(p.name).passives else HOME
        self.acts: list[Act] = []
        self.blocks: dict[str, list[Block]] = {}
        self.redirects: dict[str, tuple[Act, str]] = {}  # actor -> (redirector, new target)
        self.swaps: list[tuple[Act, str, str]] = []
        self.protections: dict[str, list[Protection]] = {}
        self.heals: dict[str, list[Heal]] = {}
        self.attacks: list[Attack] = []
        self.traps: dict[str, tuple[Act, Effect]] = {}  # player -> the alert that kills visitors
        self.framed: dict[str, tuple[Act, Effect]] = {}
        self.jailed: dict[str, Act] = {}
        self.visits: list[tuple[str, str, Act]] = []  # (visitor, visited, act)
        self.pending: list[tuple[Act, Effect]] = []  # investigations, computed at the end of night
        self.tags: list[tuple[str, str, Any]] = []  # (player, tag, data) to add
        self.untags: list[tuple[str, str]] = []
        self.converts: list[tuple[str, str, str | None, Act]] = []  # (player, role, faction, by)
        self.notices: list[tuple[str, str]] = []
        self.blocked: dict[str, list[tuple[str, bool]]] = {}  # player -> [(blocker role, notified)]
        self.failed: list[tuple[str, str, str]] = []
        self.log: list[str] = []

    # -- looking things up

    def role(self, player: str) -> Role:
        return self.state.role_of(player)

    def player_role_label(self, player: str) -> str:
        return f"{self.role(player).name} ({player})"

    def alive(self, player: str) -> bool:
        return self.state.players[player].alive

    def say(self, sentence: str) -> None:
        self.log.append(sentence)

    # -- the things effects do

    def fail(self, act: Act, reason: str) -> None:
        if act.failed is None:
            act.failed = reason
            self.failed.append((act.actor, act.ability.name, reason))
            self.say(f"{act.label()}'s {act.ability.name} fails: {reason}.")

    def visit(self, act: Act, target: str) -> None:
        self.visits.append((act.actor, target, act))
        act.visited.append(target)

    def reachable(self, act: Act, target: str) -> str | None:
        """Why a moving action cannot reach its target's home, or None."""
        if not act.ability.moves or target == act.actor:
            return None
        where = self.location.get(target)
        if where is None:
            return f"{target} is dead"
        if target in self.jailed and self.jailed[target] is not act:
            return f"{target} was in jail"
        if where == AWAY and not any(e.get("reaches_away") for e in act.ability.effects):
            return f"{target} was not at home"
        return None

    def block_of(self, act: Act) -> list[Block]:
        if "unblockable" in act.role.passives:
            return []
        return [b for b in self.blocks.get(act.actor, []) if b.by is not act and b.stops(act)]

    def unvisit(self, act: Act) -> None:
        """Take back an action's visits: it turned out to fail (seed natural I)."""
        self.visits = [v for v in self.visits if v[2] is not act]
        act.visited.clear()
