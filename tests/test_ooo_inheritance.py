"""Seed ooo 12, conversion roles: what the converted player takes with the role.

"Convert at Day Start (after their Night Action fires as original role)"; "Kill-count roles: new
win-count = original player's count": the count the original player has at day start, the kills
of the night of the conversion included.
"""

from __future__ import annotations

import pytest

from engine_helpers import check, run, ruleset

OOO = ruleset("ooo-werewolf")

# (id, players, actions, state keywords, expectations)
CASES = [
    ("orphan_adopting_a_glutton_on_its_first_kill_counts_one", "Or=Orphan Gl=Glutton V=Villager",
     "Or Adopt Gl; Gl Devour V", dict(night=2),
     dict(dead=["V"], converts=[("Or", "Glutton")], tags={("Or", "kills"): 1, ("Gl", "kills"): 1})),
    ("orphan_adopting_a_glutton_counts_its_earlier_kills_and_tonights", "Or=Orphan Gl=Glutton V=Villager",
     "Or Adopt Gl; Gl Devour V", dict(night=4, tags={"Gl": {"kills": 2}}),
     dict(dead=["V"], converts=[("Or", "Glutton")], tags={("Or", "kills"): 3})),
    ("orphan_adopting_a_glutton_that_did_not_kill_tonight_keeps_its_count", "Or=Orphan Gl=Glutton V=Villager",
     "Or Adopt Gl", dict(night=3, tags={"Gl": {"kills": 2}}),
     dict(converts=[("Or", "Glutton")], tags={("Or", "kills"): 2})),
    ("orphan_adopting_a_plague_bringer_takes_tonights_carrier_count",
     "Or=Orphan Pb=Plague_Bringer V=Villager W=Villager", "Or Adopt Pb; Pb Infect V",
     dict(tags={"W": {"infected": {}}}),
     dict(converts=[("Or", "Plague Bringer")], tags={("Or", "carriers"): 2, ("Pb", "carriers"): 2})),
]


@pytest.mark.parametrize("players, lines, kw, expect", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_kill_count_roles_new_win_count_is_the_original_players_count(players, lines, kw, expect):
    """Seed ooo 12: "Kill-count roles: new win-count = original player's count"."""
    o, n = run(OOO, players, lines, **kw)
    check(o, n, expect)


def test_an_heir_inherits_the_count_of_a_benefactor_killed_tonight_after_its_last_kill():
    """Seed ooo 12 for the Heir: the benefactor's count at day start, tonight's kill included."""
    o, n = run(OOO, "He=Heir Gl=Glutton V=Villager Vi=Vigilante", "Gl Devour V; Vi Shoot Gl",
               night=2, tags={"He": {"heir-of": {"of": "Gl"}}, "Gl": {"kills": 1}})
    check(o, n, dict(dead=["Gl", "V"], converts=[("He", "Glutton")], tags={("He", "kills"): 2}))
