"""What a user chooses beside the targets when entering an action (Ability.choose), typed after
them: a Guild (seed natural I: 'If an effect says something like "Choose a Guild," you may choose
your own'), a message (MafiaScum's Messenger) or a role (a Universal Finder's), checked as the
entry rules check targets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..model.errors import RuleError, suggest
from ..model.roles import Ability

if TYPE_CHECKING:  # pragma: no cover
    from ..model.view import GameView as Game


def chosen(game: Game, ability: Ability, words: Sequence[str], where: str,
           msg: Mapping[str, Any]) -> tuple[str, list[str]]:
    """The choice typed after the targets ("" when the ability chooses nothing), and the target
    words left."""
    words = list(words)
    if not ability.choose:
        return "", words
    what = {"guild": "a Guild", "role": "the role sought"}.get(ability.choose, "the message, in quotes")
    if len(words) != ability.targets + 1:
        raise RuleError(msg.get("targets") or f"{where} takes {ability.targets} target(s) and then {what}, got "
                        f"{len(words)} word(s)" + (" (or 'skip')" if ability.skippable else ""))
    read = {"guild": _guild_word, "role": _role_word}.get(ability.choose)
    choice = read(game, words[-1], where) if read else _message(words[-1], where)
    return choice, words[:-1]


def _guild_word(game: Game, word: str, where: str) -> str:
    """The Guild a word names (case-insensitively), of those the game's roles and effects name."""
    from ..engine.effects.guild import known_guilds  # the registry: only for an ability that chooses

    guilds = known_guilds(game.ruleset)
    found = [g for g in guilds if g.lower() == word.lower()]
    if not found:
        raise RuleError(f"{where}: no Guild called {word!r}" + suggest(word, list(guilds))
                        + f"; this game's Guilds: {', '.join(guilds) or 'none'}")
    return found[0]


def _role_word(game: Game, word: str, where: str) -> str:
    """The power role a Universal Finder seeks, by its name or an alias, as roles.toml names it."""
    from ..rules.linked import power_role

    found = power_role(game.ruleset, word)
    if found is None:
        known = [r.name for r in game.ruleset.roles.values() if "base" not in r.appears]
        raise RuleError(f"{where}: {word!r} is no power role{suggest(word, known)}; type the role sought after the "
                        "target ('Cop')")
    return found


def _message(text: str, where: str) -> str:
    """A Messenger's message (MafiaScum's Mailman): one line of text, not blank."""
    text = " ".join(text.split())
    if not text:
        raise RuleError(f"{where}: the message is blank; type it after the target, in quotes")
    return text
