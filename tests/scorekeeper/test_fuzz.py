"""Hypothesis throws arbitrary text at the card fields and the quick-entry numbers.

Whatever comes in: no 500, a message next to a field, and the database unchanged.
"""

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.models import Deal

from .match_helpers import create_match, set_upcard

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
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


@FUZZ
@given(knocker=card_text, opponent=card_text)
def test_card_fields_survive_any_text(table, knocker, opponent):
    client, match = table
    before = state(match)
    response = client.post(
        f"/matches/{match.pk}/knock/0/",
        {
            "number": 1,
            "upcard": "6D",
            "knocker_seat": 0,
            "action": "record",
            "knocker_text": knocker,
            "opponent_text": opponent,
        },
    )
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
    before = state(match)
    response = client.post(
        f"/matches/{match.pk}/quick/",
        {
            "number": 1,
            "knocker": 0,
            "knocker_deadwood": k,
            "opponent_deadwood": o,
        },
    )
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert "invalid-feedback" in response.content.decode() or "field-error" in (
            response.content.decode()
        )
        assert state(match) == before
