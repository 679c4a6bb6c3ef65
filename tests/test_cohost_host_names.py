"""Co-hosting (README): every entry records who made it, so a host name that would split the log
is refused and a plain one recorded.
"""

from __future__ import annotations

import pytest

from conftest import CLASSIC as CLASSIC8, Host, new_classic


@pytest.mark.parametrize("how,name,words", [
    pytest.param("option", "Bea\nCo", "line break", id="cohost-host-name-option-with-a-newline"),
    pytest.param("option", "Bea\u200b", "invisible character", id="cohost-host-name-option-zero-width"),
    pytest.param("env", "Bea\nCo", "line break", id="cohost-HOSTKIT_HOST-with-a-newline"),
])
def test_cohost_a_host_name_that_would_split_the_log_is_refused(tmp_path, monkeypatch, how, name, words):
    """README Co-hosting: every entry records who made it. A --host-name or $HOSTKIT_HOST with a
    line break was recorded as is, and 'hostkit log' printed the entry over two lines."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    if how == "env":
        monkeypatch.setenv("HOSTKIT_HOST", name)
        out = host.refused("act", "Bob", "Kill", "Fay")
        assert "$HOSTKIT_HOST" in out
    else:
        out = host.refused("--host-name", name, "act", "Bob", "Kill", "Fay")
        assert "--host-name" in out
    assert words in out, out


def test_cohost_a_plain_host_name_is_recorded(tmp_path):
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("--host-name", " Bea ", "act", "Bob", "Kill", "Fay")
    assert 'host = "Bea"' in (host.folder / "phases/001-night-1.toml").read_text()
