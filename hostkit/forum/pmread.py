"""What one player's PM says about their action this phase: a sure line, a skip, or unsure with
why. A wrong sure line is a wrong death when the host trusts `inbox --accept`, so every rule
here leans to "unsure": the host reads an unsure PM; a misread one is entered.

The text is first cut to the sender's own words: quotes (nested too, and a quote left open runs
to the end), a forwarded PM (phpBB's "-------- Original Message --------" header and its
quote), lines quoted with ">", words in quotation marks, struck-through text ([s]) and
everything before a change of mind ("scratch that", "actually", "never mind", "on second
thought", "ignore that", "change of plan") are not the sender's action. Then sentence by
sentence:

- an action needs one of the sender's abilities named by its verb (its name, or a verb for its
  effect: kill/shoot, guard/protect, check/investigate, heal/save, follow/track, in any tense but the
  past; a word that is one ability's own name is that ability, not another's whose effect it
  describes: an Alphawolf's "kill Fay" is its Kill, not its Enrage),
  or a clear action form ("Target: Bob", "N2: Bob", "my kill: Bob"); a sentence that only names
  a player ("look what Bob sent me") is never an action;
- its targets are the players named after the verb: names before it are its subject ("Eve and
  I agreed: we kill Ann"), and a sentence whose subject is another player ("Ivy has the kill")
  is not the sender's action;
- a name after the verb that describes the target rather than naming it ("whoever Gus wants",
  "the one Bob defended", "Hal's target", "whoever killed me"), or names it to leave it out
  ("someone other than Bob", "anyone except Bob", "someone quiet, not Hal"), or an order to the
  others ("shoot Bob, town!") is unsure ("check Bob's role" is Bob);
- an ability named as a thing with no player ("that's my roleblock", beside "block Gus") is no
  action of its own; keeping a one-shot ("holding my shot") is a skip;
- a negated verb ("I will NOT shoot Eve", "not shooting tonight", "no potion") is a skip when it
  names no one, and unsure when it names a player and nothing else says skip;
- a question, a condition or a hedge ("should I check Bob?", "if Bob dies", "maybe guard Ann")
  is unsure;
- a PM naming another phase ("for night 3" in night 2) is unsure: it is for that phase.

The PM is sure when it says exactly one action (repeated or not) and nothing unsure; it is a
skip when it says only skips; the subject line is read the same way when the text says nothing.
A PM that says nothing about an action ("thanks!") is `talks=False`: it does not replace a
player's earlier PM, every other one does (hostkit.forum.inbox).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Sequence

# verbs for an ability by its effect (the ruleset's own ability name is always one)
_EFFECT_VERBS = {"kill": ("kill", "shoot", "murder"), "protect": ("guard", "protect", "defend"),
                 "inspect": ("check", "investigate", "inspect"), "heal": ("heal", "save"),
                 "block": ("block", "roleblock"), "swap": ("swap",),
                 "observe": ("follow", "track")}
_NEG = {"not", "no", "never", "don't", "dont", "won't", "wont", "can't", "cant", "cannot", "isn't", "shouldn't",
        "wouldn't", "didn't", "doesn't", "nor", "without", "neither"}
_HEDGE = re.compile(r"\b(maybe|might|perhaps|probably|possibly|thinking|considering|consider|unless|if|whether|"
                    r"not sure|unsure|leaning|torn|either|could|would you|should i|wondering|idea|tomorrow|"
                    r"later|next|yesterday|last night|earlier|suggest|suggests|asked|asks|told|says|said)\b")
_THIRD = {"he", "she", "they", "someone", "somebody", "anyone", "everyone", "village", "town", "people", "wolves",
          "mafia", "scum", "partner", "teammate", "buddy"}
_SKIP = re.compile(r"\b(skip|skipping|skipped|pass|passing|no actions?|not acting|do nothing|doing nothing|"
                   r"nothing tonight|no targets?|hold(?:ing)? (?:my|our|the) (?:fire|shot|bullet|gun)|"
                   r"keep(?:ing)? (?:my|our|the) (?:shot|bullet)|sit(?:ting)? (?:this|it|tonight) out|"
                   r"no (?:shot|kill|potion|check|guard|protection|heal|poison|antidote|heir)s?|"
                   r"tear(?:s|ing)? (?:it |the badge )?up|tear(?:s|ing)? up the badge)\b")
_CUT = re.compile(r"(scratch that|never ?mind|nvm|on second thoughts?|change of plans?|changed? my mind|"
                  r"ignore (?:that|this|my (?:last|previous|earlier)(?: pm| message)?|the above|what i said)|"
                  r"disregard (?:that|this|my (?:last|previous)(?: pm| message)?)|forget (?:that|what i said)|"
                  r"\bactually\b|\bwait\b)(?:\W*\b(?:no|nope|sorry|oops)\b\s*[,.!;])?", re.I)
_FORM = re.compile(r"^\s*(?:(?:my|our)\s+)?(?:target|action|night action|choice|pick|n\d+|night \d+|d\d+|day \d+)"
                   r"(?:\s+(?:for\s+)?(?:tonight|n\d+|night \d+))?\s*[:=\-]\s*(.+)$")
_PRONOUN = {"him", "her", "them", "that", "this", "it", "anyone", "anybody", "someone", "one"}
_NOUN_BEFORE = {"the", "a", "an", "his", "her", "their", "its", "your"}
_MINE = {"my", "our"}
_FIRST = {"i", "we", "me", "my", "our", "us", "i'll", "i'm", "we'll", "i'd", "we're", "i've", "im", "ill", "id"}
_SELF = {"me", "myself"}
_PHASE = re.compile(r"\b(?:(night|day)\s*(\d+)|([nd])(\d+))\b")


_STOP = {"i", "me", "my", "to", "the", "a", "an", "on", "at", "in", "of", "and", "or", "tonight", "night", "day",
         "want", "would", "like", "please", "will", "use", "using", "target", "targets", "host", "mod", "hi",
         "hello", "thanks", "thank", "you", "is", "it", "this", "that", "for", "with", "be", "go", "let", "do",
         "not", "sure", "but", "if", "so", "maybe", "think", "are", "how", "what", "who", "here", "there", "i'll",
         "i'd", "i'm", "im", "ill", "id", "can", "could", "should", "just", "also", "then", "now", "today", "yes",
         "no", "ok", "okay", "action", "actions", "vote", "player", "role", "am", "was", "were", "have", "has"}


class Said(NamedTuple):
    """What a PM says: `line` ("ACTOR ABILITY TARGET..." / "ACTOR ABILITY skip" / "ACTOR skip")
    when sure; else `why` it is unsure ("" with talks False: it says nothing about an action);
    `note`: a PM read for sure that asks nothing to be entered ("leaves the Kill to Ivy")."""

    line: str | None
    why: str
    talks: bool
    note: str = ""
    about: bool = False  # it says something about an ability (a verb, an action form, a skip, a phase), not
    # only names a player ("Bob is so quiet"): a PM by day that says nothing about a day ability may be
    # the coming night's (hostkit.forum.inbox)


class Verb(NamedTuple):
    ability: Any  # the ability (or an owed duty: .name, .targets)
    words: tuple[str, ...]


def own_words(text: str) -> str:
    """The sender's own words of a PM (see the module docstring), BBCode dropped."""
    text = text.replace("\r\n", "\n")
    text = re.sub(r"-{3,}\s*Original Message\s*-{3,}.*?(?=\[quote|\Z)", " ", text, flags=re.I | re.S)
    for _ in range(50):  # innermost quotes first: a nested quote's outer tail is quoted too
        new = re.sub(r"\[quote(?:=[^\]]*)?\](?:(?!\[quote(?:=[^\]]*)?\]).)*?\[/quote\]", "\n", text, flags=re.I | re.S)
        if new == text:
            break
        text = new
    text = re.sub(r"\[quote(?:=[^\]]*)?\].*\Z", "\n", text, flags=re.I | re.S)  # a quote left open
    if re.search(r"\[/quote\]", text, re.I):  # a quote closed but never opened: all before it is quoted
        text = re.split(r"\[/quote\]", text, flags=re.I)[-1]
    text = re.sub(r"\[s\].*?\[/s\]", " ", text, flags=re.I | re.S)
    text = re.sub(r"\[/?[a-z*]+(?:=[^\]]*)?\]", " ", text, flags=re.I)
    text = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith(">"))
    # words in quotation marks are someone's words, not the sender's ("look: 'kill Ann'")
    text = re.sub(r"[\"“”«»]([^\"“”«»\n]*\s[^\"“”«»\n]*)[\"“”«»]", " ", text)
    text = re.sub(r"(?<!\w)[‘']([^'‘’\n]*\s[^'‘’\n]*)['’](?!\w)", " ", text)
    return text


