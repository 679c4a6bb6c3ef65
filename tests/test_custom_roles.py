"""Red team (helper redhost): whole games hosted through the CLI as a careless host, a rules
lawyer and a hostile co-host would. Each test fails without its fix: CliRunner in temp folders."""

from __future__ import annotations

import pytest

from conftest import Host, new_classic

CLASSIC8 = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
            "Gus=Werewolf", "Hal=Villager"]
BIG = "1" + "0" * 400  # an integer no TOML file can hold (64-bit), which tomllib reads all the same
HUGE = "1" + "0" * 5000  # past Python's 4300-digit limit: tomllib raises a plain ValueError


def _played(tmp_path):
    """A classic game into day 1, with a vote by hand: a phase file of each kind to edit."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("act", "Dave", "Guard", "Ann")
    host.ok("act", "Ann", "Check", "Bob")
    host.ok("act", "Carol", "skip")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    return host


# --------------------------------------------------------------------------- hand edits: numbers


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


# --------------------------------------------------------------------------- hand edits: a byte order mark


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


# --------------------------------------------------------------------------- options that are vote weights


@pytest.mark.parametrize("value", ["-1", "1e308", "1001"])
def test_house_rule_sheriff_weight_option_is_a_vote_weight(tmp_path, value):
    """`--option sheriff-weight=-1` was taken: the Sheriff's vote then took a vote away from the
    wagon. It is a vote weight, with the bounds of --weight (0 to 1000)."""
    host = Host(tmp_path / "game")
    result = host("new", str(tmp_path / "game"), "--ruleset", "classic-werewolf",
                  "--assign", "Ann=Seer", "--assign", "Bob=Werewolf", "--assign", "Cy=Villager",
                  "--option", f"sheriff-weight={value}")
    assert result.exit_code == 1, result.output
    assert "sheriff-weight" in result.output and "vote weight" in result.output, result.output
    assert not (tmp_path / "game").exists()


def test_house_rule_sheriff_weight_hand_edited_negative_is_refused(tmp_path):
    host = _played(tmp_path)
    path = host.folder / "game.toml"
    path.write_text(path.read_text().replace("[options]", "[options]\nsheriff-weight = -1", 1))
    out = host.refused("votes")
    assert "game.toml: options.sheriff-weight" in out and "vote weight" in out, out


# --------------------------------------------------------------------------- a game's roles.toml: counts and weights


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


# --------------------------------------------------------------------------- what a command writes outside the game


def test_house_rule_pm_out_to_a_folder_that_cannot_be_made_is_one_line(tmp_path):
    """`hostkit pm --out /proc/nope` (a folder the system will not make) printed a traceback
    (FileNotFoundError from mkdir); now one line names the file."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    out = host.refused("pm", "--out", "/proc/hostkit-nope")
    assert out.startswith("Error: /proc/hostkit-nope/01-Ann.txt: cannot write:"), out


# --------------------------------------------------------------------------- who enters: a host's name


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


# --------------------------------------------------------------------------- a game's flavour.toml


@pytest.mark.parametrize("text", [
    pytest.param("{player:%} was found", id="house-rule-format-spec-was-a-valueerror-traceback"),
    pytest.param("{cause:{player}}", id="house-rule-nested-spec-was-a-valueerror-traceback"),
    pytest.param("{player:>99999999}", id="house-rule-width-spec-built-a-100mb-name"),
    pytest.param("{player!r} was found", id="house-rule-conversion-printed-quotes"),
])
def test_house_rule_a_flavour_placeholder_with_a_format_is_refused_naming_the_key(tmp_path, text):
    """README's game folder: flavour.toml holds your own death flavour texts with {player},
    {location} and {cause}. '{player:%}' crashed 'post deaths' with a ValueError traceback, and
    '{player:>99999999}' padded the name to 100 MB before the render limit stopped it."""
    host = _played(tmp_path)
    (host.folder / "flavour.toml").write_text(f'[flavour]\nwerewolf = "{text}"\n')
    out = host.refused("post", "deaths")
    assert "flavour.toml: flavour.werewolf: the placeholder" in out and "takes no format" in out, out


def test_a_plain_flavour_text_is_used(tmp_path):
    host = _played(tmp_path)
    (host.folder / "flavour.toml").write_text('[flavour]\nwerewolf = "{player} fell to the {cause} in {location}."\n')
    assert "Fay fell to the Werewolves in their home." in host.ok("post", "deaths")


# --------------------------------------------------------------------------- classic: a recorded last shot or badge on replay


