"""Scoring a knock (``/rules/#scoring``, ``/rules/#undercut``, ``/rules/#gin``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from adjudication.errors import BigGinDeadwoodError, MultiplierError, NegativeDeadwoodError
from adjudication.rules import DEFAULT_RULES, Rules

__all__ = ["Outcome", "Score", "Side", "score_knock"]


class Outcome(Enum):
    """How a knocked deal ended."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    ILLEGAL = "illegal"


class Side(Enum):
    """The two players of a knocked deal."""

    KNOCKER = "knocker"
    OPPONENT = "opponent"


@dataclass(frozen=True)
class Score:
    """Who scores a deal and how much (``winner`` is None only for an illegal knock)."""

    outcome: Outcome
    winner: Side | None
    points: int


def score_knock(
    knocker_deadwood: int,
    opponent_deadwood: int,
    rules: Rules = DEFAULT_RULES,
    *,
    multiplier: int = 1,
    big_gin: bool = False,
) -> Score:
    """Return the score of a legal knock from the two deadwood values (after layoffs).

    Gin (knocker 0): gin bonus + opponent's deadwood, even when that is 0. Knocker lower:
    the difference. Otherwise an undercut: undercut bonus + difference; a tie is an undercut.
    Big gin: big gin bonus + opponent's deadwood. Points are times ``multiplier``.
    Raises NegativeDeadwoodError, MultiplierError (below 1), or BigGinDeadwoodError (big gin
    with knocker deadwood).

    >>> score_knock(3, 29)
    Score(outcome=<Outcome.KNOCK: 'knock'>, winner=<Side.KNOCKER: 'knocker'>, points=26)
    >>> score_knock(7, 7).outcome, score_knock(7, 7).points
    (<Outcome.UNDERCUT: 'undercut'>, 10)
    >>> score_knock(0, 0, Rules(gin_bonus=20), multiplier=2).points
    40
    """
    if knocker_deadwood < 0 or opponent_deadwood < 0:
        raise NegativeDeadwoodError(knocker_deadwood, opponent_deadwood)
    if multiplier < 1:
        raise MultiplierError(multiplier)
    if big_gin:
        if knocker_deadwood:
            raise BigGinDeadwoodError(knocker_deadwood)
        score = Score(Outcome.BIG_GIN, Side.KNOCKER, rules.big_gin_bonus + opponent_deadwood)
    elif knocker_deadwood == 0:
        score = Score(Outcome.GIN, Side.KNOCKER, rules.gin_bonus + opponent_deadwood)
    elif knocker_deadwood < opponent_deadwood:
        score = Score(Outcome.KNOCK, Side.KNOCKER, opponent_deadwood - knocker_deadwood)
    else:
        points = rules.undercut_bonus + knocker_deadwood - opponent_deadwood
        score = Score(Outcome.UNDERCUT, Side.OPPONENT, points)
    return Score(score.outcome, score.winner, score.points * multiplier)
