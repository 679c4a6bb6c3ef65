"""Issue 10, no import circles: the package's import graph, type-checking imports included, has
no cycle.

The graph comes from grimp (the library behind import-linter): it reads the import statements
of every module without importing anything, so what a test collected (or an extension that was
imported as a side effect) cannot hide or invent an edge, and it reports each import's line.
"""

from __future__ import annotations

import grimp


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


def test_publish_reads_outcomes_not_the_rules():
    """Issue 26: 'publish/ reads outcomes and the public view (issue "What is public stays
    public"), not the rules' helpers' (engine/day.py's flip_held and owed, engine/sides.py's kind
    and points_table): no module of hostkit.publish imports hostkit.engine, not even for type
    checking; it asks the game (Game.flip_held, Game.death_dues) and reads the public view."""
    graph = grimp.build_graph("hostkit", cache_dir=None)
    found = []
    for module in sorted(m for m in graph.modules if m == "hostkit.publish" or m.startswith("hostkit.publish.")):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported == "hostkit.engine" or imported.startswith("hostkit.engine."):
                where = graph.get_import_details(importer=module, imported=imported)
                found.append(f"{module}:{where[0]['line_number'] if where else '?'} imports {imported}")
    assert not found, "publish/ imports the engine:\n" + "\n".join(found)
