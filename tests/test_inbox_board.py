"""`hostkit inbox` on the local phpBB 3.3.10 board, as a host's inbox is after weeks (issue 35):
30 old PMs in the inbox and 30 in the sentbox, players who write as players write (a retraction,
a co-author, a skip in words, a forward), a renamed player whose old name a stranger took, an
account named `&#66;ob`, a PM with a character XML forbids, and a host whose clock runs ahead
of the forum's. Every PM of the night is read right, listed unsure, or left out with why;
none is misread. Each test has its own host account and session cache.
"""

from __future__ import annotations

import itertools
import re
import sqlite3
import time
from datetime import datetime, timedelta, timezone

import pytest

from conftest import Host
from forum_board import password
from test_pm_folders import _db, _roomy, old_pms, user_id

_ids = itertools.count(1)
CLASSIC7 = {"Ann": "Seer", "Bob": "Werewolf", "Gus": "Werewolf", "Carol": "Witch", "Dave": "Guard",
            "Eve": "Hunter", "Hal": "Villager"}


def _game(tmp_path, board, monkeypatch, roles, ruleset="classic-werewolf", *extra):
    tag = f"I{next(_ids)}{tmp_path.name[-4:].replace('_', '')}"
    n = {short: f"{short}{tag}" for short in roles}
    me, old = f"Hst{tag}", f"Old{tag}"
    board.add(me, old, *n.values())
    _roomy(board, me)
    first = next(iter(n.values()))  # a player of earlier games of this host: their old actions are in the inbox
    old_pms(board, first, me, [f"check {n[list(n)[-1]]} (an earlier game)" if i % 5 == 0 else f"old talk {i}"
                               for i in range(30)])
    old_pms(board, me, old, [f"your role in game {i}" for i in range(30)])  # the sentbox's
    thread = board.new_topic(f"Game {tag}")
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HOSTKIT_FORUM_USER", me)
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", password(me))
    host = Host(tmp_path / "game")
    host.ok("new", str(host.folder), "--ruleset", ruleset, "--seed", "3", "--host", me, "--thread", thread,
            *[x for short, role in roles.items() for x in ("--assign", f"{n[short]}={role}")], *extra)
    host.ok("forum", "login", "--user", me)
    return host, me, n


def _rename(board, old: str, new: str) -> None:
    db = _db(board)
    try:
        db.execute("UPDATE phpbb_users SET username = ?, username_clean = ? WHERE username = ?", (new, new.lower(), old))
        db.commit()
    finally:
        db.close()


