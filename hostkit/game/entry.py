"""Entry rules: checking an action against the rules when the host types it (and again on
replay, so a bad hand edit is reported with its file and key).

Pure functions over a game's replayed state (`game` is only read: its setup for names, its
phases for history): who may act, which ability, how many targets, self-targets, living
targets, allied and unallied, repeats, charges, exclusive abilities, a required attack, skips;
and reading 'ACTOR [ABILITY] [TARGET]...' from the command line or a file.

"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..model.errors import HostkitError, RuleError, suggest
from ..model.roles import Ability
from ..model.entries import Action, PhaseRecord
from ..model.state import GameState, withheld_ability
from .choices import chosen
from ..rules.items import entry_conflict, find_ability, innate_of, is_item_word, split_words as split_item_words

if TYPE_CHECKING:  # pragma: no cover
    from ..model.view import GameView as Game, Phase

SKIP_WORDS = ("skip", "none", "-")


def split_words(game: Game, words: list[str]) -> tuple[str, str | None, list[str]]:
    """ACTOR [ABILITY] [TARGET]...: the second word is the ability when it names one of the actor's."""
    if not words:
        raise HostkitError("an action needs ACTOR [ABILITY] [TARGET]...")
    actor = game.player(words[0])
    rest = words[1:]
    if rest and (game.state.role_of(actor).ability(rest[0]) is not None
                 or innate_of(game.state, actor, rest[0]) is not None
                 or game.state.partner_ability(actor, rest[0]) is not None
                 or withheld_ability(game.state, actor, rest[0])):  # check_action names the rule
        return actor, rest[0], rest[1:]
    if rest and is_item_word(game.ruleset, rest[0]):  # an item's ability, or Pass PLAYER ITEM
        return (actor, *split_item_words(game.ruleset, rest))
    names = {p.name.lower() for p in game.setup.players}
    if rest and rest[0].lower() not in names and rest[0].lower() not in SKIP_WORDS and any(
            r.ability(rest[0]) for r in game.ruleset.roles.values()):
        return actor, rest[0], rest[1:]  # another role's ability: check_action names the mistake
    if len(rest) > 1 and rest[0].lower() not in SKIP_WORDS and not _names_a_player(game, rest[0]):
        # 'act Ann Chek Bob': the second word is neither an ability nor a player; name it
        # rather than counting it as a target ("Check takes 1 target(s), got 2").
        role = game.state.role_of(actor)
        abilities = [a.name for a in role.abilities]
        raise HostkitError(f"{actor} ({role.name}) has no ability {rest[0]!r}, and no player is called that"
                           + suggest(rest[0], abilities + [p.name for p in game.setup.players])
                           + f"; {role.name} abilities: {', '.join(abilities) or 'none'}")
    return actor, None, rest


def _names_a_player(game: Game, word: str) -> bool:
    try:
        game.player(word)
    except HostkitError:
        return False
    return True

