"""Sentences with a number of points take the plural form the number needs in the reader's
language: Polish has three (1 punkt, 2 punkty, 5 punktów), the others two."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import ngettext

from adjudication import Rules, score_quick
from scorekeeper.offline.results import result_picture
from scorekeeper.presenters.sentences import deadwood_text, explain, so_far_text

from .match_helpers import create_match, enter_cards, set_upcard
from .test_i18n import page, speak

# The knocker keeps 1; the opponent's deadwood is 1 + the points the knock scores.
KNOCK_HEADLINES = {
    "en": {1: "Knock: Ann scores 1 point.", 2: "Knock: Ann scores 2 points."},
    "fi": {
        1: "Koputus: Ann saa 1 pisteen.",
        2: "Koputus: Ann saa 2 pistettä.",
        11: "Koputus: Ann saa 11 pistettä.",
    },
    "nl": {1: "Klop: Ann scoort 1 punt.", 2: "Klop: Ann scoort 2 punten."},
    "pl": {
        1: "Pukanie: Ann zdobywa 1 punkt.",
        2: "Pukanie: Ann zdobywa 2 punkty.",
        4: "Pukanie: Ann zdobywa 4 punkty.",
        5: "Pukanie: Ann zdobywa 5 punktów.",
        12: "Pukanie: Ann zdobywa 12 punktów.",
        22: "Pukanie: Ann zdobywa 22 punkty.",
        25: "Pukanie: Ann zdobywa 25 punktów.",
    },
    "sn": {1: "Kugogodza: Ann anowana poinzi 1.", 2: "Kugogodza: Ann anowana mapoinzi 2."},
}


@pytest.mark.usefixtures("translated")
@pytest.mark.parametrize("language", KNOCK_HEADLINES)
def test_a_knocks_points_take_the_languages_plural_form(language):
    for points, headline in KNOCK_HEADLINES[language].items():
        verdict = score_quick(None, 1, 1 + points)
        with translation.override(language):
            explained = explain(verdict, Rules(), "Ann", "Bob")
        assert explained.headline == headline


# Ann undercut by Bob, gin and big gin: each headline has its own plural forms.
OTHER_HEADLINES = {
    "pl": [
        ((5, 4), "Podcięcie! Bob zdobywa 11 punktów."),
        ((0, 2), "Gin! Ann zdobywa 27 punktów."),
        ((0, 1), "Gin! Ann zdobywa 26 punktów."),
    ],
    "fi": [((5, 4), "Alitus! Bob saa 11 pistettä."), ((0, 2), "Gin! Ann saa 27 pistettä.")],
    "sn": [((5, 4), "Muteyo! Bob anowana mapoinzi 11."), ((0, 2), "Gin! Ann anowana mapoinzi 27.")],
}


@pytest.mark.usefixtures("translated")
@pytest.mark.parametrize("language", OTHER_HEADLINES)
def test_undercut_and_gin_points_take_the_plural_form_too(language):
    for (k, o), headline in OTHER_HEADLINES[language]:
        with translation.override(language):
            explained = explain(score_quick(None, k, o), Rules(), "Ann", "Bob")
        assert explained.headline == headline


@pytest.mark.usefixtures("translated")
def test_big_gin_points_take_the_plural_form():
    verdict = score_quick(None, 0, 1, big_gin=True)
    with translation.override("pl"):
        assert (
            explain(verdict, Rules(), "Ann", "Bob").headline == "Duży gin! Ann zdobywa 32 punkty."
        )


# A match is played to 10 points or more; the singular form is checked on its own.
PLAYED_TO = {
    "en": {10: "played to 10 points", 21: "played to 21 points"},
    "fi": {10: "pelattu 10 pisteeseen", 100: "pelattu 100 pisteeseen"},
    "nl": {10: "gespeeld tot 10 punten", 100: "gespeeld tot 100 punten"},
    "pl": {22: "gra do 22 punktów", 100: "gra do 100 punktów"},
    "sn": {10: "wakatambwa kusvika pamapoinzi 10", 100: "wakatambwa kusvika pamapoinzi 100"},
}
PLAYED_TO_ONE = {
    "en": "played to 1 point",
    "fi": "pelattu 1 pisteeseen",
    "nl": "gespeeld tot 1 punt",
    "pl": "gra do 1 punktu",
    "sn": "wakatambwa kusvika papoinzi 1",
}


@pytest.mark.usefixtures("translated")
@pytest.mark.parametrize("language", PLAYED_TO)
def test_the_match_target_is_said_in_points_with_the_plural_form(client, db, language):
    for target, words in PLAYED_TO[language].items():
        match = create_match(speak(client, language), target=str(target))
        body = page(client.get(reverse("scorekeeper:match_history", args=[match.pk])))
        assert words in body, (target, words)
        with translation.override(language):
            assert result_picture(match).detail.endswith(words)


@pytest.mark.usefixtures("translated")
@pytest.mark.parametrize("language", PLAYED_TO_ONE)
def test_a_target_of_one_point_has_its_singular_form(language):
    with translation.override(language):
        said = ngettext("played to %(target)s point", "played to %(target)s points", 1)
    assert said % {"target": 1} == PLAYED_TO_ONE[language]


@pytest.mark.usefixtures("translated")
def test_a_verdicts_deadwood_labels_take_the_plural_form_in_polish():
    # Ann knocks with 1, Bob is left with 4 (a knock for 3 points).
    with translation.override("pl"):
        explained = explain(score_quick(None, 1, 4), Rules(), "Ann", "Bob")
        assert explained.knocker_deadwood == "luźne karty: 1 punkt"
        assert explained.opponent_deadwood == "luźne karty: 4 punkty"
        assert explained.opponent_deadwood != deadwood_text(5) == "luźne karty: 5 punktów"


@pytest.mark.usefixtures("translated")
def test_the_deadwood_so_far_takes_the_plural_form_in_the_bar_and_the_preview(client, match):
    # Three cards so far, no meld: A♠ 2♥ K♦ is 1 + 2 + 10 = 13 points (13 takes "punktów").
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pl"
    set_upcard(client, match, "6D")
    body = enter_cards(client, match, 0, "AS 2H KD", "", action="preview").content.decode()
    assert body.count("Na razie luźne karty: 13 punktów") == 2  # the bar and the preview
    with translation.override("pl"):
        assert so_far_text(2) == "Na razie luźne karty: 2 punkty"
