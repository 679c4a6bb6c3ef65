"""misc2's items: what a host sees through the CLI (CliRunner in temp folders), and the rule
decisions pinned on the engine where a seed was silent."""

from __future__ import annotations

import pytest

from conftest import Host, new_classic
from test_undo_units import CLASSIC8, md5s

def _classic_day(tmp_path) -> Host:
    """A classic game at day 1: night 1 resolved with no action entered."""
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    return host

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
