"""The README's promises: its first two commands, its short game on the forum, its guides (docs/), and the
tour of a night (docs/guide.md), run as written; every hostkit command in the README and docs names real
commands and options."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from hostkit.cli import cli
from hostkit.engine.effects import PARAMS
from hostkit.rules.rulesets import MESSAGE_KEYS, PASSIVES

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
GUIDE = (ROOT / "docs" / "guide.md").read_text()
FORUM_GUIDE = ROOT / "docs" / "forum-game.md"
SCHEMA = (ROOT / "games" / "README.md").read_text()


def blocks(text: str) -> list[str]:
    return re.findall(r"```(?:sh|toml)?\n(.*?)```", text, re.S)


def test_readme_starts_with_the_two_commands():
    first, second = blocks(README)[:2]
    assert first.strip() == "pip install . && hostkit demo"
    assert second.strip() == "pip install -e '.[test]' && pytest"
    assert "pip install -e '.[test]' && pytest" in (ROOT / ".ci" / "run").read_text()


def tour_commands() -> list[list[str]]:
    tour = next(b for b in blocks(GUIDE) if "hostkit new village" in b)
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


def commands_of(text: str) -> list[list[str]]:
    """Every command line of the text's sh blocks, as words (continuations joined, comments off)."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words:
                out.append(words)
    return out


def test_the_readmes_short_game_is_the_forum_guides_own_in_its_order():
    """The README's short game on the forum is run on the local phpBB board by
    tests/test_forum_guide.py: each of its commands is one the guide runs (and is not refused
    there), in the guide's order."""
    short = next(b for b in blocks(README) if "hostkit forum login" in b)
    mine = commands_of("```sh\n" + short + "```")
    guide = [words for words in commands_of(FORUM_GUIDE.read_text())]
    refused = {i for i, line in enumerate(l for b in re.findall(r"```sh\n(.*?)```", FORUM_GUIDE.read_text(), re.S)
                                         for l in b.replace("\\\n", " ").splitlines() if shlex.split(l, comments=True))
               if "# refused" in line}
    at = 0
    for words in mine:
        while at < len(guide) and (guide[at] != words or at in refused):
            at += 1
        assert at < len(guide), f"README's {' '.join(words)!r} is not the forum guide's next command"
        at += 1


def test_every_guide_is_linked_from_the_readme():
    linked = set(re.findall(r"\]\((docs/[\w.-]+\.md)\)", README))
    pages = {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert pages <= linked, f"docs pages the README does not link: {sorted(pages - linked)}"
    for page in linked:
        assert (ROOT / page).is_file(), page


def _doc_texts() -> list[tuple[str, str]]:
    return [("README.md", README)] + [(f"docs/{p.name}", p.read_text()) for p in sorted((ROOT / "docs").glob("*.md"))]


def test_every_hostkit_command_in_the_readme_and_docs_names_real_commands_and_options():
    """An example a host copies must not name a command or an option hostkit does not have."""
    import click

    bad = []
    for name, text in _doc_texts():
        for words in commands_of(text):
            if words[0] != "hostkit":
                continue
            command, ctx = cli, click.Context(cli)
            for word in words[1:]:
                if word.startswith("-"):
                    opt = word.split("=", 1)[0]
                    known = {o for p in command.params for o in (*p.opts, *p.secondary_opts)} | {"--help", "-h"}
                    if opt not in known and not (isinstance(command, click.Group) and opt in
                                                 {o for p in cli.params for o in p.opts}):
                        bad.append(f"{name}: {' '.join(words)}: {opt} is no option of {command.name}")
                elif isinstance(command, click.Group):
                    sub = command.get_command(ctx, word)
                    if sub is None:
                        bad.append(f"{name}: {' '.join(words)}: no command {word!r}")
                        break
                    command = sub
    assert not bad, "\n".join(bad)
