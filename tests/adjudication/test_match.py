"""A match derived from its deals: totals, dealers, the end and its bonuses.

The rules: /rules/#deal and /rules/#match.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudication import AdjudicationError, DealResult, Rules, play_match

DRAW = DealResult(None, 0)


def won(player: int, points: int) -> DealResult:
    return DealResult(player, points)


def test_no_deals_yet() -> None:
    state = play_match(1, [])
    assert state.lines == ()
    assert (state.totals, state.finished, state.winner) == ((0, 0), False, None)
    assert state.next_dealer == 1


def test_winner_of_a_deal_deals_the_next() -> None:
    state = play_match(0, [won(1, 10), won(1, 5), won(0, 20), won(1, 3)])
    assert [line.dealer for line in state.lines] == [0, 1, 1, 0]
    assert state.next_dealer == 1


def test_draw_keeps_the_dealer() -> None:
    state = play_match(1, [DRAW, DRAW, won(0, 12), DRAW])
    assert [line.dealer for line in state.lines] == [1, 1, 1, 0]
    assert state.next_dealer == 0
    assert state.totals == (12, 0)


def test_running_totals_after_each_deal() -> None:
    state = play_match(0, [won(0, 25), DRAW, won(1, 14), won(0, 7)])
    assert [line.totals for line in state.lines] == [(25, 0), (25, 0), (25, 14), (32, 14)]
    assert [line.number for line in state.lines] == [1, 2, 3, 4]
    assert state.deals_won == (2, 1)


def test_match_ends_when_a_deal_reaches_the_target() -> None:
    state = play_match(0, [won(0, 60), won(1, 40), won(0, 40)])
    assert state.finished and state.winner == 0
    assert state.totals == (100, 40)


def test_match_goes_on_below_the_target() -> None:
    state = play_match(0, [won(0, 60), won(1, 40), won(0, 39)])
    assert not state.finished and state.winner is None
    assert state.bonuses == (0, 0)
    assert state.final_totals == state.totals == (99, 40)


def test_deals_after_the_end_are_not_counted() -> None:
    state = play_match(0, [won(1, 120), won(0, 50), DRAW, won(1, 9)])
    assert [line.counted for line in state.lines] == [True, False, False, False]
    assert state.totals == (0, 120)
    assert [line.totals for line in state.lines] == [(0, 120)] * 4
    assert state.deals_won == (0, 1)
    assert state.winner == 1
    assert state.next_dealer == 1


def test_target_variant() -> None:
    deals = [won(0, 60), won(0, 60)]
    assert play_match(0, deals).finished
    state = play_match(0, deals, Rules(target=150))
    assert not state.finished
    assert play_match(0, [*deals, won(0, 30)], Rules(target=150)).winner == 0


def test_box_bonus_for_every_deal_won_by_each_player() -> None:
    state = play_match(0, [won(0, 50), won(1, 10), won(1, 10), won(0, 50)], Rules(box_bonus=25))
    assert state.deals_won == (2, 2)
    assert state.bonuses == (50, 50)
    assert state.final_totals == (150, 70)


def test_game_bonus_goes_to_the_winner() -> None:
    state = play_match(1, [won(1, 30), won(0, 100)], Rules(game_bonus=100))
    assert state.bonuses == (100, 0)
    assert state.final_totals == (200, 30)


def test_shutout_doubles_the_game_bonus() -> None:
    rules = Rules(game_bonus=100, shutout=True)
    assert play_match(0, [won(0, 60), DRAW, won(0, 60)], rules).bonuses == (200, 0)
    assert play_match(0, [won(1, 1), won(0, 120)], rules).bonuses == (100, 0)


def test_shutout_needs_the_variant() -> None:
    assert play_match(0, [won(0, 120)], Rules(game_bonus=100)).bonuses == (100, 0)


def test_all_bonuses_together() -> None:
    rules = Rules(box_bonus=20, game_bonus=100, shutout=True)
    state = play_match(0, [won(0, 40), won(0, 30), won(0, 30), won(1, 5)], rules)
    assert state.bonuses == (60 + 200, 0)
    assert state.final_totals == (360, 0)
    assert state.lines[-1].counted is False


@pytest.mark.parametrize(
    ("winner", "points"), [(2, 10), (-1, 10), (True, 10), (0.0, 10), (0, -5), (None, 5), (0, 1.5)]
)
def test_rejects_impossible_deal_results(winner, points) -> None:
    with pytest.raises(AdjudicationError):
        DealResult(winner, points)


@pytest.mark.parametrize("first_dealer", [2, -1, None, True])
def test_rejects_a_first_dealer_who_is_not_a_player(first_dealer) -> None:
    with pytest.raises(AdjudicationError):
        play_match(first_dealer, [])


results = st.lists(
    st.one_of(st.just(DRAW), st.builds(DealResult, st.sampled_from([0, 1]), st.integers(0, 60))),
    max_size=30,
)


@given(st.sampled_from([0, 1]), results)
def test_match_state_is_derived_consistently(first_dealer: int, deals: list[DealResult]) -> None:
    state = play_match(first_dealer, deals)
    counted = [line for line in state.lines if line.counted]
    assert state.totals == (
        sum(line.points for line in counted if line.winner == 0),
        sum(line.points for line in counted if line.winner == 1),
    )
    assert state.finished == (max(state.totals) >= 100)
    if state.finished:
        assert state.totals[state.winner] >= 100 > state.totals[1 - state.winner]
        assert counted[-1].totals[state.winner] >= 100
        assert all(max(line.totals) < 100 for line in counted[:-1])
    # Counted deals are a prefix: once uncounted, always uncounted.
    assert [line.counted for line in state.lines] == sorted(
        (line.counted for line in state.lines), reverse=True
    )
    # The prefix replays to the same state.
    assert play_match(first_dealer, deals[: len(counted)]).totals == state.totals


# Who dealt is a fact: a result may carry its dealer, and the match keeps it.


def dealt(player: int | None, points: int, dealer: int) -> DealResult:
    return DealResult(player, points, dealer=dealer)


def test_a_stored_dealer_is_kept_even_against_the_rotation() -> None:
    # Deal 2 was dealt by Alice (0) although Bob won deal 1: the table's fact stands.
    state = play_match(0, [dealt(1, 10, 0), dealt(1, 5, 0), dealt(0, 7, 1)])
    assert [line.dealer for line in state.lines] == [0, 0, 1]


def test_leaving_out_an_earlier_deal_keeps_the_later_dealers() -> None:
    deals = [dealt(1, 10, 0), dealt(0, 20, 1), dealt(None, 0, 0), dealt(1, 4, 0)]
    whole = play_match(0, deals)
    without_first = play_match(0, deals[1:])
    assert [line.dealer for line in whole.lines][1:] == [1, 0, 0]
    assert [line.dealer for line in without_first.lines] == [1, 0, 0]
    assert whole.totals == (20, 14) and without_first.totals == (20, 4)


def test_next_dealer_is_the_winner_of_the_last_counted_deal() -> None:
    assert play_match(0, [dealt(1, 10, 0), dealt(0, 3, 0)]).next_dealer == 0
    assert play_match(1, [dealt(0, 10, 1), dealt(1, 3, 0)]).next_dealer == 1


def test_after_a_draw_its_own_dealer_deals_again() -> None:
    # The draw was dealt by Bob (stored), even though the rotation would have said Alice.
    assert play_match(0, [dealt(0, 10, 0), dealt(None, 0, 1)]).next_dealer == 1


def test_next_dealer_is_the_first_dealer_when_nothing_counts_yet() -> None:
    assert play_match(1, []).next_dealer == 1
    assert play_match(0, []).next_dealer == 0


def test_deals_after_the_end_do_not_choose_the_next_dealer() -> None:
    state = play_match(0, [dealt(0, 120, 0), dealt(1, 5, 1), dealt(None, 0, 1)])
    assert [line.counted for line in state.lines] == [True, False, False]
    assert [line.dealer for line in state.lines] == [0, 1, 1]
    assert state.next_dealer == 0


def test_missing_dealers_are_derived_from_the_stored_ones_before_them() -> None:
    # Deal 2 stores Bob as dealer; deal 3 does not say, and Bob won deal 2.
    state = play_match(0, [won(0, 5), dealt(1, 5, 1), won(0, 1)])
    assert [line.dealer for line in state.lines] == [0, 1, 1]


@pytest.mark.parametrize("dealer", [2, -1, True, "0", 0.0])
def test_rejects_a_dealer_who_is_not_a_player(dealer) -> None:
    with pytest.raises(AdjudicationError):
        DealResult(0, 10, dealer=dealer)


@given(st.sampled_from([0, 1]), results, st.data())
def test_stored_dealers_replay_and_survive_leaving_deals_out(
    first_dealer: int, deals: list[DealResult], data: st.DataObject
) -> None:
    derived = play_match(first_dealer, deals)
    stored = [
        DealResult(result.winner, result.points, dealer=line.dealer)
        for result, line in zip(deals, derived.lines, strict=True)
    ]
    # Storing the derived dealers changes nothing.
    assert play_match(first_dealer, stored) == derived
    # Leaving any deals out keeps the dealers of the rest.
    kept = sorted(
        data.draw(st.sets(st.integers(0, max(len(deals) - 1, 0)))) & set(range(len(deals)))
    )
    state = play_match(first_dealer, [stored[i] for i in kept])
    assert [line.dealer for line in state.lines] == [derived.lines[i].dealer for i in kept]
    # The next dealer follows from the last counted deal alone.
    counted = [line for line in state.lines if line.counted]
    if not counted:
        assert state.next_dealer == first_dealer
    else:
        last = counted[-1]
        assert state.next_dealer == (last.dealer if last.winner is None else last.winner)
