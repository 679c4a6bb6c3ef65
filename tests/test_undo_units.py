"""`hostkit undo` takes back what one command wrote, whole (house rule: a command's writes are
one unit). Each test takes the md5 of every file of the game folder before the command and
after its undo: they must be the same, byte for byte."""

from __future__ import annotations

import hashlib
import json
import re

from conftest import Host, new_classic
from test_natural_dayactions import alive, day1

CLASSIC8 = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
            "Gus=Werewolf", "Hal=Villager"]


def md5s(host: Host) -> dict[str, str]:
    """The md5 of every file of the game folder, hidden ones included."""
    return {str(p.relative_to(host.folder)): hashlib.md5(p.read_bytes()).hexdigest()
            for p in sorted(host.folder.rglob("*")) if p.is_file()}


def test_natural_II_undo_after_act_now_takes_back_the_action_and_its_resolution(tmp_path):
    """Before: one undo took back only the resolution, and the Snipe stayed recorded, waiting to
    fire at the next 'resolve' or window close (a trap). Now the one command leaves whole."""
    host = day1(tmp_path)
    before = md5s(host)
    host.ok("act", "--now", "Sn", "Snipe", "Ann")
    assert not alive(host)["Ann"]
    out = host.ok("undo")
    assert out.strip() == ("undone: Sn's Snipe on Ann, with the resolution of the Immediate actions waiting")
    assert md5s(host) == before
    assert alive(host)["Ann"]
    assert json.loads(host.ok("actions", "--json"))["actions"] == []
    # nothing is left to fire later: the next resolve has nothing waiting
    assert "no Immediate action is waiting" in host.refused("resolve")


def test_natural_II_undo_after_resolve_by_day_still_takes_back_only_the_resolution(tmp_path):
    """'act' then 'resolve' are two commands: one undo takes back the second only."""
    host = day1(tmp_path)
    host.ok("act", "Sn", "Snipe", "Ann")
    before = md5s(host)
    host.ok("resolve")
    assert host.ok("undo").strip() == "undone: the resolution of the Immediate actions waiting"
    assert md5s(host) == before


def test_classic_BanishmentResolution_undo_after_a_shot_with_removals_restores_the_folder(tmp_path):
    """A banished Hunter shoots on the next night, after the night's actions are in: the shot
    takes back the victim's action and the Guard's protection of the victim (entered after the
    shot event). Before, undo took back only the last removal; now the shot and its removals."""
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Eve", "--force")
    for line in (("Bob", "Kill", "Fay"), ("Ann", "Check", "Gus"), ("Carol", "Antidote", "Fay"),
                 ("Dave", "Guard", "Ann")):
        host.ok("act", *line)
    before = md5s(host)
    host.ok("shoot", "Eve", "Ann")
    assert "Ann: Check" not in host.ok("actions") and not alive(host)["Ann"]
    out = host.ok("undo")
    assert out.strip() == ("undone: the shot of Eve on Ann, with the removal of Ann's Check, "
                           "the removal of Dave's Guard")
    assert md5s(host) == before
    assert alive(host)["Ann"]
    assert json.loads(host.ok("due", "--json"))["due"][0]["owes"] == ["last words", "shot"]
    acts = {a["actor"]: a["targets"] for a in json.loads(host.ok("actions", "--json"))["actions"]}
    assert acts == {"Bob": ["Fay"], "Ann": ["Gus"], "Carol": ["Fay"], "Dave": ["Ann"]}


def test_undo_after_a_kill_with_removals_restores_the_folder(tmp_path):
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Ann", "Check", "Bob")
    before = md5s(host)
    host.ok("kill", "Ann", "--reason", "inactive")
    assert host.ok("undo").startswith("undone: the removal of Ann's Check, with the kill on Ann")
    assert md5s(host) == before
    assert "Ann: Check Bob" in host.ok("actions")


def test_undo_after_act_file_takes_back_every_line(tmp_path):
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    before = md5s(host)
    host.ok("act", "--file", "-", input="Ann Check Bob\nDave Guard Fay\n")
    out = host.ok("undo")
    assert "Ann's Check on Bob, with Dave's Guard on Fay" in out
    assert md5s(host) == before
    # one command earlier than that is the next undo
    assert host.ok("undo").strip() == "undone: Bob's Kill on Fay"


def test_undo_entry_of_one_entry_of_a_command_takes_back_the_whole_command(tmp_path):
    host = day1(tmp_path)
    before = md5s(host)
    host.ok("act", "--now", "Sn", "Snipe", "Ann")
    log = json.loads(host.ok("log", "--json"))["entries"]
    resolution = next(e for e in log if e["kind"] == "ruling")
    action = next(e for e in log if e["kind"] == "action" and e["phase"] == "day 1")
    assert resolution["unit"] == action["unit"] == action["seq"]  # 'log --json' shows the command's unit
    text = host.ok("log")
    assert f"+ the resolution of the Immediate actions waiting (with #{action['seq']})" in text
    assert "Sn's Snipe on Ann, with the resolution" in host.ok("undo", "--entry", resolution["id"])
    assert md5s(host) == before


def test_a_hand_edited_unit_that_is_not_a_seq_is_reported_with_its_file_and_key(tmp_path):
    host = day1(tmp_path)
    host.ok("act", "--now", "Sn", "Snipe", "Ann")
    day = sorted((host.folder / "phases").glob("*day-1.toml"))[0]
    good = day.read_text()
    for bad in ("-3", "99999999999999999999"):  # a unit is the seq of an entry at or before this one
        day.write_text(re.sub(r"unit = \d+", f"unit = {bad}", good, count=1))
        out = host.refused("status")
        assert "day-1.toml" in out and ".unit: must be a seq (the seq of its command's first entry, 1 to" in out


def test_a_replacement_is_taken_back_by_replacing_back_not_by_undo(tmp_path):
    """'replace' changes the setup, not the record, so 'undo' cannot take it back: it says so,
    and 'replace NEW OLD' right after restores game.toml byte for byte. Once entries name the
    new player, the way back is refused, naming the entry."""
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    before = md5s(host)
    assert "('hostkit replace Bobb Bob' takes it back; undo does not)" in host.ok("replace", "Bob", "Bobb")
    assert host.ok("replace", "Bobb", "Bob").strip() == "Bob is back in the slot of Bobb: the replacement is taken back."
    assert md5s(host) == before
    host.ok("replace", "Bob", "Bobb")
    host.ok("act", "Bobb", "Kill", "Ann")
    out = host.refused("replace", "Bobb", "Bob")
    assert "Bobb cannot be taken back to Bob: entries since the replacement name Bobb" in out and "actions[0]" in out


def test_start_post_says_undo_does_not_take_it_back(tmp_path):
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "undo does not take it back" in host.ok("start-post", "12")
