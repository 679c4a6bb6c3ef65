"""Who wins a game whose sides win in different ways (seed paranormal's Victory lines).

A role's `victory` key (roles.toml) names how its player wins; the ruleset option
`victory = "sides"` reads them. The kinds (VICTORIES) are a closed list, documented in
games/README.md:

- "" (a team): the player wins when their alignment wins (Town, Doppelgangers, a Rogue
  Doppelganger's ally).
- `survive`: alive and in play when the game ends, whoever else wins (the Survivor); never
  stops another side's win.
- `specimens`: holds one specimen of each kind (the Xenozoologist's four): wins at once, and
  leaves the game with every captive (tag `departed`); stops only the `exterminate` win.
- `infest`: every surviving player carries the tag `infested` when the game ends, alive or not
  (the Infester); never stops another side's win.
- `bloom`: eliminated on the day after its Seeding (the Bloom); never stops another side's win.
- `last-alive`: every other player is dead and it is alive (the Organ Harvester).
- `exterminate`: every player not of its alignment is dead; it need not be alive.
- `dominate`: every opposing group is dead and no living player outside it can kill (the
  Hivemind, with the players it converted).
- `points`: has stolen roles worth the game's `mind-stealer-goal` points (the Mind Stealer):
  wins at once, and stays in the game; never stops another side's win.

Pure functions over the replayed state; nothing here does I/O. The game (game.py) calls
`after_night`, `after_day` and `victory` as it replays the record.
"""

from __future__ import annotations

from typing import Any

# DEPARTED, WON_NIGHT (the night a Mind Stealer reached its goal; it stays in the game): model/state.py's
from ..model.state import DEPARTED, WON_NIGHT  # noqa: F401 (re-exported)

VICTORIES = {
    "": "wins with its alignment",
    "survive": "alive and in play at the game's end, whoever else wins",
    "specimens": "one specimen of each kind held: wins at once and leaves with the captives",
    "infest": "every surviving player infested at the game's end (need not be alive)",
    "bloom": "eliminated on the day after its Seeding",
    "last-alive": "every other player dead, and alive",
    "exterminate": "every player not of its alignment dead (need not be alive)",
    "dominate": "every opposing group dead and no one left who can kill",
    "points": "stolen roles worth the game's mind-stealer-goal points: wins at once",
}

# Kinds whose living players never stop another side's win (seed: the Survivor wins 'regardless
# of which side wins'; the Xenozoologist 'only obstructs the win condition of the Exterminator').
PASSIVE_KINDS = frozenset({"survive", "specimens", "infest", "bloom", "points"})
SPECIMEN_KINDS = ("Human", "Psychic Human", "Doppelganger", "Alien")
KILLING = frozenset({"kill", "ignite", "infect", "kill-visitors"})


def kind(state: Any, p: Any) -> str:
    """The player's victory kind (their role's `victory`)."""
    return getattr(state.ruleset.roles[p.role], "victory", "")


def out_tags(state: Any) -> set[str]:
    """The tags that take a living player out of play (option out-of-play), and `departed`."""
    return {t for t in str(state.options.get("out-of-play", "")).split(",") if t} | {DEPARTED}


def gone(p: Any) -> bool:
    """Has the player left the game for good: a Xenozoologist who won and his captives
    (`departed`), a consumed Advanced Doppelganger (his `abducted` tag says `left_game`)?"""
    data = p.tags.get("abducted")
    return DEPARTED in p.tags or (isinstance(data, dict) and bool(data.get("left_game")))


def in_play(state: Any) -> list[Any]:
    """The living players still in play: not abducted, consumed or departed."""
    out = out_tags(state)
    return [p for p in state.players.values() if p.alive and not out & set(p.tags)]


def side(state: Any, p: Any) -> str:
    """The side a player's win goes with: the Hivemind's converts are the Hivemind's."""
    return p.faction if p.faction == "Hivemind" else p.alignment


