"""What hostkit tells players privately: role PMs, night result PMs, mid-night info, and writing
PMs to files.

Each public function takes a loaded Game, builds a plain context (dicts, lists and strings: the
template's documented variables) from the game's data, and renders it through render.py. The
functions decide WHAT a player learns (exactly what the night's outcome holds for them); the
templates decide only how it looks.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...model.state import RETURNED
from ...model.errors import HostkitError, RuleError
from ...rules.linked import told_night
from .context import _player, _renderer, _role_pm_context, _seat_order, game_context, setup_facts

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.roles import Role
    from ..render import Renderer


def _pm_renderer(game: "Game", fmt: str | None) -> "Renderer":
    """PMs render in FMT, else the game's pm-format option (Markdown for Discord), else its format."""
    from ...game.formats import pm_format

    return _renderer(game, fmt or pm_format(game))


def role_pm(game: "Game", player: str, *, renderer: "Renderer | None" = None, fmt: str | None = None) -> str:
    """The role PM of one player (template ``role_pm``)."""
    name = _player(game, player)
    r = renderer or _pm_renderer(game, fmt)
    ctx = _role_pm_context(game, name)
    ctx["game"] = game_context(game, r.format)
    return r.render("role_pm", **ctx)


def role_pms(game: "Game", player: str | None = None, *, fmt: str | None = None) -> list[tuple[str, str]]:
    """(player, text) role PMs for every player in seat order, or for PLAYER only.

    Template ``role_pm``, context: ``game``, ``player`` (the name), ``role`` (see
    :func:`role_context`), ``partners`` ([{name, role, alive}]: the rest of the player's faction,
    alive or not, for roles with knows_faction; else empty).
    """
    r = _pm_renderer(game, fmt)
    names = [_player(game, player)] if player is not None else _seat_order(game)
    return [(n, role_pm(game, n, renderer=r)) for n in names]


# ----------------------------------------------------------------------------- night results


def _result_items(result: str | tuple[str, ...]) -> list[str]:
    return [result] if isinstance(result, str) else list(result)


def night_pms(game: "Game", night: int, player: str | None = None, *, fmt: str | None = None) -> list[tuple[str, str]]:
    """(player, text) night result PMs for night NIGHT, in seat order; players who learn nothing get
    none. With PLAYER, only that player's PM (an empty list when they learned nothing).

    A player learns exactly what the night's outcome holds for them: their results, a block
    notice only where the block is ``notified``, and the engine's notices to them (attacked but
    survived, redirected - without the new target - ...). Deaths, saves by others and failed
    actions are not told. A result whose target is not the one the player chose (a redirect)
    is shown without a target. Template ``night_result``, context: ``game``, ``player``, ``role`` (the
    role's name), ``night``, ``results`` ([{ability, target, result, seen}]: ``result`` a string,
    or the items joined; ``seen`` always a list, empty when nothing was seen), ``blocked`` (bool),
    ``stopped`` ([str]: the uses a block stopped, when another action of the player's took place;
    empty when the block stopped everything they did), ``took_place`` ([str]: when a block stopped
    none of the actions they entered, the ones that had already taken place), ``notices`` ([str]). A captive whose abductor was killed that night outside the resolution (a
    modkill) is told of their return (see :func:`returned`).
    """
    outcome = game.outcomes.get(night)
    if outcome is None:
        done = sorted(game.outcomes)
        raise RuleError(f"night {night} has not been resolved"
                        + (f" (resolved nights: {', '.join(map(str, done))})" if done else " yet"))
    game.require_settled("night", night)  # a co-hosts' merge conflict decides what they learn
    return _result_pms(game, [outcome], night, "night", _chosen_targets(game, night), player, fmt,
                       _night_extra(game, night, outcome))


def _night_extra(game: "Game", night: int, outcome: Any) -> dict[str, list[str]]:
    """player -> what night NIGHT's PM tells them beside the outcome's own notices: a return to
    play, a departure or a win (departed), the Spirit-bond (bonds_told)."""
    extra = returned(game, f"night {night}", "tonight")
    for name in _seat_order(game):  # a 'Night 2 Companion' or Informed is told on its night
        ps = game.state.players.get(name)
        if ps is not None and ps.alive and told_night(game.state.role_of(name)) == night:
            extra.setdefault(name, []).extend(setup_facts(game, name))
    for told in (departed(game, night), bonds_told(game, night, outcome)):
        for name, lines in told.items():
            extra.setdefault(name, []).extend(lines)
    return extra


