"""What is due in a round, decided from the game, the thread or the inbox, the watch's state and
the clock: a list of sends (each a dict: key, kind post|pm|lock|unlock, what, text, subject,
after), in the order they go out. Nothing here talks to the forum.

By day, with the default options (hostkit.game.watchoptions names them):
- the thread unlocked, once, when the watch locked it at the end of an earlier day;
- at a hammer (the count decides the day) or once the deadline has passed (counted up to the
  last post made before it): the final count as one post that says the day is over, the lock,
  and the host's PM with the next step; then nothing more that day;
- a vote count when `watch-count-votes` votes changed since the last count posted (never one
  with no change), `watch-count-gap` minutes after the last;
- a count that answers a player's `!vc` (outside quotes) made since the last count, at most
  once per `watch-vc-gap` minutes;
- one reminder when reminder times (`watch-reminders` before the deadline) have passed, however
  many: the living players with no vote, only them;
- the host's PM of what the counter would not guess (accounts that vote but are no player, with
  the alias command; names it could not settle), each list once; and once a day, the players
  with no post for `watch-prod-hours`.
By night: the host's PM, once, when every living player with an action to use has one, read
surely from their PM or entered; and the PMs it could not read, each once.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Sequence

from . import texts

if TYPE_CHECKING:
    from ..game.game import Game
    from ..votes.forums import Page

_VC = re.compile(r"(?<![\w!])!vc\b", re.I)
_QUOTE = re.compile(r"<blockquote\b[^>]*>(?:(?!<blockquote\b).)*?</blockquote>", re.I | re.S)


def _digest(lines: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:12]


def _time(value: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if value else None
    except ValueError:
        return None


def send(key: str, kind: str, what: str, text: str = "", *, subject: str = "", **after: Any) -> dict[str, Any]:
    return {"key": key, "kind": kind, "what": what, "text": text, "subject": subject, "after": after}


def vote_map(count: Any) -> dict[str, str]:
    """Who votes for whom in a count (a split voter's targets joined)."""
    out: dict[str, list[str]] = {}
    for w in count.wagons:
        for v in w.voters:
            out.setdefault(v, []).append(str(w.target))
    return {v: ",".join(sorted(t)) for v, t in out.items()}


def changed(before: dict[str, str], now: dict[str, str]) -> int:
    """How many votes changed: the voters whose vote is not what it was."""
    return sum(1 for v in set(before) | set(now) if before.get(v) != now.get(v))


def asks_for_count(body_html: str) -> bool:
    """Whether a post asks for a count: `!vc` in its own words (a quoted one is someone else's)."""
    text = body_html
    while True:
        stripped = _QUOTE.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return bool(_VC.search(re.sub(r"<[^>]+>", " ", text)))


def vc_asked(pages: Sequence[Page], after: int | None, hosts: Sequence[str]) -> int | None:
    """The first post after post `after` (the last one the last count counted) that asks for a
    count, by anyone but a host; None."""
    hosts_low = {h.casefold() for h in hosts}
    for page in pages:
        for p in page.posts:
            if (after is None or p.number > after) and p.author.casefold() not in hosts_low \
                    and asks_for_count(p.body):
                return p.number
    return None


def last_post_before(pages: Sequence[Page], at: datetime) -> int | None:
    """The number of the last post made before `at` (the deadline), by the times the pages show;
    None when every post is (or no time is shown: the count then runs to the end)."""
    last, later = None, False
    for page in pages:
        for p in page.posts:
            t = _time(p.time)
            if t is None:
                continue
            if t <= at:
                last = p.number
            else:
                later = True
    return last if later else None


def _counted(count: Any, now: datetime) -> dict[str, Any]:
    return {"number": count.count_number, "post": count.last_post, "votes": vote_map(count),
            "time": now.isoformat(timespec="seconds")}


def _numbered_count(game: Game, count: Any) -> Any:
    from ..game.day.daycount import remember
    from ..store.folder import locked

    with locked(game.folder):  # the number is taken under the lock, as 'votes --publish' takes it
        return remember(game, count, publish=True)


def day(game: Game, pages: Sequence[Page], state: dict[str, Any], opts: dict[str, Any], now: datetime,
        journal: Any) -> list[dict[str, Any]]:
    """The sends due by day (see the module docstring)."""
    from ..game.day.daycount import count_votes
    from ..game.daytools import day_decided, deadline_of
    from ..words.publish import vote_count_post

    label = game.current.record.label
    done = set(state["done"])
    out: list[dict[str, Any]] = []
    unlock = _unlock(game, journal, opts, label)
    if unlock:
        out.append(unlock)
    if "final" in done:
        return out  # the day is over: the host opens the next phase
    deadline = deadline_of(game)
    passed = deadline is not None and now >= deadline
    count = count_votes(game, pages, to_post=last_post_before(pages, deadline) if passed else None)
    if day_decided(game, count) or passed:
        count = _numbered_count(game, count)
        lock = bool(opts["watch-lock"])
        text = vote_count_post(game, count, now=now) + texts.day_over(game, lock)
        why = "hammer" if day_decided(game, count) else "deadline"
        out.append(send(f"watch:{label}:final count", "post", f"final vote count {count.count_number}", text,
                        counted=_counted(count, now), done=["final"]))
        if lock:
            out.append(send(f"watch:{label}:lock", "lock", f"lock at the end of {label}", done=["lock"]))
        out.append(send(f"watch:{label}:day over", "pm", f"{label} over: the next step",
                        texts.next_step(game, count, why=why), subject=f"{texts.title(game)}: {label} is over"))
        return out
    base = _last_posted(game, journal, state["counted"] or {})
    votes = vote_map(count)
    last_time = _time(base.get("time"))
    n = int(opts["watch-count-votes"])
    auto = n > 0 and changed(base.get("votes", {}), votes) >= n and (
        last_time is None or now - last_time >= timedelta(minutes=int(opts["watch-count-gap"])))
    asked = vc_asked(pages, base.get("post") or game.current.record.start_post, game.setup.hosts) \
        if opts["watch-vc"] else None
    vc_time = _time(state.get("vc_time"))
    answer = asked is not None and (vc_time is None or now - vc_time >= timedelta(minutes=int(opts["watch-vc-gap"])))
    if auto or answer:
        count = _numbered_count(game, count)
        after: dict[str, Any] = {"counted": _counted(count, now)}
        if answer:
            after["vc_time"] = now.isoformat(timespec="seconds")
        why = f"answers !vc in post {asked}" if answer and not auto else f"{changed(base.get('votes', {}), votes)} votes changed"
        out.append(send(f"watch:{label}:count {count.count_number} to post {count.last_post}", "post",
                        f"vote count {count.count_number} ({why})", vote_count_post(game, count, now=now), **after))
    out += _reminder(game, count, state, opts, now, deadline)
    unsure = texts.unsure(game, count)
    if unsure and _digest(unsure) not in state["told"]:
        out.append(send(f"watch:{label}:unsure {_digest(unsure)}", "pm", "what the count left to the host",
                        texts.unsure_pm(game, unsure), subject=f"{texts.title(game)}: votes to settle",
                        told=[_digest(unsure)]))
    out += _prods(game, pages, state, opts, now, journal)
    return out


def _last_posted(game: Game, journal: Any, base: dict[str, Any]) -> dict[str, Any]:
    """The last count posted today: the watch's own, or a later one the host posted with
    `votes --send` (its number journalled as sent, its votes in the day's saved counts)."""
    from ..game.day.daycount import saved_counts

    for h in reversed(saved_counts(game.folder, game.current.record.number)):
        sent = journal.get(f"post:vote count {h['count_number']}")
        if not (h.get("published", True) and sent and sent["state"] == "sent"):
            continue
        if h.get("last_post") is not None and h["last_post"] > (base.get("post") or 0):
            votes: dict[str, list[str]] = {}
            for w in h.get("wagons", []):
                for v in w.get("voters", []):
                    votes.setdefault(v, []).append(str(w.get("target")))
            return {"number": h["count_number"], "post": h["last_post"], "time": sent.get("time"),
                    "votes": {v: ",".join(sorted(t)) for v, t in votes.items()}}
        break
    return base


def _unlock(game: Game, journal: Any, opts: dict[str, Any], label: str) -> dict[str, Any] | None:
    """The thread unlocked when the watch locked it at the end of an earlier phase."""
    locks = [e for e in journal.sends() if e["kind"] == "lock" and e["state"] == "sent"
             and e["key"].startswith("watch:")]
    if not locks or not locks[-1]["key"].endswith(":lock") or locks[-1].get("phase") == label:
        return None
    return send(f"watch:{label}:unlock", "unlock", f"unlock for {label}")


def _reminder(game: Game, count: Any, state: dict[str, Any], opts: dict[str, Any], now: datetime,
              deadline: datetime | None) -> list[dict[str, Any]]:
    if deadline is None or now >= deadline or not opts["reminders"]:
        return []
    done = set(state["done"])
    tags = {off: f"reminder {deadline.isoformat()} {int(off.total_seconds())}" for off in opts["reminders"]}
    due = [off for off in opts["reminders"] if deadline - off <= now and tags[off] not in done]
    if not due:
        return []
    label = game.current.record.label
    return [send(f"watch:{label}:{tags[min(due)]}", "post", f"reminder ({texts.when(deadline)} deadline)",
                 texts.reminder(game, list(count.not_voting), now), done=[tags[o] for o in due])]


def _prods(game: Game, pages: Sequence[Page], state: dict[str, Any], opts: dict[str, Any], now: datetime,
           journal: Any) -> list[dict[str, Any]]:
    """Once a day, the living players with no post for `watch-prod-hours` (MafiaScum's prod rule)."""
    from ..forum.inbox import phase_start

    tag = f"prods {now.date().isoformat()}"
    if not opts["watch-prods"] or tag in state["done"]:
        return []
    hours = int(opts["watch-prod-hours"])
    names: dict[str, str] = {}
    for p in game.setup.players:
        for n in (p.name, *p.aliases, *getattr(p, "previous", ())):
            names[n.casefold()] = p.name
    last: dict[str, datetime] = {}
    for page in pages:
        for post in page.posts:
            who, t = names.get(post.author.casefold()), _time(post.time)
            if who and t and (who not in last or t > last[who]):
                last[who] = t
    began, _ = phase_start(game, journal)
    since_start = _time(getattr(game.setup, "created", "") or "") or began
    limit = now - timedelta(hours=hours)
    quiet = []
    for p in game.setup.players:
        if not game.state.players[p.name].alive:
            continue
        t = last.get(p.name)
        if t is not None and t < limit:
            quiet.append((p.name, f"last post {texts.when(t)}"))
        elif t is None and since_start is not None and since_start < limit:
            quiet.append((p.name, "no post in the thread"))
    if not quiet:
        return []
    label = game.current.record.label
    return [send(f"watch:{label}:{tag}", "pm", "players to prod", texts.prods(game, quiet, hours),
                 subject=f"{texts.title(game)}: players to prod", done=[tag])]


def night(game: Game, phase: Any, state: dict[str, Any], opts: dict[str, Any]) -> list[dict[str, Any]]:
    """The host's PMs by night: every action is in (once), and the PMs it could not read (each
    once). `phase` is the inbox read for this phase (hostkit.forum.inboxrun.read_messages)."""
    from ..game.actlines import parse_act_lines
    from ..game.waiting import waiting_on
    from ..model.errors import HostkitError

    if not opts["watch-actions-in"]:
        return []
    label = game.current.record.label
    sure: list[tuple[str, str | None]] = []
    for r in phase.readings:
        if r.line and r.state in ("new", "entered"):
            try:
                (actor, ability, _targets), = parse_act_lines(game, r.line, "inbox")[0]
            except (HostkitError, ValueError):
                continue
            sure.append((actor, ability))

    def covered(w: Any) -> bool:
        return any(actor in w.players and (ability is None or ability in (w.ability, *w.others))
                   for actor, ability in sure)

    missing = [w for w in waiting_on(game) if not covered(w)]
    unread = [f"PM {r.id} from {r.sender}: {r.why}" for r in phase.unsure if f"pm {r.id}" not in state["told"]]
    ids = [f"pm {r.id}" for r in phase.unsure]
    out = []
    if not missing and "all in" not in state["done"]:
        read = [r.line for r in phase.sure]
        entered = [f"{a.actor} {a.ability or ''} {' '.join(a.targets)}".replace("  ", " ").strip()
                   for a in game.current.record.actions]
        out.append(send(f"watch:{label}:all in", "pm", f"every action of {label} is in",
                        texts.all_in(game, entered, read, unread), subject=f"{texts.title(game)}: all actions are in",
                        done=["all in"], told=ids))
    elif unread:
        out.append(send(f"watch:{label}:to read {_digest(unread)}", "pm", "action PMs to read",
                        texts.pms_to_read(game, unread), subject=f"{texts.title(game)}: action PMs to read",
                        told=ids))
    return out
