"""Seed paranormal, the Mad Scientist's technology pick: "At the beginning of the game the Mad Scientist picks one of
three technologies to start the game with, depending on which Variant they are." A role's
`pick_one` choices (roles.toml); the pick is entered with 'hostkit tech pick', 'hostkit due' asks
until it is, and only the picked technology is the Scientist's (the two builds are everyone's:
'All Mad Scientists have access to the Mind Shield and Anti-Tech field')."""

from __future__ import annotations

import pytest

from conftest import Host
from engine_helpers import night, ruleset, state
from hostkit.game.game import create

SENTENCE = "picks one of three technologies to start the game with, depending on which Variant they are"
VARIANTS = [
    ("Mad Scientist (Military Scientist)", {"Assassin bot": ["Assassin Bot"], "Sentry Guns": ["Sentry Guns"],
                                            "EMP Pulse Bomb": ["EMP Pulse Bomb"]}),
    ("Mad Scientist (Cutting Edge Scientist)", {"Body Double": ["Body Double"], "Mind Control Ray": ["Mind Control Ray"],
                                                "Psychic Pulser": ["Psychic Pulser"]}),
    ("Mad Scientist (Intelligence Scientist)", {"Surveillance System": ["Surveillance System"],
                                                "Snooper bot": ["Snooper Bot"],
                                                "Advanced Tracking Devices": ["Plant Tracker", "Build Tracker",
                                                                             "Tracking Report"]}),
]
CHOICES = [(role, choice) for role, picks in VARIANTS for choice in picks]
for role, picks in list(VARIANTS):
    VARIANTS.append(("Doppelganger " + role, picks))


@pytest.fixture(scope="module")
def rs():
    return ruleset("paranormal")


@pytest.mark.parametrize("role, picks", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_each_variant_offers_its_three_technologies(rs, role, picks):
    """Seed Mad Scientist: "picks one of three technologies to start the game with, depending on
    which Variant they are"."""
    assert {k: list(v) for k, v in rs.roles[role].pick_one.items()} == picks


@pytest.mark.parametrize("role, choice", CHOICES + [(r, None) for r, _ in VARIANTS[:3]],
                         ids=[f"{r}-{c}" for r, c in CHOICES] + [f"{r}-before-the-pick" for r, _ in VARIANTS[:3]])
def test_only_the_picked_technology_is_the_scientists(rs, role, choice):
    """Seed Mad Scientist: "picks one of three technologies to start the game with": the picked
    one's abilities are the Scientist's, the other two's are not (before the pick, none are); the
    Mind Shield and Anti-Tech Field builds always are."""
    st = state(rs, f"Ms={role.replace(' ', '_')}", tags={"Ms": {"picked": choice}} if choice else None)
    have = {a.name for a in st.role_of("Ms").abilities}
    picks = rs.roles[role].pick_one
    assert {"Build Mind Shield", "Build Anti-Tech Field"} <= have
    for c, names in picks.items():
        assert (set(names) <= have) == (c == choice) and (not set(names) & have) == (c != choice), (c, have)


def test_an_unpicked_technology_does_nothing_in_the_engine(rs):
    """Seed Mad Scientist: "picks one of three technologies": a hand-edited record using a
    technology the Scientist did not pick resolves to nothing (the Assassin bot kills no one)."""
    st = state(rs, "Ms=Mad_Scientist_(Military_Scientist) T=Townie", tags={"Ms": {"picked": "Sentry Guns"}})
    o, _ = night(st, "Ms Assassin_Bot T")
    assert not o.deaths


def _game(tmp_path) -> Host:
    create(tmp_path / "g", ruleset="paranormal", seed=1, options=["max-day=4"], assign=[
        "Ms=Mad Scientist (Military Scientist)", "Dm=Doppelganger Mad Scientist (Cutting Edge Scientist)",
        "Bob=Doppelganger", "Ann=Townie", "Cy=Townie", "Dee=Townie"])
    return Host(tmp_path / "g")


def test_cli_the_pick_is_asked_entered_once_and_only_it_is_usable(tmp_path):
    """Seed Mad Scientist: "At the beginning of the game the Mad Scientist picks one of three
    technologies to start the game with, depending on which Variant they are": 'due' asks for each
    Scientist's pick until it is entered; before it no technology is theirs; after it only the
    picked one; a second pick, a technology of another variant and an unknown word are refused."""
    host = _game(tmp_path)
    due = host.ok("due")
    assert "Ms (Mad Scientist (Military Scientist)) picks one technology" in due
    assert "Dm (Doppelganger Mad Scientist (Cutting Edge Scientist)) picks one technology" in due
    assert "has not picked a technology yet" in host.refused("act", "Ms", "Sentry Guns")
    assert "picks one of: Assassin bot, Sentry Guns, EMP Pulse Bomb" in host.refused("tech", "pick", "Ms", "Body Double")
    assert "picks one of" in host.refused("tech", "pick", "Ms", "Lasers")
    assert "Ms picks Sentry Guns" in host.ok("tech", "pick", "Ms", "sentry guns")
    assert "already picked Sentry Guns" in host.refused("tech", "pick", "Ms", "EMP Pulse Bomb")
    host.ok("tech", "pick", "Dm", "Mind Control Ray")
    assert "picks one technology" not in host.ok("due")
    assert "picked Sentry Guns, not Assassin bot" in host.refused("act", "Ms", "Assassin Bot", "Ann")
    assert "picked Mind Control Ray, not Body Double" in host.refused("act", "Dm", "Body Double")
    host.ok("act", "Ms", "Sentry Guns")
    assert "technology picked: Sentry Guns" in host.ok("status")


def test_cli_the_pick_is_made_at_the_start(tmp_path):
    """Seed Mad Scientist: "At the beginning of the game": once the first night has resolved, a
    pick is refused (as alien tech is), and the unpicked Scientist has no technology."""
    host = _game(tmp_path)
    host.ok("resolve", "--force")
    assert "start of the game" in host.refused("tech", "pick", "Ms", "Sentry Guns")
    assert "picks one technology" not in host.ok("due")


def test_cli_role_pm_offers_the_three_then_names_the_pick(tmp_path):
    """Seed Mad Scientist: "picks one of three technologies to start the game with": the role PM
    sent at the start lists the three to pick from; once picked, only the one picked."""
    host = _game(tmp_path)
    pm = host.ok("pm", "Ms", "--format", "plain")
    assert "Pick one technology to start the game with" in pm and "- Assassin Bot (" in pm and "- EMP Pulse Bomb (" in pm
    host.ok("tech", "pick", "Ms", "EMP Pulse Bomb")
    pm = host.ok("pm", "Ms", "--format", "plain")
    assert "Your technology: EMP Pulse Bomb." in pm and "- Assassin Bot (" not in pm and "- EMP Pulse Bomb (" in pm
