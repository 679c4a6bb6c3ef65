"""The Mind Stealer's stockpile as the host records it: the starting roles, a stockpiled role
taken on for a Day/Night phase, and the role given to the Robot (seed paranormal, Harvester).

Seed: "The Mind Stealer begins the game with 2 Roles available (1 Investigative, 1 Random). The
Mind Stealer may choose to take on any Role in its stockpile for the next Day/Night phase and use
that role instead of Abducting. If the MS chooses a Robot instead of Tech slots they may give the
Robot a Role each day from their stockpile. The Robot can use that role in addition to any actions
the MS takes, and the MS also begins with a Bodyguard Role of their choice in addition to the
other two."

Each choice is a ruling (a DayEvent `stockpile-*`), checked here when the host types it
(`*_events`) and applied on replay (`apply`). GameState.role_of (model.with_stockpile) gives the
Mind Stealer the abilities the tags `taken-on` and `robot-role` name while their phases last, so
the engine resolves them like any role's. Pure functions, no I/O.

- The stockpile is the starting roles (tag `stockpile-start`) and the stolen ones (tag
  `stockpile`, set by effect steal-role); only the stolen ones count for the win ('needs to
  steal X points worth of Roles').
- A taken-on role lasts the phase it is recorded in and the phase after it (a Day/Night pair);
  its abilities replace the Mind Stealer's (no Abduct meanwhile).
- The Robot exists when the Mind Stealer took it instead of tech ('hostkit tech pick MS Robot', or 'none');
  its role is given by day and lasts that day and the night after; its abilities are added to
  the Mind Stealer's under the name 'Robot ABILITY' (a separate action, no exclusive group), used
  by the Robot's own body ("Ms's Robot": it visits and is struck, not the Mind Stealer). A Robot
  struck at night is destroyed (tag `robot-destroyed`): no role is given to it any more.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any, Sequence

from ...model import checks
from ...model.errors import HostkitError, RuleError
from ...model.state import ROBOT_DESTROYED, ROBOT_PREFIX, GameState, stockpile_role as active
from ...model.entries import DayEvent, Removal
from ...model.roles import Role
from .tech import DECLINED, PICKS, is_stealer

if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game

KINDS = ("stockpile-start", "stockpile-take", "stockpile-robot")
START = "stockpile-start"  # tag: the starting roles
STOLEN = "stockpile"  # tag: the stolen roles (effect steal-role)
TAKEN = "taken-on"  # tag: {"role", "phases": [[kind, number], ...]}
ROBOT = "robot-role"  # tag: {"role", "phases": [[kind, number], ...]}
SEED = "seed Harvester"
KEPT = "abducted"  # tag: kept out of play by an abductor (engine/effects/base.OUT; not imported: status stays light)


def option_roles(state: GameState) -> list[str]:
    """The starting roles the host set at `new` (option mind-stealer-roles: 'ROLE,ROLE')."""
    return [r.strip() for r in str(state.options.get("mind-stealer-roles", "") or "").split(",") if r.strip()]


def starting(state: GameState, name: str) -> list[str]:
    """The Mind Stealer's starting roles: recorded (hostkit stockpile start), else the option's."""
    return list(state.players[name].tags.get(START) or ()) or option_roles(state)


def stockpile(state: GameState, name: str) -> list[str]:
    """The roles the Mind Stealer may use: the starting roles, then the stolen ones."""
    return starting(state, name) + list(state.players[name].tags.get(STOLEN) or ())


def has_robot(state: GameState, name: str) -> bool | None:
    """True: the Robot (tech slots left empty); False: tech picked; None: not decided yet."""
    tags = state.players[name].tags
    if tags.get(DECLINED):
        return True
    if tags.get(PICKS):
        return False
    return None


def investigative(role: Role) -> bool:
    """A role with an investigating ability (the seed's 'Investigators' step of the event order)."""
    return any(a.category == "investigate" for a in role.abilities)


def bodyguard(role: Role) -> bool:
    """One of the seed's Bodyguard variants (Heroic, Observant, Vengeful Guard, Guardian)."""
    return role.name.startswith("Bodyguard")


# --------------------------------------------------------------------------- the host's entries


def _stealer(game: Game, player: str) -> str:
    name = game.player(player)
    state = game.state
    if state.winner:
        raise RuleError(f"the game is over: {state.winner} won")
    if not is_stealer(state, name):
        raise RuleError(f"{name} ({state.players[name].role}) is not a Mind Stealer: only it has a stockpile ({SEED})")
    if not state.players[name].alive:
        raise RuleError(f"{name} is dead: a dead Mind Stealer uses no stockpile")
    return name


def _not_stunned(state: GameState, name: str, ph: Any) -> None:
    """Seed Psychic Warden, Stun Orb: no 'active abilities the following day': a Mind Stealer
    stunned last night neither takes on a role nor gives its Robot one today."""
    if ph.record.kind != "day":
        return
    from ...engine.day import night_tag_today  # lazily: status does not load the day's rules

    stunned = night_tag_today(state, name, "stunned", ph.record.number)
    if stunned is not None:
        raise RuleError(f"{name} was stunned last night by {stunned.get('role') or stunned.get('by')}: no active "
                        "abilities the following day (seed Psychic Warden, Stun Orb)")


def _role(game: Game, word: str) -> str:
    role = game.ruleset.role(word)
    if role is None:
        from ...model.errors import suggest

        raise RuleError(f"unknown role {word!r}{suggest(word, list(game.ruleset.roles))}")
    return role.name


def _from_stockpile(state: GameState, name: str, word: str, game: Game) -> str:
    role = _role(game, word)
    pile = stockpile(state, name)
    if role not in pile:
        raise RuleError(f"{role} is not in {name}'s stockpile ({', '.join(pile) or 'empty'}): the Mind Stealer "
                        f"uses 'any Role in its stockpile' ({SEED})")
    return role


def _covers(game: Game) -> list[list[Any]]:
    rec = game.current.record
    nxt = checks.next_phase(checks.numbering(game.ruleset, game.setup.options), rec.kind, rec.number)
    return [[rec.kind, rec.number], [nxt[0], nxt[1]]]


def start_events(game: Game, player: str, words: Sequence[str]) -> list[DayEvent]:
    """The Mind Stealer's starting roles, chosen at the start of the game: 1 Investigative and
    1 Random, and with the Robot also a Bodyguard role of their choice."""
    name = _stealer(game, player)
    ph = game.open_phase()
    first = game.phases[0].record
    if ph.record.kind != first.kind or ph.record.number != first.number:
        raise RuleError(f"the starting roles are set at the start of the game ({first.label}), and it is "
                        f"{ph.record.label} ({SEED}: 'begins the game with 2 Roles available')")
    state = game.state
    if starting(state, name):
        raise RuleError(f"{name}'s starting roles are already set: {', '.join(starting(state, name))}"
                        + ("" if state.players[name].tags.get(START) else " (option mind-stealer-roles)"))
    robot = has_robot(state, name)
    if robot is None:
        raise RuleError(f"first record {name}'s choice of a Robot or 2 Small Tech slots ('hostkit tech pick {name} "
                        f"Robot' for the Robot, else its items): with the Robot it also begins with a Bodyguard role")
    roles = [_role(game, w) for w in words]
    check_start(state, name, roles, robot)
    return [DayEvent(START, name, None, data={"roles": roles})]


def check_start(state: GameState, name: str, roles: list[str], robot: bool) -> None:
    """Why these starting roles break the seed, raised as a RuleError."""
    want = 3 if robot else 2
    what = ("1 Investigative, 1 Random and a Bodyguard role (the Robot)" if robot
            else "1 Investigative, 1 Random")
    if len(roles) != want:
        raise RuleError(f"{name} begins with {want} roles ({what}; {SEED}), got {len(roles)}")
    table = state.ruleset.roles
    for r in roles:
        if r not in table:
            raise RuleError(f"unknown role {r!r}")
        if getattr(table[r], "victory", "") == "points":
            raise RuleError(f"{r} cannot be stockpiled: it is the Mind Stealer's own kind")
    need = [investigative, bodyguard] if robot else [investigative]
    ok = any(all(test(table[r]) for test, r in zip(need, order)) for order in permutations(roles, len(need)))
    if not ok:
        raise RuleError(f"{name}'s starting roles must be {what} ({SEED}): "
                        + ("none of them is investigative" if not any(investigative(table[r]) for r in roles)
                           else "no Bodyguard role beside the Investigative one"))


def take_events(game: Game, player: str, word: str) -> list[Removal | DayEvent]:
    """The Mind Stealer takes on a stockpiled role for this phase and the next, instead of Abducting:
    the take, last, after the removals of what the player declined this phase (a declined Abduct
    uses nothing, so it gives way to the take in the same commit; decision declined-then-take).
    An action entered and not declined is refused: the host removes it first."""
    name = _stealer(game, player)
    ph = game.open_phase()
    state = game.state
    role = _from_stockpile(state, name, word, game)
    _not_stunned(state, name, ph)
    held = active(state.players[name].tags.get(TAKEN), state)
    if held:
        raise RuleError(f"{name} has already taken on {held} for this Day/Night phase")
    bare = game.untargeted_abilities()
    mine = [a for a in (*ph.actions, *getattr(ph, "done", ())) if a.actor == name]
    declined = [a for a in ph.actions if a.actor == name and (a.declined or not a.targets and a.ability.lower() not in bare)]
    entered = [a.ability for a in mine if a not in declined]
    if entered:
        raise RuleError(f"{name} has entered {', '.join(entered)} in {ph.record.label}: a taken-on role is used "
                        f"'instead of Abducting' ({SEED}); remove it first (hostkit act --remove {name} \"{entered[0]}\")")
    return [*(Removal(a.actor, a.ability) for a in declined),
            DayEvent("stockpile-take", name, None, data={"role": role, "phases": _covers(game)})]


def robot_events(game: Game, player: str, word: str) -> list[DayEvent]:
    """The Mind Stealer gives its Robot a stockpiled role, by day; it lasts that day and the night after."""
    name = _stealer(game, player)
    ph = game.open_phase()
    state = game.state
    if not has_robot(state, name):
        raise RuleError(f"{name} has no Robot: only a Mind Stealer who chose the Robot instead of Tech slots "
                        f"('hostkit tech pick {name} Robot') gives it a role ({SEED})")
    gone = state.players[name].tags.get(ROBOT_DESTROYED)
    if gone:
        when = f" on night {gone.get('night')}" if isinstance(gone, dict) and gone.get("night") else ""
        raise RuleError(f"{name}'s Robot was destroyed{when}: it can no longer be given a role (decision mind-stealer-robot)")
    if state.players[name].tags.get(KEPT):
        raise RuleError(f"{name} is kept out of play by an abductor: it gives its Robot no role until it returns "
                        f"(decision mind-stealer-robot)")
    if ph.record.kind != "day":
        raise RuleError(f"the Robot is given a role each day ({SEED}), and it is {ph.record.label}")
    _not_stunned(state, name, ph)
    held = active(state.players[name].tags.get(ROBOT), state)
    if held:
        raise RuleError(f"{name}'s Robot already has {held} today: one role each day")
    role = _from_stockpile(state, name, word, game)
    return [DayEvent("stockpile-robot", name, None, data={"role": role, "phases": _covers(game)})]


# --------------------------------------------------------------------------- replay


def apply(state: GameState, event: DayEvent, player: Any) -> None:
    """Replay one stockpile ruling onto the state (a hand-edited record is checked here too)."""
    who = player(event.actor)
    ps = state.players[who]
    if not is_stealer(state, who):
        raise HostkitError(f"{who} is not a Mind Stealer")
    if event.kind == START:
        roles = [str(r) for r in event.data.get("roles", ())]
        try:
            check_start(state, who, roles, bool(has_robot(state, who)))
        except RuleError as exc:
            raise HostkitError(str(exc)) from None
        ps.tags[START] = roles
        return
    role = str(event.data.get("role", ""))
    if role not in stockpile(state, who):
        raise HostkitError(f"{role!r} is not in {who}'s stockpile")
    phases = []
    for i, pair in enumerate(event.data.get("phases", ())):
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2 or pair[0] not in ("day", "night")
                or isinstance(pair[1], bool) or not isinstance(pair[1], int) or pair[1] < 0):
            raise HostkitError(f"data.phases[{i}]: expected [\"day\" or \"night\", NUMBER], got {pair!r}")
        phases.append([pair[0], pair[1]])
    ps.tags[TAKEN if event.kind == "stockpile-take" else ROBOT] = {"role": role, "phases": phases}