def told(game: "Game", outcome: Any) -> list[dict[str, str]]:
    """[{player, text}]: every line of the result PMs of OUTCOME (a night's, or a batch of day
    actions') beside results and block notices (the outcome's notices, returns, departures,
    wins, the Spirit-bond, what the dead are told), in seat order: what `resolve --json` lists as
    `notices`, so it holds everything the PMs say. GAME is the game with the outcome recorded
    (or tried: Game.trial)."""
    n, phase = outcome.night, outcome.phase
    extra = _night_extra(game, n, outcome) if phase == "night" else returned(game, f"day {n}", "today")
    return [{"player": name, "text": text} for name in _seat_order(game)
            for text in _notices(game, [outcome], name, phase, n, extra)]


def _notices(game: "Game", outcomes: list, name: str, phase: str, number: int,
             extra: Mapping[str, list[str]] | None) -> list[str]:
    """What PLAYER's result PM says beside results and block notices."""
    notices = list(dict.fromkeys([*(n.text for o in outcomes for n in o.notices if n.player == name),
                                  *(extra or {}).get(name, ())]))
    died = next((d for o in outcomes for d in o.deaths if d.player == name), None)
    if died is not None:
        notices += dead_statement(game) + dues_told(game, name, died.kind, f"{phase} {number}")
    return notices


def day_pms(game: "Game", day: int, player: str | None = None, *, fmt: str | None = None) -> list[tuple[str, str]]:
    """(player, text) result PMs of day DAY's actions (seed natural II: Day and Cycle actions at the
    day's end, Immediate ones at once), as night_pms words a night's: template ``night_result``
    with ``phase`` = "day". Seed paranormal Xenozoologist, 'If he is killed, all abducted players
    are returned to the game': a captive whose abductor left the game on day DAY (a lynch, a
    modkill, a last shot) is told so here too. Refused while the day has resolved no action and
    returned no one."""
    day_ph = next((ph for ph in game.phases if ph.record.kind == "day" and ph.record.number == day), None)
    outcomes = list(day_ph.outcomes) if day_ph is not None else []
    returns = returned(game, f"day {day}", "today")
    if not outcomes and not returns:
        raise RuleError(f"day {day} has resolved no day action" + ("" if day_ph is not None else " (no such day yet)"))
    game.require_settled("day", day)
    chosen = {(a.actor, a.ability.lower()): a.targets for a in (*day_ph.done, *day_ph.actions)} if day_ph else {}
    return _result_pms(game, outcomes, day, "day", chosen, player, fmt, returns)


def departed(game: "Game", night: int) -> dict[str, list[str]]:
    """player -> what they are told of leaving the game after night NIGHT (engine/sides.after_night,
    tag `departed`): seed Xenozoologist, 'Once he has 1 of each, he wins and he and all abducted
    players are removed from the game' - the Xenozoologist that he has won, each captive that they
    leave with him; and a Mind Stealer that reached its goal that night that it has won."""
    from ...model.state import DEPARTED, WON_NIGHT

    out: dict[str, list[str]] = {}
    for name, p in game.state.players.items():
        if p.tags.get(WON_NIGHT) == night:  # seed Harvester: 'The Mind Stealer wins if it has stolen enough points'
            out[name] = [f"Your stolen roles are worth enough points: you have won ({p.tags.get('won')}). You stay "
                         "in the game."]
        if p.tags.get(DEPARTED) != night:
            continue
        held = p.tags.get("abducted")
        by = held.get("by") if isinstance(held, dict) else None
        if p.tags.get("won") and not by:
            out[name] = ["You now hold one specimen of each kind: you have won, and you leave the game with your "
                         "captives."]
        elif by:
            out[name] = [f"Your abductor {by} now holds one specimen of each kind and has won: you leave the game "
                         "with them."]
    return out


