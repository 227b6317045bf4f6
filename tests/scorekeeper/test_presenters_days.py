"""Dates as each language writes them: Polish with dots, Shona day first with Shona month names.

Django writes Polish short dates with hyphens ("01-12-2026") and has no Shona formats or month
names at all, so Shona pages showed "Dec. 1, 2026" and the American "12/01/2026". The formats
live in config/formats (settings.FORMAT_MODULE_PATH); the Shona month names in our catalogue.
These checks compile the catalogues into a temporary folder, so they test the `.po` files as
they are, whether or not `make` compiled them.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import formats, translation

from scorekeeper.models import Match
from scorekeeper.offline.results import filename, result_picture

from .match_helpers import create_match

FIRST_OF_DECEMBER = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SHONA_MONTHS = [
    "Ndira",
    "Kukadzi",
    "Kurume",
    "Kubvumbi",
    "Chivabvu",
    "Chikumi",
    "Chikunguru",
    "Nyamavhuvhu",
    "Gunyana",
    "Gumiguru",
    "Mbudzi",
    "Zvita",
]
# The short forms are the CLDR ones: three letters, with "Chv", "Chk" and "Chg" for the three
# months that start with "Chi".
SHONA_MONTHS_SHORT = [
    "Ndi",
    "Kuk",
    "Kur",
    "Kub",
    "Chv",
    "Chk",
    "Chg",
    "Nya",
    "Gun",
    "Gum",
    "Mbu",
    "Zvi",
]
SHONA_WEEKDAYS = ["Muvhuro", "Chipiri", "Chitatu", "China", "Chishanu", "Mugovera", "Svondo"]
ENGLISH_MONTHS = [date(2026, month, 1).strftime("%B") for month in range(1, 13)]


def written(language: str, value: date | datetime, format_name: str) -> str:
    with translation.override(language):
        return formats.date_format(value, format_name)


@pytest.mark.parametrize(
    ("language", "short", "long"),
    [
        ("pl", "01.12.2026", "1 grudnia 2026"),
        ("sn", "01/12/2026", "1 Zvita 2026"),
        ("fi", "1.12.2026", "1. joulukuuta 2026"),
        ("nl", "1-12-2026", "1 december 2026"),
    ],
)
def test_dates_are_written_as_the_language_writes_them(translated, language, short, long):
    assert written(language, FIRST_OF_DECEMBER, "SHORT_DATE_FORMAT") == short
    assert written(language, FIRST_OF_DECEMBER, "DATE_FORMAT") == long


def test_every_shona_month_has_its_shona_name(translated):
    for month, name in enumerate(SHONA_MONTHS, start=1):
        day = date(2026, month, 9)
        assert written("sn", day, "DATE_FORMAT") == f"9 {name} 2026"
        assert written("sn", day, "SHORT_DATE_FORMAT") == f"09/{month:02}/2026"
        short = SHONA_MONTHS_SHORT[month - 1]
        with translation.override("sn"):
            # Every month letter of the date filter: full, alternative, AP style, short.
            written_as = {letter: formats.date_format(day, letter) for letter in "FENMb"}
        assert written_as == {"F": name, "E": name, "N": short, "M": short, "b": short.lower()}


def test_every_shona_weekday_has_its_shona_name(translated):
    monday = date(2026, 11, 30)
    with translation.override("sn"):
        for offset, name in enumerate(SHONA_WEEKDAYS):
            day = date.fromordinal(monday.toordinal() + offset)
            assert formats.date_format(day, "l") == name
            assert name.startswith(formats.date_format(day, "D")[:2])


def test_polish_month_names_stay_django_s_own(translated):
    # Our catalogue now holds the month names too; for Polish they must stay Django's.
    with translation.override("pl"):
        assert formats.date_format(FIRST_OF_DECEMBER, "F") == "Grudzień"
        assert formats.date_format(FIRST_OF_DECEMBER, "E") == "grudnia"
        assert formats.date_format(FIRST_OF_DECEMBER, "l") == "Wtorek"


def match_of_the_first_of_december(client) -> Match:
    match = create_match(client)
    Match.objects.filter(pk=match.pk).update(created=FIRST_OF_DECEMBER)
    return match


def body_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return unescape(response.content.decode())


@pytest.mark.parametrize(
    ("language", "short", "long"),
    [("pl", "01.12.2026", "1 grudnia 2026"), ("sn", "01/12/2026", "1 Zvita 2026")],
)
def test_pages_show_dates_in_the_language(client, db, translated, language, short, long):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    match = match_of_the_first_of_december(client)
    for url in (reverse("scorekeeper:home"), reverse("scorekeeper:history")):
        body = body_of(client.get(url))
        assert short in body, url
        assert "12/01/2026" not in body and "01-12-2026" not in body, url
    body = body_of(client.get(reverse("scorekeeper:match_history", args=[match.pk])))
    assert long in body
    # In the words people read: a CSRF token may hold "May" by chance.
    words = re.findall(r"[^\W\d_]+\.?", re.sub(r"<[^>]*>", " ", body))
    assert not set(words) & {*ENGLISH_MONTHS, "Dec."}


# Noon in London on 1 December is already 2 December in Auckland: where the site's clock is set
# there, every place that shows a match's day must say the 2nd.
AUCKLAND = "Pacific/Auckland"


@pytest.mark.parametrize(
    ("language", "short", "long"),
    [("en", "12/02/2026", "Dec. 2, 2026"), ("pl", "02.12.2026", "2 grudnia 2026")],
)
def test_a_matchs_day_reads_the_same_in_the_lists_its_page_and_its_picture(
    client, db, settings, translated, language, short, long
):
    settings.TIME_ZONE = AUCKLAND
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    match = match_of_the_first_of_december(client)
    a, b = match.player_a_id, match.player_b_id
    lists = (
        reverse("scorekeeper:home"),
        reverse("scorekeeper:history"),
        f"{reverse('scorekeeper:stats')}?a={a}&b={b}",
    )
    for url in lists:
        body = body_of(client.get(url))
        assert f'<time datetime="2026-12-02T01:00:00+13:00">{short}</time>' in body, url
    page = body_of(client.get(reverse("scorekeeper:match_history", args=[match.pk])))
    assert f'<time datetime="2026-12-02T01:00:00+13:00">{long}</time>' in page
    with translation.override(language):
        assert result_picture(Match.objects.get(pk=match.pk)).date == long
    assert filename(Match.objects.get(pk=match.pk)).endswith("-2026-12-02.png")
