"""Who may do what: owner, edit-link holder, view-link holder, another account, anonymous.

Every view and every POST is tried by every persona. A refusal is a 403 or a 404, never a 500,
and a refused POST changes nothing.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import Client, RequestFactory
from django.urls import reverse

from scorekeeper import access, actions
from scorekeeper.access import Role
from scorekeeper.models import Deal, Match

from .match_helpers import create_match, record_quick, set_upcard

OK = "ok"
PERSONAS = ("owner", "editor", "viewer", "stranger", "anonymous")


@pytest.fixture
def world(alice, alices_match, bob, carol, dave, anonymous):
    """Alice's match, shared by link, with one recorded deal; every persona's browser."""
    match = alices_match
    set_upcard(alice.client, match, "6D")
    record_quick(alice.client, match, 0, 2, 30)
    set_upcard(alice.client, match, "TC")
    match.refresh_from_db()
    people = (alice, bob, carol, dave, anonymous)
    clients = dict(zip(PERSONAS, (p.client for p in people), strict=True))
    return match, clients


def requests_for(match):
    """Every view of a match, with the roles that may use it."""
    pk = match.pk
    url = lambda name, *args: reverse(f"scorekeeper:{name}", args=[pk, *args])  # noqa: E731
    deal = Deal.objects.get(match=match, number=1).pk
    return [
        ("GET", url("match_detail"), {}, "viewer"),
        ("GET", url("match_poll") + "?v=0", {}, "viewer"),
        ("GET", url("deal_detail", deal), {}, "viewer"),
        ("POST", url("deal_upcard"), {"upcard": "9C"}, "editor"),
        ("GET", url("deal_enter", 0), {}, "editor"),
        ("POST", url("deal_enter", 0), {"number": 2, "action": "preview"}, "editor"),
        (
            "POST",
            url("deal_quick"),
            {"number": 2, "knocker": 1, "knocker_deadwood": 3, "opponent_deadwood": 9},
            "editor",
        ),
        ("POST", url("deal_draw"), {"number": 2}, "editor"),
        ("GET", url("deal_edit", deal), {}, "editor"),
        ("POST", url("deal_edit", deal), {"mode": "draw", "version": -1}, "editor"),
        ("POST", url("deal_undo", deal), {"version": -1}, "editor"),
        ("GET", url("deal_delete", deal), {}, "editor"),
        ("POST", url("deal_delete", deal), {}, "editor"),
        ("POST", url("deal_restore", deal), {"version": -1}, "editor"),
        ("GET", url("match_share"), {}, "owner"),
        ("POST", url("match_share"), {"action": "view-off"}, "owner"),
        ("POST", url("match_rematch"), {}, "owner"),
    ]


RANK = {"owner": 3, "editor": 2, "viewer": 1, "stranger": 0, "anonymous": 0}


def snapshot(match):
    match.refresh_from_db()
    deals = list(
        Deal.objects.filter(match=match).values_list("number", "status", "points", "upcard")
    )
    return (match.version, match.view_token, match.edit_token, deals, Match.objects.count())


@pytest.mark.parametrize("persona", PERSONAS)
def test_every_view_answers_each_persona_as_its_role_allows(world, persona):
    match, clients = world
    client = clients[persona]
    for method, url, data, needs in requests_for(match):
        before = snapshot(match)
        response = client.get(url) if method == "GET" else client.post(url, data)
        allowed = RANK[persona] >= RANK[needs]
        if allowed:
            assert response.status_code in (200, 204, 302), (persona, method, url)
        else:
            expected = 404 if RANK[persona] == 0 else 403
            assert response.status_code == expected, (persona, method, url)
            assert "<h1>" in response.content.decode()  # the friendly page, not a bare error
            if method == "POST":
                assert snapshot(match) == before, (persona, url)


def test_view_link_shows_the_scoreboard_without_controls(world):
    match, clients = world
    body = clients["viewer"].get(match.get_absolute_url()).content.decode()
    assert "Alice" in body and "knocked" not in body and "Tap the upcard" not in body


def test_revoking_a_link_takes_effect_at_once(world):
    match, clients = world
    assert clients["editor"].get(match.get_absolute_url()).status_code == 200
    clients["owner"].post(
        reverse("scorekeeper:match_share", args=[match.pk]), {"action": "edit-off"}
    )
    assert clients["editor"].get(match.get_absolute_url()).status_code == 404
    assert clients["viewer"].get(match.get_absolute_url()).status_code == 200


def test_regenerating_a_link_revokes_the_old_one(world):
    match, clients = world
    old = match.view_token
    clients["owner"].post(
        reverse("scorekeeper:match_share", args=[match.pk]), {"action": "view-on"}
    )
    match.refresh_from_db()
    assert match.view_token != old
    assert clients["viewer"].get(match.get_absolute_url()).status_code == 404
    assert Client().get(reverse("scorekeeper:share_open", args=[old])).status_code == 404


@pytest.mark.parametrize("action", ["", "view", "view-maybe", "owner-on", "view-on-off"])
def test_an_unknown_share_action_is_refused_and_changes_no_link(world, action):
    match, clients = world
    tokens = (match.view_token, match.edit_token)
    url = reverse("scorekeeper:match_share", args=[match.pk])
    assert clients["owner"].post(url, {"action": action}).status_code == 400
    match.refresh_from_db()
    assert (match.view_token, match.edit_token) == tokens


def test_share_screen_shows_each_link_as_a_qr_code(world):
    match, clients = world
    body = clients["owner"].get(reverse("scorekeeper:match_share", args=[match.pk])).content
    body = body.decode()
    assert body.count('<svg xmlns="http://www.w3.org/2000/svg"') == 2
    assert match.edit_token in body and match.view_token in body


def the_strangers_match_and_both_first_deals(match, clients) -> tuple[Match, Deal, Deal]:
    """Give the stranger a match of their own with one deal; return it, the first deal of
    `match` and the first deal of the stranger's."""
    other = create_match(clients["stranger"], "Carol", "Dave")
    set_upcard(clients["stranger"], other, "5C")
    record_quick(clients["stranger"], other, 0, 1, 20)
    return other, Deal.objects.get(match=match, number=1), Deal.objects.get(match=other, number=1)


