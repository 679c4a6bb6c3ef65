"""Conditions on whom an action works on, and passives that change how others' actions land:
MafiaScum's Normal modifiers that a written role (rules/written.py) puts on a role as passives.

- `loyal`, `disloyal`, `complex`, `simple` (a reach rule): the role's own actions fail, as though
  roleblocked (no visit; an investigator gets no result), on a player not of / of the user's
  alignment, on a vanilla / a non-vanilla player. The factional kill is the faction's, not the
  role's: it is never affected.
- `ascetic` (the same reach rule): no action but a kill reaches the player.
- `immune-to:ROLE` (before effects: a written "Cop-Immune"): the actions of that base role fail on
  the player (an investigator gets no result); the visit is still made, so a Tracker sees it.
- `enables:ROLE` (a usable rule: a written 'Doctor Enabler'): once every Enabler of a role is
  dead, that role's actions fail.
- `lazy` (a usable rule): the role's own actions fail while one non-Town player at most is alive.
- `weak` (before effects): a resolved own action on a player who is not Town kills its user at
  the end of the night, by no action (nothing protects it); the action still happens. A blocked
  or failed action never reached its target, so its user lives (MafiaScum's Normal rule).
- `macho` (read by protect.py): protection and heals aimed at the player do nothing.
- `ninja` (read by info.py): the factional kill of a Ninja is seen by no Tracker or Watcher.
- a charged immunity (Role.charged "immunity": a 1-Shot Bulletproof): read by settle.py through
  `immune`, which spends the charge when it saves its holder.
"""

from __future__ import annotations

from ...model.roles import Role
from ..acts import Act, Attack
from ..night import Night

from .base import EffectSpec

WEAK_STRENGTH = 99  # no immunity of a Normal role reaches it


def _alignment(night: Night, player: str) -> str:
    ps = night.state.players.get(player)
    return (ps.alignment if ps is not None and ps.alignment else night.role(player).alignment)


def vanilla(role: Role) -> bool:
    """No power of its own: no action but the faction's, no passive, no immunity, no disguise."""
    return not any(not a.factional for a in role.abilities) and not role.passives and not role.immunity \
        and not (set(role.appears) - {"modifiers", "base"})


CONDITIONS = frozenset({"loyal", "disloyal", "complex", "simple"})


def loyalty(night: Night, act: Act, target: str) -> str | None:
    """A reach rule: why a Loyal, Disloyal, Complex or Simple action cannot work on `target`, or
    None; and an Ascetic target, whom nothing but a kill reaches."""
    if "ascetic" in night.role(target).passives and not act.is_killing() and target in night.state.players:
        return f"{target} is Ascetic: only a kill reaches them"
    passives = act.role.passives
    if act.ability.factional or not (CONDITIONS & passives) or act.body != act.actor:
        return None
    same = _alignment(night, target) == _alignment(night, act.actor)
    if "loyal" in passives and not same:
        return f"{act.actor}'s action is Loyal and {target} is not of their alignment"
    if "disloyal" in passives and same:
        return f"{act.actor}'s action is Disloyal and {target} is of their alignment"
    plain = vanilla(night.role(target))
    if "complex" in passives and plain:
        return f"{act.actor}'s action is Complex and {target} is vanilla"
    if "simple" in passives and not plain:
        return f"{act.actor}'s action is Simple and {target} is not vanilla"
    return None


def lazy(night: Night, act: Act) -> str | None:
    """A usable rule: a Lazy role's own actions fail while only one non-Town player was alive at
    the start of the phase (MafiaScum's Lazy)."""
    if act.ability.factional or "lazy" not in act.role.passives:
        return None
    foes = [p for p in night.state.players.values() if p.alive and (p.alignment or night.role(p.name).alignment) != "Town"]
    if len(foes) <= 1:
        return f"{act.actor} is Lazy and only one non-Town player is left"
    return None


