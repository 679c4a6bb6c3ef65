"""Issue 16, crash points: kill a real hostkit at every write boundary of every writing command.

The store marks each write boundary (before every os.replace and unlink of a commit); the
HOSTKIT_CRASH_AT=k hook SIGKILLs the process at boundary k. After each kill the folder must load
and hold exactly the state before the command or the state after it, never a mix.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CLASSIC, forum_login

NEW = ["new", "{dir}", "--ruleset", "classic-werewolf", "--seed", "1",
       *[x for a in CLASSIC for x in ("--assign", a)]]
N1 = [NEW, ["act", "Bob", "Kill", "Fay"]]
D1 = N1 + [["resolve", "--force"]]  # day 1, Fay dead; Ann Bob Carol Dave Eve Gus Hal alive
LIVING = ["Ann", "Bob", "Carol", "Dave", "Eve", "Gus", "Hal"]
RACE = D1 + [["sheriff", "run", "Ann", "Dave"]]
ELECTED = RACE + [["sheriff", "vote", n, "Ann"] for n in LIVING] + [["sheriff", "elect"]]
TIED = D1 + [["sheriff", "run", "Ann", "Dave", "Carol"]] + [
    ["sheriff", "vote", n, t] for n, t in zip(LIVING, ["Ann", "Ann", "Ann", "Dave", "Dave", "Dave", "Carol"])
] + [["sheriff", "elect"]]
TIED_NEW = [[*NEW, "--option", "sheriff-tie=revote"]] + TIED[1:]
# A paranormal game whose aliens picked their tech (the tech room's commands).
PNEW = ["new", "{dir}", "--ruleset", "paranormal", "--seed", "1", "--assign", "Zed=Exterminator (Mind Shield)",
        "--assign", "Yan=Exterminator Operative", "--assign", "Ann=Agent", "--assign", "Bob=Doppelganger",
        "--assign", "Cy=Townie", "--assign", "Di=Townie"]
PICKED = [PNEW, ["tech", "pick", "Zed", "Combat Camouflage", "Replicator"],
          ["tech", "pick", "Yan", "Advanced Holoform Modulator", "Scanner", "Stun Orb"]]
# A paranormal game whose Mind Stealer took the Robot (the stockpile's commands).
MS_ROBOT = [["new", "{dir}", "--ruleset", "paranormal", "--seed", "1", "--assign", "Ms=Harvester (Mind Stealer)",
             "--assign", "Ann=Agent", "--assign", "Bob=Doppelganger", "--assign", "Cy=Townie", "--assign", "Di=Townie"],
            ["tech", "pick", "Ms", "none"]]
MS_SET = MS_ROBOT + [["stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)"]]
NAT_D1 = [["new", "{dir}", "--ruleset", "natural", "--seed", "1", "--assign", "Ann=Cop", "--assign", "Bob=Goon",
           "--assign", "Cy=Villager", "--assign", "Dee=Villager"], ["resolve", "--force"]]
# (setup commands, the writing command under test). Every command that writes is here: the
# completeness test below fails when a command is added without a row (or a read-only entry).
PARA_D1 = [["new", "{dir}", "--ruleset", "paranormal", "--seed", "1", "--assign", "Ann=Agent", "--assign",
            "Bob=Doppelganger", "--assign", "Cy=Townie", "--assign", "Di=Townie", "--attribute", "Ann=Spirit-bond",
            "--option", "max-day=4"], ["act", "Bob", "Kill", "Ann"], ["resolve", "--force"]]
STEPS = [
    ([], NEW),
    ([NEW], ["act", "Bob", "Kill", "Fay"]),
    ([NEW], ["act", "--file", "{file}"]),
    (N1, ["act", "--remove", "Bob"]),
    (N1, ["resolve", "--force"]),
    (D1, ["undo"]),
    (D1, ["vote", "Ann", "Bob"]),
    (D1 + [["vote", "Ann", "Bob"]], ["eliminate", "Bob"]),
    (D1 + [["eliminate", "--none"]], ["undo"]),
    (D1 + [["vote", "Ann", "Bob"], ["vote", "Carol", "Bob"]], ["undo", "--entry", "{entry:first-vote}"]),
    (D1 + [["eliminate", "--none"]], ["undo", "--entry", "{entry:last-end}"]),
    (D1, ["start-post", "5"]),
    (D1, ["replace", "Ann", "Zoe"]),
    (D1, ["sheriff", "run", "Ann", "Dave"]),
    (RACE, ["sheriff", "withdraw", "Dave"]),
    (RACE, ["sheriff", "vote", "Bob", "Ann"]),
    (RACE, ["sheriff", "count", "--html", "{page}", "--from-post", "2", "--record"]),
    (ELECTED[:-1], ["sheriff", "elect"]),
    (TIED_NEW, ["sheriff", "revote"]),
    ([NEW, ["act", "Bob", "Kill", "Eve"], ["resolve", "--force"]], ["shoot", "Eve", "Bob"]),
    (ELECTED + [["eliminate", "--none"], ["act", "Bob", "Kill", "Ann"], ["resolve", "--force"]], ["badge", "Ann", "Dave"]),
    (D1 + [["vote", "Ann", "Bob"]], ["votes", "--html", "{page}"]),
    (D1, ["pm", "--out", "{out}"]),
    # over PMs written before in another format, beside a file of the host's own (issue 31)
    (D1 + [["pm", "--out", "{out}", "--format", "markdown"], ["note-in-out"]], ["pm", "--out", "{out}"]),
    (D1, ["kill", "Ann", "--reason", "modkill"]),
    (D1, ["deadline", "2030-01-01 18:00"]),
    (D1, ["confirm", "Ann", "--to", "Carol"]),
    ([PNEW], ["tech", "pick", "Zed", "Combat Camouflage", "Replicator"]),
    (PICKED, ["tech", "pass", "Yan", "Ann", "Scanner"]),
    (PICKED, ["tech", "replicate", "Zed", "Scanner"]),
    (PICKED, ["tech", "holoform", "Yan", "Townie", "Human"]),
    (PICKED, ["tech", "hologram", "Yan", "Ann"]),
    (PICKED, ["tech", "camouflage", "Zed", "Vigilante"]),
    ([["new", "{dir}", "--ruleset", "paranormal", "--seed", "1", "--assign", "Sam=Mad Scientist (Military Scientist)",
       "--assign", "Bob=Doppelganger", "--assign", "Cy=Townie", "--assign", "Di=Townie"],
      ["tech", "pick", "Sam", "Sentry Guns"]], ["tech", "trust", "Sam", "Cy"]),
    (MS_ROBOT, ["stockpile", "start", "Ms", "Detective", "Vigilante", "Bodyguard (Guardian)"]),
    (MS_SET, ["stockpile", "take", "Ms", "Detective"]),
    (MS_SET + [["resolve", "--force"]], ["stockpile", "robot", "Ms", "Bodyguard (Guardian)"]),
    # an ITA window needs someone with an ITA shot (seed natural II: granted by the game's rules)
    (NAT_D1 + [["grant", "Ann", "ITA Shot", "--uses", "1"]], ["ita", "open"]),
    (NAT_D1 + [["grant", "Ann", "ITA Shot", "--uses", "1"], ["ita", "open"]], ["ita", "close"]),
    (NAT_D1 + [["grant", "Ann", "ITA Shot", "--uses", "1"], ["ita", "open"]], ["eliminate", "--none"]),
    (NAT_D1, ["grant", "Ann", "ITA Shot", "--uses", "1"]),
    (PARA_D1, ["bond", "Ann", "Cy"]),
    (PARA_D1, ["shorten", "Cy"]),
    (PARA_D1, ["option", "max-day=5"]),
    (D1, ["alias", "Ann", "Annie"]),
    (D1, ["vote-markup", "bold"]),
    ([[*NEW, "--weight", "Ann=2"], *D1[1:]], ["split-votes", "Ann"]),
    ([["new", "{dir}", "--ruleset", "paranormal", "--seed", "1", "--assign", "Ann=Agent", "--assign", "Bob=Doppelganger",
       "--assign", "Ms=Harvester (Mind Stealer)", "--assign", "Cy=Townie", "--option", "mind-stealer-roles=Detective,Agent"],
      ["act", "Bob", "Kill", "Cy"], ["resolve", "--force"]], ["take-role", "Ms", "Agent"]),
    (PARA_D1 + [["bond", "Ann", "Cy"], ["eliminate", "--none"]], ["bond", "Cy", "--accept"]),
    # the players' PMs on a local server speaking phpBB's inbox (INBOX_PMS): two lines entered, and
    # the send journal's marks of their PMs, in one commit
    ([[*NEW, "--thread", "{thread}"]], ["inbox", "--accept"]),
]
INBOX_PMS = [("1", "Bob", "n1", "kill fay please"), ("2", "Ann", "n1", "I want to check Bob")]
# Commands that write nothing (checked: a crash hook at the first boundary never fires).
READ_ONLY = {"actions": ["actions"], "due": ["due"], "status": ["status"], "rulesets": ["rulesets"],
             "roles": ["roles", "classic-werewolf"], "posts": ["posts", "--html", "{page}"],
             "post deaths": ["post", "deaths"], "post flip": ["post", "flip", "Fay"],
             "post order": ["post", "order"], "post votecount": ["post", "votecount", "--html", "{page}"],
             "sheriff status": ["sheriff", "status"], "pm": ["pm", "Ann"],
             "chart night": ["chart", "night", "1"], "chart day": ["chart", "day", "1"], "chart votes": ["chart", "votes"],
             "page": ["page"],
             "log": ["log"], "activity": ["activity", "--html", "{page}"], "tech list": ["tech", "list"],
             "stockpile show": ["stockpile", "show"], "post start": ["post", "start"], "post day": ["post", "day"]}
# `demo` plays a whole game in its own temporary folder (or a new one it is given): no host's game.
# `git-setup` needs a git repository (tests/test_cohost.py); its two files go through the journal
# as one commit, then git writes its config itself. `merge-file` writes git's temporary file, for git.
# `post end` is refused until the game is over and writes nothing then either (test_host_day_tools).
# `forum login|logout|status` write only the user's cache (the session, mode 0600) and the
# credential store, never the game folder; their sends' crash tests are tests/test_forum_send.py.
# `post night|sheriff|deadline` are refused on Day 1 before its election and deadline (tests/
# test_host_posts.py) and write nothing without --send, whose sends go through the send journal.
# `forum account` writes one entry of the send journal in one atomic write (forum.senders.pin), and
# `sent` likewise (forum.recover.by_hand; tests/test_send_full_sentbox.py runs it on the board).
# `watch` needs a forum to run a round against: it is killed at every write boundary of a round on
# the local board, and run again, by tests/test_watch_signals.py.
OTHER = {"demo", "git-setup", "merge-file", "post end", "forum login", "forum logout", "forum status",
         "forum account", "sent", "post night", "post sheriff", "post deadline", "watch"}


def command_names() -> set[str]:
    import click

    from hostkit.cli import cli

    out = set()

    def walk(group, prefix=""):
        for name, command in group.commands.items():
            if isinstance(command, click.Group):
                walk(command, prefix + name + " ")
            else:
                out.add(prefix + name)
    walk(cli)
    return out


def _name(args: list[str]) -> str:
    return " ".join(args[:2]) if args[0] in ("sheriff", "post", "ita", "tech", "stockpile", "forum") else args[0]


def test_every_command_is_crash_tested_or_writes_nothing():
    covered = {_name(c) for _, c in STEPS} | set(READ_ONLY) | OTHER
    missing = command_names() - covered
    assert not missing, f"add a crash-point row (or a READ_ONLY entry) for: {sorted(missing)}"


def paths(tmp_path: Path) -> dict[str, str]:
    from test_classic_day import xenforo_page

    red = '<span style="color: #ff0000">Vote: {}</span>'
    page = tmp_path / "thread.html"
    if not page.exists():
        posts = [(1, "Moderator", "Day 1 begins.")] + [(i + 2, n, red.format("Ann")) for i, n in enumerate(LIVING)]
        page.write_text(xenforo_page(posts))
        (tmp_path / "night.txt").write_text("Bob Kill Fay\nAnn Check Bob\n")
    return {"{page}": str(page), "{file}": str(tmp_path / "night.txt")}


def inbox_forum(server, monkeypatch) -> dict[str, str]:
    """A local server answering as a logged-in phpBB host's inbox holding INBOX_PMS (the folder
    page, then its XML export); the game's thread is on it. Returns the {thread} substitution."""
    from werkzeug import Response

    me = ('<a class="header-avatar" href="./ucp.php"><span class="username">Host</span></a>'
          '<a href="./ucp.php?mode=logout&amp;sid=abc">Logout</a>')
    rows = "".join(f'<li class="row bg1"><dl><dt><a href="./ucp.php?i=pm&amp;mode=view&amp;f=0&amp;p={i}" '
                   f'class="topictitle">{subject}</a><br/>by <a href="./memberlist.php?mode=viewprofile&amp;u={70 + int(i)}" '
                   f'class="username">{who}</a></dt><dd class="mark"><input type="checkbox" name="marked_msg_id[]" '
                   f'value="{i}"/></dd></dl></li>' for i, who, subject, _ in INBOX_PMS)
    folder = (f'<html><body>{me}<form id="viewfolder" method="post" action="./ucp.php?i=pm&amp;folder=0">'
              f'<div class="pagination">{len(INBOX_PMS)} messages &bull; Page <strong>1</strong> of 1</div>'
              f'<ul class="topiclist cplist pmlist">{rows}</ul>'
              '<input type="hidden" name="form_token" value="t"/></form></body></html>')
    export = "<?xml version='1.0'?><phpbb>" + "".join(
        f"<privmsg><sender>{who}</sender><recipient>Host</recipient><date>2100-01-01T00:0{i}:00+00:00</date>"
        f"<subject>{subject}</subject><message>{text}</message></privmsg>" for i, who, subject, text in INBOX_PMS
    ) + "</phpbb>"
    server.expect_request("/index.php").respond_with_data(f"<html><body>{me}</body></html>", content_type="text/html")
    server.expect_request("/ucp.php", method="GET").respond_with_data(folder, content_type="text/html")
    ids = {who: 70 + int(i) for i, who, *_ in INBOX_PMS}

    def profile(r):  # memberlist.php?mode=viewprofile&un=NAME: a player's account, else phpBB's 404
        name = r.args.get("un", "")
        if name not in ids:
            return Response("<html>The requested user does not exist.</html>", status=404)
        return Response(f'<html>{me}<a href="./ucp.php?i=pm&amp;mode=compose&amp;u={ids[name]}">PM</a></html>',
                        content_type="text/html")
    server.expect_request("/memberlist.php").respond_with_handler(profile)
    server.expect_request("/ucp.php", method="POST").respond_with_handler(lambda r: Response(export))
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
    forum_login(server.url_for("/viewtopic.php?t=1"))
    return {"{thread}": server.url_for("/viewtopic.php?t=1")}


