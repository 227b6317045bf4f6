"""What every catalogue says as its own language says it: the main menu, the install offer, and
a percentage.

A reader sees the menu on every page, so an English word left in it shows everywhere; the menu
names the stats page with its heading's word. The install offer's heading says "install" as
the language's phones do (the word on its own button), not a word-for-word "keep it on this
phone". A percentage is written as the language writes one (as CLDR's number formats have
it): Finnish puts a no-break space before the sign ("50 %"), Dutch, Polish and Shona write it
close up ("50%"); the sign is part of a translated string, never written by hand in a template.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from .history_helpers import add_deals, quick
from .match_helpers import create_match
from .test_i18n import BASE_DIR, LANGUAGES, catalogue_path, page, read_po, speak

TEMPLATES = BASE_DIR / "templates"
TRANSLATE = re.compile(r"""\{%\s*translate\s+"([^"]+)"(?:\s+context\s+"([^"]+)")?\s*%\}""")
PERCENT = ("a percentage: the number and the sign, as the language writes them", "%(percent)s%%")
PERCENT_IN = {
    "fi": "%(percent)s\u00a0%%",
    "nl": "%(percent)s%%",
    "pl": "%(percent)s%%",
    "sn": "%(percent)s%%",
}


def entries(language: str):
    return read_po(catalogue_path(language))[1]


def main_menu() -> list[tuple[str | None, str]]:
    """Return the catalogue keys (context, msgid) of the main menu's links in base.html."""
    base = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    menu = re.search(r"<nav aria-label=.*?</nav>", base, re.DOTALL).group(0)
    return [(context or None, msgid) for msgid, context in TRANSLATE.findall(menu)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_main_menu_is_in_the_language(language):
    links = main_menu()
    assert len(links) == 4, links
    catalogue = entries(language)
    english = [key[1] for key in links if catalogue[key].msgstr[0] == key[1]]
    assert not english, f"{language}: the menu says {english} in English"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menu_names_the_stats_page_as_its_heading_does(language):
    catalogue = entries(language)
    link = catalogue[(None, "Stats")].msgstr[0]
    heading = catalogue[(None, "Statistics")].msgstr[0]
    assert heading.casefold().startswith(link.casefold()), (language, link, heading)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_install_offer_says_install_as_the_phone_does(language):
    catalogue = entries(language)
    button = catalogue[(None, "Install")].msgstr[0]
    heading = catalogue[(None, "Keep it on this phone")].msgstr[0]
    assert button.casefold() in heading.casefold(), (language, button, heading)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_percent_is_written_as_the_language_writes_it(language):
    entry = entries(language)[PERCENT]
    assert "python-format" in entry.flags
    assert entry.msgstr[0] == PERCENT_IN[language]


def test_no_template_writes_a_percent_sign_by_hand():
    by_hand = []
    for template in TEMPLATES.rglob("*.html"):
        source = template.read_text(encoding="utf-8")
        # Text between the tags, outside {% ... %} and {{ ... }}, and outside a translation.
        text = re.sub(
            r"\{%\s*blocktrans(?:late)?\b.*?\{%\s*endblocktrans(?:late)?\s*%\}|\{%.*?%\}"
            r"|\{\{.*?\}\}|\{#.*?#\}",
            " ",
            source,
            flags=re.DOTALL,
        )
        text = re.sub(r"<(script|style)\b.*?</\1>|<[^>]*>", " ", text, flags=re.DOTALL)
        if "%" in text:
            by_hand.append(template.relative_to(TEMPLATES).as_posix())
    assert not by_hand, by_hand


@pytest.mark.parametrize(
    ("language", "rate"),
    [("fi", "100\u00a0%"), ("nl", "100%"), ("pl", "100%"), ("sn", "100%")],
)
def test_the_stats_page_writes_a_win_rate_as_the_language_does(
    client, db, translated, language, rate
):
    match = create_match(speak(client, language), "Alice", "Bob")
    add_deals(match, [quick(0, 4, 30)])  # Alice wins the one deal: 100 % of the deals
    body = page(client.get(reverse("scorekeeper:stats")))
    alice = body[body.index(">Alice</h2>") :]
    assert f"· {rate}</span>" in alice, alice[:600]
