"""`resolve --json` holds everything the night PMs say.

Issue 29: the JSON left out what the PMs carry beyond the outcome's own notices: a
Xenozoologist's win and his captives leaving with him (seed paranormal Xenozoologist: "Once he has
1 of each, he wins and he and all abducted players are removed from the game"), a Mind Stealer's
win, captives returned, the Spirit-bond, what the dead are told. Every line of every night PM
(beside results and block notices, which have their own fields) is in `notices`.
"""

from __future__ import annotations

import json

from conftest import Host, new_classic
from game_helpers import _game


def pm_lines(host: Host, player: str, night: int) -> str:
    return host.ok("pm", player, "--night", str(night), "--format", "plain")


def assert_json_holds_every_pm_notice(host: Host, data: dict) -> None:
    """Every notice line in the JSON is in that player's PM, and every PM's lines beside its
    results and block notice are in the JSON."""
    night = data["night"]
    by_player: dict[str, list[str]] = {}
    for n in data["notices"]:
        by_player.setdefault(n["player"], []).append(n["text"])
    for name, texts in by_player.items():
        pm = pm_lines(host, name, night)
        for text in texts:
            assert text in pm, (name, text, pm)
    for name in [p["name"] for p in json.loads(host.ok("status", "--json"))["players"]]:
        out = host(*["pm", name, "--night", str(night), "--format", "plain"])
        if out.exit_code != 0 or f"{name}," not in out.stdout:
            continue  # no PM: nothing to tell
        body = out.stdout.split(f"{name},", 1)[1]
        paragraphs = [p.strip() for p in body.split("\n\n") if p.strip()]
        told = set(by_player.get(name, ()))
        results = {f"{r['ability']}" for r in data["results"] if r["player"] == name}
        for para in paragraphs:
            if para.startswith("You were blocked") or any(para.startswith(r) for r in results):
                continue
            assert para in told, (name, para, told)


def test_the_json_holds_the_xenozoologists_win_and_the_captives_leaving(tmp_path):
    """Seed paranormal Xenozoologist: 'Once he has 1 of each, he wins and he and all abducted
    players are removed from the game': the PMs say so, and so does `resolve --json`."""
    host = _game(tmp_path, "Xe=Xenozoologist", "Dp=Doppelganger", "Dq=Doppelganger", "Te=Telepath", "Su=Survivor",
                 "T1=Townie", "T2=Townie", "T3=Townie", "T4=Townie", "T5=Townie", "T6=Townie", "T7=Townie")
    host.ok("tech", "pick", "Xe", "none")
    host.ok("tech", "pick", "Su", "none")
    for n, (taken, killed) in enumerate([("T1", "T5"), ("Te", "T6"), ("Dq", "T7"), ("Su", "T4")], start=1):
        host.ok("act", "Xe", "Abduct", taken)
        host.ok("act", "Dp", "Kill", killed)
        if n == 4:
            dry = json.loads(host.ok("resolve", "--force", "--dry-run", "--json"))
        data = json.loads(host.ok("resolve", "--force", "--json"))
        assert_json_holds_every_pm_notice(host, data)
        if n < 4:
            host.ok("eliminate", "--none")
    won = "you have won, and you leave the game with your captives"
    assert any(n["player"] == "Xe" and won in n["text"] for n in data["notices"]), data["notices"]
    assert any(n["player"] == "Xe" and won in n["text"] for n in dry["notices"]), dry["notices"]
    for captive in ("T1", "Te", "Dq", "Su"):
        assert any(n["player"] == captive and "has won: you leave the game with them" in n["text"]
                   for n in data["notices"]), captive


def test_the_json_holds_what_a_dead_hunter_is_told(tmp_path):
    """classic DeathResolution: a Hunter killed by the werewolves on night 2 is told he may shoot
    (decision dead-told); `resolve --json` says it too, and each block says what the PM says of it."""
    new_classic(tmp_path / "g")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "skip")
    host.ok("resolve", "--force")
    host.ok("eliminate", "--none")
    host.ok("act", "Bob", "Kill", "Eve")
    data = json.loads(host.ok("resolve", "--force", "--json"))
    assert any(n["player"] == "Eve" and "take one living player with you" in n["text"] for n in data["notices"])
    assert_json_holds_every_pm_notice(host, data)
    assert all({"stopped", "took_place", "own_words"} <= set(b) for b in data["blocked"])


def test_a_day_resolution_json_holds_what_its_pms_say(tmp_path):
    """By day too (seed natural II, day actions resolve through the same engine): a Hunter shot by
    a custom day ability is told his dues in the day PM, and `resolve --dry-run --json` (the
    day's end previewed) lists it among the outcome's notices."""
    from test_natural_dayactions import classic_day1

    host = classic_day1(tmp_path, "Hu=Hunter")
    host.ok("act", "Dv", "Day Shoot", "Hu")
    preview = json.loads(host.ok("resolve", "--dry-run", "--json"))
    told = [n["text"] for o in preview["outcomes"] for n in o["notices"] if n["player"] == "Hu"]
    assert told, preview["outcomes"]
    host.ok("eliminate", "--none")
    pm = host.ok("pm", "Hu", "--day", "1", "--format", "plain")
    assert all(text in pm for text in told), (told, pm)
