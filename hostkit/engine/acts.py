"""An action as the night runs it (Act: the actor, the ability, the targets as they stand after
redirects and swaps) and the marks an act leaves on the Night: a Block, a Protection, a Heal, an
Attack; with which protections stop which acts, and which blocks stop which abilities.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, Sequence

from ..model.roles import Ability, Effect, Role
from ..model.entries import Action
from ..model.state import body_name
from ..model.records import slotted

HOME = "home"
AWAY = "away"
JAILED = "jailed"

SELF = -1  # an effect's `target = -1`: the acting player themself (a Veteran's self-protection)
_NO_TAGS: Mapping[str, Any] = MappingProxyType({})


@slotted
class Act:
    """An action being resolved: the recorded Action with its ability, role and current targets."""

    action: Action
    ability: Ability
    role: Role
    targets: tuple[str, ...]  # the current targets (a redirect or a bus drive changes them)
    index: int  # entry order among this night's actions (used only by first-entered and ordered rulesets)
    redirected: bool
    failed: str | None  # why it failed, once it has
    blocked: bool
    ran: int  # when it resolved (its place in the night's resolution order)
    done: bool  # it resolved (seed natural I: only a resolved action visits)
    visited: tuple[str, ...]
    keeps_charge: bool  # a charge it would spend is not spent (a one-shot stopped by a shield)
    step: int  # its step, when its step's actions are simultaneous (Ruleset.simultaneous), else -1
    # Read on every lookup of a night, so kept on the Act itself rather than computed each time
    # (a property is a Python call and a second object to reach): set once, from the Action.
    actor: str
    body: str
    """Who physically acts: the player, or a body of theirs (Ability.body: "Ms's Robot"). Visits,
    blocks, attacks made and struck back, and the log go by the body; charges, entry, results and
    PMs by the player (`actor`)."""
    skip: bool
    """An explicit skip: an entry declined (Action.declined, `skip = true`), or an ability that
    takes targets entered without any. (An ability with no targets, like a commute, is used by
    entering it, unless declined.)"""

    def __init__(self, action: Action, ability: Ability, role: Role, targets: tuple[str, ...], index: int,
                 redirected: bool = False, failed: str | None = None, blocked: bool = False, ran: int = -1,
                 done: bool = False, visited: tuple[str, ...] = (), keeps_charge: bool = False) -> None:
        self.action = action
        self.ability = ability
        self.role = role
        self.targets = targets
        self.index = index
        self.redirected = redirected
        self.failed = failed
        self.blocked = blocked
        self.ran = ran
        self.done = done
        self.visited = visited
        self.keeps_charge = keeps_charge
        self.step = -1
        self.actor = action.actor
        self.body = body_name(self.actor, ability.body)
        self.skip = action.declined or (not action.targets and ability.targets > 0)

    @property
    def name(self) -> str:
        return f"{self.role.name}.{self.ability.name}"

    @property
    def entered(self) -> tuple[str, ...]:
        """The targets the player entered, before any redirect or diversion."""
        return self.action.targets

    def label(self) -> str:
        """'Cop (Ann)', or the body that acts: "Ms's Robot"."""
        if self.ability.body:
            return self.body
        return f"{self.role.name} ({self.actor})"

    @property
    def used(self) -> str:
        """The ability's name as its body uses it: 'Guard' for a Robot's 'Robot Guard'."""
        name, body = self.ability.name, self.ability.body
        return name[len(body) + 1:] if body and name.startswith(body + " ") else name

    def what(self) -> str:
        """'Cop (Ann)'s Investigate' ("Ms's Robot's Guard"): the action named for the log."""
        return f"{self.label()}'s {self.used}"

    def effect_kinds(self) -> set[str]:
        return {e.kind for e in self.ability.effects}

    def is_killing(self) -> bool:
        """Seed natural III: an action is killing only if one of its effects kills when it resolves
        (a poison or a douse is a tag, not a kill)."""
        return any(e.kind in KILLING for e in self.ability.effects)

    def slot(self, effect: Effect, key: str = "target", default: int = 0) -> str | None:
        """The player an effect's target slot names now: `-1` is the actor, else targets[i]."""
        i = effect.get(key, default)
        if i == SELF:
            return self.actor
        return self.targets[i] if 0 <= i < len(self.targets) else None


KILLING = frozenset({"kill", "ignite"})


def personal_act(act: "Act") -> bool:
    """MafiaScum's Personal: the role's own action neither touches nor sees a factional action
    (the Mafia's kill): a block does not stop it, a protection does not cover it, a reading of
    tonight's actions does not see it (inlined where a block or protection is weighed: it is asked often)."""
    return "personal" in act.role.passives and not act.ability.factional

# Seed paranormal Body Double: it 'stops all other forms of death/capture'. The effects that make
# an action one of death or capture: a kill, a blast that kills where it lands (the Plasma Bomb),
# and an abduction (a capture: the player is taken out of play). A conversion (a Consume, a
# domination), a block, an investigation or a tag is neither (decision body-double-reach).
DEATH_OR_CAPTURE = KILLING | frozenset({"plasma", "abduct"})


