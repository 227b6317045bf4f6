"""A match as a pure function of its deals (rules pages #deal and #match).

Who dealt a deal is a fact of the table: a result may carry its dealer's seat, and then the
match takes it as it is. Only what was never played is derived: the dealer of a result that
does not say (the rotation below, as the rules give it) and the next dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudication.errors import DealPointsError, DrawPointsError, NotASeatError
from adjudication.rules import DEFAULT_RULES, Rules

__all__ = ["DealLine", "DealResult", "MatchState", "play_match"]


def _is_seat(value: object) -> bool:
    # Exactly the int 0 or 1: True and 0.0 compare equal to them but are not seats.
    return type(value) is int and value in (0, 1)


@dataclass(frozen=True)
class DealResult:
    """What a deal brought: the winning player (0 or 1; None for a draw) and their points,
    and who dealt it (0 or 1; None when not known, and then derived by `play_match`).

    Raises NotASeatError for another winner or dealer, DealPointsError for points that are
    not a whole number >= 0, and DrawPointsError for points on a draw.
    """

    winner: int | None
    points: int
    dealer: int | None = None

    def __post_init__(self) -> None:
        if self.winner is not None and not _is_seat(self.winner):
            raise NotASeatError("deal winner", self.winner)
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 0:
            raise DealPointsError(self.points)
        if self.winner is None and self.points:
            raise DrawPointsError(self.points)
        if self.dealer is not None and not _is_seat(self.dealer):
            raise NotASeatError("deal dealer", self.dealer)


@dataclass(frozen=True)
class DealLine:
    """One row of the score sheet: totals are after this deal; ``counted`` is False for deals
    recorded after the match had already ended (they change nothing).

    ``number`` is the deal's place among the results given (1 for the first); a caller that
    leaves deals out (a deleted one) keeps its own numbers.
    """

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


def play_match(
    first_dealer: int, results: Sequence[DealResult], rules: Rules = DEFAULT_RULES
) -> MatchState:
    """Return the match state after these deals, in order.

    A result's own ``dealer`` is kept as it is. One without it is dealt by whoever the rules
    name: the first dealer for the first deal, then the winner of the last counted deal, or
    its dealer again after a draw. The next dealer follows the same rule from the last
    counted deal (the first dealer when there is none), so taking an earlier deal out changes
    the totals but not who dealt the deals that carry their dealer.

    The match ends at once when a deal brings a total to ``rules.target`` or more, and that
    player wins; later deals are listed with ``counted=False`` and change nothing. When it
    ends, each player gets the box bonus per deal won, and the winner the game bonus, doubled
    for a shutout (with ``rules.shutout``) when the loser has no deal points. Raises
    NotASeatError when ``first_dealer`` is not 0 or 1.

    >>> state = play_match(0, [DealResult(1, 30), DealResult(None, 0), DealResult(1, 75)])
    >>> [line.dealer for line in state.lines], state.totals, state.finished, state.winner
    ([0, 1, 1], (0, 105), True, 1)
    >>> play_match(1, [DealResult(0, 100)], Rules(game_bonus=100, shutout=True)).final_totals
    (300, 0)

    Stored dealers stay put when an earlier deal is left out; the next dealer is derived:

    >>> kept = play_match(0, [DealResult(0, 9, dealer=1), DealResult(None, 0, dealer=0)])
    >>> [line.dealer for line in kept.lines], kept.next_dealer
    ([1, 0], 0)
    """
    if not _is_seat(first_dealer):
        raise NotASeatError("first dealer", first_dealer)
    totals = [0, 0]
    won = [0, 0]
    dealer = first_dealer  # who deals next, by the rules, after the counted deals so far
    winner: int | None = None
    lines = []
    for number, result in enumerate(results, start=1):
        counted = winner is None
        dealt_by = dealer if result.dealer is None else result.dealer
        if counted and result.winner is not None:
            totals[result.winner] += result.points
            won[result.winner] += 1
            if totals[result.winner] >= rules.target:
                winner = result.winner
        lines.append(
            DealLine(
                number, dealt_by, result.winner, result.points, (totals[0], totals[1]), counted
            )
        )
        if counted:
            dealer = dealt_by if result.winner is None else result.winner
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