def verbs_of(abilities: Sequence[Any]) -> list[Verb]:
    out = []
    for ab in abilities:
        words = {ab.name.lower()}
        for eff in getattr(ab, "effects", ()) or ():
            words.update(_EFFECT_VERBS.get(getattr(eff, "kind", ""), ()))
        words.update(getattr(ab, "verbs", ()) or ())
        out.append(Verb(ab, tuple(sorted(words))))
    return out


def _forms(verb: str) -> set[str]:
    if " " in verb:  # "stand down": "stands down", "standing down"
        first, rest = verb.split(" ", 1)
        return {f"{f} {rest}" for f in _forms(first)}
    out = {verb, verb + "s", verb + "ing"}
    if verb.endswith("e"):
        out.add(verb[:-1] + "ing")
    if re.search(r"[^aeiou][aeiou][bdgmnpt]$", verb):
        out.add(verb + verb[-1] + "ing")
    return out


def _sentences(text: str, verbs: list[Verb] | None = None) -> list[str]:
    parts = re.split(r"(?<=[.!?;])\s+|\n+|\s+(?:but|and then|then)\s+", text)
    forms = sorted({f for v in verbs or () for w in v.words for f in _forms(w)}, key=len, reverse=True)
    if forms:  # "let's not kill Carol, kill Dave": a comma before a verb starts a clause
        cut = re.compile(r",\s*(?=(?:" + "|".join(map(re.escape, forms)) + r")\b)", re.I)
        parts = [q for p in parts for q in cut.split(p)]
    return [p.strip() for p in parts if p and p.strip()]


