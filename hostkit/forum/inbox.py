"""`hostkit inbox`: the players' action PMs in the host's forum inbox, read into `act` lines.

Which PMs: those in the inbox from a living player (their game name or an alias, as the forum
shows the sender), sent since the current phase began, oldest first. A phase begins when the one
before it ended: the record keeps the time of each phase's end (model.PhaseEnd.time, written by
`resolve` and `eliminate`), and the first phase begins when the game was created. A folder whose
last phase end has no time (written before hostkit kept one) falls back to what hostkit itself
did on the forum, and says so: after the game was created and after the host's last send
journalled in an earlier phase, never a PM that an earlier phase's `inbox --accept` already read
(that last rule holds always: a forum's clock may run behind the host's).

How a PM is read (the same name matching as the votes, hostkit.votes.names): quotes are dropped,
then each line (else the whole text) is looked at for one of the sender's abilities usable now,
named as the ruleset names it (any case), and for players named in it (nicknames, typos; a word
that two players could be is not guessed). A line is proposed only when it is sure: one ability
(or the sender has exactly one usable now) and exactly the number of targets it takes; "skip" /
"no action" is a skip. Anything else is listed for the host with why.

`--accept` enters the sure lines as `act --file` would (every rule applies; one refused line
does not keep the others out, and is listed with the rule): the latest PM of a player wins, as
players mean it. It is idempotent: a PM's line already in the record is marked, never entered
again, and the PMs read are journalled (hostkit.forum.journal) with the phase.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from .journal import Journal

if TYPE_CHECKING:
    from ..game.game import Game

_STOP = {"i", "me", "my", "to", "the", "a", "an", "on", "at", "in", "of", "and", "or", "tonight", "night", "day",
         "want", "would", "like", "please", "will", "use", "using", "target", "targets", "host", "mod", "hi",
         "hello", "thanks", "thank", "you", "is", "it", "this", "that", "for", "with", "be", "go", "let", "do",
         "not", "sure", "but", "if", "so", "maybe", "think", "are", "how", "what", "who", "here", "there", "i'll",
         "i'd", "i'm", "im", "ill", "id", "can", "could", "should", "just", "also", "then", "now", "today", "yes",
         "no", "ok", "okay", "action", "actions", "vote", "player", "role", "am", "was", "were", "have", "has"}
_SKIP = re.compile(r"\b(skip|skipping|no action|not acting|pass(?:ing)?|do nothing|no target)\b", re.I)


class Reading(NamedTuple):
    """One PM and what hostkit reads from it."""

    id: str
    sender: str
    player: str | None
    time: str
    subject: str
    text: str
    line: str | None  # the act line read ("ACTOR ABILITY TARGET..."), None when unsure
    why: str  # why no line (or "" when one was read)
    state: str  # "new", "entered" (already in the record), "replaced" (a later PM of the player wins)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "from": self.sender, "player": self.player, "time": self.time,
                "subject": self.subject, "text": self.text, "line": self.line, "why": self.why or None,
                "state": self.state}


def _clean(text: str) -> str:
    text = re.sub(r"\[quote[^\]]*\].*?\[/quote\]", " ", text, flags=re.I | re.S)
    return re.sub(r"\[/?[a-z*]+(?:=[^\]]*)?\]", " ", text, flags=re.I)


def _time(value: str) -> datetime | None:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None


def phase_start(game: Game, journal: Journal) -> tuple[datetime | None, bool]:
    """When the current phase began, and whether the record says so exactly (False: the
    approximation of a folder of before PhaseEnd.time, see the module docstring)."""
    created = _time(getattr(game.setup, "created", "") or "")
    if len(game.phases) < 2:
        return created, created is not None
    end = game.phases[-2].record.end
    began = _time(end.time) if end is not None else None
    if began is not None:
        return began, True
    label = game.current.record.label
    times = [created] + [_time(e.get("time", "")) for e in journal.sends() if e["kind"] in ("pm", "post")
                         and e.get("phase") and e["phase"] != label and e["state"] == "sent"]
    known = [t for t in times if t is not None]
    return (max(known) if known else None), False


def _sender(game: Game, name: str) -> str | None:
    low = name.casefold()
    for p in game.setup.players:
        if p.name.casefold() == low or any(a.casefold() == low for a in p.aliases):
            return p.name
    return None


def read_line(game: Game, player: str, text: str) -> tuple[str | None, str]:
    """The act line a PM's text says, or (None, why)."""
    from ..game.entry import usable
    from ..votes.names import NameMatcher

    abilities = usable(game.state, player, game.current.record)
    if not abilities:
        return None, f"{player} has no ability to use in {game.current.record.label}"
    living = [p.name for p in game.setup.players if game.state.players[p.name].alive]
    matcher = NameMatcher([(p.name, tuple(p.aliases)) for p in game.setup.players if p.name in living])
    clean = _clean(text)
    lines = [l for l in clean.splitlines() if l.strip()] or [clean]
    reasons = []
    for candidate in lines + ([clean] if len(lines) > 1 else []):
        line, why = _read(candidate, player, abilities, matcher)
        if line:
            return line, ""
        if why and why not in reasons:
            reasons.append(why)
    return None, reasons[0] if reasons else ""  # no action named at all ("thanks!")


