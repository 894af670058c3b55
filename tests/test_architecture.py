"""The import graph of heartsuite has no cycle (the layers themselves are import-linter's
contracts in pyproject.toml, run by scripts/test.sh; docs/architecture.md)."""

from __future__ import annotations

import grimp


def find_cycle(graph: grimp.ImportGraph) -> list[str] | None:
    """One import cycle among the graph's modules (the first module repeated at the end), or
    None. Imports inside functions and under TYPE_CHECKING count: grimp includes them."""
    state: dict[str, int] = {}  # 1: on the current path, 2: finished (no cycle through it)
    for start in sorted(graph.modules):
        if start in state:
            continue
        path = [start]
        state[start] = 1
        todo = [iter(sorted(graph.find_modules_directly_imported_by(start)))]
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                todo.pop()
            elif state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                todo.append(iter(sorted(graph.find_modules_directly_imported_by(nxt))))
    return None


def test_heartsuite_has_no_import_cycle() -> None:
    cycle = find_cycle(grimp.build_graph("heartsuite"))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for name in ("a", "a.b", "a.c", "a.d"):
        graph.add_module(name)
    graph.add_import(importer="a.b", imported="a.c")
    graph.add_import(importer="a.c", imported="a.d")
    assert find_cycle(graph) is None
    graph.add_import(importer="a.d", imported="a.b")
    assert find_cycle(graph) == ["a.b", "a.c", "a.d", "a.b"]
