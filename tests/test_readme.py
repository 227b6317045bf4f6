"""The README is for a newcomer: short, its links lead somewhere, and its examples are true.

The rest of what the project knows lives in docs/, which the README links. The examples are
run here as written: the Python session as a doctest, the command line as a shell command
whose output must be exactly what the README shows.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
MAX_LINES = 150
# A Markdown link to a file of the repository (not a web address), with an optional #anchor.
LINK = re.compile(r"\]\((?!https?://|mailto:)([^)#\s]*)(?:#([^)\s]*))?\)")


def blocks(text: str, language: str) -> list[str]:
    """Return the fenced code blocks of `text` marked with `language`."""
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.M | re.S)


def anchors(markdown: str) -> set[str]:
    """Return the anchors of a Markdown file's headings, as GitHub makes them."""
    headings = re.findall(r"^#+ (.+)$", markdown, flags=re.M)
    return {
        re.sub(r"[^\w\- ]", "", heading).strip().lower().replace(" ", "-") for heading in headings
    }


def broken_links(path: Path) -> list[str]:
    broken = []
    for target, anchor in LINK.findall(path.read_text(encoding="utf-8")):
        linked = (path.parent / target).resolve() if target else path
        if not linked.is_file() or ROOT not in linked.parents:
            broken.append(f"{target}: no such file in the repository")
        elif anchor and anchor not in anchors(linked.read_text(encoding="utf-8")):
            broken.append(f"{target}#{anchor}: no such heading")
    return broken


def test_the_readme_is_under_150_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < MAX_LINES, f"README.md has {len(lines)} lines; move detail to docs/"


def test_every_file_the_readme_links_exists():
    linked = {target for target, _ in LINK.findall(README.read_text(encoding="utf-8"))}
    assert {"docs/USING.md", "docs/DESIGN.md", "docs/PERFORMANCE.md"} <= linked
    assert not broken_links(README)


def test_every_docs_file_is_linked_from_the_readme_and_its_links_exist():
    linked = {target for target, _ in LINK.findall(README.read_text(encoding="utf-8"))}
    documents = sorted(DOCS.glob("*.md"))
    assert documents
    assert {f"docs/{path.name}" for path in documents} <= linked
    assert not [f"{path.name}: {broken}" for path in documents for broken in broken_links(path)]


def test_the_readme_python_example_runs_as_shown():
    (session,) = blocks(README.read_text(encoding="utf-8"), "pycon")
    test = doctest.DocTestParser().get_doctest(session, {}, "README.md", str(README), 0)
    assert len(test.examples) >= 5
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test)
    assert result.failed == 0


def test_the_readme_command_line_example_prints_what_it_shows():
    (console,) = blocks(README.read_text(encoding="utf-8"), "console")
    command, *shown = console.splitlines()
    assert command.startswith("$ ") and "python -m adjudication" in command
    command = command.removeprefix("$ ").replace(".venv/bin/python", sys.executable)
    done = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == shown
