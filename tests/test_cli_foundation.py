"""The foundation commands of SPEC.md, through the CLI, as a host types them."""

from __future__ import annotations

import json
import pytest

from hostkit.cli import cli
from hostkit.rules.rulesets import RULESETS

from conftest import Host, new_classic, snapshot


def test_rulesets_json_lists_options_with_defaults(runner):
    data = json.loads(runner.invoke(cli, ["rulesets", "--json"]).output)
    names = [r["name"] for r in data["rulesets"]]
    assert "classic-werewolf" in names
    assert all(n in RULESETS for n in names)
    classic = next(r for r in data["rulesets"] if r["name"] == "classic-werewolf")
    for key in ("tie", "majority", "no-elimination-offset", "victory"):
        assert "default" in classic["options"][key]
    assert classic["options"]["victory"]["choices"] == ["side-kill", "all-kill"]


def test_roles_json_gives_alignment_and_abilities(runner):
    result = runner.invoke(cli, ["roles", "CLASSIC-werewolf", "--json"])
    data = json.loads(result.output)
    witch = next(r for r in data["roles"] if r["name"] == "Witch")
    assert witch["alignment"] == "Village"
    assert [(a["name"], a["phase"], a["uses"]) for a in witch["abilities"]] == [("Antidote", "night", 1),
                                                                               ("Poison", "night", 1)]
    assert all(a["does"] for a in witch["abilities"])


def test_roles_unknown_ruleset_suggests(runner):
    result = runner.invoke(cli, ["roles", "clasic-werewolf"])
    assert result.exit_code == 1
    assert "unknown ruleset 'clasic-werewolf' (did you mean 'classic-werewolf'" in result.output


def test_new_with_every_option(tmp_path, runner):
    folder = tmp_path / "g"
    result = runner.invoke(cli, [
        "new", str(folder), "--ruleset", "classic-werewolf",
        "--player", "Ann", "--player", "Bob", "--player", "Cy=the=Great", "--player", "Dee",
        "--roles", "Seer,Werewolf,Villager,witch", "--seed", "42", "--assign", "Eve=Guard",
        "--alias", "Cy=the=Great=Cy", "--alias", "ann=Annie", "--weight", "Dee=2",
        "--vote-markup", "red", "--vote-markup", "bold", "--option", "victory=all-kill",
        "--option", "tie=none", "--host", "Mod", "--thread", "https://forum.example/t/1"])
    assert result.exit_code == 0, result.output
    st = json.loads(runner.invoke(cli, ["--game", str(folder), "status", "--json"]).output)
    assert [p["name"] for p in st["players"]] == ["Ann", "Bob", "Cy=the=Great", "Dee", "Eve"]
    assert sorted(p["role"] for p in st["players"]) == ["Guard", "Seer", "Villager", "Werewolf", "Witch"]
    eve = next(p for p in st["players"] if p["name"] == "Eve")
    assert eve["role"] == "Guard"
    text = (folder / "game.toml").read_text()
    for fragment in ('aliases = [\n    "Cy",', 'aliases = [\n    "Annie",', "weight = 2.0", 'victory = "all-kill"',
                     '"Mod"', 'thread = "https://forum.example/t/1"', '"bold"', "seed = 42"):
        assert fragment in text


def test_new_deal_is_reproducible_from_the_seed(tmp_path, runner):
    deals = []
    for i, seed in enumerate(["5", "5", "6"]):
        folder = tmp_path / str(i)
        runner.invoke(cli, ["new", str(folder), "--ruleset", "classic-werewolf", "--seed", seed,
                            *sum((["--player", n] for n in "ABCDEFGH"), []),
                            "--roles", "Seer,Witch,Guard,Hunter,Werewolf,Werewolf,Villager,Villager"])
        st = json.loads(runner.invoke(cli, ["--game", str(folder), "status", "--json"]).output)
        deals.append([p["role"] for p in st["players"]])
    assert deals[0] == deals[1]
    assert deals[0] != deals[2]


