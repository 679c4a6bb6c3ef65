"""A game on the live board for the watch's tests (issue 37): players with accounts, a thread,
the game at day 1, and readers of what the thread and the host's inbox show."""

from __future__ import annotations

import itertools
import os
import re

from conftest import Host

_ids = itertools.count(1)
ROLES = {"Ann": "Seer", "Bob": "Werewolf", "Cy": "Villager", "Dee": "Villager", "Eli": "Villager",
         "Fin": "Villager", "Gil": "Werewolf"}


class Day:
    """A classic-werewolf game of seven on a fresh topic, at day 1 (Cy died in the night)."""

    def __init__(self, tmp_path, board, monkeypatch, *extra: str, roles=ROLES, name="g") -> None:
        tag = f"W{next(_ids)}{os.getpid() % 1000}{tmp_path.name[-3:].replace('_', '')}"
        self.board = board
        self.n = {short: f"{short}{tag}" for short in roles}
        board.add(*self.n.values())
        self.thread = board.new_topic(f"Watch {tag}")
        self.title = f"Watch {tag}"
        monkeypatch.setenv("HOSTKIT_FORUM_PASSWORD", "host-pw1")
        monkeypatch.setenv("HOSTKIT_FORUM_USER", "Host")
        self.host = Host(tmp_path / name)
        self.host.ok("new", str(self.host.folder), "--ruleset", "classic-werewolf", "--seed", "3", "--host", "Host",
                      "--thread", self.thread, "--title", self.title, *[x for s, r in roles.items() for x in ("--assign", f"{self.n[s]}={r}")],
                      *extra)
        self.host.ok("forum", "login", "--user", "Host")  # the site the password may go to
        self._as: dict[str, object] = {}
        self.started = self.host_pms()  # the host's inbox is shared by every test: count from here

    def to_day(self) -> "Day":
        self.host.ok("act", self.n["Bob"], "Kill", self.n["Cy"])
        self.host.ok("resolve", "--force")
        return self

    def player(self, short: str):
        if short not in self._as:
            self._as[short] = self.board.as_user(self.n[short])
        return self._as[short]

    def vote(self, short: str, target: str | None, extra: str = "") -> str:
        text = f"[color=red]vote {self.n[target]}[/color]" if target else "[color=red]unvote[/color]"
        return self.player(short).reply(self.thread, f"{text} {extra}".strip()).id

    def say(self, short: str, text: str) -> str:
        return self.player(short).reply(self.thread, text).id

    def watch(self, *args: str) -> str:
        return self.host.ok("watch", "--once", "--pace", "0", *args)

    def posts(self):
        """Every post of the thread (number, author, body HTML), read afresh."""
        from hostkit.votes.fetch import fetch_thread

        return [p for page in fetch_thread(self.thread, cache_dir=None, delay=0) for p in page.posts]

    def host_posts(self) -> list[str]:
        """The text of each post the host made after the topic's opening post."""
        return [re.sub(r"<[^>]+>", "", p.body) for p in self.posts()[1:] if p.author == "Host"]

    def host_pms(self) -> list:
        return [m for m in self.board.as_user("Host").inbox() if m.subject.startswith(self.title)]

    def new_host_pms(self) -> list:
        seen = {m.id for m in self.started}
        return [m for m in self.host_pms() if m.id not in seen]

    def locked(self) -> bool:
        return self.board.as_user("Host").locked(self.thread)
