"""natural: conversions and the investigations that read them (seed natural V).

"The result of investigation effects is determined at the end of the Night, not when it resolves.
... if an effect changes a player's Guild, a player using an action that inspects a target
player's Guild would always learn the new Guild." And: "If two actions targeting a Guildless
player have the effects 'join Guild X' and 'join Guild Y', both fail." A conversion (a role or a
side a player joins) is the same kind of change, written with the `convert` effect.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from engine_helpers import check, night, results, ruleset, state
from hostkit.engine.day import apply_outcome

ROLES = """
[Recruiter]
alignment = "Mafia"
faction = "Mafia"
summary = "Each night, recruit a player into the Mafia: they keep their role."

[[Recruiter.abilities]]
name = "Recruit"
category = "recruit"
effects = [{ effect = "convert", faction = "Mafia" }]

[Seducer]
alignment = "Mafia"
faction = "Mafia"
summary = "Each night, turn a player into a Goon."

[[Seducer.abilities]]
name = "Seduce"
category = "recruit"
effects = [{ effect = "convert", role = "Goon" }]

[Cultist]
alignment = "Cult"
faction = "Cult"
summary = "Each night, bring a player into the Cult: they keep their role."

[[Cultist.abilities]]
name = "Indoctrinate"
category = "recruit"
effects = [{ effect = "convert", faction = "Cult" }]

["Role Cop"]
alignment = "Town"
summary = "Each night, learn a player's role."

[["Role Cop".abilities]]
name = "Inspect"
effects = [{ effect = "inspect", what = "role" }]
"""


@pytest.fixture(scope="module")
def rs(tmp_path_factory):
    return ruleset("natural", ROLES, tmp_path_factory.mktemp("roles"))


# (id, players, actions, the investigations' results)
READS = [
    ("cop_learns_the_side_a_player_is_recruited_to_tonight", "R=Recruiter C=Cop V=Villager W=Villager",
     "R Recruit V; C Investigate V", {"C.Investigate": "Mafia"}),
    ("role_cop_learns_the_role_a_player_is_turned_into_tonight", "S=Seducer C=Role_Cop V=Villager W=Villager",
     "S Seduce V; C Inspect V", {"C.Inspect": "Goon"}),
    ("a_blocked_recruiter_changes_nothing_the_cop_reads_the_old_side", "R=Recruiter C=Cop V=Villager B=Roleblocker",
     "B Block R; R Recruit V; C Investigate V", {"C.Investigate": "Town"}),
]


@pytest.mark.parametrize("players, lines, want", [c[1:] for c in READS], ids=[c[0] for c in READS])
def test_the_result_of_investigation_effects_is_determined_at_the_end_of_the_night(rs, players, lines, want):
    """Seed natural V: "The result of investigation effects is determined at the end of the Night
    ... would always learn the new Guild": in every order the actions could be typed in."""
    for order in permutations(lines.split("; ")):
        o, _ = night(state(rs, players), "; ".join(order))
        assert results(o) == want, (order, o.log)


def test_a_player_recruited_on_an_earlier_night_reads_as_their_new_side(rs):
    """A recruit keeps their role (a Villager) but plays for the Mafia: a Cop sees the side they
    play for, not the role's own alignment, on every later night too."""
    st = state(rs, "R=Recruiter C=Cop V=Villager W=Villager")
    o, _ = night(st, "R Recruit V")
    apply_outcome(st, o)
    st.number = 2
    o, _ = night(st, "C Investigate V")
    assert results(o) == {"C.Investigate": "Mafia"}


# (id, players, actions, expectations)
CLASHES = [
    ("recruited_to_the_mafia_and_the_cult_both_fail", "R=Recruiter Cu=Cultist C=Cop V=Villager W=Villager",
     "R Recruit V; Cu Indoctrinate V; C Investigate V",
     dict(failed={"R.Recruit": "every conversion of V fails", "Cu.Indoctrinate": "every conversion of V fails"},
          results={"C.Investigate": "Town"}, no_notice=["V", "R", "Cu"])),
    ("a_new_role_and_a_new_side_both_fail", "S=Seducer Cu=Cultist V=Villager W=Villager",
     "S Seduce V; Cu Indoctrinate V",
     dict(failed={"S.Seduce": "cannot be made", "Cu.Indoctrinate": "cannot be made"}, no_notice=["V"])),
]


