"""Plain-text views of core results for the terminal (the CLI prints these; posts use render.py)."""

from __future__ import annotations

from typing import Any

from ..model.entries import Action
from ..model.outcome import NightOutcome
from ..model.roles import Ruleset


def ability_when(ab) -> str:
    """An ability's timing in words ('Each night', 'Once per game, at night', 'On even nights, 3 uses'),
    for PMs and listings alike: a factional action is one for the whole team, and a first night
    other than night 1 is said."""
    if ab.phase == "any":  # seed natural II: an action with no prefix, once each phase
        when = (f"Once each phase of {ab.nights} cycles" if ab.nights != "any"
                else "Once per game, by day or at night" if ab.uses == 1 else "Once each phase, day or night")
        return _prefixes(ab, when)
    phase = {"night": "night", "day": "day", "cycle": "cycle"}[ab.phase]
    if ab.only_night:
        when = f"On {phase} {ab.only_night} only"
    elif ab.nights != "any":
        when = f"On {ab.nights} {phase}s"
    elif ab.uses == 1:
        when = f"Once per game, at {phase}" if phase == "night" else f"Once per game, by {phase}"
    else:
        when = f"Each {phase}"
    return _prefixes(ab, when)


def _prefixes(ab, when: str) -> str:
    """The rest of an ability's tag line after its timing: uses, team, first night, prefixes."""
    if ab.uses and ab.uses > 1:
        when += f", {ab.uses} uses"
    if ab.factional:
        when += ", one action for the whole team"
    if ab.phase == "night" and ab.first_night > 1:
        when += f", from night {ab.first_night}"
    if ab.phase != "day" and ab.first_night == 0:
        when += ", Night 0 included"
    # Seed natural II's other prefixes, as a role PM's tag line says them.
    if ab.window == "ita":
        when += ", during an ITA window"
    if ab.immediate:
        when += ", Immediate: resolves as soon as it is submitted"
    if ab.innate:
        when += ", Innate: every player's by the game's rules"
    return when


def rulesets_table(items: list[dict[str, Any]]) -> str:
    width = max(len(i["name"]) for i in items)
    return "\n".join(f"{i['name']:<{width}}  {i['title']}: {i['summary']}" for i in items)


def roles_text(rs: Ruleset) -> str:
    lines = [f"{rs.title} ({rs.name})", ""]
    for role in rs.roles.values():
        lines.append(f"{role.name} [{role.alignment}]" + (f" - {role.summary}" if role.summary else ""))
        if role.aliases:
            lines.append(f"    also written: {', '.join(role.aliases)}")
        facts = [f"{k}: {v}" for k, v in (("race", role.race), ("goal", role.goal_text or role.goal)) if v]
        facts += [f"visible {k}: {v}" for k, v in role.appears.items()]
        if facts:
            lines.append("    " + "; ".join(facts))
        for ab in role.abilities:
            lines.append(f"    {ab.name} ({ability_when(ab)}): {ab.summary}")
        for p in sorted(role.passives):
            lines.append(f"    passive: {p}")
        if role.items:
            lines.append(f"    starts with: {', '.join(role.items)}")
        for note in role.notes:
            lines.append(f"    note: {note}")
    for item in (getattr(rs, "items", None) or {}).values():
        lines.append(f"item: {item.name}" + (f" - {item.summary}" if item.summary else ""))
        for ab in item.abilities:
            how = "by itself, every night" if ab.name in item.auto else \
                "once: the item is spent" if item.consumed == "use" else ability_when(ab)
            lines.append(f"    {ab.name} ({how}): {ab.summary}")
    for ab in rs.innate:
        lines.append(f"innate (every player, by the game's rules): {ab.name} ({ability_when(ab)}): {ab.summary}")
    from ..rules.written import listing

    mods = listing(rs)
    if mods:
        lines += ["", "Modifiers, written before a role as MafiaScum writes it ([Town|Mafia] [modifier ...] ROLE, "
                      "e.g. 'Town 1-Shot Bulletproof Vanilla Townie'):"]
        lines += [f"{m['name']} - {m['summary']}" + (f" (also: {m['aliases']})" if m["aliases"] else "") for m in mods]
    return "\n".join(lines)


