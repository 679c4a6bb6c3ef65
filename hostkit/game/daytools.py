"""The host's day tools, as functions of a loaded game: the status report a host reads, the
forum engine the posts are written for, a day's deadline, a host's kill outside the vote, the
LYLO/MYLO notice and each living player's activity.

Nothing here prints: the CLI (cli/day.py, cli/posts.py, cli/setup.py) calls these and prints.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .formats import game_format, pm_format  # noqa: F401 (pm_format: its old home, re-exported)

if TYPE_CHECKING:  # pragma: no cover
    from datetime import datetime

    from .game import Game

# forum families by the templates' needs: [size=...] takes a percentage on phpBB, 1-7 on
# vBulletin, XenForo and MyBB, points on SMF; Discourse and NodeBB read Markdown.
FORUMS = ("auto", "phpbb", "vbulletin", "xenforo", "mybb", "smf", "invision", "discourse", "nodebb", "other")
# Patterns, compiled (by re's cache) only when a game has a thread URL: every `status` imports
# this module, and most games there have none.
_URL_FORUMS = (
    (r"mafiascum\.net|viewtopic\.php|/viewtopic/", "phpbb"),
    (r"showthread\.php|/forum/.*\d+-[^/]+/?$", "vbulletin"),
    (r"/threads/[^/]*\.\d+/?", "xenforo"),
    (r"/t/[^/]+/\d+", "discourse"),
    (r"[?&]topic=\d+", "smf"),
    (r"/topic/\d+", "invision"),
)
SMALL_SIZE = {"phpbb": "85", "vbulletin": "2", "xenforo": "2", "mybb": "2", "smf": "8pt"}


def forum_engine(game: "Game") -> str:
    """The forum the game's posts are written for: the game's ``forum`` option, or (``auto``)
    the engine its thread URL shows, or 'other' where the URL says nothing."""
    chosen = str(game.state.options.get("forum", "auto") or "auto")
    if chosen != "auto":
        return chosen
    return forum_from_url(game.setup.thread)


def forum_from_url(url: str | None) -> str:
    """'phpbb', 'xenforo', ... from a thread URL's shape, or 'other'."""
    for pattern, name in _URL_FORUMS:
        if url and re.search(pattern, url, re.I):
            return name
    return "other"


def status_report(game: "Game") -> dict[str, Any]:
    """`hostkit status`: Game.status() with who the phase waits on, the formats and forum the
    posts are written for, and the day's deadline."""
    from .waiting import items_unused, waiting_on

    data = game.status()
    data["waiting"] = [w.to_json() for w in waiting_on(game)]
    data["items_unused"] = [w.to_json() for w in items_unused(game)]
    data["format"] = game_format(game)
    data["pm_format"] = pm_format(game)
    data["forum"] = forum_engine(game)
    return data



# ----------------------------------------------------------------------------- the deadline

_REL = r"^\+?\s*(?:in\s+)?((?:\d+\s*[dhm]\s*)+)$"  # compiled when a deadline is typed (see _URL_FORUMS)
_REL_PART = r"(\d+)\s*([dhm])"


def parse_deadline(text: str, now: "datetime | None" = None) -> "datetime":
    """A deadline as a host types it: '2026-11-23 18:00' (UTC unless an offset is given, e.g.
    '2026-11-23T18:00-05:00') or relative to now: '+1d4h', '48h', 'in 2d'. A RuleError otherwise."""
    from datetime import datetime, timedelta, timezone

    from ..model.errors import RuleError

    now = now or datetime.now(timezone.utc)
    t = text.strip()
    m = re.match(_REL, t, re.I)
    if m:
        delta = timedelta()
        try:
            for n, unit in re.findall(_REL_PART, m.group(1), re.I):
                delta += {"d": timedelta(days=int(n)), "h": timedelta(hours=int(n)),
                          "m": timedelta(minutes=int(n))}[unit.lower()]
            return (now + delta).replace(microsecond=0)
        except (OverflowError, ValueError):  # '+99999999d' passes year 9999: a traceback before
            raise RuleError(f"deadline {text!r}: too far from now (a date runs to the year 9999)") from None
    try:
        at = datetime.fromisoformat(t.replace(" UTC", "").replace("Z", "+00:00"))
    except ValueError:
        raise RuleError(f"deadline {text!r}: give a time like '2026-11-23 18:00' (UTC), "
                        "'2026-11-23T18:00-05:00', or '+1d4h' from now") from None
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    from ..model.checks import in_calendar

    return in_calendar(at, f"deadline {text!r}")