@pytest.mark.parametrize("players, lines, expect", [c[1:] for c in CLASHES], ids=[c[0] for c in CLASHES])
def test_two_actions_joining_guild_x_and_guild_y_both_fail(rs, players, lines, expect):
    """Seed natural V: "If two actions targeting a Guildless player have the effects 'join Guild X'
    and 'join Guild Y', both fail", whatever the order they were typed in; the player is told
    nothing and stays as they were."""
    for order in permutations(lines.split("; ")):
        o, n = night(state(rs, players), "; ".join(order))
        check(o, n, expect)
        assert not [c for c in o.changes if c.kind == "convert"], (order, o.changes)


def test_two_recruiters_to_the_same_side_do_not_clash(rs):
    """Two actions with the same effect ('join Guild X' twice) can both be honoured."""
    o, n = night(state(rs, "R1=Recruiter R2=Recruiter V=Villager W=Villager"), "R1 Recruit V; R2 Recruit V")
    assert [(c.player, c.value) for c in o.changes if c.kind == "convert"] == [("V", "Mafia"), ("V", "Mafia")]
    check(o, n, dict(ok=["R1.Recruit", "R2.Recruit"]))


def test_a_consumption_that_clashes_with_a_domination_takes_its_consumer_out_of_nothing():
    """The clash rule holds in every ruleset (paranormal: conversions are in one simultaneous step
    of the Event Order): an Advanced Doppelganger's Consume and a Hivemind's Dominate on one
    Townie both fail, and the Doppelganger does not leave play for a consumption that failed."""
    rs = ruleset("paranormal")
    for order in ("Ad Consume T; Hv Dominate T", "Hv Dominate T; Ad Consume T"):
        o, n = night(state(rs, "Ad=Advanced_Doppelganger Hv=Hivemind_(Psychic) T=Townie U=Townie"), order)
        check(o, n, dict(failed={"Ad.Consume": "cannot be made", "Hv.Dominate": "cannot be made"},
                         no_notice=["T", "Ad", "Hv"]))
        assert not [c for c in o.changes if c.kind == "convert" or c.key in ("abducted", "bound-to")], o.changes
def test_a_consumption_that_clashes_keeps_the_mind_shield_it_would_have_taken():
    """Seed natural V (both fail, the player "stays as they were") against seed paranormal's
    Advanced Doppelganger ("Any abilities possessed by the Consumed character are lost, including
    Mind Shield"): a Consume that clashes with a Dominate takes nothing, so a Townie's built Mind
    Shield stays, whichever was typed first. (The untaking the Consume made is taken back with it:
    hostkit.engine.effects.change reads it from the end of the night's untakings.)"""
    rs = ruleset("paranormal")
    shield = {"T": {"mind-shield": {"by": "Ms"}}, "U": {"mind-shield": {"by": "Ms"}}}
    for order in ("Ad Consume T; Hv Dominate T", "Hv Dominate T; Ad Consume T"):
        st = state(rs, "Ad=Advanced_Doppelganger Hv=Hivemind_(Tech) T=Townie U=Townie", tags=shield)
        o, n = night(st, order)
        check(o, n, dict(failed={"Ad.Consume": "cannot be made", "Hv.Dominate": "cannot be made"}))
        assert ("T", "mind-shield") not in n.untags, (order, n.untags)
        assert not [c for c in o.changes if c.kind == "untag"], (order, o.changes)
    # the same Consume alone takes the shield (the case above is not one that never takes it)
    o, n = night(state(rs, "Ad=Advanced_Doppelganger T=Townie U=Townie", tags=shield), "Ad Consume T")
    check(o, n, dict(untags={("T", "mind-shield")}))


