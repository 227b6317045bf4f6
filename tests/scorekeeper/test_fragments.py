"""The scoreboard's kept pieces: what the engine derives and the rendered regions, kept per
match version in the local cache, keyed by the role and the language, holding nothing of one
visitor (no CSRF token, no input), and never kept under a version they were not read at.

A piece is kept once the transaction that read it commits. A test's own transaction never
does, so every phone here commits each request as a live site does (`CommittingClient`), and a
board built in a test keeps its picture inside `django_capture_on_commit_callbacks`.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import transaction
from django.test import Client
from django.urls import reverse

from adjudication import Card
from scorekeeper import actions
from scorekeeper.access import Role
from scorekeeper.actions import DealFacts
from scorekeeper.board import Board, picture_key
from scorekeeper.caching import LOCAL as LOCAL_CACHE
from scorekeeper.fragments import fragment_key
from scorekeeper.models import Deal, Match

from .match_helpers import HTMX, CommittingClient, create_match, record_quick, set_upcard

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FRAGMENTS = ("live", "controls", "deals")


def board_of(page: str) -> str:
    """Return the board of a page (all of a partial): the rest of the layout is not kept, nor
    the phone's own queue panel below it (its texts are filled in from what the phone keeps)."""
    return page.split('id="board"', 1)[-1].split('id="queue"', 1)[0].split("<footer", 1)[0]


def fresh(match: Match) -> Match:
    """Return the match as a view reads it (scorekeeper.access.match_for)."""
    return Match.objects.select_related("player_a", "player_b").get(pk=match.pk)


def kept(match: Match, role: Role, language: str = "en", *, now: bool = True) -> dict[str, str]:
    """Return the fragments kept for the match as it is now (or at the version it was read
    at, with `now` false), by name."""
    board = Board(fresh(match) if now else match)
    found = {}
    for name in FRAGMENTS:
        value = caches[LOCAL_CACHE].get(fragment_key(name, board, role, language))
        if value is not None:
            found[name] = value
    return found


@pytest.fixture
def client(django_capture_on_commit_callbacks) -> CommittingClient:
    """The owner's phone, committing each request as every phone here does."""
    return CommittingClient(django_capture_on_commit_callbacks)


@pytest.fixture
def shared(client, db, django_capture_on_commit_callbacks):
    """Alice's match (owned by `client`) with a deal recorded, one in the trash and the next
    upcard tapped; an edit-link phone and a view-link phone."""
    match = create_match(client)
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    set_upcard(client, match, "TC")
    record_quick(client, match, 1, 3, 25)
    match.refresh_from_db()
    actions.delete_deal(match, Deal.objects.get(match=match, number=2), version=match.version)
    set_upcard(client, match, "9S")
    match.refresh_from_db()
    match.set_share_link("view", True)
    match.set_share_link("edit", True)
    editor = CommittingClient(django_capture_on_commit_callbacks)
    viewer = CommittingClient(django_capture_on_commit_callbacks)
    editor.get(reverse("scorekeeper:share_open", args=[match.edit_token]))
    viewer.get(reverse("scorekeeper:share_open", args=[match.view_token]))
    return match, {"owner": client, "editor": editor, "viewer": viewer}


# Who gets what: the role is in every key.

EDITOR_ONLY = ("Restore", '<details id="picker"', "knocked", "Quick: just the", "Draw (stock")


@pytest.mark.parametrize("first", ["owner", "editor"])
def test_a_viewer_after_an_editor_gets_no_editor_buttons(shared, first):
    match, phones = shared
    page = phones[first].get(match.get_absolute_url()).content.decode()
    assert all(text in page for text in EDITOR_ONLY), first  # what an editor gets
    for viewer_page in (
        phones["viewer"].get(match.get_absolute_url()).content.decode(),
        phones["viewer"].get(match.get_absolute_url(), **HTMX).content.decode(),
        phones["viewer"].get(reverse("scorekeeper:match_poll", args=[match.pk])).content.decode(),
    ):
        assert "Alice" in viewer_page
        assert not [text for text in EDITOR_ONLY if text in board_of(viewer_page)]
        assert "csrfmiddlewaretoken" not in board_of(viewer_page)


