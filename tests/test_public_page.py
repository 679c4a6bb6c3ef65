"""`hostkit page --public` of a finished game reads right (issue 28): its maps are no longer
stamped secret, a phase the record opened after the end is not shown, the day's rulings are
sentences (never 'sheriff-vote Alice Chen'), the chart's deadline legend is not cut, and the
summary line has its spaces. The browser test looks at it in headless Chromium."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from conftest import Host
from hostkit.game.game import create

NAMES = {"Alice Chen": "Seer", "Bob": "Werewolf", "Carol": "Witch", "Dave": "Guard", "Eve": "Hunter",
         "Fay": "Villager", "Gus": "Werewolf", "Hal": "Villager", "[b]Ivy[/b]": "Villager", "Jon": "Villager",
         "Kim": "Villager", "Leo": "Villager", "Mia": "Villager"}


class Text(HTMLParser):
    """The page's visible text, outside style and svg."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("style", "svg")

    def handle_endtag(self, tag):
        self.skip -= tag in ("style", "svg")

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.parts.append(" ".join(data.split()))


def text_of(html: str) -> str:
    t = Text()
    t.feed(html)
    return "\n".join(t.parts)


@pytest.fixture(scope="module")
def ended_on_night_3(tmp_path_factory) -> Host:
    """Thirteen players, a Sheriff elected on day 1, a deadline, two eliminations; the Witch's
    poison ends the game on night 3 (the record then opens day 3, never played)."""
    folder = tmp_path_factory.mktemp("page") / "g"
    create(folder, ruleset="classic-werewolf", seed=3, options=["flip=role"],
           assign=[f"{n}={r}" for n, r in NAMES.items()])
    host = Host(folder)
    host.ok("act", "Bob", "Kill", "Hal")
    host.ok("act", "Alice Chen", "Check", "Bob")
    host.ok("resolve", "--force")
    host.ok("sheriff", "run", "Alice Chen", "Carol")
    for voter in NAMES:
        if voter != "Hal":
            host.ok("sheriff", "vote", voter, "Alice Chen")
    host.ok("sheriff", "elect")
    host.ok("deadline", "2026-11-30 00:06")
    for voter in ("Alice Chen", "Carol", "Dave", "Eve", "Fay", "[b]Ivy[/b]", "Jon"):
        host.ok("vote", voter, "Bob")
    host.ok("eliminate", "Bob")
    host.ok("act", "Gus", "Kill", "Fay")
    host.ok("resolve", "--force")
    for voter in ("Alice Chen", "Carol", "Dave", "Eve", "[b]Ivy[/b]", "Jon", "Kim"):
        host.ok("vote", voter, "Leo")
    host.ok("eliminate", "Leo")
    host.ok("act", "Gus", "Kill", "Jon")
    host.ok("act", "Carol", "Poison", "Gus")
    host.ok("resolve", "--force")
    assert host.game.state.winner == "Village"
    return host


def test_the_public_page_of_a_finished_game_does_not_stamp_its_maps_secret(ended_on_night_3):
    html = ended_on_night_3.ok("page", "--public")
    assert html.count('class="hostkit-chart"') >= 5  # three night maps, two vote timelines
    assert "Secret: host information" not in html
    assert "Revealed at the end of the game" in html
    assert "Secret: host information" in ended_on_night_3.ok("page")  # the host's copy keeps it


def test_the_public_page_shows_no_phase_after_the_game_ended(ended_on_night_3):
    html = ended_on_night_3.ok("page", "--public")
    text = text_of(html)
    assert "Night 3" in text
    assert "Day 3" not in text and 'id="day-3"' not in html
    assert "Current vote count" not in text


def test_the_public_page_tells_the_rulings_in_words(ended_on_night_3):
    text = text_of(ended_on_night_3.ok("page", "--public"))
    assert "Alice Chen runs for Sheriff" in text
    assert "Bob votes for Alice Chen for Sheriff" in text
    assert "Alice Chen is elected Sheriff" in text
    assert "the deadline is set to 2026-11-30 00:06 UTC" in text
    assert not re.search(r"^(sheriff-vote|candidate|elected|deadline)\b", text, re.M), text


def test_the_vote_charts_deadline_legend_fits_its_column(ended_on_night_3):
    svg = ended_on_night_3.ok("chart", "votes", "--day", "1")
    key = svg[svg.index('<g class="key"'):]
    assert "2026-11-30 00:06 UTC" in key
    for text in re.findall(r">([^<>]+)<", key):
        assert len(text) <= 22, text  # 12 px type in a 182 px column: about 26 characters fit


def test_the_summary_line_has_a_space_before_each_separator(ended_on_night_3):
    text = text_of(ended_on_night_3.ok("page", "--public"))
    assert "won · 7 of 13 players alive · Sheriff: Alice Chen" in text


def test_a_private_ruling_stays_off_the_public_page(tmp_path):
    from hostkit.words.publish.rulings_text import ruling_lines
    from hostkit.model.entries import DayEvent

    create(tmp_path / "g", ruleset="classic-werewolf", seed=1, assign=["Ann=Seer", "Bob=Werewolf", "Cy=Villager"])
    host = Host(tmp_path / "g")
    game = host.game
    from types import SimpleNamespace

    ph = SimpleNamespace(record=game.current.record._replace(events=(
        DayEvent("confirm", "Ann", "Cy", 1), DayEvent("confirm", "Bob", None, 2), DayEvent("tech-pick", "Ann", None, 3))))
    assert ruling_lines(game, ph, public=True) == ["Bob's alignment is confirmed publicly"]
    assert ruling_lines(game, ph, public=False)[:2] == ["Ann's alignment is confirmed to Cy",
                                                        "Bob's alignment is confirmed publicly"]


@pytest.mark.slow  # reason: starts headless Chromium twice (a few seconds each)
def test_the_public_page_in_a_browser(ended_on_night_3, tmp_path):
    """The finished game's public page as Chromium paints it: the green public banner (no red
    secret one), every player's row with names as typed, the maps and timelines drawn."""
    from test_page import chromium, colours, count_colour, parse, png_pixels, run_browser

    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium to render the page with: install Debian's 'chromium' package or set HOSTKIT_CHROMIUM")
    page = tmp_path / "public.html"
    ended_on_night_3.ok("page", "--public", "--out", str(page))
    dom = run_browser(browser, tmp_path, "--dump-dom", page.resolve().as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    t = parse(dom.stdout)
    assert [a["data-player"] for tag, a in t.tags if tag == "tr" and "data-player" in a] == list(NAMES)
    assert [a.get("class") for tag, a in t.tags if tag == "svg"].count("hostkit-chart") == 5
    seen = text_of(dom.stdout)
    assert "[b]Ivy[/b]" in seen and "Secret" not in seen and "Day 3" not in seen
    shot = tmp_path / "shot.png"
    run_browser(browser, tmp_path, f"--screenshot={shot}", "--window-size=1280,2400", page.resolve().as_uri())
    width, height, rows = png_pixels(shot.read_bytes())
    counts = colours(rows)
    assert counts[(255, 255, 255)] < width * height * 0.97  # painted
    assert count_colour(counts, (0x2f, 0x85, 0x5a), 6) > 1280 * 20  # the green public banner
    assert count_colour(counts, (0xc5, 0x30, 0x30), 6) < 1280 * 20  # no red secret banner
