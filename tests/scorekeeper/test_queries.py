"""Each main page makes a fixed number of queries, however many deals, matches and players.

Every page is counted twice for the same visitor: with one match of 2 deals, then after that
match has grown to 45 deals and eleven more matches (with 22 more players) have been started.
The two counts must be equal, and no more than the page's ceiling here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

import scorekeeper.actions
import scorekeeper.presenters.preview
from adjudication import Card, Verdict
from scorekeeper import actions
from scorekeeper.actions import DealFacts
from scorekeeper.models import Deal, Match
from scorekeeper.standing import Standing

from .history_helpers import add_deals, cards, draw, quick
from .match_helpers import HTMX, create_match, deal_url

# A knock worth 28 to the knocker (the engine's own doctest deal), with upcard 6♦.
KNOCK_UPCARD = "6D"
KNOCKER = "7H 8H 9H 2C 3C 4C KS KD KC 5S"
OPPONENT = "AS 2S 3S 4H 5H 6H 7C 7D 9D QH"


def mixed_deals(match: Match, count: int) -> list[DealFacts]:
    """Return the facts of `count` more deals: cards, quick and draws in turn."""
    first = match.deals.filter(status__in=Deal.PLAYED).count() + 1
    facts = []
    for number in range(first, first + count):
        seat = number % 2
        if number % 3 == 1:
            facts.append(cards(seat, KNOCKER, OPPONENT, upcard=KNOCK_UPCARD))
        elif number % 3 == 2:
            facts.append(quick(seat, 4, 9, upcard=KNOCK_UPCARD))
        else:
            facts.append(draw())
    return facts


def grow(match: Match, count: int) -> None:
    """Record `count` more deals; the next deal is under way (the scoreboard shows its upcard
    and the quick form)."""
    add_deals(match, mixed_deals(match, count))
    if match.open_deal() is None:
        actions.set_upcard(match, Card.parse("KD"))
    match.refresh_from_db()
    assert not Standing.of(match).finished


def preview_data(match: Match) -> dict[str, object]:
    """Return the live preview's POST after the 20th card: both hands ticked on the grids."""
    match.refresh_from_db()
    return {
        "number": match.deals.filter(status=Deal.Status.RECORDED).count() + 1,
        "version": match.version,
        "upcard": "KD",
        "knocker_seat": "0",
        "knocker": ["7H", "8H", "9H", "2C", "3C", "4C", "KS", "KH", "KC", "5S"],
        "opponent": OPPONENT.split(),
        "knocker_text": "",
        "knocker_rendered": "",
        "opponent_text": "",
        "opponent_rendered": "",
        "action": "preview",
    }


def get(url: str, data=None, **headers) -> Callable[[Client], object]:
    return lambda client: client.get(url, data, **headers)


def home(match: Match):
    return get(reverse("scorekeeper:home"))


def new_match(match: Match):
    return get(reverse("scorekeeper:match_create"))


def scoreboard(match: Match):
    return get(match.get_absolute_url())


def scoreboard_htmx(match: Match):
    return get(match.get_absolute_url(), **HTMX)


def deal_page(match: Match):
    return get(deal_url("deal_detail", match, 1))


def card_entry(match: Match):
    return get(reverse("scorekeeper:deal_enter", args=[match.pk, 0]))


def live_preview(match: Match):
    url, data = reverse("scorekeeper:deal_enter", args=[match.pk, 0]), preview_data(match)
    return lambda client: client.post(url, data, **HTMX)


def poll_nothing_new(match: Match):
    match.refresh_from_db()
    return get(reverse("scorekeeper:match_poll", args=[match.pk]), {"v": match.version}, **HTMX)


def poll_update(match: Match):
    return get(reverse("scorekeeper:match_poll", args=[match.pk]), {"v": 0}, **HTMX)


def checker(match: Match):
    query = {"upcard": KNOCK_UPCARD, "hand_text": KNOCKER, "opponent_text": OPPONENT}
    return get(reverse("scorekeeper:checker"), query)


def rules(match: Match):
    return get(reverse("scorekeeper:rules"))


def share_page(match: Match):
    return get(reverse("scorekeeper:match_share", args=[match.pk]))


# Each page's ceiling: the most queries it may make, for any number of deals or matches, when
# the match version has been seen before (scorekeeper.board.Picture, scorekeeper.fragments).
PAGES = {
    home: 3,  # the session, the visitor's matches, their recorded deals (for the scores)
    new_match: 5,  # the session, and each player list asks whether it is empty, then lists
    scoreboard: 2,  # the session, the match
    scoreboard_htmx: 2,
    deal_page: 5,  # the session, the match, the deal, its list's deals and the open deal
    card_entry: 2,
    live_preview: 2,
    poll_nothing_new: 2,  # the session, the version check
    poll_update: 3,  # those two, then the match
    checker: 1,  # the session (the deck colours)
    rules: 1,
    share_page: 2,  # the session, the match
}