def _read(text: str, player: str, abilities: list, matcher: Any) -> tuple[str | None, str]:
    low = text.lower()
    named = [a for a in abilities if re.search(r"(?<!\w)" + re.escape(a.name.lower()) + r"(?!\w)", low)]
    if len(named) > 1:
        return None, f"names several abilities: {', '.join(a.name for a in named)}"
    ability = named[0] if named else (abilities[0] if len(abilities) == 1 else None)
    rest = low
    if named:
        rest = re.sub(re.escape(named[0].name.lower()), " ", rest)
    words = re.findall(r"[\w'.-]+", rest)
    targets: list[str] = []
    unsure: list[str] = []
    i = 0
    while i < len(words):
        hit = None
        for n in (3, 2, 1):  # the longest run of words that is a player's name
            chunk = " ".join(words[i:i + n]).strip(".'-")
            if n > len(words) - i or not chunk or (n == 1 and (chunk in _STOP or len(chunk) < 2)):
                continue
            # a run of words must be a whole name as written; one word is read as a vote's name is
            # (nicknames, typos), and a word two players could be is not guessed
            m = matcher.strict(chunk) if (n > 1 or len(chunk) < 3) else matcher.match(chunk)
            if m.player:
                hit = (m.player, n)
                break
            if n == 1 and not m.player and m.reason.startswith("ambiguous"):
                unsure.append(m.reason)
        if hit:
            if hit[0] not in targets:
                targets.append(hit[0])
            i += hit[1]
        else:
            i += 1
    if not targets and _SKIP.search(low):
        return (f"{player} {ability.name} skip" if ability else f"{player} skip"), ""
    if ability is None:
        if not targets:
            return None, ""
        return None, f"which ability? {player} can use {', '.join(a.name for a in abilities)}"
    want = ability.targets
    if len(targets) > want and player in targets:  # "Ann here: check Bob" signs, it does not target
        targets.remove(player)
    if want == 0:
        return f"{player} {ability.name}", ""
    if unsure and len(targets) < want:
        return None, unsure[0]
    if len(targets) != want:
        if not targets:  # "thanks!" names no action; "guard" alone is one, unsure
            return None, f"no player named for {ability.name}" if named else ""
        return None, (f"{ability.name} takes {want} target(s); the PM names {len(targets)}: "
                      f"{', '.join(targets)}")
    return f"{player} {ability.name} {' '.join(targets)}", ""


def readings(game: Game, messages: list, journal: Journal) -> tuple[list[Reading], int]:
    """The PMs of the current phase from living players, read; and how many others were left
    out (not a living player's, or from before the phase began)."""
    label = game.current.record.label
    start, _ = phase_start(game, journal)
    current = {(a.actor, a.ability, tuple(a.targets)) for a in game.current.record.actions}
    out, skipped = [], 0
    for m in messages:
        player = _sender(game, m.sender)
        when = _time(m.time)
        read_before = journal.get(f"inbox:{m.id}")
        if (player is None or not game.state.players[player].alive
                or (start is not None and when is not None and when < start)
                or (read_before and read_before.get("phase") != label)):
            skipped += 1
            continue
        line, why = read_line(game, player, m.text)
        state = "new"
        if line:
            try:
                from ..game.entry import parse_act_lines

                (actor, ability, targets), = parse_act_lines(game, line, "inbox")[0]
                if any(c[0] == actor and (ability is None or c[1] == ability) and list(c[2]) == list(targets)
                       for c in current):
                    state = "entered"
            except Exception:  # noqa: BLE001 - a line the rules refuse is shown as read; accept says why
                pass
        out.append(Reading(m.id, m.sender, player, m.time, m.subject, m.text, line, why, state))
    # A player's later PM replaces an earlier one, as players mean it: the latest PM that says
    # an action (read, or unsure) wins, and an unsure one keeps the earlier ones out too.
    latest: dict[str, int] = {}
    for n, r in enumerate(out):
        if r.line or r.why:
            latest[r.player or ""] = n
    out = [r._replace(state="replaced") if r.line and latest.get(r.player or "") != n and r.state == "new" else r
           for n, r in enumerate(out)]
    return out, skipped


