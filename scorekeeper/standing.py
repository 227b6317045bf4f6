"""What a match adds up to: the app's one caller of the engine's `play_match`.

The engine says what a list of deal results adds up to under a match's rules (totals, who
dealt each deal and who deals next, whether a deal still counts, the winner, the bonuses).
This module feeds it what the app stores, the same way for every reader: the recorded deals
in deal-number order (deleted ones left out), each with its stored dealer, under the match's
own rules (`Match.rules_value`). The scoreboard (`board.py`), the match lists
(`presenters/summaries.py`), the statistics (`stats.py`), the CSV export, the backup check, the
result picture and the admin all read a `Standing` from here, and nothing else in the app asks
the engine what a match adds up to (`tests/scorekeeper/test_layers.py` checks it).

A standing is the engine's `MatchState` and the few figures the pages read from it, each
worked out once here: `score` is what the scoreboard shows as the score. It knows nothing of
Django: it reads the attributes of the rows it is given, and imports no model.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from adjudication import DealLine, DealResult, GameState, MatchState, Rules, play_match


class StoredDeal(Protocol):
    """What a standing reads of a stored deal (a `Deal` row, or one read with `.only()`)."""

    winner: int | None
    points: int
    dealer: int | None

    @property
    def is_deleted(self) -> bool: ...


class StoredMatch(Protocol):
    """What a standing reads of a stored match (a `Match` row)."""

    first_dealer: int

    @property
    def rules_value(self) -> Rules: ...

    def recorded_deals(self) -> list: ...


@dataclass(frozen=True)
class Standing:
    """A match as its deals add it up: the engine's `MatchState`, read through the figures
    the pages show. Build one with `of`, `of_deals` or `of_results`."""

    state: MatchState

    # --- Built from --------------------------------------------------------------------------

    @classmethod
    def of_results(cls, first_dealer: int, results: Iterable[DealResult], rules: Rules) -> Standing:
        """Return the standing of plain deal results, in order (a backup file's, which are no
        rows yet). Raises what `play_match` raises: NotASeatError for a first dealer that is
        not 0 or 1.

        >>> results = [DealResult(0, 30), DealResult(1, 75)]
        >>> Standing.of_results(0, results, Rules(game_bonus=100)).score
        (30, 75)
        >>> over = Standing.of_results(0, [*results, DealResult(1, 30)], Rules(game_bonus=100))
        >>> over.totals, over.score
        ((30, 105), (30, 205))
        """
        return cls(play_match(first_dealer, list(results), rules))

    @classmethod
    def of_deals(cls, match: StoredMatch, deals: Iterable[StoredDeal]) -> Standing:
        """Return the standing of `match` from its played deals (recorded or deleted), in
        deal-number order: deleted ones are left out, and each deal keeps its stored dealer."""
        results = [
            DealResult(deal.winner, deal.points, deal.dealer)
            for deal in deals
            if not deal.is_deleted
        ]
        return cls.of_results(match.first_dealer, results, match.rules_value)

    @classmethod
    def of(cls, match: StoredMatch) -> Standing:
        """Return the standing of `match` as it is now (one query: its recorded deals)."""
        return cls.of_deals(match, match.recorded_deals())

    # --- What the engine derives -------------------------------------------------------------

    @property
    def lines(self) -> tuple[DealLine, ...]:
        """Return one line per recorded deal, in order (deals after the end included, with
        ``counted`` False)."""
        return self.state.lines

    @property
    def totals(self) -> tuple[int, int]:
        """Return the deal points of each seat (no bonuses)."""
        return self.state.totals

    @property
    def finished(self) -> bool:
        """Return whether the match has ended."""
        return self.state.finished

    @property
    def winner(self) -> int | None:
        """Return the winner's seat once the match has ended, else None."""
        return self.state.winner

    @property
    def next_dealer(self) -> int:
        """Return the seat that deals the next deal, by the rules."""
        return self.state.next_dealer

    @property
    def bonuses(self) -> tuple[int, int]:
        """Return each seat's end-of-match bonuses (zero until the match is finished)."""
        return self.state.bonuses

    @property
    def final_totals(self) -> tuple[int, int]:
        """Return each seat's deal points plus bonuses."""
        return self.state.final_totals

    @property
    def games(self) -> tuple[GameState, ...]:
        """Return the games of the sheet: one, or three with Hollywood, each with its totals,
        whether it has ended and who won it, its bonuses and final totals."""
        return self.state.games

    @property
    def net(self) -> tuple[int, int]:
        """Return each seat's net: over the games that have ended, its final total minus the
        other's."""
        return self.state.net

    def next_games(self, seat: int) -> tuple[int, ...]:
        """Return the games (1-based) a win of `seat` would go into next; () once over."""
        return self.state.next_games(seat)

    # --- What the pages show -----------------------------------------------------------------

    @property
    def hollywood(self) -> bool:
        """Return whether three games run on the sheet (Hollywood scoring).

        >>> Standing.of_results(0, [DealResult(0, 30)], Rules(hollywood=True)).hollywood
        True
        """
        return len(self.state.games) > 1

    @property
    def charted_game(self) -> int | None:
        """Return the game (1-based) a Hollywood sheet's chart follows: the first still open, or
        the last once all have ended; None for a single game, whose chart is the match's.

        >>> Standing.of_results(0, [DealResult(0, 100)], Rules(hollywood=True)).charted_game
        2
        """
        if not self.hollywood:
            return None
        open_games = [n for n, game in enumerate(self.games, start=1) if not game.finished]
        return open_games[0] if open_games else len(self.games)

    @property
    def tied(self) -> bool:
        """Return whether the match has ended with nobody winning it (Hollywood, equal nets).

        >>> wins = [(1, 50), (0, 100), (1, 100), (0, 50), (1, 50), (0, 50)]
        >>> results = [DealResult(winner, points) for winner, points in wins]
        >>> tie = Standing.of_results(0, results, Rules(hollywood=True))
        >>> [game.final_totals for game in tie.games]
        [(100, 50), (0, 100), (100, 50)]
        >>> tie.finished, tie.tied, tie.net
        (True, True, (0, 0))
        """
        return self.state.finished and self.state.winner is None

    @property
    def score(self) -> tuple[int, int]:
        """Return what the scoreboard shows as the score: the final totals (bonuses included)
        once the match is finished, else the totals so far."""
        state = self.state
        return state.final_totals if state.finished else state.totals

    @property
    def deals(self) -> int:
        """Return how many recorded deals the match has (those after its end included)."""
        return len(self.state.lines)

    @property
    def counted(self) -> tuple[DealLine, ...]:
        """Return the lines of the deals that count (none recorded after the end)."""
        return tuple(line for line in self.state.lines if line.counted)

    @property
    def ending(self) -> DealLine | None:
        """Return the line of the deal that ended the match (None while it is played)."""
        return self.counted[-1] if self.state.finished else None