def can_kill(state: Any, p: Any) -> bool:
    """Whether the player has an ability (with charges left) that kills: the Vigilante, the War
    Vet's alert (seed Hivemind: 'the town has no way of stopping them (Vig, War Vet, etc)')."""
    role = state.ruleset.roles[p.role]
    for ab in role.abilities:
        if ab.factional or (ab.uses is not None and p.charges.get(ab.key, ab.uses) <= 0):
            continue
        if {e.kind for e in ab.effects} & KILLING:
            return True
    return False


def victory(state: Any) -> str | None:
    """The side that has won by the roles' `victory` kinds, or None while the game goes on.

    Checked in this order: the Exterminators (every non-Exterminator dead, alive or not), the
    Organ Harvester (the last one alive), the Hivemind (no opposing group left, no one outside it
    who can kill, and at least half of the players in play: the lynch cannot stop it either), the Doppelgangers (at least half of the players in play, with no other killing group
    in play), the Town (no player of a hostile group in play). Players out of play (abducted,
    consumed, departed) are neither counted nor counted against. With no team left in play and
    no hostile group either, the game is over with no side winning ('nobody')."""
    out = out_tags(state)
    alive = [p for p in state.players.values() if p.alive and not gone(p)]
    playing = [p for p in alive if not out & set(p.tags)]
    everyone = list(state.players.values())
    ext = {p.alignment for p in everyone if kind(state, p) == "exterminate"}
    for a in sorted(ext):
        if all(p.alignment == a for p in alive):
            return a
    if not playing:
        return "nobody"
    for p in playing:
        if kind(state, p) == "last-alive" and all(q is p for q in alive):
            return p.alignment
    groups = {side(state, p) for p in playing if kind(state, p) not in PASSIVE_KINDS}
    hives = {side(state, p) for p in playing if kind(state, p) == "dominate" or p.faction == "Hivemind"}
    for h in sorted(hives):
        members = [p for p in playing if side(state, p) == h]
        if not groups - {h, "Town"} and len(members) * 2 >= len(playing) \
                and not any(side(state, p) != h and can_kill(state, p) for p in playing):
            return h
    for team in sorted({side(state, p) for p in playing if not kind(state, p)} - {"Town"} - hives):
        members = [p for p in playing if side(state, p) == team]
        if not groups - {team, "Town"} and len(members) * 2 >= len(playing):
            return team
    # A kept captive of a hostile group is alive and comes back when its abductor leaves the
    # game (seed Xenozoologist: 'If he is killed, all abducted players are returned to the
    # game'; Town: 'every Doppelganger and every other killer is dead'): no Town win yet.
    kept = {side(state, p) for p in alive if p not in playing and kind(state, p) not in PASSIVE_KINDS
            and _returns(state, p)}
    if groups <= {"Town"} and kept <= {"Town"}:
        return "Town" if groups else "nobody"
    return None


def _returns(state: Any, p: Any) -> bool:
    """Is P held by an abductor still in play, so that P returns to play when it leaves?"""
    data = p.tags.get("abducted")
    if not isinstance(data, dict) or data.get("kind") == "consumed" or data.get("left_game"):
        return False
    by = state.players.get(data.get("by"))
    return by is not None and by.alive and not gone(by)


def end_winners(state: Any, winner: str) -> dict[str, str]:
    """Every player who has won when the game ends with WINNER ('nobody' at the maximum game day
    or when no side is left): the winning side's players, and each third party whose own
    condition holds now (the Survivor alive and in play, the Infester with every survivor
    infested), besides those who won earlier (the Xenozoologist, the Mind Stealer)."""
    won: dict[str, str] = {}
    playing = in_play(state)
    for p in state.players.values():
        k = kind(state, p)
        if p.tags.get("won"):
            won[p.name] = str(p.tags["won"])
        elif k == "survive":
            if p in playing:
                won[p.name] = "alive and in play at the end of the game"
        elif k == "infest":
            rest = [q for q in playing if q is not p]
            if rest and all("infested" in q.tags for q in rest):
                won[p.name] = "every surviving player is infested"
        elif k in ("specimens", "points", "bloom"):
            continue
        elif k == "last-alive":
            if p.alive and side(state, p) == winner:
                won[p.name] = "the last one alive"
        elif winner != "nobody" and side(state, p) == winner and "spore-spreader" not in p.tags:
            won[p.name] = f"{winner} won"
    return won