@pytest.mark.parametrize("args,message", [
    (["--ruleset", "nope", "--assign", "A=Seer"], "unknown ruleset 'nope'"),
    (["--ruleset", "classic-werewolf", "--assign", "A=Sear"], "unknown role 'Sear' (did you mean 'Seer'?)"),
    (["--ruleset", "classic-werewolf", "--player", "A", "--roles", "Seer,Witch"], "--roles lists 2 roles for 1 players"),
    (["--ruleset", "classic-werewolf", "--player", "A"], "no role for A"),
    (["--ruleset", "classic-werewolf", "--assign", "A=Seer", "--option", "tie=maybe"], "tie must be one of none"),
    (["--ruleset", "classic-werewolf", "--assign", "A=Seer", "--option", "ties=none"], "has no option 'ties' (did you mean 'tie'?)"),
    (["--ruleset", "classic-werewolf", "--assign", "A=Seer", "--option", "no-elimination-offset=x"], "takes int values"),
    (["--ruleset", "classic-werewolf", "--assign", "A=Seer", "--weight", "A=heavy"], "'heavy' is not a number"),
    (["--ruleset", "classic-werewolf", "--assign", "A=Seer", "--vote-markup", "blue"], "--vote-markup 'blue' must be one of"),
    (["--ruleset", "classic-werewolf", "--assign", "A=Seer", "--alias", "B=Bee"], "unknown player 'B'"),
    (["--ruleset", "classic-werewolf"], "a game needs players"),
], ids=["ruleset", "role", "roles-count", "no-role", "option-value", "option-key", "option-type", "weight",
        "markup", "alias-player", "no-players"])
def test_new_refuses_bad_input_and_writes_nothing(tmp_path, runner, args, message):
    folder = tmp_path / "g"
    result = runner.invoke(cli, ["new", str(folder), *args])
    assert result.exit_code == 1
    assert message in result.output
    assert not folder.exists()


def test_new_refuses_an_existing_game(classic, runner):
    before = snapshot(classic.folder)
    result = runner.invoke(cli, ["new", str(classic.folder), "--ruleset", "classic-werewolf", "--assign", "A=Seer"])
    assert result.exit_code == 1 and "a game already exists here" in result.output
    assert snapshot(classic.folder) == before


def test_status_json_shape(classic):
    st = json.loads(classic.ok("status", "--json"))
    assert st["ruleset"] == "classic-werewolf" and st["phase"] == "night" and st["number"] == 1
    assert st["winner"] is None
    assert st["players"][0].items() >= {"name": "Ann", "role": "Seer", "alignment": "Village", "alive": True}.items()


def test_finding_the_game_option_env_and_cwd(classic, runner, monkeypatch):
    assert runner.invoke(cli, ["--game", str(classic.folder), "status"]).exit_code == 0
    monkeypatch.setenv("HOSTKIT_GAME", str(classic.folder))
    assert runner.invoke(cli, ["status"]).exit_code == 0
    monkeypatch.delenv("HOSTKIT_GAME")
    monkeypatch.chdir(classic.folder)
    assert runner.invoke(cli, ["status"]).exit_code == 0


def test_a_folder_with_no_game(tmp_path, runner):
    result = runner.invoke(cli, ["--game", str(tmp_path), "status"])
    assert result.exit_code == 1
    assert f"{tmp_path}: no game here" in result.output


def test_act_with_ability_left_out(classic):
    assert "recorded Dave: Guard Ann" in classic.ok("act", "dave", "ann")


