"""The statistics and history pages on a 360 px phone, in every language, with long names and
four-figure scores: nothing runs off the right of the screen (the watched page fails on a
horizontal overflow), the language's words are there, a score never breaks at its dash, and
Polish and Shona dates are written as those languages write them.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from scorekeeper.models import Match, Player
from tests.scorekeeper.history_helpers import add_deals, knock

NARROW = {"width": 360, "height": 800}
ANNA = "Maximiliana Kowalczykówna"
BEN = "Bartholomew Oyelaran-Smith"
FIRST_OF_DECEMBER = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
WORDS = {
    "en": {
        "stats": ["Statistics", "Longest winning streak", "Average deadwood when knocking"],
        "history": ["History", "in progress", f"{ANNA} won", "2 matches"],
        "match": ["Download CSV", "played to 1000 points"],
        "short date": "12/01/2026",
    },
    "fi": {
        "stats": ["Tilastot", "Pisin voittoputki", "Irtokorttipisteet koputtaessa (ka.)"],
        "history": ["Pelit", "kesken", f"{ANNA} voitti"],
        "match": ["Lataa CSV", "pelattu 1000 pisteeseen"],
        "short date": "1.12.2026",
    },
    "nl": {
        "stats": ["Statistieken", "Langste winstreeks", "Gewonnen partijen"],
        "history": ["Archief", "bezig", f"{ANNA} won"],
        "match": ["CSV downloaden", "gespeeld tot 1000 punten"],
        "short date": "1-12-2026",
    },
    "pl": {
        "stats": ["Statystyki", "Najdłuższa seria zwycięstw", "Wygrane partie"],
        "history": ["Historia", "w toku", f"Wygrana: {ANNA}"],
        "match": ["Pobierz CSV", "gra do 1000 punktów"],
        "short date": "01.12.2026",
    },
    "sn": {
        "stats": ["Nhamba", "Kukunda kwakatevedzana kwakareba", "Mitambo yaakakunda"],
        "history": ["Mitambo", "uchiri kutambwa", f"{ANNA} akakunda"],
        "match": ["Dhawunirodha CSV", "wakatambwa kusvika pamapoinzi 1000"],
        "short date": "01/12/2026",
    },
}
# The score figures of these pages: each must sit on one line.
SCORES = ".history-score, .score"
BROKEN_SCORES_JS = """
(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size > 1
    || el.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(el).lineHeight || 0))
  .map((el) => el.textContent)
"""


def scores_are_whole(page) -> None:
    assert page.locator(SCORES).count() > 0, f"{page.url}: no score figure"
    broken = page.evaluate(BROKEN_SCORES_JS, SCORES)
    assert not broken, f"{page.url}: scores broken across lines: {broken}"


def start_again(phone) -> int:
    """Start another match of the two players picked from the new-match form's lists."""
    phone.goto("/matches/new/")
    phone.page.locator("#id_player_a").select_option(label="Anna")
    phone.page.locator("#id_player_b").select_option(label="Ben")
    phone.tap_to_next_page(phone.button("Start the match"))
    return Match.objects.latest("pk").pk


def long_matches(phone) -> Match:
    """Start two matches played to 1000 with four-figure scores, one finished; then give the
    players long names (after the scoreboard, which is not what this test looks at). Return
    the finished one."""
    done = Match.objects.get(pk=phone.start_match("Anna", "Ben"))
    playing = Match.objects.get(pk=start_again(phone))
    deals = [knock(deal % 2, 95) for deal in range(20)] + [knock(0, 95) for _ in range(2)]
    for match, its_deals in ((done, deals), (playing, deals[:19])):
        Match.objects.filter(pk=match.pk).update(
            rules={**match.rules, "target": 1000}, created=FIRST_OF_DECEMBER
        )
        match.refresh_from_db()
        add_deals(match, its_deals)
    Player.objects.filter(pk=done.player_a_id).update(name=ANNA)
    Player.objects.filter(pk=done.player_b_id).update(name=BEN)
    return done


@pytest.mark.browser_context_args(viewport=NARROW)
@pytest.mark.parametrize("language", WORDS)
def test_stats_and_history_read_whole_on_a_360_px_phone(phone, language):
    page, words = phone.page, WORDS[language]
    done = long_matches(phone)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )

    phone.goto(f"{reverse('scorekeeper:stats')}?a={done.player_a_id}&b={done.player_b_id}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    phone.says(words["stats"])
    scores_are_whole(page)
    phone.look(f"stats-360-{language}")

    phone.goto(reverse("scorekeeper:history"))
    phone.says(words["history"] + [words["short date"]])
    scores_are_whole(page)
    phone.look(f"history-360-{language}")

    phone.goto(reverse("scorekeeper:match_history", args=[done.pk]))
    phone.says(words["match"])
    scores_are_whole(page)
    phone.look(f"history-match-360-{language}")
