"""Bounds on what a template may build: every intermediate value, and a hard memory limit.

A game folder's templates are data from a co-host, and before issue 31 a few lines of one
reached gigabytes: a format width given as a string (`'{:>{w}}'.format('a', w='1999999999')`),
`'%1999999999s'`, a string doubled forty times with `~`, list `+`, `replace`, `expandtabs`,
`join`, a 4-byte fill character. Two layers, since no list of operations is ever complete:

1. The sandbox refuses any value it makes past MAX_VALUE items (characters, list items), with a
   clear error naming the template: before the operation where one call could explode (`*`,
   `+`, `%`, `~`, str.format, replace, expandtabs, join, and every filter's arguments), and
   after every call, filter and operator (so doubling in a loop stops at the first value past
   the bound, which is at most twice it).
2. A render of templates that are not hostkit's own runs in a forked child with a hard address
   space limit (RLIMIT_AS: its size at the fork plus MEMORY_HEADROOM) and is killed by the
   parent at the time limit: whatever the sandbox did not foresee runs out of memory in the
   child, not the host's process, and a C-level operation that never returns to Python (where
   the old SIGALRM timer could not fire: the 10 s limit went off at 18.7 s) is killed on time.
   RLIMIT_AS is never set in hostkit's own process: a MemoryError there could strike any
   allocation, in the middle of anything. Where fork does not exist, the first layer stands alone.
"""

from __future__ import annotations

import os
import re
from typing import Any, Callable

MAX_VALUE = 1_000_000  # items (characters of a string, elements of a list) a template's value may hold
MEMORY_HEADROOM = 256 * 1024 * 1024  # bytes a forked render may allocate beyond the process it forked from
_NUMBER = re.compile(r"\d+")


class TooBig(Exception):
    """A template's value would pass MAX_VALUE (raised as jinja's SecurityError by the caller)."""


def size(value: Any) -> int:
    if isinstance(value, (str, list, tuple, dict, set, frozenset, bytes)):
        return len(value)
    return 0


def check(value: Any, what: str) -> Any:
    """VALUE, or TooBig when it holds more than MAX_VALUE items."""
    if size(value) > MAX_VALUE:
        raise TooBig(f"{what} made a value of {size(value):,} items (the limit is {MAX_VALUE:,})")
    return value


