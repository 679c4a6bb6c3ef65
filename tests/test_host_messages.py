"""Issue 35, "Messages a host can trust": what hostkit says about a send is what happened.

- `votes --send` with nothing new says so, never "published" nor "the text has changed since";
- after the game's end, `votes` says the game is over, not "it is night 3";
- `pm --info` PMs no one who has nothing to learn (the Guard on night 1, a Witch with no
  potion left): asked by name, printed or sent, it says so in one line and exits 1;
- `undo` of an elimination whose flip is in the thread (or a night whose death post and result
  PMs went out) warns that the forum already knows.

The forum is not needed where nothing may be sent (the game's thread is the discard port: any
send would fail loudly); the rest is played on the session's local phpBB board.
"""

from __future__ import annotations

import json
import re

import pytest

from hostkit.forum.journal import Journal

from conftest import Host
from test_forum_game import _game

NOWHERE = "http://127.0.0.1:9/viewtopic.php?t=1"
FOUR = ("Ann=Seer", "Bob=Werewolf", "Cy=Villager", "Dee=Villager")
GUARDED = ("Ann=Seer", "Bob=Werewolf", "Dave=Guard", "Fay=Villager", "Gus=Werewolf", "Hal=Villager",
           "Carol=Witch", "Ivy=Villager")


def _new(tmp_path, assign, monkeypatch) -> Host:
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    host = Host(tmp_path / "g")
    host.ok("new", str(host.folder), "--ruleset", "classic-werewolf", "--seed", "1", "--host", "Host",
            "--thread", NOWHERE, *[x for a in assign for x in ("--assign", a)])
    return host


def _sent(host: Host, key: str, kind: str, to: str, ident: str) -> None:
    """Mark KEY sent in the game's send journal, as the sender does once the forum took it."""
    journal = Journal(host.folder)
    journal.mark(key, kind=kind, to=to, what=key.split(":", 1)[1], phase="", digest="", start="",
                 state="sent", host="Host", id=ident)


@pytest.mark.parametrize("args", [("votes",), ("votes", "--send"), ("votes", "--json"), ("post", "votecount")],
                         ids=["votes", "votes-send", "votes-json", "post-votecount"])
def test_after_the_games_end_a_count_says_the_game_is_over(tmp_path, monkeypatch, args):
    host = _new(tmp_path, FOUR, monkeypatch)
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Ann")  # the Werewolves reach parity: the game is over
    why = host.refused(*args)
    assert "the game is over (Werewolves won)" in why and "it is night" not in why


@pytest.mark.parametrize("how", [(), ("--send",), ("--send", "--dry-run"), ("--out", "{tmp}/pms")],
                         ids=["printed", "sent", "dry-run", "written"])
def test_the_guard_on_night_one_gets_no_mid_night_pm(tmp_path, monkeypatch, how):
    """Asked by name, the Guard on night 1 gets the same one line whether the PM would be printed,
    sent, shown or written (printed, it was a PM telling him nothing): exit 1, nothing written."""
    host = _new(tmp_path, GUARDED, monkeypatch)
    host.ok("act", "Bob", "Kill", "Fay")
    why = host.refused("pm", "--info", "Dave", *(a.format(tmp=tmp_path) for a in how))
    assert not (tmp_path / "pms").exists()
    assert why == ("Error: Dave (Guard) has nothing to learn tonight: no potion or use left for the night's "
                   "attacks, and no target of last night's to be barred: no PM\n")
    listed = host.ok("pm", "--info")
    assert "Dave (Guard) has nothing to learn tonight" in listed and "PM to Carol" in listed
    assert "PM to Dave" not in listed


