"""Issue 31, templates: memory is bounded, not just the operations first thought of.

Each template below reached 1.9-5.9 GB before (a format width passed as a string, '%' widths and
precisions, a string doubled forty times with `~`, list `+`, replace, expandtabs, join, a 4-byte
fill character), and the 10 s limit fired at 18.7 s. Now every value the sandbox makes is capped
(hostkit/sandbox.py), and a template from outside hostkit renders in a forked child under a hard
address-space limit, killed at the time limit.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hostkit.words import render, sandbox
from hostkit.model.errors import TemplateError

from conftest import Host, new_classic

BOMBS = {
    "format-width-as-string": "{{ '{:>{w}}'.format('a', w='1999999999') }}",
    "percent-width": "{{ '%1999999999s' % 'a' }}",
    "percent-precision": "{{ '%.999999999f' % 1.5 }}",
    "percent-star-width": "{{ '%*s' % (999999, 'a') ~ '%*s' % (999999, 'a') }}",
    "many-fields": "{{ ('{:999999}' * 50).format(*range(50)) }}",
    "tilde-doubling": "{% set s = namespace(v='abcdefgh') %}{% for i in range(40) %}{% set s.v = s.v ~ s.v %}"
                      "{% endfor %}{{ s.v|length }}",
    "list-plus-doubling": "{% set s = namespace(v=[1, 2, 3]) %}{% for i in range(40) %}{% set s.v = s.v + s.v %}"
                          "{% endfor %}{{ s.v|length }}",
    "replace": "{{ ('a' * 999999).replace('a', 'a' * 999999)|length }}",
    "replace-filter": "{{ ('a' * 999999)|replace('a', 'a' * 999999)|length }}",
    "expandtabs": "{{ ('\t' * 999999).expandtabs(999999)|length }}",
    "join": "{{ ('a' * 999999).join(['x'] * 999999)|length }}",
    "join-filter": "{{ (['x'] * 999999)|join('a' * 999999)|length }}",
    "four-byte-fill": "{% set s = namespace(v='') %}{% for i in range(5000) %}{% set s.v = s.v ~ '{:\U0001d11e>999999}'.format('') %}"
                      "{% endfor %}{{ s.v|length }}",
    "extend-doubling": "{% set l = ['x'] %}{% for i in range(40) %}{% set _ = l.extend(l) %}{% endfor %}{{ l|length }}",
}


def _renderer(tmp_path: Path, source: str) -> render.Renderer:
    d = tmp_path / "tpl"
    d.mkdir(parents=True, exist_ok=True)
    (d / "t.txt").write_text(source, encoding="utf-8")
    return render.Renderer("bbcode", [d])


@pytest.mark.parametrize("source", BOMBS.values(), ids=BOMBS.keys())
@pytest.mark.parametrize("where", ["forked", "in-process"])
def test_a_memory_bomb_is_refused_quickly_naming_the_template(tmp_path, monkeypatch, source, where):
    r = _renderer(tmp_path, source)
    if where == "in-process":  # the sandbox's own caps, without the forked child's hard limit
        monkeypatch.setattr(render.Renderer, "_untrusted", lambda self: False)
    start = time.monotonic()
    with pytest.raises(TemplateError, match=r"t\.txt") as exc:
        r.render("t")
    assert time.monotonic() - start < 8, "refused before it grew, not at the time limit"
    assert any(w in str(exc.value) for w in ("limit", "too large", "over", "memory")), exc.value


def test_what_the_sandbox_did_not_foresee_meets_the_hard_memory_limit(tmp_path):
    """Many values each under the cap (a list that append() grows, which returns nothing to
    check): only the forked child's address-space limit stops it, quickly, with a clear error."""
    source = ("{% set l = [] %}{% for i in range(100000) %}{% for j in range(100) %}"
              "{% set _ = l.append('x' * 100000 ~ i ~ j) %}{% endfor %}{% endfor %}{{ l|length }}")
    start = time.monotonic()
    with pytest.raises(TemplateError, match=r"t\.txt.*(memory|MB)"):
        _renderer(tmp_path, source).render("t")
    assert time.monotonic() - start < 8


def test_a_render_is_killed_at_the_time_limit_even_inside_one_long_operation(tmp_path):
    r = _renderer(tmp_path, "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}x")
    r.time_limit = 1.0
    start = time.monotonic()
    with pytest.raises(TemplateError, match="took over 1 s"):
        r.render("t")
    assert time.monotonic() - start < 3


def test_ordinary_templates_render_as_before_in_both_ways(tmp_path, monkeypatch):
    src = "{{ '{:>5}'.format('a') }}|{{ '%5s' % 'b' }}|{{ 'x' ~ 'y' }}|{{ ([1] + [2])|join(',') }}|{{ 'a b'.replace(' ', '_') }}"
    assert _renderer(tmp_path, src).render("t") == "    a|    b|xy|1,2|a_b\n"
    monkeypatch.setattr(render.Renderer, "_untrusted", lambda self: False)
    assert _renderer(tmp_path, src).render("t") == "    a|    b|xy|1,2|a_b\n"


def test_a_game_folders_template_renders_forked_and_the_bundled_ones_do_not(tmp_path, monkeypatch):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    forks = []
    real = sandbox.isolated
    monkeypatch.setattr(sandbox, "isolated", lambda work, limit: forks.append(1) or real(work, limit))
    host.ok("pm", "Ann")
    assert forks == []
    (host.folder / "templates").mkdir()
    (host.folder / "templates" / "role_pm.txt").write_text("You are {{ role.name }}. {{ '%1999999999s' % 'x' }}\n")
    assert "role_pm.txt" in host.refused("pm", "Ann")
    (host.folder / "templates" / "role_pm.txt").write_text("You are {{ role.name }}.\n")
    assert "You are Seer." in host.ok("pm", "Ann")
    assert forks
