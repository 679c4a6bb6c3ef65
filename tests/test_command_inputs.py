"""Issue 31: what a host types is checked, never dropped or ignored.

An undecodable byte in any text written to the game (a title, a thread) is one line naming the
file and line, and `new` leaves no folder; `act --file` reads only a regular file, up to a size
cap (a named pipe hung, /dev/zero ran out of memory); `--on-time` where there is no deadline to
excuse, `--host-name ""` and `votes --url ""` are refused, not taken as not given.
"""

from __future__ import annotations

import os

import pytest

from conftest import CLASSIC, snapshot
from hostkit.cli import cli
from hostkit.cli.base import MAX_INPUT

NEW = ["--ruleset", "classic-werewolf", "--seed", "1", *[x for a in CLASSIC for x in ("--assign", a)]]


@pytest.mark.parametrize("option,value", [("--title", "T\udcff\udcfe"), ("--thread", "https://f.example/t/\udcff")],
                         ids=["title", "thread"])
def test_new_with_an_undecodable_text_is_one_line_and_leaves_no_folder(runner, tmp_path, option, value):
    folder = tmp_path / "g"
    result = runner.invoke(cli, ["new", str(folder), *NEW, option, value])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert "0xff" in result.output and "game.toml" in result.output
    assert not folder.exists()


def test_an_undecodable_text_in_a_later_command_changes_nothing(classic):
    out = classic.refused("kill", "Ann", "--reason", "mod\udcffkill")
    assert "0xff" in out or "UTF-8" in out


def test_act_file_refuses_a_named_pipe_without_waiting(classic, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "named pipe" in classic.refused("act", "--file", str(fifo))


def test_act_file_refuses_a_device_and_a_file_over_the_cap(classic, tmp_path):
    assert "device" in classic.refused("act", "--file", "/dev/zero")
    big = tmp_path / "big.txt"
    big.write_bytes(b"Bob Kill Fay\n" * (MAX_INPUT // 13 + 1))
    assert "KiB" in classic.refused("act", "--file", str(big))
    small = tmp_path / "night.txt"
    small.write_text("Bob Kill Fay\n")
    classic.ok("act", "--file", str(small))


def test_act_file_from_standard_input_is_capped_too(classic):
    assert "KiB" in classic.refused("act", "--file", "-", input="Bob Kill Fay\n" * (MAX_INPUT // 13 + 1))


def test_on_time_at_night_is_refused_not_ignored(classic):
    assert "--on-time" in classic.refused("act", "--on-time", "Bob", "Kill", "Fay")


def test_on_time_by_day_before_any_deadline_is_refused(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("resolve", "--force")
    assert "no deadline" in classic.refused("act", "--on-time", "Eve", "Shoot", "Bob")


def test_an_empty_host_name_is_refused_not_an_entry_by_no_one(classic):
    before = snapshot(classic.folder)
    result = classic("--host-name", "", "act", "Bob", "Kill", "Fay")
    assert result.exit_code == 1 and "--host-name" in result.output and "empty" in result.output, result.output
    assert snapshot(classic.folder) == before


def test_votes_with_an_empty_url_is_refused_not_the_games_own_thread(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("resolve", "--force")
    result = classic("votes", "--url", "")
    assert result.exit_code != 0 and "--url" in result.output and "empty" in result.output, result.output
    assert "Traceback" not in result.output