# --------------------------------------------------------------------------- what the host is asked


def prompts(game: Game) -> list[dict[str, Any]]:
    """A living Mind Stealer with no starting roles yet: ask for them (and for the Robot-or-tech
    choice first when it is open)."""
    state = game.state
    out: list[dict[str, Any]] = []
    for p in state.players.values():
        if not p.alive or not is_stealer(state, p.name):
            continue
        if not p.tags.get(START) and option_roles(state):
            # The host's option is checked like 'stockpile start', once the Robot-or-tech choice is known.
            why = _option_problem(state, p.name)
            if why:
                out.append({"player": p.name, "role": p.role, "ask": "stockpile",
                            "text": f"option mind-stealer-roles ({', '.join(option_roles(state))}) does not fit "
                                    f"the seed: {why}; fix it in game.toml"})
            continue
        if starting(state, p.name):
            continue
        robot = has_robot(state, p.name)
        if robot is None:
            text = (f"{p.name} (Mind Stealer) chooses a Robot or 2 Small Tech slots: ask, then 'hostkit tech pick "
                    f"{p.name} Robot' for the Robot (or its items); then its starting roles (or set "
                    "options.mind-stealer-roles = \"ROLE,ROLE\" in game.toml)")
        else:
            what = "1 Investigative, 1 Random and a Bodyguard role (the Robot)" if robot else "1 Investigative, 1 Random"
            text = (f"{p.name} (Mind Stealer) begins with {what}: ask which, then 'hostkit stockpile start "
                    f"{p.name} ROLE...' (or set options.mind-stealer-roles in game.toml)")
        out.append({"player": p.name, "role": p.role, "ask": "stockpile", "text": text})
    return out