# -- validation
def check_action(game: Game, state: GameState, actor_word: str, ability_word: str | None, target_words: list[str],
                 *, current: list[Action], phase: PhaseRecord, seq: int | None = None) -> Action:
    """Validate an action against the rules; return it with names made exact, or raise RuleError."""
    if state.winner:
        raise RuleError(f"the game is over: {state.winner} won")
    actor = game.player(actor_word)
    ps = state.players[actor]
    role = state.role_of(actor)
    if not ps.alive:
        raise RuleError(f"{actor} is dead: dead players cannot act")
    if ability_word is None:
        ability = _implied_ability(state, actor, phase, target_words)
    else:
        ability = role.ability(ability_word)
        withheld = withheld_ability(state, actor, ability_word) if ability is None else None
        if withheld:
            raise RuleError(f"{actor} ({role.name}) {withheld}")
        if ability is None:  # an item the actor holds (refused here, naming the rule, if not held)
            found = find_ability(state, actor, ability_word)
            ability = found[1] if found else None
        if ability is None:
            raise RuleError(f"{actor} ({role.name}) has no ability {ability_word!r}"
                            + suggest(ability_word, [a.name for a in role.abilities])
                            + f"; {role.name} abilities: {', '.join(a.name for a in role.abilities) or 'none'}")
    where = f"{actor} ({role.name}) {ability.name}"
    held = _held(state, actor)
    if held is not None and not _usable_while_held(held, role.name, ability.name):
        raise RuleError(f"{where}: {actor} {_held_words(held)}: no actions but remote tech (seed Abduction)")
    if not phase_ok(ability, phase):
        raise RuleError(f"{where}: usable only {_when(ability)}, and it is {phase.label}")
    if seq is None and fixing_tonight(state, actor, phase) \
            and not (target_words and target_words[0].lower() in SKIP_WORDS):
        # At entry only: a record made before this check replays (the engine fails it, charge kept).
        raise RuleError(f"{where}: {actor} spends {phase.label} fixing their shorted-out tech, which uses up all their "
                        "night actions (seed EMP Pulse Bomb: 'Tech devices can be fixed the following night, but this "
                        "uses up any Night Actions of that player')")
    if phase.kind == "day":
        from ..engine.day import night_tag_today

        stunned = night_tag_today(state, actor, "stunned", phase.number)
        if stunned is not None and not _usable_while_held(stunned, role.name, ability.name):
            raise RuleError(f"{where}: {actor} was stunned last night by {stunned.get('role') or stunned.get('by')}: no "
                            "active abilities the following day (seed Psychic Warden, Stun Orb)")
    if phase.number < ability.first_night and phase.kind == "night":
        raise RuleError(f"{where}: cannot be used before night {ability.first_night}"
                        + (" (seed natural I: no actions during Night 0 unless otherwise stated)"
                           if phase.number == 0 else ""))
    if ability.window == "ita" and not state.ita_open:
        raise RuleError(f"{where}: usable only during an ITA window, and none is open ('hostkit ita open')")
    key = (f"faction:{role.faction}", ability.key) if ability.factional and role.faction else (actor, ability.key)
    if key in state.acted_now and not ability.innate:
        raise RuleError(f"{where}: already used in {phase.label}, where it resolved at once (Immediate): "
                        "an action may be used once a phase (seed natural II)")
    if ability.phase == "cycle":
        # Seed natural II: once per Cycle, in either phase; day N and night N make cycle N.
        for other in game.phases:
            if other.record.number == phase.number and other.record.kind != phase.kind and any(
                    a.actor == actor and a.ability.lower() == ability.key and a.used(ability.targets)
                    for a in (*other.actions, *other.done)):
                raise RuleError(f"{where}: once per cycle, and it was used in {other.record.label}")
    msg = ability.messages
    holder = state.players[state.charge_holder(actor, ability)]
    if ability.uses is not None and holder.charges.get(ability.key, ability.uses) <= 0:
        raise RuleError(msg.get("uses") or f"{where}: no uses left")
    others = [a for a in current if a.actor == actor and a.ability.lower() != ability.key]
    declining = len(target_words) == 1 and target_words[0].lower() in SKIP_WORDS
    if ability.exclusive and not declining:  # a skip uses nothing: it never breaks exclusivity
        for other in others:
            ob = role.ability(other.ability)
            if ob is not None and ob.exclusive == ability.exclusive and other.used(ob.targets):
                raise RuleError((msg.get("exclusive") or f"{where}: only one {ability.exclusive} ability a "
                                 "phase, and {other} is already entered").format(other=ob.name))
    if len(target_words) == 1 and target_words[0].lower() in SKIP_WORDS:
        if ability_word is None and ability.factional:
            _keep_team_action(state, actor, ability, current)
        if ability_word is None and ability.standing:  # as skipped_abilities leaves it alone
            raise RuleError(f"{where} is used every night without an entry, and a skip with no ability named leaves "
                            f"it on; to turn it off tonight, 'act {actor} {ability.name} skip'")
        if not ability.skippable:
            raise RuleError(msg.get("skip") or f"{where}: cannot be skipped")
        if ability.max_skips_in_a_row and skips_in_a_row(game, state, actor, ability, phase) >= ability.max_skips_in_a_row:
            raise RuleError(msg.get("skip") or f"{where}: cannot be skipped more than "
                            f"{ability.max_skips_in_a_row} nights in a row")
        return Action(actor, ability.name, (), declined=True)
    choice, target_words = chosen(game, ability, target_words, where, msg)
    if len(target_words) != ability.targets:
        raise RuleError(msg.get("targets") or f"{where} takes {ability.targets} target(s), got {len(target_words)}"
                        + (" (or 'skip')" if ability.skippable else ""))
    targets = [game.player(t) for t in target_words]
    if len(set(targets)) < len(targets):
        raise RuleError(msg.get("targets") or f"{where}: names the same player twice")
    for t in targets:
        tp = state.players[t]
        out = _held(state, t) if tp.alive else None
        if out is not None:
            raise RuleError(f"{where}: {t} {_held_words(out)}: they cannot be the target of any other action "
                            "(seed Abduction)")
        if ability.dead_only and tp.alive:
            raise RuleError(f"{where}: {t} is alive; choose a dead player")
        if ability.living_only and not tp.alive:
            raise RuleError((msg.get("dead") or f"{where}: {{target}} is dead; choose a living player").format(target=t))
        if t == actor and not ability.self_target:
            raise RuleError(msg.get("self") or f"{where}: cannot target yourself")
        if ability.allied:
            allied = _allied(state, actor, t, before=seq)
            if ability.allied == "allied" and not allied:
                raise RuleError(msg.get("allied") or f"{where}: {t} is not an allied player")
            if ability.allied == "unallied" and allied:
                raise RuleError(msg.get("unallied") or f"{where}: {t} is an allied player")
    if ability.nights == "non-consecutive" and phase.kind == "night" and ps.last_night.get(ability.key) == phase.number - 1:
        raise RuleError(f"{where}: used last night, and it is never used two nights running (Non-Consecutive Night)")
    if ability.no_repeat and targets and ps.last_night.get(ability.key) == phase.number - 1 \
            and ps.last_targets.get(ability.key) == tuple(targets):
        raise RuleError((msg.get("repeat") or f"{where}: cannot target {{target}} two phases in a row")
                        .format(target=", ".join(targets)))
    if ability.requires == "attacked":
        attacked = _attacked(state, current, actor)
        if targets[0] not in attacked:
            raise RuleError((msg.get("requires") or f"{where}: {{target}} is not under attack tonight")
                            .format(target=targets[0]))
    conflict = entry_conflict(state, actor, ability, current)
    if conflict:
        raise RuleError(conflict)
    return Action(actor, ability.name, tuple(targets), choice=choice)