def test_act_ability_needed_when_two_are_usable(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    assert "has 2 abilities usable now; name one: Antidote, Poison" in classic.refused("act", "Carol", "Fay")


def test_act_replace_and_remove(classic):
    classic.ok("act", "Dave", "Guard", "Ann")
    classic.ok("act", "Dave", "Guard", "Hal")
    data = json.loads(classic.ok("actions", "--json"))
    assert [(a["actor"], a["targets"]) for a in data["actions"]] == [("Dave", ["Hal"])]
    assert "removed Dave: Guard Hal" in classic.ok("act", "--remove", "Dave", "Guard")
    assert json.loads(classic.ok("actions", "--json"))["actions"] == []
    assert "no action recorded" in classic.refused("act", "--remove", "Dave", "Guard")


def test_act_remove_factional_by_another_member(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "--remove", "Gus", "Kill")
    assert json.loads(classic.ok("actions", "--json"))["actions"] == []


def test_act_file_all_or_none(classic, tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("# night 1\nBob Kill Fay\nDave Guard Fay\n\nAnn Check Gus\n")
    classic.ok("act", "--file", str(good))
    assert len(json.loads(classic.ok("actions", "--json"))["actions"]) == 3
    bad = tmp_path / "bad.txt"
    bad.write_text("Carol Antidote Fay\nAnn Check Ann\n")
    out = classic.refused("act", "--file", str(bad))
    assert f"{bad}: line 2:" in out and "You cannot check your own identity." in out


def test_act_file_from_stdin(classic):
    classic.ok("act", "--file", "-", input="Bob Kill Fay\n'Dave' Guard 'Fay'\n")
    assert len(json.loads(classic.ok("actions", "--json"))["actions"]) == 2


def test_names_with_spaces_and_equals(tmp_path):
    new_classic(tmp_path / "g", assign=["Gentleman Johnny=Seer", "[x]=y=Werewolf", "Z=Villager", "Q=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "gentleman johnny", "Check", "[x]=y")
    host.ok("act", "[X]=Y", "Kill", "Z")
    data = json.loads(host.ok("resolve", "--force", "--json"))
    assert data["results"][0]["result"] == "WEREWOLF"
    assert data["deaths"][0]["player"] == "Z"


def test_resolve_json_shape_and_next_day(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    dry = json.loads(classic.ok("resolve", "--dry-run", "--json"))
    assert json.loads(classic.ok("status", "--json"))["phase"] == "night"
    data = json.loads(classic.ok("resolve", "--force", "--json"))
    assert dry == data
    for key in ("night", "deaths", "saved", "blocked", "results", "failed", "log"):
        assert key in data
    death = data["deaths"][0]
    assert {k: death[k] for k in ("player", "cause", "location")} == {
        "player": "Fay", "cause": "Werewolves", "location": "Fay's home"}
    assert "Fay" in death["flavour"]
    assert any("Bob" in line for line in data["log"])
    st = json.loads(classic.ok("status", "--json"))
    assert (st["phase"], st["number"]) == ("day", 1)
    # Issue 13: by day, resolve resolves the Immediate actions waiting (none here), naming when
    # the day's other actions resolve (it used to say "it is day 1, not a night").
    assert "no Immediate action is waiting to resolve" in classic.refused("resolve")


def test_vote_and_eliminate(classic):
    classic.ok("resolve", "--force")
    classic.ok("vote", "Ann", "Bob")
    classic.ok("vote", "Eve", "bob")
    assert "recorded: Eve unvotes" in classic.ok("vote", "Eve", "--unvote")
    assert "dead players cannot act" not in classic.refused("vote", "Ann", "Zed")
    out = classic.ok("eliminate", "Bob")
    assert "Bob is eliminated. It is now night 2." in out
    st = json.loads(classic.ok("status", "--json"))
    bob = next(p for p in st["players"] if p["name"] == "Bob")
    assert bob["alive"] is False and bob["died"] == "day 1"
    assert "Bob is dead: dead players cannot act" in classic.refused("act", "Bob", "Kill", "Ann")


def test_vote_refusals(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    assert "it is night 1, not a day" in classic.refused("vote", "Ann", "Bob")
    classic.ok("resolve", "--force")
    assert "Fay is dead: dead players cannot vote" in classic.refused("vote", "Fay", "Bob")
    assert "Fay is dead: votes on dead players do not count" in classic.refused("vote", "Ann", "Fay")
    assert "give a TARGET or --unvote" in classic.refused("vote", "Ann")
    # Issue 13: classic-werewolf's Voting 4 (Abstention Valid) makes 'none' an abstention; the
    # refusal stays for a game without abstention (tests/test_classic_handlers.py).
    assert "recorded: Ann abstains" in classic.ok("vote", "Ann", "none")


def test_eliminate_refusals(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("resolve", "--force")
    assert "Fay is already dead" in classic.refused("eliminate", "Fay")
    assert "give a PLAYER or --none" in classic.refused("eliminate")


def test_undo_each_kind_of_entry(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("act", "Dave", "Guard", "Ann")
    assert "undone: Dave's Guard on Ann" in classic.ok("undo")
    classic.ok("resolve", "--force")
    assert json.loads(classic.ok("status", "--json"))["phase"] == "day"
    assert "undone: the end of night 1" in classic.ok("undo")
    st = json.loads(classic.ok("status", "--json"))
    assert st["phase"] == "night" and all(p["alive"] for p in st["players"])
    classic.ok("resolve", "--force")
    classic.ok("vote", "Ann", "Gus")
    assert "undone: Ann's vote on Gus" in classic.ok("undo")
    classic.ok("eliminate", "Gus")
    assert "undone: the end of day 1" in classic.ok("undo")
    st = json.loads(classic.ok("status", "--json"))
    assert (st["phase"], st["number"]) == ("day", 1)
    assert all(p["alive"] for p in st["players"] if p["name"] == "Gus")


def test_undo_an_act_replacement_brings_back_the_old_one(classic):
    classic.ok("act", "Dave", "Guard", "Ann")
    classic.ok("act", "Dave", "Guard", "Hal")
    classic.ok("undo")
    assert [a["targets"] for a in json.loads(classic.ok("actions", "--json"))["actions"]] == [["Ann"]]


def test_undo_empty_record(classic):
    assert "nothing to undo" in classic.refused("undo")


def test_hand_edit_is_picked_up(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    phase = classic.folder / "phases" / "001-night-1.toml"
    phase.write_text(phase.read_text().replace('"Fay"', '"Hal"'))
    data = json.loads(classic.ok("resolve", "--dry-run", "--json"))
    assert [d["player"] for d in data["deaths"]] == ["Hal"]


@pytest.mark.parametrize("edit,message", [
    (lambda t: t.replace('"Fay"', '"Fya"'), "actions[0]: unknown player 'Fya' (did you mean 'Fay'?)"),
    (lambda t: t.replace("seq = 1", "seq = 'one'"), "actions[0].seq: expected an integer"),
    (lambda t: t.replace("actor =", "actr ="), "actions[0].actor: is required (is 'actr' a typo for it?)"),
    (lambda t: t + "\n[[actions]\n", "invalid TOML"),
], ids=["typo-name", "bad-type", "unknown-key", "syntax"])
def test_invalid_hand_edit_is_reported_with_file_and_key(classic, edit, message):
    classic.ok("act", "Bob", "Kill", "Fay")
    phase = classic.folder / "phases" / "001-night-1.toml"
    phase.write_text(edit(phase.read_text()))
    out = classic.refused("status")
    assert str(phase) in out and message in out


def test_invalid_game_toml_is_reported(classic):
    path = classic.folder / "game.toml"
    path.write_text(path.read_text().replace('role = "Seer"', 'role = "Sear"'))
    out = classic.refused("status")
    assert f"{path}: players[0].role: classic-werewolf has no role 'Sear' (did you mean 'Seer'?)" in out


def test_newer_format_version_is_refused_older_loads(classic):
    path = classic.folder / "game.toml"
    text = path.read_text()
    path.write_text(text.replace("version = 1", "version = 99"))
    assert "newer than this hostkit understands" in classic.refused("status")
    path.write_text(text.replace("version = 1\n", ""))  # a folder from before versions: version 1
    classic.ok("status")


def test_corrected_old_action_warns_that_published_outcome_changes(classic):
    classic.ok("act", "Bob", "Kill", "Fay")
    classic.ok("resolve", "--force")
    phase = classic.folder / "phases" / "001-night-1.toml"
    phase.write_text(phase.read_text().replace('targets = [\n    "Fay",\n]', 'targets = [\n    "Hal",\n]'))
    out = classic.ok("status")
    assert "warning: night 1: the published deaths (Fay) would now be Hal" in out


def test_custom_role_in_game_roles_toml(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text('''
[Priest]
alignment = "Village"
summary = "Each night, bless a player against the werewolves."

[[Priest.abilities]]
name = "Bless"
category = "guard"
effects = [{ effect = "protect", kinds = ["werewolf"] }]
''')
    new_classic(folder, assign=["Pat=Priest", "Bob=Werewolf", "Cy=Villager", "Di=Villager"])
    host = Host(folder)
    host.ok("act", "Pat", "Bless", "Cy")
    host.ok("act", "Bob", "Kill", "Cy")
    data = json.loads(host.ok("resolve", "--force", "--json"))
    assert data["deaths"] == [] and data["saved"] == [{"player": "Cy", "by": ["Priest"]}]


@pytest.mark.parametrize("roles_toml,message", [
    ('[X]\nalignment = "Village"\nsumary = "typo"\n', "X.sumary: unknown key (did you mean 'summary'?)"),
    ('[X]\nalignment = "Village"\n[[X.abilities]]\nname = "A"\neffects = [{ effect = "kil" }]\n',
     "unknown effect 'kil' (did you mean 'kill'"),
    ('[X]\nalignment = "Village"\n[[X.abilities]]\nname = "A"\neffects = [{ effect = "kill", strenght = 2 }]\n',
     "effects[0].strenght: unknown key (did you mean 'strength'"),
    ('[X]\nalignment = "Village"\n[[X.abilities]]\nname = "A"\nphase = "dusk"\n', "phase: must be one of night, day, cycle"),
    ('[X]\nalignment = "Village"\n[[X.abilities]]\nname = "A"\ncategory = "nope"\n', "is not a step of ruleset.toml's steps"),
], ids=["role-key", "effect-name", "effect-param", "phase", "category"])
def test_custom_role_errors_name_file_and_key(tmp_path, runner, roles_toml, message):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text(roles_toml)
    result = runner.invoke(cli, ["new", str(folder), "--ruleset", "classic-werewolf", "--assign", "A=Seer"])
    assert result.exit_code == 1
    assert str(folder / "roles.toml") in result.output and message in result.output
    assert not (folder / "game.toml").exists()


def test_every_command_has_help_with_an_example(runner):
    import click

    def walk(group, path):
        for name, command in group.commands.items():
            yield [*path, name], command
            if isinstance(command, click.Group):
                yield from walk(command, [*path, name])

    seen = 0
    for path, command in walk(cli, []):
        result = runner.invoke(cli, [*path, "--help"])
        assert result.exit_code == 0, path
        assert command.help and "Example" in command.help, path
        seen += 1
    assert seen >= 30


def test_python_dash_m_hostkit(tmp_path):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "hostkit", "rulesets"], capture_output=True, text=True, check=True)
    assert "classic-werewolf" in out.stdout



@pytest.mark.parametrize("args,message", [
    (["act", "--file", "missing.txt"], "missing.txt: cannot read"),
    (["posts", "--html", "missing.html"], "missing.html: cannot read"),
], ids=["act-file", "posts-html"])
def test_a_missing_file_is_one_line_and_exit_1(classic, args, message):
    assert message in classic.refused(*args)


def test_lazy_command_table_matches_every_modules_commands():
    """cli.WHERE (which module holds each command, so a command imports only its own module)
    must name every command of every module's COMMANDS, and nothing else; a fresh process
    running `status` must not import the other rooms' modules."""
    import importlib
    import subprocess
    import sys

    import hostkit.cli as cli_pkg

    declared = {command.name: module for module in cli_pkg.MODULES
                for command in importlib.import_module(f"hostkit.cli.{module}").COMMANDS}
    assert declared == cli_pkg.WHERE
    code = ("import sys; from hostkit.cli import cli; cli.get_command(None, 'status'); "
            "print(sorted(m for m in sys.modules if m.startswith('hostkit.cli.')))")
    loaded = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert loaded.strip() == "['hostkit.cli.base', 'hostkit.cli.setup']"
