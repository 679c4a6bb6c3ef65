"""docs/forum-game.md, the host's guide to a whole game on the forum: every command in it runs as
written, in order, on the session's local phpBB board (tests/forum_board.py), with only the
thread's address and the players' names swapped for the board's; the players' part (their
action PMs, their votes) is played between the blocks where the guide says it happens.
"""

from __future__ import annotations

import itertools
import json
import re
import shlex
from pathlib import Path

import pytest

from hostkit.cli import cli

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "forum-game.md").read_text()
PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eli", "Fin")
_ids = itertools.count(1)


def guide_blocks() -> list[list[tuple[list[str], bool]]]:
    """Each ```sh block of the guide: its commands, each with whether the guide says it is refused."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", GUIDE, re.S):
        commands = []
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words:
                commands.append((words, "# refused" in line))
        out.append(commands)
    return out


def test_the_guide_walks_the_game_in_order():
    """What the guide promises, in the order the seed and the forum need it."""
    firsts = [" ".join(c[0][0][:3]) for c in guide_blocks()]
    order = ["hostkit new harbour", "hostkit forum login", "hostkit post night", "hostkit inbox",
             "hostkit sheriff run", "hostkit sheriff vote", "hostkit post deaths", "hostkit deadline +2d",
             "hostkit votes", "hostkit eliminate Bob"]
    assert [f for f in firsts if f in order] == order
    for words in ("vote-markup", "keyring", "HOSTKIT_FORUM_PASSWORD", "Sheriff election comes first",
                  "count **from that post on**", "start-post"):
        assert words in GUIDE, words
    assert "docs/forum-game.md" in (ROOT / "README.md").read_text()


@pytest.mark.slow  # some 2 minutes: six accounts, and phpBB's one-second rule on every form
def test_every_command_of_the_guide_runs_as_written_on_the_board(tmp_path, board, monkeypatch, runner):
    tag = f"G{next(_ids)}{tmp_path.name[-4:].replace('_', '')}"
    names = {p: f"{p}{tag}" for p in PLAYERS}
    board.add(*names.values())
    thread = board.new_topic(f"Harbour {tag}")
    monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
    monkeypatch.chdir(tmp_path)

    def swap(word: str) -> str:
        if word.startswith("https://forum.example/"):
            return thread
        word = re.sub(r"\bModerator\b", "Host", word)
        return re.sub(r"\b(" + "|".join(PLAYERS) + r")\b", lambda m: names[m.group(1)], word)

    players = {}

    def player(short: str):
        if short not in players:
            players[short] = board.as_user(names[short])
        return players[short]

    def players_turn(first: list[str]) -> None:
        """What the players do before the host's block that begins with FIRST."""
        if first[:2] == ["hostkit", "inbox"] and "--accept" not in first:
            host_id = player("Ann").account("Host")
            player("Ann").send_pm(host_id, "night 1", f"Hi! I'd like to check {names['Bob']} tonight")
            player("Bob").send_pm(host_id, "kill", f"kill {names['Dee']}")
            player("Cy").send_pm(host_id, "guard", f"guard {names['Ann']} please")
        if first[:3] == ["hostkit", "sheriff", "vote"]:  # the election, in the thread, in red
            player("Bob").reply(thread, f"For Sheriff: [color=red]VOTE: {names['Ann']}[/color]")
            player("Fin").reply(thread, f"[color=red]Vote {names['Ann']}[/color] for sheriff")
        if first[:2] == ["hostkit", "votes"]:
            player("Ann").reply(thread, f"Sheriff here. [b]VOTE: {names['Bob']}[/b]")
            player("Cy").reply(thread, f"[color=red]vote {names['Bob']}[/color]")
            player("Eli").reply(thread, f"[vote]{names['Bob']}[/vote]")
            got = runner.invoke(cli, ["votes", "--json"])
            assert got.exit_code == 0, got.output
            count = json.loads(got.stdout)
            # from the death post on: the election's red votes for Ann are not elimination votes
            assert [(w["target"], sorted(w["voters"])) for w in count["wagons"]] == [
                (names["Bob"], sorted(names[p] for p in ("Ann", "Cy", "Eli")))], count

    outputs: dict[str, list[str]] = {}
    for block in guide_blocks():
        players_turn(block[0][0])
        for words, refused in block:
            if words[0] == "read":
                continue  # the password: the test gives it in the environment
            if words[0] == "cd":
                monkeypatch.chdir(tmp_path / words[1])
                continue
            assert words[0] == "hostkit", words
            args = [swap(w) for w in words[1:]]
            result = runner.invoke(cli, args)
            assert result.exit_code == (1 if refused else 0), (words, result.output)
            outputs.setdefault(" ".join(words[1:3]), []).append(result.output)

    assert "Sheriff election comes first" in outputs["post deaths"][0]
    assert "The day's votes count from post" in outputs["post deaths"][1]
    assert "No change since Vote Count 1.01" in outputs["votes --send"][1]
    assert outputs["inbox --accept"][0].count("entered:") == 3, outputs["inbox --accept"]
    from hostkit.votes.count import read_pages

    posted = [p.body for page in read_pages(folder=None, url=thread) for p in page.posts if p.author == "Host"]
    for words in ("Welcome to Harbour", "night 1 begins", "the Sheriff election", "It is Day 1", "day 1 ends at",
                  "Vote Count 1.01"):
        assert sum(words in b for b in posted) == 1, (words, posted)
    for short, name in names.items():
        mine = [m for m in board.as_user(name).inbox() if m.subject.endswith("your role")]
        assert len(mine) == 1, short
