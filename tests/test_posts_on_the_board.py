"""Each public post as the thread shows it (issue 28): every public post of a whole game, one
game a ruleset (tests/whole_games.py), is posted to a live phpBB board and read back as the
players see it: no BBCode left visible, no empty bold or broken list, no template text, every
link absolute and without a session id, and every player's name (spaces, BBCode and HTML
characters) shown as typed. The session's one board (tests/forum_board.py); without
../shared/forum or PHP the tests skip with the board's reason."""

from __future__ import annotations

import re

import pytest

from whole_games import GAMES, ODD

# a BBCode tag a player would see as text: the bundled templates' tags, and phpBB's others
VISIBLE_TAG = re.compile(r"\[/?(?:b|i|u|s|url|quote|list|\*|size|color|spoiler|code|img|vote)(?:=[^\]]*)?\]", re.I)
TEMPLATE_TEXT = ("{{", "}}", "{%", "%}", "{#", "#}", "None", "Undefined", "undefined")
# each odd name by a piece of it that its escaped BBCode keeps: the post holds the name that often
TOKENS = {"Alice Chen": "Alice Chen", "[b]Ivy[/b]": "Ivy", "Bo <i>b & Co": "Bo <i>b & Co", "Zoë O'Neil": "Zoë"}


def _content(page: str, post_id: str):
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(page, "lxml")
    body = soup.find(id=f"post_content{post_id}")
    assert body is not None, f"post {post_id} is not on its page"
    return body.find("div", class_="content")


def problems(bbcode: str, content) -> list[str]:
    """What reads wrong in one post as the board rendered it (`content`: its div.content)."""
    out = []
    text = content.get_text()
    shown = text
    for name in ODD:  # a name shown as typed may hold what looks like markup
        shown = shown.replace(name, "")
    out += [f"BBCode left visible: {m.group(0)!r}" for m in VISIBLE_TAG.finditer(shown)]
    out += [f"template text: {t!r}" for t in TEMPLATE_TEXT if t in shown]
    for tag in content.find_all(["strong", "span", "li", "ul", "ol", "a", "blockquote"]):
        if not tag.get_text(strip=True) and not tag.find(["img", "br"]):
            out.append(f"an empty <{tag.name}>: {str(tag)[:80]}")
    for li in content.find_all("li"):
        last = [c for c in li.children if getattr(c, "name", None) or str(c).strip()]
        if last and getattr(last[-1], "name", None) == "br":
            out.append(f"a blank line inside a list item: {str(li)[:80]}")
    for lst in content.find_all(["ul", "ol"]):
        stray = [c for c in lst.children if getattr(c, "name", None) not in ("li", None) or
                 (getattr(c, "name", None) is None and str(c).strip())]
        if stray:
            out.append(f"a broken list: {str(stray[0])[:80]!r} outside its items")
    for a in content.find_all("a"):
        href = a.get("href", "")
        if not re.match(r"https?://", href):
            out.append(f"a link that is not absolute: {href!r}")
        if re.search(r"[?&]sid=", href):
            out.append(f"a link with a session id: {href!r}")
    for name, token in TOKENS.items():
        if bbcode.count(token) != text.count(name):
            out.append(f"{name!r} shown {text.count(name)} times, written {bbcode.count(token)} times")
    return out


def test_problems_finds_what_reads_wrong():
    """The checker itself, on rendered HTML with each fault."""
    from bs4 import BeautifulSoup

    def content(html: str):
        return BeautifulSoup(f'<div class="content">{html}</div>', "lxml").find("div", class_="content")

    assert problems("[b]x[/b]", content("<strong>x</strong>")) == []
    assert problems("[b][[i][/i]b]Ivy[[i][/i]/b][/b]", content("<strong>[<em></em>b]Ivy[<em></em>/b]</strong>")) == []
    assert "BBCode left visible: '[b]'" in problems("[b]x", content("[b]x"))
    assert any("empty <strong>" in p for p in problems("[b][/b]", content("<strong></strong>")))
    assert any("broken list" in p for p in problems("", content("<ul>stray<li>a</li></ul>")))
    assert any("blank line inside a list item" in p
               for p in problems("", content("<ul><li>a<br><br></li><li>b</li></ul>")))
    assert any("template text" in p for p in problems("", content("{{ game.title }}")))
    assert any("not absolute" in p for p in problems("", content('<a href="./viewtopic.php?p=3">x</a>')))
    assert any("session id" in p for p in problems("", content('<a href="http://f/v.php?p=3&sid=ab">x</a>')))
    assert any("'Alice Chen' shown 0 times" in p for p in problems("Alice Chen", content("Alice  Chen")))


@pytest.mark.slow  # reason: posts some forty replies to a live phpBB board (a second or more each)
@pytest.mark.parametrize("ruleset", list(GAMES))
def test_every_public_post_of_a_whole_game_reads_right_on_the_board(board, tmp_path, ruleset):
    thread = board.new_topic(f"{ruleset}: every public post")
    if ruleset == "classic-werewolf":  # two players vote in the thread: the count links their posts
        board.add("Alice Chen", "Carol")
    play = GAMES[ruleset](tmp_path / "g", thread=thread, board=board)
    assert len(play.posts) >= 4
    host = board.as_user("Host")
    sent = [(what, text, host.reply(thread, text)) for what, text in play.posts]
    wrong = []
    for what, text, done in sent:
        content = _content(host.s.get(f"viewtopic.php?p={done.id}"), done.id)
        wrong += [f"{what}: {p}" for p in problems(text, content)]
    assert wrong == []
    if ruleset == "classic-werewolf":
        count = next(text for what, text in play.posts if what.startswith("vote count"))
        assert "[url=" in count  # the count's links were checked above, as the board shows them
