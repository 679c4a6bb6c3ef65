"""Red team (redpara): paranormal games hosted through the CLI; the night PMs of actions that
failed, tech over several nights, and entry mistakes. Each test names the seed sentence or the
house rule it holds hostkit to, and failed before its fix."""

from __future__ import annotations

import pytest

from conftest import Host


def _game(tmp_path, *assign: str, options: tuple[str, ...] = ()) -> Host:
    folder = tmp_path / "g"
    host = Host(folder)
    args = ["new", str(folder), "--ruleset", "paranormal", "--seed", "3", "--option", "max-day=6"]
    for a in assign:
        args += ["--assign", a]
    for o in options:
        args += ["--option", o]
    host.ok(*args)
    return host


XENO = ("Xe=Xenozoologist", "Dp=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie", "Pw=Psychic Warden",
        "Ex=Exterminator (Anti-Tech Field)", "Su=Survivor")


def _pms(host: Host, player: str, night: int) -> str:
    return host.ok("pm", player, "--night", str(night), "--format", "plain")


def test_xenozoologist_is_told_the_specimen_he_keeps(tmp_path):
    """Seed paranormal Xenozoologist: 'If that player is of a race he does not have, they are
    removed from the game and kept for study. If he already has one, they are returned to play
    the following morning.' The abductor learns which happened (his win is one of each kind);
    before, his PM was empty ('No PMs')."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "none")
    host.ok("tech", "pick", "Ex", "none")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Xe", "Abduct", "To")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "You abducted To and keep them for study as your Human specimen (specimens held: Human)." in pm
    host.ok("eliminate", "--none")
    host.ok("act", "Xe", "Abduct", "T2")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 2)
    assert "You abducted T2, but you already hold a Human specimen: T2 is returned to play in the morning." in pm
    assert "keep them" not in pm


def test_abducted_warden_is_not_told_the_binding_failed(tmp_path):
    """Seed paranormal Event Order: Pure Role-blockers before Abductors ('a Role-blocker is
    effectively unblockable'); decision abduction: 'Actions of earlier steps (Mind Control,
    blocks) had already reached them'. The Psychic Warden's binding of Ex works on the night Xe
    takes him, so his PM must not say he 'could not act' without that exception."""
    host = _game(tmp_path, *XENO)
    for p in ("Xe", "Ex", "Su"):
        host.ok("tech", "pick", p, "none")
    host.ok("act", "Pw", "Bind", "Ex")
    host.ok("act", "Xe", "Abduct", "Pw")
    host.ok("act", "Ex", "Kill", "Ag")
    host.ok("act", "Dp", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "Ex's Kill: blocked by Psychic Warden (Pw)" in out  # the binding did work
    pm = _pms(host, "Pw", 1)
    assert ("You were abducted tonight: you were taken from your home and could not act, except for your Bind, "
            "which had already taken place.") in pm


def test_a_partial_block_names_what_it_stopped(tmp_path):
    """Seed paranormal EMP Pulse Emitter: 'Any Tech devices used by that player that night are
    shorted out ... If the player's action relied on the Tech item, they are roleblocked.' Xe's
    Psychic Pulse Emitter is shorted out, but his Abduct (no tech) takes Su: the PM said 'your
    action did not take place' beside the capture. It names the use stopped; a block that stops
    everything keeps the old line."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "Psychic Pulse Emitter")
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Plasma Bomb")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Xe")
    host.ok("act", "Xe", "Psychic Pulse Emitter", "Pw")
    host.ok("act", "Xe", "Abduct", "Su")
    host.ok("act", "Pw", "Bind", "Ag")
    host.ok("act", "Ag", "Investigate", "Dp")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "You were blocked tonight: your Psychic Pulse did not take place." in pm
    assert "your action did not take place" not in pm
    assert "keep them for study as your Alien specimen" in pm
    assert "You were blocked tonight: your action did not take place." in _pms(host, "Ag", 1)


