"""Flow 3: correcting an old deal hands a finished match to the other player."""

from playwright.sync_api import expect

from adjudication import Card, parse_cards
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match
from tests.hands import KNOCK_4, OPP_39


def play(match: Match, number: int, upcard: str, facts: dict) -> None:
    """Record a deal straight through the model, as the scoreboard would have."""
    actions.set_upcard(match, Card.parse(upcard))
    actions.record(match, number, DealFacts(upcard=Card.parse(upcard), **facts))


def test_correcting_an_old_deal_changes_the_winner(phone):
    page = phone.page
    pk = phone.start_match(dealer="First player deals")
    match = Match.objects.get(pk=pk)
    cards = {"knocker_cards": parse_cards(KNOCK_4), "opponent_cards": parse_cards(OPP_39)}
    play(match, 1, "TC", {"entry": Deal.Entry.CARDS, "knocker": 0, **cards})  # Alice +35
    quick = {"entry": Deal.Entry.QUICK, "knocker_deadwood": 0, "opponent_deadwood": 50}
    play(match, 2, "QH", {"knocker": 1, **quick})  # Bob's gin, +75
    play(match, 3, "KS", {"knocker": 0, **quick})  # Alice's gin, +75: 110 to 75

    page.reload()
    expect(page.locator(".final")).to_contain_text("Alice wins 110–75")
    phone.look("flow3-01-alice-won")

    # Deal 1 was Bob's knock, not Alice's: open it from the list and correct the knocker.
    phone.tap_to_next_page(page.locator(".deals li").last.get_by_role("link"))
    expect(page.locator(".outcome")).to_have_text("Knock: Alice scores 35 points.")
    phone.tap_to_next_page(phone.link("Correct"))
    expect(page.locator("h1")).to_have_text("Correct deal 1")
    expect(phone.card_input("knocker", "4D")).to_be_checked()
    page.locator("#entry-top > summary").tap()  # who knocked, folded with the upcard
    with page.expect_response(lambda r: r.request.headers.get("hx-request") == "true"):
        page.locator(".seg label", has_text="Bob").tap()
    expect(page.locator("#preview")).to_contain_text("Knock: Bob scores 35 points.")
    phone.look("flow3-02-correcting")
    phone.tap_to_next_page(phone.button("Save the correction"))
    expect(page.locator(".msg")).to_have_text("Deal 1 was corrected.")
    expect(page.locator(".outcome")).to_have_text("Knock: Bob scores 35 points.")

    # Bob reached 100 at deal 2 now: he wins, and deal 3 no longer counts.
    phone.back_to_board()
    expect(page.locator(".final")).to_contain_text("Bob wins 110–0")
    expect(page.locator(".score.win .who")).to_contain_text("Bob")
    expect(page.locator(".deals a.void")).to_have_count(1)
    expect(page.locator(".deals a.void")).to_contain_text("3")
    phone.look("flow3-03-bob-won")
