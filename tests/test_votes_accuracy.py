"""Issue 9: counting real threads as a careful human counter does.

Post numbers from the forum's own header (and the page offset where it shows none), tested on
the short last page of a thread; every page here is one we wrote in tests/data/votes, modelled
on MafiaScum's phpBB prosilver markup.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.game import create
from hostkit.votes.fetch import read_files
from hostkit.votes.forums import parse_page

from conftest import Host

VOTES = Path(__file__).parent / "data" / "votes"


def harbour(tmp_path: Path, **kw) -> Host:
    """The Harbour Lights mini: five players, bold and [vote] markup, one host."""
    folder = tmp_path / "harbour"
    create(folder, ruleset="classic-werewolf", seed=3,
           assign=["Ferrule=Werewolf", "Lanternfish=Villager", "Cormorant=Villager", "Bollard=Villager",
                   "Gunwale=Villager"],
           markups=["tag", "bold"], hosts=["Harbourmaster"], options=["majority=half-plus-one"], **kw)
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


# --------------------------------------------------------------------------- post numbers


def test_short_last_page_takes_the_numbers_the_forum_prints():
    page = parse_page((VOTES / "phpbb_lastpage.html").read_bytes())
    assert (page.page, page.last_page, page.numbered) == (28, 28, "shown")
    # Three posts on page 28: positions would give 28*3-2...; the header says #675-#677.
    assert [p.number for p in page.posts] == [675, 676, 677]


def test_short_last_page_without_numbers_uses_the_page_offset():
    page = parse_page((VOTES / "phpbb_lastpage_unnumbered.html").read_bytes())
    # Page 28; the link to page 27 is start=650, so 25 a page: the first post is the 676th.
    assert (page.page, page.numbered) == (28, "offset")
    assert [p.number for p in page.posts] == [676, 677, 678]


def test_the_day_window_on_a_short_last_page_keeps_the_hammer(tmp_path):
    host = harbour(tmp_path)
    data = json.loads(host.ok("votes", "--html", str(VOTES / "phpbb_lastpage.html"),
                              "--from-post", "675", "--to-post", "677", "--json"))
    assert [(h["post"], h["author"], h["target"]) for h in data["history"]] == [
        (675, "Ferrule", "Lanternfish"), (676, "Lanternfish", "Ferrule"), (677, "Cormorant", "Lanternfish")]
    assert data["majority"] == 3 and data["eliminated"] is None
    later = json.loads(host.ok("votes", "--html", str(VOTES / "phpbb_lastpage.html"),
                               "--from-post", "677", "--json"))
    assert [h["post"] for h in later["history"]] == [677]


def test_saved_pages_without_numbers_or_offset_follow_the_page_before(tmp_path):
    src = (VOTES / "phpbb_lastpage_unnumbered.html").read_text(encoding="utf-8")
    bare = src.replace('<div class="pagination">', '<div class="nopagination">')
    one, two = tmp_path / "one.html", tmp_path / "two.html"
    one.write_text(bare, encoding="utf-8")
    two.write_text(bare, encoding="utf-8")
    pages = read_files([one, two])
    assert [p.number for page in pages for p in page.posts] == [1, 2, 3, 4, 5, 6]
