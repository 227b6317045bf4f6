"""The admin's match list and page: the score and net it shows are the standing's, for a
single game as before and for a Hollywood match game by game."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Player

from .history_helpers import add_deals, knock
from .hollywood_helpers import SETTLED, SETTLED_RULES, TIED, hollywood_match
from .match_helpers import create_match


@pytest.fixture
def staff(db) -> Client:
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    return admin


def players() -> tuple[Player, Player]:
    return Player.objects.create(name="Ann"), Player.objects.create(name="Ben")


def test_the_match_list_shows_a_single_games_score_as_before(staff, client):
    match = create_match(client, "Alice", "Bob")
    add_deals(match, [knock(0, 40), knock(1, 30), knock(0, 70)])
    body = staff.get(reverse("admin:scorekeeper_match_changelist")).content.decode()
    assert "110–30 ✔" in body


def test_the_match_list_shows_each_hollywood_game_and_the_net(staff):
    hollywood_match(*players(), SETTLED, **SETTLED_RULES)
    body = staff.get(reverse("admin:scorekeeper_match_changelist")).content.decode()
    assert "350–0 ✔ · 250–50 ✔ · 240–65 ✔" in body
    assert "+725 / \u2212725" in body


def test_an_open_hollywood_game_shows_its_totals_and_the_net_of_the_ended_ones(staff):
    match = hollywood_match(*players(), SETTLED[:4], **SETTLED_RULES)
    body = staff.get(reverse("admin:scorekeeper_match_change", args=[match.pk])).content.decode()
    # Game 1 and Game 2 have ended (with their bonuses); Game 3 stands at 60–0.
    assert "350–0 ✔ · 250–50 ✔ · 60–0" in body
    assert "+550 / \u2212550" in body


def test_a_tied_hollywood_match_has_a_net_of_nothing(staff):
    hollywood_match(*players(), TIED)
    body = staff.get(reverse("admin:scorekeeper_match_changelist")).content.decode()
    assert "100–50 ✔ · 0–100 ✔ · 100–50 ✔" in body
    assert "0 / 0" in body
