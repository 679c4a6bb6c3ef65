"""`hostkit inbox` end to end: fetch the host's PMs (every folder, every page), know each sender
by their forum user id, read this phase's PMs (hostkit.forum.inbox), and with --accept enter
what is sure.

- **The forum's clock.** A phase begins on the host's clock (model.PhaseEnd.time); PM times are
  the forum's. The forum's clock is read from its answer (the HTTP Date of the folder read), and
  the phase start is moved by the difference, so a host clock running ahead of the forum's
  leaves out no PM of the phase.
- **Enter what is sure.** `--accept` enters every sure line that the rules take, each checked
  with those before it; a line the rules refuse is listed with the rule and keeps nothing else
  out. Two PMs that give one faction's action two ways ("kill Ann" from one werewolf, "kill Dave"
  from another) are a conflict: neither is entered, both are listed for the host. A dead
  player's owed last shot or badge is entered as `hostkit shoot` / `hostkit badge` would.
- **Early PMs** (sent in the phase before, for this one; by day, for the coming night) are
  shown and entered only when the host takes them (`--take ID`; by day kept in the journal and
  entered by the night's first --accept). `--take` of a PM with no line to enter is refused.
- **Last words** of a dead player who may leave them are shown whole, for the host to post.
- **Every PM left out is listed with why** (`--all`): not a player's account, a dead player who
  owes nothing, sent before the phase, read in an earlier phase.

`read_phase(game)` is the same reading for other commands (`hostkit watch`): a `Phase` with the
sure readings, the unsure ones, the early ones and the left-out PMs with their reasons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from .inbox import Reading, _host_now, phase_start, readings
from .journal import Journal

if TYPE_CHECKING:
    from ..game.game import Game


class Phase(NamedTuple):
    """This phase's PMs as read: for `hostkit watch` and `hostkit inbox`."""

    label: str
    readings: list[Reading]  # every PM of a player this phase, read (see Reading.state)
    left_out: list[dict[str, str]]  # {id, from, time, subject, why}
    notes: list[str]  # what the host should know about the reading itself (a clock, an account)
    messages: list[Any]  # the forum's PMs, for --accept
    ids: dict[str, str]  # forum user id -> player
    offset: float  # the forum's clock ahead of the host's, seconds
    new_pins: dict[str, Any]  # players looked up now: (account name, id), pinned by --accept
    doubt: dict[str, str]  # players whose PMs are not read, and why (two of their names are accounts)

    @property
    def sure(self) -> list[Reading]:
        return [r for r in self.readings if r.sure]

    @property
    def unsure(self) -> list[Reading]:
        return [r for r in self.readings if r.unsure]

    @property
    def early(self) -> list[Reading]:
        return [r for r in self.readings if r.state == "early"]


def _offset(session: Any) -> float | None:
    """The forum's clock ahead of the host's, from the forum's last answer's Date (None: unknown)."""
    from .session import forum_now

    forum = forum_now(session)
    return None if forum is None else forum.timestamp() - _host_now().timestamp()


def _ids(conn: Any, game: Game, messages: Sequence[Any]
         ) -> tuple[dict[str, str], list[str], dict[str, Any], dict[str, str]]:
    """Forum user id -> player: the pinned players, and those whose name or alias sent a PM
    looked up now (hostkit.forum.senders), to be pinned by --accept's commit."""
    from .senders import look_up, pinned

    pins = pinned(Journal(game.folder, game=game))
    notes: list[str] = []
    new: dict[str, Any] = {}
    doubt: dict[str, str] = {}
    senders = {m.sender.casefold() for m in messages}
    for p in game.setup.players:
        if p.name in pins or not ({p.name.casefold(), *(a.casefold() for a in p.aliases)} & senders):
            continue
        got = look_up(conn, game, p.name)
        if isinstance(got, str):
            if "both forum accounts" in got:
                notes.append(got + "; their PMs are left out until then")
                doubt[p.name] = got
            continue
        pins[p.name] = new[p.name] = got
    return {ident: player for player, (_, ident) in pins.items()}, notes, new, doubt


