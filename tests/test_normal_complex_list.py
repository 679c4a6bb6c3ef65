"""Issue 38: the last roles of MafiaScum's Complex Normal list (Juggernaut, Companion, Shield,
Universal Finder, Informed) and its modifiers Indecisive and Personal, written as MafiaScum writes
them, through the CLI. Where the wiki left a meaning open, games/natural/ruleset.toml's decisions
say what hostkit does."""

from __future__ import annotations

import pytest

from test_normal_roles import dead, game, night, result_of

TOWN = ["Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie", "Fay=Vanilla Townie", "Gus=Vanilla Townie"]


@pytest.mark.parametrize("blocker, role", [("Rb", "Town Roleblocker"), ("Jk", "Town Jailkeeper")],
                         ids=["roleblocked", "jailed"])
def test_juggernaut_factional_kill_goes_through_a_block(tmp_path, blocker, role):
    host = game(tmp_path, "Jg=Mafia Juggernaut", "Hal=Mafia Goon", f"{blocker}={role}", *TOWN)
    assert "no block on you stops it" in host.ok("pm", "Jg")
    out = night(host, f"{blocker} Jg", "Jg Kill Cy")
    assert dead(out) == ["Cy"]


def test_juggernaut_own_actions_and_a_goon_s_kill_are_still_blocked(tmp_path):
    host = game(tmp_path, "Jg=Mafia Juggernaut Roleblocker", "Hal=Mafia Goon", "Rb=Town Roleblocker",
                "Cop=Town Cop", *TOWN)
    out = night(host, "Rb Jg", "Jg Block Cop", "Jg Kill Cy", "Cop Hal")
    assert dead(out) == ["Cy"]
    assert result_of(out, "Cop") == "Mafia"  # the Juggernaut's own block was stopped
    host2 = game(tmp_path / "b", "Jg=Mafia Juggernaut", "Hal=Mafia Goon", "Rb=Town Roleblocker", *TOWN)
    assert dead(night(host2, "Rb Hal", "Hal Kill Cy")) == []


def test_juggernaut_is_mafia_only(tmp_path):
    from test_normal_roles import refused_new

    out = refused_new(tmp_path, "Jg=Town Juggernaut", "Bob=Mafia Goon")
    assert "Juggernaut" in out and "Mafia" in out


@pytest.mark.parametrize("written, told", [("Town Cop Companion", "Cop"), ("Vanilla Townie Companion", "Cy")],
                         ids=["cop", "vanilla-townie"])
def test_companion_pm_names_the_town_player_with_the_role(tmp_path, written, told):
    host = game(tmp_path, f"Co={written}", "Bob=Mafia Goon", "Hal=Mafia Goon", "Cop=Town Cop", *TOWN)
    pm = host.ok("pm", "Co")
    assert f"You are informed that {told} is aligned with the Town." in pm
    assert pm.count("You are informed that") == 1  # one player, the first in seat order
    assert "aligned with the Town" not in host.ok("pm", "Cop")


def test_companion_of_a_role_the_setup_lacks_or_of_no_role_is_refused(tmp_path):
    from test_normal_roles import refused_new

    assert "a Companion is told of a Town Doctor, and the setup deals none" in refused_new(
        tmp_path, "Co=Doctor Companion", "Bob=Mafia Goon", "Cy=Vanilla Townie")
    assert "a Companion is told of a Town Goon" in refused_new(
        tmp_path / "b", "Co=Goon Companion", "Bob=Mafia Goon", "Cy=Vanilla Townie")
    assert "write the role the Companion is told of" in refused_new(
        tmp_path / "c", "Co=Town Companion", "Bob=Mafia Goon", "Cy=Vanilla Townie")


def test_companion_flips_without_the_name(tmp_path):
    host = game(tmp_path, "Co=Town Cop Companion", "Bob=Mafia Goon", "Hal=Mafia Goon", "Cop=Town Cop", *TOWN)
    night(host, "Bob Kill Co")
    assert "Cop Companion" in host.ok("status")
    assert "is aligned with the Town" not in host.ok("post", "day")