# --------------------------------------------------------------------------- mid-game wins


def after_night(state: Any, night: int) -> None:
    """What a resolved night settles: a Xenozoologist holding every kind wins and leaves the
    game with his captives; a Bloom's Seeding marks the day that must lynch."""
    for p in list(state.players.values()):
        k = kind(state, p)
        if k == "specimens" and p.alive and not p.tags.get("won") \
                and all(s in p.tags.get("specimens", ()) for s in SPECIMEN_KINDS):
            p.tags["won"] = f"held one specimen of each kind after night {night}"
            p.tags[DEPARTED] = night
            for q in state.players.values():
                data = q.tags.get("abducted")
                if isinstance(data, dict) and data.get("by") == p.name:
                    q.tags[DEPARTED] = night
        elif k == "bloom" and "seeded" in p.tags and "bloom-day" not in p.tags:
            p.tags["bloom-day"] = night
        elif k == "points" and not p.tags.get("won"):
            goal = int(state.options.get("mind-stealer-goal", 0) or 0)
            got = stolen_points(state, p)
            if goal and got >= goal:
                p.tags["won"] = f"stole roles worth {got} point{'' if got == 1 else 's'} (goal {goal}) by night {night}"
                p.tags[WON_NIGHT] = night  # its night PM tells it (publish/pms.departed)


def stolen_points(state: Any, p: Any) -> int:
    """The points of the roles a Mind Stealer has stolen (tag `stockpile`), by the game's
    `mind-stealer-points` (ROLE:N,...; a role not listed is worth 1)."""
    table = points_table(state.options)
    return sum(table.get(r.lower(), 1) for r in p.tags.get("stockpile", ()))


def points_table(options: Any) -> dict[str, int]:
    """The `mind-stealer-points` option as {role (lower case): points}."""
    out: dict[str, int] = {}
    for part in str(options.get("mind-stealer-points", "") or "").split(","):
        if ":" in part:
            role, _, n = part.rpartition(":")
            out[role.strip().lower()] = int(n)
    return out


def lynch_required(state: Any, day: int) -> str | None:
    """Why day DAY must end with an elimination (a Bloom seeded the night before), or None."""
    for p in state.players.values():
        if kind(state, p) == "bloom" and p.tags.get("bloom-day") == day and p.alive:
            return ("Spore Spreader (Bloom): 'All players will be made aware of the plants the following morning. That "
                    "day, the players MUST perform a lynch': "
                    f"the town was seeded on night {day}, so day {day} must eliminate someone")
    return None


def after_day(state: Any, day: int, eliminated: str | None, pick: Any) -> list[str]:
    """A day's end: a Bloom eliminated on the day after its Seeding converts every other player
    (the Spore Spreader wins); one not eliminated that day dies the following night; an Infester
    eliminated releases a spore cloud on one random uninfested player (PICK chooses from a
    sorted list: the game's seeded random). Returns what happened, in words."""
    said = []
    for p in list(state.players.values()):
        k = kind(state, p)
        if k == "bloom" and p.tags.get("bloom-day") == day:
            if p.name == eliminated:
                p.tags["won"] = f"eliminated on day {day}, the day after the Seeding"
                for q in state.players.values():
                    if q.alive and q is not p:
                        q.alignment = p.alignment
                        q.faction = None
                        q.tags["spore-spreader"] = day
                said.append(f"{p.name}'s plants release their spores: every other player becomes a Spore Spreader")
            elif p.alive:
                p.tags["wilting"] = {"by": p.name, "kills_on": day + 1, "type": "wilt", "strength": 99,
                                     "cause": "Bloom", "flavour": "bloom", "location": "{player}'s home"}
                said.append(f"{p.name} was not eliminated on day {day}: the Bloom dies on night {day + 1}")
        elif k == "infest" and p.name == eliminated:
            # Seed Infester: the spores 'are therefore blocked by a Tech Shield': the cloud infects
            # one of the uninfested players it can reach, never an Anti-Tech Field holder.
            clean = sorted(q.name for q in in_play(state) if "infested" not in q.tags
                           and not _tech_shielded(state, q))
            if clean:
                victim = pick(clean)
                state.players[victim].tags["infested"] = {"by": p.name, "cloud": day}
                said.append(f"{p.name}'s spore cloud infests {victim}")
    return said