def read_phase(game: Game) -> Phase:
    """Every PM of the host's folders, read for the current phase (`hostkit inbox`)."""
    from .account import connect

    Journal(game.folder, game=game)  # another game's journal is refused before the forum is asked
    conn = connect(game.setup.thread)
    try:
        conn.ensure()
        ph = read_messages(conn, game, conn.call("inbox"))
        conn.save()
    finally:
        conn.close()
    return ph


def read_messages(conn: Any, game: Game, messages: Sequence[Any]) -> Phase:
    """The host's PMs (`conn.call("inbox")`, just read through `conn`), read for the current
    phase: senders known by user id (the unpinned ones looked up through `conn`), times in the
    forum's clock. For `hostkit watch`: Phase.sure, .unsure, .early and .left_out."""
    ids, notes, new, doubt = _ids(conn, game, messages)
    offset = _offset(getattr(conn, "session", None))
    if offset is None:
        offset = 0.0
        notes.append("the forum's clock could not be read: PM times are compared with your clock")
    elif abs(offset) >= 60:
        notes.append(f"the forum's clock is {abs(offset) / 60:.0f} min {'ahead of' if offset > 0 else 'behind'} "
                     "yours: the phase's start is moved to the forum's clock")
    found, left = readings(game, list(messages), Journal(game.folder, game=game), ids=ids, offset=offset, doubt=doubt)
    return Phase(game.current.record.label, found, left, notes, list(messages), ids, offset, new, doubt)


def inbox(game: Game, *, accept: bool = False, reload: Any = None, take: Sequence[str] = ()) -> dict[str, Any]:
    """`hostkit inbox [--accept] [--take ID]`: the readings, and with accept, what was entered
    (and what was refused, with the rule). One JSON-able dict."""
    from ..model.errors import HostkitError

    ph = read_phase(game)
    known = {r.id: r for r in ph.readings}
    for t in take:
        why = _untakable(known.get(t))
        if why:
            raise HostkitError(f"--take {t}: {why}")
    start, exact = phase_start(game, Journal(game.folder, game=game))
    result: dict[str, Any] = {"phase": ph.label, "pms": [r.to_json() for r in ph.readings],
                              "since": start.isoformat() if start else None, "since_exact": exact,
                              "left_out": ph.left_out, "notes": ph.notes, "entered": [], "refused": [],
                              "conflicts": [], "unsure": [r.to_json() for r in ph.unsure],
                              "early": [r.to_json() for r in ph.readings if r.state in ("early", "ahead", "taken")],
                              "taken": [],
                              "ahead": [r.to_json() for r in ph.readings if r.state in ("ahead", "taken")]}
    if accept or take:
        result.update(_accept(game, ph, reload, set(take)))
    return result


def _untakable(r: Reading | None) -> str:
    """Why `--take` cannot take this PM ('' when it can): it takes a line read, from a PM sent
    early (before its phase began), ahead (by day, for the coming night) or this phase."""
    if r is None:
        return "no PM of this phase has that id (hostkit inbox lists them)"
    if r.state == "replaced":
        return f"a later PM of {r.player} replaces PM {r.id}"
    if not r.line:
        return (f"PM {r.id} from {r.sender} has no line to enter ({r.why or r.note or 'it names no action'}): "
                "enter what it means by hand with 'hostkit act'")
    return ""


