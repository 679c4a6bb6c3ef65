"""Record: an immutable record class written like typing.NamedTuple, but cheap to define.

`class Action(Record): actor: str; seq: int = 0` gives what typing.NamedTuple gives and the
code uses: a tuple subclass with named fields (fast C field access), defaults, keyword
construction, `_replace`, `_asdict`, `_make`, `_fields`, `_field_defaults`, a readable repr,
equality and hashing as tuples, pattern matching, pickling and copying.

Why not typing.NamedTuple: collections.namedtuple compiles a fresh `__new__` with eval() for
every class, about 0.3 ms each; model/ defines some thirty records, which every command pays
at start-up (benchmarks/bench_status.py holds `hostkit status` to 1.5x a bare click import).
Record shares one `__new__` and defines a class in a few microseconds.
"""

from __future__ import annotations

from operator import attrgetter
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


# --------------------------------------------------------------------------- mutable state

_MISSING: Any = object()


class _Field:
    __slots__ = ("default", "default_factory")

    def __init__(self, default: Any, default_factory: Any) -> None:
        self.default = default
        self.default_factory = default_factory


def field(*, default: Any = _MISSING, default_factory: Any = _MISSING) -> Any:
    """dataclasses.field's `default` and `default_factory`, for a @mutable class."""
    if (default is _MISSING) == (default_factory is _MISSING):
        raise TypeError("field() takes exactly one of default and default_factory")
    return _Field(default, default_factory)


def mutable(cls: type) -> type:
    """@dataclasses.dataclass (init, repr, eq; unhashable) for the replayed state's mutable
    classes, written the same way (`x: int = 0`, `y: dict = field(default_factory=dict)`), but
    built without compiling source: dataclasses makes each class by exec()ing generated code,
    about 1 ms a class at every start-up. Only what these classes use is supported."""
    name = cls.__qualname__
    names: list[str] = []
    defaults: dict[str, tuple[bool, Any]] = {}  # field -> (is a factory, the value or the factory)
    for f, note in cls.__dict__.get("__annotations__", {}).items():
        if str(note).startswith(("ClassVar", "typing.ClassVar")):
            continue
        names.append(f)
        if f in cls.__dict__:
            value = cls.__dict__[f]
            if isinstance(value, _Field):
                if value.default_factory is not _MISSING:
                    defaults[f] = (True, value.default_factory)
                    delattr(cls, f)
                    continue
                value = value.default
                setattr(cls, f, value)
            defaults[f] = (False, value)
        elif defaults:
            raise TypeError(f"{name}: non-default field {f!r} follows a default field")
    fields = tuple(names)

    def __init__(self: Any, *args: Any, **kw: Any) -> None:
        if len(args) > len(fields):
            raise TypeError(f"{name}() takes {len(fields)} fields, got {len(args)}")
        d = self.__dict__
        for i, f in enumerate(fields):
            if i < len(args):
                if f in kw:
                    raise TypeError(f"{name}() got two values for {f!r}")
                d[f] = args[i]
            elif f in kw:
                d[f] = kw.pop(f)
            elif f in defaults:
                factory, value = defaults[f]
                d[f] = value() if factory else value
            else:
                raise TypeError(f"{name}() missing the field {f!r}")
        if kw:
            raise TypeError(f"{name}() has no field {next(iter(kw))!r}")

    def __repr__(self: Any) -> str:
        return f"{name}(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in fields) + ")"

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in fields)

    for fn in (__init__, __repr__, __eq__):
        fn.__qualname__ = f"{name}.{fn.__name__}"
        setattr(cls, fn.__name__, fn)
    cls.__hash__ = None  # type: ignore[assignment]  # mutable and compared by value, as a dataclass
    cls.__match_args__ = fields  # type: ignore[attr-defined]
    cls.__dataclass_fields__ = _DataclassFields(fields, defaults)  # type: ignore[attr-defined]
    return cls


class _DataclassFields:
    """A @mutable class's `__dataclass_fields__`, made by dataclasses itself on first use only, so
    dataclasses.fields(), is_dataclass(), replace() and asdict() work on it as on a dataclass."""

    def __init__(self, fields: tuple[str, ...], defaults: dict[str, tuple[bool, Any]]) -> None:
        self.fields = fields
        self.defaults = defaults

    def __get__(self, obj: Any, owner: type) -> Any:
        import dataclasses

        ns: dict[str, Any] = {"__annotations__": {f: owner.__annotations__[f] for f in self.fields}}
        for f, (factory, value) in self.defaults.items():
            ns[f] = dataclasses.field(default_factory=value) if factory else value
        made = dataclasses.dataclass(type(owner.__name__, (), ns)).__dataclass_fields__  # type: ignore[attr-defined]
        setattr(owner, "__dataclass_fields__", made)
        return made


# --------------------------------------------------------------------------- the engine's slotted objects


def slotted(cls: type) -> type:
    """@dataclasses.dataclass(slots=True) (repr, eq; unhashable; no instance dict) for the
    night's working objects (engine/night.py's Act, Block, Protection, Heal, Attack), built
    without compiling code: dataclasses exec()s generated source for each class, some 3 M
    instructions a class in every process that resolves a night (a first `hostkit votes`
    included, whose replay resolves night 1).

    The class is written with its fields annotated in order, as for a dataclass, but with no
    default values in its body, and its own `__init__` (plain compiled code: an Act is made for
    every action of a night, so its __init__ stays as fast as the generated one). `slotted`
    makes the class again with `__slots__` of its own fields (a subclass adds its fields after
    its base's), and gives it the dataclass's repr (every field), eq (every field, same class
    only), `__hash__ = None` and `__match_args__` (the __init__'s positional parameters). An
    __init__ that never sets a field is refused here, at import, not at the first use of it."""
    own = tuple(cls.__dict__.get("__annotations__", {}))
    fields = getattr(cls, "_fields", ()) + own  # a slotted base's fields first
    init = cls.__dict__["__init__"].__code__
    unset = [f for f in own if f not in init.co_names]
    if unset:
        raise TypeError(f"{cls.__qualname__}.__init__ never sets {', '.join(unset)}")
    ns = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    ns["__slots__"] = own
    ns["_fields"] = fields
    values = attrgetter(*fields) if len(fields) > 1 else (lambda obj: (getattr(obj, fields[0]),))
    name = cls.__qualname__

    def __repr__(self: Any) -> str:
        return f"{type(self).__qualname__}(" + ", ".join(f"{f}={v!r}" for f, v in zip(fields, values(self))) + ")"

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    for fn in (__repr__, __eq__):
        fn.__qualname__ = f"{name}.{fn.__name__}"
        ns[fn.__name__] = fn
    ns["__hash__"] = None
    ns["__match_args__"] = init.co_varnames[1:init.co_argcount]
    made = type(cls)(cls.__name__, cls.__bases__, ns)
    made.__qualname__ = name
    return made
