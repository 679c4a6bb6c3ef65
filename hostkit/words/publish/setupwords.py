"""What a closed setup's texts may name: a role PM's words (summary, win condition, notes, the
abilities' summaries) never name a role or side the game does not have. A ruleset's data words
a role for every setup ("you learn Town, Mafia or Arsonist", "no Werewolf, Coven member or
Vampire is left alive"); `unnamed` drops from such a list every item that names a role or side
this game lacks (`absent_names`), so the Cop of a game with no Arsonist reads "Town or Mafia".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game

_WORD = r"[A-Z][\w'-]*"
_ITEM = rf"(?:the )?{_WORD}(?: {_WORD})*(?: members?)?"
# A list of names: "A or B", "A and B", "A, B and C", "A, B, or C"
_LIST = re.compile(rf"(?<![\w-])({_ITEM}(?:, {_ITEM})*,? (?:and|or) {_ITEM})(?![\w-])")
_SPLIT = re.compile(r",? (?:and|or) |, ")


def absent_names(game: "Game") -> set[str]:
    """The ruleset's role names, alignments and factions that no player of this game has (their
    dealt role, their role now, the side they play for)."""
    rs = game.ruleset
    present: set[str] = set()
    for n, ps in game.state.players.items():
        role = game.state.role_of(n)
        present.update(x for x in (ps.role, role.name, role.alignment, role.faction or "", ps.alignment or "",
                                   ps.faction or "") if x)
    for p in game.setup.players:
        present.add(p.role)
    everything = set(rs.roles) | {r.alignment for r in rs.roles.values()} | {r.faction for r in rs.roles.values()
                                                                             if r.faction}
    return {x for x in everything if x and not any(_same(x, p) for p in present)}


def _same(name: str, present: str) -> bool:
    """Whether NAME is said by a present name: itself, a word of it ("Roleblocker" in "Mafia
    Roleblocker"), or its plural or singular ("Werewolf" of the side "Werewolves")."""
    if name == present or re.search(rf"\b{re.escape(name)}\b", present):
        return True
    a, b = name.lower(), present.lower()
    stem = min(len(a), len(b)) - 1
    return stem >= 4 and abs(len(a) - len(b)) <= 3 and a[:stem] == b[:stem]


def _core(item: str) -> str:
    item = item[4:] if item.startswith("the ") else item
    return re.sub(r" members?$", "", item)


def unnamed(text: str, absent: Iterable[str]) -> str:
    """TEXT with every item of a list of names ("Town, Mafia or Arsonist") that names one of
    ABSENT left out, the list joined again as it was ("Town or Mafia"). A list whose every item
    is absent, and a name outside a list, are left as they are."""
    absent = set(absent)
    if not absent or not text:
        return text

    def fix(m: re.Match[str]) -> str:
        whole = m.group(1)
        items = _SPLIT.split(whole)
        keep = [i for i in items if _core(i) not in absent]
        if len(keep) == len(items) or not keep:
            return whole
        word = "or" if whole.rfind(" or ") > whole.rfind(" and ") else "and"  # the last item's conjunction
        if len(keep) == 1:
            return keep[0]
        return f"{', '.join(keep[:-1])} {word} {keep[-1]}"

    return _LIST.sub(fix, text)


def closed_role_words(ctx_role: dict[str, Any], absent: set[str]) -> None:
    """A role's template context (words.publish.context.role_context) with every list of names
    in its words cut to what the game has, in place."""
    for key in ("summary", "win", "flavour", "goal"):
        if isinstance(ctx_role.get(key), str):
            ctx_role[key] = unnamed(ctx_role[key], absent)
    ctx_role["notes"] = [unnamed(n, absent) for n in ctx_role.get("notes", [])]
    for ab in ctx_role.get("abilities", []):
        ab["summary"] = unnamed(ab["summary"], absent)