def _pm_lines(out: str) -> dict[str, str]:
    """PM id -> what inbox says of it."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^PM (\d+) .*? -> (.*)$", out, re.M)}


@pytest.mark.slow  # some 60 s: seven role PMs and a dozen player PMs through phpBB's forms
def test_a_night_in_a_hosts_inbox_after_weeks_is_read_right_or_listed(tmp_path, board, monkeypatch):
    host, me, n = _game(tmp_path, board, monkeypatch, CLASSIC7)
    # The host's clock runs 10 minutes ahead of the forum's: the game was created at the host's time (before its
    # first send: the send journal names the game by its creation time)
    ahead = timedelta(minutes=10)
    game_toml = host.folder / "game.toml"
    created = re.search(r'created = "([^"]+)"', game_toml.read_text()).group(1)
    moved = (datetime.fromisoformat(created) + ahead).isoformat(timespec="seconds")
    game_toml.write_text(game_toml.read_text().replace(created, moved))
    assert host.ok("pm", "--send").count("PM sent") == 7  # each player pinned to a forum user id
    # Dave renames his account; a stranger registers his old name; an account named "&#66;ob" (phpBB
    # stores it "&amp;#66;ob") would read as Bob if decoded twice
    _rename(board, n["Dave"], f"DaveX{n['Dave'][4:]}")
    board.users.discard(n["Dave"])
    board.add(n["Dave"], "&amp;#66;ob" + n["Bob"][3:])
    import hostkit.forum.inboxrun as inboxrun
    monkeypatch.setattr(inboxrun, "_host_now", lambda: datetime.now(timezone.utc) + ahead)

    def as_(short):
        return _dave(board, n) if short == "Dave" else board.as_user(n[short])

    host_id = str(user_id(board, me))
    sent = {}
    sent["ann"] = as_("Ann").send_pm(host_id, "N1", f"Hi! tonight I'd like to check {n['Bob'].lower()} please").id
    sent["bob"] = as_("Bob").send_pm(host_id, "kill", f"kill {n['Hal']}").id
    sent["gus"] = as_("Gus").send_pm(host_id, "us", f"{n['Bob']} and I agreed: we kill {n['Dave']}").id
    sent["carol"] = as_("Carol").send_pm(host_id, "potions", "No potion tonight, sorry!").id
    dave = _dave(board, n)
    sent["dave1"] = dave.send_pm(host_id, "guard", f"guard {n['Ann']}").id
    sent["dave2"] = dave.send_pm(host_id, "Re: guard", f"[quote]guard {n['Ann']}[/quote] scratch that, guard "
                                                       f"{n['Carol']}").id
    sent["eve"] = as_("Eve").send_pm(host_id, "fwd", f"look what {n['Bob']} sent me: he says he is a villager").id
    sent["hal"] = as_("Hal").send_pm(host_id, "hi", f"To be clear: I will NOT vote {n['Bob']} tomorrow").id
    stranger, = old_pms(board, n["Dave"], me, [f"guard {n['Ann']}"], at=time.time())
    fake, = old_pms(board, "&amp;#66;ob" + n["Bob"][3:], me, [f"kill {n['Ann']}"], at=time.time())
    broken, = old_pms(board, n["Hal"], me, ["hello \x01 host"], at=time.time())

    listed = host.ok("inbox", "--all")
    said = _pm_lines(listed)
    check = f"act {n['Ann']} Check {n['Bob']}"
    assert said[sent["ann"]] == check
    assert said[sent["bob"]] == f"act {n['Bob']} Kill {n['Hal']}"
    assert said[sent["gus"]] == f"act {n['Gus']} Kill {n['Dave']}"  # the co-author is no target
    assert said[sent["carol"]] == f"act {n['Carol']} skip"
    assert said[sent["dave1"]].endswith("[replaced by a later PM]")
    assert said[sent["dave2"]] == f"act {n['Dave']} Guard {n['Carol']}"  # his pinned id, renamed account
    assert said[sent["eve"]] == f"nothing to enter: {n['Eve']} has no ability to use in night 1"
    assert said[sent["hal"]].startswith("nothing to enter")
    left = {m.group(1): m.group(2) for m in re.finditer(r"^left out: PM (\d+) .*: (.*)$", listed, re.M)}
    assert "not the account" in left[str(stranger)] and n["Dave"] in left[str(stranger)]
    assert left[str(fake)] == "not a player's account"
    assert sum("sent before night 1 began" in why for why in left.values()) == 30
    assert str(broken) in said and "damaged" in said[str(broken)]
    assert "10 min behind yours" in listed
    # --accept enters what is sure; the two werewolves' different kills are a conflict, listed
    accepted = host.ok("inbox", "--accept")
    assert len(re.findall(r"^entered:", accepted, re.M)) == 3, accepted
    assert f"conflict, not entered: act {n['Bob']} Kill {n['Hal']}".replace("act ", "") in accepted.replace("act ", "")
    actions = host.ok("actions")
    assert f"{n['Ann']}: Check {n['Bob']}" in actions and f"{n['Dave']}: Guard {n['Carol']}" in actions
    assert f"{n['Bob']}: Kill" not in actions and f"{n['Gus']}: Kill" not in actions
    again = host.ok("inbox", "--accept")
    assert not re.findall(r"^entered:", again, re.M) and "conflict, not entered" in again, again
    # the host enters the kill meant; the other werewolf's PM never replaces it
    host.ok("act", n["Bob"], "Kill", n["Hal"])
    after = host.ok("inbox", "--accept")
    assert not re.findall(r"^entered:", after, re.M) and f"in the record already as {n['Bob']} Kill" in after
    assert f"{n['Bob']}: Kill {n['Hal']}" in host.ok("actions")
    # the figures of this night: every PM of a player this night, read right, unsure or misread
    night = [sent[k] for k in sent] + [str(stranger), str(fake), str(broken)]
    right = {sent["ann"], sent["bob"], sent["gus"], sent["carol"], sent["dave1"], sent["dave2"], sent["eve"],
             sent["hal"], str(stranger), str(fake)}
    unsure = {str(broken)}
    assert set(night) == right | unsure
    print(f"\nnight 1: {len(night)} PMs: {len(right)} read right, {len(unsure)} listed unsure, 0 misread")


def _dave(board, n):
    from hostkit.forum.phpbb import PhpBB
    from hostkit.forum.session import Session

    adapter = PhpBB(Session(board.url, gap=0))
    adapter.login(f"DaveX{n['Dave'][4:]}", password(n["Dave"]))
    return adapter


@pytest.mark.slow
def test_a_name_and_an_alias_both_accounts_are_refused_until_the_host_says_which(tmp_path, board, monkeypatch):
    """Hal's alias "Hally" is an account too: hostkit cannot tell which is Hal's and sends nothing;
    `forum account` pins the one the host names, and the role PMs go."""
    host, me, n = _game(tmp_path, board, monkeypatch, {"Ann": "Seer", "Bob": "Werewolf", "Hal": "Villager"})
    board.add(f"Hally{n['Hal'][3:]}")
    host.ok("alias", n["Hal"], f"Hally{n['Hal'][3:]}")
    refused = host.refused("pm", "--send")
    assert "both forum accounts" in refused and "hostkit forum account" in refused
    out = host.ok("forum", "account", n["Hal"], n["Hal"])
    assert f"forum user #{user_id(board, n['Hal'])}" in out
    assert host.ok("pm", "--send").count("PM sent") == 3
    mine = [m for m in board.as_user(n["Hal"]).inbox() if m.subject.endswith("your role")]
    assert len(mine) == 1


@pytest.mark.slow  # some 60 s
def test_a_dead_hunters_shot_and_an_early_action_are_read_on_the_board(tmp_path, board, monkeypatch):
    """Night 1 kills Eve the Hunter: by day her PM is read for her last shot only and --accept
    takes it; Dave's PM by day "for night 2, guard Carol" is shown in night 2 as sent before the
    phase began, entered only when the host takes it; night 1's PMs are left out in night 2, each
    saying why."""
    roles = {"Ann": "Seer", "Bob": "Werewolf", "Gus": "Werewolf", "Carol": "Witch", "Dave": "Guard",
             "Eve": "Hunter", "Fay": "Villager", "Hal": "Villager"}
    host, me, n = _game(tmp_path, board, monkeypatch, roles, "classic-werewolf", "--option", "sheriff=false")
    assert host.ok("pm", "--send").count("PM sent") == 8
    host_id = str(board.as_user(n["Ann"]).account(me))
    late = board.as_user(n["Ann"]).send_pm(host_id, "N1", f"check {n['Gus']}").id
    board.as_user(n["Bob"]).send_pm(host_id, "N1", f"kill {n['Eve']}")
    assert "entered:" in host.ok("inbox", "--accept")
    host.ok("act", n["Carol"], "skip")
    host.ok("act", n["Dave"], "Guard", n["Ann"])
    host.ok("resolve", "--force")
    eve = board.as_user(n["Eve"])
    shot = eve.send_pm(host_id, "my shot", f"ugh. I shoot {n['Hal']}, sorry Hal").id
    chat = eve.send_pm(host_id, "gg", "good game all, see you in the next one!").id
    early = board.as_user(n["Dave"]).send_pm(host_id, "N2", f"for night 2, guard {n['Carol']}").id
    day = _pm_lines(host.ok("inbox"))
    assert day[shot] == f"shoot {n['Eve']} {n['Hal']}"
    assert day[chat] == "no line read: it names no action"
    # by day already it is the coming night's action, marked early (shown again in night 2, as early)
    assert day[early] == (f"act {n['Dave']} Guard {n['Carol']} [early: for night 2, sent before it began: "
                          f"--take {early} to enter it then]")
    accepted = host.ok("inbox", "--accept")
    assert f"entered: shoot {n['Eve']} {n['Hal']}" in accepted
    assert not host.game.state.players[n["Hal"]].alive
    host.ok("eliminate", "--none")
    night2 = host.ok("inbox", "--all")
    said = _pm_lines(night2)
    assert said[early] == f"act {n['Dave']} Guard {n['Carol']} [sent before the phase began: --take {early} to enter it]"
    assert re.search(rf"^left out: PM {late} .*: read in night 1 already$", night2, re.M)
    assert sum(line.endswith("sent before day 1 began") for line in night2.splitlines()) == 30
    assert re.search(rf"^left out: PM {shot} .*: (read in day 1 already|{n['Eve']} is dead and owes nothing)$",
                     night2, re.M)
    assert "entered:" not in host.ok("inbox", "--accept")  # an early PM waits for the host
    assert f"entered: {n['Dave']} Guard {n['Carol']} (PM {early})" in host.ok("inbox", "--take", early)
    assert f"{n['Dave']}: Guard {n['Carol']}" in host.ok("actions")


@pytest.mark.slow  # some 70 s
def test_last_words_the_badge_and_an_action_taken_by_day_on_the_board(tmp_path, board, monkeypatch):
    """classic-werewolf with its Sheriff: Fay, killed on night 1, owes only last words: her PM is
    shown whole for the host (never entered, never "owes nothing"). Dave's PM by day for night 2
    is taken by day. Hal, the Sheriff, is banished: his PM passes the badge ("badge Hal Ann") and
    night 2's --accept enters it with Dave's taken guard."""
    roles = {"Ann": "Seer", "Bob": "Werewolf", "Gus": "Werewolf", "Carol": "Witch", "Dave": "Guard",
             "Eve": "Hunter", "Fay": "Villager", "Hal": "Villager", "Ivy": "Villager"}
    host, me, n = _game(tmp_path, board, monkeypatch, roles)
    assert host.ok("pm", "--send").count("PM sent") == 9
    host_id = str(board.as_user(n["Ann"]).account(me))
    host.ok("act", n["Bob"], "Kill", n["Fay"])
    host.ok("act", n["Carol"], "skip")
    host.ok("resolve", "--force")
    words = board.as_user(n["Fay"]).send_pm(host_id, "last words", f"My last words:\n{n['Bob']} is a wolf, "
                                                                  "I saw it in his eyes.\nGood luck town!").id
    early = board.as_user(n["Dave"]).send_pm(host_id, "N2", f"for night 2, guard {n['Carol']}").id
    listed = host.ok("inbox", "--all")
    said = _pm_lines(listed)
    assert said[words].startswith(f"nothing to enter: {n['Fay']} is dead and owes only last words")
    assert f"    | {n['Bob']} is a wolf, I saw it in his eyes.\n    | Good luck town!" in listed
    assert f"from {n['Fay']}" not in "".join(line for line in listed.splitlines() if line.startswith("left out"))
    taken = host.ok("inbox", "--take", early)
    assert f"taken for night 2: {n['Dave']} Guard {n['Carol']} (PM {early})" in taken and "entered:" not in taken
    assert "no line to enter" in host.refused("inbox", "--take", words)
    host.ok("sheriff", "run", n["Hal"])
    for voter in ("Ann", "Bob", "Gus", "Carol", "Dave", "Eve", "Hal", "Ivy"):
        host.ok("sheriff", "vote", n[voter], n["Hal"])
    host.ok("sheriff", "elect")
    host.ok("eliminate", n["Hal"])
    badge = board.as_user(n["Hal"]).send_pm(host_id, "badge", f"I give the badge to {n['Ann']}. My last words: "
                                                             f"{n['Gus']} is the other wolf").id
    night2 = _pm_lines(host.ok("inbox"))
    assert night2[badge] == f"badge {n['Hal']} {n['Ann']}"
    assert night2[early] == f"act {n['Dave']} Guard {n['Carol']}"  # taken by day: entered by --accept now
    accepted = host.ok("inbox", "--accept")
    assert f"entered: badge {n['Hal']} {n['Ann']} (PM {badge})" in accepted
    assert f"entered: {n['Dave']} Guard {n['Carol']} (PM {early})" in accepted
    assert f"Sheriff: {n['Ann']}" in host.ok("status")
    assert f"{n['Dave']}: Guard {n['Carol']}" in host.ok("actions")
    assert "entered:" not in host.ok("inbox", "--accept")  # nothing twice
