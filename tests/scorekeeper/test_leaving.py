"""Leaving: the backup as a download, deleting the account with everything in it, and logging
out, after which a shared phone keeps nothing (Clear-Site-Data).

Deleting an account takes its players and matches with it, through the site and through the
admin; a player who still has matches cannot be deleted on its own.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.db.models import RestrictedError
from django.test import Client
from django.urls import reverse

from scorekeeper.backup.format import loads
from scorekeeper.backup.writing import export_matches, import_matches
from scorekeeper.models import Deal, IllegalKnock, Match, Player, Preference

from .match_helpers import create_match, record_quick, set_upcard

CLEARED = '"cache", "cookies", "storage"'


@pytest.fixture
def history(alice):
    """Alice's match of one deal and an illegal knock, her language, and a view link."""
    match = create_match(alice.client, "Ann", "Bob")
    set_upcard(alice.client, match, "6D")
    record_quick(alice.client, match, 0, 2, 30)
    set_upcard(alice.client, match, "3C")
    record_quick(alice.client, match, 0, 9, 30)  # deadwood 9 over a limit of 3: refused
    IllegalKnock.objects.create(match=match, number=2, knocker=0, deadwood=9, limit=3)
    Preference.objects.create(user=alice.user, language="fi")
    match.set_share_link("view", True)
    return match


@pytest.fixture
def daves_match(dave):
    """Dave's own match, with players named as Alice's are."""
    return create_match(dave.client, "Ann", "Bob")


def alice_is_gone() -> bool:
    return not (
        get_user_model().objects.filter(username="alice").exists()
        or Player.objects.filter(owner__username="alice").exists()
        or Match.objects.filter(owner__username="alice").exists()
        or Preference.objects.filter(user__username="alice").exists()
    )


# --- Deleting a user deletes their players and matches --------------------------------------


def test_deleting_a_user_deletes_their_players_matches_and_deals(alice, history, dave, daves_match):
    user, match = alice.user, history
    user.delete()
    assert alice_is_gone()
    assert not Deal.objects.filter(match=match.pk).exists()
    assert not IllegalKnock.objects.filter(match=match.pk).exists()
    assert Match.objects.filter(owner=dave.user).count() == 1
    assert Player.objects.filter(owner=dave.user).count() == 2


def test_a_player_with_matches_cannot_be_deleted_alone(alice, history):
    match = history
    with pytest.raises(RestrictedError):
        match.player_a.delete()
    assert Match.objects.filter(pk=match.pk).exists()


def test_the_admin_deletes_a_user_with_matches(alice, history, dave, daves_match):
    user = alice.user
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    url = reverse("admin:auth_user_delete", args=[user.pk])
    page = admin.get(url).content.decode()
    assert "protected" not in page and "Cannot delete" not in page
    response = admin.post(url, {"post": "yes"})
    assert response.status_code == 302
    assert alice_is_gone()
    assert Match.objects.filter(owner=dave.user).count() == 1


# --- The backup as a download ----------------------------------------------------------------