def _keep_team_action(state: GameState, actor: str, ability: Ability, current: list[Action]) -> None:
    """`act X skip` with no ability named answers X's own abilities: it does not take back the
    team's factional action that a teammate entered (a careless host would lose the night's kill).
    Naming the ability (`act X Kill skip`) still replaces it, as `act` says."""
    faction = state.players[actor].faction
    for a in current:
        if a.actor == actor or a.ability.lower() != ability.key or a.actor not in state.players \
                or state.players[a.actor].faction != faction or not a.used(ability.targets):
            continue
        on = f" on {', '.join(a.targets)}" if a.targets else ""
        raise RuleError(f"{actor} ({state.role_of(actor).name}) has no ability of its own to skip now, and the "
                        f"{faction}'s {ability.name} is entered by {a.actor}{on}: a skip with no ability named "
                        f"leaves a teammate's team action standing; to take it back, "
                        f"'act {actor} {ability.name} skip' (or 'act --remove {a.actor} {ability.name}')")


def fixing_tonight(state: GameState, player: str, phase: PhaseRecord) -> bool:
    """Does the player spend this night fixing shorted-out tech (tag `shorted` for this night)?
    Seed paranormal EMP Pulse Bomb: 'Tech devices can be fixed the following night, but this uses
    up any Night Actions of that player' (decision emp): no action of theirs is taken tonight."""
    data = state.players[player].tags.get("shorted") if player in state.players else None
    return phase.kind == "night" and isinstance(data, dict) and data.get("night") == phase.number


def _held(state: GameState, player: str) -> dict | None:
    """The out-of-play tag a living player carries (the ruleset's `out-of-play` option: paranormal's
    'abducted', a Xenozoologist's captive or a consumed Advanced Doppelganger), or None."""
    tags = state.players[player].tags
    for tag in str(state.options.get("out-of-play", "")).split(","):
        if tag and tag in tags:
            data = tags[tag]
            return data if isinstance(data, dict) else {}
    return None


def _held_words(data: dict) -> str:
    if data.get("kind") == "consumed":
        return "consumed a player and has left the game"
    return (f"was abducted by {data['by']}" if data.get("by") else "was abducted") + " and is out of play"


def _usable_while_held(data: dict, role: str, ability: str) -> bool:
    """An ability the abduction exempts (seed: the Plasma Bomb and Assassin Bot 'can be used even
    while abducted'), named as 'Ability' or 'Role.Ability' in the tag's `except`."""
    names = {n.lower() for n in data.get("except", ())}
    return bool(names & {ability.lower(), f"{role}.{ability}".lower(), role.lower()})