def deadline_of(game: "Game") -> "datetime | None":
    """The current day's deadline: the last one the host set (hostkit deadline), or None."""
    from datetime import datetime

    ph = game.current
    if ph.record.kind != "day":
        return None
    at = None
    for e in sorted(ph.record.events, key=lambda e: e.seq):
        if e.kind == "deadline":
            at = e.data.get("at") or None
    return datetime.fromisoformat(at) if at else None


def time_left(at: "datetime", now: "datetime") -> str:
    """'in 1 day 4 hours', 'in 35 minutes', '2 hours ago': two units at most, to the minute."""
    seconds = (at - now).total_seconds()
    minutes = int(abs(seconds) / 60 + 0.5)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = []
    for n, unit in ((days, "day"), (hours, "hour"), (mins, "minute")):
        if n:
            parts.append(f"{n} {unit}{'s' if n != 1 else ''}")
    words = " ".join(parts[:2]) or "less than a minute"
    return f"in {words}" if seconds > 0 else f"{words} ago"


def deadline_rule(game: "Game", count: Any = None) -> str:
    """What the ruleset's deadline rule does with the count as it stands, told to the host (what
    happens and what to enter)."""
    public, host = deadline_words(game, count)
    if not host:
        return public
    return f"{public[:-1]}; {host if 'eliminate --none' not in host else host[len('enter '):]}"


def deadline_words(game: "Game", count: Any = None, leader: tuple[str, bool] | None = None) -> tuple[str, str]:
    """What the deadline rule does with the count, as (the words of the public post, the host's
    instruction: what to enter; '' where there is nothing). Under plurality, `leader` is the
    public totals' (leader, tied) (countpost.public_leader): the post gives the reason 'the most
    votes' only where the public totals show it (a private weight may decide the day)."""
    opts = game.state.options
    plurality = opts.get("majority") == "plurality"
    tie = opts.get("tie", "none")
    if count is not None and count.hammer is not None:
        return f"{count.eliminated} was already eliminated by the hammer.", ""
    if count is not None and count.eliminated:
        why = "the most votes" if plurality else "a majority"
        if count.tie:
            why = {"random": "a random pick among the tied", "first-to-reach": "the first to reach the tie"}.get(tie, why)
        shown = leader is None or not plurality or (leader[0] == count.eliminated and leader[1] == count.tie)
        told = f" ({why})" if shown else ""
        return f"the day ends: {count.eliminated} is eliminated{told}.", "enter it with 'hostkit eliminate'."
    if count is not None and count.tie:
        return "the day ends: the leading wagons are tied and a tie eliminates no one.", "enter 'hostkit eliminate --none'."
    if plurality:
        return "the day ends: with no votes, no one is eliminated.", "enter 'hostkit eliminate --none'."
    return "the day ends: no one reached a majority, so no one is eliminated.", "enter 'hostkit eliminate --none'."


def deadline_info(game: "Game", count: Any = None, now: "datetime | None" = None) -> dict[str, Any] | None:
    """The deadline as a count shows it: {at ('2026-11-23 18:00 UTC'), left ('in 1 day 4 hours'),
    passed (bool), rule (what happens at the deadline, when it has passed)}; None when unset."""
    from datetime import datetime, timezone

    at = deadline_of(game)
    if at is None:
        return None
    now = now or datetime.now(timezone.utc)
    utc = at.astimezone(timezone.utc)
    passed = now >= at
    return {"at": utc.strftime("%Y-%m-%d %H:%M UTC"), "iso": at.isoformat(), "left": time_left(at, now),
            "passed": passed, "rule": deadline_rule(game, count) if passed else ""}


# ----------------------------------------------------------------------------- LYLO / MYLO


