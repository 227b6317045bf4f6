"""Fixtures for the app's tests."""

import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from .match_helpers import create_match, set_upcard

LOCALE_DIR = Path(settings.BASE_DIR) / "locale"


@pytest.fixture
def match(client, db):
    """A fresh match between Alice (seat 0, dealing first) and Bob, owned by `client`."""
    return create_match(client)


@pytest.fixture
def dealing(client, match):
    """The match with its first upcard (6♦, limit 6) picked: ready for the hands."""
    set_upcard(client, match, "6D")
    return match


@pytest.fixture(scope="session")
def compiled_locale(tmp_path_factory) -> Path:
    """Return a locale folder with today's catalogues compiled (make need not have run)."""
    root = tmp_path_factory.mktemp("locale")
    for language, _name in settings.LANGUAGES:
        source = LOCALE_DIR / language / "LC_MESSAGES" / "django.po"
        if not source.exists():  # English is the source language: it has no catalogue
            continue
        target = root / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        subprocess.run(["msgfmt", "-o", str(target / "django.mo"), str(source)], check=True)
    return root


@pytest.fixture
def translated(settings, compiled_locale):
    """Serve the compiled catalogues; changing LOCALE_PATHS resets Django's caches."""
    settings.LOCALE_PATHS = [str(compiled_locale)]


@pytest.fixture
def nul_queries(db):
    """Return the list, filled as the test runs, of the queries that were sent a NUL in a text
    parameter. PostgreSQL refuses one (a DataError, so a 500), where SQLite takes it: a test
    that finds none here holds on both. (The SQL that Django captures cannot say: SQLite's
    quoting cuts a text at its NUL.)"""
    from django.db import connection

    found: list[str] = []

    def texts(params) -> list:
        if isinstance(params, dict):
            return list(params.values())
        return list(params or ())

    def watch(execute, sql, params, many, context):
        every = [value for row in params for value in texts(row)] if many else texts(params)
        if any(isinstance(value, str) and "\x00" in value for value in every):
            found.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield found
