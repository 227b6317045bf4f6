"""Flow 2: the knock checker. Type a hand, tap a card off, and watch the verdict change."""

from playwright.sync_api import expect

from tests.hands import OPP_39


def test_checker_verdict_follows_typing_and_tapping(phone):
    page = phone.page
    phone.goto("/")
    phone.tap_to_next_page(page.get_by_role("navigation").get_by_role("link", name="Check"))
    expect(page.locator("h1")).to_have_text("Knock checker")
    phone.assert_tap_targets("hand")

    # Eleven cards typed as shorthand: discard the 9♣ and knock with 4 (no upcard: limit 10).
    phone.type_hand("hand", "as2s3s 7h8h9h kc kd kh 4d 9c")
    result = page.locator("#result")
    expect(result).to_contain_text("You can knock: deadwood 4 ≤ limit 10.")
    expect(result).to_contain_text("Best discard 9♣")
    expect(phone.count("hand")).to_have_text("11 of 10–11")
    expect(phone.card_input("hand", "4D")).to_be_checked()

    # The upcard 5♥ sets the limit to 5: still a knock.
    with page.expect_response(lambda r: "/check/" in r.url):
        page.get_by_label("Upcard").select_option("5H")
    expect(result).to_contain_text("You can knock: deadwood 4 ≤ limit 5.")
    assert "upcard=5H" in page.url  # the URL follows, so the page can be shared or reloaded
    phone.look("flow2-01-can-knock")

    # Tap the 4♦ off: ten cards left, the 9♣ is deadwood, and 9 > 5.
    phone.tap_cards("hand", "4D", start=11, step=-1)
    expect(result).to_contain_text("No knock: deadwood 9 > limit 5.")
    expect(page.locator("#result .preview")).to_have_class("panel preview bad")
    phone.look("flow2-02-no-knock")

    # Tap it back and the 9♣ off; add the opponent's hand for the whole verdict.
    phone.tap_cards("hand", "4D", start=10)
    phone.tap_cards("hand", "9C", start=11, step=-1)
    expect(result).to_contain_text("You can knock: deadwood 4 ≤ limit 5.")
    phone.type_hand("opponent", OPP_39)
    expect(result).to_contain_text("Knock: you score 35 points.")
    expect(phone.card_input("opponent", "KC")).to_be_disabled()
    phone.look("flow2-03-full-verdict")

    # A reload keeps it all: the checker's state lives in the URL.
    page.reload()
    expect(page.locator("#result")).to_contain_text("Knock: you score 35 points.")