def _accept(game: Game, ph: Phase, reload: Any, take: set[str]) -> dict[str, Any]:
    """Enter the sure lines (and those taken), each checked with those before it."""
    from ..game.actlines import parse_act_lines
    from ..model.errors import HostkitError
    from ..store.folder import locked

    entered, refused, conflicts, taken = [], [], [], []
    with locked(game.folder):
        game = reload() if reload else game
        journal = Journal(game.folder, game=game)
        label = game.current.record.label
        fresh, _ = readings(game, ph.messages, journal, ids=ph.ids, offset=ph.offset, doubt=ph.doubt)
        chosen = [r for r in fresh if r.line and (r.state == "new" or (r.state == "early" and r.id in take))]
        for r in fresh:  # by day, for the coming night: kept in the journal, entered once that night begins
            if r.state == "ahead" and r.line and r.id in take:
                journal.mark(f"inbox:{r.id}", kind="inbox", to=r.player or "", what=r.line, phase=r.for_phase,
                             state="taken", id=r.id)
                taken.append({"id": r.id, "player": r.player, "line": r.line, "for": r.for_phase})
        acts = [r for r in chosen if (r.line or "").startswith(f"{r.player} ")]
        duties = [r for r in chosen if r not in acts]  # a dead player's "shoot A B" / "badge A B"
        parsed = []
        for r in acts:
            try:
                lines, labels = parse_act_lines(game, r.line or "", f"PM {r.id} from {r.sender}")
            except HostkitError as exc:
                refused.append({"id": r.id, "player": r.player, "line": r.line, "why": str(exc)})
                continue
            parsed.append((r, lines, labels))
        clash = _conflicts(game, parsed)
        for group in clash:
            conflicts.append({"ids": [r.id for r, *_ in group], "lines": [r.line for r, *_ in group],
                              "why": "one action of the faction, given two ways: enter the one meant by hand"})
        for item in parsed:
            why = _against_record(game, journal, item)
            if why and not any(item in group for group in clash):
                clash.append([item])
                conflicts.append({"ids": [item[0].id], "lines": [item[0].line], "why": why})
        ok_lines: list[Any] = []
        ok_labels: list[str] = []
        ok: list[Reading] = []
        held = {id(x) for group in clash for x in group}
        for item in parsed:
            r, lines, labels = item
            if id(item) in held:
                continue
            try:
                game.action_entries(ok_lines + lines, ok_labels + labels)  # checked with those before it
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
        from .senders import stage

        for player, (name, ident) in ph.new_pins.items():
            stage(journal, player, name, ident, label)
        if ok_lines:  # one commit: the lines, the journal's marks of their PMs and the senders' pins
            game.enter(ok_lines, ok_labels, on_time=False, also={journal.path: journal.text()})
            game = _fresh(game, reload)  # a duty below is entered on top of these lines, not in their place
        for r in sorted(duties, key=lambda r: not r.line.startswith("shoot")):  # the shot before the badge
            try:
                game = _duty(game, r.line or "")
            except HostkitError as exc:
                refused.append({"id": r.id, "player": r.player, "line": r.line, "why": str(exc)})
                continue
            entered.append({"id": r.id, "player": r.player, "line": r.line})
            journal = Journal(game.folder, game=game)
            journal.mark(f"inbox:{r.id}", kind="inbox", to=r.player or "", what=r.line or "", phase=label,
                         state="entered", id=r.id)
    return {"entered": entered, "refused": refused, "conflicts": conflicts, "taken": taken}


def _fresh(game: Game, reload: Any) -> Game:
    """The game as its folder now holds it (after an entry written through `game`)."""
    from ..game.game import Game as Loaded

    return reload() if reload else Loaded.load(game.folder)


def _duty(game: Game, line: str) -> Game:
    """Enter a dead player's owed shot or badge ("shoot Hunter Eve", "badge Ann none"): the game
    after it."""
    from ..game.day.rulings import badge_events, shot_events

    verb, rest = line.split(" ", 1)
    names = sorted((p.name for p in game.setup.players), key=len, reverse=True)
    who = next(n for n in names if rest.startswith(n + " "))
    target = rest[len(who) + 1:]
    if verb == "shoot":
        return game.append(*shot_events(game, who, None if target == "skip" else target))
    return game.append(*badge_events(game, who, None if target == "none" else target))


def _factional(game: Game, actor: str, ability: str | None) -> tuple[str, str] | None:
    if not ability or actor not in game.state.players:
        return None
    ab = game.state.role_of(actor).ability(ability)
    faction = game.state.players[actor].faction
    return (faction, ab.name.lower()) if ab is not None and ab.factional and faction else None


def _against_record(game: Game, journal: Journal, item: tuple) -> str:
    """Why a PM's factional action must not replace the one in the record ("" when it may): the
    record's came from someone else (the host by hand, or another member's PM)."""
    r, lines, _ = item
    for actor, ability, targets in lines:
        key = _factional(game, actor, ability)
        if key is None:
            continue
        for a in game.current.actions:
            if _factional(game, a.actor, a.ability) != key or list(a.targets) == list(targets):
                continue
            mine = any(e["kind"] == "inbox" and e.get("to") == r.player and e.get("state") == "entered"
                       and e.get("phase") == game.current.record.label for e in journal.sends())
            if not (mine and a.actor == actor):
                return (f"the {key[0]}' {a.ability} is in the record already as {a.actor} {a.ability} "
                        f"{' '.join(a.targets) or 'skip'}: enter this one by hand if it is meant")
    return ""


