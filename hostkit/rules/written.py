"""Roles as hosts write them: `[alignment] [modifier ...] ROLE` ("Town 1-Shot Bulletproof Vanilla
Townie", "Mafia Roleblocker", "Town Odd-Night Cop"), read and composed onto a ruleset's roles.

A ruleset that has a modifiers.toml (games/natural/) takes such names. `parse` reads one into
its parts, refusing a word it does not know (with the nearest names) and a modifier that makes
no sense on the role (with the reason); `canonical` is the name a game keeps (each word spelt as
the ruleset spells it). `compose` builds the Role: the base role of roles.toml (by its name or an
alias), moved to the alignment written, each modifier applied as its data says. `for_setup`
adds the composed roles of a game's players to its ruleset, and words every Town role's win
condition from the sides the setup has (a PM names no role the setup lacks).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from ..model.roles import Ability, Effect, Role, Ruleset
from ..model.errors import HostkitError, NameError_, suggest
from ..model.records import Record
from ..store.tomlio import Table, load
from .linked import LINKED, TOLD_AT, check_companions, linked_role, spelling_key as _key, told_later

FILE = "modifiers.toml"
ALIGNMENTS = ("Town", "Mafia")
NEEDS = ("action", "kill", "any")
ABILITY_KEYS = {"nights": str, "phase": str, "first_night": int, "only_night": int, "self": bool, "skippable": bool,
                "no_repeat": bool}
SHOT = re.compile(r"^(\d+) ?shot$")
NIGHT_X = re.compile(r"^night ?(\d+)$")
NUMBERED = {"X-Shot": SHOT, "Night X": NIGHT_X}  # modifiers written with their number
IMMUNE = re.compile(r"^(.+) immune$")  # '[role]-Immune': immune to that role ('Cop-Immune')


class Modifier(Record):
    name: str
    summary: str
    told: str
    aliases: tuple[str, ...] = ()
    needs: str = "action"
    only: str = ""
    conflicts: tuple[str, ...] = ()
    ability: Mapping[str, Any] = MappingProxyType({})
    kill: Mapping[str, Any] = MappingProxyType({})
    role: Mapping[str, Any] = MappingProxyType({})
    chargeable: bool = False
    activated: Mapping[str, Any] = MappingProxyType({})  # the effect an Activated one is, on its user
    told_activated: str = ""
    told_charged: str = ""  # what the PM says of it after an X-Shot ('{x}': X)


class Written(Record):
    """A written role, parsed: the alignment word (or ""), the modifiers in order (the X of an
    X-Shot in `shots`, by position), and the base role's name in the ruleset with the words the
    host wrote it by."""

    alignment: str
    modifiers: tuple[str, ...]
    shots: tuple[Any, ...]  # X for each modifier (an X-Shot's, a Night X's; a [role]-Immune's role; else 0)
    base: str  # the ruleset's role
    base_words: str  # as the ruleset spells what was written: 'Vanilla Townie', 'Cop'
    finds: str = ""  # a '[role]-Finder': the role it finds
    extra: tuple[tuple[str, str], ...] = ()  # a hybrid's other roles, as written before the last ('Cop Doctor')


@lru_cache(maxsize=8)
def _read(path: Path) -> Mapping[str, Modifier]:
    top = Table(load(path), path)
    out: dict[str, Modifier] = {}
    for name in list(top.data):
        t = top.sub(name)
        needs = t.get("needs", str, "action", choices=NEEDS)
        m = Modifier(
            name=name, summary=t.get("summary", str), told=t.get("told", str),
            aliases=tuple(t.strings("aliases", ())), needs=needs,
            only=t.get("only", str, "", choices=("",) + ALIGNMENTS),
            conflicts=tuple(t.strings("conflicts", ())),
            ability=MappingProxyType(dict(t.get("ability", dict, {}))),
            kill=MappingProxyType(dict(t.get("kill", dict, {}))),
            role=MappingProxyType(dict(t.get("role", dict, {}))),
            chargeable=t.get("chargeable", bool, False), told_charged=t.get("told_charged", str, ""),
            activated=MappingProxyType(dict(t.get("activated", dict, {}))),
            told_activated=t.get("told_activated", str, ""))
        if m.activated and ("effect" not in m.activated or not m.told_activated):
            raise t.fail("activated", "an activated passive names its effect and says it (told_activated)")
        if m.chargeable and not m.told_charged:
            raise t.fail("told_charged", "a chargeable modifier says what it does after an X-Shot")
        for k, v in m.ability.items():
            if k not in ABILITY_KEYS or not isinstance(v, ABILITY_KEYS[k]):
                raise t.fail(f"ability.{k}", f"an ability key of {', '.join(ABILITY_KEYS)}, of its type")
        for k in m.role:
            if k not in ("immunity", "passives", "appears"):
                raise t.fail(f"role.{k}", "one of immunity, passives, appears")
        t.done()
        out[name] = m
    top.seen.update(top.data)
    for m in out.values():
        for c in m.conflicts:
            if c not in out:
                raise top.fail(f"{m.name}.conflicts", f"no modifier {c!r}{suggest(c, out)}")
    return MappingProxyType(out)


def modifiers(rs: Ruleset) -> Mapping[str, Modifier]:
    """The ruleset's modifiers (empty: the ruleset takes no written roles)."""
    from .rulesets import games_dir

    path = games_dir() / rs.name / FILE
    return _read(path) if path.is_file() else MappingProxyType({})


