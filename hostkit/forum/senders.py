"""Who a player is on the forum: one forum user id each, pinned at the first send and kept in the
send journal (kind "account": `to` the player, `what` the account's name then, `id` its user id).

- **Pinned, never guessed again.** The first time hostkit needs a player's account (a send, or
  reading the inbox), it looks up the player's game name and every alias on the forum. Exactly
  one of them must be an account: when two are (the player "Bob" and their alias "Bobby" both
  exist as accounts), hostkit cannot tell which is the player's and refuses, until the host
  says which (`hostkit forum account PLAYER ACCOUNT`). The account found is pinned by its id.
- **After that, the id decides.** PMs go to the pinned id, and a PM in the inbox is the
  player's only when its sender's user id is theirs. A stranger who registers a renamed
  player's old name, or an account whose stored name decodes to a player's (`&#66;ob`), is not
  the player: their PMs are left out, saying why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..model.errors import HostkitError
from .journal import Journal

if TYPE_CHECKING:
    from ..game.game import Game

KIND = "account"


def _key(player: str) -> str:
    return f"account:{player}"


def pinned(journal: Journal) -> dict[str, tuple[str, str]]:
    """Each pinned player's (account name when pinned, user id)."""
    return {e["to"]: (e.get("what", ""), e["id"]) for e in journal.sends()
            if e["kind"] == KIND and e.get("id")}


def stage(journal: Journal, player: str, name: str, ident: str, phase: str) -> None:
    """Pin the player in the journal in memory: written with the commit that goes with it."""
    if pinned(journal).get(player, ("", ""))[1] != ident:
        journal.stage(_key(player), kind=KIND, to=player, what=name, id=ident, state="pinned", phase=phase)


def pin(game: Game, player: str, name: str, ident: str) -> None:
    """Keep the player's account id in the journal (under the folder's lock, atomically)."""
    from ..store.folder import atomic_write, locked

    with locked(game.folder):
        journal = Journal(game.folder, game=game)
        stage(journal, player, name, ident, game.current.record.label)
        atomic_write(journal.path, journal.text())


def _names(game: Game, player: str) -> list[str]:
    """The player's names that may be their account: the game name and aliases, never the name of
    a player this slot replaced (an alias for the thread's old votes, another person's account)."""
    setup = next((p for p in game.setup.players if p.name == player), None)
    before = set(setup.previous) if setup else set()
    return list(dict.fromkeys([player, *(a for a in (setup.aliases if setup else ()) if a not in before)]))


def replaced_by(game: Game, name: str) -> str | None:
    """The slot that replaced the player `name` (None: `name` was replaced by no one)."""
    return next((p.name for p in game.setup.players if name in p.previous and p.name != name), None)


def look_up(conn: Any, game: Game, player: str) -> tuple[str, str] | str:
    """The player's one account (name, id) among their game name and aliases, or why not (none
    of them is an account, or two are)."""
    names = _names(game, player)
    found = {}
    for name in names:
        ident = conn.call("account", name)
        if ident and ident not in found.values():
            found[name] = ident
    if len(found) > 1:
        listed = " and ".join(f"{n!r} (user #{i})" for n, i in found.items())
        return (f"{player}: {listed} are both forum accounts, and hostkit cannot tell which is the player's; "
                f"say which with 'hostkit forum account {player} ACCOUNT'")
    if not found:
        return f"{player} (tried: {', '.join(names)})"
    (name, ident), = found.items()
    return name, ident


def accounts(conn: Any, game: Game, players: Sequence[str]) -> dict[str, tuple[str, str]]:
    """Each player's forum account (name, id): pinned, else looked up (the sender pins it with
    its first journal write: `stage_all`). Refuses, naming every player with none or with two,
    before anything is sent."""
    pins = pinned(Journal(game.folder, game=game))
    found, missing, double = {}, [], []
    for player in dict.fromkeys(players):
        if player in pins:
            found[player] = pins[player]
            continue
        got = look_up(conn, game, player)
        if isinstance(got, str):
            (double if "both forum accounts" in got else missing).append(got)
        else:
            found[player] = got
    if double:
        raise HostkitError("; ".join(double) + ". Nothing was sent.")
    if missing:
        raise HostkitError(f"no forum account for {'; '.join(missing)} on {conn.site}: nothing was sent. "
                           "A player's account is their name in the game or an alias "
                           "(hostkit alias PLAYER NAME)")
    return found


def stage_all(journal: Journal, found: dict[str, tuple[str, str]], phase: str) -> None:
    """Pin every player of `found` not pinned yet, in memory: the journal's next write keeps them."""
    for player, (name, ident) in found.items():
        stage(journal, player, name, ident, phase)


def choose_account(game: Game, player: str, account: str) -> list[str]:
    """`hostkit forum account PLAYER ACCOUNT` on the game's forum (another game's send journal
    is refused before the forum is asked)."""
    from .account import connect

    Journal(game.folder, game=game)
    conn = connect(game.setup.thread)
    try:
        conn.ensure()
        lines = choose(conn, game, player, account)
        conn.save()
    finally:
        conn.close()
    return lines


def choose(conn: Any, game: Game, player: str, account: str) -> list[str]:
    """`hostkit forum account PLAYER ACCOUNT`: pin the player to that account (one of their
    names in the game), when two of them are accounts or the player was renamed."""
    who = game.player(player)
    if account.casefold() not in {n.casefold() for n in _names(game, who)}:
        raise HostkitError(f"{account!r} is not one of {who}'s names in the game ({', '.join(_names(game, who))}): "
                           f"add it first (hostkit alias {who} {account!r})")
    ident = conn.call("account", account)
    if not ident:
        raise HostkitError(f"{account!r}: no such account on {conn.site}")
    before = pinned(Journal(game.folder, game=game)).get(who)
    pin(game, who, account, ident)
    was = f" (was user #{before[1]}, {before[0]!r})" if before and before[1] != ident else ""
    return [f"{who} is forum user #{ident} ({account!r}){was}: their PMs go there, and only that account's "
            "PMs are read as theirs."]


def player_of(game: Game, message: Any, ids: dict[str, str], doubt: dict[str, str] | None = None
              ) -> tuple[str | None, str]:
    """The player who sent `message` (None, with why, when no player did). By the sender's user
    id (`ids`: user id -> player, the pinned ones): a PM under a player's name from another id
    is a stranger's. A player not pinned yet is known by their name exactly as the forum shows
    it (never decoded again), unless `doubt` says why not (two of their names are accounts)."""
    sender_id = getattr(message, "sender_id", "") or ""
    current = {p.name for p in game.setup.players}
    if sender_id and sender_id in ids and ids[sender_id] in current:
        return ids[sender_id], ""
    low = (message.sender or "").casefold()
    old = ids.get(sender_id) or next((a for p in game.setup.players for a in p.previous if a.casefold() == low), None)
    if old is not None and old not in current:  # pinned, or named, as a player since replaced
        by = replaced_by(game, old)
        return None, f"{old} was replaced by {by}: their PMs are not the slot's" if by else f"{old} is no player now"
    named = next((p.name for p in game.setup.players
                  if p.name.casefold() == low or any(a.casefold() == low for a in p.aliases)), None)
    if named is None:
        return None, "not a player's account"
    if named in (doubt or {}):
        return None, (doubt or {})[named]
    if named in ids.values():
        return None, (f"sent by forum user #{sender_id or '?'} named {message.sender!r}, which is not the "
                      f"account {named} is pinned to")
    return named, ""