def test_shield_takes_the_kill_its_target_makes(tmp_path):
    host = game(tmp_path, "Sh=Town Shield", "Bob=Mafia Goon", "Hal=Mafia Goon", "Cop=Town Cop", *TOWN)
    out = night(host, "Sh Bob", "Bob Kill Cy", "Cop Hal")
    assert dead(out) == ["Sh"]
    assert result_of(out, "Cop") == "Mafia"


@pytest.mark.parametrize("acts, died", [
    (("Sh Hal", "Bob Kill Cy"), ["Cy"]),  # shielding another player: the kill lands where it was aimed
    (("Sh Bob", "Bob Kill Cy", "Doc Sh"), []),  # a protection on the Shield saves them
    (("Sh Vi", "Vi Bob", "Bob Kill Cy"), ["Cy", "Sh"]),  # shielding the Vigilante: the Mafia's kill still lands
], ids=["other-player", "shield-protected", "two-killers"])
def test_shield_only_stands_in_for_its_target_s_kills(tmp_path, acts, died):
    host = game(tmp_path, "Sh=Town Shield", "Bob=Mafia Goon", "Hal=Mafia Goon", "Doc=Town Doctor",
                "Vi=Town Vigilante", *TOWN)
    assert dead(night(host, *acts)) == died


def test_shield_s_target_keeps_its_other_actions(tmp_path):
    host = game(tmp_path, "Sh=Town Shield", "Mc=Mafia Cop", "Hal=Mafia Goon", *TOWN)
    out = night(host, "Sh Mc", "Mc Investigate Cy", "Mc Kill Di")
    assert dead(out) == ["Sh"]
    assert result_of(out, "Mc") == "Town"


@pytest.mark.parametrize("sought, target, read", [("Cop", "Cop", "Cop"), ("cop", "Doc", "Not Cop"),
                                                  ("Doctor", "Doc", "Doctor"), ("Mailman", "Ms", "Messenger")],
                         ids=["cop-yes", "cop-no", "doctor-yes", "alias"])
