"""Detect: MafiaScum's yes-or-no and name readings of a player, read at the end of the night
(seed natural V) like every investigation. `what` says which:

- `role`: the role as a Role Cop reads it: its name without the alignment word, "Vanilla" for a
  player with no power of their own (a Vanilla Townie, a Mafia Goon);
- `vanilla` (Vanilla Cop), `townie` (Neapolitan: a Vanilla Townie), `goon` (Goon Cop: a Mafia Goon), `gun` (Gunsmith: a kill
  ability, the factional kill included), `killed` (Detective: has killed in an earlier night;
  the tag `has-killed`, which the `killers` settle step gives while a Detective is dealt);
- `acted` (Reporter), `targeted` (Inspector), `motion` (Motion Detector: either), `action`
  (Action Detector: both answers), `kinds-on` (Voyeur: the kinds of the actions on the target),
  `visitors` (Role Watcher: the roles of the visitors, as a Role Cop reads them); a Ninja's kill
  is not seen (conditions.unseen);
- `visitor-names` (with `to_target`: a Security Guard's; the names of the others who targeted),
  `modifiers` (Modifier Cop: the modifiers a written role has, 'none' for none);
- `to_target`: the target is told the reading instead of the user (a Role Guard gives `visitors`,
  a Security Guard `visitor-names`, a Visionary `kinds-on`);
- `unused-kill` (Psychologist: Positive while the target can choose to kill and has not killed
  yet, the factional kill included; Negative otherwise), `has-role` (a [role]-Finder: whether
  the target's base role, modifiers aside, is `role`);
- `success` (Checker: the action got through; a failed one gets 'no result', as any);
- `private` (Traffic Analyst: shares a private topic with another living player), `topic` (PT
  Cop: has a private topic at all): a faction that knows itself (the Mafia, the Masons).

`results` rewords an answer ("yes"/"no" keys, or the names as read).
"""

from __future__ import annotations

from typing import Any

from ...model.outcome import Death
from ...model.roles import Effect, Role
from ...rules.linked import same_role
from ..acts import Act, personal_act
from ..night import Night
from .base import EffectSpec, TARGET, dealt_roles, tags_given
from .conditions import unseen, vanilla
from .info import investigate, kinds_phrase

WORDS = {
    "vanilla": ("Vanilla", "Not vanilla"),
    "townie": ("Vanilla Townie", "Not a Vanilla Townie"),
    "goon": ("Mafia Goon", "Not a Mafia Goon"),
    "gun": ("Has a gun", "No gun"),
    "killed": ("Has killed", "Has not killed"),
    "acted": ("Acted", "Did not act"),
    "targeted": ("Was targeted", "Was not targeted"),
    "motion": ("Motion detected", "No motion detected"),
    "private": ("Can communicate privately", "Cannot communicate privately"),
    "topic": ("Has a private topic", "Has no private topic"),
    "unused-kill": ("Positive", "Negative"),
    "success": ("Your action succeeded", "Your action failed"),
}
WHATS = ("role", "action", "kinds-on", "visitors", "visitor-names", "modifiers", "has-role", *WORDS)
# A reading given to the target instead of the user (`to_target`): who says it, in the notice.
GIVEN = {"visitors": "A Role Guard watched over you tonight: you were targeted by {list}.",
         "visitor-names": "A Security Guard watched over you tonight: you were targeted by {list}.",
         "kinds-on": "A Visionary watched over you tonight: the actions on you were {list}."}
KILLED = "has-killed"
ALIGNMENT_WORDS = ("Town ", "Mafia ")


def role_read(role: Role) -> str:
    """What a Role Cop reads: the role's name without its alignment word; 'Vanilla' for a vanilla."""
    if vanilla(role):
        return "Vanilla"
    name = role.appears.get("role", role.name)
    for word in ALIGNMENT_WORDS:
        if name.startswith(word):
            return name[len(word):]
    return name


def _acts_on(night: Night, target: str, personal: bool = False) -> list[Act]:
    """The acts on `target` a reading sees: not a Ninja's kill; for a Personal reader, no factional act."""
    return [a for v, _, a in night.visits_to.get(target, ())
            if v != target and not unseen(a) and not (personal and a.ability.factional)]


def _acted(night: Night, target: str, personal: bool = False) -> bool:
    return any(a.done and a.failed is None and not a.skip and not unseen(a) and not (personal and a.ability.factional)
               for a in night.by_actor.get(target, ()))


def _talks(night: Night, target: str, alone: bool) -> bool:
    role = night.role(target)
    ps = night.state.players[target]
    faction = ps.faction or role.faction
    if not faction or not role.knows_faction:
        return False
    return alone or any(p.name != target and p.alive and p.faction == faction for p in night.state.players.values())


