"""The plain pages: home, rules, the four-colour deck switch, and what every page says of itself."""

import re
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse

from .match_helpers import create_match


def test_home_page_says_what_the_site_is_and_links_to_the_checker(client, db):
    body = client.get(reverse("scorekeeper:home")).content.decode()
    assert "Oklahoma Gin" in body and reverse("scorekeeper:checker") in body


def test_rules_page_has_the_knock_limit_table(client, db):
    body = client.get(reverse("scorekeeper:rules")).content.decode()
    assert 'id="limits"' in body and "A tie is an undercut" in body


def test_four_colour_deck_can_be_switched_on_and_off(client, db):
    home = reverse("scorekeeper:home")
    assert 'class="four"' not in client.get(home).content.decode()
    response = client.post(reverse("scorekeeper:deck_colours"), {"next": home})
    assert response["Location"] == home
    assert '<body class="four"' in client.get(home).content.decode()
    client.post(reverse("scorekeeper:deck_colours"), {"next": "https://evil.example/"})
    assert '<body class="four"' not in client.get(home).content.decode()


DESCRIPTION = re.compile(r'<meta name="description" content="([^"]+)">')


def descriptions(client, language: str) -> dict[str, str]:
    """Return each plain page's one meta description, as a visitor in `language` gets it."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    found = {}
    for name in ("home", "checker", "rules", "history", "stats"):
        body = client.get(reverse(f"scorekeeper:{name}")).content.decode()
        (found[name],) = DESCRIPTION.findall(body)
    return found


@pytest.mark.parametrize("language", ["fi", "nl", "pl", "sn"])
def test_every_page_describes_itself_in_its_language_for_search(client, db, translated, language):
    english, own = descriptions(client, "en"), descriptions(client, language)
    # The checker and the rules say their own; the other pages, the site's.
    assert len(set(english.values())) == len(set(own.values())) == 3
    for name, text in own.items():
        assert text and text != english[name], (name, text)


def test_the_scoreboard_has_one_main_heading_for_screen_readers(client, db):
    match = create_match(client)
    body = client.get(match.get_absolute_url()).content.decode()
    assert body.count("<h1") == 1
    assert f'<h1 class="vh">{match}</h1>' in unescape(body)
