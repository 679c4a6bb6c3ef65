"""misc2's items: what a host sees through the CLI (CliRunner in temp folders), and the rule
decisions pinned on the engine where a seed was silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import Host, new_classic
from hostkit.cli import cli
from test_undo_units import CLASSIC8, md5s


def _classic_day(tmp_path) -> Host:
    """A classic game at day 1: night 1 resolved with the Werewolf's kill on Fay."""
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    host.ok("resolve", "--force")
    return host


@pytest.mark.parametrize("edit, named", [
    (lambda h: (h.folder / "phases/002-day-1.toml").open("a").write("# Day 1 opened at post 20\n"),
     "your line 4: '# Day 1 opened at post 20'"),
    (lambda h: h.ok("start-post", "20"), "the day's start post (20, from 'hostkit start-post')"),
], ids=["a-comment", "a-start-post"])
def test_undo_of_a_phase_end_keeps_what_the_host_wrote_in_the_next_phase_file(tmp_path, edit, named):
    """Before: undo of the night's end deleted the day's file, the host's comment (or start post)
    with it, silently. Now it refuses (nothing written) and names the line; --force deletes it,
    and the folder is then byte for byte as before the resolve."""
    new_classic(tmp_path / "g", assign=CLASSIC8)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Fay")
    before = md5s(host)
    host.ok("resolve", "--force")
    edit(host)
    err = host.refused("undo")
    assert (f"undoing the end of night 1 deletes phases/002-day-1.toml, which holds {named}: copy it "
            "elsewhere first, or 'hostkit undo --force' deletes it too") in err
    assert host.ok("undo", "--force").strip() == "undone: the end of night 1 (deaths: Fay)"
    assert md5s(host) == before


def test_undo_of_a_phase_end_whose_next_file_only_gained_blank_lines_needs_no_force(tmp_path):
    """Blank lines are not the host's words: nothing is lost, so undo goes ahead."""
    host = _classic_day(tmp_path)
    (host.folder / "phases/002-day-1.toml").open("a").write("\n\n")
    assert host.ok("undo").startswith("undone: the end of night 1")
    assert not (host.folder / "phases/002-day-1.toml").exists()


def test_undo_of_a_day_end_names_the_comment_in_the_next_night_file(tmp_path):
    host = _classic_day(tmp_path)
    host.ok("eliminate", "Gus")
    (host.folder / "phases/003-night-2.toml").open("a").write("\n# Gus flipped late\n")
    assert "phases/003-night-2.toml, which holds your line 5: '# Gus flipped late'" in host.refused("undo")
    assert (host.folder / "phases/003-night-2.toml").exists()


DEMO_PAGE = Path(__file__).resolve().parents[1] / "games" / "classic-werewolf" / "demo" / "day1.html"


def _demo_day(tmp_path) -> Host:
    """The demo's game back at its day 1 (Gus tops the thread 5 to 2, counted as of post 10)."""
    assert CliRunner().invoke(cli, ["demo", str(tmp_path / "d")]).exit_code == 0
    host = Host(tmp_path / "d")
    host.ok("undo")
    host.ok("votes", "--html", str(DEMO_PAGE))
    return host


def test_classic_Voting_7_hand_votes_after_a_thread_count_ask_for_a_recount(tmp_path):
    """Before: 'eliminate' checked against the thread count made before three hand votes: Gus
    (top there) was accepted though the hand votes make Bob the top vote-getter, and Bob was
    refused. Now neither is checked against a count that left out hand votes: one line names
    them and the recount; after 'votes' counts them, Bob goes and Gus is refused."""
    host = _demo_day(tmp_path)
    for voter in ("Ann", "Carol", "Dave"):
        host.ok("vote", voter, "Bob")
    for args, who in ((["Gus"], "Gus's elimination"), (["Bob"], "Bob's elimination"),
                      (["--none"], "ending the day with no elimination")):
        assert (f"{who} cannot be checked against the count (1.01, as of post 10): the hand votes changed "
                "after it (recorded: Ann votes Bob, Carol votes Bob, Dave votes Bob); 'hostkit votes' (with --html "
                "FILE for saved pages) counts the thread again with them (--force overrules)") in \
            host.refused("eliminate", *args)
    assert "[b]Bob (3)[/b]: Ann, Carol, Dave" in host.ok("votes", "--html", str(DEMO_PAGE))
    assert "Gus cannot be eliminated: the count (1.02) eliminates Bob" in host.refused("eliminate", "Gus")
    assert host.ok("eliminate", "Bob").startswith("Bob is eliminated.")


