"""The pages around a deal on a 360 px phone, in every language, with long names: the new-match
form, the "Send a link" page, the card entry with its sticky verdict bar in its longest states
(an undercut, and an illegal knock with "Illegal: deadwood 12 > 9" on its button, the comparison
never broken across lines), a recorded verdict with layoffs onto a run and a set, the knock
checker with a result, and the rules.

On each, nothing runs off the right of the screen: the page does not scroll sideways, and no
box (the sticky bar included) reaches past 360 px or scrolls sideways itself. Each page shows
a few of its language's words, so that the check looks at the language it means to.
"""

from __future__ import annotations

from collections import Counter
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from adjudication import Card, parse_cards
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match
from tests.hands import KNOCK_4, KNOCK_5, OPP_5, OPP_39

from .browser_helpers import ARTIFACTS
from .test_phone_entry_fit import GRID_JS

NARROW = {"width": 360, "height": 800}
LANGUAGES = ["en", "fi", "nl", "pl", "sn"]
ANN = "Maximiliana"
BART = "Bartholomew"
# Upcard 9♣, limit 9: KNOCK_5 keeps 5♦ and OPP_5 keeps 5♠, a tie: Bartholomew undercuts (10).
UPCARD = "9C"
# Under the same upcard: A-4♠ and the kings melded, 2♦ 3♣ 7♥ left: deadwood 12 > 9.
KNOCK_12 = "AS 2S 3S 4S KC KD KH 2D 3C 7H"
# Upcard 10♠: Maximiliana keeps A♣; Bartholomew lays 6♠ off onto 3-4-5♠ and 8♠ onto the eights,
# and keeps 5♥ Q♥ (15): a knock worth 14.
LAYOFF_KNOCKER = "3S 4S 5S 8H 8D 8C KC KD KH AC"
LAYOFF_OPPONENT = "6S 8S 2D 3D 4D 9C TC JC QH 5H"
# The checker: 11 cards with a discard, against an opponent's 10.
CHECK_HAND = f"{KNOCK_4} QC"

WORDS = {
    "en": {
        "new": ["New match", "First player", "Start the match"],
        "share": ["Send a link to this match", "View link", "Revoke"],
        "undercut": f"Undercut! {BART} scores 10 points.",
        "illegal": "Illegal: deadwood 12\u00a0>\u00a09",
        "layoffs": [f"Knock: {ANN} scores 14 points.", "Layoffs"],
        "checker": ["Your cards", "Opponent"],
        "rules": ["Rules", "Knock limit"],
    },
    "fi": {
        "new": ["Uusi ottelu", "Ensimmäinen pelaaja", "Aloita ottelu"],
        "share": ["Ottelun linkit", "Kopioi"],
        "undercut": f"Alitus! {BART} saa 10 pistettä.",
        "illegal": "Laiton: irtokortit 12\u00a0>\u00a09",
        "layoffs": [f"Koputus: {ANN} saa 14 pistettä.", "Liitetyt kortit"],
        "checker": ["Sinun korttisi", "Vastustaja"],
        "rules": ["Säännöt", "Koputusraja"],
    },
    "nl": {
        "new": ["Nieuwe partij", "Eerste speler", "Partij beginnen"],
        "share": ["Links naar deze partij", "Kopiëren"],
        "undercut": f"Undercut! {BART} scoort 10 punten.",
        "illegal": "Ongeldig: losse kaarten 12\u00a0>\u00a09",
        "layoffs": [f"Klop: {ANN} scoort 14 punten.", "Aangelegd"],
        "checker": ["Jouw kaarten", "Tegenstander"],
        "rules": ["Regels", "Klopgrens"],
    },
    "pl": {
        "new": ["Nowa partia", "Pierwszy gracz", "Zacznij partię"],
        "share": ["Wyślij link do tej partii", "Kopiuj"],
        "undercut": f"Podcięcie! {BART} zdobywa 10 punktów.",
        "illegal": "Nieprawidłowe: luźne karty 12\u00a0>\u00a09",
        "layoffs": [f"Pukanie: {ANN} zdobywa 14 punktów.", "Dołożone karty"],
        "checker": ["Twoje karty", "Przeciwnik"],
        "rules": ["Zasady", "Limit pukania"],
    },
    "sn": {
        "new": ["Mutambo mutsva", "Mutambi wekutanga", "Tanga mutambo"],
        "share": ["Tumira rinki remutambo uyu", "Kopa"],
        "undercut": f"Muteyo! {BART} anowana mapoinzi 10.",
        "illegal": "Hazvisi pamutemo: makadhi akasara 12\u00a0>\u00a09",
        "layoffs": [f"Kugogodza: {ANN} anowana mapoinzi 14.", "Makadhi akawedzerwa"],
        "checker": ["Makadhi ako", "Mupikisi"],
        "rules": ["Mitemo", "Muganhu wekugogodza"],
    },
}


