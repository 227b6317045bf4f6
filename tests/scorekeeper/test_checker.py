"""The standalone knock checker: no match and no account needed."""

from django.urls import reverse

from .match_helpers import HTMX

URL = "/check/"


def test_checker_page_needs_no_account(client, db):
    body = client.get(reverse("scorekeeper:checker")).content.decode()
    assert "Knock checker" in body and body.count('type="checkbox"') == 104


def test_checker_answers_knock_discard_and_melds(client, db):
    response = client.get(URL, {"upcard": "6D", "hand_text": "AS 2S 3S 7H 8H 9H KC KD KH 4D QC"})
    body = response.content.decode()
    assert "You can knock: deadwood 4 ≤ limit 6." in body
    assert 'Best discard <span class="pc pc-c " title="Q♣">' in body


def test_checker_says_gin(client, db):
    body = client.get(URL, {"upcard": "", "hand_text": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"}).content
    assert "Gin: no deadwood." in body.decode()


def test_checker_partial_updates_when_a_card_is_tapped_off(client, db):
    hand = ["AS", "2S", "3S", "7H", "8H", "9H", "KC", "KD", "KH", "4D"]
    first = client.get(
        URL, {"upcard": "3C", "hand": hand, "hand_rendered": " ".join(hand)}, **HTMX
    ).content.decode()
    assert "<html" not in first and "No knock: deadwood 4 > limit 3." in first
    fewer = [c for c in hand if c != "4D"] + ["2D"]
    second = client.get(
        URL, {"upcard": "3C", "hand": fewer, "hand_rendered": " ".join(hand)}, **HTMX
    ).content.decode()
    assert "You can knock: deadwood 2 ≤ limit 3." in second


def test_checker_with_the_opponent_gives_the_full_verdict(client, db):
    body = client.get(
        URL,
        {
            "upcard": "TD",
            "hand_text": "AS 3S 4S 5S AC 2D 3D 4D 5D 3H",
            "opponent_text": "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H",
        },
    ).content.decode()
    assert "Undercut! Your opponent scores 12 points." in body
    assert "You scores" not in body


def test_checker_without_upcard_judges_the_opponent_at_limit_ten(client, db):
    body = client.get(
        URL,
        {
            "upcard": "",
            "hand_text": "AS 3S 4S 5S AC 2D 3D 4D 5D 3H",
            "opponent_text": "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H",
        },
    ).content.decode()
    assert "Undercut! Your opponent scores 12 points." in body


def test_checker_rejects_bad_cards_with_a_message(client, db):
    body = client.get(URL, {"upcard": "", "hand_text": "AS 2S 1X"}).content.decode()
    assert "“1X” is not a card" in body and 'value="AS 2S 1X"' in body


def test_checker_speaks_to_the_player_not_of_a_knocker_in_every_language(client, db):
    hands = {
        "upcard": "TC",
        "hand_text": "AS 2S 3S 7H 8H 9H KC KD KH 4D",
        "opponent_text": "5C 6C 8C 9D TD JD 2H 3H QS 5S",
    }
    said = {
        "en": "Knock: you score 35 points.",
        "fi": "Koputus: saat 35 pistettä.",
        "nl": "Klop: je scoort 35 punten.",
        "pl": "Pukanie: zdobywasz 35 punktów.",
        "sn": "Kugogodza: unowana mapoinzi 35.",
    }
    for language, headline in said.items():
        body = client.get(URL, hands, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert headline in body, language
        for role_as_name in ("Knocker scores", "Koputtaja saa", "Klopper scoort"):
            assert role_as_name not in body, language
