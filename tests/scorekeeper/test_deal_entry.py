"""Full card entry: the live preview, recording, and every kind of bad input."""

import pytest

from scorekeeper.models import Deal

from .match_helpers import HTMX, deal_url, enter_cards, entry_url, set_upcard

KNOCKER = "AS 2S 3S 7H 8H 9H KC KD KH 4D"
OPPONENT = "5C 6C 8C 9D TD JD 2H 3H QS 5S"


def test_entry_page_shows_two_grids_and_the_upcard(client, dealing):
    page = client.get(entry_url(dealing)).content.decode()
    assert page.count('type="checkbox"') == 104
    assert '<option value="6D" selected>' in page
    assert 'id="id_knocker_seat_0" required checked' in page or 'value="0" checked' in page


def test_preview_partial_shows_melds_and_legality_while_tapping(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCKER, "", action="preview", headers=HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    # Only the regions a change changed, out of band: never the whole form.
    assert '<form id="entry"' not in body
    assert 'id="preview" hx-swap-oob="true"' in body and 'id="bar-text"' in body
    assert "You can knock: deadwood 4 ≤ limit 6." in body
    assert "Add the opponent" in body
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_preview_with_both_hands_shows_the_score(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCKER, OPPONENT, action="preview", headers=HTMX)
    assert "Knock: Alice scores 35 points." in response.content.decode()
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_show_the_verdict_without_js_renders_the_whole_page_with_the_preview(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCKER, OPPONENT, action="preview")
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
        client, dealing, 0, KNOCKER, "", action="preview", headers=HTMX
    ).content.decode()
    assert 'value="AS" id="id_opponent_AS" disabled' in body


@pytest.mark.parametrize(
    ("knocker", "opponent", "message"),
    [
        ("AS 2S 3S 7H 8H 9H KC KD KH 1X", OPPONENT, "“1X” is not a card"),
        ("AS AS 2S 3S 7H 8H 9H KC KD KH", OPPONENT, "A♠ is entered twice"),
        (KNOCKER, "5C 6C 8C 9D TD JD 2H 3H QS AS", "A♠ is in both hands"),
        ("AS 2S 3S 7H 8H 9H KC KD KH", OPPONENT, "Expected 10 / 11 cards, got 9"),
        (KNOCKER, "5C 6C 8C 9D TD JD 2H 3H QS", "Expected 10 cards, got 9"),
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
        "knocker_text": KNOCKER,
        "opponent_text": OPPONENT,
        "action": "record",
    }
    response = client.post(entry_url(dealing), data)
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_eleven_cards_let_the_engine_choose_the_discard(client, dealing):
    response = enter_cards(client, dealing, 0, KNOCKER + " QC", OPPONENT)
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
        "knocker_text": KNOCKER,
        "opponent_text": OPPONENT,
    }
    assert client.post(entry_url(dealing), wrong_number).status_code == 404
    assert client.post(entry_url(dealing, seat=7), wrong_number).status_code == 404
    bad_seat = {**wrong_number, "number": 1, "knocker_seat": 5}
    assert client.post(entry_url(dealing), bad_seat).status_code == 200
    assert not Deal.objects.filter(match=dealing, status="recorded").exists()


def test_a_deal_number_from_a_stale_page_is_not_recorded_twice(client, dealing):
    enter_cards(client, dealing, 0, KNOCKER, OPPONENT)
    set_upcard(client, dealing, "TC")
    response = enter_cards(client, dealing, 1, KNOCKER, OPPONENT, number=1, upcard="TC")
    assert response["Location"] == deal_url("deal_detail", dealing, 1)
    assert Deal.objects.filter(match=dealing, status="recorded").count() == 1


def test_preview_shows_melds_so_far_before_ten_cards(client, dealing):
    body = enter_cards(
        client, dealing, 0, "7H 8H 9H 2C", "", action="preview", headers=HTMX
    ).content.decode()
    assert "So far: deadwood 2" in body and 'class="meld"' in body


def test_entry_page_shows_the_knock_limit_big_before_any_tap(client, dealing):
    body = client.get(entry_url(dealing)).content.decode()
    assert '<span class="num">6</span><span class="lbl">knock limit</span>' in body