def inbox(game: Game, *, accept: bool = False, reload: Any = None) -> dict[str, Any]:
    """`hostkit inbox [--accept]`: the readings, and with accept, what was entered (and what was
    refused, with the rule). One JSON-able dict."""
    from .account import connect

    conn = connect(game.setup.thread)
    try:
        conn.ensure()
        messages = conn.call("inbox")
        conn.save()
    finally:
        conn.close()
    journal = Journal(game.folder)
    found, skipped = readings(game, messages, journal)
    start, exact = phase_start(game, journal)
    result: dict[str, Any] = {"phase": game.current.record.label, "pms": [r.to_json() for r in found],
                              "since": start.isoformat() if start else None, "since_exact": exact,
                              "left_out": skipped, "entered": [], "refused": [],
                              "unsure": [r.to_json() for r in found if not r.line]}
    if accept:
        result.update(_accept(game, found, reload))
    return result


def _accept(game: Game, found: list[Reading], reload: Any) -> dict[str, Any]:
    """Enter the sure lines of the latest PMs, each checked as `act --file` checks it."""
    from ..game.entry import parse_act_lines
    from ..model.errors import HostkitError
    from ..store.folder import locked

    entered, refused = [], []
    with locked(game.folder):
        game = reload() if reload else game
        journal = Journal(game.folder)
        label = game.current.record.label
        fresh, _ = readings(game, [_as_message(r) for r in found], journal)
        ok_lines, ok_labels, ok = [], [], []
        for r in fresh:
            if not r.line or r.state != "new":
                continue
            try:
                lines, labels = parse_act_lines(game, r.line, f"PM {r.id} from {r.sender}")
                game.action_entries(lines, labels)  # every check act --file makes, before anything is written
            except HostkitError as exc:
                refused.append({"id": r.id, "player": r.player, "line": r.line, "why": str(exc)})
                continue
            ok_lines += lines
            ok_labels += labels
            ok.append(r)
        for r in ok:
            entered.append({"id": r.id, "player": r.player, "line": r.line})
            journal.stage(f"inbox:{r.id}", kind="inbox", to=r.player or "", what=r.line or "", phase=label,
                          state="entered", id=r.id)
        if ok_lines:  # one commit: the lines and the journal's marks of their PMs, all of them or none
            game.enter(ok_lines, ok_labels, on_time=False, also={journal.path: journal.text()})
    return {"entered": entered, "refused": refused}


def _as_message(r: Reading) -> Any:
    from .base import Message

    return Message(r.id, r.sender, (), r.subject, r.time, r.text)


def report_lines(result: dict[str, Any], *, accept: bool) -> list[str]:
    """`hostkit inbox`'s text: a line a PM, then what --accept did."""
    out = [f"Inbox, {result['phase']}: {len(result['pms'])} PM(s) from living players"
           + (f" ({result['left_out']} other(s) left out: not a living player's, or from an earlier phase)"
              if result["left_out"] else "")]
    if not result["since_exact"]:
        out.append(f"(the record keeps no time for the start of {result['phase']}, an older folder: PMs are taken "
                   "from after the game's creation and hostkit's last send in an earlier phase)")
    for pm in result["pms"]:
        head = f"PM {pm['id']} {pm['time']} from {pm['from']}: {pm['subject']!r}"
        if pm["line"]:
            mark = {"entered": " [already entered]", "replaced": " [replaced by a later PM]"}.get(pm["state"], "")
            out.append(f"{head} -> act {pm['line']}{mark}")
        else:
            out.append(f"{head} -> no line read: {pm['why'] or 'no ability or player named'}")
    if accept:
        for e in result["entered"]:
            out.append(f"entered: {e['line']} (PM {e['id']})")
        for r in result["refused"]:
            out.append(f"refused: {r['line']} (PM {r['id']}): {r['why']}")
        if not result["entered"] and not result["refused"]:
            out.append("Nothing new to enter.")
        if result["unsure"]:
            out.append("For you to read and enter by hand (hostkit act): PM "
                       + ", ".join(f"{u['id']} from {u['from']}" for u in result["unsure"]))
    return out