def _tokens(sentence: str) -> list[str]:
    return re.findall(r"[\w'’.-]+", sentence.lower().replace("’", "'"))


class _Names:
    """Players named in a run of tokens, with where: the longest run of words that is a name."""

    def __init__(self, matcher: Any, stop: set[str]) -> None:
        self.matcher, self.stop = matcher, stop

    def find(self, words: list[str]) -> tuple[list[tuple[int, str]], list[str]]:
        found, unsure, i = [], [], 0
        while i < len(words):
            hit = None
            for n in (3, 2, 1):
                chunk = " ".join(words[i:i + n]).strip(".'-")
                if n > len(words) - i or not chunk or (n == 1 and (chunk in self.stop or len(chunk) < 2)):
                    continue
                m = self.matcher.strict(chunk) if (n > 1 or len(chunk) < 3) else self.matcher.match(chunk)
                if m.player:
                    hit = (m.player, n)
                    break
                if n == 1 and m.reason.startswith("ambiguous"):
                    unsure.append(m.reason)
            if hit:
                found.append((i, hit[0]))
                i += hit[1]
            else:
                i += 1
        return found, unsure


class _Clause(NamedTuple):
    kind: str  # "act", "skip", "not" (a negated action naming players), "leave", "unsure", "talk", "none"
    ability: Any = None
    targets: tuple[str, ...] = ()
    why: str = ""


