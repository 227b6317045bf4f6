"""Full card entry: the live preview, recording, and every kind of bad input."""

import pytest

from scorekeeper.models import Deal
from tests.hands import KNOCK_4, OPP_39

from .match_helpers import HTMX, deal_url, enter_cards, entry_url, set_upcard


def test_entry_page_shows_two_grids_and_the_upcard(client, dealing):
    page = client.get(entry_url(dealing)).content.decode()
    assert page.count('type="checkbox"') == 104
    assert '<option value="6D" selected>' in page
    assert 'id="id_knocker_seat_0" required checked' in page or 'value="0" checked' in page


def test_preview_partial_shows_melds_and_legality_while_tapping(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCK_4, "", action="preview", headers=HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    # Only the regions a change changed, out of band: never the whole form.
    assert '<form id="entry"' not in body
    assert 'id="preview" hx-swap-oob="true"' in body and 'id="bar-text"' in body
    assert "Alice can knock: deadwood 4 ≤ limit 6." in body
    assert "Add the opponent" in body
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_preview_with_both_hands_shows_the_score(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCK_4, OPP_39, action="preview", headers=HTMX)
    assert "Knock: Alice scores 35 points." in response.content.decode()
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_show_the_verdict_without_js_renders_the_whole_page_with_the_preview(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCK_4, OPP_39, action="preview")
    body = response.content.decode()
    assert "<html" in body and "Knock: Alice scores 35 points." in body


def test_shorthand_fills_the_grid(client, dealing):
    response = enter_cards(
        client, dealing, 0, "7h8h9h ks kd kc", "", action="preview", headers=HTMX
    )
    body = response.content.decode()
    for card in ("7H", "8H", "9H", "KS", "KD", "KC"):
        assert f'value="{card}" id="id_knocker_{card}" checked' in body
    assert 'value="7H 8H 9H KS KD KC"' in body


def test_tapping_a_card_off_the_grid_removes_it_from_the_text(client, dealing):
    data = {
        "number": 1,
        "upcard": "6D",
        "knocker_seat": 0,
        "action": "preview",
        "knocker": ["7H", "8H"],
        "knocker_text": "7H 8H 9H",
        "knocker_rendered": "7H 8H 9H",
    }
    body = client.post(entry_url(dealing), data, **HTMX).content.decode()
    assert 'value="7H 8H"' in body
    assert 'value="9H" id="id_knocker_9H" checked' not in body


def test_cards_in_the_other_hand_are_shown_as_taken(client, dealing):
    body = enter_cards(
        client, dealing, 0, KNOCK_4, "", action="preview", headers=HTMX
    ).content.decode()
    assert 'value="AS" id="id_opponent_AS" disabled' in body


@pytest.mark.parametrize(
    ("knocker", "opponent", "message"),
    [
        ("AS 2S 3S 7H 8H 9H KC KD KH 1X", OPP_39, "“1X” is not a card"),
        ("AS AS 2S 3S 7H 8H 9H KC KD KH", OPP_39, "A♠ is entered twice"),
        (KNOCK_4, "5C 6C 8C 9D TD JD 2H 3H QS AS", "A♠ is in both hands"),
        ("AS 2S 3S 7H 8H 9H KC KD KH", OPP_39, "Expected 10 / 11 cards, got 9"),
        (KNOCK_4, "5C 6C 8C 9D TD JD 2H 3H QS", "Expected 10 cards, got 9"),
    ],
)
def test_rejects_bad_hands_with_a_message_and_keeps_the_cards(
    client, dealing, knocker, opponent, message
):
    response = enter_cards(client, dealing, 0, knocker, opponent)
    body = response.content.decode()
    assert response.status_code == 200
    assert message in body
    # Nothing typed is lost: the knocker's cards are still there, as text or on the grid.
    assert f'value="{knocker}"' in body or 'value="KH" id="id_knocker_KH" checked' in body
    assert 'value="9D" id="id_opponent_9D" checked' in body or f'value="{opponent}"' in body
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_bad_text_is_kept_as_typed(client, dealing):
    body = enter_cards(client, dealing, 0, "7h8h9h zz", "").content.decode()
    assert 'value="7h8h9h zz"' in body


def test_rejects_a_missing_knocker(client, dealing):
    data = {
        "number": 1,
        "upcard": "6D",
        "knocker_text": KNOCK_4,
        "opponent_text": OPP_39,
        "action": "record",
    }
    response = client.post(entry_url(dealing), data)
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_eleven_cards_let_the_engine_choose_the_discard(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCK_4 + " QC", OPP_39)
    deal = Deal.objects.get(match=dealing, number=1)
    assert response.status_code == 302
    assert deal.verdict["knocker"]["discard"] == "QC"
    assert deal.points == 35


def test_tampered_posts_get_4xx_and_change_nothing(client, dealing):
    huge = {
        "number": 1,
        "upcard": "6D",
        "knocker_seat": 0,
        "action": "record",
        "knocker": ["AS"] * 5000,
        "opponent_text": "x" * 100_000,
    }
    assert client.post(entry_url(dealing), huge).status_code == 400
    long = {**huge, "knocker": ["AS", "ZZ"] * 100}
    response = client.post(entry_url(dealing), long)
    assert response.status_code == 200
    assert "Ensure this value has at most 200 characters" in response.content.decode()
    wrong_number = {
        "number": "abc",
        "upcard": "6D",
        "knocker_seat": 0,
        "action": "record",
        "knocker_text": KNOCK_4,
        "opponent_text": OPP_39,
    }
    assert client.post(entry_url(dealing), wrong_number).status_code == 404
    assert client.post(entry_url(dealing, seat=7), wrong_number).status_code == 404
    bad_seat = {**wrong_number, "number": 1, "knocker_seat": 5}
    assert client.post(entry_url(dealing), bad_seat).status_code == 200
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_a_deal_number_from_a_stale_page_is_not_recorded_twice(client, dealing):
    enter_cards(client, dealing, 0, KNOCK_4, OPP_39)
    set_upcard(client, dealing, "TC")
    response = enter_cards(client, dealing, 1, KNOCK_4, OPP_39, number=1, upcard="TC")
    # The page again, with what was typed, beside deal 1 as it was recorded (issue 21).
    body = response.content.decode()
    assert response.status_code == 200 and "data-keep-mine" in body
    assert deal_url("deal_edit", dealing, 1) in body
    assert Deal.objects.filter(match=dealing, status="recorded").count() == 1


def test_preview_shows_melds_so_far_before_ten_cards(client, dealing):
    body = enter_cards(
        client, dealing, 0, "7H 8H 9H 2C", "", action="preview", headers=HTMX
    ).content.decode()
    assert "So far: deadwood 2" in body and 'class="meld"' in body


def test_entry_page_shows_the_knock_limit_big_before_any_tap(client, dealing):
    body = client.get(entry_url(dealing)).content.decode()
    assert '<span class="num">6</span><span class="lbl">knock limit</span>' in body


def preview_of(client, match, seat, knocker, *, language="en"):
    client.cookies["django_language"] = language
    response = enter_cards(client, match, seat, knocker, "", action="preview", headers=HTMX)
    body = response.content.decode()
    return body[body.index('id="preview"') : body.index("</section>", body.index('id="preview"'))]


@pytest.mark.parametrize(
    ("language", "seat", "can", "cannot"),
    [
        (
            "en",
            0,
            "Alice can knock: deadwood 4 ≤ limit 6.",
            "Alice cannot knock: deadwood 10 > limit 6.",
        ),
        (
            "en",
            1,
            "Bob can knock: deadwood 4 ≤ limit 6.",
            "Bob cannot knock: deadwood 10 > limit 6.",
        ),
        (
            "pl",
            1,
            "Bob może pukać: luźne karty 4 ≤ limit 6.",
            "Bob nie może pukać: luźne karty 10 > limit 6.",
        ),
    ],
)
def test_the_preview_on_a_deal_names_the_knocker_not_you(
    client, dealing, language, seat, can, cannot
):
    # The phone lies on the table between two players: "you" would be neither of them.
    legal = preview_of(client, dealing, seat, KNOCK_4, language=language)
    assert can in legal and "You can" not in legal and "Możesz" not in legal
    illegal = preview_of(client, dealing, seat, "AS 2S 3S 7H 8H 9H KC KD KH TD", language=language)
    assert cannot in illegal and "No knock" not in illegal and "Nie możesz" not in illegal


@pytest.mark.parametrize("shown", ["x" * 201, "AS " * 70])
def test_a_hand_whose_hidden_text_fails_its_check_comes_back_with_an_error(client, dealing, shown):
    # The hand's text as the page showed it is a hidden field the player never types in: a
    # copy too long is the page's copy damaged (one with a NUL is refused before any view:
    # test_pages_checker.py asks the form). The form comes back, saying so beside the hand,
    # with the typed cards kept; nothing is recorded.
    response = client.post(
        entry_url(dealing),
        {
            "number": 1,
            "upcard": "6D",
            "knocker_seat": 0,
            "action": "record",
            "knocker_text": KNOCK_4 + " QC",
            "knocker_rendered": shown,
            "opponent_text": OPP_39,
        },
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "This hand came back from the page changed" in body
    assert f'value="{KNOCK_4} QC"' in body or 'value="QC" id="id_knocker_QC" checked' in body
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()
