"""Issue 17, co-hosts through git: entries that merge, real conflicts named and refused, a clean
folder, and who entered what.

The git tests run the real `git` and the real `hostkit` (fresh processes) in temporary clones,
as two co-hosts would: each enters different actions and votes, each merges the other's commit.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CLASSIC
from hostkit.store import folder as store
from hostkit.game.cohost import GITIGNORE, merge_phase
from hostkit.model.errors import HostkitError
from hostkit.game.game import Game, create
from hostkit.model.entries import Action, PhaseEnd, PhaseRecord

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
NEW = ["new", "origin", "--git", "--ruleset", "classic-werewolf", "--seed", "1",
       *[x for a in CLASSIC for x in ("--assign", a)]]


def env() -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in ("HOSTKIT_HOST", "HOSTKIT_GAME")}
    out.update(GIT_AUTHOR_NAME="Test", GIT_AUTHOR_EMAIL="test@example.org", GIT_COMMITTER_NAME="Test",
               GIT_COMMITTER_EMAIL="test@example.org", GIT_CONFIG_NOSYSTEM="1")
    return out


def hk(cwd: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "hostkit", *args], cwd=cwd, env=env(), capture_output=True,
                            text=True, timeout=120)
    if ok:
        assert result.returncode == 0, result.stderr
    return result


def git(cwd: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, env=env(), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def clones(tmp_path: Path, *names: str, setup: bool = True) -> list[Path]:
    """`hostkit new --git` made the origin; each co-host clones it and runs git-setup."""
    hk(tmp_path, *NEW)
    out = []
    for host in names:
        folder = tmp_path / host.lower()
        git(tmp_path, "clone", "-q", "origin", folder.name)
        git(folder, "config", "user.name", host)
        if setup:
            hk(folder, "git-setup")
        out.append(folder)
    return out


def commit(folder: Path, message: str) -> None:
    git(folder, "add", "-A", ".")
    git(folder, "commit", "-q", "-m", message)


def merge_both_ways(a: Path, b: Path) -> None:
    """A merges B's commits and B merges A's (each from the state before the other merged)."""
    git(a, "fetch", "-q", str(b), "HEAD")
    git(b, "fetch", "-q", str(a), "HEAD")
    git(a, "merge", "-q", "--no-edit", "FETCH_HEAD")
    git(b, "merge", "-q", "--no-edit", "FETCH_HEAD")


def enter_and_merge(ann: Path, bea: Path, ann_does: list[list[str]], bea_does: list[list[str]]) -> list[dict]:
    """Each host enters its commands and commits; both merge; the conflicts both clones name."""
    for folder, commands in ((ann, ann_does), (bea, bea_does)):
        for args in commands:
            hk(folder, *args)
        commit(folder, folder.name)
    merge_both_ways(ann, bea)
    return json.loads(same(ann, bea, "status", "--json"))["conflicts"]


def same(a: Path, b: Path, *command: str) -> str:
    out_a, out_b = hk(a, *command).stdout, hk(b, *command).stdout
    assert out_a == out_b
    return out_a


@needs_git
@pytest.mark.slow  # two clones merged both ways through real git processes and the merge driver (~4 s)
def test_two_co_hosts_actions_and_votes_merge_both_ways_to_the_same_game(tmp_path):
    ann, bea = clones(tmp_path, "Ann", "Bea")
    # Night 1: different actions in each clone.
    hk(ann, "act", "Bob", "Kill", "Fay")
    hk(ann, "act", "Carol", "Antidote", "skip")
    hk(bea, "act", "Ann", "Check", "Gus")
    hk(bea, "act", "Dave", "Guard", "Hal")
    commit(ann, "Ann: the wolves' kill")
    commit(bea, "Bea: check and guard")
    merge_both_ways(ann, bea)
    assert (ann / "phases/001-night-1.toml").read_bytes() == (bea / "phases/001-night-1.toml").read_bytes()
    same(ann, bea, "status", "--json")
    night = json.loads(same(ann, bea, "resolve", "--dry-run", "--json"))
    assert [d["player"] for d in night["deaths"]] == ["Fay"]
    assert [r["result"] for r in night["results"]] == ["WEREWOLF"]  # Bea's Check, Ann's kill: both count
    # Ann resolves; Bea pulls it; then both enter day 1 votes.
    hk(ann, "resolve", "--force")
    commit(ann, "Ann: night 1 resolved")
    git(bea, "pull", "-q", "--no-rebase", str(ann), "HEAD")
    for voter, target in (("Ann", "Bob"), ("Carol", "Bob"), ("Dave", "Gus")):
        hk(ann, "vote", voter, target)
    for voter, target in (("Gus", "Ann"), ("Hal", "Bob"), ("Dave", "Bob")):  # Dave: Bea's later correction
        hk(bea, "vote", voter, target)
    commit(ann, "Ann: votes")
    commit(bea, "Bea: votes")
    merge_both_ways(ann, bea)
    status = json.loads(same(ann, bea, "status", "--json"))
    # Dave's two votes were entered concurrently, differently: which stands is not the record's
    # host order to decide (issue 31), it is a conflict until a host takes one back.
    (conflict,) = status["conflicts"]
    assert status["phase"] == "day" and sorted(e["what"] for e in conflict["entries"]) == [
        "Dave's vote on Bob", "Dave's vote on Gus"]
    anns = next(e["id"] for e in conflict["entries"] if e["host"] == "Ann")
    hk(ann, "undo", "--entry", anns)
    commit(ann, "Ann: Bea's correction of Dave's vote stands")
    git(bea, "pull", "-q", "--no-rebase", str(ann), "HEAD")
    assert json.loads(same(ann, bea, "status", "--json"))["conflicts"] == []
    count = json.loads(same(ann, bea, "votes", "--hand-only", "--json"))
    bob = next(w for w in count["wagons"] if w["target"] == "Bob")
    assert sorted(bob["voters"]) == ["Ann", "Carol", "Dave", "Hal"]
    assert [w["voters"] for w in count["wagons"] if w["target"] == "Gus"] == []
    log = same(ann, bea, "log")
    assert "Ann  Bob's Kill on Fay" in log and "Bea  Ann's Check on Gus" in log
    # The merge leaves no untracked or ignored-but-shown files: .cache and the lock are ignored.
    assert git(ann, "status", "--porcelain", "--untracked-files=all") == ""


@needs_git
def test_both_merge_orders_give_the_same_bytes_for_every_phase_file(tmp_path):
    ann, bea = clones(tmp_path, "Ann", "Bea")
    hk(ann, "act", "Bob", "Kill", "Fay")
    hk(bea, "act", "Bob", "Kill", "Hal")  # the same key: a conflict (misc3), the same bytes in both clones
    hk(bea, "act", "Ann", "Check", "Carol")
    commit(ann, "a")
    commit(bea, "b")
    merge_both_ways(ann, bea)
    for path in (ann / "phases").iterdir():
        assert path.read_bytes() == (bea / "phases" / path.name).read_bytes()
    assert same(ann, bea, "actions", "--json")


@needs_git
@pytest.mark.parametrize("first,second,conflict", [
    (["act", "Bob", "Kill", "Fay"], ["act", "Bob", "Kill", "Hal"], "night 1 was ended twice, differently"),
    (None, None, "day 1 was ended twice, differently"),
], ids=["two-nights-resolved-differently", "two-days-ended-differently"])
def test_a_real_conflict_is_named_and_refused_until_one_is_taken_back(tmp_path, first, second, conflict):
    ann, bea = clones(tmp_path, "Ann", "Bea")
    if first is None:  # both in day 1, each eliminates a different player
        hk(ann, "act", "Bob", "Kill", "Fay")
        hk(ann, "resolve", "--force")
        commit(ann, "night 1")
        git(bea, "pull", "-q", "--no-rebase", str(ann), "HEAD")
        hk(ann, "eliminate", "Bob")
        hk(bea, "eliminate", "Hal")
    else:
        hk(ann, *first)
        hk(ann, "resolve", "--force")
        hk(bea, *second)
        hk(bea, "resolve", "--force")
    commit(ann, "Ann ends it")
    commit(bea, "Bea ends it")
    merge_both_ways(ann, bea)
    status = hk(ann, "status").stdout
    assert conflict in status and "by Ann" in status and "by Bea" in status
    data = json.loads(hk(ann, "status", "--json").stdout)
    # misc3: the two nights' different kills of one actor are a conflict of their own (Bea's
    # Kill on Hal would otherwise replace Ann's by host-name order once Bea's end is taken back).
    (c,) = [c for c in data["conflicts"] if c["kind"] == "ends"]
    assert len(data["conflicts"]) == (2 if first else 1)
    assert sorted(e["host"] for e in c["entries"]) == ["Ann", "Bea"]
    before = {p: p.read_bytes() for p in (ann / "phases").iterdir()}
    refused = hk(ann, "act", "Ann", "Check", "Gus", ok=False) if first else hk(ann, "vote", "Ann", "Gus", ok=False)
    assert refused.returncode == 1 and conflict in refused.stderr and "undo --entry" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert {p: p.read_bytes() for p in (ann / "phases").iterdir()} == before
    beas = next(e["id"] for e in c["entries"] if e["host"] == "Bea")
    assert "undone: the end of" in hk(ann, "undo", "--entry", beas).stdout
    if first:  # misc3: then Bea's kill, which still contradicts Ann's published night
        (kills,) = json.loads(hk(ann, "status", "--json").stdout)["conflicts"]
        assert kills["kind"] == "concurrent"
        bea_kill = next(e["id"] for e in kills["entries"] if e["host"] == "Bea")
        assert "undone: Bob's Kill on Hal" in hk(ann, "undo", "--entry", bea_kill).stdout
    assert json.loads(hk(ann, "status", "--json").stdout)["conflicts"] == []
    hk(ann, "log")


@needs_git
def test_without_the_driver_git_conflicts_and_hostkit_says_how_to_merge(tmp_path):
    ann, bea = clones(tmp_path, "Ann", "Bea", setup=False)
    hk(ann, "act", "Bob", "Kill", "Fay")
    hk(bea, "act", "Ann", "Check", "Gus")
    commit(ann, "a")
    commit(bea, "b")
    git(ann, "fetch", "-q", str(bea), "HEAD")
    merged = subprocess.run(["git", "merge", "--no-edit", "FETCH_HEAD"], cwd=ann, env=env(), capture_output=True,
                            text=True)
    assert merged.returncode != 0  # git's own line merge: both appended at the same place
    out = hk(ann, "status", ok=False)
    assert out.returncode == 1 and "unmerged git conflict" in out.stderr and "hostkit git-setup" in out.stderr
    hk(ann, "git-setup")
    git(ann, "checkout", "-m", "--", "phases/001-night-1.toml")
    actions = json.loads(hk(ann, "actions", "--json").stdout)["actions"]
    assert sorted(a["actor"] for a in actions) == ["Ann", "Bob"]


@needs_git
def test_new_with_git_makes_the_first_commit_and_a_clean_folder(tmp_path):
    hk(tmp_path, *NEW)
    origin = tmp_path / "origin"
    assert "hostkit new" in git(origin, "log", "--oneline")
    assert git(origin, "status", "--porcelain", "--untracked-files=all") == ""
    assert ".cache/" in (origin / ".gitignore").read_text() and "merge=hostkit" in (origin / ".gitattributes").read_text()
    assert "hostkit merge-file" in git(origin, "config", "merge.hostkit.driver")
    hk(origin, "act", "Bob", "Kill", "Fay")
    (origin / ".cache").mkdir()
    (origin / ".cache" / "x.json").write_text("{}")
    assert git(origin, "status", "--porcelain", "--untracked-files=all").split() == ["M", "phases/001-night-1.toml"]


def test_new_writes_gitignore_without_git(classic):
    assert (classic.folder / ".gitignore").read_text() == GITIGNORE
    assert "merge=hostkit" in (classic.folder / ".gitattributes").read_text()


@pytest.mark.parametrize("how,expected", [
    (lambda h: h.ok("--host-name", "Mod Ann", "act", "Bob", "Kill", "Fay"), "Mod Ann"),
    (lambda h: h.runner.invoke(__import__("hostkit.cli").cli.cli, ["--game", str(h.folder), "act", "Bob", "Kill", "Fay"],
                               env={"HOSTKIT_HOST": "Env Bea"}), "Env Bea"),
], ids=["--host-name", "HOSTKIT_HOST"])
def test_every_entry_records_its_host_and_log_shows_it(classic, how, expected):
    how(classic)
    (entry,) = classic.game.current.record.actions
    assert entry.host == expected
    assert expected in classic.ok("log")
    assert json.loads(classic.ok("log", "--json"))["entries"][0]["host"] == expected


@needs_git
def test_the_host_defaults_to_gits_user_name(tmp_path):
    (ann,) = clones(tmp_path, "Ann")
    hk(ann, "act", "Bob", "Kill", "Fay")
    assert Game.load(ann).current.record.actions[0].host == "Ann"


def test_old_folders_without_hosts_load_and_duplicates_are_refused(classic):
    path = classic.folder / "phases" / "001-night-1.toml"
    path.write_text('version = 1\nphase = "night"\nnumber = 1\n\n[[actions]]\nseq = 1\nactor = "Bob"\n'
                    'ability = "Kill"\ntargets = ["Fay"]\n')  # as hostkit wrote it before co-hosting
    assert [a.actor for a in classic.game.current.actions] == ["Bob"]
    classic.ok("--host-name", "Ann", "act", "Ann", "Check", "Gus")
    assert [(a.seq, a.host) for a in classic.game.current.record.actions] == [(1, ""), (2, "Ann")]
    text = path.read_text()
    path.write_text(text + '\n[[actions]]\nseq = 1\nactor = "Bob"\nability = "Kill"\ntargets = ["Fay"]\n')
    out = classic.refused("status")
    assert "actions[2]: the same entry as actions[0]" in out


def _rec(*entries, ends=()) -> str:
    return store.dump_toml(store.phase_to_toml(PhaseRecord("night", 1, tuple(entries), ends=tuple(ends))))


A1 = Action("Bob", "Kill", ("Fay",), 1, "Ann")
B1 = Action("Ann", "Check", ("Gus",), 1, "Bea")
B2 = Action("Dave", "Guard", ("Hal",), 2, "Bea")


@pytest.mark.parametrize("base,ours,theirs,expected", [
    ([], [A1], [B1, B2], [A1, B1, B2]),
    ([A1], [A1, B2], [], [B2]),                   # theirs took A1 back: it stays gone
    ([A1], [A1], [A1._replace(targets=("Hal",))], [A1._replace(targets=("Hal",))]),  # a hand edit wins
    (None, [A1], [A1, B1], [A1, B1]),             # both began the phase (git's add/add: no base)
], ids=["both-added", "one-removed", "one-edited", "add-add"])
def test_merge_phase_is_entry_by_entry_and_symmetric(base, ours, theirs, expected):
    base_text = "" if base is None else _rec(*base)
    merged, _ = merge_phase(base_text, _rec(*ours), _rec(*theirs), "phases/001-night-1.toml")
    swapped, _ = merge_phase(base_text, _rec(*theirs), _rec(*ours), "phases/001-night-1.toml")
    assert merged == swapped
    assert merged == _rec(*sorted(expected, key=lambda e: (e.seq, e.host)))


def test_merge_phase_keeps_two_different_ends_and_refuses_two_phases():
    end_a, end_b = PhaseEnd(3, None, {"deaths": ["Fay"]}, "Ann"), PhaseEnd(3, None, {"deaths": []}, "Bea")
    merged, notes = merge_phase(_rec(A1), _rec(A1, ends=[end_a]), _rec(A1, ends=[end_b]), "p")
    assert merged.count("[[end]]") == 2 and notes
    day = store.dump_toml(store.phase_to_toml(PhaseRecord("day", 1)))
    with pytest.raises(HostkitError, match="different phases"):
        merge_phase("", _rec(A1), day, "p")


def test_append_returns_the_new_game_and_writes_nothing_it_cannot_replay(tmp_path):
    game = create(tmp_path / "g", ruleset="classic-werewolf", assign=CLASSIC, seed=1)
    new = game.append(Action("Bob", "Kill", ("Fay",)))
    assert [a.actor for a in new.current.actions] == ["Bob"] and game.current.actions == []
    before = (tmp_path / "g" / "phases" / "001-night-1.toml").read_bytes()
    with pytest.raises(HostkitError):
        new.append(Action("Fay", "Kill", ("Bob",)))  # a Villager has no Kill: the replay refuses it
    assert (tmp_path / "g" / "phases" / "001-night-1.toml").read_bytes() == before


# --------------------------------------------------------------------------- concurrent entries (misc3, item 1)


def vic_clones(tmp_path: Path) -> list[Path]:
    """The redspec case's game: natural, a Veteran (Vic), a Goon (Gon) who kills him, a Cop, townies."""
    hk(tmp_path, "new", "origin", "--git", "--ruleset", "natural", "--seed", "1", "--assign", "Vic=Veteran",
       "--assign", "Gon=Goon", "--assign", "Cop=Cop", "--assign", "Tia=Villager", "--assign", "Tom=Villager",
       "--assign", "Max=Goon", "--assign", "Tim=Villager")
    out = []
    for host in ("Ann", "Bea"):
        folder = tmp_path / host.lower()
        git(tmp_path, "clone", "-q", "origin", folder.name)
        git(folder, "config", "user.name", host)
        hk(folder, "git-setup")
        out.append(folder)
    return out