def _implied_ability(state: GameState, actor: str, phase: PhaseRecord, target_words: list[str]) -> Ability:
    """The ability meant when the host left it out (SPEC `act`): the one usable now; else the one
    usable now that takes the number of targets given; else the one usable now of the actor's
    own (not shared with a faction). Refused naming why when none or several fit."""
    role = state.role_of(actor)
    now = usable(state, actor, phase)
    if len(now) == 1:
        return now[0]
    who = f"{actor} ({role.name})"
    if not now:
        if not role.abilities:
            raise RuleError(f"{who} has no abilities")
        why = "; ".join(_unusable(ab, phase) for ab in role.abilities)
        raise RuleError(f"{who} has no ability usable in {phase.label}: {why}")
    skip = len(target_words) == 1 and target_words[0].lower() in SKIP_WORDS
    if not skip:
        fits = [a for a in now if a.targets + bool(a.choose) == len(target_words)]
        if len(fits) == 1:
            return fits[0]
        # A host who leaves ABILITY out means the role's own ability, not a factional one it
        # shares (issue 11: `act Fra Carol` is the Framer's Frame, not the pack's Maul).
        own_fits = [a for a in fits if not a.factional]
        if len(own_fits) == 1:
            return own_fits[0]
    own = [a for a in now if not a.factional]
    if len(own) == 1 and (skip or not any(a.targets == len(target_words) for a in now)):
        return own[0]
    takes = ", ".join(f"{a.name} takes {a.targets}" for a in now)
    given = "a skip fits any of them" if skip else f"{len(target_words)} target(s) given"
    raise RuleError(f"{who} has {len(now)} abilities usable now; name one: {', '.join(a.name for a in now)} "
                    f"({takes}; {given})")


def skipped_abilities(game: Game, state: GameState, actor: str, ability: str | None, target_words: list[str],
                      phase: PhaseRecord, current: Sequence[Action] = ()) -> list[str] | None:
    """`act ACTOR skip` with the ability left out, when ACTOR has several abilities of its own
    usable now: the name of each one it may still use, with a target or none (a skip answers
    them all: a Witch's 'skip' is no potion tonight, with no potion to name; a Cutting Edge
    Scientist's is no Ray, no Body Double, no Pulser); None otherwise (the usual rules apply).
    A factional ability is never among them: the team's action stays as a teammate entered it.
    Nor is one already entered (`current`), or one whose `exclusive` group has an entered use:
    a skip never takes back an action the host entered. With nothing left to skip, it is refused
    naming why (each ability entered, spent, or used without an entry)."""
    if ability is not None or len(target_words) != 1 or target_words[0].lower() not in SKIP_WORDS:
        return None
    try:
        name = game.player(actor)
    except HostkitError:
        return None  # check_action names the unknown player
    if name not in state.players or not state.players[name].alive:
        return None
    ps = state.players[name]
    own = [a for a in usable(state, name, phase) if not a.factional]
    if len(own) <= 1:
        return None
    entered = {a.ability.lower(): a for a in current if a.actor == name and not a.declined}
    groups = {ab.exclusive: ab.name for ab in own if ab.exclusive and ab.key in entered}
    # A standing ability is left alone (saying nothing keeps a War Vet's alert; 'act Wv Alert skip'
    # turns it off for the night), and so is one with no charge left, or one already answered.
    why: list[str] = []
    left: list[str] = []
    for a in own:
        if a.standing:
            why.append(f"{a.name} is used every night without an entry")
        elif a.uses is not None and ps.charges.get(a.key, a.uses) <= 0:
            why.append(f"{a.name} has no uses left")
        elif a.key in entered:
            why.append(f"{a.name} is entered")
        elif a.exclusive and a.exclusive in groups:
            why.append(f"{a.name} shares one {a.exclusive} use a phase with {groups[a.exclusive]}, entered")
        else:
            left.append(a.name)
    if left:
        return left
    role = state.role_of(name).name
    raise RuleError(f"{name} ({role}) has nothing left to skip in {phase.label}: {'; '.join(why)}")


def _unusable(ab: Ability, phase: PhaseRecord) -> str:
    """Why an ability cannot be used in this phase, in the words of its prefix."""
    if not phase_ok(ab, phase):
        return f"{ab.name} is usable only {_when(ab)}"
    if phase.kind == "night" and phase.number == 0:
        return f"{ab.name} cannot be used during Night 0 (seed natural I: no actions during Night 0 unless otherwise stated)"
    return f"{ab.name} cannot be used before night {ab.first_night}"