def _clause(sentence: str, player: str, verbs: list[Verb], names: _Names) -> _Clause:
    low = sentence.lower().replace("’", "'")
    words = _tokens(sentence)
    named, unsure_names = names.find(words)
    positions = []  # (index, verb) of every verb form in the sentence
    for v in verbs:
        for w in v.words:
            forms = _forms(w)
            own = w == v.ability.name.lower()
            if " " in w:
                for m in re.finditer(r"(?<!\w)(?:" + "|".join(map(re.escape, forms)) + r")(?!\w)", low):
                    positions.append((len(_tokens(low[:m.start()])), v, own))
            else:
                positions += [(k, v, own) for k, t in enumerate(words) if t.strip(".") in forms]
    positions = _by_name(positions)
    skip = bool(_SKIP.search(low))
    others = [(k, p) for k, p in named if p != player]
    question = sentence.rstrip().endswith("?")
    hedge = bool(_HEDGE.search(low))
    if not positions:
        form = _FORM.match(low)
        if form and len(verbs) == 1 and not skip:
            targets = tuple(p for k, p in others)
            why = _described(words, 0, others, set())
            if targets and why:
                return _Clause("unsure", verbs[0].ability, targets, why)
            if targets:
                return _judge(verbs[0].ability, targets, question, hedge, unsure_names, sentence)
        if skip:
            return _Clause("skip")
        if others or unsure_names:
            return _Clause("talk", why=f"names {', '.join(p for _, p in others) or 'a player'} but no ability "
                                        f"({' or '.join(v.ability.name for v in verbs)})")
        return _Clause("none")
    kinds = {v.ability.name for _, v in positions}
    if len(kinds) > 1:
        return _Clause("unsure", why=f"names several abilities: {', '.join(sorted(kinds))}")
    at, verb = min(positions, key=lambda x: x[0])
    before = words[:at]
    noun = bool(before) and before[-1] in _NOUN_BEFORE
    mine = bool(before) and before[-1] in _MINE
    negated = any(t in _NEG or t.endswith("n't") for t in before[max(0, len(before) - 4):]) or skip
    first = any(t in _FIRST for t in words)
    if not named and not negated and not unsure_names and (noun or mine) and getattr(verb.ability, "targets", 1):
        # "that's my roleblock", "the kill": the ability named as a thing, no player: no action of its own
        return _Clause("talk", why=f"no player named for {verb.ability.name} (after {before[-1]!r})")
    subjects = [p for k, p in others if k < at]
    third = any(t in _THIRD for t in before)
    if third and first:
        return _Clause("unsure", verb.ability, why=f"tells what someone else wants: {sentence.strip()[:80]!r}")
    if (subjects and not first) or (noun and not mine and subjects) or third:
        # "Ivy has the kill", "Bob will check Ann", "they want to kill Ann": another's action
        who = subjects[0] if subjects else "someone else"
        if skip or (negated and subjects):
            return _Clause("leave", verb.ability, why=f"no action of {player}'s own: leaves {verb.ability.name} to {who}")
        return _Clause("talk", why=f"tells what {who} does, not what {player} does")
    targets = tuple(dict.fromkeys(p for k, p in named if k > at and p != player))
    if any(t in _SELF for t in words[at + 1:]) or (not targets and any(p == player for k, p in named if k > at)):
        targets = targets or (player,)
    if negated:
        if not targets and any(t.strip(".,!?;:") in _PRONOUN for t in words[at + 1:at + 3]):  # "not checking him"
            return _Clause("not", verb.ability, (), f"says only what is not done ({sentence.strip()[:60]!r})")
        if targets:
            return _Clause("not", verb.ability, targets,
                           f"says only what is not done ({verb.ability.name} {', '.join(targets)})")
        return _Clause("skip", verb.ability)
    if not targets:
        if getattr(verb.ability, "targets", 1) == 0:
            return _judge(verb.ability, (), question, hedge, unsure_names, sentence)
        return _Clause("unsure", verb.ability, why=unsure_names[0] if unsure_names else
                       f"no player named for {verb.ability.name}")
    mine_too = [(k, player) for k, t in enumerate(words) if k > at and t in _SELF]  # "whoever killed me"
    why = _described(words, at + 1, sorted([(k, p) for k, p in named if k > at and p != player] + mine_too),
                     {f for v in verbs for w in v.words for f in _forms(w)})
    if not why and _ADDRESSED.search(low):
        why = f"tells others what to do: {sentence.strip()[:80]!r}"
    if why:
        return _Clause("unsure", verb.ability, targets, why)
    return _judge(verb.ability, targets, question, hedge, unsure_names, sentence)


