"""The rules engine is pure Python: it never loads Django, nor anything outside the stdlib."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, pkgutil, sys
before = set(sys.modules)
import adjudication
for module in pkgutil.iter_modules(adjudication.__path__):
    if module.name != "__main__":
        __import__("adjudication." + module.name)
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def loaded_by_engine() -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=True,
    )
    return json.loads(result.stdout)


def test_importing_adjudication_loads_no_django() -> None:
    modules = loaded_by_engine()
    assert "adjudication.verdict" in modules  # the probe really imported the engine
    assert [name for name in modules if name.split(".")[0] == "django"] == []


def test_engine_imports_only_the_standard_library() -> None:
    outside = [
        name
        for name in loaded_by_engine()
        if name.split(".")[0] not in sys.stdlib_module_names
        and name.split(".")[0] != "adjudication"
        and not name.startswith("_")
    ]
    assert outside == []