def skips_in_a_row(game: Game, state: GameState, actor: str, ability: Ability, phase: PhaseRecord) -> int:
    """How many nights in a row, up to the one before `phase`, the ability went unused by its
    user (or, if factional, by every member of the user's faction): an entered skip, or nothing."""
    role = state.role_of(actor)

    def ours(a: Action) -> bool:
        if a.ability.lower() != ability.key or not a.used(ability.targets) or a.actor not in state.players:
            return False
        return a.actor == actor or bool(ability.factional and role.faction
                                        and state.players[a.actor].faction == role.faction)

    count = 0
    for ph in sorted((p for p in game.phases if p.record.kind == "night" and ability.first_night
                      <= p.record.number < phase.number), key=lambda p: -p.record.number):
        if any(ours(a) for a in ph.actions):
            break
        count += 1
    return count


def forced_unused(game: Game, state: GameState, phase: Phase) -> list[str]:
    """Abilities that may not go unused tonight (max_skips_in_a_row reached) and were not entered."""
    out = []
    seen: set[tuple[str, str]] = set()

    def can_act(name: str, ab: Ability) -> bool:  # not kept out of play, not fixing shorted-out tech
        held = _held(state, name)
        return not (held is not None and not _usable_while_held(held, state.role_of(name).name, ab.name)) \
            and not fixing_tonight(state, name, phase.record)

    for p in state.players.values():
        if not p.alive:
            continue
        for ab in state.role_of(p.name).abilities:
            key = (p.faction or p.name, ab.key) if ab.factional else (p.name, ab.key)
            if not ab.max_skips_in_a_row or key in seen or not phase_ok(ab, phase.record):
                continue
            if ab.factional and p.faction:
                if not any(q.alive and q.faction == p.faction and state.role_of(q.name).ability(ab.name) is not None
                           and can_act(q.name, ab) for q in state.players.values()):
                    continue  # no member can enter it tonight: it cannot be demanded
            elif not can_act(p.name, ab):
                continue
            seen.add(key)
            entered = any(a.ability.lower() == ab.key and a.used(ab.targets) and (
                a.actor == p.name or ab.factional and state.players[a.actor].faction == p.faction)
                for a in phase.actions)
            if not entered and skips_in_a_row(game, state, p.name, ab, phase.record) >= ab.max_skips_in_a_row:
                who = f"the {p.faction}" if ab.factional and p.faction else p.name
                out.append(f"{who} have left {ab.name} unused {ab.max_skips_in_a_row} nights in a row "
                           f"and must use it tonight")
    return out


def usable(state: GameState, name: str, phase: PhaseRecord) -> list[Ability]:
    """The player's own abilities usable in that phase."""
    role = state.role_of(name)
    return [a for a in role.abilities if phase_ok(a, phase) and a.first_night <= phase.number]


def phase_ok(ability: Ability, phase: PhaseRecord) -> bool:
    if ability.phase not in ("cycle", "any") and ability.phase != phase.kind:
        return False
    if ability.nights == "even" and phase.number % 2:
        return False
    if ability.nights == "odd" and not phase.number % 2:
        return False
    if ability.only_night and phase.kind == "night" and phase.number != ability.only_night:
        return False  # Night X
    return True


def _when(ability: Ability) -> str:
    base = {"night": "at night", "day": "by day", "cycle": "once a cycle", "any": "once each phase"}[ability.phase]
    if ability.nights != "any":
        base += f" on {ability.nights} {'nights' if ability.phase == 'night' else 'cycles'}"
    if ability.only_night:
        base += f" on night {ability.only_night}"
    return base


def _allied(state: GameState, actor: str, target: str, *, before: int | None = None) -> bool:
    """Seed natural IV: allied = same alignment, and confirmed: publicly, or to the actor (a
    faction that knows itself; `hostkit confirm`). Judged at submission (the FAQ): on replay,
    only confirmations entered before the action (`before`, its seq) count."""
    a, t = state.players[actor], state.players[target]
    role = state.role_of(actor)
    if a.faction and a.faction == t.faction and role.knows_faction:
        return True
    if t.alignment != a.alignment:
        return False

    def known(seq: object) -> bool:
        return isinstance(seq, int) and (before is None or seq < before)

    return known(t.tags.get("confirmed")) or known(dict(t.tags.get("confirmed-to") or {}).get(actor))


def _attacked(state: GameState, current: list[Action], actor: str) -> set[str]:
    out = set()
    for a in current:
        if a.actor == actor or a.actor not in state.players:
            continue
        ab = state.role_of(a.actor).ability(a.ability)
        if ab and ab.targets and a.used(ab.targets) and any(e.kind == "kill" for e in ab.effects):
            out.add(a.targets[0])
    return out
