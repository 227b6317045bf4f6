"""The Board: one frozen picture of a match per request, read once, figures worked out on use."""

from __future__ import annotations

import dataclasses

import pytest

from adjudication import Card
from scorekeeper import actions
from scorekeeper.board import Board
from scorekeeper.models import Match

from .history_helpers import add_deals, draw, knock


@pytest.fixture
def played(match):
    """Alice's match with three deals and the fourth's upcard tapped."""
    add_deals(match, [knock(0, 20), draw(), knock(1, 15)])
    actions.set_upcard(match, Card.parse("7H"))
    # As a view has it: the players come with the match (scorekeeper.access.match_for).
    return Match.objects.select_related("player_a", "player_b").get(pk=match.pk)


def test_a_board_reads_the_deals_and_the_open_deal_once(played, django_assert_num_queries):
    with django_assert_num_queries(2):
        board = Board(played)
        for _ in range(2):
            figures = (board.totals, board.rows, board.listed_rows, board.has_counted_deals)
            figures += (board.deal_number, board.dealer, board.upcard, board.knock_limit)
            figures += (board.last_counted, board.winner, board.only_gin, board.spades_double)
    assert [box.points for box in board.totals] == [20, 15]
    assert (board.deal_number, board.knock_limit, str(board.dealer)) == (4, 7, "Bob")


def test_a_view_that_asks_whether_the_match_is_over_reads_only_the_deals(
    played, django_assert_num_queries
):
    with django_assert_num_queries(1):
        assert not Board(played).finished


def test_a_board_is_frozen_and_shows_the_match_as_it_was_read(played):
    board = Board(played)
    assert board.upcard == Card.parse("7H")
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.full = True  # type: ignore[misc]
    actions.set_upcard(played, Card.parse("2C"))
    assert board.upcard == Card.parse("7H")
    assert Board(played).upcard == Card.parse("2C")
