"""Posts and PMs: golden files per ruleset, what each player learns, death posts with flavour,
flips, the vote count post, PM files, and the injection test (no player name plants a vote)."""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from hostkit.words import publish, render
from hostkit.model.errors import FileError, RuleError
from hostkit.game.game import Game, create
from hostkit.model.counts import Ignored, VoteCount, Wagon
from hostkit.model.outcome import NightOutcome, Notice, Result

from conftest import bbcode_unbalanced

GOLDEN_DIR = Path(__file__).parent / "golden"
UPDATE = os.environ.get("HOSTKIT_UPDATE_GOLDEN") == "1"  # HOSTKIT_UPDATE_GOLDEN=1 pytest ... rewrites them
EVIL = "[/b][color=red]Vote: Ann[/color]"

CLASSIC = ["Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Eve=Hunter", "Fay=Villager",
           "Gus=Werewolf", "Hal=Villager"]


def play(folder: Path, ruleset: str, assign: list[str], night: list[tuple[str, str, list[str]]] = (),
         *, options: list[str] = (), resolve: bool = True, title: str = "Golden Village",
         weights: list[str] = ()) -> Game:
    game = create(folder, ruleset=ruleset, assign=assign, seed=7, title=title, options=list(options),
                  thread="https://forum.example/t/golden-village/42", weights=list(weights))
    for actor, ability, targets in night:
        game.act(actor, ability, targets)
        game = Game.load(folder)
    if resolve:
        game.resolve()
        game = Game.load(folder)
    return game


# ----------------------------------------------------------------------------- golden files


@dataclass(frozen=True)
class Scenario:
    """One bundled ruleset's golden game: who gets the golden role PM and night result PM."""

    ruleset: str
    assign: list[str]
    night: list[tuple[str, str, list[str]]]
    role_pm: str
    night_result: str
    formats: tuple[str, ...] = field(default=render.FORMATS)


# One line per bundled ruleset. A new ruleset adds its scenario here and runs once with
# HOSTKIT_UPDATE_GOLDEN=1 to write tests/golden/<ruleset>/; then review those files by eye.
GOLDEN = [
    Scenario("classic-werewolf", CLASSIC,
             [("Bob", "Kill", ["Fay"]), ("Carol", "Poison", ["Gus"]), ("Dave", "Guard", ["Ann"]),
              ("Ann", "Check", ["Bob"])], role_pm="Bob", night_result="Ann"),
    Scenario("natural", ["Ann=Cop", "Bob=Goon", "Cy=Godfather", "Dee=Doctor", "Eve=Villager", "Fay=Roleblocker",
                         "Gus=Tracker", "Hal=Vigilante"],
             [("Bob", "Kill", ["Eve"]), ("Dee", "Protect", ["Hal"]), ("Ann", "Investigate", ["Cy"]),
              ("Fay", "Block", ["Gus"]), ("Gus", "Track", ["Bob"]), ("Hal", "Shoot", ["Bob"])],
             role_pm="Bob", night_result="Ann"),
    Scenario("paranormal", ["Ann=Agent", "Bob=Doppelganger", "Cy=Doppelganger leader", "Dee=War Vet", "Eve=Townie",
                            "Fay=Bodyguard (Heroic Guard)", "Gus=Telepath", "Hal=Psychic Warden"],
             [("Bob", "Kill", ["Eve"]), ("Fay", "Guard", ["Eve"]), ("Cy", "Kill", ["Eve"]), ("Ann", "Investigate", ["Cy"]),
              ("Gus", "Read", ["Bob"]), ("Hal", "Bind", ["Ann"])], role_pm="Bob", night_result="Ann"),
    Scenario("ooo-werewolf", ["Ann=Bartender", "Bob=Alpha", "Cat=Escort", "Dan=Doctor", "Eve=Villager", "Fay=Stalker",
                              "Gus=Sleepwalker", "Hal=Seer"],
             [("Bob", "Maul", ["Eve"]), ("Cat", "Distract", ["Eve"]), ("Ann", "Serve", ["Bob"]),
              ("Hal", "Vision", ["Fay"])], role_pm="Bob", night_result="Ann"),
    Scenario("items-werewolf", ["Ann=Werewolf", "Bob=Shapeshifter", "Cy=Witch", "Dee=Militia", "Eli=Shaman",
                                "Fay=Villager", "Gus=Djinn", "Hal=Vampire"],
             [("Ann", "Kill", ["Fay"]), ("Eli", "Clarity", ["Ann"]), ("Gus", "Swap", ["Fay", "Eli"]),
              ("Hal", "Shackle", ["Dee"])], role_pm="Dee", night_result="Eli"),
]

