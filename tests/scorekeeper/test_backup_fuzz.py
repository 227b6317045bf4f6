"""Hypothesis mutates a real backup, seals it again, and imports it.

Whatever the file holds: it imports all or nothing, never with a traceback, and every page of
every match it imported answers 200.
"""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.backup.errors import BackupError
from scorekeeper.backup.format import checksum
from scorekeeper.backup.writing import export_matches, import_matches
from scorekeeper.models import Deal, IllegalKnock, Match, Player
from scorekeeper.standing import Standing
from tests.hands import KNOCK_4, OPP_39

from .backup_helpers import match_pages, play_a_match
from .match_helpers import create_match, enter_cards, record_quick, set_upcard

FUZZ = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

# Values that mean something somewhere in a backup, to hit the checks past the type checks.
PLAUSIBLE = [
    "", "open", "recorded", "cards", "quick", "draw", "knock", "gin", "undercut", "big_gin",
    "6D", "TC", "ZZ", "AS", KNOCK_4, OPP_39, "AS AS", "Alice", "alice", "Ａlice", "=1+1",
    "2026-01-01T00:00:00+00:00", "00000000-0000-0000-0000-000000000000",
    0, 1, 2, 3, 4, 9, 10, 11, 25, 60, 100, 1000, -1, 2**31, 2**63, None, True, False, 1.5,
]  # fmt: skip
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@pytest.fixture
def document(alice) -> dict[str, Any]:
    """A backup of two matches: cards, a draw, a quick deal, an illegal knock kept open, and a
    match with house rules (big gin, spades double) and a deal undone."""
    client, owner = alice.client, alice.user
    match = play_a_match(client)
    set_upcard(client, match, "2C")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)  # illegal: stays open
    other = create_match(client, "Carol", "Alice", big_gin=True, spades_double=True)
    set_upcard(client, other, "9S")
    record_quick(client, other, 0, 0, 5, big_gin="on")
    set_upcard(client, other, "5H")
    record_quick(client, other, 1, 4, 12)
    other.refresh_from_db()
    client.post(reverse("scorekeeper:deal_undo", args=[other.pk, 2]), {"version": other.version})
    body = export_matches(owner)
    assert [len(m["deals"]) for m in body["matches"]] == [4, 2]
    return body


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Return the path to every value in the document, the document itself first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def mutate(body: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """Return the document with one to three random changes, sealed again (mostly)."""
    body = copy.deepcopy(body)
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        path = data.draw(st.sampled_from(paths(body)[1:]), label="path")
        *parent_path, key = path
        parent = body
        for step in parent_path:
            parent = parent[step]
        kind = data.draw(
            st.sampled_from(["plausible", "value", "delete", "add", "copy"]), label="kind"
        )
        if kind == "plausible":
            parent[key] = data.draw(st.sampled_from(PLAUSIBLE), label="new")
        elif kind == "value":
            parent[key] = data.draw(json_values, label="new")
        elif kind == "delete":
            del parent[key]
        elif kind == "add" and isinstance(parent, dict):
            parent[data.draw(st.text(max_size=8), label="key")] = parent[key]
        elif kind == "add":
            parent.insert(key, copy.deepcopy(parent[key]))
        else:  # a value from elsewhere in the file, where it may fit
            source = data.draw(st.sampled_from(paths(body)[1:]), label="source")
            value: Any = body
            for step in source:
                value = value[step]
            parent[key] = copy.deepcopy(value)
    if data.draw(st.integers(0, 9), label="seal") and isinstance(body, dict):
        # What cannot be sealed (text that is not Unicode) is refused all the same.
        with contextlib.suppress(UnicodeEncodeError, TypeError, ValueError):
            body["checksum"] = checksum(body)
    return body


def counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Match, Deal, Player, IllegalKnock))


@FUZZ
@given(data=st.data())
def test_a_mutated_backup_imports_all_or_nothing_and_its_pages_answer(document, data):
    restorer = get_user_model().objects.get_or_create(username="restorer")[0]
    client = Client()
    client.force_login(restorer)
    body = mutate(document, data)
    with transaction.atomic():
        before = counts()
        try:
            report = import_matches(restorer, body)
        except BackupError as error:
            event("refused")
            assert str(error)
            assert counts() == before
        else:
            event("imported")
            assert len(report.imported) == Match.objects.filter(owner=restorer).count()
            for match in Match.objects.filter(owner=restorer):
                # A file may hold a match that is over (a lower target, say): its card-entry
                # pages send the player back to its scoreboard, and every other page shows it.
                over = Standing.of(match).finished
                entry = {reverse("scorekeeper:deal_enter", args=[match.pk, s]) for s in (0, 1)}
                for url in match_pages(match):
                    response = client.get(url)
                    if response.streaming:
                        b"".join(response.streaming_content)
                    if over and url in entry:
                        assert response.status_code == 302, url
                        assert response["Location"] == match.get_absolute_url(), url
                    else:
                        assert response.status_code == 200, url
        transaction.set_rollback(True)
