"""The quick form's errors are sentences of ours that name the player or the figure.

Django's generic field messages ("This field is required.", "Ensure this value is less than or
equal to 10.") say nothing of who knocked or of the knock limit; each quick error must, in the
player's language. "Our catalogue" is the entries of `locale/` that come from the forms
(scorekeeper/forms/, once scorekeeper/forms.py; the msgids in English), read from the `.po`
files as they are.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.django_messages import FORM_MESSAGES
from scorekeeper.forms.entry import QuickForm
from scorekeeper.models import Match, Player

from .match_helpers import HTMX, create_match, set_upcard
from .test_i18n import catalogue_path, read_po, speak

LANGUAGES = ("en", "fi", "nl", "pl", "sn")
PLACEHOLDER = re.compile(r"%\((\w+)\)([sd])")


def sentence_pattern(text: str) -> re.Pattern[str]:
    """Return a pattern that a message matches once its placeholders are filled."""
    pattern, last = [], 0
    for found in PLACEHOLDER.finditer(text):
        pattern.append(re.escape(text[last : found.start()]))
        pattern.append(r"-?\d+" if found.group(2) == "d" else r".+?")
        last = found.end()
    pattern.append(re.escape(text[last:]))
    return re.compile("".join(pattern))


def from_the_forms(reference: str) -> bool:
    """Return whether a catalogue entry's reference is one of the forms' modules: the `.po`
    files name them as the last makemessages found them, before or after the package."""
    return reference == "scorekeeper/forms.py" or reference.startswith("scorekeeper/forms/")


@cache
def forms_sentences(language: str) -> tuple[re.Pattern[str], ...]:
    """Return the patterns of the sentences that the forms have in the catalogue."""
    source = "fi" if language == "en" else language
    _header, entries = read_po(catalogue_path(source))
    texts = set()
    for entry in entries.values():
        if any(from_the_forms(reference) for reference in entry.references):
            texts.update([entry.msgid] if language == "en" else entry.msgstr.values())
    return tuple(sentence_pattern(text) for text in texts if text)


def generic_sentences(language: str) -> list[re.Pattern[str]]:
    """Return the patterns of Django's generic form messages, in `language` (the one plural
    among them counts characters, which no number field shows)."""
    with translation.override(language):
        return [
            sentence_pattern(translation.gettext(message))
            for message in FORM_MESSAGES
            if isinstance(message, str)
        ]


def quick_form(data: dict, *, limit: int | None, names=("Ann", "Ben"), big_gin=True):
    players = Player(name=names[0]), Player(name=names[1])
    match = Match(player_a=players[0], player_b=players[1], rules={"big_gin": big_gin})
    return QuickForm(data, match=match, knock_limit=limit)


def errors_of(form) -> list[tuple[str, str]]:
    form.is_valid()
    return [
        (field, str(message)) for field, messages in form.errors.items() for message in messages
    ]


# --- Every error, whatever is posted ----------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(-1000, 1000).map(str),
    st.sampled_from(["", " ", "abc", "7.5", "1e3", "١٢", "-0", "99999999999999999999"]),
)
POSTED = st.fixed_dictionaries(
    {},
    optional={
        "knocker": st.sampled_from(["0", "1", "", "2", "-1", "Ann", "x"]),
        "knocker_deadwood": NUMBERS,
        "opponent_deadwood": NUMBERS,
        "big_gin": st.sampled_from(["on", ""]),
    },
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=POSTED,
    limit=st.integers(0, 10),
    language=st.sampled_from(LANGUAGES),
    names=st.sampled_from([("Ann", "Ben"), ("Bartholomew-Jones", "Zoë"), ("Li", "Mo")]),
)
def test_every_quick_error_is_our_sentence_naming_the_player_or_the_figure(
    translated, data, limit, language, names
):
    figures = {str(limit), "100"} | {
        str(int(value)) for value in data.values() if re.fullmatch(r"\s*-?\d{1,6}\s*", value)
    }
    with translation.override(language):
        errors = errors_of(quick_form(data, limit=limit, names=names))
        generic = generic_sentences(language)
    for field, message in errors:
        assert not any(p.fullmatch(message) for p in generic), (field, message)
        assert any(p.fullmatch(message) for p in forms_sentences(language)), (field, message)
        named = any(name in message for name in names)
        figured = bool(set(re.findall(r"-?\d+", message)) & figures)
        assert named or figured, (field, message)


# --- What each mistake says, in English and Dutch ---------------------------------------------

FULL = {"knocker": "0", "knocker_deadwood": "3", "opponent_deadwood": "20"}


def without(name: str) -> dict[str, str]:
    return {key: value for key, value in FULL.items() if key != name}


@pytest.mark.parametrize(
    ("language", "data", "limit", "field", "message"),
    [
        ("en", without("knocker"), 7, "knocker", "Who knocked? Tap Ann or Ben."),
        ("nl", without("knocker"), 7, "knocker", "Wie klopte? Tik Ann of Ben aan."),
        ("en", {**FULL, "knocker": "2"}, 7, "knocker", "Who knocked? Tap Ann or Ben."),
        (
            "en",
            {**FULL, "knocker_deadwood": "15"},
            3,
            "knocker_deadwood",
            "Illegal knock: deadwood 15 > limit 3.",
        ),
        (
            "en",
            {**FULL, "knocker_deadwood": "11"},
            10,
            "knocker_deadwood",
            "Illegal knock: deadwood 11 > limit 10.",
        ),
        (
            "nl",
            {**FULL, "knocker_deadwood": "12"},
            7,
            "knocker_deadwood",
            "Ongeldige klop: losse kaarten 12 > grens 7.",
        ),
        (
            "en",
            without("knocker_deadwood"),
            6,
            "knocker_deadwood",
            "Enter the deadwood Ann knocked with, as a number (the knock limit is 6).",
        ),
        (
            "nl",
            {**FULL, "knocker": "1", "knocker_deadwood": "-2"},
            6,
            "knocker_deadwood",
            "Vul de losse punten in waarmee Ben klopte, als getal (de klopgrens is 6).",
        ),
        (
            "en",
            {"knocker_deadwood": "abc", "opponent_deadwood": "20"},
            6,
            "knocker_deadwood",
            "Enter the knocker's deadwood, as a number (the knock limit is 6).",
        ),
        (
            "en",
            {**FULL, "knocker_deadwood": "101"},
            6,
            "knocker_deadwood",
            "Enter the deadwood Ann knocked with, as a number (the knock limit is 6).",
        ),
        (
            "en",
            {**FULL, "opponent_deadwood": "101"},
            6,
            "opponent_deadwood",
            "Enter the deadwood Ben kept after layoffs, as a number from 0 to 100.",
        ),
        (
            "nl",
            {**FULL, "opponent_deadwood": ""},
            6,
            "opponent_deadwood",
            "Vul de losse punten in die Ben na aanleggen overhield, als getal van 0 tot 100.",
        ),
        (
            "en",
            {"knocker_deadwood": "3", "opponent_deadwood": "-1"},
            6,
            "opponent_deadwood",
            "Enter the opponent's deadwood after layoffs, as a number from 0 to 100.",
        ),
        (
            "en",
            {**FULL, "big_gin": "on"},
            6,
            "big_gin",
            "Big gin means deadwood 0, not 3.",
        ),
        (
            "nl",
            {**FULL, "big_gin": "on"},
            6,
            "big_gin",
            "Grote gin betekent 0 losse punten, niet 3.",
        ),
    ],
)
def test_a_quick_mistake_gets_its_own_sentence(translated, language, data, limit, field, message):
    with translation.override(language):
        form = quick_form(data, limit=limit)
        assert not form.is_valid()
        assert form.errors[field] == [message]


def test_a_knock_up_to_the_limit_is_valid():
    form = quick_form({**FULL, "knocker_deadwood": "10"}, limit=10)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["knocker_deadwood"] == 10


def test_without_an_upcard_the_knockers_deadwood_gets_the_hands_range(translated):
    form = quick_form(without("knocker_deadwood"), limit=None)
    assert not form.is_valid()
    assert form.errors["knocker_deadwood"] == [
        "Enter the deadwood Ann knocked with, as a number from 0 to 100."
    ]
    assert form.non_field_errors() == ["Enter the upcard first: it sets the knock limit."]


# --- On the scoreboard ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "data", "message"),
    [
        ("en", {"knocker_deadwood": 3, "opponent_deadwood": 20}, "Who knocked? Tap Alice or Bob."),
        ("fi", {"knocker": 0, "knocker_deadwood": 12, "opponent_deadwood": 20}, "12 > raja 3"),
        (
            "nl",
            {"knocker": 1, "knocker_deadwood": 2, "opponent_deadwood": 130},
            "Vul de losse punten in die Alice na aanleggen overhield, als getal van 0 tot 100.",
        ),
    ],
)
def test_the_scoreboard_shows_the_quick_error_in_the_players_language(
    client, db, translated, language, data, message
):
    match = create_match(client)
    set_upcard(client, match, "3C")
    speak(client, language)
    url = reverse("scorekeeper:deal_quick", args=[match.pk])
    response = client.post(url, {"number": 1, **data}, **HTMX)
    body = response.content.decode().replace("&gt;", ">")
    assert response.status_code == 422
    assert message in body
    assert not match.deals.filter(status="recorded").exists()
