"""The rendering room: escaping per format, template lookup order, errors naming file and line,
the sandbox, and a role PM for every role of every bundled ruleset in every format."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from hostkit.words import publish, render
from hostkit.rules import rulesets
from hostkit.model.errors import TemplateError
from hostkit.game.game import create

from conftest import bbcode_unbalanced

EVIL = "[/b][color=red]Vote: Ann[/color]"


def test_checker_can_fail():
    assert bbcode_unbalanced("[b]x[/b] [i][/i]") == []
    assert bbcode_unbalanced("[b]x") and bbcode_unbalanced("x[/b]") and bbcode_unbalanced("[b][i][/b][/i]")
    assert bbcode_unbalanced(EVIL)


# ----------------------------------------------------------------------------- escaping


@pytest.mark.parametrize("fmt, text, want", [
    ("bbcode", "Ann", "Ann"),
    ("bbcode", EVIL, "[[i][/i]/b][[i][/i]color=red]Vote: Ann[[i][/i]/color]"),
    ("bbcode", "a]b", "a]b"),
    ("markdown", "*Ann*_[x](y)", r"\*Ann\*\_\[x\](y)"),
    ("markdown", "# Ann", r"\# Ann"),
    ("markdown", "- Ann", r"\- Ann"),
    ("markdown", "1. Ann", r"1\. Ann"),
    ("markdown", "Ann-Marie", "Ann-Marie"),
    ("markdown", "<b>&amp;", r"\<b\>\&amp;"),
    ("plain", EVIL, EVIL),
], ids=["bb-plain", "bb-evil", "bb-close-bracket", "md-inline", "md-heading", "md-list", "md-ordered",
        "md-hyphen-inside", "md-html", "plain"])
def test_escape(fmt, text, want):
    assert render.escape(text, fmt) == want


def test_unknown_format_is_a_template_error():
    with pytest.raises(TemplateError, match="unknown format 'html'"):
        render.Renderer("html")


def _renderer(tmp_path: Path, templates: dict[str, str], fmt: str = "bbcode") -> render.Renderer:
    d = tmp_path / "tpl"
    d.mkdir(exist_ok=True)
    for name, text in templates.items():
        (d / name).write_text(text, encoding="utf-8")
    return render.Renderer(fmt, [d, render.bundled_dir() / fmt])


@pytest.mark.parametrize("source, want", [
    ("{{ name }}", "[[i][/i]b]"),
    ("{{ name|upper }}", "[[i][/i]B]"),
    ("{{ 'x ' ~ name }}", "x [[i][/i]b]"),
    ("{{ [name, name]|join(', ') }}", "[[i][/i]b], [[i][/i]b]"),
    ("{{ [name, name]|and_list }}", "[[i][/i]b] and [[i][/i]b]"),
    ("{% macro m(x) %}[b]{{ x }}[/b]{% endmacro %}{{ m(name) }}", "[b][[i][/i]b][/b]"),
    ("{% macro m(x) %}[b]{{ x }}[/b]{% endmacro %}{{ m(name) ~ name }}", "[b][[i][/i]b][/b][[i][/i]b]"),
    ("{% set x %}[i]{{ name }}[/i]{% endset %}{{ x }}", "[i][[i][/i]b][/i]"),
    ("{{ d.who }}", "[[i][/i]b]"),
    ("{{ name|esc|esc }}", "[[i][/i]b]"),
    ("{{ name|safe }}", "[[i][/i]b]"),
    ("{{ '[b]'|safe }}{{ '[/b]' }}", "[b][/b]"),
    ("{{ 1.5 }} {{ n }} {{ 2.0|num }}", "1.5 3 2"),
    ("{{ 'a]b(c)'|url }}", "a%5Db%28c%29"),
], ids=["plain", "filter", "concat", "join", "and_list", "macro", "macro-concat", "set-block", "nested",
        "esc-idempotent", "data-stays-escaped-even-if-safe", "template-literals-are-markup", "numbers", "url"])
def test_every_printed_string_is_escaped_once(tmp_path, source, want):
    r = _renderer(tmp_path, {"t.txt": source})
    assert r.render("t", name="[b]", d={"who": "[b]"}, n=3.0) == want + "\n"


def test_markdown_escapes_in_templates(tmp_path):
    r = _renderer(tmp_path, {"t.txt": "**{{ name }}**"}, fmt="markdown")
    assert r.render("t", name="*x*") == "**\\*x\\***\n"


@pytest.mark.parametrize("fmt, value, want", [
    ("markdown", "hostkit alias FA_Q2 Wake_1", "`hostkit alias FA_Q2 Wake_1`"),
    ("markdown", "hostkit alias 'Ann *B*' x`y", "``hostkit alias 'Ann *B*' x`y``"),
    ("markdown", "`tick", "`` `tick ``"),
    ("bbcode", "hostkit alias Ann [b]x", "`hostkit alias Ann [[i][/i]b]x`"),
    ("plain", "hostkit alias FA_Q2 Wake_1", "`hostkit alias FA_Q2 Wake_1`"),
], ids=["markdown-as-typed", "markdown-backtick-inside", "markdown-backtick-at-the-edge", "bbcode-still-inert",
        "plain"])
def test_code_shows_a_command_as_typed(tmp_path, fmt, value, want):
    """A code span shows its text as written in Markdown (a backslash escape would be printed and
    break the command), with a fence longer than any backtick run inside; BBCode stays inert."""
    r = _renderer(tmp_path, {"t.txt": "{{ cmd|code }}"}, fmt=fmt)
    assert r.render("t", cmd=value) == want + "\n"


# ----------------------------------------------------------------------------- lookup


def test_lookup_order_first_folder_wins(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for d, word in ((first, "first"), (second, "second")):
        d.mkdir()
        (d / "both.txt").write_text(word)
    (second / "only_b.txt").write_text("from b")
    r = render.Renderer("plain", [first, second])
    assert r.render("both") == "first\n"
    assert r.render("only_b.txt") == "from b\n"
    with pytest.raises(TemplateError, match="'nothing.txt' not found"):
        r.render("nothing")


def test_template_names_cannot_leave_the_search_path(tmp_path):
    (tmp_path / "secret.txt").write_text("secret")
    (tmp_path / "tpl").mkdir()
    r = render.Renderer("plain", [tmp_path / "tpl"])
    with pytest.raises(TemplateError, match="not found"):
        r.render("../secret")


@pytest.fixture
def game(tmp_path):
    return create(tmp_path / "g", ruleset="classic-werewolf", seed=3, title="Lookup",
                  assign=["Ann=Seer", "Bob=Werewolf", "Carol=Villager"])


def test_search_path_game_then_ruleset_then_bundled(game):
    dirs = render.search_path(game, "markdown")
    assert dirs[0] == game.folder / "templates" / "markdown"
    assert dirs[1] == game.folder / "templates"
    assert dirs[2] == Path(game.ruleset.source) / "templates" / "markdown"
    assert dirs[3] == Path(game.ruleset.source) / "templates"
    assert Path(str(dirs[-1])) == Path(str(render.bundled_dir())) / "markdown"


def test_bundled_templates_exist_for_every_format():
    for fmt in render.FORMATS:
        for name in render.TEMPLATES:
            assert (render.bundled_dir() / fmt / (name + render.EXT)).is_file(), (fmt, name)


def test_game_template_overrides_the_bundled_one(game):
    before = publish.role_pms(game, "Ann")[0][1]
    assert "Seer" in before
    (game.folder / "templates").mkdir()
    (game.folder / "templates" / "role_pm.txt").write_text("Psst {{ player }}: {{ role.name }}")
    assert publish.role_pms(game, "Ann") == [("Ann", "Psst Ann: Seer\n")]
    # a format folder in the game's templates/ wins over its plain templates/
    (game.folder / "templates" / "bbcode").mkdir()
    (game.folder / "templates" / "bbcode" / "role_pm.txt").write_text("BB {{ player }}")
    assert publish.role_pms(game, "Ann") == [("Ann", "BB Ann\n")]


@pytest.mark.parametrize("source, line, message", [
    ("line one\n{% if player %}\nno endif\n", 3, "Unexpected end of template"),
    ("line one\nline two\n{{ player }} {{ nosuch }}\n", 3, "'nosuch' is undefined"),
    ("one\n{{ role.nosuch }}\n", 2, "has no attribute 'nosuch'"),
    ("{{ player.__class__.__mro__ }}", 1, "SecurityError"),
    ("one\ntwo\n{{ 1 // 0 }}", 3, "ZeroDivisionError"),
], ids=["syntax", "undefined", "undefined-attribute", "sandbox", "runtime"])
def test_broken_override_names_its_file_and_line(game, source, line, message):
    (game.folder / "templates").mkdir()
    path = game.folder / "templates" / "role_pm.txt"
    path.write_text(source)
    with pytest.raises(TemplateError) as info:
        publish.role_pms(game, "Ann")
    text = str(info.value)
    assert text.startswith(f"{path}:{line}:"), text
    assert message in text
    assert "\n" not in text


def test_broken_included_template_names_the_included_file(game):
    game.act("Bob", "Kill", ["Carol"])
    from hostkit.game.game import Game

    game = Game.load(game.folder)
    game.resolve()
    game = Game.load(game.folder)
    (game.folder / "templates").mkdir()
    flip = game.folder / "templates" / "flip.txt"
    flip.write_text("fine\n{{ flip.nosuch }}\n")
    with pytest.raises(TemplateError, match=re.escape(f"{flip}:2: ")):
        publish.death_post(game, 1)


def test_jinja_is_imported_only_when_rendering():
    code = ("import sys, hostkit.cli, hostkit.words.publish, hostkit.words.render, hostkit.game.game; "
            "assert 'jinja2' not in sys.modules, 'jinja2 imported'; "
            "hostkit.words.render.Renderer('plain'); assert 'jinja2' in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr


# ----------------------------------------------------------------------------- every role of every ruleset


def _all_roles_games(tmp_path_factory):
    for name in rulesets.available():
        rs = rulesets.load_ruleset(name)
        folder = tmp_path_factory.mktemp(name) / "game"
        assign = [f"P{i}={role}" for i, role in enumerate(rs.roles)] + [f"{EVIL}={next(iter(rs.roles))}"]
        yield name, folder, assign


@pytest.mark.parametrize("fmt", render.FORMATS)
def test_every_role_of_every_ruleset_gets_a_role_pm(tmp_path_factory, fmt):
    checked = 0
    for name, folder, assign in _all_roles_games(tmp_path_factory):
        game = create(folder, ruleset=name, assign=assign, seed=1, options=[f"format={fmt}"])
        pms = publish.role_pms(game)
        assert len(pms) == len(game.ruleset.roles) + 1
        for player, text in pms:
            role = game.ruleset.roles[game.state.players[player].role]
            assert render.escape(player, fmt) in text
            assert render.escape(role.name, fmt) in text
            for ab in role.abilities:
                assert render.escape(ab.name, fmt) in text, (name, role.name, ab.name)
            if role.win:
                assert render.escape(role.win, fmt) in text
            if fmt == "bbcode":
                assert bbcode_unbalanced(text) == [], (name, player, text)
            if fmt != "plain":
                assert EVIL not in text
            checked += 1
    assert checked > 0