def status_text(st: dict[str, Any]) -> str:
    head = f"{st['ruleset']}: {st['phase']} {st['number']}" if st["phase"] != "over" else \
        f"{st['ruleset']}: the game is over"
    lines = [head + (f" - winner: {st['winner']}" if st["winner"] else "")]
    if st.get("won"):
        lines.append("won: " + ", ".join(f"{w['player']} ({w['why']})" for w in st["won"]))
    for notice in st.get("notices", ()):
        lines.append(f"host: {notice}")
    if st.get("sheriff"):
        lines.append(f"Sheriff: {st['sheriff']}")
    width = max((len(p["name"]) for p in st["players"]), default=4)
    for p in st["players"]:
        extra = []
        if p["charges"]:
            extra.append(", ".join(f"{k} {v} left" for k, v in p["charges"].items()))
        if "standing" in p:  # the tags in words (tag_texts)
            if p["standing"]:
                extra.append("; ".join(p["standing"]))
        elif p["tags"]:
            counts = p.get("counts", {})  # a count the host must judge shows its value (issue 11)
            extra.append("tags: " + ", ".join(f"{t} {counts[t]}" if t in counts else t for t in p["tags"]))
        if p.get("attributes"):  # seed paranormal's Attributes (a Mind Shield, a Kook) dealt with the role
            extra.append("attributes: " + ", ".join(p["attributes"]))
        if p.get("items"):
            extra.append("items: " + ", ".join(k + (f" x{v}" if v > 1 else "") for k, v in sorted(p["items"].items())))
        state = "alive" if p["alive"] else f"dead ({p['died']}, {p['cause']})"
        if p.get("flip_held_by"):
            state += f", no flip while {p['flip_held_by']} is in the game"
        lines.append(f"  {p['name']:<{width}}  {p['role']} [{p['alignment']}]  {state}"
                     + (f"  {'; '.join(extra)}" if extra else ""))
    if "format" in st:
        lines.append(f"format: {st['format']}" + (f" (PMs: {st['pm_format']})" if st.get("pm_format") not in
                                                  (None, st["format"]) else "")
                     + f"; forum: {st.get('forum', 'other')}")
    if st.get("waiting"):
        from ..game.waiting import Waiting, waiting_text

        lines.append(waiting_text([Waiting(w["who"], tuple(w["players"]), w["ability"], w["required"],
                                           w.get("item", ""), tuple(w.get("or", ())))
                                   for w in st["waiting"]]))
    if st.get("items_unused"):
        from ..game.waiting import Waiting, items_text

        lines.append(items_text([Waiting(w["who"], tuple(w["players"]), w["ability"], False, w.get("item", ""))
                                 for w in st["items_unused"]]))
    for w in st.get("warnings", ()):
        lines.append(f"warning: {w}")
    for c in st.get("conflicts", ()):
        lines.append(c["text"])  # game.conflict_line
    return "\n".join(lines)


def action_line(a: Action, takes: int | None = None, chose_what: str = "Guild") -> str:
    """'Ann: Heal Bob'; an entry with no targets is a skip, unless its ability takes none
    (`takes` = 0: a Veteran's Alert is used, not skipped) and it is not declined. `chose_what`
    names the choice typed after the targets (Ability.choose: a Guild, a Messenger's message)."""
    chose = f" ({chose_what}: {a.choice})" if a.choice else ""
    if a.targets:
        return f"{a.actor}: {a.ability} " + ", ".join(a.targets) + chose
    if chose or takes == 0 and not a.declined:  # a choice alone (a Guild for oneself), or a use of a no-target ability
        return f"{a.actor}: {a.ability}{chose}"
    return f"{a.actor}: {a.ability} (skip)"