def parity_notice(game: "Game") -> str:
    """'LYLO' when one mis-elimination today can lose the game for the uninformed side, 'MYLO'
    when two can; '' otherwise (parity.notice)."""
    from .day.parity import notice

    if game.current.record.kind != "day":
        return ""
    return notice(game.state)


def public_parity_notice(game: "Game") -> str:
    """The LYLO/MYLO notice as the players can work it out themselves, or ''. Only where the
    game's ``open-setup`` option says the host announced every role in the game, and every dead
    player was flipped with their role (so what is left alive is known): judged on the living
    players holding the announced roles not yet flipped, never on who really holds what (a
    conversion the players were not told of changes nothing here). Decision (issue 28): below a
    role flip, a held flip or a body never found, the players cannot know it, so it is not said."""
    from collections import Counter
    from dataclasses import replace

    from ..engine.day import flip_held
    from .day.parity import notice

    state = game.state
    if not state.options.get("open-setup") or state.winner or game.current.record.kind != "day":
        return ""
    if str(state.options.get("flip", "role")) not in ("role", "pm"):
        return ""
    unfound = {d.player for o in game.outcomes.values() for d in o.deaths if d.flavour_key in game.ruleset.unflipped}
    left = Counter(p.role for p in game.setup.players)
    dead = [p for p in state.players.values() if not p.alive]
    for p in dead:
        if flip_held(state, p.name) or p.name in unfound or left[p.role] <= 0:
            return ""
        left[p.role] -= 1
    roles = sorted(left.elements())
    players = {}
    for p in state.players.values():
        # the living hold the roles not yet flipped, with nothing of their own (tags, items)
        role = state.ruleset.roles[p.role if not p.alive else roles.pop(0)]
        players[p.name] = replace(p, role=role.name, faction=role.faction, alignment=role.alignment, tags={},
                                  items={}, attributes=())
    return notice(replace(state, players=players))


# ----------------------------------------------------------------------------- the count's extras


def count_extras(game: "Game", count: Any, now: "datetime | None" = None, start: int | None = None) -> dict[str, Any]:
    """What a vote count shows beside the wagons: the deadline, the public LYLO/MYLO notice
    (public_parity_notice), and whether the day has no start post (the count runs from the
    thread's first post)."""
    ph = game.current
    return {"deadline": deadline_info(game, count, now) if ph.record.kind == "day" and not day_decided(game, count)
            else None,
            "notice": public_parity_notice(game),
            "from_first_post": bool(ph.record.kind == "day" and ph.record.start_post is None and start is None
                                    and count.last_post is not None)}


def day_decided(game: "Game", count: Any) -> bool:
    """The count has already ended the day: a hammer (a majority reached, in the thread or by a
    vote entered by hand), or No Elimination's majority. A deadline means nothing after that."""
    from .day.daycount import no_elimination

    if count.hammer is not None or no_elimination(game, count)[1]:
        return True
    return bool(count.eliminated) and game.state.options.get("majority") != "plurality"


# ----------------------------------------------------------------------------- the host's entries


def deadline_events(game: "Game", text: str | None, now: "datetime | None" = None) -> list[Any]:
    """The entry that sets (or, with TEXT None, clears) the current day's deadline."""
    from ..model.entries import DayEvent

    game.open_phase("day")
    if text is None:
        return [DayEvent("deadline", data={"at": ""})]
    at = parse_deadline(text, now)
    return [DayEvent("deadline", data={"at": at.isoformat()})]


MAX_REASON = 200  # a modkill's reason: one line of the flip and of status (decision: refused beyond)