@needs_git
@pytest.mark.slow  # two clones, real git merges through the driver at every step (~3.5 s)
def test_a_concurrent_entry_cannot_silently_change_a_resolved_night(tmp_path):
    """redspec: host A enters `act Vic Alert` and resolves (Gon dies on Vic's alert); host B,
    before pulling, enters `act Vic Alert skip`. The merge used to let B's entry win by host-name
    order, and the published night now killed Vic. Now it is a conflict, named with both entries
    and hosts; nothing can be entered until one is taken back; taking back B's leaves A's night."""
    ann, bea = vic_clones(tmp_path)
    hk(ann, "act", "Vic", "Alert")
    hk(ann, "act", "Gon", "Kill", "Vic")
    published = json.loads(hk(ann, "resolve", "--force", "--json").stdout)
    assert [d["player"] for d in published["deaths"]] == ["Gon"]
    hk(bea, "act", "Vic", "Alert", "skip")
    commit(ann, "Ann: night 1 resolved")
    commit(bea, "Bea: Vic declines")
    merge_both_ways(ann, bea)
    assert (ann / "phases/001-night-1.toml").read_bytes() == (bea / "phases/001-night-1.toml").read_bytes()
    data = json.loads(same(ann, bea, "status", "--json"))
    (c,) = data["conflicts"]
    assert c["kind"] == "concurrent" and c["phase"] == "night 1"
    assert sorted((e["host"], e["what"]) for e in c["entries"]) == [("Ann", "Vic's Alert"), ("Bea", "Vic's Alert (skip)")]
    text = hk(ann, "status").stdout
    assert "conflict: night 1: Vic's Alert (entry" in text and "by Ann" in text and "by Bea" in text
    assert "undo --entry" in text
    before = {p: p.read_bytes() for p in (ann / "phases").iterdir()}
    refused = hk(ann, "vote", "Tia", "Tom", ok=False)
    assert refused.returncode == 1 and "Vic's Alert (skip)" in refused.stderr and "Traceback" not in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert {p: p.read_bytes() for p in (ann / "phases").iterdir()} == before
    # What players are told depends on which entry stands: not rendered until it is settled.
    for command in (["pm", "--night", "1"], ["post", "deaths"], ["post", "flip", "Gon"], ["page", "--public"]):
        refused = hk(ann, *command, ok=False)
        assert refused.returncode == 1 and "before publishing what it decides" in refused.stderr, command
    beas = next(e["id"] for e in c["entries"] if e["host"] == "Bea")
    assert hk(ann, "undo", "--entry", beas).stdout.strip() == "undone: Vic's Alert (skip)"
    assert "Gon" in hk(ann, "post", "deaths").stdout
    after = json.loads(hk(ann, "status", "--json").stdout)
    assert after["conflicts"] == [] and after["warnings"] == []
    assert "conflicts" not in (ann / "phases/001-night-1.toml").read_text()  # the settled pair is gone too
    assert [p["name"] for p in after["players"] if not p["alive"]] == ["Gon"]
    hk(ann, "vote", "Tia", "Tom")
    # Bea pulls the settled record: the same game, no conflict.
    commit(ann, "Ann: settled")
    git(bea, "pull", "-q", "--no-rebase", str(ann), "HEAD")
    assert json.loads(hk(bea, "status", "--json").stdout)["conflicts"] == []