# The first visit after a change: the deals and the open deal are read, and one check that
# the version did not move meanwhile covers every piece kept for the new version.
FIRST_VISITS = {
    scoreboard: 5,  # the session, the match, its deals, the open deal, the version check
    scoreboard_htmx: 5,
    card_entry: 5,
    live_preview: 5,
    poll_update: 6,  # the session, the version; the match, its deals, the open deal, the check
}


@pytest.fixture
def counting(django_assert_max_num_queries, django_capture_on_commit_callbacks):
    """What `count_queries` counts with: the ceiling, and the commit of the first visit."""
    return django_assert_max_num_queries, django_capture_on_commit_callbacks


def count_queries(client: Client, match: Match, page: Callable, capture, commits) -> int:
    """Visit the page once to settle the session (and, once it commits, to keep the pieces of
    this version: `commits` is `django_capture_on_commit_callbacks`), then count the queries
    of a second visit."""
    visit = page(match)
    with commits(execute=True):
        assert visit(client).status_code in (200, 204)
    with capture(PAGES.get(page) or DELETED_PAGES[page]) as captured:
        response = visit(client)
    assert response.status_code in (200, 204), response.content[:500]
    return len(captured)


@pytest.mark.parametrize("screen", PAGES, ids=lambda screen: screen.__name__)
def test_page_makes_as_many_queries_for_45_deals_and_12_matches_as_for_2_deals(
    client, db, screen, counting
):
    match = create_match(client, target=1000)
    match.set_share_link("view", enabled=True)
    match.set_share_link("edit", enabled=True)
    grow(match, 2)
    small = count_queries(client, match, screen, *counting)

    grow(match, 43)
    for i in range(11):
        create_match(client, f"Player {i}a", f"Player {i}b")
    assert match.deals.filter(status=Deal.Status.RECORDED).count() == 45
    large = count_queries(client, match, screen, *counting)

    assert large == small


@pytest.mark.parametrize("screen", FIRST_VISITS, ids=lambda screen: screen.__name__)
def test_the_first_visit_after_a_change_makes_as_many_queries_for_45_deals_as_for_2(
    client, db, screen, django_assert_max_num_queries
):
    match = create_match(client, target=1000)
    grow(match, 2)
    visit = screen(match)
    assert visit(client).status_code in (200, 204)  # the session settles
    counts = []
    for more in (1, 42):
        grow(match, more)  # a change: a new version, seen by no page yet
        visit = screen(match)
        with django_assert_max_num_queries(FIRST_VISITS[screen]) as captured:
            assert visit(client).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


def test_scoreboard_and_deal_page_use_the_stored_verdicts(client, db, monkeypatch):
    """Pages never adjudicate a recorded deal again, nor rebuild verdicts they do not show."""
    match = create_match(client, target=1000)
    grow(match, 12)
    called: list[str] = []

    def spy(name, real):
        def wrapper(*args, **kwargs):
            called.append(name)
            return real(*args, **kwargs)

        return wrapper

    for module in (scorekeeper.actions, scorekeeper.presenters.preview):
        monkeypatch.setattr(module, "adjudicate", spy("adjudicate", module.adjudicate))
    monkeypatch.setattr(
        Verdict, "from_dict", classmethod(spy("from_dict", Verdict.from_dict.__func__))
    )
    assert client.get(reverse("scorekeeper:match_detail", args=[match.pk])).status_code == 200
    assert called == []
    deal_page = deal_url("deal_detail", match, 1)
    assert client.get(deal_page).status_code == 200
    assert called == ["from_dict"]  # the one deal shown, rebuilt from its stored JSON


def deleted_deal_page(match: Match):
    deleted = match.deals.filter(status=Deal.Status.DELETED).order_by("number").first()
    return get(reverse("scorekeeper:deal_detail", args=[match.pk, deleted.pk]))


DELETED_PAGES = {deleted_deal_page: 5}  # as a deal page


@pytest.mark.parametrize(
    "screen",
    [scoreboard, scoreboard_htmx, deal_page, deleted_deal_page, poll_update],
    ids=lambda screen: screen.__name__,
)
def test_deleted_deals_cost_no_more_queries(client, db, screen, counting):
    match = create_match(client, target=1000)
    grow(match, 4)
    match.refresh_from_db()
    actions.delete_deal(match, match.deals.get(number=2), version=match.version)
    small = count_queries(client, match, screen, *counting)
    grow(match, 20)
    for number in (5, 9, 13, 20):
        match.refresh_from_db()
        actions.delete_deal(match, match.deals.get(number=number), version=match.version)
    large = count_queries(client, match, screen, *counting)
    assert large == small