def test_the_backup_download_is_the_document_export_matches_makes(alice, history):
    user, client = alice.user, alice.client
    response = client.get(reverse("account_backup"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="oklahoma-gin-alice-')
    assert "no-store" in response["Cache-Control"]
    assert json.loads(response.content) == export_matches(user)


def test_the_downloaded_backup_imports_into_another_account(alice, history, dave, daves_match):
    client = alice.client
    content = client.get(reverse("account_backup")).content
    report = import_matches(dave.user, loads(content))
    assert len(report.imported) == 1
    copy = Match.objects.filter(owner=dave.user).latest("pk")
    assert copy.deals.count() == 2 and copy.illegal_knocks.count() == 1


def test_the_backup_download_needs_an_account(db):
    response = Client().get(reverse("account_backup"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


# --- Deleting the account ---------------------------------------------------------------------


def test_the_confirmation_offers_the_backup_first(alice, history):
    client = alice.client
    page = client.get(reverse("account_delete")).content.decode()
    backup_link = page.index(f'href="{reverse("account_backup")}"')
    assert backup_link < page.index('type="password"')
    assert "1 match" in page and "2 players" in page


def test_deleting_the_account_deletes_everything_logs_out_and_clears_the_site(
    alice, history, dave, daves_match
):
    client, match = alice.client, history
    response = client.post(reverse("account_delete"), {"password": alice.password})
    assert response.status_code == 302
    assert response["Location"] == reverse("account_deleted")
    assert response["Clear-Site-Data"] == CLEARED
    assert alice_is_gone()
    assert Match.objects.filter(owner=dave.user).count() == 1
    farewell = client.get(response["Location"])
    assert farewell.status_code == 200 and "was deleted" in farewell.content.decode()
    assert "Log in" in client.get(reverse("scorekeeper:home")).content.decode()
    share = Client().get(reverse("scorekeeper:share_open", args=[match.view_token]))
    assert share.status_code == 404


def test_deleting_the_account_needs_its_password(alice, history, dave, daves_match):
    client = alice.client
    for password in ("", "wrong", dave.password):
        response = client.post(reverse("account_delete"), {"password": password})
        assert response.status_code == 200
        assert "Clear-Site-Data" not in response
    assert "That is not your password." in response.content.decode()
    assert get_user_model().objects.filter(username="alice").exists()
    assert Match.objects.filter(owner__username="alice").count() == 1


def test_only_the_logged_in_account_is_deleted_whatever_is_posted(
    alice, history, dave, daves_match
):
    client = alice.client
    other = dave.user
    client.post(
        reverse("account_delete"),
        {"password": alice.password, "username": "dave", "user": other.pk},
    )
    assert alice_is_gone()
    assert get_user_model().objects.filter(pk=other.pk).exists()
    assert Match.objects.filter(owner=other).count() == 1


def test_looking_at_the_confirmation_deletes_nothing(alice, history):
    client = alice.client
    assert client.get(reverse("account_delete"), {"password": alice.password}).status_code == 200
    assert get_user_model().objects.filter(username="alice").exists()


def test_deleting_the_account_needs_the_csrf_token(alice, history):
    user = alice.user
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(reverse("account_delete"), {"password": alice.password})
    assert response.status_code == 403
    assert get_user_model().objects.filter(username="alice").exists()


def test_a_visitor_without_an_account_deletes_nothing(alice, history):
    response = Client().post(reverse("account_delete"), {"password": alice.password})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert get_user_model().objects.filter(username="alice").exists()


def test_deleting_also_takes_matches_that_seat_the_accounts_players(alice, history):
    # Only the admin can make one: a match of nobody's, with alice's players.
    client, match = alice.client, history
    stray = Match.objects.create(
        player_a=match.player_a, player_b=match.player_b, first_dealer=0, owner=None
    )
    client.post(reverse("account_delete"), {"password": alice.password})
    assert alice_is_gone()
    assert not Match.objects.filter(pk=stray.pk).exists()


# --- Logging out ------------------------------------------------------------------------------


def test_logging_out_clears_the_site_data(alice, history):
    client = alice.client
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == CLEARED
    assert "Log in" in client.get(reverse("scorekeeper:home")).content.decode()


def test_the_footer_and_the_password_page_lead_to_the_backup_and_to_leaving(alice, history):
    client = alice.client
    for url in (reverse("scorekeeper:home"), reverse("password_change")):
        page = client.get(url).content.decode()
        assert f'href="{reverse("account_backup")}"' in page
        assert f'href="{reverse("account_delete")}"' in page


def test_deleting_the_account_is_refused_after_five_wrong_passwords(alice, history):
    # A stolen session must not guess the password here either: the same per-account count as
    # the password change's wrong old passwords.
    user, client = alice.user, alice.client
    for _ in range(5):
        assert client.post(reverse("account_delete"), {"password": "guess"}).status_code == 200
    response = client.post(reverse("account_delete"), {"password": alice.password})
    assert response.status_code == 429
    assert get_user_model().objects.filter(pk=user.pk).exists()
    change = client.post(
        reverse("password_change"),
        {
            "old_password": alice.password,
            "new_password1": "x-long-phrase-9",
            "new_password2": "x-long-phrase-9",
        },
    )
    assert change.status_code == 429
