"""Creating a game: names as hosts type them, options, and dealing the roles.

`create` writes a new game folder (game.toml and the first phase file) from what `hostkit new`
was given; `match_name` is how every command matches a typed name, case-insensitively where
that is unambiguous, with the nearest names suggested when nothing matches.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..model import checks
from ..store import folder as store
from ..model.errors import HostkitError, NameError_, suggest
from ..model.entries import PhaseRecord, PlayerSetup, Setup
from ..model.roles import Ruleset
from ..rules.rulesets import find, load_ruleset

from .markup import DEFAULT_MARKUPS, MARKUPS, check_markups


# --------------------------------------------------------------------------- names


def match_name(word: str, names: Iterable[str], what: str = "player",
               aliases: Mapping[str, Sequence[str]] | None = None) -> str:
    """The name `word` means: exact, else case-insensitive when that is unambiguous. Players
    (and their ALIASES) go through the votes' name matcher (hostkit.votes.names.pick): a unique
    prefix ("marina" for Marina2), initials or a whole word of the name are taken too; anything
    weaker or tied is refused with the nearest names."""
    names = list(names)
    if word in names:
        return word
    checks.check_decodable(word, what)
    low = [n for n in names if n.lower() == word.lower()]
    if len(low) == 1:
        return low[0]
    if len(low) > 1:
        raise NameError_(f"{what} {word!r} is ambiguous: {', '.join(low)}")
    near = checks.confused_with(word, [*names, *(a for al in (aliases or {}).values() for a in al)])
    if near is not None and checks.name_key(near) != checks.name_key(word):
        raise NameError_(f"{what} {word!r} is not {near!r} ({checks.clash(word, near)}): type {near!r}, "
                         "a name is never guessed from its look")
    if what == "player":
        from ..votes.names import pick  # loaded only when a typed name is not exact

        return pick(word, names, what, aliases)
    raise NameError_(f"unknown {what} {word!r}{suggest(word, names)}")


VANILLA = ("vanilla", "vanilla townie", "vt", "townie", "vanilla town")


def role_name(rs: Ruleset, word: str) -> str:
    """A role as a host types it: its name in any case, one of its `aliases`, or a common alias - 'Vanilla' (also
    'VT', 'Townie', 'Vanilla Townie') is the ruleset's plain town role: its Villager, else the
    one role with no abilities and no passives. A ruleset with modifiers (natural) reads it as
    MafiaScum writes it, '[Town|Mafia] [modifier ...] ROLE' (rules/written.py)."""
    from ..rules.written import written_name

    written = written_name(rs, word)  # a ruleset that takes roles as MafiaScum writes them
    if written is not None:
        return written
    low = " ".join(word.split()).lower()
    if low in VANILLA and not any(r.lower() == low for r in rs.roles):
        plain = [r.name for r in rs.roles.values() if not r.abilities and not r.passives and not r.faction]
        if "Villager" in rs.roles:
            return "Villager"
        if len(plain) == 1:
            return plain[0]
    if word not in rs.roles and not any(r.lower() == low for r in rs.roles):
        named = [r.name for r in rs.roles.values() if any(" ".join(a.split()).lower() == low for a in r.aliases)]
        if len(named) == 1:
            return named[0]  # a role's alias (paranormal's 'Guardian' for 'Bodyguard (Guardian)')
        if len(named) > 1:
            raise NameError_(f"role {word!r} is ambiguous: {', '.join(named)}")
    return match_name(word, rs.roles, "role")


def role_pool(rs: Ruleset, text: str) -> list[str]:
    """--roles 'Seer,Werewolf*2,Vanilla*5': roles, each with an optional repeat count."""
    pool: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, star, times = part.rpartition("*")
        if not star:
            name, times = part, "1"
        times = times.strip()
        if not times.isdigit() or int(times) < 1 or int(times) > 500:
            raise HostkitError(f"--roles {part!r}: the repeat count after '*' must be a whole number from 1")
        pool += [role_name(rs, name.strip())] * int(times)
    return pool


def split_pair(text: str, what: str) -> tuple[str, str]:
    """NAME=VALUE split at the last '=', so a name may contain one."""
    name, sep, value = text.rpartition("=")
    if not sep or not name or not value:
        raise HostkitError(f"{what} {text!r} must look like NAME=VALUE")
    return name, value


# --------------------------------------------------------------------------- creating


def _thresholds(order: Sequence[str], thresholds: Sequence[str], loved: Sequence[str],
                hated: Sequence[str]) -> dict[str, int]:
    """Each player's elimination-threshold modifier from --threshold NAME=N, --loved NAME (+1) and
    --hated NAME (-1); a player given one twice, or two of them, is refused."""
    out: dict[str, int] = {}
    given: dict[str, str] = {}
    entries = [(f"--threshold {t}", *split_pair(t, "--threshold")) for t in thresholds]
    entries += [(f"--loved {n}", n, "+1") for n in loved] + [(f"--hated {n}", n, "-1") for n in hated]
    for what, name, value in entries:
        try:
            n = int(value.strip())
        except ValueError:
            raise HostkitError(f"{what}: {value!r} is not a whole number (like +1 or -1)") from None
        player = match_name(name, order)
        if player in given:
            raise HostkitError(f"{what}: {player}'s elimination threshold is already set by {given[player]}")
        given[player] = what
        out[player] = checks.check_threshold(n, what)
    return out



def create(folder: Path, *, ruleset: str, players: Sequence[str] = (), assign: Sequence[str] = (),
           roles: str | None = None, aliases: Sequence[str] = (), weights: Sequence[str] = (),
           thresholds: Sequence[str] = (), loved: Sequence[str] = (), hated: Sequence[str] = (),
           markups: Sequence[str] = (), options: Sequence[str] = (), hosts: Sequence[str] = (),
           seed: int | None = None, thread: str | None = None, title: str = "",
           attributes: Sequence[str] = (), start: str = "", splits: Sequence[str] = (),
           informs: Sequence[str] = ()) -> Setup:
    """Create a game folder (refused if one exists there); game.create also loads it.
    `splits`: players given a whole --weight of 2 or more whose votes may go to different players.
    `attributes`: NAME=ATTRIBUTE, one of the ruleset's attributes on that player's role.
    `start`: the phase a game moved to hostkit mid-way is at ('day:4'); else the ruleset's first."""
    if store.is_game(folder):
        raise HostkitError(f"{folder}: a game already exists here")
    import random  # only when creating: every other command imports this module for its names
    from datetime import datetime, timezone

    rs = load_ruleset(find(ruleset), folder / "roles.toml")
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    checks.check_int64(seed, "--seed")
    dealt: dict[str, str] = {}
    order: list[str] = []
    for name in players:
        checks.check_name(name, "--player")
        if name in order:
            raise HostkitError(f"--player {name!r} is given twice")
        order.append(name)
    for text in assign:
        name, role = split_pair(text, "--assign")
        checks.check_name(name, "--assign")
        if name in dealt:
            raise HostkitError(f"--assign {text!r}: {name} is already assigned {dealt[name]}")
        dealt[name] = role_name(rs, role)
        if name not in order:
            order.append(name)
    unassigned = [n for n in order if n not in dealt]
    if roles:
        pool = role_pool(rs, roles)
        if len(pool) != len(unassigned):
            raise HostkitError(f"--roles lists {len(pool)} roles for {len(unassigned)} players without --assign")
        random.Random(f"hostkit-deal:{seed}").shuffle(pool)
        dealt.update(zip(unassigned, pool))
    elif unassigned:
        raise HostkitError(f"no role for {', '.join(unassigned)}: use --assign NAME=ROLE or --roles")
    if not order:
        raise HostkitError("a game needs players: use --player NAME or --assign NAME=ROLE")
    alias_map: dict[str, list[str]] = {}
    for text in aliases:
        name, alias = split_pair(text, "--alias")
        player = match_name(name, order)
        if checks.name_key(alias) == checks.name_key(player):
            raise HostkitError(f"--alias {text!r}: {alias!r} is {player}'s own name, not another name for them")
        if any(checks.name_key(alias) == checks.name_key(a) for a in alias_map.get(player, ())):
            raise HostkitError(f"--alias {text!r}: {player} already has the alias {alias!r}")
        alias_map.setdefault(player, []).append(alias)
    weight_map: dict[str, float] = {}
    for text in weights:
        name, w = split_pair(text, "--weight")
        try:
            weight = float(w)
        except ValueError:
            raise HostkitError(f"--weight {text!r}: {w!r} is not a number") from None
        weight_map[match_name(name, order)] = checks.check_weight(weight, f"--weight {text}")
    threshold_map = _thresholds(order, thresholds, loved, hated)
    split_set = set()
    for who in splits:
        name = match_name(who, order)
        w = weight_map.get(name)
        if w is None or w < 2 or w != int(w):
            raise HostkitError(f"--split-votes {who!r}: {name} needs a --weight of 2 or more, whole votes "
                               f"(now {'their role' + chr(39) + 's' if w is None else f'{w:g}'}): only several votes can go to different players")
        split_set.add(name)
    markups = check_markups(markups)
    checks.check_names([(n, alias_map.get(n, ())) for n in order], hosts)
    if thread is not None:
        checks.check_thread(thread)
        from ..model.urls import strip_session

        thread = strip_session(thread)  # a session id in the URL is the host's login, not the thread's
    attr_map: dict[str, tuple[str, ...]] = {}
    for text in attributes:
        who, attr = split_pair(text, "--attribute")
        name = match_name(who, order)
        found = next((a for a in rs.attributes if a.lower() == attr.strip().lower()), None)
        if found is None:
            raise HostkitError(f"--attribute {text!r}: {rs.name} has no attribute {attr!r}{suggest(attr, rs.attributes)}"
                               + (f"; its attributes: {', '.join(rs.attributes)}" if rs.attributes else ""))
        if found in attr_map.get(name, ()):
            raise HostkitError(f"--attribute {text!r}: {name} already has {found}")
        attr_map[name] = attr_map.get(name, ()) + (found,)
    opts = parse_options(rs, options)
    from ..engine.sides import setup_refusal

    why = setup_refusal(rs, {**rs.option_defaults(), **opts})
    if why:
        raise HostkitError(why)
    from ..rules.linked import informed
    from ..rules.written import for_setup

    full = for_setup(rs, dealt.values())  # what holds between dealt roles (a Companion's role is dealt), before a write
    told = informed(full, dealt, [(t, *split_pair(t, "--inform")) for t in informs], lambda n: match_name(n, order))
    setup = Setup(
        ruleset=rs.name,
        players=tuple(PlayerSetup(n, dealt[n], tuple(alias_map.get(n, ())), weight_map.get(n),
                                  threshold=threshold_map.get(n, 0), attributes=attr_map.get(n, ()),
                                  split=n in split_set, informed=told.get(n, "")) for n in order),
        seed=seed, thread=thread, hosts=tuple(hosts), vote_markup=markups or DEFAULT_MARKUPS,
        options=opts, title=title, created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        start=_start(start, rs, opts),
    )
    w = store.Writer(folder)
    w.put(folder / store.GAME_FILE, store.setup_to_toml(setup))
    first = PhaseRecord(*checks.first_phase(rs, opts, setup.start))
    w.put(store.phase_path(folder, 1, first.kind, first.number), store.phase_to_toml(first))
    from .cohost import write_git_files

    write_git_files(w, folder)
    made = not folder.exists()
    try:
        w.commit()
    except HostkitError:
        if made:  # refused before its commit point: the folder it made is empty, and goes
            import contextlib

            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    return setup


