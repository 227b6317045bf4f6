"""Correcting and deleting recorded deals; totals, dealers and winners follow."""

from django.urls import reverse

from scorekeeper.models import Deal
from scorekeeper.standing import Standing
from tests.hands import KNOCK_4, OPP_39

from .match_helpers import HTMX, deal_url, enter_cards, record_draw, record_quick, set_upcard


def edit_url(match, number, mode=""):
    url = deal_url("deal_edit", match, number)
    return f"{url}?mode={mode}" if mode else url


def test_edit_page_shows_the_stored_cards(client, match):
    set_upcard(client, match, "6D")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)
    body = client.get(edit_url(match, 1)).content.decode()
    assert "Correct deal 1" in body and 'value="4D" id="id_knocker_4D" checked' in body


def test_editing_cards_rescored_the_deal(client, match):
    set_upcard(client, match, "6D")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)
    # Bob, not Alice, knocked, with 5♠ left: Alice's 4♦ is not enough to undercut him.
    bob = "5C 6C 7C 9D TD JD 2H 3H 4H 5S"
    response = enter_cards(
        client, match, 1, bob, KNOCK_4, upcard="TC", number=1, url=edit_url(match, 1)
    )
    deal = Deal.objects.get(match=match, number=1)
    assert response.status_code == 302
    assert (deal.knocker, deal.upcard, deal.entry) == (1, "TC", "cards")
    assert (deal.outcome, deal.winner, deal.points) == ("undercut", 0, 11)


def test_an_illegal_correction_changes_nothing(client, match):
    set_upcard(client, match, "6D")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)
    response = enter_cards(
        client,
        match,
        0,
        KNOCK_4.replace("4D", "9D"),
        OPP_39.replace("9D", "4D"),
        upcard="6D",
        number=1,
        url=edit_url(match, 1),
    )
    assert response.status_code == 200
    assert "That knock would be illegal" in response.content.decode() or "Illegal" in (
        response.content.decode()
    )
    assert Deal.objects.get(match=match, number=1).points == 35


def test_edit_into_quick_numbers_and_into_a_draw(client, match):
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    match.refresh_from_db()
    client.post(
        edit_url(match, 1),
        {
            "mode": "quick",
            "version": match.version,
            "knocker": 1,
            "knocker_deadwood": 0,
            "opponent_deadwood": 10,
        },
    )
    deal = Deal.objects.get(match=match, number=1)
    assert (deal.outcome, deal.winner, deal.points) == ("gin", 1, 35)
    match.refresh_from_db()
    client.post(edit_url(match, 1), {"mode": "draw", "version": match.version})
    deal.refresh_from_db()
    assert (deal.outcome, deal.winner, deal.points) == ("draw", None, 0)


def test_an_edit_against_a_stale_version_is_refused(client, match):
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    match.refresh_from_db()
    stale = match.version
    record_draw(client, match)  # the other phone records the next deal meanwhile
    response = client.post(
        edit_url(match, 1),
        {
            "mode": "quick",
            "version": stale,
            "knocker": 1,
            "knocker_deadwood": 0,
            "opponent_deadwood": 10,
        },
    )
    assert response.status_code == 302
    assert Deal.objects.get(match=match, number=1).winner == 0
    page = client.get(response["Location"]).content.decode()
    assert "changed on another phone" in page


def test_delete_asks_first_then_moves_the_deal_to_the_trash_keeping_every_number(client, match):
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    record_draw(client, match)
    set_upcard(client, match, "TC")
    record_quick(client, match, 1, 3, 13)
    url = deal_url("deal_delete", match, 1)
    assert "Delete deal 1?" in client.get(url).content.decode()
    assert Deal.objects.filter(match=match).count() == 3
    match.refresh_from_db()
    client.post(url, {"version": match.version})
    numbers = list(Deal.objects.filter(match=match).values_list("number", "status", "outcome"))
    assert numbers == [(1, "deleted", "knock"), (2, "recorded", "draw"), (3, "recorded", "knock")]
    assert Standing.of(match).totals == (0, 10)


def test_edit_preview_is_a_partial(client, match):
    set_upcard(client, match, "6D")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)
    response = enter_cards(
        client,
        match,
        0,
        KNOCK_4,
        OPP_39,
        upcard="6D",
        number=1,
        url=edit_url(match, 1),
        action="preview",
        headers=HTMX,
    )
    body = response.content.decode()
    assert "<html" not in body and "Knock: Alice scores 35 points." in body


def undo(client, match, number, version=None):
    match.refresh_from_db()
    url = deal_url("deal_undo", match, number)
    return client.post(url, {"version": match.version if version is None else version})


def test_undo_puts_the_last_deal_back_in_play_with_its_cards(client, match):
    set_upcard(client, match, "6D")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)
    page = client.get(deal_url("deal_detail", match, 1)).content.decode()
    assert "Undo: this deal is not over yet" in page
    response = undo(client, match, 1)
    assert response["Location"] == reverse("scorekeeper:deal_enter", args=[match.pk, 0])
    deal = Deal.objects.get(match=match)
    assert (deal.status, deal.knocker_cards, deal.points) == ("open", KNOCK_4, 0)
    assert Standing.of(match).totals == (0, 0)
    entry = client.get(response["Location"]).content.decode()
    assert "was undone" in entry and 'value="4D" id="id_knocker_4D" checked' in entry
    enter_cards(client, match, 0, KNOCK_4, OPP_39)
    assert Deal.objects.get(match=match).status == "recorded"


def test_undo_of_a_quick_deal_refills_the_quick_form(client, match):
    set_upcard(client, match, "6D")
    record_quick(client, match, 1, 3, 17)
    set_upcard(client, match, "TC")  # the next deal's upcard goes with the undo
    undo(client, match, 1)
    board = client.get(match.get_absolute_url()).content.decode()
    assert 'name="opponent_deadwood" value="17"' in board
    assert Deal.objects.get(match=match).upcard == "6D"


def test_only_the_last_deal_can_be_undone_and_not_from_a_stale_page(client, match):
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    match.refresh_from_db()
    stale = match.version
    record_draw(client, match)
    page = client.get(deal_url("deal_detail", match, 1)).content.decode()
    assert "Undo" not in page
    undo(client, match, 1)
    undo(client, match, 2, version=stale)
    assert list(Deal.objects.filter(match=match).values_list("status", flat=True)) == [
        "recorded",
        "recorded",
    ]
