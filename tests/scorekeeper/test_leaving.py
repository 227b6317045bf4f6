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
from match_helpers import create_match, record_quick, set_upcard

from scorekeeper.backup import export_matches, import_matches, loads  # noqa: F401
from scorekeeper.models import Deal, IllegalKnock, Match, Player, Preference

CLEARED = '"cache", "cookies", "storage"'
PASSWORD = "a long pass phrase"


@pytest.fixture
def alice(db):
    """alice's account, logged in, with a match of one deal and an illegal knock."""
    user = get_user_model().objects.create_user("alice", password=PASSWORD)
    client = Client()
    client.force_login(user)
    match = create_match(client, "Ann", "Bob")
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    set_upcard(client, match, "3C")
    record_quick(client, match, 0, 9, 30)  # deadwood 9 over a limit of 3: refused by the form
    IllegalKnock.objects.create(match=match, number=2, knocker=0, deadwood=9, limit=3)
    Preference.objects.create(user=user, language="fi")
    match.set_share_link("view", True)
    return user, client, match


@pytest.fixture
def bob(db):
    """bob's account with a match of his own, with players named as alice's are."""
    user = get_user_model().objects.create_user("bob", password="bob's pass phrase")
    client = Client()
    client.force_login(user)
    return user, create_match(client, "Ann", "Bob")


def alice_is_gone() -> bool:
    return not (
        get_user_model().objects.filter(username="alice").exists()
        or Player.objects.filter(owner__username="alice").exists()
        or Match.objects.filter(owner__username="alice").exists()
        or Preference.objects.filter(user__username="alice").exists()
    )


# --- Deleting a user deletes their players and matches --------------------------------------


def test_deleting_a_user_deletes_their_players_matches_and_deals(alice, bob):
    user, _client, match = alice
    user.delete()
    assert alice_is_gone()
    assert not Deal.objects.filter(match=match.pk).exists()
    assert not IllegalKnock.objects.filter(match=match.pk).exists()
    assert Match.objects.filter(owner=bob[0]).count() == 1
    assert Player.objects.filter(owner=bob[0]).count() == 2


def test_a_player_with_matches_cannot_be_deleted_alone(alice):
    _user, _client, match = alice
    with pytest.raises(RestrictedError):
        match.player_a.delete()
    assert Match.objects.filter(pk=match.pk).exists()


def test_the_admin_deletes_a_user_with_matches(alice, bob):
    user, _client, _match = alice
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    url = reverse("admin:auth_user_delete", args=[user.pk])
    page = admin.get(url).content.decode()
    assert "protected" not in page and "Cannot delete" not in page
    response = admin.post(url, {"post": "yes"})
    assert response.status_code == 302
    assert alice_is_gone()
    assert Match.objects.filter(owner=bob[0]).count() == 1
