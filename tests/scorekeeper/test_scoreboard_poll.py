"""The scoreboard's poll: nothing new is a bodiless 204 in one query, a change sends the live
regions, and each phone's forms keep the deal they were opened for."""

from django.test import Client
from django.urls import reverse

from .match_helpers import HTMX, record_quick, set_upcard


def poll(client, match, version):
    return client.get(reverse("scorekeeper:match_poll", args=[match.pk]), {"v": version}, **HTMX)


def test_poll_with_nothing_new_is_204_with_no_body(client, match):
    match.refresh_from_db()
    response = poll(client, match, match.version)
    assert response.status_code == 204 and response.content == b""


def test_poll_after_a_change_returns_the_live_regions(client, match, django_assert_num_queries):
    match.refresh_from_db()
    old = match.version
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    response = poll(client, match, old)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert 'id="live"' in body and 'hx-swap-oob="true"' in body and "+28" in body


def test_poll_with_nothing_new_costs_one_query(client, match, django_assert_num_queries):
    match.refresh_from_db()
    client.get(match.get_absolute_url())  # the session is loaded from the database too
    with django_assert_num_queries(2):  # the session, and the version check
        assert poll(client, match, match.version).status_code == 204


def test_poll_refuses_strangers(client, match):
    assert poll(Client(), match, 0).status_code == 404


def test_poll_leaves_the_deal_number_of_this_phones_forms_as_opened(client, match):
    # Each form posts the deal it was opened for (issue 21): a tap meant for deal 1 that the
    # other phone recorded meanwhile is shown deal 1, never recorded as deal 2.
    match.refresh_from_db()
    old = match.version
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    body = poll(client, match, old).content.decode()
    assert "Deal 2 · " in body
    assert "draw-number" not in body and "quick-number" not in body


def test_poll_for_a_watcher_sends_no_form_numbers(client, match):
    match.set_share_link("view", True)
    watcher = Client()
    watcher.get(reverse("scorekeeper:share_open", args=[match.view_token]))
    body = poll(watcher, match, -1).content.decode()
    assert 'id="live"' in body and "draw-number" not in body
