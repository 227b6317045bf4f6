"""Scoring a quick entry: the two deadwood counts, without the cards (/rules/#scoring)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudication import (
    ALL_CARDS,
    BigGinDeadwoodError,
    Card,
    NegativeDeadwoodError,
    Outcome,
    QuickVerdict,
    Rules,
    Side,
    score_knock,
    score_quick,
)


def stored_before(upcard: Card, knocker: int, opponent: int, rules: Rules, big_gin: bool) -> dict:
    """The verdict dict the web app built by hand for a quick deal before the engine did.

    Backups replay stored verdicts and compare them, so the engine's must be the same dict,
    key for key and in the same order.
    """
    multiplier = rules.multiplier(upcard)
    score = score_knock(knocker, opponent, rules, multiplier=multiplier, big_gin=big_gin)
    return {
        "knock_limit": rules.knock_limit(upcard),
        "legal": True,
        "result": score.outcome.value,
        "knocker": {"deadwood_points": knocker},
        "opponent": {"deadwood_points": opponent},
        "winner": score.winner.value if score.winner else None,
        "points": score.points,
        "multiplier": multiplier,
    }


rules = st.builds(
    Rules,
    gin_bonus=st.sampled_from([20, 25]),
    undercut_bonus=st.sampled_from([10, 15]),
    big_gin=st.booleans(),
    ace_means_gin=st.booleans(),
    spades_double=st.booleans(),
)


@given(st.sampled_from(ALL_CARDS), st.integers(0, 10), st.integers(0, 100), rules, st.booleans())
def test_quick_verdict_is_the_dict_the_app_stored(
    upcard: Card, knocker: int, opponent: int, rules: Rules, big_gin: bool
) -> None:
    if big_gin and knocker:
        return
    verdict = score_quick(upcard, knocker, opponent, rules, big_gin=big_gin)
    expected = stored_before(upcard, knocker, opponent, rules, big_gin)
    assert json.dumps(verdict.to_dict()) == json.dumps(expected)


def test_quick_verdict_of_a_knock_doubled_by_a_spade() -> None:
    verdict = score_quick(Card.parse("7S"), 3, 29, Rules(spades_double=True))
    assert verdict == QuickVerdict(
        knock_limit=7,
        legal=True,
        outcome=Outcome.KNOCK,
        knocker_deadwood=3,
        opponent_deadwood=29,
        winner=Side.KNOCKER,
        points=52,
        multiplier=2,
    )
    assert json.dumps(verdict.to_dict()) == (
        '{"knock_limit": 7, "legal": true, "result": "knock", "knocker": {"deadwood_points": 3}, '
        '"opponent": {"deadwood_points": 29}, "winner": "knocker", "points": 52, "multiplier": 2}'
    )


def test_quick_undercut_goes_to_the_opponent() -> None:
    verdict = score_quick(Card.parse("9H"), 8, 8)
    assert (verdict.outcome, verdict.winner, verdict.points) == (
        Outcome.UNDERCUT,
        Side.OPPONENT,
        10,
    )


def test_quick_entry_without_upcard_has_limit_ten_and_no_doubling() -> None:
    verdict = score_quick(None, 10, 12, Rules(spades_double=True))
    assert (verdict.knock_limit, verdict.multiplier, verdict.points) == (10, 1, 2)


def test_quick_big_gin_with_deadwood_is_refused() -> None:
    with pytest.raises(BigGinDeadwoodError):
        score_quick(Card.parse("KH"), 2, 9, Rules(big_gin=True), big_gin=True)


def test_quick_negative_deadwood_is_refused() -> None:
    with pytest.raises(NegativeDeadwoodError):
        score_quick(Card.parse("KH"), 2, -1)
