"""docs/watch.md's examples run as written (issue 37): the commands, the cron line, the options;
and the README links the page."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Host
from watch_helpers import Day

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "watch.md").read_text()


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", DOC, re.S)


def _lines(block: str) -> list[list[str]]:
    return [shlex.split(line, comments=True) for line in block.splitlines() if shlex.split(line, comments=True)]


def test_the_readme_links_the_page():
    assert "(docs/watch.md)" in (ROOT / "README.md").read_text()


def test_every_option_in_the_table_is_a_watch_option_with_the_default_it_shows():
    from hostkit.game.watchoptions import WATCH_OPTIONS
    from hostkit.rules.rulesets import COMMON_OPTIONS

    rows = dict(re.findall(r"^\| `(watch-[\w-]+)` \| `([^`]*)` \|", DOC, re.M))
    assert sorted(rows) == sorted(WATCH_OPTIONS)
    for key, shown in rows.items():
        default = COMMON_OPTIONS[key].default
        assert shown == (str(default).lower() if isinstance(default, bool) else str(default)), key


def test_the_option_examples_run_as_written(tmp_path):
    from conftest import new_classic

    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    block = next(b for b in _blocks("sh") if "hostkit option" in b)
    for words in _lines(block):
        assert words[0] == "hostkit"
        host.ok(*words[1:])
    options = host.game.setup.options
    assert options["watch-count-votes"] == 5 and options["watch-lock"] is False
    assert options["watch-reminders"] == "48h,12h,1h" and options["watch-vc-gap"] == 30
    assert "watch-reminders" in host.refused("option", "watch-reminders=soon")


@pytest.mark.slow  # some 20 s: two games on the board, a round each way the page shows
def test_the_running_examples_and_the_cron_line_run_as_written(tmp_path, board, monkeypatch):
    (tmp_path / "games").mkdir()
    games = [Day(tmp_path, board, monkeypatch, name=f"games/{n}").to_day() for n in ("mini-12", "mini-13")]
    here = games[0].host.folder
    monkeypatch.chdir(here)
    env = dict(os.environ, HOME=str(tmp_path))
    block = next(b for b in _blocks("sh") if "hostkit watch --once" in b)
    for words in _lines(block):
        args = words[1:]
        if "--once" not in args and "--status" not in args:  # a loop: its first round, then SIGTERM
            proc = subprocess.Popen([sys.executable, "-m", "hostkit", *args], cwd=here, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            first = proc.stdout.readline()
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=30)
            assert proc.returncode == 0 and "read the thread" in first, err
            continue
        out = games[0].host.runner.invoke(__import__("hostkit.cli", fromlist=["cli"]).cli, args,
                                          catch_exceptions=False)
        assert out.exit_code == 0, out.output
        if args == ["watch", "--status"]:
            assert "Last round" in out.output and "watch.log" in out.output
    assert (tmp_path / "games" / "mini-13" / ".cache" / "watch.log").exists()  # the second game was watched
    cron = next(b for b in _blocks("sh") if "* * * *" in b).strip()
    command = cron.split(" ", 5)[5].replace("hostkit", f"{sys.executable} -m hostkit", 1)
    run = subprocess.run(["bash", "-c", command], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "read the thread" in (here / ".cache" / "watch-cron.log").read_text()