def _day2_with_shot_and_badge(tmp_path):
    """Classic: Ann (Hunter) elected Sheriff on day 1, killed on night 2; on day 2 she shoots Bob
    and passes the badge to Dave. Returns the host and day 2's file."""
    assign = ["Ann=Hunter", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Seer", "Fay=Villager",
              "Gus=Werewolf", "Hal=Villager", "Ivy=Villager", "Jon=Villager"]
    new_classic(tmp_path / "game", assign=assign)
    host = Host(tmp_path / "game")
    for line in (("act", "Bob", "Kill", "Fay"), ("act", "Carol", "skip"), ("act", "Dave", "Guard", "Hal"),
                 ("act", "Eve", "Check", "Gus"), ("resolve",)):
        host.ok(*line)
    host.ok("sheriff", "run", "Ann")
    for voter in ("Ann", "Bob", "Carol", "Dave", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"):
        host.ok("sheriff", "vote", voter, "Ann")
    host.ok("sheriff", "elect")
    host.ok("vote", "Eve", "Gus")
    host.ok("eliminate", "Gus")
    for line in (("act", "Bob", "Kill", "Ann"), ("act", "Carol", "skip"), ("act", "Dave", "Guard", "Eve"),
                 ("act", "Eve", "Check", "Bob"), ("resolve",)):
        host.ok(*line)
    host.ok("shoot", "Ann", "Hal")
    host.ok("badge", "Ann", "Dave")
    return host, host.folder / "phases/004-day-2.toml"


@pytest.mark.parametrize("old,new,words", [
    pytest.param('kind = "shot", actor = "Ann"', 'kind = "shot", actor = "Eve"', "the last shot of Eve, who is alive",
                 id="BanishmentResolution-a-shot-by-a-living-player"),
    pytest.param('kind = "badge", actor = "Ann"', 'kind = "badge", actor = "Fay"', "the badge of Fay",
                 id="DeathResolution-5-badge-by-one-who-never-held-it"),
    pytest.param('target = "Hal"', 'target = "Fay"', "Fay is dead: the shot must target a living player",
                 id="DeathResolution-4-hunter-target-must-be-living"),
    pytest.param('target = "Dave"', 'target = "Hal"', "Hal is dead: the badge goes to a living player",
                 id="DeathResolution-6-badge-heir-must-be-living"),
])
def test_classic_a_hand_edited_shot_or_badge_that_breaks_the_story_is_refused(tmp_path, old, new, words):
    """Seed classic-werewolf DeathResolution: 'shoot' and 'badge' check these at entry, but the
    replay took any recorded shot or badge: a shot by a living player killed its target, and a
    badge passed to the dead Hal made a dead Sheriff ('Sheriff: Hal')."""
    host, day2 = _day2_with_shot_and_badge(tmp_path)
    text = day2.read_text()
    assert old in text, text
    day2.write_text(text.replace(old, new, 1))
    out = host.refused("status")
    assert "004-day-2.toml: events[" in out and words in out, out


def test_classic_a_badge_recorded_before_the_shot_is_refused(tmp_path):
    """Seed BanishmentResolution 7 / DeathEvent processing order: last words -> Hunter shoot ->
    badge transfer. A hand edit that moves the badge before the shot was replayed as is."""
    host, day2 = _day2_with_shot_and_badge(tmp_path)
    text = day2.read_text()
    shot = next(line for line in text.splitlines() if 'kind = "shot"' in line)
    badge = next(line for line in text.splitlines() if 'kind = "badge"' in line)
    seq_shot = shot.split("seq = ")[1].split(",")[0]
    seq_badge = badge.split("seq = ")[1].split(",")[0]
    day2.write_text(text.replace(shot, shot.replace(f"seq = {seq_shot}", f"seq = {int(seq_badge) + 1}"))
                    .replace(badge, badge.replace(f"seq = {seq_badge}", f"seq = {seq_shot}")))
    out = host.refused("status")
    assert "Processing order" in out and "badge" in out, out


def test_undo_entry_of_the_hunters_death_is_refused_while_the_shot_stands(tmp_path):
    """'hostkit undo --entry' of the night kill that made Ann (the Hunter) owe her shot wrote a
    record where the living Ann had shot Hal and passed the badge; now it is refused, the folder
    unchanged, and the shot named."""
    host, _ = _day2_with_shot_and_badge(tmp_path)
    entry = next(line.split()[3] for line in host.ok("log").splitlines() if "Bob's Kill on Ann" in line)
    out = host.refused("undo", "--entry", entry)
    assert "the last shot of Ann, who is alive" in out, out


# --------------------------------------------------------------------------- the day's deadline


@pytest.mark.parametrize("when", [
    pytest.param("+99999999d", id="overflow-days-was-a-traceback"),
    pytest.param("+100000000000000000000h", id="overflow-hours-was-a-traceback"),
    pytest.param("9999-12-31T23:59-05:00", id="past-year-9999-in-utc-crashed-every-count"),
])
def test_house_rule_a_deadline_outside_the_calendar_is_one_line(tmp_path, when):
    """'hostkit deadline +99999999d' printed an OverflowError traceback; '9999-12-31T23:59-05:00'
    was recorded, and every vote count then crashed turning it into UTC."""
    host = _played(tmp_path)
    out = host.refused("deadline", when)
    assert "outside the calendar" in out or "too far from now" in out, out


@pytest.mark.parametrize("data,words", [
    pytest.param('{ at = "garbage" }', "data.at: a deadline is an ISO time", id="not-a-time"),
    pytest.param("{ at = 5 }", "data.at: a deadline is an ISO time", id="a-number"),
    pytest.param('{ at = "2026-11-25T05:37:39" }', "has no UTC offset", id="no-offset"),
    pytest.param('{ at = "0001-01-01T00:00:00+05:00" }', "outside the calendar", id="before-year-1-in-utc"),
    pytest.param('{ when = "tomorrow" }', "data.when: a deadline has only 'at'", id="unknown-key"),
])
def test_house_rule_a_hand_edited_deadline_is_refused_with_file_and_key(tmp_path, data, words):
    """A deadline event's data hand-edited to something that is not a time crashed 'status',
    'votes' and 'due' with a traceback (ValueError, TypeError, OverflowError)."""
    host = _played(tmp_path)
    host.ok("deadline", "2026-12-01 18:00")
    day1 = host.folder / "phases/002-day-1.toml"
    text = day1.read_text()
    old = 'data = { at = "2026-12-01T18:00:00+00:00" }'
    assert old in text, text
    day1.write_text(text.replace(old, f"data = {data}"))
    for command in ("status", "votes", "due"):
        out = host.refused(command)
        assert "002-day-1.toml: events[" in out and words in out, out


@pytest.mark.parametrize("old,new,words", [
    pytest.param('kind = "sheriff-vote", actor = "Dave", target = "Ann"',
                 'kind = "sheriff-vote", actor = "Dave", target = "Eve"', "Eve is not running for Sheriff",
                 id="SheriffElection-5-candidates-locked-a-vote-for-one-who-opted-out"),
    pytest.param('kind = "sheriff-vote", actor = "Dave", target = "Ann"',
                 'kind = "sheriff-vote", actor = "Dave", target = "Hal"', "Hal is not running for Sheriff",
                 id="SheriffElection-5-a-vote-for-one-who-never-ran"),
    pytest.param('kind = "withdraw", actor = "Eve"', 'kind = "withdraw", actor = "Hal"', "Hal cannot opt out",
                 id="OptOut-2-candidates-only"),
])
def test_classic_a_hand_edited_sheriff_race_that_breaks_the_seed_is_refused(tmp_path, old, new, words):
    """Seed classic-werewolf OptOut and SheriffElection: 'sheriff vote' refuses a vote for one who
    opted out or never ran, but a hand edit of one was replayed and silently not counted, so the
    race's status listed a vote the election ignored."""
    assign = ["Ann=Hunter", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Seer", "Fay=Villager",
              "Gus=Werewolf", "Hal=Villager"]
    new_classic(tmp_path / "game", assign=assign)
    host = Host(tmp_path / "game")
    for line in (("act", "Bob", "Kill", "Fay"), ("act", "Carol", "skip"), ("act", "Dave", "Guard", "Hal"),
                 ("act", "Eve", "Check", "Gus"), ("resolve",)):
        host.ok(*line)
    host.ok("sheriff", "run", "Ann", "Eve")
    host.ok("sheriff", "withdraw", "Eve")
    host.ok("sheriff", "vote", "Dave", "Ann")
    day1 = host.folder / "phases/002-day-1.toml"
    text = day1.read_text()
    assert old in text, text
    day1.write_text(text.replace(old, new, 1))
    out = host.refused("sheriff", "status")
    assert "002-day-1.toml: events[" in out and words in out, out


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


# --------------------------------------------------------------------------- undo --entry


@pytest.mark.parametrize("entry", ["", "  "])
def test_house_rule_undo_entry_with_an_empty_id_takes_nothing_back(tmp_path, entry):
    """README: 'hostkit undo --entry ID takes back that one'. An empty id (a host's unset "$ID")
    was a prefix of every id: with one entry in the record, that entry was undone unasked."""
    new_classic(tmp_path / "game", assign=CLASSIC8)
    host = Host(tmp_path / "game")
    host.ok("act", "Bob", "Kill", "Fay")
    out = host.refused("undo", "--entry", entry)
    assert "needs an entry's id" in out, out


def test_a_modkill_reason_with_a_line_break_is_echoed_on_one_line(tmp_path):
    """'hostkit kill Ann --reason $'a\\nb'': the record keeps the reason on one line, but the
    command's own answer printed it over two ('Ann is dead (a' / 'b). The flip:')."""
    host = _played(tmp_path)
    out = host.ok("kill", "Hal", "--reason", "asleep\n  for days")
    assert out.splitlines()[0] == "Hal is dead (asleep for days). The flip:", out
