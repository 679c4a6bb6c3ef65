"""paranormal: what the Hiveminds, the Advanced Doppelganger and a Spirit-bonded player are told
after a night, each as its seed sentence says.
"""

from __future__ import annotations

import pytest

from game_helpers import _game, _pms


HIVE = ("Hv=Hivemind (Tech)", "Ps=Hivemind (Psychic)", "Dp=Doppelganger", "Ag=Agent", "To=Townie", "Gu=Bodyguard (Heroic Guard)",
        "Mi=Mad Scientist (Military Scientist)", "T2=Townie", "T3=Townie", "T4=Townie")


@pytest.mark.parametrize("target, guard, told", [
    ("Ag", None, "You dominated Ag: from this morning they play for the Hivemind."),
    ("Ag", "Gu", "Your Dominate on Ag was taken by Gu, who guarded them: Gu is dominated instead, and plays for the "
                 "Hivemind from this morning."),
    ("Dp", None, "Your Dominate on Dp failed: they are Non Human."),
], ids=["Hivemind-told-whom-it-dominated", "Tech-Hivemind-told-the-sacrificial-guard-was-dominated-instead",
        "Hivemind-told-a-non-human-reads-Non-Human"])
def test_hivemind_is_told_what_its_domination_did(tmp_path, target, guard, told):
    """Seed paranormal Hivemind: 'If the player is human ... they join the Hivemind's faction';
    Tech Hivemind: 'A sacrificial Guard will be converted instead of the intended target';
    'Advanced Anti-Tech Field shows as 'Non Human' regardless of race'. The Hivemind's PM was
    empty: it could not know who joined (a guard in its target's place), nor read 'Non Human'."""
    host = _game(tmp_path, *HIVE)
    host.ok("tech", "pick", "Hv", "none")
    host.ok("tech", "pick", "Ps", "none")
    host.ok("act", "Hv", "Dominate", target)
    if guard:
        host.ok("act", guard, "Guard", target)
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Hv", 1)
    assert told in pm
    assert "Non Human" not in pm or "failed" in told


def test_psychic_hivemind_reads_non_human_from_an_advanced_mind_shield(tmp_path):
    """Seed paranormal Psychic Hivemind: 'Blocked by Mind Shield. Advanced Mind Shield shows as
    'Non Human' regardless of race.' To (a Human with a natural Mind Shield) gets a built one
    on night 1 (Advanced from night 2): Ps's domination on night 2 reads 'Non Human'."""
    host = _game(tmp_path, *HIVE, attributes=("To=Mind Shield",))
    host.ok("tech", "pick", "Hv", "none")
    host.ok("tech", "pick", "Ps", "none")
    host.ok("act", "Mi", "Build Mind Shield", "To")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Ps", "Dominate", "To")
    host.ok("act", "Dp", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "converted" not in out
    assert "Your Dominate on To failed: they are Non Human." in _pms(host, "Ps", 2)


def test_advanced_doppelganger_told_an_alien_cannot_be_consumed_and_keeps_the_use(tmp_path):
    """Seed paranormal Advanced Doppelganger: 'Aliens cannot be Consumed, but the once-per-game
    limit on the ability is not used up if the Adv. Dopp tries to consume them.' He was told
    nothing, so he could not know the use is still his."""
    host = _game(tmp_path, "Ad=Advanced Doppelganger", "Su=Survivor", "Ag=Agent", "To=Townie", "T2=Townie")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Ad", "Consume", "Su")
    host.ok("act", "Ad", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Your Consume on Su failed: Aliens cannot be consumed. It is not used up." in _pms(host, "Ad", 1)
    assert "consume 1 left" in host.ok("status").lower()


def test_spirit_bond_is_told_to_the_dead_and_to_the_receiver(tmp_path):
    """Seed paranormal Attributes, Spirit-bond: 'When this player dies they may choose another
    living player to bond with. That night they visit that player as a ghost and offers them
    their power. If that player accepts, they lose any abilities they may have had and gain the
    ghost's abilities instead.' The dead player's PM did not say they may bond, and the receiver's
    did not say what they now have."""
    host = _game(tmp_path, "Ag=Agent", "Dp=Doppelganger", "To=Townie", "T2=Townie", "T3=Townie",
                 attributes=("Ag=Spirit-bond",))
    host.ok("act", "Dp", "Kill", "Ag")
    host.ok("resolve", "--force")
    assert "You have the Spirit-bond: you may choose a living player to bond with." in _pms(host, "Ag", 1)
    host.ok("bond", "Ag", "To")
    host.ok("eliminate", "--none")
    host.ok("bond", "To", "--accept")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    assert ("You accepted Ag's power: from this morning you have their abilities instead of your own (Investigate)."
            in _pms(host, "To", 2))
    assert "Spirit-bond" not in host.ok("pm", "T2", "--night", "2", "--format", "plain")
