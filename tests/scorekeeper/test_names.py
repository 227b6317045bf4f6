"""Player names: one normalised key decides which names are the same player, on every database.

A name typed in another case, width or spacing finds the player already known; two names with
the same key cannot sit at one match. SQLite and PostgreSQL agree, since neither database
compares the names: both compare the stored key.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.models import Match, Player
from scorekeeper.names import distinct_name, name_key
from tests.accounts import log_in

from .match_helpers import DEFAULT_RULES_FORM, create_match


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Alice", "alice"),
        ("  ANN   lee ", "ann lee"),
        ("Ａｎｎ", "ann"),  # fullwidth
        ("Straße", "strasse"),
        ("ı", "ı"),  # dotless i is its own letter
        ("İ", "i̇"),
        ("ﬁona", "fiona"),  # the ligature
        ("Ann\u3000Lee", "ann lee"),  # ideographic space
    ],
)
def test_name_key_folds_case_width_and_spacing(name, key):
    assert name_key(name) == key


@given(st.text(max_size=40))
def test_name_key_of_a_key_is_the_key(name):
    assert name_key(name_key(name)) == name_key(name)


def test_distinct_name_adds_the_first_free_number_and_stays_within_the_length():
    taken = {"ann", "ann (2)"}
    assert distinct_name("Ann", taken, max_length=40) == "Ann (3)"
    long = "x" * 40
    assert distinct_name(long, {name_key(long)}, max_length=40) == "x" * 36 + " (2)"


def new_match(client, a, b):
    data = {"player_a_name": a, "player_b_name": b, "first_dealer": "0", **DEFAULT_RULES_FORM}
    return client.post(reverse("scorekeeper:match_create"), data)


def test_dotless_i_and_i_are_two_players(alice):
    response = new_match(alice.client, "ı", "i")
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.player_a.name, match.player_b.name) == ("ı", "i")


def test_a_name_in_another_case_width_or_spacing_finds_the_known_player(alice):
    first = create_match(alice.client, "Ann Lee", "Bob")
    second = create_match(alice.client, "ＡＮＮ   lee", "Carl")
    assert second.player_a == first.player_a
    assert second.player_a.name == "Ann Lee"
    assert Player.objects.count() == 3


@pytest.mark.parametrize(("a", "b"), [("Ann", "ANN"), ("Ann", "Ａｎｎ"), ("Ann Lee", "Ann  Lee")])
def test_two_names_with_one_key_cannot_play_each_other(alice, a, b):
    response = new_match(alice.client, a, b)
    assert response.status_code == 200
    assert "The two players need different names." in response.content.decode()
    assert not Match.objects.exists() and not Player.objects.exists()


def test_an_account_cannot_hold_two_players_with_one_key(alice):
    owner = alice.user
    Player.objects.create(owner=owner, name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(owner=owner, name="ａｎｎ")


def test_visitors_without_an_account_each_keep_their_own_players(db):
    create_match(Client(), "Ann", "Bob")
    create_match(Client(), "Ann", "Bob")
    assert Player.objects.filter(name="Ann").count() == 2


def test_the_key_follows_a_renamed_player(alice):
    player = create_match(alice.client, "Ann", "Bob").player_a
    player.name = "Ｚoe"
    player.save(update_fields=["name"])
    assert Player.objects.get(pk=player.pk).name_key == "zoe"


def test_logging_in_merges_the_browsers_players_into_the_accounts(alice, db):
    known = create_match(alice.client, "Ann", "Bob")
    browser = Client()
    played = create_match(browser, "ANN", "Carl")
    log_in(browser, "alice", alice.password)
    played.refresh_from_db()
    assert played.owner.username == "alice"
    assert played.player_a == known.player_a
    owner = alice.user
    assert sorted(Player.objects.filter(owner=owner).values_list("name", flat=True)) == [
        "Ann",
        "Bob",
        "Carl",
    ]
    assert not Player.objects.filter(owner__isnull=True).exists()


def test_logging_in_keeps_apart_two_browser_players_who_played_each_other(alice, db):
    # Possible before names had keys: "Ann Lee" against "Ann  Lee" at one match.
    known = create_match(alice.client, "Ann Lee", "Bob")
    browser = Client()
    played = create_match(browser, "Ann Lee", "Carl")
    twin = Player.objects.create(name="Ann  Lee")
    Match.objects.filter(pk=played.pk).update(player_b=twin)
    session = browser.session
    session["players"] = [*session["players"], twin.pk]
    session.save()
    log_in(browser, "alice", alice.password)
    played.refresh_from_db()
    assert played.player_a == known.player_a
    assert played.player_b.pk == twin.pk
    assert played.player_b.name == "Ann  Lee (2)"
    assert played.player_b.owner.username == "alice"


@pytest.mark.parametrize(
    ("name", "typed"), [("Straße", "STRASSE"), ("Anne Lee", "anne  LEE"), ("Anne", "ＡＮＮＥ")]
)
def test_history_search_compares_name_keys(alice, name, typed):
    create_match(alice.client, name, "Bob")
    listed = f'<span class="history-names">{name} – Bob</span>'
    response = alice.client.get(reverse("scorekeeper:history"), {"q": typed})
    assert listed in response.content.decode()
    response = alice.client.get(reverse("scorekeeper:history"), {"q": "zed"})
    assert listed not in response.content.decode()


def test_the_admin_cannot_rename_a_player_into_another_ones_name(alice):
    owner = alice.user
    ann = Player.objects.create(owner=owner, name="Ann")
    bob = Player.objects.create(owner=owner, name="Bob")
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    url = reverse("admin:scorekeeper_player_change", args=[bob.pk])
    response = admin.post(url, {"name": "ＡＮＮ", "owner": owner.pk})
    assert response.status_code == 200
    assert "This account already has a player of that name." in response.content.decode()
    assert Player.objects.get(pk=bob.pk).name == "Bob"
    assert Player.objects.get(pk=ann.pk).name == "Ann"