def masked_causes(o: NightOutcome) -> dict[str, dict]:
    """The night's deaths that Combat Camouflage masked: player -> {"cause": the true cause, "by":
    the killer, "shown": what the death post says} (the `masked` tag the night left)."""
    return {c.player: c.value for c in o.changes
            if c.kind == "tag" and c.key == "masked" and isinstance(c.value, dict)}


def saved_lines(o: NightOutcome) -> list[str]:
    """The outcome's saves as the host reads them: 'saved: Ann by Doctor'; a player an attack on
    whom was stopped but who died of another (the Witch's poison past the Guard) is not called
    saved: 'stopped: an attack on Fay by Guard (Fay died all the same)'."""
    dead = {d.player for d in o.deaths}
    return [f"stopped: an attack on {s.player} by {', '.join(s.by)} ({s.player} died all the same)"
            if s.player in dead else f"saved: {s.player} by {', '.join(s.by)}" for s in o.saved]


def outcome_text(o: NightOutcome, *, dry_run: bool = False) -> str:
    head = f"Night {o.night}" if o.phase == "night" else f"Day {o.night}"
    lines = [head + (" (dry run: nothing recorded)" if dry_run else "")]
    if o.deaths:
        masked = masked_causes(o)
        for d in o.deaths:
            place = "in their home" if d.location == f"{d.player}'s home" else d.where
            cause = d.cause
            if d.player in masked:  # the host reads the truth; the death post shows the mask
                cause = f"{masked[d.player]['cause']} (masked by Combat Camouflage as {d.cause})"
            lines.append(f"  dies: {d.player}, killed by {cause}, {place}")
    else:
        lines.append("  no one dies")
    for h in getattr(o, "happenings", ()):
        # abductions, captures, returns, releases, conversions, consumptions: what the night did
        # to a player besides killing them, each on its own line
        lines.append(f"  {h.what}: {h.player}" + (f" by {h.by}" if h.by and h.by != h.player else "")
                     + (f" ({h.note})" if h.note else ""))
    lines.extend(f"  {line}" for line in saved_lines(o))
    for b in o.blocked:
        lines.append(f"  blocked: {b.player} by {', '.join(b.by)}" + (" (told)" if b.notified else " (not told)"))
    for r in o.results:
        result = r.result if isinstance(r.result, str) else ", ".join(r.result) or "nothing"
        lines.append(f"  result: {r.player} ({r.ability} on {r.target}): {result}"
                     + (f" [{r.note}]" if r.note else ""))
    for f in o.failed:
        lines.append(f"  failed: {f.player}'s {f.ability}: {f.reason}")
    for n in o.notices:
        lines.append(f"  told: {n.player}: {n.text}")
    lines.append("Log:")
    lines.extend(f"  {line}" for line in o.log)
    return "\n".join(lines)


def recorded_line(game, action, *, named: bool = True) -> str:
    """The line `act` prints for a recorded ACTION: 'Vet: Alert' for an ability that takes no
    target (not a skip), and, when the host left ABILITY out (`named` false) and the actor also
    shares a factional ability, which one was taken (issue 11)."""
    try:
        role = game.state.role_of(action.actor)
    except Exception:  # noqa: BLE001 - an actor the state cannot place: the plain line
        return action_line(action)
    ab = role.ability(action.ability)
    if ab is None:  # an item's ability (a Stun Bomb takes no target: used, not skipped)
        from ..rules.items import items_of

        ab = next((x for it in items_of(game.state.ruleset).values()
                   if (x := it.ability(action.ability)) is not None), None)
    line = action_line(action, ab.targets if ab is not None else None,
                       "message" if ab is not None and ab.choose == "message" else "Guild")
    if not named and ab is not None and not ab.factional:
        shared = [a.name for a in role.abilities if a.factional and a.targets == ab.targets]
        if shared:
            line += (f" (ABILITY left out: took {role.name}'s own {ab.name}; name {' or '.join(shared)} "
                     "for the factional one)")
    return line