def _tech_shielded(state: Any, p: Any) -> bool:
    """Does the player hold an Anti-Tech Field: by role or attribute, built (a tag), or an item?"""
    if "anti-tech" in state.role_of(p.name).passives or "anti-tech" in p.tags:
        return True
    table = getattr(state.ruleset, "items", None) or {}
    return any(c > 0 and n in table and "anti-tech" in table[n].grants for n, c in p.items.items())


def setup_questions(ruleset: Any, dealt: list[str], options: Any) -> list[str]:
    """The judgements the seed leaves to the host that this game needs and the host has not
    given: `new` prints them and `status`/`due` repeat them until they are set ('hostkit option')."""
    kinds = {ruleset.roles[r].victory for r in dealt if r in ruleset.roles}
    out = []
    if "max-day" in ruleset.options and not int(options.get("max-day") or 0):
        out.append("no maximum game day is set (seed General Rules: 'The Game will have a set Maximum game-day'): "
                   "set it with 'hostkit option max-day=N' (the last day played)")
    if "last-alive" in kinds and "abomination-night" in ruleset.options and not int(options.get("abomination-night") or 0):
        out.append("an Organ Harvester is dealt: 'After some # of nights (based on player count) the Abomination is "
                   "released' (seed Harvester) is the host's number: set it with 'hostkit option abomination-night=N'; "
                   "until then the Abomination never comes")
    if "points" in kinds and "mind-stealer-goal" in ruleset.options and not int(options.get("mind-stealer-goal") or 0):
        out.append("a Mind Stealer is dealt: 'The Mind Stealer needs to steal X points worth of Roles to win. Points per "
                   "role will be revealed to the MS during the role PM' (seed Harvester) is the host's: set them with "
                   "'hostkit option mind-stealer-goal=N' and 'hostkit option mind-stealer-points=ROLE:N,...' before "
                   "night 1 resolves (a role not listed is worth 1); until then the Mind Stealer cannot win")
    return out


def option_refusal(ruleset: Any, options: Any) -> tuple[str, str] | None:
    """The option (key, why) whose value cannot work, or None: what `new` refuses, and what a
    hand-edited game.toml is refused for."""
    for key in ("max-day", "abomination-night", "mind-stealer-goal"):
        if key in ruleset.options and int(options.get(key, 0) or 0) < 0:
            return key, f"must be 0 or more, not {options.get(key)}"
    for part in str(options.get("mind-stealer-points", "") or "").split(","):
        if not part.strip():
            continue
        role, sep, n = part.rpartition(":")
        if not sep or not n.strip().isdigit():
            return "mind-stealer-points", f"{part.strip()!r} is not ROLE:N (N a whole number)"
        if not any(r.lower() == role.strip().lower() for r in ruleset.roles):
            return "mind-stealer-points", f"{ruleset.name} has no role {role.strip()!r}"
    return None


def setup_refusal(ruleset: Any, options: Any) -> str | None:
    """Why a game cannot start with these options (a value that cannot work), or None."""
    why = option_refusal(ruleset, options)
    return None if why is None else f"--option {why[0]}: {why[1]}"


def max_day(state: Any) -> int:
    """The game's maximum day (option max-day; 0: none)."""
    try:
        return int(state.options.get("max-day", 0) or 0)
    except (TypeError, ValueError):
        return 0


__all__ = ["VICTORIES", "setup_questions", "victory", "end_winners", "after_night", "after_day", "lynch_required",
           "max_day", "option_refusal", "in_play", "stolen_points", "points_table"]
