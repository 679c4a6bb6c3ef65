"""Issue 12, the Mind Stealer's victim keeps its side (seed paranormal, Harvester: 'The abducted
player reverts to a vanilla role for the rest of the game (Aliens will all become survivors)';
Rogue Doppelganger: 'Acts as a third party with either Town Ally or Dopp Ally win condition ...
but does not know who the dopp team are in either case').

A robbed player becomes a vanilla role and keeps its side exactly: its alignment and its faction,
or no faction. A robbed Rogue Doppelganger becomes a lone Doppelganger of its own alliance, never a
member of the Doppelgangers' faction; an Alien becomes a Survivor on the Survivor's side.
Engine rules as a table (resolve, then the day's apply_outcome and the win check); a whole steal
through the CLI. Decision: games/paranormal/ruleset.toml [decisions] mind-stealer-victim-side.
"""

from __future__ import annotations

import pytest

from engine_helpers import night, ruleset, state
from hostkit.engine import sides
from hostkit.engine.day import apply_outcome
from test_paranormal_sides import new

MS = "Ms=Harvester_(Mind_Stealer)"
REVERTS = "seed Harvester: 'The abducted player reverts to a vanilla role for the rest of the game'"
ROGUE = "seed Rogue Doppelganger: 'with either Town Ally or Dopp Ally win condition ... does not know who the dopp team are'"
ALIENS = "seed Harvester: '(Aliens will all become survivors)'"


@pytest.fixture(scope="module")
def rs():
    return ruleset("paranormal")


# (id: seed section and rule, seed sentence, the victim's role, state tags, then: role, alignment,
# faction after the theft (None: nothing stolen), and the winner once the other side is gone).
CASES = [
    ("Rogue-Doppelganger-town-ally-robbed-stays-town-ally", ROGUE, "Rogue_Doppelganger_(Town_Ally)", {},
     ("Lone Doppelganger (Town Ally)", "Town", None), "Town"),
    ("Rogue-Doppelganger-dopp-ally-robbed-stays-dopp-ally-outside-the-faction", ROGUE, "Rogue_Doppelganger_(Dopp_Ally)",
     {}, ("Lone Doppelganger (Dopp Ally)", "Doppelgangers", None), "Doppelgangers"),
    ("Harvester-robbed-doppelganger-agent-reverts-to-doppelganger-in-the-faction", REVERTS, "Doppelganger_Agent", {},
     ("Doppelganger", "Doppelgangers", "Doppelgangers"), "Doppelgangers"),
    ("Harvester-robbed-human-reverts-to-townie", REVERTS, "Agent", {}, ("Townie", "Town", None), "Town"),
    ("Harvester-robbed-alien-becomes-a-survivor", ALIENS, "Agent_Operative", {}, ("Survivor", "Survivor", None), "Town"),
    ("Harvester-robbed-exterminator-operative-becomes-a-survivor", ALIENS, "Exterminator_Operative", {},
     ("Survivor", "Survivor", None), "Town"),
    ("Harvester-robbed-hivemind-convert-stays-in-the-hivemind", REVERTS, "Agent",
     {"faction": "Hivemind", "alignment": "Hivemind"}, ("Townie", "Hivemind", "Hivemind"), None),
    ("Harvester-vanilla-doppelganger-has-no-role-to-steal", REVERTS, "Doppelganger", {}, None, None),
    ("Harvester-lone-doppelganger-has-no-role-to-steal", REVERTS, "Lone_Doppelganger_(Town_Ally)", {}, None, None),
]


@pytest.mark.parametrize("sentence, victim, side, after, winner", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_robbed_player_keeps_its_side(rs, sentence, victim, side, after, winner):
    # V is robbed; D (a Doppelganger) is already dead, so only V can stand for the Doppelgangers.
    st = state(rs, f"{MS} V={victim} T=Townie U=Townie D=Doppelganger", dead=("D",))
    before = (st.players["V"].role, st.players["V"].alignment)
    for key, value in side.items():
        setattr(st.players["V"], key, value)
    o, _ = night(st, "Ms Abduct V")
    apply_outcome(st, o)
    p = st.players["V"]
    if after is None:
        assert "has no role to steal" in " ".join(f.reason for f in o.failed), o.failed
        assert p.role == before[0]
        return
    assert (p.role, p.alignment, p.faction) == after, sentence
    role = st.role_of("V")
    assert not any(a.factional for a in role.abilities) or p.faction == role.faction  # no kill it is not party to
    if winner == "Town":
        # A robbed Town-side player still wins with the Town: nothing hostile is left in play.
        assert sides.victory(st) == "Town"
    elif winner == "Doppelgangers":
        # Still on the Doppelgangers' side: with one Townie gone, they are half of the players in play.
        st.players["U"].alive = False
        st.players["T"].alive = False
        assert sides.victory(st) == "Doppelgangers"


def test_cli_Rogue_Doppelganger_robbed_keeps_town_ally_and_wins_with_town(tmp_path):
    """seed Rogue Doppelganger: 'Acts as a third party with either Town Ally or Dopp Ally win
    condition'; seed Harvester: 'The abducted player reverts to a vanilla role for the rest of the
    game'. A Town-Ally Rogue robbed by the Mind Stealer stays Town Ally, does not join (or learn)
    the Doppelgangers, and wins when the Town wins."""
    host = new(tmp_path, "Ro=Rogue Doppelganger (Town Ally)", "Bob=Doppelganger", "Ms=Harvester (Mind Stealer)",
               "Cy=Townie", "Di=Townie", "Ed=Townie", options=["max-day=5", "mind-stealer-goal=9"])
    host.ok("tech", "pick", "Ms", "Scanner", "Stun Orb")
    host.ok("act", "Ms", "Abduct", "Ro")
    host.ok("act", "Bob", "Kill", "Di")
    out = host.ok("resolve", "--force")
    assert "role stolen: Ro by Ms (now a Lone Doppelganger (Town Ally))" in out
    st = host.game.state
    p = st.players["Ro"]
    assert (p.role, p.alignment, p.faction) == ("Lone Doppelganger (Town Ally)", "Town", None)
    pm = host.ok("pm", "Ro", "--night", "1", "--format", "plain")
    assert "Your role was stolen tonight: from this morning you are a Lone Doppelganger (Town Ally), on the same side." in pm
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Ro "))
    assert "Lone Doppelganger (Town Ally) [Town]" in line, line
    # It has no kill and shares none: the Doppelgangers' kill is refused for it.
    assert "Kill" in host.refused("act", "Ro", "Kill", "Cy")
    host.ok("vote", "Cy", "Bob")
    host.ok("vote", "Ed", "Bob")
    host.ok("vote", "Ro", "Bob")
    out = host.ok("eliminate", "Bob")
    assert "Town" in out
    st = host.game.state
    assert st.winner == "Town"
    assert st.won.get("Ro") == "Town won" and "Bob" not in st.won