def test_a_hand_vote_taken_back_after_a_thread_count_asks_for_a_recount(tmp_path):
    host = _demo_day(tmp_path)
    host.ok("vote", "Ann", "Bob")
    host.ok("votes", "--html", str(DEMO_PAGE))
    host.ok("undo")  # Ann's hand vote goes: the count 1.02 counted it
    assert "the hand votes changed after it (taken back: 1)" in host.refused("eliminate", "Gus")
    host.ok("votes", "--html", str(DEMO_PAGE))
    assert host.ok("eliminate", "Gus").startswith("Gus is eliminated.")


def test_paranormal_items_combat_camouflage_fools_the_players_not_the_hosts_status(tmp_path):
    """Seed paranormal, Medium Tech, Combat Camouflage: 'allows the Exterminator to mask his kills
    as if they came from any source'. The death post (and the public page) show the mask; before,
    the host's own status and status --json showed it too (the true killer only in the log)."""
    import json

    from hostkit.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Zed=Exterminator (Mind Shield)", "Ann=Agent", "Bob=Doppelganger", "Cy=Townie", "Di=Townie",
                   "Eve=Townie"])
    host = Host(tmp_path / "g")
    host.ok("tech", "pick", "Zed", "Combat Camouflage", "Replicator")
    host.ok("tech", "camouflage", "Zed", "Vigilante")
    host.ok("act", "Zed", "Kill", "Cy")
    host.ok("act", "Bob", "Kill", "skip")
    assert ("dies: Cy, killed by Exterminator (masked by Combat Camouflage as Vigilante), in their home"
            in host.ok("resolve", "--force"))
    cy = next(p for p in json.loads(host.ok("status", "--json"))["players"] if p["name"] == "Cy")
    assert (cy["cause"], cy["shown_cause"]) == ("Exterminator", "Vigilante")
    assert ("Cy   Townie [Town]  dead (night 1, Exterminator)  death masked by Zed's Combat Camouflage: the death "
            "post says Vigilante") in host.ok("status")
    post = host.ok("post", "deaths")
    assert "a vigilante's work" in post and "Exterminator" not in post
    assert "dead, night 1 (Exterminator)" in host.ok("page")
    public = host.ok("page", "--public")
    assert "Exterminator" not in public and "masked" not in public


def test_paranormal_Harvester_due_stops_asking_for_the_abomination_night_once_the_harvesters_role_is_stolen(tmp_path):
    """Seed paranormal, Harvester: the Organ Harvester 'is building an Abomination', released
    after some nights; the Mind Stealer's victim 'reverts to a vanilla role ... (Aliens will all
    become survivors)'. The Abomination needs a living Organ Harvester (effects/doom.py), so once
    the only one is a Survivor, 'due' stops asking for the night (it asked on, by the dealt role)."""
    from hostkit.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Li=Harvester (Organ Harvester)", "Ms=Harvester (Mind Stealer)", "Bo=Doppelganger", "Jo=Townie",
                   "Ki=Townie", "Lu=Townie", "Mo=Townie"],
           options=["max-day=5", "mind-stealer-goal=5", "mind-stealer-roles=Detective,Medium"])
    host = Host(tmp_path / "g")
    assert "the Abomination never comes" in host.ok("due")
    host.ok("tech", "pick", "Ms", "Stun Orb")
    host.ok("act", "Ms", "Abduct", "Li")
    host.ok("act", "Bo", "Kill", "Jo")
    assert "role stolen: Li by Ms (now a Survivor)" in host.ok("resolve", "--force")
    assert "Abomination" not in host.ok("due")
    assert "Abomination" not in host.ok("status")


