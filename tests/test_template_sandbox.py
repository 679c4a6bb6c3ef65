"""Issue 16, templates: no symlink out of the game folder, a time and output limit naming the
template, and escaping that holds through every path, not just |safe."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from hostkit.words import render
from hostkit.model.errors import TemplateError

from conftest import Host, new_classic


def _renderer(tmp_path: Path, source: str, fmt: str = "bbcode") -> render.Renderer:
    d = tmp_path / "tpl"
    d.mkdir(parents=True, exist_ok=True)
    (d / "t.txt").write_text(source, encoding="utf-8")
    return render.Renderer(fmt, [d])


# ----------------------------------------------------------------------------- escaping, every path

EVIL = "]b[[b]x[/b][url=http://evil]y[/url]"
PATHS = [
    ("safe", "{{ name|safe }}"),
    ("replace-safe", "{{ name|replace('x', 'z')|safe }}"),
    ("title-safe", "{{ name|title|safe }}"),
    ("list-join-safe", "{{ name|list|join|safe }}"),
    ("reverse-safe", "{{ name|reverse|safe }}"),
    ("slice-safe", "{{ name[1:]|safe }}"),
    ("concat-macro", "{% macro m() %}[i]{% endmacro %}{{ m() ~ (name|list|join) }}[/i]"),
    ("format-on-markup", "{{ ('%s'|esc)|format(name|list|join) }}"),
    ("replace-markup-arg", "{{ (name|list|join)|replace('x'|esc, 'z') }}"),
    ("lower-upper-safe", "{{ name|lower|upper|safe }}"),
    ("split-join-safe", "{{ name.split('b')|join('b')|safe }}"),
    ("autoescape-off", "{% autoescape false %}{{ name|list|join }}{% endautoescape %}"),
    ("set-then-safe", "{% set x = name|list|join %}{{ x|safe }}"),
    ("dict-value", "{{ d.who|title|safe }}"),
]


@pytest.mark.parametrize("source", [p[1] for p in PATHS], ids=[p[0] for p in PATHS])
def test_bbcode_escaping_holds_through_every_path(tmp_path, source):
    """No '[' of a player's string may open a tag: every one is followed by the empty [i][/i]."""
    out = _renderer(tmp_path, source).render("t", name=EVIL, d={"who": EVIL})
    literal = {"concat-macro": 2}.get(next(p[0] for p in PATHS if p[1] == source), 0)
    brackets = [i for i, c in enumerate(out) if c == "["]
    unescaped = [i for i in brackets if not out.startswith("[[i][/i]", i) and not out.startswith("[i][/i]", i)
                 and not out.startswith("[/i]", i)]
    assert len(unescaped) <= literal, out
    assert "[b]x" not in out.replace("[[i][/i]b]x", "") and "[url=" not in out.replace("[[i][/i]url=", ""), out


@pytest.mark.parametrize("source", [p[1] for p in PATHS[:5]], ids=[p[0] for p in PATHS[:5]])
def test_markdown_escaping_holds_through_every_path(tmp_path, source):
    out = _renderer(tmp_path, source, fmt="markdown").render("t", name="*x* [a](b)", d={})
    assert "*x*" not in out.replace("\\*x\\*", "").replace("\\*X\\*", "") and "[a](b)" not in out, out


def test_player_strings_print_as_typed(tmp_path):
    """The stand-ins never show: what a player typed prints as they typed it (escaped)."""
    r = _renderer(tmp_path, "{{ name }} {{ name|length }} {{ 'https://f/' ~ name|url }}")
    assert r.render("t", name="A[1]") == "A[[i][/i]1] 4 https://f/A%5B1%5D\n"
    md = _renderer(tmp_path / "m", "{{ name }}\n{{ line }}|{{ line }}", fmt="markdown")
    assert md.render("t", name="Cy-the-Great", line="- a") == "Cy-the-Great\n\\- a|- a\n"


# ----------------------------------------------------------------------------- limits


@pytest.mark.parametrize("source,fragment", [
    ("{{ 9**(9**9) }}", "too large a number"),
    ("{{ 'a'*10**9 }}", "too large"),
    ("{{ [1]*10**9 }}", "too large"),
    ("{{ 'a'|center(10**9) }}", "over 1,000,000 passed to the center filter"),
    ("{{ '{:>1000000000}'.format(1) }}", "a field width over 1,000,000"),
    ("{{ '%1000000000s'|format(1) }}", "a field width over 1,000,000"),
    ("{% for i in range(99999) %}{{ 'x' * 99 }}{% endfor %}", "output passed 1,000,000 characters"),
], ids=["power", "string-repeat", "list-repeat", "center", "format-width", "percent-width", "output"])
def test_huge_values_are_refused_naming_the_template(tmp_path, source, fragment):
    r = _renderer(tmp_path, source)
    with pytest.raises(TemplateError) as exc:
        r.render("t")
    assert "t.txt" in str(exc.value) and fragment in str(exc.value), str(exc.value)


def test_a_loop_that_never_ends_stops_at_the_time_limit(tmp_path):
    r = _renderer(tmp_path, "{% for a in range(99999) %}{% for b in range(99999) %}{% endfor %}{% endfor %}")
    r.time_limit = 0.5
    start = time.monotonic()
    with pytest.raises(TemplateError, match=r"t\.txt: rendering took over 0.5 s"):
        r.render("t")
    assert time.monotonic() - start < 5


# ----------------------------------------------------------------------------- symlinks


@pytest.fixture
def game(tmp_path) -> Host:
    new_classic(tmp_path / "g")
    return Host(tmp_path / "g")


def test_symlinked_template_out_of_the_game_folder_is_refused(game, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the host's ssh key")
    (game.folder / "templates").mkdir()
    os.symlink(secret, game.folder / "templates" / "role_pm.txt")
    out = game.refused("pm", "Ann")
    assert "role_pm.txt: resolves to" in out and "outside the game folder" in out and "ssh key" not in out


def test_symlinked_format_folder_out_of_the_game_folder_is_refused(game, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "role_pm.txt").write_text("the host's ssh key")
    (game.folder / "templates").mkdir()
    os.symlink(elsewhere, game.folder / "templates" / "bbcode")
    out = game.refused("pm", "Ann")
    assert "outside the game folder" in out and "ssh key" not in out


def test_a_symlink_inside_the_game_folder_is_fine(game):
    (game.folder / "templates").mkdir()
    (game.folder / "mine.txt").write_text("Dear {{ player }}")
    os.symlink(game.folder / "mine.txt", game.folder / "templates" / "role_pm.txt")
    assert "Dear Ann" in game.ok("pm", "Ann")