def bonds_told(game: "Game", night: int, outcome: Any) -> dict[str, list[str]]:
    """player -> what the Spirit-bond tells them in night NIGHT's PM (seed paranormal Attributes:
    'When this player dies they may choose another living player to bond with. That night they
    visit that player as a ghost and offers them their power. If that player accepts, they lose
    any abilities they may have had and gain the ghost's abilities instead'): a Spirit-bond
    player who died tonight that they may choose; a player who accepted a ghost's offer tonight
    what they now have."""
    from ...game.day.rulings import SPIRIT_BOND

    out: dict[str, list[str]] = {}
    for d in outcome.deaths:
        p = game.state.players.get(d.player)
        if p is not None and SPIRIT_BOND in p.attributes:
            out.setdefault(d.player, []).append(
                "You have the Spirit-bond: you may choose a living player to bond with. Tell the host whom; the "
                "next night your ghost offers them your power.")
    ph = next((ph for ph in game.phases if ph.record.kind == "night" and ph.record.number == night), None)
    for e in (ph.record.events if ph is not None else ()):
        if e.kind == "bond-answer" and e.data.get("accept") and e.actor in game.state.players:
            ghost = str(e.data.get("ghost", ""))
            abilities = [a.name for a in game.state.role_of(e.actor).abilities] if game.state.players[e.actor].alive \
                else []
            out.setdefault(e.actor, []).append(
                f"You accepted {ghost}'s power: from this morning you have their abilities instead of your own"
                + (f" ({', '.join(abilities)})." if abilities else "."))
    return out


def returned(game: "Game", when: str, word: str) -> dict[str, list[str]]:
    """player -> what they are told of their return to play at WHEN ("day 2"): their abductor
    left the game outside a night's resolution (engine/day.release keeps it in tag `returned`)."""
    out: dict[str, list[str]] = {}
    for name, p in game.state.players.items():
        held = p.tags.get(RETURNED)
        by = held.get(when) if isinstance(held, dict) else None
        if by:
            out[name] = [f"Your abductor {by} left the game {word}: you are returned to play."]
    return out


def _result_pms(game: "Game", outcomes: list, number: int, phase: str, chosen, player: str | None,
                fmt: str | None, extra: Mapping[str, list[str]] | None = None) -> list[tuple[str, str]]:
    r = _pm_renderer(game, fmt)
    out = []
    names = [_player(game, player)] if player is not None else _seat_order(game)
    for name in names:
        results = [{"ability": x.ability, "target": _shown_target(x, chosen), "seen": _result_items(x.result),
                    "result": x.result if isinstance(x.result, str) else ", ".join(x.result)}
                   for o in outcomes for x in o.results if x.player == name]
        # a jailed player's notice already says their actions failed (Blocked.own_words)
        blocked = any(b.player == name and b.notified and not b.own_words for o in outcomes for b in o.blocked)
        stopped = list(dict.fromkeys(u for o in outcomes for b in o.blocked if b.player == name and b.notified
                                     for u in b.stopped))
        took_place = [] if stopped else list(dict.fromkeys(
            u for o in outcomes for b in o.blocked if b.player == name and b.notified for u in b.took_place))
        notices = _notices(game, outcomes, name, phase, number, extra)
        if not (results or blocked or notices):
            continue
        ctx = {"game": game_context(game, r.format), "player": name, "role": game.state.players[name].role,
               "night": number, "phase": phase, "results": results, "blocked": blocked, "stopped": stopped, "took_place": took_place,
               "notices": notices}
        out.append((name, r.render("night_result", **ctx)))
    return out


