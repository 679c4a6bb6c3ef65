"""Loved / Hated: a per-player elimination-threshold modifier (issue 14, "Day tools": "Loved/hated
... show them in the count where the ruleset says they are public"). The tally rule is tested on
the tally directly; the setup, replay, hammer and the post's privacy through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.cli import cli
from hostkit.game.game import create
from hostkit.model.counts import Post, VoteSetupPlayer
from hostkit.model.entries import VoteEntry
from hostkit.votes.tally import tally

from conftest import Host, snapshot

DATA = Path(__file__).parent / "data" / "threads"
RED = '<span style="color: #ff0000">{}</span>'


def P(number: int, author: str, text: str) -> Post:
    return Post(number, author, "Words.<br>" + RED.format(text))


def seven(**thresholds: int) -> tuple[VoteSetupPlayer, ...]:
    """Seven living players (majority 4), with THRESHOLDS by name."""
    return tuple(VoteSetupPlayer(n, threshold=thresholds.get(n, 0)) for n in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"))


def votes_on(target: str, *voters: str) -> list[Post]:
    return [P(i + 1, v, f"Vote: {target}") for i, v in enumerate(voters)]


# (id, players, posts, tally kwargs, expected eliminated, expected hammer post)
RULES = [
    ("no-modifier-hammer-at-majority", seven(), votes_on("Ann", "Bob", "Cy", "Dee", "Eve"), {}, "Ann", 4),
    ("loved-majority-is-not-enough", seven(Ann=1), votes_on("Ann", "Bob", "Cy", "Dee", "Eve"), {}, None, None),
    ("loved-hammer-at-majority-plus-one", seven(Ann=1), votes_on("Ann", "Bob", "Cy", "Dee", "Eve", "Fay"), {},
     "Ann", 5),
    ("hated-hammer-at-majority-minus-one", seven(Ann=-1), votes_on("Ann", "Bob", "Cy", "Dee"), {}, "Ann", 3),
    ("modifier-is-the-targets-not-the-voters", seven(Bob=-1, Cy=-1, Dee=-1),
     votes_on("Ann", "Bob", "Cy", "Dee"), {}, None, None),
    ("plus-two", seven(Ann=2), votes_on("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"), {}, "Ann", 6),
    ("never-below-one-vote", seven(Ann=-5), votes_on("Ann", "Bob"), {}, "Ann", 1),
    ("weights-count-toward-the-modified-threshold",
     tuple(p._replace(weight=2.0) if p.name == "Bob" else p for p in seven(Ann=1)),
     votes_on("Ann", "Bob", "Cy", "Dee", "Eve"), {}, "Ann", 4),
    ("plurality-has-no-hammer", seven(Ann=-1), votes_on("Ann", "Bob", "Cy", "Dee"), {"majority": "plurality"},
     "Ann", None),
    ("no-elimination-keeps-its-own-offset", seven(Ann=1), [P(i + 1, v, "No lynch") for i, v in
                                                          enumerate(("Bob", "Cy", "Dee", "Eve"))], {}, None, 4),
]


@pytest.mark.parametrize(("players", "posts", "kwargs", "eliminated", "hammer"), [r[1:] for r in RULES],
                         ids=[r[0] for r in RULES])
def test_threshold_rule(players, posts, kwargs, eliminated, hammer):
    count = tally(posts, players, day=1, **kwargs)
    assert count.eliminated == eliminated
    assert count.hammer == hammer


def test_hand_votes_hammer_at_the_modified_threshold_and_dead_modifiers_drop_out():
    players = seven(Ann=1, Gus=-1)
    players = tuple(p._replace(alive=False) if p.name == "Gus" else p for p in players)
    count = tally([], players, day=1, manual=[VoteEntry(v, "Ann") for v in ("Bob", "Cy", "Dee", "Eve")])
    assert count.eliminated is None  # 4 is the majority of 6; Loved needs 5
    count = tally([], players, day=1, manual=[VoteEntry(v, "Ann") for v in ("Bob", "Cy", "Dee", "Eve", "Fay")])
    assert count.eliminated == "Ann" and count.majority == 4 and count.needed("Ann") == 5
    assert dict(count.thresholds) == {"Ann": 1}  # Gus is dead: his modifier no longer matters
    assert count.to_json()["thresholds"] == {"Ann": 1}


# --------------------------------------------------------------------------- through the CLI


def woods(tmp_path: Path, *extra: str, name: str = "g") -> Host:
    """mybb.html: post 11 Old Man Willow votes Red Riding Hood; post 12 Red Riding Hood votes Willow."""
    from click.testing import CliRunner

    folder = tmp_path / name
    args = ["new", str(folder), "--ruleset", "classic-werewolf", "--seed", "4",
            "--assign", "Old Man Willow=Villager", "--assign", "Red Riding Hood=Seer",
            "--assign", "The_Woodsman=Werewolf", "--assign", "Grandma=Villager", "--assign", "Wolf=Werewolf",
            "--alias", "Old Man Willow=Willow", "--option", "majority=half-plus-one", *extra]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


def test_votes_json_hammers_a_hated_player_at_the_modified_threshold(tmp_path):
    page = str(DATA / "mybb.html")
    plain = json.loads(woods(tmp_path, name="plain").ok("votes", "--html", page, "--json"))
    assert plain["majority"] == 3 and plain["hammer"] is None and plain["eliminated"] is None
    host = woods(tmp_path, "--threshold", "Willow=-2")  # an alias names the player
    data = json.loads(host.ok("votes", "--html", page, "--json"))
    assert data["majority"] == 3 and data["thresholds"] == {"Old Man Willow": -2}
    assert data["hammer"] == 12 and data["eliminated"] == "Old Man Willow"


def test_a_loved_player_survives_the_majority(tmp_path):
    host = woods(tmp_path, "--loved", "Red Riding Hood")
    for voter in ("Grandma", "Wolf"):
        host.ok("vote", voter, "Red Riding Hood")
    data = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json"))
    assert data["wagons"][0]["target"] == "Red Riding Hood" and data["wagons"][0]["votes"] == 3.0
    assert data["eliminated"] is None  # 3 is the majority; Loved needs 4
    host.ok("vote", "The_Woodsman", "Red Riding Hood")
    data = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json"))
    assert data["eliminated"] == "Red Riding Hood"


def test_the_post_shows_thresholds_only_when_public_and_the_host_notes_always(tmp_path):
    private = woods(tmp_path, "--loved", "Grandma", "--hated", "Wolf", name="private")
    out = private.ok("votes", "--html", str(DATA / "mybb.html"))
    post, notes = out.split("--- host only ---")
    assert "it takes 3 to eliminate" in post
    assert "Loved" not in post and "Hated" not in post and "Grandma, " not in post.split("it takes")[1]
    assert "Grandma: 4 votes (Loved)" in notes and "Wolf: 2 votes (Hated)" in notes and "private" in notes
    public = woods(tmp_path, "--loved", "Grandma", "--hated", "Wolf", "--option", "public-thresholds=true",
                   name="public")
    for fmt in ("bbcode", "markdown", "plain"):
        out = public.ok("votes", "--html", str(DATA / "mybb.html"), "--format", fmt)
        post, notes = out.split("--- host only ---")
        assert "it takes 3 to eliminate (4 for Grandma, Loved; 2 for Wolf, Hated)" in post, fmt
        assert "shown in the post" in notes


def test_a_public_hated_wagon_reads_l1_at_its_own_threshold(tmp_path):
    host = woods(tmp_path, "--hated", "Grandma", "--option", "public-thresholds=true")
    host.ok("vote", "Wolf", "Grandma")
    assert "[b]Grandma (1)[/b]: Wolf [i](L-1)[/i]" in host.ok("votes")
    private = woods(tmp_path, "--hated", "Grandma", name="h")
    private.ok("vote", "Wolf", "Grandma")
    assert "(L-1)" not in private.ok("votes").split("--- host only ---")[0]  # L-2 by the public majority


def test_the_modifier_is_replayed_from_game_toml_and_kept_by_a_replacement(tmp_path):
    host = woods(tmp_path, "--hated", "Grandma")
    assert "threshold = -1" in (host.folder / "game.toml").read_text()
    host.ok("replace", "Grandma", "Granny")
    host.ok("vote", "Wolf", "Granny")
    data = json.loads(host.ok("votes", "--json"))
    assert data["thresholds"] == {"Granny": -1}
    host.ok("vote", "Old Man Willow", "Granny")
    assert json.loads(host.ok("votes", "--json"))["eliminated"] == "Granny"


BAD = [
    ("unknown-player", ["--loved", "Zed"], "Zed"),
    ("not-a-number", ["--threshold", "Grandma=lots"], "is not a whole number"),
    ("a-fraction", ["--threshold", "Grandma=0.5"], "is not a whole number"),
    ("absurd", ["--threshold", "Grandma=+40"], "must be from -5 to +5"),
    ("no-value", ["--threshold", "Grandma"], "must look like NAME=VALUE"),
    ("loved-and-hated", ["--loved", "Grandma", "--hated", "Grandma"], "already set by --loved Grandma"),
    ("twice", ["--loved", "Grandma", "--threshold", "grandma=+2"], "elimination threshold is already set by"),
]


@pytest.mark.parametrize(("extra", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_careless_setup_is_refused_in_one_line_and_writes_nothing(tmp_path, extra, message):
    from click.testing import CliRunner

    result = CliRunner().invoke(cli, ["new", str(tmp_path / "g"), "--ruleset", "classic-werewolf",
                                      "--assign", "Grandma=Villager", "--assign", "Wolf=Werewolf", *extra])
    assert result.exit_code == 1 and message in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "g").exists()


@pytest.mark.parametrize(("value", "message"), [("40", "must be from -5 to +5"), ("true", "expected an integer"),
                                                ("1.5", "expected an integer")], ids=["absurd", "bool", "float"])
def test_a_hand_edited_threshold_is_refused_naming_the_key(tmp_path, value, message):
    host = woods(tmp_path)
    path = host.folder / "game.toml"
    text = path.read_text().replace('name = "Grandma"\n', f'name = "Grandma"\nthreshold = {value}\n', 1)
    assert text != path.read_text()
    path.write_text(text)
    before = snapshot(host.folder)
    out = host.refused("votes")
    assert "threshold" in out and message in out and "game.toml" in out
    assert snapshot(host.folder) == before
