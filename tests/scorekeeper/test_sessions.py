"""An anonymous player's matches do not vanish: no cap on what a browser keeps, and a session
that lives for months while it is used."""

from __future__ import annotations

import time
from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from match_helpers import HTMX, create_match

from scorekeeper.models import Match
from scorekeeper.sessions import REFRESHED

DAY = 24 * 60 * 60
PASSWORD = "a-long-pass-phrase-9"


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
