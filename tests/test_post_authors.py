"""Issue 30, "never a wrong voter": every post is read with its own author, or the page is refused.

bgm.tv topic pages nest replies inside posts (a reply to a reply: .sub_reply_bg inside the
.row_reply it answers); tests/data/votes/bgm_nested.html is a page of our own modelled on that
markup. Something Awful's FYAD skin prints posts without data-idx: our SA page
(tests/data/votes/somethingawful.html) is read in that form too, its data-idx taken out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from hostkit.game.game import create
from hostkit.votes.extract import post_votes
from hostkit.votes.forums import parse_page

from conftest import Host

VOTES = Path(__file__).parent / "data" / "votes"


def read(name: str):
    return parse_page((VOTES / name).read_bytes())


def test_replies_nested_inside_posts_are_posts_of_their_own():
    """Issue 30: 'hostkit read 4 of 8 posts. A vote placed in a nested reply was credited to the
    author of the post around it ... Read nested replies as posts of their own'."""
    page = read("bgm_nested.html")
    assert [(p.number, p.author) for p in page.posts] == [
        (1, "月亮"), (2, "Ann"), (3, "Bob"), (4, "Cy"), (5, "Dee"), (6, "Eli"), (7, "Dee"), (8, "Bob")]
    votes = {p.number: post_votes(p.body, p.marks, ["bold"]).votes for p in page.posts}
    assert (votes[2], votes[3], votes[4], votes[6], votes[7]) == (
        ("Vote: Bob",), ("Vote: Ann",), ("Vote: Bob",), ("Vote: Cy",), ("Vote: Eli",))


def test_a_vote_in_a_nested_reply_counts_for_its_own_author(tmp_path):
    folder = tmp_path / "g"
    create(folder, ruleset="classic-werewolf", seed=1,
           assign=["Ann=Werewolf", "Bob=Villager", "Cy=Villager", "Dee=Villager", "Eli=Villager"],
           markups=["bold"], hosts=["月亮"], options=["majority=half-plus-one"])
    host = Host(folder)
    host.ok("resolve", "--force")
    data = json.loads(host.ok("votes", "--html", str(VOTES / "bgm_nested.html"), "--json"))
    assert [(h["post"], h["author"], h["target"]) for h in data["history"]] == [
        (2, "Ann", "Bob"), (3, "Bob", "Ann"), (4, "Cy", "Bob"), (6, "Eli", "Cy"), (7, "Dee", "Eli")]


def test_something_awfuls_fyad_skin_is_read_with_authors_and_post_numbers():
    """Issue 30: "Something Awful's FYAD skin pages (no `data-idx`) are refused with a clear line;
    read them (authors and post numbers)"."""
    plain = read("somethingawful.html")
    html = (VOTES / "somethingawful.html").read_text(encoding="utf-8")
    fyad_html = re.sub(r' data-idx="\d+"', "", html).replace("forum_103", "forum_26 fyad")
    assert "data-idx" in html and "data-idx" not in fyad_html
    fyad = parse_page(fyad_html)
    assert fyad.engine == "somethingawful"
    assert [(p.number, p.author) for p in fyad.posts] == [(p.number, p.author) for p in plain.posts] == [
        (81, "Dr. Clockwork"), (82, "Lemon Curdistan"), (83, "Weird Ulysses"), (84, "Sandwich Artist")]
    assert [post_votes(p.body, p.marks, ["hash"]) for p in fyad.posts] == \
        [post_votes(p.body, p.marks, ["hash"]) for p in plain.posts]
