"""`hostkit posts`, `votes`, `vote`, `start-post` and `replace` through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostkit.cli import cli
from hostkit.game.game import create
from hostkit.votes import forums

from conftest import SHARED, Host

DATA = Path(__file__).parent / "data" / "threads"
THREADS = SHARED / "threads"
REAL = ["nodebb", "phpbb", "vbulletin3", "vbulletin4", "vbulletin5", "xenforo1", "xenforo2"]


@pytest.mark.skipif(not THREADS.is_dir(), reason="shared/threads is not here")
@pytest.mark.parametrize("engine", REAL)
def test_posts_json_reads_every_post_of_a_real_page(runner, engine):
    page = THREADS / f"{engine}.html"
    data = json.loads(runner.invoke(cli, ["--game", str(page.parent), "posts", "--html", str(page), "--json"]).output)
    direct = forums.parse_page(page.read_bytes())
    assert len(data["posts"]) == len(direct.posts) >= 8
    assert [p["author"] for p in data["posts"]] == [p.author for p in direct.posts]
    assert all(p["author"].strip() for p in data["posts"])
    assert sum(data["counts"].values()) == len(data["posts"])
    numbers = [p["number"] for p in data["posts"]]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)


def woods(tmp_path: Path, **kw) -> Host:
    folder = tmp_path / "g"
    create(folder, ruleset="classic-werewolf", seed=4,
           assign=["Old Man Willow=Villager", "Red Riding Hood=Seer", "The_Woodsman=Werewolf", "Grandma=Villager",
                   "Wolf=Werewolf"], aliases=["Old Man Willow=Willow"],
           options=["majority=half-plus-one", "no-elimination=true"], **{"markups": ("red",), **kw})
    host = Host(folder)
    host.ok("resolve", "--force")
    return host


def test_votes_counts_a_saved_page(tmp_path):
    host = woods(tmp_path)
    data = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json"))
    wagons = {w["target"]: w["voters"] for w in data["wagons"]}
    # Red Riding Hood votes "Willow", an alias; the Woodsman's "Vote: Grandma" is bold, not red.
    assert wagons == {"Red Riding Hood": ["Old Man Willow"], "Old Man Willow": ["Red Riding Hood"]}
    assert data["alive"] == 5 and data["majority"] == 3
    assert data["not_voting"] == ["The_Woodsman", "Grandma", "Wolf"]
    assert [(h["post"], h["author"], h["target"]) for h in data["history"]] == [
        (11, "Old Man Willow", "Red Riding Hood"), (12, "Red Riding Hood", "Old Man Willow")]
    assert any(i["author"] == "The_Woodsman" and i["text"] == "Unvote" for i in data["ignored"])


def test_votes_prints_the_count_post_and_host_notes(tmp_path):
    host = woods(tmp_path)
    out = host.ok("votes", "--html", str(DATA / "mybb.html"))
    assert "Red Riding Hood" in out and "Not Voting" in out.replace("not voting", "Not Voting")


def test_hand_vote_outranks_the_thread(tmp_path):
    host = woods(tmp_path)
    host.ok("vote", "Grandma", "Wolf")
    data = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json"))
    assert {w["target"]: w["voters"] for w in data["wagons"]}["Wolf"] == ["Grandma"]
    assert {"post": None, "author": "Grandma", "target": "Wolf", "source": "host"} in data["history"]


def test_start_post_sets_the_day_window(tmp_path):
    host = woods(tmp_path)
    host.ok("start-post", "12")
    data = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json"))
    assert [w["target"] for w in data["wagons"]] == ["Old Man Willow"]
    assert "no game here" not in host.refused("start-post", "0")


def test_replace_keeps_the_slot(tmp_path):
    host = woods(tmp_path)
    host.ok("replace", "Old Man Willow", "Oak")
    data = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json"))
    # The replaced player's post and the vote on his alias both belong to the slot.
    assert {w["target"]: w["voters"] for w in data["wagons"]} == {"Red Riding Hood": ["Oak"],
                                                                  "Oak": ["Red Riding Hood"]}
    st = json.loads(host.ok("status", "--json"))
    assert [p["name"] for p in st["players"]][0] == "Oak"
    assert st["players"][0]["role"] == "Villager"
    assert "already a player's name" in host.refused("replace", "Grandma", "Willow")


def test_count_numbers_advance_only_when_the_count_changes(tmp_path):
    host = woods(tmp_path)
    # issue 14: only a published count takes a number (previews would make them jump)
    first = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json", "--publish"))
    again = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json", "--publish"))
    host.ok("vote", "Wolf", "Grandma")
    third = json.loads(host.ok("votes", "--html", str(DATA / "mybb.html"), "--json", "--publish"))
    assert (first["count_number"], again["count_number"], third["count_number"]) == ("1.01", "1.01", "1.02")


def test_votes_refused_at_night_and_without_a_thread(classic):
    assert "votes are counted by day" in classic.refused("votes", "--html", str(DATA / "mybb.html"))
    classic.ok("resolve", "--force")
    # Issue 9: with no thread at all, the hand-entered votes alone are counted (was refused).
    classic.ok("vote", "Ann", "Bob")
    data = json.loads(classic.ok("votes", "--json"))
    assert [(w["target"], w["voters"]) for w in data["wagons"]] == [("Bob", ["Ann"])]


def test_votes_fetches_the_thread_over_http(tmp_path, httpserver):
    page = (DATA / "invision.html").read_bytes()
    httpserver.expect_request("/thread").respond_with_data(page, content_type="text/html; charset=utf-8")
    folder = tmp_path / "g"
    create(folder, ruleset="classic-werewolf", seed=4, thread=httpserver.url_for("/thread"),
           assign=["Mister [X]=Villager", "Keeper Jo=Seer", "Lady Grey=Werewolf", "Dee=Villager"])
    host = Host(folder)
    host.ok("resolve", "--force")
    data = json.loads(host.ok("votes", "--json"))
    assert {w["target"]: w["voters"] for w in data["wagons"]} == {"Keeper Jo": ["Mister [X]"],
                                                                  "Mister [X]": ["Keeper Jo"]}
    # Keeper Jo quotes a vote; classic-werewolf has no No Elimination wagon, so Lady Grey's "No lynch"
    # is an abstention (issue 13: seed Voting 4, Abstention Valid; it used to be ignored).
    ignored = {i["author"]: i["reason"] for i in data["ignored"]}
    assert list(ignored) == ["Keeper Jo"]
    assert "quoted" in ignored["Keeper Jo"]
    assert data["abstained"] == ["Lady Grey"] and "Lady Grey" not in data["not_voting"]
    assert all(w["target"] != "none" for w in data["wagons"])
    assert (host.folder / ".cache" / "thread").is_dir()


def test_unreachable_forum_names_the_url_and_keeps_the_last_count(tmp_path, monkeypatch):
    from hostkit.votes import fetch

    monkeypatch.setattr(fetch, "_sleep", lambda s: None)  # the retries' backoff (15 s) is not what is checked
    host = woods(tmp_path, thread="http://127.0.0.1:9/thread")
    host.ok("votes", "--html", str(DATA / "mybb.html"))
    saved = sorted((host.folder / ".cache" / "counts").iterdir())
    before = [p.read_bytes() for p in saved]
    result = host("votes")
    assert result.exit_code == 1 and "http://127.0.0.1:9/thread" in result.output
    assert [p.read_bytes() for p in saved] == before
