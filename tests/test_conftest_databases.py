"""`make test` runs again on PostgreSQL only the tests that touch the database."""

from types import SimpleNamespace

import pytest

from tests.conftest import touches_the_database


def item(*fixtures: str, marked: bool = False) -> SimpleNamespace:
    return SimpleNamespace(
        fixturenames=list(fixtures),
        get_closest_marker=lambda name: object() if marked and name == "django_db" else None,
    )


@pytest.mark.parametrize(
    "fixtures",
    [("db",), ("client", "match", "db"), ("transactional_db",), ("live_server", "page")],
)
def test_a_test_that_asks_for_the_database_through_any_fixture_touches_it(fixtures):
    assert touches_the_database(item(*fixtures))


def test_a_test_marked_for_the_database_touches_it():
    assert touches_the_database(item("client", marked=True))


def test_a_test_with_no_way_to_the_database_runs_alike_on_every_database(tmp_path):
    assert not touches_the_database(item("tmp_path", "settings"))


def test_a_fixture_that_uses_the_database_brings_it_into_the_tests_closure(request, alices_match):
    # pytest lists every fixture a test uses, through other fixtures too.
    assert touches_the_database(request.node)