def _words(rs: Ruleset) -> dict[str, tuple[str, str]]:
    """Every name a role is written by (its name, its aliases), keyed: -> (role, spelling). A
    role's first alias is its MafiaScum name: every alias is spelt as it ('VT' is a 'Vanilla
    Townie'), the role's own name as itself."""
    out: dict[str, tuple[str, str]] = {}
    for r in rs.roles.values():
        for w in r.aliases:
            out.setdefault(_key(w), (r.name, r.aliases[0]))
    out.update((_key(r.name), (r.name, r.name)) for r in rs.roles.values())  # a role's own name first (a game's Courier)
    return out


def parse(rs: Ruleset, text: str) -> Written:
    """Read a written role; NameError_ names a word it does not know, HostkitError a modifier that
    cannot modify that role (and why)."""
    mods = modifiers(rs)
    words = _key(text).split()
    if not words:
        raise NameError_("a role cannot be blank")
    known = _words(rs)
    whole = known.get(" ".join(words))
    if whole is not None:  # a role's own name, even one that begins like an alignment ('Mafia Boss')
        return Written("", (), (), whole[0], whole[1])
    alignment = ""
    if words[0] in ("town", "mafia"):
        alignment = words.pop(0).capitalize()
    base = None
    finds = ""
    for i in range(len(words)):  # the longest written role at the end
        found = known.get(" ".join(words[i:]))
        linked = words[-1] if words[-1] in LINKED and i < len(words) - 1 else ""
        sought = known.get(" ".join(words[i:-1])) if linked else None
        if found is None and sought is not None and linked.capitalize() in rs.roles:  # 'Cop-Finder', 'Doctor Enabler'
            found = (linked.capitalize(), f"{sought[1]}-Finder" if linked == "finder" else
                     f"{sought[1]} {linked.capitalize()}")
            finds = sought[1]
        if found is not None:
            base, words = found, words[:i]
            break
    by_key = {_key(w): m.name for m in mods.values() for w in (m.name, *m.aliases)
              if m.name not in NUMBERED and m.name != "Role-Immune"}
    names: list[str] = []
    shots: list[int] = []
    extra: list[tuple[str, str]] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i, -1):
            phrase = " ".join(words[i:j])
            numbered = next(((n, m) for n, rx in NUMBERED.items() if n in mods for m in [rx.match(phrase)] if m),
                            None)
            immune = IMMUNE.match(phrase)
            immune_to = known.get(immune.group(1)) if immune and "Role-Immune" in mods else None
            if phrase in by_key or numbered or immune_to:
                names.append(numbered[0] if numbered else "Role-Immune" if immune_to else by_key[phrase])
                shots.append(int(numbered[1].group(1)) if numbered else immune_to[1] if immune_to else 0)
                i = j
                break
        else:
            end = next((j for j in range(len(words), i, -1) if " ".join(words[i:j]) in known), None)
            if end is not None:  # another role before the last: a hybrid ('Cop Doctor', 'Doctor Neighbor')
                extra.append(known[" ".join(words[i:end])])
                i = end
                continue
            rest = " ".join(words[i:])
            everything = [r.name for r in rs.roles.values()] + [m for m in mods if m not in NUMBERED] + \
                ["1-Shot", "Night 2", *ALIGNMENTS]
            raise NameError_(f"unknown role or modifier {rest!r} in {text!r}{suggest(rest, everything)}; "
                             f"see 'hostkit roles {rs.name}'")
    if base is None:
        if not names or mods[names[-1]].needs != "any":
            raise NameError_(f"no role in {text!r}: end it with a role, like Vanilla Townie or Cop; "
                             f"see 'hostkit roles {rs.name}'")
        plain = "Goon" if alignment == "Mafia" else "Villager"  # a passive role alone ("Town Bulletproof"):
        base = (plain, "")  # on a vanilla, named as written
    return Written(alignment, tuple(names), tuple(shots), base[0], base[1], finds, tuple(extra))


