"""Reads a roles.toml (bundled or a game's own) into Role and Ability records: every key checked,
every error naming the file and key. What repeats is shared in the data: `extends` for a
variant, `[factions.NAME]` for what every member of a faction has, `[shared.NAME]` for an
ability several roles `include`. The schema is written down for hosts in games/README.md.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ..engine.sides import VICTORIES
from ..model.errors import FileError, suggest
from ..model.roles import Ability, Effect, OptionSpec, Role, Ruleset
from ..store.tomlio import Table, load

PASSIVES = {
    "rampageable": "if you visit the target of a rampaging kill, you die with them",
    "away": "you spend the night away from home: no one can reach you at home",
    "unblockable": "your actions cannot be blocked",
    "last-shot": "when you die you may shoot one living player (not when poisoned)",
    "kills-blockers": "a player who blocks you (by visiting) is killed by you, body in the Town Square",
    "mind-shield": "psychic powers cannot reach you (a Telepath's reading, a Psychic Warden's binding); you learn you "
                   "were targeted, but not by what",
    "anti-tech": "tech cannot reach you (alien tech, the Mad Scientist's inventions); you learn you were targeted, "
                 "but not by what",
    "psychic": "you are a psychic being: a Mind Shield is immune to your psychic powers, and a Psychic Pulser stops them",
    "psychic-vote": "your vote's extra weight works only while Mind Shield holders do not outnumber the other living "
                    "players",
    "no-team-actions": "you take no part in the factional actions your partners' roles own: you use only your own",
    "macho": "you cannot be protected: a protection or heal aimed at you does nothing",
    "ninja": "when you perform your faction's kill, Trackers and Watchers do not see you",
    "juggernaut": "when you perform your faction's kill, no block on you stops it",
    "informed": "your role PM tells you something about the setup, which the host has confirmed",
    "personal": "your own actions neither touch nor see a faction's action (the Mafia's kill): you cannot block, "
                "stop or see it",
    "loyal": "your own actions fail, as though roleblocked, on a player not of your alignment",
    "disloyal": "your own actions fail, as though roleblocked, on a player of your alignment",
    "weak": "if your own action reaches a player who is not Town, you die that night",
    "complex": "your own actions fail, as though roleblocked, on a vanilla player",
    "simple": "your own actions fail, as though roleblocked, on a player who is not vanilla",
    "ascetic": "no action reaches you but a kill",
    "vengeful": "when the vote eliminates you, you may shoot one living player",
    "encryptor": "any private topic you are in may talk by day (the host opens it)",
    "lazy": "your own actions fail while one non-Town player at most is alive",
    "traitor": "you are on a faction's side without being in it: you count with it when it reaches parity",
    "backup": "you take over the role you back up when a player with it dies",
    "universal-backup": "you take over the role of the first player of your alignment with a power role to die",
}

# How a role PM names a passive whose key is not a plain word (a key stays the data's name).
PASSIVE_NAMES = {
    "last-shot": "Last shot",
    "kills-blockers": "Kills blockers",
    "mind-shield": "Mind Shield",
    "anti-tech": "Anti-Tech Field",
    "psychic-vote": "Psychic vote",
    "no-team-actions": "No team actions",
    "macho": "Macho", "ninja": "Ninja", "juggernaut": "Juggernaut", "personal": "Personal", "informed": "Informed", "loyal": "Loyal", "disloyal": "Disloyal", "weak": "Weak",
    "complex": "Complex", "simple": "Simple", "ascetic": "Ascetic", "vengeful": "Vengeful", "lazy": "Lazy",
    "traitor": "Traitor", "encryptor": "Encryptor", "backup": "Backup", "universal-backup": "Universal Backup",
}

def passive_words(passive: str) -> tuple[str, str]:
    """How a role PM names and explains a passive; a written '[role]-Immune' is 'immune-to:ROLE'."""
    if passive.startswith("enables:"):
        role = passive.split(":", 1)[1].title()
        return f"{role} Enabler", f"while you live, every {role} may act; when you die, none can"
    if passive.startswith("told-night:"):
        night = passive.split(":", 1)[1]
        return f"Night {night}", f"what your role tells you, you are told during Night {night}"
    if passive.startswith("companion:"):
        role = passive.split(":", 1)[1].title()
        return f"{role} Companion", f"your role PM names a {role} who is aligned with the Town"
    if passive.startswith("immune-to:"):
        role = passive.split(":", 1)[1].title()
        return f"{role}-Immune", f"a {role}'s actions on you fail"
    return PASSIVE_NAMES.get(passive, passive), PASSIVES.get(passive, passive)


# Top-level tables of a roles.toml that are not roles: what the roles share.
RESERVED = ("factions", "shared")


def read_roles(path: Path, base: Ruleset | None = None) -> dict[str, Role]:
    """Read a roles.toml: one table per role (see games/README.md). `base`: the bundled ruleset a
    game's roles.toml adds to (its roles may be extended, its shared and faction abilities used)."""
    return read_role_file(path, base)[0]


