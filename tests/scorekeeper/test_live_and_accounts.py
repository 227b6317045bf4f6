"""Live scoreboards, accounts, claiming a browser's matches, and the log-in limit."""

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Match

from .match_helpers import HTMX, create_match, record_quick, set_upcard


def log_in(client, username, password="a-long-pass-phrase-9"):
    # Through the log-in page: django-axes wants the request that Client.login() leaves out.
    response = client.post(reverse("login"), {"username": username, "password": password})
    assert response.status_code == 302


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


def test_signing_up_claims_the_browsers_matches(client, match):
    response = client.post(
        reverse("signup"),
        {
            "username": "alice",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        },
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.owner.username == "alice" and match.player_a.owner == match.owner
    other_phone = Client()
    log_in(other_phone, "alice")
    assert other_phone.get(match.get_absolute_url()).status_code == 200


def test_logging_in_claims_the_browsers_matches(client, db):
    get_user_model().objects.create_user("bob", password="a-long-pass-phrase-9")
    match = create_match(client, "Ann", "Bea")
    client.post(reverse("login"), {"username": "bob", "password": "a-long-pass-phrase-9"})
    match.refresh_from_db()
    assert match.owner.username == "bob"
    assert client.get(match.get_absolute_url()).status_code == 200


def test_login_is_refused_for_a_while_after_repeated_failures(client, db):
    get_user_model().objects.create_user("carol", password="a-long-pass-phrase-9")
    for attempt in range(1, 6):
        response = client.post(reverse("login"), {"username": "carol", "password": "wrong"})
        # The fifth failure already says so (django-axes locks out as it counts it).
        assert response.status_code == (200 if attempt < 5 else 429)
    response = client.post(
        reverse("login"), {"username": "carol", "password": "a-long-pass-phrase-9"}
    )
    assert response.status_code == 429
    assert "Too many failed log-in attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_password_change_uses_the_site_layout(client, db):
    user = get_user_model().objects.create_user("dora", password="a-long-pass-phrase-9")
    client.force_login(user)
    body = client.get(reverse("password_change")).content.decode()
    assert "Change password" in body and "site.css" in body


def test_matches_of_an_account_are_listed_on_its_home_page(client, db):
    user = get_user_model().objects.create_user("erin", password="a-long-pass-phrase-9")
    client.force_login(user)
    create_match(client, "Erin", "Finn")
    assert Match.objects.get().owner == user
    assert "Erin – Finn" in client.get(reverse("scorekeeper:home")).content.decode()


def test_an_accounts_language_follows_it_to_another_phone(db):
    get_user_model().objects.create_user("finn", password="a-long-pass-phrase-9")
    phone = Client()
    log_in(phone, "finn")
    phone.post(reverse("set_language"), {"language": "fi", "next": "/"})
    other_phone = Client(HTTP_ACCEPT_LANGUAGE="nl")
    assert 'lang="nl"' in other_phone.get("/").content.decode()
    log_in(other_phone, "finn")
    response = other_phone.get("/")
    assert 'lang="fi"' in response.content.decode()
    assert response.cookies["django_language"].value == "fi"
    assert 'lang="fi"' in other_phone.get("/rules/").content.decode()


def test_a_visitors_language_choice_is_kept_for_the_session(client, db):
    client.post(reverse("set_language"), {"language": "pl", "next": "/"})
    assert 'lang="pl"' in client.get("/check/").content.decode()


def test_poll_moves_this_phones_deal_number_on(client, match):
    match.refresh_from_db()
    old = match.version
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    body = poll(client, match, old).content.decode()
    assert 'value="2" id="draw-number" hx-swap-oob="true"' in body
    assert 'value="2" id="quick-number" hx-swap-oob="true"' in body


def test_poll_for_a_watcher_sends_no_form_numbers(client, match):
    match.set_share_link("view", True)
    watcher = Client()
    watcher.get(reverse("scorekeeper:share_open", args=[match.view_token]))
    body = poll(watcher, match, -1).content.decode()
    assert 'id="live"' in body and "draw-number" not in body