def canonical(w: Written) -> str:
    parts = [w.alignment] if w.alignment else []
    parts += _written(w) + [spelt for _, spelt in w.extra]
    return " ".join(parts + ([w.base_words] if w.base_words else []))


def written_name(rs: Ruleset, text: str) -> str | None:
    """The name a game keeps for a written role (checked: it composes), or None when the ruleset
    takes no written roles."""
    if not modifiers(rs):
        return None
    w = parse(rs, text)
    name = canonical(w)
    if name in rs.roles:
        return name
    compose(rs, name, w)
    return name


def compose(rs: Ruleset, name: str, w: Written | None = None) -> Role:
    """The Role a written name means (see the module's docstring)."""
    w = w or parse(rs, name)
    mods = modifiers(rs)
    if "Backup" in w.modifiers:
        return _backup(rs, name, w)
    role = rs.roles[w.base]
    if w.base == "Companion" and not w.finds:
        raise HostkitError(f"{name!r}: write the role the Companion is told of before it: 'Cop Companion', "
                           "'Vanilla Townie Companion'")
    if w.finds and w.base in ("Enabler", "Companion"):
        role = linked_role(role, w.base, w.finds)
    elif w.finds:
        role = _finder(role, w.finds)
    for other, spelt in reversed(w.extra):
        role = _hybrid(rs, name, rs.roles[other], role, spelt)
    if "Combined" in w.modifiers:
        role = _combined(name, role)
    what = w.base_words or ("Goon" if w.base == "Goon" else "Vanilla Townie")
    side = w.alignment or role.alignment
    if w.alignment and role.alignment not in ALIGNMENTS:
        raise HostkitError(f"{name!r}: a {what} is its own side ({role.alignment}), never {w.alignment}")
    if (w.alignment == "Town" and role.alignment != "Town") or (w.alignment == "Mafia" and role.faction
                                                                  and role.faction != "Mafia"):
        raise HostkitError(f"{name!r}: a {what} is {role.alignment} only")
    if w.alignment == "Mafia" and role.alignment != "Mafia":
        goon = rs.roles["Goon"]  # the plain Mafia role: its win condition
        faction = rs.factions.get("Mafia", ())
        role = role._replace(alignment="Mafia", faction="Mafia", knows_faction=True, win=goon.win,
                             summary=f"Mafia. {role.summary}",
                             abilities=role.abilities + tuple(a for a in faction if not role.ability(a.name)))
    seen: set[str] = set()
    told: list[str] = []
    for i, (m_name, x) in enumerate(zip(w.modifiers, w.shots)):
        m = mods[m_name]
        if m_name in seen and m_name != "X-Shot":  # '1-Shot Bulletproof 2-Shot Cop' limits two things
            raise HostkitError(f"{name!r}: {m_name} is written twice")
        clash = next((c for c in m.conflicts if c in seen), None)
        if clash:
            raise HostkitError(f"{name!r}: {m_name} cannot be written with {clash}")
        seen.add(m_name)
        if m.only and side != m.only:
            raise HostkitError(f"{name!r}: {m_name} is for {m.only} roles only")
        if m_name == "X-Shot":
            nxt = w.modifiers[i + 1] if i + 1 < len(w.modifiers) else ""
            if nxt == "Activated":
                continue  # '1-Shot Activated Bulletproof': the activation's uses
            if nxt and mods[nxt].chargeable:
                if x < 1:
                    raise HostkitError(f"{name!r}: an X-Shot passive works at least once (1-Shot {nxt})")
                role = role._replace(charged=MappingProxyType({**role.charged, "immunity": x}))
                continue
            if x < 1:
                raise HostkitError(f"{name!r}: an X-Shot is used at least once (1-Shot)")
        if m_name == "Activated":
            nxt = w.modifiers[i + 1] if i + 1 < len(w.modifiers) else ""
            if not nxt or not mods[nxt].activated:
                raise HostkitError(f"{name!r}: Activated is written right before a passive it turns into an "
                                   f"action ({', '.join(n for n, v in mods.items() if v.activated)})")
            continue
        if i and w.modifiers[i - 1] == "Activated":
            shots = w.shots[i - 2] if i > 1 and w.modifiers[i - 2] == "X-Shot" else None
            role = _activate(role, m, shots)
            told.append(m.told_activated)
            continue
        if m_name == "Night X" and isinstance(x, int) and x < 1:
            raise HostkitError(f"{name!r}: actions are used from Night 1 (Night 0 has none)")
        if m_name == "Night X" and told_later(role, "Informed" in w.modifiers):  # 'Night 2 Companion': told on night 2
            role = role._replace(passives=role.passives | {f"{TOLD_AT}{x}"})
            told.append(f"You are told it during Night {x}.")
            continue
        own = [a for a in role.abilities if not a.factional]
        if m.needs == "action" and not own:
            raise HostkitError(f"{name!r}: {m_name} modifies an action, and a {what} has none")
        kills = [a for a in role.abilities if any(e.kind in ("kill", "ignite") for e in a.effects)]
        if m_name == "Announcing" and not any(a.targets for a in own):
            raise HostkitError(f"{name!r}: Announcing tells the target of an action, and a {what} targets no one")
        if m.needs == "kill" and not kills:
            raise HostkitError(f"{name!r}: {m_name} modifies a kill, and a {what} has none")
        role = _apply(role, m, x, own, kills)
        shot = w.shots[i - 1] if i and w.modifiers[i - 1] == "X-Shot" and m.chargeable else 0
        told.append((m.told_charged if shot else m.told).replace("{x}", str(shot or x)))
    base = rs.roles[w.base]
    if not any(not a.factional for a in base.abilities) and any(not a.factional for a in role.abilities):
        role = role._replace(summary="Mafia." if role.faction == "Mafia" else "")  # a vanilla given an action
    summary = " ".join(s for s in [role.summary, *told] if s)
    written = _written(w)
    shown = {**role.appears, "base": role.appears.get("base", w.base_words or rs.roles[w.base].name)}
    if written:
        shown["modifiers"] = ", ".join(written)
    if w.extra:  # a hybrid's other roles: a Finder or a Companion finds it as each (the wiki's multiroles)
        shown["also"] = ", ".join(spelt for _, spelt in w.extra)
    appears = MappingProxyType(shown)
    return role._replace(name=name, summary=summary, aliases=(), appears=appears)


