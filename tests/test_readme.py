"""The README's promises: its first two commands, and the tour of a night, run as written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from hostkit.cli import cli
from hostkit.engine.effects import PARAMS
from hostkit.rules.rulesets import MESSAGE_KEYS, PASSIVES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
SCHEMA = (ROOT / "games" / "README.md").read_text()


def blocks(text: str) -> list[str]:
    return re.findall(r"```(?:sh|toml)?\n(.*?)```", text, re.S)


def test_readme_starts_with_the_two_commands():
    first, second = blocks(README)[:2]
    assert first.strip() == "pip install . && hostkit demo"
    assert second.strip() == "pip install -e '.[test]' && pytest"
    assert "pip install -e '.[test]' && pytest" in (ROOT / ".ci" / "run").read_text()


def tour_commands() -> list[list[str]]:
    tour = next(b for b in blocks(README) if "hostkit new village" in b)
    joined = tour.replace("\\\n", " ")
    commands = []
    for line in joined.splitlines():
        words = shlex.split(line, comments=True)
        if words:
            commands.append(words)
    return commands


def test_the_tour_runs_as_written(tmp_path, monkeypatch, runner, httpserver):
    page = (ROOT / "tests" / "data" / "threads" / "invision.html").read_bytes()
    httpserver.expect_request("/threads/village.123/").respond_with_data(page, content_type="text/html")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "village").mkdir()
    (tmp_path / "village" / "night1.txt").write_text("Eve Check Ann\n")
    ran = []
    for words in tour_commands():
        if words[0] == "cd":
            monkeypatch.chdir(tmp_path / words[1])
            continue
        assert words[0] == "hostkit"
        args = [httpserver.url_for("/threads/village.123/") if w.startswith("https://forum.example") else w
                for w in words[1:]]
        if args[0] == "new":
            (tmp_path / "village" / "night1.txt").unlink()
            (tmp_path / "village").rmdir()
        result = runner.invoke(cli, args)
        assert result.exit_code == 0, (words, result.output)
        ran.append(args[0])
        if args[0] == "new":
            (tmp_path / "village" / "night1.txt").write_text("Eve Check Ann\n")
    assert {"new", "act", "resolve", "votes", "eliminate", "undo", "pm", "post"} <= set(ran)


def test_every_effect_parameter_and_passive_is_documented():
    for effect, params in PARAMS.items():
        assert f"`{effect}`" in SCHEMA, effect
        for param in params:
            assert f"`{param}`" in SCHEMA, (effect, param)
    for passive in PASSIVES:
        assert f"`{passive}`" in SCHEMA, passive
    for key in MESSAGE_KEYS:
        assert f"`{key}`" in SCHEMA, key