def kill_events(game: "Game", player: str, reason: str = "", post: int | None = None) -> list[Any]:
    """A host's kill outside the vote (a modkill, or a day kill no ability covers): the player
    dies now. Like a last shot, the victim's actions and actions aimed at them this phase are
    taken back. The cause reads 'modkill (REASON)' in the record and the flip.

    By day the kill happens at a post of the thread, kept in the record (`post`: the first post
    from which the player is dead, so the day's count keeps the votes before it): POST, else the
    post after the latest post hostkit has read of the thread, else none (dead all day)."""
    from ..model.checks import check_post
    from ..model.errors import RuleError
    from ..model.entries import DayEvent, Removal

    game.open_phase()
    name = game.player(player)
    if not game.state.players[name].alive:
        raise RuleError(f"{name} is already dead")
    reason = " ".join(reason.split())
    if len(reason) > MAX_REASON:
        raise RuleError(f"--reason is {len(reason)} characters long: at most {MAX_REASON} (it is one line of the "
                        "flip, 'status' and the record); shorten it")
    cause = f"modkill ({reason})" if reason else "modkill"
    data: dict[str, Any] = {"cause": cause, "reason": reason}
    if game.current.record.kind == "day":
        if post is None:
            from .day.daycount import latest_post_read

            latest = latest_post_read(game)
            post = None if latest is None else latest + 1
        if post is not None:
            data["post"] = check_post(post, "--post")
    elif post is not None:
        raise RuleError(f"--post {post}: it is {game.current.record.label}; a kill is at a post of the thread by day only")
    removals = [Removal(a.actor, a.ability) for a in game.current.actions if name in (a.actor, *a.targets)]
    # the removals first: 'hostkit undo' then takes back the kill itself first
    from .day.rulings import game_over_removals

    events = [*removals, DayEvent("kill", None, name, data=data)]
    return game_over_removals(game, events) + events


# ----------------------------------------------------------------------------- activity


def activity_report(game: "Game", pages: Any, now: "datetime | None" = None) -> dict[str, Any]:
    """Each living player's posts in the thread since the day's start post (every post read when
    none is recorded) and the time since their last post: {players [{player, posts, last_post,
    last_time, since}], from_first_post}, quietest first (fewest posts, then longest silent).
    Authors are matched to players by name, alias or a replaced player's name, in any case."""
    from datetime import datetime, timezone

    from ..votes.count import thread_posts

    now = now or datetime.now(timezone.utc)
    start = game.current.record.start_post if game.current.record.kind == "day" else None
    names: dict[str, str] = {}
    for p in game.setup.players:
        for n in (p.name, *p.aliases, *p.previous):
            names[n.casefold()] = p.name
    hosts = {h.casefold() for h in game.setup.hosts}
    alive = [n for n in (p.name for p in game.setup.players) if game.state.players[n].alive]
    stats = {n: {"player": n, "posts": 0, "last_post": None, "last_time": None, "since": ""} for n in alive}
    for post in thread_posts(pages):
        if start is not None and post.number < start:
            continue
        who = names.get(post.author.casefold())
        if who is None or who not in stats or post.author.casefold() in hosts:
            continue
        st = stats[who]
        st["posts"] += 1
        st["last_post"] = post.number
        st["last_time"] = post.time
    for st in stats.values():
        if st["last_time"]:
            try:
                st["since"] = time_left(datetime.fromisoformat(st["last_time"]), now)
            except ValueError:
                st["since"] = ""
    order = sorted(stats.values(), key=lambda s: (s["posts"], s["last_time"] or ""))
    return {"players": order, "from_first_post": start is None}


# ----------------------------------------------------------------------------- the elimination


def day_count(game: "Game") -> dict[str, Any] | None:
    """The day's latest vote count as JSON, for checking an elimination against it: the last
    count made with 'hostkit votes' that read the thread, else the votes entered by hand counted
    now; None when the day has neither."""
    from .day.daycount import count_votes, saved_counts

    ph = game.current
    if ph.record.kind != "day":
        return None
    saved = [c for c in saved_counts(game.folder, ph.record.number) if c.get("last_post") is not None]
    if saved:
        return _since(game, _current_names(game, saved[-1]))
    if ph.record.votes:
        return count_votes(game, []).to_json()
    return None


def _since(game: "Game", count: dict[str, Any]) -> dict[str, Any]:
    """A saved thread count with the hand votes recorded (or taken back) since it was made, in
    words, under "hand_since" (absent when there are none, or for a count saved before counts
    kept their hand votes): such a count no longer says what 'hostkit votes' would."""
    from .day.daycount import hand_votes

    if "hand" not in count:
        return count
    then = {tuple(v) for v in count["hand"]}
    now = hand_votes(game)
    added = [v for v in game.current.record.votes if (v.host, v.seq) not in then]
    gone = len(then - {tuple(v) for v in now})
    if not added and not gone:
        return count
    words = ["recorded: " + ", ".join(f"{v.voter} {'unvotes' if v.target is None else 'votes ' + v.target}"
                                      for v in added)] if added else []
    if gone:
        words.append(f"taken back: {gone}")
    return {**count, "hand_since": words}


