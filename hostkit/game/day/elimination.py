"""The elimination checked against the day's count (seed classic Voting 3 and 7): why ending the
day with a player eliminated (or no one) contradicts the count (`elimination_refusal`), naming the
count and the ruleset's rule.

Pure functions over a vote count's JSON; hostkit.game.day.rulings re-exports `elimination_refusal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ...model.view import GameView as Game


def elimination_refusal(game: Game, name: str | None, count: dict[str, Any] | None) -> str | None:
    """Why ending the day with `name` eliminated (None: no one) contradicts the day's count, or
    None when it does not. `count` is a vote count's JSON (VoteCount.to_json), or None when the
    day has no count: no votes recorded by hand and no thread counted (a host who counts outside
    hostkit), and then any elimination stands.

    With a count, the elimination must be the one the count gives (its `eliminated`, as SPEC
    defines it: who reached the majority, else whom the ruleset's deadline rule picks), in every
    ruleset: a tie the ruleset resolves as no elimination eliminates no one (classic Voting 3,
    Tie = No Banishment), only the top vote-getter goes under plurality (Voting 7, Banished Must
    Have Max Votes), and under a majority rule a player who reached it goes, and no one else does."""
    if count is None:
        return None
    number = count.get("count_number") or count.get("day")
    since = count.get("hand_since")
    if since:
        # A thread count made before later hand votes no longer says what 'hostkit votes' would:
        # neither accept nor refuse on it (the hand votes may change who goes); ask for a recount.
        who = "ending the day with no elimination" if name is None else f"{name}'s elimination"
        return (f"{who} cannot be checked against the count ({number}, as of post {count.get('last_post')}): "
                f"the hand votes changed after it ({'; '.join(since)}); 'hostkit votes' (with --html FILE for "
                "saved pages) counts the thread again with them")
    due_out = count.get("eliminated")
    if name == due_out:
        return None
    where = f"the count ({number})"
    why = _majority_rule(game)
    wagons = [w for w in count.get("wagons", ()) if w["votes"] > 0]
    why = _with_recount(why, count)
    plurality = count.get("rule") == "plurality" or count.get("majority") is None
    lead = wagons[0] if wagons else None
    if due_out is None and count.get("tie") and plurality:
        top = lead["votes"] if lead else 0
        tied = [_wagon_name(w["target"]) for w in wagons if w["votes"] == top]
        return (f"{name} cannot be eliminated: {where} is tied between {' and '.join(tied)}; "
                f"{_with_recount(_tie_rule(game), count)}")
    if due_out is None and name is not None:
        if lead is None:
            return f"{name} cannot be eliminated: no one has votes in {where}; {why}"
        if lead["target"] == NO_ELIMINATION_WAGON:
            if plurality:
                return (f"{name} cannot be eliminated: No Elimination has the most votes ({_votes(lead['votes'])}) "
                        f"in {where}; {why}")
            need = max(1, int(count.get("majority") or 0) + int(game.state.options.get("no-elimination-offset", 0) or 0))
            if lead["votes"] >= need:
                return (f"{name} cannot be eliminated: No Elimination has reached its majority ({_votes(need)}) "
                        f"in {where}; {why}")
        need = count.get("majority")
        tops = [_wagon_name(w["target"]) for w in wagons if w["votes"] == lead["votes"]]
        leads = (f"{tops[0]} leads with {_votes(lead['votes'])}" if len(tops) == 1 else
                 f"{' and '.join(tops)} lead with {_votes(lead['votes'])} each")
        return f"{name} cannot be eliminated: no one has reached a majority ({_votes(need)}) in {where}; {leads}; {why}"
    if name is None:
        return f"{where} eliminates {due_out}, not no one; {why}"
    return f"{name} cannot be eliminated: {where} eliminates {due_out}; {why}"


NO_ELIMINATION_WAGON = "none"  # a vote count's target for the No Elimination wagon (SPEC)


def _wagon_name(target: str) -> str:
    """A wagon's target in words: 'No Elimination' for the none wagon."""
    return "No Elimination" if target == NO_ELIMINATION_WAGON else target


def _tie_rule(game: Game) -> str:
    """The ruleset's tie rule in its own words, or, where it keeps the common summary (a question,
    not a rule), the game's setting in words."""
    from ...rules.rulesets import COMMON_OPTIONS

    spec = game.ruleset.options.get("tie")
    if spec is not None and spec.summary and spec.summary != COMMON_OPTIONS["tie"].summary:
        return spec.summary
    return "option tie = none: a tied count at the deadline eliminates no one"


def _with_recount(why: str, count: dict[str, Any]) -> str:
    """WHY, and for a count that read the thread, as of which post (a later vote needs a recount)."""
    post = count.get("last_post")
    return why if post is None else f"{why}; counted as of post {post} ('hostkit votes' counts again)"


def _majority_rule(game: Game) -> str:
    """The ruleset's majority rule in its own words (its option summary), or, where it keeps the
    common summary, the game's setting in words."""
    from ...rules.rulesets import COMMON_OPTIONS

    spec = game.ruleset.options.get("majority")
    if spec is not None and spec.summary and spec.summary != COMMON_OPTIONS["majority"].summary:
        return spec.summary
    if game.state.options.get("majority") == "plurality":
        return "option majority = plurality: the most votes at the deadline eliminate"
    return "option majority = half-plus-one: floor(alive/2)+1 votes eliminate"


def _votes(n: Any) -> str:
    """'4 votes', '1 vote', '2.5 votes'."""
    n = float(n or 0)
    text = str(int(n)) if n.is_integer() else str(n)
    return f"{text} vote" + ("" if n == 1 else "s")
