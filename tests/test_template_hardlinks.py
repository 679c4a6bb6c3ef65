"""A game folder's template that is a hard link (issue 35): its other name may be any file of the
host's (a key, another game's secrets), so it is refused as a symlink out of the folder is, naming
the file, and nothing of the linked file is shown. One made a plain file again renders."""

from __future__ import annotations

import os

import pytest

from conftest import Host, new_classic

# (commands before, where the link is made in the game folder, the command that renders it)
CASES = [
    ([], "templates/role_pm.txt", ("pm", "Ann")),
    # not in the text: a format folder's template, through a public post
    ([("act", "Bob", "Kill", "Fay"), ("resolve", "--force")], "templates/bbcode/death_post.txt", ("post", "deaths")),
]


@pytest.mark.parametrize("before, rel, command", CASES, ids=["role-pm", "format-folder-death-post"])
def test_a_hard_linked_template_is_refused_and_a_copy_renders(tmp_path, before, rel, command):
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    for args in before:
        host.ok(*args)
    secret = tmp_path / "secret.txt"
    secret.write_text("the host's ssh key {{ 1 }}")
    link = host.folder / rel
    link.parent.mkdir(parents=True)
    os.link(secret, link)
    out = host.refused(*command)
    assert link.name in out and "hard link" in out and "ssh key" not in out
    link.unlink()
    link.write_text("my own {{ 1 }}")
    assert "my own 1" in host.ok(*command)
