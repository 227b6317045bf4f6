"""The whole grid above the verdict bar at 390x844: a full-card deal is tapped without a scroll
by hand, in every language, with the bar at its tallest (an 11th card offered, an illegal
knock sent back with its message, which the bar carries and the next change clears)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper.models import Deal
from tests.hands import KNOCK_4, KNOCK_5, OPP_5, OPP_39

from .browser_helpers import hx_response
from .offline_helpers import wait_for_worker, wait_until_kept
from .test_phone_entry_taps import UNDER_FINGER_JS
from .test_phone_offline_deals import send_when_online

LANGUAGES = ["en", "fi", "nl", "pl", "sn"]

# Every card of the grid on screen: its box, and whether it is what lies under its centre.
GRID_JS = """() => {
  const grid = [...document.querySelectorAll('.hand .grid')].find((g) => g.offsetParent);
  const bar = document.querySelector('.bar').getBoundingClientRect();
  return {barTop: bar.top, scrollY: window.scrollY, cards: [...grid.querySelectorAll('.gc')]
    .map((label) => {
      const b = label.getBoundingClientRect();
      const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      return {id: label.htmlFor, top: b.top, bottom: b.bottom, width: b.width,
              height: b.height, hit: Boolean(hit && hit.closest('label') === label)};
    })};
}"""


def speak(phone, language: str) -> None:
    """Switch the site's language with the footer's form, as a player does."""
    if language != "en":
        phone.page.locator("#language").select_option(language)
        phone.tap_to_next_page(phone.page.locator(".lang button"))


def assert_whole_grid_above_the_bar(phone) -> None:
    """All 52 cards of the grid on screen lie above the bar, each the thing under its centre,
    in rows of at least 44 px, at scroll 0 (nothing was scrolled to get there)."""
    seen = phone.page.evaluate(GRID_JS)
    assert seen["scrollY"] == 0
    assert len(seen["cards"]) == 52
    for card in seen["cards"]:
        assert card["top"] >= 0 and card["bottom"] <= seen["barTop"], (card, seen["barTop"])
        assert card["hit"], f"something covers {card['id']}"
        assert card["height"] >= 44 and card["width"] >= 40, card


def open_entry(phone, language: str, upcard: str) -> None:
    phone.start_match(dealer="First player deals")
    speak(phone, language)
    phone.set_upcard(upcard)
    phone.tap_to_next_page(phone.page.locator("a.btn-primary[href$='/knock/0/']"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_all_52_cards_are_above_the_bar_at_its_tallest_in_every_language(phone, language):
    page = phone.page
    open_entry(phone, language, "3C")  # limit 3: KNOCK_5 is illegal
    assert_whole_grid_above_the_bar(phone)
    # Ten knocker cards: the bar offers an 11th.
    phone.type_hand("knocker", KNOCK_5)
    page.evaluate("() => window.scrollTo(0, 0)")
    phone.tap(page.locator(".hand-switch label[for='side_opponent']"))
    expect(page.locator(".bar-offer")).to_be_visible()
    assert_whole_grid_above_the_bar(phone)
    # An illegal knock sent back: its message is in the bar, with the offer and Record's why.
    phone.type_hand("opponent", OPP_5)
    with page.expect_navigation():
        page.locator(".bar .btn-illegal").click()
    expect(page.locator(".bar .bar-msgs .msg-error")).to_be_visible()
    expect(page.locator(".bar-offer")).to_be_visible()
    expect(page.locator(".bar .btn-illegal")).to_be_visible()
    expect(page.locator("main > .messages")).to_have_count(0)
    assert_whole_grid_above_the_bar(phone)
    phone.assert_inside_screen()


def tap_without_scrolling(phone, grid: str, card: str) -> None:
    """Tap a card where it already is: above the bar at scroll 0, under the finger."""
    page = phone.page
    label = phone.card_label(grid, card)
    box = label.bounding_box()
    bar = page.locator(".bar").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], f"{card} needs a scroll"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(UNDER_FINGER_JS, [x, y]) == f"id_{grid}_{card}"
    with page.expect_response(hx_response):
        page.touchscreen.tap(x, y)
    assert page.evaluate("() => window.scrollY") == 0, "the page moved"


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_full_card_deal_needs_no_scroll_by_hand(phone, language):
    page = phone.page
    open_entry(phone, language, "TC")
    assert page.evaluate("() => window.scrollY") == 0
    for n, card in enumerate(KNOCK_4.split(), 1):
        tap_without_scrolling(phone, "knocker", card)
        expect(page.locator(".bar-counts")).to_contain_text(f"{n}/10")
    expect(page.locator("#side_opponent")).to_be_checked()
    for n, card in enumerate(OPP_39.split(), 1):
        tap_without_scrolling(phone, "opponent", card)
        expect(page.locator(".bar-counts span[data-count='1'] b")).to_have_text(f"{n}/10")
    record = page.locator(".bar .btn-primary")
    box = record.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('button') !== null", [x, y]
    )
    with page.expect_navigation():
        page.touchscreen.tap(x, y)
    deal = Deal.objects.get(number=1)
    assert deal.status == Deal.Status.RECORDED and deal.points == 35


def test_the_illegal_knock_message_clears_itself_once_the_hand_is_corrected(phone):
    page = phone.page
    open_entry(phone, "en", "3C")
    phone.type_hand("knocker", KNOCK_5)
    phone.type_hand("opponent", OPP_5)
    with page.expect_navigation():
        page.locator(".bar .btn-illegal").click()
    said = page.locator(".bar .msg-error")
    expect(said).to_have_text(
        "Illegal knock: deadwood 5 > limit 3. Nothing was scored: correct the cards, or play on."
    )
    box = said.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, "the message is out of view"
    # She held 2♦, not 5♦: untap one, tap the other, on the knocker's grid.
    phone.tap(page.locator(".hand-switch label[for='side_knocker']"))
    for card in ("5D", "2D"):
        tap_without_scrolling(phone, "knocker", card)
    expect(page.locator(".bar-status")).to_have_text("Knock: Alice scores 3 points.")
    expect(page.get_by_text("Illegal knock: deadwood 5 > limit 3.")).to_have_count(0)
    expect(page.locator(".msg-error")).to_have_count(0)


def tap_offline_without_scrolling(phone, grid: str, card: str, n: int) -> None:
    """Offline there is no server answer to wait for: a tap where the card already is, and
    its hand's count in view says so at once."""
    page = phone.page
    box = phone.card_label(grid, card).bounding_box()
    bar = page.locator(".bar").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], f"{card} needs a scroll"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(UNDER_FINGER_JS, [x, y]) == f"id_{grid}_{card}"
    page.touchscreen.tap(x, y)
    count = "0" if grid == "knocker" else "1"
    expect(page.locator(f".bar-counts span[data-count='{count}'] b")).to_have_text(f"{n}/10")
    assert page.evaluate("() => window.scrollY") == 0, "the page moved"


