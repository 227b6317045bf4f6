"""The plain pages: home, rules, and the four-colour deck switch."""

from django.urls import reverse


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