@pytest.mark.parametrize("player, has, lacks", [
    ("Dp", ["target: one living player, not a known ally, not yourself", "Send your actions to the host by PM."],
     ["unallied", "no actions to send"]),
    ("Jo", ["You have no actions to send: your part is in the thread. Good luck!"], ["Send your actions"]),
    ("Su", ["Send your actions to the host by PM."], ["no actions to send"]),  # a tech slot: tech to use
    ("Ms", ["Send your actions to the host by PM."], ["no actions to send"]),
], ids=["Doppelganger-kill-target-in-words", "Townie-has-no-actions", "Survivor-tech-slot", "Mind-Stealer"])
@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "plain"])
def test_paranormal_role_pm_wording(tmp_path, player, has, lacks, fmt):
    """Before: the Doppelgangers' kill read 'one living unallied player' (the natural seed's term,
    which a paranormal player never reads), and every role PM, a Townie's too, ended 'Send your
    actions to the host by PM.'"""
    from hostkit.game import create

    create(tmp_path / "g", ruleset="paranormal", seed=1,
           assign=["Dp=Doppelganger", "Bo=Doppelganger", "Jo=Townie", "Su=Survivor", "Ms=Harvester (Mind Stealer)",
                   "Ag=Agent"], options=["max-day=5"])
    pm = Host(tmp_path / "g").ok("pm", player, "--format", fmt)
    for text in has:
        assert text in pm
    for text in lacks:
        assert text not in pm


# Rule decisions where the seed is silent (games/paranormal/ruleset.toml [decisions]), pinned on
# the engine: (id, seed sentences, players, items, actions, state kw, expectations).
DECIDED = [
    ("paranormal-Harvester-stolen-tech-camouflage-inert",
     "Mind Stealer: 'Takes the Role'; Combat Camouflage: 'allows the Exterminator to mask his kills' (decision stolen-tech)",
     "Ex=Survivor T=Townie", {"Ex": {"Combat Camouflage": 1, "Assassin bot": 1}}, "Ex Assassin_bot T",
     {"tags": {"Ex": {"camouflage": "Doppelgangers"}}},
     dict(deaths={"T": ("Assassin Bot", "T's home", "")}, no_tags={("T", "masked")})),
    ("paranormal-Harvester-stolen-tech-kept-and-usable",
     "Mind Stealer: 'Takes the Role'; Alien tech 'can be passed between players': an item is not the role (decision stolen-tech)",
     "Ex=Survivor T=Townie Op=Exterminator_Operative", {"Ex": {"Plasma Bomb": 1, "Combat Camouflage": 1}},
     "Ex Plasma_Bomb T", {}, dict(dead=["T"])),
    ("paranormal-Harvester-exterminator-camouflage-still-works",
     "Combat Camouflage: 'allows the Exterminator to mask his kills' (an Exterminator's own, unchanged)",
     "Ex=Exterminator_(Mind_Shield) T=Townie", {"Ex": {"Combat Camouflage": 1, "Assassin bot": 1}}, "Ex Assassin_bot T",
     {"tags": {"Ex": {"camouflage": "Doppelgangers"}}}, dict(deaths={"T": ("Doppelgangers", "T's home", "")})),
    ("paranormal-Mad-Scientist-body-double-beats-the-plasma-bomb",
     "Body Double: 'stops all other forms of death/capture'; Plasma Bomb: 'Cannot be protected against' (decision "
     "body-double-plasma-bomb: the double is not a protection, it dies in his place; the blast goes on)",
     "Cu=Mad_Scientist_(Cutting_Edge_Scientist) Op=Exterminator_Operative Ag=Agent D=Doppelganger",
     {"Op": {"Plasma Bomb": 1}}, "Cu Body_Double; Op Plasma_Bomb Cu; Ag Investigate Cu", {},
     dict(dead=["Ag"], log=["Cu's Body Double (death and capture) takes the blast in their place."])),
]


