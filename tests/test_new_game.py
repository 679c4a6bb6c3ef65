"""`hostkit new` and the game.toml it writes: a setup already won is warned of, a bad thread URL,
alias or option is refused in one line (and the same when game.toml is edited by hand).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Host, new_classic
from hostkit.cli import cli


def _cli(tmp_path: Path, *args: str):
    from click.testing import CliRunner

    from hostkit.cli import cli

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_new_of_a_setup_already_won_warns_in_new_and_status(tmp_path):
    """redhost: natural with one Goon and one Cop is the Mafia at parity before night 1; `new`
    said nothing until the first phase ended. Decision: a warning (a host may test a corner of the
    rules with a tiny setup), in `new` and in `status` until a phase ends."""
    result = _cli(tmp_path, "new", str(tmp_path / "g"), "--ruleset", "natural", "--assign", "A=Goon", "--assign", "B=Cop")
    assert result.exit_code == 0
    line = "host: this setup is already won as dealt: Mafia win before anything happens (the game ends when night 1 ends)"
    assert line in result.output
    host = Host(tmp_path / "g")
    assert line in host.ok("status")
    fine = _cli(tmp_path, "new", str(tmp_path / "h"), "--ruleset", "natural", "--assign", "A=Goon", "--assign", "B=Cop",
                "--assign", "C=Villager", "--assign", "D=Villager")
    assert fine.exit_code == 0 and "already won" not in fine.output


@pytest.mark.parametrize("args, error", [
    (["--thread", "javascript:alert(1)"], "--thread 'javascript:alert(1)': a thread URL must be http:// or https://"),
    (["--thread", "file:///etc/passwd"], "a thread URL must be http:// or https://"),
    (["--thread", "https://"], "a thread URL must be http:// or https://"),
    (["--thread", "https://forum.example/t/1 x"], "cannot contain a space or a control character"),
    (["--alias", "Ann=ann"], "--alias 'Ann=ann': 'ann' is Ann's own name, not another name for them"),
    (["--alias", "Ann=Nan", "--alias", "Ann=NAN"], "--alias 'Ann=NAN': Ann already has the alias 'NAN'"),
], ids=["javascript-thread", "file-thread", "no-host-thread", "space-in-thread", "alias-own-name", "alias-twice"])
def test_new_refuses_a_bad_thread_url_or_alias_in_one_line_writing_nothing(tmp_path, args, error):
    folder = tmp_path / "g"
    result = _cli(tmp_path, "new", str(folder), "--ruleset", "classic-werewolf", "--assign", "Ann=Seer",
                  "--assign", "Bob=Werewolf", "--assign", "Cy=Villager", *args)
    assert result.exit_code == 1 and error in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert not folder.exists()


def test_a_hand_edited_thread_that_is_not_http_is_refused_with_file_and_key(tmp_path):
    new_classic(tmp_path / "g", thread="https://forum.example/t/1")
    path = tmp_path / "g" / "game.toml"
    path.write_text(path.read_text().replace("https://forum.example/t/1", "javascript:alert(1)"))
    err = Host(tmp_path / "g").refused("status")
    assert f"{path}: thread 'javascript:alert(1)': a thread URL must be http:// or https://" in err


@pytest.mark.parametrize("edit, key", [
    ("max-day = -3", "options.max-day: must be 0 or more"),
    ("max-day = 2.5", "options.max-day: option: max-day takes int values like 0, not 2.5"),
    ("max-day = true", "options.max-day: option: max-day takes int values like 0"),
    ("mind-stealer-goal = -2", "options.mind-stealer-goal: must be 0 or more"),
    ('mind-stealer-points = "Agent:x"', "options.mind-stealer-points: 'Agent:x' is not ROLE:N"),
    ('mind-stealer-points = "Agnt:2"', "options.mind-stealer-points: paranormal has no role 'Agnt'"),
    ("mind-stealer-points = 5", "options.mind-stealer-points: option: mind-stealer-points takes str values"),
], ids=["General-rules-max-day-negative", "General-rules-max-day-not-whole", "General-rules-max-day-a-bool",
        "Harvester-points-goal-negative", "Harvester-points-not-a-number", "Harvester-points-unknown-role",
        "Harvester-points-not-a-string"])
def test_cli_hand_edited_game_toml_options_are_refused_as_new_refuses_them(tmp_path, edit, key):
    # A value `new --option` refuses is refused the same way when typed into game.toml by hand:
    # one line naming the file and the key, exit 1, nothing written (MAX_DAY, POINTS).
    folder = tmp_path / "g"
    host = Host(folder)
    r = host.runner.invoke(cli, ["new", str(folder), "--ruleset", "paranormal", "--option", "max-day=5",
                                 "--assign", "Ms=Harvester (Mind Stealer)", "--assign", "Dp=Doppelganger",
                                 "--assign", "To=Townie", "--assign", "T2=Townie"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    path = folder / "game.toml"
    text = path.read_text()
    assert "max-day = 5\n" in text
    path.write_text(text.replace("max-day = 5\n", (edit if edit.startswith("max-day") else "max-day = 5\n" + edit) + "\n"))
    for command in (["status"], ["due"], ["act", "Dp", "Kill", "To"]):
        out = host.refused(*command)
        assert out.startswith("Error: ") and "game.toml: " + key in out, (command, out)
