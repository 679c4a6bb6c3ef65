"""Thread posts and a day's vote count as records: Post (as a forum adapter reads it), the players a count
knows (VoteSetupPlayer), and VoteCount with its wagons, history, ignored texts and strangers.
"""

from __future__ import annotations

from typing import Any, Mapping

from .records import Record
from .roles import EMPTY

# --------------------------------------------------------------------------- threads and votes


class Post(Record):
    """One post of a forum thread, as a forum adapter reads it."""

    number: int  # the forum's own post number where it shows one, else the position from 1
    author: str
    # the post body's HTML (signature excluded where the adapter can tell); "" where the reader
    # kept only its marks (saved pages read through the page cache, hostkit.votes.pages)
    body: str
    time: str | None = None  # ISO 8601 with offset, where the page shows one
    edited: bool = False
    post_id: str | None = None  # the forum's id, for links
    url: str | None = None  # a link to the post, where the page gives one
    # what reading its votes needs (hostkit.votes.marks.Marks), made by the page reader from the
    # page's own tree; None for a post built from HTML alone, whose votes are read from `body`
    marks: tuple | None = None


class VoteSetupPlayer(Record):
    """A player as the tally sees them."""

    name: str
    aliases: tuple[str, ...] = ()
    alive: bool = True
    weight: float = 1.0
    absent: str | None = None  # why a living player is out of today's vote (a tag: "abducted"), or None
    threshold: int = 0  # added to the majority a wagon on this player needs (Loved +1, Hated -1)
    split: bool = False  # their `weight` is so many votes of one each, which may go to different players
    previous: tuple[str, ...] = ()  # the names this slot replaced (also among `aliases`)
    # a player who died today at a post (`hostkit kill --post N`): alive in the posts before it, dead
    # from it on; None: as `alive` says, all day
    died_at: int | None = None


class Wagon(Record):
    target: str  # a player's game name, or "none" for No Elimination
    votes: float
    voters: tuple[str, ...]
    posts: tuple[int | None, ...] = ()  # the post of each voter's current vote (None: by hand)


class HistoryEntry(Record):
    post: int | None  # None: a vote entered by hand
    author: str
    target: str | None  # None = unvote
    source: str = "thread"  # thread | host


class Ignored(Record):
    post: int | None
    author: str
    text: str
    reason: str


class Stranger(Record):
    """An account that is no player (nor host) but votes like one: `votes` vote texts today, and
    the living player whose renamed account it may be (None when no one stands out), or the
    `candidates` among whom the thread does not settle it."""

    name: str
    votes: int
    player: str | None = None
    candidates: tuple[str, ...] = ()
    unlike: tuple[str, ...] = ()  # players or hosts its name reads as, who cannot be it (posting too, dead, host)

    def command(self, player: str | None = None) -> str:
        """The command that makes NAME another name of PLAYER (by default the player suggested;
        PLAYER where none is)."""
        import shlex  # only for a count that has a stranger to tell of

        return f"hostkit alias {shlex.quote(player or self.player or 'PLAYER')} {shlex.quote(self.name)}"


class Unsure(Record):
    """What a count did not settle and the host must (a stranger voting, a name that could be two
    players or none, an empty vote): the post, its author and text, what to settle, and the
    `hostkit` command that settles it (`choices`: one command per reading, best first)."""

    post: int | None
    author: str
    text: str
    what: str
    command: str
    choices: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"post": self.post, "author": self.author, "text": self.text, "what": self.what,
                "command": self.command, "choices": list(self.choices)}


class VoteCount(Record):
    day: int
    alive: int
    majority: float
    wagons: tuple[Wagon, ...]
    not_voting: tuple[str, ...]
    eliminated: str | None
    tie: bool
    history: tuple[HistoryEntry, ...]
    ignored: tuple[Ignored, ...]
    hammer: int | None = None  # the post that reached majority
    last_post: int | None = None  # the last post counted
    count_number: str = ""  # "1.03": day 1, third count
    thread: str | None = None
    post_urls: Mapping[int, str] = EMPTY  # post number -> link, where the page gave one
    plurality: bool = False  # the most votes at the deadline eliminate: no majority to reach
    abstained: tuple[str, ...] = ()  # voters who voted for no one, where that is an abstention
    thresholds: Mapping[str, int] = EMPTY  # living player -> their non-zero threshold modifier
    strangers: tuple[Stranger, ...] = ()  # accounts that are no player but vote like one (host only)
    edited: tuple[tuple[int, str], ...] = ()  # (post, author): a counted vote in a post edited since (host only)
    unsure: tuple[Unsure, ...] = ()  # what the count could not settle: the host must (host only)

    def needed(self, target: str) -> int:
        """The votes a wagon on TARGET (a player) needs: the majority plus their modifier, at least 1."""
        return max(1, int(self.majority) + self.thresholds.get(target, 0))

    def to_json(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "alive": self.alive,
            # SPEC's number in every count (its example and `eliminated` read it so): under plurality
            # what a majority would be, and `rule` says that reaching it does not end the day
            # (decision majority-number; it was null before, which broke a script's arithmetic).
            "majority": self.majority,
            "rule": "plurality" if self.plurality else "majority",
            "half_plus_one": self.majority,  # what a majority would be (charts draw it under plurality too)
            "abstained": list(self.abstained),
            "wagons": [{"target": w.target, "votes": float(w.votes), "voters": list(w.voters),
                        "posts": list(w.posts)} for w in self.wagons],
            "not_voting": list(self.not_voting),
            "eliminated": self.eliminated,
            "tie": self.tie,
            "history": [{"post": h.post, "author": h.author, "target": h.target, "source": h.source}
                        for h in self.history],
            "ignored": [i._asdict() for i in self.ignored],
            "hammer": self.hammer,
            "last_post": self.last_post,
            "count_number": self.count_number,
            # host output: each living player's elimination-threshold modifier (Loved +1, Hated -1)
            "thresholds": dict(self.thresholds),
            # host output: accounts that are no player but vote like one, and the alias command
            "strangers": [{"name": x.name, "votes": x.votes, "player": x.player, "candidates": list(x.candidates),
                           "unlike": list(x.unlike), "command": x.command()} for x in self.strangers],
            # host output: counted votes in posts the forum says were edited (the vote may be newer)
            "edited": [{"post": n, "author": a} for n, a in self.edited],
            # host output: what the count could not settle, each with the command that settles it
            "unsure": [u.to_json() for u in self.unsure],
        }
