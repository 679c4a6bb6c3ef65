"""A custom role's PM (a game folder's roles.toml) states a win condition, as every bundled
role's does (issue 28): the host who wrote no `win` line gets its side's wording."""

from __future__ import annotations

import pytest

from conftest import Host, new_classic
from hostkit.game.game import create

PRIEST = '''
[Priest]
alignment = "Village"
summary = "Each night, bless a player against the werewolves."
{win}
[[Priest.abilities]]
name = "Bless"
category = "guard"
effects = [{{ effect = "protect", kinds = ["werewolf"] }}]
'''


def _priest_pm(tmp_path, win: str = "") -> str:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(PRIEST.format(win=win))
    new_classic(folder, assign=["Pat=Priest", "Bob=Werewolf", "Cy=Villager", "Di=Villager"])
    return Host(folder).ok("pm", "Pat")


def test_a_custom_role_pm_has_its_sides_win_condition(tmp_path):
    pm = _priest_pm(tmp_path)
    assert "[b]Win condition:[/b] The village wins when every werewolf is dead." in pm


def test_a_custom_role_keeps_the_win_line_the_host_wrote(tmp_path):
    pm = _priest_pm(tmp_path, win='win = "You win when the Priest survives."')
    assert "[b]Win condition:[/b] You win when the Priest survives." in pm


@pytest.mark.parametrize("ruleset, alignment", [
    ("natural", "Mafia"), ("ooo-werewolf", "Town"), ("items-werewolf", "Village"), ("paranormal", "Town"),
    ("classic-werewolf", "Werewolves"),
], ids=["natural", "ooo", "items", "paranormal", "classic"])
def test_every_custom_role_pm_has_a_win_condition(tmp_path, ruleset, alignment):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(f'[Oddity]\nalignment = "{alignment}"\nsummary = "A custom role."\n'
                                       '\n[Loner]\nalignment = "Loners"\nsummary = "A side of its own."\n')
    from hostkit.rules.rulesets import load_ruleset

    base = load_ruleset(ruleset)
    filler = [r for r in base.roles if base.roles[r].alignment != alignment][0]
    create(folder, ruleset=ruleset, seed=1, assign=["Odd=Oddity", "Lo=Loner", f"Fil={filler}", "Ann=Oddity"])
    host = Host(folder)
    for name in ("Odd", "Lo"):
        assert "Win condition:[/b] " in host.ok("pm", name), name
    assert "Win condition:[/b] You win when the Loners win." in host.ok("pm", "Lo")