def test_a_witch_with_no_potion_left_and_a_guard_are_sent_nothing_they_know(tmp_path, monkeypatch):
    """The Witch spent both potions; on night 3 she has nothing to learn, and without the Guard's
    news (he guarded no one on night 2) no one does: nothing goes to the forum (which is not there)."""
    host = _new(tmp_path, GUARDED, monkeypatch)
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Carol", "Antidote", "Fay")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Bob", "Kill", "Hal")
    host.ok("act", "Carol", "Poison", "Ivy")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    out = host.ok("pm", "--info", "--send")
    assert "Carol (Witch) has nothing to learn tonight" in out and "Dave (Guard) has nothing to learn" in out
    assert "No PMs to send: no one learns anything." in out
    by_name = host.refused("pm", "--info", "Carol")  # new: asked by name, printed, she is told nothing either
    assert by_name.startswith("Error: Carol (Witch) has nothing to learn tonight") and by_name.endswith(": no PM\n")
    assert host.refused("pm", "--info", "Carol", "--send") == by_name


def test_undo_of_an_elimination_whose_flip_is_posted_warns(tmp_path, monkeypatch):
    host = _new(tmp_path, GUARDED, monkeypatch)
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Hal")
    _sent(host, "post:flip Hal", "post", NOWHERE, "417")
    result = host("undo")
    assert result.exit_code == 0 and "undone: " in result.stdout
    assert "Warning: the thread already knows Hal is dead: their flip is posted (post 417)" in result.stderr
    quiet = host("eliminate", "Hal")  # the same again: the thread is right again
    assert quiet.exit_code == 0


def test_undo_of_a_night_whose_death_post_and_pms_went_out_warns(tmp_path, monkeypatch):
    """The same class, not in the issue's text: a resolved night taken back after its news went out."""
    host = _new(tmp_path, GUARDED, monkeypatch)
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Ann", "Check", "Bob")
    host.ok("resolve", "--force")
    _sent(host, "post:deaths night 1", "post", NOWHERE, "12")
    _sent(host, "pm:night 1:Ann", "pm", "Ann", "88")
    result = host("undo")
    assert result.exit_code == 0
    assert "night 1's death post (post 12)" in result.stderr and "night 1's result PMs went out to Ann" in result.stderr
    assert "the thread already knows Fay is dead" not in result.stderr  # no flip of hers was posted


def test_undo_with_nothing_sent_says_nothing_of_the_forum(tmp_path, monkeypatch):
    host = _new(tmp_path, GUARDED, monkeypatch)
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Hal")
    result = host("undo")
    assert result.exit_code == 0 and result.stderr == ""


@pytest.mark.slow  # some 40 s: accounts, a topic, and phpBB's one-second rule on every form
def test_votes_send_with_no_change_sends_nothing_and_an_undone_flip_warns(tmp_path, board, monkeypatch):
    host, thread, n = _game(tmp_path, board, monkeypatch, {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager",
                                                            "Dee": "Villager", "Eli": "Villager"})
    host.ok("forum", "login", "--user", "Host")
    host.ok("act", n["Bob"], "Kill", n["Dee"])
    host.ok("resolve", "--force")
    host.ok("start-post", "1")
    board.as_user(n["Ann"]).reply(thread, f"[b]VOTE: {n['Bob']}[/b]")
    first = host.ok("votes", "--send")
    assert "Vote Count 1.01 published." in first and "sent (post" in first
    again = host.ok("votes", "--send")
    assert again.startswith("No change since Vote Count 1.01, already in the thread (post ")
    assert "published" not in again and "changed" not in again
    tail = board.as_user(n["Cy"]).thread_tail(thread)
    assert sum("Vote Count 1.01" in body for _, _, body in tail) == 1
    board.as_user(n["Cy"]).reply(thread, f"[b]VOTE: {n['Bob']}[/b]")
    third = host.ok("votes", "--send")
    assert "Vote Count 1.02 published." in third and "sent (post" in third
    assert json.loads(host.ok("votes", "--json"))["wagons"][0]["votes"] == 2.0
    # the flip goes to the thread; undoing the elimination then warns, naming the post
    host.ok("eliminate", n["Bob"])
    flip = host.ok("post", "flip", n["Bob"], "--send")
    post = re.search(r"sent \(post (\d+)\)", flip).group(1)
    undone = host("undo")
    assert undone.exit_code == 0
    assert f"the thread already knows {n['Bob']} is dead: their flip is posted (post {post})" in undone.stderr
