"""The new-match form, the scoreboard, the upcard, quick entry, draws, and other pages."""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Deal, Match, Player

from .match_helpers import (
    DEFAULT_RULES_FORM,
    HTMX,
    create_match,
    deal_url,
    enter_cards,
    record_draw,
    record_quick,
    set_upcard,
)


def test_home_page_says_what_the_site_is_and_links_to_the_checker(client, db):
    body = client.get(reverse("scorekeeper:home")).content.decode()
    assert "Oklahoma Gin" in body and reverse("scorekeeper:checker") in body


def test_rules_page_has_the_knock_limit_table(client, db):
    body = client.get(reverse("scorekeeper:rules")).content.decode()
    assert 'id="limits"' in body and "A tie is an undercut" in body


def test_new_match_stores_players_rules_and_dealer(client, db):
    match = create_match(client, "Alice", "Bob", dealer="1", spades_double="on", target=150)
    assert (match.player_a.name, match.player_b.name, match.first_dealer) == ("Alice", "Bob", 1)
    assert match.rules["spades_double"] is True and match.rules["target"] == 150
    assert match.dealer_chosen_at_random is False


def test_random_first_dealer_is_drawn_and_remembered(client, db):
    dealers = {
        create_match(client, f"A{i}", f"B{i}", dealer="random").first_dealer for i in range(24)
    }
    assert dealers == {0, 1}
    assert Match.objects.filter(dealer_chosen_at_random=True).count() == 24


def test_earlier_players_can_be_picked_again(client, db):
    first = create_match(client, "Alice", "Bob")
    page = client.get(reverse("scorekeeper:match_create")).content.decode()
    assert "Alice" in page
    second = create_match(client, "", "", player_a=first.player_b.pk, player_b=first.player_a.pk)
    assert (second.player_a, second.player_b) == (first.player_b, first.player_a)
    assert Player.objects.count() == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"player_a_name": "", "player_b_name": "Bob"}, "Pick a player or type a name."),
        ({"player_a_name": "Ann", "player_b_name": "ann"}, "The two players need different"),
        ({"player_a_name": "x" * 10_000, "player_b_name": "Bob"}, "at most 40 characters"),
        ({"player_a_name": "Ann", "player_b_name": "Bob", "target": "-5"}, "greater than or"),
    ],
)
def test_new_match_rejects_bad_input_with_a_message(client, db, data, message):
    base = {"first_dealer": "0", **DEFAULT_RULES_FORM}
    response = client.post(reverse("scorekeeper:match_create"), {**base, **data})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Match.objects.count() == 0


def test_player_names_are_escaped(client, db):
    match = create_match(client, '<script>alert("x")</script>', "Bob")
    body = client.get(match.get_absolute_url()).content.decode()
    assert "<script>alert" not in body and "&lt;script&gt;" in body


def test_scoreboard_shows_deal_dealer_and_first_turn_reminder(client, match):
    body = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 1 · Alice deals" in body
    assert "First turn: Bob may take the upcard." in body
    assert "Tap the upcard" in body


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
        (-1, 20, "greater than or equal to 0"),
        (3, 101, "less than or equal to 100"),
        ("", 5, "This field is required."),
        ("abc", 5, "Enter a whole number."),
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


def test_deal_page_shows_the_verdict_with_layoffs(client, match):
    set_upcard(client, match, "TC")
    # Alice melds 5-6-7♠; Bob lays off 8♠ and then 9♠.
    enter_cards(client, match, 0, "5S 6S 7S KH KD KC 2H 3H 4H AC", "8S 9S QD QC QH 2D 4D 6D 8D TD")
    body = client.get(deal_url("deal_detail", match, 1)).content.decode()
    assert "Layoffs" in body and body.count('class="pc pc-s laid"') >= 2


def test_someone_elses_match_is_not_found(client, match):
    stranger = Client()
    for url in (
        match.get_absolute_url(),
        reverse("scorekeeper:deal_enter", args=[match.pk, 0]),
    ):
        assert stranger.get(url).status_code == 404
    assert (
        stranger.post(reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": 1}).status_code
        == 404
    )
    assert not Deal.objects.exists()


def test_four_colour_deck_can_be_switched_on_and_off(client, db):
    home = reverse("scorekeeper:home")
    assert 'class="four"' not in client.get(home).content.decode()
    response = client.post(reverse("scorekeeper:deck_colours"), {"next": home})
    assert response["Location"] == home
    assert '<body class="four"' in client.get(home).content.decode()
    client.post(reverse("scorekeeper:deck_colours"), {"next": "https://evil.example/"})
    assert '<body class="four"' not in client.get(home).content.decode()


def test_upcard_grid_offers_one_choice_of_52(client, match):
    body = client.get(match.get_absolute_url()).content.decode()
    assert body.count('type="radio" class="vh" name="upcard"') == 52
    assert 'type="checkbox" class="vh" name="upcard"' not in body
