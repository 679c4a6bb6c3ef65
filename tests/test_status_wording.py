"""`hostkit status` in the host's words: standing tags and a player's attributes named plainly,
no engine bookkeeping.
"""

from __future__ import annotations



from conftest import Host
from game_helpers import _status
from test_paranormal_tech import _new


def test_status_shows_tags_in_words_not_bookkeeping(tmp_path):
    """The host reads status: no engine bookkeeping ('tech-picks'), and each standing fact in
    words (Xenozoologist: 'kept for study'; Hivemind: 'they join the Hivemind's faction'; the
    Stun Orb and the Mind Control Ray's 'following day'). --json keeps the tag names SPEC's
    'standing effects (charges left, tags)' lists, and adds them in words."""
    host = _new(tmp_path, "Xe=Xenozoologist", "Bo=Doppelganger", "Cy=Townie", "Dee=Townie", "Eve=Townie",
                "Su=Survivor", "Hiv=Hivemind (Psychic)", "Ms=Mad Scientist (Cutting Edge Scientist)")
    host.ok("tech", "pick", "Xe", "Scanner")
    host.ok("tech", "pick", "Ms", "Mind Control Ray")
    host.ok("tech", "pick", "Su", "Stun Orb")
    host.ok("tech", "pick", "Hiv", "Stun Orb")
    for line in (("Xe", "Abduct", "Cy"), ("Bo", "Kill", "skip"), ("Hiv", "Dominate", "Dee"), ("Su", "Stun Orb", "Eve"),
                 ("Ms", "Mind Control Ray", "Bo", "Eve")):
        host.ok("act", *line)
    host.ok("resolve", "--force")
    text = host.ok("status")
    assert "tech-picks" not in text and "tags:" not in text
    assert "specimens held: Human" in text
    assert "abducted by Xe, kept as the Human specimen: out of play" in text
    assert "converted by Hiv: dies with them" in text
    assert "stunned by Su on night 1 (no active ability on day 1)" in text
    assert "vote controlled by Ms on day 1" in text
    st = _status(host)
    assert st["Xe"]["tags"] == ["specimens", "tech-picks"] and st["Xe"]["standing"] == ["specimens held: Human"]
    assert st["Su"]["standing"] == []
    page = host.ok("page")
    assert "tech-picks" not in page and "specimens held: Human" in page
    # 'the following day' is day 1: from night 2 the stun and the vote control are history.
    host.ok("eliminate", "--none", "--force")
    text = host.ok("status")
    assert "stunned by Su" not in text and "vote controlled" not in text
    assert "specimens held: Human" in text and _status(host)["Eve"]["tags"] == ["stunned"]


def test_status_names_a_players_attributes(tmp_path):
    """Attributes: 'The Mind Shield is not a role in itself, but an ability granted to a non-psychic
    character': status shows it beside the role."""
    folder = tmp_path / "g"
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "paranormal", "--seed", "5", "--assign", "Ag=Agent", "--assign",
            "Bo=Doppelganger", "--assign", "Cy=Townie", "--attribute", "Ag=Mind Shield", "--attribute", "Cy=Kook")
    text = host.ok("status")
    assert "Ag  Agent [Town]  alive  attributes: Mind Shield" in text
    assert "Cy  Townie [Town]  alive  attributes: Kook" in text