def test_a_deal_of_another_match_is_not_reachable(world):
    match, clients = world
    other, mine, theirs = the_strangers_match_and_both_first_deals(match, clients)
    url = reverse("scorekeeper:deal_delete", args=[match.pk, mine.pk])
    response = clients["owner"].post(reverse("scorekeeper:deal_delete", args=[other.pk, theirs.pk]))
    assert response.status_code == 404
    assert Deal.objects.filter(match=other, status="recorded").count() == 1
    assert clients["stranger"].post(url).status_code == 404


@pytest.mark.parametrize(
    ("method", "name"),
    [
        ("GET", "deal_detail"),
        ("GET", "deal_edit"),
        ("GET", "deal_delete"),
        ("POST", "deal_edit"),
        ("POST", "deal_delete"),
        ("POST", "deal_undo"),
        ("POST", "deal_restore"),
    ],
)
def test_a_deal_id_of_another_match_is_not_found_through_my_own_match(world, method, name):
    """Each owner may act on their own match, but never on the other's deal through it."""
    match, clients = world
    other, mine, theirs = the_strangers_match_and_both_first_deals(match, clients)
    Deal.objects.filter(pk__in=[mine.pk, theirs.pk]).update(status="deleted")  # restorable
    before = snapshot(other), snapshot(match)
    pairs = ((clients["owner"], match, theirs), (clients["stranger"], other, mine))
    for client, through, deal in pairs:
        url = reverse(f"scorekeeper:{name}", args=[through.pk, deal.pk])
        data = {"version": through.version, "mode": "draw"}
        response = client.get(url) if method == "GET" else client.post(url, data)
        assert response.status_code == 404, (name, response.status_code)
    assert (snapshot(other), snapshot(match)) == before


def test_only_editors_and_the_owner_may_restore_a_deleted_deal(world):
    """A restore that would succeed (a deleted deal, the current version) is refused to the
    view-link holder and to strangers, changing nothing; the edit-link holder restores it."""
    match, clients = world
    deal = Deal.objects.get(match=match, number=1)
    match.refresh_from_db()
    actions.delete_deal(match, deal, version=match.version)
    url = reverse("scorekeeper:deal_restore", args=[match.pk, deal.pk])
    for persona, refused in (("viewer", 403), ("stranger", 404), ("anonymous", 404)):
        before = snapshot(match)
        response = clients[persona].post(url, {"version": match.version})
        assert response.status_code == refused, persona
        assert snapshot(match) == before, persona
    response = clients["editor"].post(url, {"version": match.version})
    assert response.status_code == 302
    assert Deal.objects.get(pk=deal.pk).status == "recorded"


READ_ONLY = {
    "en": "Read-only: you can follow this match, but not record its deals.",
    "pl": "Tylko do odczytu: możesz śledzić tę partię, ale nie zapisywać jej rozdań.",
}


@pytest.mark.parametrize("language", READ_ONLY)
def test_the_view_links_scoreboard_says_it_is_read_only(world, language):
    match, clients = world
    for client in clients.values():
        client.cookies["django_language"] = language
    viewer = clients["viewer"].get(match.get_absolute_url()).content.decode()
    assert READ_ONLY[language] in viewer
    # Its htmx board (a tap on the history's back link) keeps saying so.
    swapped = clients["viewer"].get(match.get_absolute_url(), HTTP_HX_REQUEST="true")
    assert READ_ONLY[language] in swapped.content.decode()
    for persona in ("owner", "editor"):
        body = clients[persona].get(match.get_absolute_url()).content.decode()
        assert READ_ONLY[language] not in body, persona


def test_a_match_is_read_with_its_players_in_one_query_and_an_unknown_one_is_not_found(
    client, db, django_assert_num_queries
):
    match = create_match(client)
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    request.session = client.session
    assert request.session.get("matches") == [match.pk]  # the session is read before
    with django_assert_num_queries(1):
        read, role = access.match_for(request, match.pk, Role.VIEW)
        names = (read.player_a.name, read.player_b.name)
    assert (role, names) == (Role.OWNER, ("Alice", "Bob"))
    assert read.rules_value == match.rules_value  # a JSON field, through its converter
    with pytest.raises(Http404):
        access.match_for(request, 10**9, Role.VIEW)


def test_someone_elses_match_is_not_found(client, match):
    stranger = Client()
    for url in (
        match.get_absolute_url(),
        reverse("scorekeeper:deal_enter", args=[match.pk, 0]),
    ):
        assert stranger.get(url).status_code == 404
    assert (
        stranger.post(reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": 1}).status_code
        == 404
    )
    assert not Deal.objects.exists()