def parse_options(rs: Ruleset, texts: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for text in texts:
        key, value = split_pair(text, "--option")
        out[key] = option_value(rs, key, value, where=f"--option {text}")
    return out


def _toml_word(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else repr(value)


def _fits(value: Any, default: Any) -> bool:
    """Is a value read from TOML (already typed) of the option's type? An int is a float's value
    too; a bool is never a number's."""
    if default is None:
        return True
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(default, str):
        return isinstance(value, str)
    return True


def option_value(rs: Ruleset, key: str, value: Any, *, where: str, typed: bool = False) -> Any:
    """An option's value, checked against its type and choices. From the command line (a string)
    it is converted ('no' is false); from TOML (TYPED) it must already be of the option's type:
    `public-thresholds = "no"` is a string, refused, never read as true."""
    spec = rs.options.get(key)
    if spec is None:
        raise HostkitError(f"{where}: {rs.name} has no option {key!r}{suggest(key, rs.options)}")
    default = spec.default
    if typed and isinstance(value, str) and not _fits(value, default):
        raise HostkitError(f"{where}: {key} takes {type(default).__name__} values like "
                           f"{_toml_word(default)}, not the string {value!r} (write it without quotes)")
    if isinstance(value, str) and not isinstance(default, str):
        try:
            if isinstance(default, bool):
                if value.lower() not in ("true", "false", "yes", "no", "1", "0"):
                    raise ValueError
                value = value.lower() in ("true", "yes", "1")
            elif isinstance(default, int):
                value = int(value)
            elif isinstance(default, float):
                value = float(value)
        except ValueError:
            raise HostkitError(f"{where}: {key} takes {type(default).__name__} values like {default!r}") from None
    elif not _fits(value, default):  # a hand-edited game.toml: max-day = 2.5, mind-stealer-points = 5
        raise HostkitError(f"{where}: {key} takes {type(default).__name__} values like {default!r}, not {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise HostkitError(f"{where}: {key} must be a finite number, not {value!r}")
    if isinstance(value, int) and not isinstance(value, bool):
        checks.check_int64(value, f"{where}: {key}")
    if key.endswith("-weight"):  # a vote weight (the Sheriff's 1.5): the bounds of --weight, never negative
        value = checks.check_weight(value, f"{where}: {key}")
    for ab in rs.innate:  # an innate action's uses or accuracy, set by the game (natural's ITA shots)
        if key == ab.uses_option and value < 0:
            raise HostkitError(f"{where}: {key} is a number of uses: 0 or more")
        if key == ab.accuracy_option and not 0 <= value <= 1:
            raise HostkitError(f"{where}: {key} is an accuracy: from 0 to 1")
    if spec.choices and value not in spec.choices:
        raise HostkitError(f"{where}: {key} must be one of {', '.join(map(str, spec.choices))}"
                           + suggest(str(value), map(str, spec.choices)))
    return value


def _start(text: str, rs: Any, opts: Mapping[str, Any]) -> str:
    """--start as game.toml keeps it ('day 4'), checked; '' when not given."""
    if not text:
        return ""
    kind, number = checks.parse_start(text, checks.numbering(rs, opts))
    return f"{kind} {number}"