@needs_git
@pytest.mark.parametrize("ann_does,bea_does,kind,whats", [
    ([["act", "Bob", "Kill", "Fay"]], [["act", "Gus", "Kill", "Hal"]], "concurrent",
     ["Bob's Kill on Fay", "Gus's Kill on Hal"]),
    ([["act", "Bob", "Kill", "Fay"], ["resolve", "--force"]], [["act", "Ann", "Check", "Gus"]], "ended",
     ["Ann's Check on Gus", "the end of night 1 (deaths: Fay)"]),
    ([["act", "Dave", "Guard", "Hal"]], [["act", "Dave", "Guard", "Fay"]], "concurrent",
     ["Dave's Guard on Fay", "Dave's Guard on Hal"]),
], ids=["faction-kill-by-two-members", "entered-into-a-night-the-other-resolved", "one-actor-unresolved-night"])
def test_concurrent_entries_that_contradict_are_a_conflict(tmp_path, ann_does, bea_does, kind, whats):
    ann, bea = clones(tmp_path, "Ann", "Bea")
    (c,) = enter_and_merge(ann, bea, ann_does, bea_does)
    assert c["kind"] == kind and sorted(e["what"] for e in c["entries"]) == whats
    refused = hk(bea, "act", "Ann", "Check", "Bob", ok=False)
    assert refused.returncode == 1 and "conflict: night 1" in refused.stderr and "undo --entry" in refused.stderr