def dues_told(game: "Game", player: str, kind: str, when: str) -> list[str]:
    """What a player who died at WHEN ("night 1") is told they still may do (seed classic
    DeathResolution: 'Last Words: Night 1 only', 'Hunter Shoot: If Hunter + WEREWOLF_KILL',
    'Poisoned hunter cannot shoot', 'Badge Transfer: If Sheriff'): the duties their death owed
    at dawn (engine/day.owed, before any was done, so the PM reads the same later). A Hunter
    with no shot is told so without the cause (games/classic-werewolf/ruleset.toml
    decision dead-told)."""
    if when == "night 1" and game.state.options.get("sheriff"):
        # Seed classic Campaign, Excluded Information: 'Who died (death announcements come AFTER
        # Campaign)': a night-1 victim is not told before the Day 1 election; the host gives
        # their dues at DeathResolution ('hostkit due').
        return []
    out: list[str] = []
    for item in game.death_dues(player, kind, when):
        owes = item["owes"]
        if "last words" in owes:
            out.append("You may leave last words in the thread.")
        if "shot" in owes:
            out.append(f"As the {item['role']}, you may take one living player with you: tell the host whom you "
                       "shoot, or that you hold your fire.")
        elif item["no_shot_because"]:
            out.append(f"As the {item['role']}, you have no last shot: the way you died leaves none.")
        if "badge" in owes:
            out.append("You held the Sheriff's badge: tell the host which living player it passes to, or that "
                       "you tear it up.")
    return out


def dead_statement(game: "Game") -> list[str]:
    """What every dead player is told (the ruleset's [results] `dead-medium` / `dead-no-medium`:
    seed paranormal, 'The Dead channel will start with a statement of whether or not there is a
    Medium in the game'); a Medium is a living player whose role is, or shows as, the Medium."""
    results = game.ruleset.results
    medium = any(p.alive and game.state.role_of(p.name).appears_as("role") == "Medium"
                 for p in game.state.players.values())
    text = results.get("dead-medium" if medium else "dead-no-medium")
    return [text] if text else []


def _chosen_targets(game: "Game", night: int) -> dict[tuple[str, str], tuple[str, ...]]:
    """(actor, ability) -> the targets the player chose on that night, from the record."""
    for ph in game.phases:
        if ph.record.kind == "night" and ph.record.number == night:
            return {(a.actor, a.ability.lower()): a.targets for a in ph.actions}
    return {}


def _shown_target(result: Any, chosen: Mapping[tuple[str, str], tuple[str, ...]]) -> str:
    """The result's target, unless the action was redirected: a redirected player is told the
    result (and the engine's redirect notice) but never the player it landed on."""
    if not result.target or result.note:
        return ""  # a redirected result (its note says so) is about someone else: no name on it
    targets = chosen.get((result.player, result.ability.lower()))
    if targets is not None and result.target not in targets:
        return ""
    return result.target


def _attack_targets(game: "Game", actions: Sequence[Any], actor: str) -> list[str]:
    """Targets of the recorded kill actions of others, in entry order (as game.check_action judges)."""
    out: list[str] = []
    for a in actions:
        if a.skip or a.actor == actor or a.actor not in game.state.players:
            continue
        ab = game.state.role_of(a.actor).ability(a.ability)
        if ab is not None and any(e.kind == "kill" for e in ab.effects) and a.targets[0] not in out:
            out.append(a.targets[0])
    return out


def _needs_info(role: "Role") -> bool:
    """A role is told things mid-night if it acts on the night's attacks (the Witch) or may not
    repeat last night's target (the Guard)."""
    return any(ab.requires == "attacked" or ab.no_repeat for ab in role.abilities)


def night_info_players(game: "Game") -> list[str]:
    """Living players, in seat order, whose role needs mid-night information (:func:`night_info`)
    and who have something to learn tonight (`nothing_to_learn`)."""
    return [n for n in _seat_order(game) if game.state.players[n].alive and _needs_info(game.state.role_of(n))
            and not nothing_to_learn(game, n)]


def night_info_left_out(game: "Game") -> list[str]:
    """Why each living player whose role is told things mid-night gets no PM tonight."""
    return [why for n in _seat_order(game) if game.state.players[n].alive and _needs_info(game.state.role_of(n))
            and (why := nothing_to_learn(game, n))]


