"""Issue 10, no import circles: the package's import graph, type-checking imports included, has
no cycle.

The graph comes from grimp (the library behind import-linter): it reads the import statements
of every module without importing anything, so what a test collected (or an extension that was
imported as a side effect) cannot hide or invent an edge, and it reports each import's line.
"""

from __future__ import annotations

import grimp
import pytest


def _cycles(graph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def _explain(graph, cycle: list[str]) -> str:
    lines = []
    for a in cycle:
        for b in sorted(graph.find_modules_directly_imported_by(a)):
            if b in cycle:
                where = graph.get_import_details(importer=a, imported=b)
                line = where[0]["line_number"] if where else "?"
                lines.append(f"{a}:{line} imports {b}")
    return "\n".join(lines)


def test_the_package_has_no_import_cycle():
    graph = grimp.build_graph("hostkit", cache_dir=None)
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n" + "\n\n".join(_explain(graph, c) for c in cycles)


def test_the_cycle_finder_finds_a_cycle():
    """The check itself can fail: a graph with a -> b -> c -> a and a leaf d."""
    graph = grimp.ImportGraph()
    for m in ("p", "p.a", "p.b", "p.c", "p.d"):
        graph.add_module(m)
    for a, b in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.a", "p.d")):
        graph.add_import(importer=a, imported=b)
    assert _cycles(graph) == [["p.a", "p.b", "p.c"]]


# Issue 26: hostkit/votes/ is a leaf library. It counts posts for players, hosts, weights and
# options that its caller gives; it never reaches the game, the rules' rulings, the engine or the
# publishing side, neither by its own imports (lazy ones inside functions included: grimp reads
# every import statement) nor through another hostkit module it imports (so a utility module such
# as store.py or model.py may be used only while it pulls in none of them). The game's side of a
# count is hostkit/daycount.py, which imports votes/, never the other way round.
LEAF = "hostkit.votes"
FORBIDDEN = ("hostkit.game.game", "hostkit.game.day.rulings", "hostkit.engine", "hostkit.words.publish", "hostkit.game.day.daycount",
             "hostkit.cli")


def _forbidden_reached(graph, leaf: str, forbidden: tuple[str, ...]) -> list[str]:
    """Each forbidden module that a module of `leaf` imports, directly or transitively, with the
    chain of imports that reaches it."""
    out = []
    inside = sorted(m for m in graph.modules if m == leaf or m.startswith(leaf + "."))
    for m in inside:
        for target in sorted(graph.find_upstream_modules(m)):
            if any(target == f or target.startswith(f + ".") for f in forbidden):
                chain = graph.find_shortest_chain(importer=m, imported=target)
                out.append(" -> ".join(chain))
    return out


def test_votes_is_a_leaf_that_imports_no_game_rulings_engine_or_publish():
    graph = grimp.build_graph("hostkit", cache_dir=None)
    reached = _forbidden_reached(graph, LEAF, FORBIDDEN)
    assert not reached, "hostkit/votes/ must stay a leaf; it reaches:\n" + "\n".join(reached)


def test_the_leaf_check_finds_a_forbidden_import_through_a_utility_module():
    """The check itself can fail: p.votes.count -> p.store -> p.game is reported."""
    graph = grimp.ImportGraph()
    for m in ("p", "p.votes", "p.votes.count", "p.store", "p.game", "p.errors"):
        graph.add_module(m)
    for a, b in (("p.votes.count", "p.store"), ("p.store", "p.game"), ("p.votes.count", "p.errors")):
        graph.add_import(importer=a, imported=b)
    assert _forbidden_reached(graph, "p.votes", ("p.game",)) == ["p.votes.count -> p.store -> p.game"]


def test_publish_reads_outcomes_not_the_rules():
    """Issue 26: 'publish/ reads outcomes and the public view (issue "What is public stays
    public"), not the rules' helpers' (engine/day.py's flip_held and owed, engine/sides.py's kind
    and points_table): no module of hostkit.words.publish imports hostkit.engine, not even for type
    checking; it asks the game (Game.flip_held, Game.death_dues) and reads the public view."""
    graph = grimp.build_graph("hostkit", cache_dir=None)
    found = []
    for module in sorted(m for m in graph.modules if m == "hostkit.words.publish" or m.startswith("hostkit.words.publish.")):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported == "hostkit.engine" or imported.startswith("hostkit.engine."):
                where = graph.get_import_details(importer=module, imported=imported)
                found.append(f"{module}:{where[0]['line_number'] if where else '?'} imports {imported}")
    assert not found, "publish/ imports the engine:\n" + "\n".join(found)


# Issue 36: the house shows its rooms (DESIGN.md, "The rooms"). The package's top holds only its
# face; every other module lives in a room, and a room imports only the rooms below it. Each row is
# what a room's modules may import directly (their own room aside), as each room's __init__.py
# says; the top package is the face (its __version__), which every room may read.
ROOMS = {
    "model": set(),
    "store": {"model"},
    "votes": {"model", "store"},
    "rules": {"model", "store", "engine"},  # store: reading TOML (tomlio); engine: its effect registry's data
    "engine": {"model", "rules"},  # rules: its data helpers (rules/items.py)
    "game": {"model", "store", "votes", "rules", "engine"},
    "words": {"model", "store", "votes", "rules", "engine", "game"},
    "forum": {"model", "store", "votes", "rules", "engine", "game", "words"},
    "watch": {"model", "store", "votes", "rules", "engine", "game", "words", "forum"},
    "cli": {"model", "store", "votes", "rules", "engine", "game", "words", "forum", "watch"},
}
# The nevers, through any chain of imports (a utility module of another room included).
NEVER = {
    "engine": {"cli", "store", "votes", "words", "forum", "watch", "game"},
    "votes": {"game", "rules", "engine", "words", "cli", "forum", "watch"},
    "model": set(ROOMS) - {"model"},
}


def _room(module: str) -> str | None:
    """The room a module lives in; None for the package's face (hostkit, hostkit.__main__)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] != "__main__" else None


def _wrong_arrows(graph) -> list[str]:
    """Every direct import from one room into a room it may not use, with its line."""
    out = []
    for module in sorted(graph.modules):
        room = _room(module)
        if room is None or room not in ROOMS:
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            to = _room(imported)
            if to is None or to == room or to in ROOMS[room]:
                continue
            where = graph.get_import_details(importer=module, imported=imported)
            out.append(f"{module}:{where[0]['line_number'] if where else '?'} imports {imported} ({room} -> {to})")
    return out


def _nevers_reached(graph) -> list[str]:
    out = []
    for room, never in sorted(NEVER.items()):
        out += _forbidden_reached(graph, f"hostkit.{room}", tuple(f"hostkit.{r}" for r in sorted(never)))
    return out


def test_the_package_top_holds_only_its_face():
    from pathlib import Path

    import hostkit

    top = sorted(p.name for p in Path(hostkit.__file__).parent.glob("*.py"))
    assert top == ["__init__.py", "__main__.py"]


def test_every_room_says_what_it_owns_and_which_rooms_it_may_use():
    import importlib

    for room in ROOMS:
        doc = importlib.import_module(f"hostkit.{room}").__doc__ or ""
        assert "May use" in doc and len(doc.split()) > 15, f"hostkit/{room}/__init__.py: {doc!r}"


def test_each_room_imports_only_the_rooms_below_it():
    graph = grimp.build_graph("hostkit", cache_dir=None)
    rooms = {_room(m) for m in graph.modules} - {None}
    assert rooms <= set(ROOMS), f"a room with no row in ROOMS: {sorted(rooms - set(ROOMS))}"
    wrong = _wrong_arrows(graph)
    assert not wrong, "imports against the rooms' arrows:\n" + "\n".join(wrong)


def test_the_engine_votes_and_model_never_reach_what_they_must_not():
    graph = grimp.build_graph("hostkit", cache_dir=None)
    reached = _nevers_reached(graph)
    assert not reached, "a room reaches one it must never:\n" + "\n".join(reached)


@pytest.mark.parametrize("importer, imported", [
    ("hostkit.engine.night", "hostkit.store.folder"),      # the engine doing I/O
    ("hostkit.model.state", "hostkit.game.game"),           # the floor reaching up
    ("hostkit.votes.tally", "hostkit.words.render"),        # the leaf reaching the words
    ("hostkit.game.entry", "hostkit.forum.send"),           # the game reaching the forum
], ids=["engine-store", "model-game", "votes-words", "game-forum"])
def test_a_planted_wrong_import_is_caught(importer, imported):
    """The checks themselves can fail: one wrong import added to the real graph is reported."""
    graph = grimp.build_graph("hostkit", cache_dir=None)
    graph.add_import(importer=importer, imported=imported, line_number=1, line_contents="import planted")
    assert any(line.startswith(f"{importer}:1 imports {imported}") for line in _wrong_arrows(graph))


def test_a_wrong_import_through_another_room_is_a_never():
    """engine -> rules (allowed) -> a rules module that imports the store: the engine reaches the
    store, which the arrows alone (each import allowed) would let through."""
    graph = grimp.build_graph("hostkit", cache_dir=None)
    graph.add_import(importer="hostkit.rules.items", imported="hostkit.store.folder", line_number=1, line_contents="x")
    reached = _nevers_reached(graph)
    assert any(chain.endswith("hostkit.rules.items -> hostkit.store.folder") for chain in reached)