@needs_git
def test_concurrent_entries_that_agree_merge_as_before(tmp_path):
    """Both hosts entered the same kill (one also resolved): nothing to settle; the file has no
    `conflicts` key, as a merge wrote it before."""
    ann, bea = clones(tmp_path, "Ann", "Bea")
    hk(ann, "act", "Bob", "Kill", "Fay")
    hk(ann, "resolve", "--force")
    hk(bea, "act", "Bob", "Kill", "Fay")
    commit(ann, "a")
    commit(bea, "b")
    merge_both_ways(ann, bea)
    assert "conflicts" not in (ann / "phases/001-night-1.toml").read_text()
    assert json.loads(same(ann, bea, "status", "--json"))["conflicts"] == []
    hk(ann, "vote", "Ann", "Bob")


def test_merge_phase_keeps_a_settled_conflict_settled_and_old_files_unchanged(tmp_path):
    """The driver merges the `conflicts` pairs three ways like entries: a pair one side settled
    (undo dropped it) stays gone; files with no conflict merge to the bytes they always did."""
    game = create(tmp_path / "g", ruleset="classic-werewolf", assign=CLASSIC, seed=1)
    base = store.dump_toml(store.phase_to_toml(game.current.record))
    ann = game.current.record._replace(actions=(Action("Bob", "Kill", ("Fay",), seq=1, host="Ann"),))
    bea = game.current.record._replace(actions=(Action("Bob", "Kill", ("Hal",), seq=1, host="Bea"),))
    text = lambda rec: store.dump_toml(store.phase_to_toml(rec))  # noqa: E731
    merged, notes = merge_phase(base, text(ann), text(bea), "phases/001-night-1.toml")
    rec = store.parse_phase(__import__("tomllib").loads(merged), "merged")
    assert len(rec.conflicts) == 1 and any("contradict" in n for n in notes)
    # Ann settles (takes back Bea's entry: the pair goes with it); Bea's clone still has the pair.
    settled = rec._replace(actions=rec.actions[:1], conflicts=())
    again, _ = merge_phase(merged, text(settled), merged, "phases/001-night-1.toml")
    assert again == text(settled)
    # No conflict: the bytes an entry-by-entry merge always gave (no conflicts key).
    bea_other = game.current.record._replace(actions=(Action("Ann", "Check", ("Gus",), seq=1, host="Bea"),))
    plain, notes = merge_phase(base, text(ann), text(bea_other), "phases/001-night-1.toml")
    assert "conflicts" not in plain and notes == []
    assert plain == text(game.current.record._replace(actions=tuple(sorted(
        (*ann.actions, *bea_other.actions), key=lambda a: (a.seq, a.host)))))


