"""Start-up of the `hostkit` command (benchmarks/bench_status.py times it)."""

from __future__ import annotations

import subprocess
import sys
from ast import literal_eval

import pytest

from hostkit.cli import GC_FIRST_THRESHOLD


def test_the_command_collects_garbage_less_often_and_an_importing_program_keeps_its_own():
    show = "import atexit, gc; atexit.register(lambda: print(gc.get_threshold()))\n"
    as_command = show + "import sys; sys.argv = ['hostkit', '--version']\nfrom hostkit.cli import main\nmain()"
    as_library = show + "import hostkit.cli, hostkit.game"
    default = subprocess.run([sys.executable, "-c", "import gc; print(gc.get_threshold())"], check=True,
                             capture_output=True, text=True).stdout.strip()
    command = subprocess.run([sys.executable, "-c", as_command], check=True, capture_output=True, text=True)
    library = subprocess.run([sys.executable, "-c", as_library], check=True, capture_output=True, text=True)
    assert command.stdout.splitlines()[-1] == str((GC_FIRST_THRESHOLD, *literal_eval(default)[1:]))
    assert library.stdout.strip() == default
    assert GC_FIRST_THRESHOLD > literal_eval(default)[0]


# records.mutable stands in for @dataclass on the replayed state (PlayerState, GameState), built
# without compiling code at import: it must behave as the dataclass it replaces.

def _pair():
    import dataclasses

    from hostkit.records import field, mutable

    def declare(deco, fld):
        class State:
            name: str
            alive: bool = True
            tags: dict = fld(default_factory=dict)
            count: int = fld(default=3)
        return deco(State)

    return declare(dataclasses.dataclass, dataclasses.field), declare(mutable, field)


@pytest.mark.parametrize("args, kw", [(("Ann",), {}), (("Ann", False), {}), ((), {"name": "Ann", "count": 5}),
                                      (("Ann",), {"tags": {"x": 1}})],
                         ids=["defaults", "positional", "keywords", "factory-overridden"])
def test_a_mutable_class_is_built_as_its_dataclass(args, kw):
    dc, mu = _pair()
    a, b = dc(*args, **kw), mu(*args, **kw)
    assert repr(a) == repr(b) and vars(a) == vars(b)
    assert mu(*args, **kw) == b and mu("Other") != b and (b == a) is False  # another class is not equal
    assert mu("Ann").tags is not mu("Ann").tags  # a fresh dict each time
    with pytest.raises(TypeError):
        hash(b)


@pytest.mark.parametrize("args, kw", [((), {}), (("Ann",), {"name": "Bob"}), (("Ann",), {"colour": 1}),
                                      (("Ann", True, {}, 1, 2), {})],
                         ids=["missing", "twice", "unknown", "too-many"])
def test_a_mutable_class_refuses_what_its_dataclass_refuses(args, kw):
    dc, mu = _pair()
    with pytest.raises(TypeError):
        dc(*args, **kw)
    with pytest.raises(TypeError):
        mu(*args, **kw)


def test_dataclasses_functions_work_on_a_mutable_class():
    import dataclasses

    dc, mu = _pair()
    a, b = dc("Ann", tags={"x": 1}), mu("Ann", tags={"x": 1})
    assert dataclasses.is_dataclass(b)
    assert [(f.name, f.default) for f in dataclasses.fields(b)] == [(f.name, f.default) for f in dataclasses.fields(a)]
    assert dataclasses.asdict(b) == dataclasses.asdict(a)
    copied = dataclasses.replace(b, alive=False)
    assert type(copied) is mu and copied.tags is b.tags and (copied.alive, b.alive) == (False, True)