def _hybrid(rs: Ruleset, name: str, first: Role, role: Role, spelt: str) -> Role:
    """A hybrid ('Cop Doctor', 'Doctor Neighbor'): both roles' actions and passives, the group
    of whichever has one (a player is in one group), the Mafia's side if either is Mafia."""
    if first.faction and role.faction and first.faction != role.faction:
        raise HostkitError(f"{name!r}: a player is in one group, and {spelt} ({first.faction}) and the rest "
                           f"({role.faction}) are two")
    if first.alignment not in ALIGNMENTS or (role.alignment not in ALIGNMENTS):
        raise HostkitError(f"{name!r}: a {spelt if first.alignment not in ALIGNMENTS else 'third party'} is a side "
                           f"of its own and cannot be part of a hybrid")
    mine = {a.key for a in role.abilities}
    grouped = first if first.faction else role
    abilities = tuple(a._replace(origin=a.origin or spelt) for a in first.abilities
                      if a.key not in mine and not a.factional) + role.abilities
    if grouped is first:
        abilities += tuple(a for a in first.abilities if a.factional and a.key not in mine)
    return role._replace(
        abilities=abilities, passives=role.passives | first.passives, immunity=max(role.immunity, first.immunity),
        appears=MappingProxyType({**first.appears, **role.appears}), faction=grouped.faction,
        knows_faction=grouped.knows_faction, alignment=grouped.alignment, win=grouped.win,
        summary=" ".join(s for s in (first.summary, role.summary) if s),
        charged=MappingProxyType({**first.charged, **role.charged}))