# A name after the verb is the target only when the PM names the target with it: not when it
# describes another player by it ("whoever Gus wants", "the one Bob defended", "Hal's target"),
# or names it to leave it out ("someone other than Bob", "anyone except Bob", "someone quiet, not Hal")
_DESCRIBE = {"whoever", "whomever", "whichever", "who", "whom", "whose", "which", "someone", "somebody", "anyone",
             "anybody", "everyone", "everybody", "person", "one", "guy", "girl", "player", "the"}
_EXCLUDE = {"except", "besides", "but", "other", "than", "not", "instead", "rather", "excluding", "apart",
            "unless", "without", "never"}
# "shoot Bob, town!": said to the others, not the sender's action ("she's town" is no address)
_ADDRESSED = re.compile(r",\s*(?:town|village|everyone|everybody|guys|all|people|folks|y'?all|villagers|townies)\b")
# "check Bob's role" is Bob
_OWN = {"role", "alignment", "team", "faction", "side", "identity", "house", "home", "race", "goal"}


def _described(words: list[str], start: int, named: list[tuple[int, str]], verbs: set[str]) -> str:
    """Why the players named from `start` on are not surely the targets ('' when they are).
    `verbs`: the abilities' words, whose article is no description ("give the badge to Ann")."""
    at = start
    for k, name in named:  # before each target ("swap Ann and whoever Bob targets")
        run = [w.strip(".,!?;:()") for w in words[at:k]]
        between = {w for n, w in enumerate(run) if not (w == "the" and n + 1 < len(run) and run[n + 1] in verbs)}
        if between & (_DESCRIBE | _EXCLUDE):
            return f"describes its target rather than naming it ({' '.join(words[at:k + 1])!r})"
        at = k + len(name.split())
    for k, name in named:
        if words[k] in _SELF:
            continue
        for j in range(k, min(k + len(name.split()), len(words))):
            w = words[j].strip(".,!?;:()")
            if w.endswith(("'s", "s'")) and w not in name.lower().split() \
                    and (j + 1 >= len(words) or words[j + 1].strip(".,!?;:()") not in _OWN):
                return f"names {name}'s {words[j + 1] if j + 1 < len(words) else ''}, not {name}".replace(" ,", ",")
    return ""


def _by_name(positions: list[tuple[int, Verb, bool]]) -> list[tuple[int, Verb]]:
    """Where one word is the name of one of the sender's abilities and only a verb for another's
    effect (an Alphawolf's "kill Fay": its Kill, not its Enrage, which also kills), it is the
    named one."""
    at: dict[int, list[tuple[Verb, bool]]] = {}
    for k, v, own in positions:
        at.setdefault(k, []).append((v, own))
    out = []
    for k, hits in at.items():
        named = {v.ability.name: v for v, own in hits if own}
        keep = list(named.values()) if len(named) == 1 else [v for v, _ in hits]
        out += [(k, v) for v in keep]
    return out


def _judge(ability: Any, targets: tuple[str, ...], question: bool, hedge: bool, unsure_names: list[str],
           sentence: str) -> _Clause:
    if question:
        return _Clause("unsure", ability, targets, f"asks, does not say: {sentence.strip()[:80]!r}")
    if hedge:
        return _Clause("unsure", ability, targets, f"not decided: {sentence.strip()[:80]!r}")
    want = getattr(ability, "targets", 1)
    if unsure_names and len(targets) < want:
        return _Clause("unsure", ability, targets, unsure_names[0])
    if len(targets) != want:
        return _Clause("unsure", ability, targets, f"{ability.name} takes {want} target(s); the PM names "
                                                   f"{len(targets)}: {', '.join(targets)}")
    return _Clause("act", ability, targets)


