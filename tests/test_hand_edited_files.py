"""A game file the host edited or saved by hand (an integer past 64 bits, a byte order mark, a
named pipe in place of a file) is read, or refused in one line naming the file and key:
never a traceback or a hang.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import Host, new_classic
from game_helpers import _played


BIG = "1" + "0" * 400  # an integer no TOML file can hold (64-bit), which tomllib reads all the same


HUGE = "1" + "0" * 5000  # past Python's 4300-digit limit: tomllib raises a plain ValueError


@pytest.mark.parametrize("file,old,new,key", [
    pytest.param("game.toml", '{ name = "Hal", role = "Villager" }',
                 '{ name = "Hal", role = "Villager", weight = %s }' % BIG, "players[7].weight",
                 id="house-rule-weight-400-digits-was-a-traceback"),
    pytest.param("game.toml", "seed = 1", "seed = 99999999999999999999", "seed",
                 id="house-rule-seed-past-64-bits"),
    pytest.param("phases/002-day-1.toml", "seq = 7", "seq = 99999999999999999999", "votes[0].seq",
                 id="house-rule-seq-past-64-bits"),
])
def test_house_rule_an_integer_past_64_bits_names_the_file_and_key(tmp_path, file, old, new, key):
    """TOML integers are 64-bit, but tomllib reads any size: a weight of 10**400 crashed with
    OverflowError, a seed or seq of 10**20 was taken and written back as TOML no other reader takes."""
    host = _played(tmp_path)
    path = host.folder / file
    text = path.read_text()
    assert old in text, text
    path.write_text(text.replace(old, new, 1))
    out = host.refused("status")
    assert f"{file}: {key}:" in out and "64-bit" in out, out


def test_house_rule_an_integer_of_5000_digits_is_a_file_error_not_a_traceback(tmp_path):
    """Python refuses to read an integer of over 4300 digits with a ValueError that tomllib lets
    through: 'hostkit status' printed a traceback."""
    host = _played(tmp_path)
    path = host.folder / "phases/002-day-1.toml"
    path.write_text(path.read_text().replace("seq = 7", f"seq = {HUGE}", 1))
    out = host.refused("status")
    assert "002-day-1.toml: invalid TOML" in out and "64-bit" in out, out


@pytest.mark.parametrize("file", ["game.toml", "phases/001-night-1.toml", "phases/002-day-1.toml"])
def test_house_rule_a_file_saved_with_a_byte_order_mark_still_reads(tmp_path, file):
    """Windows Notepad saves UTF-8 with a byte order mark; tomllib refused it as 'Invalid statement
    (at line 1, column 1)' and the game could not be read at all. Now the mark is read past, and a
    rewrite of the file drops it."""
    host = _played(tmp_path)
    path = host.folder / file
    before = host.ok("status")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert host.ok("status") == before
    host.ok("vote", "Hal", "Gus")
    assert "Hal" in host.ok("votes")
    host.ok("undo")
    assert host.ok("status") == before


def _refused_in_time(host: Host, pipe: Path, *args: str) -> str:
    """host.refused(*args) in a thread: a command that blocks on the pipe gets a writer (so the
    thread ends) and the test fails, rather than hanging the suite."""
    import threading

    out: list[str] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(host.refused(*args))
        except BaseException as exc:  # noqa: BLE001 - reported below
            failed.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail(f"'hostkit {' '.join(args)}' blocked on the named pipe {pipe}")
    if failed:
        raise failed[0]
    return out[0]


@pytest.mark.parametrize("cache", [False, True], ids=["no-cache", "replay-cache"])
@pytest.mark.parametrize("where, command", [
    ("phases/002-day-1.toml", ["status"]),
    ("phases/002-day-1.toml", ["act", "Bob", "Kill", "Fay"]),
    ("game.toml", ["status"]),
    ("roles.toml", ["status"]),
    ("flavour.toml", ["post", "deaths"]),
    ("templates/bbcode/role_pm.txt", ["pm", "Ann"]),
    ("templates/page/page.html", ["page"]),
    (".hostkit-journal.json", ["status"]),
], ids=["phase-file-status", "phase-file-act", "game-toml", "roles-toml", "flavour-toml", "template",
        "page-template", "journal"])
def test_a_named_pipe_among_the_game_files_is_refused_by_name_not_a_hang(tmp_path, monkeypatch, where, command, cache):
    """Before: a FIFO as a phase file, game.toml or the journal blocked the command for ever (the
    open of a pipe waits for a writer); as roles.toml, flavour.toml or a template it was silently
    skipped (the bundled text used instead). Now one line names the file, exit 1, nothing written."""
    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache") if cache else "")
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    if command[0] == "post":
        host.ok("act", "Bob", "Kill", "Fay")
        host.ok("resolve", "--force")
    host.ok("status")  # the cache (when on) holds the game as it was
    pipe = host.folder / where
    pipe.parent.mkdir(parents=True, exist_ok=True)
    if where == "game.toml":
        (host.folder / "game.toml").rename(host.folder / "game.bak")
    os.mkfifo(pipe)
    err = _refused_in_time(host, pipe, *command)
    assert f"{pipe}: is a named pipe (FIFO), not a" in err and "delete it" in err


@pytest.mark.parametrize("text", ["a = {b = 1,}", "a = {b = 1,\n c = 2}", 'a = "\\e"', 'a = "\\x41"', "t = 12:30",
                                  "d = 2024-01-01T12:30", "a = [1,2", "a = 1\na = 2", "[a]\nb = 1\n[a]"],
                         ids=["inline-trailing-comma", "inline-newline", "escape-e", "escape-x", "time-no-seconds",
                              "datetime-no-seconds", "unclosed", "twice", "table-twice"])
def test_toml_the_standard_library_refuses_is_refused_in_its_words(tmp_path, text):
    """Game files are TOML 1.0, as Python's tomllib reads them. hostkit's reader (tomli, the same
    parser compiled: tomlio.toml_parser) refuses what tomllib refuses, with tomllib's words: TOML
    1.1's additions (trailing commas and new lines in inline tables, \\e and \\x escapes, times
    without seconds) included, which tomli reads from 2.4 on (pyproject.toml keeps it below)."""
    import tomllib

    from hostkit.model.errors import FileError
    from hostkit.store.tomlio import load

    path = tmp_path / "x.toml"
    path.write_text(text)
    with pytest.raises(tomllib.TOMLDecodeError) as want:
        tomllib.loads(text)
    with pytest.raises(FileError) as got:
        load(path)
    assert str(got.value) == f"{path}: invalid TOML: {want.value}"
