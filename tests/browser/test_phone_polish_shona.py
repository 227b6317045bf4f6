"""Polish and Shona on a 360 px phone: the pages a card player reads, whole and in one piece.

The scoreboard, the card entry with its live verdict, a verdict with layoffs, an undercut, the
statistics and the history, in each language: no horizontal overflow (the watched page fails
on one), the navigation on one row, the game's words, and dates as the language writes them.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from adjudication import Card, parse_cards
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match
from tests.hands import (
    ALICE_KNOCKS_WITH_1,
    BOB_LAYS_OFF,
    KNOCK_4,
    LAYOFF_KNOCKER,
    LAYOFF_OPPONENT,
    OPP_39,
)

FIRST_OF_DECEMBER = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

WORDS = {
    "pl": {
        "nav": ["Sprawdź", "Zasady", "Historia", "Statystyki"],
        "scoreboard": ["limit pukania", "Gdy rozdanie się skończy", "Remis (zostały 2 karty)"],
        "deals": ["Bob · podcięcie", "Alice · pukanie"],
        "layoffs": ["Pukanie: Alice zdobywa 29 punktów.", "Dołożone karty", "1 kontra 30"],
        "undercut": ["Podcięcie! Bob zdobywa 12 punktów.", "premia za podcięcie 10 + różnica"],
        "preview": "Pukanie: Alice zdobywa 35 punktów.",
        "stats": ["Statystyki", "Od początku", "Alice kontra Bob", "Zadane podcięcia"],
        "short date": "01.12.2026",
        "long date": "1 grudnia 2026",
    },
    "sn": {
        "nav": ["Tarisa", "Mitemo", "Mitambo", "Nhamba"],
        "scoreboard": ["muganhu wekugogodza", "Mugove kana wapera", "Mangange (pasara 2)"],
        "deals": ["Bob · muteyo", "Alice · kugogodza"],
        "layoffs": ["Kugogodza: Alice anowana mapoinzi 29.", "Makadhi akawedzerwa", "1 – 30"],
        "undercut": ["Muteyo! Bob anowana mapoinzi 12.", "bhonasi yemuteyo 10 + mutsauko"],
        "preview": "Kugogodza: Alice anowana mapoinzi 35.",
        "stats": ["Kubva pakutanga", "Alice achipikisana naBob", "Miteyo yaakateya"],
        "short date": "01/12/2026",
        "long date": "1 Zvita 2026",
    },
}


def record(match: Match, number: int, upcard: str, knocker: int, cards: str, other: str) -> Deal:
    card = Card.parse(upcard)
    match.refresh_from_db()
    actions.set_upcard(match, card)
    facts = DealFacts(
        entry=Deal.Entry.CARDS,
        upcard=card,
        knocker=knocker,
        knocker_cards=parse_cards(cards),
        opponent_cards=parse_cards(other),
    )
    return actions.record(match, number, facts)


def nav_is_one_row(page) -> None:
    tops = page.locator(".top nav a").evaluate_all(
        "links => links.map(a => Math.round(a.getBoundingClientRect().top))"
    )
    assert len(set(tops)) == 1, f"the navigation wraps: {tops}"


@pytest.mark.parametrize(
    "language",
    [
        pytest.param(
            language,
            marks=pytest.mark.browser_context_args(viewport={"width": 360, "height": 800}),
        )
        for language in WORDS
    ],
)
def test_the_pages_read_whole_on_a_360_px_phone(phone, language):
    page, words = phone.page, WORDS[language]
    # The footer's language switch keeps the choice in this cookie.
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )
    phone.goto("/matches/new/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("#id_player_a_name").fill("Alice")
    page.locator("#id_player_b_name").fill("Bob")
    phone.tap(page.locator("label[for=id_first_dealer_1]"))
    phone.tap_to_next_page(page.locator("main form button[type=submit]"))
    match = Match.objects.latest("pk")
    Match.objects.filter(pk=match.pk).update(created=FIRST_OF_DECEMBER)
    layoffs = record(match, 1, "TC", 0, ALICE_KNOCKS_WITH_1, BOB_LAYS_OFF)
    undercut = record(match, 2, "TD", 0, LAYOFF_KNOCKER, LAYOFF_OPPONENT)  # 10 against 8
    record(match, 3, "TC", 0, KNOCK_4, OPP_39)
    match.refresh_from_db()
    actions.set_upcard(match, Card.parse("TC"))

    phone.goto(match.get_absolute_url())
    nav_is_one_row(page)
    phone.says(words["nav"] + words["scoreboard"] + words["deals"])

    for deal, key in ((layoffs, "layoffs"), (undercut, "undercut")):
        phone.goto(reverse("scorekeeper:deal_detail", args=[match.pk, deal.pk]))
        phone.says(words[key])

    phone.goto(reverse("scorekeeper:deal_enter", args=[match.pk, 0]))
    phone.type_hand("knocker", KNOCK_4)
    phone.type_hand("opponent", OPP_39)
    expect(page.locator("#preview .outcome")).to_have_text(words["preview"])
    phone.check_layout()

    a, b = match.player_a_id, match.player_b_id
    phone.goto(f"{reverse('scorekeeper:stats')}?a={a}&b={b}")
    nav_is_one_row(page)
    phone.says(words["stats"] + [words["short date"]])

    phone.goto(reverse("scorekeeper:history"))
    phone.says([words["short date"]])
    phone.goto(reverse("scorekeeper:match_history", args=[match.pk]))
    phone.says([words["long date"]])
    phone.look(f"phone-360-{language}-history")
