"""A match as a pure function of its recorded deals (RULES.md §3 and §8)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudication.errors import AdjudicationError
from adjudication.rules import DEFAULT_RULES, Rules

__all__ = ["DealLine", "DealResult", "MatchState", "play_match"]


@dataclass(frozen=True)
class DealResult:
    """What a deal brought: the winning player (0 or 1; None for a draw) and their points.

    Raises AdjudicationError for another winner, negative points, or points on a draw.
    """

    winner: int | None
    points: int

    def __post_init__(self) -> None:
        if self.winner not in (0, 1, None) or isinstance(self.winner, bool):
            raise AdjudicationError(f"deal winner must be player 0 or 1, got {self.winner!r}")
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 0:
            raise AdjudicationError(f"deal points must be a whole number >= 0: {self.points!r}")
        if self.winner is None and self.points:
            raise AdjudicationError(f"a draw scores nothing, got {self.points} points")


@dataclass(frozen=True)
class DealLine:
    """One row of the score sheet: totals are after this deal; ``counted`` is False for deals
    recorded after the match had already ended (they change nothing)."""

    number: int
    dealer: int
    winner: int | None
    points: int
    totals: tuple[int, int]
    counted: bool


@dataclass(frozen=True)
class MatchState:
    """The state of a match derived from its deals.

    ``totals`` are deal points only; ``bonuses`` are the end-of-match bonuses (zero until the
    match is finished) and ``final_totals`` their sum.
    """

    lines: tuple[DealLine, ...]
    totals: tuple[int, int]
    finished: bool
    winner: int | None
    next_dealer: int
    deals_won: tuple[int, int]
    bonuses: tuple[int, int]
    final_totals: tuple[int, int]

    @property
    def non_dealer(self) -> int:
        """Return the player who does not deal the next deal (they may take the upcard first)."""
        return 1 - self.next_dealer


def play_match(
    first_dealer: int, results: Sequence[DealResult], rules: Rules = DEFAULT_RULES
) -> MatchState:
    """Return the match state after these deals, in order.

    The winner of a deal deals the next one; after a draw the same dealer deals again. The
    match ends at once when a deal brings a total to ``rules.target`` or more, and that player
    wins; later deals are listed with ``counted=False`` and change nothing. When it ends,
    each player gets the box bonus per deal won, and the winner the game bonus, doubled for a
    shutout (with ``rules.shutout``) when the loser has no deal points. Raises
    AdjudicationError when ``first_dealer`` is not 0 or 1.

    >>> state = play_match(0, [DealResult(1, 30), DealResult(None, 0), DealResult(1, 75)])
    >>> [line.dealer for line in state.lines], state.totals, state.finished, state.winner
    ([0, 1, 1], (0, 105), True, 1)
    >>> play_match(1, [DealResult(0, 100)], Rules(game_bonus=100, shutout=True)).final_totals
    (300, 0)
    """
    if first_dealer not in (0, 1) or isinstance(first_dealer, bool):
        raise AdjudicationError(f"first dealer must be player 0 or 1, got {first_dealer!r}")
    totals = [0, 0]
    won = [0, 0]
    dealer = first_dealer
    winner: int | None = None
    lines = []
    for number, result in enumerate(results, start=1):
        counted = winner is None
        if counted and result.winner is not None:
            totals[result.winner] += result.points
            won[result.winner] += 1
            if totals[result.winner] >= rules.target:
                winner = result.winner
        lines.append(
            DealLine(number, dealer, result.winner, result.points, (totals[0], totals[1]), counted)
        )
        if counted and result.winner is not None:
            dealer = result.winner
    bonuses = _bonuses(winner, totals, won, rules)
    return MatchState(
        lines=tuple(lines),
        totals=(totals[0], totals[1]),
        finished=winner is not None,
        winner=winner,
        next_dealer=dealer,
        deals_won=(won[0], won[1]),
        bonuses=bonuses,
        final_totals=(totals[0] + bonuses[0], totals[1] + bonuses[1]),
    )


def _bonuses(
    winner: int | None, totals: list[int], won: list[int], rules: Rules
) -> tuple[int, int]:
    if winner is None:
        return (0, 0)
    bonus = [rules.box_bonus * won[0], rules.box_bonus * won[1]]
    game = rules.game_bonus
    if rules.shutout and totals[1 - winner] == 0:
        game *= 2
    bonus[winner] += game
    return (bonus[0], bonus[1])
