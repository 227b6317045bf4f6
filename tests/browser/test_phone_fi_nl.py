"""Finnish and Dutch on a 360 px phone, the narrowest screen the site is made for.

The navigation keeps to one row; no page of a match runs off the right of the screen; and no
word of a button, a choice, a heading or the navigation is split across two lines. The pages:
the scoreboard, the card entry with its verdict, a verdict with layoffs, the rules, the stats,
the history and the new-match form.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import expect

from adjudication import Card, parse_cards
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match
from tests.hands import ALICE_KNOCKS_WITH_1, BOB_LAYS_OFF

NARROW = {"width": 360, "height": 800}
# Upcard 8♥ (limit 8): 2♦ left, and the opponent lays off 4♥, 5♥, 4♣ and 8♣.
KNOCKER = "AH 2H 3H 5C 6C 7C 9D 9S 9C 2D"
OPPONENT = "4H 5H 8C KS QS JS 3D TD 4C 4D"
# Words each page must show, so that the checks below look at the language they mean to.
WORDS = {
    "fi": {
        "board": ["koputusraja", "Kun jako päättyy"],
        "deal": ["Koputus: Alice saa 29 pistettä.", "Liitetyt kortit"],
        "entry": ["Koputus: Bob saa 15 pistettä.", "Irtokortit liittämisen jälkeen 2–17"],
    },
    "nl": {
        "board": ["klopgrens", "Als de ronde eindigt"],
        "deal": ["Klop: Alice scoort 29 punten.", "Aangelegd"],
        "entry": ["Klop: Bob scoort 15 punten.", "Losse kaarten 2 tegen 17 na aanleggen"],
    },
}
# Text whose words must each stay on one line.
WHOLE_WORDS = ".top nav a, .btn, .seg label, h1, h2, h3, th, dt, summary"


def record_deal_with_layoffs(match: Match) -> None:
    upcard = Card.parse("TC")
    actions.set_upcard(match, upcard)
    actions.record(
        match,
        1,
        DealFacts(
            entry=Deal.Entry.CARDS,
            upcard=upcard,
            knocker=0,
            knocker_cards=parse_cards(ALICE_KNOCKS_WITH_1),
            opponent_cards=parse_cards(BOB_LAYS_OFF),
        ),
    )


def assert_fits(phone, language: str) -> None:
    """The page is in `language`, its navigation is one row, and no word is split."""
    page = phone.page
    expect(page.locator("html")).to_have_attribute("lang", language)
    phone.check_layout()  # no horizontal overflow
    rows = page.locator(".top nav a").evaluate_all(
        "links => links.map((a) => Math.round(a.getBoundingClientRect().top))"
    )
    assert len(rows) == 4 and len(set(rows)) == 1, f"{phone.path}: the navigation wraps: {rows}"
    phone.assert_words_whole(WHOLE_WORDS)


@pytest.mark.parametrize("language", ["fi", "nl"])
def test_a_match_fits_a_360_px_phone(phone, live_server, language):
    page = phone.page
    page.set_viewport_size(NARROW)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    phone.goto("/matches/new/")
    page.locator("details summary").click()  # the house rules, with the longest labels
    assert_fits(phone, language)
    page.locator("#id_player_a_name").fill("Alice")
    page.locator("#id_player_b_name").fill("Bob")
    phone.tap(page.locator("label[for=id_first_dealer_1]"))  # Alice deals first
    phone.tap_to_next_page(page.locator("main form button[type=submit]"))
    record_deal_with_layoffs(Match.objects.latest("pk"))
    page.reload()
    phone.set_upcard("8H")
    phone.says(WORDS[language]["board"])
    assert_fits(phone, language)

    phone.tap_to_next_page(page.locator("#deals li a").first)
    phone.says(WORDS[language]["deal"])
    assert_fits(phone, language)
    page.go_back()

    phone.tap_to_next_page(page.locator(".actions-2 a").last)  # Bob knocked
    phone.type_hand("knocker", KNOCKER)
    phone.type_hand("opponent", OPPONENT)
    expect(page.locator("#preview .outcome")).to_contain_text("15")
    phone.says(WORDS[language]["entry"])
    assert_fits(phone, language)

    for path in ("/rules/", "/stats/", "/history/", "/check/"):
        phone.goto(path)
        assert_fits(phone, language)
