"""`hostkit undo` and `undo --entry` with a game folder the host also edits by hand: the entry taken
back is the latest, and what the host wrote in the phase files is kept byte for byte.
"""

from __future__ import annotations

import json

import pytest

from conftest import CLASSIC as CLASSIC8, Host, new_classic
from game_helpers import _classic_day, folder_md5s
from test_undo_units import md5s


@pytest.mark.parametrize("edit, named", [
    (lambda h: (h.folder / "phases/002-day-1.toml").open("a").write("# Day 1 opened at post 20\n"),
     "your line 4: '# Day 1 opened at post 20'"),
    (lambda h: h.ok("start-post", "20"), "the day's start post (20, from 'hostkit start-post')"),
], ids=["a-comment", "a-start-post"])
def test_undo_of_a_phase_end_keeps_what_the_host_wrote_in_the_next_phase_file(tmp_path, edit, named):
    """Before: undo of the night's end deleted the day's file, the host's comment (or start post)
    with it, silently. Now it refuses (nothing written) and names the line; --force deletes it,
    and the folder is then byte for byte as before the resolve."""
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    before = md5s(host)
    host.ok("resolve", "--force")
    edit(host)
    err = host.refused("undo")
    assert (f"undoing the end of night 1 deletes phases/002-day-1.toml, which holds {named}: copy it "
            "elsewhere first, or 'hostkit undo --force' deletes it too") in err
    assert host.ok("undo", "--force").strip() == "undone: the end of night 1 (deaths: Fay)"
    assert md5s(host) == before


def test_undo_of_a_phase_end_whose_next_file_only_gained_blank_lines_needs_no_force(tmp_path):
    """Blank lines are not the host's words: nothing is lost, so undo goes ahead."""
    host = _classic_day(tmp_path)
    (host.folder / "phases/002-day-1.toml").open("a").write("\n\n")
    assert host.ok("undo").startswith("undone: the end of night 1")
    assert not (host.folder / "phases/002-day-1.toml").exists()


def test_undo_of_a_day_end_names_the_comment_in_the_next_night_file(tmp_path):
    host = _classic_day(tmp_path)
    host.ok("eliminate", "Gus")
    (host.folder / "phases/003-night-2.toml").open("a").write("\n# Gus flipped late\n")
    assert "phases/003-night-2.toml, which holds your line 5: '# Gus flipped late'" in host.refused("undo")
    assert (host.folder / "phases/003-night-2.toml").exists()


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


@pytest.mark.parametrize("edit", [
    pytest.param(lambda t: t + "# Ann sent her PM late; allowed by the hosts\n", id="comment-after-the-last-action"),
    pytest.param(lambda t: t + "\n\n# two blank lines, then a note\n", id="blank-lines-and-a-note-at-the-end"),
    pytest.param(lambda t: "# night 1, hosted by Bea\n" + t, id="comment-at-the-top"),
])
def test_house_rule_undo_after_a_hand_edited_phase_file_restores_it_byte_for_byte(tmp_path, edit):
    """Before: a note the host added after the night's last action became the blank line before
    the next appended action, and 'undo' left that blank line behind: the file grew one line with
    every act-and-undo."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    phase = host.folder / "phases" / "001-night-1.toml"
    phase.write_text(edit(phase.read_text()))
    before = folder_md5s(host.folder)
    for _ in range(3):
        host.ok("act", "Ann", "Check", "Gus")
        host.ok("undo")
        assert folder_md5s(host.folder) == before, phase.read_text()
    host.ok("act", "--file", "-", input="Ann Check Gus\nDave Guard Hal\n")
    host.ok("undo")
    assert folder_md5s(host.folder) == before, phase.read_text()


def test_house_rule_undo_entry_of_a_middle_action_in_a_hand_edited_file_keeps_the_rest(tmp_path):
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    phase = host.folder / "phases" / "001-night-1.toml"
    phase.write_text(phase.read_text() + "# note\n")
    before = phase.read_text()
    host.ok("act", "Ann", "Check", "Gus")
    host.ok("act", "Dave", "Guard", "Hal")
    check = next(e for e in json.loads(host.ok("log", "--json"))["entries"] if "Check" in e["what"])
    host.ok("undo", "--entry", check["id"])
    host.ok("undo")
    assert phase.read_text() == before


@pytest.mark.parametrize("entry", ["", "  "])
def test_house_rule_undo_entry_with_an_empty_id_takes_nothing_back(tmp_path, entry):
    """README: 'hostkit undo --entry ID takes back that one'. An empty id (a host's unset "$ID")
    was a prefix of every id: with one entry in the record, that entry was undone unasked."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    out = host.refused("undo", "--entry", entry)
    assert "needs an entry's id" in out, out
