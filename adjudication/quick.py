"""Scoring a quick entry: who knocked and the two deadwood counts, without the cards.

At the table the players may count their deadwood themselves and enter only the figures. The
engine then has no melds to show: its verdict holds the figures and the score
(``/rules/#scoring``), in the same shape as a full verdict's summary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudication.cards import Card
from adjudication.rules import DEFAULT_RULES, Rules
from adjudication.scoring import Basis, Outcome, Side, basis_of, score_knock

__all__ = ["QuickVerdict", "score_quick"]


@dataclass(frozen=True)
class QuickVerdict:
    """The verdict on a quick entry: the knock limit, both deadwood counts and the score.

    ``points`` are already multiplied by ``multiplier``. The knock limit is the caller's to
    enforce (the quick form refuses a knocker's count over it), so the entry is always legal.
    """

    knock_limit: int
    legal: bool
    outcome: Outcome
    knocker_deadwood: int
    opponent_deadwood: int
    winner: Side | None
    points: int
    multiplier: int = 1

    @property
    def basis(self) -> Basis | None:
        """Return why the knock scores what it does (a row of the scoring table).

        >>> score_quick(None, 7, 7).basis
        <Basis.TIE: 'tie'>
        """
        return basis_of(self)

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict as stored with a quick deal: a full verdict's summary fields.

        >>> score_quick(None, 3, 29).to_dict()["knocker"]
        {'deadwood_points': 3}
        """
        return {
            "knock_limit": self.knock_limit,
            "legal": self.legal,
            "result": self.outcome.value,
            "knocker": {"deadwood_points": self.knocker_deadwood},
            "opponent": {"deadwood_points": self.opponent_deadwood},
            "winner": None if self.winner is None else self.winner.value,
            "points": self.points,
            "multiplier": self.multiplier,
        }


def score_quick(
    upcard: Card | None,
    knocker_deadwood: int,
    opponent_deadwood: int,
    rules: Rules = DEFAULT_RULES,
    *,
    big_gin: bool = False,
) -> QuickVerdict:
    """Return the verdict on a knock entered as the two deadwood counts (after layoffs).

    The upcard sets the knock limit and the multiplier; None means a limit of 10 and no
    doubling. ``big_gin`` says the knocker melded all 11 cards. Raises NegativeDeadwoodError
    or BigGinDeadwoodError (big gin with knocker deadwood), as :func:`score_knock` does.

    >>> verdict = score_quick(Card.parse("2S"), 2, 9, Rules(spades_double=True))
    >>> verdict.knock_limit, verdict.outcome.value, verdict.winner.value, verdict.points
    (2, 'knock', 'knocker', 14)
    >>> score_quick(Card.parse("KH"), 0, 0, big_gin=True).to_dict()
    ... # doctest: +NORMALIZE_WHITESPACE
    {'knock_limit': 10, 'legal': True, 'result': 'big_gin',
     'knocker': {'deadwood_points': 0}, 'opponent': {'deadwood_points': 0},
     'winner': 'knocker', 'points': 31, 'multiplier': 1}
    """
    multiplier = rules.multiplier(upcard)
    score = score_knock(
        knocker_deadwood, opponent_deadwood, rules, multiplier=multiplier, big_gin=big_gin
    )
    return QuickVerdict(
        knock_limit=rules.knock_limit(upcard),
        legal=True,
        outcome=score.outcome,
        knocker_deadwood=knocker_deadwood,
        opponent_deadwood=opponent_deadwood,
        winner=score.winner,
        points=score.points,
        multiplier=multiplier,
    )