def test_a_hand_written_conflicts_key_is_checked(tmp_path):
    game = create(tmp_path / "g", ruleset="classic-werewolf", assign=CLASSIC, seed=1)
    path = game.current.path
    path.write_text(path.read_text().replace('number = 1\n', 'number = 1\nconflicts = [["abc"]]\n'))
    with pytest.raises(HostkitError, match=r"conflicts\[0\]: expected two entry ids"):
        Game.load(tmp_path / "g")


@needs_git
def test_an_undo_on_one_clone_cannot_silently_change_the_night_the_other_resolved(tmp_path):
    """Both clones have Bob's kill; Ann resolves the night with it while Bea takes it back with
    'undo'. A plain three-way merge dropped it and the published death went silently. Now it
    is kept, paired with Ann's end as a conflict; taking back either settles it."""
    ann, bea = clones(tmp_path, "Ann", "Bea")
    hk(ann, "act", "Bob", "Kill", "Fay")
    commit(ann, "kill")
    git(bea, "pull", "-q", "--no-rebase", str(ann), "HEAD")
    hk(ann, "resolve", "--force")
    assert hk(bea, "undo").stdout.strip() == "undone: Bob's Kill on Fay"
    commit(ann, "resolved")
    commit(bea, "taken back")
    merge_both_ways(ann, bea)
    data = json.loads(same(ann, bea, "status", "--json"))
    (c,) = data["conflicts"]
    assert c["kind"] == "ended" and sorted(e["what"] for e in c["entries"]) == [
        "Bob's Kill on Fay", "the end of night 1 (deaths: Fay)"]
    kill = next(e["id"] for e in c["entries"] if e["what"] == "Bob's Kill on Fay")
    hk(ann, "undo", "--entry", kill)
    after = json.loads(hk(ann, "status", "--json").stdout)
    assert after["conflicts"] == [] and any("published deaths (Fay)" in w for w in after["warnings"])
