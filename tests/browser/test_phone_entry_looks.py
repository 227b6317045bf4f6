"""The entry page and its verdict bar at 390×844, light and dark, in English and Finnish:
mid-deal, and the bar in each outcome (knock, undercut, gin, big gin, illegal). Each shot is
looked at; the test checks what a shot cannot: the bar in view, its words and Record."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.hands import GIN, KNOCK_4, KNOCK_5, OPP_5, OPP_39, OPP_TO_GIN

from .browser_helpers import ARTIFACTS, hx_response

BIG_GIN = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"
OUTCOMES = [
    # name, upcard, knocker, opponent, the bar's verdict (en), Record's state
    ("knock", "TC", KNOCK_4, OPP_39, "Knock: Alice scores 35 points.", "record"),
    ("undercut", "TS", KNOCK_5, OPP_5, "Undercut! Bob scores 10 points.", "record"),
    ("gin", "QH", GIN, OPP_TO_GIN, "Gin! Alice scores 30 points.", "record"),
    ("big-gin", "QH", BIG_GIN, OPP_TO_GIN, "Big gin! Alice scores", "record"),
    ("illegal", "3C", KNOCK_5, OPP_5, "Illegal knock", "illegal"),
]


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}.png", animations="disabled")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "fi"])
def test_the_verdict_bar_in_every_outcome(phone, scheme, language):
    page = phone.page
    page.emulate_media(color_scheme=scheme)
    start_with_big_gin(phone)
    if language == "fi":
        page.locator("#language").select_option("fi")
        phone.tap_to_next_page(page.locator(".lang button"))
    match_url = phone.path
    for name, upcard, knocker, opponent, verdict, state in OUTCOMES:
        phone.goto(match_url)
        phone.set_upcard(upcard)
        phone.tap_to_next_page(page.locator("a.btn-primary", has_text="Alice"))
        if name == "knock":
            for card in ["AS", "2S", "3S", "7H", "8H", "9H"]:
                with page.expect_response(hx_response):  # each tap's preview, in any language
                    phone.tap(phone.card_label("knocker", card))
            shoot(page, f"entry-{language}-{scheme}-mid-deal")
        phone.type_hand("knocker", knocker)
        phone.type_hand("opponent", opponent)
        bar = page.locator(".bar")
        box = bar.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844.5
        if language == "en":
            expect(bar.locator(".bar-status")).to_contain_text(verdict)
        button = bar.locator(".btn-illegal" if state == "illegal" else ".btn-primary")
        expect(button).to_be_visible()
        if state == "illegal":
            expect(button).to_have_text(re.compile("5\u00a0>\u00a03$"))  # never broken
            expect(bar.locator(".btn-primary")).to_have_count(0)
        phone.assert_not_clipped(".bar .btn, .bar p")
        shoot(page, f"entry-{language}-{scheme}-bar-{name}")
        page.wait_for_load_state("networkidle")  # no preview left in flight to be cut off


def start_with_big_gin(phone) -> None:
    """Start Alice v Bob, Alice dealing first, with the big gin rule on."""
    page = phone.page
    phone.goto("/matches/new/")
    page.get_by_label("First player", exact=True).fill("Alice")
    page.get_by_label("Second player", exact=True).fill("Bob")
    phone.tap(page.locator(".seg label", has_text="First player deals"))
    box = page.get_by_label("Big gin (all 11 cards melded)")
    if not box.is_visible():
        phone.tap(page.locator("summary", has_text="rules").first)
    box.check()
    phone.tap_to_next_page(phone.button("Start the match"))
