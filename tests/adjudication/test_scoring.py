"""Scoring a knock from the two deadwood values (/rules/#scoring, /rules/#undercut)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudication import AdjudicationError, Basis, Outcome, Rules, Score, Side, score_knock

KNOCK, UNDERCUT, GIN, BIG_GIN = Outcome.KNOCK, Outcome.UNDERCUT, Outcome.GIN, Outcome.BIG_GIN
KNOCKER, OPPONENT = Side.KNOCKER, Side.OPPONENT


def signed_points(score: Score) -> int:
    """The score from the knocker's side: + when the knocker wins, - when undercut."""
    return -score.points if score.winner is OPPONENT else score.points


@pytest.mark.parametrize(
    ("knocker", "opponent", "rules", "outcome", "winner", "points"),
    [
        (3, 29, Rules(), KNOCK, KNOCKER, 26),
        (9, 10, Rules(), KNOCK, KNOCKER, 1),
        (10, 4, Rules(), UNDERCUT, OPPONENT, 16),
        (5, 2, Rules(), UNDERCUT, OPPONENT, 13),
        (0, 31, Rules(), GIN, KNOCKER, 56),
        (0, 31, Rules(gin_bonus=20), GIN, KNOCKER, 51),
        (10, 4, Rules(undercut_bonus=20), UNDERCUT, OPPONENT, 26),
        (10, 4, Rules(undercut_bonus=0), UNDERCUT, OPPONENT, 6),
    ],
)
def test_score_follows_the_table(
    knocker: int, opponent: int, rules: Rules, outcome: Outcome, winner: Side, points: int
) -> None:
    assert score_knock(knocker, opponent, rules) == Score(outcome, winner, points)


@pytest.mark.parametrize("deadwood", [1, 6, 10])
def test_tie_is_an_undercut(deadwood: int) -> None:
    score = score_knock(deadwood, deadwood)
    assert (score.outcome, score.winner, score.points) == (UNDERCUT, OPPONENT, 10)


def test_gin_with_zero_deadwood_opponent_still_scores_for_the_knocker() -> None:
    score = score_knock(0, 0)
    assert (score.outcome, score.winner, score.points) == (GIN, KNOCKER, 25)


def test_big_gin_scores_its_own_bonus() -> None:
    assert score_knock(0, 12, big_gin=True).points == 31 + 12
    assert score_knock(0, 12, Rules(big_gin_bonus=50), big_gin=True).outcome is BIG_GIN
    assert score_knock(0, 12, Rules(big_gin_bonus=50), big_gin=True).points == 62


@pytest.mark.parametrize(("knocker", "opponent", "points"), [(3, 29, 52), (7, 7, 20), (0, 5, 60)])
def test_multiplier_doubles_every_score(knocker: int, opponent: int, points: int) -> None:
    assert score_knock(knocker, opponent, multiplier=2).points == points


@pytest.mark.parametrize(
    ("knocker", "opponent", "kwargs"),
    [(-1, 5, {}), (3, -2, {}), (3, 5, {"multiplier": 0}), (4, 9, {"big_gin": True})],
)
def test_rejects_impossible_figures(knocker: int, opponent: int, kwargs: dict) -> None:
    with pytest.raises(AdjudicationError):
        score_knock(knocker, opponent, **kwargs)


@given(st.integers(1, 130), st.integers(0, 130))
def test_non_gin_winner_is_decided_by_strictly_lower_deadwood(knocker: int, opponent: int) -> None:
    score = score_knock(knocker, opponent)
    if knocker < opponent:
        assert score.winner is KNOCKER and score.points == opponent - knocker
    else:
        assert score.winner is OPPONENT and score.points == 10 + knocker - opponent
    assert signed_points(score) == (score.points if knocker < opponent else -score.points)


@given(st.integers(1, 130), st.integers(0, 130))
def test_knocker_always_prefers_lower_deadwood(knocker: int, opponent: int) -> None:
    # The knocker search relies on this: fewer points kept never scores worse.
    worse = signed_points(score_knock(knocker + 1, opponent))
    assert signed_points(score_knock(knocker, opponent)) > worse
    assert signed_points(score_knock(0, opponent)) > signed_points(score_knock(knocker, opponent))


@pytest.mark.parametrize(
    ("knocker", "opponent", "big_gin", "basis"),
    [
        (0, 0, False, Basis.GIN),
        (0, 31, False, Basis.GIN),
        (0, 12, True, Basis.BIG_GIN),
        (3, 29, False, Basis.LOWER),
        (7, 7, False, Basis.TIE),
        (10, 4, False, Basis.UNDERCUT),
    ],
)
def test_basis_names_the_row_of_the_scoring_table(knocker, opponent, big_gin, basis) -> None:
    assert Basis.of(knocker, opponent, big_gin=big_gin) is basis


def test_a_tie_is_an_undercut_worth_the_undercut_bonus() -> None:
    assert (Basis.TIE.outcome, Basis.TIE.winner) == (UNDERCUT, OPPONENT)
    assert Basis.TIE.bonus(Rules(undercut_bonus=15)) == 15


def test_no_layoffs_against_gin() -> None:
    allowed = {basis: basis.layoffs_allowed for basis in Basis}
    assert allowed == {
        Basis.GIN: False,
        Basis.BIG_GIN: False,
        Basis.LOWER: True,
        Basis.UNDERCUT: True,
        Basis.TIE: True,
    }


@given(
    st.integers(0, 130),
    st.integers(0, 130),
    st.booleans(),
    st.integers(1, 2),
    st.builds(Rules, gin_bonus=st.integers(0, 50), undercut_bonus=st.integers(0, 50)),
)
def test_every_score_is_its_basis_bonus_plus_the_difference(
    knocker: int, opponent: int, big_gin: bool, multiplier: int, rules: Rules
) -> None:
    """The page explains a score as its basis's bonus and the two counts: that is the score."""
    big_gin = big_gin and knocker == 0
    score = score_knock(knocker, opponent, rules, multiplier=multiplier, big_gin=big_gin)
    basis = Basis.of(knocker, opponent, big_gin=big_gin)
    assert (score.outcome, score.winner) == (basis.outcome, basis.winner)
    assert score.points == (basis.bonus(rules) + abs(knocker - opponent)) * multiplier