def _current_names(game: "Game", count: dict[str, Any]) -> dict[str, Any]:
    """A saved count with the names of players replaced since it was made read as their
    replacements' ('replace Gus Zed' after the count: its 'Gus' is Zed's slot)."""
    now = {old: p.name for p in game.setup.players for old in p.previous}
    if not now:
        return count
    out = dict(count)
    if out.get("eliminated") in now:
        out["eliminated"] = now[out["eliminated"]]
    out["wagons"] = [{**w, "target": now.get(w["target"], w["target"])} for w in count.get("wagons", ())]
    return out


def checked_elimination(game: "Game", player: str | None, *, force: bool = False):
    """The PhaseEnd for `eliminate` (see Game.elimination), refused where it contradicts the day's
    count (rulings.elimination_refusal) unless `force`."""
    from ..model.errors import RuleError
    from .day.rulings import elimination_refusal

    end = game.elimination(player)
    if not force:
        count = day_count(game)
        why = elimination_refusal(game, end.eliminated or None, count)
        if why and not end.eliminated and count and count.get("eliminated") and not count.get("hand_since"):
            # The count's choice dies by the day's own actions (an ITA shot, a Day vig), which
            # resolve before the elimination (seed natural II): 'eliminate' refuses them and says
            # to end the day with --none, so --none is the count's outcome, not a contradiction.
            from .day.dayactions import day_end_preview

            after = day_end_preview(game)[1]
            due_out = count["eliminated"]
            if (due_out in after.players and not after.players[due_out].alive) or after.winner:
                # ... or they win the game before the elimination: 'eliminate X' refuses and says
                # --none, so --none must end it (one command, not two refusals pointing at each other)
                why = None
        if why:
            raise RuleError(f"{why} (--force overrules)")
    return end


def _returns(tags: dict) -> list[str]:
    """The times ("day 2") of a player's returns to play kept by engine/day.release."""
    from ..model.state import RETURNED

    held = tags.get(RETURNED)
    return list(held) if isinstance(held, dict) else []


def aftermath(before: "Game", after: "Game") -> list[str]:
    """What else a day's end (or a last shot) did, for the host to tell (seed paranormal): captives
    returned to play because their abductor left the game, and players who died with the one they
    were bound to."""
    from ..engine.day import flip_held

    out = []
    # Deaths by the day's own actions (seed natural II, printed with their outcome) are not bonds.
    day = after.phases[before.current.index - 1] if len(after.phases) >= before.current.index else None
    by_actions = {d.player for o in (getattr(day, "outcomes", None) or ()) for d in o.deaths}
    # Who died with the one they were bound to (engine/day.kill logs them as kind "bond"), of the
    # deaths this entry added: a lynch's, or a last shot's, dated by the death it answers.
    bonds = {p for p, kind, _, _ in after.state.deaths[len(before.state.deaths):] if kind == "bond"}
    for name, p in after.state.players.items():
        was = before.state.players[name]
        if not was.alive and flip_held(before.state, name) and not flip_held(after.state, name):
            out.append(f"{name} may be flipped now: their abductor left the game ('hostkit post flip {name}')")
            continue
        if p.alive and "abducted" in was.tags and "abducted" not in p.tags:
            data = was.tags["abducted"]
            by = f" {data['by']}" if isinstance(data, dict) and data.get("by") else ""
            # engine/day.release keeps the return's time ("day 2") for its PM: point the host at it.
            new = [w for w in _returns(p.tags) if w not in _returns(was.tags)]
            tell = f"hostkit pm --{new[-1]}" if new else "tell them"
            out.append(f"{name} returns to play: their abductor{by} left the game ({tell})")
        elif was.alive and not p.alive and name in bonds and name not in by_actions:
            out.append(f"{name} dies with them: bound to the {p.cause}")
    return out

