"""Hypothesis throws bad input at the site: every route, as every persona, and no 5xx.

- **Every route** of the URLconf (test_urls.py walks it, the admin's bounded), with bad ids
  in its path, bad values for the query keys its view reads (`scorekeeper.views.QUERY_KEYS`)
  and for the fields of the forms that post to it, read from the rendered pages: a view
  added later is covered without touching this file. Each persona of tests/conftest.py sends
  them (Alice the owner, Bob with the edit link, Carol with the view link, Dave a stranger,
  and an anonymous browser), plain or with htmx's and the offline queue's headers, as a form
  in UTF-8, urlencoded or in another charset. Whatever comes in, the answer is below 500.
- **The card fields and the quick-entry numbers**, with arbitrary text: no 500, a message
  next to a field, and the database unchanged.

FUZZ_EXAMPLES (an environment variable, docs/DESIGN.md "Tests") sets hypothesis's examples
per place of a route, and per card-field test; the default keeps the file near a minute on
each database.
"""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import NamedTuple
from urllib.parse import quote, urlencode, urlsplit

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import Resolver404, resolve, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import actions
from scorekeeper.models import Deal, Match
from scorekeeper.views import QUERY_KEYS

from .match_helpers import create_match, record_quick, set_upcard
from .test_urls import HUGE, PLACEHOLDER, Route, routes, takes_a_number, view_module

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES") or 0)
FUZZ = settings(
    max_examples=EXAMPLES or 60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
card_text = st.text(
    alphabet=st.sampled_from(list("AaKkQqJjTt1234567890shdcSHDC♠♥♦♣♤♡♢♧ ,;xX\n\t<>\"'&\x00é")),
    max_size=60,
) | st.text(max_size=60)

number_text = st.text(max_size=12) | st.integers().map(str)


@pytest.fixture
def table(db):
    client = Client()
    match = create_match(client)
    set_upcard(client, match, "6D")
    return client, match


def state(match):
    return list(Deal.objects.filter(match=match).values_list("status", "points", "knocker_cards"))


def deal_being_played(client, match) -> int:
    """Return the number of the deal being played, its upcard 6D: hypothesis runs every example
    on one table, and an example that recorded a deal leaves the next one as the first found
    it (a form posted for a deal already recorded gets the other phone's answer instead)."""
    number = 1 + Deal.objects.filter(match=match, status__in=Deal.PLAYED).count()
    if not Deal.objects.filter(match=match, number=number).exclude(upcard="").exists():
        set_upcard(client, match, "6D")
    return number


@FUZZ
@given(knocker=card_text, opponent=card_text)
def test_card_fields_survive_any_text(table, knocker, opponent):
    client, match = table
    number = deal_being_played(client, match)
    before = state(match)
    response = client.post(
        f"/matches/{match.pk}/knock/0/",
        {
            "number": number,
            "upcard": "6D",
            "knocker_seat": 0,
            "action": "record",
            "knocker_text": knocker,
            "opponent_text": opponent,
        },
    )
    if "\x00" in knocker + opponent:  # refused before the form (scorekeeper.refusals)
        assert response.status_code == 400 and state(match) == before
        return
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert 'class="field-error"' in response.content.decode() or "Illegal" in (
            response.content.decode()
        )
        assert state(match) == before


@FUZZ
@given(
    k=st.text(max_size=12) | st.integers().map(str), o=st.text(max_size=12) | st.integers().map(str)
)
def test_quick_numbers_survive_any_text(table, k, o):
    client, match = table
    number = deal_being_played(client, match)
    before = state(match)
    response = client.post(
        f"/matches/{match.pk}/quick/",
        {
            "number": number,
            "knocker": 0,
            "knocker_deadwood": k,
            "opponent_deadwood": o,
        },
    )
    if "\x00" in k + o:  # refused before the form (scorekeeper.refusals)
        assert response.status_code == 400 and state(match) == before
        return
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert "invalid-feedback" in response.content.decode() or "field-error" in (
            response.content.decode()
        )
        assert state(match) == before


# --- Every route, as every persona ------------------------------------------------------------

ROLES = ("alice", "bob", "carol", "dave", "anonymous")
# Each browser's CSRF secret, and the field its forms send it in: the check runs as it does
# for a player (reading the form, which a body in another charset makes fail).
CSRF_SECRET = "fuzz" * 8
CSRF_FIELD = "csrfmiddlewaretoken"

# Values a field or a key gets wrong: empty, a NUL, too long, past what a database stores,
# another script's digits, a path that is not one, markup; and any text or number at all.
BAD_VALUES = [
    "",
    "\x00",
    "a\x00b",
    "x" * 201,
    "9223372036854775808",
    str(10**30),
    "-1",
    "0",
    "1",
    "٣",
    " 1",
    "1e400",
    "NaN",
    "abc",
    "scorekeeper:home",
    "//evil.example/",
    "/s/a\x00/",
    "/\\evil",
    "<script>alert(1)</script>",
    "AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
    "on",
    "hollywood",
]
bad_text = st.text(max_size=30) | st.integers().map(str)


class FormFields(HTMLParser):
    """The forms of one page: for each form, its action, its method, and its fields' names with
    the values the page offers (an option, a checkbox's card, a hidden input's value)."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[tuple[str, str, dict[str, set[str]]]] = []
        self.fields: dict[str, set[str]] | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        name = attrs.get("name")
        if tag == "form":
            self.fields = {}
            method = (attrs.get("method") or "get").upper()
            self.forms.append((attrs.get("action") or self.page, method, self.fields))
        elif self.fields is None:
            return
        elif tag in ("input", "button", "textarea", "select") and name:
            values = self.fields.setdefault(name, set())
            if attrs.get("value") is not None:
                values.add(attrs["value"])
            self.select = name if tag == "select" else None
        elif tag == "option" and self.select and attrs.get("value") is not None:
            self.fields[self.select].add(attrs["value"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.fields = None
        elif tag == "select":
            self.select = None


@dataclass
class World:
    """Alice's match with a deal recorded, one in the trash and an upcard tapped; Dave's own
    match; and a fresh browser for each persona on each example (a log-out or a deleted
    session in one example leaves the next one's persona as it was)."""

    match: Match
    daves_match: Match
    accounts: dict
    link_sessions: dict
    ids: dict[str, list]

    def client(self, role: str) -> Client:
        """Return a fresh browser of the persona's, which the CSRF check is enforced on: its
        cookie holds CSRF_SECRET, which each of its forms then sends."""
        client = Client(enforce_csrf_checks=True)
        client.cookies[django_settings.CSRF_COOKIE_NAME] = CSRF_SECRET
        if role in self.accounts:
            client.force_login(self.accounts[role])
        elif role in self.link_sessions:
            session = client.session
            session.update(self.link_sessions[role])
            session.save()
            client.cookies[django_settings.SESSION_COOKIE_NAME] = session.session_key
        return client

    def path(self, route: Route, value) -> str:
        """Return the route as a path, each part from `value(name, converter)`."""

        def part(found):
            return quote(str(value(found["name"], route.converters[found["name"]])), safe="")

        return "/" + PLACEHOLDER.sub(part, route.text)

    def real_path(self, route: Route) -> str:
        return self.path(route, lambda name, converter: self.ids.get(name, ["x"])[0])


@pytest.fixture
def world(alice, alices_match, bob, carol, dave, anonymous) -> World:
    match = alices_match
    set_upcard(alice.client, match, "6D")
    record_quick(alice.client, match, 0, 2, 30)
    set_upcard(alice.client, match, "TC")
    record_quick(alice.client, match, 1, 3, 20)
    match.refresh_from_db()
    trashed = actions.delete_deal(match, match.deals.get(number=2), version=match.version)
    set_upcard(alice.client, match, "5H")
    daves_match = create_match(dave.client, "Dave", "Erin")
    first = match.deals.get(number=1)
    return World(
        match=match,
        daves_match=daves_match,
        accounts={"alice": alice.user, "dave": dave.user},
        link_sessions={
            "bob": dict(bob.client.session.items()),
            "carol": dict(carol.client.session.items()),
        },
        ids={
            "pk": [match.pk, daves_match.pk, match.player_a_id],
            "deal_id": [first.pk, trashed.pk, match.deals.get(number=3).pk],
            "seat": [0, 1, 2],
            "token": [match.edit_token, match.view_token],
            "object_id": [match.pk, first.pk],
        },
    )


_PAGE_FORMS: dict[str, dict[str, dict[str, set[str]]]] = {}


def page_forms(world: World) -> dict[str, dict[str, dict[str, set[str]]]]:
    """Return the fields of the forms on every page, by the route they send to and method.

    Read once per test process from every route's page, as Alice, Bob and an anonymous
    browser see it (the field names and the values offered do not depend on the ids).
    """
    if _PAGE_FORMS:
        return _PAGE_FORMS
    pages = [world.real_path(route) for route in routes() if not route.text.startswith("admin/")]
    deal = world.ids["deal_id"][0]
    pages.append(reverse("scorekeeper:deal_edit", args=[world.match.pk, deal]) + "?mode=cards")
    pages.append(reverse("admin:login"))
    for role in ("alice", "bob", "anonymous"):
        client = world.client(role)
        for page in pages:
            response = client.get(page)
            if "text/html" not in response.get("Content-Type", ""):
                continue
            parser = FormFields(page)
            parser.feed(response.content.decode())
            for action, method, fields in parser.forms:
                try:
                    name = resolve(urlsplit(action).path).view_name
                except Resolver404:
                    continue
                known = _PAGE_FORMS.setdefault(name, {}).setdefault(method, {})
                for field, values in fields.items():
                    known.setdefault(field, set()).update(values)
    return _PAGE_FORMS


def test_the_pages_forms_are_read_for_the_routes_they_send_to(world):
    # The fuzz test below must not pass by finding no field.
    forms = page_forms(world)
    assert {"knocker", "knocker_text", "knocker_rendered", "number"} <= set(
        forms["scorekeeper:deal_enter"]["POST"]
    )
    assert {"hand", "hand_text", "upcard"} <= set(forms["scorekeeper:checker"]["GET"])
    assert "next" in forms["scorekeeper:deck_colours"]["POST"]
    assert len(forms) >= 20


class Target(NamedTuple):
    """One place a request carries text: a part of the path, a query key, a form's field (with
    the method its form sends), or the offline queue's header."""

    kind: str
    name: str
    method: str = ""


def targets(route: Route, forms: dict[str, dict[str, set[str]]]) -> list[Target]:
    """Return the places of a route that the fuzz puts bad values in."""
    found = [Target("path", found["name"]) for found in PLACEHOLDER.finditer(route.text)]
    found += [Target("query", key) for key in QUERY_KEYS.get(route.name, ())]
    found += [Target("field", name, method) for method in forms for name in sorted(forms[method])]
    return [*found, Target("header", "Idempotency-Key")]


def route_groups() -> dict[str, list[Route]]:
    """Return the routes by the module of their views (one test each: one world to build)."""
    groups: dict[str, list[Route]] = {}
    for route in routes():
        groups.setdefault(view_module(route.view), []).append(route)
    return groups


def path_value(world: World, name: str, converter, bad: str | None) -> object:
    """Return one part of a path: the world's first id, or the bad value (for a number, one
    of HUGE, chosen by the bad value's length)."""
    if bad is None:
        return world.ids.get(name, ["x"])[0]
    if takes_a_number(converter):
        return HUGE[len(bad) % len(HUGE)]
    return bad


@dataclass
class Attempt:
    """One request of the fuzz: a bad value in one place of a route, the rest as its pages
    send it, by one persona."""

    route: Route
    target: Target
    bad: str
    role: str
    method: str
    headers: str = "plain"  # or "htmx", or "offline" (the offline queue's replay)
    body: str = "multipart"  # or "urlencoded", or "latin-1" (a form in another charset)


def attempt(world: World, forms, nul_queries, what: Attempt, grid=lambda n, values: []) -> None:
    """Send the request and check the answer: below 500, and no query with a NUL.

    `grid(name, values)` chooses the values of a field the page offers many of (a hand's
    cards); a field offering one or two values sends the first.
    """
    route, target, bad = what.route, what.target, what.bad

    def part(name, converter):
        aimed = target.kind == "path" and target.name == name
        return path_value(world, name, converter, bad if aimed else None)

    path = world.path(route, part)
    fields = forms.get(route.name, {}).get(what.method, {})
    body = {
        name: grid(name, sorted(values)) if len(values) > 2 else sorted(values)[:1]
        for name, values in fields.items()
    }
    query = {}
    if what.method == "POST":
        body[CSRF_FIELD] = [CSRF_SECRET]
    if target.kind == "field":
        body[target.name] = [bad]
    elif target.kind == "query":
        query[target.name] = bad
    headers = {"htmx": {"HX-Request": "true"}}.get(what.headers, {})
    if what.headers == "offline" or target.kind == "header":
        headers.update({"Idempotency-Key": bad, "X-Offline-Replay": "1"})
    client = world.client(what.role)
    response = send(client, what.method, what.body, path, query, body, headers)
    assert response.status_code < 500, (what, path, query, body)
    # PostgreSQL refuses a NUL in a query (a 500 there), where SQLite takes it.
    assert nul_queries == [], (what, path, query, body)


# Every place of every route gets each of these, the classes of bad value a 5xx came from:
# a NUL (also in a path of the site), a text longer than its field, an id past what a
# database stores, a next that is not a path. Hypothesis then sends any text, and
# BAD_VALUES, to the places it picks, in every body and with every header.
SWEPT = ("a\x00b", "/s/a\x00b/", "x" * 201, "9223372036854775808", "abc")
HEADERS = st.sampled_from(["plain", "htmx", "offline"])
BODIES = st.sampled_from(["multipart", "urlencoded", "latin-1"])
# Hypothesis picks a branch of `|` about evenly: the named bad values come up most.
bad_value = st.sampled_from(BAD_VALUES) | st.sampled_from(BAD_VALUES) | bad_text


@pytest.mark.parametrize("group", sorted(route_groups()))
def test_no_route_answers_5xx_to_bad_input(world, nul_queries, group):
    forms = page_forms(world)
    places = [
        (route, target)
        for route in route_groups()[group]
        for target in targets(route, forms.get(route.name, {}))
    ]
    for index, ((route, target), bad) in enumerate(itertools.product(places, SWEPT)):
        method = target.method or ("GET", "POST")[index % 2]
        role = ROLES[index % len(ROLES)]
        attempt(world, forms, nul_queries, Attempt(route, target, bad, role, method))

    @settings(FUZZ, max_examples=(EXAMPLES or 2) * len(places))
    @given(data=st.data())
    def fuzz(data):
        route, target = data.draw(st.sampled_from(places), label="route and place")
        method = target.method or data.draw(st.sampled_from(["GET", "POST"]), label="method")
        what = Attempt(
            route,
            target,
            bad=data.draw(bad_value, label="bad value"),
            role=data.draw(st.sampled_from(ROLES), label="role"),
            method=method,
            headers=data.draw(HEADERS, label="headers"),
            body=data.draw(BODIES, label="body"),
        )

        def grid(name, values):
            return data.draw(
                st.lists(st.sampled_from(values), max_size=11, unique=True), label=name
            )

        attempt(world, forms, nul_queries, what, grid)

    fuzz()


def send(client: Client, method: str, encoding: str, path: str, query, body, headers):
    """Send the request, a POST's form in one of the bodies a browser or a script may send."""
    if method == "GET":
        return client.get(path, {**body, **query}, headers=headers)
    url = f"{path}?{urlencode(query)}" if query else path
    if encoding == "multipart":
        return client.post(url, body, headers=headers)
    charset = "; charset=latin-1" if encoding == "latin-1" else ""
    return client.post(
        url,
        urlencode(body, doseq=True),
        content_type=f"application/x-www-form-urlencoded{charset}",
        headers=headers,
    )
