"""The house's import graph, read from the source of the engine and the app: no cycle
anywhere, and the core never reaches into the layers built on it.

Every import counts, wherever it is written: at the top, inside a function, or under
`TYPE_CHECKING` (an import moved out of sight to dodge a cycle is still a cycle).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scorekeeper.test_layers import imported

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("adjudication", "scorekeeper", "config")
# The core: what a match is, what changes it, what it adds up to, and how it is shown. The
# layers on it (the offline play, the rate limits, the backups) may import the core, and the
# views may import them all; the core imports none of them.
CORE = (
    "scorekeeper.models",
    "scorekeeper.actions",
    "scorekeeper.standing",
    "scorekeeper.board",
    "scorekeeper.forms",
    "scorekeeper.presenters",
    "scorekeeper.conflicts",
)
LAYERS_ON_THE_CORE = ("scorekeeper.offline", "scorekeeper.limits", "scorekeeper.backup")


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def sources(root: Path = ROOT) -> dict[str, tuple[str, bool]]:
    """Return each module's dotted name: its source, and whether it is a package."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            found[".".join(parts)] = (path.read_text(encoding="utf-8"), is_package)
    return found


def graph(modules: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Return, for each module, the modules of `modules` it imports (a name imported from a
    module counts as that module, unless it is a submodule itself)."""
    edges: dict[str, set[str]] = {}
    for name, (source, is_package) in modules.items():
        targets = set()
        for target in imported(source, name, is_package=is_package):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        edges[name] = targets
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Return the import cycles: each strongly connected group of two or more modules, and
    each module that imports itself (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


MODULES = sources()
EDGES = graph(MODULES)


def test_the_graph_holds_the_engine_and_the_app():
    assert {"adjudication.cards", "adjudication.errors", "scorekeeper.models"} <= set(MODULES)
    assert "adjudication.errors" in EDGES["adjudication.cards"]


def test_no_module_of_the_engine_or_the_app_is_in_an_import_cycle():
    assert cycles(EDGES) == []


@pytest.mark.parametrize(
    "modules",
    [
        {"a": ("from b import x", False), "b": ("import a", False)},
        {"a": ("def f():\n    from b import x\n", False), "b": ("from a import y", False)},
        {
            "p.a": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import p.b\n", False),
            "p.b": ("from . import c", False),
            "p.c": ("from .a import z", False),
        },
        {"p": ("from .q import x", True), "p.q": ("from p import y", False)},
    ],
    ids=["two", "inside-a-function", "type-checking-and-three", "package-and-member"],
)
def test_the_check_finds_a_cycle_however_it_is_written(modules):
    assert cycles(graph(modules))


def test_the_check_lets_a_one_way_street_through():
    modules = {"a": ("import b\nfrom c import x", False), "b": ("import c", False)}
    modules["c"] = ("", False)
    assert cycles(graph(modules)) == []


def core_modules() -> list[str]:
    return [name for name in MODULES if within(name, CORE)]


def test_the_core_is_read():
    names = core_modules()
    for name in ("scorekeeper.models", "scorekeeper.board", "scorekeeper.presenters"):
        assert any(within(module, (name,)) for module in names), name


@pytest.mark.parametrize("module", core_modules())
def test_the_core_imports_nothing_of_the_offline_play_the_limits_or_the_backups(module):
    source, is_package = MODULES[module]
    found = {name for name in imported(source, module, is_package=is_package)}
    assert not [name for name in found if within(name, LAYERS_ON_THE_CORE)], module


@pytest.mark.parametrize(
    "source",
    [
        "from .offline.idempotency import mark_conflict",
        "from scorekeeper.limits.rates import by_client",
        "def f():\n    from . import backup\n",
    ],
)
def test_the_layer_check_sees_a_core_import_of_a_layer(source):
    found = imported(source, "scorekeeper.board")
    assert [name for name in found if within(name, LAYERS_ON_THE_CORE)]
