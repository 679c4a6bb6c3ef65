"""The ruleset data shares what repeats (issue 10): faction abilities declared once, `extends`
for variants, `include` for shared abilities; a host's custom role is about five lines."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import cli
from hostkit.model.errors import FileError
from hostkit.rules.rulesets import RULESETS, games_dir, load_ruleset

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = (ROOT / "games" / "README.md").read_text()


def _blocks(name: str) -> list[str]:
    data = tomllib.loads((games_dir() / name / "roles.toml").read_text())
    out = [json.dumps(a, sort_keys=True) for r, t in data.items() if r not in ("factions", "shared")
           for a in t.get("abilities", ())]
    out += [json.dumps(a, sort_keys=True) for f in data.get("factions", {}).values() for a in f.get("abilities", ())]
    out += [json.dumps({"name": n, **a}, sort_keys=True) for n, a in data.get("shared", {}).items()]
    return out


@pytest.mark.parametrize("name", ["paranormal", "ooo-werewolf", "natural"])
def test_no_ability_block_is_repeated(name):
    blocks = _blocks(name)
    assert len(blocks) == len(set(blocks)), [b[:80] for b in blocks if blocks.count(b) > 1][:3]


@pytest.mark.parametrize("name,faction,ability,members", [
    ("paranormal", "Doppelgangers", "Kill", 21), ("ooo-werewolf", "Wolf", "Maul", 9), ("natural", "Mafia", "Kill", 5)])
def test_a_faction_declares_its_kill_once_and_every_member_has_it(name, faction, ability, members):
    rs = load_ruleset(name)
    assert [a.name for a in rs.factions[faction]] == [ability]
    team = [r for r in rs.roles.values() if r.faction == faction]
    assert len(team) == members and all(r.ability(ability) is not None for r in team)
    # only the Doppelganger Vigilante changes it (exclusive with its own Shoot)
    assert sum(r.ability(ability) is not rs.factions[faction][0] for r in team) == (1 if name == "paranormal" else 0)


def test_a_variant_extends_its_role():
    rs = load_ruleset("paranormal")
    dv, wv = rs.roles["Doppelganger War Vet"], rs.roles["War Vet"]
    assert [a.name for a in dv.abilities] == ["Alert", "Stand Down", "Kill"]
    assert dv.abilities[:2] == wv.abilities and dv.alignment == "Doppelgangers" and dv.race == "Doppelganger"
    assert dv.flavour == wv.flavour and dv.appears["role"] == "War Vet"
    sci = rs.roles["Mad Scientist (Intelligence Scientist)"]
    assert [a.name for a in sci.abilities][-2:] == ["Build Mind Shield", "Build Anti-Tech Field"]
    assert sci.ability("Build Mind Shield") is rs.shared["Build Mind Shield"]


FIVE_LINES = '''["Mafia Cop"]
extends = "Cop"
alignment = "Mafia"
faction = "Mafia"
knows_faction = true
'''


def test_the_schema_shows_a_five_line_custom_role_and_it_builds(tmp_path):
    """The custom role of games/README.md, as written there: a Cop who is Mafia, with the Mafia's
    factional kill from the faction's one declaration."""
    assert FIVE_LINES in SCHEMA
    assert len(FIVE_LINES.strip().splitlines()) == 5
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(FIVE_LINES)
    runner = CliRunner()
    r = runner.invoke(cli, ["new", str(folder), "--ruleset", "natural", "--assign", "Ann=Mafia Cop",
                            "--assign", "Bob=Cop", "--assign", "Cy=Villager", "--assign", "Dee=Villager"])
    assert r.exit_code == 0, r.output
    for words in (["Ann", "Investigate", "Bob"], ["Ann", "Kill", "Cy"], ["Bob", "Investigate", "Ann"]):
        r = runner.invoke(cli, ["--game", str(folder), "act", *words])
        assert r.exit_code == 0, r.output
    r = runner.invoke(cli, ["--game", str(folder), "resolve", "--force", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [d["player"] for d in data["deaths"]] == ["Cy"]
    assert {(x["player"], x["result"]) for x in data["results"]} == {("Ann", "Town"), ("Bob", "Mafia")}


@pytest.mark.parametrize("text,key,message", [
    ('[X]\nextends = "Nobody"\n', "X.extends", "unknown role 'Nobody'"),
    ('[X]\nextends = "Y"\n[Y]\nextends = "X"\n', "extends", "cannot extend itself"),
    ('[X]\nalignment = "Town"\ninclude = ["Nope"]\n', "X.include[0]", "no shared ability 'Nope'"),
    ('[X]\nextends = "Cop"\nsumary = "typo"\n', "X.sumary", "unknown key"),
    ('[shared.Peek]\nname = "Look"\neffects = [{ effect = "inspect" }]\n', "shared.Peek.name", "named by its table"),
], ids=["unknown-base", "cycle", "unknown-include", "typo-in-variant", "shared-name"])
def test_sharing_mistakes_are_refused_naming_the_file_and_key(tmp_path, text, key, message):
    path = tmp_path / "roles.toml"
    path.write_text(text)
    with pytest.raises(FileError) as err:
        load_ruleset("natural", path)
    assert f"{path}: " in str(err.value) and key in str(err.value) and message in str(err.value), str(err.value)


def test_a_game_role_may_join_a_bundled_faction_and_replace_its_ability(tmp_path):
    path = tmp_path / "roles.toml"
    path.write_text('[Hitman]\nalignment = "Mafia"\nfaction = "Mafia"\n[[Hitman.abilities]]\nname = "Kill"\n'
                    'factional = true\neffects = [{ effect = "kill", strength = 2 }]\n')
    rs = load_ruleset("natural", path)
    assert [a.name for a in rs.roles["Hitman"].abilities] == ["Kill"]
    assert rs.roles["Hitman"].abilities[0].effects[0].get("strength") == 2
    assert rs.roles["Goon"].abilities == rs.factions["Mafia"]


def test_every_bundled_ruleset_still_loads():
    for name in RULESETS:
        assert load_ruleset(name).roles
    assert re.search(r"\| `extends` \|", SCHEMA) and "[factions." in SCHEMA and "[shared." in SCHEMA


@pytest.mark.parametrize("name", RULESETS)
def test_an_option_keeps_the_type_its_ruleset_gives_it(name, tmp_path):
    """An int option stays an int (it was read as a float, so `--option max-day=3` wrote 3.0
    and a day number was compared with a float); a float one stays a float."""
    raw = tomllib.loads((games_dir() / name / "ruleset.toml").read_text(encoding="utf-8")).get("options", {})
    rs = load_ruleset(name)
    for key, table in raw.items():
        if "default" in table:
            assert type(rs.options[key].default) is type(table["default"]), key
