"""Loads a ruleset from games/<name>/ (ruleset.toml, roles.toml, items.toml), plus a game's own
roles.toml, into the records of model/roles.py. Every error names the file and key. Reading a
roles.toml (roles, abilities, effects, extends, factions, shared) is roles.py's.

The schema is written down for hosts in games/README.md.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ..engine.policies import CYCLE_POLICIES, PRIORITIES
from ..model.errors import FileError, NameError_, suggest
from ..model.roles import Item, OptionSpec, Role, Ruleset
from .roles import read_innate, MESSAGE_KEYS, PASSIVE_NAMES, PASSIVES, RESERVED, TECH_SLOTS, _ability, read_role_file, read_roles
from ..store.tomlio import Table, load, present

__all__ = ["RULESETS", "PASSIVES", "PASSIVE_NAMES", "MESSAGE_KEYS", "RESERVED", "COMMON_OPTIONS", "load_ruleset", "read_roles",
           "read_role_file", "read_items", "available", "find", "games_dir"]

RULESETS = ("ooo-werewolf", "classic-werewolf", "natural", "items-werewolf", "paranormal")

# Options every ruleset has; a ruleset's [options] may change a default or add its own.
COMMON_OPTIONS = {
    "tie": OptionSpec("tie", "none", ("none", "random", "first-to-reach"),
                      "what a tied count at the deadline does"),
    "majority": OptionSpec("majority", "half-plus-one", ("half-plus-one", "plurality"),
                           "how many votes eliminate: floor(alive/2)+1, or the most votes at the deadline"),
    "no-elimination-offset": OptionSpec("no-elimination-offset", 0, (),
                                        "added to the majority that a No Elimination wagon needs"),
    "no-elimination": OptionSpec("no-elimination", True, (True, False), "whether No Elimination may be voted"),
    "flip": OptionSpec("flip", "role", ("none", "alignment", "role", "pm"), "what a death reveals"),
    "format": OptionSpec("format", "bbcode", ("bbcode", "markdown", "plain"), "the format of posts and PMs"),
    "pm-format": OptionSpec("pm-format", "", ("", "bbcode", "markdown", "plain"),
                            "the format of PMs when it differs from the posts' (markdown for Discord); '' = format"),
    "count-marker": OptionSpec("count-marker", True, (True, False),
                               "vote count posts carry invisible characters so later counts skip them; "
                               "false turns them off (then list the host's account with --host)"),
    "public-weights": OptionSpec("public-weights", False, (True, False),
                                 "vote counts show the weights set with --weight (the Sheriff's always shows)"),
    "public-thresholds": OptionSpec("public-thresholds", False, (True, False),
                                    "vote counts show who is Loved/Hated (--threshold): the votes their wagon needs"),
    "open-setup": OptionSpec("open-setup", False, (True, False),
                             "the host announced every role in the game (an open setup): the vote count may then "
                             "say LYLO/MYLO, worked out from the announced roles and the flips (never from who "
                             "holds what); otherwise only the host's notes say it"),
    "forum": OptionSpec("forum", "auto", ("auto", "phpbb", "vbulletin", "xenforo", "mybb", "smf", "invision",
                                          "discourse", "nodebb", "other"),
                        "the forum engine posts are written for ([size] differs); auto = from the thread URL"),
    "cycle-policy": OptionSpec("cycle-policy", "all-fail", CYCLE_POLICIES,
                               "natural resolution: what an unresolvable cycle of actions does"),
    "out-of-play": OptionSpec("out-of-play", "", (),
                              "tags (comma-separated) that take a living player out of the day's vote"),
    # `hostkit watch` (issue 37): each is set in a running game with `hostkit option KEY=VALUE`
    "watch-count-votes": OptionSpec("watch-count-votes", 3, (),
                                    "hostkit watch posts a vote count once this many votes changed since the "
                                    "last count posted (0: never on its own)"),
    "watch-count-gap": OptionSpec("watch-count-gap", 0, (),
                                  "minutes at least between two counts hostkit watch posts on its own"),
    "watch-reminders": OptionSpec("watch-reminders", "24h,1h", (),
                                  "when hostkit watch posts a deadline reminder naming who has not voted: "
                                  "times before the deadline, comma-separated (24h, 90m, 1d), or none"),
    "watch-lock": OptionSpec("watch-lock", True, (True, False),
                             "hostkit watch locks the thread at the hammer or the deadline (and unlocks it "
                             "when the next day opens)"),
    "watch-vc": OptionSpec("watch-vc", True, (True, False), "hostkit watch answers a player's !vc with a count"),
    "watch-vc-gap": OptionSpec("watch-vc-gap", 10, (), "minutes at least between two counts that answer !vc"),
    "watch-prods": OptionSpec("watch-prods", True, (True, False),
                              "hostkit watch PMs the host, once a day, the players with no post for "
                              "watch-prod-hours"),
    "watch-prod-hours": OptionSpec("watch-prod-hours", 48, (),
                                   "hours without a post after which a player is listed for a prod"),
    "watch-actions-in": OptionSpec("watch-actions-in", True, (True, False),
                                   "hostkit watch PMs the host when every night action is in"),
    "shortening": OptionSpec("shortening", "none", ("none", "majority"),
                             "whether the players may vote to shorten the day ('hostkit shorten'): none, or "
                             "majority (more than half of the living players in play)"),
}


def games_dir() -> Path:
    """The bundled games/ folder: inside the installed package, or beside it in a checkout."""
    here = Path(__file__).resolve().parents[1]  # the package: hostkit/rules/ is one room down
    packaged = here / "games"
    return packaged if packaged.is_dir() else here.parent / "games"


def available() -> list[str]:
    root = games_dir()
    found = [p.name for p in sorted(root.iterdir()) if (p / "ruleset.toml").is_file()]
    return [r for r in RULESETS if r in found] + [r for r in found if r not in RULESETS]


def find(name: str) -> str:
    """The bundled ruleset a name means (case-insensitive), or a NameError_ with suggestions."""
    names = available()
    for n in names:
        if n.lower() == name.lower():
            return n
    raise NameError_(f"unknown ruleset {name!r}{suggest(name, names)}; see 'hostkit rulesets'")


@lru_cache(maxsize=16)
def _load_bundled(name: str) -> Ruleset:
    return _load_dir(games_dir() / name, name)


def load_ruleset(name: str, extra_roles: Path | None = None) -> Ruleset:
    """The ruleset `name`, with a game folder's roles.toml (if given and present) added."""
    base = _load_bundled(find(name))
    if extra_roles is None or not present(extra_roles):
        return base
    extra, factions, shared = read_role_file(extra_roles, base)
    _check_categories(extra, base.steps, extra_roles)
    roles = dict(base.roles)
    roles.update({name: _with_win(role, base.roles) for name, role in extra.items()})
    _check_role_references(roles, extra_roles)
    _check_items(roles, base.items, extra_roles)
    return base._replace(roles=MappingProxyType(roles), factions=MappingProxyType(factions),
                         shared=MappingProxyType(shared))


