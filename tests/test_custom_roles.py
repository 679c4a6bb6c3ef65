"""A game's own roles (README 'Your own roles', roles.toml): an impossible number or a name a host
cannot type back is refused naming the key; a sensible one counts.
"""

from __future__ import annotations

import pytest

from conftest import Host


PRIEST = '[Priest]\nalignment = "Village"\nsummary = "Bless a player."\n'


BLESS = ('[[Priest.abilities]]\nname = "Bless"\ncategory = "guard"\n{line}\n'
         'effects = [{{ effect = "protect", kinds = ["werewolf"] }}]\n')


@pytest.mark.parametrize("extra,key,words", [
    pytest.param("weight = -5.0", "Priest.weight", "from 0 to 1000",
                 id="house-rule-role-weight-negative-took-votes-off-a-wagon"),
    pytest.param("weight = nan", "Priest.weight", "finite", id="house-rule-role-weight-nan-printed-NaN-in-json"),
    pytest.param("immunity = -1", "Priest.immunity", "0 or more", id="house-rule-role-immunity-negative"),
    pytest.param(BLESS.format(line="targets = -1"), "Priest.abilities[0].targets", "0 or more",
                 id="house-rule-ability-targets-negative-could-never-be-entered"),
    pytest.param(BLESS.format(line="uses = -1"), "Priest.abilities[0].uses", "0 or more",
                 id="house-rule-ability-uses-negative"),
    pytest.param(BLESS.format(line="first_night = -5"), "Priest.abilities[0].first_night", "0 or more",
                 id="house-rule-ability-first-night-negative"),
    pytest.param(BLESS.format(line="max_skips_in_a_row = -3"), "Priest.abilities[0].max_skips_in_a_row",
                 "0 or more", id="house-rule-ability-max-skips-negative-showed-required"),
])
def test_house_rule_a_custom_role_with_an_impossible_number_is_refused(tmp_path, extra, key, words):
    """A game's roles.toml (README 'Your own roles'): a role weight of -5 made the Priest's vote
    take votes off a wagon ('C (-4)') and nan printed 'votes: NaN' in votes --json (not JSON); an
    ability with targets = -1 was listed as 'target: -1 living players' and could never be entered."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "roles.toml").write_text(PRIEST + extra + "\n")
    host = Host(folder)
    result = host("new", str(folder), "--ruleset", "classic-werewolf", "--assign", "Ann=Priest",
                  "--assign", "Bob=Werewolf", "--assign", "Cy=Villager")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert f"roles.toml: {key}: " in result.output and words in result.output, result.output
    assert not (folder / "game.toml").exists()


def test_a_custom_role_weight_in_bounds_still_counts(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "roles.toml").write_text(PRIEST + "weight = 2\n")
    host = Host(folder)
    host.ok("new", str(folder), "--ruleset", "classic-werewolf", "--assign", "Ann=Priest",
            "--assign", "Bob=Werewolf", "--assign", "Cy=Villager", "--assign", "Dee=Villager",
            "--option", "sheriff=false")
    host.ok("act", "Bob", "Kill", "Dee")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Cy")
    import json
    count = json.loads(host.ok("votes", "--json"))
    assert [(w["target"], w["votes"]) for w in count["wagons"]] == [("Cy", 2.0)]


@pytest.mark.parametrize("text,key,words", [
    pytest.param(PRIEST + BLESS.format(line="").replace('name = "Bless"', 'name = "skip"'),
                 "Priest.abilities[0].name", "'skip' is a word 'hostkit act' reads itself",
                 id="house-rule-ability-named-skip-made-act-A-skip-mean-the-ability"),
    pytest.param(PRIEST + BLESS.format(line="").replace('name = "Bless"', 'name = "Bless\\nme"'),
                 "Priest.abilities[0].name", "line break", id="house-rule-ability-name-with-a-line-break"),
    pytest.param('["Pri\\nest"]\nalignment = "Village"\n', "'Pri\\nest'", "line break",
                 id="house-rule-role-name-with-a-line-break-split-status"),
    pytest.param('[Priest]\nalignment = ""\n', "Priest.alignment", "blank", id="house-rule-empty-alignment"),
])
def test_house_rule_a_custom_role_name_a_host_cannot_type_back_is_refused(tmp_path, text, key, words):
    """README 'Your own roles': an ability named 'skip' was taken, and then 'hostkit act A skip'
    (the README's skip) was read as that ability ('skip takes 1 target(s)'); a role named
    "Pri\\nest" printed over two lines in 'status' and the role PM."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "roles.toml").write_text(text)
    role = "Pri\nest" if "Pri\\nest" in text else "Priest"
    result = Host(folder)("new", str(folder), "--ruleset", "classic-werewolf", "--assign", f"Ann={role}",
                          "--assign", "Bob=Werewolf", "--assign", "Cy=Villager")
    assert result.exit_code == 1, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert f"roles.toml: {key}: " in result.output and words in result.output, result.output
    assert not (folder / "game.toml").exists()
