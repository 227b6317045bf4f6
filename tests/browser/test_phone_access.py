"""Accessibility: axe-core and named controls on the main pages, and the grid by keyboard."""

import re

from playwright.sync_api import expect

from tests.hands import KNOCK_4, OPP_39


def test_main_pages_pass_axe_and_name_every_control(phone):
    page = phone.page
    phone.goto("/")
    phone.audit("a11y-01-home")
    phone.tap_to_next_page(phone.link("New match"))
    phone.audit("a11y-02-new-match")
    page.locator("summary", has_text="House rules").tap()
    phone.audit("a11y-03-new-match-house-rules")

    phone.start_match(dealer="First player deals")
    phone.audit("a11y-04-scoreboard")
    phone.set_upcard("7D")
    page.locator("#quick > summary").tap()
    phone.audit("a11y-05-scoreboard-upcard-quick")

    phone.knocked("Alice")
    phone.audit("a11y-06-card-entry")
    phone.type_hand("knocker", KNOCK_4)
    phone.type_hand("opponent", OPP_39)
    expect(page.locator("#preview")).to_contain_text("Knock: Alice scores 35 points.")
    phone.audit("a11y-07-card-entry-preview")
    phone.record()
    phone.recorded("Deal 1: Alice +35")
    phone.audit("a11y-08-board-after-recording")
    phone.open_deal(1)
    phone.audit("a11y-08-verdict")

    phone.goto("/check/?upcard=5H&hand_text=as2s3s7h8h9hkckdkh4d9c")
    expect(page.locator("#result")).to_contain_text("You can knock")
    phone.audit("a11y-09-checker")
    phone.goto("/rules/")
    phone.audit("a11y-10-rules")


def test_card_grid_works_by_keyboard(phone):
    page = phone.page
    phone.start_match(dealer="First player deals")
    phone.set_upcard("TC")
    phone.knocked("Alice")

    # From the hand switch (the knocker's side is on), Tab reaches the grid's first card; Space
    # ticks it.
    page.locator("input.side-a").focus()
    expect(page.locator("input.side-a")).to_be_checked()
    page.keyboard.press("Tab")
    expect(phone.card_input("knocker", "AS")).to_be_focused()
    outline = page.evaluate(
        "() => getComputedStyle(document.activeElement.nextElementSibling).outlineStyle"
    )
    assert outline != "none", "the focused card shows no focus ring"
    page.keyboard.press("Space")
    expect(phone.count("knocker")).to_have_text(re.compile(r"^1 of "))
    expect(phone.card_input("knocker", "AS")).to_be_checked()

    # The preview's swap keeps the focus on that card, so Tab goes on to the next one.
    expect(phone.card_input("knocker", "AS")).to_be_focused()
    page.keyboard.press("Tab")
    expect(phone.card_input("knocker", "2S")).to_be_focused()
    page.keyboard.press("Space")
    expect(phone.count("knocker")).to_have_text(re.compile(r"^2 of "))
    # Space again unticks it.
    page.keyboard.press("Space")
    expect(phone.count("knocker")).to_have_text(re.compile(r"^1 of "))
    expect(phone.card_input("knocker", "2S")).not_to_be_checked()
    phone.look("a11y-11-keyboard")
