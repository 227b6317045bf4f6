"""Flow 1: a whole match to 100 on one phone, tapping as the players do at the table."""

import re

from playwright.sync_api import expect

from tests.hands import GIN, KNOCK_5, OPP_5, OPP_39, OPP_TO_GIN


def test_a_whole_match_to_100_on_one_phone(phone):
    page = phone.page
    phone.start_match()
    phone.assert_controls_named()

    # The first dealer was drawn at random, with a flourish.
    first = phone.dealer()
    assert first in ("Alice", "Bob")
    expect(page.get_by_text(f"{first} was drawn at random to deal first.")).to_be_visible()
    other = "Bob" if first == "Alice" else "Alice"
    expect(page.get_by_text(f"First turn: {other} may take the upcard.")).to_be_visible()
    phone.assert_tap_targets("upcard")
    phone.look("flow1-01-new-board")

    # Deal 1: the upcard (10♣) is tapped on the grid; the knock limit shows in big type.
    phone.set_upcard("TC")
    expect(page.locator(".limit .num")).to_have_text("10")
    expect(page.locator(".limit")).to_contain_text("knock limit")
    phone.look("flow1-02-upcard-limit")

    # Alice knocked: tap her 10 cards, then Bob's; the preview follows every tap.
    phone.knocked("Alice")
    expect(page.locator("#id_upcard")).to_have_value("TC")
    phone.look("flow1-03-entry")
    phone.assert_tap_targets("knocker")
    # One grid on screen: the switch.
    phone.tap(page.locator(".hand-switch label[for='side_opponent']"))
    phone.assert_tap_targets("opponent")
    phone.tap(page.locator(".hand-switch label[for='side_knocker']"))
    preview = page.locator("#preview")
    phone.tap_cards("knocker", "AS 2S 3S 7H 8H 9H")
    # The knock limit in big type, and again in the verdict bar.
    expect(page.locator("#limit .num")).to_have_text("10")
    expect(page.locator(".bar #limit .num")).to_have_text("10")  # the limit, in the bar
    phone.look("flow1-04-six-cards")
    phone.tap_cards("knocker", "KC KD KH 4D", start=6)
    expect(preview).to_contain_text("Alice can knock: deadwood 4 ≤ limit 10.")
    # An 11th card: the preview picks the discard; untapped again, back to ten.
    phone.tap_cards("knocker", "QC", start=10)
    expect(preview).to_contain_text("Best discard Q♣")
    phone.tap_cards("knocker", "QC", start=11, step=-1)
    expect(preview).not_to_contain_text("Best discard")
    # Her cards are shown as taken in Bob's grid.
    expect(phone.card_input("opponent", "4D")).to_be_disabled()
    expect(phone.card_label("opponent", "4D")).to_have_class(re.compile(r"\btaken\b"))
    phone.tap_cards("opponent", OPP_39)
    expect(preview).to_contain_text("Knock: Alice scores 35 points.")
    phone.look("flow1-05-both-hands-preview")
    phone.record()
    phone.recorded("Deal 1: Alice +35")
    phone.look("flow1-06-board-after-recording")
    phone.open_deal(1)
    expect(page.locator(".outcome")).to_have_text("Knock: Alice scores 35 points.")
    expect(page.get_by_text("After this deal: Alice 35, Bob 0.")).to_be_visible()
    phone.look("flow1-06-verdict-knock")
    phone.back_to_board()

    # Deal 2: the winner deals. Bob knocks with 5 against Alice's 5: a tie is an undercut.
    assert phone.dealer() == "Alice"
    phone.set_upcard("TS")
    phone.knocked("Bob")
    phone.type_hand("knocker", KNOCK_5)
    expect(phone.count("knocker")).to_have_text("10 of 10–11")
    phone.type_hand("opponent", OPP_5)
    expect(preview).to_contain_text("Undercut! Alice scores 10 points.")
    expect(preview).to_contain_text("a tie is an undercut")
    phone.record()
    phone.recorded("Deal 2: Alice +10")
    phone.open_deal(2)
    expect(page.locator(".outcome")).to_have_text("Undercut! Alice scores 10 points.")
    phone.look("flow1-07-verdict-undercut")
    phone.back_to_board()

    # Deal 3: Bob goes gin: 25 + 5.
    assert phone.dealer() == "Alice"
    phone.set_upcard("QH")
    phone.knocked("Bob")
    phone.type_hand("knocker", GIN)
    phone.type_hand("opponent", OPP_TO_GIN)
    expect(preview).to_contain_text("Gin! Bob scores 30 points.")
    phone.record()
    phone.recorded("Deal 3: Bob +30")
    phone.open_deal(3)
    expect(page.locator(".outcome")).to_have_text("Gin! Bob scores 30 points.")
    phone.look("flow1-08-verdict-gin")
    phone.back_to_board()

    # Deal 4: a draw. Bob dealt it and deals again.
    assert phone.dealer() == "Bob"
    phone.tap_to_next_page(phone.button("Draw (stock down to 2)"))
    expect(page.get_by_text("Deal 4 was a draw.")).to_be_visible()
    assert phone.dealer() == "Bob"
    expect(page.locator("#deal-heading")).to_contain_text("Deal 5")

    # Deal 5: upcard 3♣ (limit 3). Alice knocks with 5: illegal, nothing scored, cards kept.
    phone.set_upcard("3C")
    expect(page.locator(".limit .num")).to_have_text("3")
    phone.knocked("Alice")
    phone.type_hand("knocker", KNOCK_5)
    phone.type_hand("opponent", OPP_5)
    expect(preview).to_contain_text("Illegal knock")
    # Record is no longer the main button: it says why the knock is illegal.
    expect(phone.button("Record the deal")).to_have_count(0)
    phone.tap_to_next_page(phone.button("Illegal: deadwood 5 > 3"))
    expect(page.locator(".msg-error")).to_contain_text("Illegal knock: deadwood 5 > limit 3.")
    expect(preview).to_contain_text("Deadwood 5 > limit 3.")
    expect(phone.card_input("knocker", "5D")).to_be_checked()
    phone.look("flow1-09-illegal-knock")
    # Corrected: she held 2♦, not 5♦. Untap one, tap the other.
    phone.tap_cards("knocker", "5D", start=10, step=-1)
    phone.tap_cards("knocker", "2D", start=9)
    expect(preview).to_contain_text("Knock: Alice scores 3 points.")
    phone.record()
    phone.recorded("Deal 5: Alice +3")
    expect(page.locator(".score .pts")).to_have_text(["48", "30"])
    phone.open_deal(5)
    expect(page.locator(".outcome")).to_have_text("Knock: Alice scores 3 points.")
    phone.back_to_board()

    # Deal 6: the quick path (who knocked, two numbers) takes Alice past 100.
    assert phone.dealer() == "Alice"
    phone.set_upcard("5D")
    page.locator("#quick > summary").tap()
    page.locator("#quick label", has_text="Alice").tap()
    page.get_by_label("Knocker's deadwood").fill("2")
    page.get_by_label("Opponent's deadwood after layoffs").fill("60")
    phone.look("flow1-10-quick")
    phone.tap_to_next_page(page.locator("#quick").get_by_role("button", name="Record"))
    phone.recorded("Deal 6: Alice +58")

    # The final screen, and a rematch with the same players and rules.
    expect(page.locator(".final")).to_contain_text("Alice wins 106–30")
    expect(page.locator(".deals li")).to_have_count(6)
    phone.look("flow1-11-final")
    phone.tap_to_next_page(phone.button("Rematch: same players, same rules"))
    expect(page.locator(".score .pts")).to_have_text(["0", "0"])
    expect(page.locator(".score .who")).to_contain_text(["Alice", "Bob"])
    expect(page.locator("#deal-heading")).to_contain_text("Deal 1")
    expect(page.get_by_text("was drawn at random to deal first")).to_be_visible()
    phone.look("flow1-12-rematch")


def test_a_tap_just_after_the_preview_lands_is_not_lost(phone):
    """A quick second tap, as the first tap's preview is swapped in, still gets its preview.

    htmx wires up swapped-in content when it settles, 20 ms later by default; a tap in between
    ticked the card but sent no preview (base.html sets the settle delay to 0).
    """
    page = phone.page
    phone.start_match(dealer="First player deals")
    phone.set_upcard("TC")
    phone.knocked("Alice")
    page.evaluate(
        """() => document.body.addEventListener('htmx:afterSwap', () => setTimeout(
             () => document.querySelector('label[for=id_knocker_2S]').click()), {once: true})"""
    )
    phone.tap(phone.card_label("knocker", "AS"))
    expect(phone.count("knocker")).to_have_text(re.compile(r"^2 of "))
    expect(phone.card_input("knocker", "2S")).to_be_checked()
