"""Start-up of the `hostkit` command (benchmarks/bench_status.py times it)."""

from __future__ import annotations

import os
import subprocess
import sys
from ast import literal_eval

import pytest

from hostkit.cli import GC_FIRST_THRESHOLD


def test_the_command_collects_garbage_less_often_and_an_importing_program_keeps_its_own():
    show = "import atexit, gc; atexit.register(lambda: print(gc.get_threshold()))\n"
    as_command = show + "import sys; sys.argv = ['hostkit', '--version']\nfrom hostkit.cli import main\nmain()"
    as_library = show + "import hostkit.cli, hostkit.game.game"
    default = subprocess.run([sys.executable, "-c", "import gc; print(gc.get_threshold())"], check=True,
                             capture_output=True, text=True).stdout.strip()
    command = subprocess.run([sys.executable, "-c", as_command], check=True, capture_output=True, text=True)
    library = subprocess.run([sys.executable, "-c", as_library], check=True, capture_output=True, text=True)
    assert command.stdout.splitlines()[-1] == str((GC_FIRST_THRESHOLD, *literal_eval(default)[1:]))
    assert library.stdout.strip() == default
    assert GC_FIRST_THRESHOLD > literal_eval(default)[0]


def test_importing_the_command_line_stops_the_collector_never_and_leaves_the_importers_threshold():
    """hostkit.cli raises the threshold while click and its own modules are imported (they made
    the collector stop some twenty times for nothing), and puts the importer's back after."""
    code = ("import gc\ngc.set_threshold(600, 4, 5)\nruns = []\n"
            "gc.callbacks.append(lambda phase, info: phase == 'start' and runs.append(info['generation']))\n"
            "import %s\nprint(len(runs), gc.get_threshold())")
    runs = {}
    for module in ("click", "hostkit.cli"):  # hostkit.cli imports click, and more
        out = subprocess.run([sys.executable, "-c", code % module], check=True, capture_output=True, text=True)
        count, threshold = out.stdout.split(" ", 1)
        runs[module] = int(count)
        assert threshold.strip() == "(600, 4, 5)"
    assert runs["click"] >= 10 and runs["hostkit.cli"] <= 3, runs


def test_the_objects_the_import_made_set_off_no_collection_after_it_and_an_importers_frozen_ones_stay_frozen():
    """Put back after the imports, the importer's threshold (600 here) was far below the 13,000
    objects they had made: the next allocation set off a collection of all of them (~2 ms of every
    command). They are moved to the oldest generation instead (gc.freeze, gc.unfreeze), so neither
    the import nor the importer's next few hundred allocations collect, and nothing stays frozen.
    A program that had frozen objects of its own keeps them frozen. (From bytecode, as an installed
    hostkit runs: compiling the modules' sources makes many more objects.)"""
    code = ("import gc\ngc.set_threshold(600, 4, 5)\n%s\nruns = []\n"
            "gc.callbacks.append(lambda phase, info: phase == 'start' and runs.append(info['generation']))\n"
            "import hostkit.cli\nmade = [[i] for i in range(400)]\n"
            "print(len(runs), gc.get_freeze_count() > 0, gc.get_threshold())")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-c", "import hostkit.cli"], check=True, env=env)  # writes the bytecode
    plain = subprocess.run([sys.executable, "-c", code % ""], check=True, capture_output=True, text=True, env=env)
    frozen = subprocess.run([sys.executable, "-c", code % "keep = [[1]]; gc.freeze()"], check=True,
                            capture_output=True, text=True, env=env)
    assert plain.stdout.split(" ", 2) == ["0", "False", "(600, 4, 5)\n"]
    assert frozen.stdout.split(" ", 2)[1:] == ["True", "(600, 4, 5)\n"]


def test_the_command_leaves_its_objects_out_of_the_teardowns_collections_and_still_prints_all(tmp_path):
    """main() freezes the process's objects once the command is done (gc.freeze): the interpreter's
    teardown then skips them in its full collections. What the command prints is all there, and a
    program that imports hostkit freezes nothing."""
    show = "import atexit, gc; atexit.register(lambda: print('FROZEN', gc.get_freeze_count() > 0))\n"
    as_command = show + ("import sys; sys.argv = ['hostkit', 'rulesets']\nfrom hostkit.cli import main\n"
                         "try:\n    main()\nfinally:\n    print('EXITING', gc.get_freeze_count() > 0)")
    command = subprocess.run([sys.executable, "-c", as_command], check=True, capture_output=True, text=True)
    library = subprocess.run([sys.executable, "-c", show + "import hostkit.cli, hostkit.game.game"], check=True,
                             capture_output=True, text=True)
    *printed, exiting, frozen = command.stdout.splitlines()
    assert (exiting, frozen, library.stdout.strip()) == ("EXITING True", "FROZEN True", "FROZEN False")
    assert "classic-werewolf" in "\n".join(printed)


