"""A day's rulings in words, for the game page: 'Alice Chen votes for Bob for Sheriff', 'Bob is
elected Sheriff (3 votes)', 'Eve shoots Hal', never the raw record ('sheriff-vote Alice Chen').

What a player may read: the Sheriff race, last shots, the badge, a host's kill and the deadline
happen in the thread (public); a confirmation to one player, a Spirit-bond, alien tech and the
Mind Stealer's stockpile are the host's (secret), and the public page leaves them out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.view import Phase
    from ...model.entries import DayEvent

PUBLIC_KINDS = ("candidate", "withdraw", "sheriff-vote", "revote", "elected", "shot", "badge", "kill", "deadline")


def _deadline(e: "DayEvent") -> str:
    from datetime import datetime, timezone

    at = (e.data or {}).get("at")
    if not at:
        return "the deadline is cleared"
    try:
        when = datetime.fromisoformat(str(at))
    except ValueError:
        return f"the deadline is set to {at}"
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return f"the deadline is set to {when.astimezone(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}"


WORDS: dict[str, Callable[["DayEvent"], str]] = {
    "candidate": lambda e: f"{e.actor} runs for Sheriff",
    "withdraw": lambda e: f"{e.actor} withdraws from the Sheriff race",
    "sheriff-vote": lambda e: (f"{e.actor} votes for {e.target} for Sheriff" if e.target
                               else f"{e.actor} takes back their Sheriff vote"),
    "revote": lambda e: "the Sheriff vote is held again between the tied candidates",
    "shot": lambda e: f"{e.actor} shoots {e.target}" if e.target else f"{e.actor} holds fire",
    "badge": lambda e: f"{e.actor} passes the Sheriff's badge to {e.target}" if e.target
    else f"{e.actor} destroys the Sheriff's badge",
    "kill": lambda e: f"the host removes {e.target} from the game"
    + (f" ({e.data.get('reason')})" if (e.data or {}).get("reason") else ""),
    "deadline": _deadline,
    "confirm": lambda e: (f"{e.actor}'s alignment is confirmed to {e.target}" if e.target
                          else f"{e.actor}'s alignment is confirmed publicly"),
    "bond": lambda e: f"{e.actor}'s ghost offers a Spirit-bond to {e.target}",
    "bond-answer": lambda e: f"{e.actor} " + ("accepts" if (e.data or {}).get("accept") else "refuses")
    + " the Spirit-bond",
}


def _public(e: "DayEvent") -> bool:
    return e.kind in PUBLIC_KINDS or (e.kind == "confirm" and not e.target)


def ruling_lines(game: "Game", ph: "Phase", *, public: bool) -> list[str]:
    """The day's rulings as sentences, in entry order; with PUBLIC, only what players may know."""
    lines = []
    candidates: list[str] = []
    votes: dict[str, Any] = {}
    for e in sorted(ph.record.events, key=lambda e: e.seq):
        if public and not _public(e):
            continue
        if e.kind == "candidate" and e.actor:
            candidates.append(e.actor)
        elif e.kind == "withdraw" and e.actor in candidates:
            candidates.remove(e.actor)
        elif e.kind == "sheriff-vote" and e.actor:
            votes[e.actor] = e.target
        elif e.kind == "revote":
            votes = {}
        if e.kind == "elected":
            # weighed as the election did (no one holds the badge yet); no totals: a weight may be private
            winner = game.election_winner({v: t for v, t in votes.items() if t}, candidates)
            lines.append(f"{winner} is elected Sheriff" if winner else "the Sheriff vote is tied: no one is elected")
            continue
        words = WORDS.get(e.kind)
        lines.append(words(e) if words else " ".join(x for x in (e.kind, e.actor or "", e.target or "") if x))
    return lines

