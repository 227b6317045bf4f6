"""Deleting a deal moves it to the trash: versioned, reversible, addressed by its id.

A delete or a restore carries the match version its page was shown with, checked under the
match's row lock: a second tap or a page left open while the other phone changed the match
changes nothing. A deleted deal keeps its number, is struck through in the deal list and can
be restored from there; totals and the winner are derived without it.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import actions
from scorekeeper.models import Deal

from .match_helpers import HTMX, deal_url, record_draw, record_quick, set_upcard

# Five deals, first dealer Alice (seat 0): Alice +10, Bob +20, Alice +30, a draw, Bob +40.
FIVE = [(0, 2, 12), (1, 1, 21), (0, 1, 31), None, (1, 2, 42)]


def play(client, match, deals=FIVE) -> None:
    """Record the deals through the forms: (knocker, deadwood, opponent's) or None, a draw."""
    for deal in deals:
        if deal is None:
            record_draw(client, match)
        else:
            set_upcard(client, match, "TC")
            assert record_quick(client, match, *deal).status_code == 302


def version(match) -> int:
    match.refresh_from_db()
    return match.version


def statuses(match) -> dict[int, str]:
    return dict(Deal.objects.filter(match=match).values_list("number", "status"))


def totals(client, match) -> list[str]:
    board = client.get(match.get_absolute_url()).content.decode()
    return re.findall(r'<div class="pts">(\d+)</div>', board)


def post(client, match, name, number, version, **headers):
    return client.post(deal_url(name, match, number), {"version": version}, **headers)


def followed(client, response) -> str:
    assert response.status_code == 302
    return client.get(response["Location"]).content.decode()


def posted_version(page: str) -> int:
    return int(re.search(r'name="version" value="(\d+)"', page).group(1))


# Deleting: the version decides, under the lock.


def test_second_tap_on_the_same_delete_deletes_nothing_more(client, match):
    play(client, match)
    shown = version(match)
    first = followed(client, post(client, match, "deal_delete", 2, shown))
    second = followed(client, post(client, match, "deal_delete", 2, shown))
    assert statuses(match) == {
        1: "recorded",
        2: "deleted",
        3: "recorded",
        4: "recorded",
        5: "recorded",
    }
    assert "Deal 2 was deleted." in first
    assert "Deal 2 was already deleted. Nothing else changed." in second
    assert totals(client, match) == ["40", "40"]


def test_a_confirmation_left_open_deletes_nothing_once_the_match_changed(client, match):
    play(client, match)
    confirm = client.get(deal_url("deal_delete", match, 3)).content.decode()
    assert "Delete deal 3?" in confirm
    # Meanwhile the other phone deletes deal 2.
    post(client, match, "deal_delete", 2, version(match))
    response = post(client, match, "deal_delete", 3, posted_version(confirm))
    assert statuses(match)[3] == "recorded"
    page = followed(client, response)
    assert "so nothing was deleted. Here is the match as it is now." in page
    assert response["Location"] == match.get_absolute_url()
    assert totals(client, match) == ["40", "40"]  # the match as it is now: without deal 2


def test_a_delete_without_a_version_deletes_nothing(client, match):
    play(client, match, FIVE[:2])
    for data in ({}, {"version": "x"}, {"version": "-1"}):
        response = client.post(deal_url("deal_delete", match, 1), data)
        assert response.status_code == 302
    assert set(statuses(match).values()) == {"recorded"}


def test_deleted_deal_is_struck_through_with_a_restore_button(client, match):
    play(client, match)
    post(client, match, "deal_delete", 3, version(match))
    board = client.get(match.get_absolute_url()).content.decode()
    deal_3 = Deal.objects.get(match=match, number=3)
    line = board[board.index('<li class="trashed">') : board.index("</li>", board.index("trashed"))]
    assert "<del>Alice · knock" in line and "<del>+30</del>" in line and "(deleted)" in line
    restore = reverse("scorekeeper:deal_restore", args=[match.pk, deal_3.pk])
    assert f'formaction="{restore}"' in line and 'form="restore-form"' in line
    assert 'aria-label="Restore deal 3"' in line
    # The form the button submits carries this phone's CSRF token and the version shown.
    form = board[board.index('<form id="restore-form"') :]
    assert "csrfmiddlewaretoken" in form[: form.index("</form>")]
    assert f'name="version" value="{version(match)}"' in form[: form.index("</form>")]
    assert totals(client, match) == ["10", "60"]
    assert board.count('<li class="trashed">') == 1


def test_restore_brings_the_deal_back_in_its_place(client, match):
    play(client, match)
    post(client, match, "deal_delete", 3, version(match))
    response = post(client, match, "deal_restore", 3, version(match))
    assert "Deal 3 was restored." in followed(client, response)
    assert set(statuses(match).values()) == {"recorded"}
    assert totals(client, match) == ["40", "60"]
    board = client.get(match.get_absolute_url()).content.decode()
    assert "trashed" not in board and "Deal 6 · Bob deals" in board


def test_a_stale_or_repeated_restore_is_refused(client, match):
    play(client, match)
    post(client, match, "deal_delete", 3, version(match))
    shown = version(match)
    post(client, match, "deal_delete", 1, shown)  # the other phone, meanwhile
    stale = post(client, match, "deal_restore", 3, shown)
    assert statuses(match)[3] == "deleted"
    assert "so nothing was restored. Here is the match as it is now." in followed(client, stale)
    post(client, match, "deal_restore", 3, version(match))
    again = post(client, match, "deal_restore", 3, version(match))
    assert "Deal 3 was already restored. Nothing else changed." in followed(client, again)
    assert statuses(match) == {
        1: "deleted",
        2: "recorded",
        3: "recorded",
        4: "recorded",
        5: "recorded",
    }


def test_restore_through_htmx_returns_the_live_regions(client, match):
    play(client, match)
    post(client, match, "deal_delete", 3, version(match))
    response = post(client, match, "deal_restore", 3, version(match), **HTMX, HTTP_HX_TARGET="live")
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert body.strip().startswith('<div id="live"') and f"?v={version(match)}" in body
    assert '<section class="panel" id="deals" hx-swap-oob="true">' in body
    assert "draw-number" not in body  # the forms keep the deal they were opened for
    assert "trashed" not in body and '<div class="pts">40</div>' in body
    # No message waits for the next page: the swap itself shows the deal back.
    assert "was restored" not in client.get(match.get_absolute_url()).content.decode()


def test_restore_through_htmx_that_ends_the_match_reloads_the_page(client, match):
    play(client, match, [(0, 1, 61), (1, 1, 31), (0, 1, 51)])  # Alice 110: she wins
    post(client, match, "deal_delete", 3, version(match))
    response = post(client, match, "deal_restore", 3, version(match), **HTMX, HTTP_HX_TARGET="live")
    assert response["HX-Redirect"] == match.get_absolute_url()
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 3 was restored." in page and 'Alice wins <span class="score">110–30</span>' in page
    assert "Tap the upcard" not in page


def test_restore_through_htmx_elsewhere_redirects_the_page(client, match):
    play(client, match, FIVE[:2])
    post(client, match, "deal_delete", 1, version(match))
    response = post(client, match, "deal_restore", 1, version(match), **HTMX)
    assert response.status_code == 200 and response["HX-Redirect"] == match.get_absolute_url()
    assert statuses(match)[1] == "recorded"


def test_view_link_holder_sees_the_deleted_deal_but_no_restore(client, match):
    play(client, match, FIVE[:3])
    post(client, match, "deal_delete", 2, version(match))
    match.refresh_from_db()
    match.set_share_link("view", True)
    client.get(match.get_absolute_url())  # the owner's render fills the list's cache first
    viewer = Client()
    viewer.get(reverse("scorekeeper:share_open", args=[match.view_token]))
    board = viewer.get(match.get_absolute_url()).content.decode()
    assert '<li class="trashed">' in board and "<del>Bob · knock" in board
    assert "Restore" not in board and "restore-form" not in board
    deal_page = viewer.get(deal_url("deal_detail", match, 2)).content.decode()
    assert "(deleted)" in deal_page and "/restore/" not in deal_page


# Totals, the winner and the numbers.


def test_deleting_the_deal_that_ended_the_match_reopens_it(client, match):
    play(client, match, [(0, 1, 61), (1, 1, 31), (0, 1, 51)])  # Alice 110: she wins
    assert (
        'Alice wins <span class="score">110–30</span>'
        in client.get(match.get_absolute_url()).content.decode()
    )
    post(client, match, "deal_delete", 3, version(match))
    board = client.get(match.get_absolute_url()).content.decode()
    assert "panel final" not in board and "Deal 4 · Bob deals" in board
    assert totals(client, match) == ["60", "30"]
    post(client, match, "deal_restore", 3, version(match))
    assert (
        'Alice wins <span class="score">110–30</span>'
        in client.get(match.get_absolute_url()).content.decode()
    )


def test_numbers_never_shift_and_the_next_one_counts_deleted_deals(client, match):
    play(client, match, FIVE[:3])
    post(client, match, "deal_delete", 3, version(match))
    post(client, match, "deal_delete", 1, version(match))
    board = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 4 · Bob deals" in board
    assert 'name="number" value="4" id="draw-number"' in board
    assert 'name="number" value="4" id="quick-number"' in board
    # A draw form still showing deal 3 records nothing: deal 3 exists, in the trash.
    stale = client.post(reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": 3})
    assert "Deal 3 was already recorded on another phone (knock)" in followed(client, stale)
    record_draw(client, match)
    assert statuses(match) == {1: "deleted", 2: "recorded", 3: "deleted", 4: "recorded"}
    assert Deal.objects.get(match=match, number=2).pk < Deal.objects.get(match=match, number=4).pk


def test_each_deal_page_shows_the_deal_its_id_names_after_a_delete(client, match):
    play(client, match)
    pages = {number: deal_url("deal_detail", match, number) for number in range(1, 6)}
    post(client, match, "deal_delete", 2, version(match))
    for number, url in pages.items():
        body = client.get(url).content.decode()
        assert f"<title>Deal {number} ·" in body


# Undo and the trash.


def test_undo_takes_back_the_last_counted_deal_and_leaves_the_trash_alone(client, match):
    play(client, match, FIVE[:3])
    post(client, match, "deal_delete", 3, version(match))
    deleted_page = client.get(deal_url("deal_detail", match, 3)).content.decode()
    assert "Undo" not in deleted_page and "Restore" in deleted_page
    assert "Undo" in client.get(deal_url("deal_detail", match, 2)).content.decode()
    post(client, match, "deal_undo", 2, version(match))
    assert statuses(match) == {1: "recorded", 2: "open", 3: "deleted"}
    board = client.get(match.get_absolute_url()).content.decode()
    assert "Deal 2 · Alice deals" in board and 'value="2" id="draw-number"' in board
    record_draw(client, match)
    assert statuses(match) == {1: "recorded", 2: "recorded", 3: "deleted"}
    assert "Deal 4 ·" in client.get(match.get_absolute_url()).content.decode()


def test_a_deleted_deal_cannot_be_undone(client, match):
    play(client, match, FIVE[:2])
    post(client, match, "deal_delete", 2, version(match))
    response = post(client, match, "deal_undo", 2, version(match))
    assert "Deal 2 is deleted." in followed(client, response)
    assert statuses(match) == {1: "recorded", 2: "deleted"}


def test_undo_never_drops_a_deal_taken_back_before(client, match):
    play(client, match, FIVE[:3])
    post(client, match, "deal_undo", 3, version(match))
    assert "Undo" not in client.get(deal_url("deal_detail", match, 2)).content.decode()
    response = post(client, match, "deal_undo", 2, version(match))
    assert "Nothing was undone: deal 3 is already being played" in followed(client, response)
    assert statuses(match) == {1: "recorded", 2: "recorded", 3: "open"}
    taken_back = Deal.objects.get(match=match, number=3)
    assert (taken_back.entry, taken_back.quick_opponent_deadwood) == ("quick", 31)


def test_the_page_of_a_deal_taken_back_says_so(client, match):
    play(client, match, FIVE[:2])
    url = deal_url("deal_detail", match, 2)
    post(client, match, "deal_undo", 2, version(match))
    response = client.get(url)
    assert "Deal 2 was taken back: it is being played again." in followed(client, response)


# Correcting and deleting what is not recorded.


def test_a_deleted_deal_cannot_be_corrected(client, match):
    play(client, match, FIVE[:2])
    post(client, match, "deal_delete", 2, version(match))
    for mode in ("", "cards", "quick", "draw"):
        url = deal_url("deal_edit", match, 2) + (f"?mode={mode}" if mode else "")
        assert "Restore it from the deal list" in followed(client, client.get(url))
    response = client.post(
        deal_url("deal_edit", match, 2), {"mode": "draw", "version": version(match)}
    )
    assert "Deal 2 is deleted." in followed(client, response)
    deal = Deal.objects.get(match=match, number=2)
    assert (deal.status, deal.outcome, deal.points) == ("deleted", "knock", 20)


def test_the_delete_page_of_a_deleted_deal_offers_nothing_to_confirm(client, match):
    play(client, match, FIVE[:2])
    post(client, match, "deal_delete", 2, version(match))
    page = followed(client, client.get(deal_url("deal_delete", match, 2)))
    assert "Deal 2 is deleted." in page and "Delete deal 2?" not in page


def test_deleted_deal_page_shows_it_struck_through_with_restore(client, match):
    play(client, match, FIVE[:2])
    post(client, match, "deal_delete", 1, version(match))
    page = client.get(deal_url("deal_detail", match, 1)).content.decode()
    assert "<h1><del>Deal 1</del>" in page and "it counts for nothing" in page
    restore = reverse(
        "scorekeeper:deal_restore", args=[match.pk, Deal.objects.get(match=match, number=1).pk]
    )
    assert f'action="{restore}"' in page and f'value="{version(match)}"' in page
    assert "Correct" not in page and "Delete" not in page and "After this deal" not in page


# Every deal view as a full page and as an htmx request.


def test_deal_page_as_an_htmx_partial(client, match):
    play(client, match, FIVE[:1])
    response = client.get(deal_url("deal_detail", match, 1), **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert body.strip().startswith('<div id="deal">') and "Alice · knock" in body
    assert "HX-Request" in response["Vary"]


def test_delete_confirmation_as_a_page_and_as_an_htmx_partial(client, match):
    play(client, match, FIVE[:1])
    url = deal_url("deal_delete", match, 1)
    page = client.get(url).content.decode()
    assert "<html" in page and "Delete deal 1?" in page
    partial = client.get(url, **HTMX).content.decode()
    assert "<html" not in partial and partial.strip().startswith('<div id="confirm">')
    assert f'name="version" value="{version(match)}"' in partial


def test_delete_undo_and_refusals_through_htmx_redirect_the_whole_page(client, match):
    play(client, match, FIVE[:3])
    shown = version(match)
    deleted = post(client, match, "deal_delete", 1, shown, **HTMX)
    assert deleted.status_code == 200 and deleted["HX-Redirect"] == match.get_absolute_url()
    refused = post(client, match, "deal_delete", 2, shown, **HTMX)
    assert refused["HX-Redirect"] == match.get_absolute_url()
    undone = post(client, match, "deal_undo", 3, version(match), **HTMX)
    assert undone["HX-Redirect"] == match.get_absolute_url()
    assert statuses(match) == {1: "deleted", 2: "recorded", 3: "open"}


# Ids in URLs.


HUGE = [10**18 - 1, 2**63, 10**30]


@pytest.mark.parametrize("huge", HUGE)
@pytest.mark.parametrize(
    "name", ["deal_detail", "deal_edit", "deal_delete", "deal_undo", "deal_restore"]
)
def test_a_huge_deal_id_is_not_found(client, match, name, huge):
    url = reverse(f"scorekeeper:{name}", args=[match.pk, 1]).replace("/1/", f"/{huge}/")
    assert client.get(url).status_code in (404, 405)
    assert client.post(url, {"version": version(match)}).status_code in (404, 405)


# The deal list's cache.


def test_the_deal_list_is_never_served_stale_from_its_cache(client, match):
    play(client, match, FIVE[:2])
    client.get(match.get_absolute_url())  # keeps the list
    # The other phone moves deal 2 to the trash: the list is kept per match version, and
    # every change moves the version on, so the next page shows it at once. (A change
    # committed while a page is read: tests/scorekeeper/test_fragments.py.)
    match.refresh_from_db()
    actions.delete_deal(match, Deal.objects.get(match=match, number=2), version=match.version)
    board = client.get(match.get_absolute_url()).content.decode()
    assert '<li class="trashed">' in board


def test_restore_through_htmx_says_so_in_place_of_the_deleted_message(client, match):
    play(client, match)
    deleted = post(client, match, "deal_delete", 3, version(match))
    assert "Deal 3 was deleted." in followed(client, deleted)
    response = post(client, match, "deal_restore", 3, version(match), **HTMX, HTTP_HX_TARGET="live")
    body = response.content.decode()
    messages = re.search(r'<div class="messages" id="messages"[^>]*>(.*?)</div>', body, re.S)
    assert messages and 'hx-swap-oob="true"' in messages.group(0)
    assert messages.group(1) == '<p class="msg msg-success">Deal 3 was restored.</p>'
    assert "was deleted" not in body


def test_restore_without_js_says_so_on_the_next_page_only(client, match):
    play(client, match)
    assert "Deal 3 was deleted." in followed(
        client, post(client, match, "deal_delete", 3, version(match))
    )
    page = followed(client, post(client, match, "deal_restore", 3, version(match)))
    assert "Deal 3 was restored." in page and "was deleted" not in page