def _combined(name: str, role: Role) -> Role:
    """'Combined Cop Roleblocker': the hybrid's own actions are one action, every effect on the same
    target (MafiaScum's Combined)."""
    own = [a for a in role.abilities if not a.factional]
    if len(own) < 2:
        raise HostkitError(f"{name!r}: Combined joins the actions of two roles into one; write two roles "
                           f"('Combined Cop Roleblocker')")
    if len({a.targets for a in own}) > 1:
        raise HostkitError(f"{name!r}: Combined joins actions that take the same number of targets")
    from ..engine.effects import NAR_ORDER

    category = min((a.category for a in own), key=lambda c: NAR_ORDER.index(c) if c in NAR_ORDER else len(NAR_ORDER))
    one = own[0]._replace(name="-".join(a.name for a in own), category=category,
                          summary=" And: ".join(a.summary for a in own),
                          effects=tuple(e for a in own for e in a.effects))
    return role._replace(abilities=(one,) + tuple(a for a in role.abilities if a.factional))


def _finder(role: Role, finds: str) -> Role:
    """A '[role]-Finder': the Finder's reading names the role it finds."""
    abilities = tuple(a._replace(effects=tuple(Effect(e.kind, MappingProxyType({**e.params, "role": finds}))
                                               if e.kind == "detect" else e for e in a.effects)) for a in role.abilities)
    return role._replace(abilities=abilities, appears=MappingProxyType({**role.appears, "base": "Finder"}),
                         summary=f"Each night, investigate a player: you learn whether they are a {finds} "
                                 f"(modifiers aside).")


def _written(w: Written) -> list[str]:
    """The modifiers as the name spells them: '1-Shot', 'Night 2', 'Cop-Immune', 'Macho'."""
    return [f"{x}-Shot" if m == "X-Shot" else f"Night {x}" if m == "Night X" else f"{x}-Immune"
            if m == "Role-Immune" else m for m, x in zip(w.modifiers, w.shots)]


def _activate(role: Role, m: Modifier, shots: int | None) -> Role:
    """'Activated Bulletproof': the passive is an action the player takes on themself, night by
    night (a block stops it), instead of always on."""
    params = dict(m.activated)
    kind = params.pop("effect")
    ab = Ability(name=f"Activate {m.name}", summary=m.told_activated, targets=0,
                 uses=shots, category="protect", moves=False, effects=(Effect(kind, MappingProxyType(params)),))
    return role._replace(abilities=role.abilities + (ab,))


def _backup(rs: Ruleset, name: str, w: Written) -> Role:
    """A Backup ('Town Backup Cop'): vanilla until a player of the role it backs up dies, then
    that role (engine/effects/backup.py)."""
    from ..engine.backups import backed_up

    if w.modifiers.count("Backup") > 1:
        raise HostkitError(f"{name!r}: Backup is written twice")
    target = backed_up(name)
    taken = compose(rs, target) if target not in rs.roles else rs.roles[target]
    if not any(not a.factional for a in taken.abilities) and not taken.passives:
        raise HostkitError(f"{name!r}: a Backup takes over a power role, and a {w.base_words or 'Vanilla'} has none")
    plain = rs.roles["Goon" if taken.faction == "Mafia" else "Villager"]
    told = modifiers(rs)["Backup"].told.replace("{role}", _plain_name(target))
    return plain._replace(name=name, alignment=taken.alignment, faction=taken.faction,
                          knows_faction=taken.knows_faction, win=taken.win, aliases=(),
                          summary=" ".join(s for s in ((f"Mafia. " if taken.faction == "Mafia" else "") + told,) if s),
                          passives=frozenset({"backup"}))


def _plain_name(name: str) -> str:
    for word in ALIGNMENTS:
        if name.startswith(word + " "):
            return name[len(word) + 1:]
    return name


