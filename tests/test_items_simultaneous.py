"""items-werewolf: the actions of one category happen at once.

Seed: "Multiple actions that fall in the same category are executed more or less
simultaneously. Conflicts between such actions are resolved in the following manner: Redirects
and identity swaps occur in a determinsitic, server-defined order ...; If a player is roleblocked
multiple times, they will receive one message for each roleblock, but receive no additional
effect." So a roleblock does not stop another roleblock of the same step: both land, whatever
order the host typed them in and whatever the tie-break list says. The same holds for every
other simultaneous step (ruleset.toml `simultaneous`): a thief cannot lose, in the theft step,
what it is taking in that step. Redirects keep their server order (test_ruleset_items.py).
"""

from __future__ import annotations

from itertools import permutations

import pytest

from engine_helpers import dead, failed, night, ruleset, state

RS = ruleset("items-werewolf")
SEED = "Multiple actions that fall in the same category are executed more or less simultaneously."


def every_order(lines: str) -> list[str]:
    parts = [p.strip() for p in lines.split(";")]
    return ["; ".join(p) for p in permutations(parts)]


# (id, players, actions, items, who dies, failed actions, {player: roles that blocked them})
CASES = [
    ("courtesan_blocks_a_courtesan_who_blocks_the_werewolf", "C1=Courtesan C2=Courtesan W=Werewolf V=Villager",
     "C1 Entertain C2; C2 Entertain W; W Kill V", {}, [], {"W.Kill"},
     {"W": ["Courtesan"], "C2": ["Courtesan"]}),
    ("direwolf_pins_a_courtesan_who_blocks_the_werewolf", "D=Direwolf C=Courtesan W=Werewolf V=Villager",
     "D Pin C; C Entertain W; W Kill V", {}, [], {"W.Kill"}, {"W": ["Courtesan"], "C": ["Direwolf"]}),
    ("courtesan_and_direwolf_block_each_other", "D=Direwolf C=Courtesan V=Villager P=Protector",
     "D Pin C; C Entertain D; P Protect V", {}, [], set(), {"D": ["Courtesan"], "C": ["Direwolf"]}),
    ("manacles_on_a_courtesan_who_blocks_the_werewolf", "M=Villager C=Courtesan W=Werewolf V=Villager",
     "M Shackle C; C Entertain W; W Kill V", {"M": {"Manacles of Spite": 1}}, [], {"W.Kill"},
     {"W": ["Courtesan"], "C": ["Manacles of Spite"]}),
]


@pytest.mark.parametrize("players, lines, items, died, fails, blocked", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_multiple_actions_that_fall_in_the_same_category_are_executed_simultaneously(
        players, lines, items, died, fails, blocked):
    """Seed items: "Multiple actions that fall in the same category are executed more or less
    simultaneously": every roleblock of step 2 lands, in every entry order."""
    for order in every_order(lines):
        st = state(RS, players, items=items)
        o, _ = night(st, order)
        assert dead(o) == died, (order, o.log)
        assert set(failed(o)) == fails, (order, failed(o), o.log)
        got = {b.player: sorted(b.by) for b in o.blocked}
        assert got == {k: sorted(v) for k, v in blocked.items()}, (order, got)


def test_two_thieves_in_one_step_take_what_each_target_held_when_the_step_began():
    """Seed items: step 5 thefts are simultaneous: A robbing B while B robs C gives A what B held
    and B what C held, in every entry order (never C's potion passing through B to A)."""
    for order in every_order("A Acquiesce B; B Acquiesce C"):
        st = state(RS, "A=Villager B=Villager C=Villager",
                   items={"A": {"Potion of Acquiescence": 1}, "B": {"Potion of Acquiescence": 1, "Armour": 1},
                          "C": {"Potion of Clarity": 1}})
        o, _ = night(st, order)
        moves = sorted((c.player, c.kind, c.key) for c in o.changes if c.kind in ("item-gain", "item-loss"))
        assert moves == [("A", "item-gain", "Armour"), ("A", "item-loss", "Potion of Acquiescence"),
                         ("B", "item-gain", "Potion of Clarity"), ("B", "item-loss", "Armour"),
                         ("B", "item-loss", "Potion of Acquiescence"), ("C", "item-loss", "Potion of Clarity")], order


def test_the_steps_that_are_simultaneous_are_data():
    """The seed names the conflicts that keep an order: redirects and identity swaps."""
    assert "redirect" not in RS.simultaneous and "swap" not in RS.simultaneous
    assert "block" in RS.simultaneous and "theft" in RS.simultaneous


def test_simultaneous_names_only_steps(tmp_path):
    """A step that is not among the steps is refused with the file and key."""
    import shutil

    from hostkit.model.errors import HostkitError
    from hostkit.rules.rulesets import _load_dir
    folder = tmp_path / "rs"
    shutil.copytree(RS.source, folder)
    path = folder / "ruleset.toml"
    path.write_text(path.read_text().replace('simultaneous = ["block"', 'simultaneous = ["blocks"'))
    with pytest.raises(HostkitError, match=r"simultaneous\[0\].*'blocks' is not one of steps"):
        _load_dir(folder, "rs")
