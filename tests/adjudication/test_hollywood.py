"""Hollywood scoring: three games on one sheet (the rules page, /rules/#hollywood).

The engine's ``play_match`` is checked against a naive sheet written from the rules text
(``reference_match``) on random deal sequences under random rules, single games included,
and against the literature's cases, pinned as a table.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication import DealResult, Rules, games_for, play_match

from .reference_match import score_sheet

ANN, BEN = 0, 1
HOLLYWOOD = Rules(hollywood=True)


def win(player: int, points: int) -> DealResult:
    return DealResult(player, points)


DRAW = DealResult(None, 0)


def reference(first_dealer: int, deals: list[DealResult], rules: Rules) -> dict:
    return score_sheet(
        first_dealer,
        deals,
        target=rules.target,
        box=rules.box_bonus,
        bonus=rules.game_bonus,
        shutout=rules.shutout,
        hollywood=rules.hollywood,
    )


# --- The literature: where a win goes ---------------------------------------------------------

# Each row: the winners of the deals so far (every win worth 10 and below a target of 100, so
# no game ends), and the games the last deal went into.
WHERE_A_WIN_GOES = [
    ("the first win goes into Game 1", [ANN], (1,)),
    ("the second into Games 1 and 2", [ANN, ANN], (1, 2)),
    ("the third into all three", [ANN, ANN, ANN], (1, 2, 3)),
    ("and every later one into all three", [ANN] * 6, (1, 2, 3)),
    ("the other player's first win goes into Game 1 only", [ANN, ANN, ANN, BEN], (1,)),
    ("and their second into Games 1 and 2", [ANN, ANN, BEN, ANN, BEN], (1, 2)),
    ("each player is counted apart", [BEN, ANN, BEN, ANN], (1, 2)),
]


@pytest.mark.parametrize(
    ("case", "winners", "games"), WHERE_A_WIN_GOES, ids=[row[0] for row in WHERE_A_WIN_GOES]
)
def test_where_a_win_goes_as_the_literature_has_it(case, winners, games) -> None:
    state = play_match(ANN, [win(player, 10) for player in winners], HOLLYWOOD)
    assert state.lines[-1].games == games, case


def test_a_draw_goes_into_no_game() -> None:
    state = play_match(ANN, [win(ANN, 10), DRAW], HOLLYWOOD)
    assert state.lines[1].games == ()
    assert state.lines[1].counted
    assert state.lines[1].game_totals == ((10, 0), (0, 0), (0, 0))


def test_a_win_worth_nothing_counts_as_having_scored() -> None:
    # A tie under an undercut bonus of 0 wins 0 points: Ben has scored in Game 1 all the same.
    state = play_match(ANN, [win(BEN, 0), win(BEN, 7)], HOLLYWOOD)
    assert [line.games for line in state.lines] == [(1,), (1, 2)]
    assert state.games[0].deals_won == (0, 2)
    assert [game.totals for game in state.games] == [(0, 7), (0, 7), (0, 0)]


def test_one_deal_can_end_two_games() -> None:
    rules = Rules(hollywood=True, target=50)
    state = play_match(ANN, [win(ANN, 10), win(ANN, 10), win(ANN, 40)], rules)
    assert state.lines[2].games == (1, 2, 3)
    assert [game.totals for game in state.games] == [(60, 0), (50, 0), (40, 0)]
    assert [game.winner for game in state.games] == [ANN, ANN, None]
    assert not state.finished


def test_one_deal_can_end_all_three_games_and_the_match() -> None:
    state = play_match(BEN, [win(BEN, 10), win(BEN, 10), win(BEN, 120), win(ANN, 5)], HOLLYWOOD)
    assert state.lines[2].games == (1, 2, 3)
    assert all(game.finished and game.winner == BEN for game in state.games)
    assert state.finished and state.winner == BEN
    assert state.lines[3].counted is False and state.lines[3].games == ()
    assert state.next_dealer == BEN


def test_a_player_starts_in_the_first_open_game_they_have_not_scored_in() -> None:
    # Ann ends Game 1 before Ben has scored at all: Ben's first win is Game 2's first entry
    # for him, and his second goes into Games 2 and 3.
    state = play_match(ANN, [win(ANN, 60), win(ANN, 50), win(BEN, 20), win(BEN, 5)], HOLLYWOOD)
    assert state.games[0].finished
    assert [line.games for line in state.lines] == [(1,), (1, 2), (2,), (2, 3)]
    assert state.next_games(BEN) == (2, 3)
    assert state.next_games(ANN) == (2, 3)


def test_games_end_in_order_and_stay_ended() -> None:
    deals = [win(ANN, 40), win(ANN, 40), win(ANN, 40), win(BEN, 99), win(BEN, 99)]
    state = play_match(ANN, deals, HOLLYWOOD)
    assert [game.winner for game in state.games] == [ANN, BEN, None]
    # Game 1 ended at Ann's third win: Ben's wins after it no longer go into it.
    assert state.games[0].totals == (120, 0)
    assert [line.games for line in state.lines][3:] == [(2,), (2, 3)]
    assert [game.totals for game in state.games][1:] == [(80, 198), (40, 99)]


def test_the_settled_example_with_box_game_bonus_and_shutout() -> None:
    rules = Rules(hollywood=True, box_bonus=20, game_bonus=100, shutout=True)
    deals = [win(ANN, 60), win(ANN, 50), win(BEN, 30), win(ANN, 60), win(BEN, 45), win(ANN, 40)]
    state = play_match(ANN, deals, rules)
    assert [line.games for line in state.lines] == [(1,), (1, 2), (2,), (2, 3), (3,), (3,)]
    assert [game.bonuses for game in state.games] == [(240, 0), (140, 20), (140, 20)]
    assert [game.final_totals for game in state.games] == [(350, 0), (250, 50), (240, 65)]
    assert state.net == (725, -725) and state.winner == ANN and state.finished
    assert state.to_dict() == reference(ANN, deals, rules)


def test_equal_nets_are_a_tie_with_no_winner() -> None:
    # Ann takes Game 1 by 100 and Game 2 by 50; Ben takes Game 3 by 150.
    deals = [win(ANN, 100), win(BEN, 50), win(ANN, 100), win(BEN, 150)]
    state = play_match(ANN, deals, HOLLYWOOD)
    assert [line.games for line in state.lines] == [(1,), (2,), (2,), (3,)]
    assert [game.winner for game in state.games] == [ANN, ANN, BEN]
    assert [game.net for game in state.games] == [(100, -100), (50, -50), (-150, 150)]
    assert state.finished and state.net == (0, 0) and state.winner is None


def test_the_match_goes_to_the_positive_net_not_to_the_most_games() -> None:
    # Ann takes two games by 10 each; Ben takes one by 150, and the match.
    rules = Rules(hollywood=True)
    deals = [win(ANN, 100), win(BEN, 90), win(ANN, 100), win(BEN, 150)]
    state = play_match(ANN, deals, rules)
    assert [game.winner for game in state.games] == [ANN, ANN, BEN]
    assert state.net == (-40, 40) and state.winner == BEN


def test_the_net_counts_only_the_games_that_have_ended() -> None:
    state = play_match(ANN, [win(ANN, 100), win(BEN, 30)], Rules(hollywood=True, game_bonus=50))
    assert state.net == (150, -150)
    assert not state.finished and state.winner is None


def test_a_single_game_winner_may_have_a_negative_net() -> None:
    # Five wins of 10 against one of 100, box bonus 25: Ben reached the target and wins.
    deals = [win(ANN, 10)] * 5 + [win(BEN, 100)]
    state = play_match(ANN, deals, Rules(box_bonus=25))
    assert state.winner == BEN
    assert state.final_totals == (175, 125)
    assert state.net == (50, -50)


def test_a_single_game_is_one_game_on_the_sheet() -> None:
    state = play_match(ANN, [win(ANN, 30), DRAW, win(BEN, 80), win(ANN, 70)], Rules(box_bonus=10))
    assert len(state.games) == 1
    assert [line.games for line in state.lines] == [(1,), (), (1,), (1,)]
    (game,) = state.games
    assert (game.totals, game.final_totals, game.winner) == ((100, 80), (120, 90), ANN)
    assert (state.totals, state.final_totals, state.bonuses) == (game.totals, (120, 90), (20, 10))
    assert state.net == (30, -30)


def test_the_legacy_fields_under_hollywood_are_sums_and_deals_won_counts_each_deal_once() -> None:
    state = play_match(ANN, [win(ANN, 10), win(ANN, 10), win(ANN, 10)], HOLLYWOOD)
    assert state.totals == (60, 0)  # 30 + 20 + 10 over the three games
    assert state.deals_won == (3, 0)
    assert state.lines[-1].totals == (60, 0)


def test_the_next_games_once_the_match_has_ended_are_none() -> None:
    state = play_match(ANN, [win(ANN, 10), win(ANN, 10), win(ANN, 100)], HOLLYWOOD)
    assert state.finished and state.next_games(ANN) == () and state.next_games(BEN) == ()


def test_games_for_skips_the_games_that_have_ended() -> None:
    assert games_for(0, [True, False, False], [False, False, False]) == (2,)
    assert games_for(0, [True, True, False], [True, True, False]) == (3,)
    assert games_for(1, [True, True, True], [True, True, True]) == ()


# --- Random sheets against the reference --------------------------------------------------------

points = st.integers(0, 60)
dealer = st.one_of(st.none(), st.sampled_from([0, 1]))
deal = st.one_of(
    st.builds(DealResult, st.none(), st.just(0), dealer),
    st.builds(DealResult, st.sampled_from([0, 1]), points, dealer),
)
rules = st.builds(
    Rules,
    target=st.integers(1, 150),
    box_bonus=st.sampled_from([0, 20, 25]),
    game_bonus=st.sampled_from([0, 100]),
    shutout=st.booleans(),
    hollywood=st.booleans(),
)


@settings(max_examples=2000, deadline=None)
@given(st.sampled_from([0, 1]), st.lists(deal, max_size=40), rules)
def test_the_engine_agrees_with_the_reference_sheet(first_dealer, deals, rules) -> None:
    assert play_match(first_dealer, deals, rules).to_dict() == reference(first_dealer, deals, rules)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([0, 1]), st.lists(deal, max_size=40), rules)
def test_open_games_keep_their_order(first_dealer, deals, rules) -> None:
    """While a game is open, each player has at least as many points in it as in any later
    game (/rules/#hollywood), after every deal."""
    state = play_match(first_dealer, deals, rules)
    for line in state.lines:
        for player in (0, 1):
            column = [pair[player] for pair in line.game_totals]
            for g, total in enumerate(column):
                ended_before = any(t >= rules.target for t in line.game_totals[g])
                if not ended_before:
                    assert all(total >= later for later in column[g + 1 :])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([0, 1]), st.lists(deal, max_size=40), rules)
def test_a_single_game_sheet_is_the_match_as_before(first_dealer, deals, rules) -> None:
    """With Hollywood off, the one game is the match's legacy fields, line by line."""
    single = Rules(**{**rules.to_dict(), "hollywood": False})
    state = play_match(first_dealer, deals, single)
    (game,) = state.games
    assert (game.totals, game.deals_won, game.bonuses) == (
        state.totals,
        state.deals_won,
        state.bonuses,
    )
    assert (game.final_totals, game.winner, game.finished) == (
        state.final_totals,
        state.winner,
        state.finished,
    )
    assert all(line.game_totals == (line.totals,) for line in state.lines)