def protects_from(against: str, act: Act) -> bool:
    """Does a protection of this `against` stop every effect of `act` on its target? `all`:
    every action; `kill`: an action that kills (seed natural III); `death-capture`: an action
    that kills, blasts or captures (seed paranormal Body Double); `kill-effect`: none (only the
    kill itself, which settle.py weighs)."""
    if against == "all":
        return True
    if against == "kill":
        return act.is_killing()
    if against == "death-capture":
        return any(e.kind in DEATH_OR_CAPTURE for e in act.ability.effects)
    return False


@slotted
class Block:
    by: Act
    scope: str  # moving | all | all-but
    exempt: tuple[str, ...]
    notify: str  # moving | all | none
    shorts: bool  # a tech short (an EMP, a pulse), not a role-block: it stops unblockable roles too
    removes: bool  # an abduction: the player is out of play, so even an unblockable role stops

    def __init__(self, by: Act, scope: str, exempt: tuple[str, ...], notify: str, shorts: bool = False,
                 removes: bool = False) -> None:
        self.by = by
        self.scope = scope
        self.exempt = exempt
        self.notify = notify
        self.shorts = shorts
        self.removes = removes

    def stops(self, act: Act) -> bool:
        return scope_stops(self.scope, self.exempt, act.role.name, act.ability) and not (
            act.ability.factional and "personal" in self.by.role.passives and not self.by.ability.factional)

    def notifies(self, act: Act) -> bool:
        if self.notify == "all":
            return True
        if self.notify == "moving":
            return act.ability.moves
        return False


@slotted
class Protection:
    by: Act
    against: str  # kill (killing actions: every effect) | kill-effect (only the kill) | all (every effect)
    #               | death-capture (every effect of an action that kills, blasts or captures)
    strength: int
    kinds: tuple[str, ...]
    sides: frozenset[str]  # die-instead | kill-attacker | learn-attacker
    limit: int  # 0: every attack this night
    target: str
    used: int

    def __init__(self, by: Act, against: str, strength: int, kinds: tuple[str, ...], sides: frozenset[str],
                 limit: int, target: str = "", used: int = 0) -> None:
        self.by = by
        self.against = against
        self.strength = strength
        self.kinds = kinds
        self.sides = sides
        self.limit = limit
        self.target = target
        self.used = used

    def covers(self, attack: "Attack") -> bool:
        """Does this protection stop the attack? Only attacks made by an action are covered:
        a tag's delayed kill (poison) is not an action (seed natural III, footnote 1)."""
        if attack.by is None or self.by.failed or (attack.by.ability.factional and "personal" in self.by.role.passives
                                                   and not self.by.ability.factional):
            return False
        if self.limit and self.used >= self.limit:
            return False
        if self.kinds and attack.kind not in self.kinds:
            return False
        return attack.strength <= self.strength

    def shields(self, act: Act) -> bool:
        """Does it stop the non-kill effects of `act` on its target? (seed natural III)"""
        if act is self.by or self.by.failed or (act.ability.factional and "personal" in self.by.role.passives
                                                and not self.by.ability.factional):
            return False
        return protects_from(self.against, act)


@slotted
class Heal:
    by: Act
    strength: int
    kinds: tuple[str, ...]
    cures: tuple[str, ...]

    def __init__(self, by: Act, strength: int, kinds: tuple[str, ...], cures: tuple[str, ...]) -> None:
        self.by = by
        self.strength = strength
        self.kinds = kinds
        self.cures = cures


@slotted
class Attack:
    target: str
    by: Act | None  # None: a tag's delayed kill with no action behind it
    attacker: str  # the player who attacks
    kind: str
    strength: int
    cause: str
    flavour: str
    location: str
    rampage: bool
    heals: bool  # a heal at the end of the night can undo it
    also: tuple[str, ...]  # other players whose identical attack this one stands for (two fires)

    def __init__(self, target: str, by: Act | None, attacker: str, kind: str, strength: int, cause: str,
                 flavour: str, location: str, rampage: bool = False, heals: bool = True,
                 also: tuple[str, ...] = ()) -> None:
        self.target = target
        self.by = by
        self.attacker = attacker
        self.kind = kind
        self.strength = strength
        self.cause = cause
        self.flavour = flavour
        self.location = location
        self.rampage = rampage
        self.heals = heals
        self.also = also


def scope_stops(scope: str, exempt: Sequence[str], role: str, ability: Ability) -> bool:
    """Does a block of SCOPE stop ROLE's ABILITY? `moving` stops only actions that leave home;
    `all` and `all-but` stop every action but those EXEMPT names ('Role', 'Role.Ability' or
    'Ability'). Also what `hostkit.game.waiting` asks of a player's own block (a Heavy Shield's
    Brace), so the waiting list and the night cannot disagree."""
    if scope == "moving" and not ability.moves:
        return False
    if scope in ("all-but", "all"):
        names = (role.lower(), f"{role}.{ability.name}".lower(), ability.name.lower())
        return not any(n.lower() in names for n in exempt)
    return True