@pytest.mark.parametrize("players, bags, lines, kw, expect", [c[2:] for c in DECIDED], ids=[c[0] for c in DECIDED])
def test_paranormal_decisions(players, bags, lines, kw, expect):
    from engine_helpers import check, night, ruleset, state

    st = state(ruleset("paranormal"), players, items=bags, **kw)
    o, n = night(st, lines)
    check(o, n, expect)


def test_a_named_pipe_in_place_of_a_page_cache_entry_is_a_miss_not_a_hang(tmp_path, monkeypatch):
    """Before: a FIFO under a page cache entry's name ($HOSTKIT_CACHE/pages/<key>.json) blocked
    'votes --html' for ever (the open of a pipe waits for a writer). Now a cache file is read only
    when it is a regular file: the pipe is a miss, the page is parsed again and the entry
    replaced. A FIFO given as --html itself is refused in one line naming it, nothing written."""
    import os
    import threading

    monkeypatch.setenv("HOSTKIT_CACHE", str(tmp_path / "cache"))
    host = _demo_day(tmp_path)  # the first count fills the page cache
    (entry,) = (tmp_path / "cache" / "pages").glob("*.json")
    entry.unlink()
    os.mkfifo(entry)
    out: list[str] = []
    worker = threading.Thread(target=lambda: out.append(host.ok("votes", "--html", str(DEMO_PAGE))), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():  # hung on the pipe: give it a writer so the thread ends, then fail
        os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail("votes --html blocked on a named pipe in the page cache")
    assert "[b]Gus (5)[/b]" in out[0]
    assert entry.is_file()  # the pipe was replaced by the page's entry
    os.mkfifo(tmp_path / "pipe.html")
    err = host.refused("votes", "--html", str(tmp_path / "pipe.html"))
    assert f"{tmp_path / 'pipe.html'}: not a regular file (give a saved thread page)" in err


def test_a_named_pipe_in_place_of_the_thread_cache_index_is_a_miss_not_a_hang(tmp_path):
    """The same for the game's thread cache (--url): a FIFO index reads as no cache (a refetch)."""
    import os
    import threading

    from hostkit.votes.fetch import _Cache

    cache = _Cache(tmp_path / "thread", "https://forum.example/t/1")
    cache.dir.mkdir(parents=True)
    os.mkfifo(cache.index_path)
    out: list = []
    worker = threading.Thread(target=lambda: out.append(cache.load()), daemon=True)
    worker.start()
    worker.join(20)
    if worker.is_alive():
        os.close(os.open(cache.index_path, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail("the thread cache blocked on a named pipe")
    assert out == [[]]


@pytest.mark.parametrize("ruleset, assign, attributes, player, sends", [
    ("classic-werewolf", ["Ann=Hunter", "Bob=Werewolf", "Cy=Villager", "Di=Villager"], [], "Ann", True),
    ("classic-werewolf", ["Ann=Hunter", "Bob=Werewolf", "Cy=Villager", "Di=Villager"], [], "Cy", False),
    ("paranormal", ["Jo=Townie", "Ki=Townie", "Dp=Doppelganger"], ["Jo=Spirit-bond"], "Jo", True),
    ("paranormal", ["Jo=Townie", "Ki=Townie", "Dp=Doppelganger"], ["Jo=Spirit-bond"], "Ki", False),
], ids=["classic-Hunter-last-shot", "classic-Villager", "paranormal-Attributes-Spirit-bond", "paranormal-Townie"])
def test_role_pm_closing_line_asks_for_actions_only_from_who_has_some(tmp_path, ruleset, assign, attributes, player, sends):
    """A Hunter's last shot and a Spirit-bond's choice at death are sent to the host: their PMs
    keep 'Send your actions'; a Villager's or a Townie's says they have none."""
    from hostkit.game import create

    create(tmp_path / "g", ruleset=ruleset, seed=1, assign=assign, attributes=attributes,
           options=["max-day=5"] if ruleset == "paranormal" else [])
    pm = Host(tmp_path / "g").ok("pm", player)
    assert ("Send your actions to the host by PM. Good luck!" in pm) is sends
    assert ("You have no actions to send: your part is in the thread. Good luck!" in pm) is not sends