def read_role_file(path: Path, base: Ruleset | None = None) -> tuple[
        dict[str, Role], dict[str, tuple[Ability, ...]], dict[str, Ability]]:
    """A roles.toml's roles, with its faction abilities (`[factions.NAME]`) and shared abilities
    (`[shared.NAME]`), each merged over those of `base`."""
    top = Table(load(path), path)
    shared: dict[str, Ability] = dict(base.shared) if base else {}
    factions: dict[str, tuple[Ability, ...]] = dict(base.factions) if base else {}
    if "shared" in top.data:
        sh = top.sub("shared")
        for name in list(sh.data):
            ab = _ability(sh.sub(name), name)
            if ab.name != name:
                raise sh.fail(f"{name}.name", f"a shared ability is named by its table: {name!r}")
            shared[name] = ab
        sh.seen.update(sh.data)
    if "factions" in top.data:
        ft = top.sub("factions")
        for fname in list(ft.data):
            f = ft.sub(fname)
            abilities = tuple(_ability(a) for a in f.tables("abilities"))
            f.done()
            _unique(abilities, f)
            factions[fname] = abilities
        ft.seen.update(ft.data)
    names = [n for n in top.data if n not in RESERVED]
    roles: dict[str, Role] = {}
    building: list[str] = []

    def build(name: str) -> Role:
        if name in roles:
            return roles[name]
        t = top.sub(name)
        if name in building:
            chain = " -> ".join(building[building.index(name):] + [name])
            raise t.fail("extends", f"a role cannot extend itself ({chain})")
        building.append(name)
        parent = None
        ext = t.get("extends", str, None)
        if ext is not None:
            if ext in names:
                parent = build(ext)
            elif base is not None and ext in base.roles:
                parent = base.roles[ext]
            else:
                known = list(names) + list(base.roles if base else ())
                raise t.fail("extends", f"unknown role {ext!r}{suggest(ext, known)}")
        roles[name] = _role(t, name, parent, shared, factions)
        building.pop()
        return roles[name]

    for name in names:
        build(name)
    top.seen.update(top.data)
    return {n: roles[n] for n in names}, factions, shared


def _unique(abilities: tuple[Ability, ...], t: Table) -> None:
    seen: set[str] = set()
    for ab in abilities:
        if ab.key in seen:
            raise t.fail("abilities", f"two abilities named {ab.name!r}")
        seen.add(ab.key)


