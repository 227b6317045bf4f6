"""The app names no private part of Django's ORM or of its test machinery: those change on an
upgrade without a deprecation.

A private name is one that Django's `db` and `test` packages define with a leading underscore
and no other part of Django defines (so `_choices`, which `forms` has too, is not the ORM's;
`contrib` builds on the ORM and does not count), or one of the undocumented internals below.
The app's own private names are its own. The walk reads every attribute, `getattr`-style
string and import in `scorekeeper/`.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import django

import scorekeeper

APP = Path(scorekeeper.__file__).parent
DJANGO = Path(django.__file__).parent

# Undocumented internals without an underscore: a connection's transaction bookkeeping, and the
# ORM's compiler and row builders.
INTERNALS = frozenset(
    {
        "atomic_blocks",
        "savepoint_ids",
        "run_on_commit",
        "in_atomic_block",
        "needs_rollback",
        "get_compiler",
        "get_converters",
        "apply_converters",
        "get_related_populators",
        "klass_info",
        "annotation_col_map",
    }
)
# The ORM's query compiler: no part of it is public.
INTERNAL_MODULES = ("django.db.models.sql",)
# Underscored, and documented as public.
DOCUMENTED = {
    "_meta": "the Model _meta API (docs: ref/models/meta)",
    "_state": "Model._state, its adding and db (docs: ref/models/instances)",
    "_default_manager": "Model._default_manager (docs: topics/db/managers)",
    "_base_manager": "Model._base_manager (docs: topics/db/managers)",
}
NAMED_BY_STRING = {"getattr", "hasattr", "setattr", "delattr"}


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined(tree: ast.AST, *, own: bool = False) -> set[str]:
    """Return the underscored names a module defines: functions, classes, names assigned, and
    attributes assigned (with `own`, only on `self` or `cls`: the app's own objects)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            receiver = node.value
            if not own or (isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")):
                names.add(node.attr)
    return {name for name in names if private(name)}


def sources(root: Path) -> list[tuple[Path, ast.AST]]:
    return [(path, ast.parse(path.read_text(), str(path))) for path in sorted(root.rglob("*.py"))]


@cache
def django_private() -> frozenset[str]:
    """Return the names private to Django's ORM and test machinery."""
    inside, elsewhere = set(), set()
    for path, tree in sources(DJANGO):
        part = path.relative_to(DJANGO).parts[0]
        if part in ("db", "test"):
            inside.update(defined(tree))
        elif part != "contrib":  # contrib reaches into the ORM as the ORM's own code does
            elsewhere.update(defined(tree))
    return frozenset(inside - elsewhere - set(DOCUMENTED))


def uses(tree: ast.AST) -> list[tuple[int, str]]:
    """Return each attribute, attribute string and imported name of a module, by line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in NAMED_BY_STRING
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            found.append((node.lineno, node.args[1].value))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("django"):
            if node.module.startswith(INTERNAL_MODULES):
                found.append((node.lineno, node.module))
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [
                (node.lineno, alias.name)
                for alias in node.names
                if alias.name.startswith(INTERNAL_MODULES)
            ]
    return found


def offences(modules: list[tuple[Path, ast.AST]]) -> list[str]:
    """Return "path:line name" for each private Django name the modules use."""
    own = set().union(*(defined(tree, own=True) for _path, tree in modules))
    forbidden = (django_private() - own) | INTERNALS
    return [
        f"{path}:{line} {name}"
        for path, tree in modules
        for line, name in uses(tree)
        if name in forbidden or name.startswith(INTERNAL_MODULES)
    ]


def test_the_app_names_no_private_part_of_djangos_orm_or_test_machinery():
    modules = [(path.relative_to(APP.parent), tree) for path, tree in sources(APP)]
    assert offences(modules) == []


# What the app once used: the board's check for an open transaction, and the read by primary
# key rebuilt from the ORM's compiler.
FORMER = """
from django.db import connection
from django.db.models.query import get_related_populators
from django.db.models.sql.compiler import SQLCompiler


def in_transaction():
    return any(not getattr(block, "_from_testcase", False) for block in connection.atomic_blocks)


def read(queryset, compiler, converters, rows):
    (row,) = compiler.apply_converters(rows, converters)
    return queryset.model.from_db("default", [], row, fetch_mode=queryset._fetch_mode)
"""


def test_the_walk_finds_each_private_name_the_app_once_used():
    found = {entry.split(" ", 1)[1] for entry in offences([(Path("former.py"), ast.parse(FORMER))])}
    assert found == {
        "get_related_populators",
        "django.db.models.sql.compiler",
        "_from_testcase",
        "atomic_blocks",
        "apply_converters",
        "_fetch_mode",
    }


def test_the_documented_and_the_apps_own_underscored_names_are_allowed():
    code = (
        "class Board:\n    def _read(self):\n        return self._reads, Match._meta, deal._state\n"
    )
    assert offences([(Path("own.py"), ast.parse(code))]) == []
    assert {"_fetch_mode", "_from_testcase", "_result_cache"} <= django_private()
