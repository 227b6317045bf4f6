"""Whose hand a tap goes to, by touch at 390x844: a 10-card knocker needs no tap on the hand
switch, an 11-card knocker one, offered in the verdict bar; every tap changes a count in view,
at once (before the server answers), and a hand that is full refuses one more card in the bar
instead of letting it land anywhere.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scorekeeper.models import Deal
from tests.hands import KNOCK_4, OPP_39

from .test_phone_entry_taps import UNDER_FINGER_JS, Finger, so_far, start_deal


def tap_knocker(finger: Finger, cards: list[str]) -> None:
    for n, card in enumerate(cards, 1):
        finger.card("knocker", card, status=so_far(cards[:n]), counts=f"Alice {n}/10 · Bob 0/10")


def tap_in_bar(finger: Finger, label) -> None:
    """Tap a label in the verdict bar (in view, at the bottom) where the finger finds it."""
    box = label.bounding_box()
    assert box["y"] >= finger.bar_box()["y"] and box["y"] + box["height"] <= 844, box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert finger.page.evaluate(UNDER_FINGER_JS, [x, y]) == label.get_attribute("for")
    finger.page.touchscreen.tap(x, y)
    finger.taps += 1


def hold_the_first_preview(page) -> list:
    """Hold back the next request of the entry page (the live preview) until the test lets it
    go, `held[0].continue_()`; let every later one through. Return the list it lands in."""
    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/knock/**", hold_the_first)
    return held


def test_an_eleventh_card_goes_to_the_knocker_after_one_tap_offered_in_the_bar(phone):
    page = phone.page
    start_deal(phone)
    finger = Finger(phone)
    knocker = KNOCK_4.split()
    tap_knocker(finger, knocker)
    # Her 10th card moved the switch on by itself, and the bar offers the way back.
    expect(page.locator("#side_opponent")).to_be_checked()
    offer = page.locator(".bar label[for='side_knocker']")
    expect(offer).to_have_text("An 11th card? Tap Alice")
    tap_in_bar(finger, offer)
    expect(page.locator("#side_knocker")).to_be_checked()
    expect(offer).to_be_hidden()
    finger.card("knocker", "QC", status=so_far([*knocker, "QC"]), counts="Alice 11/11 · Bob 0/10")
    # The 11th card is her last: the switch moves on again, and offers nothing more.
    expect(page.locator("#side_opponent")).to_be_checked()
    expect(offer).to_be_hidden()
    for n, card in enumerate(OPP_39.split(), 1):
        finger.card(
            "opponent",
            card,
            status="Knock: Alice scores 35 points." if n == 10 else so_far([*knocker, "QC"]),
            counts=f"Alice 11/11 · Bob {n}/10",
        )
    assert finger.taps == 22  # 21 cards and the one tap offered
    with page.expect_navigation():
        finger.tap_at_once(page.locator(".bar .btn-primary"))
    phone.recorded("Deal 1: Alice +35")
    deal = Deal.objects.get(number=1)
    assert len(deal.knocker_cards.split()) == 11 and "QC" in deal.knocker_cards


# Without the service worker, whose fetches the test's route could not hold back.
@pytest.mark.browser_context_args(service_workers="block")
def test_a_tap_changes_a_count_in_view_before_the_server_answers(phone):
    """The switch moves to the opponent at the knocker's 10th card: the next tap lands in
    the opponent's hand, and the bar says so at once, also while the preview is on its way
    (or never comes, offline)."""
    page = phone.page
    start_deal(phone)
    finger = Finger(phone)
    tap_knocker(finger, KNOCK_4.split())
    held = []
    page.route("**/knock/**", lambda route: held.append(route))
    finger.tap_at(phone.card_label("opponent", "5C"), request=False)
    expect(page.locator(".bar-counts")).to_have_text("Alice 10/10 · Bob 1/10")
    expect(page.locator("#side-opponent b")).to_have_text("1/10")
    assert held, "the tap asked the server nothing"
    with page.expect_response(lambda r: r.request.method == "POST"):
        for route in held:
            route.continue_()
    page.unroute("**/knock/**")
    expect(page.locator(".bar-counts")).to_have_text("Alice 10/10 · Bob 1/10")


def test_an_eleventh_opponent_card_is_refused_in_the_bar(phone):
    page = phone.page
    start_deal(phone)
    finger = Finger(phone)
    knocker = KNOCK_4.split()
    tap_knocker(finger, knocker)
    for n, card in enumerate(OPP_39.split(), 1):
        finger.card(
            "opponent",
            card,
            status="Knock: Alice scores 35 points." if n == 10 else so_far(knocker),
            counts=f"Alice 10/10 · Bob {n}/10",
        )
    # A stray 11th tap on Bob's grid: refused, said in the bar, and no card moves anywhere.
    finger.tap_at(phone.card_label("opponent", "7C"), request=False)
    expect(phone.card_input("opponent", "7C")).not_to_be_checked()
    expect(phone.card_input("knocker", "7C")).not_to_be_checked()
    expect(page.locator(".bar-note")).to_have_text("Bob has 10 cards already: untap one first.")
    expect(page.locator(".bar-counts")).to_have_text("Alice 10/10 · Bob 10/10")
    note = page.locator(".bar-note").bounding_box()
    assert note["y"] >= 0 and note["y"] + note["height"] <= 844
    # The next tap clears it.
    finger.tap_at(phone.card_label("opponent", "5S"), request=True)
    expect(page.locator(".bar-note")).to_be_hidden()
    expect(page.locator(".bar-counts")).to_have_text("Alice 10/10 · Bob 9/10")


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_without_js_the_bars_offer_brings_back_the_knockers_grid_for_an_11th_card(phone):
    page = phone.page
    start_deal(phone)
    page.locator("#id_knocker_text").fill(KNOCK_4)
    phone.tap_to_next_page(phone.button("Show the verdict"))
    # The server put Bob's grid on screen after her 10 cards, and the bar offers the way back.
    expect(page.locator("#side_opponent")).to_be_checked()
    offer = page.locator(".bar label[for='side_knocker']")
    expect(offer).to_be_visible()
    phone.tap(offer)
    expect(phone.card_label("knocker", "QC")).to_be_visible()
    expect(offer).to_be_hidden()
    phone.tap(phone.card_label("knocker", "QC"))
    phone.tap_to_next_page(phone.button("Show the verdict"))
    expect(page.locator(".bar-counts")).to_have_text("Alice 11/11 · Bob 0/10")
    expect(page.locator("#side_opponent")).to_be_checked()


# Without the service worker, whose fetches the test's route could not hold back.
@pytest.mark.browser_context_args(service_workers="block")
def test_taps_faster_than_the_server_answers_abort_nothing_and_end_on_the_last_verdict(phone):
    """A slow answer to the live preview is waited for, not cut off: a cut-off request is a
    console error, and the offline script took it for a lost connection. The bar ends on the
    verdict of every card tapped."""
    page = phone.page
    start_deal(phone)
    finger = Finger(phone)
    knocker = KNOCK_4.split()
    tap_knocker(finger, knocker[:7])
    held = hold_the_first_preview(page)
    for card in knocker[7:]:
        finger.tap_at(phone.card_label("knocker", card), request=False)
    expect(page.locator(".bar-counts")).to_have_text("Alice 10/10 · Bob 0/10")
    assert held, "the taps asked the server nothing"
    try:
        held[0].continue_()
    except PlaywrightError as error:  # the browser cut the request off meanwhile
        page.problems.append(f"the first preview was cut off: {error.message}")
    expect(page.locator(".bar-status")).to_have_text(so_far(knocker))
    expect(page.locator("#offline-banner")).to_be_hidden()
    assert page.problems == [], page.problems


@pytest.mark.browser_context_args(service_workers="block")
def test_a_hand_typed_while_the_other_hands_answer_is_on_its_way_is_kept(phone):
    """The live preview's answer redraws each hand's text box. One the player typed in after
    the question was sent keeps what was typed (its answer is stale), and the verdict then ends
    on both hands."""
    page = phone.page
    start_deal(phone)
    held = hold_the_first_preview(page)
    knocker = page.locator("#id_knocker_text")
    knocker.fill(KNOCK_4)
    knocker.press("Tab")  # sends the knocker's hand; its answer is held back
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the knocker's hand asked the server nothing"
    opponent = page.locator("#id_opponent_text")
    opponent.fill(OPP_39)  # typed while the knocker's answer is on its way
    held[0].continue_()
    expect(page.locator("#side-knocker b")).to_have_text("10/10")  # that answer is in
    expect(opponent).to_have_value(OPP_39)
    with page.expect_response(lambda response: "/knock/" in response.url):
        opponent.press("Tab")
    expect(page.locator("#preview .outcome")).to_have_text("Knock: Alice scores 35 points.")
    expect(page.locator("#side-opponent b")).to_have_text("10/10")
