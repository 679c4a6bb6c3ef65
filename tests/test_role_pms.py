"""Role PMs: each states race and goal in the players' words, a convert's says whose win is theirs,
and the closing line asks for actions only from who has some.
"""

from __future__ import annotations

import json

import pytest

from conftest import Host
from test_paranormal_tech import _new


@pytest.mark.parametrize("player, has, lacks", [
    ("Dp", ["target: one living player, not a known ally, not yourself", "Send your actions to the host by PM."],
     ["unallied", "no actions to send"]),
    ("Jo", ["You have no actions to send: your part is in the thread. Good luck!"], ["Send your actions"]),
    ("Su", ["Send your actions to the host by PM."], ["no actions to send"]),  # a tech slot: tech to use
    ("Ms", ["Send your actions to the host by PM."], ["no actions to send"]),
], ids=["Doppelganger-kill-target-in-words", "Townie-has-no-actions", "Survivor-tech-slot", "Mind-Stealer"])
@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_paranormal_role_pm_wording(tmp_path, player, has, lacks, fmt):
    """Before: the Doppelgangers' kill read 'one living unallied player' (the natural seed's term,
    which a paranormal player never reads), and every role PM, a Townie's too, ended 'Send your
    actions to the host by PM.'"""
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Dp=Doppelganger", "Bo=Doppelganger", "Jo=Townie", "Su=Survivor", "Ms=Harvester (Mind Stealer)",
                   "Ag=Agent"], options=["max-day=5"])
    pm = Host(tmp_path / "g").ok("pm", player, "--format", fmt)
    for text in has:
        assert text in pm
    for text in lacks:
        assert text not in pm


@pytest.mark.parametrize("ruleset, assign, attributes, player, sends", [
    ("classic-werewolf", ["Ann=Hunter", "Bob=Werewolf", "Cy=Villager", "Di=Villager"], [], "Ann", True),
    ("classic-werewolf", ["Ann=Hunter", "Bob=Werewolf", "Cy=Villager", "Di=Villager"], [], "Cy", False),
    ("paranormal", ["Jo=Townie", "Ki=Townie", "Dp=Doppelganger"], ["Jo=Spirit-bond"], "Jo", True),
    ("paranormal", ["Jo=Townie", "Ki=Townie", "Dp=Doppelganger"], ["Jo=Spirit-bond"], "Ki", False),
], ids=["classic-Hunter-last-shot", "classic-Villager", "paranormal-Attributes-Spirit-bond", "paranormal-Townie"])
def test_role_pm_closing_line_asks_for_actions_only_from_who_has_some(tmp_path, ruleset, assign, attributes, player, sends):
    """A Hunter's last shot and a Spirit-bond's choice at death are sent to the host: their PMs
    keep 'Send your actions'; a Villager's or a Townie's says they have none."""
    from hostkit.game.game import create

    create(tmp_path / "g", ruleset=ruleset, seed=1, assign=assign, attributes=attributes,
           options=["max-day=5"] if ruleset == "paranormal" else [])
    pm = Host(tmp_path / "g").ok("pm", player)
    assert ("Send your actions to the host by PM. Good luck!" in pm) is sends
    assert ("You have no actions to send: your part is in the thread. Good luck!" in pm) is not sends


INTERNAL = ("Standing:", "Factional:", "no target", "power =", "[b]mind-shield", "[b]anti-tech", "[b]psychic-vote",
            "[b]last-shot", "tech-picks")


def test_every_role_pm_states_race_and_goal_in_players_words(tmp_path):
    """Issue 12, Output: 'Role PMs state Race and Goal; the seed lists both for every role. No
    internal words.' Every role of the seed, dealt at once: each PM says its Race and Goal, names
    its passives in words, and an alien's PM says its tech slots (seed: 'Tech: 1 Medium and 1
    Large Tech Slot')."""
    names = [r["name"] for r in json.loads(Host(tmp_path)("roles", "paranormal", "--json").stdout)["roles"]]
    host = _new(tmp_path, *(f"P{i}={name}" for i, name in enumerate(names, start=1)))
    pms = host.ok("pm").split("===== PM to ")[1:]
    assert len(pms) == len(names)
    for pm in pms:
        assert "Race: [b]" in pm and "Goal: [b]" in pm, pm[:200]
        for word in INTERNAL:
            assert word not in pm, (word, pm[:200])
    ext = next(pm for pm in pms if "[b]Exterminator (Mind Shield)[/b]" in pm)
    assert "[b]Mind Shield[/b]: psychic powers cannot reach you" in ext
    assert "[b]Tech[/b]: 1 Medium and 1 Large tech slots." in ext
    sur = next(pm for pm in pms if "[b]Survivor[/b]." in pm)
    assert "[b]Tech[/b]: 1 Small tech slot." in sur
    town = next(pm for pm in pms if "[b]Townie[/b]." in pm)
    assert "[b]Tech[/b]" not in town


def test_a_converts_pm_says_whose_win_is_theirs(tmp_path):
    """Hivemind: 'Converted players keep their current role, but switch teams and win condition.'
    The convert's role PM keeps the role and says the Hivemind's win is theirs (not the
    Hivemind's own line, 'the town cannot stop you')."""
    host = _new(tmp_path, "Hiv=Hivemind (Psychic)", "Bo=Doppelganger", "Dee=Townie", "Cy=Townie", "Eve=Townie")
    host.ok("tech", "pick", "Hiv", "Stun Bomb")
    host.ok("act", "Hiv", "Dominate", "Dee")
    host.ok("act", "Bo", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = host.ok("pm", "Dee")
    assert "You are the [b]Townie[/b]. Your alignment is [b]Hivemind[/b]." in pm
    assert "You now play for the Hivemind, and you win only when they win: when every opposing group is dead and " \
           "the town cannot stop them." in pm
    assert "cannot stop you" not in pm