def fits(phone, name: str, words: list[str]) -> None:
    """The page keeps inside the screen and shows the words; save a shot of the whole page."""
    phone.assert_inside_screen()
    phone.says(words)
    phone.look(name)


def entry_is_tidy(phone) -> None:
    """The upcard's label and the knock limit beside it keep apart, each word whole, and the
    bar's words fit their boxes."""
    phone.assert_no_overlap(".upcard-row .form-label, .limit-entry > span")
    phone.assert_not_clipped(".upcard-row .form-label, .limit-entry > span, .bar .btn, .bar p")
    phone.assert_words_whole(
        ".seg label, .upcard-row .form-label, .limit-entry .lbl, .hand-switch label"
    )


def record_layoffs(match: Match) -> Deal:
    """Record deal 1: Maximiliana knocks and Bartholomew lays off onto a run and a set."""
    upcard = Card.parse("TS")
    actions.set_upcard(match, upcard)
    facts = DealFacts(
        entry=Deal.Entry.CARDS,
        upcard=upcard,
        knocker=0,
        knocker_cards=parse_cards(LAYOFF_KNOCKER),
        opponent_cards=parse_cards(LAYOFF_OPPONENT),
    )
    return actions.record(match, 1, facts)


@pytest.mark.browser_context_args(viewport=NARROW)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_around_a_deal_keep_to_a_360_px_screen(phone, language):
    page, words = phone.page, WORDS[language]
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )
    phone.goto(reverse("scorekeeper:match_create"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("details summary").first.tap()  # the house rules, with the longest labels
    fits(phone, f"pages-360-{language}-new", words["new"])
    page.locator("#id_player_a_name").fill(ANN)
    page.locator("#id_player_b_name").fill(BART)
    phone.tap(page.locator("label[for=id_first_dealer_1]"))  # Maximiliana deals first
    phone.tap_to_next_page(page.locator("main form button[type=submit]"))
    match = Match.objects.latest("pk")

    for kind in ("view", "edit"):
        match.set_share_link(kind, enabled=True)
    phone.goto(reverse("scorekeeper:match_share", args=[match.pk]))
    fits(phone, f"pages-360-{language}-share", words["share"])

    deal = record_layoffs(match)
    phone.goto(reverse("scorekeeper:deal_detail", args=[match.pk, deal.pk]))
    fits(phone, f"pages-360-{language}-layoffs", words["layoffs"])

    # Deal 2: Bartholomew deals, so Maximiliana knocks first; the bar in its longest states.
    match.refresh_from_db()
    actions.set_upcard(match, Card.parse(UPCARD))
    phone.goto(reverse("scorekeeper:deal_enter", args=[match.pk, 0]))
    # The grid at 360 px: 7 cards a row, each at least 40 px wide and 44 px tall.
    cards = page.evaluate(GRID_JS)["cards"]
    assert len(cards) == 52
    assert all(card["width"] >= 40 and card["height"] >= 44 for card in cards), cards
    assert max(Counter(round(card["top"]) for card in cards).values()) == 7
    bar = page.locator(".bar")
    phone.type_hand("knocker", KNOCK_5)
    phone.type_hand("opponent", OPP_5)
    expect(bar.locator(".bar-status")).to_have_text(words["undercut"])
    page.screenshot(path=ARTIFACTS / f"pages-360-{language}-bar-undercut-screen.png")
    fits(phone, f"pages-360-{language}-bar-undercut", [words["undercut"], ANN, BART])
    entry_is_tidy(phone)
    phone.type_hand("knocker", KNOCK_12)
    expect(bar.locator(".btn-illegal")).to_have_text(words["illegal"])
    page.screenshot(path=ARTIFACTS / f"pages-360-{language}-bar-illegal-screen.png")
    fits(phone, f"pages-360-{language}-bar-illegal", [words["illegal"]])
    entry_is_tidy(phone)

    query = {"upcard": "TC", "hand_text": CHECK_HAND, "opponent_text": OPP_39}
    phone.goto(f"{reverse('scorekeeper:checker')}?{urlencode(query)}")
    expect(page.locator(".bar .bar-status")).not_to_be_empty()
    page.screenshot(path=ARTIFACTS / f"pages-360-{language}-checker-screen.png")
    fits(phone, f"pages-360-{language}-checker", words["checker"])
    entry_is_tidy(phone)

    phone.goto(reverse("scorekeeper:rules"))
    fits(phone, f"pages-360-{language}-rules", words["rules"])
