"""`hostkit page`: the whole game in one self-contained HTML file; secret by default, `--public`
for what players may know. The browser test renders the page in headless Chromium, takes a
screenshot, and checks that the charts and every player appear."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from hostkit.cli import cli
from hostkit.game.game import create

from conftest import Host, new_classic

PLAYERS = ["Ann", "Bob", "Carol", "Dave", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def demo(tmp_path) -> Host:
    """The demo: night 1 resolved (Hal dies), day 1 counted from a thread page, Gus eliminated."""
    result = CliRunner().invoke(cli, ["demo", str(tmp_path / "demo")])
    assert result.exit_code == 0, result.output
    return Host(tmp_path / "demo")


@pytest.fixture
def running_day(tmp_path) -> Host:
    """Night 1 resolved, day 1 under way with votes by hand."""
    new_classic(tmp_path / "g", title="Running Village", options=["flip=role"])  # classic hides roles by default (issue 13)
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Hal")
    host.ok("act", "Ann", "Check", "Gus")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Gus")
    host.ok("vote", "Carol", "Gus")
    return host


class Tags(HTMLParser):
    """Every tag of a page, with its attributes; text collected."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> Tags:
    t = Tags()
    t.feed(html)
    return t


def test_host_page_shows_everything(demo):
    html = demo.ok("page")
    t = parse(html)
    text = " ".join(t.text)
    assert "SECRET: host information" in text
    rows = {a["data-player"]: a for tag, a in t.tags if tag == "tr" and "data-player" in a}
    assert list(rows) == PLAYERS
    for role in ("Seer", "Werewolf", "Witch", "Guard", "Hunter", "Villager"):
        assert role in text
    assert "antidote: 1 left" in text  # the Witch's standing charges
    charts = [a.get("class") for tag, a in t.tags if tag == "svg"]
    assert charts.count("hostkit-chart") == 2  # night 1's map and day 1's votes
    assert "Bob: Kill Hal" in text  # the actions entered
    assert "Resolution log" in text and "Death post" in text and "Flip: Gus" in text
    assert "Vote timeline" in text


def test_page_is_self_contained(demo):
    html = demo.ok("page")
    t = parse(html)
    assert not [tag for tag, _ in t.tags if tag in ("script", "link", "img", "iframe", "object", "embed")]
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "@import" not in html
    assert set(re.findall(r"url\((.)", html)) <= {"#"}  # only the SVG's own markers


def test_page_current_vote_count_from_hand_votes(running_day):
    text = " ".join(parse(running_day.ok("page")).text)
    assert "Current vote count: day 1" in text
    assert "the votes entered by hand" in text
    assert "Ann, Carol" in text


def test_page_reads_no_network_unless_asked(tmp_path):
    """A game with a thread URL: the page draws the saved or hand count and fetches nothing
    (the URL points at a closed port, so a fetch would fail the command)."""
    new_classic(tmp_path / "g", thread="http://127.0.0.1:9/threads/t.1/")
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Hal")
    host.ok("resolve", "--force")
    host.ok("vote", "Ann", "Bob")
    assert "Current vote count" in host.ok("page")


def test_public_page_while_the_game_runs_hides_secrets(running_day):
    html = running_day.ok("page", "--public")
    t = parse(html)
    text = " ".join(t.text)
    assert "SECRET" not in text and "only what the players may know" in text
    rows = [a["data-player"] for tag, a in t.tags if tag == "tr" and "data-player" in a]
    assert rows == PLAYERS  # every player appears
    for secret in ("Seer", "Witch", "Guard", "Bob: Kill Hal", "Resolution log", "antidote",
                   "Night result PMs", "Check"):
        assert secret not in text, secret
    living = re.findall(r'<tr class="player alive".*?</tr>', html, re.S)
    assert len(living) == 7 and not any("Werewolf" in row or "Villager" in row for row in living)
    assert "night-chart" not in html  # no night map
    assert "votes-chart" in html  # the vote timeline is public: it is the thread's
    assert "Hal" in text and "Villager" in text  # the dead flip at the game's flip level (role)
    hal = re.search(r'<tr class="player dead" data-player="Hal">.*?</tr>', html, re.S).group(0)
    assert "dead, night 1" in hal and "Werewolves" not in hal  # what killed Hal is the host's


