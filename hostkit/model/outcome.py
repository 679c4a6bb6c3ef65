"""A night's outcome as records: NightOutcome and its parts (deaths, saves, blocks, results, failed actions,
standing changes, notices, happenings, the trace of each act). Nothing here does I/O.
"""

from __future__ import annotations

from typing import Any, Mapping

from .records import Record
from .roles import EMPTY

# --------------------------------------------------------------------------- night outcome


class Death(Record):
    player: str
    cause: str  # the role, item or effect that killed, as the ruleset names it
    location: str
    flavour: str
    kind: str = ""  # the kill kind (werewolf, poison, shot...): day triggers depend on it
    by: tuple[str, ...] = ()  # the players whose actions killed
    flavour_key: str = ""  # the key of the flavour text, so a game's flavour.toml can replace it

    @property
    def where(self) -> str:
        """Where the body was found, as a phrase with its preposition: see `where`."""
        return where(self.location)


# A body's location is a place ("Dan's home", read "in Dan's home") or a phrase that carries its
# own preposition in the data ("on Dan's porch", "outside Dan's door", "nowhere: the body vanished").
PLACE_WORDS = ("in", "inside", "on", "at", "outside", "near", "by", "under", "behind", "somewhere", "nowhere")


def where(location: str) -> str:
    """The location as a phrase: as written when it starts with a preposition (PLACE_WORDS), else
    "in <location>"."""
    first = location.split(" ", 1)[0].rstrip(":,").lower()
    return location if first in PLACE_WORDS else f"in {location}"


class Saved(Record):
    player: str
    by: tuple[str, ...]


class Blocked(Record):
    player: str
    by: tuple[str, ...]
    notified: bool
    stopped: tuple[str, ...] = ()  # the notified uses stopped, when another action of theirs took place
    took_place: tuple[str, ...] = ()  # when the block stopped none of them: the uses that had taken place
    own_words: bool = False  # told in the blocker's own words (a jail's notice): no 'you were blocked' line too


class Result(Record):
    player: str
    ability: str
    target: str | None  # the player entered (a redirected result is about someone else)
    result: str | tuple[str, ...]
    note: str = ""  # what else the player learns with it: that they were redirected (seed natural V)


class Failed(Record):
    player: str
    ability: str
    reason: str


class Change(Record):
    """A standing change the night leaves behind: charges, tags, conversions.

    A `convert` Change's value says the player's side after it: None, the new role's own
    (alignment and faction); a faction name, that faction's (the Hivemind's domination); a Side,
    exactly that one, faction or none (the Mind Stealer's victim 'reverts to a vanilla role' on
    the side it had: a Town-Ally Rogue Doppelganger stays Town Ally, in no faction)."""

    player: str
    kind: str  # charge | tag | untag | convert | last-target
    key: str
    value: Any = None


class Side(Record):
    """A player's side, carried through a change of role (a convert Change's value)."""

    alignment: str
    faction: str | None = None


class Notice(Record):
    """Something a player is told privately that is not a result (attacked, redirected...)."""

    player: str
    text: str


class Happening(Record):
    """Something the night did to a player that is neither a death nor a result: abducted, kept
    (captured), returned, released, converted, consumed, mind-controlled. `by` is who did it."""

    player: str
    what: str
    by: str = ""
    note: str = ""


class ActTrace(Record):
    """How one of the night's actions went, as the engine resolved it (the night map and the game
    page draw it; nothing re-resolves). `status`: done | skipped | blocked | failed | unresolved."""

    actor: str
    ability: str
    entered: tuple[str, ...]  # the targets as entered
    targets: tuple[str, ...]  # where it landed, after bus drives and redirects
    status: str
    reason: str = ""  # why it failed or was blocked
    visited: tuple[str, ...] = ()
    automatic: bool = False  # used without being entered (a standing alert, an item working by itself)


class NightOutcome(Record):
    night: int
    deaths: tuple[Death, ...] = ()
    saved: tuple[Saved, ...] = ()
    blocked: tuple[Blocked, ...] = ()
    results: tuple[Result, ...] = ()
    failed: tuple[Failed, ...] = ()
    changes: tuple[Change, ...] = ()
    notices: tuple[Notice, ...] = ()
    log: tuple[str, ...] = ()
    revived: tuple[str, ...] = ()  # players who come back to life at dawn (reported after the deaths)
    acts: tuple[ActTrace, ...] = ()  # every action of the night and what came of it, in resolution order
    places: Mapping[str, str] = EMPTY  # every player alive at dusk -> home | away | jailed | commuted | abducted
    happenings: tuple[Happening, ...] = ()  # abductions, captures, releases, conversions... (not deaths)
    phase: str = "night"  # night, or day: day actions resolved at the day's end or at once (Immediate)

    def to_json(self) -> dict[str, Any]:
        def res(r: Result) -> dict[str, Any]:
            d = r._asdict()
            if isinstance(r.result, tuple):
                d["result"] = list(r.result)
            if not r.note:
                del d["note"]  # present only when there is one (a redirected investigation)
            return d

        head: dict[str, Any] = {"night": self.night} if self.phase == "night" else {"day": self.night, "phase": self.phase}
        # A death Combat Camouflage masked (the night's `masked` tag): `cause` is what the death
        # post says, `true_cause` the truth, for the host.
        dead = {d.player for d in self.deaths}
        masked = {c.player: c.value.get("cause") for c in self.changes
                  if c.kind == "tag" and c.key == "masked" and isinstance(c.value, dict) and c.value.get("cause")}
        return {
            **head,
            "deaths": [
                {"player": d.player, "cause": d.cause, "location": d.location, "flavour": d.flavour,
                 "kind": d.kind, "by": list(d.by), "flavour_key": d.flavour_key,
                 **({"true_cause": masked[d.player]} if d.player in masked else {})}
                for d in self.deaths
            ],
            # a player an attack on whom was stopped, who died of another: "died": true (never 'saved' alone)
            "saved": [{"player": s.player, "by": list(s.by), **({"died": True} if s.player in dead else {})}
                      for s in self.saved],
            # what the blocked player's PM says of it: the uses stopped, or those that had taken place
            "blocked": [{"player": b.player, "by": list(b.by), "notified": b.notified, "stopped": list(b.stopped),
                         "took_place": list(b.took_place), "own_words": b.own_words} for b in self.blocked],
            "results": [res(r) for r in self.results],
            "failed": [f._asdict() for f in self.failed],
            "notices": [n._asdict() for n in self.notices],
            "changes": [c._asdict() for c in self.changes],
            "log": list(self.log),
            "revived": list(self.revived),
            "happenings": [h._asdict() for h in self.happenings],
        }
