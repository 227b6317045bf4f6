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
from scorekeeper.standing import Standing
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


def two_matches(phone, plays) -> Match:
    """Start two matches of Anna and Ben, give each its rules and deals (`plays`: a pair of
    (rules, deals)), then give the players long names (after the scoreboard, which is not what
    these tests look at). Return the first."""
    done = Match.objects.get(pk=phone.start_match("Anna", "Ben"))
    other = Match.objects.get(pk=start_again(phone))
    # Off the scoreboard first: its poll would see the deals added behind its back and reload
    # the page, and a reload that lands while the test opens the next page cancels it.
    phone.page.goto("about:blank")
    for match, (rules, its_deals) in zip((done, other), plays, strict=True):
        Match.objects.filter(pk=match.pk).update(
            rules={**match.rules, **rules}, created=FIRST_OF_DECEMBER
        )
        match.refresh_from_db()
        add_deals(match, its_deals)
    Player.objects.filter(pk=done.player_a_id).update(name=ANNA)
    Player.objects.filter(pk=done.player_b_id).update(name=BEN)
    return done


def long_matches(phone) -> Match:
    """Two matches played to 1000 with four-figure scores, the first finished."""
    deals = [knock(deal % 2, 95) for deal in range(20)] + [knock(0, 95) for _ in range(2)]
    return two_matches(phone, (({"target": 1000}, deals), ({"target": 1000}, deals[:19])))


def read_whole(phone, done: Match, language: str, words: dict, *, kind: str = "") -> None:
    """In `language`: the stats of `done`'s two players, the history and `done`'s own page,
    each saying its `words` (stats, history, match), with no score cut across lines; a
    screenshot of each."""
    page = phone.page
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": phone.base_url}]
    )
    visits = [
        (
            "stats",
            f"{reverse('scorekeeper:stats')}?a={done.player_a_id}&b={done.player_b_id}",
            words["stats"],
        ),
        ("history", reverse("scorekeeper:history"), words["history"]),
        ("history-match", reverse("scorekeeper:match_history", args=[done.pk]), words["match"]),
    ]
    for name, url, says in visits:
        phone.goto(url)
        if name == "stats":
            expect(page.locator("html")).to_have_attribute("lang", language)
        phone.says(says)
        scores_are_whole(page)
        phone.look(f"{name}-{kind}360-{language}")


@pytest.mark.browser_context_args(viewport=NARROW)
@pytest.mark.parametrize("language", WORDS)
def test_stats_and_history_read_whole_on_a_360_px_phone(phone, language):
    words = WORDS[language]
    done = long_matches(phone)
    read_whole(
        phone, done, language, {**words, "history": words["history"] + [words["short date"]]}
    )


# The Hollywood words of the same pages, in each language (`/rules/#hollywood`).
HOLLYWOOD_WORDS = {
    "en": {
        "stats": ["Hollywood games won", "Average Hollywood net", "Matches tied"],
        "history": ["Tie", f"{ANNA} won", "G3 "],
        "match": [f"{ANNA} wins by", "Net", "Game 3", "into G1 G2 G3"],
    },
    "fi": {
        "stats": [
            "Voitetut Hollywood-pelit",
            "Hollywood-nettotulos keskimäärin",
            "Tasapeliottelut",
        ],
        "history": ["Tasapeli", f"{ANNA} voitti", "P3 "],
        "match": [f"{ANNA} voitti nettotuloksella", "Nettotulos", "Peli 3", "peleihin P1 P2 P3"],
    },
    "nl": {
        "stats": ["Gewonnen Hollywood-spellen", "Gemiddeld Hollywood-saldo", "Gelijke partijen"],
        "history": ["Gelijkspel", f"{ANNA} won", "S3 "],
        "match": [f"{ANNA} wint met een saldo van", "Saldo", "Spel 3", "in S1 S2 S3"],
    },
    "pl": {
        "stats": ["Wygrane gry Hollywood", "Średni bilans Hollywood", "Partie bez zwycięzcy"],
        "history": ["Bez zwycięzcy", f"Wygrana: {ANNA}", "G3 "],
        "match": [f"Wygrywa {ANNA} o", "Bilans", "Gra 3", "do G1 G2 G3"],
    },
    "sn": {
        "stats": ["Mitambo yeHollywood yaakakunda", "Mutsauko weHollywood paavhareji"],
        "history": ["Hapana akakunda", f"{ANNA} akakunda", "M3 "],
        "match": [f"{ANNA} akunda nemutsauko we", "Mutsauko", "Mutambo 3", "muna M1 M2 M3"],
    },
}
HOLLYWOOD_RULES = {"hollywood": True, "target": 1000, "box_bonus": 25, "game_bonus": 100}


def hollywood_matches(phone) -> Match:
    """Two Hollywood matches: one played to 1000 with bonuses and four-figure nets, finished;
    one that ends in a tie. Return the first."""
    deals = [knock(deal % 2, 95) for deal in range(20)] + [knock(0, 95) for _ in range(12)]
    wins = [(1, 50), (0, 100), (1, 100), (0, 50), (1, 50), (0, 50)]  # equal nets
    tie = [knock(winner, points) for winner, points in wins]
    return two_matches(phone, ((HOLLYWOOD_RULES, deals), ({"hollywood": True}, tie)))


@pytest.mark.browser_context_args(viewport=NARROW)
@pytest.mark.parametrize("language", HOLLYWOOD_WORDS)
def test_hollywood_stats_and_history_read_whole_on_a_360_px_phone(phone, language):
    done = hollywood_matches(phone)
    assert Standing.of(done).finished and Standing.of(done).winner == 0
    read_whole(phone, done, language, HOLLYWOOD_WORDS[language], kind="hollywood-")