def _with_win(role: Role, bundled: Mapping[str, Role]) -> Role:
    """A custom role the host gave no `win` line: its PM states the win condition all the same,
    as every bundled role's does. It wins as its side does (the same faction, alignment and way
    of winning), so it takes that side's bundled wording; a side of its own is told plainly."""
    if role.win:
        return role
    for other in bundled.values():
        if other.win and (other.faction, other.alignment, other.victory) == (role.faction, role.alignment, role.victory):
            return role._replace(win=other.win)
    from ..engine.sides import VICTORIES

    side = role.faction or role.alignment
    if role.victory:
        return role._replace(win=f"You win when: {VICTORIES.get(role.victory, role.victory)}.")
    return role._replace(win=f"You win when the {side} win.")


def _load_dir(folder: Path, name: str) -> Ruleset:
    path = folder / "ruleset.toml"
    t = Table(load(path), path)
    t.get("format", int, 1, choices=(1,))
    title = t.get("title", str, name)
    summary = t.get("summary", str, "")
    resolution = t.get("resolution", str, "ordered", choices=("ordered", "natural", "priorities"))
    steps = t.strings("steps", ())
    tie_break = t.strings("tie_break", ())
    priorities = t.strings("priorities", ())
    for i, p in enumerate(priorities):
        if p not in PRIORITIES:
            raise t.fail(f"priorities[{i}]", f"unknown priority {p!r}{suggest(p, PRIORITIES)}; "
                         f"the priorities: {', '.join(PRIORITIES)}")
    if priorities and resolution == "ordered":
        raise t.fail("priorities", 'an ordered night sorts by its steps alone: use resolution = "priorities" '
                     "to order by the priorities first and the steps between concurrent actions")
    if resolution == "priorities" and not steps:
        raise t.fail("steps", 'resolution = "priorities" breaks ties by the steps: give them')
    cycle_policy = t.get("cycle_policy", str, "all-fail", choices=CYCLE_POLICIES)
    attack_order = t.get("attack_order", str, "made", choices=("made", "tie-break"))
    unflipped = t.strings("unflipped", ())
    if attack_order == "tie-break" and not tie_break:
        raise t.fail("attack_order", 'attack_order = "tie-break" weighs attacks by tie_break: give it')
    first_phase = t.get("first_phase", str, "night", choices=("night", "day"))
    first_number = t.get("first_number", int, 1)
    options = dict(COMMON_OPTIONS)
    options["cycle-policy"] = options["cycle-policy"]._replace(default=cycle_policy)
    opts = t.sub("options", {})
    for key in list(opts.data):
        o = opts.sub(key)
        base = options.get(key)
        default = o.get("default", (str, int, float, bool), base.default if base else ...)
        choices = tuple(o.get("choices", list, list(base.choices) if base else []))
        if choices and default not in choices:
            raise o.fail("default", f"{default!r} is not one of its choices {choices}")
        if key == "cycle-policy" and "default" in o.data and default != cycle_policy:
            raise o.fail("default", f"{default!r} contradicts cycle_policy = {cycle_policy!r}; set it there")
        options[key] = OptionSpec(key, default, choices, o.get("summary", str, base.summary if base else ""))
        o.done()
    opts.seen.update(opts.data)
    decisions = _str_table(t, "decisions")
    flavour = _str_table(t, "flavour")
    results = _str_table(t, "results")
    t_attrs = t.sub("attributes", {})
    pass_step = t.get("pass_step", str, "")
    simultaneous = t.strings("simultaneous", ())
    for i, step in enumerate(simultaneous):
        if step not in steps:
            raise t.fail(f"simultaneous[{i}]", f"{step!r} is not one of steps{suggest(step, steps)}")
    if simultaneous and resolution != "ordered":
        raise t.fail("simultaneous", "only an ordered night resolves its steps one after another; "
                     "a natural or priorities night orders concurrent actions by what changes what")
    if pass_step and pass_step not in steps:
        raise t.fail("pass_step", f"{pass_step!r} is not one of steps{suggest(pass_step, steps)}")
    innate = read_innate(t.tables("innate"), options)
    t.done()
    roles_path = folder / "roles.toml"
    roles, factions, shared = read_role_file(roles_path)
    _check_categories(roles, steps, roles_path)
    _check_role_references(roles, roles_path)
    items_path = folder / "items.toml"
    items = read_items(items_path) if items_path.is_file() else {}
    _check_categories(items, steps, items_path)  # type: ignore[arg-type]
    _check_items(roles, items, roles_path)
    attributes = _attributes(t_attrs)
    cov_path = folder / "coverage.toml"
    coverage = read_coverage(cov_path) if cov_path.is_file() else ()
    return Ruleset(
        name=name, title=title, summary=summary, resolution=resolution, steps=steps, tie_break=tie_break,
        first_phase=first_phase, first_number=first_number, options=MappingProxyType(options),
        roles=MappingProxyType(roles), decisions=decisions, flavour=flavour, results=results,
        source=str(folder), items=MappingProxyType(items), pass_step=pass_step, priorities=priorities,
        factions=MappingProxyType(factions), shared=MappingProxyType(shared), attack_order=attack_order,
        unflipped=unflipped, innate=innate, coverage=coverage, simultaneous=simultaneous,
        attributes=MappingProxyType(attributes),
    )