def test_an_edit_link_after_the_owner_gets_no_owner_buttons(
    client, db, django_capture_on_commit_callbacks
):
    match = create_match(client, target="20")
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 0, 30)  # gin: the match is over
    match.refresh_from_db()
    match.set_share_link("edit", True)
    editor = CommittingClient(django_capture_on_commit_callbacks)
    editor.get(reverse("scorekeeper:share_open", args=[match.edit_token]))
    assert "Rematch" in client.get(match.get_absolute_url()).content.decode()
    page = editor.get(match.get_absolute_url()).content.decode()
    assert "Alice wins" in page and "Rematch" not in page


def test_the_keys_name_the_fragment_the_version_the_role_and_the_language(shared):
    match, _phones = shared
    board = Board(fresh(match))
    key = fragment_key("deals", board, Role.VIEW, "fi")
    assert key.startswith(f"fragment:deals:{match.pk}:v{match.version}:view:fi:")
    keys = {
        fragment_key(name, board, role, language)
        for name in FRAGMENTS
        for role in (Role.VIEW, Role.EDIT, Role.OWNER)
        for language in ("en", "fi")
    }
    assert len(keys) == len(FRAGMENTS) * 3 * 2
    match.bump_version()
    assert fragment_key("deals", Board(fresh(match)), Role.VIEW, "fi") != key


def test_a_renamed_player_is_shown_with_the_new_name(shared):
    match, phones = shared
    phones["viewer"].get(match.get_absolute_url())
    match.player_a.name = "Alicia"
    match.player_a.save()
    page = phones["viewer"].get(match.get_absolute_url()).content.decode()
    assert "Alicia" in page.split('id="deals"')[1]


# Nothing of one visitor is kept.


def test_a_kept_fragment_holds_no_csrf_token_and_each_phone_gets_its_own(
    shared, django_capture_on_commit_callbacks
):
    match, phones = shared
    pages = [phones[name].get(match.get_absolute_url()).content.decode() for name in phones]
    pieces = {role: kept(match, role) for role in (Role.OWNER, Role.EDIT, Role.VIEW)}
    assert set(pieces[Role.OWNER]) == set(FRAGMENTS) == set(pieces[Role.EDIT])
    assert set(pieces[Role.VIEW]) == {"live", "deals"}  # a viewer has no controls
    for role, fragments in pieces.items():
        for name, markup in fragments.items():
            assert "csrfmiddlewaretoken" not in markup, (role, name)
    # The controls' forms still carry a token: the phone's own, filled in on the way out.
    owner_tokens = set(TOKEN.findall(pages[0].split('id="board"')[1]))
    editor_tokens = set(TOKEN.findall(pages[1].split('id="board"')[1]))
    assert len(TOKEN.findall(pages[0].split('id="board"')[1])) >= 4  # upcard, draw, quick, …
    assert owner_tokens and editor_tokens and not owner_tokens & editor_tokens
    # And it is a token the site accepts: the owner's kept quick form records with it.
    owner = CommittingClient(django_capture_on_commit_callbacks, enforce_csrf_checks=True)
    owner.cookies = phones["owner"].cookies
    page = owner.get(match.get_absolute_url()).content.decode()
    quick = page.split('id="quick"')[1]
    token = TOKEN.search(quick).group(1)
    response = owner.post(
        reverse("scorekeeper:deal_quick", args=[match.pk]),
        {
            "csrfmiddlewaretoken": token,
            "number": 3,
            "knocker": 0,
            "knocker_deadwood": 1,
            "opponent_deadwood": 20,
        },
    )
    assert response.status_code == 302
    assert Deal.objects.get(match=match, number=3).status == Deal.Status.RECORDED


