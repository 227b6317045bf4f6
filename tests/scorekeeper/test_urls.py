"""The URLconf walked whole: no route answers 5xx, whatever number is typed into it, and every
query-string key a view reads is listed beside the views (`scorekeeper.views.QUERY_KEYS`).

The routes are read from the URLconf, so a route added later is covered without touching this
file; the fuzz test of every route, role and field (test_forms_fuzz.py) walks the same list.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from typing import NamedTuple

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter
from django.urls.resolvers import RoutePattern

from scorekeeper.converters import BoundedIntConverter
from scorekeeper.views import QUERY_KEYS

from .match_helpers import create_match, record_quick, set_upcard

HUGE = (0, 2**63 - 1, 2**63, 2**64, 10**29)
PLACEHOLDER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
# The admin is Django's: of its routes, the fuzz sends bad input to its front page, its log-in
# and each of the app's own models' list and change page (the rest are Django's forms, and
# nobody but staff gets past the log-in).
ADMIN_ROUTES = re.compile(r"admin/(login/)?|admin/scorekeeper/\w+/(<path:object_id>/change/)?")


class Route(NamedTuple):
    """One route of the URLconf: its full text, its converters by name, its view's name
    (namespaced: "scorekeeper:checker") and its view."""

    text: str
    converters: dict
    name: str
    view: object


def routes(patterns=None, prefix: str = "", converters=None, namespace=None) -> list[Route]:
    """Return every route of the URLconf (the admin's bounded to ADMIN_ROUTES)."""
    found = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if not isinstance(entry.pattern, RoutePattern):
            continue  # a regular expression has no converters
        route = prefix + str(entry.pattern)
        both = {**(converters or {}), **entry.pattern.converters}
        if isinstance(entry, URLResolver):
            found += routes(entry.url_patterns, route, both, entry.namespace or namespace)
        elif isinstance(entry, URLPattern):
            if route.startswith("admin/") and not ADMIN_ROUTES.fullmatch(route):
                continue
            name = f"{namespace}:{entry.name}" if namespace else str(entry.name)
            found.append(Route(route, both, name, entry.callback))
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
        pytest.param(route.text, route.converters, id=route.text)
        for route in routes()
        if any(takes_a_number(v) for v in route.converters.values())
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


# --- The query-string keys each view reads ----------------------------------------------------

# A key is a string, or a module's constant (PRESET) standing for one.
KEY = r"(\"[^\"]*\"|'[^']*'|[A-Z][A-Z0-9_]*)"
READS = [
    re.compile(r"request\.GET\.get(?:list)?\(\s*" + KEY),
    re.compile(r"request\.GET\[\s*" + KEY),
    re.compile(KEY + r"\s+(?:not\s+)?in\s+request\.GET\b"),
]
NEXT_HELPER = re.compile(r"\bnext_path\(")


def keys_read(module) -> set[str]:
    """Return the query-string keys a module's source reads (a name stands for its value)."""
    source = inspect.getsource(module)
    found = set()
    for pattern in READS:
        for token in pattern.findall(source):
            found.add(ast.literal_eval(token) if token[0] in "\"'" else getattr(module, token))
    if NEXT_HELPER.search(source):
        found.add("next")
    return found


def view_module(view) -> str:
    """Return the name of the module that defines a route's view (a class view's class)."""
    return getattr(view, "view_class", view).__module__


def our_view_modules() -> dict[str, list[Route]]:
    """Return the routes of each module of this project that defines views."""
    modules: dict[str, list[Route]] = {}
    for route in routes():
        module = view_module(route.view)
        if module.startswith(("scorekeeper.", "config.")):
            modules.setdefault(module, []).append(route)
    return modules


def test_the_query_keys_are_read_from_the_view_sources():
    # The check below must not pass by reading nothing.
    assert keys_read(importlib.import_module("scorekeeper.views.starting")) == {"rematch", "preset"}
    assert len(our_view_modules()) >= 10


@pytest.mark.parametrize("module", sorted(our_view_modules()))
def test_every_query_key_a_view_reads_is_listed(module):
    listed = {key for route in our_view_modules()[module] for key in QUERY_KEYS.get(route.name, ())}
    assert keys_read(importlib.import_module(module)) == listed


def test_the_query_keys_name_routes_of_the_urlconf():
    assert set(QUERY_KEYS) <= {route.name for route in routes()}
