"""The new-match form: players, rules and the first dealer, and its errors."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.models import Match, Player

from .match_helpers import DEFAULT_RULES_FORM, create_match


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


def test_a_rematch_link_fills_the_new_match_form_from_the_owners_match(alice, alices_match):
    form = alice.client.get("/matches/new/", {"rematch": alices_match.pk}).context["form"]
    assert form.initial["player_a"] == alices_match.player_a_id


def other_spellings(pk: int) -> list[str]:
    """Return the match's id as Python's int() reads it but a path's `num` would not."""
    arabic = str(pk).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    return [f" {pk}", f"+{pk}", f"{pk}\n", arabic, f"0_{pk}"]


@pytest.mark.parametrize("spelling", range(5))
def test_a_rematch_id_is_read_as_a_paths_id_is(alice, alices_match, spelling):
    typed = other_spellings(alices_match.pk)[spelling]
    response = alice.client.get("/matches/new/", {"rematch": typed})
    assert response.status_code == 200 and response.context["form"].initial == {}


@pytest.mark.parametrize("number", ["9223372036854775808", "1" + "0" * 30, "9" * 5000])
def test_a_rematch_id_past_what_a_database_stores_asks_no_query(alice, number):
    with CaptureQueriesContext(connection) as queries:
        response = alice.client.get("/matches/new/", {"rematch": number})
    assert response.status_code == 200 and response.context["form"].initial == {}
    assert not [query["sql"] for query in queries if number[:18] in query["sql"]]
