"""Backups: a role taken over when another player dies (MafiaScum's Backup and Universal Backup).

- passive `backup` (a written "Town Backup Cop"): the player is vanilla until a player whose role
  reads as the one it backs up (a Cop: the written name without "Backup", its alignment word
  aside) dies; then the player becomes that role (the written name without "Backup").
- passive `universal-backup`: the first player of the backup's alignment with a power role to
  die hands the backup that role.

Taken over at the death itself, by night or by day (an elimination too), once; the player keeps
the tag `backup` ({"of": the dead player, "role": the role taken, "when": the phase}) and the
host is told to tell them (game/notices.py). No effect: it is engine.day's, at every death
(outside effects/, which reads engine.day).
"""

from __future__ import annotations

from typing import Any

BACKUP = "backup"
ALIGNMENT_WORDS = ("Town ", "Mafia ")


def backed_up(name: str) -> str:
    """The role a written Backup becomes: its name without the word Backup."""
    return " ".join(w for w in name.split() if w.lower() != "backup")


def _plain(name: str) -> str:
    for word in ALIGNMENT_WORDS:
        if name.startswith(word):
            return name[len(word):]
    return name


def on_death(state: Any, dead: str, when: str) -> None:
    """A player died: each living Backup of their role (or Universal Backup of their side, the
    first time a power role of it dies) becomes that role."""
    roles = state.ruleset.roles
    gone = state.players[dead]
    role = roles.get(gone.role)
    if role is None:
        return
    power = any(not a.factional for a in role.abilities) or bool(role.passives - {BACKUP, "universal-backup"})
    for p in state.players.values():
        if not p.alive or p.name == dead or BACKUP in p.tags:
            continue
        mine = roles.get(p.role)
        if mine is None:
            continue
        new = None
        if "backup" in mine.passives and _plain(backed_up(mine.name)) == _plain(role.name):
            new = backed_up(mine.name)
        elif "universal-backup" in mine.passives and power and (gone.alignment or role.alignment) == (
                p.alignment or mine.alignment):
            new = role.name
        if new is None or new not in roles:
            continue
        taken = roles[new]
        p.role = new
        p.charges = {a.key: a.uses for a in taken.abilities if a.uses is not None}
        p.charges.update(taken.charged)
        p.tags[BACKUP] = {"of": dead, "role": new, "when": when}

