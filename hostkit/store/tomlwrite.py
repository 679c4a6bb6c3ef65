"""TOML written back to a game folder: `dump_toml` writes a file as hostkit lays it out, and
`rewrite_toml` changes a file the host may have edited to hold new data, keeping its comments,
blank lines, key order and layout wherever its content stays the same (tomlkit).

hostkit.store.folder's Writer chooses between them (a file never edited by hand is written fresh).
Pure: tables in, text out; no I/O.
"""

from __future__ import annotations

from typing import Any


def dump_toml(data: dict[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps(_clean(data))


def _as_written(text: str) -> bool:
    """Whether a file is exactly as hostkit writes its contents (no comment, no layout of the host's)."""
    from .tomlio import toml_parser

    toml = toml_parser()
    try:
        return dump_toml(toml.loads(text)) == text
    except (toml.TOMLDecodeError, TypeError, ValueError, RecursionError):
        return False


def rewrite_toml(old: str, data: dict[str, Any], *, match: str = "entries") -> str:
    """`old` (a file the host may have edited) changed to hold `data`, keeping its comments,
    blank lines, key order and layout wherever its content stays the same (tomlkit).

    Arrays of tables are matched by identity when `match` is "entries" (a phase file: an entry
    that is kept stays where it is, with its comments; new ones are appended; removed ones go),
    by position when it is "position" (game.toml's players: a replacement renames in place).
    """
    import tomlkit

    doc = tomlkit.parse(old)
    _sync(doc, _clean(data), match)
    return tomlkit.dumps(doc)


def _sync(table: Any, data: dict[str, Any], match: str) -> None:
    from tomlkit.items import InlineTable

    inline = isinstance(table, InlineTable)  # its values stay on one line: tomlkit lays them out
    for key in [k for k in table if k not in data]:
        del table[key]
    for key, value in data.items():
        if key not in table:
            table[key] = value if inline else _fragment(key, value)
            continue
        current = table[key]
        plain = current.unwrap() if hasattr(current, "unwrap") else current
        if isinstance(value, dict) and isinstance(plain, dict):
            _sync(current, value, match)
        elif _is_tables(value) and isinstance(plain, list) and plain and all(isinstance(x, dict) for x in plain):
            _sync_tables(table, key, value, match)
        elif plain != value:
            table[key] = value if inline else _fragment(key, value)


def _sync_tables(table: Any, key: str, value: list[dict[str, Any]], match: str) -> None:
    items = table[key]
    if match == "position":
        while len(items) > len(value):
            del items[len(items) - 1]
        for i, new in enumerate(value):
            if i < len(items):
                _sync(items[i], new, match)
            else:
                items.append(_item(key, new, items))
        return
    wanted = list(value)
    i = 0
    while i < len(items):
        plain = items[i].unwrap()
        if plain in wanted:
            wanted.remove(plain)
            i += 1
        else:
            if i == len(items) - 1 and i > 0:
                _drop_separator(items[i - 1])
            del items[i]
    for new in wanted:
        items.append(_item(key, new, items))
    if not len(items):
        del table[key]


def _drop_separator(table: Any) -> None:
    """Before the last [[table]] of an array goes: take one newline off the blank line that
    separates it from TABLE (tomlkit reads that line as the end of TABLE's body). An appended
    table brings that separator (`_item`), so an 'undo' of an entry appended to a file the host
    edited leaves the file byte for byte as it was, not one blank line longer each time."""
    from tomlkit.items import Table, Whitespace

    if not isinstance(table, Table):
        return
    body = table.value.body
    if body and body[-1][0] is None and isinstance(body[-1][1], Whitespace):
        ws = body[-1][1]
        text = ws.s
        if text.endswith("\n"):
            text = text[:-1]
            if text:
                body[-1] = (None, Whitespace(text))
            else:
                body.pop()


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _item(key: str, value: dict[str, Any], items: Any) -> Any:
    """A new element of an array of tables: a [[key]] table after a blank line, as tomli-w writes
    it, or an inline table in an inline array."""
    from tomlkit.items import AoT

    if not isinstance(items, AoT):
        return value
    from tomlkit import table as new_table
    from tomlkit.items import Table

    table = _fragment(key, [value])[0]
    if not isinstance(table, Table):  # tomli-w wrote it inline (an empty array inside)
        table = new_table()
        table.update(value)
    table.trivia.indent = "\n"
    return table


def _fragment(key: str, value: Any) -> Any:
    """`key = value` as tomli-w lays it out (as hostkit writes a new file), for tomlkit to insert:
    a file the host never edited stays byte for byte what hostkit always wrote."""
    import tomlkit

    return tomlkit.parse(dump_toml({key: value}))[key]


def _clean(value: Any) -> Any:
    """TOML has no null: drop None values and empty optional tables before writing."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value
