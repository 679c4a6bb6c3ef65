"""misc3's items: store, co-host and CLI defects left open (what a host sees through the CLI, in
temp folders), with the decisions taken where the spec was silent. The co-host merge conflicts
(item 1) are in test_cohost.py, beside the merges they change."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import Host, new_classic, snapshot


def _classic_day(tmp_path: Path) -> Host:
    """A classic game at day 1: night 1 resolved with the Werewolf's kill on Fay."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    return host


# --------------------------------------------------------------------------- 2. undo and a hand-edited seq


def test_undo_takes_the_latest_phase_entry_not_an_old_night_action_with_a_hand_edited_seq(tmp_path):
    """Before: `seq = 1000` written by hand on night 1's kill made plain `undo` take it back (the
    highest seq in the whole record), rewriting a published night. Now the last entry is the
    latest phase's (a phase's end last in it): the day's vote, then the night's end."""
    host = _classic_day(tmp_path)
    host.ok("vote", "Ann", "Bob")
    night = host.folder / "phases/001-night-1.toml"
    night.write_text(night.read_text().replace("seq = 1\n", "seq = 1000\n", 1))
    assert "seq = 1000" in night.read_text()
    assert host.ok("undo").strip() == "undone: Ann's vote on Bob"
    assert host.ok("undo").strip() == "undone: the end of night 1 (deaths: Fay)"
    assert host.ok("undo").strip() == "undone: Bob's Kill on Fay"


def test_undo_still_takes_the_later_of_two_interleaved_entries_within_a_phase(tmp_path):
    """Within a phase, seq still orders (co-hosts' merged entries interleave there)."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Ann", "Check", "Gus")
    assert host.ok("undo").strip() == "undone: Ann's Check on Gus"
