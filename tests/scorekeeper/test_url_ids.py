"""Numbers in URLs: no route answers 5xx, whatever number is typed into it.

The routes are read from the URLconf, so a route added later is covered without touching this
file.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter
from django.urls.resolvers import RoutePattern

from scorekeeper.converters import BoundedIntConverter

from .match_helpers import create_match, record_quick, set_upcard

HUGE = (0, 2**63 - 1, 2**63, 2**64, 10**29)
PLACEHOLDER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


def routes(patterns=None, prefix: str = "", converters=None) -> list[tuple[str, dict]]:
    """Return every route of the URLconf as (full route text, its converters by name)."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if not isinstance(entry.pattern, RoutePattern):
            continue  # a regular expression has no converters
        route = prefix + str(entry.pattern)
        both = {**(converters or {}), **entry.pattern.converters}
        if isinstance(entry, URLResolver):
            found += routes(entry.url_patterns, route, both)
        elif isinstance(entry, URLPattern):
            found.append((route, both))
    return found


def takes_a_number(converter) -> bool:
    """Return whether a converter turns its URL text into an int."""
    try:
        return isinstance(converter.to_python("1"), int)
    except ValueError:
        return False


def numbered_routes() -> list:
    """Return the routes with a number in them, as test parameters named by their route."""
    return [
        pytest.param(route, converters, id=route)
        for route, converters in routes()
        if any(takes_a_number(v) for v in converters.values())
    ]


def fill(route: str, converters: dict, number: int) -> str:
    """Return the route as a path, with `number` in every numeric part and text elsewhere."""

    def value(found: re.Match) -> str:
        return str(number) if takes_a_number(converters[found["name"]]) else "x"

    return "/" + PLACEHOLDER.sub(value, route)


def test_the_urlconf_has_routes_with_numbers():
    # The parametrised test below must not pass by finding nothing.
    assert len(numbered_routes()) >= 10


@pytest.mark.parametrize(("route", "converters"), numbered_routes())
def test_every_number_in_a_route_is_bounded(route, converters):
    for converter in converters.values():
        assert not isinstance(converter, IntConverter)
        if takes_a_number(converter):
            assert isinstance(converter, BoundedIntConverter)


@pytest.fixture
def visitors(db):
    """The owner of a match with a recorded deal and an upcard, and a visitor with nothing."""
    owner = Client()
    owner.force_login(get_user_model().objects.create_user("alice", password="pw"))
    match = create_match(owner)
    set_upcard(owner, match, "6D")
    record_quick(owner, match, 0, 2, 30)
    set_upcard(owner, match, "TC")
    return {"owner": owner, "anonymous": Client()}


@pytest.mark.parametrize("number", HUGE)
@pytest.mark.parametrize(("route", "converters"), numbered_routes())
def test_no_route_answers_5xx_for_any_number(visitors, route, converters, number):
    path = fill(route, converters, number)
    for client in visitors.values():
        for method in (client.get, client.post):
            response = method(path)
            assert response.status_code < 500, (path, method.__name__, response.status_code)