def _attributes(t: Table) -> dict[str, MappingProxyType]:
    """[attributes.NAME]: what an attribute adds to any role: `appears` (race, role, alignment,
    goal as investigations see them) and `passives`."""
    out = {}
    for name in list(t.data):
        a = t.sub(name)
        ap = a.sub("appears", {})
        appears = {k: ap.get(k, str) for k in ("alignment", "role", "race", "goal") if k in ap.data}
        ap.done()
        passives = a.strings("passives", ())
        for i, pv in enumerate(passives):
            if pv not in PASSIVES:
                raise a.fail(f"passives[{i}]", f"unknown passive {pv!r}{suggest(pv, PASSIVES)}")
        summary = a.get("summary", str, "")
        a.done()
        out[name] = MappingProxyType({"appears": MappingProxyType(appears), "passives": tuple(passives),
                                      "summary": summary})
    t.seen.update(t.data)
    return out


CONSUMED = ("use", "resolve", "save", "activate", "never")
# What an item may grant its holder beyond the role passives: tech attributes read by the engine.
ITEM_GRANTS = {
    "holoform": "when investigated, shows the role and race its holder chose (hostkit tech holoform)",
    "advanced-holoform": "also screens psychic and tech detection, and projects a hologram followers watch",
    "return-fire": "night-killed, its holder shoots the attacker (and still suffers the attack)",
    "camouflage": "its holder's kills look as if they came from the source chosen (hostkit tech camouflage)",
    "intel": "its holder's role PM lists every role in the game",
    "replicator": "once, becomes one Medium or two Small items (hostkit tech replicate)",
}
COVERAGE_KINDS = ("role", "variant", "item", "attribute", "rule", "definition")


