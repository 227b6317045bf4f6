"""The app's layers, read from the source: no view module imports another view module, and
only `scorekeeper.standing` asks the engine what a match adds up to.

Shared view helpers live in `scorekeeper.views.common`, which imports no view module itself.
Every import counts, wherever it is written: at the top, inside a function, or under
`TYPE_CHECKING` (an import moved out of sight to dodge a dependency is still one).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scorekeeper.views

VIEWS = "scorekeeper.views"
SHARED = f"{VIEWS}.common"
VIEWS_DIR = Path(scorekeeper.views.__file__).parent


def module_name(path: Path) -> str:
    """Return the dotted name of a module of `scorekeeper/views/` (the package for
    `__init__.py`)."""
    return VIEWS if path.stem == "__init__" else f"{VIEWS}.{path.stem}"


def imported(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """Return every module (or module member, for `from x import y`) that `source`, the text of
    `module`, imports anywhere in its tree, relative imports resolved to dotted names."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            found.add(origin)
            # `from . import play` imports the module `play`: each name may be a submodule.
            found.update(f"{origin}.{alias.name}" for alias in node.names)
    return found


def view_modules_imported(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """Return the view modules (anything in `scorekeeper.views` but its shared helpers and the
    package itself, whose `__init__` holds no view) that `source` imports, itself aside."""
    return {
        name
        for name in imported(source, module, is_package=is_package)
        if name.startswith(VIEWS + ".")
        and name != module
        and name != SHARED
        and not name.startswith(SHARED + ".")
    }


def view_sources() -> list[Path]:
    return sorted(VIEWS_DIR.glob("*.py"))


def test_every_view_module_is_read():
    names = {module_name(path) for path in view_sources()}
    playing = {f"{VIEWS}.{name}" for name in ("starting", "scoreboard", "upcard", "recording")}
    assert playing | {f"{VIEWS}.deal_page", f"{VIEWS}.corrections", f"{VIEWS}.share"} <= names
    assert SHARED in names


@pytest.mark.parametrize("path", view_sources(), ids=lambda path: path.stem)
def test_no_view_module_imports_another_view_module(path):
    module = module_name(path)
    found = view_modules_imported(
        path.read_text(encoding="utf-8"), module, is_package=path.stem == "__init__"
    )
    assert found == set(), f"{module} imports {sorted(found)}: move the helper to {SHARED}"


@pytest.mark.parametrize(
    "source",
    [
        "from .play import deal_in",
        "from . import play",
        "from ..views.history import visible_with",
        "import scorekeeper.views.play",
        "from scorekeeper.views import play",
        "def view():\n    from .play import match_detail\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .history import x\n",
        "from .common import x\n\ndef view():\n    import scorekeeper.views.stats\n",
    ],
    ids=[
        "relative-from",
        "relative-package",
        "parent-path",
        "absolute",
        "absolute-from",
        "inside-a-function",
        "type-checking",
        "beside-common",
    ],
)
def test_the_check_sees_a_view_import_however_it_is_written(source):
    assert view_modules_imported(source, f"{VIEWS}.corrections")


@pytest.mark.parametrize(
    "source",
    [
        "from .common import deal_in",
        "from . import common",
        "from scorekeeper.views.common import deal_in",
        "from .. import access\nfrom ..board import Board",
        "from django.views.decorators.http import require_GET",
        "from ..views_helpers import x",
    ],
)
def test_the_check_lets_shared_helpers_and_other_layers_through(source):
    assert view_modules_imported(source, f"{VIEWS}.corrections") == set()


# --- What a match adds up to: one app module asks the engine ---------------------------------

SCOREKEEPER_DIR = VIEWS_DIR.parent
STANDING = "scorekeeper/standing.py"
MATCH_FUNCTION = "play_match"
# The engine's match function and its module, however they are named.
ASKING = {MATCH_FUNCTION, "adjudication.match", f"adjudication.{MATCH_FUNCTION}"}


def asks_the_match_function(source: str) -> bool:
    """Return whether `source` imports the engine's match function, or its module, or names
    it in any other way (an attribute, a call), anywhere in its tree. Docstrings, and so
    doctests, are text: they do not count."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and not node.level:
            origin = node.module or ""
            names = {origin, *(f"{origin}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            names = {alias.name for alias in node.names}
        elif isinstance(node, ast.Attribute):
            names = {node.attr}
        elif isinstance(node, ast.Name):
            names = {node.id}
        else:
            continue
        if names & ASKING:
            return True
    return False


def app_sources() -> list[Path]:
    return sorted(SCOREKEEPER_DIR.rglob("*.py"))


def test_every_app_module_is_read_for_the_match_function():
    names = {path.relative_to(SCOREKEEPER_DIR.parent).as_posix() for path in app_sources()}
    assert {STANDING, "scorekeeper/board.py", "scorekeeper/stats.py"} <= names
    assert "scorekeeper/offline/results.py" in names


def test_only_the_standing_asks_the_engine_what_a_match_adds_up_to():
    askers = {
        path.relative_to(SCOREKEEPER_DIR.parent).as_posix()
        for path in app_sources()
        if asks_the_match_function(path.read_text(encoding="utf-8"))
    }
    assert askers == {STANDING}, f"read the match's Standing ({STANDING}) instead"


@pytest.mark.parametrize(
    "source",
    [
        "from adjudication import play_match",
        "from adjudication import Card, play_match as add_up",
        "from adjudication.match import MatchState",
        "from adjudication import match",
        "import adjudication.match",
        "import adjudication\nstate = adjudication.play_match(0, [])",
        "def view():\n    from adjudication import play_match\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from adjudication.match import X",
    ],
    ids=[
        "from-package",
        "renamed",
        "from-module",
        "module-from-package",
        "module",
        "attribute",
        "inside-a-function",
        "type-checking",
    ],
)
def test_the_check_sees_the_match_function_however_it_is_asked(source):
    assert asks_the_match_function(source)


@pytest.mark.parametrize(
    "source",
    [
        "from adjudication import MatchState, DealResult",
        "from .standing import Standing",
        "from . import match_helpers",
        'def chart():\n    """\n    >>> from adjudication import play_match\n    """\n',
    ],
    ids=["engine-values", "the-standing", "a-local-module", "a-doctest"],
)
def test_the_check_lets_the_standing_and_the_engines_values_through(source):
    assert not asks_the_match_function(source)