def enabled(night: Night, act: Act) -> str | None:
    """A usable rule: a role with an Enabler ('Doctor Enabler': passive 'enables:doctor') in the
    game is unusable once every such Enabler is dead (MafiaScum's Enabler)."""
    base = (act.ability.origin or act.role.appears.get("base", act.role.name)).lower()
    key = f"enables:{base}"
    enablers = night.ext.get("enablers")
    if enablers is None:
        enablers = night.ext["enablers"] = {}
        for p in night.state.players.values():
            for passive in night.state.ruleset.roles[p.role].passives:
                if passive.startswith("enables:"):
                    enablers.setdefault(passive, []).append(p)
    mine = enablers.get(key)
    if mine and not any(p.alive for p in mine):
        return f"the {act.ability.origin or act.role.appears.get('base', act.role.name)}'s Enabler is dead"
    return None


def immunity_to(night: Night, act: Act) -> bool:
    """Before effects: a [role]-Immune target (passive 'immune-to:ROLE') makes that role's own
    action on them fail (an investigator gets no result), though the visit is made and a Tracker
    sees it (MafiaScum's Immune). True when it took the act over."""
    if act.ability.factional:
        return False
    base = act.ability.origin or act.role.appears.get("base", act.role.name)
    for t in act.targets:
        if t != act.actor and t in night.state.players and f"immune-to:{base.lower()}" in night.role(t).passives:
            if act.ability.moves:
                for v in dict.fromkeys(act.targets):
                    night.visit(act, v)
            night.fail(act, f"{t} is immune to the {base}")
            return True
    return False


def weak(night: Night, act: Act) -> bool:
    """Before a resolved action's effects: a Weak user who targeted a non-Town player dies at the
    end of the night. Never takes the act over (returns False)."""
    if act.ability.factional or "weak" not in act.role.passives or act.body != act.actor:
        return False
    foes = [t for t in act.targets if t != act.actor and _alignment(night, t) != "Town"]
    if foes:
        night.say(f"{act.label()} is Weak and targeted {foes[0]}, who is not Town: they will die tonight.")
        night.attacks.append(Attack(target=act.actor, by=None, attacker="", kind="weak", strength=WEAK_STRENGTH,
                                    cause="Weak", flavour="weak", location="{player}'s home", heals=False))
    return False


def macho(night: Night, target: str) -> bool:
    """Is `target` Macho (no protection or heal reaches them)?"""
    return target in night.state.players and "macho" in night.role(target).passives


def unseen(act: Act) -> bool:
    """Is this visit hidden from Trackers and Watchers (a Ninja's factional kill)?"""
    return act.ability.factional and "ninja" in act.role.passives


def unseen_visits(night: Night) -> dict[str, set[str]]:
    """Visitor -> the targets of their visits no Tracker sees, found once a night."""
    got = night.ext.get("unseen-visits")
    if got is None:
        got = night.ext["unseen-visits"] = {}
        for v, t, a in night.visits:
            if unseen(a):
                got.setdefault(v, set()).add(t)
    return got


def immune(night: Night, player: str, role: Role, attack: Attack) -> bool:
    """May the role's immunity save `player` now? A charged one (a 1-Shot Bulletproof) only while
    a charge is left, and the save spends it; not while a plain protection (a Doctor's) covers the
    attack: that saves them, and the charge is kept."""
    left = role.charged.get("immunity")
    if left is None:
        return True
    if any(p.covers(attack) and not p.sides for p in night.protections.get(player, ())):
        return False
    ps = night.state.players.get(player)
    have = ps.charges.get("immunity", left) if ps is not None else left
    spent = night.ext.setdefault("immunity-spent", {})
    if have - spent.get(player, 0) <= 0:
        night.say(f"{player}'s Bulletproof is used up.")
        return False
    spent[player] = spent.get(player, 0) + 1
    night.ext.setdefault("charges", []).append((player, "immunity", -1))
    return True


EFFECTS: dict[str, EffectSpec] = {}  # no effect of its own: a reach rule, a hook and readings