def _option_problem(state: GameState, name: str) -> str | None:
    """Why the option's starting roles break the seed for this Mind Stealer, or None."""
    roles = option_roles(state)
    unknown = [r for r in roles if r not in state.ruleset.roles]
    if unknown:
        return f"unknown role {unknown[0]!r}"
    robot = has_robot(state, name)
    try:
        check_start(state, name, roles, bool(robot))
    except RuleError as exc:
        if robot is None and len(roles) == 3:
            return None  # three roles: right once the Robot is chosen
        return str(exc)
    return None


def overview(state: GameState, names: Sequence[str]) -> list[dict[str, Any]]:
    """`hostkit stockpile show`: each Mind Stealer's stockpile, and the roles taken on now."""
    out = []
    for name in names:
        tags = state.players[name].tags
        out.append({"player": name, "alive": state.players[name].alive, "start": starting(state, name),
                    "stolen": list(tags.get(STOLEN) or ()), "robot": has_robot(state, name),
                    "robot_destroyed": bool(tags.get(ROBOT_DESTROYED)),
                    "taken_on": active(tags.get(TAKEN), state),
                    "robot_role": None if tags.get(ROBOT_DESTROYED) else active(tags.get(ROBOT), state)})
    return out


def show(game: Game, player: str | None) -> list[dict[str, Any]]:
    """The Mind Stealer named (refused if not one), or every Mind Stealer of the game."""
    state = game.state
    if player is None:
        return overview(state, [n for n in state.players if is_stealer(state, n)])
    name = game.player(player)
    if not is_stealer(state, name):
        raise RuleError(f"{name} ({state.players[name].role}) is not a Mind Stealer: only it has a stockpile ({SEED})")
    return overview(state, [name])