def _role(t: Table, name: str, parent: Role | None = None, shared: dict[str, Ability] | None = None,
          factions: dict[str, tuple[Ability, ...]] | None = None) -> Role:
    """One role. With `parent` (extends), every key not given is the parent's, and abilities are
    the parent's with those of the same name replaced and the new ones added. `include` adds
    shared abilities by name; the abilities of the role's faction come last (one declaration for
    the whole faction), unless the role declares one of the same name."""
    shared = shared or {}
    factions = factions or {}
    p = parent
    _word(t, "", name, "a role's name")
    if "appears" in t.data or p is None:
        appears = t.sub("appears", {})
        appears_map = {k: appears.get(k, str) for k in ("alignment", "role", "race", "goal") if k in appears.data}
        appears.done()
    else:
        appears_map = dict(p.appears)
    passives = t.strings("passives", tuple(sorted(p.passives)) if p else ())
    for i, pv in enumerate(passives):
        if pv not in PASSIVES:
            raise t.fail(f"passives[{i}]", f"unknown passive {pv!r}{suggest(pv, PASSIVES)}")
    own = tuple(_ability(a) for a in t.tables("abilities"))
    _unique(own, t)
    for i, inc in enumerate(t.strings("include", ())):
        if inc not in shared:
            raise t.fail(f"include[{i}]", f"no shared ability {inc!r}{suggest(inc, shared)}"
                         + (f"; the shared abilities: {', '.join(shared)}" if shared else
                            "; declare it under [shared] first"))
        if any(a.key == shared[inc].key for a in own):
            raise t.fail(f"include[{i}]", f"the role also declares an ability named {inc!r}")
        own += (shared[inc],)
    faction = t.get("faction", str, p.faction if p else None)
    abilities: list[Ability] = []
    if p is not None:
        inherited = factions.get(p.faction or "", ())
        abilities = [a for a in p.abilities if not any(a is f for f in inherited)]
    for ab in own:
        at = next((i for i, a in enumerate(abilities) if a.key == ab.key), None)
        if at is None:
            abilities.append(ab)
        else:
            abilities[at] = ab
    for ab in factions.get(faction or "", ()):
        if not any(a.key == ab.key for a in abilities):
            abilities.append(ab)
    role = Role(
        name=name,
        alignment=_word(t, "alignment", t.get("alignment", str, p.alignment if p else ...), "an alignment"),
        faction=faction,
        summary=t.get("summary", str, p.summary if p else ""),
        win=t.get("win", str, p.win if p else ""),
        flavour=t.get("flavour", str, p.flavour if p else ""),
        race=t.get("race", str, p.race if p else None),
        goal=t.get("goal", str, p.goal if p else None),
        appears=MappingProxyType(appears_map),
        passives=frozenset(passives),
        immunity=_count(t, "immunity", p.immunity if p else 0),
        weight=_weight(t, p.weight if p else 1.0),
        knows_faction=t.get("knows_faction", bool, p.knows_faction if p else False),
        abilities=tuple(abilities),
        count=t.get("count", str, p.count if p else ""),
        notes=t.strings("notes", p.notes if p else ()),
        items=t.strings("items", p.items if p else ()),
        tech=_tech_slots(t, p.tech if p else None),
        goal_text=t.get("goal_text", str, p.goal_text if p else ""),
        victory=t.get("victory", str, p.victory if p else "", choices=tuple(VICTORIES)),
        guild=t.get("guild", str, p.guild if p else ""),
        aliases=t.strings("aliases", ()),  # never inherited: an alias names one role
        pick_one=_pick_one(t, role_abilities=tuple(abilities), inherited=p.pick_one if p else None),
    )
    t.done()
    return role


def _pick_one(t: Table, *, role_abilities: tuple[Ability, ...], inherited: Any) -> Mapping[str, tuple[str, ...]]:
    """`pick_one`: the choices the player picks one of at the start (see Role.pick_one): a list of
    ability names (each its own choice) or a table of choice -> ability names."""
    if "pick_one" not in t.data:
        t.seen.add("pick_one")
        return inherited if inherited is not None else MappingProxyType({})
    raw = t.get("pick_one", (list, dict))
    pairs = [(n, [n]) for n in raw] if isinstance(raw, list) else list(raw.items())
    names = [a.name for a in role_abilities]
    out: dict[str, tuple[str, ...]] = {}
    for i, (choice, abilities) in enumerate(pairs):
        where = f"pick_one[{i}]" if isinstance(raw, list) else f"pick_one.{choice}"
        if not isinstance(choice, str) or not isinstance(abilities, list) or not abilities \
                or not all(isinstance(a, str) for a in abilities):
            raise t.fail(where, "expected an ability name, or a choice's list of ability names")
        for a in abilities:
            if a not in names:
                raise t.fail(where, f"the role has no ability {a!r}{suggest(a, names)}")
        out[choice] = tuple(abilities)
    if len(out) == 1:
        raise t.fail("pick_one", "one choice is no choice: name two or more, or none")
    return MappingProxyType(out)


