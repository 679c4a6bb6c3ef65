"""The resolution log as the host reads it (resolve, the host page, a day's log, --dry-run): what
happened, truly and readably; never 'saved' beside 'dies', never 'skipped' for a use.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from engine_helpers import ruleset, run
from game_helpers import _new_game, natural_day1


# (id, ruleset, players, lines, night, state kw, dead, log lines, log words never seen)
POISONED = {"Fay": {"poisoned": {"by": "Po", "kills_on": 2, "type": "poison", "cause": "Poison",
                                 "flavour": "poison", "location": "{player}'s home"}}}


OUTCOME_LINES = [
    ("classic-NightResolution-Poison-Ignores-Guard-the-log-says-she-died-all-the-same",
     "classic-werewolf", "Wo=Werewolf Wi=Witch Gu=Guard Fay=Villager Bo=Villager", "Wo Kill Fay; Gu Guard Fay; Wi Poison Fay",
     1, {}, ["Fay"], ["Guard (Gu)'s protection saves Fay from Werewolves (Wo)'s attack.",
                      "Fay dies all the same (Poison), found in Fay's home."], []),
    ("classic-NightResolution-a-death-with-no-save-reads-as-before",
     "classic-werewolf", "Wo=Werewolf Wi=Witch Gu=Guard Fay=Villager Bo=Villager", "Wo Kill Fay; Gu Guard Fay; Wi Poison Bo",
     1, {}, ["Bo"], ["Bo dies (Poison), found in Bo's home."], ["all the same"]),
    ("natural-III-footnote-1-poison-taking-effect-reads-as-a-state",
     "natural", "Po=Poisoner Fay=Villager Cop=Cop", "", 2, dict(tags=POISONED),
     ["Fay"], ["Fay is poisoned: it takes effect tonight (Poison)."], ["The poisoned on"]),
    ("natural-III-footnote-1-doctor-cures-the-poison-reads-as-a-state",
     "natural", "Po=Poisoner Fay=Villager Doc=Doctor", "Doc Protect Fay", 2, dict(tags=POISONED),
     [], ["Doctor (Doc) cures Fay: they are no longer poisoned."], ["cures Fay of poisoned"]),
]


@pytest.mark.parametrize("name, players, lines, number, kw, died, logged, never",
                         [c[1:] for c in OUTCOME_LINES], ids=[c[0] for c in OUTCOME_LINES])
def test_outcome_log_lines_are_true_and_readable(name, players, lines, number, kw, died, logged, never):
    """The log says which attack a Guard stopped and that the player died all the same of another;
    a delayed tag's lines read as a state of the player ('Fay is poisoned'), not a status name used
    as a noun ('The poisoned on Fay')."""
    o, _ = run(ruleset(name), players, lines, night=number, **kw)
    assert sorted(d.player for d in o.deaths) == died, o.log
    for line in logged:
        assert line in o.log, o.log
    for words in never:
        assert not any(words in line for line in o.log), o.log


def _poison_past_the_guard(tmp_path) -> Host:
    host = _new_game(tmp_path, "classic-werewolf", "Wo=Werewolf", "Wi=Witch", "Gu=Guard", "Se=Seer", "Fay=Villager",
                "Bo=Villager", "Cy=Villager", "Hu=Hunter")
    host.ok("act", "Wo", "Kill", "Fay")
    host.ok("act", "Gu", "Guard", "Fay")
    host.ok("act", "Wi", "Poison", "Fay")
    host.ok("act", "Se", "Check", "Wo")
    return host


def test_cli_classic_resolve_never_says_saved_beside_dies(tmp_path):
    """Seed classic NightResolution, invariant 2 'Poison Ignores Guard': resolve, the host page and
    the night chart do not call the poisoned player saved; they say the Guard stopped an attack on
    her and she died all the same. (Before: 'saved: Fay by Guard' beside 'dies: Fay, killed by
    Poison'.) A plain save still reads 'saved'."""
    import json

    host = _poison_past_the_guard(tmp_path)
    data = json.loads(host.ok("resolve", "--force", "--dry-run", "--json"))
    assert data["saved"] == [{"player": "Fay", "by": ["Guard"], "died": True}]
    out = host.ok("resolve", "--force")
    assert "dies: Fay, killed by Poison" in out and "saved: Fay" not in out
    assert "stopped: an attack on Fay by Guard (Fay died all the same)" in out
    chart = host.ok("chart", "night", "1")
    assert "Saved: no one." in chart and "Saved: Fay" not in chart and 'data-marks="killed"' in chart
    assert "Stopped: an attack on Fay by Guard (Fay died all the same)" in chart
    page = host.ok("page")
    assert "<li>saved: Fay" not in page and "stopped: an attack on Fay by Guard (Fay died all the same)" in page


def test_cli_classic_a_guard_save_still_reads_saved(tmp_path):
    """Seed classic NightResolution 3 'If guard_target == kill_target: remove (target saved)'."""
    host = _new_game(tmp_path, "classic-werewolf", "Wo=Werewolf", "Wi=Witch", "Gu=Guard", "Se=Seer", "Fay=Villager",
                "Bo=Villager", "Cy=Villager", "Hu=Hunter")
    host.ok("act", "Wo", "Kill", "Fay")
    host.ok("act", "Gu", "Guard", "Fay")
    out = host.ok("resolve", "--force")
    assert "saved: Fay by Guard" in out and "stopped:" not in out


def test_log_undo_and_page_say_an_untargeted_ability_is_used_not_skipped(tmp_path):
    """Before: 'act Cy Brace' (a Heavy Shield's Brace, no target) printed 'recorded Cy: Brace',
    but 'log', 'undo' and the host's page called it 'Cy's Brace (skip)', the opposite; a
    Brace cannot even be skipped ('takes no target: to not use it, enter nothing')."""
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="items-werewolf", seed=3,
           assign=["Ann=Shaman", "Bob=Werewolf", "Cy=Huntsman", "Dee=Militia", "Eve=Villager", "Fay=Vampire"])
    host = Host(tmp_path / "g")
    host.ok("act", "Cy", "Brace")
    host.ok("act", "Dee", "skip")
    what = [e["what"] for e in json.loads(host.ok("log", "--json"))["entries"]]
    assert what == ["Cy's Brace", "Dee's Shoot (skip)"]
    assert "Cy: Brace (skip)" not in host.ok("page") and "Cy: Brace" in host.ok("page")
    assert host.ok("undo").strip() == "undone: Dee's Shoot (skip)"
    assert host.ok("undo").strip() == "undone: Cy's Brace"


def test_natural_II_a_day_inspection_log_says_the_end_of_the_day(tmp_path):
    """The day's log, printed by eliminate, said an Oracle's Gaze by day was 'read at the end of
    the night': day actions resolve at the end of the day (seed natural II)."""
    from test_natural_dayactions import day1

    host = day1(tmp_path)
    host.ok("act", "Ora", "Gaze", "Go")
    out = host.ok("eliminate", "--none")
    assert "Oracle (Ora) uses Gaze on Go; the result is read at the end of the day." in out
    assert "end of the night" not in out


def test_natural_II_dry_run_by_day_after_everything_resolved_at_once(tmp_path):
    """'resolve --dry-run' by day, once the only action had resolved at once, said 'no day action
    is recorded' though one is: it says none is waiting."""
    host = natural_day1(tmp_path, options=("ita-shots=1", "ita-accuracy=0"))
    host.ok("ita", "open")
    host.ok("act", "--now", "Ann", "ITA Shot", "Bob")
    out = host.refused("resolve", "--dry-run")
    assert "no day action is waiting (none recorded, or each resolved at once already)" in out
