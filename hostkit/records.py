"""Record: an immutable record class written like typing.NamedTuple, but cheap to define.

`class Action(Record): actor: str; seq: int = 0` gives what typing.NamedTuple gives and the
code uses: a tuple subclass with named fields (fast C field access), defaults, keyword
construction, `_replace`, `_asdict`, `_make`, `_fields`, `_field_defaults`, a readable repr,
equality and hashing as tuples, pattern matching, pickling and copying.

Why not typing.NamedTuple: collections.namedtuple compiles a fresh `__new__` with eval() for
every class, about 0.3 ms each; model.py defines some thirty records, which every command pays
at start-up (benchmarks/bench_status.py holds `hostkit status` to 1.5x a bare click import).
Record shares one `__new__` and defines a class in a few microseconds.
"""

from __future__ import annotations

from typing import Any, Iterable

try:
    from _collections import _tuplegetter  # what collections.namedtuple uses for its fields
except ImportError:  # pragma: no cover - other Pythons
    from operator import itemgetter

    def _tuplegetter(index: int, doc: str) -> Any:
        return property(itemgetter(index), doc=doc)


class _RecordMeta(type):
    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> type:
        if ns.get("_root"):
            return super().__new__(mcls, name, bases, ns)
        annotations = ns.get("__annotations__")
        if annotations is None and "__annotate__" in ns:  # pragma: no cover - Python 3.14's lazy annotations
            import annotationlib

            annotations = annotationlib.call_annotate_function(ns["__annotate__"], annotationlib.Format.FORWARDREF)
        fields = tuple(annotations or {})
        defaults: dict[str, Any] = {}
        for f in fields:
            if f.startswith("_"):
                raise TypeError(f"{name}: field names cannot start with an underscore: {f!r}")
            if f in ns:
                defaults[f] = ns.pop(f)
            elif defaults:
                raise TypeError(f"{name}: non-default field {f!r} follows a default field")
        ns["__slots__"] = ()
        ns["_fields"] = fields
        ns["_field_defaults"] = defaults
        ns["__match_args__"] = fields
        for i, f in enumerate(fields):
            ns[f] = _tuplegetter(i, f"Alias for field number {i}")
        return super().__new__(mcls, name, bases, ns)


class Record(tuple, metaclass=_RecordMeta):
    """Base of the immutable records (see the module docstring)."""

    _root = True
    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _field_defaults: dict[str, Any] = {}

    def __new__(cls, *args: Any, **kw: Any) -> Any:
        fields = cls._fields
        if not kw and len(args) == len(fields):
            return tuple.__new__(cls, args)
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__} takes {len(fields)} fields, got {len(args)}")
        values = list(args)
        defaults = cls._field_defaults
        for f in fields[len(args):]:
            if f in kw:
                values.append(kw.pop(f))
            elif f in defaults:
                values.append(defaults[f])
            else:
                raise TypeError(f"{cls.__name__}() missing the field {f!r}")
        if kw:
            name = next(iter(kw))
            why = "got two values for" if name in fields else "has no field"
            raise TypeError(f"{cls.__name__}() {why} {name!r}")
        return tuple.__new__(cls, values)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Any:
        values = tuple(iterable)
        if len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__}._make: expected {len(cls._fields)} values, got {len(values)}")
        return tuple.__new__(cls, values)

    def _replace(self, **kw: Any) -> Any:
        values = tuple(map(kw.pop, self._fields, self))  # kw.pop(field, current value), field by field
        if kw:
            raise TypeError(f"{type(self).__name__} has no field {next(iter(kw))!r}")
        return tuple.__new__(type(self), values)

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(self._fields, self))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={v!r}" for f, v in zip(self._fields, self))
        return f"{type(self).__name__}({inner})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)