def _word(t: Table, key: str, value: str, what: str, *, reserved: bool = False) -> str:
    """A name a host types and every PM and status line prints: not blank, one line of visible
    characters; an ability's name not a word 'act' reads itself ('skip' made 'act A skip' mean
    the ability, not a skip). A role named "Pri\\nest" split 'status' over two lines."""
    from ..model.checks import RESERVED, name_key

    where = f"{t.path}: {t.key(key) if key else repr(t.where)}"  # a role's own key may hold the line break
    if not value.strip() or value != value.strip():
        raise FileError(f"{where}: {what} cannot be blank or begin or end with a space: {value!r}")
    for ch in value:
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            kind = "a line break" if ch in "\r\n\u2028\u2029\x85" else "an invisible character"
            raise FileError(f"{where}: {what} cannot contain {kind} (U+{ord(ch):04X}): {value!r}")
    if reserved and name_key(value) in RESERVED:
        raise FileError(f"{where}: {value!r} is a word 'hostkit act' reads itself ({', '.join(RESERVED)}); "
                        f"choose another name")
    return value


def _count(t: Table, key: str, default: Any) -> Any:
    """A count in a role file (targets, uses, first_night, immunity...): a whole number, 0 or more.
    A negative one made an ability no one could ever enter ('takes -1 target(s)'), or use."""
    n = t.get(key, int, default)
    if n is not None and n < 0:
        raise t.fail(key, f"must be 0 or more, not {n}")
    return n


def _weight(t: Table, default: float) -> float:
    """A role's vote weight, with the bounds of `new --weight` (a negative or nan one took votes
    away from a wagon, and `votes --json` printed NaN, which is not JSON)."""
    from ..model.checks import check_weight
    from ..model.errors import HostkitError

    w = t.get("weight", float, default)
    try:
        return check_weight(w, "weight")
    except HostkitError as exc:
        raise t.fail("weight", str(exc).split(": ", 1)[1]) from None


TECH_SLOTS = ("Small", "Medium", "Large")


def _tech_slots(t: Table, inherited: Any) -> Any:
    """`tech = { Medium = 1, Small = 2 }`: the tech slots an alien picks items for (seed 'Tech:')."""
    if "tech" not in t.data:
        t.seen.add("tech")
        return inherited if inherited is not None else MappingProxyType({})
    sub = t.sub("tech")
    out = {}
    for key in list(sub.data):
        if key not in TECH_SLOTS:
            raise sub.fail(key, f"unknown tech slot{suggest(key, TECH_SLOTS)}; the slots: {', '.join(TECH_SLOTS)}")
        n = sub.get(key, int)
        if n < 0:
            raise sub.fail(key, "a number of slots is 0 or more")
        out[key] = n
    sub.done()
    return MappingProxyType(out)


