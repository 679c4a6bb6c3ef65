"""The rendering room: the one Jinja environment, template lookup, escaping and output formats.

Every post and PM hostkit writes is a Jinja template rendered here. The environment is a
``SandboxedEnvironment`` (a game folder's templates are data from a co-host) with
``StrictUndefined``, ``trim_blocks`` and ``lstrip_blocks``.

Lookup, first match wins, for a template NAME (``role_pm.txt``...) in format FMT:

1. the game folder's ``templates/FMT/NAME``, then ``templates/NAME``;
2. the ruleset's ``games/<ruleset>/templates/FMT/NAME``, then ``templates/NAME``;
3. the bundled ``templates/FMT/NAME`` (package data, read with importlib.resources).

Formats: ``bbcode`` (the default), ``markdown`` and ``plain``; a game's ``format`` option picks one.

Escaping is automatic. Every string a template prints with ``{{ ... }}`` is escaped for the
format unless it is already markup (the output of a macro, an include, or the ``safe`` filter):
in BBCode ``[`` becomes ``[[i][/i]`` (an empty italic pair after the bracket, so no tag can start
there; phpBB, vBulletin and XenForo all show the same text), in Markdown the characters that
start markup are backslash-escaped, in plain text nothing changes. A template author therefore
cannot forget to escape a player's name, and literal markup belongs in the template text itself.
Strings from the context stay escaped through every path (``safe``, ``replace``, ``title``,
``list|join``, slicing, ``~`` with markup...): before rendering, each character of a context
string that could start markup is swapped for an inert private-use stand-in (see ``INERT``), and
the finished text turns every stand-in into its escaped form. So only text the template itself
contains can ever be markup; the ``esc`` filter is there for clarity and never escapes twice. Filters:
``esc``, ``num`` (3.0 -> 3), ``and_list`` ("Ann, Bob and Cy"), ``url`` (for [url=...] and (...)),
``quote_lines`` (prefix every line, for quoting a rendered PM in Markdown or plain text),
``code`` (a command to copy, as a code span: in Markdown its text is kept as written, since a
backslash escape inside a code span is shown, not read).

Limits: a game folder's templates are read only if they resolve inside the game folder (a
symlinked file or format folder pointing elsewhere is refused) and are no hard link (a file with
another name may be any file of the user's, so it is refused as a symlink out is); a render stops with an error
naming the template after TIME_LIMIT seconds or MAX_OUTPUT characters, and arithmetic, calls and
filters that would build huge values (``9**(9**9)``, ``'a'*10**9``, ``center(10**9)``) are refused
before they run.

Jinja is imported only when a Renderer is built, so commands that never render do not load it.
Every template failure (not found, syntax, undefined variable, sandbox refusal) becomes a
:class:`hostkit.model.errors.TemplateError` naming the template file and line.

The escaping is hostkit.words.escaping's and the template search path hostkit.words.templatepath's;
`escape`, `bundled_dir` and `search_path` are re-exported here.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..model.errors import TemplateError
from .escaping import (  # noqa: F401 (escape re-exported)
    _URL_UNSAFE, ESCAPES, check_format, escape, format_number, make_inert, raw, restore,
)
from ..game.formats import DEFAULT_FORMAT, FORMATS, game_format  # noqa: F401 (re-exported)
from .templatepath import _uptodate, bundled_dir, search_path
from ..store.tomlio import not_regular

if TYPE_CHECKING:  # pragma: no cover
    from ..game.game import Game

EXT = ".txt"  # every template's file name ends in it: role_pm.txt, death_post.txt...
TEMPLATES = ("role_pm", "night_result", "night_info", "death_post", "flip", "vote_count", "vote_count_host",
             "speaking_order", "end_post")

TIME_LIMIT = 10.0  # seconds a single render may take
MAX_OUTPUT = 1_000_000  # characters a single render may produce (a forum post is far smaller)
MAX_NUMBER = 1_000_000  # the largest int a template may pass to a call or filter, or repeat by
MAX_POWER_BITS = 4096  # the largest result of ** in bits
MAX_TEMPLATE = 256 * 1024  # bytes of one template file (the bundled ones are a few KiB)


# ----------------------------------------------------------------------------- the environment


class Renderer:
    """The one Jinja environment for a format and a search path.

    ``render(name, **context)`` renders template ``name`` (with or without ``.txt``); strings in
    the context are escaped for the format when printed. Build one with :func:`renderer_for`.
    """

    def __init__(self, fmt: str = DEFAULT_FORMAT, dirs: Sequence[Any] | None = None, *,
                 confine: Path | None = None) -> None:
        self.format = check_format(fmt)
        self.dirs = list(dirs) if dirs is not None else [bundled_dir() / self.format]
        self.confine = Path(confine) if confine is not None else None  # the game folder
        self.time_limit = TIME_LIMIT
        self.max_output = MAX_OUTPUT
        self._files: set[str] = set()
        self._env = self._build()

    # -- building

    def _build(self) -> Any:
        import jinja2
        from jinja2.sandbox import SandboxedEnvironment
        from markupsafe import Markup

        fmt_escape = ESCAPES[self.format]
        renderer = self

        class Loader(jinja2.BaseLoader):
            def get_source(self, environment: Any, template: str) -> tuple[str, str, Callable[[], bool]]:
                parts = jinja2.loaders.split_template_path(template)  # refuses '..'
                candidates = []
                for d in renderer.dirs:
                    f = d
                    for p in parts:
                        f = f / p
                    candidates.append(f)
                    special = not_regular(f)
                    if special:  # a named pipe would block the read for ever; never skipped silently
                        raise TemplateError(f"{f}: is {special}, not a template file: delete it (or put the "
                                            "real template back)")
                    if f.is_file():
                        name = str(f)
                        renderer._confined(f)
                        renderer._files.add(name)
                        return renderer._read(f), name, _uptodate(f, candidates[:-1])
                raise jinja2.TemplateNotFound(template)

        def finalize(value: Any) -> Any:
            if isinstance(value, Markup):
                return value
            if isinstance(value, str):
                return Markup(fmt_escape(value))
            if isinstance(value, float):
                return format_number(value)
            return value

        def esc(value: Any) -> Any:
            if isinstance(value, Markup):
                return value
            return Markup(fmt_escape(str(value)))

        def and_list(values: Iterable[Any], word: str = "and") -> Any:
            items = [esc(v) for v in values]
            if len(items) <= 1:
                return Markup("".join(items))
            return Markup(", ").join(items[:-1]) + Markup(f" {fmt_escape(word)} ") + items[-1]

        def url(value: Any) -> Any:
            # a URL inside [url=...] or (...) must not end the tag early
            return Markup(_URL_UNSAFE.sub(lambda m: "%{:02X}".format(ord(m.group())), raw(str(value))))

        def quote_lines(value: Any, prefix: str = "> ") -> Any:
            text = str(esc(value))
            return Markup("\n".join((prefix + line).rstrip() for line in text.split("\n")))

        def code(value: Any) -> Any:
            # Markdown shows a code span's text as written, backslashes included: escaping a name
            # there would print `hostkit alias FA\_Q2`, a command that names no one. So the span
            # holds the raw text, fenced by one more backtick than the longest run inside it.
            if self.format != "markdown":
                return Markup("`") + esc(value) + Markup("`")
            text = raw(str(value))
            fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
            pad = " " if text[:1] == "`" or text[-1:] == "`" else ""
            return Markup(f"{fence}{pad}{text}{pad}{fence}")

        from jinja2.exceptions import SecurityError

        def too_big(value: Any) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER

        def wide_format(text: Any) -> bool:  # '{:>1000000000}' or '%1000000000s'
            return isinstance(text, str) and re.search(r"\d{%d,}" % (len(str(MAX_NUMBER)) + 1), text) is not None

        from jinja2.compiler import CodeGenerator
        from jinja2.runtime import markup_join

        from . import sandbox as limits

        def guarded(what: str, run: Callable[[], Any]) -> Any:
            try:
                return limits.check(run(), what)
            except limits.TooBig as exc:
                raise SecurityError(str(exc)) from None

        class Generator(CodeGenerator):
            def visit_Concat(self, node: Any, frame: Any) -> None:  # `a ~ b`: bounded before joining
                self.write("environment.concat_bounded((")
                for arg in node.nodes:
                    self.visit(arg, frame)
                    self.write(", ")
                self.write("))")

        class Sandbox(SandboxedEnvironment):
            intercepted_binops = frozenset(["*", "**", "<<", "+", "%"])
            code_generator_class = Generator

            def concat_bounded(self, items: tuple[Any, ...]) -> Any:
                return guarded("'~'", lambda: limits.concat(items, markup_join))

            def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
                if operator == "**" and isinstance(left, int) and isinstance(right, int) and right > 0 \
                        and max(left.bit_length(), 1) * right > MAX_POWER_BITS:
                    raise SecurityError(f"{left} ** {right} is too large a number")
                if operator == "<<" and isinstance(right, int) and right > MAX_POWER_BITS:
                    raise SecurityError(f"<< {right} is too large a number")
                if operator == "*":
                    for a, b in ((left, right), (right, left)):
                        if isinstance(a, (str, list, tuple)) and isinstance(b, int) and len(a) * b > MAX_OUTPUT:
                            raise SecurityError(f"repeating {len(a)} items {b} times is too large")

                def run() -> Any:
                    limits.before_binop(operator, left, right)
                    return SandboxedEnvironment.call_binop(self, context, operator, left, right)
                return guarded(f"'{operator}'", run)

            def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
                if any(too_big(a) for a in (*args, *kwargs.values())):
                    raise SecurityError(f"a number over {MAX_NUMBER:,} passed to a call")
                method = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
                name = getattr(method, "__name__", "")
                if name in ("format", "format_map") and wide_format(getattr(method, "__self__", None)):
                    raise SecurityError(f"a field width over {MAX_NUMBER:,} in a format string")

                def run() -> Any:
                    owner = getattr(method, "__self__", None)
                    limits.before_call(name, owner, args, kwargs)
                    result = SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs)
                    limits.check(owner, f"{name}()")  # a list grown in place (append, extend) returns None
                    return result
                return guarded(f"{name or 'a call'}()", run)

        def bounded(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
            import functools

            @functools.wraps(f)
            def guard(*args: Any, **kwargs: Any) -> Any:
                if any(too_big(a) for a in (*args, *kwargs.values())):
                    raise SecurityError(f"a number over {MAX_NUMBER:,} passed to the {name} filter")
                if name == "format" and any(wide_format(a) for a in args):
                    raise SecurityError(f"a field width over {MAX_NUMBER:,} in a format string")

                def run() -> Any:
                    plain = [a for a in args if not hasattr(a, "autoescape")]  # the eval context aside
                    if name == "replace" and len(plain) >= 3:
                        limits.before_call("replace", str(plain[0]), (str(plain[1]), str(plain[2])), {})
                    elif name == "join" and plain and isinstance(plain[0], (list, tuple)):  # never a generator
                        sep = plain[1] if len(plain) > 1 else kwargs.get("d", "")
                        limits.before_call("join", str(sep), ([str(x) for x in plain[0]],), {})
                    elif name == "format" and plain and isinstance(plain[0], str):
                        limits.before_binop("%", plain[0], tuple(plain[1:]) or dict(kwargs))
                    return f(*args, **kwargs)
                return guarded(f"the {name} filter", run)
            return guard

        env = Sandbox(
            loader=Loader(), undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
            autoescape=True, finalize=finalize, keep_trailing_newline=False,
        )
        env.filters.update(esc=esc, e=esc, escape=esc, num=format_number, and_list=and_list, url=url,
                           quote_lines=quote_lines, code=code)
        for key, f in list(env.filters.items()):
            env.filters[key] = bounded(key, f)
        env.globals.update(format=self.format)
        self._markup = Markup
        self._text_class = type("Text", (str,), {"__html__": lambda s: fmt_escape(str.__str__(s)),
                                                 "__slots__": ()})
        return env

    # -- rendering

    def wrap(self, value: Any) -> Any:
        """Strings in dicts, lists and tuples marked as text to escape, even when joined to markup."""
        if isinstance(value, self._markup):
            return value
        if isinstance(value, str):
            return self._text_class(make_inert(value, self.format))
        if isinstance(value, Mapping):
            return {k: self.wrap(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.wrap(v) for v in value]
        return value

    def markup(self, text: str) -> Any:
        """TEXT marked as already rendered (not escaped again), e.g. one template's output in another."""
        return self._markup(text)

    def render(self, name: str, /, **context: Any) -> str:
        """Render template NAME; a TemplateError names the file and line on any failure."""
        import jinja2

        if not name.endswith(EXT):
            name += EXT
        try:
            template = self._env.get_template(name)
        except jinja2.TemplateNotFound as exc:
            raise TemplateError(f"template {exc.name!r} not found (looked in "
                                f"{', '.join(str(d) for d in self.dirs)})") from None
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(f"{exc.filename or name}:{exc.lineno}: {exc.message}") from None
        wrapped = {k: self.wrap(v) for k, v in context.items()}
        if self._untrusted():  # a game folder's (or any not bundled) templates: under a hard memory limit
            from .sandbox import isolated

            kind, text = isolated(lambda: self._checked_run(name, template, wrapped), self.time_limit)
            if kind != "ok":
                raise TemplateError(text if kind == "error" else f"{template.filename}: {text}")
        else:
            text = self._checked_run(name, template, wrapped)
        return restore(text, self.format).rstrip() + "\n"

    def _checked_run(self, name: str, template: Any, context: dict[str, Any]) -> str:
        """The render, every failure a TemplateError naming the file and line."""
        import jinja2

        try:
            return self._run(template, context)
        except (TemplateError, MemoryError):  # a MemoryError: the forked render's hard limit, said there
            raise
        except _Limit as exc:
            raise TemplateError(f"{template.filename}: {exc}") from None
        except jinja2.TemplateSyntaxError as exc:  # an include's syntax error
            raise TemplateError(f"{exc.filename or name}:{exc.lineno}: {exc.message}") from None
        except Exception as exc:  # noqa: BLE001 - any failure inside a template is the template's
            where = self._where(exc) or f"{template.filename}:?"
            raise TemplateError(f"{where}: {_message(exc)}") from None

    def _untrusted(self) -> bool:
        """Whether a template may come from outside hostkit's own (bundled templates and rulesets)."""
        root = Path(str(bundled_dir()))
        trusted = (str(root), str(root.parent / "games"))
        return any(isinstance(d, Path) and not str(d).startswith(trusted) and d.is_dir() for d in self.dirs)

    def _run(self, template: Any, context: dict[str, Any]) -> str:
        """Render within the time and output limits (a timer interrupts loops that print nothing)."""
        import signal
        import threading
        import time

        deadline = time.monotonic() + self.time_limit
        timer = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if timer:
            def ring(signum: int, frame: Any) -> None:
                raise _Limit(f"rendering took over {self.time_limit:g} s (a loop that never ends?)")
            old = signal.signal(signal.SIGALRM, ring)
            signal.setitimer(signal.ITIMER_REAL, self.time_limit)
        try:
            out: list[str] = []
            size = 0
            for chunk in template.generate(**context):
                size += len(chunk)
                if size > self.max_output:
                    raise _Limit(f"the output passed {self.max_output:,} characters")
                if time.monotonic() > deadline:
                    raise _Limit(f"rendering took over {self.time_limit:g} s (a loop that never ends?)")
                out.append(chunk)
            return "".join(out)
        finally:
            if timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old)

    def _read(self, path: Path) -> str:
        """A template's text, read from one open file: its size, and for a game folder's
        template its links, checked on what is read (never a name looked at, then another read)."""
        name = str(path)
        if not self._in_game(path):  # a ruleset's or the bundled templates (maybe in a wheel: not a plain file)
            try:
                if path.stat().st_size > MAX_TEMPLATE:
                    raise TemplateError(f"{name}: over {MAX_TEMPLATE // 1024} KiB: not a template")
                return path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise TemplateError(f"{name}: cannot read template: {exc}") from None
        try:
            with open(path, "rb") as fh:
                st = os.fstat(fh.fileno())
                if st.st_size > MAX_TEMPLATE:
                    raise TemplateError(f"{name}: over {MAX_TEMPLATE // 1024} KiB: not a template")
                if st.st_nlink > 1:
                    # a hard link's other name may be any file of the user's: treated as a symlink out
                    raise TemplateError(f"{name}: is a hard link ({st.st_nlink} names for one file), which may be a "
                                        "file outside the game folder; templates must be the game folder's own "
                                        "files: copy it in place of the link")
                return fh.read(MAX_TEMPLATE + 1).decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TemplateError(f"{name}: cannot read template: {exc}") from None

    def _in_game(self, path: Path) -> bool:
        if self.confine is None:
            return False
        try:
            Path(path).relative_to(self.confine)
            return True
        except ValueError:
            return False

    def _confined(self, path: Path) -> None:
        """Refuse a game folder's template that resolves outside the game folder (a symlink)."""
        if not self._in_game(path):
            return  # a ruleset's or the bundled templates: not the game folder's
        home = self.confine.resolve()
        real = Path(path).resolve()
        if real != home and home not in real.parents:
            raise TemplateError(f"{path}: resolves to {real}, outside the game folder {home}; "
                                "templates must live in the game folder (no symlinks out)")

    def _where(self, exc: BaseException) -> str | None:
        """file:line of the innermost template frame of the exception's traceback."""
        found = None
        tb = exc.__traceback__
        while tb is not None:
            filename = tb.tb_frame.f_code.co_filename
            if filename in self._files:
                found = f"{filename}:{tb.tb_lineno}"
            tb = tb.tb_next
        return found


class _Limit(BaseException):
    """A render passed its time or output limit."""


def _message(exc: BaseException) -> str:
    kind = type(exc).__name__
    text = str(exc)
    if kind == "UndefinedError":
        return text
    return f"{kind}: {text}" if text else kind


_RENDERERS: dict[tuple[str, tuple[str, ...], str], Renderer] = {}


def renderer_for(game: "Game | None", fmt: str | None = None) -> Renderer:
    """The Renderer for a game: its format (or FMT) and its template search path. Renderers are
    kept for the process (a template compiles once; a changed or newly overriding file is seen)."""
    fmt = check_format(fmt or (game_format(game) if game is not None else DEFAULT_FORMAT))
    dirs = search_path(game, fmt)
    confine = Path(game.folder) if game is not None else None
    key = (fmt, tuple(str(d) for d in dirs), str(confine))
    r = _RENDERERS.get(key)
    if r is None:
        if len(_RENDERERS) > 64:
            _RENDERERS.clear()
        r = _RENDERERS[key] = Renderer(fmt, dirs, confine=confine)
    return r
