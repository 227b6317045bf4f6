"""The rules page is the project's rules text: everything that cites a rule cites a section of it.

The code, its docstrings, the templates and the public OpenAPI description point at sections
of `/rules/` by anchor (`/rules/#knocking`). Every anchor cited must exist on the page, and
nothing may cite a file that is not in the repository.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from scorekeeper.api import openapi_document

THIS = Path(__file__).resolve()
ROOT = THIS.parents[2]
SOURCES = ("adjudication", "scorekeeper", "templates", "config", "tests", "benchmarks", "docs")
SUFFIXES = {".py", ".html", ".md", ".txt", ".toml"}
# A rules section cited in code or text, or linked from a template.
CITATION = re.compile(r"/rules/#([\w-]+)|\{% url 'scorekeeper:rules' %\}#([\w-]+)")
# Files of the project's authors that live outside this repository.
OUTSIDE = re.compile(r"RULES\.md|BROWSER_TESTS\.md|STYLE\.md|\.\./shared\b|/work/shared\b")


def project_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "Makefile", ROOT / "pyproject.toml"]
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and "migrations" not in path.parts and path != THIS:
                files.append(path)
    return files


def cited_sections() -> dict[str, set[str]]:
    """Return each cited section with the files that cite it (the OpenAPI document too)."""
    cited: dict[str, set[str]] = {}
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in project_files()}
    texts["the OpenAPI document"] = json.dumps(openapi_document())
    for name, text in texts.items():
        for match in CITATION.finditer(text):
            cited.setdefault(match.group(1) or match.group(2), set()).add(name)
    return cited


@pytest.fixture
def anchors(client, db) -> set[str]:
    page = client.get(reverse("scorekeeper:rules")).content.decode()
    return set(re.findall(r'\bid="([\w-]+)"', page))


def test_every_cited_rules_section_exists_on_the_rules_page(anchors):
    cited = cited_sections()
    assert {"knocking", "layoffs", "scoring", "limits"} <= cited.keys()
    missing = {section: sorted(where) for section, where in cited.items() if section not in anchors}
    assert not missing


def test_the_rules_page_keeps_its_section_anchors(anchors):
    sections = (
        "cards melds deal limits knocking gin layoffs scoring undercut draws match notation "
        "hollywood"
    )
    assert set(sections.split()) <= anchors


def test_nothing_cites_a_file_outside_the_repository():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in project_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found
    assert not OUTSIDE.search(json.dumps(openapi_document()))
