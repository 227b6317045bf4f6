"""Card entry tapped as a phone does: `touchscreen.tap` at the card's centre, never the
element-scrolling `tap()`. Before each tap the card is what lies under the finger (not the
verdict bar); after it the page has not moved by itself, the card is still in view and not
under the bar, and the bar, in view, shows the verdict of what is entered so far.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from adjudication import analyse_hand, best_arrangement, parse_cards
from tests.hands import KNOCK_4, OPP_39

from .browser_helpers import hx_response

HEIGHT = 844

UNDER_FINGER_JS = """([x, y]) => {
  const el = document.elementFromPoint(x, y);
  const label = el && el.closest('label');
  return label ? label.htmlFor : (el ? el.tagName + '.' + el.className : null);
}"""


def so_far(cards: list[str], *, limit: int = 10, knocker: str = "Alice") -> str:
    """Return the bar's verdict line for the knocker's cards alone, worked out by the engine."""
    if len(cards) < 10:
        return f"So far: deadwood {best_arrangement(' '.join(cards)).deadwood_points}"
    analysis = analyse_hand(" ".join(cards))
    assert analysis.can_knock
    d = analysis.arrangement.deadwood_points
    return f"{knocker} can knock: deadwood {d} ≤ limit {limit}."


class Finger:
    """Taps cards on one entry page at screen coordinates, checking the page around each."""

    def __init__(self, phone, *, switch_prefix: str = "side_"):
        self.phone = phone
        self.page = phone.page
        self.switch_prefix = switch_prefix
        self.taps = 0

    def bar_box(self) -> dict:
        return self.page.locator(".bar").bounding_box()

    def reach(self, label) -> dict:
        """Scroll by hand (the wheel) until the card is in view above the bar."""
        for _ in range(10):
            box = label.bounding_box()
            bar = self.bar_box()
            if box["y"] >= 0 and box["y"] + box["height"] <= bar["y"] - 2:
                return box
            delta = box["y"] + box["height"] / 2 - (bar["y"] / 2)
            self.page.mouse.wheel(0, delta)
            self.page.wait_for_function("(y) => Math.abs(window.scrollY - y) < 2 || true", arg=0)
            self.page.wait_for_timeout(50)
        raise AssertionError(f"could not scroll {label} into view")

    def tap_at(self, label, *, request: bool = True) -> tuple[float, float]:
        """Tap the centre of `label`; return the point tapped."""
        box = self.reach(label)
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        want = label.get_attribute("for")
        assert self.page.evaluate(UNDER_FINGER_JS, [x, y]) == want, "something covers the card"
        before = self.page.evaluate("() => window.scrollY")
        if request:
            with self.page.expect_response(hx_response):
                self.page.touchscreen.tap(x, y)
        else:
            self.page.touchscreen.tap(x, y)
        self.taps += 1
        self.page.wait_for_timeout(30)  # the swaps settle
        assert self.page.evaluate("() => window.scrollY") == before, "the page moved by itself"
        return x, y

    def tap_at_once(self, target) -> None:
        """Tap a control (not a card) at its centre, as a thumb does: scrolled to by hand
        only when out of view; whatever it opens or sends is the caller's to wait for."""
        box = target.bounding_box()
        if box["y"] < 0 or box["y"] + box["height"] > HEIGHT:
            self.page.mouse.wheel(0, box["y"] - HEIGHT / 3)
            self.page.wait_for_timeout(100)
            box = target.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.touchscreen.tap(x, y)
        self.taps += 1

    def card(self, grid: str, card: str, *, status: str, counts: str, on: bool = True) -> None:
        """Tap a card, then check the card, the bar and its words."""
        label = self.phone.card_label(grid, card)
        if not label.is_visible():
            self.switch(grid)
        x, y = self.tap_at(label)
        bar = self.page.locator(".bar")
        expect(bar.locator(".bar-counts")).to_have_text(counts)
        expect(bar.locator(".bar-status")).to_have_text(status)
        barbox = self.bar_box()
        assert barbox["y"] >= 0 and barbox["y"] + barbox["height"] <= HEIGHT + 0.5, barbox
        # The card tapped is still there, above the bar: on its own grid, or (after the
        # knocker's last card moved the switch on) as the same card in the other hand's grid,
        # marked as taken by its holder.
        under = self.page.evaluate(UNDER_FINGER_JS, [x, y])
        assert under.endswith(f"_{card}"), under
        shown = self.page.locator(f"label[for='{under}']")
        box = shown.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= barbox["y"] + 0.5
        if under != label.get_attribute("for"):
            expect(shown).to_have_attribute("data-who", re.compile(r"^\w+$"))
        else:
            expect(self.phone.card_input(grid, card)).to_be_checked(checked=on)

    def switch(self, side: str) -> None:
        """Tap the hand switch (it asks nothing of the server)."""
        label = self.page.locator(f".hand-switch label[for='{self.switch_prefix}{side}']")
        self.tap_at(label, request=False)
        expect(self.page.locator(f"#{self.switch_prefix}{side}")).to_be_checked()