def read_coverage(path: Path) -> tuple[MappingProxyType, ...]:
    """A coverage.toml: [[row]] tables, each a rule of the rules text (name, kind, seed: the
    sentence it covers) that hostkit runs (status "works", with the tests that prove it) or
    leaves to the host (status "host", with the prompt that tells the host what to do)."""
    top = Table(load(path), path)
    rows = []
    for i, t in enumerate(top.tables("row")):
        row = {"name": t.get("name", str), "kind": t.get("kind", str, choices=COVERAGE_KINDS),
               "status": t.get("status", str, choices=("works", "host")), "seed": t.get("seed", str),
               "tests": list(t.strings("tests", ())), "prompt": t.get("prompt", str, ""), "note": t.get("note", str, "")}
        t.done()
        if row["status"] == "works" and not row["tests"]:
            raise FileError(f"{path}: row[{i}] ({row['name']}): a row that works names the tests that prove it")
        if row["status"] == "host" and not row["prompt"]:
            raise FileError(f"{path}: row[{i}] ({row['name']}): a row left to the host says what the host is asked")
        rows.append(MappingProxyType(row))
    top.done()
    return tuple(rows)


def read_items(path: Path) -> dict[str, Item]:
    """Read an items.toml: one table per item, with abilities as a role's (see games/README.md)."""
    top = Table(load(path), path)
    items: dict[str, Item] = {}
    for name in list(top.data):
        t = top.sub(name)
        abilities = tuple(_ability(a) for a in t.tables("abilities"))
        item = Item(name=name, summary=t.get("summary", str, ""), abilities=abilities,
                    consumed=t.get("consumed", str, "use", choices=CONSUMED), auto=t.strings("auto", ()),
                    notes=t.strings("notes", ()), slot=t.get("slot", str, "", choices=("", *TECH_SLOTS)),
                    two_use=t.get("two_use", str, "", choices=("", *TECH_SLOTS)), grants=t.strings("grants", ()),
                    only=t.strings("only", ()), not_for=t.strings("not_for", ()),
                    remote=t.get("remote", bool, False), action=t.get("action", bool, False),
                    modifies=_modifies(t))
        for i, g in enumerate(item.grants):
            if g not in PASSIVES and g not in ITEM_GRANTS:
                raise t.fail(f"grants[{i}]", f"unknown attribute {g!r}{suggest(g, [*PASSIVES, *ITEM_GRANTS])}")
        t.done()
        for i, a in enumerate(item.auto):
            ab = item.ability(a)
            if ab is None:
                raise t.fail(f"auto[{i}]", f"{name} has no ability {a!r}"
                             + suggest(a, [x.name for x in abilities]))
            if ab.targets:
                raise t.fail(f"auto[{i}]", f"{ab.name} is used without being entered, so it takes no target")
        items[name] = item
    top.seen.update(top.data)
    owner: dict[str, str] = {}
    for item in items.values():
        for ab in item.abilities:
            if ab.key in owner:
                raise FileError(f"{path}: {item.name}.abilities.{ab.name}: {owner[ab.key]} has an ability of "
                                "that name: item abilities are named by the holder, so each name is unique")
            owner[ab.key] = item.name
    return items