def _detect(night: Night, act: Act, effect: Effect, target: str) -> Any:
    value = _read(night, act, effect, target)
    if not effect.get("to_target"):
        return value
    what = effect.get("what")
    items = [value] if isinstance(value, str) else list(value)
    shown = ", ".join(items) if items else "no one else" if what != "kinds-on" else "none but this one"
    text = GIVEN.get(what, "You were watched over tonight: {list}.").replace("{list}", shown)
    night.notices.append((target, text))
    return None  # the user learns nothing: their target does


def _read(night: Night, act: Act, effect: Effect, target: str) -> Any:
    what = effect.get("what")
    mine = personal_act(act)  # a Personal reader reads the night as though no factional act happened
    words = dict(effect.get("results", {}))
    role = night.role(target)
    if what == "role":
        raw = role_read(role)
        return words.get(raw, raw)
    if what == "visitors":
        # one entry a visitor: two Doctors are seen as two (the wiki's Role Watcher)
        seen = {a.body: a.role for a in _acts_on(night, target, mine) if a.body != act.body}
        return tuple(sorted(words.get(r, r) for r in (role_read(role) for role in seen.values())))
    if what == "visitor-names":
        return tuple(sorted({a.body for a in _acts_on(night, target, mine) if a.body != act.body}))
    if what == "has-role":
        wanted = effect.get("role", "") or act.action.choice  # a Universal Finder names it when acting
        found = any(same_role(night.ruleset, b, wanted) for b in (role.appears.get("base", role_read(role)),
                                                                  *filter(None, role.appears.get("also", "").split(", "))))
        return words.get("yes" if found else "no", wanted if found else f"Not {wanted}")
    if what == "modifiers":
        raw = role.appears.get("modifiers", "") or "none"
        return words.get(raw, raw)
    if what == "kinds-on":
        return tuple(kinds_phrase(a, night.kind_words) for a in _acts_on(night, target, mine) if a.body != act.body)
    if what == "action":
        others = [a for a in _acts_on(night, target, mine) if a.body != act.body]
        return (_word(words, "acted", _acted(night, target, mine)), _word(words, "targeted", bool(others)))
    yes = {
        "vanilla": lambda: vanilla(role),
        "townie": lambda: vanilla(role) and role.alignment == "Town",
        "goon": lambda: vanilla(role) and role.faction == "Mafia",
        "gun": lambda: any(e.kind in ("kill", "ignite") for a in role.abilities for e in a.effects),
        "killed": lambda: KILLED in night.state.players[target].tags,
        "acted": lambda: _acted(night, target, mine),
        "targeted": lambda: any(a.body != act.body for a in _acts_on(night, target, mine)),
        "motion": lambda: _acted(night, target, mine) or any(a.body != act.body for a in _acts_on(night, target, mine)),
        "unused-kill": lambda: not _has_killed(night, target) and any(
            any(e.kind in ("kill", "ignite") for e in a.effects)
            and (a.factional or a.uses is None or night.state.players[target].charges.get(a.key, a.uses) > 0)
            for a in role.abilities),
        "success": lambda: True,  # a Checker: a reading at all means the action got through
        "private": lambda: _talks(night, target, alone=False),
        "topic": lambda: _talks(night, target, alone=True),
    }[what]()
    return _word(words, what, yes)


def _has_killed(night: Night, target: str) -> bool:
    """Has killed, tonight's kills included (a Psychologist reads after the kills)."""
    return KILLED in night.state.players[target].tags or any(t[1] == KILLED for t in tags_given(night).get(target, ()))


def _word(words: dict, what: str, yes: bool) -> str:
    default = WORDS[what][0 if yes else 1]
    return words.get("yes" if yes else "no", default)


def killers(night: Night, deaths: list[Death]) -> list[Death]:
    """Settle step `killers`: while a role that reads `killed` (a Detective) was dealt, each
    player whose attack killed tonight carries the tag `has-killed` from now on."""
    if not any(e.kind == "detect" and e.get("what") in ("killed", "unused-kill") for r in dealt_roles(night)
               if r in night.ruleset.roles for a in night.ruleset.roles[r].abilities for e in a.effects):
        return deaths
    for k in dict.fromkeys(k for d in deaths for k in d.by):
        if k in night.state.players and KILLED not in night.state.players[k].tags:
            night.tags.append((k, KILLED, {"night": night.number}))
    return deaths


EFFECTS: dict[str, EffectSpec] = {
    "detect": EffectSpec(investigate, {**TARGET, "what": (str, ...), "results": (dict, {}), "to_target": (bool, False),
                                       "role": (str, "")},
                         {"what": WHATS},
                         "inspect", "inspection", _detect),
}