def enter_deal(finger: Finger, knocker: list[str], opponent: list[str], *, final: str) -> None:
    """Tap the knocker's cards, then the opponent's, checking each tap."""
    expect(finger.page.locator(".bar #limit .num")).to_have_text("10")  # the limit, in view
    for n, card in enumerate(knocker, 1):
        need = 11 if n == 11 else 10
        if n == 11:
            finger.switch("knocker")  # the switch moved on after the 10th: one tap back
        finger.card(
            "knocker",
            card,
            status=so_far(knocker[:n]),
            counts=f"Alice {n}/{need} · Bob 0/10",
        )
        if n >= 10:
            expect(finger.page.locator("#side_opponent")).to_be_checked()
    need = len(knocker)
    for n, card in enumerate(opponent, 1):
        finger.card(
            "opponent",
            card,
            status=final if n == 10 else so_far(knocker),
            counts=f"Alice {need}/{need} · Bob {n}/10",
        )


def start_deal(phone) -> None:
    phone.start_match(dealer="First player deals")
    phone.set_upcard("TC")
    phone.knocked("Alice")


def test_a_knocker_of_ten_cards_by_touch_without_a_jump(phone):
    start_deal(phone)
    finger = Finger(phone)
    enter_deal(finger, KNOCK_4.split(), OPP_39.split(), final="Knock: Alice scores 35 points.")
    assert finger.taps == 20  # no tap on the switch: it moved by itself


def test_a_knocker_of_eleven_cards_costs_one_tap_back_on_the_switch(phone):
    start_deal(phone)
    finger = Finger(phone)
    knocker = [*KNOCK_4.split(), "QC"]
    enter_deal(finger, knocker, OPP_39.split(), final="Knock: Alice scores 35 points.")
    assert finger.taps == 22  # 11 + 10 cards, and one tap back on the switch
    expect(phone.page.locator("#preview")).to_contain_text("Discard")


def test_a_correction_by_touch_without_a_jump(phone):
    page = phone.page
    start_deal(phone)
    phone.type_hand("knocker", KNOCK_4)
    phone.type_hand("opponent", OPP_39)
    phone.record()
    phone.open_deal(1)
    phone.tap_to_next_page(phone.link("Correct"))
    expect(page.locator(".bar-counts")).to_have_text("Alice 10/10 · Bob 10/10")
    expect(page.locator(".bar-status")).to_have_text("Knock: Alice scores 35 points.")
    finger = Finger(phone)
    # She held 2♦, not 4♦: untap one, tap the other (on the knocker's grid, switched to).
    finger.switch("knocker")
    finger.card(
        "knocker",
        "4D",
        status="So far: deadwood 0",
        counts="Alice 9/10 · Bob 10/10",
        on=False,
    )
    finger.card(
        "knocker",
        "2D",
        status="Knock: Alice scores 37 points.",
        counts="Alice 10/10 · Bob 10/10",
    )


def test_the_checker_by_touch_without_a_jump(phone):
    page = phone.page
    phone.goto("/check/")
    finger = Finger(phone)
    hand = KNOCK_4.split()
    for n, card in enumerate(hand, 1):
        finger.card(
            "hand",
            card,
            status=so_far(hand[:n], knocker="You"),
            counts=f"Your cards {n}/10 · Opponent 0/10",
        )
    # Never an error while tapping; the result is in the bar, in view.
    expect(page.locator(".field-error")).to_have_count(0)
    expect(page.locator("#limit-note")).to_have_text("Without an upcard the knock limit is 10.")
    assert parse_cards(KNOCK_4)


def count_taps_of_a_deal(phone, knocker: list[str], opponent: list[str]) -> int:
    """Play one full-card deal from the scoreboard by touch; return the taps it took."""
    page = phone.page
    finger = Finger(phone)
    # The upcard, on the scoreboard's grid.
    upcard = phone.card_label("upcard", "TC")
    with page.expect_response(hx_response):
        finger.tap_at_once(upcard)
    expect(page.locator(".limit .num")).to_have_text("10")
    # "Alice knocked".
    with page.expect_navigation():
        finger.tap_at_once(page.locator("a.btn", has_text="Alice knocked"))
    for n, card in enumerate(knocker, 1):
        if n == 11:
            finger.switch("knocker")
        finger.card(
            "knocker",
            card,
            status=so_far(knocker[:n]),
            counts=f"Alice {n}/{11 if n == 11 else 10} · Bob 0/10",
        )
    for n, card in enumerate(opponent, 1):
        finger.card(
            "opponent",
            card,
            status="Knock: Alice scores 35 points." if n == 10 else so_far(knocker),
            counts=f"Alice {len(knocker)}/{len(knocker)} · Bob {n}/10",
        )
    with page.expect_navigation():
        finger.tap_at_once(page.locator(".bar .btn-primary"))
    return finger.taps


def test_a_full_card_deal_takes_the_cards_plus_three_taps_scoreboard_to_scoreboard(phone):
    phone.start_match(dealer="First player deals")
    taps = count_taps_of_a_deal(phone, KNOCK_4.split(), OPP_39.split())
    assert taps <= 20 + 3
    # Recorded: back on the scoreboard, scoreboard to scoreboard.
    phone.recorded("Deal 1: Alice +35")


def test_an_eleven_card_knocker_costs_one_tap_more(phone):
    phone.start_match(dealer="First player deals")
    taps = count_taps_of_a_deal(phone, [*KNOCK_4.split(), "QC"], OPP_39.split())
    assert taps <= 21 + 3 + 1
    phone.recorded("Deal 1: Alice +35")