@pytest.mark.parametrize("language", ["en", "fi"])
def test_offline_a_full_card_deal_on_the_kept_page_needs_no_scroll_by_hand(phone, language):
    """Offline, the page the phone kept has no live preview: the note takes the bar's status
    line, the whole grid is still above the bar, each tap changes a count in view, and Record
    keeps the deal, which is recorded once when the connection is back."""
    page = phone.page
    pk = phone.start_match(dealer="First player deals")
    speak(phone, language)
    phone.set_upcard("TC")
    wait_for_worker(page)
    page.reload()
    wait_until_kept(page, f"/matches/{pk}/", f"/matches/{pk}/knock/0/")
    page.context.set_offline(True)
    phone.tap_to_next_page(page.locator("a.btn-primary[href$='/knock/0/']"))
    note = page.locator(".bar [data-offline-note]")
    expect(note).to_be_visible()
    assert_whole_grid_above_the_bar(phone)
    for n, card in enumerate(KNOCK_4.split(), 1):
        tap_offline_without_scrolling(phone, "knocker", card, n)
    expect(page.locator("#side_opponent")).to_be_checked()
    expect(page.locator(".bar-offer")).to_be_visible()
    assert_whole_grid_above_the_bar(phone)
    for n, card in enumerate(OPP_39.split(), 1):
        tap_offline_without_scrolling(phone, "opponent", card, n)
    record = page.locator(".bar .btn-primary")
    box = record.bounding_box()
    assert box["y"] + box["height"] <= 844, "Record is out of view"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('button') !== null", [x, y]
    )
    with page.expect_navigation():
        page.touchscreen.tap(x, y)
    page.wait_for_url(f"{phone.base_url}/matches/{pk}/")
    expect(page.locator("#queue .queue-item")).to_have_count(1)
    assert not Deal.objects.filter(number=1, status=Deal.Status.RECORDED).exists()

    send_when_online(page)
    deal = Deal.objects.get(number=1)
    assert (deal.status, deal.upcard, deal.winner, deal.points) == (
        Deal.Status.RECORDED,
        "TC",
        0,
        35,
    )
