"""The upcard: its grid, the knock limit it sets, and the announcements it brings."""

from django.urls import reverse

from scorekeeper.models import Deal

from .match_helpers import HTMX, create_match, set_upcard


def test_upcard_sets_the_knock_limit_and_can_be_changed(client, match):
    set_upcard(client, match, "7H")
    response = client.post(
        reverse("scorekeeper:deal_upcard", args=[match.pk]), {"upcard": "AS"}, **HTMX
    )
    body = response.content.decode()
    assert "<html" not in body and '<span class="num">1</span>' in body
    assert Deal.objects.get(match=match).upcard == "AS"


def test_spades_double_is_announced_for_a_spade_upcard(client, db):
    match = create_match(client, spades_double="on")
    set_upcard(client, match, "9S")
    assert "Spades double" in client.get(match.get_absolute_url()).content.decode()


def test_ace_means_gin_gives_limit_zero(client, db):
    match = create_match(client, ace_means_gin="on")
    set_upcard(client, match, "AD")
    assert '<span class="num">0</span>' in client.get(match.get_absolute_url()).content.decode()


def test_rejects_an_unknown_upcard(client, match):
    response = client.post(reverse("scorekeeper:deal_upcard", args=[match.pk]), {"upcard": "1X"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Deal.objects.exists()


def test_upcard_grid_offers_one_choice_of_52(client, match):
    body = client.get(match.get_absolute_url()).content.decode()
    assert body.count('type="radio" class="vh" name="upcard"') == 52
    assert 'type="checkbox" class="vh" name="upcard"' not in body