def test_a_form_with_errors_is_shown_to_its_phone_and_never_kept(shared):
    match, phones = shared
    caches[LOCAL_CACHE].clear()
    response = phones["editor"].post(  # over the knock limit
        reverse("scorekeeper:deal_quick", args=[match.pk]),
        {"number": 3, "knocker": 0, "knocker_deadwood": 77, "opponent_deadwood": 20},
        **HTMX,
    )
    assert response.status_code == 422
    assert 'value="77"' in response.content.decode()
    assert "controls" not in kept(match, Role.EDIT)
    response = phones["editor"].post(
        reverse("scorekeeper:deal_upcard", args=[match.pk]), {"upcard": "ZZ"}, **HTMX
    )
    assert response.status_code == 422 and "alert-block" in response.content.decode()
    assert "controls" not in kept(match, Role.EDIT)
    page = phones["owner"].get(match.get_absolute_url()).content.decode()
    assert 'value="77"' not in board_of(page) and "alert-block" not in board_of(page)


def test_a_language_switch_gets_the_other_language(shared):
    match, phones = shared
    viewer = phones["viewer"]
    english = viewer.get(match.get_absolute_url()).content.decode()
    assert "<h2>Deals</h2>" in english
    viewer.cookies["django_language"] = "fi"
    finnish = viewer.get(match.get_absolute_url()).content.decode()
    assert "<h2>Jaot</h2>" in finnish and "<h2>Deals</h2>" not in finnish
    assert set(kept(match, Role.VIEW, "fi")) == {"live", "deals"}
    viewer.cookies["django_language"] = "en"
    assert "<h2>Deals</h2>" in viewer.get(match.get_absolute_url()).content.decode()


# Kept per version: every change moves the version on, and nothing is kept under a version it
# was not read at.


def test_a_shared_board_reads_no_deals_for_a_version_it_has_seen(
    shared, django_assert_num_queries, django_capture_on_commit_callbacks
):
    match, _phones = shared
    with django_capture_on_commit_callbacks(execute=True):
        first = Board(fresh(match), shared=True)
        figures = (first.state, first.upcard, first.next_number, first.dealer, first.finished)
    assert caches[LOCAL_CACHE].get(picture_key(match)) is not None
    view = fresh(match)
    with django_assert_num_queries(0):
        board = Board(view, shared=True)
        again = (board.state, board.upcard, board.next_number, board.dealer, board.finished)
    assert again == figures
    assert (board.upcard, board.next_number) == (Card.parse("9S"), 3)


CHANGES = {
    "record": lambda m: actions.record(m, Board(m).next_number, DealFacts(entry=Deal.Entry.DRAW)),
    "upcard": lambda m: actions.set_upcard(m, Card.parse("KH")),
    "delete": lambda m: actions.delete_deal(m, m.recorded_deals()[-1], version=m.version),
    "restore": lambda m: actions.restore_deal(
        m, Deal.objects.get(match=m, status=Deal.Status.DELETED), version=m.version
    ),
    "undo": lambda m: actions.undo_last(m, m.recorded_deals()[-1], version=m.version),
    "edit": lambda m: actions.edit_deal(
        m,
        m.recorded_deals()[-1],
        DealFacts(
            entry=Deal.Entry.QUICK,
            upcard=Card.parse("6D"),
            knocker=1,
            knocker_deadwood=0,
            opponent_deadwood=30,
        ),
        version=m.version,
    ),
}


def picture(match: Match) -> tuple:
    board = Board(fresh(match))
    state = board.state
    return (state, board.next_number, board.upcard, [d.status for d in board.played])


@pytest.mark.parametrize("change", CHANGES)
def test_every_change_to_the_deals_moves_the_version_on_and_the_page_follows(
    shared, change, django_capture_on_commit_callbacks
):
    match, phones = shared
    match = fresh(match)
    with django_capture_on_commit_callbacks(execute=True):
        assert Board(match, shared=True).state  # keep the picture of this version
    phones["viewer"].get(match.get_absolute_url())  # and its fragments
    before = match.version
    CHANGES[change](match)
    match = fresh(match)
    assert match.version > before
    shown = Board(match, shared=True)
    assert (shown.state, shown.next_number, shown.upcard) == picture(match)[:3]


