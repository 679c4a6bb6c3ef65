"""`hostkit sent KEY [--again] [--id ID]`: the host says whether a send hostkit could not tell
about went out (a full sentbox, a copy it cannot tell from an older one: hostkit.forum.recover).
Only an unsure (`sending`) PM or post is taken; anything else is refused with one line, exit 1,
nothing written. On the board: tests/test_send_full_sentbox.py."""

from __future__ import annotations

import json

import pytest

from conftest import Host
from hostkit.forum.journal import NAME, identity

THREAD = "http://127.0.0.1:9/viewtopic.php?t=4"


@pytest.fixture
def host(tmp_path) -> Host:
    host = Host(tmp_path / "game")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "4", "--host", "Host",
            "--thread", THREAD, "--assign", "Ann=Seer", "--assign", "Bob=Werewolf", "--assign", "Cy=Villager")
    sends = [{"key": "pm:your role:Ann", "kind": "pm", "to": "Ann", "what": "your role PM", "state": "sending"},
             {"key": "pm:your role:Bob", "kind": "pm", "to": "Bob", "what": "your role PM", "state": "sent", "id": "31"},
             {"key": "account:Ann", "kind": "account", "to": "Ann", "what": "Ann", "state": "pinned", "id": "7"}]
    (host.folder / NAME).write_text(json.dumps({"version": 1, **identity(host.game), "sends": sends}))
    return host


def _state(host: Host, key: str) -> dict:
    return next(e for e in json.loads((host.folder / NAME).read_text())["sends"] if e["key"] == key)


REFUSED = [
    ("an unknown key, the nearest named", ["pm:your role:Anne"], "did you mean 'pm:your role:Ann'"),
    ("a send the journal knows went out", ["pm:your role:Bob"], "is sent, not unsure"),
    ("a pin, which is no send", ["account:Ann"], "no PM or post of that key"),
]


@pytest.mark.parametrize("args, said", [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_only_an_unsure_send_is_marked_by_hand(host, args, said):
    assert said in host.refused("sent", *args)


def test_a_send_marked_sent_is_never_sent_again_and_one_marked_again_is_sent_next(host):
    assert "marked sent" in host.ok("sent", "pm:your role:Ann", "--id", "4121")
    assert _state(host, "pm:your role:Ann")["state"] == "sent" and _state(host, "pm:your role:Ann")["id"] == "4121"
    assert "is sent, not unsure" in host.refused("sent", "--again", "pm:your role:Ann")
    entry = json.loads((host.folder / NAME).read_text())
    entry["sends"][0]["state"] = "sending"
    (host.folder / NAME).write_text(json.dumps(entry))
    assert "the next run sends it" in host.ok("sent", "--again", "pm:your role:Ann")
    assert _state(host, "pm:your role:Ann")["state"] == "dropped"


def test_another_games_journal_is_refused_here_too(host, tmp_path):
    other = Host(tmp_path / "other")
    other.ok("new", str(other.folder), "--ruleset", "classic-werewolf", "--seed", "9", "--host", "Host",
             "--thread", THREAD, "--assign", "Ann=Seer", "--assign", "Bob=Werewolf", "--assign", "Cy=Villager")
    (other.folder / NAME).write_text((host.folder / NAME).read_text())
    assert "another game" in other.refused("sent", "pm:your role:Ann")