def _conflicts(game: Game, parsed: list) -> list[list]:
    """Groups of PMs that give one faction's one action different targets."""
    groups: dict[tuple[str, str], list] = {}
    for item in parsed:
        _, lines, _ = item
        for actor, ability, targets in lines:
            key = _factional(game, actor, ability)
            if key is not None:
                groups.setdefault(key, []).append((item, tuple(targets)))
    out = []
    for members in groups.values():
        if len({t for _, t in members}) > 1:
            out.append([item for item, _ in members])
    return out


def report_lines(result: dict[str, Any], *, accept: bool, every: bool = False) -> list[str]:
    """`hostkit inbox`'s text: a line a PM, then what --accept did, then (--all) every PM left out."""
    left = result["left_out"]
    out = [f"Inbox, {result['phase']}: {len(result['pms'])} PM(s) from players who can act"
           + (f" ({len(left)} other(s) left out{'' if every else ': --all lists each with why'})" if left else "")]
    out += [f"Note: {n}" for n in result.get("notes", [])]
    if not result["since_exact"]:
        out.append(f"(the record keeps no time for the start of {result['phase']}, an older folder: PMs are taken "
                   "from after the game's creation and hostkit's last send in an earlier phase)")
    for pm in result["pms"]:
        head = f"PM {pm['id']} {pm['time']} from {pm['from']}: {pm['subject']!r}"
        ahead = pm.get("for")
        if pm["line"]:
            mark = {"entered": " [already entered]", "replaced": " [replaced by a later PM]",
                    "early": " [sent before the phase began: --take " + pm["id"] + " to enter it]",
                    "ahead": f" [early: for {ahead}, sent before it began: --take {pm['id']} to enter it then]",
                    "taken": f" [early: for {ahead}, taken: --accept enters it once {ahead} begins]",
                    "withdrawn": " [entered, since taken back or replaced in the record: not entered again; "
                                 "'hostkit act' it if it is meant]"
                    }.get(pm["state"], "")
            verb = "act " if pm["player"] and pm["line"].startswith(pm["player"] + " ") else ""
            out.append(f"{head} -> {verb}{pm['line']}{mark}")
        elif pm.get("note"):
            out.append(f"{head} -> nothing to enter: {pm['note']}")
        else:
            mark = " [replaced by a later PM]" if pm["state"] == "replaced" else (
                " [sent before the phase began]" if pm["state"] == "early" else
                f" [early: for {ahead}]" if ahead else "")
            out.append(f"{head} -> no line read: {pm['why'] or 'it names no action'}{mark}")
        if pm.get("last_words"):  # the host posts them: shown whole
            out += [f"    | {line}" for line in (pm["text"].strip() or "(empty)").splitlines()]
    if accept or result.get("entered") or result.get("refused") or result.get("conflicts") or result.get("taken"):
        for e in result["entered"]:
            out.append(f"entered: {e['line']} (PM {e['id']})")
        for e in result.get("taken", []):
            out.append(f"taken for {e['for']}: {e['line']} (PM {e['id']}): 'hostkit inbox --accept' enters it once "
                       f"{e['for']} begins")
        for r in result["refused"]:
            out.append(f"refused: {r['line']} (PM {r['id']}): {r['why']}")
        for c in result.get("conflicts", []):
            out.append(f"conflict, not entered: {' / '.join(c['lines'])} (PMs {', '.join(c['ids'])}): {c['why']}")
        if not result["entered"] and not result["refused"] and not result.get("conflicts") and not result.get("taken"):
            out.append("Nothing new to enter.")
        if result["unsure"]:
            out.append("For you to read and enter by hand (hostkit act): PM "
                       + ", ".join(f"{u['id']} from {u['from']}" for u in result["unsure"]))
    if every:
        for m in left:
            out.append(f"left out: PM {m['id']} {m['time']} from {m['from']}: {m['subject']!r}: {m['why']}")
    return out
