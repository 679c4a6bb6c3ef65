"""The night being resolved: where everyone is, visits, blocks, protections and attacks.

A `Night` is built from the replayed game state and the night's actions. Effects (effects/)
change it one action at a time, in the order that order.py gives; settle.py turns what is left
at the end (attacks, protections, heals, tags, observations) into the NightOutcome. Every change
writes one plain sentence to the log.

Everything a later step looks up is indexed here (acts by actor, visits from and to a player,
tags by name, the bus drivers' diversion as a permutation), so a night of n actions costs about
n steps, never n squared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..model.roles import Effect, Role, Ruleset
from ..model.state import GameState, PlayerState
from .acts import AWAY, Act, Attack, Block, HOME, Heal, Protection, _NO_TAGS

if TYPE_CHECKING:  # pragma: no cover
    import random  # (the Night's rng: resolver.rng_for's, made at its first draw)


def _file(index: dict[str, Any], key: str, item: Any) -> None:
    """Add `item` to `index[key]`: a 1-tuple for the first (one small object), a list from the
    second on. For indexes that are read only once built (Night.index_visits)."""
    got = index.get(key)
    if got is None:
        index[key] = (item,)
    elif type(got) is tuple:
        index[key] = [*got, item]
    else:
        got.append(item)


class Night:
    """The mutable picture of one night while it resolves."""

    def __init__(self, state: GameState, ruleset: Ruleset, rng: random.Random, *,
                 reach: tuple[Any, ...], usable: tuple[Any, ...], kind_words: Mapping[str, str],
                 phase: str = "night") -> None:
        # The closed registry's rules (engine/effects/), handed in by resolve(): effects/ imports
        # this module, so this module never imports it.
        self._reach = reach
        self._usable = usable
        self.kind_words = kind_words
        self.state = state
        self.ruleset = ruleset
        self.rng = rng
        self.number = state.number
        self.phase = phase  # night, or day: a batch of day actions (the day's end, an Immediate one)
        self.location: dict[str, str] = {}
        # Bodies acting tonight that are not players (Ability.body: "Ms's Robot") -> their act.
        # They visit and can be struck (settle: a struck body is destroyed), but no one targets them.
        self.bodies: dict[str, Act] = {}
        self.tag_index: dict[str, set[str]] = {}  # tag -> living players carrying it at the start
        # Each living player's role, worked out once: the state does not change while a night
        # resolves, and a role is looked up several times a player (the Act, standing abilities,
        # every effect that reads its target's role). One small dict of shared Roles is also far
        # less memory to reach than each player's state, tags and attributes again.
        self.roles: dict[str, Role] = {}
        # The players (alive or dead) who carry tags at the start, in seat order, and their tags:
        # most carry none, so a step that looks for a tag walks these, not every player's state.
        self.carriers: list[PlayerState] = []
        self._tags: dict[str, Mapping[str, Any]] = {}
        # The players (alive or dead) who hold items at the start, in seat order, in a ruleset
        # that has items: the automatic item uses and the modified abilities look only at these.
        self.holders: dict[str, PlayerState] = {}
        items = bool(getattr(state.ruleset, "items", None))  # the table they read (items.items_of)
        role_of = state.role_of
        for p in state.players.values():
            if p.tags:
                self.carriers.append(p)
                self._tags[p.name] = p.tags
            if items and p.items:
                self.holders[p.name] = p
            if p.alive:
                name = p.name
                role = self.roles[name] = role_of(name)
                self.location[name] = AWAY if "away" in role.passives else HOME
                for tag in p.tags:
                    self.tag_index.setdefault(tag, set()).add(name)
        self.acts: list[Act] = []
        self.by_actor: dict[str, tuple[Act, ...]] = {}  # by the body that acts (the player, or their Robot)
        # target -> up to two of the players who entered a kill on them: enough to tell whether
        # anyone other than a given player did (a Bodyguard's `requires = "attacked"`).
        self.attacked_entered: dict[str, tuple[str, ...]] = {}
        self.commuted: set[str] = set()
        self.blocks: dict[str, list[Block]] = {}
        self.redirects: dict[str, tuple[Act, str]] = {}  # actor -> (redirector, new first target)
        self.perm: dict[str, str] = {}  # the bus drivers' diversion: entered target -> where it lands
        self._inv: dict[str, str] = {}
        self.protections: dict[str, list[Protection]] = {}
        self.heals: dict[str, list[Heal]] = {}
        self.attacks: list[Attack] = []
        self.traps: dict[str, tuple[Act, Effect]] = {}  # player -> the alert that kills visitors
        self.framed: dict[str, tuple[Act, Effect]] = {}
        self.jailed: dict[str, Act] = {}
        self.visits: list[tuple[str, str, Act]] = []  # (visitor, visited, act)
        # Built at the end of the night (index_visits); read only, so a single visit is a 1-tuple.
        self.visits_from: dict[str, Sequence[str]] = {}  # visitor -> the players they visited
        self.visits_to: dict[str, Sequence[tuple[str, str, Act]]] = {}  # visited -> its visits (visitor, visited, act)
        self.pending: list[tuple[Act, Effect]] = []  # investigations, computed at the end of night
        self.ignites: list[tuple[Act, Effect]] = []  # ignitions, expanded at the end of night
        self.tags: list[tuple[str, str, Any]] = []  # (player, tag, data) to add
        self.new_tags: dict[str, set[str]] = {}  # tag -> players tagged tonight
        self.untags: dict[tuple[str, str], None] = {}  # (player, tag) to remove, in order
        self.converts: list[tuple[str, str, str | None, Act]] = []  # (player, role, faction, by): add_convert
        self.converts_on: dict[str, list[tuple[str, str, str | None, Act]]] = {}  # player -> theirs, in order
        self.notices: list[tuple[str, str]] = []
        self.happenings: list[tuple[str, str, str, str]] = []  # (player, what, by, note): see model.Happening
        self.blocked: dict[str, list[tuple[str, bool]]] = {}  # player -> [(blocker role, notified)]
        self.failed: list[tuple[str, str, str]] = []
        self.ran = 0
        self.log: list[str] = []
        self.ext: dict[str, Any] = {}  # room for an effect module's own bookkeeping (engine/effects/*.py)

    def add_acts(self, acts: list[Act]) -> None:
        """Register the night's actions and index them by actor and by entered kill target."""
        self.acts = acts
        by_actor, entered = self.by_actor, self.attacked_entered
        for act in acts:
            if act.body != act.actor:
                while act.body in self.state.players:  # a player named "Ms's Robot" stays a player
                    act.body += f" ({act.ability.body})"
                self.bodies.setdefault(act.body, act)
            # A tuple (one object with its items inline, usually of one act): read on every
            # reach check and by many effects, and never changed once the night's acts are in.
            got = by_actor.get(act.body)
            by_actor[act.body] = (act,) if got is None else got + (act,)
            if act.skip:
                continue
            for e in act.ability.effects:
                if e.kind == "kill":
                    t = act.slot(e)
                    if t is not None:
                        got = entered.get(t)
                        if got is None:
                            entered[t] = (act.actor,)
                        elif len(got) < 2 and act.actor not in got:
                            entered[t] = (*got, act.actor)

    # -- looking things up

    def role(self, player: str) -> Role:
        """The player's role tonight (GameState.role_of, worked out once for the living); a
        body's (a Robot) is the role of the player it acts for."""
        role = self.roles.get(player)
        if role is not None:
            return role
        body = self.bodies.get(player)
        return self.state.role_of(body.actor if body is not None else player)

    def owner(self, name: str) -> str:
        """The player behind a name: a body's player ("Ms's Robot" -> "Ms"), else the name."""
        body = self.bodies.get(name)
        return body.actor if body is not None else name

    def tags_of(self, player: str) -> Mapping[str, Any]:
        """The player's tags at the start of the night (read only): their state's own mapping.
        A KeyError for a name that is not a player, as `state.players[name].tags` gives."""
        tags = self._tags.get(player)
        if tags is not None:
            return tags
        if player in self.state.players:
            return _NO_TAGS
        raise KeyError(player)

    def alive(self, player: str) -> bool:
        """Alive at the start of the night (deaths apply only at its end)."""
        return player in self.location

    def say(self, sentence: str) -> None:
        self.log.append(sentence)

    def unusable(self, act: Act) -> str | None:
        """Why the actor may not use this ability tonight at all, or None (game.py checks the same
        at entry; the engine checks again so a hand-edited record cannot break a rule)."""
        ab = act.ability
        if not self.alive(act.actor):
            return f"{act.actor} was already dead"
        if ab.phase == "day" and self.phase == "night":
            return f"{ab.name} is a day action"
        if ab.phase == "night" and self.phase != "night":
            return f"{ab.name} is a night action"
        if self.phase == "night" and self.number < ab.first_night:
            return (f"no actions on Night {self.number}" if self.number == 0
                    else f"{ab.name} cannot be used before night {ab.first_night}")
        if ab.nights == "even" and self.number % 2 or ab.nights == "odd" and not self.number % 2:
            return f"{ab.name} is used only on {ab.nights} " + ("nights" if ab.phase == "night" else "cycles")
        if ab.only_night and self.phase == "night" and self.number != ab.only_night:
            return f"{ab.name} is used only on night {ab.only_night}"
        if ab.nights == "non-consecutive" and self.phase == "night" \
                and self.state.players[act.actor].last_night.get(ab.key) == self.number - 1:
            return f"{ab.name} was used last night, and is never used two nights running"
        holder = self.state.charge_holder(act.actor, ab) if ab.uses is not None else act.actor
        if ab.uses is not None and self.state.players[holder].charges.get(ab.key, ab.uses) <= 0:
            return f"{ab.name} has no uses left"
        for check in self._usable:
            why = check(self, act)
            if why:
                return why
        return None

    def illegal_target(self, act: Act, target: str, slot: int) -> str | None:
        """Why `target` could not stand in the act's target slot `slot` (seed natural I and III:
        a redirect onto an illegal target fails). Allied/unallied is judged only at entry (IV)."""
        ab = act.ability
        if target not in self.state.players:
            return f"{target} is not a player"
        if ab.living_only and not self.alive(target):
            return f"{target} is dead"
        if target == act.actor and not ab.self_target:
            return f"{act.actor} may not target themselves with {ab.name}"
        others = [t for i, t in enumerate(act.targets) if i != slot]
        if target in others:
            return f"{target} is already a target of {ab.name}"
        if ab.no_repeat:
            ps = self.state.players[act.actor]
            would = tuple(target if i == slot else t for i, t in enumerate(act.targets))
            if ps.last_night.get(ab.key) == self.number - 1 and ps.last_targets.get(ab.key) == would:
                return f"{ab.name} may not target {target} two nights running"
        return None

    # -- the things effects do

    def happen(self, player: str, what: str, by: str = "", note: str = "", tell: str = "") -> None:
        """Record something the night did to a player (abducted, converted...) for the host's
        summary, and tell the player `tell` in their night PM."""
        self.happenings.append((player, what, by, note))
        if tell:
            self.notices.append((player, tell))

    def wreck(self, body: str, attacker: str, cause: str, place: str) -> bool:
        """A body that is not a player (Ms's Robot) is struck: it is destroyed, for good. Nothing
        protects it (no one can target it) and it is no death: its player keeps the tag
        '<body>-destroyed' (model.ROBOT_DESTROYED) and is told. False if it was already destroyed."""
        wrecked = self.ext.setdefault("wrecked", set())
        act = self.bodies[body]
        if body in wrecked:
            self.say(f"{cause} ({attacker})'s attack finds {body} already destroyed." if attacker
                     else f"{cause}'s attack finds {body} already destroyed.")
            return False
        wrecked.add(body)
        kind = act.ability.body
        self.tags.append((act.actor, f"{kind.lower()}-destroyed",
                          {"night": self.number, "by": attacker, "cause": cause}))
        by = f"{cause} ({attacker})" if attacker else cause
        self.say(f"{body} is destroyed by {by} at {place}.")
        self.happen(act.actor, f"{kind.lower()} destroyed", attacker, f"{body}, by {by} at {place}",
                    tell=f"Your {kind} was destroyed tonight at {place}. It can no longer be given a role.")
        return True

    def fail(self, act: Act, reason: str) -> None:
        if act.failed is None:
            act.failed = reason
            self.failed.append((act.actor, act.ability.name, reason))
            self.say(f"{act.what()} fails: {reason}.")

    def add_convert(self, player: str, role: str, faction: Any, by: Any) -> None:
        """Record a conversion for dawn: in `converts`, and under the player in `converts_on`, so
        'what is made of this player tonight?' is a look-up, not a pass over every conversion."""
        entry = (player, role, faction, by)
        self.converts.append(entry)
        self.converts_on.setdefault(player, []).append(entry)

    def visit(self, act: Act, target: str) -> None:
        self.visits.append((act.body, target, act))
        if not act.visited and len(act.targets) == 1 and act.targets[0] == target:
            act.visited = act.targets  # the usual one visit: the same tuple, not a copy of it
        else:
            act.visited += (target,)

    def index_visits(self) -> None:
        """Index the night's visits from and to each player, in one pass (once every action has
        resolved: visits are made only when an action resolves). Most players make and receive
        one visit: theirs is a 1-tuple (one small object), a list from the second visit on."""
        froms, tos = self.visits_from, self.visits_to
        for visit in self.visits:
            _file(froms, visit[0], visit[1])
            _file(tos, visit[1], visit)

    def reachable(self, act: Act, target: str) -> str | None:
        """Why the act cannot reach its target tonight, or None."""
        if target == act.body:
            return None
        if not self.alive(target) and act.ability.living_only:
            return f"{target} is dead"
        if target in self.commuted:
            # Seed natural I: a commuted player cannot be targeted; the action fails and does not visit.
            return f"{target} had commuted away and could not be targeted"
        if act.ability.dead_only and self.alive(target):
            return f"{target} is not dead"
        for check in self._reach:
            why = check(self, act, target)
            if why:
                return why
        if not act.ability.moves:
            return None
        jail = self.jailed.get(target)
        if jail is not None and jail is not act and (act.step < 0 or jail.step != act.step):
            return f"{target} was in jail"
        if self.location.get(target) == AWAY and not any(e.get("reaches_away") for e in act.ability.effects):
            return f"{target} was not at home"
        return None

    def block_of(self, act: Act) -> list[Block]:
        """The resolved blocks that stop this act. Another player's block made in the act's own
        simultaneous step (Ruleset.simultaneous) does not: the two happen at once. A player's
        block on themself (a Heavy Shield braced) is their own choice, and holds in its step."""
        step = act.step
        blocks = [b for b in self.blocks.get(act.body, ())
                  if b.by is not act and not b.by.failed and b.stops(act)
                  and (step < 0 or b.by.step != step or b.by.actor == act.actor)]
        if "unblockable" in act.role.passives or (act.ability.factional and "juggernaut" in act.role.passives):
            # Unblockable is not untouchable: an abducted player is out of play (seed Abduction),
            # and a tech short (an EMP) stops the device, not the role. A Juggernaut is unblockable
            # for the factional kill it performs only.
            return [b for b in blocks if b.removes or b.shorts]
        return blocks

    def shield(self, act: Act, target: str) -> Protection | None:
        """A resolved protection on `target` that stops the act's non-kill effects on them."""
        for p in self.protections.get(target, ()):
            if p.shields(act):
                return p
        return None

    def divert(self, a: str, b: str) -> None:
        """Compose a bus drive of a and b into the diversion: whatever now lands on a lands on b."""
        ta, tb = self._inv.get(a, a), self._inv.get(b, b)
        self.perm[ta], self.perm[tb] = b, a
        self._inv[b], self._inv[a] = ta, tb

    def tagged(self, tag: str) -> list[str]:
        """Living players carrying `tag` at the end of the night (tonight's tags included), sorted."""
        return sorted(self.tag_index.get(tag, set()) | self.new_tags.get(tag, set()))
