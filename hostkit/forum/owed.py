"""What a PM may say for a player beyond their role's abilities usable now (`hostkit inbox`'s
reading, hostkit.forum.inbox): a dead player's duties still owed (a last shot, the badge: read as
abilities are), whether they may leave last words, the duties entered already, and the abilities
of the items a living player holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .pmread import _STOP

if TYPE_CHECKING:
    from ..game.game import Game


class Duty(NamedTuple):
    """What a dead player owes (a last shot, the badge), read as an ability is."""

    name: str
    targets: int = 1
    verbs: tuple[str, ...] = ()
    effects: tuple = ()


_DUTIES = {"shot": Duty("Shoot", 1, ("shoot", "kill", "take")),
           "badge": Duty("Badge", 1, ("badge", "give", "hand", "heir"))}


def dues(game: Game, player: str) -> list[str]:
    """What a dead player's death still owes ("last words", "shot", "badge"), engine/day.owed's
    (every ruleset: one without last words, shots or a badge owes nothing)."""
    from ..game.day.rulings import due

    return [o for d in due(game) if d["player"] == player for o in d["owes"]]


def owed(game: Game, player: str) -> list[Duty]:
    """What a dead player owes now that a PM can say (a last shot, the badge)."""
    return [_DUTIES[o] for o in dues(game, player) if o in _DUTIES]


def done(game: Game, player: str) -> list[Duty]:
    """The duties a dead player's latest death owed that are entered already (a shot taken)."""
    from ..engine.day import owed as owed_by

    since = game.current.index - 1
    recent = [(p, k, w) for p, k, w, i in game.state.deaths if i >= since and p == player]
    then = [o for d in owed_by(game.state, recent, set()) for o in d["owes"] if o in _DUTIES]
    now = {d.name for d in owed(game, player)}
    return [_DUTIES[o] for o in then if _DUTIES[o].name not in now]


def last_words(game: Game, player: str) -> bool:
    """Whether a dead player may leave last words now (classic's DeathResolution: a night 1
    death, a banished player). hostkit enters none: the dead leave them in the thread, and a PM
    of them is shown for the host to post there."""
    return "last words" in dues(game, player)


def again(game: Game, player: str, subject: str, text: str) -> Any:
    """A dead player's PM that gives again a duty entered already ("wait, shoot Gus instead" after
    the shot was taken): unsure, for the host (a shot cannot be taken twice), else None."""
    from ..votes.names import NameMatcher
    from .pmread import Said, read

    given = done(game, player)
    if not given:
        return None
    rec = game.current.record
    matcher = NameMatcher([(p.name, tuple(p.aliases)) for p in game.setup.players])
    said = read(player, subject, text, given, matcher, phase=(rec.kind, rec.number), stop=_STOP)
    if not said.line:
        return None
    duty, _, target = said.line[len(player) + 1:].partition(" ")
    duty = given[0].name if duty == "skip" else duty
    none = "skip" if duty == "Shoot" else "none"
    line = f"{duty.lower()} {player} {none if target in ('', 'skip') else target}"
    if line in entered_duties(game, player):
        return said._replace(line=line)  # the one entered (readings marks it so)
    return Said(None, f"says {line}, but {player}'s {duty.lower()} is entered already: a later PM cannot give "
                      "it again", True, about=True)


def entered_duties(game: Game, player: str) -> set[str]:
    """The shot and badge lines of `player` in the record of this phase and the one before
    ("shoot Eve Hal", "badge Hal none")."""
    out = set()
    for ph in game.phases[-2:]:
        for e in ph.record.events:
            if e.kind in ("shot", "badge") and e.actor == player:
                none = "skip" if e.kind == "shot" else "none"
                out.add(f"{'shoot' if e.kind == 'shot' else 'badge'} {player} {e.target or none}")
    return out


def held(game: Game, player: str, rec: Any) -> list[Duty]:
    """The abilities of the items `player` holds usable in `rec` (items-werewolf's Potion of
    Clarity: "use my potion of clarity on Bob"), named by the ability's name or the item's only
    (a Huntsman's "guard Ann" is his Guard, not his Heavy Shield's Brace); one that works by
    itself (Armour) is never entered."""
    from ..game.entry import phase_ok
    from ..rules.items import items_of

    table = items_of(game.ruleset) or {}
    out = []
    for name, count in sorted(game.state.players[player].items.items()):
        item = table.get(name)
        for ab in (item.abilities if item is not None and count > 0 else ()):
            if ab.name not in item.auto and phase_ok(ab, rec):
                out.append(Duty(ab.name, ab.targets, (name.lower(), *(getattr(ab, "verbs", ()) or ()))))
    return out
