"""Flow 5: with JavaScript off, a whole match is still played through plain forms."""

import pytest
from playwright.sync_api import expect

from tests.hands import GIN, KNOCK_5, OPP_5, OPP_39, OPP_TO_GIN


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_a_whole_match_without_javascript(phone):
    page = phone.page
    htmx_requests = []
    page.on("request", lambda r: r.headers.get("hx-request") and htmx_requests.append(r.url))
    phone.start_match(dealer="First player deals")
    assert phone.dealer() == "Alice"

    # Deal 1: the upcard needs its button; the limit comes with the next page.
    phone.set_upcard("TC")
    expect(page.locator(".limit .num")).to_have_text("10")
    phone.look("flow5-01-upcard")

    # Alice knocked: six cards tapped, four typed; "Show the verdict" shows the preview, storing
    # nothing.
    phone.knocked("Alice")
    phone.tap_cards("knocker", "AS 2S 3S 7H 8H 9H")
    page.locator("#id_knocker_text").fill("kc kd kh 4d")
    phone.tap_to_next_page(phone.button("Show the verdict"))
    expect(phone.count("knocker")).to_have_text("10 of 10–11")
    expect(page.locator("#preview")).to_contain_text("Alice can knock: deadwood 4 ≤ limit 10.")
    page.locator("#id_opponent_text").fill(OPP_39)
    phone.tap_to_next_page(phone.button("Show the verdict"))
    expect(page.locator("#preview")).to_contain_text("Knock: Alice scores 35 points.")
    phone.look("flow5-02-checked")
    phone.record()
    phone.recorded("Deal 1: Alice +35")
    phone.open_deal(1)
    expect(page.locator(".outcome")).to_have_text("Knock: Alice scores 35 points.")
    phone.back_to_board()

    # Deal 2: Bob's 5 against Alice's 5 is an undercut.
    phone.set_upcard("TS")
    phone.knocked("Bob")
    page.locator("#id_knocker_text").fill(KNOCK_5)
    page.locator("#id_opponent_text").fill(OPP_5)
    phone.record()
    phone.recorded("Deal 2: Alice +10")
    phone.open_deal(2)
    expect(page.locator(".outcome")).to_have_text("Undercut! Alice scores 10 points.")
    phone.back_to_board()

    # Deal 3: a draw; Alice dealt it and deals again.
    assert phone.dealer() == "Alice"
    phone.tap_to_next_page(phone.button("Draw (stock down to 2)"))
    expect(page.get_by_text("Deal 3 was a draw.")).to_be_visible()
    assert phone.dealer() == "Alice"

    # Deal 4: under a 3, Bob's knock with 5 is illegal; corrected by tapping 5♦ off, 2♦ on.
    phone.set_upcard("3C")
    phone.knocked("Bob")
    page.locator("#id_knocker_text").fill(KNOCK_5)
    page.locator("#id_opponent_text").fill(OPP_5)
    phone.record()
    expect(page.locator(".msg-error")).to_contain_text("Illegal knock: deadwood 5 > limit 3.")
    expect(phone.card_input("knocker", "5D")).to_be_checked()
    phone.look("flow5-03-illegal")
    # Record says why the knock is illegal until the corrected cards are shown again.
    expect(phone.button("Illegal: deadwood 5 > 3")).to_be_visible()
    phone.tap_cards("knocker", "5D 2D")
    phone.tap_to_next_page(phone.button("Show the verdict"))
    phone.record()
    phone.recorded("Deal 4: Bob +3")
    phone.open_deal(4)
    expect(page.locator(".outcome")).to_have_text("Knock: Bob scores 3 points.")
    phone.back_to_board()

    # Deal 5: Bob goes gin.
    assert phone.dealer() == "Bob"
    phone.set_upcard("QH")
    phone.knocked("Bob")
    page.locator("#id_knocker_text").fill(GIN)
    page.locator("#id_opponent_text").fill(OPP_TO_GIN)
    phone.record()
    phone.recorded("Deal 5: Bob +30")
    phone.open_deal(5)
    expect(page.locator(".outcome")).to_have_text("Gin! Bob scores 30 points.")
    phone.back_to_board()

    # Deal 6: quick numbers (the section opens without JS: it is a <details>) end the match.
    phone.set_upcard("5D")
    page.locator("#quick > summary").tap()
    page.locator("#quick label", has_text="Alice").tap()
    page.get_by_label("Knocker's deadwood").fill("1")
    page.get_by_label("Opponent's deadwood after layoffs").fill("60")
    phone.tap_to_next_page(page.locator("#quick").get_by_role("button", name="Record"))
    phone.recorded("Deal 6: Alice +59")
    expect(page.locator(".final")).to_contain_text("Alice wins 104–33")
    phone.look("flow5-04-final")

    phone.tap_to_next_page(phone.button("Rematch: same players, same rules"))
    expect(page.locator(".score .pts")).to_have_text(["0", "0"])
    expect(page.locator("#deal-heading")).to_contain_text("Deal 1")
    assert htmx_requests == [], "JavaScript ran after all"