def test_public_page_follows_the_flip_level(tmp_path):
    create(tmp_path / "g", ruleset="classic-werewolf", assign=["Ann=Seer", "Bob=Werewolf", "Cy=Witch", "Dee=Guard",
                                                               "Eve=Hunter", "Fay=Villager", "Gus=Werewolf", "Hal=Villager"],
           seed=1, options=["flip=none"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Hal")
    host.ok("resolve", "--force")
    text = " ".join(parse(host.ok("page", "--public")).text)
    assert "Villager" not in text


def test_public_page_after_the_end_reveals_all(tmp_path):
    create(tmp_path / "g", ruleset="classic-werewolf", seed=1,
           assign=["Ann=Seer", "Bob=Werewolf", "Cy=Villager", "Dee=Villager"])
    host = Host(tmp_path / "g")
    host.ok("act", "Bob", "Kill", "Cy")
    host.ok("resolve", "--force")
    host.ok("eliminate", "Bob")
    assert host.game.state.winner
    html = host.ok("page", "--public")
    text = " ".join(parse(html).text)
    assert "the game is over, so everything is revealed" in text
    assert "Seer" in text and "night-chart" in html


def test_page_out_file(demo, tmp_path):
    out = tmp_path / "page.html"
    assert "wrote" in demo.ok("page", "--out", str(out))
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    (tmp_path / "a-file").write_text("x")
    assert "cannot write" in demo.refused("page", "--out", str(tmp_path / "a-file" / "x.html"))


# ----------------------------------------------------------------------------- in a real browser


def chromium() -> str | None:
    """A Chromium to test with: $HOSTKIT_CHROMIUM, else chromium / chromium-browser / google-chrome."""
    named = os.environ.get("HOSTKIT_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def run_browser(browser: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--hide-scrollbars", f"--user-data-dir={profile}"]
    return subprocess.run([browser, *flags, *args], capture_output=True, text=True, timeout=120)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Decode an 8-bit RGB or RGBA PNG (what Chromium writes) into rows of pixel bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    height = colour = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and colour in (2, 6) and interlace == 0
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line) if bpp == 3 else bytes(v for k, v in enumerate(line) if k % 4 != 3))
        prev = line
    return width, height, rows


def colours(rows: list[bytes]) -> Counter:
    """How many pixels of each (r, g, b) colour."""
    out: Counter = Counter()
    for row in rows:
        out.update(zip(row[0::3], row[1::3], row[2::3]))
    return out


def count_colour(counts: Counter, rgb: tuple[int, int, int], tolerance: int = 12) -> int:
    return sum(n for c, n in counts.items() if all(abs(c[k] - rgb[k]) <= tolerance for k in range(3)))


@pytest.mark.slow  # starts headless Chromium and renders the page (~4 s; skips where there is none)
def test_page_in_a_browser(demo, tmp_path):
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium to render the page with: install Debian's 'chromium' package "
                    "(.ci/run does when it can) or set HOSTKIT_CHROMIUM")
    page = tmp_path / "game.html"
    demo.ok("page", "--out", str(page))
    url = page.resolve().as_uri()

    # the DOM as the browser built it: every player's row, both charts and their nodes
    dom = run_browser(browser, tmp_path, "--dump-dom", url)
    assert dom.returncode == 0, dom.stderr[-2000:]
    t = parse(dom.stdout)
    rows = [a["data-player"] for tag, a in t.tags if tag == "tr" and "data-player" in a]
    assert rows == PLAYERS
    assert [a.get("class") for tag, a in t.tags if tag == "svg"].count("hostkit-chart") == 2
    nodes = [a["data-player"] for tag, a in t.tags if tag == "g" and a.get("class") == "node"]
    assert nodes == PLAYERS
    assert {a.get("data-target") for tag, a in t.tags if tag == "g" and a.get("class") == "wagon"} == {"Gus", "Ann", "Bob"}

    # the screenshot: the page painted, with the red banner, the charts' strokes and the death mark
    shot = tmp_path / "shot.png"
    result = run_browser(browser, tmp_path, f"--screenshot={shot}", "--window-size=1280,3000", url)
    assert shot.is_file(), result.stderr[-2000:]
    width, height, rows_px = png_pixels(shot.read_bytes())
    assert (width, height) == (1280, 3000)
    counts = colours(rows_px)
    assert counts[(255, 255, 255)] < width * height * 0.97  # not a blank page
    assert count_colour(counts, (0xc5, 0x30, 0x30)) > 5000  # the secret banner, the wolves, the kill
    assert count_colour(counts, (0x2b, 0x6c, 0xb0)) > 1500  # the village's nodes and arrows, a wagon line
    assert count_colour(counts, (0x2f, 0x85, 0x5a)) > 100  # another wagon's line
