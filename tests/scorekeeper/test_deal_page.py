"""A recorded deal's page: the verdict, with the layoffs."""

from tests.hands import ALICE_KNOCKS_WITH_1, BOB_LAYS_OFF

from .match_helpers import deal_url, enter_cards, set_upcard


def test_deal_page_shows_the_verdict_with_layoffs(client, match):
    set_upcard(client, match, "TC")
    # Alice melds 5-6-7♠; Bob lays off 8♠ and then 9♠.
    enter_cards(client, match, 0, ALICE_KNOCKS_WITH_1, BOB_LAYS_OFF)
    body = client.get(deal_url("deal_detail", match, 1)).content.decode()
    assert "Layoffs" in body and body.count('class="pc pc-s laid"') >= 2