def test_universal_finder_names_the_role_each_night(tmp_path, sought, target, read):
    host = game(tmp_path, "Uf=Town Universal Finder", "Cop=Town Odd-Night Cop", "Doc=Town Doctor",
                "Ms=Town Messenger", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    assert result_of(night(host, f"Uf {target} {sought}"), "Uf") == read


def test_universal_finder_without_a_power_role_is_refused(tmp_path):
    host = game(tmp_path, "Uf=Town Universal Finder", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    assert "is no power role" in host.refused("act", "Uf", "Bob", "Vanilla")
    assert "is no power role" in host.refused("act", "Uf", "Bob", "Coop")
    assert "the role sought" in host.refused("act", "Uf", "Bob")


@pytest.mark.parametrize("role, acts, died", [
    ("Town Personal Roleblocker", ("X Bob", "Bob Kill Cy"), ["Cy"]),  # the factional kill is untouched
    ("Town Personal Roleblocker", ("X Vi", "Vi Cy", "Bob Kill Di"), ["Di"]),  # a Vigilante's own kill is blocked
    ("Town Personal Doctor", ("X Cy", "Bob Kill Cy"), ["Cy"]),
    ("Town Personal Doctor", ("X Cy", "Vi Cy"), []),
    ("Town Personal Jailkeeper", ("X Bob", "Bob Kill Cy", "Vi Di"), ["Cy", "Di"]),
], ids=["roleblocker-factional", "roleblocker-own", "doctor-factional", "doctor-vigilante", "jailkeeper"])
def test_personal_actions_neither_stop_nor_save_from_the_factional_kill(tmp_path, role, acts, died):
    host = game(tmp_path, f"X={role}", "Bob=Mafia Goon", "Hal=Mafia Goon", "Vi=Town Vigilante", *TOWN)
    assert "does not see, a faction's action" in host.ok("pm", "X")
    assert dead(night(host, *acts)) == died


@pytest.mark.parametrize("role, acts, seen", [
    ("Town Personal Watcher", ("X Cy", "Bob Kill Cy", "Vi Cy"), ["Vi"]),
    ("Town Personal Tracker", ("X Bob", "Bob Kill Cy"), []),
    ("Town Personal Tracker", ("X Mr", "Mr Block Di", "Mr Kill Cy"), ["Di"]),
], ids=["watcher", "tracker", "tracker-own-action"])
def test_personal_investigations_do_not_see_the_factional_kill(tmp_path, role, acts, seen):
    host = game(tmp_path, f"X={role}", "Bob=Mafia Goon", "Mr=Mafia Roleblocker", "Vi=Town Vigilante", *TOWN)
    got = result_of(night(host, *acts), "X")
    assert sorted(got if isinstance(got, list) else [] if got in (None, "no one", "nobody") else [got]) == seen, got


@pytest.mark.parametrize("role, first", [("Town Indecisive Doctor", "X Cy"), ("Town Indecisive Cop", "X Cy")],
                         ids=["doctor", "cop"])
def test_indecisive_cannot_target_last_night_s_player(tmp_path, role, first):
    from test_normal_roles import next_night

    host = game(tmp_path, f"X={role}", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    assert "You may not target the same player on two nights running." in host.ok("pm", "X")
    night(host, first)
    next_night(host)
    assert "two phases in a row" in host.refused("act", "X", "Cy")
    host.ok("act", "X", "Di")  # another player is fine
    host.ok("act", "X", "skip")
    host.ok("resolve", "--force")
    next_night(host)
    host.ok("act", "X", "Cy")  # not the night before: allowed again


def _new_informed(tmp_path, *extra: str):
    assign = ("Inf=Town Informed Vanilla Townie", "Md=Mafia Informed Goon", "Bob=Mafia Goon", "Doc=Town Doctor",
              "Cy=Vanilla Townie", "Di=Vanilla Townie", "Ed=Vanilla Townie")
    return _invoke(tmp_path, assign, extra)


def _invoke(tmp_path, assign, extra):
    from click.testing import CliRunner

    from hostkit.cli import cli

    args = ["new", str(tmp_path / "g"), "--ruleset", "natural", "--seed", "1"]
    for a in assign:
        args += ["--assign", a]
    return CliRunner().invoke(cli, args + list(extra), catch_exceptions=False)


def test_informed_pm_states_the_host_s_fact_on_two_roles(tmp_path):
    from conftest import Host

    out = _new_informed(tmp_path, "--inform", "Inf=There is a Doctor in this game.",
                        "--inform", "md=The Town has no Cop.")
    assert out.exit_code == 0, out.output
    host = Host(tmp_path / "g")
    assert "You are informed: There is a Doctor in this game." in host.ok("pm", "Inf")
    assert "You are informed: The Town has no Cop." in host.ok("pm", "Md")
    assert "You are informed" not in host.ok("pm", "Cy")
    night(host, "Bob Kill Inf")
    assert "There is a Doctor" not in host.ok("post", "day")  # the flip names the role, never the fact


@pytest.mark.parametrize("extra, says", [
    ((), "Inf is Informed (Town Informed Vanilla Townie): say what they are told with --inform Inf=TEXT"),
    (("--inform", "Inf=One", "--inform", "Md=Two", "--inform", "Cy=Three"), "Cy is not Informed"),
    (("--inform", "Inf=One", "--inform", "Md=  "), "the text is blank"),
    (("--inform", "Inf=One", "--inform", "Inf=Two", "--inform", "Md=x"), "Inf is already told 'One'"),
], ids=["missing", "not-informed", "blank", "twice"])
def test_informed_texts_are_checked_before_anything_is_written(tmp_path, extra, says):
    out = _invoke(tmp_path, ("Inf=Town Informed Vanilla Townie", "Md=Mafia Informed Goon", "Bob=Mafia Goon",
                             "Cy=Vanilla Townie", "Di=Vanilla Townie"), extra)
    assert out.exit_code == 1 and says in out.output and "Traceback" not in out.output, out.output
    assert not (tmp_path / "g").exists()


@pytest.mark.parametrize("role, target, read", [
    ("Town Personal Reporter", "Bob", "Did not act"),
    ("Town Personal Motion Detector", "Cy", "Motion detected"),  # the Doctor's protection, not the kill
    ("Town Personal Inspector", "Di", "Was not targeted"),
    ("Town Personal Voyeur", "Cy", ["protection"]),
    ("Town Personal Follower", "Bob", []),
], ids=["reporter", "motion-detector", "inspector", "voyeur", "follower"])
def test_personal_readings_are_as_though_the_factional_kill_did_not_happen(tmp_path, role, target, read):
    host = game(tmp_path, f"X={role}", "Bob=Mafia Goon", "Doc=Town Doctor", *TOWN)
    got = result_of(night(host, f"X {target}", "Bob Kill Di", "Doc Cy"), "X")
    assert (sorted(got) if isinstance(got, list) else got) == read


def test_a_hybrid_is_found_and_named_as_each_of_its_roles(tmp_path):
    host = game(tmp_path, "Co=Town Cop Companion", "Cf=Town Cop-Finder", "Hy=Town Cop Doctor", "Bob=Mafia Goon",
                "Hal=Mafia Goon", *TOWN)
    assert "You are informed that Hy is aligned with the Town." in host.ok("pm", "Co")
    assert result_of(night(host, "Cf Hy"), "Cf") == "Cop"


def test_a_hybrid_s_each_action_answers_to_its_own_role_s_immunity_and_enabler(tmp_path):
    from test_normal_roles import next_night

    host = game(tmp_path, "Hy=Town Cop Doctor", "Im=Town Cop-Immune Vanilla Townie", "En=Town Cop Enabler",
                "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN)
    out = night(host, "Hy Investigate Im", "Bob Kill Im")
    assert any(f["player"] == "Hy" and "immune to the Cop" in f["reason"] for f in out["failed"]), out["failed"]
    assert dead(out) == ["Im"]
    next_night(host)
    out = night(host, "Hy Protect Cy", "Bob Kill Cy")  # the Doctor's part is no Cop's: Cop-Immune is not asked
    assert dead(out) == []
    next_night(host)
    night(host, "Bob Kill En")
    next_night(host)
    out = night(host, "Hy Investigate Bob")
    assert any(f["player"] == "Hy" and "Cop's Enabler is dead" in f["reason"] for f in out["failed"]), out["failed"]
    next_night(host)
    out = night(host, "Hy Protect Di", "Hal Kill Di")
    assert dead(out) == [] and not [f for f in out["failed"] if f["player"] == "Hy"]


@pytest.mark.parametrize("written, extra, fact", [
    ("Town Night 2 Cop Companion", (), "You are informed that Cop is aligned with the Town."),
    ("Town Night 2 Informed Vanilla Townie", ("--inform", "Co=There is a Cop."), "You are informed: There is a Cop."),
], ids=["companion", "informed"])
def test_night_x_companion_and_informed_are_told_on_that_night(tmp_path, written, extra, fact):
    from conftest import Host
    from test_normal_roles import next_night

    out = _invoke(tmp_path, (f"Co={written}", "Cop=Town Cop", "Bob=Mafia Goon", "Hal=Mafia Goon", *TOWN), extra)
    assert out.exit_code == 0, out.output
    host = Host(tmp_path / "g")
    pm = host.ok("pm", "Co")
    assert "You are told it during Night 2." in pm and fact not in pm
    night(host, "Bob Kill Cy")
    assert fact not in host.ok("pm", "Co", "--night", "1")
    next_night(host)
    night(host, "Bob Kill Di")
    assert fact in host.ok("pm", "Co", "--night", "2")