def stealer_facts(game: "Game", name: str) -> list[str]:
    """What a Mind Stealer's role PM tells it (seed Harvester: 'Points per role will be revealed
    to the MS during the role PM'): its goal in points, the points per role, its stockpile, and
    its Robot; [] for every other player."""
    from ...engine import sides

    state = game.state
    ps = state.players[name]
    if sides.kind(state, ps) != "points":
        return []
    goal = int(state.options.get("mind-stealer-goal", 0) or 0)
    table = sides.points_table(state.options)
    if goal:
        worth = ", ".join(f"{r.name} {table[r.name.lower()]}" for r in game.ruleset.roles.values()
                          if r.name.lower() in table)
        out = [f"To win you must steal roles worth {goal} points. Points per role: "
               + (f"{worth}; any other role is worth 1." if worth else "every role is worth 1.")]
    else:
        out = ["To win you must steal enough points' worth of roles: the host tells you the goal and the points "
               "per role."]
    have = stockpile(state, name)
    if have:
        out.append(f"Your stockpile: {', '.join(have)}. Instead of abducting you may take on one of these roles for a "
                   "day and the night after.")
    if has_robot(state, name):
        out.append("You took the Robot instead of tech: each day you may give it a role from your stockpile, and it "
                   "uses that role beside your own action.")
    return out