def _apply(role: Role, m: Modifier, x: int, own: list[Ability], kills: list[Ability]) -> Role:
    changed: dict[str, Ability] = {}
    if m.name == "X-Shot":
        changed.update((a.key, a._replace(uses=x)) for a in own)
    if m.name == "Role-Immune":
        role = role._replace(passives=role.passives | {f"immune-to:{str(x).lower()}"})
    if m.name == "Night X":
        changed.update((a.key, a._replace(only_night=x, first_night=min(a.first_night, x))) for a in own)
    if m.ability:
        fields = {("self_target" if k == "self" else k): v for k, v in m.ability.items()}
        changed.update((a.key, changed.get(a.key, a)._replace(**fields)) for a in own)
    if m.name == "Announcing":
        for a in own:
            if a.targets:
                tell = Effect("tell", MappingProxyType({"target": 0, "text": f"You were targeted tonight by a {_plain_name(role.name)}."}))
                changed[a.key] = changed.get(a.key, a)._replace(effects=changed.get(a.key, a).effects + (tell,))
    if m.kill:
        for a in kills:
            a = changed.get(a.key, a)
            effects = tuple(Effect(e.kind, MappingProxyType({**e.params, **m.kill}))
                            if e.kind in ("kill", "ignite") else e for e in a.effects)
            changed[a.key] = a._replace(effects=effects)
    abilities = tuple(changed.get(a.key, a) for a in role.abilities)
    role = role._replace(abilities=abilities)
    r = m.role
    if "immunity" in r:
        role = role._replace(immunity=max(role.immunity, r["immunity"]))
    if "passives" in r:
        role = role._replace(passives=role.passives | frozenset(r["passives"]))
    if "appears" in r:
        role = role._replace(appears=MappingProxyType({**role.appears, **r["appears"]}))
    return role


def for_setup(rs: Ruleset, names: Iterable[str]) -> Ruleset:
    """The ruleset with the composed roles `names` need, and every Town role's win condition
    worded from the sides dealt (never a side the setup lacks)."""
    if not modifiers(rs):
        return rs
    names = list(dict.fromkeys(names))
    roles = dict(rs.roles)
    from ..engine.backups import backed_up

    for n in list(names):
        if n not in roles:
            try:
                roles[n] = compose(rs, n)
            except HostkitError:
                continue  # the game's loader names the role it cannot find
            if "backup" in roles[n].passives and backed_up(n) not in roles:
                roles[backed_up(n)] = compose(rs, backed_up(n))  # the role it will take over
    dealt = [roles[n] for n in names if n in roles]
    check_companions(rs, roles, names)
    foes = []
    for r in dealt:
        foe = "the Mafia" if r.faction == "Mafia" else (f"the {r.alignment}" if r.alignment != "Town" else "")
        if foe and foe not in foes:
            foes.append(foe)
    _cures_said(roles, names, dealt)
    foes.sort(key=lambda f: f != "the Mafia")  # the Mafia first, then the third parties as dealt
    if foes:
        one = len(foes) == 1 and foes[0] != "the Mafia"  # a lone third party: 'the Arsonist is dead'
        town = f"Town wins when {_joined(foes)} {'is dead' if one else 'are all dead'}."
        for n in names:
            r = roles.get(n)
            if r is not None and r.alignment == "Town" and not r.victory:
                roles[n] = r._replace(win=town)
    return rs._replace(roles=MappingProxyType(roles))


def _cures_said(roles: dict[str, Role], names: list[str], dealt: list[Role]) -> None:
    """An ability that cures a tag (the Doctor's heal cures 'poisoned') says so in the PM only
    when a dealt role gives that tag: a PM names nothing the setup lacks."""
    given = {e.get("tag") for r in dealt for a in r.abilities for e in a.effects if e.kind == "tag"}
    for n in names:
        r = roles.get(n)
        if r is None:
            continue
        changed = False
        abilities = []
        for a in r.abilities:
            cures = [t for e in a.effects if e.kind == "heal" for t in e.get("cures", ()) if t in given]
            if cures:
                a = a._replace(summary=f"{a.summary} It also cures {' and '.join(cures)} players, on the night it "
                                        f"would kill them.")
                changed = True
            abilities.append(a)
        if changed:
            roles[n] = r._replace(abilities=tuple(abilities))


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def listing(rs: Ruleset) -> list[dict[str, str]]:
    """Every modifier with its one-line meaning (hostkit roles)."""
    return [{"name": m.name, "summary": m.summary, "aliases": ", ".join(m.aliases)} for m in modifiers(rs).values()]