def read(player: str, subject: str, text: str, abilities: Sequence[Any], matcher: Any, *,
         phase: tuple[str, int] | None = None, stop: set[str] | None = None) -> Said:
    """What the PM says (see the module docstring). `abilities`: what the sender can do now (an
    owed duty is one too: .name, .targets); `phase`: the current phase (kind, number)."""
    verbs = verbs_of(abilities)
    words = {f for v in verbs for w in v.words for f in _forms(w)}
    names = _Names(matcher, (stop or _STOP) | words | _NEG | _FIRST | {"target", "targets"})
    if not verbs:
        return Said(None, "", False)
    body = own_words(text)
    cut = list(_CUT.finditer(body))
    changed = bool(cut)
    if cut:
        body = body[cut[-1].end():]
    said = _read_body(player, body, verbs, names, phase)
    if not said.talks and not changed:
        subj = re.sub(r"^\s*(?:(?:re|fwd?|aw)\s*:\s*)+", "", subject or "", flags=re.I)
        if not re.match(r"^\s*(?:fwd?|fw)\s*:", subject or "", flags=re.I):
            from_subject = _read_body(player, subj, verbs, names, phase)
            if from_subject.talks and not from_subject.why.startswith("is for "):
                return from_subject._replace(why=from_subject.why and f"subject: {from_subject.why}")
    if changed and not said.talks:
        return Said(None, "changes its mind and then says no action", True, about=True)
    return said


def _read_body(player: str, body: str, verbs: list[Verb], names: _Names, phase: tuple[str, int] | None) -> Said:
    low = body.lower()
    if phase is not None:
        for m in _PHASE.finditer(low):
            kind = {"n": "night", "d": "day"}.get(m.group(3) or "", m.group(1))
            number = int(m.group(2) or m.group(4))
            if (kind, number) != phase:
                return Said(None, f"is for {kind} {number}, not {phase[0]} {phase[1]}", True, about=True)
    clauses = [_clause(s, player, verbs, names) for s in _sentences(body, verbs)]
    said = _verdict(player, clauses, verbs)
    return said._replace(about=said.talks and any(c.kind not in ("talk", "none") for c in clauses))


def _verdict(player: str, clauses: list[_Clause], verbs: list[Verb]) -> Said:
    """What a PM's clauses say together (see the module docstring)."""
    acts = {(c.ability.name, c.targets) for c in clauses if c.kind == "act"}
    skips = [c for c in clauses if c.kind == "skip"]
    nots = [c for c in clauses if c.kind == "not"]
    leaves = [c for c in clauses if c.kind == "leave"]
    unsure = [c for c in clauses if c.kind == "unsure"]
    talk = [c for c in clauses if c.kind == "talk"]
    if unsure:
        return Said(None, unsure[0].why, True)
    if len(acts) > 1:
        return Said(None, "names several actions: " + "; ".join(f"{a} {', '.join(t)}" for a, t in sorted(acts)), True)
    if acts and (skips or leaves):
        return Said(None, "says both an action and no action", True)
    if acts:
        (ability, targets), = acts
        if any(set(c.targets) & set(targets) for c in nots):
            return Said(None, f"says both {ability} {', '.join(targets)} and not", True)
        return Said(" ".join([player, ability, *targets]), "", True)
    if leaves and not nots:
        return Said(None, "", True, note=leaves[0].why)
    if nots and not skips:
        return Said(None, nots[0].why, True)
    if skips:
        named = {c.ability.name for c in skips if c.ability is not None}
        if len(named) == 1 and len(verbs) > 1 and all(c.ability is not None for c in skips):
            return Said(f"{player} {named.pop()} skip", "", True)
        return Said(f"{player} skip" if len(verbs) > 1 else f"{player} {verbs[0].ability.name} skip", "", True)
    if talk:
        return Said(None, talk[0].why, True)
    return Said(None, "", False)