def _modifies(t: Table) -> Any:
    """`modifies = { ability = "Kill", strength = 99, heals = false }`: the holder's own ability of
    that name has its kill effects' parameters changed (the Advanced Targeting System)."""
    if "modifies" not in t.data:
        t.seen.add("modifies")
        return MappingProxyType({})
    from ..engine.effects import PARAMS  # the registry: loaded by a ruleset's first read, not by every import

    sub = t.sub("modifies")
    out: dict[str, Any] = {"ability": sub.get("ability", str)}
    for key, (typ, _default) in PARAMS["kill"].items():
        if key in sub.data and key != "target":
            out[key] = sub.get(key, typ)
    sub.done()
    return MappingProxyType(out)


def _check_items(roles: dict[str, Role], items: Any, path: Path) -> None:
    """Every item a role starts with exists, and no item is named like a role."""
    for role in roles.values():
        for i, name in enumerate(role.items):
            if name not in items:
                raise FileError(f"{path}: {role.name}.items[{i}]: unknown item {name!r}{suggest(name, items)}")
    for name in items:
        if name in roles:
            raise FileError(f"{path}: item {name!r} has the name of a role; give one of them another name")


def _str_table(t: Table, name: str) -> MappingProxyType:
    sub = t.sub(name, {})
    out = {k: sub.get(k, str) for k in list(sub.data)}
    sub.done()
    return MappingProxyType(out)


def _check_categories(roles: dict[str, Role], steps: tuple[str, ...], path: Path) -> None:
    """An ordered ruleset sorts abilities by category: each must be one of its steps."""
    for role in roles.values():
        for ab in role.abilities:
            if steps and ab.category not in steps:
                raise FileError(f"{path}: {role.name}.abilities.{ab.name}.category: {ab.category!r} is not "
                                f"a step of ruleset.toml's steps ({', '.join(steps)})" + suggest(ab.category, steps))


def _check_role_references(roles: dict[str, Role], path: Path) -> None:
    for role in roles.values():
        for ab in role.abilities:
            for e in ab.effects:
                if e.kind == "convert" and e.get("role") and e.get("role") not in roles:
                    raise FileError(f"{path}: {role.name}.abilities.{ab.name}: converts to unknown role "
                                    f"{e.get('role')!r}{suggest(e.get('role'), roles)}")
