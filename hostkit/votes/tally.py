"""Votes -> VoteCount: names matched, the day window, weights, majority, the hammer, history.

This module owns counting a day's votes the way a careful host does. It replays the day's events
(hostkit.votes.events: each post's vote texts, the host's hand-entered votes among them), matches
names against the players and their aliases (exactly, case-insensitively, by unique prefix, by
initials, then fuzzily; never guessing between two), and returns an immutable VoteCount (its
wagons, plurality pick and strangers from hostkit.votes.outcome) whose ``ignored`` says why each
vote-looking text was not counted. Pure: no I/O.

Rules where the brief was silent (kept in one place so the CLI help and the README can quote them):

- ``Unvote`` clears the current vote; ``Unvote: X`` clears it only when it is on X, else it is
  ignored ("not voting X"); an unvote with no current vote is ignored ("not voting anyone").
- A vote for the player one already votes changes nothing and is ignored ("already voting X"),
  so the voter keeps their place on the wagon.
- Within one post the last vote text wins; earlier votes in it are ignored ("replaced by a later
  vote in the same post"); earlier unvotes are dropped silently (``Unvote`` then ``Vote: X`` is usual).
  But an earlier vote of the post that reaches the majority is the hammer: the day ended there.
- A split voter (``split``: weight W, W votes of one each) has their post's last W votes, one each,
  while W is whole votes of 2 or more; on a day their weight is not (an effect set it to 0, 1 or
  2.5), their vote is one vote of their whole weight, as everyone's is.
- ``majority`` is floor(alive/2)+1 by head count under both rules. Under "plurality" it is
  reported for reference only: no vote ends the day early, and the single leader at the deadline
  goes (a tie goes by ``tie``). Under "half-plus-one" only a hammer eliminates.
- A wagon's total is weighted; it hammers when that total reaches the majority (plus the offset
  for No Elimination). A hammer by a host entry has ``hammer`` None (there is no post).
- A player's ``threshold`` modifier (Loved +1, Hated -1) is added to the majority a wagon on that
  player needs, never below 1 vote. Under "plurality" there is no hammer, so it changes nothing.
- A host entry is placed right after post ``after_post`` (before the day's first post if earlier;
  after everything if None) and is dropped when ``after_post`` is past ``end_post``.
  A post's hammer waits for the entries placed at it: one that takes the wagon under the
  majority (an unvote at the hammer's post) stops the hammer there.
- A player killed at a post (``died_at``) votes and is voted before it; from it on their vote
  and the votes on them are gone and the majority is the living's (a hammer before it stands).
- Authors match players strictly (name or alias, exact then case-insensitive); vote names go
  through the full cascade, and a name with trailing words ("Bob because...") falls back to its
  longest leading words that match a player exactly or case-insensitively. A name the matcher
  refuses is read from the day's context (hostkit.votes.context: living players in play).
- An account that is no player but votes like one (two vote texts, or one and a few posts) is
  reported (``strangers``), with the living player whose renamed account it may be, as the
  thread shows it (hostkit.votes.renamed); its votes are never counted.
- Self-votes count. Posts outside the window, hosts' posts and hostkit's own count posts are
  skipped silently; every other vote-looking text that is not counted goes to ``ignored``.
- Quoted vote texts are reported as "quoted" (posts before the hammer only).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from hostkit.model.errors import HostkitError
from hostkit.model.counts import HistoryEntry, Ignored, Post, Stranger, VoteCount, VoteSetupPlayer
from hostkit.model.entries import VoteEntry
from hostkit.votes.events import Event, day_events, replaced_out
from hostkit.votes.extract import MARKUPS
from hostkit.votes.names import REORDERED, Match, NameMatcher
from hostkit.votes.unsure import unsure_items
from hostkit.votes.outcome import _EPS, NONE, SLOT, edited_votes, leaders, plurality_pick, wagons
from hostkit.votes.votetext import is_no_elimination, parse_vote, written_name

__all__ = ["MAJORITY_RULES", "TIE_RULES", "Match", "NameMatcher", "tally", "majority_for"]

MAJORITY_RULES = ("half-plus-one", "plurality")
TIE_RULES = ("none", "random", "first-to-reach")


def majority_for(alive: int) -> int:
    """floor(alive/2)+1: the head count that ends the day under "half-plus-one"."""
    return alive // 2 + 1


def tally(
    posts: Sequence[Post],
    players: Sequence[VoteSetupPlayer],
    *,
    day: int,
    hosts: Sequence[str] = (),
    manual: Sequence[VoteEntry] = (),
    markups: Sequence[str] = ("red",),
    start_post: int | None = None,
    end_post: int | None = None,
    majority: str = "half-plus-one",
    no_elimination_offset: int = 0,
    tie: str = "none",
    allow_no_elimination: bool = True,
    abstention: bool = False,
    count_number: str = "",
    thread: str | None = None,
    rng_seed: int = 0,
    controlled: Mapping[str, str] | None = None,
) -> VoteCount:
    """Count a day's votes: POSTS (in any order; counted in post-number order) and the host's
    MANUAL entries, for PLAYERS, from START_POST to END_POST inclusive (None: open-ended).

    MAJORITY is "half-plus-one" (the vote that brings a wagon to floor(alive/2)+1 is the hammer)
    or "plurality" (no hammer; the leader at the deadline goes). TIE ("none", "random" seeded by
    RNG_SEED, "first-to-reach") settles a plurality tie at the deadline. A No Elimination wagon
    needs the majority plus NO_ELIMINATION_OFFSET. See the module docstring for every rule.
    With ABSTENTION (and no No Elimination vote), a vote for no one is an abstention: the voter
    has voted (not in not_voting) but no wagon forms (seed classic-werewolf Voting 4).
    CONTROLLED (voter -> controller): voters whose vote another chooses today (paranormal's Mind
    Control Ray); their own posted votes are ignored, and only the host's entries count.
    """
    controlled = dict(controlled or {})
    if majority not in MAJORITY_RULES:
        raise HostkitError(f"unknown majority rule {majority!r}; choose from {', '.join(MAJORITY_RULES)}")
    if tie not in TIE_RULES:
        raise HostkitError(f"unknown tie rule {tie!r}; choose from {', '.join(TIE_RULES)}")
    for markup in markups:
        if markup not in MARKUPS:
            raise HostkitError(f"unknown vote markup {markup!r}; choose from {', '.join(MARKUPS)}")

    matcher = NameMatcher(players)
    # split only while the weight is whole votes of 2 or more (weight 0 must not make each vote one)
    by_name = {p.name: p if not p.split or p.weight >= 2 and p.weight == int(p.weight) else p._replace(split=False)
               for p in players}
    # a player killed today at a post (`died_at`) is alive in the posts before it
    dying = sorted((p.died_at, p.name) for p in players if not p.alive and p.died_at is not None)
    for _, name in dying:
        by_name[name] = by_name[name]._replace(alive=True)
    alive = [p.name for p in by_name.values() if p.alive and not p.absent]
    need = majority_for(len(alive))
    need_none = max(1, need + no_elimination_offset)
    thresholds = {p.name: int(p.threshold) for p in by_name.values() if p.threshold and p.alive and not p.absent}

    # ---- the events, in thread order; host entries right after their post
    window, keyed = day_events(posts, manual, matcher, hosts=hosts, markups=markups, start_post=start_post,
                               end_post=end_post)

    # ---- replay
    current: dict[str, tuple[str, int, int | None]] = {}  # voter -> (target, event index, post)
    totals: dict[str, list[tuple[int, float]]] = {}  # target -> [(event index, total after)]
    history: list[HistoryEntry] = []
    ignored: list[Ignored] = []
    hammer: int | None = None
    hammered = False
    eliminated: str | None = None

    def weight(key: str) -> float:
        """A vote's weight: its voter's, or one for each of a split voter's votes (keyed NAME,
        NAME\01..., see SLOT)."""
        p = by_name.get(key) or by_name[key.split(SLOT, 1)[0]]
        return 1.0 if p.split else p.weight

    def total(target: str) -> float:
        return sum(weight(v) for v, (t, _, _) in current.items() if t == target)

    def note(target: str, idx: int) -> None:
        totals.setdefault(target, []).append((idx, total(target)))

    def needed(target: str) -> float:
        return need_none if target == NONE else max(1, need + thresholds.get(target, 0))

    def _earlier_hammer(texts: Sequence[str], voter: str, had: tuple[str, int, int | None] | None,
                        post: int | None) -> int | None:
        """The first of a post's earlier vote TEXTS that would have reached the majority, as
        VOTER casts them in order from HAD (their vote before the post); None when none does."""
        if majority != "half-plus-one":
            return None
        on = had[0] if had else None
        for k, t in enumerate(texts):
            pv = parse_vote(t)
            if pv is None:
                continue
            if pv.kind == "unvote":
                on = None
                continue
            if pv.kind == "none":
                if not allow_no_elimination:
                    continue
                target = NONE
            else:
                m = read_name(pv.name or "", post, voter)
                if m.player is None or not by_name[m.player].alive or by_name[m.player].absent:
                    continue
                target = m.player
            if target != on:
                others = sum(weight(v) for v, (tg, _, _) in current.items() if tg == target and v != voter)
                if others + weight(voter) + _EPS >= needed(target):
                    return k
            on = target
        return None

    context: list = []
    strange: dict[str, int] = {}  # accounts that are no player -> their vote texts
    gone = replaced_out(players, posts)  # replaced names -> (slot, the replacement's first post)

    def in_context(name: str, refused: Match, post: int | None, voter: str) -> Match:
        """NAME (which the matcher REFUSED) read from the day's context (hostkit.votes.context)."""
        if not context:
            from hostkit.votes.context import Context  # only for a name the matcher could not read

            living = {p.name: tuple(p.aliases) for p in by_name.values() if p.alive and not p.absent}
            texts = {ev.post: ev.texts + ev.quoted for _, ev in keyed if ev.post is not None}
            context.append(Context(matcher, living, sorted(window, key=lambda p: p.number), texts, outside()))
        earlier = [h.target for h in history if h.author == voter and h.target]
        return context[0].read(name, refused, post=post, voter=voter,
                               wagons={t for t, _, _ in current.values()}, earlier=earlier)

    people: list = []  # the outsiders table, made once, when a name is not written exactly

    def outside() -> Mapping[str, str]:
        """The thread's people who play no slot (hostkit.votes.context.outsiders)."""
        if not people:
            from hostkit.votes.context import outsiders

            people.append(outsiders(matcher, hosts, window))
        return people[0]

    def read_name(name: str, post: int | None, voter: str) -> Match:
        """The player a vote's NAME means: as the matcher reads it, else from the day's context;
        never a player when NAME, not written as theirs, is a host's."""
        m = matcher.match(name)
        if m.how != "exact":
            from hostkit.votes.context import outsider

            why = outsider(name, outside(), hosts_only=True)
            if why:
                return Match(None, why)
        # (a name the page shows reordered is never read from context: the host judges it)
        return m if m.player is not None or m.reason == REORDERED else in_context(name, m, post, voter)

    def split_post(ev: Event, idx: int, voter: str, skip) -> None:
        """A split voter's post (weight W, W votes of one each): its votes, the last W of them,
        are the voter's votes now (one vote is one vote); an unvote clears the earlier ones.
        The first of them that reaches the majority is the hammer."""
        chosen: list[tuple[str, str]] = []
        moved = False
        for text in ev.texts:
            pv = parse_vote(text)
            if pv is None:
                continue
            moved = True
            if pv.kind == "unvote":
                chosen = []
                continue
            m = Match(NONE) if pv.kind == "none" else read_name(pv.name or "", ev.post, voter)
            if m.player is None or m.player != NONE and (not by_name[m.player].alive or by_name[m.player].absent):
                skip(text, m.reason or f"{m.player} cannot be voted", candidates=m.candidates)
                continue
            chosen.append((m.player, text))
        keep = int(by_name[voter].weight)
        for _, text in chosen[:-keep]:
            skip(text, "replaced by a later vote in the same post")
        chosen = chosen[-keep:]
        if not moved:
            return
        for key in [k for k in current if k == voter or k.startswith(voter + SLOT)]:
            note(current.pop(key)[0], idx)
        if not chosen:
            history.append(HistoryEntry(ev.post, voter, None, "thread"))
        for k, (target, _) in enumerate(chosen):
            current[voter if k == 0 else f"{voter}{SLOT}{k}"] = (target, idx, ev.post)
            note(target, idx)
            history.append(HistoryEntry(ev.post, voter, target, "thread"))
        for target, _ in chosen:
            if majority == "half-plus-one" and total(target) + _EPS >= needed(target) and not hammered:
                reached(ev.post, target)
                break

    doubts: dict[tuple[int | None, str, str], tuple[str, ...]] = {}  # ignored text -> the players it may mean

    # A post that reaches the majority is the hammer, unless the host's hand entries placed at that
    # post (which outrank it: `hostkit vote X --unvote --after-post N`) take the wagon back under it
    hand_at = {key[0] for key, ev in keyed if ev.host}
    pending: list[tuple[int, str]] = []  # (post, target): a hammer that waits for the hand entries at its post

    def reached(post: int | None, target: str) -> None:
        nonlocal hammered, hammer, eliminated
        if post is not None and post in hand_at:
            pending.append((post, target))
        else:
            hammered, hammer, eliminated = True, post, None if target == NONE else target

    def settle() -> None:
        """The waiting hammer, once its post's hand entries are in: it stands if its wagon does."""
        nonlocal hammered, hammer, eliminated
        post, target = pending.pop()
        if not hammered and total(target) + _EPS >= needed(target):
            hammered, hammer, eliminated = True, post, None if target == NONE else target

    def die(name: str, idx: int) -> None:
        """NAME dies at this point of the day (a host's kill at a post): their vote and the votes
        on them go, and the majority is the living's from here."""
        nonlocal need, need_none
        by_name[name] = by_name[name]._replace(alive=False)
        for voter in [k for k, (t, _, _) in current.items() if k == name or k.startswith(name + SLOT) or t == name]:
            target = current.pop(voter)[0]
            note(target, idx)
        if name in alive:
            alive.remove(name)
        thresholds.pop(name, None)
        need = majority_for(len(alive))
        need_none = max(1, need + no_elimination_offset)

    for idx, (key, ev) in enumerate(keyed):
        if pending and not (ev.host and key[0] == pending[0][0]):
            settle()
        while dying and not hammered and key[0] >= dying[0][0]:
            die(dying.pop(0)[1], idx)
        def skip(text: str, reason: str, _ev: Event = ev, candidates: tuple[str, ...] = ()) -> None:
            ignored.append(Ignored(_ev.post, _ev.author, text, reason))
            if candidates:
                doubts[(_ev.post, _ev.author, text)] = candidates

        if hammered:
            for text in ev.texts:
                skip(text, "after the hammer")
            continue
        for text in ev.quoted:
            skip(text, "quoted")
        for text, why in ev.unmarked:
            skip(text, why)
        if not ev.texts:
            continue
        who = matcher.strict(ev.author)
        if who.player is None:
            for text in ev.texts:
                skip(text, who.reason)
                parsed_text = parse_vote(text)
                if parsed_text is not None and parsed_text.kind != "unvote":
                    strange[ev.author] = strange.get(ev.author, 0) + 1
            continue
        voter = who.player
        if not by_name[voter].alive or by_name[voter].absent:
            for text in ev.texts:
                skip(text, "by a dead player" if not by_name[voter].alive else f"{voter} is {by_name[voter].absent}")
            continue
        if gone and not ev.host and (out := gone.get(ev.author.strip().casefold())) and ev.post > out[1]:
            for text in ev.texts:
                skip(text, f"{ev.author} was replaced by {voter}, who has posted since post {out[1]}")
            continue
        if voter in controlled and not ev.host:
            for text in ev.texts:
                skip(text, f"{voter}'s vote is controlled today by {controlled[voter]} (Mind Control Ray)")
            continue
        if by_name[voter].split and not ev.host:
            split_post(ev, idx, voter, skip)
            continue

        # the last vote text of a post that can be read wins: a later text naming no one (a bold
        # "vote count please", a joke name) is reported, and does not throw away the real vote
        last = len(ev.texts) - 1
        if not ev.host:
            for k in range(len(ev.texts) - 1, -1, -1):
                pv = parse_vote(ev.texts[k])
                if pv is None:
                    continue
                if pv.kind != "vote" or read_name(pv.name or "", ev.post, voter).player is not None:
                    last = k
                    break
            for later in ev.texts[last + 1:]:
                pv = parse_vote(later)
                if pv and pv.kind == "vote":
                    m = read_name(pv.name or "", ev.post, voter)
                    skip(later, m.reason, candidates=m.candidates)
                else:
                    skip(later, "not a vote")
        text = ev.texts[last]
        if last and not ev.host:
            # the post's last vote stands, but an earlier one that reached the majority ended the
            # day at this post ("Vote: Trouble ... on second thought Vote: Split")
            hammer_at = _earlier_hammer(ev.texts[:last], voter, current.get(voter), ev.post)
            if hammer_at is not None:
                for later in ev.texts[hammer_at + 1:last + 1]:
                    skip(later, "after the hammer")
                last, text = hammer_at, ev.texts[hammer_at]
        for earlier in ev.texts[:last]:
            parsed_earlier = parse_vote(earlier)
            if parsed_earlier is not None and parsed_earlier.kind != "unvote":
                skip(earlier, "replaced by a later vote in the same post")

        if ev.host:
            if ev.host_target is None:
                kind, name = "unvote", None
            elif ev.host_target.strip().casefold() == NONE:
                kind, name = "none", None
            else:
                kind, name = "vote", ev.host_target
        else:
            parsed = parse_vote(text)
            if parsed is None:  # extract only returns texts that parse; kept for safety
                continue
            kind, name = parsed.kind, parsed.name
            if kind != "vote":  # "Vote: Nobody" with a player named Nobody votes for them, as `hostkit vote` does
                written = written_name(text)
                if written is not None and matcher.strict(written).player is not None:
                    kind, name = ("vote" if kind == "none" else kind), written

        target: str | None
        if kind == "unvote":
            had = current.get(voter)
            if had is None:
                skip(text, "not voting anyone")
                continue
            if name is not None:
                if is_no_elimination(name) and matcher.strict(name).player is None:
                    named = NONE
                else:
                    m = matcher.match(name)
                    if m.player is None:
                        skip(text, m.reason)
                        continue
                    named = m.player
                if had[0] != named:
                    skip(text, f"not voting {'No Elimination' if named == NONE else named}")
                    continue
            del current[voter]
            note(had[0], idx)
            history.append(HistoryEntry(ev.post, voter, None, "host" if ev.host else "thread"))
            continue

        if kind == "none":
            if not allow_no_elimination and not abstention:
                skip(text, "no elimination is not allowed")
                continue
            target = NONE
        else:
            m = matcher.match(name or "") if ev.host else read_name(name or "", ev.post, voter)
            if m.player is None:
                skip(text, m.reason, candidates=m.candidates)
                continue
            target = m.player
            if not by_name[target].alive or by_name[target].absent:
                skip(text, f"{target} is {'dead' if not by_name[target].alive else by_name[target].absent}")
                continue
        had = current.get(voter)
        if had is not None and had[0] == target:
            skip(text, f"already voting {'No Elimination' if target == NONE else target}")
            continue
        current[voter] = (target, idx, ev.post)
        if had is not None:
            note(had[0], idx)
        note(target, idx)
        history.append(HistoryEntry(ev.post, voter, target, "host" if ev.host else "thread"))
        abstains = target == NONE and abstention and not allow_no_elimination
        if majority == "half-plus-one" and not abstains and not pending \
                and total(target) + _EPS >= (need_none if target == NONE else max(1, need + thresholds.get(target, 0))):
            reached(ev.post, target)
    if pending:
        settle()
    while dying and not hammered and (end_post is None or end_post >= dying[0][0]):
        die(dying.pop(0)[1], len(keyed))

    # ---- wagons
    ordered, abstained = wagons(current, totals, weight, abstain=abstention and not allow_no_elimination)
    leading = leaders(ordered)
    is_tie = len(leading) >= 2
    if not hammered and majority == "plurality" and leading:
        pick = plurality_pick(leading, tie, rng_seed)
        eliminated = None if pick == NONE else pick

    strangers = _strangers(strange, matcher, players, posts, window, hosts)
    return VoteCount(
        strangers=strangers,
        unsure=unsure_items(ignored, strangers, manual, matcher, doubts),
        day=day,
        alive=len(alive),
        majority=need,
        wagons=ordered,
        not_voting=tuple(p for p in alive if p not in current),
        eliminated=eliminated,
        tie=is_tie,
        history=tuple(history),
        edited=edited_votes(history, window),
        ignored=tuple(ignored),
        hammer=hammer,
        last_post=max((p.number for p in window), default=None),
        count_number=count_number,
        thread=thread,
        post_urls={p.number: p.url for p in window if p.url},
        plurality=majority == "plurality",
        abstained=abstained,
        thresholds=thresholds,
    )


def _strangers(strange: Mapping[str, int], matcher: NameMatcher, players: Sequence[VoteSetupPlayer],
               posts: Sequence[Post], window: Sequence[Post], hosts: Sequence[str]) -> tuple[Stranger, ...]:
    """The accounts that are no player but voted like one (hostkit.votes.renamed)."""
    if not strange:
        return ()
    from hostkit.votes.renamed import strangers  # only for a day with a stranger voting

    return strangers(strange, matcher, players, posts, window, hosts)

