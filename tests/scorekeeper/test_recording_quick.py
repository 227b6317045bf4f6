"""Quick entry and draws: scored by the engine, with a message for every bad number."""

import pytest
from django.urls import reverse

from scorekeeper.models import Deal

from .match_helpers import HTMX, record_draw, record_quick, set_upcard


def test_quick_entry_scores_with_the_engine(client, match):
    set_upcard(client, match, "8C")
    response = record_quick(client, match, 1, 8, 8)
    deal = Deal.objects.get(match=match)
    assert response.status_code == 302
    assert (deal.entry, deal.outcome, deal.winner, deal.points) == ("quick", "undercut", 0, 10)


@pytest.mark.parametrize(
    ("k", "o", "message"),
    [
        (7, 20, "Illegal knock: deadwood 7 &gt; limit 6."),
        (-1, 20, "Enter the deadwood Alice knocked with, as a number (the knock limit is 6)."),
        (3, 101, "Enter the deadwood Bob kept after layoffs, as a number from 0 to 100."),
        ("", 5, "Enter the deadwood Alice knocked with, as a number (the knock limit is 6)."),
        ("abc", 5, "Enter the deadwood Alice knocked with, as a number (the knock limit is 6)."),
    ],
)
def test_quick_entry_rejects_numbers_out_of_range(client, match, k, o, message):
    set_upcard(client, match, "6D")
    response = record_quick(client, match, 0, k, o)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Deal.objects.filter(status="recorded").exists()


def test_quick_entry_error_comes_back_as_a_partial(client, match):
    set_upcard(client, match, "6D")
    response = client.post(
        reverse("scorekeeper:deal_quick", args=[match.pk]),
        {"number": 1, "knocker": 0, "knocker_deadwood": 9, "opponent_deadwood": 3},
        **HTMX,
    )
    body = response.content.decode()
    assert response.status_code == 422 and "<html" not in body and 'id="quick"' in body


def test_quick_entry_needs_the_upcard(client, match):
    response = record_quick(client, match, 0, 3, 20)
    assert "Enter the upcard first" in response.content.decode()


def test_draw_keeps_the_dealer(client, match):
    record_draw(client, match)
    body = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 2 · Alice deals" in body and "Draw" in body
