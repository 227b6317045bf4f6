"""An anonymous player's matches do not vanish: no cap on what a browser keeps, a session that
lives for months while it is used, and one polite offer to save the match to an account."""

from __future__ import annotations

import time
from datetime import timedelta
from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.models import Match
from scorekeeper.sessions import REFRESHED

from .match_helpers import HTMX, create_match, record_quick, set_upcard

DAY = 24 * 60 * 60
PASSWORD = "a-long-pass-phrase-9"
OFFER = 'id="save-offer"'


# --- no cap ----------------------------------------------------------------------------------


def test_a_browser_keeps_every_one_of_201_matches(client, db):
    first = create_match(client, "Ann", "Bea")
    # 199 more, as if started one by one in this browser; the 201st through the form.
    more = Match.objects.bulk_create(
        Match(player_a=first.player_a, player_b=first.player_b, rules=first.rules, first_dealer=0)
        for _ in range(199)
    )
    session = client.session
    session["matches"] = [*session["matches"], *(m.pk for m in more)]
    session.save()
    last = create_match(client, "Ann", "Bea")

    assert len(client.session["matches"]) == 201
    assert client.get(first.get_absolute_url()).status_code == 200
    assert client.get(last.get_absolute_url()).status_code == 200
    client.post(
        reverse("signup"), {"username": "ann", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert Match.objects.filter(owner__username="ann").count() == 201


# --- the session's life ----------------------------------------------------------------------


def session_row(client: Client) -> Session:
    return Session.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)


def test_a_session_lasts_months_not_weeks(client, db):
    create_match(client)
    assert settings.SESSION_COOKIE_AGE >= 180 * DAY
    assert session_row(client).expire_date > timezone.now() + timedelta(days=180)


def age_session(client: Client, days: int) -> None:
    """Make the session look last refreshed `days` ago, with as much less life left."""
    session = client.session
    session[REFRESHED] = int(time.time()) - days * DAY
    session.save()
    Session.objects.filter(session_key=session.session_key).update(
        expire_date=timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE - days * DAY)
    )


def test_a_session_in_use_gets_its_full_life_back_once_a_day(client, match):
    age_session(client, 2)
    response = client.get(match.get_absolute_url())
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert int(cookie["max-age"]) == settings.SESSION_COOKIE_AGE
    full = timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE)
    assert abs((session_row(client).expire_date - full).total_seconds()) < 60
    # Later the same day: nothing written, nothing sent.
    again = client.get(match.get_absolute_url())
    assert settings.SESSION_COOKIE_NAME not in again.cookies


def test_a_session_refreshed_less_than_a_day_ago_is_left_alone(client, match):
    age_session(client, 0)
    expires = session_row(client).expire_date
    response = client.get(match.get_absolute_url())
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert session_row(client).expire_date == expires


def test_the_poll_refreshes_an_old_session_and_otherwise_costs_one_query(
    client, match, django_assert_num_queries
):
    match.refresh_from_db()
    poll = reverse("scorekeeper:match_poll", args=[match.pk])
    age_session(client, 3)
    first = client.get(poll, {"v": match.version}, **HTMX)
    assert first.status_code == 204 and settings.SESSION_COOKIE_NAME in first.cookies
    with django_assert_num_queries(2):  # the session, and the version check
        assert client.get(poll, {"v": match.version}, **HTMX).status_code == 204


def test_a_visitor_without_a_session_is_not_given_one(db):
    response = Client().get(reverse("scorekeeper:rules"))
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert Session.objects.count() == 0


def test_a_live_session_is_read_and_an_expired_one_dropped(db):
    engine = import_module(settings.SESSION_ENGINE)
    live = engine.SessionStore()
    live["matches"] = [7]
    live.save()
    assert engine.SessionStore(live.session_key).load() == {"matches": [7]}

    Session.objects.filter(session_key=live.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = engine.SessionStore(live.session_key)
    assert expired.load() == {}
    assert expired.session_key is None  # a new session, not the old key
    assert engine.SessionStore("no-such-session-key-000000000000").load() == {}


# --- the offer to save -----------------------------------------------------------------------


def play_a_deal(client: Client, match: Match) -> None:
    set_upcard(client, match, "6D")
    assert record_quick(client, match, 0, 2, 30).status_code == 302


def scoreboard(client: Client, match: Match) -> str:
    response = client.get(match.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def test_an_anonymous_match_offers_once_to_be_saved_to_an_account(client, match):
    assert OFFER not in scoreboard(client, match)  # nothing to save yet: no offer
    play_a_deal(client, match)
    body = scoreboard(client, match)
    assert OFFER in body
    here = match.get_absolute_url()
    assert f'href="{reverse("signup")}?next={here}"' in body
    assert f'href="{reverse("login")}?next={here}"' in body
    # Shown once: not on the next visit, nor on the browser's next match.
    assert OFFER not in scoreboard(client, match)
    another = create_match(client, "Cid", "Dot")
    play_a_deal(client, another)
    assert OFFER not in scoreboard(client, another)


def test_the_offer_is_not_in_the_board_that_htmx_swaps(client, match):
    play_a_deal(client, match)
    response = client.get(match.get_absolute_url(), **HTMX)
    assert OFFER not in response.content.decode()
    assert OFFER in scoreboard(client, match)  # not spent by the partial


def test_the_offer_can_be_dismissed_without_javascript(client, match):
    play_a_deal(client, match)
    assert OFFER in scoreboard(client, match)
    response = client.post(reverse("save_offer_dismiss"), {"next": match.get_absolute_url()})
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert OFFER not in scoreboard(client, match)


def test_dismissing_with_htmx_removes_the_offer_in_place(client, match):
    response = client.post(reverse("save_offer_dismiss"), {"next": "/"}, **HTMX)
    assert response.status_code == 200 and response.content == b""


def test_dismissing_never_redirects_elsewhere(client, db):
    response = client.post(reverse("save_offer_dismiss"), {"next": "https://evil.example/"})
    assert response["Location"] == reverse("scorekeeper:home")


@pytest.mark.parametrize("who", ["account", "watcher", "editor"])
def test_only_an_anonymous_owner_is_offered(client, match, who):
    play_a_deal(client, match)
    visitor = Client()
    if who == "account":
        owner = get_user_model().objects.create_user("bob", password=PASSWORD)
        match.owner = owner
        match.save()
        visitor.force_login(owner)
    else:
        kind = "view" if who == "watcher" else "edit"
        match.set_share_link(kind, enabled=True)
        match.refresh_from_db()
        visitor.get(reverse("scorekeeper:share_open", args=[getattr(match, f"{kind}_token")]))
    assert OFFER not in scoreboard(visitor, match)


def test_signing_up_from_the_offer_returns_to_the_saved_match(client, match):
    play_a_deal(client, match)
    scoreboard(client, match)
    response = client.post(
        reverse("signup"),
        {
            "username": "ann",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": match.get_absolute_url(),
        },
    )
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    match.refresh_from_db()
    assert match.owner.username == "ann"


def test_signing_up_never_returns_elsewhere(client, db):
    response = client.post(
        reverse("signup"),
        {"username": "ann", "password1": PASSWORD, "password2": PASSWORD, "next": "//evil.example"},
    )
    assert response["Location"] == reverse("scorekeeper:home")