CASES = [(s, kind, fmt) for s in GOLDEN for kind in ("role_pm", "night_result", "death_post") for fmt in s.formats]


@pytest.fixture(scope="module")
def golden_games(tmp_path_factory):
    games: dict[tuple[str, str], Game] = {}

    def get(s: Scenario, fmt: str) -> Game:
        if (s.ruleset, fmt) not in games:
            folder = tmp_path_factory.mktemp(f"{s.ruleset}-{fmt}") / "game"
            games[(s.ruleset, fmt)] = play(folder, s.ruleset, s.assign, s.night, options=[f"format={fmt}"])
        return games[(s.ruleset, fmt)]
    return get


@pytest.mark.parametrize("scenario, kind, fmt", CASES, ids=[f"{s.ruleset}-{k}-{f}" for s, k, f in CASES])
def test_golden(golden_games, scenario, kind, fmt):
    game = golden_games(scenario, fmt)
    if kind == "role_pm":
        text = dict(publish.role_pms(game, scenario.role_pm))[scenario.role_pm]
    elif kind == "night_result":
        text = dict(publish.night_pms(game, 1))[scenario.night_result]
    else:
        text = publish.death_post(game, 1)
    path = GOLDEN_DIR / scenario.ruleset / f"{kind}.{fmt}.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no golden file {path}: run with HOSTKIT_UPDATE_GOLDEN=1 and review it"
    assert text == path.read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- role PMs


