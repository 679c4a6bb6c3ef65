"""Issue 31: `pm --out DIR` changes the PM folder as one (hostkit/outdir.py).

A kill while PMs were written one by one left 01-Ann.txt in BBCode beside 02-08 in Markdown; the
crash-point test (test_crashpoints.py) kills a real `pm --out` at every boundary. Here: the
host's other files are kept, the fallback without an atomic exchange, and a killed writer's side
folders are finished or removed by the next write.
"""

from __future__ import annotations

import os

import pytest

from hostkit.store import outdir
from hostkit.model.errors import HostkitError


@pytest.fixture(params=["exchange", "two-renames"])
def swap(request, monkeypatch):
    if request.param == "two-renames":
        monkeypatch.setattr(outdir, "_exchange", lambda a, b: False)
    return request.param


def test_the_folder_is_replaced_whole_and_the_hosts_files_kept(tmp_path, swap):
    out = tmp_path / "pms"
    outdir.replace_files(out, {"01-Ann.txt": b"bb", "02-Bob.txt": b"bb"})
    (out / "notes.txt").write_text("mine")
    os.symlink("notes.txt", out / "link")
    outdir.replace_files(out, {"01-Ann.txt": b"md", "02-Bob.txt": b"md"})
    assert {p.name: (p.read_bytes() if not p.is_symlink() else b"->") for p in out.iterdir()} == {
        "01-Ann.txt": b"md", "02-Bob.txt": b"md", "notes.txt": b"mine", "link": b"->"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pms"]  # no side folder left


def test_a_folder_inside_is_refused_and_nothing_changes(tmp_path):
    out = tmp_path / "pms"
    (out / "sub").mkdir(parents=True)
    with pytest.raises(HostkitError, match="holds a folder"):
        outdir.replace_files(out, {"01-Ann.txt": b"x"})
    assert sorted(p.name for p in out.iterdir()) == ["sub"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pms"]


def _dead_pid() -> int:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def test_a_killed_writers_side_folders_are_removed_by_the_next_write(tmp_path):
    out = tmp_path / "pms"
    outdir.replace_files(out, {"01-Ann.txt": b"old"})
    dead = _dead_pid()
    for kind in ("new", "old"):
        side = tmp_path / f".pms.hostkit-{dead}.{kind}"
        side.mkdir()
        (side / "01-Ann.txt").write_bytes(b"half")
    outdir.replace_files(out, {"01-Ann.txt": b"new"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pms"]
    assert (out / "01-Ann.txt").read_bytes() == b"new"


def test_killed_between_the_two_renames_the_whole_new_folder_is_put_in_place(tmp_path):
    out = tmp_path / "pms"
    ready = tmp_path / f".pms.hostkit-{_dead_pid()}.ready"
    ready.mkdir()
    (ready / "01-Ann.txt").write_bytes(b"after")
    outdir.tidy(out)
    assert (out / "01-Ann.txt").read_bytes() == b"after" and not ready.exists()


def test_a_live_writers_side_folder_is_left_alone(tmp_path):
    out = tmp_path / "pms"
    side = tmp_path / f".pms.hostkit-{os.getppid()}.new"
    side.mkdir()
    outdir.tidy(out)
    assert side.exists()
