"""hostkit.model.records.Record behaves as typing.NamedTuple does, for everything the code uses."""

from __future__ import annotations

import copy
import pickle
from typing import NamedTuple

import pytest

from hostkit.model.entries import Action, PhaseRecord
from hostkit.model.records import Record


class Rec(Record):
    """A record for the tests."""

    a: str
    b: int = 0
    c: tuple[str, ...] = ()

    @property
    def twice(self) -> int:
        return 2 * self.b


class Ref(NamedTuple):
    a: str
    b: int = 0
    c: tuple[str, ...] = ()


CASES = [
    ("positional", lambda T: T("x", 1, ("y",))),
    ("defaults", lambda T: T("x")),
    ("keywords", lambda T: T(b=3, a="x")),
    ("mixed", lambda T: T("x", c=("z",))),
    ("replace", lambda T: T("x", 1)._replace(b=5)),
    ("make", lambda T: T._make(["x", 2, ()])),
]


@pytest.mark.parametrize("build", [c[1] for c in CASES], ids=[c[0] for c in CASES])
def test_record_matches_namedtuple(build):
    ours, ref = build(Rec), build(Ref)
    assert tuple(ours) == tuple(ref) and ours == ref and hash(ours) == hash(ref)
    assert ours._asdict() == ref._asdict()
    assert repr(ours) == repr(ref).replace("Ref(", "Rec(")
    assert (ours.a, ours.b, ours.c) == (ref.a, ref.b, ref.c)
    assert pickle.loads(pickle.dumps(ours)) == ours and type(pickle.loads(pickle.dumps(ours))) is Rec
    assert copy.deepcopy(ours) == ours and copy.copy(ours) is not None


@pytest.mark.parametrize("build", [
    lambda: Rec(),                   # a field without a default is missing
    lambda: Rec("x", 1, (), 4),      # too many
    lambda: Rec("x", a="y"),         # two values for a
    lambda: Rec("x", d=1),           # no such field
    lambda: Rec("x")._replace(d=1),  # no such field
    lambda: Rec._make(["x"]),        # too few
], ids=["missing", "too-many", "twice", "unknown", "replace-unknown", "make-short"])
def test_record_refuses_what_namedtuple_refuses(build):
    with pytest.raises(TypeError):
        build()


def test_record_fields_are_read_only_and_classes_keep_their_methods():
    r = Rec("x", 4)
    with pytest.raises(AttributeError):
        r.b = 5
    assert r.twice == 8 and Rec._fields == ("a", "b", "c") and Rec._field_defaults == {"b": 0, "c": ()}
    assert Rec.__doc__ == "A record for the tests."
    match r:
        case Rec(a, b):
            assert (a, b) == ("x", 4)
    with pytest.raises(TypeError):
        type("Bad", (Record,), {"__annotations__": {"a": "int", "b": "int"}, "a": 1})


def test_model_records_are_records():
    a = Action("Bob", "Kill", ("Ann",), seq=3)
    assert isinstance(a, tuple) and a._replace(seq=4).seq == 4 and a.skip is False
    assert PhaseRecord("night", 1).end is None