def test_werewolves_know_their_partners_alive_or_dead(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Carol", "Poison", ["Gus"])])
    assert not game.state.players["Gus"].alive
    bob = dict(publish.role_pms(game))["Bob"]
    assert "Gus (Werewolf), dead" in bob
    ann = dict(publish.role_pms(game))["Ann"]
    assert "Bob" not in ann and "Gus" not in ann and "team" not in ann


def test_a_custom_role_gets_a_full_pm_without_template_work(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text('''
[Barkeep]
alignment = "Village"
summary = "You pour strong drinks."
win = "The village wins when every werewolf is dead."
flavour = "Last orders!"
passives = ["unblockable"]
appears = { alignment = "Werewolves" }

[[Barkeep.abilities]]
name = "Serve"
summary = "Block a player's action tonight."
category = "werewolf"
nights = "even"
uses = 2
no_repeat = true
effects = [{ effect = "block", scope = "all", notify = "all" }]
''')
    game = create(folder, ruleset="classic-werewolf", assign=["Ann=Barkeep", "Bob=Werewolf"], seed=1)
    text = publish.role_pms(game, "ann")[0][1]
    for want in ("Hello Ann", "[b]Barkeep[/b]", "[b]Village[/b]", "You pour strong drinks.", "[i]Last orders![/i]",
                 "[b]Serve[/b] (On even nights, 2 uses; target: one living player, not yourself, "
                 "not the same target twice in a row): Block a player's action tonight.",
                 "[b]unblockable[/b]: your actions cannot be blocked",
                 "checking your alignment, you appear as [b]Werewolves[/b]",
                 "[b]Win condition:[/b] The village wins when every werewolf is dead."):
        assert want in text, want


# ----------------------------------------------------------------------------- night results


def test_players_learn_exactly_their_results(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC,
                [("Bob", "Kill", ["Fay"]), ("Carol", "Antidote", ["Fay"]), ("Ann", "Check", ["Gus"])])
    pms = dict(publish.night_pms(game, 1))
    assert list(pms) == ["Ann"]  # Fay was saved but is not told; the Witch and the wolves learn nothing
    assert "[b]Check[/b] on Gus: [b]WEREWOLF[/b]." in pms["Ann"]
    assert "Fay" not in pms["Ann"]


def _custom_game(tmp_path: Path) -> Game:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "roles.toml").write_text('''
[Barkeep]
alignment = "Village"
[[Barkeep.abilities]]
name = "Serve"
category = "werewolf"
effects = [{ effect = "block", scope = "all", notify = "all" }]

[Hush]
alignment = "Village"
[[Hush.abilities]]
name = "Hush"
category = "werewolf"
effects = [{ effect = "block", scope = "all", notify = "none" }]

[Tough]
alignment = "Village"
immunity = 1
''')
    return play(folder, "classic-werewolf",
                ["Ann=Seer", "Bob=Werewolf", "Cat=Barkeep", "Hal=Hush", "Tim=Tough", "Sue=Seer", "Gil=Guard",
                 "Vic=Villager"],
                [("Bob", "Kill", ["Tim"]), ("Cat", "Serve", ["Sue"]), ("Hal", "Hush", ["Gil"]),
                 ("Gil", "Guard", ["Vic"]), ("Sue", "Check", ["Bob"]), ("Ann", "Check", ["Bob"])])


def test_blocks_are_told_only_where_notified_and_survivors_are_told(tmp_path):
    game = _custom_game(tmp_path)
    outcome = game.outcomes[1]
    assert {b.player: b.notified for b in outcome.blocked} == {"Sue": True, "Gil": False}
    pms = dict(publish.night_pms(game, 1))
    assert set(pms) == {"Ann", "Sue", "Tim"}
    assert "You were blocked tonight" in pms["Sue"] and "WEREWOLF" not in pms["Sue"]
    assert "attacked tonight, but you survived" in pms["Tim"]
    assert "WEREWOLF" in pms["Ann"] and "blocked" not in pms["Ann"]
    assert publish.night_pms(game, 1, "ann") == [("Ann", pms["Ann"])]
    assert publish.night_pms(game, 1, "Gil") == []  # blocked without being told: learns nothing


def test_a_redirected_result_does_not_name_the_new_target(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Ann", "Check", ["Bob"])], resolve=False)
    game.outcomes[1] = NightOutcome(1, results=(Result("Ann", "Check", "Hal", "GOOD"), Result("Ann", "Check", "Bob", "X")),
                                    notices=(Notice("Ann", "You were redirected tonight."),))
    text = dict(publish.night_pms(game, 1))["Ann"]
    assert "Hal" not in text
    assert "[b]Check[/b]: [b]GOOD[/b]." in text and "You were redirected tonight." in text
    assert "[b]Check[/b] on Bob: [b]X[/b]." in text


def test_list_results_and_empty_results(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, resolve=False)
    game.outcomes[1] = NightOutcome(1, results=(Result("Ann", "Check", "Bob", ("Eve", "Fay", "Gus")),
                                                Result("Dave", "Guard", "Bob", ())))
    pms = dict(publish.night_pms(game, 1))
    assert "[b]Eve, Fay and Gus[/b]" in pms["Ann"]
    assert "you saw nothing" in pms["Dave"]


def test_an_unresolved_night_is_refused(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, resolve=False)
    with pytest.raises(RuleError, match="night 1 has not been resolved"):
        publish.night_pms(game, 1)
    with pytest.raises(RuleError):
        publish.death_post(game, 1)


# ----------------------------------------------------------------------------- mid-night info (the Witch)


def test_the_witch_learns_the_target_and_her_potions(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Fay"])], resolve=False)
    assert publish.night_info_players(game) == ["Carol"]  # the Guard has no last night's target yet
    text = publish.night_info(game, "Carol")
    assert "Tonight's attack falls on [b]Fay[/b]." in text
    assert "[b]Antidote[/b] (1 left): you may use it on Fay." in text
    assert "[b]Poison[/b] (1 left): available." in text


def test_the_witch_is_not_told_she_is_the_target(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Carol"])], resolve=False)
    text = publish.night_info(game, "Carol")
    assert "You see no attack on anyone else tonight." in text
    assert "[b]Antidote[/b] (1 left): not available tonight." in text
    assert "falls on" not in text


def test_a_used_antidote_is_not_offered(tmp_path):
    folder = tmp_path / "g"
    game = play(folder, "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Fay"]), ("Carol", "Antidote", ["Fay"])])
    game.eliminate(None)
    game = Game.load(folder)
    game.act("Bob", "Kill", ["Hal"])
    game = Game.load(folder)
    text = publish.night_info(game, "Carol")
    assert "[b]Antidote[/b] (0 left): not available tonight." in text
    assert "[b]Poison[/b] (1 left): available." in text


def test_night_info_refuses_other_roles_and_days(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, resolve=False)
    with pytest.raises(RuleError, match="is told nothing mid-night"):
        publish.night_info(game, "Ann")
    game.resolve()
    with pytest.raises(RuleError, match="current night"):
        publish.night_info(Game.load(game.folder), "Carol")


# ----------------------------------------------------------------------------- death posts, flavour, flips


def test_death_post_tells_each_death_with_flavour_and_flip(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Fay"]), ("Carol", "Poison", ["Gus"])],
                options=["flip=role"])  # classic's default hides roles (issue 13)
    text = publish.death_post(game, 1)
    assert "Fay was found in their home, torn apart by claws and teeth." in text  # issue 14: not "in Fay's home"
    assert "Gus was found dead in their home, lips blue with poison." in text
    assert "Fay was the [b]Villager[/b] (Village)." in text
    assert "Gus was the [b]Werewolf[/b] (Werewolves)." in text


def test_a_quiet_night_gets_its_own_post(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Fay"]), ("Carol", "Antidote", ["Fay"])])
    text = publish.death_post(game, 1)
    assert "nobody died" in text
    assert "Fay" not in text


def test_a_game_flavour_file_replaces_the_rulesets_text(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Fay"]), ("Carol", "Poison", ["Gus"])])
    (game.folder / "flavour.toml").write_text(
        '[flavour]\nwerewolf = "{player} was taken by the Beast near {location} ({cause})."\n')
    text = publish.death_post(game, 1)
    assert "Fay was taken by the Beast near their home (Werewolves)." in text
    assert "torn apart" not in text
    assert "lips blue with poison" in text  # keys the game does not replace keep the ruleset's text


@pytest.mark.parametrize("toml, message", [
    ('[flavour]\nwerewolf = "{victim} died."\n', r"flavour.toml: flavour.werewolf: unknown placeholder \{victim\}"),
    ('[flavour]\nwerewolf = "{player.__class__} died."\n', "unknown placeholder"),
    ('[flavour]\nwerewolf = "{player died."\n', "flavour.toml: flavour.werewolf: "),
    ('[flavor]\nwerewolf = "x"\n', "flavour.toml: flavor: unknown key"),
    ('[flavour]\nwerewolf = 3\n', "flavour.toml: flavour.werewolf: expected a string"),
], ids=["unknown-field", "attribute", "unclosed", "misspelt-table", "not-a-string"])
def test_a_bad_flavour_file_names_file_and_key(tmp_path, toml, message):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Fay"])])
    (game.folder / "flavour.toml").write_text(toml)
    with pytest.raises(FileError, match=message):
        publish.death_post(game, 1)


@pytest.mark.parametrize("level, present, absent", [
    ("none", [], ["Villager", "[b]Village[/b]"]),
    ("alignment", ["Fay was [b]Village[/b]."], ["Villager"]),
    ("role", ["Fay was the [b]Villager[/b] (Village)."], ["[quote]"]),
    ("pm", ["Fay was the [b]Villager[/b] (Village). Their role PM:\n[quote]\n[b]Golden Village: your role[/b]",
            "No power but your vote and your wits.\n", "[/quote]"], []),
], ids=["none", "alignment", "role", "pm"])
def test_flip_levels(tmp_path, level, present, absent):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, [("Bob", "Kill", ["Fay"])], options=[f"flip={level}"])
    for text in (publish.flip_post(game, "fay"), publish.death_post(game, 1)):
        for want in present:
            assert want in text
        for unwanted in absent:
            assert unwanted not in text
    assert publish.flip_post(game, "Fay").startswith("[b]Fay[/b] died on night 1.")


def test_the_elimination_flip(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, options=["flip=role"])  # default hides (issue 13)
    game.eliminate("Gus")
    text = publish.flip_post(Game.load(game.folder), "Gus")
    assert text == "[b]Gus[/b] was eliminated on day 1.\nGus was the [b]Werewolf[/b] (Werewolves).\n"
    with pytest.raises(RuleError, match="Ann is alive"):
        publish.flip_post(game, "Ann")


# ----------------------------------------------------------------------------- vote counts


def _count(**kw) -> VoteCount:
    base = dict(
        day=1, alive=8, majority=5.0,
        wagons=(Wagon("Bob", 4.0, ("Ann", "Carol", "Dave", "Eve"), (12, 15, None, 20)),
                Wagon("none", 1.0, ("Fay",), (21,)),
                Wagon("Ann", 1.5, ("Gus",), (22,))),
        not_voting=("Bob", "Hal"), eliminated=None, tie=False, history=(),
        ignored=(Ignored(23, "Hal", "Vote: Zed", "no player matches 'Zed'"),),
        last_post=23, count_number="1.03", thread=None)
    base.update(kw)
    return VoteCount(**base)


def test_vote_count_post(tmp_path):
    from hostkit.votes.extract import COUNT_MARKER

    # Gus's 1.5 is public (public-weights): a private weight would count 1 in the post (issue 28)
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, options=["majority=half-plus-one", "public-weights=true"],
                weights=["Gus=1.5"])
    text = publish.vote_count_post(game, _count(thread="https://forum.example/viewtopic.php?t=9&post={post}"))
    assert text.startswith(COUNT_MARKER)
    assert "[b]Vote Count 1.03[/b]" in text
    assert ("[b]Bob (4)[/b]: [url=https://forum.example/viewtopic.php?t=9&post=12]Ann[/url], "
            "[url=https://forum.example/viewtopic.php?t=9&post=15]Carol[/url], Dave, "
            "[url=https://forum.example/viewtopic.php?t=9&post=20]Eve[/url] [i](L-1)[/i]") in text
    assert "[b]Ann (1.5)[/b]: [url=https://forum.example/viewtopic.php?t=9&post=22]Gus[/url]" in text
    assert "(L-1)" not in text.split("Ann (1.5)")[1].splitlines()[0]
    assert "[b]No Elimination (1)[/b]" in text
    assert "[b]Not voting (2)[/b]: Bob, Hal" in text
    assert "With 8 alive, it takes 5 to eliminate." in text
    assert "color" not in text
    assert "Zed" not in text and publish.HOST_ONLY not in text  # ignored votes are for the host only
    full = publish.vote_count_post(game, _count(), host_notes=True)
    post, notes = full.split(f"\n{publish.HOST_ONLY}\n")
    assert "Zed" not in post
    assert '- post 23, Hal: "Vote: Zed" (no player matches \'Zed\')' in notes
    assert "No start post is recorded for day 1" in publish.vote_count_host_notes(game, _count(ignored=()))
    game.start_post(1)  # issue 14: with no start post the notes say the count runs from the first post
    # (the notes still say LYLO: not in the post, since the setup is not announced as open)
    assert "No start post" not in publish.vote_count_host_notes(Game.load(game.folder), _count(ignored=()))


def test_vote_count_l2_hammer_and_plurality(tmp_path):
    game = play(tmp_path / "g", "classic-werewolf", CLASSIC, options=["majority=half-plus-one"])
    l2 = publish.vote_count_post(game, _count(wagons=(Wagon("Bob", 3.0, ("Ann", "Carol", "Dave"), (1, 2, 3)),)))
    assert "[i](L-2)[/i]" in l2
    done = publish.vote_count_post(game, _count(
        wagons=(Wagon("Bob", 5.0, ("Ann", "Carol", "Dave", "Eve", "Fay"), (1, 2, 3, 4, 5)),),
        eliminated="Bob", hammer=5, thread="https://forum.example/t/golden-village/42"))
    assert ("[b]Bob has been eliminated[/b] (hammer: [url=https://forum.example/t/golden-village/42/5]post 5[/url])"
            in done)
    plural = publish.vote_count_post(play(tmp_path / "p", "classic-werewolf", CLASSIC), _count(eliminated="Bob"))
    assert "With 8 alive, the most votes at the deadline eliminates." in plural
    assert "If the day ended now, Bob would be eliminated." in plural
    assert "L-1" not in plural


@pytest.mark.parametrize("thread, number, want", [
    (None, 3, ""),
    ("https://f.example/t/slug/42", 3, "https://f.example/t/slug/42/3"),
    ("https://f.example/t/slug/42/17?page=2", 3, "https://f.example/t/slug/42/3"),
    ("https://f.example/x?p={post}", 3, "https://f.example/x?p=3"),
    ("https://f.example/viewtopic.php?t=5", 3, ""),
    ("https://f.example/t/slug/42", None, ""),
], ids=["no-thread", "discourse", "discourse-deep", "placeholder", "phpbb-unknown-id", "by-hand"])
def test_post_url(thread, number, want):
    assert publish.post_url(thread, number) == want


# ----------------------------------------------------------------------------- files


def test_write_pms_gives_safe_unique_file_names(tmp_path):
    pms = [("Ann", "a\n"), ("../../etc/passwd", "b\n"), ("A/B", "c\n"), ("A:B", "d\n"), (EVIL, "e\n"), ("CON", "f\n")]
    paths = publish.write_pms(pms, tmp_path / "out")
    assert len({p.name for p in paths}) == len(pms)
    for p, (_, text) in zip(paths, pms):
        assert p.parent == tmp_path / "out"
        assert re.fullmatch(r"\d\d-[A-Za-z0-9._-]+\.txt", p.name), p.name
        assert p.read_text() == text
    assert paths[0].name == "01-Ann.txt"
    assert "===== PM to Ann =====\na\n" in publish.pms_text(pms)


# ----------------------------------------------------------------------------- the injection test


def bbcode_to_html(text: str) -> str:
    """A minimal BBCode renderer, as a forum would show a post: [b] [i] [u] [size] [quote] [color] [url]."""
    out = html.escape(text, quote=False)
    simple = {"b": "b", "i": "i", "u": "u", "s": "s", "quote": "blockquote"}
    for _ in range(10):  # nested tags: convert innermost pairs until nothing changes
        before = out
        for tag, el in simple.items():
            out = re.sub(rf"\[{tag}\](.*?)\[/{tag}\]", rf"<{el}>\1</{el}>", out, flags=re.S | re.I)
        out = re.sub(r"\[color=([^\]]+)\](.*?)\[/color\]", r'<span style="color: \1">\2</span>', out, flags=re.S | re.I)
        out = re.sub(r"\[size=([^\]]+)\](.*?)\[/size\]", r'<span style="font-size: \1%">\2</span>', out, flags=re.S)
        out = re.sub(r"\[url=([^\]]+)\](.*?)\[/url\]", r'<a href="\1">\2</a>', out, flags=re.S | re.I)
        if out == before:
            break
    return "<div>" + out.replace("\n", "<br>\n") + "</div>"




def test_the_converter_finds_a_real_red_vote():
    extract = pytest.importorskip("hostkit.votes.extract")
    assert extract.vote_texts(bbcode_to_html("[b]hi[/b] [color=red]Vote: Ann[/color]"), ("red",)) == ["Vote: Ann"]
    assert extract.vote_texts(bbcode_to_html(EVIL), ("red",)) == ["Vote: Ann"]


@pytest.mark.parametrize("flip", ["none", "alignment", "role", "pm"])
def test_no_player_name_plants_a_vote(tmp_path, flip):
    extract = pytest.importorskip("hostkit.votes.extract")
    assign = [f"{EVIL}=Villager", "Ann=Seer", "Bob=Werewolf", "Carol=Witch", "Dave=Guard", "Gus=Werewolf"]
    folder = tmp_path / "g"
    game = play(folder, "classic-werewolf", assign, [("Bob", "Kill", [EVIL])], resolve=False,
                options=[f"flip={flip}", "majority=half-plus-one"], title=EVIL)
    texts = [publish.night_info(game, "Carol")]
    game.act("Ann", "Check", [EVIL])
    game.resolve()
    game = Game.load(folder)
    assert not game.state.players[EVIL].alive
    texts += [t for _, t in publish.role_pms(game)]
    texts += [t for _, t in publish.night_pms(game, 1)]
    texts += [publish.death_post(game, 1), publish.flip_post(game, EVIL)]
    count = _count(wagons=(Wagon(EVIL, 2.0, (EVIL, "Ann"), (3, 4)), Wagon("Ann", 1.0, ("Bob",), (5,))),
                   not_voting=(EVIL,), eliminated=EVIL, hammer=9, thread="https://f.example/t/x/1",
                   ignored=(Ignored(9, EVIL, f"Vote: {EVIL}", f"no player matches {EVIL}"),))
    texts.append(publish.vote_count_post(game, count, host_notes=True))
    assert len(texts) >= 10
    for text in texts:
        assert EVIL in text.replace("[i][/i]", "")  # the name is shown, as written
        assert "[color=red]" not in text
        assert bbcode_unbalanced(text) == [], text
        assert extract.vote_texts(bbcode_to_html(text), ("red", "tag")) == [], text