def _format_bound(text: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int:
    """An upper bound of a format's output: its text, every number in it (widths and precisions)
    and every argument's size or number (a width given as a string or with '*' too)."""
    total = len(text) + sum(min(int(n), 10**12) if len(n) < 14 else 10**12 for n in _NUMBER.findall(text))
    for a in (*args, *kwargs.values()):
        if isinstance(a, (tuple, list)) and not isinstance(a, str):
            total += sum(_arg_bound(x) for x in a)
        elif isinstance(a, dict):
            total += sum(_arg_bound(x) for x in a.values())
        else:
            total += _arg_bound(a)
    return total * 4 if any(ord(c) > 0xFFFF for c in text) else total


def _arg_bound(a: Any) -> int:
    if isinstance(a, bool):
        return 5
    if isinstance(a, int):
        return abs(a) if abs(a) < 10**12 else 10**12
    if isinstance(a, str):
        digits = a.strip()
        return len(a) + (int(digits) if digits.isdigit() and len(digits) < 13 else 10**12 if digits.isdigit() else 0)
    if isinstance(a, float):
        return 400  # '%f' of the largest float
    return size(a) or 64


def before_call(name: str, obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """TooBig before a single call that would make a huge value from small ones."""
    if isinstance(obj, str):
        bound = 0
        if name in ("format", "format_map"):
            bound = _format_bound(obj, args, kwargs)
        elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
            hits = obj.count(args[0]) if args[0] else len(obj) + 1
            bound = len(obj) + hits * len(args[1])
        elif name == "expandtabs":
            tab = args[0] if args else kwargs.get("tabsize", 8)
            bound = len(obj) + obj.count("\t") * (tab if isinstance(tab, int) else 8)
        elif name == "join" and args and isinstance(args[0], (list, tuple)):  # a generator: checked after
            items = args[0]
            bound = sum(size(i) for i in items) + len(obj) * max(len(items) - 1, 0)
        elif name in ("center", "ljust", "rjust", "zfill") and args and isinstance(args[0], int):
            bound = args[0] * (4 if len(args) > 1 and isinstance(args[1], str) and args[1] > "\uffff" else 1)
        if bound > MAX_VALUE:
            raise TooBig(f"str.{name} would make a value of some {bound:,} characters (the limit is {MAX_VALUE:,})")


def before_binop(operator: str, left: Any, right: Any) -> None:
    """TooBig before `*`, `+` or `%` would make a huge value."""
    bound = 0
    if operator == "*":
        for a, b in ((left, right), (right, left)):
            if size(a) and isinstance(b, int) and not isinstance(b, bool):
                bound = max(bound, size(a) * b)
    elif operator == "+":
        bound = size(left) + size(right)
    elif operator == "%" and isinstance(left, str):
        args = right if isinstance(right, tuple) else (right,)
        bound = _format_bound(left, args, right if isinstance(right, dict) else {})
    if bound > MAX_VALUE:
        raise TooBig(f"'{operator}' would make a value of some {bound:,} items (the limit is {MAX_VALUE:,})")


def concat(items: tuple[Any, ...], join: Callable[[Any], Any]) -> Any:
    """`a ~ b ~ ...`: refused past MAX_VALUE characters before the joined string is made."""
    total = sum(len(i) if isinstance(i, str) else 32 for i in items)
    if total > MAX_VALUE:
        raise TooBig(f"'~' would make a string of some {total:,} characters (the limit is {MAX_VALUE:,})")
    return join(items)


# --------------------------------------------------------------------------- the forked render


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm", "rb") as fh:
            pages = int(fh.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def isolated(work: Callable[[], str], time_limit: float) -> tuple[str, str]:
    """Run WORK in a forked child under a hard memory limit, killed at TIME_LIMIT seconds.
    ("ok", text), ("error", message of WORK's own exception) or ("limit", what stopped it: memory
    or time). Without fork: WORK here, in this process."""
    if not hasattr(os, "fork"):
        return "ok", work()
    import json
    import select
    import signal
    import time

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: nothing of the parent's (atexit, buffered output) runs here
        code = 0
        try:
            os.close(read_end)
            space = _address_space()
            if space is not None:
                import resource

                resource.setrlimit(resource.RLIMIT_AS, (space + MEMORY_HEADROOM, space + MEMORY_HEADROOM))
            try:
                reply = ["ok", work()]
            except MemoryError:
                reply = ["limit", f"the template needed more than {MEMORY_HEADROOM // 2**20} MB of memory"]
            except BaseException as exc:  # noqa: BLE001 - WORK's failure, as its message
                reply = ["error", str(exc) or type(exc).__name__]
            data = json.dumps(reply, ensure_ascii=True).encode("ascii")
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
        except BaseException:  # noqa: BLE001
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + time_limit
    timed_out = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([read_end], [], [], left)
            if not ready:
                continue
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        if timed_out:
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    if timed_out:
        return "limit", f"rendering took over {time_limit:g} s (a loop that never ends?)"
    try:
        kind, text = json.loads(b"".join(chunks).decode("ascii"))
        return str(kind), str(text)
    except (ValueError, TypeError):
        why = f"killed by signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else "ran out of memory"
        return "limit", f"the render stopped ({why}): the template needed more than " \
                        f"{MEMORY_HEADROOM // 2**20} MB of memory or time"


__all__ = ["MAX_VALUE", "MEMORY_HEADROOM", "TooBig", "before_binop", "before_call", "check", "concat", "isolated"]