@pytest.fixture
def staff(db) -> Client:
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    return admin


def test_a_deal_changed_or_deleted_in_the_admin_moves_the_version_on(shared, staff):
    match, phones = shared
    deal = Deal.objects.get(match=match, number=1)
    url = reverse("admin:scorekeeper_deal_change", args=[deal.pk])
    form = staff.get(url).context["adminform"].form
    data = {name: value for name, value in form.initial.items() if value is not None}
    data.update(points=99, match=match.pk)
    before = fresh(match).version
    assert staff.post(url, data).status_code == 302, staff.post(url, data).content[:3000]
    assert Deal.objects.get(pk=deal.pk).points == 99
    assert fresh(match).version > before
    before = fresh(match).version
    staff.post(reverse("admin:scorekeeper_deal_delete", args=[deal.pk]), {"post": "yes"})
    assert not Deal.objects.filter(pk=deal.pk).exists()
    assert fresh(match).version > before


def test_what_a_page_read_while_the_match_changed_is_not_kept_under_the_older_version(
    shared, django_capture_on_commit_callbacks
):
    match, phones = shared
    caches[LOCAL_CACHE].clear()
    stale = fresh(match)  # the view read the match here ...
    # ... and the other phone's change committed before it read the deals.
    other = fresh(match)
    actions.delete_deal(other, Deal.objects.get(match=match, number=1), version=other.version)
    with django_capture_on_commit_callbacks(execute=True):
        board = Board(stale, shared=True)
        assert board.state.totals == (0, 0)  # what it read: the deal is in the trash now
    assert caches[LOCAL_CACHE].get(picture_key(stale)) is None
    assert not board.is_current()
    # A fragment rendered from it is shown but not kept under the older version either.
    from django.template.loader import render_to_string

    from scorekeeper.views.common import board_context

    with django_capture_on_commit_callbacks(execute=True):
        html = render_to_string(
            "scorekeeper/match_detail.html#deals", board_context(board, Role.VIEW)
        )
    assert '<li class="trashed">' in html
    assert not kept(stale, Role.VIEW, now=False)
    # The page for the new version shows the change and keeps it.
    page = phones["viewer"].get(match.get_absolute_url()).content.decode()
    assert '<li class="trashed">' in page.split('id="deals"')[1]
    assert caches[LOCAL_CACHE].get(picture_key(fresh(match))) is not None


def test_a_check_of_the_version_covers_only_what_was_read_before_it(
    shared, django_assert_num_queries
):
    match, _phones = shared
    board = Board(fresh(match), shared=True)
    with django_assert_num_queries(1):
        assert board.is_current() and board.is_current()  # nothing read since: one query
    board.listed_rows  # noqa: B018  (reads the deals)
    other = fresh(match)
    actions.set_upcard(other, Card.parse("KH"))  # the other phone, after this board read the deals
    with django_assert_num_queries(1):
        assert not board.is_current() and not board.is_current()


def test_a_picture_read_in_a_transaction_is_kept_once_it_commits_and_never_if_it_rolls_back(
    shared, django_capture_on_commit_callbacks
):
    match, _phones = shared
    caches[LOCAL_CACHE].clear()
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        changed = fresh(match)
        actions.set_upcard(changed, Card.parse("KH"))  # a new version, in this transaction only
        assert Board(fresh(changed), shared=True).state
        transaction.set_rollback(True)
    # Rolled back: the next change is given that version again, so nothing is kept under it.
    assert fresh(match).version < changed.version
    assert caches[LOCAL_CACHE].get(picture_key(changed)) is None

    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            assert Board(fresh(match), shared=True).state
            assert caches[LOCAL_CACHE].get(picture_key(fresh(match))) is None  # not yet
        assert caches[LOCAL_CACHE].get(picture_key(fresh(match))) is None  # the test's is open
    assert caches[LOCAL_CACHE].get(picture_key(fresh(match))) is not None  # committed
