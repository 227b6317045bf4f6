"""The standalone knock checker: no match and no account needed."""

from django.urls import reverse

from tests.hands import GIN, KNOCK_4, LAYOFF_KNOCKER, LAYOFF_OPPONENT, OPP_39

from .match_helpers import HTMX

URL = "/check/"


def test_checker_page_needs_no_account(client, db):
    body = client.get(reverse("scorekeeper:checker")).content.decode()
    assert "Knock checker" in body and body.count('type="checkbox"') == 104


def test_checker_answers_knock_discard_and_melds(client, db):
    response = client.get(URL, {"upcard": "6D", "hand_text": f"{KNOCK_4} QC"})
    body = response.content.decode()
    assert "You can knock: deadwood 4 ≤ limit 6." in body
    assert 'Best discard <span class="pc pc-c " title="Q♣">' in body


def test_checker_says_gin(client, db):
    body = client.get(URL, {"upcard": "", "hand_text": GIN}).content
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
            "hand_text": LAYOFF_KNOCKER,
            "opponent_text": LAYOFF_OPPONENT,
        },
    ).content.decode()
    assert "Undercut! Your opponent scores 12 points." in body
    assert "You scores" not in body


def test_checker_without_upcard_judges_the_opponent_at_limit_ten(client, db):
    body = client.get(
        URL,
        {
            "upcard": "",
            "hand_text": LAYOFF_KNOCKER,
            "opponent_text": LAYOFF_OPPONENT,
        },
    ).content.decode()
    assert "Undercut! Your opponent scores 12 points." in body


def test_checker_rejects_bad_cards_with_a_message(client, db):
    body = client.get(URL, {"upcard": "", "hand_text": "AS 2S 1X"}).content.decode()
    assert "“1X” is not a card" in body and 'value="AS 2S 1X"' in body


def test_checker_speaks_to_the_player_not_of_a_knocker_in_every_language(client, db):
    hands = {
        "upcard": "TC",
        "hand_text": KNOCK_4,
        "opponent_text": OPP_39,
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


def test_checker_bar_speaks_to_the_player_when_their_hand_is_full(client, db):
    # Ten cards in: the bar offers the way back for an 11th, and a tap past 11 is refused, in
    # words for the reader ("you"), never "Your cards has 11 cards" or "Tap Your cards".
    hand = {"upcard": "TC", "hand_text": KNOCK_4}
    said = {
        "en": ("An 11th card? Back to your cards", "You have 11 cards already: untap one first."),
        "fi": ("11. kortti? Takaisin omiin kortteihisi", "Sinulla on jo 11 korttia"),
        "pl": ("11. karta? Wróć do swoich kart", "Masz już 11 kart: najpierw odznacz jedną."),
    }
    for language, (offer, full) in said.items():
        body = client.get(URL, hand, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert offer in body and full in body, language
    english = client.get(URL, hand, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Your cards has" not in english and "Tap Your cards" not in english
    assert "Opponent has 10 cards already: untap one first." in english


def test_a_hand_whose_hidden_text_fails_its_check_is_an_error_of_the_hand(db):
    # A request with a NUL never reaches the page (the middleware answers 400), so the form
    # is asked directly: its hidden copy of the hand's text fails, the hand says so, and the
    # typed cards are kept.
    from scorekeeper.forms.entry import CheckerForm

    typed = "AS 2S 3S 4H 5H 6H 7C 8C 9C KD"
    for shown in ("\x00", "x" * 201):
        form = CheckerForm({"upcard": "8H", "hand_text": typed, "hand_rendered": shown})
        assert not form.is_valid()
        assert form.errors["hand"] == [
            "This hand came back from the page changed: check its cards and send them again."
        ]
        assert form["hand"].parts["text_errors"] == []
        assert len(form.hands["hand"]) == 10