# records.mutable stands in for @dataclass on the replayed state (PlayerState, GameState), built
# without compiling code at import: it must behave as the dataclass it replaces.

def _pair():
    import dataclasses

    from hostkit.model.records import field, mutable

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


# records.slotted stands in for @dataclass(slots=True) on the night's working objects (engine/night.py's
# Act, Block, Protection, Heal, Attack; effects/block.py's HomeBlock), built without compiling code.

def _slotted_pair():
    import dataclasses

    from hostkit.model.records import slotted

    @dataclasses.dataclass(slots=True)
    class Guard:
        by: str
        kinds: tuple
        used: int = 0

    @dataclasses.dataclass(slots=True)
    class Wall(Guard):
        quiet: tuple = ()

    @slotted
    class SGuard:
        by: str
        kinds: tuple
        used: int

        def __init__(self, by: str, kinds: tuple, used: int = 0) -> None:
            self.by = by
            self.kinds = kinds
            self.used = used

    @slotted
    class SWall(SGuard):
        quiet: tuple

        def __init__(self, by: str, kinds: tuple, used: int = 0, quiet: tuple = ()) -> None:
            SGuard.__init__(self, by, kinds, used)
            self.quiet = quiet

    return (Guard, Wall), (SGuard, SWall)


@pytest.mark.parametrize("args, kw", [(("Ann", ("kill",)), {}), (("Ann", (), 2), {}), (("Ann", ()), {"quiet": ("x",)})],
                         ids=["defaults", "positional", "subclass-field"])
def test_a_slotted_class_is_built_as_its_slotted_dataclass(args, kw):
    (dc, dsub), (sl, ssub) = _slotted_pair()
    for d, s, a, k in ((dc, sl, args, {}), (dsub, ssub, args, kw)):
        x, y = d(*a, **k), s(*a, **k)
        assert repr(y) == repr(x).replace(d.__qualname__, s.__qualname__, 1)
        assert s(*a, **k) == y and (y == x) is False and s("Other", ()) != y
        assert s.__match_args__ == d.__match_args__ and s.__slots__ == d.__slots__
        assert not hasattr(y, "__dict__") and s.__hash__ is None
        with pytest.raises(TypeError):
            hash(y)
        y.used += 1  # mutable, like the dataclass
        assert y.used == x.used + 1
    assert ssub("Ann", ()) != sl("Ann", ())  # another class is not equal, even with the same fields


def test_a_slotted_class_whose_init_forgets_a_field_is_refused_at_import():
    from hostkit.model.records import slotted

    class Heal:
        by: str
        cures: tuple

        def __init__(self, by: str) -> None:
            self.by = by

    with pytest.raises(TypeError, match="never sets cures"):
        slotted(Heal)


def test_the_engine_night_objects_are_slotted_without_dataclasses():
    code = ("import sys\nfrom hostkit.engine import resolver\n"
            "from hostkit.engine.night import Act, Attack, Block, Heal, Protection\n"
            "from hostkit.engine.effects.block import HomeBlock\n"
            "print('dataclasses' in sys.modules, [hasattr(c, '__dict__') and '__dict__' in c.__dict__ "
            "for c in (Act, Attack, Block, Heal, Protection, HomeBlock)])")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["False", "[False,", "False,", "False,", "False,", "False,", "False]"]


def test_a_phases_generator_is_made_at_its_first_draw_and_draws_what_random_draws():
    """engine.rng_for gives random.Random("hostkit:SEED:PHASE:N")'s draws, in order, but imports
    `random` only when something draws: a replayed night that draws nothing (no chance of a
    kill, no random reading) does not load it (issue 39)."""
    import random

    from hostkit.engine import rng_for

    for seed, phase, n in ((1, "night", 1), (7, "day", 3)):
        ours, theirs = rng_for(seed, phase, n), random.Random(f"hostkit:{seed}:{phase}:{n}")
        assert [ours.random(), ours.choice("abcdef"), ours.sample(range(50), 5)] == \
               [theirs.random(), theirs.choice("abcdef"), theirs.sample(range(50), 5)]
    code = ("import sys\nfrom hostkit.engine import rng_for\nr = rng_for(1, 'night', 1)\n"
            "before = 'random' in sys.modules\nr.random()\nprint(before, 'random' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.split() == ["False", "True"]
