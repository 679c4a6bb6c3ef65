"""The public view: what every player knows at a moment of the game, as a type.

`public_view(game)` is the one function of the public renderers that reads a Game. It keeps
what the thread has been told or can count for itself: the players in seat order, who is alive,
each death as its post told it (flavour, where the body lay) with its flip at the game's flip
level, the public votes' weights (1 for every weight the rules keep private), the public
elimination-threshold modifiers, the Sheriff, today's speaking order, the LYLO/MYLO notice where
the announced setup makes it public knowledge, and, once the game is over, the host's reveal.
The death posts, flips, the speaking order, the vote count post, the end post, `page --public`
and `chart votes --public` are rendered from it and from the day's public votes, never from the
game: a template or chart handed a PublicView has no living player's role, alignment, action,
item or private weight to read.

Which weights are public (decision, issue 28; seed natural III: 'Additional Vote Weight is
always private'): the Sheriff's (elected in the thread, seed classic-werewolf) and a weight set
with --weight when the game's ``public-weights`` option is on. Every other weight (a role's
double vote, a private --weight) counts as one vote in every public total and marker.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...model.errors import FileError, RuleError
from .fates import deaths_outside_outcomes, shooter

if TYPE_CHECKING:  # pragma: no cover
    from ...game.game import Game
    from ...model.outcome import Death

FLAVOUR_FILE = "flavour.toml"
FLAVOUR_FIELDS = ("player", "location", "cause")
BLOOM_NOTICE = ("Strange alien plants have sprouted all over town overnight. Today the town MUST lynch someone: "
                "a day without a lynch is not allowed.")


@dataclass(frozen=True)
class PublicFlip:
    """A dead player's flip at the game's flip level: what the flip and death posts reveal."""

    player: str
    level: str  # none | alignment | role | pm
    role: str  # '' below the role level
    alignment: str  # '' below the alignment level
    died: str
    cause: str  # public: 'eliminated', 'modkill (...)', else ''
    pm: Mapping[str, Any] | None = None  # the dead player's role PM context, at flip level pm
    shot_by: str = ""  # who shot them with a last shot (made in the thread), or ''

    @property
    def eliminated(self) -> bool:
        return self.cause == "eliminated"

    @property
    def modkill(self) -> bool:
        return self.cause.startswith("modkill")

    @property
    def reason(self) -> str:
        return self.cause[len("modkill ("):-1] if self.cause.startswith("modkill (") else ""


@dataclass(frozen=True)
class PublicPlayer:
    """A player as the thread knows them."""

    name: str
    seat: int
    aliases: tuple[str, ...]
    alive: bool
    died: str
    cause: str  # public: 'eliminated', 'modkill (...)', else '' (a night kill's cause is the host's)
    flip: PublicFlip | None  # None while alive; level none while the flip is held (seed paranormal Abduction)
    vote: float  # the weight of their vote in public totals: 1 unless the weight is public
    shown_weight: float | None  # the marker the count shows: a public weight other than 1
    threshold: int | None  # the public elimination-threshold modifier (public-thresholds), or None
    sheriff: bool


@dataclass(frozen=True)
class PublicDeath:
    """A death as its post tells it."""

    player: str
    cause: str
    location: str
    flavour: str
    flip: PublicFlip | None
    told: bool = True  # its flavour tells how they died (else the flip's own line: a shot, a host's kill)


@dataclass(frozen=True)
class PublicNews:
    """What a resolved night (or a day's actions) told the town."""

    deaths: tuple[PublicDeath, ...]
    revived: tuple[str, ...]
    notices: tuple[str, ...]


@dataclass(frozen=True)
class PublicView:
    """What every player knows at one moment of the game (see the module docstring)."""

    title: str
    ruleset: str
    ruleset_title: str
    forum: str
    small: str
    format: str
    flip_level: str
    phase: str  # night | day
    number: int
    players: tuple[PublicPlayer, ...]
    sheriff: str | None
    nights: Mapping[int, PublicNews]
    days: Mapping[int, PublicNews]
    speaking: tuple[str, ...] | None  # today's speaking order, None where the ruleset has none now
    notice: str  # LYLO/MYLO where the announced setup makes it public knowledge, else ''
    options: Mapping[str, Any]  # the rules of the count every player reads in the rules post
    thread: str
    winner: str
    end: Mapping[str, Any] | None = field(default=None)  # the host's reveal, once the game is over

    def player(self, name: str) -> PublicPlayer | None:
        return next((p for p in self.players if p.name == name), None)

    def vote(self, name: str) -> float:
        """A voter's weight in public totals (1 for a player not in the game)."""
        p = self.player(name)
        return p.vote if p is not None else 1.0

    def game_context(self, fmt: str | None = None) -> dict[str, Any]:
        """The ``game`` variable of every template."""
        return {"title": self.title, "ruleset": self.ruleset, "ruleset_title": self.ruleset_title,
                "format": fmt or self.format, "forum": self.forum, "small": self.small}


# ----------------------------------------------------------------------------- flavour


def game_flavour(game: "Game") -> dict[str, str]:
    """The game folder's flavour.toml [flavour] table ({} when there is none); errors name file and key."""
    from ...store.tomlio import Table, load, present

    path = Path(game.folder) / FLAVOUR_FILE
    if not present(path):
        return {}
    top = Table(load(path), path)
    sub = top.sub("flavour", {})
    out = {k: sub.get(k, str) for k in list(sub.data)}
    top.done()
    for key, text in out.items():
        _check_flavour(text, f"{path}: flavour.{key}")
    return out


def _check_flavour(text: str, where: str) -> None:
    try:
        fields = [(f, spec, conv) for _, f, spec, conv in string.Formatter().parse(text) if f is not None]
    except ValueError as exc:
        raise FileError(f"{where}: {exc}") from None
    for f, spec, conv in fields:
        if f not in FLAVOUR_FIELDS:
            raise FileError(f"{where}: unknown placeholder {{{f}}}: use "
                            + ", ".join("{" + x + "}" for x in FLAVOUR_FIELDS))
        if spec or conv:  # '{player:%}' was a traceback, '{player:>99999999}' a 100 MB name
            raise FileError(f"{where}: the placeholder {{{f}{'!' + conv if conv else ''}{':' + spec if spec else ''}}} "
                            f"takes no format or conversion: write {{{f}}}")


def death_flavour(game: "Game", death: "Death", overrides: Mapping[str, str] | None = None) -> str:
    """The flavour text of a death: the game's flavour.toml text for its key where it has one,
    else the engine's text (the ruleset's). The key is Death.flavour_key where the engine gives
    it, else the kill kind."""
    return own_place(_flavour_text(game, death, overrides), death.player)


def own_place(text: str, player: str) -> str:
    """'Hal was found in Hal's home' reads 'Hal was found in their home': after the first
    mention, the victim's own place is 'their'."""
    first = text.find(player)
    if first < 0:
        return text
    head, tail = text[:first + len(player)], text[first + len(player):]
    return head + tail.replace(f"{player}'s ", "their ")


def _flavour_text(game: "Game", death: "Death", overrides: Mapping[str, str] | None) -> str:
    table = game_flavour(game) if overrides is None else overrides
    if not table:
        return death.flavour
    key = death.flavour_key or death.kind
    text = table.get(key)
    if text is None and key not in game.ruleset.flavour:
        text = table.get("default")
    if text is None:
        return death.flavour
    return text.format(player=death.player, location=death.location, cause=death.cause)


# ----------------------------------------------------------------------------- the view


def public_cause(cause: str | None) -> str:
    """What the thread is told of why a player left the game: an elimination and a host's
    removal are announced; a night's or a shot's killer is told only by the death's flavour."""
    cause = cause or ""
    return cause if cause == "eliminated" or cause.startswith("modkill") else ""


def shown_weight(game: "Game", name: str) -> float | None:
    """A voter's weight as the count shows it, where the rules make it public: the Sheriff's
    (elected in the thread), and a weight the host set with --weight when the game's
    ``public-weights`` option is on. A role's own weight is never shown: it would out the role.
    None when it is 1 or not public."""
    state = game.state
    if state.sheriff == name:
        weight = game.vote_weight(name)
    else:
        setup = game.setup.player(name)
        if not (state.options.get("public-weights") and setup and setup.weight is not None):
            return None
        weight = setup.weight
    return None if float(weight) == 1.0 else float(weight)


def _flip(game: "Game", name: str, level: str) -> PublicFlip | None:
    ps = game.state.players[name]
    if ps.alive:
        return None
    if game.flip_held(name):  # the death is public, the role is not yet
        return PublicFlip(name, "none", "", "", ps.died or "", public_cause(ps.cause), None,
                          shooter(game.state, game.phases, name))
    role = game.ruleset.roles[ps.role]
    pm = None
    if level == "pm":
        from .context import _role_pm_context

        # A flip never reveals anything about a living player: the PM as the dead player would
        # have read it, but with only the teammates who are dead too.
        ctx = _role_pm_context(game, name)
        ctx["partners"] = [p for p in ctx["partners"] if not game.state.players[p["name"]].alive]
        pm = MappingProxyType(ctx)
    return PublicFlip(name, level, role.name if level in ("role", "pm") else "",
                      role.alignment if level in ("alignment", "role", "pm") else "", ps.died or "",
                      public_cause(ps.cause), pm, shooter(game.state, game.phases, name))


def _unfound(flip: PublicFlip | None) -> PublicFlip | None:
    return None if flip is None else PublicFlip(flip.player, "none", "", "", flip.died, flip.cause, None, flip.shot_by)


def _news(game: "Game", outcomes: list, when: str, flips: Mapping[str, PublicFlip | None],
          overrides: Mapping[str, str]) -> PublicNews:
    died = [d for o in outcomes for d in o.deaths]
    unflipped = game.ruleset.unflipped  # a body never found (a Veteran's vanished visitor) is not flipped
    deaths = tuple(PublicDeath(d.player, d.cause, d.location, death_flavour(game, d, overrides),
                               _unfound(flips.get(d.player)) if d.flavour_key in unflipped else flips.get(d.player))
                   for d in died)
    known = {d.player for d in died}
    # a shot, a host's kill, a bond: no flavour (the flip's own line tells how)
    deaths += tuple(PublicDeath(name, "", "", "", flips.get(name), told=False)
                    for name in deaths_outside_outcomes(game.state, when) if name not in known)
    kind, _, number = when.partition(" ")
    night = int(number) if kind == "night" else None
    notices: tuple[str, ...] = ()
    if night is not None:
        # seed paranormal, Spore Spreader: 'All players will be made aware of the plants the
        # following morning. That day, the players MUST perform a lynch' (not who seeded)
        gone = {d.player for d in died}
        if any(ps.tags.get("bloom-day") == night and ps.name not in gone for ps in game.state.players.values()):
            notices = (BLOOM_NOTICE,)
    return PublicNews(deaths, tuple(n for o in outcomes for n in getattr(o, "revived", ())), notices)


def public_view(game: "Game", fmt: str | None = None) -> PublicView:
    """The public view of GAME now (see the module docstring)."""
    from ...game.daytools import SMALL_SIZE, forum_engine, public_parity_notice
    from ...game.formats import game_format

    state = game.state
    opts = state.options
    level = str(opts.get("flip", "role"))
    flips = {n: _flip(game, n, level) for n in state.players}
    public_thresholds = bool(opts.get("public-thresholds")) and opts.get("majority") != "plurality"
    players = []
    for seat, p in enumerate(game.setup.players, start=1):
        ps = state.players[p.name]
        shown = shown_weight(game, p.name)
        players.append(PublicPlayer(p.name, seat, tuple(p.aliases) + tuple(p.previous), ps.alive, ps.died or "",
                                    public_cause(ps.cause), flips[p.name], shown if shown is not None else 1.0,
                                    shown, (p.threshold or None) if public_thresholds else None,
                                    state.sheriff == p.name))
    overrides = game_flavour(game)
    nights = {n: _news(game, [o], f"night {n}", flips, overrides) for n, o in sorted(game.outcomes.items())}
    days = {ph.record.number: _news(game, list(ph.outcomes), f"day {ph.record.number}", flips, overrides)
            for ph in game.phases if ph.record.kind == "day"
            and (ph.outcomes or deaths_outside_outcomes(game.state, f"day {ph.record.number}"))}
    speaking = None
    if game.current.record.kind == "day" and not state.winner:
        try:
            speaking = tuple(game.speaking())
        except RuleError:
            speaking = None
    forum = forum_engine(game)
    end = None
    if state.winner:
        end = MappingProxyType(end_context(game))
    cur = game.current.record
    return PublicView(
        title=game.setup.title or game.ruleset.title, ruleset=game.ruleset.name, ruleset_title=game.ruleset.title,
        forum=forum, small=SMALL_SIZE.get(forum, ""), format=fmt or game_format(game), flip_level=level,
        phase=cur.kind, number=cur.number, players=tuple(players), sheriff=state.sheriff,
        nights=MappingProxyType(nights), days=MappingProxyType(days),
        speaking=speaking, notice=public_parity_notice(game),
        options=MappingProxyType({k: opts.get(k) for k in ("majority", "tie", "no-elimination",
                                                            "no-elimination-offset", "count-marker",
                                                            "public-thresholds", "public-weights", "open-setup")}),
        thread=game.setup.thread or "", winner=state.winner or "", end=end)


# ----------------------------------------------------------------------------- the end of the game


def end_context(game: "Game") -> dict[str, Any]:
    """The end-of-game post's context: winner, won (every player who won, 'Ed (Survivor)', where
    the ruleset names them), ended_by ('max-day'), players in seat order [{name, role, alignment,
    alive, died, cause (the truth: a masked death names its mask too), shown_cause (what the death
    post said), fate}], history [{label ('Night 1', 'Day 1'), events [str]}] with every
    phase played, a quiet one saying so."""
    from .fates import death_kinds, death_phrase

    state = game.state
    kinds = death_kinds(state)
    players = []
    for setup in game.setup.players:
        ps = state.players[setup.name]
        cause = _true_cause(ps)
        fate = "survived" if ps.alive else f"{death_phrase(state, cause, kinds.get(ps.name, ''))} on {ps.died}"
        players.append({"name": ps.name, "role": ps.role, "alignment": ps.alignment, "alive": ps.alive,
                        "died": ps.died or "", "cause": cause, "shown_cause": ps.cause or "", "fate": fate})
    by_when: dict[str, list[str]] = {}
    for player, kind, when, _index in state.deaths:
        ps = state.players[player]
        by_when.setdefault(when, []).append(f"{player} ({ps.role}) {death_phrase(state, _true_cause(ps), kind)}")
    history = []
    for ph in game.phases:
        rec = ph.record
        when = f"{rec.kind} {rec.number}"
        if rec.ended is None and not (state.winner and by_when.get(when)):
            continue  # a phase the game never played (begun after it ended), unless it ended the game
        events = list(by_when.get(when, []))
        if rec.kind == "day" and rec.ended is not None and not rec.eliminated:
            events.append("no one was eliminated")
        if not events:
            events.append("no one died" if rec.kind == "night" else "no one was eliminated")
        history.append({"label": rec.label[:1].upper() + rec.label[1:], "events": events})
    won = [f"{n} ({state.players[n].role})" for n in getattr(state, "won", {})]
    return {"winner": state.winner or "", "players": players, "history": history, "won": won,
            "ended_by": getattr(state, "ended_by", "")}


def _true_cause(ps: Any) -> str:
    """What killed a player, told at the end of the game: a death Combat Camouflage masked (tag
    `masked`, paranormal) shows its true cause and the mask ('Exterminator (masked as
    Vigilante)'); the death post, while the game went on, showed the mask only."""
    masked = ps.tags.get("masked") if not ps.alive else None
    if isinstance(masked, dict) and masked.get("cause") and masked["cause"] != ps.cause:
        return f"{masked['cause']} (masked as {ps.cause})"
    return ps.cause or ""



# ----------------------------------------------------------------------------- public totals


def public_wagons(view: PublicView, wagons: Sequence[tuple[str, Sequence[str]]], authors: Sequence[str]
                  ) -> list[tuple[int, float]]:
    """The wagons (target, voters) in the order the thread sees them, as (index into WAGONS, public
    total): the most votes first, every voter with their public weight, and among equal totals
    the wagon that reached its total first (the later of its voters' current votes, from the
    count's history AUTHORS in order) - the tally's own order, with public weights."""
    last = {a: i for i, a in enumerate(authors)}
    totals = [float(sum(view.vote(v) for v in voters)) for _, voters in wagons]
    order = sorted(range(len(wagons)), key=lambda i: (-totals[i], max((last.get(v, -1) for v in wagons[i][1]),
                                                                         default=-1)))
    return [(i, totals[i]) for i in order]


def plurality_pick(ordered: Sequence[tuple[str, float]], tie_rule: str, tally_pick: str | None) -> tuple[str, bool]:
    """Under plurality, (who the public totals eliminate, tied) from the wagons in public order
    (target, total): the single leader; among tied leaders, the first to reach the total under
    ``first-to-reach``, the tally's seeded pick under ``random`` where it is among them, else
    no one. No Elimination leading eliminates no one."""
    top = max((t for _, t in ordered), default=0.0)
    leaders = [w for w, t in ordered if top > 0 and abs(t - top) < 1e-9]
    if not leaders:
        return "", False
    tie = len(leaders) > 1
    pick = leaders[0] if not tie or tie_rule == "first-to-reach" else (
        tally_pick if tie_rule == "random" and tally_pick in leaders else "")
    return ("" if pick in ("none", None) else pick), tie


def public_count(view: PublicView, count: Mapping[str, Any]) -> dict[str, Any]:
    """A count's JSON (`hostkit votes --json`) as the thread may count it: the wagons at their
    public totals in public order, under plurality the public leader as the one who goes, and no
    ignored vote texts (the host's)."""
    wagons = list(count.get("wagons", []))
    authors = [h.get("author") for h in count.get("history") or ()]
    ordered = public_wagons(view, [(w["target"], w.get("voters") or ()) for w in wagons], authors)
    out = {**count, "wagons": [{**wagons[i], "votes": total} for i, total in ordered], "ignored": []}
    if count.get("rule") == "plurality" and count.get("hammer") is None:
        eliminated, tie = plurality_pick([(wagons[i]["target"], t) for i, t in ordered],
                                         str(view.options.get("tie") or "none"), count.get("eliminated"))
        out.update(eliminated=eliminated or None, tie=tie)
    return out