def test_an_unlimited_emitter_blocked_by_an_anti_tech_field_says_nothing_of_being_used_up(tmp_path):
    """Seed paranormal Anti-Tech Field: 'Tech characters will be aware that their item was blocked.
    Single Target one-shot items are not used up'; decision tech-blocked-told: 'an unlimited
    power says neither'. The EMP Pulse Emitter works every night: its user was told 'it is not
    used up', as if it were a one-shot."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Xe", "EMP Pulse Emitter")
    host.ok("tech", "pick", "Ex", "none")
    host.ok("tech", "pick", "Su", "none")
    host.ok("act", "Xe", "EMP Pulse Emitter", "Ex")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("resolve", "--force")
    pm = _pms(host, "Xe", 1)
    assert "Your EMP Pulse on Ex was blocked by an Anti-Tech Field." in pm
    assert "used up" not in pm


@pytest.mark.parametrize("lines", [
    "Dp Kill To\nAg Investigate Dp\nDq Kill Ag\n",
    "Ag Investigate Dp\nAg Investigate Dq\n",
], ids=["one-team-kill-on-two-lines", "one-actor-ability-on-two-lines"])
def test_act_file_with_one_action_on_two_lines_is_refused(tmp_path, lines):
    """House rule (bad input: one line naming the rule, nothing written) and SPEC act --file ('all
    or none'): a file that enters the Doppelgangers' one kill (or one actor's ability) on two lines
    silently dropped the first line; 'recorded' was printed for both."""
    host = _game(tmp_path, "Dp=Doppelganger", "Dq=Doppelganger", "Ag=Agent", "To=Townie", "T2=Townie")
    (tmp_path / "n1.txt").write_text(lines)
    out = host.refused("act", "--file", str(tmp_path / "n1.txt"))
    assert "is already entered by" in out and "one line an action" in out


def test_act_remove_takes_the_item_name_that_act_took(tmp_path):
    """SPEC act: '--remove takes it back'. 'act Ex "EMP Pulse Emitter" Xe' is recorded (as its
    EMP Pulse); '--remove' with the same words was refused ('no action recorded ... with EMP
    Pulse Emitter')."""
    host = _game(tmp_path, *XENO)
    host.ok("tech", "pick", "Ex", "EMP Pulse Emitter", "Plasma Bomb")
    host.ok("act", "Ex", "EMP Pulse Emitter", "Xe")
    assert "removed Ex: EMP Pulse Xe" in host.ok("act", "Ex", "EMP Pulse Emitter", "--remove")
    assert "Ex:" not in host.ok("actions").split("waiting on")[0]


def test_plain_end_post_keeps_the_winner_line_apart(tmp_path):
    """SPEC post end: 'the winner, every player's role and fate'. In plain text the headline ran
    into the next line ('Exterminators win!Winning: Ex ...'): the template's closing tag ate the
    line break."""
    host = _game(tmp_path, "Ann=Townie", "Bob=Doppelganger", "Cy=Townie", "Sue=Survivor")
    host.ok("tech", "pick", "Sue", "none")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    assert "Town wins" in host.ok("eliminate", "Bob")
    out = host.ok("post", "end", "--format", "plain")
    assert out.splitlines()[0] == "Paranormal: the game is over. Town wins!"
    assert out.splitlines()[1].startswith("Winning: ")


def test_a_used_up_holoform_no_longer_shows_in_status(tmp_path):
    """Seed paranormal Holoform Modulator: 'Once activated it lasts the entire night but is used
    up after that.' Once used up, 'hostkit status' still said 'Holoform shows: Townie, Human'
    beside an item list without it."""
    host = _game(tmp_path, "Ex=Exterminator (Anti-Tech Field)", "Dp=Doppelganger", "Ag=Agent", "To=Townie",
                 "T2=Townie")
    host.ok("tech", "pick", "Ex", "Holoform Modulator", "Plasma Bomb")
    host.ok("tech", "holoform", "Ex", "Townie", "Human")
    assert "Holoform shows: Townie, Human" in host.ok("status")
    host.ok("act", "Ag", "Investigate", "Ex")
    host.ok("act", "Dp", "Kill", "skip")
    host.ok("act", "Ex", "Kill", "skip")
    out = host.ok("resolve", "--force")
    assert "Ag (Investigate on Ex): Human" in out
    line = next(x for x in host.ok("status").splitlines() if x.strip().startswith("Ex "))
    assert "Holoform" not in line, line