def nothing_to_learn(game: "Game", name: str) -> str:
    """Why NAME, whose role is told things mid-night, learns nothing tonight ('' when they do).
    One who acts on the night's attacks (the Witch) learns them, and what she has left, while
    any of her abilities has a use left (seed WitchAction: the kill target, the remaining
    potions); one who may not repeat last night's target (the Guard) learns it when there was
    one (seed GuardAction: the previous night's target), so never on night 1."""
    ps = game.state.players[name]
    role = game.state.role_of(name)
    night = game.current.record.number
    if any(ab.requires == "attacked" for ab in role.abilities) and any(
            ab.uses is None or ps.charges.get(ab.key, 0) > 0 for ab in role.abilities):
        return ""
    if any(ab.no_repeat and ps.last_night.get(ab.key) == night - 1 and ps.last_targets.get(ab.key)
           for ab in role.abilities):
        return ""
    return (f"{name} ({role.name}) has nothing to learn tonight: no potion or use left for the night's attacks, "
            "and no target of last night's to be barred")


def night_info(game: "Game", player: str, *, fmt: str | None = None) -> str:
    """The mid-night PM for a role that acts on the night's attacks (classic-werewolf's Witch) or
    may not repeat last night's target (the Guard, who learns whom they chose last night).

    Built from the CURRENT night's recorded actions: the player learns the targets of the
    others' kill actions, never themselves (a player who is the target is not told, and an
    ability that cannot target them is not offered for them), and the charges left on each of
    the role's limited abilities. An ability with ``requires = "attacked"`` is offered when it has
    uses left and some attacked player it may target. Template ``night_info``, context: ``game``,
    ``player``, ``role`` (name), ``night``, ``watches_attacks`` (bool), ``attacked`` ([names]),
    ``abilities`` ([{name, summary, requires_attack (bool), offered (bool), targets ([names]),
    uses_left (int or None), barred ([names chosen last night, not allowed tonight])}]).
    """
    name = _player(game, player)
    ph = game.current
    if ph.record.kind != "night" or game.state.phase == "over":
        raise RuleError(f"night info is for the current night, and it is {ph.record.label}")
    ps = game.state.players[name]
    role = game.state.role_of(name)
    if not ps.alive:
        raise RuleError(f"{name} is dead")
    if not _needs_info(role):
        raise RuleError(f"{name} ({role.name}) is told nothing mid-night: no ability acts on the night's "
                        "attacks or forbids last night's target")
    watches = any(ab.requires == "attacked" for ab in role.abilities)
    others = [t for t in _attack_targets(game, ph.actions, name) if t != name] if watches else []
    night = ph.record.number
    abilities = []
    for ab in role.abilities:
        left = ps.charges.get(ab.key) if ab.uses is not None else None
        targets = list(others) if ab.requires == "attacked" else []
        has_uses = left is None or left > 0
        barred = list(ps.last_targets.get(ab.key, ())) if ab.no_repeat and ps.last_night.get(ab.key) == night - 1 \
            else []
        abilities.append({"name": ab.name, "summary": ab.summary, "requires_attack": ab.requires == "attacked",
                          "offered": bool(has_uses and (targets or ab.requires != "attacked")),
                          "targets": targets, "uses_left": left, "barred": barred})
    r = _pm_renderer(game, fmt)
    ctx = {"game": game_context(game, r.format), "player": name, "role": role.name, "night": night,
           "watches_attacks": watches, "attacked": others, "abilities": abilities}
    return r.render("night_info", **ctx)


# ----------------------------------------------------------------------------- files

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def pm_filename(index: int, player: str, ext: str = ".txt") -> str:
    """A file name safe on every system for a PM: '03-Ann.txt'; the position keeps names unique."""
    slug = _UNSAFE.sub("_", player).strip("._-")[:60] or "player"
    return f"{index:02d}-{slug}{ext}"


def write_pms(pms: Sequence[tuple[str, str]], out_dir: Path, *, ext: str = ".txt") -> list[Path]:
    """Write one file per PM into OUT_DIR (created if needed), all as one change (outdir.py: a
    kill leaves the folder as before or as after, never some PMs of each); return the paths."""
    from ...store.outdir import replace_files

    files = {pm_filename(i, player, ext): text.encode("utf-8") for i, (player, text) in enumerate(pms, start=1)}
    return replace_files(Path(out_dir), files)


def pms_text(pms: Sequence[tuple[str, str]]) -> str:
    """PMs for standard output, each under a clear separator line naming its player."""
    return "\n".join(f"===== PM to {player} =====\n{text}" for player, text in pms)