def run(folder: Path, args: list[str], crash: int | None = None, extra: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("HOSTKIT_CRASH_AT", None)
    if crash:
        env["HOSTKIT_CRASH_AT"] = str(crash)
    args = fill(folder, args, extra)
    cmd = [sys.executable, "-m", "hostkit"] + (args if args[0] == "new" else ["--game", str(folder), *args])
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)


def fill(folder: Path, args: list[str], extra: dict[str, str] | None = None) -> list[str]:
    subs = {"{dir}": str(folder), "{out}": str(folder.parent / (folder.name + "-out")), **(extra or {})}
    out = []
    for a in args:
        for k, v in subs.items():
            a = a.replace(k, v)
        out.append(a)
    return out


def quick(folder: Path, args: list[str], extra: dict[str, str] | None = None):
    """Run a command in this process (setup steps and checks: no crash hook here)."""
    from click.testing import CliRunner

    from hostkit.cli import cli

    args = fill(folder, args, extra)
    return CliRunner().invoke(cli, args if args[0] == "new" else ["--game", str(folder), *args])


def state(folder: Path) -> dict[str, bytes]:
    """The files of a folder, hidden ones too (the journal and temp files aside)."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".hostkit-journal") and not p.name.endswith(".tmp")}


STAMPS = re.compile(rb'^(created = |time = |\s*"time": )')


def comparable(files: dict[str, bytes]) -> dict[str, bytes]:
    """Compare without the clock's stamps: game.toml's creation time, a phase end's time (the
    next phase's start) and the send journal's times, which differ between two runs."""
    return {name: b"\n".join(l for l in data.splitlines() if not STAMPS.match(l)) for name, data in files.items()}


KILLED: list[int] = []  # boundaries killed, for the report


# The default run kills at every boundary of the first step of each kind of write: a new folder,
# an entry, a phase's end, an undo, an elimination, a count's cache, PMs outside the game, a tech
# record. `pytest -m slow` (CI runs it) kills every step: one real hostkit per boundary (the kill
# is the point), about a second a step, 43 steps. `inbox --accept` is killed only there: it reads
# a forum and writes through the same store journal as `act`, at some 35 boundaries (18 s), which
# the README's two-minute `pytest` cannot hold.
QUICK = {"new", "act", "resolve", "undo", "eliminate", "votes", "pm", "tech pick"}


def _steps() -> list:
    seen: set[str] = set()
    out = []
    for i, (setup, command) in enumerate(STEPS):
        name = _name(command)
        quick_step = name in QUICK and name not in seen
        seen.add(name)
        out.append(pytest.param(setup, command, id=" ".join(command[:2]) + f"-{i}",
                                marks=() if quick_step else pytest.mark.slow))
    return out


@pytest.mark.parametrize("setup,command", _steps())
def test_kill_at_every_write_boundary(tmp_path, setup, command, request, monkeypatch):
    extra = paths(tmp_path)
    if any("{thread}" in a for args in setup for a in args):
        extra.update(inbox_forum(request.getfixturevalue("httpserver"), monkeypatch))
    base = tmp_path / "base"
    for args in setup:
        if args == ["note-in-out"]:  # a file of the host's own in the PM folder: kept as it is
            (tmp_path / "base-out" / "notes.txt").write_text("mine\n")
            continue
        result = quick(base, args, extra)
        assert result.exit_code == 0, (args, result.output)
    out_before = state(tmp_path / "base-out")
    if any(a.startswith("{entry:") for a in command):  # undo --entry: an entry's id from the log
        entries = json.loads(quick(base, ["log", "--json"]).output)["entries"]
        for kind in ("vote", "end"):
            ids = [e["id"] for e in entries if e["kind"] == kind] or [""]
            extra[f"{{entry:first-{kind}}}"], extra[f"{{entry:last-{kind}}}"] = ids[0], ids[-1]
    done = tmp_path / "done"
    if base.exists():
        shutil.copytree(base, done)
    if (tmp_path / "base-out").exists():
        shutil.copytree(tmp_path / "base-out", tmp_path / "done-out")
    result = run(done, command, extra=extra)
    assert result.returncode == 0, "the command itself must succeed: " + result.stderr
    out_done = state(done.parent / "done-out")
    before, after = comparable(state(base)), comparable(state(done))
    assert before != after or out_done, "the command must write something"
    killed = 0
    for k in range(1, 80):
        folder = tmp_path / f"k{k}"
        if base.exists():
            shutil.copytree(base, folder)
        if (tmp_path / "base-out").exists():
            shutil.copytree(tmp_path / "base-out", tmp_path / f"k{k}-out")
        result = run(folder, command, crash=k, extra=extra)
        if result.returncode == 0:
            break
        assert result.returncode == -signal.SIGKILL, result.stderr
        killed += 1
        # output outside the game (pm --out): every file there is whole, as the finished run wrote it
        out = state(folder.parent / (folder.name + "-out"))
        if out_done:  # the PM folder changes as one: as before, or as after, never some PMs of each
            assert out in (out_before, out_done), f"boundary {k}: a PM folder mixing before and after: " + str(
                sorted(n for n in set(out) | set(out_done) if out.get(n) != out_done.get(n)))
        # the next command completes or leaves the change, and the folder loads
        status = quick(folder, ["status"]) if state(folder) or (folder / ".hostkit-journal.json").exists() else None
        now = comparable(state(folder))
        assert now in (before, after), f"boundary {k}: a mix of before and after: " + str(
            sorted(n for n in set(now) | set(after) if now.get(n) != after.get(n)))
        if now:
            assert status is not None and status.exit_code == 0, status.output
        if now == after:
            assert not (folder / ".hostkit-journal.json").exists()
        # and the command can be run (again, or next) on the recovered folder
        if now == before and command[0] != "new":
            again = quick(folder, command, extra)
            assert again.exit_code == 0, again.output
        # and the killed writer's temporary files are gone (the next command cleans up after it)
        if folder.exists():
            quick(folder, ["status"])
        left = [*folder.rglob("*.tmp"), *(tmp_path / f"k{k}-out").rglob("*.tmp"),
                *(p for p in tmp_path.iterdir() if ".hostkit-" in p.name)]
        assert not left, f"boundary {k}: temporary files left behind: {left}"
    else:
        pytest.fail("the command never finished")
    KILLED.append(killed)
    print(f"crash points: {' '.join(command[:2])}: {killed} boundaries killed")
    assert killed >= 1, "every writing command crosses at least one write boundary"


@pytest.mark.slow  # one real hostkit per read-only command (20 processes, ~3 s): the crash hook is the point
def test_read_only_commands_cross_no_write_boundary(tmp_path):
    extra = paths(tmp_path)
    folder = tmp_path / "g"
    for args in D1 + [["vote", "Ann", "Bob"]]:
        assert quick(folder, args, extra).exit_code == 0
    before = state(folder)
    for name, args in READ_ONLY.items():
        result = run(folder, args, crash=1, extra=extra)
        assert result.returncode == 0, (name, result.returncode, result.stderr)
    assert state(folder) == before


def test_non_utf8_byte_names_the_file_and_line(tmp_path):
    """Issue 16, hand edits: a non-UTF-8 byte is one line naming the file, not a traceback."""
    folder = tmp_path / "g"
    assert run(folder, NEW).returncode == 0
    path = folder / "game.toml"
    path.write_bytes(path.read_bytes().replace(b"classic-werewolf", b"classic-\xffwerewolf"))
    result = run(folder, ["status"])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1 and "game.toml: line" in lines[0] and "not UTF-8" in lines[0], lines


def test_rewritten_files_keep_their_mode(tmp_path):
    """Issue 16, small: a rewrite keeps the file's mode; a new file gets the umask's, not 0600."""
    folder = tmp_path / "g"
    assert run(folder, NEW).returncode == 0
    night = next((folder / "phases").iterdir())
    assert night.stat().st_mode & 0o777 == 0o666 & ~_umask()
    os.chmod(night, 0o640)
    assert run(folder, ["act", "Bob", "Kill", "Fay"]).returncode == 0
    assert night.stat().st_mode & 0o777 == 0o640


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
