"""Scoring a knock (``/rules/#scoring``, ``/rules/#undercut``, ``/rules/#gin``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from adjudication.errors import BigGinDeadwoodError, MultiplierError, NegativeDeadwoodError
from adjudication.rules import DEFAULT_RULES, Rules

__all__ = ["Basis", "Outcome", "Score", "Side", "basis_of", "score_knock"]


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


class Basis(Enum):
    """Why a legal knock scores what it does: its row of the scoring table (``/rules/#scoring``).

    Every score is the basis's bonus plus the difference of the two deadwood counts (which is
    the opponent's deadwood against gin), times the multiplier.

    >>> Basis.of(7, 7), Basis.of(7, 7).outcome.value, Basis.of(7, 7).winner.value
    (<Basis.TIE: 'tie'>, 'undercut', 'opponent')
    >>> Basis.GIN.bonus(Rules()), Basis.GIN.layoffs_allowed, Basis.LOWER.bonus(Rules())
    (25, False, 0)
    """

    GIN = "gin"  # the knocker has no deadwood: gin bonus + the opponent's deadwood
    BIG_GIN = "big_gin"  # all 11 cards melded (a variant): big gin bonus + the opponent's
    LOWER = "lower"  # the knocker's deadwood is lower: the difference
    UNDERCUT = "undercut"  # the opponent's is lower: undercut bonus + the difference
    TIE = "tie"  # equal deadwood is an undercut too: the undercut bonus (``/rules/#undercut``)

    @classmethod
    def of(cls, knocker_deadwood: int, opponent_deadwood: int, *, big_gin: bool = False) -> Basis:
        """Return the row of the scoring table for a legal knock with these deadwood counts
        (the opponent's after layoffs); ``big_gin`` says the knocker melded all 11 cards."""
        if big_gin:
            return cls.BIG_GIN
        if knocker_deadwood == 0:
            return cls.GIN
        if knocker_deadwood < opponent_deadwood:
            return cls.LOWER
        return cls.TIE if knocker_deadwood == opponent_deadwood else cls.UNDERCUT

    @property
    def outcome(self) -> Outcome:
        """Return how the deal ended: gin, big gin, knock or undercut (a tie is an undercut)."""
        return _OUTCOMES[self]

    @property
    def winner(self) -> Side:
        """Return who scores: the opponent after an undercut, else the knocker."""
        return Side.OPPONENT if self in (Basis.UNDERCUT, Basis.TIE) else Side.KNOCKER

    @property
    def layoffs_allowed(self) -> bool:
        """Return whether the opponent could lay off: never against gin (``/rules/#layoffs``)."""
        return self not in (Basis.GIN, Basis.BIG_GIN)

    def bonus(self, rules: Rules) -> int:
        """Return the bonus this row adds under ``rules`` (0 when the knocker is lower)."""
        if self is Basis.GIN:
            return rules.gin_bonus
        if self is Basis.BIG_GIN:
            return rules.big_gin_bonus
        return 0 if self is Basis.LOWER else rules.undercut_bonus


_OUTCOMES = {
    Basis.GIN: Outcome.GIN,
    Basis.BIG_GIN: Outcome.BIG_GIN,
    Basis.LOWER: Outcome.KNOCK,
    Basis.UNDERCUT: Outcome.UNDERCUT,
    Basis.TIE: Outcome.UNDERCUT,
}


class Judged(Protocol):
    """What a verdict (full or quick) says about a knock, enough to tell its basis."""

    @property
    def legal(self) -> bool: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def knocker_deadwood(self) -> int: ...
    @property
    def opponent_deadwood(self) -> int | None: ...


def basis_of(verdict: Judged) -> Basis | None:
    """Return why a verdict's knock scores what it does; None for an illegal knock."""
    if not verdict.legal or verdict.opponent_deadwood is None:
        return None
    big_gin = verdict.outcome is Outcome.BIG_GIN
    return Basis.of(verdict.knocker_deadwood, verdict.opponent_deadwood, big_gin=big_gin)


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
    if big_gin and knocker_deadwood:
        raise BigGinDeadwoodError(knocker_deadwood)
    basis = Basis.of(knocker_deadwood, opponent_deadwood, big_gin=big_gin)
    points = basis.bonus(rules) + abs(knocker_deadwood - opponent_deadwood)
    return Score(basis.outcome, basis.winner, points * multiplier)
