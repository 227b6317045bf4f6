"""The pieces a `Board` hands the templates: a deal's row on the score sheet (its running
totals, and on a Hollywood sheet the games it went into), a seat's total, and a Hollywood
game's box with each player's figures in it and where their next win goes.

Each is a frozen reading of the match's standing and rows: nothing here reads the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from adjudication import DealLine, GameState

if TYPE_CHECKING:
    from .models import Deal, Player


@dataclass(frozen=True)
class SheetCell:
    """One player's figure on a line of the score sheet: a running total, or a bonus."""

    player: Player
    figure: str
    moved: bool = False


@dataclass(frozen=True)
class GameCell:
    """One game's figure on a deal line of a Hollywood sheet: both totals after the deal, for
    a game the deal went into (None for the others, left blank as on paper)."""

    number: int  # the game, 1-based
    totals: tuple[int, int] | None
    ended: bool = False  # this deal ended the game


@dataclass(frozen=True)
class Row:
    """One line of the deals list: a played deal with its place in the match, and who was who.

    A deleted deal has a row too (struck through in the list), with no totals: it counts for
    nothing. Its dealer is the stored one, as for every deal.
    """

    deal: Deal
    dealer: int | None
    totals: tuple[int, int] | None
    counted: bool
    players: tuple[Player, Player]
    line: DealLine | None = None  # the engine's line of a recorded deal
    target: int = 0  # the match's target, which a game's ending deal reached

    @property
    def games(self) -> tuple[int, ...]:
        """Return the games (1-based) the deal's points went into: () for a draw, a deal
        after the end and a deleted deal."""
        return self.line.games if self.line is not None else ()

    @property
    def game_cells(self) -> tuple[GameCell, ...]:
        """Return a Hollywood line's three cells, in game order: each game's totals after the
        deal where the deal went into it (() for a single game, or a deleted deal)."""
        line = self.line
        if line is None or len(line.game_totals) < 2:
            return ()
        return tuple(
            GameCell(number, totals, max(totals) >= self.target)
            if number in line.games
            else GameCell(number, None)
            for number, totals in enumerate(line.game_totals, start=1)
        )

    @property
    def deleted(self) -> bool:
        """Return whether the deal is in the trash."""
        return self.deal.is_deleted

    @property
    def dealt_by(self) -> Player | None:
        """Return the player who dealt the deal."""
        return self._seated(self.dealer)

    @property
    def won_by(self) -> Player | None:
        """Return the player who scored the deal (None for a draw)."""
        return self._seated(self.deal.winner)

    @property
    def knocker(self) -> Player | None:
        """Return the player who knocked (None for a draw)."""
        return self._seated(self.deal.knocker)

    @property
    def opponent(self) -> Player | None:
        """Return the knocker's opponent (None for a draw)."""
        knocker = self.deal.knocker
        return None if knocker is None else self.players[1 - knocker]

    @property
    def running(self) -> tuple[SheetCell, ...]:
        """Return the score sheet's cells of this line: each player's total after the deal, in
        seat order, marked where the deal moved it (none for a deleted deal)."""
        if self.totals is None:
            return ()
        return tuple(
            SheetCell(self.players[seat], str(self.totals[seat]), self.deal.winner == seat)
            for seat in (0, 1)
        )

    @property
    def doubled(self) -> bool:
        """Return whether the deal's score was multiplied (spades double)."""
        return (self.deal.multiplier or 1) > 1

    def _seated(self, seat: int | None) -> Player | None:
        return None if seat is None else self.players[seat]


@dataclass(frozen=True)
class SeatTotal:
    """One player's box on the scoreboard."""

    player: Player
    seat: int
    points: int
    final: int  # with the end-of-match bonuses
    bonus: int
    deals_won: int
    progress: int  # the points, at most the target: how full the bar is
    is_winner: bool
    is_dealer: bool


@dataclass(frozen=True)
class GameBox:
    """One game of a Hollywood sheet on the scoreboard: both totals, how far each is to the
    target, whether it has ended, who won it, and its bonuses once it has."""

    number: int  # 1-based
    game: GameState
    players: tuple[Player, Player]
    target: int

    @property
    def totals(self) -> tuple[int, int]:
        """Return both players' points in this game (no bonuses)."""
        return self.game.totals

    @property
    def progress(self) -> tuple[int, int]:
        """Return both totals, each at most the target: how full each bar is."""
        return (min(self.totals[0], self.target), min(self.totals[1], self.target))

    @property
    def finished(self) -> bool:
        """Return whether the game has ended."""
        return self.game.finished

    @property
    def winner(self) -> Player | None:
        """Return the player who won the game, once it has ended."""
        return None if self.game.winner is None else self.players[self.game.winner]

    @property
    def seats(self) -> tuple[GameSeat, GameSeat]:
        """Return both players' figures in this game, in seat order."""
        game = self.game
        cells = tuple(
            GameSeat(
                number=self.number,
                player=self.players[seat],
                points=game.totals[seat],
                progress=min(game.totals[seat], self.target),
                bonus=game.bonuses[seat],
                final=game.final_totals[seat],
                won=game.winner == seat,
                ended=game.finished,
            )
            for seat in (0, 1)
        )
        return (cells[0], cells[1])


@dataclass(frozen=True)
class GameSeat:
    """One player's figures in one game of a Hollywood sheet."""

    number: int  # the game, 1-based
    player: Player
    points: int
    progress: int  # the points, at most the target: how full the bar is
    bonus: int  # zero until the game ends
    final: int  # points plus bonus
    won: bool
    ended: bool


@dataclass(frozen=True)
class GameRow:
    """One player's line across the three games on the scoreboard: their box (name and
    badges) and their figures in each game."""

    total: SeatTotal
    cells: tuple[GameSeat, ...]


@dataclass(frozen=True)
class NextWin:
    """Where a player's next win goes on a Hollywood sheet: "Ben's next win: G2 G3"."""

    player: Player
    games: tuple[int, ...]
