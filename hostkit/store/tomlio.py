"""Reading TOML into checked values: every error names the file and the key path.

A tiny schema checker shared by the ruleset loader and the game store: it refuses unknown
keys with the nearest valid key suggested, and wrong types with the expected type named.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..model.errors import FileError, suggest


# While a game is loaded with the replay cache on (hostkit/replaycache.py): every file parsed, as
# the bytes that were parsed, so the cache's keys hash exactly what the answer was computed from.
RECORDING: dict[str, bytes] | None = None

BOM = "\ufeff"
INT64 = (-(2**63), 2**63 - 1)  # TOML integers are 64-bit; the parser reads any size


def not_regular(path: Path | str) -> str | None:
    """What PATH is when it exists but is neither a regular file nor a folder (a named pipe, a
    device, a socket), in words; else None. Reading such a path would block for ever (a pipe
    with no writer) or read without end (a device), so a game's own files refuse it."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")


def refuse_special(path: Path | str) -> None:
    """FileError naming PATH when it is a named pipe, a device or a socket (see not_regular)."""
    kind = not_regular(path)
    if kind:
        raise FileError(f"{path}: is {kind}, not a file; hostkit reads only plain files here: "
                        "delete it (or put the real file back)")


def present(path: Path) -> bool:
    """Whether an optional game file (roles.toml, flavour.toml) is there to read: a regular file;
    a named pipe or device in its place is refused, never read (nor silently skipped)."""
    refuse_special(path)
    return path.is_file()


def read_bytes(path: Path | str, limit: int = -1) -> bytes:
    """A file's bytes (at most LIMIT of them), opened without blocking and refused (FileError)
    unless it is a regular file: a named pipe planted among a game's files can never hang a command."""
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            refuse_special(path)
            raise IsADirectoryError(21, "Is a directory")
        with os.fdopen(os.dup(fd), "rb") as fh:
            return fh.read(limit)
    finally:
        os.close(fd)


def toml_parser() -> Any:
    """The TOML 1.0 reader: tomli, tomllib's own upstream, whose compiled (mypyc) wheels parse a
    ruleset in a third of tomllib's instructions and import in two thirds of its (some 15 M
    instructions of a game's first load); else, in an install made before that dependency, the
    standard library's tomllib, the same parser in pure Python. pyproject.toml keeps tomli below
    2.4, which reads TOML 1.1: a file tomllib refuses is refused (tests/test_hand_edited_files.py).
    Imported on first use, not at import: a load whose files all come from the replay cache never parses."""
    try:
        import tomli as parser
    except ImportError:  # pragma: no cover - the fallback, tested where tomli is not installed
        import tomllib as parser
    return parser


def load(path: Path) -> dict[str, Any]:
    """Parse a TOML file; a syntax error becomes a FileError naming the file and line."""
    toml = toml_parser()

    try:
        raw = read_bytes(path)
        if RECORDING is not None:
            RECORDING[str(path)] = raw
        text = raw.decode()
        # A UTF-8 byte order mark (Windows Notepad writes one) is not TOML; read past it.
        return check_depth(toml.loads(text[1:] if text.startswith(BOM) else text), path)
    except FileNotFoundError:
        raise FileError(f"{path}: file not found") from None
    except toml.TOMLDecodeError as exc:
        raise FileError(f"{path}: invalid TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        line = exc.object[:exc.start].count(b"\n") + 1
        raise FileError(f"{path}: line {line}: not UTF-8 (byte 0x{exc.object[exc.start]:02x}); TOML files must be UTF-8") from None
    except RecursionError:  # arrays or inline tables nested a thousand deep: the parser's own stack
        raise FileError(f"{path}: invalid TOML: values nested too deep (hostkit's files nest at most "
                        f"{MAX_DEPTH} levels)") from None
    except ValueError:  # an integer of over 4300 digits: Python's own limit, not a TOMLDecodeError
        raise FileError(f"{path}: invalid TOML: an integer of thousands of digits "
                        "(TOML integers are 64-bit)") from None
    except OSError as exc:
        raise FileError(f"{path}: cannot read: {exc.strerror}") from None


MAX_DEPTH = 16  # tables and arrays within each other: hostkit's own files use five at most


def check_depth(data: dict[str, Any], path: Path | str) -> dict[str, Any]:
    """DATA, refused (FileError naming the key) when tables and arrays nest deeper than MAX_DEPTH:
    every later step (checks, rewriting a file, the merge driver) walks it, and none need recurse
    a thousand levels (deep = [[[...]]], {a = {a = ...}}, a.a.a.a... = 1)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise FileError(f"{path}: {where.split('.')[0].split('[')[0] or 'top level'}: values nested more than "
                            f"{MAX_DEPTH} deep (at {where[:80]}...); hostkit's files never nest so deep")
        if isinstance(value, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    return data


class Table:
    """A TOML table being read: typed getters, and a check that no unknown key is left."""

    def __init__(self, data: Mapping[str, Any], path: Path | str, where: str = "") -> None:
        if not isinstance(data, Mapping):
            raise FileError(f"{path}: {where or 'top level'}: expected a table")
        self.data = data
        self.path = path
        self.where = where
        self.seen: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.where}.{name}" if self.where else name

    def fail(self, name: str, message: str) -> FileError:
        return FileError(f"{self.path}: {self.key(name)}: {message}")

    def get(self, name: str, kind: type | tuple[type, ...], default: Any = ..., *, choices: Iterable[Any] = ()) -> Any:
        self.seen.add(name)
        if name not in self.data:
            if default is ...:
                unknown = [k for k in self.data if k not in self.seen]
                hint = suggest(name, unknown)
                raise self.fail(name, "is required" + (f" (is {hint[15:-2]} a typo for it?)" if hint else ""))
            return default
        value = self.data[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, int) and not isinstance(value, bool) and not INT64[0] <= value <= INT64[1]:
            raise self.fail(name, f"{value} does not fit in a 64-bit integer (TOML integers are 64-bit)"
                            if len(str(abs(value))) < 40 else "an integer too large for a 64-bit integer "
                            "(TOML integers are 64-bit)")
        if float in kinds and int not in kinds and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if bool not in kinds and isinstance(value, bool) or not isinstance(value, kinds):
            names = " or ".join(_type_name(k) for k in kinds)
            raise self.fail(name, f"expected {names}, got {_type_name(type(value))} {value!r}")
        choices = tuple(choices)
        if choices and value not in choices:
            raise self.fail(name, f"must be one of {', '.join(map(str, choices))}, not {value!r}"
                            + suggest(str(value), map(str, choices)))
        return value

    def strings(self, name: str, default: Any = ()) -> tuple[str, ...]:
        value = self.get(name, list, list(default) if default is not ... else ...)
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.fail(f"{name}[{i}]", f"expected a string, got {item!r}")
        return tuple(value)

    def sub(self, name: str, default: Any = ...) -> "Table":
        value = self.get(name, dict, {} if default is not ... else ...)
        return Table(value, self.path, self.key(name))

    def tables(self, name: str) -> list["Table"]:
        value = self.get(name, list, [])
        out = []
        for i, item in enumerate(value):
            out.append(Table(item, self.path, f"{self.key(name)}[{i}]"))
        return out

    def done(self) -> None:
        """Refuse any key that was not read, suggesting the nearest known one."""
        for name in self.data:
            if name not in self.seen:
                raise self.fail(name, "unknown key" + suggest(name, self.seen))


def _type_name(kind: type) -> str:
    return {str: "a string", int: "an integer", float: "a number", bool: "true or false",
            list: "an array", dict: "a table"}.get(kind, kind.__name__)
