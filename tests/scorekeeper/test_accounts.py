"""Accounts: signing up and logging in claim a browser's matches; the log-in limit, the account's
pages and its language."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Match
from tests.accounts import PASSWORD, log_in

from .match_helpers import create_match


def test_signing_up_claims_the_browsers_matches(client, match):
    response = client.post(
        reverse("signup"),
        {
            "username": "alice",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.owner.username == "alice" and match.player_a.owner == match.owner
    other_phone = Client()
    assert log_in(other_phone, "alice").status_code == 302
    assert other_phone.get(match.get_absolute_url()).status_code == 200


def test_logging_in_claims_the_browsers_matches(client, db):
    get_user_model().objects.create_user("bob", password=PASSWORD)
    match = create_match(client, "Ann", "Bea")
    log_in(client, "bob")
    match.refresh_from_db()
    assert match.owner.username == "bob"
    assert client.get(match.get_absolute_url()).status_code == 200


def test_login_is_refused_for_a_while_after_repeated_failures(client, db):
    get_user_model().objects.create_user("carol", password=PASSWORD)
    for attempt in range(1, 6):
        response = log_in(client, "carol", "wrong")
        # The fifth failure already says so (django-axes locks out as it counts it).
        assert response.status_code == (200 if attempt < 5 else 429)
    response = log_in(client, "carol")
    assert response.status_code == 429
    assert "Too many failed log-in attempts" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_password_change_uses_the_site_layout(client, db):
    user = get_user_model().objects.create_user("dora", password=PASSWORD)
    client.force_login(user)
    body = client.get(reverse("password_change")).content.decode()
    assert "Change password" in body and "site.css" in body


def test_matches_of_an_account_are_listed_on_its_home_page(client, db):
    user = get_user_model().objects.create_user("erin", password=PASSWORD)
    client.force_login(user)
    create_match(client, "Erin", "Finn")
    assert Match.objects.get().owner == user
    assert "Erin – Finn" in client.get(reverse("scorekeeper:home")).content.decode()


def test_an_accounts_language_follows_it_to_another_phone(db):
    get_user_model().objects.create_user("finn", password=PASSWORD)
    phone = Client()
    assert log_in(phone, "finn").status_code == 302
    phone.post(reverse("set_language"), {"language": "fi", "next": "/"})
    other_phone = Client(HTTP_ACCEPT_LANGUAGE="nl")
    assert 'lang="nl"' in other_phone.get("/").content.decode()
    assert log_in(other_phone, "finn").status_code == 302
    response = other_phone.get("/")
    assert 'lang="fi"' in response.content.decode()
    assert response.cookies["django_language"].value == "fi"
    assert 'lang="fi"' in other_phone.get("/rules/").content.decode()


def test_a_visitors_language_choice_is_kept_for_the_session(client, db):
    client.post(reverse("set_language"), {"language": "pl", "next": "/"})
    assert 'lang="pl"' in client.get("/check/").content.decode()


def sign_up(client, username="alice"):
    password = PASSWORD
    data = {"username": username, "password1": password, "password2": password}
    response = client.post(reverse("signup"), data, follow=True)
    assert response.status_code == 200 and response.redirect_chain
    return response.content.decode()


def test_signing_up_says_how_many_matches_it_kept(client, db):
    for name in ("Ann", "Bea", "Cat"):
        create_match(client, name, "Dot")
    page = sign_up(client)
    assert "Your 3 matches are now in your account." in page
    assert Match.objects.filter(owner__username="alice").count() == 3


def test_signing_up_with_no_match_in_the_browser_says_nothing_of_matches(client, db):
    assert "now in your account" not in sign_up(client)


@pytest.mark.parametrize(
    ("count", "said"),
    [
        (1, "Twoja partia jest teraz na Twoim koncie."),
        (2, "Twoje 2 partie są teraz na Twoim koncie."),
        (5, "Twoich 5 partii jest teraz na Twoim koncie."),
    ],
)
def test_signing_up_says_what_it_kept_in_polish_plural_forms(client, db, count, said):
    client.cookies["django_language"] = "pl"
    for number in range(count):
        create_match(client, f"Ann{number}", "Bea")
    assert said in sign_up(client)


# --- `next`: a page of this site, or the view's own default -------------------------------------

NOT_A_PATH = ["abc", "scorekeeper:home", "//evil.example/", "https://evil.example/", "/\\evil"]
NOT_A_PATH += ["/a\nb", "/a\x01b", " /rules/", ""]


def next_posts(client):
    """Yield (view, a POST to it with the data given) for each view that takes a `next`."""
    yield "deck", lambda data: client.post(reverse("scorekeeper:deck_colours"), data)
    yield "dismiss", lambda data: client.post(reverse("save_offer_dismiss"), data)
    yield "language", lambda data: client.post(reverse("set_language"), {**data, "language": "fi"})
    account = {"username": "erin", "password1": PASSWORD, "password2": PASSWORD}
    yield "signup", lambda data: client.post(reverse("signup"), {**data, **account})
    yield (
        "login",
        lambda data: client.post(
            reverse("login"), {**data, "username": "finn", "password": PASSWORD}
        ),
    )
    yield "logout", lambda data: client.post(reverse("logout"), data)


@pytest.mark.parametrize("target", NOT_A_PATH)
def test_a_next_that_is_not_a_path_of_this_site_leads_to_the_views_default(db, target):
    get_user_model().objects.create_user("finn", password=PASSWORD)
    for view, post in next_posts(Client()):
        get_user_model().objects.filter(username="erin").delete()
        response = post({"next": target})
        assert response.status_code == 302, (view, response.status_code)
        assert response["Location"] in ("/", "/accounts/login/"), (view, response["Location"])


def test_a_next_that_is_a_path_of_this_site_is_followed(db):
    get_user_model().objects.create_user("finn", password=PASSWORD)
    for view, post in next_posts(Client()):
        get_user_model().objects.filter(username="erin").delete()
        response = post({"next": "/rules/?a=1"})
        assert response["Location"] == "/rules/?a=1", view
    assert Client().get(reverse("signup"), {"next": "abc"}).context["next"] == "/"
    assert Client().get(reverse("login"), {"next": "/stats/"}).context["next"] == "/stats/"
