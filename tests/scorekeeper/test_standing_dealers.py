"""Who dealt is a fact stored with each deal; only the next dealer is derived.

Deleting or restoring an earlier deal changes the totals, never who dealt the later deals.
The next dealer is the winner of the last counted deal, or its dealer again after a draw, or
the first dealer when no deal counts.
"""

import re

import pytest

from scorekeeper.models import Deal
from scorekeeper.standing import Standing

from .match_helpers import deal_url, record_draw, record_quick, set_upcard


def version(match) -> int:
    match.refresh_from_db()
    return match.version


def dealers(match) -> dict[int, int | None]:
    return dict(Deal.objects.filter(match=match).values_list("number", "dealer"))


def heading(client, match) -> str:
    board = client.get(match.get_absolute_url()).content.decode()
    return re.search(r'<h2 id="deal-heading">([^<]*)</h2>', board).group(1)


def post(client, match, name, number):
    response = client.post(deal_url(name, match, number), {"version": version(match)})
    assert response.status_code == 302
    return response


def knock(client, match, knocker, k, o):
    set_upcard(client, match, "TC")
    assert record_quick(client, match, knocker, k, o).status_code == 302


@pytest.fixture
def three(client, match):
    """Alice deals first. Bob wins deal 1 (+20) and deals a draw (deal 2) and deal 3, which
    Alice wins (+30)."""
    knock(client, match, 1, 1, 21)
    record_draw(client, match)
    knock(client, match, 0, 1, 31)
    assert dealers(match) == {1: 0, 2: 1, 3: 1}
    assert heading(client, match) == "Deal 4 · Alice deals"
    return match


def test_each_recorded_deal_stores_who_dealt_it(client, three):
    for number, name in ((1, "Alice"), (2, "Bob"), (3, "Bob")):
        page = client.get(deal_url("deal_detail", three, number)).content.decode()
        assert f"{name} dealt" in page


def test_deleting_an_earlier_deal_changes_totals_but_not_who_dealt_later(client, three):
    post(client, three, "deal_delete", 1)
    assert dealers(three) == {1: 0, 2: 1, 3: 1}
    for number in (2, 3):
        assert "Bob dealt" in client.get(deal_url("deal_detail", three, number)).content.decode()
    board = client.get(three.get_absolute_url()).content.decode()
    assert re.findall(r'<div class="pts">(\d+)</div>', board) == ["30", "0"]
    assert [line.dealer for line in Standing.of(three).lines] == [1, 1]
    assert heading(client, three) == "Deal 4 · Alice deals"  # Alice won deal 3


def test_after_a_draw_its_stored_dealer_deals_again(client, three):
    post(client, three, "deal_delete", 1)
    post(client, three, "deal_delete", 3)
    # Deal 2, the last that counts, was Bob's draw: Bob deals again, though with deal 1
    # gone the old rotation would have made Alice (the first dealer) its dealer.
    assert heading(client, three) == "Deal 4 · Bob deals"


def test_restoring_changes_totals_and_the_next_dealer_not_the_stored_ones(client, three):
    post(client, three, "deal_delete", 3)
    assert heading(client, three) == "Deal 4 · Bob deals"  # after Bob's draw, deal 2
    post(client, three, "deal_delete", 1)
    post(client, three, "deal_restore", 1)
    assert dealers(three) == {1: 0, 2: 1, 3: 1}
    assert heading(client, three) == "Deal 4 · Bob deals"
    post(client, three, "deal_restore", 3)
    assert heading(client, three) == "Deal 4 · Alice deals"
    assert dealers(three) == {1: 0, 2: 1, 3: 1}


def test_next_dealer_is_the_first_dealer_when_no_deal_counts(client, three):
    for number in (1, 2, 3):
        post(client, three, "deal_delete", number)
    assert heading(client, three) == "Deal 4 · Alice deals"


def test_correcting_an_earlier_deal_keeps_who_dealt_later(client, three):
    three.refresh_from_db()
    url = deal_url("deal_edit", three, 1)
    data = {"mode": "quick", "version": three.version, "knocker": 0}
    client.post(url, {**data, "knocker_deadwood": 1, "opponent_deadwood": 11})
    assert Deal.objects.get(match=three, number=1).winner == 0
    assert dealers(three) == {1: 0, 2: 1, 3: 1}


def test_the_deal_being_played_keeps_its_dealer(client, three):
    set_upcard(client, three, "TC")  # deal 4 is dealt: by Alice, who won deal 3
    assert dealers(three)[4] == 0
    post(client, three, "deal_delete", 3)  # the rules alone would now name Bob
    assert heading(client, three) == "Deal 4 · Alice deals"
    record_draw(client, three)
    assert dealers(three)[4] == 0
    assert heading(client, three) == "Deal 5 · Alice deals"


def test_undo_keeps_the_dealer_of_the_deal_taken_back(client, three):
    post(client, three, "deal_delete", 1)
    post(client, three, "deal_undo", 3)
    assert dealers(three)[3] == 1
    assert heading(client, three) == "Deal 3 · Bob deals"