def _ability(t: Table, name: str | None = None, *, innate: bool = False) -> Ability:
    name = _word(t, "name", t.get("name", str, ... if name is None else name), "an ability's name", reserved=True)
    effects = tuple(_effect(e) for e in t.tables("effects"))
    targets = _count(t, "targets", 1)
    ab = Ability(
        name=name,
        summary=t.get("summary", str, ""),
        phase=t.get("phase", str, "night", choices=("night", "day", "cycle", "any")),
        nights=t.get("nights", str, "any", choices=("any", "even", "odd", "non-consecutive")),
        first_night=_count(t, "first_night", 1),
        only_night=_count(t, "only_night", 0),
        targets=targets,
        uses=_count(t, "uses", None),
        category=t.get("category", str, "misc"),
        moves=t.get("moves", bool, targets > 0),
        factional=t.get("factional", bool, False),
        immediate=t.get("immediate", bool, False),
        innate=_innate(t, innate),
        uses_option=t.get("uses_option", str, None) if innate else None,
        accuracy_option=t.get("accuracy_option", str, None) if innate else None,
        window=t.get("window", str, "", choices=("", "ita")),
        skippable=t.get("skippable", bool, True),
        self_target=t.get("self", bool, False),
        living_only=t.get("living_only", bool, True),
        allied=t.get("allied", str, None, choices=("allied", "unallied")),
        no_repeat=t.get("no_repeat", bool, False),
        exclusive=t.get("exclusive", str, None),
        requires=t.get("requires", str, None, choices=("attacked",)),
        effects=effects,
        messages=MappingProxyType(dict(_messages(t))),
        power=t.get("power", str, ""),
        goal=t.get("goal", str, None),
        standing=t.get("standing", bool, False),
        max_skips_in_a_row=_count(t, "max_skips_in_a_row", 0),
        dead_only=t.get("dead_only", bool, False),
        choose=t.get("choose", str, "", choices=("", "guild", "message", "role")),
    )
    t.done()
    from ..engine.effects import PARAMS  # the registry: loaded by a ruleset's first read, not by every import

    for i, e in enumerate(effects):
        for key in ("target", "who", "to", "first", "second"):
            idx = e.params.get(key, 0 if key in ("target", "who", "first") else 1)
            if key in PARAMS[e.kind] and idx >= max(targets, 1) and (targets or key != "target"):
                raise t.fail(f"effects[{i}].{key}", f"target {idx} does not exist: the ability has {targets} target(s)")
    return ab


def _innate(t: Table, innate: bool) -> bool:
    """Seed natural II's Innate prefix: an action granted by the game's rules, not by a role. It is
    declared in ruleset.toml's `[[innate]]` (every player has it); on a role's ability it would be
    a contradiction, so it is refused there."""
    on = t.get("innate", bool, innate)
    if on and not innate:
        raise t.fail("innate", "an Innate action is granted by the game's rules, not by a role: declare it in "
                     "the ruleset's [[innate]] (ruleset.toml), where every player has it")
    if innate and not on:
        raise t.fail("innate", "an ability of [[innate]] is innate; leave the key out")
    return innate


def read_innate(tables: list[Table], options: Mapping[str, OptionSpec]) -> tuple[Ability, ...]:
    """The ruleset's `[[innate]]` abilities (seed natural II): every player's by the game's rules.
    `uses_option` and `accuracy_option` name the ruleset options a game sets them with (an int of
    uses; a float from 0 to 1)."""
    out = tuple(_ability(t, innate=True) for t in tables)
    seen: set[str] = set()
    for t, ab in zip(tables, out):
        if ab.key in seen:
            raise t.fail("name", f"two innate actions named {ab.name!r}")
        seen.add(ab.key)
        for key, name, typ in (("uses_option", ab.uses_option, int), ("accuracy_option", ab.accuracy_option, float)):
            spec = options.get(name) if name else None
            if name and (spec is None or isinstance(spec.default, bool) or not isinstance(spec.default, typ)):
                raise t.fail(key, f"{name!r} must be an option of this ruleset ([options.{name}]) with a "
                                  f"default of type {typ.__name__}{suggest(name, options)}")
    return out


MESSAGE_KEYS = ("self", "dead", "repeat", "requires", "allied", "unallied", "targets", "exclusive", "uses", "skip",
                "taken-back")


def _messages(t: Table) -> dict[str, str]:
    sub = t.sub("messages", {})
    for k in sub.data:
        if k not in MESSAGE_KEYS:
            raise sub.fail(k, "unknown message" + suggest(k, MESSAGE_KEYS))
    return {k: sub.get(k, str) for k in list(sub.data)}


def _effect(t: Table) -> Effect:
    from ..engine.effects import CHOICES, PARAMS  # the registry (see _ability)

    kind = t.get("effect", str)
    if kind not in PARAMS:
        raise t.fail("effect", f"unknown effect {kind!r}{suggest(kind, PARAMS)}")
    params: dict[str, Any] = {}
    for key, (typ, default) in PARAMS[kind].items():
        value = t.get(key, typ, default, choices=CHOICES.get((kind, key), ()))
        if value is not ...:
            params[key] = tuple(value) if isinstance(value, list) else value
    t.done()
    return Effect(kind, MappingProxyType(params))


